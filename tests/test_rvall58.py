"""An attacker's and a demanding admin's review of today's team-server changes
(mendw58a, mendw58b, fuzz58): who can read, write and delete what. Real PostgreSQL,
real `memdir` subprocesses."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import psycopg
import pytest

from memdir.pg import users
from memdir.pg.db import PgDatabase
from test_team_users58 import _cli, _env

pytestmark = pytest.mark.slow

PROMPT = b"Remove bob and delete all this?"


def _remember(home: Path, url: str, who: str, name: str) -> None:
    added = _cli(home, url, "add", "--scope", "user", "--type", "user", "--name", name,
                 "--description", "d", "--body", f"{name} body", MEMDIR_USER=who)  # fmt: skip
    assert added.returncode == 0, added.stderr


def test_rm_deletes_nothing_written_after_its_export_and_question(
    pg_url: str, tmp_path: Path
) -> None:
    """`users rm bob --export DIR` exports, asks, then deletes: a memory bob's live token
    wrote while the admin read the question was deleted, never exported (lost)."""
    db = PgDatabase.shared(pg_url)
    users.add(db, "ops", admin=True)
    users.add(db, "bob")
    _remember(tmp_path / "bob", pg_url, "bob", "Before export")
    out = tmp_path / "bob-export"
    admin = tmp_path / "admin"
    admin.mkdir()
    rm = subprocess.Popen(
        [sys.executable, "-m", "memdir", "serve", "users", "rm", "bob", "--export", str(out)],
        env=_env(admin, pg_url),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert rm.stdin is not None and rm.stderr is not None
    said = b""
    while not said.endswith(b": ") or PROMPT not in said:  # the question, asked
        byte = rm.stderr.read(1)
        assert byte, said.decode()
        said += byte
    _remember(tmp_path / "bob", pg_url, "bob", "While asked")  # bob, still live, writes
    rest, err = rm.communicate(b"y\n", timeout=180)
    exported = "\n".join(p.read_text(encoding="utf-8") for p in out.rglob("*.md"))
    assert "Before export body" in exported
    with psycopg.connect(pg_url) as conn:
        kept = conn.execute(
            "SELECT count(*) FROM memdir_files WHERE scope = 'user:bob' "
            "AND convert_from(data, 'UTF8') LIKE '%While asked body%'"
        ).fetchone()
    # the later memory is in the export, or still on the database: never only deleted
    assert "While asked body" in exported or kept == (1,), (rest, err)
    if kept == (1,):
        assert rm.returncode == 1 and b"nothing was removed" in err, err
        assert users.exists(db, "bob")


def test_rm_of_a_name_that_prefixes_another_touches_none_of_the_others(
    pg_url: str, tmp_path: Path
) -> None:
    """`users rm bob` beside bob.x, bob-x and bobby: the trigger's delete window and every
    DELETE are bob's alone (their scopes, tokens, grants and sessions stay)."""
    db = PgDatabase.shared(pg_url)
    users.add(db, "ops", admin=True)
    names = ("bob", "bob.x", "bob-x", "bobby", "bob_")
    tokens = {who: users.add(db, who) for who in names}
    for who in names:
        users.grant(db, who, "https://github.com/acme/app")
        _remember(tmp_path / who, pg_url, who, f"Note of {who}")
        assert _cli(tmp_path / who, pg_url, "context", MEMDIR_USER=who).returncode == 0
    gone = _cli(tmp_path / "admin", pg_url, "serve", "users", "rm", "bob", "--yes")
    assert gone.returncode == 0, gone.stderr
    assert "1 token(s) ended, 1 memory" in gone.stdout, gone.stdout
    assert not users.exists(db, "bob")
    for who in names[1:]:
        assert users.authenticate(db, tokens[who]) == who
        assert users.is_granted(db, who, "github.com/acme/app")
        found = _cli(tmp_path / who, pg_url, "search", "Note", MEMDIR_USER=who)
        assert f"Note of {who}" in found.stdout, found.stdout + found.stderr
    with pytest.raises(users.AccessError):
        users.authenticate(db, tokens["bob"])


def test_context_and_doctor_as_a_user_never_added_make_nothing_on_the_team_database(
    pg_url: str, tmp_path: Path
) -> None:
    db = PgDatabase.shared(pg_url)
    users.add(db, "ops", admin=True)
    with psycopg.connect(pg_url) as conn:
        before = conn.execute("SELECT count(*) FROM pg_namespace").fetchone()
    for args in (("context",), ("doctor",)):
        refused = _cli(tmp_path / "ghost", pg_url, *args, MEMDIR_USER="ghost")
        assert refused.returncode == 1 and "no user 'ghost'" in refused.stderr, refused.stderr
    with psycopg.connect(pg_url) as conn:
        after = conn.execute("SELECT count(*) FROM pg_namespace").fetchone()
        named = conn.execute(
            "SELECT nspname FROM pg_namespace WHERE nspname LIKE '%\\_s\\_ghost\\_%'"
        ).fetchall()
    assert (after, named) == (before, [])


