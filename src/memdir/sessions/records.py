"""What the session store hands back: sessions, messages and search hits.
See docs/design/sessions.md."""

from __future__ import annotations

import json
import math
import sqlite3
from dataclasses import dataclass, field, fields
from datetime import UTC, date, datetime
from typing import Any

from ..core.errors import ValidationError
from ..core.model import ROLES as ROLES

MEMORY_MODES = ("enabled", "disabled", "polluted")
FIRST_TIME = datetime(1, 1, 2, tzinfo=UTC).timestamp()  # the range a stored time may take
LAST_TIME = datetime(9999, 12, 30, tzinfo=UTC).timestamp()


def check_mode(mode: object) -> None:
    """A ValidationError unless ``mode`` is one of :data:`MEMORY_MODES`."""
    if mode not in MEMORY_MODES:
        modes = ", ".join(MEMORY_MODES)
        raise ValidationError(f"memory_mode must be one of {modes}", field="memory_mode")


def to_epoch(value: datetime | date | float | int | str, field_name: str = "time") -> float:
    """UNIX seconds from a datetime (naive means UTC), a date, a number or an ISO 8601
    string, between the years 1 and 9999; anything else is a
    :class:`~memdir.ValidationError`."""
    if isinstance(value, bool):
        raise ValidationError(f"{field_name} must be a time, not a boolean", field=field_name)
    original = value
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
        except ValueError:
            raise ValidationError(
                f"{field_name} {value!r} is not a date or time; use ISO "
                f"8601 such as 2026-11-29 or 2026-11-29T21:40:00Z",
                field=field_name,
            ) from None
    if isinstance(value, int | float):
        try:
            seconds = float(value)
        except OverflowError:  # a JSON integer of hundreds of digits: out of range below
            seconds = math.inf
    elif isinstance(value, datetime):
        seconds = (value if value.tzinfo else value.replace(tzinfo=UTC)).timestamp()
    elif isinstance(value, date):
        seconds = datetime(value.year, value.month, value.day, tzinfo=UTC).timestamp()
    else:
        raise ValidationError(
            f"{field_name} must be a datetime, date, ISO string or UNIX "
            f"seconds, not {type(value).__name__}",
            field=field_name,
        )
    if not FIRST_TIME <= seconds <= LAST_TIME:  # also NaN and infinities
        raise ValidationError(
            f"{field_name} {original!r} is not a time between the years 1 and 9999",
            field=field_name,
        )
    return seconds


def to_datetime(seconds: float) -> datetime:
    """A stored time as an aware UTC datetime."""
    return datetime.fromtimestamp(seconds, UTC)


def iso(value: datetime | None) -> str | None:
    """``2026-11-29T21:40:00Z`` (whole seconds), or None."""
    return None if value is None else value.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def row_fields(cls: type, row: sqlite3.Row, times: tuple[str, ...]) -> dict[str, Any]:
    """The fields of dataclass ``cls`` that ``row`` has, by column name; the ``times``
    columns read as datetimes (NULL stays None)."""
    keys = row.keys()
    out = {f.name: row[f.name] for f in fields(cls) if f.name in keys}
    for name in times:
        out[name] = None if out[name] is None else to_datetime(out[name])
    return out


def _as_dict(obj: object) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for f in fields(obj):  # type: ignore[arg-type]
        value = getattr(obj, f.name)
        if isinstance(value, datetime):
            value = iso(value)
        elif isinstance(value, list | tuple):
            value = [v.to_dict() if hasattr(v, "to_dict") else v for v in value]
        out[f.name] = value
    return out


@dataclass(frozen=True)
class SessionInfo:
    """One session: who ran it, where, when, and whether extraction may learn from it
    (``memory_mode``: ``enabled``, ``disabled``, or ``polluted`` when it read web or
    third-party content)."""

    id: str
    parent_id: str | None
    agent: str
    cwd: str | None
    scope: str | None
    title: str | None
    started_at: datetime
    ended_at: datetime | None
    memory_mode: str
    messages: int = 0

    @classmethod
    def from_row(cls, row: sqlite3.Row) -> SessionInfo:
        """Build from a ``sessions`` row (plus an optional ``messages`` count)."""
        return cls(**row_fields(cls, row, ("started_at", "ended_at")))

    def to_dict(self) -> dict[str, Any]:
        """JSON-serialisable form."""
        return _as_dict(self)


def json_or_text(value: Any) -> Any:
    """``value`` decoded when it is text holding JSON (logged tool calls, a tool call's
    arguments); anything else, text that is not JSON included, as it is."""
    try:
        return json.loads(value) if isinstance(value, str) else value
    except (ValueError, RecursionError):
        return value


#: What a bare tool-call object holds besides its input (ids and kinds: not shown).
_CALL_KEYS = ("id", "call_id", "type", "index")
#: Where a harness puts a call's input: Claude Code, Codex and OpenAI (under "function").
_INPUT_KEYS = ("input", "arguments", "args", "parameters", "action")


