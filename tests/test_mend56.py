"""mend56: a session row records the git checkout it was logged or imported in (remote and
HEAD commit), and a team run rekeys only the path-keyed sessions that record its own
repository (rv55t's pinned medium: another repository at the same path was learnt)."""

from __future__ import annotations

import shutil
import sqlite3
import time
from pathlib import Path

import psycopg
import pytest

import memdir
from conftest import TEAM_PROJECT, use_team
from memdir.core.origins import remote_key
from memdir.sessions.checkouts import NOWHERE, checkout_of
from memdir.sessions.db import Database
from memdir.sessions.log import SessionStore
from memdir.sessions.specs import SessionSpec
from test_mend55t import _path, _path_keyed
from test_origins import REMOTE, git, make_repo
from test_recall_marks import steps_before
from test_rv55t import OTHER, URL_KEY, _session

MINE = "Remember that we always use ruff, never black, in this repo."
FORK = "Remember that the fork deploys with the wombat-release-3 script."


def _everything(md: memdir.Memdir) -> str:
    return "\n".join(e.body for _, e in md.entries())


def _checkout(store: SessionStore, sid: str) -> tuple[object, object]:
    row = store.db.read(
        lambda c: c.execute(
            "SELECT checkout_remote, checkout_commit FROM sessions WHERE id = ?", (sid,)
        ).fetchone()
    )
    return row[0], row[1]


# -- the team backend's rekey ----------------------------------------------------------------


