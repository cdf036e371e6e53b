"""Transcript import (memdir import-sessions): Claude Code, Codex and Hermes sessions into
state.db — roles, tool messages, times, sub-agents; idempotent; growth; malformed lines."""

from __future__ import annotations

import hashlib
import json
import os
import pty
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import memdir
from memdir.engine import Memdir
from memdir.interop.claude_code import transcripts as claude_code
from memdir.interop.codex import transcripts as codex
from memdir.interop.hermes import transcripts as hermes
from memdir.interop.transcripts import import_sessions
from memdir.interop.transcripts._reading import Tally, output_text, text_of
from memdir.sessions import MemoryMode

FIXTURES = Path(__file__).parent / "fixtures" / "transcripts" / "home"
MAIN = "8f0c2a71-5d1e-4c2b-9a57-2f5e0c9d1b33"
NOTES = "3c9e1f40-7a2b-4d8e-b6f1-0a9c8d7e6f55"
ROLLOUT = "0197a1b2-3c4d-7e8f-9a0b-1c2d3e4f5a6b"


@pytest.fixture
def userhome(tmp_path: Path) -> Path:
    """A copy of the fixture home (never the fixtures themselves)."""
    target = tmp_path / "userhome"
    shutil.copytree(FIXTURES, target)
    return target


def projects(home: Path) -> Path:
    return home / ".claude" / "projects"


def rollout(home: Path) -> Path:
    return (
        home
        / ".codex"
        / "sessions"
        / "2025"
        / "06"
        / "14"
        / (f"rollout-2025-06-14T10-00-00-{ROLLOUT}.jsonl")
    )


def shape(md: Memdir, sid: str) -> list[tuple[str, str, str | None]]:
    return [(m.role, m.content[:24], m.tool_name) for m in md.sessions.messages(sid)]


# -- Claude Code ---------------------------------------------------------------------------


def test_claude_code_sessions_roles_tools_times_and_subagents(md: Memdir, userhome: Path) -> None:
    report = import_sessions(md, "claude-code", projects(userhome))
    assert (report.files, report.sessions_created, report.messages_added) == (3, 4, 16)
    assert report.malformed == 2 and report.skipped == 2  # summary + file snapshot
    main = f"claude-code:{MAIN}"
    assert shape(md, main) == [
        ("user", "The checkout total is of", None),
        ("assistant", "Let me look at the round", None),
        ("assistant", "", "Grep"),
        ("tool", "src/checkout/total.py:42", "Grep"),
        ("assistant", "", "Task"),
        ("tool", "Audit: float arithmetic ", "Task"),
        ("system", "Caveat: the messages bel", None),  # isMeta: injected, not typed
        ("system", "Conversation compacted", None),
        ("assistant", "Switched total.py to Dec", None),
    ]
    grep = md.sessions.messages(main)[2]
    assert grep.tool_calls == [
        {"id": "toolu_01", "name": "Grep", "input": {"pattern": "round(", "path": "src/checkout"}}
    ]
    assert grep.timestamp.isoformat() == "2025-06-14T09:00:05+00:00"
    info = md.sessions.get(main)
    assert (info.agent, info.cwd, info.scope) == ("claude-code", "/home/ada/shop", "-home-ada-shop")
    assert info.title == "Fix the checkout rounding bug"  # from the summary line
    assert info.started_at.isoformat() == "2025-06-14T09:00:00+00:00"
    inline, own_file = f"{main}:u5", f"{main}:s1"  # interleaved sidechain; subagents/ file
    for child, first in (
        (inline, "Audit currency handling "),
        (own_file, "Check the VAT table for "),
    ):
        assert md.sessions.get(child).parent_id == main
        assert shape(md, child)[0] == ("user", first, None)
    assert md.sessions.messages(inline)[1].timestamp.isoformat() == "2025-06-14T09:00:20+00:00"
    notes = md.sessions.messages(f"claude-code:{NOTES}")
    assert [m.content for m in notes][2] == "Here is the screenshot\n\n[image]"


