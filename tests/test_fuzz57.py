"""Fuzz pass over the code of the two days before it (fuzz57): inputs from a cloned
repository, another harness's files, a model or a user. Each is driven from the entry
point a user reaches; bad input is a clear error, a skip with a notice or the documented
result, never a traceback, a hang or a loss of what was valid."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import memdir
from memdir.core.errors import MemdirError
from memdir.core.storage.git import git_dirs, head_commit, read_remote
from memdir.interop.transcripts import import_sessions
from memdir.interop.transcripts.follow import follow

SRC = str(Path(__file__).resolve().parents[1] / "src")
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
#: Text as another tool may write it: NUL, controls, lone surrogates, bidi, other scripts
ODD = st.sampled_from(
    ["", " ", "\x00", "a\x00b", "\ud800", "\udfff", "\u202e", "\u2066x", "部门", "\n", "\r\n"]
)
TEXT = st.one_of(ODD, st.text(st.characters(codec=None, categories=None), max_size=20))
SCALAR = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    TEXT,
)
JSON = st.recursive(
    SCALAR,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner, max_size=3),
    max_leaves=8,
)


@contextmanager
def _folder() -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as folder:
        yield Path(folder)


@contextmanager
def _quick(seconds: float = 10.0) -> Iterator[None]:
    """CPU time, not a wall clock: the machine is shared."""
    started = time.process_time()
    yield
    assert time.process_time() - started < seconds


def _cli(cwd: Path, *args: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = {
        "PATH": os.environ.get("PATH", ""),
        "HOME": str(home),
        "MEMDIR_HOME": str(home / "memdir"),
        "MEMDIR_BACKGROUND": "0",
        "PYTHONPATH": SRC,
    }
    return subprocess.run(
        [sys.executable, "-m", "memdir", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


# -- memdir's own reader of a checkout's .git (core/storage/git.py) ----------------------


@pytest.mark.parametrize("pointer", ["gitdir: a\x00b", "gitdir: loop", "gitdir: loop/x"])
def test_a_git_file_naming_no_folder_is_outside_git(pointer: str) -> None:
    """A ``.git`` file whose ``gitdir:`` has a NUL or names a symlink loop: git_dirs raised
    UnboundLocalError (its fallback read the name the failed resolve never set), a
    traceback from every command run in that folder (``memdir ls``)."""
    with _folder() as folder:
        (folder / ".git").write_bytes(pointer.encode())
        os.symlink("loop", folder / "loop")
        assert git_dirs(folder) is None
        run = _cli(folder, "ls", home=folder / "home")
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr


_GIT = ["ref: ", "refs/heads/", "main", "HEAD", "\n", "a" * 40, "0" * 64, "../", "/", "\x00"]
_GIT += [" ", "\ud800", "refs/heads/x/", "ref: HEAD", "\r", "refs/heads/main"]
_CONFIG = ['[remote "origin"]', "[include]", "\tpath = config\n", "\turl = x\n", "[", "]"]
_CONFIG += ['"', "\\", "\n", "url", "=", ";", "#", "\x00", "\ud800", '[includeIf "gitdir:/"]']
_CONFIG += ["a" * 5_000, "\\\n", '[remote "origin"\n', "[remote.origin]", " path = ../c\n"]


def _pieces(pieces: list[str], size: int = 12) -> st.SearchStrategy[str]:
    return st.lists(st.sampled_from(pieces), max_size=size).map("".join)


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode("utf-8", "surrogatepass"))


@FUZZ
@given(_pieces(_GIT, 8), _pieces(_GIT, 8), _pieces(_GIT, 8), _pieces(_CONFIG))
def test_any_head_refs_and_config_read_as_a_commit_or_none(
    head: str, ref: str, packed: str, config: str
) -> None:
    with _folder() as git, _quick():
        _write(git / "HEAD", head)
        _write(git / "refs" / "heads" / "main", ref)
        _write(git / "packed-refs", packed)
        _write(git / "config", config)
        found = head_commit(git, git)
        remote = read_remote(git)
    assert found is None or len(found) in (40, 64)
    assert remote is None or isinstance(remote, str)