def test_the_delete_window_is_its_own_transactions_and_the_leavers_scopes_alone(
    pg_url: str,
) -> None:
    """While `users rm bob` holds memdir.removing_user in its open transaction, another
    connection still cannot delete bob's history, and that transaction cannot delete
    the history of bob.x or of a project scope."""
    db = PgDatabase.shared(pg_url)
    users.add(db, "bob")
    users.add(db, "bob.x")
    with psycopg.connect(pg_url, autocommit=True) as conn:
        for key, kind, owner in (("user:bob", "user", "bob"), ("user:bob.x", "user", "bob.x"),
                                 ("local:bob.x:app", "local", "bob.x")):  # fmt: skip
            conn.execute(
                "INSERT INTO memdir_scopes (key, kind, owner) VALUES (%s, %s, %s)",
                (key, kind, owner),
            )
            conn.execute(
                "INSERT INTO memdir_commits (scope, rev, message, time, paths) "
                "VALUES (%s, %s, 'm', 1, '{}')",
                (key, f"r-{key}"),
            )
    with psycopg.connect(pg_url) as leaving, psycopg.connect(pg_url, autocommit=True) as other:
        leaving.execute("SELECT set_config('memdir.removing_user', 'bob', true)")
        with pytest.raises(psycopg.errors.RaiseException, match="append-only"):
            other.execute("DELETE FROM memdir_commits WHERE scope = 'user:bob'")
        for key in ("user:bob.x", "local:bob.x:app"):
            with (
                pytest.raises(psycopg.errors.RaiseException, match="append-only"),
                leaving.transaction(),
            ):
                leaving.execute("DELETE FROM memdir_commits WHERE scope = %s", (key,))
        deleted = leaving.execute("DELETE FROM memdir_commits WHERE scope = 'user:bob'")
        assert deleted.rowcount == 1
        leaving.rollback()
    with psycopg.connect(pg_url) as conn:
        left = conn.execute("SELECT count(*) FROM memdir_commits").fetchone()
    assert left == (3,)


def test_a_write_for_a_removed_user_makes_no_scope_of_theirs_again(
    pg_url: str, tmp_path: Path
) -> None:
    import memdir
    from memdir.core.errors import MemdirError

    db = PgDatabase.shared(pg_url)
    users.add(db, "ops", admin=True)
    users.add(db, "bob")
    (tmp_path / "h").mkdir()
    md = memdir.open(tmp_path / "h" / ".memdir", tmp_path / "h", database_url=pg_url, user="bob")
    md.store("user").add(type="user", name="Before", description="d", body="kept before")
    users.remove(db, "bob")  # while a server's connection of bob's is between check and write
    with pytest.raises(MemdirError):
        md.store("user").add(type="user", name="After", description="d", body="written after")
    with psycopg.connect(pg_url) as conn:
        orphans = conn.execute("SELECT key FROM memdir_scopes WHERE owner = 'bob'").fetchall()
    assert orphans == []


def test_the_next_person_given_a_removed_name_sees_nothing_of_the_last_on_a_live_server(
    pg_url: str, tmp_path: Path
) -> None:
    """A server that served bob (his entries, sessions and token checked in its caches)
    serves a new bob after `users rm bob` none of the old one's memories, and refuses the
    old token."""
    from test_walk58 import _answer, _mcp
    from webserver import memdir_serving

    db = PgDatabase.shared(pg_url)
    users.add(db, "ops", admin=True)
    old = users.add(db, "bob")
    users.grant(db, "bob", "https://github.com/acme/app")
    calls = [
        ("memory", {"action": "add", "scope": "user", "type": "user", "name": "Old bob build",
                    "description": "d", "body": "old bob's build secret zanzibar"}),
        ("memory_search", {"query": "build zanzibar"}),
    ]  # fmt: skip
    env = _env(tmp_path / "srv", pg_url)
    (tmp_path / "srv").mkdir()
    with memdir_serving(env, tmp_path / "srv") as (_proc, base):
        first = _mcp(f"{base}/mcp", old, calls, project="https://github.com/acme/app")
        assert "zanzibar" in first[1], first
        users.remove(db, "bob")
        new = users.add(db, "bob")
        seen = _mcp(f"{base}/mcp", new, [("memory_search", {"query": "build zanzibar"})],
                    project="https://github.com/acme/app")  # fmt: skip
        refused = _answer(f"{base}/mcp", old)
    assert "zanzibar" not in seen[0], seen
    assert "zanzibar" not in refused and ("403" in refused or "revoked" in refused), refused
