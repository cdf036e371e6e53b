"""State on PostgreSQL: the dialect, search parity with SQLite, the bulk path, row locks on
jobs, health, and hostile query text. Skipped without MEMDIR_TEST_DATABASE_URL."""

from __future__ import annotations

import functools
import json
import threading
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import memdir
from memdir.pipeline import JobQueue
from memdir.sessions import Database, SessionStore, candidates
from memdir.sessions import search as search_mod
from memdir.sessions.candidates import MESSAGE_TABLE, Term, _newest

psycopg = pytest.importorskip("psycopg")

from memdir.pg import bulk, fts  # noqa: E402
from memdir.pg.bulk import copy  # noqa: E402
from memdir.pg.db import PgDatabase  # noqa: E402
from memdir.pg.dialect import bind, translate  # noqa: E402
from memdir.pg.sessions import PgStateDatabase  # noqa: E402

CORPUS = [
    ("user", "We installed pnpm yesterday; is the lockfile still fine?", None, None),
    ("assistant", "Yes, pnpm-lock.yaml is fine and CI passes.", None, None),
    ("user", "部门聚餐定在周五晚上，在海底捞。", None, None),
    ("assistant", "好的，我记下了：周五海底捞。", None, None),
    ("user", "来週の会議は水曜日の午後三時からです。", None, None),
    ("assistant", "", "shell", [{"cmd": "grep -r install_requires setup.py"}]),
    ("user", "The C++ build uses chat-send for notifications", None, None),
    ("assistant", "Installing the dependencies takes about five minutes.", None, None),
]
QUERIES = [
    "installing pnpm",
    "lockfile",
    "部门聚餐在哪？",
    "海底捞",
    "会議は何曜日ですか",
    "install_requires",
    "C++ build",
    '"chat send"',
    "chat-send notifications",
    "what did we install",
]


@pytest.fixture
def pg(pg_url: str) -> Iterator[PgStateDatabase]:
    db = PgStateDatabase(PgDatabase(pg_url))
    yield db
    db.pg.close()


def _fill(store: SessionStore) -> None:
    store.start("a", session_id="one", started_at=1_700_000_000)
    store.start("b", session_id="two", parent_id="one", started_at=1_700_000_100)
    for i, (role, content, tool, calls) in enumerate(CORPUS):
        sid = "one" if i % 2 else "two"
        store.log(sid, role, content, tool_name=tool, tool_calls=calls, timestamp=1.7e9 + i)


# -- the dialect (no server needed) ---------------------------------------------------------


def test_translate_rewrites_sqlite_only_syntax_outside_literals() -> None:
    text, returning, groups = translate(
        "INSERT OR IGNORE INTO memory_writes (session_id, message_id) SELECT ?, id FROM "
        "messages WHERE content LIKE '%?%' AND id IN (?, ?, ?, ?) AND 1"
    )
    assert text.startswith("INSERT INTO memory_writes") and text.endswith("ON CONFLICT DO NOTHING")
    assert "LIKE '%%?%%'" in text and "id = ANY(%s)" in text and returning is None
    assert text.count("%s") == 2 and groups == ((1, 4),)
    assert bind(["s", 1, 2, 3, 4], groups) == ["s", [1, 2, 3, 4]]
    max_sql = translate("UPDATE t SET w = max(w, ?), n = (SELECT max(id) FROM t) WHERE 1")[0]
    assert "greatest(w, %s)" in max_sql and "SELECT max(id)" in max_sql
    assert max_sql.endswith("WHERE TRUE")
    assert translate("INSERT INTO jobs (kind) VALUES (?)")[1] == "jobs"
    assert "LIMIT NULLIF(%s, -1)" in translate("SELECT * FROM m LIMIT ? OFFSET ?")[0]
    assert bind([True, "a\x00b"], ()) == [1, "a\ufffdb"]


# -- parity with SQLite --------------------------------------------------------------------


def test_search_ranks_the_same_on_both_engines(pg: PgStateDatabase, tmp_path: Path) -> None:
    lite = SessionStore(Database(tmp_path / "state.db"))
    post = SessionStore(pg)
    for store in (lite, post):
        _fill(store)
    for q in QUERIES:
        a = [(h.message_id, h.score, h.snippet) for h in lite.search_messages(q)]
        b = [(h.message_id, h.score, h.snippet) for h in post.search_messages(q)]
        assert a == b, q
        sa = [(h.session_id, h.message_id, h.matches) for h in lite.search(q, limit=5)]
        sb = [(h.session_id, h.message_id, h.matches) for h in post.search(q, limit=5)]
        assert sa == sb, q
    assert lite.search_messages("pnpm", role="user") == post.search_messages("pnpm", role="user")
    assert post.search_messages("pnpm", exclude=["one", "two"]) == []
    assert {h.session_id for h in post.search("海底捞")} == {"one"}  # the child folds in


def _both_hold_the_corpus(pg: PgStateDatabase, tmp_path: Path, n: int) -> Database:
    """A SQLite state.db beside ``pg``, both holding :func:`_stage_one_corpus` in one
    session; the SQLite one."""
    lite = Database(tmp_path / "state.db")
    for db in (lite, pg):
        store = SessionStore(db)
        store.start("a", session_id="one", started_at=1.7e9)
        store.log_many("one", _stage_one_corpus(n))
    return lite


def _stage_one_corpus(n: int) -> list[tuple[str, str, None, None, float]]:
    """``n`` rows, many holding "the", "a" or "new" (a thirtieth all three) but never as
    the phrase "the a new", except a few old ones; "gamma" in half the rows, "delta" in a
    tenth, "omega" in few."""
    rows = []
    for i in range(n):
        words = [f"row{i}", "new" * (i % 5 == 0), "alpha", "the" * (i % 2 == 0), "beta"]
        words += ["a"] * (i % 3 == 0)
        if i % 97 == 5 and i < n // 2:
            words += ["we", "made", "the", "a", "new", "thing"]
        words += ["gamma"] * (i % 2 == 0) + ["delta"] * (i % 10 == 0) + ["omega"] * (i % 300 == 7)
        rows.append(("user" if i % 3 else "assistant", " ".join(words), None, None, 1.7e9 + i))
    return rows


@pytest.mark.parametrize("probe", [1, 16])
def test_stage_one_finds_the_newest_matches_as_sqlite_does(
    pg: PgStateDatabase, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, probe: int
) -> None:
    """Stage 1 (the newest ``limit`` rows matching a term) gives SQLite's rows whichever
    way it goes past its probe: walking on (common terms), from the GIN index (rare
    terms, a phrase of common words), a term's windows, with and without a filter."""
    monkeypatch.setattr(fts, "PROBE", probe)
    monkeypatch.setattr(fts, "WORD_PROBE", probe)  # 1: up to three windows, then the rest
    lite = _both_hold_the_corpus(pg, tmp_path, 1200)
    matches = ['"the a new"', '"gamma"', '"delta"', '"omega"', '"zeta"', '"new"']
    matches += ['("gamma") AND ("delta")', '"a new"']
    for match in matches:
        for limit in (5, 50, 501):
            for where, args in (("1", ()), ("c.role = ?", ("user",))):

                def ids(
                    c: Any, m: str = match, k: int = limit, w: str = where, p: Any = args
                ) -> list[int]:
                    return _newest(c, "messages_word", m, k, w, p, MESSAGE_TABLE)

                want = lite.read(ids)
                assert pg.read(ids) == want, (match, limit, where)
    phrase = lite.read(
        lambda c: _newest(c, "messages_word", '"the a new"', 501, "1", (), MESSAGE_TABLE)
    )
    assert phrase == [i + 1 for i in reversed(range(1200)) if i % 97 == 5 and i < 600]


class _Sent:
    """The statements psycopg sends (a pass-through spy on the library's cursor)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.sql: list[str] = []
        self.params: list[Any] = []
        real = psycopg.Cursor.execute

        def execute(cur: Any, query: Any, *args: Any, **kwargs: Any) -> Any:
            self.sql.append(query.decode() if isinstance(query, bytes) else str(query))
            self.params.append(args[0] if args else kwargs.get("params"))
            return real(cur, query, *args, **kwargs)

        monkeypatch.setattr(psycopg.Cursor, "execute", execute)

    def during(self, call: Any) -> list[str]:
        return self.with_result(call)[0]

    def with_result(self, call: Any) -> tuple[list[str], Any]:
        self.sql.clear()
        result = call()
        return list(self.sql), result


def _stage_one(matches: list[str], limit: int, where: str, args: Any) -> Any:
    """A read that runs stage 1 for ``matches``: BM25's counters and each term's ids."""

    def found(c: Any) -> Any:
        terms = [Term(m, "word", "messages_word", m, m) for m in matches]
        stats = candidates.lookup(c, terms, limit, where, args, MESSAGE_TABLE)
        return stats, [t.ids for t in terms]

    return found


def test_stage_one_is_one_statement_with_sqlites_rows(
    pg: PgStateDatabase, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every term's newest matches and BM25's counters come back in one statement, equal
    to SQLite's term by term, whatever the newest id a phrase's probe was told (a stale
    hint only changes which way the statement goes)."""
    lite = _both_hold_the_corpus(pg, tmp_path, 1200)
    matches = ['"the a new"', '"gamma"', '"delta"', '"omega"', '"zeta"', '"a new"', '"new"']
    sent = _Sent(monkeypatch)
    for limit in (5, 501):
        for where, args in (("1", ()), ("c.role = ?", ("user",))):
            found = _stage_one(matches, limit, where, args)
            want = lite.read(found)
            for hint in (None, 3, 600, 1100, 1190, 10**6):  # none, stale, mid-table, ahead
                if hint is None:
                    pg._newest_ids.clear()
                else:
                    pg._newest_ids["messages"] = hint
                # assert on the read that used the hint (it refreshes the hint)
                statements, got = sent.with_result(functools.partial(pg.read, found))
                assert got == want, (limit, where, hint)
                assert len(statements) == (4 if hint is None else 3)  # BEGIN, …, COMMIT


