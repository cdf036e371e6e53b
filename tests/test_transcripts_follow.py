"""The hooks' incremental transcript import (memdir.interop.transcripts.follow): a
transcript imported a piece at a time, cut anywhere, stores exactly what one import of the
whole file stores."""

from __future__ import annotations

import json
import os
import sqlite3
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import memdir
from memdir.interop.transcripts import import_sessions
from memdir.interop.transcripts.follow import LEDGER_NAME, follow

FIXTURES = Path(__file__).parent / "fixtures" / "transcripts"
SHOP = "home/.claude/projects/-home-ada-shop/8f0c2a71-5d1e-4c2b-9a57-2f5e0c9d1b33"
DEPOT = "subagents/home/.claude/projects/-home-ada-depot/5b9e2f4c-8d71-4a3e-9c02-7e1f3a6b2d90"
TRANSCRIPTS = [
    f"{SHOP}.jsonl",  # inline sidechains, malformed lines, a summary title
    f"{SHOP}/subagents/agent-a1b2c3.jsonl",
    f"{DEPOT}.jsonl",  # Task calls, agent_progress lines
    f"{DEPOT}/subagents/agent-acompact-7194cc.jsonl",  # parentUuid into the main file
    f"{DEPOT}/subagents/agent-a6926c83.jsonl",  # hook_progress lines in the chain
]
ROLLOUT = (
    "home/.codex/sessions/2025/06/14/"
    "rollout-2025-06-14T10-00-00-0197a1b2-3c4d-7e8f-9a0b-1c2d3e4f5a6b.jsonl"
)
CASES = [("claude-code", name) for name in TRANSCRIPTS] + [("codex", ROLLOUT)]


def stored(home: Path) -> tuple[list[Any], list[Any]]:
    with sqlite3.connect(home / "state.db") as c:
        sessions = c.execute(
            "SELECT id, parent_id, agent, cwd, scope, title, started_at, memory_mode "
            "FROM sessions ORDER BY id"
        ).fetchall()
        messages = c.execute(
            "SELECT session_id, role, content, tool_name, tool_calls, timestamp, source_key "
            "FROM messages ORDER BY session_id, id"
        ).fetchall()
    return sessions, messages


def whole(name: str, root: Path, harness: str = "claude-code") -> tuple[list[Any], list[Any]]:
    path = root / "t" / Path(name).name
    path.parent.mkdir(parents=True)
    path.write_bytes((FIXTURES / name).read_bytes())
    md = memdir.open(root / "home", root)
    import_sessions(md, harness, path)
    md.close()
    return stored(root / "home")


@settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    case=st.sampled_from(CASES),
    cuts=st.lists(st.floats(0, 1), max_size=6),
    data=st.data(),
)
def test_pieces_store_what_the_whole_file_stores(
    case: tuple[str, str], cuts: list[float], data: st.DataObject
) -> None:
    harness, name = case
    raw = (FIXTURES / name).read_bytes()
    lines = [i + 1 for i, b in enumerate(raw) if b == 0x0A]
    at_lines = data.draw(st.lists(st.sampled_from(lines), max_size=4), label="line cuts")
    offsets = sorted({int(f * len(raw)) for f in cuts} | set(at_lines))
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        expected = whole(name, root / "a", harness)
        (root / "b" / "t").mkdir(parents=True)
        path = root / "b" / "t" / Path(name).name
        md = memdir.open(root / "b" / "home", root / "b")
        for end in [*offsets, len(raw)]:  # the harness appends, mid-line at times
            with path.open("ab") as f:
                f.write(raw[f.tell() : end])
            follow(md, harness, path)
        follow(md, harness, path)  # nothing new: nothing changes
        md.close()
        assert stored(root / "b" / "home") == expected


def test_a_rewritten_transcript_is_read_from_the_start(tmp_path: Path) -> None:
    raw = (FIXTURES / TRANSCRIPTS[0]).read_bytes()
    path = tmp_path / "t" / "8f0c2a71-5d1e-4c2b-9a57-2f5e0c9d1b33.jsonl"
    path.parent.mkdir()
    path.write_bytes(raw)
    md = memdir.open(tmp_path / "home", tmp_path)
    assert follow(md, "claude-code", path) > 0
    assert follow(md, "claude-code", path) == 0  # nothing new
    # another session written over the same name, longer than what was read
    other = (FIXTURES / TRANSCRIPTS[2]).read_bytes()
    path.write_bytes(other)
    assert len(other) > len(raw)
    added = follow(md, "claude-code", path)
    fresh = memdir.open(tmp_path / "home2", tmp_path)
    assert added == import_sessions(fresh, "claude-code", path).messages_added > 0
    md.close()
    fresh.close()


