"""state.db on PostgreSQL: the :class:`~memdir.sessions.Database` interface over the team
database's pool, a schema per user. See docs/design/team-server.md, "State on PostgreSQL"."""

from __future__ import annotations

import hashlib
import re
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from ..core.errors import AccessError, LockTimeoutError, MemdirError, PostgresError, ValidationError
from ..sessions.db import Database
from ..sessions.maintenance import DbHealth
from ..sessions.schema import FTS_COLUMNS
from .db import PgDatabase, Schema, redact
from .dialect import Connection
from .fts import (
    ENTRY_TERMS_AGREE,
    POSTINGS_AGREE,
    POSTINGS_TERMS_AGREE,
    Fts,
    batches,
    index_pending,
    rebuild_entry_terms,
    rebuild_postings,
    recount,
    stale_rows,
)
from .state_schema import state_schema

if TYPE_CHECKING:
    from ..core.storage.postgres import PgBackend
    from ..sessions.maintenance import Progress

T = TypeVar("T")
#: Text (characters) a repair of ``doctor --deep`` indexes again in one write transaction,
#: which holds the write lock meanwhile (docs/design/team-server.md, "The text against its terms").
REPAIR_TEXT = 1_000_000
POSTINGS_PROBLEM = "the messages search index postings disagree with its rows"
ENTRY_TERMS_PROBLEM = "the memory entries' list of search terms disagrees with their rows"
#: SQLSTATEs of a state schema dropped under a process that made it: undefined table,
#: function and schema.
GONE = frozenset({"42P01", "42883", "3F000"})


#: ``memdir doctor``'s semantic line on the team database, which keeps no vectors.
NO_VECTORS = "off on the team database (it keeps no vectors)"


def schema_name(base: str, user: str | None) -> str:
    """The schema holding ``user``'s state beside ``base`` (the connection's own schema;
    ``base`` itself without a user): readable, unique, under PostgreSQL's 63 bytes."""
    if user is None:
        return base
    digest = hashlib.sha256(f"{base}\0{user}".encode()).hexdigest()[:8]
    clean = re.sub(r"[^a-z0-9_]", "_", user.lower())[:24]
    return f"{base[:24]}_s_{clean}_{digest}"


