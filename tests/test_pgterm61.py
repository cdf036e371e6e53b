"""Memory-entry search widened to inflected forms on PostgreSQL: the entries' distinct
terms are rows of ``entry_terms`` (state step 0018), kept by triggers, not read from every
entry's vector each query (pgterm61)."""

from __future__ import annotations

import random
import sqlite3
import subprocess
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from memdir.core.model import Entry, EntryType
from memdir.sessions import Database, inflect
from memdir.sessions.entries import EntryDoc, EntryIndex

psycopg = pytest.importorskip("psycopg")

from memdir.pg.db import PgDatabase  # noqa: E402
from memdir.pg.sessions import PgStateDatabase, schema_name  # noqa: E402

NOW = datetime(2026, 12, 7, tzinfo=UTC)
RU = ["договор", "миграци", "сервер"]
RU_ENDS = ["", "а", "у", "ом", "е", "ы", "ов", "ам", "ами", "ах", "ой", "ую", "ей", "и"]
PL = ["napraw", "łazienk", "faktur"]
PL_ENDS = ["", "a", "y", "e", "ę", "ą", "om", "ami", "ach", "ów", "owi", "ie", "em", "u"]
AR = ["قاعد", "كتاب", "ترحيل"]
AR_FRONT = ["", "ال", "و", "وال", "ب", "بال", "ل", "لل", "ف", "ك"]
AR_ENDS = ["", "ة", "ه", "ها", "ات", "ين", "ان", "ي"]
EN = ["deploy", "server", "cluster", "billing", "invoice", "release", "branch"]
#: Queries in Russian, Polish, Arabic and English, some long: each word's keys reach more
#: terms than a key lists (inflect.MAX_SCAN), so which come first matters too.
QUERIES = [
    "договором миграцией",
    "серверами и договорах",
    "ile kosztowała naprawa łazienki",
    "fakturą za naprawę",
    "بالقاعدة",
    "متى انتهى الترحيل بالكتاب وقاعدة للقاعدة فالقاعدة كقاعدة والكتابين",
    "deploy the billing cluster",
    "договором naprawa بالقاعدة invoice",
]


def _docs(seed: int = 61, n: int = 90) -> list[EntryDoc]:
    """Entries of many forms of a few roots: each root's prefix holds more terms than
    inflect.MAX_SCAN (random tails after the root besides the true endings)."""
    rnd = random.Random(seed)
    tails = "абвгдежзиклмнопрстуфхцчшщ"

    def words(k: int) -> list[str]:
        out = []
        for _ in range(k):
            lang = rnd.randrange(4)
            if lang == 0:
                out.append(rnd.choice(RU) + rnd.choice([*RU_ENDS, "".join(rnd.sample(tails, 3))]))
            elif lang == 1:
                out.append(rnd.choice(PL) + rnd.choice(PL_ENDS))
            elif lang == 2:
                core = rnd.choice(AR) + rnd.choice(AR_ENDS)
                out.append(rnd.choice(AR_FRONT) + core + rnd.choice(["", "ب", "ت", "ن", "م"]))
            else:
                out.append(rnd.choice(EN) + rnd.choice(["", "s", "ed", "ing"]))
        return out

    return [
        EntryDoc(
            "/loc",
            "project",
            Entry(
                f"e{i}",
                " ".join(words(2)),
                " ".join(words(3)),
                EntryType.PROJECT,
                " ".join(words(40)),
                NOW,
                NOW,
            ),
        )
        for i in range(n)
    ]


def _ranked(index: EntryIndex, docs: list[EntryDoc]) -> list[list[tuple[str, float]]]:
    return [
        [(d.entry.id, s) for d, s in index.search(q, docs, ["/loc"], limit=len(docs))]
        for q in QUERIES
    ]


def _keys() -> list[str]:
    """Prefix keys as the widening asks for them: roots, Arabic clitic keys, English."""
    return [*RU, *PL, *(f + a for a in AR for f in AR_FRONT), "deploy", "b", "zzz", "بال"]


