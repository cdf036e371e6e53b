"""Mends of the team server's known defects (branch mend59t): a write for a removed user,
the last admin, a hostile server's answer, a name added again, a renamed project's jobs.
Real PostgreSQL, real HTTP on loopback, real `memdir` subprocesses."""

from __future__ import annotations

import contextlib
import http.server
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import psycopg
import pytest

import memdir
from memdir.core.errors import AccessError, MemdirError
from memdir.core.storage.postgres import PgBackend, ScopeKey
from memdir.pg import users
from memdir.pg.db import PgDatabase, Schema
from memdir.pg.schema import MEMORY


def _owners(url: str) -> list[str]:
    with psycopg.connect(url) as conn:
        rows = conn.execute("SELECT key FROM memdir_scopes WHERE owner IS NOT NULL ORDER BY 1")
        return [str(r[0]) for r in rows.fetchall()]


def _wait_for_a_lock_wait(url: str, thread: threading.Thread) -> None:
    """Return once another backend waits on a lock (the thread's), not after a guess."""
    with psycopg.connect(url, autocommit=True) as conn:
        for _ in range(3000):
            row = conn.execute(
                "SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                "AND datname = current_database()"
            ).fetchone()
            if row is not None or not thread.is_alive():
                break
            time.sleep(0.01)
    assert thread.is_alive()  # waiting on the other transaction's row lock


def test_a_write_waiting_on_a_removal_in_flight_is_refused_once_it_commits(
    pg_url: str, tmp_path: Path
) -> None:
    """bob's write of a new local scope meets `users rm bob` mid-transaction (the user row
    locked and deleted, not committed): it waits, then is refused, and makes no scope."""
    db = PgDatabase.shared(pg_url)
    users.add(db, "ops", admin=True)
    users.add(db, "bob")
    backend = PgBackend(db, ScopeKey.local("bob", "app"), "bob")
    failed: list[BaseException] = []

    def write() -> None:
        try:
            with backend.lock(10):
                backend.write("project_x.md", b"x")
        except BaseException as exc:  # noqa: BLE001 - handed to the test's thread
            failed.append(exc)

    with psycopg.connect(pg_url) as removal:
        removal.execute("SELECT 1 FROM memdir_users WHERE name = 'bob' FOR UPDATE")
        removal.execute("DELETE FROM memdir_tokens WHERE user_name = 'bob'")
        removal.execute("DELETE FROM memdir_users WHERE name = 'bob'")
        writer = threading.Thread(target=write)
        writer.start()
        _wait_for_a_lock_wait(pg_url, writer)
        removal.commit()
    writer.join(15)
    assert not writer.is_alive()
    assert len(failed) == 1 and isinstance(failed[0], AccessError), failed
    assert "'bob' is not a user of this team server" in str(failed[0])
    assert "nothing was written" in str(failed[0])
    assert _owners(pg_url) == []


def test_users_rm_waits_for_a_scope_being_made_and_deletes_it_too(pg_url: str) -> None:
    """A new scope of bob's whose row is made (uncommitted) as `users rm bob` starts is
    counted and deleted by it, not left behind nor a reason for the removal to fail."""
    db = PgDatabase.shared(pg_url)
    users.add(db, "ops", admin=True)
    users.add(db, "bob")
    backend = PgBackend(db, ScopeKey.user("bob"), "bob")
    done: list[object] = []
    with psycopg.connect(pg_url) as writer:
        writer.execute(
            "INSERT INTO memdir_scopes (key, kind, owner) VALUES ('user:bob', 'user', 'bob')"
        )
        remover = threading.Thread(target=lambda: done.append(users.remove(db, "bob")))
        remover.start()
        _wait_for_a_lock_wait(pg_url, remover)
        writer.commit()
    remover.join(15)
    assert done and list(done[0].scopes) == ["user:bob"]  # type: ignore[attr-defined]
    assert _owners(pg_url) == [] and not backend.exists()