def test_claude_code_messages_are_searchable(md: Memdir, userhome: Path) -> None:
    import_sessions(md, "claude-code", projects(userhome))
    main = f"claude-code:{MAIN}"
    [hit] = md.sessions.search("Austria VAT rate")
    assert (hit.session_id, hit.matched_session_id) == (main, f"{main}:s1")  # folded
    tool = md.sessions.search_messages("subtotal")
    assert tool and tool[0].role == "tool"
    assert [h.session_id for h in md.sessions.search("部署脚本")] == [f"claude-code:{NOTES}"]
    assert md.sessions.search("zanzibar") == []  # thinking blocks are not imported
    assert md.sessions.search_messages("Grep", role="assistant")


# -- Codex ---------------------------------------------------------------------------------


def test_codex_rollouts_without_instructions(md: Memdir, userhome: Path) -> None:
    report = import_sessions(md, "codex", userhome / ".codex" / "sessions")
    assert (report.files, report.sessions_created, report.messages_added) == (1, 1, 4)
    sid = f"codex:{ROLLOUT}"
    assert shape(md, sid) == [
        ("user", "Why does the nightly exp", None),
        ("assistant", "", "shell"),
        ("tool", "jobs/export.py:12: TIMEO", "shell"),
        ("assistant", "The export job uses a 30", None),
    ]
    call = md.sessions.messages(sid)[1]
    assert call.tool_calls == [
        {
            "id": "call_A1",
            "name": "shell",
            "arguments": {
                "command": ["bash", "-lc", "grep -n TIMEOUT jobs/export.py"],
                "timeout_ms": 10000,
            },
        }
    ]
    assert md.sessions.messages(sid)[2].content == "jobs/export.py:12: TIMEOUT = 30\n"
    assert call.timestamp.isoformat() == "2025-06-14T10:00:06+00:00"
    info = md.sessions.get(sid)
    assert (info.agent, info.cwd, info.scope) == ("codex", "/home/ada/shop", "-home-ada-shop")
    assert info.started_at.isoformat() == "2025-06-14T10:00:00+00:00"
    assert md.sessions.search("quixotic") == []  # developer instructions left out
    assert md.sessions.search_messages("environment_context") == []  # injected context
    assert [h.session_id for h in md.sessions.search("nightly export timeout")] == [sid]
    assert [p.split(".jsonl:")[1] for p in report.problems] == [
        "11: not JSON (Expecting value: line 1 column 1 (char 0))",
        "12: a response_item without a payload object",
    ]


# -- Hermes --------------------------------------------------------------------------------

HERMES_SCHEMA = """
CREATE TABLE sessions (id TEXT PRIMARY KEY, source TEXT NOT NULL, user_id TEXT, model TEXT,
    system_prompt TEXT, parent_session_id TEXT, started_at REAL NOT NULL, ended_at REAL,
    end_reason TEXT, message_count INTEGER DEFAULT 0, cwd TEXT, title TEXT,
    archived INTEGER NOT NULL DEFAULT 0, FOREIGN KEY (parent_session_id) REFERENCES sessions(id));
CREATE TABLE messages (id INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id TEXT NOT NULL REFERENCES sessions(id), role TEXT NOT NULL, content TEXT,
    tool_call_id TEXT, tool_calls TEXT, tool_name TEXT, timestamp REAL NOT NULL,
    token_count INTEGER, finish_reason TEXT, reasoning TEXT, active INTEGER NOT NULL DEFAULT 1);
CREATE VIRTUAL TABLE messages_fts USING fts5(content);
"""
H0 = 1_749_900_000.0
CALLS = json.dumps(
    [
        {
            "id": "call_1",
            "type": "function",
            "function": {"name": "terminal", "arguments": '{"command": "certbot"}'},
        }
    ]
)


def _insert(conn: sqlite3.Connection, table: str, row: dict[str, Any]) -> None:
    """Insert the columns this schema has (an older Hermes lacks some)."""
    have = {r[1] for r in conn.execute(f"PRAGMA table_info({table})")}
    cols = [c for c in row if c in have]
    conn.execute(
        f"INSERT INTO {table} ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})",
        [row[c] for c in cols],
    )


