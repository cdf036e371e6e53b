"""Hermes sessions: ``$HERMES_HOME/state.db`` (``~/.hermes``), Hermes's own SQLite
database, read-only.
See docs/design/interop.md."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from ...core.errors import MemdirError
from ...core.harness_homes import hermes_home
from ...sessions import SessionSpec
from ..transcripts._reading import (
    POLLUTED,
    Malformed,
    Message,
    Tally,
    bounded_put,
    reads_web,
    scope_of,
    seconds,
    text_of,
)

LABEL = "Hermes"
AGENT = "hermes"
JSON_PREFIX = "\x00json:"
_SESSION_COLUMNS = ("id", "parent_session_id", "cwd", "title", "started_at", "ended_at")
_MESSAGE_COLUMNS = ("role", "content", "tool_name", "tool_calls", "tool_call_id", "timestamp")


def default_source(env: Mapping[str, str] | None = None) -> Path:
    """The user's Hermes session database: ``state.db`` in ``$HERMES_HOME`` (``~/.hermes``)."""
    return hermes_home(env) / "state.db"


def _content(value: object) -> str:
    if isinstance(value, bytes):
        value = value.decode("utf-8", "replace")
    if isinstance(value, str) and value.startswith(JSON_PREFIX):
        try:
            return text_of(json.loads(value[len(JSON_PREFIX) :]))
        except (ValueError, RecursionError):
            return value[len(JSON_PREFIX) :]
    return text_of(value)


def _call_names(tool_calls: str, names: dict[str, str]) -> list[str]:
    """Function names of OpenAI-style tool calls (remembering them by call id)."""
    try:
        calls = json.loads(tool_calls)
    except (ValueError, RecursionError):
        return []
    found: list[str] = []
    for call in calls if isinstance(calls, list) else [calls]:
        if not isinstance(call, dict):
            continue
        function = call.get("function")
        name = function.get("name") if isinstance(function, dict) else call.get("name")
        if isinstance(name, str) and name:
            if name not in found:
                found.append(name)
            if isinstance(call.get("id"), str):
                bounded_put(names, call["id"], name)
    return found


def message_of(row: dict[str, Any], names: dict[str, str]) -> Message:
    """One Hermes message row as a memdir message. Pure; raises :class:`Malformed`."""
    role = row.get("role")
    if not isinstance(role, str) or not role.strip():
        raise Malformed("a message without a role")
    calls = row.get("tool_calls")
    if isinstance(calls, bytes):
        calls = calls.decode("utf-8", "replace")
    if calls is not None and not isinstance(calls, str):
        calls = json.dumps(calls)
    tool = row.get("tool_name") if isinstance(row.get("tool_name"), str) else None
    if calls:
        called = _call_names(calls, names)
        tool = tool or (", ".join(called) or None)
    if tool is None and isinstance(row.get("tool_call_id"), str):
        tool = names.get(row["tool_call_id"])
    return role.strip(), _content(row.get("content")), tool, calls or None


def _open(path: Path) -> sqlite3.Connection:
    """``path`` strictly read-only (``mode=ro``: nothing is written to the database; see
    the module's note on ``-wal`` / ``-shm``)."""
    if not path.is_file():
        why = "is not a regular file" if path.exists() else "does not exist"
        raise MemdirError(
            f"No Hermes session database at {path} (it {why}). Pass --from "
            f"with the path of Hermes's state.db (default $HERMES_HOME/state.db, else "
            f"~/.hermes/state.db)."
        )
    try:
        conn = sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro", uri=True)
        conn.row_factory = sqlite3.Row
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.Error as exc:
        raise _error(path, exc) from None
    return conn


def _error(path: Path, exc: sqlite3.Error) -> MemdirError:
    return MemdirError(
        f"Could not read Hermes sessions from {path}: {exc}. Check that it is "
        f"Hermes's state.db and that it is readable; nothing was written to it."
    )


def _select(conn: sqlite3.Connection, table: str, wanted: tuple[str, ...]) -> str:
    have = {r[1] for r in conn.execute(f"PRAGMA table_info({table})")}
    if not have:
        raise sqlite3.OperationalError(f"no table {table}")
    return ", ".join(c if c in have else f"NULL AS {c}" for c in wanted)


def source_key(message: Message, seen: dict[str, int]) -> str:
    """What identifies ``message`` in its Hermes session whatever its row id: a digest of
    its role, text and tool calls, and how many times ``seen`` met that digest before."""
    role, content, _, calls = message
    digest = hashlib.blake2b(
        f"{role}\0{content}\0{calls or ''}".encode("utf-8", "surrogatepass"), digest_size=10
    ).hexdigest()
    count = seen.get(digest, 0)
    seen[digest] = count + 1
    return f"{digest}:{count}"


def _rows(
    conn: sqlite3.Connection, path: Path, sql: str, session: str, tally: Tally, started: float
) -> Iterator[Any]:
    names: dict[str, str] = {}
    seen: dict[str, int] = {}
    last = started
    polluted = False
    try:
        for row in conn.execute(sql, (session,)):
            tally.lines += 1
            tally.advance(1, step=1000)
            try:
                message = message_of(dict(row), names)
            except Malformed as exc:
                tally.bad(f"{path}: session {session}, message {row['id']}", str(exc))
                continue
            if not polluted and reads_web(message[2]):
                polluted = True
                yield POLLUTED
            last = seconds(row["timestamp"], last)
            yield (*message, last, source_key(message, seen))
    except sqlite3.Error as exc:
        raise _error(path, exc) from None


def sessions(
    source: Path, tally: Tally, mode: str = "enabled"
) -> Iterator[tuple[SessionSpec, Iterator[Any]]]:
    """``(spec, rows)`` for every Hermes session in ``source`` (state.db, or its folder)."""
    path = source / "state.db" if source.is_dir() else source
    conn = _open(path)
    try:
        session_cols = _select(conn, "sessions", _SESSION_COLUMNS)
        message_sql = (
            f"SELECT id, {_select(conn, 'messages', _MESSAGE_COLUMNS)} FROM "
            f"messages WHERE session_id = ? ORDER BY id"
        )
        tally.files += 1
        tally.total = conn.execute("SELECT count(*) FROM messages").fetchone()[0]
        found = conn.execute(f"SELECT {session_cols} FROM sessions ORDER BY started_at, id")
        for s in found:
            sid = str(s["id"])
            cwd = s["cwd"] if isinstance(s["cwd"], str) else None
            started = seconds(s["started_at"], 0.0)
            ended = seconds(s["ended_at"], -1.0)
            parent = s["parent_session_id"]
            title = s["title"] if isinstance(s["title"], str) and s["title"].strip() else None
            spec = SessionSpec(
                f"{AGENT}:{sid}",
                agent=AGENT,
                cwd=cwd,
                scope=scope_of(cwd),
                parent_id=None if parent is None else f"{AGENT}:{parent}",
                title=title,
                started_at=started,
                ended_at=None if ended < 0 else ended,
                memory_mode=mode,
            )
            yield spec, _rows(conn, path, message_sql, s["id"], tally, started)
    except sqlite3.Error as exc:
        raise _error(path, exc) from None
    finally:
        conn.close()
