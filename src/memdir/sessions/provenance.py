"""Where imported messages came from: source keys, removed imports, memory modes only
raised. (docs/design/sessions.md)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .records import MEMORY_MODES
from .rows import Stored, insert_staged

#: How strict a memory mode is; an import only ever raises a session's mode.
MODE_RANK = {mode: rank for rank, mode in enumerate(MEMORY_MODES)}
_RANK_SQL = (
    "CASE memory_mode "  # anything unknown counts as the strictest
    + " ".join(f"WHEN '{mode}' THEN {rank}" for mode, rank in MODE_RANK.items())
    + f" ELSE {len(MODE_RANK) - 1} END"
)
_CHUNK = 500  # keys per IN (…) lookup, well under SQLite's parameter limit

#: One keyed row of a batch: (position in the batch, the stored message, its source key).
Keyed = tuple[int, Stored, str]


def raise_mode(c: sqlite3.Connection, session_id: str, mode: str) -> bool:
    """Set the session's memory mode to ``mode`` if that is stricter than its own
    (``enabled`` < ``disabled`` < ``polluted``); True when it changed."""
    return bool(
        c.execute(
            f"UPDATE sessions SET memory_mode = ? WHERE id = ? AND {_RANK_SQL} < ?",
            (mode, session_id, MODE_RANK[mode]),
        ).rowcount
    )


def save_session(c: sqlite3.Connection, row: Sequence[Any], include_removed: bool) -> str:
    """Create an imported session from its ``sessions`` row (id, parent_id, agent, cwd,
    scope, title, started_at, ended_at, memory_mode, checkout_remote, checkout_commit):
    ``created``; ``present`` when it
    exists (its memory mode raised to the row's if stricter); ``removed`` when the user
    deleted it since an earlier import (created again only with ``include_removed``)."""
    sid = row[0]
    if include_removed:
        c.execute("DELETE FROM removed_imports WHERE session_id = ?", (sid,))
    if c.execute(
        "INSERT OR IGNORE INTO sessions (id, parent_id, agent, cwd, scope, title, "
        "started_at, ended_at, memory_mode, checkout_remote, checkout_commit, imported) "
        "SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1 "
        "WHERE NOT EXISTS (SELECT 1 FROM removed_imports WHERE session_id = ?)",
        (*row, sid),
    ).rowcount:
        return "created"
    if c.execute("SELECT 1 FROM sessions WHERE id = ?", (sid,)).fetchone() is None:
        return "removed"
    if row[8] != "enabled":
        raise_mode(c, sid, row[8])
    return "present"


def rename_session(c: sqlite3.Connection, old: str, new: str) -> bool:
    """Give session ``old`` the id ``new`` (an import that names a session differently
    from an earlier one): its messages, children, candidates, memory writes and extract
    job move with it. When ``new`` exists already it is folded into ``new`` only if
    ``new`` holds no message (else both stay as they are). False when nothing moved."""
    if c.execute("SELECT 1 FROM sessions WHERE id = ?", (old,)).fetchone() is None:
        return False
    if c.execute("SELECT 1 FROM sessions WHERE id = ?", (new,)).fetchone() is not None:
        if c.execute("SELECT 1 FROM messages WHERE session_id = ? LIMIT 1", (new,)).fetchone():
            return False
    else:
        cols = (
            "parent_id, agent, cwd, scope, title, started_at, ended_at, memory_mode, imported, "
            "checkout_remote, checkout_commit"
        )
        c.execute(
            f"INSERT INTO sessions (id, {cols}) SELECT ?, {cols} FROM sessions WHERE id = ?",
            (new, old),
        )
    for table, column in (
        ("messages", "session_id"),
        ("sessions", "parent_id"),
        ("candidates", "session_id"),
        ("memory_writes", "session_id"),
    ):
        c.execute(f"UPDATE {table} SET {column} = ? WHERE {column} = ?", (new, old))
    if c.execute("SELECT 1 FROM jobs WHERE kind = 'extract' AND key = ?", (old,)).fetchone():
        # its extraction's marks go with its messages (kept ids): what was learnt is not
        # learnt again; an empty ``new``'s job has nothing to keep
        c.execute("DELETE FROM jobs WHERE kind = 'extract' AND key = ?", (new,))
        c.execute("UPDATE jobs SET key = ? WHERE kind = 'extract' AND key = ?", (new, old))
    c.execute("DELETE FROM sessions WHERE id = ?", (old,))
    return True


def remember_removed(c: sqlite3.Connection, session_ids: Sequence[str], now: float) -> None:
    """Record which of ``session_ids`` (about to be deleted) a bulk import created, so the
    next import does not bring them back. Call it before deleting them."""
    for i in range(0, len(session_ids), _CHUNK):
        part = list(session_ids[i : i + _CHUNK])
        c.execute(
            f"INSERT OR REPLACE INTO removed_imports (session_id, removed_at) "
            f"SELECT id, ? FROM sessions WHERE imported = 1 AND id IN "
            f"({', '.join('?' * len(part))})",
            (now, *part),
        )


def unkeyed(c: sqlite3.Connection, session_id: str) -> int:
    """How many of the session's messages have no source key (both counts are read from
    indexes alone)."""
    total = c.execute(
        "SELECT count(*) FROM messages WHERE session_id = ?", (session_id,)
    ).fetchone()[0]
    return int(total) - held_keys(c, session_id)


def held_keys(c: sqlite3.Connection, session_id: str) -> int:
    """How many of the session's messages carry a source key."""
    return int(
        c.execute(
            "SELECT count(*) FROM messages WHERE session_id = ? AND source_key IS NOT NULL",
            (session_id,),
        ).fetchone()[0]
    )