def hermes_db(path: Path, schema: str = HERMES_SCHEMA) -> Path:
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.executescript(schema)
    with conn:
        _insert(
            conn,
            "sessions",
            {
                "id": "s1",
                "source": "cli",
                "started_at": H0,
                "ended_at": H0 + 600,
                "cwd": "/home/ada/infra",
                "title": "TLS renewal",
            },
        )
        _insert(
            conn,
            "sessions",
            {"id": "s2", "source": "cli", "started_at": H0 + 60, "parent_session_id": "s1"},
        )
        for sid, role, content, call_id, calls, at, active in [
            ("s1", "user", "How do I renew the staging TLS certificate?", None, None, H0 + 1, 1),
            ("s1", "assistant", None, None, CALLS, H0 + 2, 1),
            ("s1", "tool", "all renewals succeeded", "call_1", None, H0 + 3, 1),
            (
                "s1",
                "assistant",
                '\x00json:[{"type": "text", "text": "证书已更新"}]',
                None,
                None,
                H0 + 4,
                1,
            ),
            ("s2", "user", "compressed continuation mentions haproxy", None, None, H0 + 61, 0),
        ]:
            _insert(
                conn,
                "messages",
                {
                    "session_id": sid,
                    "role": role,
                    "content": content,
                    "tool_call_id": call_id,
                    "tool_calls": calls,
                    "timestamp": at,
                    "active": active,
                },
            )
    conn.close()
    return path


def snapshot(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in folder.iterdir()}


def test_hermes_sessions_read_only(md: Memdir, userhome: Path) -> None:
    folder = userhome / ".hermes"
    folder.mkdir()
    db = hermes_db(folder / "state.db")
    before = snapshot(folder)
    report = import_sessions(md, "hermes", db)
    after = snapshot(folder)
    assert after["state.db"] == before["state.db"]  # not a byte written
    # only SQLite's shared-memory index and an empty log, as any WAL reader makes
    assert set(after) - set(before) <= {"state.db-shm", "state.db-wal"}
    assert (folder / "state.db-wal").stat().st_size == 0
    assert (report.sessions_created, report.messages_added) == (2, 5)
    assert shape(md, "hermes:s1") == [
        ("user", "How do I renew the stagi", None),
        ("assistant", "", "terminal"),
        ("tool", "all renewals succeeded", "terminal"),
        ("assistant", "证书已更新", None),
    ]
    assert md.sessions.messages("hermes:s1")[1].tool_calls[0]["function"]["name"] == "terminal"
    s1, s2 = md.sessions.get("hermes:s1"), md.sessions.get("hermes:s2")
    assert (s1.agent, s1.cwd, s1.title, s1.scope) == (
        "hermes",
        "/home/ada/infra",
        "TLS renewal",
        "-home-ada-infra",
    )
    assert s1.ended_at is not None and s1.ended_at.timestamp() == H0 + 600
    assert s2.parent_id == "hermes:s1" and s2.started_at.timestamp() == H0 + 60
    assert md.sessions.messages("hermes:s1")[2].timestamp.timestamp() == H0 + 3
    [hit] = md.sessions.search("haproxy")
    assert (hit.session_id, hit.matched_session_id) == ("hermes:s1", "hermes:s2")
    assert [h.session_id for h in md.sessions.search("证书")] == ["hermes:s1"]
    conn = sqlite3.connect(db)
    with conn:
        conn.execute(
            "INSERT INTO messages (session_id, role, content, timestamp) VALUES "
            "('s1', 'user', 'and the prod one?', ?)",
            (H0 + 5,),
        )
    conn.close()
    grown = import_sessions(md, "hermes", folder)  # the folder works too
    assert (grown.messages_added, grown.sessions_grown, grown.sessions_unchanged) == (1, 1, 1)


