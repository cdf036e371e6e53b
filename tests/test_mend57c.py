"""mend57c: an imported transcript records the checkout at its cwd only when that checkout
was there when the session began (its reflog's first line is older than the session), or
the checkout the transcript names itself (a Codex rollout's ``session_meta.git``); a harness
hook following a session while it is logged records its cwd's checkout as before."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from conftest import TEAM_PROJECT
from memdir.core.origins import remote_key
from test_claude_code_hooks import Hook
from test_origins import REMOTE, git, make_repo
from test_rv56m import _bounded, _ids, _memdir, _transcript, _user

OLD = "2026-12-01T10:00:00Z"  # before any checkout a test makes
OTHER = "git@git.example.test:acme/old.git"  # the repository once at the path
SHA = "0123456789abcdef0123456789abcdef01234567"  # a commit of it: no checkout here holds it


def _now() -> str:
    """Now as a transcript stamps it: after every checkout made before."""
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _rollout(folder: Path, sid: str, cwd: Path, at: str, git_info: Any = None) -> None:
    """A Codex rollout of session ``sid`` begun at ``at`` in ``cwd``; ``git_info`` is its
    session_meta's ``git`` (left out when None)."""
    meta: dict[str, Any] = {"id": sid, "timestamp": at, "cwd": str(cwd)}
    if git_info is not None:
        meta["git"] = git_info
    said = {"type": "input_text", "text": "Remember that we deploy with the kiwi script."}
    lines = [
        {"timestamp": at, "type": "session_meta", "payload": meta},
        {"timestamp": at, "type": "response_item",
         "payload": {"type": "message", "role": "user", "content": [said]}},
    ]  # fmt: skip
    path = folder / f"rollout-2026-12-01T10-00-00-{sid}.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))


def _import(tmp_path: Path, harness: str, source: Path) -> dict[str, tuple[str | None, ...]]:
    """``memdir import-sessions harness --from source --search-only`` in a fresh home (a
    real subprocess, memory bounded, never hanging); the checkout each session records."""
    home, project = tmp_path / "home", tmp_path / "elsewhere"
    project.mkdir(exist_ok=True)
    env = {**os.environ, "MEMDIR_HOME": str(home), "MEMDIR_BACKGROUND": "0", "NO_COLOR": "1"}
    env.pop("MEMDIR_DATABASE_URL", None)
    proc = subprocess.run(
        [sys.executable, "-m", "memdir", "-C", str(project), "import-sessions", harness,
         "--from", str(source), "--search-only"],
        capture_output=True, text=True, env=env, timeout=60, preexec_fn=_bounded,
    )  # fmt: skip
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stdout + proc.stderr
    with sqlite3.connect(home / "state.db") as db:
        rows = db.execute("SELECT id, checkout_remote, checkout_commit FROM sessions")
        return {r[0]: (r[1], r[2]) for r in rows}


def _head(repo: Path) -> str:
    return git("rev-parse", "HEAD", cwd=repo).strip()


# -- what an import records (embedded) ---------------------------------------------------------


def test_an_import_records_the_checkout_only_once_it_was_there(tmp_path: Path) -> None:
    """Claude Code transcripts in a checkout: one begun before its clone records nothing,
    one begun after records it; without a reflog (deleted, or a tool that writes none)
    nothing shows since when the checkout is there, so none records it (a live session
    there still does). `memdir sessions claim` takes such rows on the user's word."""
    from memdir.sessions.db import Database
    from memdir.sessions.log import SessionStore

    app = make_repo(tmp_path / "app")
    plain = make_repo(tmp_path / "no-reflog")
    (plain / ".git" / "logs" / "HEAD").unlink()
    rolls = tmp_path / "transcripts"
    rolls.mkdir()
    now = _now()
    for sid, cwd, at in [("old", app, OLD), ("new", app, now), ("bare", plain, now)]:
        (rolls / f"{sid}.jsonl").write_text(_transcript(sid, str(cwd), at))
    assert _import(tmp_path, "claude-code", rolls) == {
        "claude-code:old": (None, None),
        "claude-code:new": (remote_key(REMOTE), _head(app)),
        "claude-code:bare": (None, None),
    }
    store = SessionStore(Database(tmp_path / "live.db"))
    store.start("a", session_id="live", cwd=str(plain), started_at=OLD)
    row = store.db.read(
        lambda c: c.execute("SELECT checkout_remote FROM sessions WHERE id = 'live'").fetchone()
    )
    assert row[0] == remote_key(REMOTE)


