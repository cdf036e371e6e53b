"""Fuzz pass (fuzz57) over other harnesses' files: Claude Code transcripts and hook input,
Codex rollouts and memories, a Claude.ai export, Hermes's memory files; each read from
the entry point a user reaches (see test_fuzz57.py)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import memdir
from fuzz57_parts import (
    JSON,
    RAW_LINES,
    SID,
    STAMP,
    TEXT,
    THREAD,
    WORD,
    _folder,
    _line,
    _pieces,
    _quick,
    _said,
    _stored,
    _write,
)
from memdir.core.errors import MemdirError
from memdir.interop import export_memories, import_memories
from memdir.interop.bootstrap._files import read_files, walk
from memdir.interop.bootstrap._found import Gathered
from memdir.interop.install.claude_code_hook import answer
from memdir.interop.transcripts import import_sessions
from memdir.interop.transcripts.follow import follow

# -- Claude Code 2.x transcripts: import, and the hooks' piece-by-piece reading -----------


_HOSTILE_LINES = st.one_of(
    st.fixed_dictionaries(
        {
            "type": st.just("queue-operation"),
            "operation": st.one_of(
                st.sampled_from(["enqueue", "dequeue", "remove", "popAll"]), JSON
            ),
        },
        optional={"content": WORD, "timestamp": STAMP, "sessionId": WORD},
    ),
    st.fixed_dictionaries(
        {"type": st.sampled_from(["custom-title", "ai-title"])},
        optional={
            "customTitle": WORD,
            "aiTitle": WORD,
            "sessionId": st.one_of(st.just(SID), WORD),
        },
    ),
    st.fixed_dictionaries(
        {"type": st.sampled_from(["system", "summary", "progress", "user", "assistant"])},
        optional={
            "content": WORD,
            "summary": WORD,
            "message": st.one_of(
                JSON,
                st.fixed_dictionaries(
                    {},
                    optional={
                        "content": st.one_of(
                            WORD,
                            st.lists(
                                st.fixed_dictionaries(
                                    {
                                        "type": st.sampled_from(
                                            ["text", "tool_use", "tool_result", "image", "x"]
                                        )
                                    },
                                    optional={
                                        "text": WORD,
                                        "name": WORD,
                                        "id": WORD,
                                        "input": JSON,
                                        "tool_use_id": WORD,
                                        "content": WORD,
                                    },
                                ),
                                max_size=3,
                            ),
                        ),
                        "model": st.one_of(st.just("<synthetic>"), WORD),
                    },
                ),
            ),
            "isSidechain": st.one_of(st.booleans(), WORD),
            "isMeta": st.one_of(st.booleans(), WORD),
            "isCompactSummary": st.one_of(st.booleans(), WORD),
            "agentId": st.one_of(st.just("acompact-1"), WORD),
            "uuid": WORD,
            "parentUuid": WORD,
            "sessionId": WORD,
            "cwd": st.one_of(st.just("/tmp"), WORD),
            "timestamp": STAMP,
        },
    ),
    st.builds(
        lambda args: {
            "type": "user",
            "message": {
                "content": f"<command-name>/x</command-name>\n<command-args>{args}</command-args>"
            },
        },
        TEXT,
    ),
)


def _whole_as_pieces(
    folder: Path, harness: str, path: Path, raw: list[bytes], cut: int, said: list[int]
) -> None:
    """Every valid line of ``raw`` stored by one import of the whole file, and the hooks'
    reading of it in two pieces (cut at ``cut``) stores what that import stores."""
    path.parent.mkdir()
    path.write_bytes(b"".join(raw))
    os.utime(path, (1e9, 1e9))  # lines without a time take the file's
    whole = memdir.open(folder / "whole", folder)
    report = import_sessions(whole, harness, path)
    texts = [m[2] for m in _stored(whole)]
    for i in said:
        assert f"valid said {i}" in texts, report.problems
    path.write_bytes(b"".join(raw[:cut]))
    os.utime(path, (1e9, 1e9))
    grown = memdir.open(folder / "grown", folder)
    follow(grown, harness, path)
    path.write_bytes(b"".join(raw))
    os.utime(path, (1e9, 1e9))
    follow(grown, harness, path)
    assert _stored(grown) == _stored(whole)
    whole.close()
    grown.close()


@settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    st.lists(st.one_of(_HOSTILE_LINES, RAW_LINES, st.integers(0, 2**31)), max_size=12),
    st.integers(0, 12),
)
def test_any_claude_code_transcript_imports_its_valid_lines_once(
    lines: list[Any], cut: int
) -> None:
    """Hostile queue-operation, custom-title, slash-command echoes, sidechain and system
    lines between valid user lines: every valid line stored, nothing raised, and the hooks'
    piece-by-piece reading (cut anywhere, resumed from its saved state) stores what one
    import of the whole file stores."""
    said = [i for i, obj in enumerate(lines) if isinstance(obj, int)]
    raw = [_line(_said(i) if isinstance(obj, int) else obj) for i, obj in enumerate(lines)]
    with _folder() as folder, _quick(30):
        path = folder / "t" / f"{SID}.jsonl"
        _whole_as_pieces(folder, "claude-code", path, raw, cut, said)


# -- a Claude.ai export: memories.json, projects.json beside conversations.json ----------

_MEMORY_ITEM = st.one_of(
    JSON,
    st.fixed_dictionaries(
        {},
        optional={
            "conversations_memory": WORD,
            "project_memories": st.one_of(JSON, st.dictionaries(TEXT, WORD, max_size=3)),
        },
    ),
)
_PROJECT_ITEM = st.one_of(
    JSON,
    st.fixed_dictionaries(
        {},
        optional={
            "uuid": WORD,
            "name": WORD,
            "prompt_template": WORD,
            "docs": st.one_of(
                JSON,
                st.lists(
                    st.fixed_dictionaries({}, optional={"filename": WORD, "content": WORD}),
                    max_size=3,
                ),
            ),
        },
    ),
)
_TAILS = st.sampled_from(["", "]", "[" * 5_000, "\x00", "{", ',"x"', "\ud800", "]]"])


def _export_text(items: list[Any], tail: str, valid: dict[str, Any]) -> bytes:
    text = json.dumps([valid, *items])
    return (text[:-1] + tail if tail else text).encode("utf-8", "surrogatepass")


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    st.lists(_MEMORY_ITEM, max_size=5),
    st.lists(_PROJECT_ITEM, max_size=5),
    _TAILS,
    _TAILS,
)
def test_any_claude_ai_export_keeps_its_valid_texts(
    memories: list[Any], projects: list[Any], tail_m: str, tail_p: str
) -> None:
    """Hostile items after a valid one: bootstrap reads the valid memory and project
    instructions, says what was wrong in one line per file, never raises."""
    with _folder() as exp, _quick():
        (exp / "conversations.json").write_text("[]")
        (exp / "memories.json").write_bytes(
            _export_text(memories, tail_m, {"conversations_memory": "Valid memory text."})
        )
        (exp / "projects.json").write_bytes(
            _export_text(projects, tail_p, {"name": "Ok", "prompt_template": "Valid template."})
        )
        g = Gathered()
        read_files(walk([exp], g)[1], g)
    texts = [p.text for d in g.docs for p in d.parts]
    assert "Valid memory text." in texts and "Valid template." in texts, g.problems
    assert all(isinstance(p, str) for p in [*g.problems, *g.notes])


def _conversation(text: str) -> dict[str, Any]:
    return {
        "uuid": "c1",
        "name": "chat",
        "chat_messages": [{"sender": "human", "text": text}],
    }


@pytest.mark.parametrize("name", ["memories.json", "projects.json", "conversations.json"])
def test_a_lone_low_surrogate_escape_is_a_parse_error_keeping_what_came_before(
    name: str,
) -> None:
    """``"\\udfff"`` (valid JSON; Python's json reads it) made yajl raise UnicodeDecodeError:
    bootstrap said "'utf-8' codec can't decode byte 0xed in position 0" and, for a
    Claude.ai export's memories.json or projects.json, lost the valid items before it."""
    valid = {
        "memories.json": {"conversations_memory": "Valid memory text."},
        "projects.json": {"name": "Ok", "prompt_template": "Valid memory text."},
        "conversations.json": _conversation("Valid memory text."),
    }[name]
    with _folder() as exp:
        (exp / "conversations.json").write_text("[]")
        (exp / name).write_text(json.dumps([valid, {"\udfff": "x"}]))
        g = Gathered()
        read_files(walk([exp], g)[1], g)
    assert "Valid memory text." in [p.text for d in g.docs for p in d.parts]
    (problem,) = g.problems
    assert "lone surrogate" in problem and "codec" not in problem


# -- Codex's memories folder: memory_summary.md, MEMORY.md, ad-hoc notes ------------------

#: a heading whose text is followed by 100,000 blanks and more text
BLANK_HEADING = "# a" + " " * 100_000 + "x\n"


def _codex_import(folder: Path, files: dict[str, str]) -> list[Any]:
    memories = folder / "codex" / "memories"
    (memories / "extensions" / "ad_hoc" / "notes").mkdir(parents=True)
    for name, text in files.items():
        _write(memories / name, text)
    md = memdir.open(folder / "home", folder)
    try:
        with _quick():
            report = import_memories(md, "codex", memories, apply=True)
    finally:
        md.close()
    for name, text in files.items():
        assert (memories / name).read_bytes() == text.encode("utf-8", "surrogatepass")
    return [e.name for s in memdir.open(folder / "home", folder).stores() for e in s.list()] + [
        report
    ]


@pytest.mark.parametrize(
    "name", ["memory_summary.md", "MEMORY.md", "extensions/ad_hoc/notes/2026-01-01-n.md"]
)
def test_a_heading_of_blanks_in_codex_memory_is_read_in_linear_time(name: str) -> None:
    """Codex's heading pattern ``(#{1,6})(?:[ \\t]+(.*?))?[ \\t]*`` backtracked on a
    heading line of 100 KB of blanks: ~32 s CPU for ``memdir import codex`` (200 KB, two
    minutes)."""
    with _folder() as folder:
        _codex_import(folder, {name: BLANK_HEADING + "\n- Uses fish shell.\n"})


_CODEX_MD = ["# ", "## ", "User Profile", "User preferences", "General Tips", "\n", "- ", "1. "]
_CODEX_MD += ["# Task Group: ", "scope: ", "applies_to: cwd=", "/tmp", ";", "memdir=", "**a** — "]
_CODEX_MD += ["\\", "\t", "  ", "What's in Memory", "\x00", "\ud800", "\u202e", "\r\n", "---"]
_CODEX_MD += ["x" * 3_000, "2026-01-01T00:00:00Z ", "..", "~", "$HOME"]


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(_pieces(_CODEX_MD, 20), _pieces(_CODEX_MD, 20), _pieces(_CODEX_MD, 10))
def test_any_codex_memory_imports_or_says_why(summary: str, memory: str, note: str) -> None:
    with _folder() as folder:
        _codex_import(
            folder,
            {
                "memory_summary.md": summary,
                "MEMORY.md": memory,
                "extensions/ad_hoc/notes/2026-01-01-n.md": note,
            },
        )


# -- Codex rollouts: context items, calls, outputs; whole and piece by piece ---------------


_CONTEXT_TEXT = st.one_of(
    WORD,
    st.sampled_from(["<skill>", "</skill>", "<SKILL>x</SKILL>", "<turn_aborted>", "\x00"]).map(
        lambda t: f"{t} body {t}"
    ),
)
_PAYLOADS = st.one_of(
    JSON,
    st.fixed_dictionaries(
        {"type": st.sampled_from(["message", "function_call", "function_call_output"])},
        optional={
            "role": st.one_of(st.sampled_from(["user", "assistant", "developer"]), WORD),
            "content": st.one_of(
                _CONTEXT_TEXT,
                st.lists(
                    st.fixed_dictionaries(
                        {"type": st.sampled_from(["input_text", "output_text", "x"])},
                        optional={"text": _CONTEXT_TEXT},
                    ),
                    max_size=3,
                ),
            ),
            "name": WORD,
            "arguments": st.one_of(WORD, st.just("[" * 5_000), st.just('{"a": 1e400}')),
            "call_id": WORD,
            "output": WORD,
        },
    ),
)
_ROLLOUT_LINES = st.one_of(
    st.builds(
        lambda kind, payload, stamp: {"timestamp": stamp, "type": kind, "payload": payload},
        st.sampled_from(["response_item", "event_msg", "turn_context", "compacted", "x"]),
        _PAYLOADS,
        STAMP,
    ),
    RAW_LINES,
)


def _codex_said(i: int) -> dict[str, Any]:
    return {
        "timestamp": "2025-06-14T10:00:02.000Z",
        "type": "response_item",
        "payload": {
            "type": "message",
            "role": "user",
            "content": [{"type": "input_text", "text": f"valid said {i}"}],
        },
    }


@settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    st.lists(st.one_of(_ROLLOUT_LINES, st.integers(0, 2**31)), max_size=12),
    st.integers(0, 13),
)
def test_any_codex_rollout_imports_its_valid_lines_once(lines: list[Any], cut: int) -> None:
    meta = {
        "timestamp": "2025-06-14T10:00:00.000Z",
        "type": "session_meta",
        "payload": {"id": THREAD, "cwd": "/tmp", "timestamp": "2025-06-14T10:00:00.000Z"},
    }
    said = [i for i, obj in enumerate(lines) if isinstance(obj, int)]
    raw = [_line(meta)]
    raw += [_line(_codex_said(i) if isinstance(obj, int) else obj) for i, obj in enumerate(lines)]
    with _folder() as folder, _quick(30):
        path = folder / "s" / f"rollout-2025-06-14T10-00-00-{THREAD}.jsonl"
        _whole_as_pieces(folder, "codex", path, raw, cut, said)