def test_a_database_at_step_0006_takes_0007_and_keeps_the_scopes_it_had(
    pg_url: str, tmp_path: Path
) -> None:
    """Upgrading from 0006: a scope the old rule let a removed user make stays (nothing is
    deleted by a schema step) until `users rm` deletes it; from then on, no write makes a
    scope of someone who is not a user."""
    old = PgDatabase(pg_url)
    try:
        old.ensure(Schema("memory", MEMORY.steps[:6]))
        with old.transaction() as conn:
            conn.execute(
                "INSERT INTO memdir_scopes (key, kind, owner) VALUES ('user:gone', 'user', 'gone')"
            )
    finally:
        old.close()
    db = PgDatabase(pg_url)
    try:
        users.add(db, "ops", admin=True)  # steps 0007 on
        steps = [n for n, _ in db.migrations("memory")]
        assert steps[-1] == "0007-scope-owner-is-a-user" and len(steps) == len(MEMORY.steps)
        assert _owners(pg_url) == ["user:gone"]
        ghost = PgBackend(db, ScopeKey.user("ghost"), "ghost")
        with pytest.raises(AccessError, match="'ghost' is not a user"), ghost.lock(5):
            ghost.write("user_x.md", b"x")
        with pytest.raises(MemdirError, match="memories of an earlier user named gone"):
            users.add(db, "gone")  # who would read them
        assert not users.exists(db, "gone")
        users.remove(db, "gone")
        assert _owners(pg_url) == []
        users.add(db, "gone")
    finally:
        db.close()


def test_the_library_refuses_a_write_as_a_user_never_added(pg_url: str, tmp_path: Path) -> None:
    md = memdir.open(tmp_path / ".memdir", tmp_path, database_url=pg_url, user="nobody")
    with pytest.raises(AccessError, match="memdir serve users add nobody"):
        md.store("user").add(type="user", name="X", description="d", body="b")
    users.add(PgDatabase.shared(pg_url), "bob")  # a user; carol, whose scope he names, not
    with pytest.raises(AccessError, match="'bob' may not write the user scope 'user:carol'"):
        PgBackend(PgDatabase.shared(pg_url), ScopeKey.user("carol"), "bob").create()
    assert _owners(pg_url) == []


def _cli(home: Path, url: str, *args: str) -> subprocess.CompletedProcess[str]:
    home.mkdir(parents=True, exist_ok=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMDIR_")}
    env |= {"HOME": str(home), "MEMDIR_HOME": str(home / ".memdir"), "MEMDIR_BACKGROUND": "0"}
    proc = subprocess.run(
        [sys.executable, "-m", "memdir", *args],
        env={**env, "MEMDIR_DATABASE_URL": url},
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc


def test_the_last_admin_keeps_the_role_and_the_org_scope_a_writer(
    pg_url: str, tmp_path: Path
) -> None:
    """`serve users admin NAME --off` refuses the team's last admin; with two, one may
    step down, the other then not."""
    db = PgDatabase.shared(pg_url)
    users.add(db, "ops", admin=True)
    users.add(db, "alice")
    refused = _cli(tmp_path, pg_url, "serve", "users", "admin", "ops", "--off")
    assert refused.returncode == 1, refused.stdout
    assert "ops is the team's last admin" in refused.stderr, refused.stderr
    assert "cannot lose the role" in refused.stderr and "users admin NAME" in refused.stderr
    assert users.is_admin(db, "ops")
    assert _cli(tmp_path, pg_url, "serve", "users", "admin", "alice").returncode == 0
    off = _cli(tmp_path, pg_url, "serve", "users", "admin", "ops", "--off")
    assert off.returncode == 0 and "ops is not an admin now" in off.stdout, off.stderr
    assert _cli(tmp_path, pg_url, "serve", "users", "admin", "alice", "--off").returncode == 1
    assert users.is_admin(db, "alice") and not users.is_admin(db, "ops")
    assert _cli(tmp_path, pg_url, "serve", "users", "admin", "ops", "--off").returncode == 0


class _Hostile(http.server.BaseHTTPRequestHandler):
    """A 'team server' whose answer never ends (chunked), claims a huge length, or is an
    error page that never ends."""

    protocol_version = "HTTP/1.1"

    def do_GET(self) -> None:
        kind = self.server.kind  # type: ignore[attr-defined]
        if kind == "declared":
            self.send_response(200)
            self.send_header("Content-Length", str(1 << 40))
            self.end_headers()
            return
        self.send_response(500 if kind == "error" else 200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        chunk = b'{"memdir": 1, "scopes": {"user": [' + b" " * 65500
        with contextlib.suppress(OSError):  # until the client hangs up
            while True:
                self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))

    def log_message(self, *args: object) -> None:
        pass


@pytest.mark.parametrize("kind", ["endless", "declared", "error"])
def test_a_pull_reads_a_bounded_answer_from_a_hostile_server_and_writes_nothing(
    tmp_path: Path, kind: str
) -> None:
    from memdir.pg.remote import MAX_ANSWER

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Hostile)
    server.kind = kind  # type: ignore[attr-defined]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    home, project = tmp_path / "home", tmp_path / "proj"
    project.mkdir()
    (tmp_path / "token").write_text("mdt_0123456789abcdef_" + "x" * 43)
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMDIR_")}
    env |= {"HOME": str(tmp_path), "MEMDIR_HOME": str(home), "MEMDIR_BACKGROUND": "0"}
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "memdir", "-C", str(project), "pull", "--apply",
             "--server", f"http://127.0.0.1:{server.server_address[1]}",
             "--token-file", str(tmp_path / "token")],
            env=env, capture_output=True, text=True, timeout=120,
        )  # fmt: skip
    finally:
        server.shutdown()
        server.server_close()
    assert proc.returncode == 1 and "Traceback" not in proc.stderr, proc.stderr
    if kind == "error":  # its message cut at MAX_ERROR: no memdir answer in it
        assert "is not a memdir team server (HTTP 500" in proc.stderr, proc.stderr
    else:
        assert f"an answer of more than {MAX_ANSWER:,} bytes" in proc.stderr, proc.stderr
        assert "nothing was written" in proc.stderr
    assert not home.exists() or not list(home.rglob("*.md"))


