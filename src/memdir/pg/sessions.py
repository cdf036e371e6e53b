"""state.db on PostgreSQL: the same :class:`~memdir.sessions.Database` interface over a
connection pool, so sessions, messages and their search, usage, tombstones, jobs and
candidates run the services' own code. See docs/design/pg-sessions.md."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar, cast

import psycopg
import psycopg_pool

from ..core.errors import DatabaseError, LockTimeoutError, ValidationError
from ..sessions.db import Database
from .dialect import Connection
from .fts import Fts, index_pending
from .schema import STEPS, TABLE

T = TypeVar("T")

#: Every state write holds this transaction-level lock: writes are serialised as SQLite's
#: ``BEGIN IMMEDIATE`` serialises them (ids numbered by the writer, watermarks in order).
WRITE_LOCK = 0x6D656D646972  # "memdir"


class PgStateDatabase(Database):
    """The state tables in the PostgreSQL database at ``url``; ``busy_timeout`` bounds the
    wait for another writer (:class:`~memdir.LockTimeoutError`). Thread-safe: each call
    takes a pooled connection."""

    def __init__(self, url: str, *, busy_timeout: float = 30.0, pool_size: int = 4) -> None:
        super().__init__(Path("postgresql"), busy_timeout=busy_timeout)
        self.url = url
        self.pool_size = pool_size
        self._pool: psycopg_pool.ConnectionPool[Any] | None = None
        self._pool_lock = threading.Lock()

    def __repr__(self) -> str:
        return "PgStateDatabase(<postgresql>)"

    def _connections(self) -> psycopg_pool.ConnectionPool[Any]:
        with self._pool_lock:
            if self._pool is None:
                pool: psycopg_pool.ConnectionPool[Any] = psycopg_pool.ConnectionPool(
                    self.url,
                    min_size=1,
                    max_size=self.pool_size,
                    open=False,
                    kwargs={"autocommit": False},
                )
                try:
                    pool.open(wait=True, timeout=self.busy_timeout)
                except psycopg_pool.PoolTimeout as exc:
                    pool.close()
                    raise DatabaseError(self.path, "connect", f"{exc}") from None
                self._pool = pool
                self._run("apply the schema", self._migrate_pg)
            return self._pool

    def close(self) -> None:
        with self._pool_lock:
            if self._pool is not None:
                self._pool.close()
                self._pool = None

    def _run(self, action: str, attempt: Callable[[], T]) -> T:  # type: ignore[override]
        try:
            return attempt()
        except psycopg.errors.LockNotAvailable:
            raise LockTimeoutError(self.path, self.busy_timeout) from None
        except psycopg.errors.QueryCanceled:
            raise LockTimeoutError(self.path, self.busy_timeout) from None
        except UnicodeEncodeError:
            raise ValidationError(
                "a text value is not valid Unicode (it holds a lone surrogate such as "
                "\\ud800); send valid UTF-8 text"
            ) from None
        except psycopg.errors.NumericValueOutOfRange as exc:
            raise ValidationError(f"a number is out of range ({exc}); use a smaller one") from None
        except (psycopg.DataError, OverflowError) as exc:
            if "out of range" in str(exc):
                raise ValidationError(f"a number is out of range; use a smaller one") from None
            raise DatabaseError(self.path, action, str(exc).strip()) from None
        except (psycopg.Error, psycopg_pool.PoolTimeout) as exc:
            raise DatabaseError(self.path, action, str(exc).strip()) from None

    def _transaction(self, body: Callable[[Any], T], *, write: bool) -> T:
        pool = self._connections()
        with pool.connection() as raw:
            conn = Connection(raw, None)
            conn.fts = Fts(conn)
            with raw.transaction():
                if write:
                    raw.execute(f"SET LOCAL lock_timeout = '{int(self.busy_timeout * 1000)}ms'")
                    raw.execute("SELECT pg_advisory_xact_lock(%s)", (WRITE_LOCK,))
                else:
                    raw.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
                result = body(conn)
                if write:
                    index_pending(conn)
            return result

    def write(self, body: Callable[[Any], T], *, action: str = "write") -> T:
        """Run ``body`` in one transaction holding the state write lock; rows it left
        unindexed are indexed before it commits."""
        return self._run(action, lambda: self._transaction(body, write=True))

    def read(self, body: Callable[[Any], T], *, action: str = "read") -> T:
        """Run ``body`` in one read-only, repeatable-read transaction (a snapshot)."""
        return self._run(action, lambda: self._transaction(body, write=False))

    def execute_outside(self, sql: str, *, action: str) -> None:
        """SQLite's file upkeep (``VACUUM``, checkpoints): PostgreSQL's autovacuum does it."""

    def migrations(self) -> list[tuple[str, float]]:
        """Applied schema steps as ``(name, applied_at)``, in order."""
        return self.read(
            lambda c: [
                (r[0], r[1])
                for r in c.execute(f"SELECT name, applied_at FROM {TABLE} ORDER BY id")
            ]
        )

    def _migrate_pg(self) -> None:
        assert self._pool is not None
        with self._pool.connection() as raw, raw.transaction():
            raw.execute("SELECT pg_advisory_xact_lock(%s)", (WRITE_LOCK,))
            raw.execute(
                f"CREATE TABLE IF NOT EXISTS {TABLE} (id integer PRIMARY KEY, "
                "name text NOT NULL UNIQUE, applied_at double precision NOT NULL)"
            )
            done = {r[0] for r in raw.execute(f"SELECT name FROM {TABLE}")}
            unknown = done - {name for name, _ in STEPS}
            if unknown:
                raise DatabaseError(
                    self.path,
                    "open the database",
                    f"it was written by a newer memdir (unknown schema steps: "
                    f"{', '.join(sorted(unknown))}); upgrade memdir",
                )
            for i, (name, statements) in enumerate(STEPS, 1):
                if name in done:
                    continue
                for statement in statements:
                    raw.execute(cast(Any, statement))
                raw.execute(
                    f"INSERT INTO {TABLE} (id, name, applied_at) VALUES (%s, %s, %s)",
                    (i, name, time.time()),
                )