def _nested_input(call: dict[str, Any], function: dict[str, Any]) -> tuple[bool, Any]:
    """Where ``call`` nests its input, decoded: ``(True, input)``; ``(False, None)`` for a
    bare input (``{"cmd": "ls"}``, ``{"action": "navigate", "url": …}``), whose
    ``action`` is one of its fields. A key of :data:`_INPUT_KEYS` nests the input when its
    value is a mapping or a list (JSON text of one: OpenAI's and Codex's ``arguments``),
    when it is under ``function`` (OpenAI's envelope), or when the call holds nothing else
    beside its tool's name and ids (a Codex custom tool's text input: a patch)."""
    if function:
        key = next((k for k in _INPUT_KEYS if k in function), None)
        if key is not None:
            return True, json_or_text(function[key])
    others = [k for k in call if k not in ("name", "function", *_CALL_KEYS)]
    for key in _INPUT_KEYS:
        if key in call:
            value = json_or_text(call[key])
            if isinstance(value, dict | list) or others == [key]:
                return True, value
    return False, None


def calls_text(calls: Any, tool_name: str | None = None) -> str:
    """Logged tool calls as a person reads them: each call's tool and the values of its
    input (``Task(subagent_type: Explore, description: Survey the …)``), without call ids
    or JSON punctuation; a long text repeated in one call (a Task's description and
    prompt) is shown once. Only for showing: the search indexes keep the JSON as logged."""
    out = []
    for call in calls if isinstance(calls, list) else [calls]:
        if not isinstance(call, dict):
            out.append(_shown_value(call, set()))
            continue
        function: dict[str, Any] = (
            call["function"] if isinstance(call.get("function"), dict) else {}
        )
        name = call.get("name") or function.get("name")
        nested, given = _nested_input(call, function)
        if not nested:  # a bare input: the message names the tool, and a "name" beside
            # it is one of its fields (a memory tool's entry name), unless it is the tool's
            name = tool_name or name
            given = {
                k: v
                for k, v in call.items()
                if k not in _CALL_KEYS and not (k == "name" and v == name)
            }
        shown = _shown_value(given, set())
        out.append(f"{name}({shown})" if name else shown)
    return "; ".join(part for part in out if part)


#: How deep :func:`calls_text` shows a call's input (a model's arguments may nest deeper
#: than Python's recursion limit allows to walk): deeper values are shown as "…".
_SHOWN_DEPTH = 16


def _shown_value(value: Any, seen: set[str], depth: int = 0) -> str:
    if isinstance(value, dict | list) and depth >= _SHOWN_DEPTH:
        return "…"
    if isinstance(value, dict):
        parts = [(k, _shown_value(v, seen, depth + 1)) for k, v in value.items()]
        return ", ".join(f"{k}: {v}" for k, v in parts if v)
    if isinstance(value, list):
        return ", ".join(p for p in (_shown_value(v, seen, depth + 1) for v in value) if p)
    if value is None:
        return ""
    if not isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if len(value) >= 20 and value in seen:  # a Task's prompt that repeats its description
        return ""
    seen.add(value)
    return value


@dataclass(frozen=True)
class Message:
    """One logged message. ``tool_calls`` is the decoded JSON that was logged."""

    id: int
    session_id: str
    role: str
    content: str
    tool_name: str | None
    tool_calls: Any
    timestamp: datetime

    @classmethod
    def from_row(cls, row: sqlite3.Row) -> Message:
        """Build from a ``messages`` row."""
        out = row_fields(cls, row, ("timestamp",))
        out["tool_calls"] = json_or_text(out["tool_calls"])
        return cls(**out)

    def to_dict(self) -> dict[str, Any]:
        """JSON-serialisable form."""
        return _as_dict(self)


@dataclass(frozen=True)
class MessageHit:
    """One matching message, as :meth:`SessionStore.search_messages` ranks them."""

    message_id: int
    session_id: str
    score: float
    role: str
    timestamp: datetime
    snippet: str

    def to_dict(self) -> dict[str, Any]:
        """JSON-serialisable form."""
        return _as_dict(self)


@dataclass(frozen=True)
class SessionHit:
    """One root session that matches: its best message and that message's neighbours.

    ``session_id`` is the root of the session tree (child sessions fold into it);
    ``matched_session_id`` is the session the best message was logged in. ``context`` is
    the matched message with up to ``window`` messages either side, in order.
    """

    session_id: str
    message_id: int
    snippet: str
    score: float
    timestamp: datetime
    context: list[Message] = field(default_factory=list)
    matched_session_id: str = ""
    role: str = ""
    agent: str = ""
    title: str | None = None
    matches: int = 1

    def to_dict(self) -> dict[str, Any]:
        """JSON-serialisable form."""
        return _as_dict(self)
