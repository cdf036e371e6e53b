"""Team users a team can manage (walk58 #3, #5, #6): one lost laptop's token revoked
alone by its public id (refused at once by every server process, the others live), labels
and last use in `users ls`, tokens made before schema step 0004, `users rm` of a person
who left (what it deletes, asked first, exported, shared work kept), and `scopes`/`doctor`
counting the team database. Real PostgreSQL, real `memdir serve` processes on loopback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import psycopg
import pytest

from memdir.pg import users
from memdir.pg.db import PgDatabase, Schema
from memdir.pg.schema import MEMORY
from memdir.pg.sessions import schema_name
from webserver import mcp_initialize, memdir_serving

pytestmark = pytest.mark.slow

APP = "https://github.com/acme/app.git"


def _env(home: Path, url: str, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMDIR_")}
    return {
        **env,
        "HOME": str(home),
        "MEMDIR_HOME": str(home / ".memdir"),
        "MEMDIR_MANAGED_DIR": str(home / "etc-memdir"),
        "MEMDIR_BACKGROUND": "0",
        "MEMDIR_DATABASE_URL": url,
        **extra,
    }


def _cli(
    home: Path, url: str, *args: str, stdin: str = "", **extra: str
) -> subprocess.CompletedProcess[str]:
    home.mkdir(parents=True, exist_ok=True)
    proc = subprocess.run(
        [sys.executable, "-m", "memdir", *args],
        env=_env(home, url, **extra),
        input=stdin,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc


def _checkout(home: Path) -> Path:
    repo = home / "app"
    repo.mkdir(parents=True)
    subprocess.run(["git", "-C", str(repo), "init", "-q"], check=True)
    subprocess.run(["git", "-C", str(repo), "remote", "add", "origin", APP], check=True)
    return repo


def _gate(base: str, token: str) -> int:
    """The HTTP status a server's token gate answers an MCP initialize with."""
    return mcp_initialize(f"{base}/mcp", token, project=APP)[0]


def _public(token: str) -> str:
    return "_".join(token.split("_")[:2])


def test_one_token_revoked_by_its_id_is_refused_by_two_servers_at_once(
    pg_url: str, tmp_path: Path
) -> None:
    db = PgDatabase.shared(pg_url)
    lost = users.add(db, "alice", label="alice-laptop")
    kept = users.add(db, "alice", label="alice-desk")
    env = _env(tmp_path / "srv", pg_url)
    (tmp_path / "srv").mkdir()
    with (
        memdir_serving(env, tmp_path / "srv") as (_a, one),
        memdir_serving(env, tmp_path / "srv") as (_b, two),
    ):
        assert [_gate(one, lost), _gate(two, lost), _gate(one, kept)] == [200, 200, 200]
        listed = _cli(tmp_path / "admin", pg_url, "serve", "users", "ls").stdout
        lines = {line.split("\t")[0].strip(): line for line in listed.splitlines()}
        assert "alice-laptop" in lines[_public(lost)] and "last used" in lines[_public(lost)]
        assert lost not in listed and kept not in listed  # ids only, never a secret

        done = _cli(tmp_path / "admin", pg_url, "serve", "users", "revoke", "alice",
                    "--token", _public(lost))  # fmt: skip
        assert done.returncode == 0, done.stderr
        assert "1 other token(s) stay live" in done.stdout, done.stdout
        assert [_gate(one, lost), _gate(two, lost)] == [403, 403]  # cached hash or not
        assert [_gate(one, kept), _gate(two, kept)] == [200, 200]
    listed = _cli(tmp_path / "admin", pg_url, "serve", "users", "ls", "--json").stdout
    (alice,) = json.loads(listed)
    assert alice["tokens"] == 1 and [t["label"] for t in alice["live_tokens"]] == ["alice-desk"]


