"""rvall52: review of the whole session's change (a92e70bf..2ed6af58) across its
branches. Each test that fails on main (2ed6af58) pins one finding; the strict xfails
are the minor ones."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from memdir import Memdir
from usercli import cli as cli


@pytest.mark.backends
@pytest.mark.parametrize("stem", ["é1234", "日本語ab", "😀x1234", "ßabcd"])
def test_prefix_lookup_of_non_ascii_ids_on_both_backends(md: Memdir, stem: str) -> None:
    # substr(id, 1, len(given)) = given: len counts code points, as SQLite's and
    # PostgreSQL's substr count characters (not bytes)
    for sid in [stem, stem + "zz", "claude-code:" + stem + "yy", stem[:-1] + "Q"]:
        md.sessions.start("agent", session_id=sid)
    assert md.sessions.resolve(stem).id == stem
    assert md.sessions.also_starting_with(stem, stem) == [stem + "zz", "claude-code:" + stem + "yy"]
    assert md.sessions.resolve(stem + "z").id == stem + "zz"
    assert md.sessions.resolve(stem + "y").id == "claude-code:" + stem + "yy"


# --- the repair commit (Store.repair) and `memdir revert HEAD` ---------------------------

_HAND = "---\nname: Hand note\ndescription: added by hand\ntype: project\n---\nhand body\n"


def _hand_added(md: Memdir) -> Path:
    """The local scope's folder, an entry added through memdir and then a file by hand."""
    local = md.store("local")
    local.add(type="project", name="Deploy target", description="where we deploy", body="fly.io")
    folder = Path(local.backend.root)  # type: ignore[attr-defined]
    (folder / "project_hand-note.md").write_text(_HAND, encoding="utf-8")
    return folder


def test_revert_head_after_a_hand_added_file_undoes_the_last_change(
    cli: Callable[..., Any], md: Memdir
) -> None:
    # `memdir revert --help`: "memdir revert HEAD --scope local   # undo the last change to
    # the local scope". A file added by hand is absorbed as "hand edit: <file>" and, new in
    # this change, the rebuilt index is committed after it ("rebuild MEMORY.md (memdir)").
    # HEAD is then a commit of the index alone, and revert HEAD says "changed no entry file;
    # nothing to revert" (exit 1); on a92e70bf it reverted the hand edit
    folder = _hand_added(md)
    listed = cli("ls", "--scope", "local")  # any command repairs the stale index
    assert listed.returncode == 0 and "Hand note" in listed.stdout, listed.stderr
    reverted = cli("revert", "HEAD", "--scope", "local")
    assert reverted.returncode == 0, reverted.stderr
    assert not (folder / "project_hand-note.md").exists()


def test_diff_help_says_where_a_file_added_by_hand_shows(
    cli: Callable[..., Any], md: Memdir
) -> None:
    # `memdir diff --help` said "memdir diff   # edits not recorded yet", yet a file added
    # by hand is recorded as soon as memdir opens (it stales the index); the help now
    # says so, and `memdir diff HEAD` shows that file (mend52r)
    _hand_added(md)
    assert "No unrecorded changes" in cli("diff", "--scope", "local").stdout
    shown = cli("diff", "HEAD", "--scope", "local")
    assert shown.returncode == 0, shown.stderr
    assert "hand edit: project_hand-note.md" in shown.stdout, shown.stdout
    assert "+hand body" in shown.stdout, shown.stdout
    helped = " ".join(cli("diff", "--help").stdout.split())
    assert "recorded as soon as memdir opens the scope" in helped, helped
    assert "`memdir diff HEAD` shows it" in helped, helped


