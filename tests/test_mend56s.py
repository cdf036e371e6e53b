"""mend56s: a team user's sessions keyed by the checkout's path from before rows recorded
their checkout are named by maintain and claimed by ``memdir sessions claim`` once the
user confirms; a files-backend user sees none of it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from conftest import TEAM_PROJECT, team_env
from test_origins import make_repo

KIWI = "Remember that we deploy with the kiwi script."


def _run(
    env: dict[str, str], project: Path, *args: str, given: str | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "memdir", "-C", str(project), *args],
        capture_output=True, text=True, env=env, timeout=120, input=given,
    )  # fmt: skip


def _ok(env: dict[str, str], project: Path, *args: str, given: str | None = None) -> str:
    proc = _run(env, project, *args, given=given)
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stdout + proc.stderr
    return proc.stdout + proc.stderr


def _ids(env: dict[str, str], project: Path) -> set[str]:
    out = _run(env, project, "sessions", "ls", "--json", "--this-project")
    return {row["id"] for row in json.loads(out.stdout)}


def _logged_before_checkouts(home: Path, project: Path, **opened: str) -> str:
    """A session logged in ``project`` whose row records no checkout (as before the step)."""
    import memdir
    from memdir.core.scopes import project_slug

    md = memdir.open(home, project, **opened)  # type: ignore[arg-type]
    try:
        sid = md.sessions.start("a", cwd=str(project), scope=project_slug(project)).id
        md.sessions.log(sid, "user", KIWI)
        md.sessions.end(sid)
        md.sessions.db.write(
            lambda c: c.execute(
                "UPDATE sessions SET checkout_remote = NULL, checkout_commit = NULL"
            ),
            action="forget the checkouts",
        )
    finally:
        md.close()
    return sid


def test_claim_lists_asks_then_claims_this_checkouts_unrecorded_sessions(
    tmp_path: Path, pg_url: str
) -> None:
    project = make_repo(tmp_path / "app", remote=TEAM_PROJECT)
    env = {**os.environ, **team_env(pg_url, project, "alice"), "NO_COLOR": "1"}
    env.update(MEMDIR_HOME=str(tmp_path / "home"), MEMDIR_BACKGROUND="0")
    env["MEMDIR_MANAGED_DIR"] = str(tmp_path / "managed")
    sid = _logged_before_checkouts(tmp_path / "home", project, database_url=pg_url, user="alice")
    said = _ok(env, project, "maintain")
    assert "1 session(s)" in said and sid in said and "memdir sessions claim" in said, said
    planned = _ok(env, project, "sessions", "claim", "--dry-run")
    assert sid in planned and "Would claim 1" in planned, planned
    refused = _run(env, project, "sessions", "claim", given="n\n")
    assert refused.returncode != 0 and sid not in _ids(env, project), refused.stdout
    assert "safe" in _ok(env, project, "sessions", "claim", "--help")
    planned_json = json.loads(_run(env, project, "sessions", "claim", "--dry-run", "--json").stdout)
    assert planned_json == {"sessions": [sid], "claimed": 0, "dry_run": True}
    assert "Claimed 1" in _ok(env, project, "sessions", "claim", given="y\n")
    assert _ids(env, project) == {sid}
    again = _ok(env, project, "maintain")
    assert "memdir sessions claim" not in again, again
    assert "No sessions wait" in _ok(env, project, "sessions", "claim", "--dry-run")


def test_a_files_backend_user_is_told_nothing_of_claims(tmp_path: Path) -> None:
    """Sessions are keyed by the path there by design: nothing waits to be claimed."""
    project = make_repo(tmp_path / "app", remote=TEAM_PROJECT)
    home = tmp_path / "home"
    env = {**os.environ, "MEMDIR_HOME": str(home), "MEMDIR_BACKGROUND": "0", "NO_COLOR": "1"}
    env["MEMDIR_MANAGED_DIR"] = str(tmp_path / "managed")
    env.pop("MEMDIR_DATABASE_URL", None)
    sid = _logged_before_checkouts(home, project)
    said = _ok(env, project, "maintain")
    assert "claim" not in said and sid not in said, said
    assert "No sessions wait" in _ok(env, project, "sessions", "claim", "--dry-run")
    assert sid in _ids(env, project)
