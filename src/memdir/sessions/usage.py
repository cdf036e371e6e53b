"""The pipeline's rows in state.db: tombstones, usage counters, agent-write marks.
See docs/design/sessions.md."""

from __future__ import annotations

import contextlib
import contextvars
import hashlib
import json
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from ..core.changes import Change
from ..core.model import normalise, utcnow
from ..pipeline.answers import Candidate
from . import Database
from .records import row_fields, to_datetime

_QUIET: contextvars.ContextVar[bool] = contextvars.ContextVar("memdir_quiet", default=False)


@contextlib.contextmanager
def quietly() -> Iterator[None]:
    """Removals inside this block leave no tombstone (archiving for disuse is not
    forgetting: the fact may come back)."""
    token = _QUIET.set(True)
    try:
        yield
    finally:
        _QUIET.reset(token)


def content_hash(body: str) -> str:
    """Hash of an entry body, whitespace- and case-insensitive."""
    return hashlib.blake2b(normalise(body).encode("utf-8", "replace"), digest_size=16).hexdigest()


@dataclass(frozen=True)
class Tombstone:
    """A fact that was removed or superseded."""

    location: str
    entry_id: str
    kind: str  # removed | superseded
    content_hash: str
    name_key: str
    origins: tuple[str, ...]
    created_at: datetime


def _tombstone(row: Any) -> Tombstone:
    out = row_fields(Tombstone, row, ("created_at",))
    return Tombstone(**{**out, "origins": tuple(json.loads(out["origins"]))})


#: A tombstone row's columns, in the order :meth:`Tombstones.rows` gives them.
COLUMNS = ("location", "entry_id", "kind", "content_hash", "name_key", "origins", "created_at")
_INSERT = f"INSERT INTO tombstones ({', '.join(COLUMNS)}) VALUES ({', '.join('?' * len(COLUMNS))})"


def _row(location: str, entry_id: str, kind: str, name: str, body: str,
         origins: Iterable[str], now: float) -> tuple[Any, ...]:  # fmt: skip
    return (location, entry_id, kind, content_hash(body), normalise(name),
            json.dumps(list(origins)), now)  # fmt: skip


class Tombstones:
    """Tombstones of forgotten facts, and the marks of agent-written turns."""

    def __init__(self, db: Database, *, clock: Callable[[], datetime] = utcnow) -> None:
        self.db = db
        self.clock = clock

    def record(self, location: str, changes: Sequence[Change]) -> int:
        """Write a tombstone for every removed or superseded entry among ``changes``."""
        rows = self.rows(location, changes)
        if rows:
            self.db.write(lambda c: c.executemany(_INSERT, rows), action="record a tombstone")
        return len(rows)

    def rows(self, location: str, changes: Sequence[Change]) -> list[tuple[Any, ...]]:
        """The rows (:data:`COLUMNS`) :meth:`record` writes for ``changes`` (none inside
        :func:`quietly`)."""
        if _QUIET.get():
            return []
        rows = []
        now = self.clock().timestamp()
        for change in changes:
            old = change.previous
            if change.action not in ("remove", "supersede") or old is None:
                continue
            kind = "removed" if change.action == "remove" else "superseded"
            rows.append(_row(location, old.id, kind, old.name, old.body, old.origins, now))
        return rows

    def unrecord(self, location: str, changes: Sequence[Change]) -> None:
        """Drop the newest tombstone :meth:`record` left for each of ``changes`` (a
        removal that was put back forgets nothing)."""
        rows = [
            (location, c.previous.id, "removed" if c.action == "remove" else "superseded",
             content_hash(c.previous.body))
            for c in changes
            if c.action in ("remove", "supersede") and c.previous is not None
        ]  # fmt: skip
        if rows:
            self.db.write(
                lambda c: c.executemany(
                    "DELETE FROM tombstones WHERE id = (SELECT max(id) FROM tombstones WHERE "
                    "location = ? AND entry_id = ? AND kind = ? AND content_hash = ?)",
                    rows,
                ),
                action="drop a tombstone",
            )

    def reject(
        self, location: str, entry_id: str, name: str, body: str, origins: Sequence[str]
    ) -> None:
        """Record a write the user rejected (approval mode): extraction never proposes
        that text or name again from the sessions it had."""
        row = _row(location, entry_id, "rejected", name, body, origins, self.clock().timestamp())
        self.db.write(lambda c: c.execute(_INSERT, row), action="record a rejected write")

    def matching(self, candidate: Candidate, evidence_time: datetime) -> Tombstone | None:
        """The tombstone that forbids ``candidate`` (evidence no newer than it), if any: the
        same text or name as a forgotten fact, or evidence from a session one of whose
        facts the user removed (superseding a fact does not discredit its session)."""
        args: list[Any] = [evidence_time.timestamp(), content_hash(candidate.body)]
        args.append(normalise(candidate.name))
        discredited = ""
        if candidate.session_id:
            # the origin as the JSON list of origins holds it (json.dumps, as _row writes
            # it: non-ASCII, control characters and quotes escaped), found as it is: instr,
            # not LIKE (whose % and _ match other ids; it ignores ASCII case on SQLite)
            # at an element's start, after "[" or ", ": inside another origin a quote is
            # escaped, so its JSON ('"session:x\\", \\"session:y"') holds no '[' or ', ' + '"'
            discredited = (
                " OR (kind = 'removed' AND (instr(origins, ?) > 0 OR instr(origins, ?) > 0))"
            )
            encoded = json.dumps(f"session:{candidate.session_id}")
            args += [f"[{encoded}", f", {encoded}"]
        sql = (
            "SELECT * FROM tombstones WHERE created_at >= ? AND (content_hash = ? OR "
            f"name_key = ?{discredited}) ORDER BY id DESC LIMIT 1"
        )
        row = self.db.read(lambda c: c.execute(sql, args).fetchone())
        return None if row is None else _tombstone(row)

    def forgotten(self, location: str, body: str, name: str) -> Tombstone | None:
        """The latest tombstone in ``location`` of an entry the user removed with this
        text or name, or superseded with this text: an import must not bring it back."""
        row = self.db.read(
            lambda c: c.execute(
                "SELECT * FROM tombstones WHERE location = ? AND (content_hash = ? OR "
                "(kind = 'removed' AND name_key = ?)) ORDER BY id DESC LIMIT 1",
                (location, content_hash(body), normalise(name)),
            ).fetchone()
        )
        return None if row is None else _tombstone(row)

    def count(self) -> int:
        """How many tombstones exist."""
        return int(
            self.db.read(lambda c: c.execute("SELECT count(*) FROM tombstones").fetchone()[0])
        )

    def mark_write(self, session_id: str) -> None:
        """The live agent wrote memory in the session's current turn: extraction skips
        the turn holding the session's latest message."""
        self.db.write(
            lambda c: c.execute(
                "INSERT OR IGNORE INTO memory_writes (session_id, message_id) SELECT ?, "
                "coalesce(max(id), 0) FROM messages WHERE session_id = ?",
                (session_id, session_id),
            ),
            action="mark a memory write",
            serialise=False,  # one idempotent insert: no queue behind log and index writes
        )

    def marks(self, session_id: str) -> set[int]:
        """Message ids whose turns the live agent wrote memory in."""
        return set(
            self.db.read(
                lambda c: [
                    r[0]
                    for r in c.execute(
                        "SELECT message_id FROM memory_writes WHERE session_id = ?", (session_id,)
                    )
                ]
            )
        )