# -- hook input from Claude Code: near-valid payloads --------------------------------------

_EVENTS = ["SessionStart", "UserPromptSubmit", "Stop", "PreCompact", "SessionEnd"]
_EVENTS += ["SubagentStop", "PostToolUse", "PreToolUse", "Notification", "x"]
_HOOK_PATHS = ["fifo", "../../etc/passwd", "loop", "t.jsonl", "/dev/zero", "", "\x00", "a" * 300]


@settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    st.fixed_dictionaries(
        {"hook_event_name": st.one_of(st.sampled_from(_EVENTS), WORD)},
        optional={
            "session_id": st.one_of(st.just(SID), WORD),
            "transcript_path": st.one_of(st.sampled_from(_HOOK_PATHS), WORD),
            "cwd": st.one_of(st.sampled_from(["", ".", "/", "\x00", "a" * 5_000]), WORD),
            "prompt": st.one_of(WORD, st.just("deploy " * 20_000)),
            "source": WORD,
            "tool_name": WORD,
            "tool_input": JSON,
            "tool_response": JSON,
            "stop_hook_active": WORD,
        },
    )
)
def test_any_claude_code_hook_payload_is_answered(payload: dict[str, Any]) -> None:
    """Each field of a hook's JSON hostile (a transcript path that is a FIFO, a link loop,
    a device, outside; a cwd with a NUL): an answer, never "unexpected", never a hang."""
    with _folder() as folder:
        os.mkfifo(folder / "fifo")
        os.symlink("loop", folder / "loop")
        (folder / "t.jsonl").write_bytes(_line(_said(0)))
        path = payload.get("transcript_path")
        if isinstance(path, str) and path and "\x00" not in path and not path.startswith("/"):
            payload["transcript_path"] = str(folder / path)
        raw = json.dumps(payload).encode()
        with _quick(20):
            reply = answer(raw, folder / "home", budget=None)
    assert "unexpected" not in reply.output, reply.output


