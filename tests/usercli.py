"""The CLI as a newcomer runs it: a real ``python -m memdir`` subprocess (or a process
forked by a server that imported memdir once: tests/forkserver.py) with ``HOME`` moved to
a folder of its own (where the harnesses keep their files) and no memdir or harness
variable of the caller's environment leaking in."""

from __future__ import annotations

import atexit
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from forkserver import ForkServer

_FORKS: list[ForkServer] = []


def fork_server() -> ForkServer:
    """This test process's fork server (tests/forkserver.py), started on first use: memdir
    and the CLI imported once; each run's environment is its own (memdir reads its
    variables, ``HOME`` among them, on use)."""
    if not _FORKS:
        _FORKS.append(ForkServer())
        atexit.register(_FORKS[0].close)
    return _FORKS[0]


def user_cli(
    tmp_path: Path, home: Path, project: Path, user_home: Path, *, forked: bool = False
) -> Callable[..., Any]:
    """``run(*args, extra_env=None)``: the finished process in ``project``, exit status
    unchecked; asserts that no traceback leaked. ``forked``: each run after the first is
    a child of :func:`fork_server` (a real process, without the interpreter's start-up
    and memdir's imports); the first is a fresh ``python -m memdir``."""
    env = {
        **os.environ,
        "HOME": str(user_home),
        "MEMDIR_HOME": str(home),
        "MEMDIR_MANAGED_DIR": str(tmp_path / "m"),
        "NO_COLOR": "1",
        "COLUMNS": "200",
    }
    for name in ("EDITOR", "VISUAL", "MEMDIR_DISABLE", "MEMDIR_TOKEN", "MEMDIR_SERVER"):
        env.pop(name, None)
    for name in ("MEMDIR_DATABASE_URL", "MEMDIR_USER", "CODEX_HOME", "HERMES_HOME"):
        env.pop(name, None)

    runs = 0

    def run(*args: str, extra_env: dict[str, str] | None = None) -> Any:
        nonlocal runs
        argv = ["-C", str(project), *args]
        if forked and runs:
            proc = fork_server().run(
                argv, module="memdir", env={**env, **(extra_env or {})}, timeout=120
            )
        else:
            proc = subprocess.run(
                [sys.executable, "-m", "memdir", *argv],
                capture_output=True,
                text=True,
                env={**env, **(extra_env or {})},
                timeout=120,
            )
        runs += 1
        assert "Traceback" not in proc.stderr, proc.stderr
        return proc

    return run


def _user_home(tmp_path: Path) -> Path:
    path = tmp_path / "user-home"
    path.mkdir(exist_ok=True)
    return path


@pytest.fixture
def user_home(tmp_path: Path) -> Path:
    """The newcomer's own ``HOME`` (empty at first): the one :func:`cli` runs with."""
    return _user_home(tmp_path)


@pytest.fixture
def cli(tmp_path: Path, home: Path, project: Path) -> Callable[..., Any]:
    """:func:`user_cli` (forked after its first run) on this test's ``home``, ``project``
    and :func:`user_home` (``from usercli import cli as cli``, and ``user_home`` where the
    test reads it)."""
    return user_cli(tmp_path, home, project, _user_home(tmp_path), forked=True)


def claude_transcript(session_id: str, cwd: str) -> str:
    """A two-message Claude Code transcript (JSONL) of session ``session_id`` in ``cwd``."""
    rows = [
        {
            "type": "user",
            "uuid": "a1",
            "parentUuid": None,
            "sessionId": session_id,
            "cwd": cwd,
            "timestamp": "2026-12-01T10:00:00Z",
            "message": {"role": "user", "content": "Deploy billing to the kiwi cluster."},
        },
        {
            "type": "assistant",
            "uuid": "a2",
            "parentUuid": "a1",
            "sessionId": session_id,
            "cwd": cwd,
            "timestamp": "2026-12-01T10:00:05Z",
            "message": {
                "role": "assistant",
                "content": [{"type": "text", "text": "Deployed: rollout R-7731 on kiwi."}],
            },
        },
    ]
    return "".join(json.dumps(r) + "\n" for r in rows)
