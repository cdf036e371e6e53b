"""Transcript re-import (memdir import-sessions): resumed Claude Code sessions, harness text
and web reads, memory modes, deleted sessions, old Codex rollouts, and --from paths."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import memdir
from memdir.engine import Memdir
from memdir.interop.claude_code import transcripts as claude_code
from memdir.interop.transcripts import import_sessions
from memdir.interop.transcripts._reading import reads_web

A, B, C = (
    "aaaaaaaa-0000-4000-8000-000000000001",
    "bbbbbbbb-0000-4000-8000-000000000002",
    "cccccccc-0000-4000-8000-000000000003",
)
OLD_CODEX = "0197aaaa-3c4d-7e8f-9a0b-1c2d3e4f5a6b"


def record(
    sid: str, kind: str, content: Any, uuid: str | None, parent: str | None = None, **extra: Any
) -> str:
    line = {
        "type": kind,
        "sessionId": sid,
        "parentUuid": parent,
        "cwd": "/home/ada/shop",
        "timestamp": "2025-06-14T09:00:00Z",
        "message": {"role": kind, "content": content},
        **extra,
    }
    if uuid is not None:
        line["uuid"] = uuid
    return json.dumps(line)


def write(path: Path, *lines: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n")
    return path


def texts(md: Memdir, sid: str) -> list[str]:
    return [m.content for m in md.sessions.messages(sid)]


# -- resumed Claude Code sessions ----------------------------------------------------------


def test_resumed_claude_code_sessions_keep_every_message(md: Memdir, tmp_path: Path) -> None:
    proj = tmp_path / "projects" / "-home-ada-shop"
    history = [
        record(A, "user", "How do I rotate the API keys?", "a1"),
        record(A, "assistant", "Run make rotate-keys.", "a2", "a1"),
    ]
    write(proj / f"{A}.jsonl", *history)
    # resumed twice: each new file starts with A's records, then goes on under its own id
    write(
        proj / f"{B}.jsonl",
        *history,
        record(B, "user", "Also rotate the webhook secret", "b3", "a2"),
    )
    write(proj / f"{C}.jsonl", *history, record(C, "user", "Revert the staging key", "c3", "a2"))
    # a fork whose first record carries A's id, then a different conversation
    write(
        proj / "dddddddd.jsonl",
        record(A, "user", "unrelated question on kubernetes", "d1"),
        record("dddddddd", "assistant", "helm charts", "d2", "d1"),
    )
    report = import_sessions(md, "claude-code", tmp_path / "projects")
    assert (report.sessions_created, report.messages_added) == (4, 2 + 3 + 3 + 2)
    assert texts(md, f"claude-code:{C}")[-1] == "Revert the staging key"
    assert texts(md, "claude-code:dddddddd") == ["unrelated question on kubernetes", "helm charts"]
    assert texts(md, f"claude-code:{A}") == [
        "How do I rotate the API keys?",
        "Run make rotate-keys.",
    ]  # nothing appended
    for child in (B, C, "dddddddd"):
        assert md.sessions.get(f"claude-code:{child}").parent_id == f"claude-code:{A}"
    [hit] = md.sessions.search("revert staging key")
    assert (hit.session_id, hit.matched_session_id) == (f"claude-code:{A}", f"claude-code:{C}")
    with (proj / f"{C}.jsonl").open("a") as f:
        f.write(record(C, "assistant", "Reverted.", "c4", "c3") + "\n")
    again = import_sessions(md, "claude-code", tmp_path / "projects")
    assert (again.messages_added, again.sessions_grown, again.sessions_unchanged) == (1, 1, 3)
    assert not again.diverged and not again.resynced


def test_a_copy_under_a_name_that_is_no_session_id_is_the_session_its_records_name(
    md: Memdir, tmp_path: Path
) -> None:
    """Claude Code names a transcript by its session id; a copy named otherwise
    (session-01.jsonl) is the session of its last records: a resumed session's copy is
    that session (a child of the one it resumed), and importing it adds nothing."""
    proj = tmp_path / "projects" / "-home-ada-shop"
    history = [
        record(A, "user", "How do I rotate the API keys?", "a1"),
        record(A, "assistant", "Run make rotate-keys.", "a2", "a1"),
    ]
    write(proj / f"{A}.jsonl", *history)
    resumed = [*history, record(B, "user", "Also rotate the webhook secret", "b3", "a2")]
    write(proj / f"{B}.jsonl", *resumed)
    import_sessions(md, "claude-code", tmp_path / "projects")
    copies = tmp_path / "copies"
    write(copies / "session-01.jsonl", *history)
    write(copies / "session-02.jsonl", *resumed)
    again = import_sessions(md, "claude-code", copies)
    assert (again.sessions_created, again.messages_added) == (0, 0)
    assert sorted(s.id for s in md.sessions.list()) == [f"claude-code:{A}", f"claude-code:{B}"]
    assert md.sessions.get(f"claude-code:{B}").parent_id == f"claude-code:{A}"


def test_sub_agent_ids_do_not_depend_on_other_files(md: Memdir, tmp_path: Path) -> None:
    side = record("s", "user", "audit the tax table", None, isSidechain=True)
    for name, extra in (("one", []), ("two", ["x.jsonl"])):
        folder = tmp_path / name
        for other in extra:  # another file read first must not change the ids
            write(folder / other, *[record("x", "user", f"line {i}", f"x{i}") for i in range(3)])
        write(folder / "s.jsonl", record("s", "user", "check the VAT", "u1"), side)
        home = memdir.open(home=tmp_path / f"h-{name}", project=tmp_path)
        import_sessions(home, "claude-code", folder)
        assert texts(home, "claude-code:s:s.jsonl:2") == ["audit the tax table"]
        home.close()


# -- harness text, web reads, memory modes -------------------------------------------------


def test_harness_text_is_system_and_web_reads_pollute(
    md: Memdir, tmp_path: Path, run: Callable[..., Any], home: Path
) -> None:
    folder = tmp_path / "projects" / "p"
    write(
        folder / "h.jsonl",
        record("h", "user", "I prefer tabs over spaces", "u1"),
        record("h", "user", "<command-name>/model</command-name>", "u2"),
        record(
            "h",
            "user",
            [{"type": "text", "text": "<local-command-stdout>Set model</local-command-stdout>"}],
            "u3",
        ),
        record("h", "user", "<task-notification>agent done</task-notification>", "u4"),
        record(
            "h",
            "user",
            "This session is being continued from a previous one",
            "u5",
            isCompactSummary=True,
        ),
        record(
            "h",
            "assistant",
            [
                {
                    "type": "tool_use",
                    "id": "t1",
                    "name": "WebFetch",
                    "input": {"url": "https://example.com"},
                }
            ],
            "u6",
        ),
    )
    write(
        folder / "clean.jsonl",
        record("clean", "user", "no web here", "c1"),
        record(
            "clean",
            "assistant",
            [{"type": "tool_use", "id": "t2", "name": "Grep", "input": {}}],
            "c2",
        ),
    )
    write(
        folder / "side.jsonl",
        record("side", "user", "look it up", "s1"),
        record("side", "user", "sub-agent task", "s2", isSidechain=True),
        record(
            "side",
            "assistant",
            [{"type": "tool_use", "id": "t3", "name": "WebSearch", "input": {}}],
            "s3",
            "s2",
            isSidechain=True,
        ),
    )
    import_sessions(md, "claude-code", folder)
    roles = [m.role for m in md.sessions.messages("claude-code:h")]
    assert roles == ["user", "system", "system", "system", "system", "assistant"]
    modes = {s.id: s.memory_mode for s in md.sessions.list()}
    assert modes == {
        "claude-code:h": "polluted",
        "claude-code:clean": "enabled",
        "claude-code:side": "polluted",
        "claude-code:side:s2": "polluted",
    }
    # --search-only after a normal import makes the sessions search-only; never looser
    env = {"HOME": str(tmp_path)}
    cli_home = home
    run("import-sessions", "claude-code", "--from", str(folder), extra_env=env)
    run("import-sessions", "claude-code", "--from", str(folder), "--search-only", extra_env=env)
    store = memdir.open(home=cli_home, project=tmp_path).sessions
    assert store.get("claude-code:clean").memory_mode == "disabled"
    assert store.get("claude-code:h").memory_mode == "polluted"  # stricter still
    run("import-sessions", "claude-code", "--from", str(folder), extra_env=env)
    assert store.get("claude-code:clean").memory_mode == "disabled"
    help_text = run("import-sessions", "--help").stdout
    assert "feed background extraction" in " ".join(help_text.split())
    assert "Running it again adds nothing" not in help_text


# -- deleted sessions stay deleted ---------------------------------------------------------


def test_deleted_imported_sessions_are_not_brought_back(
    run: Callable[..., Any], tmp_path: Path
) -> None:
    folder = tmp_path / "projects" / "p"
    write(folder / "old.jsonl", record("old", "user", "from long ago", "o1"))
    write(folder / "rm.jsonl", record("rm", "user", "delete me", "r1"))
    write(
        folder / "keep.jsonl",
        json.dumps(
            {
                **json.loads(record("keep", "user", "recent", "k1")),
                "timestamp": "2099-01-01T00:00:00Z",
            }
        ),
    )
    source = ["--from", str(folder), "--json"]
    assert (
        json.loads(run("import-sessions", "claude-code", *source).stdout)["sessions_created"] == 3
    )
    run("sessions", "rm", "claude-code:rm", "--yes")
    run("sessions", "prune", "--older-than", "2026-01-01", "--yes")
    again = json.loads(run("import-sessions", "claude-code", *source).stdout)
    assert (again["sessions_skipped"], again["sessions_unchanged"], again["messages_added"]) == (
        2,
        1,
        0,
    )
    listed = run("sessions", "ls", "--json").stdout
    assert "claude-code:rm" not in listed and "claude-code:old" not in listed
    text = run("import-sessions", "claude-code", "--from", str(folder)).stdout
    assert "2 deleted earlier and left out" in text
    back = json.loads(run("import-sessions", "claude-code", *source, "--include-removed").stdout)
    assert back["sessions_created"] == 2
    assert "claude-code:rm" in run("sessions", "ls", "--json").stdout


# -- Codex: old rollouts, sub-agents, web search -------------------------------------------


def test_old_codex_rollouts_sub_agents_and_web_search(md: Memdir, tmp_path: Path) -> None:
    day = tmp_path / "sessions" / "2025" / "08" / "01"
    write(
        day / f"rollout-2025-08-01T10-00-00-{OLD_CODEX}.jsonl",
        json.dumps(
            {"id": OLD_CODEX, "timestamp": "2025-08-01T10:00:00.000Z", "instructions": None}
        ),
        json.dumps({"record_type": "state"}),
        json.dumps(
            {
                "type": "message",
                "role": "user",
                "content": [
                    {"type": "input_text", "text": "Why does the nightly export time out?"}
                ],
            }
        ),
        json.dumps(
            {
                "type": "function_call",
                "name": "shell",
                "call_id": "c1",
                "arguments": json.dumps({"command": ["grep", "TIMEOUT"]}),
            }
        ),
        json.dumps(
            {
                "type": "function_call_output",
                "call_id": "c1",
                "output": json.dumps({"output": "export.py:12: TIMEOUT = 30"}),
            }
        ),
        json.dumps(
            {
                "type": "message",
                "role": "assistant",
                "content": [{"type": "output_text", "text": "It uses a 30 s timeout."}],
            }
        ),
        json.dumps({"record_type": "state"}),
    )
    child = "0197bbbb-3c4d-7e8f-9a0b-1c2d3e4f5a6b"
    envelope = {"timestamp": "2025-08-01T11:00:00Z"}
    write(
        day / f"rollout-2025-08-01T11-00-00-{child}.jsonl",
        json.dumps(
            {
                **envelope,
                "type": "session_meta",
                "payload": {
                    "id": child,
                    "cwd": "/w",
                    "source": {
                        "subagent": {"thread_spawn": {"parent_thread_id": OLD_CODEX, "depth": 1}}
                    },
                },
            }
        ),
        json.dumps(
            {
                **envelope,
                "type": "response_item",
                "payload": {
                    "type": "web_search_call",
                    "id": "ws1",
                    "status": "completed",
                    "action": {"type": "search", "query": "codex rollout format"},
                },
            }
        ),
        json.dumps(
            {
                **envelope,
                "type": "response_item",
                "payload": {
                    "type": "message",
                    "role": "assistant",
                    "content": [{"type": "output_text", "text": "found the format"}],
                },
            }
        ),
    )
    report = import_sessions(md, "codex", tmp_path / "sessions")
    assert (report.sessions_created, report.messages_added, report.malformed) == (2, 6, 0)
    old = md.sessions.messages(f"codex:{OLD_CODEX}")
    assert [(m.role, m.tool_name) for m in old] == [
        ("user", None),
        ("assistant", "shell"),
        ("tool", "shell"),
        ("assistant", None),
    ]
    assert old[2].content == "export.py:12: TIMEOUT = 30"
    assert (
        md.sessions.get(f"codex:{OLD_CODEX}")
        .started_at.isoformat()
        .startswith("2025-08-01T10:00:00")
    )
    sub = md.sessions.get(f"codex:{child}")
    assert (sub.parent_id, sub.memory_mode) == (f"codex:{OLD_CODEX}", "polluted")
    assert import_sessions(md, "codex", tmp_path / "sessions").messages_added == 0


# -- --from paths ----------------------------------------------------------------------------


def test_from_paths_unknown_users_and_fifos(
    run: Callable[..., Any], md: Memdir, tmp_path: Path
) -> None:
    unknown = run("import-sessions", "codex", "--from", "~nosuchuser-xyz/sessions", ok=False)
    assert "no such user" in unknown.stderr
    with pytest.raises(memdir.ValidationError, match="no such user"):
        import_sessions(md, "codex", "~nosuchuser-xyz/sessions")
    fifo = tmp_path / "fifo.jsonl"
    os.mkfifo(fifo)
    refused = run("import-sessions", "claude-code", "--from", str(fifo), ok=False)
    assert "not a regular file" in refused.stderr
    folder = tmp_path / "projects"
    write(folder / "ok.jsonl", record("ok", "user", "fine", "u1"))
    os.mkfifo(folder / "stuck.jsonl")  # would block a plain open() forever
    report = import_sessions(md, "claude-code", folder)
    assert report.messages_added == 1
    assert [p.split(": ", 1)[1] for p in report.problems] == ["not a regular file"]
    (folder / "gone.jsonl").symlink_to(tmp_path / "no-such-file")  # listed, unreadable
    report = import_sessions(md, "claude-code", folder)
    assert report.messages_present == 1 and report.malformed == 2
    assert sorted(p.split(": ", 1)[0] for p in report.problems) == [
        str(folder / "gone.jsonl"),
        str(folder / "stuck.jsonl"),
    ]
    assert "could not read it" in " ".join(report.problems)
    shutil.rmtree(folder)


# -- fuzzing the shared helpers --------------------------------------------------------------


@given(st.text(max_size=30))
def test_harness_tags_and_web_tools_never_raise(text: str) -> None:
    out = claude_code.line_messages({"type": "user", "message": {"content": text}}, {})
    assert all(m[0] in ("user", "system") for m in out)
    assert isinstance(reads_web(text), bool)


def test_web_tool_names() -> None:
    web = [
        "WebFetch",
        "WebSearch",
        "web_search",
        "web_extract",
        "browser_navigate",
        "mcp__playwright__browser_click",
        "mcp__fetch__fetch",
        "mcp__puppeteer__navigate",
    ]
    assert all(reads_web(n) for n in web)
    assert not any(reads_web(n) for n in ["Grep", "Read", "shell", "terminal", "Task", None])