def test_a_ledger_another_version_wrote_is_read_afresh(tmp_path: Path) -> None:
    """A saved state of another shape (an older or newer memdir) is never resumed from:
    the transcript is read from the start, which its stored keys keep idempotent."""
    from memdir.interop.transcripts.follow import fingerprint

    raw = (FIXTURES / TRANSCRIPTS[0]).read_bytes()
    path = tmp_path / "t" / Path(TRANSCRIPTS[0]).name
    path.parent.mkdir()
    path.write_bytes(raw[: len(raw) // 2].rsplit(b"\n", 1)[0] + b"\n")
    md = memdir.open(tmp_path / "home", tmp_path)
    follow(md, "claude-code", path)
    ledger = tmp_path / "home" / LEDGER_NAME
    data = json.loads(ledger.read_text())
    for state in data["files"].values():
        state.pop("children", None)  # a field this version's reader needs
        state["v"] = 0
        state["print"] = fingerprint(path, state)  # otherwise consistent
    ledger.write_text(json.dumps(data))
    path.write_bytes(raw)
    follow(md, "claude-code", path)
    assert stored(tmp_path / "home") == whole(TRANSCRIPTS[0], tmp_path / "w")
    md.close()


def test_a_line_being_written_is_left_for_the_next_turn(tmp_path: Path) -> None:
    raw = (FIXTURES / TRANSCRIPTS[2]).read_bytes()
    last = raw.rindex(b"\n", 0, len(raw) - 1) + 1  # the start of the last line
    path = tmp_path / "t" / "5b9e2f4c-8d71-4a3e-9c02-7e1f3a6b2d90.jsonl"
    path.parent.mkdir()
    path.write_bytes(raw[:-1])  # the last line complete JSON, its newline not yet written
    md = memdir.open(tmp_path / "home", tmp_path)
    follow(md, "claude-code", path)
    ledger = (tmp_path / "home" / LEDGER_NAME).read_text()
    assert f'"offset": {last}' in ledger
    with path.open("ab") as f:
        f.write(b"\n")
    follow(md, "claude-code", path)
    assert f'"offset": {len(raw)}' in (tmp_path / "home" / LEDGER_NAME).read_text()
    md.close()
    assert stored(tmp_path / "home") == whole(TRANSCRIPTS[2], tmp_path / "w")
    assert os.path.exists(tmp_path / "home" / LEDGER_NAME)


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=6,
)


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(case=st.sampled_from(CASES), field=st.integers(0, 20), value=JSONISH, cut=st.floats(0, 1))
def test_a_spoilt_ledger_loses_nothing(
    case: tuple[str, str], field: int, value: object, cut: float
) -> None:
    """A ledger entry someone edited (any field set to any JSON value) never loses or
    duplicates a message: the file is then read from its start."""
    harness, name = case
    raw = (FIXTURES / name).read_bytes()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        expected = whole(name, root / "a", harness)
        (root / "b" / "t").mkdir(parents=True)
        path = root / "b" / "t" / Path(name).name
        path.write_bytes(raw[: int(cut * len(raw))])
        md = memdir.open(root / "b" / "home", root / "b")
        follow(md, harness, path)
        ledger = root / "b" / "home" / LEDGER_NAME
        if ledger.exists():
            data = json.loads(ledger.read_text())
            for entry in data["files"].values():
                pick = sorted(entry)[field % len(entry)] if field < 15 else "new field"
                entry[pick] = value
            ledger.write_text(json.dumps(data))
        path.write_bytes(raw)
        follow(md, harness, path)
        md.close()
        assert stored(root / "b" / "home") == expected


@pytest.mark.parametrize(
    ("harness", "name", "change"),
    [
        ("claude-code", TRANSCRIPTS[0], {"polluted": 5}),
        ("claude-code", TRANSCRIPTS[0], {"names": [1], "last": "x"}),
        ("codex", ROLLOUT, {"main": {"zzz": 1}}),
        ("codex", ROLLOUT, {"main": {"id": "codex:x", "commit": "not-a-commit"}}),
        ("codex", ROLLOUT, {"main": {"id": "codex:x", "remote": "x" * 5000}}),
        ("codex", ROLLOUT, {"names": [1]}),
        ("codex", ROLLOUT, {"polluted": "no", "number": -1}),
    ],
)
def test_a_state_of_other_types_is_read_afresh(
    tmp_path: Path, harness: str, name: str, change: dict[str, Any]
) -> None:
    """A state of this version and a matching fingerprint but fields of other types (not
    what the reader writes) is read afresh, as one of another version is."""
    from memdir.interop.transcripts.follow import fingerprint

    raw = (FIXTURES / name).read_bytes()
    path = tmp_path / "t" / Path(name).name
    path.parent.mkdir()
    path.write_bytes(raw[: len(raw) // 2].rsplit(b"\n", 1)[0] + b"\n")
    md = memdir.open(tmp_path / "home", tmp_path)
    follow(md, harness, path)
    ledger = tmp_path / "home" / LEDGER_NAME
    data = json.loads(ledger.read_text())
    for state in data["files"].values():
        state.update(change)
        state["print"] = fingerprint(path, state)
    ledger.write_text(json.dumps(data))
    path.write_bytes(raw)
    follow(md, harness, path)
    assert stored(tmp_path / "home") == whole(name, tmp_path / "w", harness)
    md.close()