def test_revoke_by_id_refuses_what_is_no_token_of_that_user_revoking_nothing(
    pg_url: str, tmp_path: Path
) -> None:
    db = PgDatabase.shared(pg_url)
    mine = users.add(db, "alice")
    bobs = users.add(db, "bob")
    admin = tmp_path / "admin"
    for ref, said in (
        (_public(bobs), f"alice has no token {_public(bobs)}"),
        ("mdt_0123456789abcdef", "nothing was revoked"),
        ("laptop", "is not a token id"),
    ):
        refused = _cli(admin, pg_url, "serve", "users", "revoke", "alice", "--token",
                       _public(mine), "--token", ref)  # fmt: skip
        assert refused.returncode == 1 and said in refused.stderr, refused.stderr
    ids = [mine.split("_")[1], bobs.split("_")[1]]
    assert users.live_ids(db, ids) == set(ids)
    again = _cli(admin, pg_url, "serve", "users", "revoke", "alice", "--token", mine)
    assert again.returncode == 0 and users.live_ids(db, ids) == {ids[1]}  # a whole token too
    twice = _cli(admin, pg_url, "serve", "users", "revoke", "alice", "--token", _public(mine))
    assert twice.returncode == 0 and "were revoked already" in twice.stdout, twice.stdout
    long = _cli(admin, pg_url, "serve", "users", "add", "carol", "--label", "x" * 41)
    assert long.returncode == 1 and "40 printable" in long.stderr, long.stderr
    assert not users.exists(db, "carol")


def test_a_token_made_before_labels_keeps_working_under_its_id(pg_url: str) -> None:
    old = PgDatabase(pg_url)
    try:  # the memory schema as a memdir before step 0004 left it, with a token
        old.ensure(Schema("memory", MEMORY.steps[:3]))
        salt, secret, tid = b"s" * 16, "x" * 43, "00112233aabbccdd"
        with old.transaction() as conn:
            conn.execute("INSERT INTO memdir_users (name, admin, created) VALUES ('old', false, 1)")
            conn.execute(
                "INSERT INTO memdir_tokens (id, user_name, salt, hash, created) "
                "VALUES (%s, 'old', %s, %s, 1)",
                (tid, salt, users._hash(secret, salt)),
            )
    finally:
        old.close()
    db = PgDatabase(pg_url)
    try:
        assert users.authenticate(db, f"mdt_{tid}_{secret}") == "old"  # steps 0004, 0005 run
        (listed,) = users.listing(db)
        assert [(t.id, t.label) for t in listed.live] == [(f"mdt_{tid}", "")]
        assert listed.live[0].last_used is not None
        assert {"0004-token-labels", "0005-user-removal"} <= {n for n, _ in db.migrations("memory")}
    finally:
        db.close()