def test_hermes_older_schema_and_bad_databases(md: Memdir, tmp_path: Path) -> None:
    old = hermes_db(
        tmp_path / "old.db",
        HERMES_SCHEMA.replace(", cwd TEXT, title TEXT", "").replace("tool_call_id TEXT, ", ""),
    )
    report = import_sessions(md, "hermes", old)
    assert report.messages_added == 5 and md.sessions.get("hermes:s1").cwd is None
    assert md.sessions.messages("hermes:s1")[2].tool_name is None  # no call id to follow
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"this is not a database" * 100)
    with pytest.raises(memdir.MemdirError, match="Could not read Hermes sessions"):
        import_sessions(md, "hermes", junk)
    empty = tmp_path / "empty.db"
    sqlite3.connect(empty).close()
    with pytest.raises(memdir.MemdirError, match="no table sessions"):
        import_sessions(md, "hermes", empty)
    with pytest.raises(memdir.MemdirError, match="No Hermes session database"):
        import_sessions(md, "hermes", tmp_path)  # a folder without state.db


def test_hermes_rewrites_in_place_are_imported_and_reported(
    md: Memdir, tmp_path: Path, run: Callable[..., Any]
) -> None:
    db = hermes_db(tmp_path / "state.db")
    import_sessions(md, "hermes", db)
    conn = sqlite3.connect(db)
    columns = "session_id, role, content, tool_call_id, tool_calls, timestamp"
    with conn:  # /retry: Hermes deletes the conversation and inserts it again, new row ids
        kept = conn.execute(
            f"SELECT {columns} FROM messages WHERE session_id = 's1' ORDER BY id LIMIT 3"
        ).fetchall()
        conn.execute("DELETE FROM messages WHERE session_id = 's1'")
        for row in [*kept, ("s1", "assistant", "Renewed with certbot", None, None, H0 + 9)]:
            conn.execute(f"INSERT INTO messages ({columns}) VALUES (?, ?, ?, ?, ?, ?)", row)
        conn.execute(
            f"INSERT INTO messages ({columns}) VALUES ('s2', 'assistant', '', NULL, ?, ?)",
            (json.dumps([{"id": "w", "function": {"name": "web_search"}}]), H0 + 62),
        )
    report = import_sessions(md, "hermes", db)
    assert (report.messages_added, report.messages_present) == (2, 3 + 1)
    assert report.resynced == ["hermes:s1"]  # the dropped 证书已更新 stays in memdir
    assert [m.content for m in md.sessions.messages("hermes:s1")][-2:] == [
        "证书已更新",
        "Renewed with certbot",
    ]
    assert md.sessions.get("hermes:s2").memory_mode == "polluted"
    with conn:  # cleared, then the conversation goes on in the same session
        conn.execute("DELETE FROM messages WHERE session_id = 's1'")
        for i, text in enumerate(["use port 8443 for the proxy", "and the cert is in vault"]):
            conn.execute(
                "INSERT INTO messages (session_id, role, content, timestamp) VALUES "
                "('s1', 'user', ?, ?)",
                (text, H0 + 100 + i),
            )
    conn.close()
    shown = run("import-sessions", "hermes", "--from", str(db))
    assert "2 messages added" in shown.stdout and "Resynced: hermes:s1" in shown.stderr
    cli = memdir.open(home=tmp_path / "home", project=tmp_path)
    assert [h.session_id for h in cli.sessions.search("vault")] == ["hermes:s1"]


# -- idempotency and growth ----------------------------------------------------------------


def test_reimport_adds_nothing(md: Memdir, userhome: Path) -> None:
    for harness, source in (
        ("claude-code", projects(userhome)),
        ("codex", userhome / ".codex" / "sessions"),
    ):
        first = import_sessions(md, harness, source)
        again = import_sessions(md, harness, source)
        assert again.messages_added == 0 and again.sessions_created == 0
        assert again.messages_present == first.messages_added
        assert again.sessions_unchanged == first.sessions_created
    assert md.sessions.count() == (5, 20)


