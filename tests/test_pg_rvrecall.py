"""Reviewer rvrecall's probes of branch pgrecall's filtered postings walk (pg/fts.py
``FILTERED``): each test is marked with what it shows. Skipped without
MEMDIR_TEST_DATABASE_URL."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from memdir.sessions import Database, SessionStore, candidates
from memdir.sessions import search as search_mod
from memdir.sessions.candidates import MESSAGE_TABLE, Term, _newest

psycopg = pytest.importorskip("psycopg")

from memdir.pg import fts  # noqa: E402
from memdir.pg.db import PgDatabase  # noqa: E402
from memdir.pg.sessions import PgStateDatabase  # noqa: E402


@pytest.fixture
def pg(pg_url: str) -> Any:
    db = PgStateDatabase(PgDatabase(pg_url))
    yield db
    db.pg.close()


def _stage_one(matches: list[str], limit: int, where: str, args: Any) -> Any:
    """A read running stage 1 for ``matches`` (as test_pg_sessions.py's)."""

    def found(c: Any) -> Any:
        terms = [Term(m, "word", "messages_word", m, m) for m in matches]
        stats = candidates.lookup(c, terms, limit, where, args, MESSAGE_TABLE)
        return stats, [t.ids for t in terms]

    return found


def _corpus(db: Any) -> None:
    """Sessions "old" (40 rows, agent r, scope s1), "mid" (200, polluted), "own" (600),
    words of every density ("the", "gamma" half the rows, "omega" few), CJK in each."""
    store = SessionStore(db)
    body = [
        (
            "user" if i % 3 else "assistant",
            f"row{i} alpha {'the' * (i % 2 == 0)} {'gamma' * (i % 2 == 0)} "
            f"{'omega' * (i % 300 == 7)} 部门聚餐",
            None,
            None,
            1.7e9 + i,
        )
        for i in range(600)
    ]
    store.start("r", session_id="old", started_at=1.7e9, scope="s1")
    store.start("a", session_id="mid", started_at=1.7e9 + 1, memory_mode="polluted")
    store.start("a", session_id="own", started_at=1.7e9 + 2)
    for sid, rows in (("old", body[:40]), ("mid", body[:200]), ("own", body)):
        store.log_many(sid, rows)


FILTERS: dict[str, dict[str, Any]] = {
    "role": {"role": "assistant"},
    "agent": {"agent": "r"},
    "scope": {"scope": "s1"},
    "since": {"since": 1.7e9 + 590},
    "until": {"until": 1.7e9 + 3},
    "exclude": {"exclude": ["own"]},
    "modes": {"memory_modes": ["polluted"]},
    "recall": {"exclude": ["own"], "memory_modes": ["enabled"]},
    "all-out": {"exclude": ["own", "old", "mid"]},
}
WORDS = ['"gamma"', '"alpha"', '"omega"', '"zzznothing"', '"部门"', '"the"', '"row7"']


@pytest.mark.parametrize("flt", sorted(FILTERS))
@pytest.mark.parametrize("limit", [1, 501, 5000])
def test_parity_every_filter_kind_and_limit(
    pg: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, flt: str, limit: int
) -> None:
    """SOUND probe: stage 1 ids and ``newest`` equal SQLite's and the GIN path's for every
    filter ``Filters`` accepts, limits 1 .. 5000, a word with no postings, CJK."""
    lite = Database(tmp_path / "state.db")
    for db in (lite, pg):
        _corpus(db)
    where, args = search_mod.Filters.build(**FILTERS[flt]).sql()
    found = _stage_one(WORDS, limit, where, args)
    want = lite.read(found)
    assert pg.read(found) == want
    for w in WORDS:

        def alone(c: Any, w: str = w) -> list[int]:
            return _newest(c, "messages_word", w, limit, where, args, MESSAGE_TABLE)

        assert pg.read(alone) == lite.read(alone), w
    monkeypatch.setattr(fts, "FILTER_WALK", 0)
    assert pg.read(found) == want


def test_limit_zero_with_a_filter(pg: Any, tmp_path: Path) -> None:
    """Stage 1 with limit 0 and a filter finds nothing on PostgreSQL as on SQLite (it failed
    with "OFFSET must not be negative": the walk's sentinel ``OFFSET cap - 1``; internal
    only, the public API takes limit >= 1)."""
    lite = Database(tmp_path / "state.db")
    for db in (lite, pg):
        _corpus(db)
    where, args = search_mod.Filters.build(exclude=["own"]).sql()
    found = _stage_one(['"gamma"'], 0, where, args)
    assert pg.read(found) == lite.read(found)
