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

APP = "https://github.com/acme/app.git"


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
    checkout = home / "src" / "app"
    checkout.mkdir(parents=True)
    for args in (
        ("init", "-q"),
        ("remote", "add", "origin", remote),
        ("-c", "user.name=dev", "-c", "user.email=dev@example.com", "commit", "-q",
         "--allow-empty", "-m", "init"),
    ):  # fmt: skip
        subprocess.run(["git", "-C", str(checkout), *args], check=True, capture_output=True)
    return Machine(home, checkout, url)


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
