"""The query sanitiser: every awkward input is searched as text, and nothing raises."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from memdir.engine import Memdir
from memdir.sessions import Database, SessionStore, sanitize
from memdir.sessions.query import MAX_QUERY_CHARS, MAX_WORDS


def _store(tmp_path: Path, messages: list[str]) -> tuple[SessionStore, list[int]]:
    """One session per message: no next turns come along with the hits."""
    store = SessionStore(Database(tmp_path / "state.db"))
    ids = []
    for i, text in enumerate(messages):
        store.start("t", session_id=f"s{i}")
        ids.append(store.log(f"s{i}", "user", text))
    return store, ids


def _found(store: SessionStore, query: str) -> list[int]:
    return [h.message_id for h in store.search_messages(query)]


def test_cpp_finds_the_exact_spelling_first(tmp_path: Path) -> None:
    store, (cpp, letter) = _store(tmp_path, ["We compile C++ with clang", "the letter c is common"])
    assert _found(store, "C++") == [cpp, letter]
    assert sanitize("C++").substrings == ("c++",)


@pytest.mark.parametrize(
    ("query", "needle"),
    [
        ("chat-send", "call chat-send to notify the channel"),
        ("a.b.c", "set the config key a.b.c to true"),
        ("foo_bar()", "the helper foo_bar() is deprecated"),
    ],
)
def test_joined_terms_rank_the_exact_spelling_first(
    tmp_path: Path, query: str, needle: str
) -> None:
    store, (hit, loose) = _store(tmp_path, [needle, "send a chat, then a b and c with foo or bar"])
    assert _found(store, query) == [hit, loose]  # the parts are words too, ranked below


def test_inverted_and_typographic_marks_are_not_an_exact_spelling(tmp_path: Path) -> None:
    """Spanish opens every question with ¿ (¡ for exclamations): "¿Qué" is the word "qué",
    not a joined term whose exact spelling outweighs the content words."""
    store, (other_question, bill) = _store(
        tmp_path, ["¿Qué fechas tienes en mente?", "la factura de marzo sigue pendiente"]
    )
    assert _found(store, "¿Qué pasó con la factura?") == [bill, other_question]
    for text in ("¿Qué pasó?", "¡Por fin!", "«hola»", "…bueno…", "‘quoted’"):
        assert sanitize(text).substrings == (), text
    assert sanitize("C++ c#").substrings == ("c++",)  # ASCII marks as before


def test_operators_are_plain_words(tmp_path: Path) -> None:
    store, (no_npm, yarn, near) = _store(
        tmp_path, ["do not use npm here", "yarn is fine", "the NEAR protocol team"]
    )
    assert _found(store, "NOT") == [no_npm]
    assert sorted(_found(store, "npm NOT yarn")) == [no_npm, yarn]
    assert _found(store, "NEAR(protocol team)") == [near]
    assert _found(store, "AND OR") == []  # stop-words only, and no such text: nothing


@pytest.mark.parametrize(
    "query",
    [
        "*",
        '"',
        '""',
        "^",
        "(",
        ")",
        ":",
        "-",
        "+",
        "🚀",
        "🚀🔥",
        "  ",
        "",
        '"*"',
        "'",
        "\\",
        "\x00",
        "\ud800",
    ],
)
def test_symbol_only_queries_return_nothing_and_do_not_raise(tmp_path: Path, query: str) -> None:
    store, _ = _store(tmp_path, ["anything at all", "* ^ ( ) : - + 🚀"])
    assert store.search(query) == []
    assert store.search_messages(query) == []
    assert sanitize(query).empty


def test_emoji_around_words_is_ignored(tmp_path: Path) -> None:
    store, (deploy, _) = _store(tmp_path, ["deploy finished 🚀", "lunch"])
    assert _found(store, "🚀deploy🚀") == [deploy]


def test_quotes_balanced_make_phrases_unbalanced_are_dropped(tmp_path: Path) -> None:
    store, (adjacent, apart) = _store(
        tmp_path, ["the billing service is down", "service for billing is down"]
    )
    assert _found(store, '"billing service"') == [adjacent]
    assert sorted(_found(store, '"billing service')) == [adjacent, apart]
    assert sorted(_found(store, 'billing" service"" "')) == [adjacent, apart]
    assert sanitize("“billing service”").phrases == ("billing service",)


def test_stop_words_dropped_unless_nothing_else(tmp_path: Path) -> None:
    assert sanitize("what is the deploy command").words == ("deploy", "command")
    assert sanitize("the who").words == ("the", "who")
    assert sanitize('"the" band').words == ("the", "band")


def test_ten_kilobyte_queries_are_capped_and_still_search(tmp_path: Path) -> None:
    store, (hit, _) = _store(tmp_path, ["kubernetes rollout stuck", "other"])
    long_query = "kubernetes " + "x" * 10_000
    assert len(sanitize(long_query).text) == MAX_QUERY_CHARS
    assert _found(store, long_query) == [hit]
    words = " ".join(f"w{i}" for i in range(3000))
    assert store.search(words) == [] and len(sanitize(words).words) <= MAX_WORDS
    assert store.search('"' * 10_000) == []
    assert store.search("北" * 10_000) == []


def test_non_strings_are_an_empty_query() -> None:
    for value in (None, 3, b"bytes", ["list"]):
        assert sanitize(value).empty


def test_chinese_two_character_words_are_found(tmp_path: Path) -> None:
    store, (beijing, weather, mixed) = _store(
        tmp_path,
        ["我们明天去北京开会", "上海的天气很好", "deploy the billing service to the 北京 cluster"],
    )
    assert sorted(_found(store, "北京")) == [beijing, mixed]
    assert _found(store, "开会") == [beijing]
    # One shared character alone (天 of 明天) is no match (branch cjk60); two are
    assert _found(store, "天气") == [weather]
    assert _found(store, "明北") == [beijing]
    assert _found(store, "北京开会")[0] == beijing
    assert _found(store, "明天去北京")[0] == beijing
    assert _found(store, "北京 deploy")[0] == mixed
    assert _found(store, "咖啡") == []


def test_japanese_and_korean(tmp_path: Path) -> None:
    store, (tokyo, seoul) = _store(tmp_path, ["東京で会議があります", "서울에서 회의가 있습니다"])
    assert _found(store, "東京") == [tokyo]
    assert _found(store, "会議") == [tokyo]
    assert _found(store, "서울에서") == [seoul]
    assert _found(store, "서울") == [seoul]  # a word without its particle
    assert _found(store, "会議はどこ？")[0] == tokyo  # a question in Japanese
    assert _found(store, "カイギ") == []  # katakana is not kanji


def test_accents_are_folded_in_the_word_index(tmp_path: Path) -> None:
    store, (cafe, _) = _store(tmp_path, ["meet at the Café Müller", "tea"])
    assert _found(store, "cafe muller") == [cafe]
    assert _found(store, "CAFÉ") == [cafe]


def test_stemming(tmp_path: Path) -> None:
    store, (deployed, _) = _store(tmp_path, ["we deployed the services", "lunch"])
    assert _found(store, "deploying service") == [deployed]


_PIECES = st.sampled_from(
    [
        '"',
        "'",
        "*",
        "^",
        ":",
        "(",
        ")",
        "-",
        "+",
        "NOT",
        "AND",
        "OR",
        "NEAR",
        "北京",
        "会",
        "😀",
        "C++",
        "a.b.c",
        " ",
        "\\",
        "{",
        "}",
        "col:",
        "NEAR/3",
        "\x00",
        "deploy",
    ]
)


@pytest.mark.slow
def test_fuzz_no_query_raises(tmp_path: Path, md: Memdir) -> None:
    store, _ = _store(tmp_path, ['deploy "C++" NOT 北京 a.b.c 😀 (x) col:val', "会 NEAR/3"])
    md.store("local").add(
        type="user", name="Fuzz target", description="deploy 北京", body="C++ and a.b.c"
    )

    @hsettings(max_examples=300)
    @given(st.one_of(st.text(max_size=300), st.lists(_PIECES, max_size=30).map("".join)))
    def run(text: str) -> None:
        query = sanitize(text)
        assert len(query.text) <= MAX_QUERY_CHARS
        store.search(text)
        store.search_messages(text)
        md.search(text)

    run()


@pytest.mark.slow
def test_fuzz_anything_logged_can_be_searched_for_without_error(tmp_path: Path) -> None:
    store, _ = _store(tmp_path, [])
    store.start("t", session_id="s")

    @hsettings(max_examples=150)
    @given(st.text(max_size=200), st.text(max_size=40) | st.none())
    def run(content: str, tool: str | None) -> None:
        message_id = store.log("s", "tool", content, tool_name=tool, tool_calls=[content])
        store.search_messages(content)
        store.search(content[:50], window=2)
        assert store.around(message_id, 1)[-1].content == content

    run()