def test_a_grown_transcript_appends_only_new_messages(md: Memdir, userhome: Path) -> None:
    import_sessions(md, "claude-code", projects(userhome))
    import_sessions(md, "codex", userhome / ".codex" / "sessions")
    main = projects(userhome) / "-home-ada-shop" / f"{MAIN}.jsonl"
    base = {"sessionId": MAIN, "cwd": "/home/ada/shop"}
    with main.open("a") as f:
        f.write(
            json.dumps(
                {
                    **base,
                    "type": "user",
                    "uuid": "u11",
                    "parentUuid": "u9",
                    "timestamp": "2025-06-14T10:00:00Z",
                    "message": {"role": "user", "content": "Now add a regression test"},
                }
            )
            + "\n"
        )
        f.write(
            json.dumps(
                {
                    **base,
                    "type": "assistant",
                    "uuid": "u12",
                    "parentUuid": "u6",
                    "isSidechain": True,
                    "timestamp": "2025-06-14T10:00:01Z",
                    "message": {"role": "assistant", "content": "Also check refunds"},
                }
            )
            + "\n"
        )
    with rollout(userhome).open("a") as f:
        f.write(
            json.dumps(
                {
                    "timestamp": "2025-06-14T11:00:00Z",
                    "type": "response_item",
                    "payload": {
                        "type": "message",
                        "role": "user",
                        "content": [{"type": "input_text", "text": "thanks, ship it"}],
                    },
                }
            )
            + "\n"
        )
    claude = import_sessions(md, "claude-code", projects(userhome))
    assert (claude.messages_added, claude.sessions_grown, claude.sessions_unchanged) == (2, 2, 2)
    assert md.sessions.messages(f"claude-code:{MAIN}")[-1].content == "Now add a regression test"
    assert md.sessions.messages(f"claude-code:{MAIN}:u5")[-1].content == "Also check refunds"
    grown = import_sessions(md, "codex", userhome / ".codex" / "sessions")
    assert (grown.messages_added, grown.messages_present) == (1, 4)
    assert md.sessions.messages(f"codex:{ROLLOUT}")[-1].content == "thanks, ship it"


# -- malformed input, never fatal ----------------------------------------------------------


def test_malformed_lines_are_counted_and_listed_never_fatal(md: Memdir, tmp_path: Path) -> None:
    path = tmp_path / "p" / "bad.jsonl"
    path.parent.mkdir()
    good = {
        "type": "user",
        "sessionId": "bad",
        "timestamp": "2025-01-01T00:00:00Z",
        "message": {"role": "user", "content": "the one good line"},
    }
    lines = [
        b"\xff\xfe not utf-8",
        b"[1, 2, 3]",
        b"[" * 100_000 + b"]" * 100_000,
        json.dumps({"type": "assistant"}).encode(),
        json.dumps({"type": "assistant", "message": {"content": [1]}}).encode(),
        json.dumps(
            {"type": "assistant", "message": {"content": [{"type": "tool_use", "input": {}}]}}
        ).encode(),
        json.dumps(
            {"type": "user", "message": {"content": [{"type": "text", "text": None}]}}
        ).encode(),
        b'{"type": "user", "message": {"content": "' + b"x" * (33 << 20) + b'"}}',
        json.dumps(good).encode(),
        b"",
        b"   ",
        json.dumps({**good, "timestamp": "not a time"}).encode(),
    ]
    path.write_bytes(b"\n".join(lines))  # no newline at the end either
    report = import_sessions(md, "claude-code", path.parent)
    assert report.malformed == 8 and len(report.problems) == 8
    assert report.messages_added == 2
    reasons = [p.split(":", 2)[2] for p in report.problems]
    assert reasons[0].startswith(" not JSON") and reasons[1] == " not a JSON object"
    assert reasons[3] == " assistant line without a message object"
    assert reasons[5] == " a tool_use block without a name"
    assert reasons[7] == " line longer than 32 MiB"
    times = [m.timestamp.isoformat() for m in md.sessions.messages("claude-code:bad")]
    assert times == ["2025-01-01T00:00:00+00:00"] * 2  # a bad time takes the previous one


