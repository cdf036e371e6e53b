"""An attacker's review of session search's inflected forms (memdir.sessions.inflect):
long index terms, German's ß cue, filters and the two engines' agreement on widened words."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from memdir.sessions import Database, SessionStore, inflect


def _store(db: Any, rows: list[tuple[str, str]], sid: str = "one") -> SessionStore:
    store = SessionStore(db)
    store.start("a", session_id=sid, started_at=1.7e9)
    for i, (role, text) in enumerate(rows):
        store.log(sid, role, text, timestamp=1.7e9 + i)
    return store


def _filler() -> list[tuple[str, str]]:
    return [("user", f"note {i}: nothing about the question here") for i in range(20)]


def test_long_index_terms_are_not_stemmed(tmp_path: Path) -> None:
    """Index terms sharing a query word's prefix but thousands of letters long (a pasted
    blob) were each run through Snowball: 64 of 16k letters, 3 s a German word."""
    blobs = [("user", f"reparatur{i:03d}x" + "en" * 2000) for i in range(64)]
    store = _store(Database(tmp_path / "state.db"), [*_filler(), *blobs])
    store.log("one", "user", "Wir haben die Reparaturen bezahlt", timestamp=1.8e9)
    before = inflect._stemmer("german").cache_info()  # type: ignore[attr-defined]
    hits = store.search_messages("Wann ist die Reparatur fertig", limit=5)
    after = inflect._stemmer("german").cache_info()  # type: ignore[attr-defined]
    assert [h.snippet for h in hits] == ["Wir haben die Reparaturen bezahlt"]
    assert after.misses - before.misses < 8, (before, after)


def test_a_german_question_known_by_its_sharp_s_widens_its_words(tmp_path: Path) -> None:
    """ß is German's cue letter, but the query was case-folded first (ß → ss): "Grüße
    zur Reparatur" had one cue (zur) and was left as English."""
    rows = [*_filler(), ("user", "Wir haben die Reparaturen bezahlt")]
    store = _store(Database(tmp_path / "state.db"), rows)
    hits = store.search_messages("Grüße zur Reparatur", limit=5)
    assert [h.snippet for h in hits] == ["Wir haben die Reparaturen bezahlt"]


def test_a_word_with_sharp_s_finds_itself(tmp_path: Path) -> None:
    store = _store(Database(tmp_path / "state.db"), [*_filler(), ("user", "Die Straße ist zu")])
    assert [h.snippet for h in store.search_messages("Straße", limit=5)] == ["Die Straße ist zu"]


# -- PostgreSQL: filters and users on widened words, and the same ranking as SQLite ---------

#: Messages of two users (alice's, then bob's): bob's hold forms of alice's query words.
ALICE = [
    ("user", "Umowa najmu mieszkania podpisana"),
    ("assistant", "Faktura za naprawę samochodu przyszła"),
    ("user", "Что с договором аренды?"),
]
BOB = [
    ("user", "Umowy najmu nie mam, naprawy samochodów też nie"),
    ("assistant", "Договора аренды нет, договоров тоже"),
    ("user", "Naprawa samochodu kosztowała dużo, jak umowie"),
]
QUESTIONS = [
    "gdzie jest umowa najmu",
    "ile kosztowała naprawa samochodu",
    "где договор аренды",
    "договоры и umowy",
    '"naprawa samochodu" umowy',
    "naprawa OR umowa AND NOT samochod*",
    'umowa" OR "x',
]


@pytest.fixture
def engines(pg_url: str, tmp_path: Path) -> Iterator[tuple[SessionStore, SessionStore, Any]]:
    pytest.importorskip("psycopg")
    from memdir.pg.db import PgDatabase
    from memdir.pg.sessions import PgStateDatabase

    rows = _filler() + ALICE + BOB
    pg = PgDatabase(pg_url)
    try:
        yield (
            _store(Database(tmp_path / "state.db"), rows),
            _store(PgStateDatabase(pg), rows),
            pg,
        )
    finally:
        pg.close()


