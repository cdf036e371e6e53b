"""Session search finds inflected forms (memdir.sessions.inflect): on SQLite and, with
MEMDIR_TEST_DATABASE_URL, the same rows and scores on PostgreSQL; English queries are
left as they were; hostile query text stays bounded and errorless."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memdir.sessions import Database, SessionStore, inflect
from memdir.sessions.candidates import MESSAGE_TABLE, query_terms
from memdir.sessions.query import sanitize

#: (message, a question asking for it in another inflected form of its key words)
INFLECTED = [
    ("Naprawę samochodem zrobił mechanik z Woli", "ile kosztowała naprawa samochodu"),
    ("Z łazienką zmiana planów: płytki drewnopodobne", "Co robimy w łazience?"),
    ("Toplantı saat üçte başlıyor", "toplantıda ne konuştuk"),
    ("Подписали текст договора вчера", "Что с договором?"),
    ("मैंने तीन किताबें खरीदीं", "किताब कहाँ है"),
    ("Wir haben die Reparaturen am Dach bezahlt", "Wann ist meine Reparatur fertig?"),
    ("Kokous pidettiin talossa eilen", "missä talo on ja milloin"),
    ("تم ترحيل قاعدة البيانات بنجاح", "متى انتهى الترحيل بالقاعدة؟"),
]
#: English rows a German stemmer would merge with the query's words (number ~ numb,
#: corner ~ corn): an English question must not find them.
ENGLISH = [
    ("My fingers went numb in the cold", "corn is on sale"),
    ("The number we picked was forty", "Meet at the corner at noon"),
]


def _store(db: Any, rows: list[str]) -> SessionStore:
    store = SessionStore(db)
    store.start("a", session_id="one", started_at=1.7e9)
    for i, text in enumerate(rows):
        store.log("one", "user", text, timestamp=1.7e9 + i)
    return store


def _filler() -> list[str]:
    return [f"note {i}: nothing about the question here" for i in range(30)]


@pytest.fixture
def lite(tmp_path: Path) -> SessionStore:
    rows = _filler() + [m for m, _ in INFLECTED] + [t for pair in ENGLISH for t in pair]
    return _store(Database(tmp_path / "state.db"), rows)


@pytest.mark.parametrize(("message", "question"), INFLECTED)
def test_an_inflected_question_finds_its_message(
    lite: SessionStore, message: str, question: str
) -> None:
    hits = lite.search_messages(question, limit=5)
    assert hits and message.split()[0] in hits[0].snippet, [h.snippet for h in hits]


def test_english_queries_are_not_expanded(lite: SessionStore) -> None:
    assert [h.snippet for h in lite.search_messages("what number did we pick")] == [
        "The number we picked was forty"
    ]
    hits = [h.snippet for h in lite.search_messages("where is the corner")]
    assert hits == ["Meet at the corner at noon"]
    for text in ("what number did we pick", "runner 上 pnpm 的 CI store 占了多少空间"):
        assert inflect.latin_language(text.split()) is None


def test_latin_language_needs_two_cues_and_more_than_english() -> None:
    assert inflect.latin_language(["ile", "kosztowała", "naprawa"]) == "polish"
    assert inflect.latin_language(["toplantıda", "ne", "konuştuk"]) == "turkish"
    assert inflect.latin_language(["naprawa"]) is None  # no cue
    assert inflect.latin_language(["what", "did", "ben", "say", "about", "the", "plan"]) is None


def _expanded(db_path: Path, text: str) -> list[Any]:
    conn = sqlite3.connect(db_path)
    try:
        terms = query_terms(sanitize(text), MESSAGE_TABLE)
        inflect.expand(conn, text, terms, MESSAGE_TABLE.name)
        return terms
    finally:
        conn.close()


def test_forms_are_the_index_terms_that_inflect_the_word(
    lite: SessionStore, tmp_path: Path
) -> None:
    terms = {t.text: t for t in _expanded(tmp_path / "state.db", "Что с договором?")}
    assert terms["договором"].forms == ("договора",)
    assert terms["договором"].match == '"договором" OR "договора"'
    english = _expanded(tmp_path / "state.db", "what number did we pick")
    assert all(not t.forms and " OR " not in t.match for t in english)


def test_the_forms_looked_at_are_bounded(tmp_path: Path) -> None:
    rows = [f"договор{chr(0x0430 + i % 32)}{chr(0x0430 + i // 32)} подписан" for i in range(900)]
    _store(Database(tmp_path / "state.db"), rows)
    terms = _expanded(tmp_path / "state.db", " ".join(["договорами"] * 3 + ["договоров"]))
    assert sum(len(t.forms) for t in terms) <= inflect.MAX_WORDS * inflect.MAX_FORMS
    assert all(len(t.forms) <= inflect.MAX_FORMS for t in terms)
    assert len(inflect.vocabulary(sqlite3.connect(tmp_path / "state.db"), ["дог"], 5)[0]) == 5


HOSTILE = [
    "ł" * 100_000,
    "договор" + "a" * 5_000 + " किताब" * 200,
    "\u0301\u0308\u093f\u094d " * 300,
    " ".join(f"słowo{i}ą" for i in range(10_000)),
    " ".join(f"договор{i}" for i in range(10_000)),
    "Naprawę 修理 договора किताबें مرحبا naprawa",
    '"naprawa" OR "x" AND (y) NEAR "z"*',
]


@pytest.mark.parametrize("text", HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_queries_answer_without_error(lite: SessionStore, text: str) -> None:
    hits = lite.search_messages(text, limit=10)
    assert len(hits) <= 10
    assert len(lite.search(text, limit=5)) <= 5


@settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.lists(
        st.text(
            st.characters(categories=["L", "M", "N", "P", "Zs"], exclude_characters="\x00"),
            max_size=30,
        ),
        max_size=20,
    )
)
def test_any_query_text_is_searched_without_error(lite: SessionStore, words: list[str]) -> None:
    text = " ".join(words)
    assert len(lite.search_messages(text, limit=5)) <= 5


# -- the same on PostgreSQL ------------------------------------------------------------------


@pytest.fixture
def both(pg_url: str, tmp_path: Path) -> Iterator[tuple[SessionStore, SessionStore]]:
    pytest.importorskip("psycopg")
    from memdir.pg.db import PgDatabase
    from memdir.pg.sessions import PgStateDatabase

    rows = _filler() + [m for m, _ in INFLECTED] + [t for pair in ENGLISH for t in pair]
    db = PgStateDatabase(PgDatabase(pg_url))
    try:
        yield _store(Database(tmp_path / "state.db"), rows), _store(db, rows)
    finally:
        db.pg.close()


def test_inflected_search_is_the_same_on_both_engines(
    both: tuple[SessionStore, SessionStore],
) -> None:
    lite, post = both
    questions = [q for _, q in INFLECTED] + ["договором toplantıda", "what number did we pick"]
    questions += ["الترحيل والبيانات بالقاعدة وقاعدة للقاعدة فالقاعدة كقاعدة"]
    for q in questions:
        for kw in ({}, {"role": "user"}):
            a = [(h.message_id, h.score) for h in lite.search_messages(q, **kw)]
            b = [(h.message_id, h.score) for h in post.search_messages(q, **kw)]
            assert a and a == b, (q, kw)
        sa = [(h.session_id, h.message_id, h.matches) for h in lite.search(q, limit=5)]
        assert sa == [(h.session_id, h.message_id, h.matches) for h in post.search(q, limit=5)]


def test_an_arabic_word_finds_it_with_the_article(tmp_path: Path) -> None:
    """Arabic forms differ at the front (ال, و, ب, لل): each is listed before the word's
    light10 core (mend60w); a word of clitics alone is looked for as itself."""
    rows = [*_filler(), "اشتريت الكتاب أمس", "وصل بالكتابين", "ولل", "في بيت"]
    store = _store(Database(tmp_path / "state.db"), rows)
    found = {h.snippet for h in store.search_messages("أين كتاب")}
    assert found == {"اشتريت الكتاب أمس", "وصل بالكتابين"}
    assert inflect.arabic_core("بالقاعدة") == inflect.arabic_core("قاعدة") == "قاعد"
    assert [h.snippet for h in store.search_messages("والبيت")] == ["في بيت"]
    assert [h.snippet for h in store.search_messages("ولل")] == ["ولل"]  # itself only


# -- memory entries: widened against their own terms ---------------------------------------

#: (entry name, description, a query in another inflected form of its words)
ENTRIES = [
    ("Миграция базы", "Миграция проходит через Alembic", "миграцией"),
    ("Договор аренды", "Подписали текст договора", "договором"),
    ("Naprawa samochodu", "mechanik z Woli zrobił naprawę", "ile kosztowała naprawa"),
    ("Migration AR", "ترحيل قاعدة البيانات يوم الثلاثاء", "بالقاعدة"),
]


def _entry_docs() -> list[Any]:
    from datetime import UTC, datetime

    from memdir.core.model import Entry, EntryType
    from memdir.sessions.entries import EntryDoc

    now = datetime(2026, 12, 7, tzinfo=UTC)
    made = [(f"e{i}", n, d) for i, (n, d, _) in enumerate(ENTRIES)]
    made += [(f"f{i}", f"note {i}", "nothing about the question here") for i in range(20)]
    return [
        EntryDoc("/loc", "user", Entry(i, n, d, EntryType.PROJECT, "body", now, now))
        for i, n, d in made
    ]


def test_an_inflected_query_finds_its_memory_entry(tmp_path: Path) -> None:
    """Before, only the messages' index was widened: `memdir search миграцией` found no
    entry named «Миграция» (walk60)."""
    from memdir.sessions.entries import EntryIndex

    index, docs = EntryIndex(Database(tmp_path / "state.db")), _entry_docs()
    for i, (_, _, query) in enumerate(ENTRIES):
        assert [d.entry.id for d, _ in index.search(query, docs, ["/loc"])] == [f"e{i}"], query
    assert index.search("what number did we pick", docs, ["/loc"]) == []


def test_entry_search_is_widened_the_same_on_both_engines(pg_url: str, tmp_path: Path) -> None:
    pytest.importorskip("psycopg")
    from memdir.pg.db import PgDatabase
    from memdir.pg.sessions import PgStateDatabase
    from memdir.sessions.entries import EntryIndex

    db, docs = PgStateDatabase(PgDatabase(pg_url)), _entry_docs()
    try:
        lite, post = EntryIndex(Database(tmp_path / "state.db")), EntryIndex(db)
        for _, _, query in [*ENTRIES, ("", "", "договором миграцией note")]:
            a = [(d.entry.id, s) for d, s in lite.search(query, docs, ["/loc"])]
            assert a and a == [(d.entry.id, s) for d, s in post.search(query, docs, ["/loc"])]
        prefixes = ["миграц", "договор", "n", "zzz"]
        terms = post.db.read(lambda c: inflect.vocabulary(c, prefixes, 3, "entries"))
        with sqlite3.connect(tmp_path / "state.db") as conn:
            assert terms == inflect.vocabulary(conn, prefixes, 3, "entries")
        assert terms[0] == ["миграция"] and len(terms[2]) == 3 and terms[3] == [], terms
    finally:
        db.pg.close()
