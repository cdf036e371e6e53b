"""The team backend through the `memdir` CLI (real subprocesses, real PostgreSQL): the
grant an ungranted user is told to ask for is a command that works, and an entry bob
removes with MEMDIR_USER=bob is recorded as removed by bob (branch left56b)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from dulwich.repo import Repo

SRC = str(Path(__file__).resolve().parents[1] / "src")
REMOTE = "https://git.example.test/left56b/app.git"


def _cli(url: str, tmp_path: Path, project: Path) -> Callable[..., Any]:
    env = {**os.environ, "MEMDIR_DATABASE_URL": url, "PYTHONPATH": SRC, "NO_COLOR": "1"}
    env.update(MEMDIR_HOME=str(tmp_path / "home"), MEMDIR_MANAGED_DIR=str(tmp_path / "m"))

    def run(*args: str, user: str = "alice", ok: bool = True) -> subprocess.CompletedProcess[str]:
        done = subprocess.run(
            [sys.executable, "-m", "memdir", "-C", str(project), *args],
            env={**env, "MEMDIR_USER": user},
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert (done.returncode == 0) == ok, done.stdout + done.stderr
        assert "Traceback" not in done.stderr, done.stderr
        return done

    return run


def _clone(project: Path) -> Path:
    project.mkdir()
    repo = Repo.init(str(project))
    config = repo.get_config()
    config.set((b"remote", b"origin"), b"url", REMOTE.encode())
    config.write_to_path()
    repo.close()
    return project


def test_the_grant_an_ungranted_user_is_told_works_and_bobs_remove_is_his(
    pg_url: str, tmp_path: Path
) -> None:
    """main: "an admin runs `memdir serve users grant alice git.example.test/left56b/app`",
    which refuses that project ("not a shared repository URL"). Now the command as told
    grants it; then alice adds an entry, bob removes it, and `memdir log` says by whom."""
    run = _cli(pg_url, tmp_path, _clone(tmp_path / "app"))
    for who in ("alice", "bob"):
        run("serve", "users", "add", who)
    add = ("add", "--type", "project", "--name", "Deploy target", "--description", "where")
    refused = run(*add, "--body", "fly.io ams", "--scope", "project", ok=False).stderr
    told = refused.split("an admin runs `", 1)[1].split("`", 1)[0]
    assert told.startswith("memdir serve users grant alice "), refused
    run(*told.split()[1:])  # as told (without the leading `memdir`)
    run("serve", "users", "grant", "bob", REMOTE)
    run(*add, "--body", "fly.io ams", "--scope", "project")
    run("rm", "Deploy target", "--scope", "project", user="bob")
    log = json.loads(run("log", "--scope", "project", "--json").stdout)
    assert [(c["message"].split("\n")[0], c["author"]) for c in log] == [
        ("remove project_deploy-target (user)", "bob"),
        ("add project_deploy-target (user)", "alice"),
    ], log
    text = run("log", "--scope", "project", user="bob").stdout.splitlines()
    assert text[0].endswith("remove project_deploy-target (user)  (by bob)"), text
