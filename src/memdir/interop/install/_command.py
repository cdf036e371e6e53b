"""The command line a harness runs to reach this memdir."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any


def custom_home(home: Path) -> Path | None:
    """``home`` when it is not the default ``~/.memdir`` (hooks must then name it)."""
    return None if home.expanduser() == Path.home() / ".memdir" else home


def memdir_command(home: Path, by_name: bool = False) -> list[str]:
    """argv of this memdir: the ``memdir`` script beside this interpreter (a harness's
    ``PATH`` rarely holds a virtualenv), else ``python -m memdir``; with ``--home`` when the
    memory home is not the default. ``by_name`` (files a team shares): plain ``memdir``
    when one is on ``PATH``."""
    script = Path(sys.executable).parent / "memdir"
    argv = [str(script)] if script.is_file() else [sys.executable, "-m", "memdir"]
    if by_name and shutil.which("memdir"):
        argv = ["memdir"]
    custom = custom_home(home)
    return argv if custom is None else [*argv, "--home", str(custom)]


def detached(
    argv: list[str], stdin: Any = subprocess.DEVNULL, stderr: Any = None
) -> subprocess.Popen[bytes]:
    """Start ``argv`` in a session of its own, never waited for (it outlives this
    process); its output goes nowhere unless ``stderr`` names a file."""
    return subprocess.Popen(
        argv,
        stdin=stdin,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL if stderr is None else stderr,
        start_new_session=True,
    )