@dataclass(slots=True)
class Matched:
    """What :func:`match_keyed` found for one session's rows of a batch."""

    fresh: list[Keyed]  # rows to insert, in order
    legacy: int  # stored rows without a key still unmatched
    diverged: str | None = None  # why the stored history does not match the source


def match_keyed(
    c: sqlite3.Connection, session_id: str, rows: list[Keyed], *, new: bool, legacy: int | None
) -> Matched:
    """Which of one session's keyed ``rows`` are not stored yet. ``new``: the session was
    created in this transaction (nothing to look up); ``legacy``: its unkeyed stored rows
    still unmatched (None: count them). Legacy rows are matched in order to the rows with
    unknown keys and take their keys; nothing is written when one differs."""
    fresh: list[Keyed] = []
    seen: set[str] = set()
    for row in rows:  # the same key twice in one stream: the first one counts
        if row[2] not in seen:
            seen.add(row[2])
            fresh.append(row)
    if new:
        return Matched(fresh, 0)
    if legacy is None:
        legacy = unkeyed(c, session_id)
    present: set[str] = set()
    for i in range(0, len(fresh), _CHUNK):
        part = [key for _, _, key in fresh[i : i + _CHUNK]]
        present.update(
            r[0]
            for r in c.execute(
                f"SELECT source_key FROM messages WHERE session_id = ? AND source_key IN "
                f"({', '.join('?' * len(part))})",
                (session_id, *part),
            )
        )
    fresh = [row for row in fresh if row[2] not in present]
    if legacy and fresh:
        old = c.execute(
            "SELECT id, content FROM messages WHERE session_id = ? AND source_key "
            "IS NULL ORDER BY id LIMIT ?",
            (session_id, min(legacy, len(fresh))),
        ).fetchall()
        for (_, stored, _), (_, content) in zip(fresh, old, strict=False):
            if content != stored[1]:
                return Matched(
                    [],
                    legacy,
                    "a message memdir imported earlier differs from "
                    "the source's message in its place",
                )
        c.executemany(
            "UPDATE messages SET source_key = ?, role = ? WHERE id = ?",
            [(key, stored[0], mid) for (_, stored, key), (mid, _) in zip(fresh, old, strict=False)],
        )
        legacy -= len(old)
        fresh = fresh[len(old) :]
    return Matched(fresh, legacy)


def finished(c: sqlite3.Connection, session_id: str, seen: int) -> tuple[str | None, int]:
    """Once a session's whole source (``seen`` keyed rows) is imported: why its stored
    history diverges from the source (legacy rows no source row matched), or None; and how
    many keyed messages memdir holds that the source no longer has (it was rewritten)."""
    legacy = unkeyed(c, session_id)
    if legacy:
        return (f"memdir holds {legacy} messages imported earlier that the source does not have"), 0
    return None, max(0, held_keys(c, session_id) - seen)


def insert_keyed(c: sqlite3.Connection, values: Iterable[tuple[Any, ...]]) -> None:
    """Insert ``(session_id, role, content, tool_name, tool_calls, timestamp, source_key)``
    rows in order, with one statement (one index segment) for all of them."""
    insert_staged(
        c, "session_id, role, content, tool_name, tool_calls, timestamp, source_key", values
    )