@pytest.mark.parametrize("n_terms", [1, 2, 5, 12])
def test_stage_one_sends_a_row_a_term_with_sqlites_ids(
    pg: PgStateDatabase, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, n_terms: int
) -> None:
    """Stage 1 sends back one row a term (its ids as an array) and the counters' row,
    however many rows match: the same ids as SQLite for 1, 2, 5 and 12 terms, words and
    phrases, with and without a filter."""
    lite = _both_hold_the_corpus(pg, tmp_path, 1200)
    pool = ['"gamma"', '"the a new"', '"delta"', '"a new"', '"omega"', '"new"', '"zeta"']
    pool += ['"alpha"', '"the"', '"beta gamma"', '"row7"', '"made the"']
    matches = pool[:n_terms]
    fetched: list[int] = []
    real = psycopg.Cursor.fetchall

    def fetchall(cur: Any) -> Any:
        rows = real(cur)
        fetched.append(len(rows))
        return rows

    monkeypatch.setattr(psycopg.Cursor, "fetchall", fetchall)
    for limit in (5, 501):
        for where, args in (("1", ()), ("c.role = ?", ("user",))):
            found = _stage_one(matches, limit, where, args)
            want = lite.read(found)
            assert any(len(ids) > 1 for ids in want[1]), matches
            fetched.clear()
            assert pg.read(found) == want, (n_terms, limit, where)
            assert max(fetched) <= n_terms + 1, fetched