@pytest.mark.backends
@pytest.mark.parametrize(
    "stem", ["abc\U0010ffff", "abc\ud7ff", "abc\uffff", "\U0010ffff" * 4, "abc\x7f", "abc\x00"]
)
def test_prefix_ranges_end_right_after_the_last_character(
    md: Memdir, backend: str, stem: str
) -> None:
    # the ranges' upper bound (SessionStore._starting_with): the last character plus one,
    # past the surrogates (which no stored id holds), or the one before it when it is the
    # last code point; none when every character is. The ids just past the range are not
    # named, those just inside are
    inside = [stem + "z", "claude-code:" + stem + "y", "codex:" + stem + "\U0010ffff"]
    past = [
        stem[:-1] + chr(ord(stem[-1]) + 1) + "q" if ord(stem[-1]) < 0xD7FF else stem[:-2] + "~",
        "claude-code:" + stem[:-1] + "\ue000",
        "claude-code:" + stem[:-1],
    ]
    for sid in [stem, *inside, *past]:
        md.sessions.start("agent", session_id=sid)
    chosen = md.sessions.resolve(stem).id
    stored = md.sessions.db.as_stored
    assert chosen == stored(stem)
    others, complete = md.sessions.others_starting_with(stem, chosen)
    assert complete and others == [stored(i) for i in [stem + "z", *sorted(inside[1:])]], others


# --- CLI messages on the team backend -----------------------------------------------------


def test_unknown_session_on_the_team_backend_names_no_state_db(
    cli: Callable[..., Any], project: Path, pg_url: str
) -> None:
    from conftest import team_env

    env = team_env(pg_url, project)
    shown = cli("sessions", "show", "nosuch12", extra_env=env)
    assert shown.returncode == 1
    assert "No session 'nosuch12'" in shown.stderr, shown.stderr
    assert "state.db" not in shown.stderr, shown.stderr


# --- `sessions show`'s prefix match (SessionStore._starting_with) --------------------------


@pytest.mark.backends
def test_the_note_does_not_name_a_sub_agent_whose_root_starts_alike(md: Memdir) -> None:
    # claude-code sub-agents are "claude-code:<session>:<root>", root a message uuid; one of
    # an unrelated session whose root starts with the memdir id given is named as an id
    # "starting with" it, though neither its id nor its id after "claude-code:" does
    md.sessions.start("agent", session_id="abcd1234")
    md.sessions.start("claude-code", session_id="claude-code:ffff0000")
    md.sessions.start(
        "claude-code",
        session_id="claude-code:ffff0000:abcd1234-5678",
        parent_id="claude-code:ffff0000",
    )
    assert md.sessions.resolve("abcd1234").id == "abcd1234"
    assert md.sessions.also_starting_with("abcd1234", "abcd1234") == []


@pytest.mark.backends
def test_repair_commit_reads_back_as_memdir_on_both_backends(md: Memdir) -> None:
    # checked fine: a stale index rebuilt is one commit, source "memdir", on git and on
    # PostgreSQL (the team server's history), as `memdir log` and the activity page read it
    from memdir.core.store import commit_source
    from memdir.web.activity import source_of

    local = md.store("local")
    local.add(type="project", name="Deploy target", description="where we deploy", body="fly.io")
    with local.backend.lock(5):
        local.backend.write("MEMORY.md", b"# stale\n")
        if local.history is not None:
            local.history.record(["MEMORY.md"], "hand edit: MEMORY.md\n")
    assert local.needs_repair()
    assert local.repair().index_rewritten
    assert not local.needs_repair()
    assert local.history is not None
    newest = local.history.log(limit=1)[0]
    assert newest.subject == "rebuild MEMORY.md (memdir)"
    assert commit_source(newest.message) == "memdir" == source_of(newest)
    assert b"Deploy target" in (local.backend.read_index() or b"")


def test_an_index_deleted_by_hand_and_rebuilt_leaves_history_as_it_was(md: Memdir) -> None:
    # Store.repair's comment: absorb is a "no-op when nothing differs from the last commit,
    # as for a missing index"; it is not: `memdir log` gains "hand edit: MEMORY.md" (the
    # deletion) and "rebuild MEMORY.md (memdir)" (this change's commit putting it back)
    local = md.store("local")
    local.add(type="project", name="Deploy target", description="where we deploy", body="fly.io")
    assert local.history is not None
    before = [c.rev for c in local.history.log()]
    (Path(local.backend.root) / "MEMORY.md").unlink()  # type: ignore[attr-defined]
    assert local.repair().index_rewritten
    subjects = [c.subject for c in local.history.log()]
    assert [c.rev for c in local.history.log()] == before, subjects


