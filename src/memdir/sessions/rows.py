"""What a logged message may hold, checked one way for ``log``, ``log_many`` and bulk
imports, and how a batch of them is written (:func:`insert_staged`).
See docs/design/sessions.md."""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Iterable
from typing import Any

from ..core.errors import ValidationError
from .records import FIRST_TIME as _FIRST
from .records import LAST_TIME as _LAST
from .records import to_epoch

_SURROGATE = re.compile("[\ud800-\udfff]")
TITLE_CHARS = 80  # a title taken from a session's first user message

#: One message as it is stored: (role, content, tool_name, tool_calls JSON, UNIX seconds).
Stored = tuple[str, str, str | None, str | None, float]


def text(value: object, name: str) -> str:
    """``value`` as a storable string; lone surrogates (from a bad decode upstream) become
    U+FFFD rather than failing the write."""
    if type(value) is not str:
        if not isinstance(value, str):
            raise ValidationError(
                f"{name} must be a string, not {type(value).__name__}", field=name
            )
        value = str(value)
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:  # encode(errors="replace") would give "?", a real character
        value = _SURROGATE.sub("\ufffd", value)
    return value


def calls(tool_calls: object) -> str | None:
    """Tool calls as stored: a string as given, anything else as JSON."""
    if tool_calls is None:
        return None
    if isinstance(tool_calls, str):
        return text(tool_calls, "tool_calls")
    try:
        return json.dumps(tool_calls, ensure_ascii=False, default=str)
    except (TypeError, ValueError) as exc:
        raise ValidationError(
            f"tool_calls must be JSON-serialisable ({exc})", field="tool_calls"
        ) from None


def message(row: Any, now: float) -> Stored:
    """A ``(role, content, tool_name, tool_calls, timestamp)`` row, checked; ``None`` for
    the timestamp means ``now``. An empty role is ``user``, as :meth:`log` takes it."""
    if not isinstance(row, tuple | list) or len(row) != 5:
        size = f"{len(row)} values" if isinstance(row, tuple | list) else type(row).__name__
        raise ValidationError(
            f"a message row is (role, content, tool_name, tool_calls, timestamp), not {size}",
            field="row",
        )
    role, content, tool_name, tool_calls, timestamp = row
    if type(timestamp) is not float or not _FIRST <= timestamp <= _LAST:  # the usual case
        timestamp = now if timestamp is None else to_epoch(timestamp, "timestamp")
    return (
        text(role, "role").strip() or "user",
        content if type(content) is str and content.isascii() else text(content, "content"),
        None if tool_name is None else text(tool_name, "tool_name"),
        None if tool_calls is None else calls(tool_calls),
        timestamp,
    )


def title(role: str, content: str) -> str | None:
    """The title a message gives a session that has none: a user message that is not
    blank, its whitespace folded, cut to :data:`TITLE_CHARS`; else None."""
    if role != "user" or not content.strip():
        return None
    return " ".join(content.split())[:TITLE_CHARS]


def insert_staged(c: sqlite3.Connection, columns: str, values: Iterable[tuple[Any, ...]]) -> None:
    """Insert ``values`` into ``messages`` (``columns``: its column names, comma-separated,
    in the order of each tuple) in order, with one ``INSERT … SELECT`` from a temp staging
    table: one FTS5 segment a batch (docs/design/sessions.md, ``memdir.sessions.bulk``)."""
    n = columns.count(",") + 1
    if not isinstance(c, sqlite3.Connection):  # no FTS5 segments elsewhere: plain inserts
        c.executemany(f"INSERT INTO messages ({columns}) VALUES ({', '.join('?' * n)})", values)
        return
    stage = f"temp.memdir_stage{n}"  # columns are untyped and taken by position
    c.execute(
        f"CREATE TEMP TABLE IF NOT EXISTS memdir_stage{n} ({', '.join(f'c{i}' for i in range(n))})"
    )
    c.execute(f"DELETE FROM {stage}")
    c.executemany(f"INSERT INTO {stage} VALUES ({', '.join('?' * n)})", values)
    c.execute(f"INSERT INTO messages ({columns}) SELECT * FROM {stage} ORDER BY rowid")
    c.execute(f"DELETE FROM {stage}")
