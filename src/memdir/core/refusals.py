"""Writes the memory guard refused, kept for people to look at (the web page's activity):
a file under the home on one machine, the user's own rows on the team backend. See
docs/design/core.md."""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import GuardError, MemdirError
from .model import utcnow
from .notices import warn_once
from .storage.regular import atomic_write, open_regular, why

if TYPE_CHECKING:
    from ..sessions.db import Database

FILE_NAME = "guard-refusals.jsonl"
MAX_BYTES = 256 * 1024
NAME_CHARS = 120
#: Rows a user's refusals keep on the team backend (the newest).
MAX_ROWS = 500


@dataclass(frozen=True)
class Refusal:
    """One refused write."""

    time: datetime
    scope: str
    source: str
    rule: str
    reason: str
    name: str


class RefusalLog:
    """The refusals of one memory home."""

    def __init__(self, home: Path, *, clock: Callable[[], datetime] = utcnow) -> None:
        self.path = home / FILE_NAME
        self.clock = clock

    def record(self, scope: str, source: str, error: GuardError, name: str) -> None:
        """Add one refusal; a home that cannot be written gets a warning, never an error
        in place of the refusal."""
        row = _row(self.clock(), scope, source, error, name)
        data = (json.dumps(row, ensure_ascii=False) + "\n").encode()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK
            fd = os.open(self.path, flags, 0o600)  # O_NONBLOCK: a FIFO is an error, no hang
            try:
                os.write(fd, data)
                size = os.fstat(fd).st_size
            finally:
                os.close(fd)
            if size > MAX_BYTES:  # keep the newest half, read from the tail however large
                with os.fdopen(open_regular(self.path, sys.maxsize), "rb") as f:
                    f.seek(size - MAX_BYTES // 2)  # a line appended meanwhile may go
                    tail = f.read(MAX_BYTES // 2)
                atomic_write(self.path, tail[tail.find(b"\n") + 1 :])  # whole lines
        except (OSError, ValueError) as exc:
            warn_once(f"guard refusal not recorded in {self.path}: {why(exc)}")

    def recent(self, limit: int = 50) -> list[Refusal]:
        """The newest ``limit`` refusals, newest first (unreadable lines skipped)."""
        try:
            with os.fdopen(open_regular(self.path, sys.maxsize), "rb") as f:  # never a FIFO
                f.seek(max(0, os.fstat(f.fileno()).st_size - MAX_BYTES))
                lines = f.read(MAX_BYTES + 1).splitlines()
        except FileNotFoundError:
            return []
        except (OSError, ValueError) as exc:
            warn_once(f"guard refusals not read from {self.path}: {why(exc)}")
            return []
        out: list[Refusal] = []
        for line in reversed(lines):
            try:
                row = json.loads(line)
                texts = (str(row[k]) for k in ("scope", "source", "rule", "reason", "name"))
                out.append(Refusal(datetime.fromisoformat(row["time"]), *texts))
            except (ValueError, KeyError, TypeError, RecursionError):
                continue
            if len(out) >= limit:
                break
        return out


_SURROGATE = re.compile("[\ud800-\udfff]")


def _row(time: datetime, scope: str, source: str, error: GuardError, name: str) -> dict[str, Any]:
    from .. import guard

    return {
        "time": time.isoformat(),
        "scope": scope,
        "source": source,
        "rule": error.rule,
        "reason": error.reason,
        # a lone surrogate (the guard may refuse a name before it is validated) as
        # U+FFFD: UTF-8, and PostgreSQL text, cannot hold one
        "name": _SURROGATE.sub("\ufffd", guard.redact_secrets(name)[:NAME_CHARS]),
    }


class StateRefusals:
    """The refusals of one user on the team backend: rows of ``guard_refusals`` in the
    user's own state (``db``, a :class:`~memdir.pg.sessions.PgStateDatabase`), as held
    writes are, never a file under the server's home that every user's writes share."""

    def __init__(self, db: Database, *, clock: Callable[[], datetime] = utcnow) -> None:
        self.db = db
        self.clock = clock

    def record(self, scope: str, source: str, error: GuardError, name: str) -> None:
        """Add one refusal (the newest :data:`MAX_ROWS` are kept); a database that cannot
        take it gets a warning, never an error in place of the refusal."""
        from ..pg.sessions import PgStateDatabase

        time = self.clock()
        row = _row(time, scope, source, error, name)
        values = [time.timestamp()] + [
            str(row[k]).replace("\x00", "") for k in ("scope", "source", "rule", "reason", "name")
        ]

        def insert(c: Any) -> None:
            seq = c.execute(
                "INSERT INTO guard_refusals (refused_at, scope, source, rule, reason, name) "
                "VALUES (?, ?, ?, ?, ?, ?) RETURNING seq",
                values,
            ).fetchone()[0]
            c.execute("DELETE FROM guard_refusals WHERE seq <= ?", (int(seq) - MAX_ROWS,))

        db = self.db
        try:
            if isinstance(db, PgStateDatabase):
                with db.joining(None):  # its own transaction: a write refused rolls back
                    db.write(insert, action="record a guard refusal", serialise=False)
            else:
                db.write(insert, action="record a guard refusal", serialise=False)
        except MemdirError as exc:
            warn_once(f"guard refusal not recorded: {exc}")

    def recent(self, limit: int = 50) -> list[Refusal]:
        """The newest ``limit`` refusals, newest first."""
        try:
            rows = self.db.read(
                lambda c: c.execute(
                    "SELECT refused_at, scope, source, rule, reason, name FROM guard_refusals "
                    "ORDER BY seq DESC LIMIT ?",
                    (limit,),
                ).fetchall(),
                action="read the guard refusals",
            )
        except MemdirError as exc:
            warn_once(f"guard refusals not read: {exc}")
            return []
        return [
            Refusal(datetime.fromtimestamp(float(r[0]), UTC), *(str(x) for x in r[1:]))
            for r in rows
        ]
