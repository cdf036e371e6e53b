"""The job queue in state.db: claims under ``BEGIN IMMEDIATE``, leases, back-off,
watermarks. (docs/design/pipeline.md)."""

from __future__ import annotations

import builtins
import sqlite3
import uuid
from collections.abc import Callable, Sequence
from dataclasses import KW_ONLY, dataclass
from datetime import datetime
from typing import Any

from ..core.errors import LeaseLostError
from ..core.model import utcnow
from ..sessions import Database
from ..sessions.records import row_fields

RETRIES = 5
BACKOFF_BASE = 30.0  # seconds before the first retry; doubled after each failure
BACKOFF_MAX = 6 * 3600.0
LEASE = 300.0


@dataclass(frozen=True)
class Job:
    """One row of the queue. ``token`` identifies the claim that holds it."""

    id: int
    kind: str
    key: str
    project: str
    status: str
    outcome: str | None
    worker: str | None
    token: str | None
    lease_until: datetime | None
    retry_at: datetime
    retries_left: int
    attempts: int
    last_error: str | None
    raw_output: str | None
    input_watermark: int
    done_watermark: int
    updated_at: datetime

    @classmethod
    def from_row(cls, row: sqlite3.Row) -> Job:
        """Build from a ``jobs`` row."""
        return cls(**row_fields(cls, row, ("lease_until", "retry_at", "updated_at")))

    def to_dict(self) -> dict[str, Any]:
        """JSON-serialisable form."""
        out: dict[str, Any] = {}
        for key, value in self.__dict__.items():
            out[key] = value.isoformat() if isinstance(value, datetime) else value
        out.pop("token", None)
        return out


