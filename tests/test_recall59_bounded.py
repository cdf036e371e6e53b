"""Widening is bounded (recall59): however many index terms share a word's first
letters, a query keeps at most ``inflect.MAX_QUERY_FORMS`` forms (a word
``inflect.MAX_FORMS``), the closest to its word first, so the row a close form holds is
still found; on SQLite and, with MEMDIR_TEST_DATABASE_URL, the same on PostgreSQL."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from memdir.sessions import Database, SessionStore, inflect
from memdir.sessions.candidates import MESSAGE_TABLE, query_terms
from memdir.sessions.query import sanitize

#: Turkish suffixes the generated terms chain after "sipar" (order, as siparişler).
SUFFIXES = [
    "lar",
    "ler",
    "ım",
    "im",
    "ın",
    "ı",
    "sı",
    "da",
    "de",
    "ta",
    "dan",
    "den",
    "la",
    "le",
    "yla",
    "ki",
    "cı",
    "lık",
    "sız",
    "lı",
    "ma",
    "mak",
    "acak",
    "mış",
    "dı",
    "yor",
    "ız",
]
#: The row asked for: a close form of the query's words, never one of them.
PLANTED = "siparişlerini dün kargoya verdik"
#: Asks for it: one word, widened to its closest forms among thousands.
ASKED = "Hangi siparişlerin kargosu nerede?"
#: Twelve Turkish words of six letters or more, each widened to every "sipar" term.
QUERY = (
    "hangi siparişlerin nerede siparişler siparişi siparişten siparişle siparişimiz "
    "siparişiniz siparişlerde siparişlerimiz siparişlerden siparişe siparişsiz"
)


def _words(n: int) -> list[str]:
    rng = random.Random(59)
    out: set[str] = set()
    while len(out) < n:
        out.add("sipar" + "".join(rng.choice(SUFFIXES) for _ in range(rng.randint(2, 4))))
    return sorted(out)


def _store(db: Any) -> SessionStore:
    """5,000 distinct terms starting with "sipar", five a row, and the planted row."""
    store = SessionStore(db)
    store.start("a", session_id="one", started_at=1.7e9)
    words = _words(5000)
    rows = [" ".join(words[i : i + 5]) for i in range(0, len(words), 5)]
    rows.insert(500, PLANTED)
    store.log_many("one", [("user", text, None, None, 1.7e9 + i) for i, text in enumerate(rows)])
    return store


def _forms(store: SessionStore) -> list[tuple[str, ...]]:
    def read(conn: Any) -> list[tuple[str, ...]]:
        terms = query_terms(sanitize(QUERY), MESSAGE_TABLE)
        inflect.expand(conn, QUERY, terms, MESSAGE_TABLE.name)
        return [t.forms for t in terms]

    return store.db.read(read)


def _check(store: SessionStore) -> list[tuple[int, float]]:
    forms = _forms(store)
    assert sum(map(len, forms)) <= inflect.MAX_QUERY_FORMS
    assert all(len(f) <= inflect.MAX_FORMS for f in forms)
    assert sum(1 for f in forms if f) == 12  # the cap is shared: every word keeps some
    hits = store.search_messages(ASKED, limit=5)
    assert hits and hits[0].snippet == PLANTED  # siparislerini: the closest form
    return [(h.message_id, h.score) for q in (ASKED, QUERY) for h in store.search_messages(q)]


def test_thousands_of_terms_a_prefix_widen_to_a_bounded_closest_few(tmp_path: Path) -> None:
    _check(_store(Database(tmp_path / "state.db")))


def test_postgresql_keeps_the_same_forms_and_finds_the_same(pg_url: str, tmp_path: Path) -> None:
    pytest.importorskip("psycopg")
    from memdir.pg.db import PgDatabase
    from memdir.pg.sessions import PgStateDatabase

    db = PgStateDatabase(PgDatabase(pg_url))
    try:
        post = _store(db)
        lite = _store(Database(tmp_path / "state.db"))
        assert _forms(post) == _forms(lite)
        assert _check(post) == _check(lite)
    finally:
        db.pg.close()


@pytest.mark.xfail(
    strict=True,
    reason="the compound two query words make (Datenbankmigration) is looked for only among "
    "the first inflect.MAX_SCAN index terms starting with its head in code point order: "
    "past 64 others (Datenbankabgleich…) it is never listed (recall59, "
    "bench/inflect_prefix.py --spread: the planted German row is missed before and after)",
)
def test_the_compound_two_words_make_is_found_among_many_of_its_head(tmp_path: Path) -> None:
    store = SessionStore(Database(tmp_path / "state.db"))
    store.start("a", session_id="one", started_at=1.7e9)
    tails = ["abgleich", "abfrage", "adapter", "admin", "agent", "akte", "aktion", "alarm"]
    tails += ["abbild", "abruf", "abzug"]
    rows = [f"Datenbank{a}{b} erledigt" for a in tails for b in tails]  # 121 before it
    rows.append("Datenbankmigration: abgeschmiert")
    store.log_many("one", [("user", r, None, None, 1.7e9 + i) for i, r in enumerate(rows)])
    hits = store.search_messages("Warum ist die Migration der Datenbank gescheitert?", limit=5)
    assert hits and hits[0].snippet == rows[-1]