def test_common_words_anded_walk_the_rarest_ones_postings_when_stage_one_says_so(
    pg: PgStateDatabase, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After stage 1, common words ANDed without a filter (the bonus for rows holding all)
    come from the postings, the rarest word's walked and the others probed, when its
    ids say a short walk finds them; words its ids never saw together keep the GIN
    windows. Both give SQLite's ids."""
    lite = _both_hold_the_corpus(pg, tmp_path, 1200)
    sent = _Sent(monkeypatch)
    found = []
    for words, walked in ((["gamma", "delta"], True), (["gamma", "omega"], False)):
        match = " AND ".join(f'("{w}")' for w in words)

        def anded(c: Any, w: list[str] = words, m: str = match) -> list[int]:
            _stage_one([f'"{x}"' for x in w], 501, "1", ())(c)
            return _newest(c, "messages_word", m, 150, "1", (), MESSAGE_TABLE)

        want = lite.read(anded)
        statements, got = sent.with_result(functools.partial(pg.read, anded))
        assert got == want, words
        assert any(WALK in q for q in statements) is walked, statements
        found.append(len(got))
    assert found == [120, 0]  # every tenth row holds delta and gamma; omega's never gamma


WALK = "CROSS JOIN LATERAL (SELECT 1 FROM message_postings b1 "  # the walk's probe


def _log_words(lite: Database, pg: PgStateDatabase, rows: list[list[str]]) -> Database:
    """One session of a message a row (its words) on both backends; SQLite's database."""
    for db in (lite, pg):
        store = SessionStore(db)
        store.start("a", session_id="one", started_at=1.7e9)
        texts = [f"r{i} {' '.join(w)}" for i, w in enumerate(rows)]
        store.log_many("one", [("user", t, None, None, 1.7e9 + i) for i, t in enumerate(texts)])
    return lite


def _x_and_y(c: Any) -> list[int]:
    """The newest 20 rows holding x and y, after stage 1 read 100 ids of each."""
    _stage_one(['"x"', '"y"'], 100, "1", ())(c)
    return _newest(c, "messages_word", '("x") AND ("y")', 20, "1", (), MESSAGE_TABLE)


def test_the_walk_stops_at_its_cap_and_the_gin_windows_find_the_rest(
    pg: PgStateDatabase, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two words that meet in the ten newest rows (stage 1's 100 ids of each estimate a
    walk of 200 postings for 20 rows), then in none of the next 1,600 rows (800 of a
    word's postings), then in the 50 oldest: the walk probes at most its cap of postings,
    the GIN windows below them find the rest; SQLite's ids, and the GIN path's."""
    rows = [["x", "y"] if i < 50 or i >= 1650 else ["y" if i % 2 else "x"] for i in range(1660)]
    lite = _log_words(Database(tmp_path / "state.db"), pg, rows)
    want = lite.read(_x_and_y)
    assert want == [*range(1660, 1650, -1), *range(50, 40, -1)]
    sent = _Sent(monkeypatch)
    statements, got = sent.with_result(functools.partial(pg.read, _x_and_y))
    assert got == want
    (k,) = [k for k, q in enumerate(statements) if WALK in q]
    explain = f"EXPLAIN (ANALYZE, FORMAT JSON) {statements[k]}"
    plan = pg.read(lambda c: c.raw.execute(explain, sent.params[k]).fetchone()[0])
    probes = [n for n in _plan_nodes(plan[0]["Plan"]) if n.get("Alias") == "b1"]
    # the cap: WALK_CAP × the estimate, about limit (20) × the 100 ids ÷ the 10 both held
    assert probes[0]["Actual Loops"] <= fts.WALK_CAP * 20 * 100 // 10  # main's walk: 820
    monkeypatch.setattr(fts, "AND_WALK", 0)  # the GIN windows throughout
    assert pg.read(_x_and_y) == want


@pytest.mark.parametrize("shift", [-1, 0, 1])
def test_the_posting_at_the_walks_cap_is_read_once(
    pg: PgStateDatabase, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, shift: int
) -> None:
    """The rows holding both words that lie just before, at and just after the walk's cap
    (review rvpgsmall: `c.id < top` or a posting read twice passed the test above): the
    ids SQLite and the GIN path give. Oldest first: 30 single-word rows, 50 holding both,
    a gap alternating the words, the 10 newest holding both."""

    def layout(gap: int) -> list[list[str]]:
        rows = [["x"] if i % 2 else ["y"] for i in range(30)] + [["x", "y"]] * 50
        rows += reversed([["x"] if k % 2 == 0 else ["y"] for k in range(gap)])
        return rows + [["x", "y"]] * 10

    def walk(rows: list[list[str]]) -> tuple[list[str], int]:
        newest = [[i + 1 for i in reversed(range(len(rows))) if w in rows[i]][:100] for w in "xy"]
        f = fts.Fts(None, {"messages": len(rows)})
        f._word_ids = dict(zip("xy", newest, strict=True))
        found = f._walk(["x", "y"], 20)
        assert found is not None
        return found

    order, cap = walk(layout(2000))
    half = cap - 10 + shift  # the first old row holding both is posting cap + shift + 1
    rows = layout(2 * half - 1 if order[0] == "x" else 2 * half)
    lite = _log_words(Database(tmp_path / "state.db"), pg, rows)
    want = lite.read(_x_and_y)
    assert len(want) == 20
    assert pg.read(_x_and_y) == want
    monkeypatch.setattr(fts, "AND_WALK", 0)
    assert pg.read(_x_and_y) == want


def _recall_corpus(db: Any) -> None:
    """Sessions oldest first: "rare" (30 rows, agent r), "off" (300 rows, memory off),
    "kid" (60 rows, child of "one"), "one" (1,200 rows of :func:`_stage_one_corpus`)."""
    store = SessionStore(db)
    body = _stage_one_corpus(1200)
    store.start("r", session_id="rare", started_at=1.7e9)
    store.start("o", session_id="off", started_at=1.7e9, memory_mode="disabled")
    store.start("a", session_id="one", started_at=1.7e9)
    store.start("k", session_id="kid", parent_id="one", started_at=1.7e9)
    for sid, rows in (
        ("rare", body[-30:]),
        ("off", body[:300]),
        ("kid", body[-60:]),
        ("one", body),
    ):
        store.log_many(sid, [(r, f"{sid} {t} 部门聚餐", *rest) for r, t, *rest in rows])


RECALLS: dict[str, dict[str, Any]] = {
    "recall": {"exclude": ["kid", "one"], "memory_modes": ["enabled"]},  # from "kid": rare
    "broad": {"exclude": ["kid"], "memory_modes": ["enabled"]},  # passes most rows
    "agent": {"agent": "o"},
    "nothing": {"exclude": ["rare", "one", "kid", "off"]},
}


@pytest.mark.parametrize("flt", sorted(RECALLS))
def test_a_filtered_word_walks_its_postings_with_the_gin_windows_ids(
    pg: PgStateDatabase, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, flt: str
) -> None:
    """A single word with a filter (``Conversation.recall``'s, every turn) walks its
    postings, each row checked against the filter, at most ``FILTER_WALK × limit`` of
    them, then the GIN windows below: SQLite's ids and the GIN path's, term by term, for
    a filter passing most rows (no walk reaches its cap), recall's from "kid" passing
    the 30 oldest, another agent's 300 rows and one excluding every row (common words'
    walks reach it); then whole searches of the bench's kinds, as recall sends them."""
    lite = Database(tmp_path / "state.db")
    for db in (lite, pg):
        _recall_corpus(db)
    where, args = search_mod.Filters.build(**RECALLS[flt]).sql()
    matches = ['"gamma"', '"delta"', '"omega"', '"alpha"', '"new"', '"rare"', '"部门"', '"zz"']
    sent = _Sent(monkeypatch)
    for limit in (5, 501):
        found = _stage_one(matches, limit, where, args)
        want = lite.read(found)
        statements, got = sent.with_result(functools.partial(pg.read, found))
        assert got == want, (flt, limit)
        below = [q for q in statements if "c.id < " in q]  # the GIN windows after a cap
        assert bool(below) is (flt != "broad"), statements  # "broad": none needs the GIN
        if flt == "recall":  # "alpha": the rare session's 30 rows, below 8,000 postings
            assert [len(ids) for ids in got[1]][3] == min(limit, 30)
        monkeypatch.setattr(fts, "FILTER_WALK", 0)
        assert pg.read(found) == want
        monkeypatch.setattr(fts, "FILTER_WALK", 2.0)
    queries = [*QUERIES, "gamma", "alpha beta", '"the a new"', "row7_x", "what did we make"]
    lite_store, pg_store = SessionStore(lite), SessionStore(pg)
    for q in queries:
        hits = lite_store.search(q, limit=3, window=0, **RECALLS[flt])
        want_hits = [(h.session_id, h.message_id, h.snippet) for h in hits]
        for walk in (2.0, 0):
            monkeypatch.setattr(fts, "FILTER_WALK", walk)
            hits = pg_store.search(q, limit=3, window=0, **RECALLS[flt])
            assert [(h.session_id, h.message_id, h.snippet) for h in hits] == want_hits, q


@pytest.mark.parametrize("own", [9, 10, 11])
def test_the_row_at_a_filtered_walks_cap_is_read_once(
    pg: PgStateDatabase, tmp_path: Path, own: int
) -> None:
    """The newest rows left out by the filter (the searching session's own) fill the walk
    (its cap: 10 postings for 5 rows) to just before, at and just past its end: the rows
    older than them are each found once, as SQLite finds them."""
    lite = Database(tmp_path / "state.db")
    for db in (lite, pg):
        store = SessionStore(db)
        for sid, n in (("past", 30), ("own", own)):
            store.start("a", session_id=sid, started_at=1.7e9)
            store.log_many(sid, [("user", f"{sid} {i} w", None, None, 1.7e9 + i) for i in range(n)])
    where, args = search_mod.Filters.build(exclude=["own"]).sql()
    found = _stage_one(['"w"'], 5, where, args)
    want = lite.read(found)
    assert want[1] == [list(range(30, 25, -1))]
    assert pg.read(found) == want

    def alone(c: Any) -> list[int]:  # the same word through ``newest``, not stage 1
        return _newest(c, "messages_word", '"w"', 5, where, args, MESSAGE_TABLE)

    assert pg.read(alone) == lite.read(alone) == want[1][0]


def _plan_nodes(node: dict[str, Any]) -> Iterator[dict[str, Any]]:
    yield node
    for child in node.get("Plans", ()):
        yield from _plan_nodes(child)


def _interleaved(store: SessionStore) -> dict[str, list[int]]:
    """Three sessions' turns interleaved; each session's message ids, in order."""
    ids: dict[str, list[int]] = {"one": [], "two": [], "kid": []}
    store.start("a", session_id="one", started_at=1.7e9)
    store.start("b", session_id="two", started_at=1.7e9)
    store.start("c", session_id="kid", parent_id="two", started_at=1.7e9)
    for i in range(40):
        sid = ("one", "two", "kid")[i % 3] if i % 5 else "one"
        text = f"turn {i} about {'lockfile' if i % 7 == 3 else 'lunch'} and 部门聚餐"
        ids[sid].append(store.log(sid, "user" if i % 2 else "assistant", text, timestamp=1.7e9 + i))
    return ids


def test_grouped_search_windows_are_arounds_on_both_engines(
    pg: PgStateDatabase, tmp_path: Path
) -> None:
    """Each hit's context (read for all hits in one statement) is the hit's ``around``,
    inside its own session when sessions interleave, and the same on both engines."""
    stores = [SessionStore(Database(tmp_path / "state.db")), SessionStore(pg)]
    order = [_interleaved(store) for store in stores]
    for q in ("lockfile", "lunch", "部门聚餐", "turn 0"):
        for window in (0, 1, 3):
            got = []
            for store, ids in zip(stores, order, strict=True):
                hits = store.search(q, limit=5, window=window)
                assert hits, q
                for h in hits:
                    same = ids[h.matched_session_id]  # the window, worked out here
                    k = same.index(h.message_id)
                    assert [m.id for m in h.context] == same[max(0, k - window) : k + window + 1]
                    assert h.context == store.around(h.message_id, window)
                    assert {m.session_id for m in h.context} == {h.matched_session_id}
                got.append([(h.session_id, h.message_id, h.context) for h in hits])
            assert got[0] == got[1], (q, window)
    assert stores[1].around(10**6, 2) == [] == stores[0].around(10**6, 2)


def test_windows_are_one_statement_of_one_shape_as_on_sqlite(
    pg: PgStateDatabase, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every hit's window comes from one statement whose text does not change with the
    number of hits (so PostgreSQL plans it cheaply and psycopg can prepare it), equal to
    SQLite's windows: hits with and without their session, a missing id, interleaved
    sessions."""
    lite, post = Database(tmp_path / "state.db"), pg
    ids = _interleaved(SessionStore(lite))
    assert _interleaved(SessionStore(post)) == ids
    sent = _Sent(monkeypatch)
    texts = set()
    for hits in (
        [(ids["one"][2], "one")],
        [(ids["one"][0], None), (ids["two"][3], "two"), (10**6, None), (ids["kid"][-1], None)],
        [(i, None) for i in range(1, 41)],
    ):
        for window in (0, 1, 3):
            want = lite.read(lambda c, h=hits, w=window: search_mod.arounds(c, h, w))
            statements, got = sent.with_result(
                lambda h=hits, w=window: post.read(lambda c: search_mod.arounds(c, h, w))
            )
            assert got == want, (hits, window)
            texts.update(q for q in statements if "unnest" in q or "UNION ALL" in q)
    assert len(texts) == 1, texts


def test_a_search_sends_a_fixed_handful_of_statements(
    pg: PgStateDatabase, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Round trips do not grow with the terms of a query or the hits of a grouped
    search: BEGIN, stage 1, the candidates with their neighbours, the hits' rows,
    COMMIT; a grouped search without parents reads its windows with the hits' rows (as
    many round trips as ``search_messages``), with them the session tree and the
    windows of hits whose tree merged sessions."""
    store = SessionStore(pg)
    _interleaved(store)
    sent = _Sent(monkeypatch)
    store.search_messages("warm up")
    flat = sent.during(lambda: store.search_messages("lockfile lunch turn about"))
    assert len(flat) == 5, flat
    parentless = sent.during(lambda: store.search("lockfile lunch", limit=5, exclude=["kid"]))
    assert len(parentless) == 5, parentless
    grouped = sent.during(lambda: store.search("lockfile lunch", limit=5, window=2))
    assert len(grouped) <= 8, grouped


def test_a_grouped_search_looking_further_down_reads_stage_one_once(
    pg: PgStateDatabase, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When one long session takes the first candidates, the grouped search ranks again
    for more of them with the same stage 1: read once in the snapshot, the same hits as
    SQLite's."""
    stores = [SessionStore(Database(tmp_path / "state.db")), SessionStore(pg)]
    for store in stores:
        store.start("a", session_id="old", started_at=1.7e9)
        store.log("old", "user", "the lockfile once", timestamp=1.7e9)
        store.start("a", session_id="long", started_at=1.7e9 + 1)
        for i in range(60):  # 30 candidates in one group, then 61 of 120
            store.log("long", "user", f"lockfile turn {i}", timestamp=1.7e9 + 2 + i)
    sent = _Sent(monkeypatch)
    lite = stores[0].search("lockfile", limit=2)
    statements, got = sent.with_result(lambda: stores[1].search("lockfile", limit=2))
    assert [h.session_id for h in got] == ["long", "old"]
    assert [(h.message_id, h.matches, h.context) for h in got] == [
        (h.message_id, h.matches, h.context) for h in lite
    ]
    ranked = [q for q in statements if "SELECT h.id" in q]  # the candidates, each ranking
    assert len(ranked) == 2, statements
    assert sum("FROM fts_stats" in q for q in statements) == 1, statements


def _examined(plan: dict[str, object]) -> tuple[int, set[str]]:
    """Rows a plan's scans read (returned or filtered out) and the indexes it used."""
    rows, used = 0, set()
    loops = int(plan.get("Actual Loops", 0))  # type: ignore[arg-type]
    if "Scan" in str(plan["Node Type"]) and loops:
        for key in ("Actual Rows", "Rows Removed by Filter", "Rows Removed by Index Recheck"):
            rows += int(plan.get(key, 0)) * loops  # type: ignore[call-overload]
        if plan.get("Index Name"):
            used.add(str(plan["Index Name"]))
    for child in plan.get("Plans", ()):  # type: ignore[attr-defined]
        more, idx = _examined(child)
        rows += more
        used |= idx
    return rows, used


def test_a_phrase_of_common_words_is_found_through_the_index(
    pg: PgStateDatabase, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A phrase of common words that few rows hold as a phrase, and none of the newest,
    is answered from the GIN index after windows of the newest rows (here 42, 168 and
    672 rows): the statement reads a fraction of the rows (a backward walk would read
    every row)."""
    monkeypatch.setattr(fts, "PROBE", 2)
    store = SessionStore(pg)
    store.start("a", session_id="one", started_at=1.7e9)
    store.log_many("one", _stage_one_corpus(3000))
    pg.write(lambda c: c.execute("ANALYZE messages"))

    def explain(c: Any) -> tuple[list[int], dict[str, Any]]:
        c.execute("SET LOCAL enable_seqscan = off")
        c.fts.table_stats(MESSAGE_TABLE)
        got = c.fts.statement('"the a new"', 21, "1", (), MESSAGE_TABLE)
        assert got is not None
        plan = c.execute("EXPLAIN (ANALYZE, FORMAT JSON) " + got[0], got[1]).fetchone()[0]
        return [r[0] for r in c.execute(*got)], plan[0]["Plan"]

    ids, plan = pg.read(explain)
    assert ids == [i + 1 for i in reversed(range(3000)) if i % 97 == 5 and i < 1500][:21]
    rows, used = _examined(plan)
    assert "messages_tsv" in used
    assert rows < 3000 // 3, (rows, used)


def _postings(pg: PgStateDatabase) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    """(the ``message_postings`` rows, each message's ``tsv`` terms), both sorted."""

    def both(c: Any) -> Any:
        kept = "SELECT term, id FROM message_postings ORDER BY 1, 2"
        terms = (
            'SELECT t COLLATE "C", id FROM messages, unnest(tsvector_to_array(tsv)) t ORDER BY 1, 2'
        )
        return [tuple(r) for r in c.execute(kept)], [tuple(r) for r in c.execute(terms)]

    return pg.read(both)


def test_postings_follow_every_write_in_its_transaction(pg: PgStateDatabase) -> None:
    """``message_postings`` holds each message's terms after a log, an edit, a session's
    deletion, a bulk load and a failed load, and a search right after a write finds it."""
    store = SessionStore(pg)
    _fill(store)
    kept, terms = _postings(pg)
    assert kept == terms and ("lockfil", 1) in kept
    mid = store.log("one", "user", "the quokka ate my lockfile")
    assert [h.message_id for h in store.search_messages("quokka")] == [mid]
    pg.write(lambda c: c.execute("UPDATE messages SET content = 'zebra' WHERE id = ?", (mid,)))
    assert store.search_messages("quokka") == []
    assert [h.message_id for h in store.search_messages("zebra")] == [mid]
    pg.write(lambda c: c.execute("UPDATE messages SET role = 'user' WHERE id = ?", (mid,)))
    store.delete("two")
    copy(pg, [("b1", "bulk", 1.7e9)], [("b1", "user", "a wombat in bulk", None, None, None)])
    with pytest.raises(memdir.MemdirError):
        copy(pg, [("b1", "bulk", 1.7e9)], [("b1", "user", "numbat", None, None, None)])
    kept, terms = _postings(pg)
    assert kept == terms and ("zebra", mid) in kept and ("quokka", mid) not in kept
    assert not [k for k in kept if k[0] == "numbat"]
    assert [h.session_id for h in store.search_messages("wombat")] == ["b1"]


def test_a_truncate_empties_the_postings(pg: PgStateDatabase) -> None:
    """``TRUNCATE messages`` (or ``sessions``, cascading) empties ``message_postings``
    too: a later log (its id taken again) and a bulk load into the emptied table work."""
    store = SessionStore(pg)
    _fill(store)
    pg.write(lambda c: c.execute("TRUNCATE messages CASCADE"))
    assert _postings(pg) == ([], [])
    mid = store.log("one", "user", "the quokka after a truncate")
    assert mid == 1 and [h.message_id for h in store.search_messages("quokka")] == [mid]
    pg.write(lambda c: c.execute("TRUNCATE sessions CASCADE"))
    copy(pg, [("b1", "bulk", 1.7e9)], [("b1", "user", "a quokka in bulk", None, None, None)])
    kept, terms = _postings(pg)
    assert kept == terms and ("quokka", 1) in kept
    assert [h.session_id for h in store.search_messages("quokka")] == ["b1"]


def test_a_truncate_resets_the_search_counters(pg: PgStateDatabase) -> None:
    """``TRUNCATE messages`` (``sessions``, cascading; ``entries``) sets that table's
    ``fts_stats`` to zero, as a ``DELETE`` would: BM25 counts no removed row, and
    ``memdir doctor`` finds nothing to mend."""
    store = SessionStore(pg)
    _fill(store)
    pg.write(
        lambda c: c.execute(
            "INSERT INTO entries (location, entry_id, scope, archived, updated, sig, name, "
            "description, body) VALUES ('l', 'e', 'local', 0, 0, 's', 'quokka', 'd', 'b')"
        )
    )

    def stats(c: Any) -> list[tuple[Any, ...]]:
        return sorted(tuple(r) for r in c.execute("SELECT base, nrows, ntok FROM fts_stats"))

    assert [(base, n) for base, n, ntok in pg.read(stats) if ntok] == [
        ("entries", 1),
        ("messages", 8),
    ]
    for table in ("messages", "entries"):
        pg.write(lambda c, t=table: c.execute(f"TRUNCATE {t} CASCADE"))
    assert pg.read(stats) == [("entries", 0, 0), ("messages", 0, 0)]
    assert pg.health(repair=False).healthy
    store.log("one", "user", "the quokka after a truncate")
    pg.write(lambda c: c.execute("TRUNCATE sessions CASCADE"))
    assert pg.read(stats)[1] == ("messages", 0, 0) and pg.health(repair=False).healthy


def test_step_0008_fills_the_postings_of_an_older_database(pg_url: str) -> None:
    """A state made before step 0008, its messages indexed, gets their postings from the
    step: searches find them and later writes keep them."""
    from memdir.pg.db import Schema
    from memdir.pg.sessions import schema_name
    from memdir.pg.state_schema import state_schema

    name = schema_name(pg_url.rsplit("search_path%3D", 1)[1], "older")
    full = state_schema(name, "state/older")
    assert full.steps[7].name == "0008_message_postings"
    older = PgDatabase(pg_url)
    older.ensure(Schema(full.component, full.steps[:7]))
    older.close()
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute(f'SET search_path TO "{name}"')
        conn.execute("INSERT INTO sessions (id, agent, started_at) VALUES ('s', 'a', 0)")
        conn.execute(
            "INSERT INTO messages (id, session_id, role, content, timestamp, tsv, ntok) "
            "VALUES (1, 's', 'user', 'older quokka', 0, to_tsvector('simple', 'older quokka'), 2)"
        )
        conn.execute("UPDATE fts_stats SET nrows = 1, ntok = 2 WHERE base = 'messages'")
    db = PgStateDatabase(PgDatabase(pg_url), user="older")
    try:
        store = SessionStore(db)
        assert [h.message_id for h in store.search_messages("quokka")] == [1]
        store.log("s", "user", "a younger quokka")
        assert {h.message_id for h in store.search_messages("quokka")} == {1, 2}
        kept, terms = _postings(db)
        assert kept == terms and ("quokka", 1) in kept and ("younger", 2) in kept
        key = "SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid = "
        key += "'message_postings'::regclass AND contype = 'p'"
        pkey = ("message_postings_pkey", "PRIMARY KEY (term, id)")
        assert db.read(lambda c: [tuple(r) for r in c.execute(key)]) == [pkey]
    finally:
        db.pg.close()


def test_a_load_into_an_empty_table_builds_the_postings_key_once(
    pg: PgStateDatabase, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Into an empty ``messages`` the postings' primary key is made again after the rows
    (same definition); a load into a table with rows keeps it. Either way the postings
    are each message's terms."""
    monkeypatch.setattr(bulk, "CHUNK", 2)

    def key(c: Any) -> Any:
        return c.execute(
            "SELECT oid, pg_get_constraintdef(oid) FROM pg_constraint "
            "WHERE conrelid = 'message_postings'::regclass AND contype = 'p'"
        ).fetchone()

    before = pg.read(key)
    copy(
        pg,
        [("a", "bulk", 1.7e9)],
        [("a", "user", f"quokka {i}", None, None, None) for i in range(5)],
    )
    after = pg.read(key)
    assert after[1] == before[1] == "PRIMARY KEY (term, id)" and after[0] != before[0]
    copy(pg, [("b", "bulk", 1.7e9)], [("b", "user", "wombat", None, None, None)])
    assert pg.read(key) == after
    kept, terms = _postings(pg)
    assert kept == terms and ("wombat", 6) in kept and len(kept) == 11


def test_a_word_without_a_filter_is_read_from_the_postings_index_alone(
    pg: PgStateDatabase, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A word's stage 1 without a filter reads the (term, id) b-tree by an index-only scan
    (no heap page a match); with a filter it walks the postings (two look-ups a word); a
    phrase or several terms ANDed take the GIN index; either way SQLite's ids."""
    lite = _both_hold_the_corpus(pg, tmp_path, 600)
    sent = _Sent(monkeypatch)
    for matches, where, args, postings in (
        (['"gamma"', '"omega"', '"zeta"'], "1", (), 3),
        (['"gamma"', '"a new"', '("gamma") AND ("delta")'], "1", (), 1),
        (['"gamma"', '"omega"'], "c.role = ?", ("user",), 4),
    ):
        found = _stage_one(matches, 50, where, args)
        statements, got = sent.with_result(functools.partial(pg.read, found))
        assert got == lite.read(found), matches
        assert sum(s.count("FROM message_postings") for s in statements) == postings
    pg.write(lambda c: c.execute("ANALYZE message_postings"))
    plan = pg.read(
        lambda c: c.execute("EXPLAIN (FORMAT JSON) " + fts.POSTINGS, ("gamma", 50)).fetchone()[0]
    )
    assert "Index Only Scan" in str(plan) and "Backward" in str(plan)


def test_edited_and_deleted_rows_leave_the_index(pg: PgStateDatabase) -> None:
    store = SessionStore(pg)
    _fill(store)
    hit = store.search_messages("lockfile")[0]  # a question: its answer follows
    pg.write(
        lambda c: c.execute("UPDATE messages SET content = 'zebra' WHERE id = ?", (hit.message_id,))
    )
    assert hit.message_id not in {h.message_id for h in store.search_messages("lockfile")}
    assert [h.message_id for h in store.search_messages("zebra")] == [hit.message_id]
    store.delete("two")
    assert {h.session_id for h in store.search_messages("海底捞")} == {"one"}
    assert store.count() == (1, 4)
    health = pg.health(repair=False)
    assert health.healthy and not health.problems and health.messages == 4


def test_health_finds_and_repairs_counters_and_unindexed_rows(pg: PgStateDatabase) -> None:
    store = SessionStore(pg)
    _fill(store)
    with psycopg.connect(pg.pg.url, autocommit=True) as conn:
        conn.execute("UPDATE fts_stats SET nrows = 0")
        conn.execute("ALTER TABLE messages DISABLE TRIGGER messages_text")
        conn.execute("UPDATE messages SET tsv = NULL, ntok = NULL WHERE id = 1")
        conn.execute("ALTER TABLE messages ENABLE TRIGGER messages_text")
    found = pg.health(repair=False)
    assert not found.healthy and len(found.problems) == 2
    assert any("not in the search index" in p for p in found.problems)
    fixed = pg.health(repair=True)
    assert fixed.healthy and len(fixed.repaired) == 2
    assert 1 in {h.message_id for h in store.search_messages("pnpm")}  # searchable again


def _break_postings(db: PgStateDatabase) -> None:
    """``message_postings`` out of step with the messages: the postings of "pnpm" gone, a
    message deleted with the postings' trigger off (its rows left), a stale row added."""
    with psycopg.connect(db.pg.url, autocommit=True) as conn:
        conn.execute(f'SET search_path TO "{db.schema()}"')
        conn.execute("DELETE FROM message_postings WHERE term = 'pnpm'")
        conn.execute("ALTER TABLE messages DISABLE TRIGGER messages_postings_delete")
        conn.execute("DELETE FROM messages WHERE id = 3")
        conn.execute("ALTER TABLE messages ENABLE TRIGGER messages_postings_delete")
        conn.execute("INSERT INTO message_postings VALUES ('quokka', 2)")


def test_health_finds_and_rebuilds_postings_out_of_step(pg: PgStateDatabase) -> None:
    """Postings that disagree with the messages' ``tsv`` are reported in the words of the
    other problems and rebuilt (their key after the rows) by the repair: a single word
    is found again, a stale row no longer."""
    store = SessionStore(pg)
    _fill(store)
    before = {h.message_id for h in store.search_messages("pnpm")}
    _break_postings(pg)
    assert store.search_messages("pnpm") == []
    found = pg.health(repair=False)
    assert not found.healthy
    assert found.problems == ["the messages search index postings disagree with its rows"]
    fixed = pg.health(repair=True)
    assert fixed.healthy and fixed.repaired == found.problems and fixed.damaged == []
    after = {h.message_id for h in store.search_messages("pnpm")}
    assert {1, 2} <= before and {1, 2} <= after and 3 not in after
    assert store.search_messages("quokka") == []
    kept, terms = _postings(pg)
    assert kept == terms and not [k for k in kept if k[1] == 3]
    key = "SELECT pg_get_constraintdef(oid) FROM pg_constraint WHERE conname = "
    key += "'message_postings_pkey' AND conrelid = 'message_postings'::regclass"
    assert pg.read(lambda c: c.execute(key).fetchall()) == [("PRIMARY KEY (term, id)",)]
    store.log("one", "user", "pnpm again")  # the triggers keep the rebuilt postings
    assert pg.health(repair=False).healthy


def _swap_terms(db: PgStateDatabase) -> None:
    """Postings with the right rows and ids but wrong terms, which counts and id sums
    cannot see: message 1's "pnpm" says "quokka", and "build" (message 7) and "depend"
    (message 8) trade their ids."""
    with psycopg.connect(db.pg.url, autocommit=True) as conn:
        conn.execute(f'SET search_path TO "{db.schema()}"')
        conn.execute("UPDATE message_postings SET term = 'quokka' WHERE term = 'pnpm' AND id = 1")
        conn.execute(
            "UPDATE message_postings SET id = 15 - id "
            "WHERE (term, id) IN (('build', 7), ('depend', 8))"
        )


def test_deep_health_finds_and_repairs_wrong_terms(pg: PgStateDatabase) -> None:
    """A posting whose term is wrong but whose id is right: the plain check misses it
    (its limit, documented here), the deep one finds it and the repair rebuilds the
    postings, after which each word finds its own row again."""
    assert pg.health(repair=False, deep=True).healthy  # an empty state
    store = SessionStore(pg)
    _fill(store)
    clean = pg.health(repair=False, deep=True)
    assert clean.healthy and clean.problems == [] and clean.messages == 8

    def ids(word: str) -> set[int]:
        return {h.message_id for h in store.search_messages(word)}

    assert 1 in ids("pnpm") and 7 in ids("build") and 8 in ids("dependencies")
    _swap_terms(pg)
    assert 1 not in ids("pnpm") and 1 in ids("quokka")  # a miss and a wrong row
    assert 8 in ids("build") and 7 not in ids("build")
    assert pg.health(repair=False).problems == []  # the plain check cannot see it
    found = pg.health(repair=False, deep=True)
    assert not found.healthy
    assert found.problems == ["the messages search index postings disagree with its rows"]
    fixed = pg.health(repair=True, deep=True)
    assert fixed.healthy and fixed.repaired == found.problems and fixed.damaged == []
    assert 1 in ids("pnpm") and ids("quokka") == set()
    assert 7 in ids("build") and 8 not in ids("build") and 8 in ids("dependencies")
    kept, terms = _postings(pg)
    assert kept == terms
    assert pg.health(repair=False, deep=True).problems == []


@pytest.mark.parametrize("backend", ["postgres"], indirect=True)
def test_doctor_deep_names_and_repairs_wrong_terms(run: Any, pg_url: str) -> None:
    """``memdir doctor`` says the state is healthy with a wrong term in the postings;
    ``memdir doctor --deep`` names it and repairs it; a second deep run finds nothing."""
    run("scopes")
    db = PgStateDatabase(PgDatabase(pg_url), user="alice")
    try:
        _fill(SessionStore(db))
        _swap_terms(db)
        problem = "the messages search index postings disagree with its rows"
        plain = run("doctor").stdout
        assert problem not in plain and "All scopes healthy." in plain
        out = run("doctor", "--deep").stdout
        assert f"found: {problem}" in out and f"repaired: {problem}" in out, out
        again = run("doctor", "--deep").stdout
        assert problem not in again and "All scopes healthy." in again
        assert 1 in {h.message_id for h in SessionStore(db).search_messages("pnpm")}
    finally:
        db.pg.close()


def _edit_text_alone(db: PgStateDatabase, edits: dict[int, str]) -> None:
    """Each message's text UPDATEd by SQL with the trigger that clears its ``tsv`` off:
    its terms (and postings) still those of the old text, both agreeing."""
    with psycopg.connect(db.pg.url, autocommit=True) as conn:
        conn.execute(f'SET search_path TO "{db.schema()}"')
        conn.execute("ALTER TABLE messages DISABLE TRIGGER messages_text")
        for mid, text in edits.items():
            conn.execute("UPDATE messages SET content = %s WHERE id = %s", (text, mid))
        conn.execute("ALTER TABLE messages ENABLE TRIGGER messages_text")


NEW_TEXT = {1: "The quokka ate marmalade", 3: "团建改在周六去爬山。"}  # English, Chinese
TEXT_PROBLEM = "2 messages rows' search terms disagree with their text"


def test_deep_health_indexes_again_rows_whose_terms_are_not_their_texts(
    pg: PgStateDatabase,
) -> None:
    """A text changed without its ``tsv``: the plain and postings checks cannot see it (the
    terms and postings agree with each other; the limit, documented here), the deep one
    analyses every row's text again, names and counts the rows and indexes them again
    (postings and counters following), after which a word only in the new text finds
    each row and the old words no longer do."""
    store = SessionStore(pg)
    _fill(store)
    clean = pg.health(repair=False, deep=True)
    assert clean.healthy and clean.problems == [] and clean.text_disagreed == 0
    assert pg.health(repair=False).text_disagreed is None  # not compared without deep

    def ids(word: str) -> set[int]:
        return {h.message_id for h in store.search_messages(word)}

    _edit_text_alone(pg, NEW_TEXT)
    assert ids("quokka") == set() and ids("爬山") == set()
    assert 1 in ids("pnpm") and 3 in ids("海底捞")  # the old text's words still find them
    plain = pg.health(repair=False)
    assert plain.healthy and plain.problems == []  # the plain check cannot see it
    found = pg.health(repair=False, deep=True)
    assert not found.healthy and found.problems == [TEXT_PROBLEM] == found.damaged
    assert (found.text_disagreed, found.text_repaired) == (2, 0)
    fixed = pg.health(repair=True, deep=True)
    assert fixed.healthy and fixed.repaired == [TEXT_PROBLEM] and fixed.damaged == []
    assert (fixed.text_disagreed, fixed.text_repaired) == (2, 2)
    assert ids("quokka") == {1} and ids("marmalade") == {1} and ids("爬山") == {3}
    assert 1 not in ids("pnpm") and ids("海底捞") == {4}
    kept, terms = _postings(pg)
    assert kept == terms  # the postings followed the new terms
    again = pg.health(repair=False, deep=True)
    assert again.healthy and again.problems == [] and again.text_disagreed == 0


def test_deep_health_counts_unindexed_rows_once_and_bad_terms_as_disagreeing(
    pg: PgStateDatabase,
) -> None:
    """A row without a ``tsv`` is the plain check's (not counted again by the text check);
    a row whose ``tsv`` is empty or whose token count is wrong disagrees with its text; a
    huge row and one with a NUL agree; all are repaired together with postings out of step
    (their rebuild first, so the rows indexed again go through postings that agree)."""
    store = SessionStore(pg)
    _fill(store)
    store.start("c", session_id="s")
    store.log("s", "tool", " ".join(f"w{i}" for i in range(300_000)))  # cut at 250k chars
    store.log("s", "user", "before\x00after quokka")
    assert pg.health(repair=False, deep=True).problems == []  # no false alarm
    with psycopg.connect(pg.pg.url, autocommit=True) as conn:
        conn.execute(f'SET search_path TO "{pg.schema()}"')
        conn.execute("ALTER TABLE messages DISABLE TRIGGER USER")
        conn.execute("UPDATE messages SET tsv = NULL, ntok = NULL WHERE id = 1")
        conn.execute("UPDATE messages SET tsv = '' WHERE id = 2")
        conn.execute("UPDATE messages SET ntok = ntok + 1 WHERE id = 5")
        conn.execute("ALTER TABLE messages ENABLE TRIGGER USER")
        conn.execute("INSERT INTO message_postings VALUES ('quokka', 2)")
    found = pg.health(repair=False, deep=True)
    assert found.text_disagreed == 2 and not found.healthy
    assert "1 messages rows are not in the search index" in found.problems
    assert "2 messages rows' search terms disagree with their text" in found.problems
    fixed = pg.health(repair=True, deep=True)
    assert fixed.healthy and fixed.damaged == [] and fixed.text_repaired == 2
    assert pg.health(repair=False, deep=True).problems == []
    assert {1, 2} <= {h.message_id for h in store.search_messages("pnpm")}
    kept, terms = _postings(pg)
    assert kept == terms


@pytest.mark.parametrize("backend", ["postgres"], indirect=True)
def test_doctor_deep_reads_the_text_and_says_how_many_rows_it_indexed_again(
    run: Any, pg_url: str
) -> None:
    """``memdir doctor`` says a state whose texts changed without their terms is healthy;
    ``--deep`` (and its ``--json``) counts the rows that disagreed and were indexed again;
    a word only in a new text then finds its row; a second run finds nothing."""
    run("scopes")
    db = PgStateDatabase(PgDatabase(pg_url), user="alice")
    try:
        store = SessionStore(db)
        _fill(store)
        clean = json.loads(run("doctor", "--deep", "--json").stdout)["state"]
        assert (clean["text_disagreed"], clean["text_repaired"]) == (0, 0)
        _edit_text_alone(db, NEW_TEXT)
        plain = run("doctor").stdout
        assert TEXT_PROBLEM not in plain and "All scopes healthy." in plain
        assert "search terms against the text" not in plain
        out = run("doctor", "--deep").stdout
        assert f"found: {TEXT_PROBLEM}" in out and f"repaired: {TEXT_PROBLEM}" in out, out
        assert "search terms against the text: 2 rows disagreed, 2 indexed again" in out
        assert [h.message_id for h in store.search_messages("quokka")] == [1]
        assert [h.message_id for h in store.search_messages("爬山")] == [3]
        again = json.loads(run("doctor", "--deep", "--json").stdout)
        assert again["healthy"] and again["state"]["problems"] == []
        assert (again["state"]["text_disagreed"], again["state"]["text_repaired"]) == (0, 0)
        _edit_text_alone(db, {2: "wombat"})
        fixed = json.loads(run("doctor", "--deep", "--json").stdout)["state"]
        assert (fixed["text_disagreed"], fixed["text_repaired"]) == (1, 1)
        assert fixed["repaired"] == ["1 messages rows' search terms disagree with their text"]
    finally:
        db.pg.close()


def test_deep_health_reads_every_batch_and_mends_entries_and_rows_edited_meanwhile(
    pg: PgStateDatabase, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Batches of 3 rows: stale rows in every batch are found and indexed again, progress
    told per batch; a stale entry is found and repaired too; a stale row edited by a writer
    and another deleted after the check's snapshot, before the repair, end indexed from
    the text they hold (none lost, postings and counters in step)."""
    from memdir.core.model import Entry, EntryType
    from memdir.sessions.entries import EntryDoc, EntryIndex

    monkeypatch.setattr(fts, "CHECK_BATCH", 3)
    store = SessionStore(pg)
    store.start("c", session_id="s")
    store.log_many("s", [("user", f"row{i} oldword common", None, None, None) for i in range(20)])
    now = datetime.now(UTC)
    docs = [
        EntryDoc(
            "/loc", "user", Entry(f"e{i}", f"n{i}", "d", EntryType.USER, f"body {i}", now, now)
        )
        for i in range(5)
    ]
    index = EntryIndex(pg)
    index.sync(docs, [("/loc", False)])
    stale = [2, 3, 7, 11, 19, 20]  # several batches, the last one short
    _edit_text_alone(pg, {i: f"row{i} quokka common" for i in stale})
    with psycopg.connect(pg.pg.url, autocommit=True) as conn:
        conn.execute(f'SET search_path TO "{pg.schema()}"')
        conn.execute("ALTER TABLE entries DISABLE TRIGGER entries_text")
        conn.execute("UPDATE entries SET body = 'marmalade' WHERE entry_id = 'e1'")
        conn.execute("ALTER TABLE entries ENABLE TRIGGER entries_text")
    told: list[tuple[str, int, int | None]] = []

    def meanwhile(stage: str, done: int, total: int | None) -> None:
        told.append((stage, done, total))
        if len(told) == 1:  # after the check's snapshot, before the repair
            pg.write(lambda c: c.execute("UPDATE messages SET content = 'wombat' WHERE id = 3"))
            pg.write(lambda c: c.execute("DELETE FROM messages WHERE id = 7"))

    fixed = pg.health(repair=True, deep=True, progress=meanwhile)
    assert fixed.text_disagreed == 7 and fixed.healthy and fixed.damaged == [], fixed
    assert fixed.text_repaired == 5  # not 3 (the writer indexed it) nor 7 (deleted)
    dones = [d for stage, d, _ in told if stage.startswith("messages")]
    assert dones == [3, 6, 9, 12, 15, 18, 20] and told[len(dones) - 1][2] == 20
    ids = {w: {h.message_id for h in store.search_messages(w)} for w in ("quokka", "wombat")}
    assert ids == {"quokka": {2, 11, 19, 20}, "wombat": {3}}
    assert 3 not in {h.message_id for h in store.search_messages("oldword")}
    assert [d.entry.id for d, _ in index.search("marmalade", docs, ["/loc"])] == ["e1"]
    kept, terms = _postings(pg)
    assert kept == terms
    assert pg.health(repair=False, deep=True).problems == []


def test_deep_repair_touches_only_the_postings_of_terms_that_changed(pg: PgStateDatabase) -> None:
    """A long text with one word changed without its terms: the repair stores the new
    terms in one UPDATE and the postings trigger deletes and adds only the terms that
    differ (the others keep their row version), so a 100 KB message does not rewrite its
    ~13k postings to change one; a statement replacing several rows' terms at once
    leaves the postings those of the terms too."""
    store = SessionStore(pg)
    store.start("c", session_id="s")
    words = [f"word{i}" for i in range(200)]
    first, other = store.log_many(
        "s", [("user", " ".join(words), None, None, None), ("user", "other text", None, None, None)]
    )

    def versions(c: Any) -> dict[str, str]:
        sql = "SELECT term, xmin::text FROM message_postings WHERE id = ?"
        return {str(t): str(x) for t, x in c.execute(sql, (first,))}

    before = pg.read(versions)
    _edit_text_alone(pg, {first: " ".join([*words[1:], "quokka"])})
    fixed = pg.health(repair=True, deep=True)
    assert (fixed.text_disagreed, fixed.text_repaired) == (1, 1) and fixed.healthy
    after = pg.read(versions)
    assert set(after) == (set(before) - {"word0"}) | {"quokka"}
    moved = {t for t in after if after[t] != before.get(t)}
    assert moved == {"quokka"}, len(moved)
    pg.write(  # two rows' terms swapped in one statement
        lambda c: c.execute(
            "UPDATE messages m SET tsv = o.tsv FROM messages o WHERE m.id + o.id = ?",
            (first + other,),
        )
    )
    kept, terms = _postings(pg)
    assert kept == terms
    assert pg.health(repair=True, deep=True).text_repaired == 2
    assert {h.message_id for h in store.search_messages("quokka")} == {first}


def _stale(pg: PgStateDatabase, n: int) -> list[int]:
    """``n`` messages of ~40 characters, each text changed without its terms."""
    store = SessionStore(pg)
    store.start("c", session_id="s")
    ids = store.log_many(
        "s", [("user", f"row{i} oldword common", None, None, None) for i in range(n)]
    )
    _edit_text_alone(pg, {i: f"row{i} quokka common words {i:020}" for i in ids})
    return ids


def test_deep_health_checks_rows_by_text_size_as_well_as_by_count(
    pg: PgStateDatabase, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check analyses at most ``CHECK_TEXT`` characters at a time (the row that crosses
    it ends the batch) whatever ``CHECK_BATCH`` allows, so memory is bounded whatever the
    rows' size; the repair indexes again at most ``REPAIR_TEXT`` characters a write
    transaction (each stale row's ``xmin`` names the transaction that indexed it again)."""
    from memdir.pg import sessions as pg_sessions

    ids = _stale(pg, 10)  # each ~45 characters
    monkeypatch.setattr(fts, "CHECK_TEXT", 100)  # three rows a batch
    monkeypatch.setattr(pg_sessions, "REPAIR_TEXT", 200)  # five rows a transaction
    told: list[int] = []
    fixed = pg.health(repair=True, deep=True, progress=lambda s, d, t: told.append(d))
    assert (fixed.text_disagreed, fixed.text_repaired) == (10, 10) and fixed.healthy
    assert told == [3, 6, 9, 10]

    def writes(c: Any) -> int:
        sql = "SELECT count(DISTINCT xmin::text) FROM messages WHERE id = ANY(?)"
        return int(c.execute(sql, (ids,)).fetchone()[0])

    assert pg.read(writes) == 2
    assert {h.message_id for h in SessionStore(pg).search_messages("quokka")} == set(ids)


def test_deep_health_counts_only_the_rows_it_indexed_again(pg_url: str) -> None:
    """Two doctors at once: the one whose repair comes second finds the rows its check
    saw already indexed again by the other (checked again under the write lock) and counts
    none of them as its own; both end healthy."""
    first, second = (PgStateDatabase(PgDatabase(pg_url)) for _ in range(2))
    try:
        _stale(first, 4)
        other: list[Any] = []

        def meanwhile(stage: str, done: int, total: int | None) -> None:
            if not other:  # after the first doctor's check, before its repair
                other.append(second.health(repair=True, deep=True))

        late = first.health(repair=True, deep=True, progress=meanwhile)
        assert (other[0].text_disagreed, other[0].text_repaired) == (4, 4)
        assert (late.text_disagreed, late.text_repaired) == (4, 0)
        assert late.healthy and other[0].healthy and late.repaired == []
    finally:
        first.pg.close()
        second.pg.close()


@pytest.mark.parametrize("backend", ["postgres"], indirect=True)
def test_doctor_names_and_repairs_postings_out_of_step(run: Any, pg_url: str) -> None:
    """``memdir doctor`` on the team database names the postings problem, then what it
    repaired; a second run finds nothing."""
    run("scopes")  # the user and their grant exist (the ``run`` fixture made them)
    db = PgStateDatabase(PgDatabase(pg_url), user="alice")
    try:
        _fill(SessionStore(db))
        _break_postings(db)
        problem = "the messages search index postings disagree with its rows"
        out = run("doctor").stdout
        assert f"found: {problem}" in out and f"repaired: {problem}" in out, out
        assert problem not in run("doctor").stdout
        assert SessionStore(db).search_messages("pnpm")
    finally:
        db.pg.close()


def test_a_huge_message_and_a_nul_are_kept_and_searchable(pg: PgStateDatabase) -> None:
    store = SessionStore(pg)
    store.start("a", session_id="s")
    huge = " ".join(f"w{i}" for i in range(300_000)) + " needle"  # ~2 MB of distinct words
    big = store.log("s", "tool", huge)
    nul = store.log("s", "user", "before\x00after quokka")
    assert store.messages("s")[0].content == huge
    assert [h.message_id for h in store.search_messages("w17")] == [big]
    assert store.messages("s")[1].content == "before\ufffdafter quokka"
    assert [h.message_id for h in store.search_messages("quokka")] == [nul]
    assert pg.health(repair=False).healthy


# -- the bulk path -------------------------------------------------------------------------


def test_copy_loads_sessions_and_messages_searchable_with_titles(pg: PgStateDatabase) -> None:
    store = SessionStore(pg)
    store.start("a", session_id="before")
    store.log("before", "user", "already here")
    got = copy(
        pg,
        [("b1", "bulk", 1.7e9), ("b2", "bulk", 1.7e9 + 5)],
        [
            ("b1", "assistant", "hello", None, None, 1.7e9),
            ("b1", "user", "  Where is the   team dinner?", None, None, 1.7e9 + 1),
            ("b2", "user", "部门聚餐在海底捞", "t", {"k": 1}, None),
        ],
    )
    assert (got.sessions, got.messages) == (2, 3)
    assert [m.id for m in store.messages("b1")] == [2, 3]  # ids continue after the newest
    assert store.get("b1").title == "Where is the team dinner?"
    assert [h.session_id for h in store.search("dinner")] == ["b1"]
    assert [h.session_id for h in store.search("海底捞")] == ["b2"]
    assert store.messages("b2")[0].tool_calls == {"k": 1}
    assert pg.health(repair=False).healthy
    with pytest.raises(memdir.MemdirError):
        copy(pg, [("b1", "bulk", 1.7e9)], [("b1", "user", "again", None, None, None)])
    assert store.count() == (3, 4)  # the failed load wrote nothing


def test_copy_in_many_chunks_ranks_as_rows_logged_one_by_one(
    pg: PgStateDatabase, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bulk path (chunks analysed on a thread while the previous one is inserted)
    leaves rows that search exactly as the same rows logged through ``log_many``, on
    SQLite and on PostgreSQL: ids, scores, snippets and titles."""
    monkeypatch.setattr(bulk, "CHUNK", 3)  # 8 messages: three chunks, three inserts
    rows = [
        (role, content, tool, calls, 1.7e9 + i)
        for i, (role, content, tool, calls) in enumerate(CORPUS)
    ]
    slow = [SessionStore(Database(tmp_path / "state.db")), SessionStore(pg)]
    for store in slow:
        store.start("a", session_id="one", started_at=1.7e9)
        store.log_many("one", rows)
    fast_db = PgStateDatabase(PgDatabase(pg.pg.url), user="bulk")
    try:
        got = copy(fast_db, [("one", "a", 1.7e9)], [("one", *r) for r in rows])
        assert (got.sessions, got.messages) == (1, len(rows))
        fast = SessionStore(fast_db)
        assert fast.get("one").title == slow[0].get("one").title
        for q in QUERIES:
            want = [(h.message_id, h.score, h.snippet) for h in slow[0].search_messages(q)]
            assert [(h.message_id, h.score, h.snippet) for h in slow[1].search_messages(q)] == want
            assert [(h.message_id, h.score, h.snippet) for h in fast.search_messages(q)] == want
        assert fast_db.health(repair=False).healthy
    finally:
        fast_db.pg.close()


def _message_indexes(db: PgStateDatabase) -> dict[str, tuple[int, str]]:
    """``messages``' indexes and constraints: name → (oid, definition)."""
    with db.pg.transaction("read the catalog") as conn:
        conn.execute(f'SET LOCAL search_path TO "{db.schema()}"')
        rows = conn.execute(
            "SELECT indexrelid::regclass::text, indexrelid::bigint, pg_get_indexdef(indexrelid) "
            "FROM pg_index WHERE indrelid = 'messages'::regclass UNION ALL "
            "SELECT conname, oid::bigint, pg_get_constraintdef(oid) || "
            "CASE WHEN convalidated THEN '' ELSE ' NOT VALID' END FROM pg_constraint "
            "WHERE conrelid = 'messages'::regclass"
        ).fetchall()
    return {name: (oid, sql) for name, oid, sql in rows}


@pytest.mark.parametrize("setting", [None, "70MB"])
def test_the_gin_index_is_built_last_with_more_memory_unless_an_operator_set_it(
    pg: PgStateDatabase, setting: str | None
) -> None:
    """After a load into an empty table the GIN index is built last, with
    :data:`bulk.GIN_MEMORY` where ``maintenance_work_mem`` is the server's default; a value
    someone set is kept (review rvpgbulk: 512 MB on a small server invites the OOM killer)."""

    def build(c: Any) -> list[int]:
        if setting:
            c.raw.execute(f"SET LOCAL maintenance_work_mem = '{setting}'")
        memory = "SELECT pg_size_bytes(current_setting('maintenance_work_mem'))"
        seen = []
        statements = bulk._defer_indexes(c.raw)
        assert " USING gin " in statements[-1]
        for sql in statements:
            if " USING gin " in sql:
                seen.append(c.raw.execute(memory).fetchone()[0])
            c.raw.execute(sql)
        return seen

    source = "SELECT source, pg_size_bytes(setting || unit) FROM pg_settings WHERE name = %s"
    where, configured = pg.read(
        lambda c: c.raw.execute(source, ("maintenance_work_mem",)).fetchone()
    )
    default = bulk.GIN_MEMORY if where == "default" else configured  # a cluster's own is kept
    assert pg.write(build) == [70 << 20 if setting else default]


def test_a_load_into_an_empty_table_builds_its_indexes_and_foreign_key_once(
    pg: PgStateDatabase, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Into an empty ``messages`` the b-tree and GIN indexes and the foreign key are made
    again after the rows (built once, same definitions, valid); the primary key is kept
    up as rows arrive. A load into a table with rows changes no index."""
    monkeypatch.setattr(bulk, "CHUNK", 2)
    before = _message_indexes(pg)
    assert {"messages_session", "messages_time", "messages_tsv", "messages_pkey"} <= set(before)
    copy(
        pg,
        [("a", "bulk", 1.7e9), ("b", "bulk", 1.7e9)],
        [("a", "user", f"quokka {i}", None, None, 1.7e9 + i) for i in range(5)]
        + [("b", "user", "wombat", None, None, 1.7e9)],
    )
    after = _message_indexes(pg)
    assert {k: v[1] for k, v in after.items()} == {k: v[1] for k, v in before.items()}
    rebuilt = {k for k in before if after[k][0] != before[k][0]}
    assert rebuilt == {
        "messages_session",
        "messages_time",
        "messages_tsv",
        "messages_session_id_fkey",
    }
    store = SessionStore(pg)
    assert [m.id for m in store.messages("b")] == [6]  # through messages_session
    assert [h.session_id for h in store.search("wombat")] == ["b"]
    assert [h.message_id for h in store.search_messages('"quokka 3"')] == [4]  # through GIN
    assert pg.health(repair=False).healthy
    store.delete("a")  # the foreign key cascades again
    assert store.count() == (1, 1)
    copy(pg, [("c", "bulk", 1.7e9)], [("c", "user", "numbat", None, None, 1.7e9)])
    assert _message_indexes(pg) == after
    assert [h.session_id for h in store.search("wombat OR numbat")] in (["b", "c"], ["c", "b"])
    with pytest.raises(memdir.MemdirError):  # the foreign key holds for a load too
        copy(pg, [], [("nobody", "user", "lost", None, None, 1.7e9)])


def test_copy_keeps_every_character(pg: PgStateDatabase) -> None:
    """Backslashes, tabs, line breaks, a literal ``\\N`` and nulls come back from a load as
    they went in."""
    texts = ["a\\b \\N end\\", "tab\there\r\nnext line\n", "\\\\t not a tab", "ünï 部门 😀"]
    rows = [("e", "user", t, "tool\t1", "C:\\path\n", 1.7e9 + i) for i, t in enumerate(texts)]
    copy(pg, [("e", "bulk", 1.7e9)], [*rows, ("e", "assistant", "plain", None, None, 1.7e9)])
    got = [(m.content, m.tool_name, m.tool_calls) for m in SessionStore(pg).messages("e")]
    assert got == [(t, "tool\t1", "C:\\path\n") for t in texts] + [("plain", None, None)]


def test_a_load_keeps_text_on_a_connection_of_another_encoding(pg_url: str) -> None:
    """Rows are encoded as the connection's encoding says (review rvpgbulk: a hand-made
    ``COPY`` text sent UTF-8 whatever it was, and ``café`` came back ``cafÃ©``)."""
    db = PgStateDatabase(PgDatabase(pg_url + "%20-cclient_encoding%3DLATIN1"))
    try:
        copy(db, [("l", "bulk", 1.7e9)], [("l", "user", "café ünï", None, None, 1.7e9)])
        assert db.read(lambda c: c.raw.info.encoding) == "iso8859-1"
        assert [m.content for m in SessionStore(db).messages("l")] == ["café ünï"]
    finally:
        db.pg.close()


def test_a_load_into_an_empty_table_someone_reads_does_not_wait_for_the_reader(
    pg: PgStateDatabase, pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A reader holding ``sessions`` and ``messages`` (an open transaction) neither blocks
    the load nor deadlocks it: the load goes on as into a table with rows, no index
    dropped; the reader is not kept waiting either."""
    import psycopg

    monkeypatch.setattr(bulk, "CHUNK", 2)
    before = _message_indexes(pg)
    with psycopg.connect(pg_url, autocommit=False) as reader:
        reader.execute(f'SET search_path TO "{pg.schema()}"')
        reader.execute("SELECT count(*) FROM sessions").fetchone()
        reader.execute("SELECT count(*) FROM messages").fetchone()
        sent = _Sent(monkeypatch)
        got = copy(
            pg,
            [("r", "bulk", 1.7e9)],
            [("r", "user", f"kiwi {i}", None, None, 1.7e9 + i) for i in range(5)],
        )
        assert got.messages == 5
        # the lock is asked for without waiting (a state's lock_timeout would refuse it
        # too, but only after its timeout)
        assert any(q.startswith("LOCK TABLE") and q.endswith("NOWAIT") for q in sent.sql)
        reader.execute("SET LOCAL lock_timeout = '5s'")
        assert reader.execute("SELECT count(*) FROM messages").fetchone() == (5,)
    assert _message_indexes(pg) == before  # nothing dropped and made again
    assert [h.session_id for h in SessionStore(pg).search("kiwi")] == ["r"]


def test_a_failed_load_into_an_empty_table_leaves_it_and_its_indexes_as_they_were(
    pg: PgStateDatabase, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A load into an empty table that fails after some chunks rolls back the dropped
    indexes and foreign key with the rows: the same indexes (same oids), no rows."""
    monkeypatch.setattr(bulk, "CHUNK", 2)
    before = _message_indexes(pg)
    good = [("new", "user", f"message {i}", None, None, 1.7e9 + i) for i in range(5)]
    bad = ("new", "user", "when?", None, None, "not a time")
    with pytest.raises(memdir.ValidationError):
        copy(pg, [("new", "a", 1.7e9)], [*good, bad])
    assert _message_indexes(pg) == before
    store = SessionStore(pg)
    assert store.count() == (0, 0)
    got = copy(pg, [("new", "a", 1.7e9)], good)
    assert got.messages == 5 and pg.health(repair=False).healthy


def test_vectors_keep_their_terms_across_calls_and_a_full_cache(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The analyzer remembers each word's term across calls (a bulk load stems a word
    once); when its cache is full it starts a new one, and every row's stems and token
    count stay what a fresh analyzer gives, whatever the columns hold."""
    rows = [
        ("Running dogs ran", None, None),
        ("", "tool_x", '{"path": "caf\u00e9s"}'),
        ("部门聚餐在海底捞 runs", None, "E54913 the"),
        (None, None, None),
        ("Ünïcödé naïve", "t", "x_y"),
    ]
    kept = fts.Analyzer()
    want = kept.vectors(rows)
    assert want[0] == ("run dog ran", 3) and want[3] == ("", 0)
    assert {"running": "run", "dogs": "dog"}.items() <= kept._terms.items()
    monkeypatch.setattr(fts.Analyzer, "MAX_TERMS", 6)
    shared = fts.Analyzer()
    for i in range(len(rows)):  # rows one by one: each call brings new words
        assert shared.vectors(rows[i : i + 1]) == want[i : i + 1]
    assert shared.vectors(rows) == want


def test_a_bad_row_in_a_later_chunk_fails_the_load_as_log_many_fails(
    pg: PgStateDatabase, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A row ``log_many`` refuses is refused by the bulk path too, even after earlier
    chunks were inserted: nothing is written and the analysing thread is gone."""
    monkeypatch.setattr(bulk, "CHUNK", 2)
    store = SessionStore(pg)
    store.start("a", session_id="kept")
    good = [("user", f"message {i}", None, None, 1.7e9 + i) for i in range(5)]
    bad = ("user", "when?", None, None, "not a time")
    with pytest.raises(memdir.ValidationError) as slow_error:
        store.log_many("kept", [*good, bad])
    with pytest.raises(memdir.ValidationError) as fast_error:
        copy(pg, [("new", "a", 1.7e9)], [("new", *r) for r in [*good, bad, *good]])
    assert str(fast_error.value) == str(slow_error.value)
    assert store.count() == (1, 0)  # neither the session nor the first chunks were kept
    assert not [t for t in threading.enumerate() if t.name == "memdir-bulk-analysis"]


# -- jobs: row locks -----------------------------------------------------------------------


def test_a_claim_skips_a_job_another_transaction_holds(pg: PgStateDatabase) -> None:
    queue = JobQueue(pg, lease=60)
    for key in ("a", "b"):
        queue.enqueue("extract", key, watermark=1)
    first = queue.get("extract", "a")
    assert first is not None
    holder = psycopg.connect(pg.pg.url)
    try:
        holder.execute("SELECT id FROM jobs WHERE id = %s FOR UPDATE", (first.id,))
        got: list[object] = []
        worker = threading.Thread(target=lambda: got.append(queue.claim("w1")))
        worker.start()
        worker.join(timeout=20)
        assert not worker.is_alive()  # not blocked behind the held row
        claimed = got[0]
        assert claimed is not None and claimed.key == "b"  # type: ignore[attr-defined]
    finally:
        holder.rollback()
        holder.close()
    again = queue.claim("w2")
    assert again is not None and again.key == "a"
    assert queue.claim("w3") is None


# -- joined transactions -------------------------------------------------------------------


def test_after_a_nested_join_writes_join_the_outer_transaction_again(
    pg: PgStateDatabase,
) -> None:
    """``joining`` nests: once an inner block ends, writes join the outer transaction
    again, so they roll back with it (not committed on their own)."""

    class Undone(Exception):
        pass

    def mark(sid: str) -> None:
        pg.write(
            lambda c: c.execute(
                "INSERT INTO removed_imports (session_id, removed_at) VALUES (?, 0)", (sid,)
            )
        )

    pg.schema()
    with pytest.raises(Undone), pg.pg.transaction() as outer, pg.joining(outer):
        with pg.pg.transaction() as inner, pg.joining(inner):
            mark("inner")
        mark("outer")
        raise Undone
    mark("alone")
    rows = pg.read(lambda c: c.execute("SELECT session_id FROM removed_imports").fetchall())
    assert sorted(r[0] for r in rows) == ["alone", "inner"]


# -- hostile input -------------------------------------------------------------------------

_text = st.one_of(
    st.text(max_size=200),
    st.text(alphabet=st.sampled_from("\x00\ud800\udfff\"'\\%?*():-^ 聚餐a"), max_size=60),
    st.builds(lambda n: "x" * n + " 部门", st.integers(0, 30_000)),
)


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(query=_text)
def test_any_query_text_gives_results_or_a_clear_error(pg: PgStateDatabase, query: str) -> None:
    store = SessionStore(pg)
    store.start("a", session_id="fuzz")
    if not store.messages("fuzz", limit=1):
        store.log("fuzz", "user", "部门聚餐 in the chat-send room")
    for search in (store.search_messages, store.search):
        try:
            hits = search(query)
        except memdir.ValidationError as exc:
            assert str(exc)
        else:
            assert isinstance(hits, list)
    store.log("fuzz", "user", query)  # stored as valid text, never a traceback


# -- users -----------------------------------------------------------------------------------


def test_each_user_searches_only_their_own_sessions(pg_url: str, tmp_path: Path) -> None:
    def opened(user: str) -> memdir.Memdir:
        (tmp_path / user).mkdir(exist_ok=True)
        return memdir.open(
            home=tmp_path / "home", project=tmp_path / user, database_url=pg_url, user=user
        )

    alice, bob = opened("alice"), opened("bob")
    with alice.session(agent="a", session_id="shared-id") as s:
        s.log("user", "alice's secret: the vault code is 4711")
    with bob.session(agent="b", session_id="shared-id") as s:  # the same id: no clash
        s.log("user", "bob talks about lunch")
    assert bob.sessions.search("vault code") == []
    assert bob.sessions.search_messages("4711") == []
    assert [m.content for m in bob.sessions.messages("shared-id")] == ["bob talks about lunch"]
    assert [h.session_id for h in alice.sessions.search("vault code")] == ["shared-id"]
    assert bob.sessions.count() == (1, 1) and alice.sessions.count() == (1, 1)
    assert alice.sessions.db.schema() != bob.sessions.db.schema()  # type: ignore[attr-defined]
    again = opened("alice")  # another process of alice's sees hers
    assert [h.session_id for h in again.sessions.search("vault code")] == ["shared-id"]


def test_a_memory_write_mark_does_not_queue_on_the_state_write_lock(
    pg_url: str, home: Path, project: Path, tmp_path: Path
) -> None:
    """The mark a memory write leaves (extraction skips that turn) is one idempotent
    insert: it does not wait for the user's state write lock, which that user's log and
    search-index writes hold (bench/serve.py: 12% of a team server's thread time waited
    there), and it still marks the session's latest message."""
    from conftest import team_env
    from memdir.core.config import load_settings
    from memdir.engine import Memdir

    env = team_env(pg_url, project)
    env.update(MEMDIR_BACKGROUND="0", MEMDIR_MANAGED_DIR=str(tmp_path / "m"))
    md = Memdir(load_settings(home, project, environ=env))
    session = md.session(agent="test")
    latest = session.log("user", "remember that the build uses tabs")
    db = md.tombstones.db
    db.schema()  # type: ignore[attr-defined]  # the lock key is known once the schema is
    failed: list[BaseException] = []

    def mark() -> None:
        try:
            md.tombstones.mark_write(session.id)
        except BaseException as exc:  # noqa: BLE001 — reported below
            failed.append(exc)

    with psycopg.connect(pg_url) as held:  # another writer of alice's state, in a transaction
        held.execute("SELECT pg_advisory_xact_lock(%s)", (db.write_lock,))  # type: ignore[attr-defined]
        worker = threading.Thread(target=mark)
        worker.start()
        worker.join(timeout=120)  # a guard against a hang, not a timing
        still_held = not worker.is_alive()
        held.rollback()
    worker.join()
    assert still_held and failed == []
    assert md.tombstones.marks(session.id) == {latest}
    session.close()
    md.close()


def test_vietnamese_typed_without_marks_is_found_and_ranked_alike_on_both_engines(
    pg: PgStateDatabase, tmp_path: Path
) -> None:
    """The PostgreSQL index reads words with the same fold as stage 2: "bảo hiểm" (ả, ể
    in U+1E00-1EFF) is found for "bao hiem" on both, with the same score."""
    lite = SessionStore(Database(tmp_path / "state.db"))
    post = SessionStore(pg)
    texts = ["bảo hiểm xe hết hạn", "ký hợp đồng thuê nhà", "mae'r ẃyn yn y cae"]
    for store in (lite, post):
        store.start("a", session_id="one")
        for t in texts:
            store.log("one", "user", t)
    for q in ["bao hiem", "hop dong", "wyn", "bảo"]:
        a = [(h.message_id, h.score) for h in lite.search_messages(q)]
        b = [(h.message_id, h.score) for h in post.search_messages(q)]
        assert a == b and len(a) == 1 and a[0][1] > 0, q