def test_progress_is_reported_up_to_the_total(md: Memdir, userhome: Path) -> None:
    seen: list[tuple[int, int]] = []
    import_sessions(
        md,
        "claude-code",
        projects(userhome),
        progress=lambda done, total: seen.append((done, total)),
    )
    total = sum(p.stat().st_size for p in projects(userhome).rglob("*.jsonl"))
    assert seen[-1] == (total, total)
    with pytest.raises(memdir.ValidationError, match="unknown harness"):
        import_sessions(md, "cursor")
    with pytest.raises(memdir.ValidationError, match="memory_mode"):
        import_sessions(md, "codex", memory_mode="sometimes")


def test_default_sources_follow_home(
    md: Memdir, userhome: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(userhome))
    assert import_sessions(md, "codex").source == userhome / ".codex" / "sessions"
    assert import_sessions(md, "claude-code").sessions_created == 4
    with pytest.raises(memdir.MemdirError, match=r"No Hermes transcripts at .*\.hermes"):
        import_sessions(md, "hermes")


# -- fuzzing -------------------------------------------------------------------------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "type",
                    "text",
                    "content",
                    "name",
                    "id",
                    "input",
                    "tool_use_id",
                    "role",
                    "message",
                    "isMeta",
                    "call_id",
                    "output",
                    "arguments",
                ]
            ),
            inner,
            max_size=5,
        )
    ),
    max_leaves=20,
)
BLOCK = st.fixed_dictionaries(
    {"type": st.sampled_from(["text", "tool_use", "tool_result", "thinking", "image", "other"])},
    optional={
        "text": JSON,
        "name": JSON,
        "id": JSON,
        "input": JSON,
        "tool_use_id": JSON,
        "content": JSON,
    },
)


def _valid(messages: list[Any]) -> bool:
    return all(
        isinstance(m[0], str) and isinstance(m[1], str) and (m[2] is None or isinstance(m[2], str))
        for m in messages
    )


@given(
    st.sampled_from(["user", "assistant", "system"]),
    st.one_of(
        JSON, st.fixed_dictionaries({"content": st.one_of(st.lists(BLOCK, max_size=4), JSON)})
    ),
    JSON,
)
def test_claude_code_lines_parse_or_are_malformed(kind: str, message: Any, extra: Any) -> None:
    try:
        out = claude_code.line_messages(
            {"type": kind, "message": message, "content": extra, "isMeta": extra}, {}
        )
    except claude_code.Malformed:
        return
    assert _valid(out)


@given(
    st.fixed_dictionaries(
        {
            "type": st.sampled_from(
                [
                    "message",
                    "function_call",
                    "function_call_output",
                    "custom_tool_call",
                    "local_shell_call",
                    "reasoning",
                ]
            )
        },
        optional={
            "role": st.sampled_from(["user", "assistant", "developer"]) | JSON,
            "content": JSON,
            "name": JSON,
            "arguments": JSON,
            "call_id": JSON,
            "output": JSON,
            "input": JSON,
        },
    )
)
def test_codex_items_parse_or_are_malformed(payload: dict[str, Any]) -> None:
    try:
        out = codex.item_messages(payload, {})
    except codex.Malformed:
        return
    assert _valid(out)


@given(
    st.fixed_dictionaries(
        {},
        optional={
            "role": JSON,
            "content": st.one_of(
                JSON, st.binary(max_size=8), st.text().map(lambda t: hermes.JSON_PREFIX + t)
            ),
            "tool_name": JSON,
            "tool_calls": st.one_of(JSON, st.text()),
            "tool_call_id": JSON,
        },
    )
)
def test_hermes_rows_parse_or_are_malformed(row: dict[str, Any]) -> None:
    try:
        out = hermes.message_of(row, {})
    except hermes.Malformed:
        return
    assert _valid([out]) and (out[3] is None or isinstance(out[3], str))


def test_readers_share_one_malformed_and_one_text_flattening() -> None:
    assert claude_code.Malformed is codex.Malformed is hermes.Malformed
    out = codex.item_messages(
        {
            "type": "function_call_output",
            "call_id": "c",
            "output": json.dumps({"output": "exit 0"}),
        },
        {},
    )
    assert out == [("tool", output_text(json.dumps({"output": "exit 0"})), None, None)]
    assert text_of({"content": [{"type": "text", "text": "a"}, "b"]}) == "a\nb"
    assert output_text({"output": "done", "metadata": {}}) == "done"
    assert output_text('{"output": 3}') == '{"output": 3}' and output_text(None) == ""


