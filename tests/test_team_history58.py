"""The team database keeps every scope's history, the org's too (who changed org policy,
seen by all, reverted only by an admin), and a project's memories stay reachable when its
repository is renamed or its local scope's key changed. Real PostgreSQL, real `memdir`
subprocesses, real git checkouts."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from memdir.pg import users
from memdir.pg.db import PgDatabase
from test_walk58 import APP, team_checkout


@dataclass
class Machine:
    home: Path
    checkout: Path
    url: str

    def run(
        self, *args: str, user: str = "alice", **extra: str
    ) -> subprocess.CompletedProcess[str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith("MEMDIR_")}
        env.update(
            HOME=str(self.home),
            MEMDIR_HOME=str(self.home / ".memdir"),
            MEMDIR_MANAGED_DIR=str(self.home / "etc-memdir"),
            MEMDIR_BACKGROUND="0",
            MEMDIR_DATABASE_URL=self.url,
            MEMDIR_USER=user,
            COLUMNS="200",
            NO_COLOR="1",
            **extra,
        )
        proc = subprocess.run(
            [sys.executable, "-m", "memdir", "-C", str(self.checkout), *args],
            env=env,
            capture_output=True,
            text=True,
            timeout=180,
        )
        assert "Traceback" not in proc.stderr, proc.stderr
        return proc

    def ok(self, *args: str, user: str = "alice", **extra: str) -> str:
        proc = self.run(*args, user=user, **extra)
        assert proc.returncode == 0, proc.stdout + proc.stderr
        return proc.stdout + proc.stderr


def _machine(tmp_path: Path, url: str, name: str = "m", remote: str = APP) -> Machine:
    home = tmp_path / name
    return Machine(home, team_checkout(home, remote), url)


@pytest.fixture
def team(pg_url: str) -> str:
    """ops (admin), alice and bob (members), both granted the app."""
    db = PgDatabase.shared(pg_url)
    users.add(db, "ops", admin=True)
    for name in ("alice", "bob"):
        users.add(db, name)
        users.grant(db, name, APP)
    return pg_url


def _edit(m: Machine, entry: str, old: str, new: str, user: str) -> None:
    """``memdir edit`` with an editor that replaces ``old`` by ``new``."""
    m.ok("edit", entry, user=user, EDITOR=f"sed -i s/{old}/{new}/")


def _add(m: Machine, scope: str, name: str, body: str, user: str) -> None:
    m.ok(
        "add", "--scope", scope, "--type", "reference", "--name", name,
        "--description", name, "--body", body, user=user,
    )  # fmt: skip


# --- the org scope's history ------------------------------------------------------------


def test_org_history_names_who_wrote_each_version_and_members_read_it(
    team: str, tmp_path: Path
) -> None:
    m = _machine(tmp_path, team)
    _add(m, "managed", "Org VPN", "The VPN is vpn.acme.test.", "ops")
    _edit(m, "reference_org-vpn", "vpn.acme", "vpn2.acme", "ops")
    log = json.loads(m.ok("log", "--scope", "managed", "--json", user="bob"))
    assert [r["author"] for r in log] == ["ops", "ops"], log
    assert all(r["scope"] == "managed" for r in log)
    old = m.ok("show", f"reference_org-vpn@{log[1]['rev'][:8]}", user="bob")
    assert "vpn.acme.test" in old and "vpn2" not in old
    diff = m.ok("diff", log[0]["rev"][:8], "--scope", "managed", user="alice")
    assert "-The VPN is vpn.acme.test." in diff and "+The VPN is vpn2.acme.test." in diff


def test_only_an_admin_reverts_an_org_change(team: str, tmp_path: Path) -> None:
    m = _machine(tmp_path, team)
    _add(m, "managed", "Org VPN", "The VPN is vpn.acme.test.", "ops")
    _edit(m, "reference_org-vpn", "vpn.acme", "evil", "ops")
    rev = json.loads(m.ok("log", "--scope", "managed", "--json", user="ops"))[0]["rev"]
    refused = m.run("revert", rev[:8], "--scope", "managed", user="bob")
    assert refused.returncode != 0
    assert "read-only" in refused.stderr.lower() or "may not" in refused.stderr.lower()
    assert "evil.test" in m.ok("show", "reference_org-vpn", user="bob")
    m.ok("revert", rev[:8], "--scope", "managed", user="ops")
    assert "vpn.acme.test" in m.ok("show", "reference_org-vpn", user="bob")
    authors = [r["author"] for r in json.loads(m.ok("log", "--scope", "managed", "--json"))]
    assert authors == ["ops", "ops", "ops"]


def test_the_embedded_managed_folder_still_keeps_no_history(tmp_path: Path) -> None:
    """On the embedded default the org scope is a folder an administrator deploys."""
    m = _machine(tmp_path, "")
    (m.home / "etc-memdir").mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMDIR_")}
    env.update(HOME=str(m.home), MEMDIR_HOME=str(m.home / ".memdir"))
    env.update(MEMDIR_MANAGED_DIR=str(m.home / "etc-memdir"), MEMDIR_BACKGROUND="0")
    proc = subprocess.run(
        [sys.executable, "-m", "memdir", "-C", str(m.checkout), "log", "--scope", "managed"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode != 0 and "keeps no history" in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stderr


# --- a repository renamed on its host ---------------------------------------------------

WEBAPP = "https://github.com/acme/webapp.git"


def _serve_projects(m: Machine, *args: str) -> subprocess.CompletedProcess[str]:
    return m.run("serve", "projects", *args, "--database", m.url, user="ops")


def _state_rows(url: str, user: str, table: str) -> list[str]:
    import psycopg

    from memdir.pg.sessions import schema_name

    with psycopg.connect(url, autocommit=True) as conn:
        base = str(conn.execute("SELECT current_schema()").fetchone()[0])  # type: ignore[index]
        rows = conn.execute(f'SELECT location FROM "{schema_name(base, user)}".{table}')
        return sorted(str(r[0]) for r in rows.fetchall())


def test_a_renamed_project_moves_with_its_history_tombstones_and_grants(
    team: str, tmp_path: Path
) -> None:
    a = _machine(tmp_path, team)
    _add(a, "project", "Build cmd", "Build with make release.", "alice")
    _add(a, "project", "Secret plan", "The launch is in May.", "alice")
    a.ok("rm", "reference_secret-plan", user="alice")
    assert _state_rows(team, "alice", "tombstones") == ["project:github.com/acme/app"]
    subprocess.run(["git", "-C", str(a.checkout), "remote", "set-url", "origin", WEBAPP])
    users.grant(PgDatabase.shared(team), "alice", WEBAPP)
    listed = a.run("ls", user="alice")
    assert listed.returncode == 0 and "reference_build-cmd" not in listed.stdout
    command = (
        "memdir serve projects rename https://github.com/acme/app https://github.com/acme/webapp"
    )
    assert command in listed.stderr, listed.stderr

    moved = _serve_projects(a, "rename", "https://github.com/acme/app", WEBAPP, "--json")
    assert moved.returncode == 0, moved.stderr
    said = json.loads(moved.stdout)
    assert (said["from"], said["to"]) == ("project:github.com/acme/app", f"project:{WEBAPP[8:-4]}")
    assert said["commits"] == 3 and said["grants"] == 1  # bob's (alice had been granted it)

    listed = a.run("ls", user="alice")
    assert "reference_build-cmd" in listed.stdout and "acme/app " not in listed.stderr
    log = json.loads(a.ok("log", "--scope", "project", "--json", user="alice"))
    assert [r["author"] for r in log] == ["alice"] * 3
    assert _state_rows(team, "alice", "tombstones") == ["project:github.com/acme/webapp"]
    assert "reference_build-cmd" in a.ok("ls", user="bob")  # bob's grant came along
    assert "reference_secret-plan" not in a.ok("ls", user="alice")

    again = _serve_projects(a, "rename", "https://github.com/acme/app", WEBAPP)
    assert again.returncode == 1 and "holds no entries" in again.stderr, again.stderr
    _add(a, "project", "Other", "x", "alice")
    users.grant(PgDatabase.shared(team), "alice", APP)
    _add(
        _machine(tmp_path, team, "old", APP), "project", "Old again", "Under the old name.", "alice"
    )
    clash = _serve_projects(a, "rename", APP, WEBAPP)
    assert clash.returncode == 1 and "holds entries already" in clash.stderr, clash.stderr
    assert "reference_other" in a.ok("ls", user="alice")  # nothing overwritten


def test_a_rename_and_its_notice_are_no_one_elses(team: str, tmp_path: Path) -> None:
    """The notice names only a project the user is granted; bad keys get a clear error."""
    from memdir.pg import rekey

    a = _machine(tmp_path, team)
    _add(a, "project", "Build cmd", "Build with make release.", "alice")
    db = PgDatabase.shared(team)
    users.add(db, "carol")
    users.grant(db, "carol", WEBAPP)
    assert rekey.renamed_here(db, "alice", "github.com/acme/webapp", a.checkout) == [
        "github.com/acme/app"
    ]
    assert rekey.renamed_here(db, "carol", "github.com/acme/webapp", a.checkout) == []
    for old, new, why in (
        ("/tmp/x", WEBAPP, "not a shared repository URL"),
        (APP, "local:alice:abc", "a project moves to a project"),
        ("local:alice:abc", "local:bob:abc", "the same user"),
        (APP, APP, "the same scope"),
    ):
        refused = _serve_projects(a, "rename", old, new)
        assert refused.returncode != 0 and why in refused.stderr, refused.stderr
    assert "reference_build-cmd" in a.ok("ls", user="alice")


def test_a_running_server_reads_a_renamed_project_at_once(team: str, tmp_path: Path) -> None:
    import anyio
    from mcp import Client
    from mcp.client.streamable_http import streamable_http_client
    from mcp.shared._httpx_utils import create_mcp_http_client

    from webserver import memdir_serving

    a = _machine(tmp_path, team)
    _add(a, "project", "Build cmd", "Build with make release.", "alice")
    db = PgDatabase.shared(team)
    token = users.add(db, "alice")
    users.grant(db, "alice", WEBAPP)

    def search() -> str:
        headers = {"Authorization": f"Bearer {token}", "X-Memdir-Project": WEBAPP}

        async def main() -> str:
            http = create_mcp_http_client(headers=headers)
            async with Client(streamable_http_client(f"{base}/mcp", http_client=http)) as c:
                result = await c.call_tool("memory_search", {"query": "make release"})
                return str(getattr(result.content[0], "text", ""))

        return anyio.run(main)

    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMDIR_")}
    server = tmp_path / "server"
    server.mkdir()
    env.update(HOME=str(server), MEMDIR_HOME=str(server / ".memdir"), MEMDIR_DATABASE_URL=team)
    env["MEMDIR_BACKGROUND"] = "0"
    with memdir_serving(env, server) as (_proc, base):
        assert "reference_build-cmd" not in search()
        moved = _serve_projects(a, "rename", APP, WEBAPP)
        assert moved.returncode == 0, moved.stderr
        assert "reference_build-cmd" in search()


def test_local_entries_under_the_checkouts_slug_follow_it_to_its_url(
    team: str, tmp_path: Path
) -> None:
    """A checkout without a remote keys its local scope by its slug; once it has one, by
    the URL: the user's entries and what they forgot move there on the next open (their
    own data, of this checkout); a second key holding entries too keeps both."""
    from memdir.core.scopes import project_slug
    from memdir.pg.names import url_slug

    a = _machine(tmp_path, team)
    subprocess.run(["git", "-C", str(a.checkout), "remote", "remove", "origin"], check=True)
    _add(a, "local", "Oncall", "Grafana at grafana.acme.test.", "alice")
    _add(a, "local", "Old secret", "Forget me.", "alice")
    a.ok("rm", "reference_old-secret", user="alice")
    slug = f"local:alice:{project_slug(a.checkout)}"
    assert _state_rows(team, "alice", "tombstones") == [slug]
    subprocess.run(["git", "-C", str(a.checkout), "remote", "add", "origin", APP], check=True)

    listed = a.run("ls", "--scope", "local", user="alice")
    assert "reference_oncall" in listed.stdout, listed.stdout + listed.stderr
    assert f"moved 1 entry with their history and what was forgotten from {slug}" in (listed.stderr)
    url_key = f"local:alice:{url_slug('github.com/acme/app')}"
    assert _state_rows(team, "alice", "tombstones") == [url_key]
    log = json.loads(a.ok("log", "--scope", "local", "--json", user="alice"))
    assert len(log) == 3 and {r["author"] for r in log} == {"alice"}
    assert "moved" not in a.run("ls", user="alice").stderr  # once

    b = _machine(tmp_path, team, "second")  # another checkout: its own slug, kept
    subprocess.run(["git", "-C", str(b.checkout), "remote", "remove", "origin"], check=True)
    _add(b, "local", "Second note", "Kept apart.", "alice")
    subprocess.run(["git", "-C", str(b.checkout), "remote", "add", "origin", APP], check=True)
    both = b.run("ls", "--scope", "local", user="alice")
    assert "not moved" in both.stderr and "holds entries already" in both.stderr, both.stderr
    assert "reference_oncall" in both.stdout and "reference_second-note" not in both.stdout