@pytest.mark.backends
def test_the_show_note_reads_session_ids_through_the_index(
    md: Memdir, backend: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # each `memdir sessions show` scanned the sessions table twice (substr and replace
    # cannot use the id index): 75-250 ms on SQLite, 300-550 ms on PostgreSQL with 100k
    # sessions, where resolve takes 0-30 ms. The statements others_starting_with runs, as
    # each engine plans them: a prefix range on the primary key (id >= ? AND id < ?) and
    # on the index of the ids after their harness: prefix (sessions_bare) is a search;
    # substr(id, 1, ?) = ? is a scan
    md.sessions.start("agent", session_id="abcd1234")
    md.sessions.start("claude-code", session_id="claude-code:abcd1234x")
    md.sessions.start("claude-code", session_id="claude-code:ABCD1234y")
    md.sessions.start("claude-code", session_id="claude-code:ffff0000:abcd1234z")  # a root
    if backend == "postgres":
        _postgres_plans(md, monkeypatch)
        return
    ran: list[str] = []

    def traced(c: Any) -> None:
        c.set_trace_callback(ran.append)

    md.sessions.db.read(traced)
    try:
        assert md.sessions.also_starting_with("abcd1234", "abcd1234") == ["claude-code:abcd1234x"]
    finally:
        md.sessions.db.read(lambda c: c.set_trace_callback(None))
    selects = [s for s in ran if s.lstrip().upper().startswith("SELECT") and "sessions" in s]
    assert selects, ran

    def plan(sql: str) -> str:
        def explain(c: Any) -> list[Any]:
            return list(c.execute("EXPLAIN QUERY PLAN " + sql))

        return " ".join(str(r[-1]) for r in md.sessions.db.read(explain))

    plans = [plan(s) for s in selects]
    assert not [p for p in plans if "SCAN sessions" in p], list(zip(selects, plans, strict=True))
    assert any("sessions_bare" in p for p in plans), plans


def _postgres_plans(md: Memdir, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same on PostgreSQL: each statement it is sent, explained with sequential scans
    off (a table this small is read whole otherwise), is an index scan."""
    import psycopg

    sent: list[tuple[str, Any]] = []
    execute = psycopg.Cursor.execute

    def recorded(self: Any, query: Any, params: Any = None, **kw: Any) -> Any:
        sent.append((query, params))
        return execute(self, query, params, **kw)

    monkeypatch.setattr(psycopg.Cursor, "execute", recorded)
    try:
        assert md.sessions.also_starting_with("abcd1234", "abcd1234") == ["claude-code:abcd1234x"]
    finally:
        monkeypatch.undo()
    texts = [(q, p) for q, p in sent if isinstance(q, str)]  # not the pool's own
    selects = [(q, p) for q, p in texts if q.lstrip().upper().startswith("SELECT")]
    selects = [(q, p) for q, p in selects if "FROM sessions" in q]
    assert selects, sent

    def plan(query: str, params: Any) -> str:
        def explain(c: Any) -> str:
            c.raw.execute("SET LOCAL enable_seqscan = off")
            rows = c.raw.execute("EXPLAIN (COSTS OFF) " + query, params).fetchall()
            return " ".join(str(r[0]) for r in rows)

        return str(md.sessions.db.read(explain))

    plans = [plan(q, p) for q, p in selects]
    # an index read whole with a filter (sessions_pkey on main) is a scan too: each plan
    # reads a range of an index (Index Cond), and nothing sequentially
    assert all("Index Cond" in p and "Seq Scan" not in p for p in plans), list(
        zip(selects, plans, strict=True)
    )
    assert any("sessions_bare" in p for p in plans), plans


_OLD_IDS = [
    "abcd1234",
    "abcd1234ff",
    "claude-code:abcd1234x",
    "claude-code:abcd1234x:agent-1",
    "codex:ABCD1234y",
    "claude-code:ffff0000:abcd1234z",
    "hermes:abcd12",
]


def test_a_state_db_from_before_step_0013_keeps_its_sessions_and_answers_the_note(
    tmp_path: Path,
) -> None:
    # a state.db made through step 0012 (main's schema) with sessions in it: opening it
    # applies 0013_session_bare_ids over them; every session is kept, the note names the
    # same ids, and reads them through the new index
    import sqlite3

    from memdir.sessions import SessionStore
    from memdir.sessions.db import Database, _apply
    from memdir.sessions.schema import MIGRATIONS

    assert MIGRATIONS[12].name == "0013_session_bare_ids"
    path = tmp_path / "state.db"
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute(
        "CREATE TABLE migrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, "
        "applied_at REAL NOT NULL)"
    )
    for step in MIGRATIONS[:12]:
        _apply(conn, step)
    conn.executemany(
        "INSERT INTO sessions (id, agent, started_at) VALUES (?, 'agent', 0)",
        [(sid,) for sid in _OLD_IDS],
    )
    conn.close()
    db = Database(path)
    try:
        assert "0013_session_bare_ids" in [n for n, _ in db.migrations()]
        kept = db.read(lambda c: sorted(r[0] for r in c.execute("SELECT id FROM sessions")))
        assert kept == sorted(_OLD_IDS)
        store = SessionStore(db)
        assert store.others_starting_with("abcd1234", "abcd1234") == (
            ["abcd1234ff", "claude-code:abcd1234x"],
            True,
        )
        assert store.resolve("abcd1234x").id == "claude-code:abcd1234x"
        bare = db.read(
            lambda c: c.execute(
                "EXPLAIN QUERY PLAN SELECT id FROM sessions WHERE instr(id, ':') > 0 AND "
                "substr(id, instr(id, ':') + 1) >= 'a' AND substr(id, instr(id, ':') + 1) < 'b'"
            ).fetchall()
        )
        assert "sessions_bare" in str(bare[0][-1]), bare
    finally:
        db.close()


def test_a_postgres_state_from_before_step_0012_keeps_its_sessions_and_answers_the_note(
    pg_url: str,
) -> None:
    # the same on PostgreSQL: a state made through step 0011 gets 0012_session_id_ranges
    import psycopg

    from memdir.pg.db import PgDatabase, Schema
    from memdir.pg.sessions import PgStateDatabase, schema_name
    from memdir.pg.state_schema import state_schema
    from memdir.sessions import SessionStore

    name = schema_name(pg_url.rsplit("search_path%3D", 1)[1], "older")
    full = state_schema(name, "state/older")
    assert full.steps[11].name == "0012_session_id_ranges"
    older = PgDatabase(pg_url)
    older.ensure(Schema(full.component, full.steps[:11]))
    older.close()
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute(f'SET search_path TO "{name}"')
        for sid in _OLD_IDS:
            conn.execute(
                "INSERT INTO sessions (id, agent, started_at) VALUES (%s, 'agent', 0)", (sid,)
            )
    db = PgStateDatabase(PgDatabase(pg_url), user="older")
    try:
        store = SessionStore(db)
        kept = db.read(lambda c: sorted(r[0] for r in c.execute("SELECT id FROM sessions")))
        assert kept == sorted(_OLD_IDS)
        assert "0012_session_id_ranges" in [n for n, _ in db.pg.migrations("state/older")]
        assert store.others_starting_with("abcd1234", "abcd1234") == (
            ["abcd1234ff", "claude-code:abcd1234x"],
            True,
        )
        assert store.resolve("abcd1234x").id == "claude-code:abcd1234x"
        made = db.read(
            lambda c: sorted(
                r[0]
                for r in c.execute(
                    "SELECT indexname FROM pg_indexes WHERE tablename = 'sessions' "
                    "AND schemaname = current_schema()"
                )
            )
        )
        assert {"sessions_bare", "sessions_id_bytes"} <= set(made), made
    finally:
        db.pg.close()
