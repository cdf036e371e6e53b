"""Hostile surroundings for subprocess tests: a read-only file system, and a user without
root's power to read and write everyone's files.

Tests here may run as root (in a container), where permission bits mean nothing. So:

* :func:`readonly` runs a command in its own mount namespace with a folder bind-mounted
  read-only: writes fail with ``EROFS`` exactly as on a read-only disk, root or not;
* :func:`unprivileged` runs a command as root without ``CAP_DAC_OVERRIDE`` /
  ``CAP_DAC_READ_SEARCH`` / ``CAP_FOWNER``, so another user's 0600 file is unreadable, as it
  is for a normal user (root only: planting another user's file takes chown).

Each returns None when this machine cannot do it; tests then skip and say why.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from pathlib import Path

__all__ = ["readonly", "readonly_reason", "unprivileged", "unprivileged_reason"]

_DROP = ["--bounding-set", "-dac_override,-dac_read_search,-fowner", "--inh-caps=-all", "--"]
_MOUNT = 'mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" "$1" && shift && exec "$@"'


def _unshare() -> list[str] | None:
    if shutil.which("unshare") is None or shutil.which("mount") is None:
        return None
    if os.geteuid() == 0:
        return ["unshare", "-m", "--propagation", "private"]
    return ["unshare", "-r", "-m", "--propagation", "private"]  # a user namespace


@functools.cache
def readonly_reason() -> str | None:
    """Why :func:`readonly` cannot work here, or None when it can."""
    prefix = _unshare()
    if prefix is None:
        return "unshare(1) or mount(8) is not installed"
    with tempfile.TemporaryDirectory() as folder:
        probe = subprocess.run(
            [*prefix, "sh", "-c", _MOUNT, "sh", folder, "sh", "-c", f"touch {folder}/x"],
            capture_output=True,
            text=True,
        )
        if "Read-only file system" in probe.stderr:
            return None
        return f"cannot bind-mount a folder read-only here: {probe.stderr.strip()[:200]}"


def readonly(folder: Path, cmd: Sequence[str]) -> list[str] | None:
    """``cmd`` run with ``folder`` (and everything under it) read-only; None when the
    machine cannot (see :func:`readonly_reason`)."""
    prefix = _unshare()
    if prefix is None or readonly_reason() is not None:
        return None
    return [*prefix, "sh", "-c", _MOUNT, "sh", str(folder), *cmd]


@functools.cache
def unprivileged_reason() -> str | None:
    """Why :func:`unprivileged` cannot work here, or None when it can. The tests that use
    it give a file to another user (``chown``), which only root may do."""
    if os.geteuid() != 0:
        return "not running as root: cannot give a file to another user (chown)"
    if shutil.which("setpriv") is None:
        return "running as root and setpriv(1) is not installed"
    with tempfile.TemporaryDirectory() as folder:
        secret = Path(folder) / "secret"
        secret.write_text("x")
        os.chown(secret, 65534, 65534)
        secret.chmod(0o600)
        probe = subprocess.run(
            ["setpriv", *_DROP, "cat", str(secret)], capture_output=True, text=True
        )
        if probe.returncode != 0 and "Permission denied" in probe.stderr:
            return None
        return f"setpriv cannot drop root's file capabilities here: {probe.stderr[:200]}"


def unprivileged(cmd: Sequence[str]) -> list[str] | None:
    """``cmd`` run without the power to bypass file permissions; None when impossible."""
    if unprivileged_reason() is not None:
        return None
    return ["setpriv", *_DROP, *cmd]