def _agree(db: PgStateDatabase) -> bool:
    """Whether ``entry_terms`` holds each term of the entries' vectors once, with the
    number of entries holding it (counted here from the vectors)."""

    def read(c: Any) -> bool:
        held: dict[str, int] = {}
        for (terms,) in c.execute(
            "SELECT tsvector_to_array(tsv) FROM entries WHERE tsv IS NOT NULL"
        ):
            for t in terms:
                held[t] = held.get(t, 0) + 1
        kept = c.execute("SELECT term, n FROM entry_terms").fetchall()
        return len(kept) == len(held) and dict(kept) == held

    return bool(db.read(read))


@pytest.fixture
def engines(pg_url: str, tmp_path: Path) -> Iterator[tuple[EntryIndex, EntryIndex]]:
    db = PgStateDatabase(PgDatabase(pg_url), user="older")
    lite = Database(tmp_path / "state.db")
    try:
        yield EntryIndex(lite), EntryIndex(db)
    finally:
        db.pg.close()
        lite.close()


def _vocabulary(index: EntryIndex, limit: int) -> list[list[str]]:
    return index.db.read(lambda c: inflect.vocabulary(c, _keys(), limit, "entries"))


def test_entry_search_is_the_same_on_both_engines_through_edits(
    engines: tuple[EntryIndex, EntryIndex], tmp_path: Path
) -> None:
    lite, post = engines
    docs = _docs()
    want = _ranked(lite, docs)
    assert all(want[:-1]) and sum(map(len, want)) > 3 * len(QUERIES)
    assert _ranked(post, docs) == want
    terms = _vocabulary(post, inflect.MAX_SCAN)
    assert terms == _vocabulary(lite, inflect.MAX_SCAN)
    assert max(map(len, terms)) == inflect.MAX_SCAN  # a key with more terms than it lists
    # entries changed, removed and added: the term list follows each write
    edited = [*_docs(seed=62, n=30), *docs[40:]]
    assert _ranked(post, edited) == _ranked(lite, edited)
    assert _vocabulary(post, 5) == _vocabulary(lite, 5)
    assert _agree(post.db)  # type: ignore[arg-type]
    assert _ranked(post, []) == _ranked(lite, []) == [[] for _ in QUERIES]  # all gone
    assert post.db.read(lambda c: c.execute("SELECT count(*) FROM entry_terms").fetchone()[0]) == 0


def test_entry_terms_count_the_entries_holding_each(engines: tuple[EntryIndex, EntryIndex]) -> None:
    _, post = engines
    docs = _docs(n=12)
    post.sync(docs, [("/loc", False)])
    db: Any = post.db

    def counts() -> dict[str, int]:
        return dict(db.read(lambda c: c.execute("SELECT term, n FROM entry_terms").fetchall()))

    first = counts()
    assert first and min(first.values()) >= 1 and _agree(db)
    # an edit that leaves the terms as they were (archived) and one that changes them
    db.write(lambda c: c.execute("UPDATE entries SET archived = 1 WHERE entry_id = 'e0'"))
    assert counts() == first
    db.write(lambda c: c.execute("UPDATE entries SET body = 'zzyzx' WHERE entry_id = 'e1'"))
    from memdir.pg.fts import index_pending

    db.write(index_pending)
    assert counts()["zzyzx"] == 1 and _agree(db)
    db.write(lambda c: c.execute("TRUNCATE entries CASCADE"))
    assert counts() == {}


def test_doctor_finds_and_rebuilds_a_wrong_term_list(
    engines: tuple[EntryIndex, EntryIndex],
) -> None:
    _, post = engines
    docs = _docs(n=12)
    before = _ranked(post, docs)
    db: Any = post.db
    from memdir.pg.sessions import ENTRY_TERMS_PROBLEM

    db.write(lambda c: c.execute("DELETE FROM entry_terms WHERE term LIKE 'договор%'"))
    db.write(lambda c: c.execute("UPDATE entry_terms SET n = n + 1 WHERE term LIKE 'بال%'"))
    found = db.health(repair=False)
    assert ENTRY_TERMS_PROBLEM in found.damaged
    mended = db.health(repair=True)
    assert ENTRY_TERMS_PROBLEM in mended.repaired and mended.healthy, mended
    assert _agree(db) and _ranked(post, docs) == before