@dataclass(eq=False)
class JobQueue:
    """The ``jobs`` table. ``clock`` gives the time leases and back-off are measured in."""

    db: Database
    _: KW_ONLY
    clock: Callable[[], datetime] = utcnow
    retries: int = RETRIES
    backoff: float = BACKOFF_BASE
    lease: float = LEASE

    def _now(self) -> float:
        return self.clock().timestamp()

    def enqueue(self, kind: str, key: str, *, project: str = "", watermark: int = 0) -> bool:
        """Ask for ``kind`` work on ``key`` covering input up to ``watermark``. A finished
        job is reopened only when ``watermark`` passed what it last covered; a running one
        notes the new watermark and goes pending again when it finishes. Returns whether
        work is now due."""
        now = self._now()
        return self.db.write(
            lambda c: self.enqueue_in(c, kind, key, project=project, watermark=watermark, now=now),
            action="queue a job",
        )

    def enqueue_in(
        self,
        c: sqlite3.Connection,
        kind: str,
        key: str,
        *,
        project: str = "",
        watermark: int = 0,
        now: float | None = None,
    ) -> bool:
        """:meth:`enqueue` inside a transaction the caller holds."""
        now = self._now() if now is None else now
        row = c.execute("SELECT * FROM jobs WHERE kind = ? AND key = ?", (kind, key)).fetchone()
        if row is None:
            c.execute(
                "INSERT INTO jobs (kind, key, project, retries_left, input_watermark,"
                " created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (kind, key, project, self.retries, watermark, now, now),
            )
            return True
        if watermark <= row["done_watermark"]:
            return bool(row["status"] == "pending")  # nothing new since the last success
        if row["status"] in ("running", "pending") or (
            row["status"] == "error" and watermark <= row["input_watermark"]
        ):
            # Running: it goes pending again when it finishes. Pending: its back-off holds.
            # Failed for good: only new input earns it another round of retries.
            c.execute(
                "UPDATE jobs SET input_watermark = max(input_watermark, ?) WHERE id = ?",
                (watermark, row["id"]),
            )
            return bool(row["status"] != "error")
        c.execute(
            "UPDATE jobs SET status = 'pending', input_watermark = "
            "max(input_watermark, ?), retries_left = ?, retry_at = 0, updated_at = ? "
            "WHERE id = ?",
            (watermark, self.retries, now, row["id"]),
        )
        return True

    def claim(
        self,
        worker: str,
        *,
        kinds: Sequence[str] = ("extract", "consolidate"),
        projects: Sequence[str] = (),
    ) -> Job | None:
        """Take the next due job of ``kinds`` (for ``projects``; all when empty): a
        pending one whose back-off has passed, or a running one whose lease ran out."""
        now = self._now()
        kind_marks = ", ".join("?" * len(kinds))
        where = (
            f"kind IN ({kind_marks}) AND ((status = 'pending' AND retry_at <= ?) OR "
            f"(status = 'running' AND lease_until < ?))"
        )
        params: list[Any] = [*kinds, now, now]
        if projects:
            where += f" AND project IN ({', '.join('?' * len(projects))})"
            params += list(projects)

        def body(c: sqlite3.Connection) -> Job | None:
            row = c.execute(
                f"SELECT id FROM jobs WHERE {where} ORDER BY kind DESC, retry_at, id LIMIT 1"
                f"{self.db.skip_locked}",
                params,
            ).fetchone()
            if row is None:
                return None
            token = uuid.uuid4().hex
            c.execute(
                "UPDATE jobs SET status = 'running', worker = ?, token = ?, "
                "lease_until = ?, attempts = attempts + 1, updated_at = ? WHERE id = ?",
                (worker, token, now + self.lease, now, row["id"]),
            )
            got = c.execute("SELECT * FROM jobs WHERE id = ?", (row["id"],)).fetchone()
            return Job.from_row(got)

        return self.db.write(body, action="claim a job", serialise=False)

    def _owned(self, c: sqlite3.Connection, job: Job) -> sqlite3.Row:
        row: sqlite3.Row | None = c.execute("SELECT * FROM jobs WHERE id = ?", (job.id,)).fetchone()
        if row is None or row["token"] != job.token or row["status"] != "running":
            raise LeaseLostError(job.kind, job.key)
        return row

    def finish(
        self,
        job: Job,
        outcome: str,
        *,
        watermark: int | None = None,
        raw_output: str | None = None,
        also: Callable[[sqlite3.Connection], object] | None = None,
    ) -> None:
        """Record success (``outcome``: ``written``, ``nothing``…) and, in the same
        transaction, run ``also`` (e.g. store candidates). The job is done unless its
        input grew meanwhile, when it is pending again."""
        now = self._now()
        covered = job.input_watermark if watermark is None else watermark

        def body(c: sqlite3.Connection) -> None:
            row = self._owned(c, job)
            status = "pending" if row["input_watermark"] > covered else "done"
            c.execute(
                "UPDATE jobs SET status = ?, outcome = ?, token = NULL, lease_until = "
                "NULL, done_watermark = max(done_watermark, ?), retries_left = ?, "
                "retry_at = 0, last_error = NULL, raw_output = ?, updated_at = ? "
                "WHERE id = ?",
                (status, outcome, covered, self.retries, raw_output, now, job.id),
            )
            if also is not None:
                also(c)

        self.db.write(body, action="finish a job")

    def fail(
        self, job: Job, error: str, *, raw_output: str | None = None, retry: bool = True
    ) -> Job:
        """Record a failure: back off exponentially and retry, or give up (status
        ``error``) when no retries are left or ``retry`` is false."""
        now = self._now()

        def body(c: sqlite3.Connection) -> Job:
            row = self._owned(c, job)
            left = row["retries_left"] - 1 if retry else 0
            delay = min(self.backoff * 2 ** max(0, self.retries - left - 1), BACKOFF_MAX)
            status = "pending" if left > 0 else "error"
            c.execute(
                "UPDATE jobs SET status = ?, retries_left = ?, retry_at = ?, token = "
                "NULL, lease_until = NULL, last_error = ?, raw_output = ?, updated_at = ?"
                " WHERE id = ?",
                (status, max(left, 0), now + delay, error[:4000], raw_output, now, job.id),
            )
            return Job.from_row(c.execute("SELECT * FROM jobs WHERE id = ?", (job.id,)).fetchone())

        return self.db.write(body, action="record a job failure")

    def release(self, job: Job) -> None:
        """Give a claimed job back untouched (no retry used), e.g. when a run's model-call
        budget is spent."""
        now = self._now()

        def body(c: sqlite3.Connection) -> None:
            self._owned(c, job)
            c.execute(
                "UPDATE jobs SET status = 'pending', token = NULL, lease_until = NULL, "
                "attempts = attempts - 1, updated_at = ? WHERE id = ?",
                (now, job.id),
            )

        self.db.write(body, action="release a job")

    def get(self, kind: str, key: str) -> Job | None:
        """The job for ``(kind, key)``, if any."""
        row = self.db.read(
            lambda c: c.execute(
                "SELECT * FROM jobs WHERE kind = ? AND key = ?", (kind, key)
            ).fetchone()
        )
        return None if row is None else Job.from_row(row)

    def list(self, *, status: str | None = None, limit: int = 100) -> list[Job]:
        """Jobs, most recently changed first."""
        where, params = ("WHERE status = ?", [status]) if status else ("", [])
        rows = self.db.read(
            lambda c: c.execute(
                f"SELECT * FROM jobs {where} ORDER BY updated_at DESC, id DESC LIMIT ?",
                (*params, limit),
            ).fetchall()
        )
        return [Job.from_row(r) for r in rows]

    def reset_watermarks(self, kind: str, project: str) -> None:
        """Forget what the ``kind`` jobs of ``project`` covered (pending ones stay)."""
        self.db.write(
            lambda c: c.execute(
                "UPDATE jobs SET done_watermark = 0 WHERE kind = ? AND project = ?",
                (kind, project),
            ),
            action="reset watermarks",
        )

    def ready(self, projects: Sequence[str]) -> int:
        """Jobs of ``projects`` ready to run now: pending and due, or with a lapsed lease."""
        now = self._now()
        marks = ", ".join("?" * len(projects))
        return int(
            self.db.read(
                lambda c: c.execute(
                    f"SELECT count(*) FROM jobs WHERE project IN ({marks}) AND ("
                    "(status = 'pending' AND retry_at <= ?) "
                    "OR (status = 'running' AND lease_until < ?))",
                    (*projects, now, now),
                ).fetchone()[0]
            )
        )

    def stage(
        self, c: sqlite3.Connection, session_id: str, found: Sequence[tuple[str, str, str]]
    ) -> None:
        """Store the candidates a session gave, ``(state_key(store), JSON, project)``
        each, and queue the consolidation of each key, in the caller's transaction."""
        now = self._now()
        for location, data, project in found:
            cur = c.execute(
                "INSERT INTO candidates (location, session_id, data, created_at) "
                "VALUES (?, ?, ?, ?)",
                (location, session_id, data, now),
            )
            watermark = int(cur.lastrowid or 0)
            self.enqueue_in(c, "consolidate", location, project=project, watermark=watermark)

    def candidates(self, location: str, limit: int) -> builtins.list[tuple[int, str, float, str]]:
        """The oldest ``limit`` candidates waiting for ``location``: ``(id, JSON, created_at,
        session id)``."""
        rows = self.db.read(
            lambda c: c.execute(
                "SELECT id, data, created_at, session_id FROM candidates WHERE location = ? "
                "ORDER BY id LIMIT ?",
                (location, limit),
            ).fetchall()
        )
        return [(r[0], r[1], r[2], r[3]) for r in rows]

    def waiting(self, location: str, after: int) -> int:
        """How many candidates wait for ``location`` past the id ``after``."""
        return int(
            self.db.read(
                lambda c: c.execute(
                    "SELECT count(*) FROM candidates WHERE location = ? AND id > ?",
                    (location, after),
                ).fetchone()[0]
            )
        )

    @staticmethod
    def consumed(location: str, last: int) -> Callable[[sqlite3.Connection], object]:
        """What :meth:`finish` runs (``also``) to drop the candidates it consolidated."""
        return lambda c: c.execute(
            "DELETE FROM candidates WHERE location = ? AND id <= ?", (location, last)
        )
