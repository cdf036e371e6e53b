"""Claude Code session names (``custom-title`` / ``ai-title``) as a hostile transcript
gives them, through `memdir import-sessions` and `memdir sessions ls` (real subprocesses)
on SQLite and PostgreSQL (review rv56t)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.backends

Run = Callable[..., Any]
SID = "5a1d3e20-6b7c-4d8e-9f01-23456789abcd"
OTHER = "11111111-2222-4333-8444-555555555555"
EVIL = "evil\x1b]0;pwned\x07\x1b[2J\u202eabc"


def _write(path: Path, cwd: Path, *records: dict[str, Any]) -> None:
    with path.open("a", encoding="utf-8") as f:
        f.writelines(json.dumps(r) + "\n" for r in records)


def _user(n: int, text: str, cwd: Path) -> dict[str, Any]:
    return {
        "type": "user",
        "uuid": f"00000000-0000-4000-8000-{n:012d}",
        "sessionId": SID,
        "cwd": str(cwd),
        "timestamp": f"2026-09-01T10:00:{n:02d}Z",
        "message": {"role": "user", "content": text},
    }


def _named(kind: str, title: str, of: str = SID) -> dict[str, Any]:
    field = "customTitle" if kind == "custom-title" else "aiTitle"
    return {"type": kind, field: title, "sessionId": of}


def _title(run: Run) -> str:
    [session] = json.loads(run("sessions", "ls", "--json").stdout)
    return str(session["title"])


def test_a_hostile_name_is_kept_short_and_printed_escaped(
    tmp_path: Path, project: Path, run: Run
) -> None:
    """A 1 MB name, then one holding ESC sequences (a terminal title, a screen clear) and a
    bidi override, then another session's name and an ai-title: the session is named by
    the newest of its own custom-titles, cut short; `sessions ls` prints it escaped.
    Before: the row sent the ESC sequences and the override to the terminal as they were.
    Renamed twice more after the import: the newest name wins."""
    src = tmp_path / "cc"
    src.mkdir()
    path = src / f"{SID}.jsonl"
    _write(
        path,
        project,
        _user(1, "first prompt", project),
        _named("custom-title", "A" * (1 << 20)),
        _named("custom-title", EVIL),
        _named("custom-title", "not this one", OTHER),
        _named("ai-title", "an ai name"),
        _user(2, "second prompt", project),
    )
    run("import-sessions", "claude-code", "--from", str(src))
    assert _title(run) == EVIL
    rows = run("sessions", "ls").stdout.splitlines()
    assert len(rows) == 1, rows
    assert not any(c in rows[0] for c in "\x1b\x07\u202e"), rows
    assert rows[0].endswith("evil\\x1b]0;pwned\\x07\\x1b[2J\\u202eabc"), rows
    _write(
        path,
        project,
        _named("custom-title", "second name"),
        _user(3, "third prompt", project),
        _named("ai-title", "a later ai name"),
        _named("custom-title", "third name"),
    )
    run("import-sessions", "claude-code", "--from", str(src))
    assert _title(run) == "third name"