@given(JSON | JSON.map(json.dumps))
def test_text_helpers_always_give_text(value: Any) -> None:
    assert isinstance(text_of(value), str) and isinstance(output_text(value), str)


@given(st.lists(st.binary(max_size=60) | JSON.map(lambda v: json.dumps(v).encode()), max_size=8))
def test_any_file_imports_without_raising(
    tmp_path_factory: pytest.TempPathFactory, lines: list[bytes]
) -> None:
    folder = tmp_path_factory.mktemp("fuzz")
    (folder / "rollout-x.jsonl").write_bytes(b"\n".join(lines))
    (folder / "s.jsonl").write_bytes(b"\n".join(lines))
    md = memdir.open(home=folder / "home", project=folder)
    for harness in ("claude-code", "codex"):
        tally = Tally()
        module = claude_code if harness == "claude-code" else codex
        rows = sum(
            1
            for _, r in module.sessions(folder, tally)
            for row in r
            if not isinstance(row, MemoryMode) and not isinstance(row[-1], MemoryMode)
        )
        report = import_sessions(md, harness, folder)
        assert report.messages_added + report.messages_present == rows
    md.close()


# -- the command ---------------------------------------------------------------------------


def test_cli_imports_from_home_and_reports(
    run: Callable[..., Any], userhome: Path, home: Path
) -> None:
    env = {"HOME": str(userhome)}
    first = json.loads(run("import-sessions", "claude-code", "--json", extra_env=env).stdout)
    assert (first["sessions_created"], first["messages_added"], first["malformed"]) == (4, 16, 2)
    assert first["source"] == str(projects(userhome))
    again = json.loads(run("import-sessions", "claude-code", "--json", extra_env=env).stdout)
    assert (again["messages_added"], again["sessions_unchanged"]) == (0, 4)
    text = run("import-sessions", "codex", "--search-only", extra_env=env)
    assert "1 sessions (1 new, 0 grown, 0 unchanged), 4 messages added" in text.stdout
    assert "2 malformed lines skipped" in text.stdout
    assert "not JSON" in text.stderr and "Traceback" not in text.stderr
    found = json.loads(run("sessions", "search", "nightly export", "--json", extra_env=env).stdout)
    assert found[0]["session_id"] == f"codex:{ROLLOUT}"
    store = memdir.open(home=home, project=userhome).sessions
    assert store.get(f"codex:{ROLLOUT}").memory_mode == "disabled"
    assert store.get(f"claude-code:{MAIN}").memory_mode == "enabled"
    missing = run("import-sessions", "hermes", ok=False, extra_env=env)
    assert "No Hermes transcripts at" in missing.stderr and "--from" in missing.stderr
    other = run("import-sessions", "codex", "--from", str(userhome / "nope"), ok=False)
    assert "No Codex transcripts at" in other.stderr


def test_cli_shows_a_progress_bar_on_a_terminal(userhome: Path, home: Path, project: Path) -> None:
    master, slave = pty.openpty()
    env = {**os.environ, "HOME": str(userhome), "MEMDIR_HOME": str(home), "COLUMNS": "100"}
    proc = subprocess.run(
        [sys.executable, "-m", "memdir", "-C", str(project), "import-sessions", "claude-code"],
        stdout=subprocess.PIPE,
        stderr=slave,
        env=env,
        text=True,
        timeout=60,
    )
    os.close(slave)
    shown = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # the other end is closed: all read
            break
        if not chunk:
            break
        shown += chunk
    os.close(master)
    assert proc.returncode == 0 and "16 messages added" in proc.stdout
    assert b"Importing claude-code transcripts" in shown and b"Traceback" not in shown