def test_a_person_who_left_is_removed_asked_first_exported_and_shared_work_kept(
    pg_url: str, tmp_path: Path
) -> None:
    db = PgDatabase.shared(pg_url)
    users.add(db, "ops", admin=True)
    alice = users.add(db, "alice")
    bob = users.add(db, "bob", label="bob-laptop")
    for who in ("alice", "bob"):
        users.grant(db, who, APP)
    home = tmp_path / "bob"
    repo = _checkout(home)
    for scope in ("user", "local", "project"):
        added = _cli(home, pg_url, "-C", str(repo), "add", "--scope", scope, "--type", "user",
                     "--name", f"Bob {scope}", "--description", "d", "--body",
                     f"Bob's {scope} note. ボブのメモ。", MEMDIR_USER="bob")  # fmt: skip
        assert added.returncode == 0, added.stderr
    assert _cli(home, pg_url, "-C", str(repo), "search", "note", MEMDIR_USER="bob").returncode == 0
    with psycopg.connect(pg_url) as conn:
        base = str(conn.execute("SELECT current_schema()").fetchone()[0])  # type: ignore[index]
    state = schema_name(base, "bob")
    admin = tmp_path / "admin"
    env = _env(tmp_path / "srv", pg_url)
    (tmp_path / "srv").mkdir()
    with memdir_serving(env, tmp_path / "srv") as (_proc, server):
        assert _gate(server, bob) == 200
        asked = _cli(admin, pg_url, "serve", "users", "rm", "bob", stdin="n\n")
        assert asked.returncode == 1, asked.stderr
        for said in ("1 live token", "github.com/acme/app", "2 memories", "user 1",
                     "It keeps the 1 change", "--export DIR"):  # fmt: skip
            assert said in asked.stderr, asked.stderr
        assert users.exists(db, "bob") and _gate(server, bob) == 200  # nothing deleted

        out = tmp_path / "bob-export"
        gone = _cli(admin, pg_url, "serve", "users", "rm", "bob", "--export", str(out),
                    "--yes", "--json")  # fmt: skip
        assert gone.returncode == 0, gone.stderr
        said = json.loads(gone.stdout)
        assert (said["entries"], said["tokens"], said["kept_commits"]) == (2, 1, 1), said
        assert _gate(server, bob) == 403 and _gate(server, alice) == 200
    assert "ボブのメモ" in (out / "user" / "user_bob-user.md").read_text(encoding="utf-8")
    (local,) = (out / "projects").iterdir()
    assert "Bob's local note." in (local / "user_bob-local.md").read_text(encoding="utf-8")
    assert "bob" not in _cli(admin, pg_url, "serve", "users", "ls").stdout
    with psycopg.connect(pg_url) as conn:
        left = [
            conn.execute("SELECT count(*) FROM memdir_scopes WHERE owner = 'bob'").fetchone(),
            conn.execute(
                "SELECT count(*) FROM memdir_versions WHERE scope LIKE 'user:bob' "
                "OR scope LIKE 'local:bob:%'"
            ).fetchone(),
            conn.execute(
                "SELECT count(*) FROM pg_namespace WHERE nspname = %s", (state,)
            ).fetchone(),
            conn.execute(
                "SELECT count(*) FROM pg_migrations WHERE component = 'state/bob'"
            ).fetchone(),
        ]
    assert left == [(0,), (0,), (0,), (0,)]
    a = tmp_path / "alice"
    shared = _cli(a, pg_url, "-C", str(_checkout(a)), "log", "--scope", "project",
                  MEMDIR_USER="alice")  # fmt: skip
    assert "bob" in shared.stdout and "user_bob-project" in shared.stdout, shared.stdout
    again = _cli(admin, pg_url, "serve", "users", "rm", "bob", "--yes")
    assert again.returncode == 1 and "no user 'bob'" in again.stderr, again.stderr


def test_rm_refuses_the_last_admin_and_an_export_folder_in_use_deleting_nothing(
    pg_url: str, tmp_path: Path
) -> None:
    db = PgDatabase.shared(pg_url)
    users.add(db, "ops", admin=True)
    users.add(db, "bob")
    admin = tmp_path / "admin"
    last = _cli(admin, pg_url, "serve", "users", "rm", "ops", "--yes")
    assert last.returncode == 1 and "last admin" in last.stderr, last.stderr
    used = tmp_path / "used"
    used.mkdir()
    (used / "keep.md").write_text("mine", encoding="utf-8")
    busy = _cli(admin, pg_url, "serve", "users", "rm", "bob", "--export", str(used), "--yes")
    assert busy.returncode == 1 and "not an empty folder" in busy.stderr, busy.stderr
    assert users.exists(db, "ops") and users.exists(db, "bob")
    assert (used / "keep.md").read_text(encoding="utf-8") == "mine"


def test_history_stays_append_only_for_every_scope_but_the_leavers(pg_url: str) -> None:
    db = PgDatabase.shared(pg_url)
    users.add(db, "alice")
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute(
            "INSERT INTO memdir_scopes (key, kind, owner) VALUES ('user:alice', 'user', 'alice')"
        )
        conn.execute(
            "INSERT INTO memdir_commits (scope, rev, message, time, paths) "
            "VALUES ('user:alice', 'r1', 'm', 1, '{}')"
        )
        for leaving in ("", "bob", "ali"):
            with (
                pytest.raises(psycopg.errors.RaiseException, match="append-only"),
                conn.transaction(),
            ):
                conn.execute("SELECT set_config('memdir.removing_user', %s, true)", (leaving,))
                conn.execute("DELETE FROM memdir_commits WHERE scope = 'user:alice'")
        assert conn.execute("SELECT count(*) FROM memdir_commits").fetchone() == (1,)


