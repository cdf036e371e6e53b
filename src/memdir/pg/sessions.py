"""state.db on PostgreSQL: the same :class:`~memdir.sessions.Database` interface over the
team database's pool, so sessions, messages and their search, usage, tombstones, jobs and
candidates run the services' own code. See docs/design/pg-sessions.md."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from ..core.errors import LockTimeoutError, MemdirError, ValidationError
from ..sessions.db import Database
from ..sessions.maintenance import DbHealth
from .db import PgDatabase, redact
from .dialect import Connection
from .fts import Fts, index_pending, recount
from .schema import STATE

T = TypeVar("T")

#: Every state write holds this transaction-level lock: writes are serialised as SQLite's
#: ``BEGIN IMMEDIATE`` serialises them (ids numbered by the writer, watermarks in order).
WRITE_LOCK = 0x6D656D64_7374  # "memd" "st"
#: A read is a snapshot; each statement is planned for its own values (a cached generic
#: plan would scan the whole table backwards for a rare word, or sort every row of a
#: common one).
READ = (
    "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY; "
    "SET LOCAL plan_cache_mode = force_custom_plan"
)


class PgStateDatabase(Database):
    """The state tables in ``pg`` (a :class:`~memdir.pg.db.PgDatabase`); ``busy_timeout``
    bounds the wait for another writer (:class:`~memdir.LockTimeoutError`). Thread-safe:
    each call takes a pooled connection."""

    def __init__(self, pg: PgDatabase, *, busy_timeout: float = 30.0) -> None:
        super().__init__(Path(redact(pg.url)), busy_timeout=busy_timeout)
        self.pg = pg

    def __repr__(self) -> str:
        return f"PgStateDatabase({redact(self.pg.url)!r})"

    def close(self) -> None:
        """Close the pool's connections (it reopens on the next call)."""
        self.pg.close()

    def _pg_transaction(
        self, body: Callable[[Any], T], *, write: bool, action: str, serialise: bool = True
    ) -> T:
        import psycopg

        self.pg.ensure(STATE)
        try:
            with self.pg.transaction(action) as raw:
                conn = Connection(raw, None)
                conn.fts = Fts(conn)
                if write:
                    raw.execute(f"SET LOCAL lock_timeout = '{int(self.busy_timeout * 1000)}ms'")
                    if serialise:
                        raw.execute("SELECT pg_advisory_xact_lock(%s)", (WRITE_LOCK,))
                else:
                    raw.execute(READ)
                result = body(conn)
                if write:
                    index_pending(conn)
                return result
        except UnicodeEncodeError:
            raise ValidationError(
                "a text value is not valid Unicode (it holds a lone surrogate such as "
                "\\ud800); send valid UTF-8 text"
            ) from None
        except MemdirError as exc:
            if isinstance(exc.__cause__, psycopg.errors.LockNotAvailable) or "lock timeout" in str(
                exc
            ):
                raise LockTimeoutError(self.path, self.busy_timeout) from None
            if "out of range" in str(exc):
                raise ValidationError(
                    f"a number is out of range ({exc}); use a smaller one"
                ) from None
            raise

    skip_locked = " FOR UPDATE SKIP LOCKED"

    def write(
        self, body: Callable[[Any], T], *, action: str = "write", serialise: bool = True
    ) -> T:
        """Run ``body`` in one transaction holding the state write lock (without it when
        not ``serialise``: ``body`` locks its own rows); rows it left unindexed are
        indexed before it commits."""
        return self._pg_transaction(body, write=True, action=action, serialise=serialise)

    def read(self, body: Callable[[Any], T], *, action: str = "read") -> T:
        """Run ``body`` in one read-only, repeatable-read transaction (a snapshot)."""
        return self._pg_transaction(body, write=False, action=action)

    def execute_outside(self, sql: str, *, action: str) -> None:
        """SQLite's file upkeep (``VACUUM``, checkpoints): PostgreSQL's autovacuum does it."""

    def migrations(self) -> list[tuple[str, float]]:
        """Applied schema steps of the state tables as ``(name, applied_at)``, in order."""
        self.pg.ensure(STATE)
        return self.pg.migrations(STATE.component)

    def health(self, *, repair: bool = True) -> DbHealth:
        """What ``memdir doctor`` reports: rows the search index lacks and index counters
        that disagree with the rows; with ``repair``, both fixed from the tables."""

        def inspect(c: Any) -> tuple[int, int, list[str]]:
            problems = []
            for base in ("messages", "entries"):
                missing = c.execute(f"SELECT count(*) FROM {base} WHERE tsv IS NULL").fetchone()
                if missing[0]:
                    problems.append(f"{missing[0]:,} {base} rows are not in the search index")
                have = c.execute(
                    f"SELECT count(ntok), coalesce(sum(ntok), 0) FROM {base}"
                ).fetchone()
                kept = c.execute(
                    "SELECT nrows, ntok FROM fts_stats WHERE base = ?", (base,)
                ).fetchone()
                if kept is None or (int(kept[0]), int(kept[1])) != (int(have[0]), int(have[1])):
                    problems.append(f"the {base} search index counters disagree with its rows")
            counts = [
                c.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
                for t in ("sessions", "messages")
            ]
            return counts[0], counts[1], problems

        sessions, messages, problems = self.read(inspect, action="check the database")
        repaired: list[str] = []
        if problems and repair:
            self.write(recount, action="rebuild the search index")
            repaired, problems = problems, self.read(inspect, action="check the database")[2]
        return DbHealth(
            self.path,
            exists=True,
            sessions=sessions,
            messages=messages,
            problems=repaired + problems,
            repaired=repaired,
            damaged=problems,
        )