SUBAGENTS = Path(__file__).parent / "fixtures" / "transcripts" / "subagents" / "home"
DEPOT = SUBAGENTS / ".claude" / "projects" / "-home-ada-depot"
DEPOT_MAIN = "5b9e2f4c-8d71-4a3e-9c02-7e1f3a6b2d90"
DEPOT_GONE = "c41d7e08-2b6f-4f9a-8e35-90a1b2c3d4e5"


def test_sub_agent_and_compaction_files_stay_one_session_under_their_parent(
    md: Memdir, run: Callable[..., subprocess.CompletedProcess[str]], home: Path
) -> None:
    """Issue 14, items 10-11, on Claude Code 2.1-shaped files: `progress` lines are links
    in a sub-agent's chain, a compaction agent's lines hang off the parent file's records,
    and one sub-agent whose parent transcript is gone."""
    report = import_sessions(md, "claude-code", DEPOT)
    files = sorted((DEPOT / DEPOT_MAIN / "subagents").glob("*.jsonl"))
    assert len(files) == 12  # 10 sub-agents, 2 compaction agents
    parent = f"claude-code:{DEPOT_MAIN}"
    children = [s for s in md.sessions.list(limit=100) if s.parent_id == parent]
    assert len(children) == 12  # one session per file (was 39 before: a chain per break)
    for s in children:  # every message line of its file, none split off elsewhere
        assert s.messages == 5, s.id
    assert report.sessions == 12 + 1 + 1  # the children, their parent, the orphan
    orphan_parent = f"claude-code:{DEPOT_GONE}"
    assert report.parents_missing == [orphan_parent]
    stub = md.sessions.get(orphan_parent)  # no dangling pointer: the parent exists, empty
    assert stub.messages == 0 and stub.cwd == "/home/ada/depot"
    again = import_sessions(md, "claude-code", DEPOT)  # idempotent
    assert again.messages_added == 0 and again.parents_missing == []
    out = run("sessions", "ls", "--limit", "50").stdout
    assert f"(child of {parent})" in out and f"(child of {orphan_parent})" in out
    hits = run("sessions", "search", "Grep", "--role", "assistant").stdout
    marked = [line for line in hits.splitlines() if line.lstrip().startswith("> #")]
    assert marked and all(line.split(": ", 1)[1].strip() for line in marked)  # a snippet
    assert any("Grep" in line for line in marked)
    shown = run("sessions", "show", orphan_parent).stdout
    assert orphan_parent in shown


VERSIONS = Path(__file__).parent / "fixtures" / "claude_versions"


_HARNESS_TEXT = {  # what each version wrote itself, in order (first words)
    "2.1.197": ["<local-command-caveat>", "<command-name>/compact", "<local-command-stdout>"],
    "2.1.332": ["No response requested.", "Session model", "Conversation compacted",
                "This session is being continued", "<local-command-caveat>",
                "<command-name>/compact", "<local-command-stdout>"],
}  # fmt: skip


@pytest.mark.parametrize("version", sorted(_HARNESS_TEXT))
def test_two_claude_code_versions_give_the_same_conversation(md: Memdir, version: str) -> None:
    """One scripted session as Claude Code 2.1.197 and 2.1.332 wrote it (see the fixtures'
    README): the same four messages; what the harness wrote itself (a synthetic answer on
    resuming, compaction notes) is system text, and 2.1.332's request records (a system
    prompt under a ``message`` key) are nothing."""
    report = import_sessions(md, "claude-code", VERSIONS / version)
    assert report.sessions == 1 and report.malformed == 0, report.problems
    (session,) = md.sessions.list()
    messages = md.sessions.messages(session.id)
    said = [(m.role, m.content, m.tool_name) for m in messages if m.role != "system"]
    assert said == [
        ("user", "hello", None),
        ("assistant", "", "Bash"),
        ("tool", "hi", "Bash"),
        ("assistant", "Use pnpm.", None),
    ]
    harness = [m.content for m in messages if m.role == "system"]
    assert len(harness) == len(_HARNESS_TEXT[version]), harness
    assert all(t.startswith(w) for t, w in zip(harness, _HARNESS_TEXT[version], strict=True))