def _bad_reflogs(base: Path) -> dict[str, tuple[Path, tuple[str | None, str | None]]]:
    """Checkouts whose HEAD reflog is a FIFO, /dev/zero, a loop, a folder, garbage, a line
    over the limit or a time that does not parse (nothing proven: none recorded), or 2 GiB
    (sparse) after a first line that parses (recorded: that line alone is read)."""
    made: dict[str, tuple[Path, tuple[str | None, str | None]]] = {}
    first = f"{'0' * 40} {'1' * 40} t <t@t> 1000000000 +0000\tclone: from {REMOTE}\n".encode()
    cases: dict[str, bytes | str] = {
        "fifo": "fifo",
        "zero": "/dev/zero",
        "loop": "loop",
        "folder": "folder",
        "garbage": b"\xff\xfe garbage\x00" * 1000,
        "long": b"x" * (1 << 20),
        "no-time": f"{'0' * 40} {'1' * 40} t <t@t> soon +0000\tclone\n".encode(),
        "huge": first,
    }
    for name, how in cases.items():
        repo = make_repo(base / name)
        log = repo / ".git" / "logs" / "HEAD"
        log.unlink()
        if how == "fifo":
            os.mkfifo(log)
        elif how == "loop":
            log.symlink_to(log)
        elif how == "folder":
            log.mkdir()
        elif isinstance(how, str):
            log.symlink_to(how)
        else:
            log.write_bytes(how)
        if name == "huge":
            os.truncate(log, 1 << 31)
        made[name] = (repo, (remote_key(REMOTE), _head(repo)) if name == "huge" else (None, None))
    return made


def test_a_corrupt_or_hostile_reflog_neither_blocks_nor_proves(tmp_path: Path) -> None:
    """An import of transcripts whose cwds' reflogs are FIFOs, devices, loops, garbage or
    2 GiB ends, memory bounded; each records its checkout only when the reflog's first
    line parses and is older than the session."""
    bad = _bad_reflogs(tmp_path / "cwds")
    rolls = tmp_path / "transcripts"
    rolls.mkdir()
    now = _now()
    for name, (cwd, _) in bad.items():
        (rolls / f"{name}.jsonl").write_text(_transcript(name, str(cwd), now))
    found = _import(tmp_path, "claude-code", rolls)
    assert found == {f"claude-code:{name}": want for name, (_, want) in bad.items()}


def test_a_codex_rollout_records_the_repository_it_names(tmp_path: Path) -> None:
    """A rollout naming another repository than the checkout now at its cwd records the
    one it names (its credentials dropped); one naming none falls back to the reflog; a
    ``git`` of the wrong shapes names nothing, and the import goes on."""
    app = make_repo(tmp_path / "app")
    rolls = tmp_path / "rolls"
    rolls.mkdir()
    now = _now()
    secret = "https://bob:SECRET@git.example.test/acme/old.git"
    _rollout(rolls, "other", app, now, {"repository_url": secret, "commit_hash": SHA.upper()})
    _rollout(rolls, "no-remote", app, OLD, {"commit_hash": SHA, "branch": "main"})
    _rollout(rolls, "old", app, OLD)
    _rollout(rolls, "new", app, now, {"branch": "main"})
    crafted: list[Any] = [
        ["not", "a", "dict"],
        {"repository_url": 7, "commit_hash": "not-a-commit"},
        {"repository_url": "https://x/" + "y" * 100_000, "commit_hash": SHA[:12]},
    ]
    for n, bad in enumerate(crafted):
        _rollout(rolls, f"crafted{n}", app, OLD, bad)
    found = _import(tmp_path, "codex", rolls)
    assert found == {
        "codex:other": ("git.example.test/acme/old", SHA),
        "codex:no-remote": (None, SHA),
        "codex:old": (None, None),
        "codex:new": (remote_key(REMOTE), _head(app)),
        **{f"codex:crafted{n}": (None, None) for n in range(len(crafted))},
    }