def test_another_repository_once_at_this_path_keeps_its_sessions(
    tmp_path: Path, pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Both with commits: an unrelated repository at /app (no remote) logs a session;
    later (or on another machine) the team's repository is cloned at /app. Its run rekeys
    its own path-keyed session, not the other repository's, and learns only its own."""
    use_team(pg_url, tmp_path / "elsewhere", monkeypatch)
    app = make_repo(tmp_path / "app", remote=None, commit="theirs")
    other = memdir.open(tmp_path / "home-b", app)
    assert other.project == _path(other)
    theirs = _session(other, OTHER)
    other.close()

    shutil.rmtree(app)
    app = make_repo(tmp_path / "app", remote=TEAM_PROJECT, commit="ours")
    md = memdir.open(tmp_path / "home-a", app)
    assert md.project == URL_KEY
    md.store("local").add(type="feedback", name="Tabs", description="tabs", body="Tabs.")
    mine = _path_keyed(md, MINE)
    report = md.pipeline.run()
    assert report.extracted == 1 and not report.errors, report
    assert md.sessions.get(theirs).scope == _path(md)
    assert md.sessions.get(mine).scope == URL_KEY
    assert "quokka" not in _everything(md) and "ruff" in _everything(md)
    again = md.pipeline.run()
    assert not again.extracted and not again.errors, again


def test_the_same_repository_given_a_remote_claims_its_sessions_not_a_forks(
    tmp_path: Path, pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A checkout without a remote logs sessions by its path; once its origin is the
    team's URL (and HEAD has moved on), its run rekeys them: the commit they record is in
    its history. A row recording another remote (a fork's transcript imported under this
    path) is that remote's, though it shares the history."""
    use_team(pg_url, tmp_path / "elsewhere", monkeypatch)
    app = make_repo(tmp_path / "app", remote=None)
    home = tmp_path / "home"
    md = memdir.open(home, app)
    assert md.project == _path(md)
    sid = _session(md, MINE)
    fork = tmp_path / "fork"
    git("clone", "-q", str(app), str(fork), cwd=tmp_path)
    git("remote", "set-url", "origin", "https://example.com/someone/fork", cwd=fork)
    forked = md.sessions.start("my-agent", cwd=str(fork), scope=_path(md)).id
    md.sessions.log(forked, "user", FORK)
    md.sessions.end(forked)
    assert _checkout(md.sessions, forked) == (
        remote_key("https://example.com/someone/fork"),
        _checkout(md.sessions, sid)[1],
    )
    md.close()

    git("remote", "add", "origin", TEAM_PROJECT, cwd=app)
    (app / "g").write_text("more")
    git("add", "g", cwd=app)
    git("commit", "-qm", "more", cwd=app)
    md = memdir.open(home, app)
    assert md.project == URL_KEY
    md.store("local").add(type="feedback", name="Tabs", description="tabs", body="Tabs.")
    report = md.pipeline.run()
    assert report.extracted == 1 and not report.errors, report
    assert md.sessions.get(sid).scope == URL_KEY
    assert md.sessions.get(forked).scope == _path(md)
    assert "ruff" in _everything(md) and "wombat" not in _everything(md)


def test_a_session_recording_no_checkout_is_not_claimed(
    tmp_path: Path, pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A path-keyed row from before rows recorded their checkout proves nothing: it stays
    under the path's slug (searchable, not learnt) rather than risk learning a stranger's."""
    app = use_team(pg_url, tmp_path / "app", monkeypatch)
    md = memdir.open(tmp_path / "home", app)
    old = _path_keyed(md, OTHER)
    assert _checkout(md.sessions, old) == (remote_key(TEAM_PROJECT), None)  # no commit yet
    schema = md.sessions.db.schema()  # type: ignore[attr-defined]
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute(f'SET search_path TO "{schema}"')
        conn.execute(
            "UPDATE sessions SET checkout_remote = NULL, checkout_commit = NULL WHERE id = %s",
            (old,),
        )
    report = md.pipeline.run()
    assert not report.extracted and not report.errors, report
    assert md.sessions.get(old).scope == _path(md)
    assert [h.session_id for h in md.sessions.search("quokka staging")] == [old]


def test_postgres_step_0015_adds_the_checkout_columns_keeping_rows(pg_url: str) -> None:
    from memdir.pg.db import PgDatabase
    from memdir.pg.sessions import PgStateDatabase, schema_name

    store = SessionStore(PgStateDatabase(PgDatabase(pg_url), user="older"))
    store.start("a", session_id="s1", started_at=0)
    store.log("s1", "user", "kept through the step")
    store.db.pg.close()  # type: ignore[attr-defined]
    schema = schema_name(pg_url.rsplit("search_path%3D", 1)[1], "older")
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute(
            "DELETE FROM pg_migrations WHERE component = 'state/older' "
            "AND name = '0015_session_checkouts'"
        )
        conn.execute(f'SET search_path TO "{schema}"')
        conn.execute("ALTER TABLE sessions DROP COLUMN checkout_remote")
        conn.execute("ALTER TABLE sessions DROP COLUMN checkout_commit")
    store = SessionStore(PgStateDatabase(PgDatabase(pg_url), user="older"))
    assert [m.content for m in store.messages("s1")] == ["kept through the step"]
    assert _checkout(store, "s1") == (None, None)
    store.start("a", session_id="s2", cwd="/nowhere/at/all")
    assert _checkout(store, "s2") == (None, None)
    store.db.pg.close()  # type: ignore[attr-defined]


# -- what a row records (embedded) -----------------------------------------------------------


def test_a_session_records_its_checkout_as_logged_and_imported(tmp_path: Path) -> None:
    """start() and import_sessions() record the remote and the commit checked out, from a
    subfolder, a linked worktree and a packed, detached or unborn HEAD; nothing outside
    git, for a relative or unusable cwd, or refs that do not parse (no error)."""
    app = make_repo(tmp_path / "app")
    head = git("rev-parse", "HEAD", cwd=app).strip()
    store = SessionStore(Database(tmp_path / "state.db"))
    store.start("a", session_id="live", cwd=str(app / "src"))
    assert _checkout(store, "live") == (remote_key(REMOTE), head)
    hi = ("user", "hi", None, None, time.time())  # after the clone: its reflog shows it there
    store.import_sessions([(SessionSpec("imp", cwd=str(app)), [hi])])
    assert _checkout(store, "imp") == (remote_key(REMOTE), head)

    git("worktree", "add", "-q", str(tmp_path / "wt"), cwd=app)
    (tmp_path / "wt" / "h").write_text("x")
    git("add", "h", cwd=tmp_path / "wt")
    git("commit", "-qm", "wt", cwd=tmp_path / "wt")
    git("pack-refs", "--all", cwd=app)
    assert checkout_of(str(tmp_path / "wt")) == (
        remote_key(REMOTE),
        git("rev-parse", "HEAD", cwd=tmp_path / "wt").strip(),
    )
    assert checkout_of(str(app)) == (remote_key(REMOTE), head)  # its branch, packed
    git("checkout", "-q", "--detach", "HEAD", cwd=app)
    assert checkout_of(str(app)) == (remote_key(REMOTE), head)

    empty = make_repo(tmp_path / "empty", remote=None, commit=None)
    assert checkout_of(str(empty)) == NOWHERE
    (tmp_path / "plain").mkdir()
    for cwd in (str(tmp_path / "plain"), "relative/dir", "/no\0where", "", None):
        assert checkout_of(cwd) == NOWHERE
    (app / ".git" / "HEAD").write_bytes(b"\xff\xfe garbage " * 1000)
    assert checkout_of(str(app)) == (remote_key(REMOTE), None)
    store.start("a", session_id="broken", cwd=str(app))
    assert _checkout(store, "broken") == (remote_key(REMOTE), None)


def test_sqlite_step_0016_adds_the_checkout_columns_keeping_rows(tmp_path: Path) -> None:
    path = tmp_path / "state.db"
    conn = sqlite3.connect(path)
    steps_before(conn, "0016")
    conn.execute("INSERT INTO sessions (id, agent, cwd, started_at) VALUES ('s1', 'a', '/x', 0)")
    conn.commit()
    conn.close()
    store = SessionStore(Database(path))
    assert "0016_session_checkouts" in [name for name, _ in store.db.migrations()]
    assert store.get("s1").cwd == "/x" and _checkout(store, "s1") == (None, None)
