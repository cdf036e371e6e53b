"""walk58: a small team's first server admin, README, ``docs/`` and ``--help`` only: one
PostgreSQL database, one ``memdir serve --database``, an admin and two members (alice on
two laptops, bob), a CI runner; `serve users` add/ls/grant/revoke, MCP over HTTP with the
real MCP client SDK, `push`/`pull --server` of homes holding English, Chinese and Japanese
memories, and day-2 work (a lost laptop, a person leaving, a renamed repository, doctor,
upgrades). Every machine is a fresh ``HOME``/``MEMDIR_HOME`` and a real git checkout; every
command a real subprocess. The tests that pass walk what worked; each strict xfail
reproduces one defect found ("severity: …" in its reason)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client
from mcp.shared.exceptions import MCPError

from webserver import memdir_serving

pytestmark = pytest.mark.slow

APP = "https://github.com/acme/app.git"
README = Path(__file__).resolve().parents[1] / "README.md"


def _env(home: Path, **extra: str) -> dict[str, str]:
    """A machine's environment: its own HOME and memory home, no MEMDIR_* of the caller."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMDIR_")}
    managed = home / "etc-memdir"
    return {
        **env,
        "HOME": str(home),
        "MEMDIR_HOME": str(home / ".memdir"),
        "MEMDIR_MANAGED_DIR": str(managed),
        "MEMDIR_BACKGROUND": "0",
        **extra,
    }