def test_a_spec_naming_a_bad_checkout_is_refused_clearly(tmp_path: Path) -> None:
    """The Python API: a commit that is no commit id, or a remote URL too long to be one,
    is a ValidationError naming the session; nothing of that batch is written."""
    from memdir.core.errors import ValidationError
    from memdir.sessions.db import Database
    from memdir.sessions.log import SessionStore
    from memdir.sessions.specs import SessionSpec

    store = SessionStore(Database(tmp_path / "state.db"))
    rows = [("user", "hi", None, None, 1.0)]
    for spec in (SessionSpec("s", commit="HEAD"), SessionSpec("s", remote="x" * 5000)):
        with pytest.raises(ValidationError, match="session 's'"):
            store.import_sessions([(spec, rows)])
    assert store.list() == []
    store.import_sessions([(SessionSpec("s", remote=OTHER, commit=SHA), rows)])
    row = store.db.read(
        lambda c: c.execute("SELECT checkout_remote, checkout_commit FROM sessions").fetchone()
    )
    assert tuple(row) == ("git.example.test/acme/old", SHA)


def test_a_hook_following_its_session_records_the_checkout_as_it_is(tmp_path: Path) -> None:
    """Claude Code's Stop hook imports the live session's transcript: its cwd's checkout is
    recorded though the reflog is newer than the transcript's first message (the agent
    ran `git init` and committed in its first turn; the fixture's lines are stamped
    2026-12-01)."""
    hook = Hook(tmp_path)
    git("init", "-q", cwd=hook.project)
    git("remote", "add", "origin", REMOTE, cwd=hook.project)
    (hook.project / "f").write_text("x")
    git("add", "f", cwd=hook.project)
    git("commit", "-qm", "init", cwd=hook.project)
    hook.logged("Deploy billing to the kiwi cluster.", "Done.")
    with sqlite3.connect(hook.home / "state.db") as db:
        rows = db.execute("SELECT id, checkout_remote, checkout_commit FROM sessions").fetchall()
    assert [tuple(r[1:]) for r in rows] == [(remote_key(REMOTE), _head(hook.project))], rows


# -- the team backend: what the rekey claims ---------------------------------------------------


def test_the_rekey_claims_the_sessions_logged_in_this_repository(
    tmp_path: Path, pg_url: str
) -> None:
    """Team backend: of transcripts imported at this checkout's path, the rekey claims
    those begun after its clone and the Codex ones naming its repository (even from
    before this clone); not one begun before it nor one naming another repository.
    maintain names the unrecorded one, and `memdir sessions claim` takes it on the
    user's word."""
    project = make_repo(tmp_path / "app", remote=TEAM_PROJECT)
    alice = _user(tmp_path, pg_url, project, "alice")
    claude, codex = tmp_path / "claude", tmp_path / "codex"
    claude.mkdir()
    codex.mkdir()
    now = _now()
    (claude / "old.jsonl").write_text(_transcript("old", str(project), OLD))
    (claude / "new.jsonl").write_text(_transcript("new", str(project), now))
    team = TEAM_PROJECT.replace("https://", "https://bob:SECRET@")
    _rollout(codex, "named", project, OLD, {"repository_url": team, "commit_hash": SHA})
    _rollout(codex, "other", project, now, {"repository_url": OTHER, "commit_hash": SHA})
    _memdir(alice, project, "import-sessions", "claude-code", "--from", str(claude))
    _memdir(alice, project, "import-sessions", "codex", "--from", str(codex))
    said = _memdir(alice, project, "maintain")
    assert set(_ids(alice, project, "--this-project")) == {"claude-code:new", "codex:named"}
    assert "claude-code:old" in said.stdout + said.stderr, said.stdout + said.stderr
    proc = subprocess.run(
        [sys.executable, "-m", "memdir", "-C", str(project), "sessions", "claim"],
        capture_output=True, text=True, env=alice, timeout=120, input="y\n",
    )  # fmt: skip
    assert proc.returncode == 0 and "Claimed 1" in proc.stdout, proc.stdout + proc.stderr
    assert set(_ids(alice, project, "--this-project")) == {
        "claude-code:new",
        "codex:named",
        "claude-code:old",
    }