def test_widened_words_rank_the_same_on_both_engines(
    engines: tuple[SessionStore, SessionStore, Any],
) -> None:
    lite, post, _ = engines
    for q in QUESTIONS:
        for kw in ({}, {"role": "assistant"}, {"since": 1.7e9 + 21}):
            a = [(h.message_id, h.score) for h in lite.search_messages(q, **kw)]
            b = [(h.message_id, h.score) for h in post.search_messages(q, **kw)]
            assert a == b, (q, kw)
            if kw.get("role"):
                assert all(h.role == "assistant" for h in lite.search_messages(q, **kw))
        a2 = [(h.message_id, h.matches) for h in lite.search(q, strict=True)]
        assert a2 == [(h.message_id, h.matches) for h in post.search(q, strict=True)], q


def test_a_widened_word_never_finds_another_users_messages(
    engines: tuple[SessionStore, SessionStore, Any],
) -> None:
    from memdir.pg.sessions import PgStateDatabase

    _, _, pg = engines
    alice = _store(PgStateDatabase(pg, user="alice"), _filler() + ALICE, sid="a1")
    _store(PgStateDatabase(pg, user="bob"), BOB, sid="b1")
    mine = {t for _, t in ALICE}
    for q in QUESTIONS:
        hits = alice.search_messages(q, limit=50)
        assert {h.snippet for h in hits} <= mine, q
    hits = alice.search_messages("ile kosztowała naprawa samochodu", limit=5)
    assert [h.snippet for h in hits][:1] == ["Faktura za naprawę samochodu przyszła"]


#: Letters whose lower case and case fold differ, or that the tokenizer folds itself.
CASES = [("user", "Die Straße ist zu"), ("user", "Ο Σίσυφος ανεβαίνει"), ("user", "İzmir'de")]
CASE_QUERIES = {
    "Straße": ["Die Straße ist zu"],
    "straße": ["Die Straße ist zu"],
    "ΣΊΣΥΦΟΣ": ["Ο Σίσυφος ανεβαίνει"],
    "σίσυφος": ["Ο Σίσυφος ανεβαίνει"],
    "σίσυφοσ": ["Ο Σίσυφος ανεβαίνει"],
    "İzmir": ["İzmir'de"],
    "izmir": ["İzmir'de"],
    '"die straße"': ["Die Straße ist zu"],
}


def test_words_are_cased_as_the_index_on_both_engines(pg_url: str, tmp_path: Path) -> None:
    """German ß, Greek final sigma and Turkish dotted İ: each query finds its row, on
    SQLite and PostgreSQL alike (the query lower-cases as the index does)."""
    pytest.importorskip("psycopg")
    from memdir.pg.db import PgDatabase
    from memdir.pg.sessions import PgStateDatabase

    pg = PgDatabase(pg_url)
    try:
        rows = _filler() + CASES
        for store in (
            _store(Database(tmp_path / "state.db"), rows),
            _store(PgStateDatabase(pg), rows),
        ):
            for q, want in CASE_QUERIES.items():
                assert [h.snippet for h in store.search_messages(q, limit=5)] == want, q
    finally:
        pg.close()


def test_a_polish_question_does_not_merge_english_words_by_their_last_letter(
    tmp_path: Path,
) -> None:
    """Polish stems may differ in an alternating last letter (k ~ c); any letter merged
    the English words Polish developers write among their own: config ~ confid, login ~
    logic put three rows sharing no word with the question above the one it asks for."""
    rows = [*_filler(), ("user", "the login config lives in app.yaml")]
    rows += [("user", f"confidential logic review {i}: the confidence logic") for i in range(3)]
    store = _store(Database(tmp_path / "state.db"), rows)
    hits = store.search_messages("gdzie jest config do login", limit=5)
    assert [h.snippet for h in hits] == ["the login config lives in app.yaml"]
    hits = store.search_messages("Co robimy w łazience?", limit=5)  # k ~ c still merges
    assert not hits
    store.log("one", "user", "Z łazienką zmiana planów", timestamp=1.9e9)
    assert [h.snippet for h in store.search_messages("Co robimy w łazience?", limit=5)] == [
        "Z łazienką zmiana planów"
    ]


def test_a_polish_plural_in_y_is_found_by_its_singular(tmp_path: Path) -> None:
    store = _store(Database(tmp_path / "state.db"), [*_filler(), ("user", "Umowy najmu są")])
    assert [h.snippet for h in store.search_messages("gdzie jest umowa", limit=5)] == [
        "Umowy najmu są"
    ]