class PgStateDatabase(Database):
    """The state tables in ``pg`` (a :class:`~memdir.pg.db.PgDatabase`), in ``user``'s
    own schema (None: the connection's schema, one shared state); ``busy_timeout`` bounds
    the wait for another writer (:class:`~memdir.LockTimeoutError`). Thread-safe: each
    call takes a pooled connection."""

    skip_locked = " FOR UPDATE SKIP LOCKED"

    def __init__(
        self, pg: PgDatabase, *, user: str | None = None, busy_timeout: float = 30.0
    ) -> None:
        super().__init__(Path(redact(pg.url)), busy_timeout=busy_timeout)
        self.pg = pg
        self.user = user
        self._schema: str | None = None
        self._ready = threading.Lock()
        self._joined = threading.local()  # a transaction this thread's writes join
        self.write_lock = 0  # this state's advisory lock key, once the schema is known
        self._newest_ids: dict[str, int] = {}  # hints for a phrase's probe (pg/fts.py)

    def as_stored(self, text: str) -> str:
        """``text`` as PostgreSQL stores it: NUL, which its text cannot hold, as U+FFFD
        (:func:`memdir.pg.dialect.value`)."""
        return text.replace("\x00", "\ufffd")

    def _fork_locks(self) -> list[Any]:
        return [self._lock, self._ready]

    def _forked_holding(self, held: bool) -> None:
        """In a forked child: new locks (the pool is renewed by the :class:`PgDatabase`)."""
        self._lock = threading.RLock()
        self._ready = threading.Lock()

    def __repr__(self) -> str:
        return f"PgStateDatabase({redact(self.pg.url)!r}, user={self.user!r})"

    def close(self) -> None:
        """Nothing to close: the pool is the :class:`PgDatabase`'s (shared with entries)."""

    def schema(self) -> str:
        """The schema of this state, made (with its tables) on first use."""
        with self._ready:
            if self._schema is None:
                with self.pg.transaction("find the schema") as conn:
                    row = conn.execute("SELECT current_schema()").fetchone()
                if row is None or row[0] is None:
                    raise MemdirError(
                        f"{redact(self.pg.url)} has no schema on its search_path to keep "
                        f"the state in; set one (options=-csearch_path=NAME)"
                    )
                name = schema_name(str(row[0]), self.user)
                component = "state" if self.user is None else f"state/{self.user}"
                self.pg.ensure(state_schema(name, component))
                digest = hashlib.sha256(f"memdir-state\0{name}".encode()).digest()
                self.write_lock = int.from_bytes(digest[:8], "big", signed=True)
                self._schema = name
            return self._schema

    @property
    def component(self) -> Schema:
        """The schema steps this state was made with."""
        name = self.schema()
        return state_schema(name, "state" if self.user is None else f"state/{self.user}")

    @contextmanager
    def joining(self, raw: Any) -> Iterator[None]:
        """Writes in this block (on this thread) run in ``raw``'s open transaction on the
        same database (an entry write's, :meth:`PgBackend.connection`) instead of their
        own, so they commit or roll back with it. Re-entrant: when the block ends, writes
        join the transaction they joined before it (or their own again)."""
        outer = getattr(self._joined, "conn", None)
        self._joined.conn = raw
        try:
            yield
        finally:
            self._joined.conn = outer

    def insert_with(
        self, backend: PgBackend, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]
    ) -> None:
        """Insert ``rows`` into this state's ``table`` in ``backend``'s write transaction
        (under its lock), sent with its COMMIT: no round trip of their own. Without this
        state's write lock (new rows of a table with no search index need none)."""
        if table in FTS_COLUMNS:
            raise ValueError(f"{table} rows are indexed for search: write them with write()")
        marks = f"({', '.join(['%s'] * len(columns))})"
        backend.also(
            f'INSERT INTO "{self.schema()}".{table} ({", ".join(columns)}) '
            f"VALUES {', '.join([marks] * len(rows))}",
            [value for row in rows for value in row],
        )

    @contextmanager
    def _within(self, raw: Any, setup: bytes, action: str) -> Iterator[Any]:
        """``raw``'s transaction with ``setup`` run (one round trip with reading the
        settings it changes), its settings put back after (errors as in ``transaction``)."""
        import psycopg

        settings = "current_setting('search_path'), current_setting('lock_timeout')"
        try:
            saved = raw.execute(f"SELECT {settings}; ".encode() + setup).fetchone()
            yield raw
            raw.execute(
                "SELECT set_config('search_path', %s, true), set_config('lock_timeout', %s, true)",
                saved,
            )
        except psycopg.Error as exc:
            raise self.pg.error(action, exc) from None

    def _pg_transaction(
        self, body: Callable[[Any], T], *, write: bool, action: str, serialise: bool = True
    ) -> T:
        """One transaction running ``body``; once more, on a state made again, when this
        state's schema was dropped since it was made (``users rm`` in any process, then
        the same name added again: docs/design/team-server.md, "A person who leaves")."""
        try:
            return self._once(body, write=write, action=action, serialise=serialise)
        except PostgresError as exc:
            if exc.sqlstate not in GONE or self.user is None:
                raise
            joined = getattr(self._joined, "conn", None) if write else None
            self._unmake()
            if joined is not None:  # its transaction failed: the caller's next one works
                raise
            return self._once(body, write=write, action=action, serialise=serialise)

    def _unmake(self) -> None:
        """Forget this state's schema as made, refusing a user no longer of the team; the
        next use makes it again (and says so in :attr:`made`)."""
        with self._ready:
            if self._schema is None:
                return  # another thread got here first
            with self.pg.read("look up a user") as conn:
                row = conn.execute(
                    "SELECT 1 FROM memdir_users WHERE name = %s", (self.user,)
                ).fetchone()
            if row is None:
                raise AccessError(
                    f"user {self.user!r} is not a user of this team server (removed, or "
                    f"never added), so their state cannot be kept; nothing was written",
                    f"An admin adds it: memdir serve users add {self.user}",
                )
            self.pg.forget(f"state/{self.user}")
            self._schema = None
            self._newest_ids.clear()
            self.made += 1

    def _once(
        self, body: Callable[[Any], T], *, write: bool, action: str, serialise: bool = True
    ) -> T:
        import psycopg

        path = f'SET LOCAL search_path TO "{self.schema()}"'
        joined = getattr(self._joined, "conn", None) if write else None
        if write:
            wait = int(self.busy_timeout * 1000)
            setup = f"SET LOCAL lock_timeout = '{wait}ms'; {path}"
            if serialise:  # as SQLite's BEGIN IMMEDIATE: one writer at a time
                setup += f"; SELECT pg_advisory_xact_lock({int(self.write_lock)})"
        else:
            # A snapshot, custom plans, serial, cached pages: why each, see
            # docs/design/team-server.md ("Reads are REPEATABLE READ READ ONLY").
            setup = (
                "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY; "
                "SET LOCAL plan_cache_mode = force_custom_plan; "
                "SET LOCAL random_page_cost = 1.1; "
                f"SET LOCAL max_parallel_workers_per_gather = 0; {path}"
            )
        try:
            with (  # BEGIN and the setup in one round trip
                self.pg.begun(setup.encode(), action)
                if joined is None
                else self._within(joined, setup.encode(), action)
            ) as raw:
                conn = Connection(raw, None)
                conn.fts = Fts(conn, self._newest_ids, snapshot=not write)
                result = body(conn)
                if write:
                    index_pending(conn)
                return result
        except OverflowError as exc:  # an integer beyond 64 bits
            raise ValidationError(f"a number is out of range ({exc}); use a smaller one") from None
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

    def write(
        self, body: Callable[[Any], T], *, action: str = "write", serialise: bool = True
    ) -> T:
        """Run ``body`` in one transaction holding this state's write lock (without it
        when not ``serialise``: ``body`` locks its own rows); rows it left unindexed are
        indexed before it commits."""
        return self._pg_transaction(body, write=True, action=action, serialise=serialise)

    def read(self, body: Callable[[Any], T], *, action: str = "read") -> T:
        """Run ``body`` in one read-only, repeatable-read transaction (a snapshot)."""
        return self._pg_transaction(body, write=False, action=action)

    def execute_outside(self, sql: str, *, action: str) -> None:
        """SQLite's file upkeep (``VACUUM``, checkpoints): PostgreSQL's autovacuum does it."""

    def migrations(self) -> list[tuple[str, float]]:
        """Applied schema steps of this state as ``(name, applied_at)``, in order."""
        return self.pg.migrations(self.component.component)

    def health(
        self, *, repair: bool = True, deep: bool = False, progress: Progress | None = None
    ) -> DbHealth:
        """What ``memdir doctor`` reports: rows the search index lacks, index counters and
        message postings and entry terms that disagree with the rows (``deep``: the
        postings' terms compared too, and every row's terms with its text, ``progress``
        told as it goes); with ``repair``, all fixed from the tables."""

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
            if not c.execute(POSTINGS_TERMS_AGREE if deep else POSTINGS_AGREE).fetchone()[0]:
                problems.append(POSTINGS_PROBLEM)
            if not c.execute(ENTRY_TERMS_AGREE).fetchone()[0]:
                problems.append(ENTRY_TERMS_PROBLEM)
            counts = [
                c.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
                for t in ("sessions", "messages")
            ]
            return counts[0], counts[1], problems

        def stale(c: Any) -> dict[str, dict[int, int]]:
            return {base: stale_rows(c, base, progress) for base in FTS_COLUMNS}

        def said(rows: dict[str, int]) -> list[str]:
            return [
                f"{n:,} {b} rows' search terms disagree with their text"
                for b, n in rows.items()
                if n
            ]

        sessions, messages, problems = self.read(inspect, action="check the database")
        found = self.read(stale, action="check the search terms") if deep else {}
        left, repaired, changed = found, [], dict[str, int]()
        if (problems or any(found.values())) and repair:
            rebuild = POSTINGS_PROBLEM in problems
            terms = ENTRY_TERMS_PROBLEM in problems

            def mend(c: Any) -> None:
                if rebuild:  # first: the rows recount then indexes add their own
                    rebuild_postings(c)
                if terms:
                    rebuild_entry_terms(c)
                recount(c)

            if problems:  # first: rows indexed again go through postings that agree
                self.write(mend, action="rebuild the search index")
            for base, rows in found.items():  # indexed again as each write ends
                for batch in batches(rows.items(), lambda r: r[1], REPAIR_TEXT):
                    ids = [mid for mid, _ in batch]
                    done = self.write(
                        partial(_reindex, base=base, ids=ids), action="index rows again"
                    )
                    changed[base] = changed.get(base, 0) + done
            repaired = problems + said(changed)
            problems = self.read(inspect, action="check the database")[2]
            left = {}  # each row found is indexed from its text, or agrees already, or is gone
        damaged = problems + said({b: len(ids) for b, ids in left.items()})
        return DbHealth(
            redact(self.pg.url),  # a URL one can paste (not a Path, which folds its '//')
            exists=True,
            sessions=sessions,
            messages=messages,
            problems=repaired + damaged,
            repaired=repaired,
            damaged=damaged,
            text_disagreed=sum(map(len, found.values())) if deep else None,
            text_repaired=sum(changed.values()),
            semantic=NO_VECTORS,
        )


def _reindex(c: Any, base: str, ids: list[int]) -> int:
    """Index again, from their text, those of ``ids`` whose terms still disagree with it
    (checked again under the write lock: another doctor or a writer may have indexed them
    since), the terms of that check stored as they are compared; returns how many."""
    return len(stale_rows(c, base, ids=ids, mend=True))