def test_scopes_and_doctor_count_the_team_database(pg_url: str, tmp_path: Path) -> None:
    db = PgDatabase.shared(pg_url)
    users.add(db, "ops", admin=True)
    users.add(db, "alice")
    users.grant(db, "alice", APP)
    ops = tmp_path / "ops"
    added = _cli(ops, pg_url, "-C", str(_checkout(ops)), "add", "--scope", "managed",
                 "--type", "reference", "--name", "Org VPN", "--description", "vpn",
                 "--body", "The VPN is vpn.acme.test.", MEMDIR_USER="ops")  # fmt: skip
    assert added.returncode == 0, added.stderr
    a = tmp_path / "alice"
    repo = _checkout(a)
    doctor = _cli(a, pg_url, "-C", str(repo), "doctor", MEMDIR_USER="alice")
    assert doctor.returncode == 0, doctor.stderr
    assert "managed  1 entry at postgresql://" in doctor.stdout, doctor.stdout
    scopes = _cli(a, pg_url, "-C", str(repo), "scopes", MEMDIR_USER="alice").stdout
    assert "managed  1 active, 0 archived, read-only at postgresql://" in scopes, scopes
    assert str(a) not in scopes.split("\n")[0], scopes  # not this home's folder


def test_a_name_added_again_after_rm_works_on_a_server_that_served_it(
    pg_url: str, tmp_path: Path
) -> None:
    """`users rm` (its own process) drops bob's state schema under a server that made it;
    bob added again works there at once: the server makes the state again on the first
    statement that finds it gone, and its search finds what it had indexed before."""
    from test_walk58 import _mcp

    db = PgDatabase.shared(pg_url)
    users.add(db, "ops", admin=True)
    ops = tmp_path / "ops"
    team = _cli(ops, pg_url, "-C", str(_checkout(ops)), "add", "--scope", "managed",
                "--type", "reference", "--name", "Team greeting", "--description", "d",
                "--body", "hello team", MEMDIR_USER="ops")  # fmt: skip
    assert team.returncode == 0, team.stderr
    calls = [
        ("memory_search", {"query": "hello"}),
        ("memory", {"action": "add", "scope": "user", "type": "user", "name": "n1",
                    "description": "d", "body": "hello"}),
        ("memory_search", {"query": "hello"}),
    ]  # fmt: skip
    env = _env(tmp_path / "srv", pg_url)
    (tmp_path / "srv").mkdir()
    with memdir_serving(env, tmp_path / "srv") as (_proc, base):
        first = _mcp(f"{base}/mcp", users.add(db, "bob"), calls, project=APP)
        assert not any(a.startswith("ERROR") for a in first), first
        gone = _cli(tmp_path / "admin", pg_url, "serve", "users", "rm", "bob", "--yes")
        assert gone.returncode == 0, gone.stderr
        again = _mcp(f"{base}/mcp", users.add(db, "bob"), calls, project=APP)
    assert not any(a.startswith("ERROR") for a in again), again
    assert "Team greeting" in again[0], again[0]  # indexed again, not taken as indexed
    assert "user_n1" in again[2] and "Team greeting" in again[2], again[2]


def test_a_removed_users_state_is_not_made_again_by_a_process_that_served_them(
    pg_url: str,
) -> None:
    """The state schema `users rm` dropped is made again only for a user: a process that
    still holds the removed person's state (a request in flight) gets an AccessError and
    leaves no schema behind; once the name is added again, the same objects work."""
    from memdir.core.errors import AccessError
    from memdir.pg.sessions import PgStateDatabase
    from memdir.sessions import SessionStore

    served, admin = PgDatabase(pg_url), PgDatabase(pg_url)  # two processes' pools
    try:
        users.add(admin, "ops", admin=True)
        users.add(admin, "bob")
        state = PgStateDatabase(served, user="bob")
        store = SessionStore(state)
        store.start("t", session_id="s0")
        users.remove(admin, "bob")
        with pytest.raises(AccessError, match="'bob' is not a user"):
            store.start("t", session_id="s1")
        with admin.read() as conn:
            (base,) = conn.execute("SELECT current_schema()").fetchone()
            made = conn.execute(
                "SELECT count(*) FROM information_schema.schemata WHERE schema_name = %s",
                (schema_name(base, "bob"),),
            ).fetchone()
        assert made == (0,)
        users.add(admin, "bob")
        store.start("t", session_id="s2")
        store.log("s2", "user", "kubernetes rollout")
        assert [m.session_id for m in store.search_messages("kubernetes", limit=5)] == ["s2"]
        assert state.made == 1
    finally:
        served.close()
        admin.close()
