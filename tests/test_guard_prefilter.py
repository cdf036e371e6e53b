"""The guard's prefilters are necessary conditions, never heuristics: whatever a skipped
regex could match holds what the prefilter looks for (docs/design/guard.md, "Speed")."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import guard_patterns
from memdir.guard import _clause, _decode, _fold, _secrets, _unicode, _vocab
from memdir.guard._needles import (
    Occurrences,
    boundary_before,
    cut_pattern,
    required,
    word_initial,
)

# _clause._END before it was rewritten to start with one character class.
_OLD_END = re.compile(
    r"[.!?](?=\s|$)|[。！？§]|\n(?=[ \t]*(?:\n|[-*+>#|]|\d+[.)]|```|$))|"
    r"\n(?=[A-Z])(?<=[:;,\w`'\")\]]\n)"
)
_SLOW = settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


PATTERNS = [rx for rx in guard_patterns() if required(rx)]


def test_required_reads_literals_runs_and_branches() -> None:
    assert required(re.compile(r"\b(?:npx|uvx)\s+-y")) == {"npx", "uvx"}
    assert required(re.compile(r"[ab]\w*(?:longer|words)x?")) == {"longer", "words"}
    assert required(re.compile(r"(?:ab)+|cd")) == {"ab", "cd"}
    assert required(re.compile(r"(?:ab)*c")) == {"c"}
    assert required(re.compile(r"ab|\w+")) is None
    assert required(re.compile(r"abc", re.IGNORECASE)) is None
    assert required(re.compile(r"(?i:abc)d")) == {"d"}
    assert required(re.compile(r"지[우워]|系统(?:配置|设置)")) == {
        "지우",
        "지워",
        "系统配置",
        "系统设置",
    }
    assert len(PATTERNS) > 100


def test_word_initial_literals_follow_a_boundary_wherever_they_are_read() -> None:
    rx = re.compile(r"\b(?:any|each) x|\d+ (?:all|ev\w+)|\d(?:yz|zz)")
    assert word_initial(rx) == {"any", "each", "all", "ev"}  # not "yz": after a digit
    assert word_initial(re.compile(r"\bany|[xy]any")) == frozenset()  # read inside a word too
    assert word_initial(re.compile(r"\b-y\b|\b\+\+yes")) == {"-y", "++yes"}
    # "xab" read right after "w" as well as after a \b: "(?:w)xa[b]" joins "xa" and "b"
    assert word_initial(re.compile(r"\bxab\b|(w)xa[bc]")) == frozenset()
    # "\b-y" needs a word character before the "-": " -y" has none, "x-y" has one
    assert [boundary_before("tanya -y x-y", i) for i in (2, 6, 9)] == [False, False, True]


def test_a_cut_pattern_reads_each_boundary_as_also_inside_a_word() -> None:
    cut = cut_pattern(re.compile(r"\bmain\b|x[\b]y|\\b"))
    assert cut is not None
    assert cut.pattern == r"(?:\b|(?<=\w)(?=\w))main(?:\b|(?<=\w)(?=\w))|x[\b]y|\\b"
    assert cut.search("mainly") is not None
    # where a window's end changes a match otherwise, or a match may be empty: no cut pattern
    for pattern in (r"main$", r"(?<!\bx)ma", r"\Bma", r"ma++", r"(?>ma)", r"(m)a\1", r"x?"):
        assert cut_pattern(re.compile(pattern)) is None, pattern
    # read otherwise than the parse reads them: a comment ("[" opens no class in it), a scoped
    # ASCII flag (its \b is no Unicode boundary); else has() and search() disagree
    for pattern in (r"(?#[)foobar\b", r"(?a:\bany\b)", r"(?x: any \b)"):
        assert cut_pattern(re.compile(pattern)) is None, pattern
        assert not word_initial(re.compile(pattern)), pattern


@pytest.mark.parametrize("rx", PATTERNS, ids=lambda rx: rx.pattern[:40])
@_SLOW
@given(data=st.data())
def test_every_match_holds_a_required_literal(rx: re.Pattern[str], data: st.DataObject) -> None:
    text = data.draw(st.from_regex(rx))
    m = rx.search(text)
    assert m is not None
    initial = word_initial(rx)
    assert any(
        text.startswith(lit, at) and (lit not in initial or boundary_before(text, at))
        for lit in required(rx) or ()
        for at in range(m.start(), m.end())
    ), (rx.pattern, m.group())
    assert Occurrences(text).may(rx)


@settings(max_examples=300, deadline=None)
@given(st.text(st.sampled_from(list(".!?。！？§\n \t-*+>#|1)`'\"]:;,aZ_x\u00a0")), max_size=40))
def test_clause_ends_are_those_of_the_old_pattern(text: str) -> None:
    ends = [m.span() for m in _clause._END.finditer(text)]
    assert ends == [m.span() for m in _OLD_END.finditer(text)]


@settings(max_examples=200, deadline=None)
@given(st.from_regex(_decode._SPACED), st.from_regex(_decode._ALTERNATING))
def test_spelled_out_text_holds_its_hint(spaced: str, alternating: str) -> None:
    assert _decode._SPACED_HINT.search(spaced)
    assert _decode._ALTERNATING_HINT.search(alternating)


@settings(max_examples=200, deadline=None)
@given(st.from_regex(_secrets._B64), st.text(max_size=30))
def test_base64_runs_show_in_the_byte_map(run: str, noise: str) -> None:
    assert _secrets._B64_RUN in _secrets._b64_map(noise + run)


@settings(max_examples=300, deadline=None)
@given(st.text(st.characters(codec="utf-8", exclude_categories=()), max_size=20))
def test_tag_test_is_max(text: str) -> None:
    assert _unicode.tagged(text) == (bool(text) and max(text) >= "\U000e0000")


@settings(max_examples=200, deadline=None)
@given(st.sets(st.sampled_from([w for _, m, c in _decode._SHIFTED for w in (*m, *c)] + [b"x"])))
def test_caesar_shifts_need_a_shifted_the(words: set[bytes]) -> None:
    brute = [k for k, markers, _ in _decode._SHIFTED if all(w in words for w in markers)]
    assert _decode.caesar_shifts(words) == brute[:2]


@settings(max_examples=300, deadline=None)
@given(st.text(st.sampled_from([*"aZ1_ é²ЖжΩ中\u0301\ud800", "\U0001d400"]), max_size=30))
def test_latin_majority_is_the_letter_count(text: str) -> None:
    old = len(re.findall(r"[A-Za-z]", text)) * 2 > len(re.findall(r"[^\W\d_]", text))
    assert _fold.latin_majority(text) == old


@pytest.mark.parametrize("rx", [_clause._NEG_HEADING, _clause._STORY_HEADING])
@_SLOW
@given(data=st.data())
def test_headings_start_a_line_with_a_hash(rx: re.Pattern[str], data: st.DataObject) -> None:
    text = data.draw(st.from_regex(rx))
    assert text.startswith("#") or "\n#" in text


_SEND = _vocab._compiled()["send"]
_SEND_WORDS = sorted({w for w in required(_SEND) or ()} | {"post ", "https://x", "curl", "—"})


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    st.lists(
        st.one_of(
            st.from_regex(_SEND),
            st.sampled_from(_SEND_WORDS),
            st.text("ab \n.,", max_size=4),
        ),
        max_size=8,
    ),
    st.integers(0, 200),
    st.integers(0, 200),
)
def test_a_window_searched_for_what_it_holds_finds_every_match(
    parts: list[str], a: int, b: int
) -> None:
    # Clauses.finditer skips a window without a literal every match holds (egress's send
    # verbs): the matches are those of a plain search of the same window
    text = "".join(parts)
    lo, hi = sorted((min(a, len(text)), min(b, len(text))))
    found = [m.span() for m in _clause.Clauses(text).finditer(_SEND, lo, hi)]
    assert found == [m.span() for m in _SEND.finditer(text, lo, hi)], (text, lo, hi)