@dataclass
class Machine:
    """One laptop or runner: a home and a checkout of the team's repository."""

    home: Path
    checkout: Path

    def run(self, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
        proc = subprocess.run(
            [sys.executable, "-m", "memdir", "-C", str(self.checkout), *args],
            env=_env(self.home, **env),
            capture_output=True,
            text=True,
            timeout=180,
        )
        assert "Traceback" not in proc.stderr, proc.stderr
        return proc


def team_checkout(home: Path, remote: str = APP) -> Path:
    """``home``'s checkout of the team's repository (origin ``remote``, one commit)."""
    checkout = home / "src" / "app"
    checkout.mkdir(parents=True)
    for args in (
        ("init", "-q"),
        ("remote", "add", "origin", remote),
        ("-c", "user.name=dev", "-c", "user.email=dev@example.com", "commit", "-q",
         "--allow-empty", "-m", "init"),
    ):  # fmt: skip
        subprocess.run(["git", "-C", str(checkout), *args], check=True, capture_output=True)
    return checkout


def _machine(tmp_path: Path, name: str, remote: str = APP) -> Machine:
    home = tmp_path / name
    return Machine(home, team_checkout(home, remote))


@dataclass
class Team:
    """The admin's view: the database URL, a machine to run `serve users` on, tokens."""

    url: str
    admin: Machine
    tokens: dict[str, str]

    def users(self, *args: str) -> subprocess.CompletedProcess[str]:
        return self.admin.run("serve", "users", *args, MEMDIR_DATABASE_URL=self.url)

    def add(self, name: str, *flags: str) -> str:
        made = self.users("add", name, *flags)
        assert made.returncode == 0 and made.stdout.startswith("mdt_"), made.stderr
        token = made.stdout.strip()
        self.tokens.setdefault(name, token)
        return token


@pytest.fixture
def team(pg_url: str, tmp_path: Path) -> Team:
    """ops (admin), alice and bob, both granted the app; ci granted it too. Made through
    the library in this process (seven CLI runs a test cost seconds each); the tests run
    `serve users` add, grant, ungrant, revoke and ls themselves."""
    from memdir.pg import users
    from memdir.pg.db import PgDatabase

    t = Team(pg_url, _machine(tmp_path, "admin"), {})
    db = PgDatabase(pg_url)
    try:
        t.tokens["ops"] = users.add(db, "ops", admin=True)
        for name in ("alice", "bob", "ci"):
            t.tokens[name] = users.add(db, name)
            users.grant(db, name, APP)
    finally:
        db.close()
    return t


@pytest.fixture
def server(team: Team, tmp_path: Path) -> Iterator[str]:
    """A real `memdir serve --database` on loopback: its MCP URL. Its log holds no token."""
    env = _env(tmp_path / "server", MEMDIR_DATABASE_URL=team.url)
    (tmp_path / "server").mkdir()
    with memdir_serving(env, tmp_path / "server") as (proc, base):
        yield f"{base}/mcp"
        proc.terminate()
        out, err = proc.communicate(timeout=30)
    assert "Traceback" not in err, err
    for token in team.tokens.values():
        assert token not in out + err


def _mcp(url: str, token: str, calls: list[tuple[str, Any]], project: str = APP) -> list[str]:
    """Each call's answer through the real MCP client over HTTP ("READ" reads a resource);
    an error as ``ERROR: message``."""
    headers = {"Authorization": f"Bearer {token}", "X-Memdir-Project": project}

    async def main() -> list[str]:
        said: list[str] = []
        http = create_mcp_http_client(headers=headers)
        async with Client(streamable_http_client(url, http_client=http)) as c:
            for name, args in calls:
                try:
                    if name == "READ":
                        read = await c.read_resource(args)
                        said.append(str(getattr(read.contents[0], "text", "")))
                        continue
                    result = await c.call_tool(name, args)
                    text = str(getattr(result.content[0], "text", ""))
                    said.append(f"ERROR: {text}" if result.is_error else text)
                except MCPError as exc:
                    said.append(f"ERROR: {exc}")
        return said

    return anyio.run(main)


def _answer(url: str, token: str) -> str:
    """A memory search's answer for ``token``, or why the server refused the connection."""
    try:
        return _mcp(url, token, [("memory_search", {"query": "build"})])[0]
    except Exception as exc:  # noqa: BLE001 - a refused connection ends in an exception group
        return f"refused: {exc!r} {getattr(exc, 'exceptions', '')!r}"


def _alice_laptop(tmp_path: Path) -> Machine:
    """Alice's first laptop, with memories in English, Chinese and Japanese in every scope
    a push sends."""
    a1 = _machine(tmp_path, "alice-1")
    for scope, typ, name, body in (
        ("user", "user", "Alice private note", "Salary talk in March. 私の給料交渉は三月。"),
        (
            "project",
            "project",
            "Shared build cmd",
            "Build with make release. 构建用 make release。",
        ),
        ("local", "feedback", "部门聚餐地点", "部门聚餐在四川饭店，周五晚上。"),
        ("local", "user", "日本語メモ", "アリスの個人的なメモ：東京在住。"),
    ):
        added = a1.run(
            "add", "--scope", scope, "--type", typ, "--name", name, "--description", name,
            "--body", body,
        )  # fmt: skip
        assert added.returncode == 0, added.stderr
    return a1


# --- what worked ---------------------------------------------------------------------


def test_two_people_share_the_project_and_nothing_else_on_every_read_path(
    team: Team, server: str, tmp_path: Path
) -> None:
    """Alice pushes a home of English, Chinese and Japanese memories; her second laptop
    (origin in SSH form, other case) pulls all of them back; bob reads the shared project
    and none of alice's user or local memories or sessions on search, read, resources,
    session search, and his own pull."""
    a1 = _alice_laptop(tmp_path)
    pushed = a1.run("push", "--server", server, "--apply", MEMDIR_TOKEN=team.tokens["alice"])
    assert pushed.returncode == 0 and "4 add" in pushed.stdout, pushed.stdout + pushed.stderr
    second = team.add("alice")  # her second laptop's token
    a2 = _machine(tmp_path, "alice-2", "git@github.com:Acme/App.git")
    pulled = a2.run("pull", "--server", server, "--apply", MEMDIR_TOKEN=second)
    assert pulled.returncode == 0 and "4 add" in pulled.stdout, pulled.stdout + pulled.stderr
    assert "user_日本語メモ" in a2.run("search", "東京").stdout
    _mcp(server, second, [("log", {"role": "user", "content": "kumquat 金柑の話 private"})])

    bob = _mcp(
        server,
        team.tokens["bob"],
        [
            ("memory_search", {"query": "make release"}),
            ("memory_search", {"query": "東京", "include_history": True}),
            ("memory_search", {"query": "部门聚餐"}),
            ("memory_read", {"id": "user_日本語メモ"}),
            ("memory_read", {"id": "Alice private"}),
            ("memory_read", {"scope": "user"}),
            ("memory_read", {"scope": "local"}),
            ("READ", "memdir://index"),
            ("READ", "memdir://context"),
            ("session_search", {"query": "金柑"}),
            ("session_search", {"query": "kumquat"}),
        ],
    )
    assert "project_shared-build-cmd" in bob[0], bob[0]
    for said in bob[1:]:
        for secret in ("東京", "部门", "Salary", "金柑", "kumquat private"):
            assert secret not in said, said
    b1 = _machine(tmp_path, "bob-1")
    his = b1.run("pull", "--server", server, "--apply", MEMDIR_TOKEN=team.tokens["bob"])
    assert his.returncode == 0 and "1 add" in his.stdout, his.stdout + his.stderr
    assert "project_shared-build-cmd" in his.stdout and "日本語" not in his.stdout


def test_a_revoked_token_is_refused_on_a_connection_already_open(team: Team, server: str) -> None:
    """The admin revokes bob while his agent's MCP connection is open: its next call is
    refused, saying why, with no restart."""
    headers = {"Authorization": f"Bearer {team.tokens['bob']}", "X-Memdir-Project": APP}

    async def main() -> tuple[str, str]:
        http = create_mcp_http_client(headers=headers)
        async with Client(streamable_http_client(server, http_client=http)) as c:
            first = await c.call_tool("memory_search", {"query": "build"})
            revoked = team.users("revoke", "bob")
            assert revoked.returncode == 0, revoked.stderr
            try:
                await c.call_tool("memory_search", {"query": "build"})
            except MCPError as exc:
                return str(getattr(first.content[0], "text", "")), str(exc)
            return str(getattr(first.content[0], "text", "")), "answered"

    first, then = anyio.run(main)
    assert '"success": true' in first, first
    assert "revoked" in then, then


def test_a_database_of_a_newer_memdir_is_refused_saying_upgrade(team: Team) -> None:
    """A step this memdir does not know (as a newer memdir records it) makes every command
    refuse the database in one line, naming the step and what to do."""
    import psycopg

    with psycopg.connect(team.url, autocommit=True) as conn:
        conn.execute(
            "INSERT INTO pg_migrations (component, name, applied_at) "
            "VALUES ('memory', '9999_from_the_future', 0)"
        )
    listed = team.users("ls")
    assert listed.returncode == 1, listed.stdout
    assert "9999_from_the_future" in listed.stderr and "Upgrade memdir" in listed.stderr


# --- defects -------------------------------------------------------------------------


def test_a_keyword_dsn_is_refused_without_printing_its_password(tmp_path: Path) -> None:
    admin = _machine(tmp_path, "admin")
    dsn = "host=127.0.0.1 port=9 user=memdir password=hunter2-s3cret dbname=memdir"
    for args, env in (
        (("serve", "users", "ls", "--database", dsn), {}),
        (("serve", "--port", "9"), {"MEMDIR_DATABASE_URL": dsn}),
    ):
        refused = admin.run(*args, **env)
        assert refused.returncode != 0, refused.stdout
        assert "hunter2-s3cret" not in refused.stdout + refused.stderr, refused.stderr


def test_the_cli_on_the_team_database_refuses_a_user_never_added(
    team: Team, tmp_path: Path
) -> None:
    a1 = _machine(tmp_path, "alice-1")
    added = a1.run(
        "add", "--scope", "user", "--type", "user", "--name", "Typo user",
        "--description", "d", "--body", "Saved for a user nobody has.",
        MEMDIR_DATABASE_URL=team.url, MEMDIR_USER="alcie",
    )  # fmt: skip
    assert added.returncode == 1, added.stdout
    assert "users add" in added.stderr and "'alice'" in added.stderr, added.stderr  # meant


def test_scopes_count_the_team_database(team: Team, tmp_path: Path) -> None:
    ops = _machine(tmp_path, "ops")
    org = ops.run(
        "add", "--scope", "managed", "--type", "reference", "--name", "Org VPN",
        "--description", "vpn", "--body", "The VPN is vpn.acme.test.",
        MEMDIR_DATABASE_URL=team.url, MEMDIR_USER="ops",
    )  # fmt: skip
    assert org.returncode == 0, org.stderr
    a1 = _alice_laptop(tmp_path)
    as_alice = {"MEMDIR_DATABASE_URL": team.url, "MEMDIR_USER": "alice"}
    assert a1.run("push", "--apply", **as_alice).returncode == 0
    a2 = _machine(tmp_path, "alice-2")
    listed = a2.run("ls", "--json", **as_alice)
    assert listed.returncode == 0 and "user_日本語メモ" in listed.stdout, listed.stderr
    scopes = {s["scope"]: s for s in json.loads(a2.run("scopes", "--json", **as_alice).stdout)}
    assert scopes["managed"]["active"] == 1, scopes["managed"]
    assert scopes["local"]["active"] == 2, scopes["local"]


def test_doctor_names_the_team_database_as_a_url(team: Team, tmp_path: Path) -> None:
    a1 = _machine(tmp_path, "alice-1")
    doctor = a1.run("doctor", MEMDIR_DATABASE_URL=team.url, MEMDIR_USER="alice")
    assert doctor.returncode == 0, doctor.stderr
    assert "postgresql:/memdir" not in doctor.stdout, doctor.stdout
    assert team.url.split("?")[0] in doctor.stdout, doctor.stdout  # one can paste it
    assert not re.search(r"^semantic\s*$", doctor.stdout, re.M), doctor.stdout


def test_an_org_write_has_history(team: Team, tmp_path: Path) -> None:
    ops = _machine(tmp_path, "ops")
    as_ops = {"MEMDIR_DATABASE_URL": team.url, "MEMDIR_USER": "ops"}
    org = ops.run(
        "add", "--scope", "managed", "--type", "reference", "--name", "Org VPN",
        "--description", "vpn", "--body", "The VPN is vpn.acme.test.", **as_ops,
    )  # fmt: skip
    assert org.returncode == 0, org.stderr
    log = ops.run("log", "--scope", "managed", **as_ops)
    assert log.returncode == 0, log.stderr
    assert "reference_org-vpn" in log.stdout and "ops" in log.stdout, log.stdout


def test_one_lost_laptops_token_is_revoked_alone(team: Team, server: str) -> None:
    lost = team.tokens["alice"]
    kept = team.add("alice", "--label", "alice-desk")
    listed = json.loads(team.users("ls", "--json").stdout)
    tokens = next(u["live_tokens"] for u in listed if u["name"] == "alice")
    token_id = next(t["id"] for t in tokens if t["label"] != "alice-desk")  # the lost one
    assert lost.startswith(token_id + "_") and token_id in team.users("ls").stdout
    revoked = team.users("revoke", "alice", "--token", token_id)
    assert revoked.returncode == 0, revoked.stderr
    assert "revoked" in _answer(server, lost)
    assert _answer(server, kept).startswith('{"success": true'), _answer(server, kept)


def test_a_person_who_left_is_removed_with_their_personal_memories(
    team: Team, tmp_path: Path
) -> None:
    b1 = _machine(tmp_path, "bob-1")
    as_bob = {"MEMDIR_DATABASE_URL": team.url, "MEMDIR_USER": "bob"}
    for scope in ("user", "project"):
        added = b1.run(
            "add", "--scope", scope, "--type", "user", "--name", f"Bob {scope}",
            "--description", "d", "--body", f"Bob's {scope} note.", **as_bob,
        )  # fmt: skip
        assert added.returncode == 0, added.stderr
    helped = team.users("--help").stdout
    removes = [w for w in ("rm", "remove", "delete") if re.search(rf"^\s+{w}\s", helped, re.M)]
    assert removes, helped
    asked = subprocess.run(  # without --yes it asks: "n" deletes nothing
        [sys.executable, "-m", "memdir", "serve", "users", removes[0], "bob"],
        env=_env(team.admin.home, MEMDIR_DATABASE_URL=team.url),
        input="n\n",
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert asked.returncode == 1 and "bob" in team.users("ls").stdout, asked.stderr
    gone = team.users(removes[0], "bob", "--yes")
    assert gone.returncode == 0, gone.stderr
    assert "bob" not in team.users("ls").stdout
    a1 = _machine(tmp_path, "alice-1")
    shared = a1.run("ls", "--scope", "project", MEMDIR_DATABASE_URL=team.url, MEMDIR_USER="alice")
    assert "Bob project" in shared.stdout  # shared project memory stays for the others


def test_a_renamed_repository_keeps_its_memories_reachable(team: Team, tmp_path: Path) -> None:
    a1 = _alice_laptop(tmp_path)
    as_alice = {"MEMDIR_DATABASE_URL": team.url, "MEMDIR_USER": "alice"}
    assert a1.run("push", "--apply", **as_alice).returncode == 0
    renamed = "https://github.com/acme/webapp.git"
    subprocess.run(
        ["git", "-C", str(a1.checkout), "remote", "set-url", "origin", renamed], check=True
    )
    assert team.users("grant", "alice", renamed).returncode == 0
    listed = a1.run("ls", **as_alice)
    assert listed.returncode == 0, listed.stderr
    found = "project_shared-build-cmd" in listed.stdout
    warned = "github.com/acme/app" in listed.stderr.replace("github.com/acme/webapp", "")
    assert found or warned, listed.stdout + listed.stderr


def test_a_push_that_leaves_project_entries_unsent_says_which_and_fails(
    team: Team, server: str, tmp_path: Path
) -> None:
    dave = team.add("dave")  # added, not yet granted the app
    d1 = _machine(tmp_path, "dave-1")
    for scope, name in (("project", "Dave release plan"), ("local", "Dave own note")):
        added = d1.run(
            "add", "--scope", scope, "--type", "project", "--name", name,
            "--description", name, "--body", f"{name}.",
        )  # fmt: skip
        assert added.returncode == 0, added.stderr
    pushed = d1.run("push", "--server", server, "--apply", MEMDIR_TOKEN=dave)
    assert "project_dave-own-note" in pushed.stdout, pushed.stdout + pushed.stderr  # sent
    assert pushed.returncode != 0, pushed.stdout + pushed.stderr
    assert "project_dave-release-plan" in pushed.stderr, pushed.stderr
    assert "Use the 'local' scope" not in pushed.stdout + pushed.stderr  # an agent's words
    as_json = d1.run("push", "--server", server, "--apply", "--json", MEMDIR_TOKEN=dave)
    assert as_json.returncode == pushed.returncode, as_json.stderr
    unsent = [m["entry"] for m in json.loads(as_json.stdout)["moves"] if m["action"] == "unsent"]
    assert unsent == ["project_dave-release-plan"], as_json.stdout
    direct = d1.run("push", "--apply", MEMDIR_DATABASE_URL=team.url, MEMDIR_USER="dave")
    assert direct.returncode == pushed.returncode, direct.stdout + direct.stderr  # no server
    assert "project_dave-release-plan" in direct.stderr, direct.stderr


def test_grant_takes_the_project_as_users_ls_prints_it(team: Team) -> None:
    shown = team.users("ls").stdout
    key = next(line.split("\t")[-1] for line in shown.splitlines() if line.startswith("bob"))
    assert key == "github.com/acme/app", shown
    ungranted = team.users("ungrant", "bob", key)
    assert ungranted.returncode == 0, ungranted.stderr


def test_add_after_revoke_does_not_say_earlier_tokens_stay_live(team: Team) -> None:
    assert team.users("revoke", "bob").returncode == 0
    again = team.users("add", "bob")
    assert again.returncode == 0, again.stderr
    assert "stay live" not in again.stderr, again.stderr


def test_add_admin_of_an_existing_member_says_they_are_admin_now(team: Team) -> None:
    again = team.users("add", "bob", "--admin")
    assert again.returncode == 0, again.stderr
    assert "bob\tadmin" in team.users("ls").stdout
    assert "admin" in again.stderr.lower(), again.stderr


def test_an_org_entry_refusal_does_not_point_to_another_refusal(
    team: Team, server: str, tmp_path: Path
) -> None:
    ops = _machine(tmp_path, "ops")
    org = ops.run(
        "add", "--scope", "managed", "--type", "reference", "--name", "Org VPN",
        "--description", "vpn", "--body", "The VPN is vpn.acme.test.",
        MEMDIR_DATABASE_URL=team.url, MEMDIR_USER="ops",
    )  # fmt: skip
    assert org.returncode == 0, org.stderr
    first, followed = _mcp(
        server,
        team.tokens["bob"],
        [
            ("memory", {"action": "remove", "target": "reference_org-vpn"}),
            ("memory", {"action": "remove", "target": "reference_org-vpn", "scope": "managed"}),
        ],
    )
    assert first.startswith("ERROR") and followed.startswith("ERROR"), (first, followed)
    told = json.loads(first.removeprefix("ERROR: "))["error"]
    assert '"scope": "managed"' not in told, (told, followed)


def test_readme_names_the_last_schema_step(team: Team, tmp_path: Path) -> None:
    import psycopg

    a1 = _machine(tmp_path, "alice-1")  # her state schema is made on first use
    assert a1.run("search", "x", MEMDIR_DATABASE_URL=team.url, MEMDIR_USER="alice").returncode == 0
    names: list[str] = []
    with psycopg.connect(team.url) as conn:
        schemas = conn.execute(
            "SELECT table_schema FROM information_schema.tables WHERE table_name = "
            "'pg_migrations' AND starts_with(table_schema, current_schema())"
        ).fetchall()
        for (schema,) in schemas:  # the team's, and each user's state schema beside it
            query = f'SELECT name FROM "{schema}".pg_migrations'
            names += [n for (n,) in conn.execute(query).fetchall()]  # type: ignore[call-overload]
    last = max((n for n in names if re.match(r"\d{4}_", n)), key=lambda n: int(n[:4]))
    assert f"`{last}`" in README.read_text(encoding="utf-8"), last


def test_readme_names_the_newest_schema_step_in_code() -> None:
    """No database needed: a step added to the code fails this until the README names it."""
    from memdir.pg.schema import MEMORY
    from memdir.pg.state_schema import state_schema

    steps = [s.name for s in (*MEMORY.steps, *state_schema("x", "state").steps)]
    last = max((n for n in steps if re.match(r"\d{4}_", n)), key=lambda n: int(n[:4]))
    assert f"newest step this memdir brings is `{last}`" in README.read_text(encoding="utf-8")


def test_the_readme_backup_and_restore_bring_the_team_back(team: Team, tmp_path: Path) -> None:
    """README's pg_dump and pg_restore, run as written: the restored database serves the
    same users and memories."""
    import shutil
    import uuid

    import psycopg

    if not (shutil.which("pg_dump") and shutil.which("pg_restore")):
        pytest.skip("pg_dump and pg_restore are not installed")
    text = README.read_text(encoding="utf-8")
    assert 'pg_dump -Fc -f memdir.dump "$MEMDIR_DATABASE_URL"' in text
    assert "--no-owner memdir.dump" in text
    a1 = _machine(tmp_path, "alice-1")
    as_alice = {"MEMDIR_DATABASE_URL": team.url, "MEMDIR_USER": "alice"}
    added = a1.run(
        "add", "--scope", "project", "--type", "project", "--name", "Kept in the dump",
        "--description", "d", "--body", "Deploy on Tuesdays.", **as_alice,
    )  # fmt: skip
    assert added.returncode == 0, added.stderr
    base, _, query = team.url.partition("?")  # the test's schema: options=-csearch_path=…
    dump = tmp_path / "memdir.dump"
    subprocess.run(["pg_dump", "-Fc", "-f", str(dump), base], check=True, capture_output=True)
    name = f"restored_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')  # README: `createdb`
    try:
        restored = f"{base.rsplit('/', 1)[0]}/{name}"
        subprocess.run(
            ["pg_restore", "-d", restored, "--no-owner", str(dump)], check=True, capture_output=True
        )
        again = {**as_alice, "MEMDIR_DATABASE_URL": f"{restored}?{query}"}
        listed = a1.run("ls", "--scope", "project", **again)
        assert listed.returncode == 0 and "Kept in the dump" in listed.stdout, listed.stderr
        users = a1.run("serve", "users", "ls", MEMDIR_DATABASE_URL=f"{restored}?{query}")
        assert "alice\tuser" in users.stdout and "github.com/acme/app" in users.stdout, users
    finally:
        from memdir.pg.db import close_shared

        close_shared()
        with psycopg.connect(base, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE "{name}" WITH (FORCE)')


def test_readme_says_how_to_back_up_the_team_database() -> None:
    text = README.read_text(encoding="utf-8")
    team = text[text.index("## A team server on PostgreSQL") : text.index("## What memdir takes")]
    assert "pg_dump" in team or "backup" in team.lower() or "back up" in team.lower()


def test_serve_help_shows_a_team_database_example(tmp_path: Path) -> None:
    """walk58, unpinned: `serve --help` had no `--database` example."""
    helped = _machine(tmp_path, "admin").run("serve", "--help")
    assert re.search(r"memdir serve --database postgresql://\S+", helped.stdout), helped.stdout


def test_a_search_after_an_ungrant_says_the_project_was_left_out(team: Team, server: str) -> None:
    """walk58, unpinned: after `users ungrant`, search answered empty without saying why
    (writes said it)."""
    assert team.users("ungrant", "bob", APP).returncode == 0
    said = json.loads(_answer(server, team.tokens["bob"]))
    assert said["success"] and "not granted the project github.com/acme/app" in str(
        said.get("notes")
    ), said