def test_step_0018_fills_the_term_list_of_an_existing_database(
    engines: tuple[EntryIndex, EntryIndex], pg_url: str
) -> None:
    lite, post = engines
    docs = _docs()
    post.sync(docs, [("/loc", False)])
    post.db.pg.close()  # type: ignore[attr-defined]
    schema = schema_name(pg_url.rsplit("search_path%3D", 1)[1], "older")
    with psycopg.connect(pg_url, autocommit=True) as conn:  # the state as before step 0018
        conn.execute(
            "DELETE FROM pg_migrations"
            " WHERE component = 'state/older' AND name = '0018_entry_terms'"
        )
        conn.execute(f'SET search_path TO "{schema}"')
        conn.execute("DROP TABLE entry_terms")
        conn.execute("DROP FUNCTION memdir_entry_terms() CASCADE")
        assert conn.execute("SELECT count(*) FROM entries").fetchone()[0] == len(docs)
    db = PgStateDatabase(PgDatabase(pg_url), user="older")
    try:
        again = EntryIndex(db)
        assert _ranked(again, docs) == _ranked(lite, docs)  # the step ran and filled it
        assert "0018_entry_terms" in [name for name, _ in db.migrations()]
        assert _agree(db)
        assert _vocabulary(again, inflect.MAX_SCAN) == _vocabulary(lite, inflect.MAX_SCAN)
    finally:
        db.pg.close()


def test_the_term_list_is_read_in_code_point_order(pg_url: str, tmp_path: Path) -> None:
    """A key's first terms in SQLite's order (bytes of UTF-8 = code points), whatever the
    database's collation: letters of other scripts and cases around the key."""
    words = ["abc", "abC", "abč", "abz", "ab\u00e9", "ab\U0001f600x", "abd", "ab1", "ab_x"]
    docs = [
        EntryDoc("/loc", "project", Entry(f"w{i}", w, w, EntryType.PROJECT, w, NOW, NOW))
        for i, w in enumerate(words)
    ]
    db = PgStateDatabase(PgDatabase(pg_url))
    lite = Database(tmp_path / "state.db")
    try:
        got = []
        for index in (EntryIndex(lite), EntryIndex(db)):
            index.sync(docs, [("/loc", False)])
            got.append(index.db.read(lambda c: inflect.vocabulary(c, ["ab"], 4, "entries")))
        assert got[0] == got[1] and len(got[0][0]) == 4, got
    finally:
        db.pg.close()
        lite.close()
    with sqlite3.connect(tmp_path / "state.db") as conn:
        assert conn.execute("SELECT count(*) FROM entries").fetchone()[0] == len(words)


def test_a_renamed_project_keeps_its_entries_searchable(pg_url: str, tmp_path: Path) -> None:
    """``serve projects rename`` moves each user's state rows from another schema on the
    path (pg/rekey.py): the entries' location changes, their terms do not, and the term
    list's trigger is found in the state's own schema."""
    from memdir.pg import users
    from test_team_history58 import WEBAPP, _add, _machine, _serve_projects
    from test_walk58 import APP

    url, shared = pg_url, PgDatabase.shared(pg_url)
    users.add(shared, "ops", admin=True)
    users.add(shared, "alice")
    users.grant(shared, "alice", APP)
    a = _machine(tmp_path, url)
    _add(a, "project", "Миграция базы", "Миграция проходит через Alembic.", "alice")
    assert "миграция" in a.ok("search", "миграцией", user="alice").lower()  # indexed
    subprocess.run(["git", "-C", str(a.checkout), "remote", "set-url", "origin", WEBAPP])
    users.grant(shared, "alice", WEBAPP)
    moved = _serve_projects(a, "rename", "https://github.com/acme/app", WEBAPP)
    assert moved.returncode == 0, moved.stderr
    assert "миграция" in a.ok("search", "миграцией", user="alice").lower()
    db = PgStateDatabase(PgDatabase(url), user="alice")
    try:
        assert _agree(db)
    finally:
        db.pg.close()