_CITATION = re.compile(
    r"<(memory-citation|oai-mem-citation)\b[^>]*>(?P<body>.*?)</\1>", re.S | re.I
)
_TOKEN = re.compile(r"[\w.-]+")


def parse_citations(text: str) -> list[str]:
    """Tokens named in ``<memory-citation>`` and Codex ``<oai-mem-citation>`` blocks: entry
    ids, file names (``feedback_x.md``, ``path/feedback_x.md:3-5``) reduced to ids."""
    found: list[str] = []
    for block in _CITATION.finditer(text):
        for token in _TOKEN.findall(block.group("body")):
            token = token.removesuffix(".md")
            if token and token not in found:
                found.append(token)
    return found


class Usage:
    """``usage_count`` and ``last_used`` per entry, by ``(state_key(store), entry id)``."""

    def __init__(self, db: Database, *, clock: Callable[[], datetime] = utcnow) -> None:
        self.db = db
        self.clock = clock

    def bump(self, pairs: Iterable[tuple[str, str]]) -> int:
        """Count one use of each ``(location, entry_id)``."""
        now = self.clock().timestamp()
        rows = list(dict.fromkeys(pairs))
        if rows:
            self.db.write(
                lambda c: c.executemany(
                    "INSERT INTO usage (location, entry_id, usage_count, last_used) VALUES "
                    "(?, ?, 1, ?) ON CONFLICT (location, entry_id) DO UPDATE SET usage_count = "
                    "usage.usage_count + 1, last_used = max(usage.last_used, excluded.last_used)",
                    [(loc, eid, now) for loc, eid in rows],
                ),
                action="count a memory use",
            )
        return len(rows)

    def get(self, location: str, entry_id: str) -> tuple[int, datetime | None]:
        """``(usage_count, last_used)`` of one entry."""
        row = self.db.read(
            lambda c: c.execute(
                "SELECT usage_count, last_used FROM usage WHERE location = ? AND entry_id = ?",
                (location, entry_id),
            ).fetchone()
        )
        return (0, None) if row is None else (row[0], to_datetime(row[1]))

    def counts(
        self, locations: Sequence[str]
    ) -> dict[tuple[str, str], tuple[int, datetime | None]]:
        """``(usage_count, last_used)`` of every counted entry in the scope folders
        ``locations``, by ``(location, entry_id)``."""
        if not locations:
            return {}
        marks = ", ".join("?" * len(locations))
        rows = self.db.read(
            lambda c: c.execute(
                "SELECT location, entry_id, usage_count, last_used FROM usage "
                f"WHERE location IN ({marks})",
                list(locations),
            ).fetchall()
        )
        return {(r[0], r[1]): (r[2], to_datetime(r[3])) for r in rows}

    def last_used(self, locations: Sequence[str]) -> dict[tuple[str, str], datetime]:
        """``last_used`` of every counted entry in the scope folders ``locations``."""
        return {k: t for k, (_, t) in self.counts(locations).items() if t is not None}
