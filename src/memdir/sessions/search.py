"""Session search around the ranking: filters, session trees, snippets and windows.
See docs/design/sessions.md."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from ..core.errors import ValidationError
from ..core.printable import boundary
from .analyzer import folded
from .query import Query
from .rank import MESSAGES, Folder, Ranked, Ranker
from .records import (
    MEMORY_MODES,
    Message,
    MessageHit,
    SessionHit,
    calls_text,
    json_or_text,
    to_datetime,
    to_epoch,
)

SNIPPET_CHARS = 200
MAX_DEPTH = 64  # session trees deeper than this are treated as cut (guards against cycles)
Time = datetime | date | float | int | str


@dataclass(frozen=True)
class Filters:
    """Which messages a search may return. Empty fields do not filter."""

    role: str | None = None
    agent: str | None = None
    scope: str | None = None
    since: float | None = None
    until: float | None = None
    exclude: tuple[str, ...] = ()
    memory_modes: tuple[str, ...] = ()

    @classmethod
    def build(
        cls,
        *,
        role: str | None = None,
        agent: str | None = None,
        scope: str | None = None,
        since: Time | None = None,
        until: Time | None = None,
        exclude: Iterable[str] = (),
        memory_modes: Iterable[str] = (),
    ) -> Filters:
        """Validated filters: ``since``/``until`` take datetimes, dates, ISO strings or
        UNIX seconds (``until`` is exclusive); ``exclude`` lists session ids to leave
        out; ``memory_modes`` keeps only sessions in those modes."""
        for name, value in (("role", role), ("agent", agent), ("scope", scope)):
            if value is not None and not isinstance(value, str):
                raise ValidationError(f"{name} must be a string", field=name)
        modes = tuple(memory_modes)
        bad = [m for m in modes if m not in MEMORY_MODES]
        if bad:
            raise ValidationError(
                f"unknown memory mode {bad[0]!r}; use one of {', '.join(MEMORY_MODES)}",
                field="memory_modes",
            )
        return cls(
            role,
            agent,
            scope,
            None if since is None else to_epoch(since, "since"),
            None if until is None else to_epoch(until, "until"),
            tuple(exclude),
            modes,
        )

    def sql(self) -> tuple[str, list[Any]]:
        """An SQL condition over ``messages`` (alias ``c``) and its parameters."""
        where: list[str] = []
        params: list[Any] = []
        if self.role is not None:
            where.append("c.role = ?")
            params.append(self.role)
        if self.since is not None:
            where.append("c.timestamp >= ?")
            params.append(self.since)
        if self.until is not None:
            where.append("c.timestamp < ?")
            params.append(self.until)
        if self.exclude:
            where.append(f"c.session_id NOT IN ({', '.join('?' * len(self.exclude))})")
            params.extend(self.exclude)
        inner: list[str] = []
        for column, value in (("agent", self.agent), ("scope", self.scope)):
            if value is not None:
                inner.append(f"{column} = ?")
                params.append(value)
        if self.memory_modes:
            inner.append(f"memory_mode IN ({', '.join('?' * len(self.memory_modes))})")
            params.extend(self.memory_modes)
        if inner:
            where.append(f"c.session_id IN (SELECT id FROM sessions WHERE {' AND '.join(inner)})")
        return " AND ".join(where) or "1", params


def snippet(text: str, query: Query, width: int = SNIPPET_CHARS) -> str:
    """About ``width`` characters of ``text`` around the first place the longest query
    term found appears (the start when none does), on one line, with ``…`` where it was
    cut. Terms are looked for as the index reads the text: ｐｇ is found as pg."""
    flat = " ".join(text.split())
    if len(flat) <= width:
        return flat
    seen, where = folded(flat)
    found = [(-len(h), i) for h in query.highlights() if (i := seen.find(h.casefold())) >= 0]
    at = where(min(found)[1])[0] if found else 0  # the longest term: not a CJK character's
    start = boundary(flat, max(0, min(at - width // 3, len(flat) - width)))
    end = boundary(flat, start + width)  # no mark cut from its letter at either end
    return ("…" if start else "") + flat[start:end] + ("…" if end < len(flat) else "")


def _shown(row: sqlite3.Row) -> str:
    """A message's text to show in a hit: content, then its tool calls as a person reads
    them (the indexes see the calls' JSON as logged), or else its tool's name."""
    calls = row["tool_calls"]
    shown = calls_text(json_or_text(calls), row["tool_name"]) if calls else row["tool_name"]
    return " ".join(p for p in (row["content"], shown) if p)


def roots(conn: sqlite3.Connection, session_ids: Iterable[str]) -> dict[str, str]:
    """The root of each session's tree (a session whose parent is unknown is a root)."""
    result: dict[str, str] = {}
    current = {sid: sid for sid in session_ids}  # start → the ancestor reached so far
    below: dict[str, str] = {}  # start → the logged session ``current`` was reached from
    for _ in range(MAX_DEPTH):
        if not current:
            break
        ids = sorted(set(current.values()))
        parents: dict[str, str | None] = {}
        for chunk in range(0, len(ids), 500):
            part = ids[chunk : chunk + 500]
            rows = conn.execute(
                f"SELECT id, parent_id FROM sessions WHERE id IN ({', '.join('?' * len(part))})",
                part,
            )
            parents.update({row[0]: row[1] for row in rows})
        following = {}
        for start, at in current.items():
            if at not in parents and at != start:  # a parent never logged: stop below it
                result[start] = below[start]
                continue
            parent = parents.get(at)
            if parent is None or parent == at:
                result[start] = at
            else:
                following[start] = parent
                below[start] = at
        current = following
    result.update(current)
    return result


def tree(conn: sqlite3.Connection, session_id: str) -> set[str]:
    """Every session in ``session_id``'s tree: its root and all the root's descendants."""
    root = roots(conn, [session_id])[session_id]
    rows = conn.execute(
        "WITH RECURSIVE down(id, depth) AS (SELECT ?, 0 UNION SELECT s.id, down.depth + 1 "
        "FROM sessions s JOIN down ON s.parent_id = down.id WHERE down.depth < ?) "
        "SELECT id FROM down",
        (root, MAX_DEPTH),
    )
    return {row[0] for row in rows} | {session_id}


#: A message's columns (not the PostgreSQL search vector beside them).
COLUMNS = "id, session_id, role, content, tool_name, tool_calls, timestamp"


def around(conn: sqlite3.Connection, message_id: int, window: int) -> list[Message]:
    """Message ``message_id`` with up to ``window`` messages of its session either side."""
    return arounds(conn, [(message_id, None)], window)[message_id]


def arounds(
    conn: sqlite3.Connection, hits: Sequence[tuple[int, str | None]], window: int
) -> dict[int, list[Message]]:
    """:func:`around` of each ``(message id, its session or None: look it up)``, in one
    statement (each window an index range of its session), message id → window."""
    return {mid: _messages(rows) for mid, rows in _window_rows(conn, hits, window).items()}


def _messages(rows: Iterable[Any]) -> list[Message]:
    return sorted((Message.from_row(row) for row in rows), key=lambda m: m.id)


def _window_rows(
    conn: sqlite3.Connection, hits: Sequence[tuple[int, str | None]], window: int
) -> dict[int, list[Any]]:
    out: dict[int, list[Any]] = {mid: [] for mid, _ in hits}
    if not hits:
        return out
    if not isinstance(conn, sqlite3.Connection):  # PostgreSQL: one statement of one shape
        for k, row in conn.fts.arounds(COLUMNS, hits, window):
            out[hits[k][0]].append(row)
        return out
    for chunk in range(0, len(hits), 100):
        parts: list[str] = []
        params: list[Any] = []
        for k, (mid, sid) in enumerate(hits[chunk : chunk + 100]):
            of = "?" if sid is not None else "(SELECT session_id FROM messages WHERE id = ?)"
            ref = sid if sid is not None else mid
            parts += [
                f"SELECT {k} AS k, * FROM (SELECT {COLUMNS} FROM messages WHERE session_id = "
                f"{of} AND id < ? ORDER BY id DESC LIMIT ?) AS b{k}",
                f"SELECT {k} AS k, {COLUMNS} FROM messages WHERE id = ?",
                f"SELECT {k} AS k, * FROM (SELECT {COLUMNS} FROM messages WHERE session_id = "
                f"{of} AND id > ? ORDER BY id LIMIT ?) AS a{k}",
            ]
            params += [ref, mid, window, mid, ref, mid, window]
        keys = [mid for mid, _ in hits[chunk : chunk + 100]]
        for row in conn.execute(" UNION ALL ".join(parts), params):
            out[keys[row[0]]].append(row)
    return out


def hit_rows(
    conn: sqlite3.Connection, ids: Sequence[int], limit: int, window: int
) -> tuple[dict[int, Any], dict[int, list[Any]]]:
    """For a grouped search: each of ``ids`` (ranked) → its session's id, parent, agent
    and title (no text), and windows' rows read ahead (hit id → rows) — on PostgreSQL, in
    the same statement, those of the first ``limit`` sessions' best messages
    (:meth:`memdir.pg.fts.Fts.hits`); on SQLite none ahead."""
    rows: dict[int, Any] = {}
    ahead: dict[int, list[Any]] = {}
    if not isinstance(conn, sqlite3.Connection):
        for row in conn.fts.hits(ids, limit, window):
            if row["kind"]:
                ahead.setdefault(ids[row["k"] - 1], []).append(row)
            else:
                rows[row["id"]] = row
        return rows, ahead
    return _rows(conn, ids, "m.id, m.session_id, s.parent_id, s.agent, s.title"), ahead  # no text


_FULL = (
    "m.id, m.session_id, m.role, m.content, m.tool_name, m.tool_calls, m.timestamp, "
    "s.agent, s.title, s.parent_id"
)


def _rows(
    conn: sqlite3.Connection, ids: Sequence[int], columns: str = _FULL
) -> dict[int, sqlite3.Row]:
    out: dict[int, sqlite3.Row] = {}
    for chunk in range(0, len(ids), 500):
        part = list(ids[chunk : chunk + 500])
        sql = (
            f"SELECT {columns} FROM messages m JOIN sessions s "
            f"ON s.id = m.session_id WHERE m.id IN ({', '.join('?' * len(part))})"
        )
        out.update({row["id"]: row for row in conn.execute(sql, part)})
    return out


def search_messages(
    conn: sqlite3.Connection,
    query: Query,
    filters: Filters,
    limit: int,
    ranker: Ranker,
    now: datetime | None = None,
) -> list[MessageHit]:
    """Matching messages, best first (``now``: what "last week" is relative to)."""
    where, params = filters.sql()
    ranked = ranker(conn, MESSAGES, query, where=where, params=params, limit=limit, now=now)
    rows = _rows(conn, [r.rowid for r in ranked])
    return [
        MessageHit(
            r.rowid,
            rows[r.rowid]["session_id"],
            r.score,
            rows[r.rowid]["role"],
            to_datetime(rows[r.rowid]["timestamp"]),
            snippet(_shown(rows[r.rowid]), query),
        )
        for r in ranked
        if r.rowid in rows
    ]


def search_sessions(
    conn: sqlite3.Connection,
    query: Query,
    filters: Filters,
    limit: int,
    window: int,
    ranker: Ranker,
    folder: Folder,
    now: datetime | None = None,
) -> list[SessionHit]:
    """Matching root sessions, best first, each with its best message in context."""
    where, params = filters.sql()
    wanted = limit * 5 + 20
    while True:
        ranked: list[Ranked] = ranker(
            conn, MESSAGES, query, where=where, params=params, limit=wanted, now=now
        )
        rows, ahead = hit_rows(conn, [r.rowid for r in ranked], limit, window)
        ranked = [r for r in ranked if r.rowid in rows]
        parentless = {r["session_id"] for r in rows.values() if r["parent_id"] is None}
        sessions = {r["session_id"] for r in rows.values()} - parentless
        root_of_session = roots(conn, sessions) | {sid: sid for sid in parentless}
        root_of = {mid: root_of_session[row["session_id"]] for mid, row in rows.items()}
        groups = folder(ranked, root_of)
        if len(groups) >= limit or len(ranked) < wanted or wanted >= 5000:
            break
        wanted *= 4  # one long session took most candidates: look further down
    best_ids = [(members[0].rowid, rows[members[0].rowid]["session_id"]) for _, members in groups]
    ahead.update(_window_rows(conn, [b for b in best_ids[:limit] if b[0] not in ahead], window))
    hits = []
    for root, members in groups[:limit]:
        mid = members[0].rowid
        best = next((row for row in ahead[mid] if row["id"] == mid), None)
        if best is None:  # SQLite outside a snapshot: deleted since it was ranked
            continue
        hits.append(
            SessionHit(
                session_id=root,
                message_id=mid,
                snippet=snippet(_shown(best), query),
                score=members[0].score,
                timestamp=to_datetime(best["timestamp"]),
                context=_messages(ahead[mid]),
                matched_session_id=best["session_id"],
                role=best["role"],
                agent=rows[mid]["agent"],
                title=rows[mid]["title"],
                matches=len(members),
            )
        )
    return hits