def test_a_renamed_projects_waiting_consolidation_goes_with_its_candidates(
    pg_url: str, tmp_path: Path
) -> None:
    """`serve projects rename` moved the candidates a project's consolidation waits on but
    left their job under the old key and project, which no checkout claims any more."""
    from memdir.pg import rekey
    from memdir.pg.names import url_slug
    from memdir.pg.sessions import schema_name
    from test_walk58 import team_checkout

    app, webapp = "https://github.com/acme/app.git", "https://github.com/acme/webapp.git"
    db = PgDatabase.shared(pg_url)
    users.add(db, "alice")
    users.grant(db, "alice", app)
    checkout = team_checkout(tmp_path / "h", app)
    md = memdir.open(tmp_path / "h" / ".memdir", checkout, database_url=pg_url, user="alice")
    md.store("project").add(type="reference", name="Build", description="d", body="make")
    assert md.pipeline.due() == 0
    with psycopg.connect(pg_url) as conn:
        base = str(conn.execute("SELECT current_schema()").fetchone()[0])  # type: ignore[index]
        state = schema_name(base, "alice")
        md.sessions.search("anything")  # the state schema made
        cid = conn.execute(
            f'INSERT INTO "{state}".candidates (location, session_id, data, created_at) '
            "VALUES ('project:github.com/acme/app', 's1', '{}', 1) RETURNING id"
        ).fetchone()[0]  # type: ignore[index]
        conn.execute(
            f'INSERT INTO "{state}".jobs (kind, key, project, retries_left, input_watermark, '
            "created_at, updated_at) VALUES ('consolidate', 'project:github.com/acme/app', "
            "%s, 3, %s, 1, 1)",
            (url_slug("github.com/acme/app"), cid),
        )
    assert md.pipeline.due() == 1
    md.close()
    rekey.move(db, app, webapp)
    subprocess.run(["git", "-C", str(checkout), "remote", "set-url", "origin", webapp], check=True)
    moved = memdir.open(tmp_path / "h" / ".memdir", checkout, database_url=pg_url, user="alice")
    try:
        assert moved.pipeline.due() == 1  # the moved candidate's consolidation, claimable
        (job,) = moved.pipeline.jobs.list()
        assert (job.key, job.project) == (
            "project:github.com/acme/webapp",
            url_slug("github.com/acme/webapp"),
        )
    finally:
        moved.close()
