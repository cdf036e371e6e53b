"""Shared parts of the fuzz57 tests (test_fuzz57*.py): hostile text and JSON, near-valid
transcript lines, a temporary folder, a CPU-time bound, the CLI in a subprocess."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

import memdir

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


def _cli(
    cwd: Path, *args: str, home: Path, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
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
        timeout=timeout,
        check=False,
    )


def _pieces(pieces: list[str], size: int = 12) -> st.SearchStrategy[str]:
    return st.lists(st.sampled_from(pieces), max_size=size).map("".join)


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode("utf-8", "surrogatepass"))


SID = "5a1d3e20-6b7c-4d8e-9f01-23456789abcd"
STAMP = st.one_of(
    st.just("2026-02-11T20:51:12.726Z"), JSON, st.sampled_from(["9999-99-99", "1e400", "-1"])
)
WORD = st.one_of(TEXT, JSON)

THREAD = "0197a1b2-3c4d-7e8f-9a0b-1c2d3e4f5a6b"


RAW_LINES = st.sampled_from(
    ["not json", "[" * 5_000, '{"type": "user"', "{}", "null", "1e400", '"\\ud800"', "\x00"]
)


def _line(obj: Any) -> bytes:
    if isinstance(obj, str):
        return obj.encode("utf-8", "surrogatepass") + b"\n"
    return json.dumps(obj).encode() + b"\n"


def _said(i: int) -> dict[str, Any]:
    return {
        "type": "user",
        "sessionId": SID,
        "uuid": f"u{i}",
        "cwd": "/tmp",
        "timestamp": "2026-02-11T20:51:12.726Z",
        "message": {"role": "user", "content": f"valid said {i}"},
    }


def _stored(md: memdir.Memdir) -> list[tuple[Any, ...]]:
    if not (md.home / "state.db").exists():
        return []
    with closing(sqlite3.connect(md.home / "state.db")) as c:
        return c.execute(
            "SELECT session_id, role, content, tool_name, tool_calls, timestamp, source_key "
            "FROM messages ORDER BY session_id, id"
        ).fetchall()