# -- Hermes's memory files: import, then export over them ---------------------------------

_HERMES_MD = ["\n§\n", "§", "\n", "- ", "# ", "Uses fish shell.", "\x00", "\ud800", "\r\n"]
_HERMES_MD += ["x" * 3_000, "---\nname: a\n---\n", "\u202e", "§§", " § ", "\n§"]


@settings(max_examples=50, deadline=None, suppress_health_check=list(HealthCheck))
@given(_pieces(_HERMES_MD, 12), _pieces(_HERMES_MD, 12))
def test_any_hermes_memory_imports_and_exports_back_or_says_why(memory: str, user: str) -> None:
    """Hermes's MEMORY.md and USER.md of any text: imported (or a clear error), then the
    export over the same folder writes them or refuses; what Hermes held is still there
    (kept first, or the files untouched)."""
    with _folder() as folder:
        memories = folder / "hermes" / "memories"
        memories.mkdir(parents=True)
        _write(memories / "MEMORY.md", memory)
        _write(memories / "USER.md", user)
        md = memdir.open(folder / "home", folder)
        with _quick(20):
            try:
                import_memories(md, "hermes", memories, apply=True)
            except MemdirError as exc:
                assert str(exc)
            try:
                export_memories(md, "hermes", memories, apply=True)
            except MemdirError as exc:
                assert str(exc)
                assert (memories / "MEMORY.md").read_bytes() == memory.encode(
                    "utf-8", "surrogatepass"
                )
        if "Uses fish shell." in memory and "\n§" not in memory and "\ud800" not in memory:
            assert "Uses fish shell." in (memories / "MEMORY.md").read_text("utf-8", "replace")
        md.close()


@pytest.mark.parametrize("event", ["SessionStart", "UserPromptSubmit", "Stop"])
def test_a_hook_cwd_longer_than_a_file_name_is_answered(event: str) -> None:
    """Found by the payload fuzz above in CI: a ``cwd`` with a name over 255 bytes made
    ``is_dir`` raise ENAMETOOLONG, answered as "unexpected OSError"; it is no folder."""
    with _folder() as folder:
        payload = {"hook_event_name": event, "cwd": str(folder / ("a" * 300)), "prompt": "hi"}
        reply = answer(json.dumps(payload).encode(), folder / "home", budget=None)
    assert "unexpected" not in reply.output, reply.output


def test_opening_a_project_whose_name_is_too_long_says_so(tmp_path: Path) -> None:
    with pytest.raises(MemdirError, match="No folder can have a name that long"):
        memdir.open(tmp_path / "home", tmp_path / ("a" * 300))
