"""The state.db connection: WAL, migrations, translated errors. (docs/design/sessions.md)."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import sys
import threading
import time
import urllib.parse
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from ..core import forks
from ..core.errors import DatabaseError, LockTimeoutError, MemdirError, ValidationError
from ..core.notices import warn_once
from . import analyzer
from .schema import MIGRATIONS, Migration

T = TypeVar("T")

_BUSY_CODES = (5, 6)  # SQLITE_BUSY, SQLITE_LOCKED (extended codes keep these low bits)


def is_busy(exc: sqlite3.Error) -> bool:
    """Whether ``exc`` means another connection holds a lock (worth retrying)."""
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in _BUSY_CODES
    text = str(exc)
    return "locked" in text or "busy" in text


def file_size(path: Path) -> int:
    """Bytes on disk: the database file and its write-ahead log."""
    return sum(p.stat().st_size for p in (path, path.with_name(path.name + "-wal")) if p.exists())


def unreadable(path: Path) -> str:
    """Why this user may not read ``path`` (another user's file, e.g. after a ``sudo
    memdir``), and how to give it back."""
    owner = path.stat().st_uid
    return (
        f"this user may not read it (it belongs to user id {owner}; "
        f"`sudo chown $(id -u) {path}` gives it back)"
    )


_REFUSED: set[str] = set()  # files a forked child may not use (Database._forked_holding)


class Database:
    """One process's connection to ``state.db`` at ``path``.

    The file, its folder and the schema are created on first use. ``busy_timeout`` bounds
    how long a call waits for another process's lock before it raises
    :class:`~memdir.LockTimeoutError`. Safe to share between threads (calls are serialised).
    """

    def __init__(self, path: Path | str, *, busy_timeout: float = 30.0) -> None:
        self.path = Path(path)
        self.busy_timeout = busy_timeout
        self._conn: sqlite3.Connection | None = None
        self._lock = threading.RLock()
        self.read_only = False  # set when the home cannot be written: reads only
        self._behind = False  # read without steps another writer's lock kept back
        self._refused = ""  # why a forked child may not use this file
        self.made = 0  # times the state was made again under this object (its caches stale)
        forks.hold_at_fork(self)

    def __repr__(self) -> str:
        return f"Database({str(self.path)!r})"

    def _fork_locks(self) -> list[threading.RLock]:
        return [self._lock]

    def _forked_holding(self, held: bool) -> None:
        """In a forked child: the parent's connection is closed (SQLite keeps one lock
        record per file and process: while the copy is open, the child's own connections
        would take no lock) and the next call opens the child's own. A copy a parent's
        thread was still using after :data:`forks.WAIT` is left alone (closing it could
        wait forever or roll the parent's transaction back) and the file is refused."""
        self._lock = threading.RLock()
        conn, self._conn = self._conn, None
        if conn is None:
            return
        held = held and not conn.in_transaction  # else the forking thread's own call
        if held and str(self.path) == ":memory:":
            self._conn = conn  # the child's own copy
            return
        if held:
            with contextlib.suppress(sqlite3.Error):
                conn.close()
            return
        forks.LEFT.append(conn)
        _REFUSED.add(str(self.path.absolute()))

    # -- connection ------------------------------------------------------------------------

    def _connection(self) -> sqlite3.Connection:
        if self._conn is None:
            if str(self.path.absolute()) in _REFUSED:
                raise DatabaseError(
                    self.path,
                    "open the database",
                    f"this process was forked while another thread of its parent was inside "
                    f"a call on it for over {forks.WAIT:g} s, and SQLite cannot use the file "
                    f"safely here",
                    advice="Start this process with 'spawn' or 'forkserver', or fork while "
                    "no thread of the parent is in a long call on state.db.",
                )
            self.read_only = False
            try:
                self._conn = self._run("open the database", self._open)
            except DatabaseError:
                if self._writable():
                    raise
                self._conn = self._open_read_only()
            try:
                self._migrate(self._conn)
            except MemdirError:
                self._conn.close()
                self._conn = None
                raise
        return self._conn

    def _writable(self) -> bool:
        """Whether state.db (or, before it exists, its folder) may be written here."""
        folder = self.path.parent
        if self.path.exists():
            return os.access(self.path, os.W_OK) and os.access(folder, os.W_OK)
        while not folder.exists() and folder != folder.parent:
            folder = folder.parent
        return os.access(folder, os.W_OK)

    def _open_read_only(self) -> sqlite3.Connection:
        """state.db opened for reading on a home that cannot be written (docs/design/doctor.md):
        reads work, every write raises; a missing one is an empty database in memory."""
        self.read_only = True
        if self.path.exists() and not os.access(self.path, os.R_OK):  # not damage
            raise DatabaseError(self.path, "open the database", unreadable(self.path))
        warn_once(
            f"{self.path} cannot be written here (read-only disk or another user's "
            f"folder): reading and searching work, nothing new is recorded"
        )
        if not self.path.exists():
            conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
            conn.row_factory = sqlite3.Row
            analyzer.register(conn)
            return conn  # the schema is made by _migrate; write() refuses the rest
        uri = "file:" + urllib.parse.quote(str(self.path.absolute()))
        for mode in ("mode=ro", "immutable=1"):
            try:
                conn = sqlite3.connect(
                    f"{uri}?{mode}", uri=True, isolation_level=None, check_same_thread=False
                )
            except sqlite3.Error:
                continue
            try:
                conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
            except sqlite3.Error:
                conn.close()
                continue
            conn.row_factory = sqlite3.Row
            analyzer.register(conn)
            return conn
        raise DatabaseError(self.path, "open the database", "it cannot be opened, even read-only")

    def _open(self) -> sqlite3.Connection:
        created = str(self.path) != ":memory:" and not self.path.exists()
        if created:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            except OSError as exc:
                raise DatabaseError(
                    self.path, "create the folder", exc.strerror or str(exc)
                ) from None
        conn = sqlite3.connect(
            self.path, timeout=self.busy_timeout, isolation_level=None, check_same_thread=False
        )
        conn.row_factory = sqlite3.Row
        analyzer.register(conn)  # the FTS triggers and views call it
        try:
            if created:
                os.chmod(self.path, 0o600)  # sessions hold private conversations
            self._use_wal(conn)
            conn.execute("PRAGMA synchronous=NORMAL")
            conn.execute("PRAGMA foreign_keys=ON")
        except (sqlite3.Error, OSError):
            conn.close()
            raise
        return conn

    def _use_wal(self, conn: sqlite3.Connection) -> None:
        """Switch to WAL, waiting up to ``busy_timeout`` for another process's lock.

        SQLite's busy handler does not wait here: the switch reads page 1, then takes the
        write lock, and a reader never waits for a lock (it could deadlock), so a process
        racing another's first open got "locked" at once (docs/design/sessions.md)."""
        deadline = time.monotonic() + self.busy_timeout
        while True:
            try:
                conn.execute("PRAGMA journal_mode=WAL")
                return
            except sqlite3.OperationalError as exc:
                if not is_busy(exc) or time.monotonic() >= deadline:
                    raise
            time.sleep(0.01)

    def close(self) -> None:
        """Close the connection (it reopens on the next call)."""
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    # -- transactions ----------------------------------------------------------------------

    def _run(self, action: str, attempt: Callable[[], T]) -> T:
        """``attempt()`` with SQLite's and Python's errors translated; SQLite's busy handler
        (the connection's timeout) does the waiting for another process's lock."""
        try:
            return attempt()
        except sqlite3.Error as exc:
            if is_busy(exc):
                raise LockTimeoutError(self.path, self.busy_timeout) from None
            raise DatabaseError(self.path, action, str(exc)) from None
        except OSError as exc:
            raise DatabaseError(self.path, action, exc.strerror or str(exc)) from None
        except UnicodeEncodeError:  # a lone surrogate: no UTF-8 for SQLite to store
            raise ValidationError(
                "a text value is not valid Unicode (it holds a lone surrogate such as "
                "\\ud800); send valid UTF-8 text"
            ) from None
        except OverflowError as exc:  # a Python int beyond SQLite's 64 bits
            raise ValidationError(f"a number is out of range ({exc}); use a smaller one") from None

    def _transaction(
        self, conn: sqlite3.Connection, begin: str, body: Callable[[sqlite3.Connection], T]
    ) -> T:
        conn.execute(begin)
        try:
            result = body(conn)
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
        return result

    def as_stored(self, text: str) -> str:
        """``text`` as this engine stores it (a bound compared with stored text)."""
        return text

    #: What a ``SELECT`` appends to lock the rows it picks, skipping rows another
    #: transaction holds (PostgreSQL); SQLite's one writer needs nothing.
    skip_locked = ""

    def write(
        self,
        body: Callable[[sqlite3.Connection], T],
        *,
        action: str = "write",
        serialise: bool = True,
    ) -> T:
        """Run ``body`` in one ``BEGIN IMMEDIATE`` transaction: the write lock is taken up
        front (waiting up to ``busy_timeout``), so it never fails half-way on a lock.
        ``serialise=False``: ``body`` locks the rows it changes itself (with
        :attr:`skip_locked`), so an engine with row locks need not serialise it."""
        with self._lock:
            conn = self._connection()
            if self._behind:  # opened past a busy lock: its writes need the new schema
                self._migrate(conn, writing=True)
            if self.read_only:  # also a database in memory: a write there would be lost
                raise DatabaseError(
                    self.path,
                    action,
                    "its folder cannot be written here",
                    advice="Nothing is damaged: reads and searches work; run memdir where "
                    "its home can be written to record anything new.",
                )
            return self._run(action, lambda: self._transaction(conn, "BEGIN IMMEDIATE", body))

    def read(self, body: Callable[[sqlite3.Connection], T], *, action: str = "read") -> T:
        """Run ``body`` in one read transaction (a consistent snapshot)."""
        with self._lock:
            conn = self._connection()
            return self._run(action, lambda: self._transaction(conn, "BEGIN", body))

    def execute_outside(self, sql: str, *, action: str) -> None:
        """Run one statement that cannot run in a transaction (``VACUUM``)."""
        with self._lock:
            conn = self._connection()
            self._run(action, lambda: conn.execute(sql))

    # -- migrations ------------------------------------------------------------------------

    def _migrate(self, conn: sqlite3.Connection, *, writing: bool = False) -> None:
        def applied(c: sqlite3.Connection) -> set[str]:
            c.execute(
                "CREATE TABLE IF NOT EXISTS migrations (id INTEGER PRIMARY KEY, "
                "name TEXT NOT NULL UNIQUE, applied_at REAL NOT NULL)"
            )
            return {row[0] for row in c.execute("SELECT name FROM migrations")}

        try:  # the usual case, up to date: a plain read, no write lock
            done = {row[0] for row in conn.execute("SELECT name FROM migrations")}
        except sqlite3.OperationalError:
            done = set()  # a new database (or busy): decide under the write lock
        except sqlite3.DatabaseError as exc:  # "malformed": the schema pages are damaged
            raise DatabaseError(self.path, "read the schema version", str(exc)) from None
        pending = [m for m in MIGRATIONS if m.name not in done]
        older = bool(done) and done <= {m.name for m in MIGRATIONS}
        readable = older and bool(pending) and all(m.reads_without for m in pending)
        if self.read_only and readable:
            return  # a read-only file an older memdir wrote: read as it is (no write)
        try:
            self._upgrade(conn, applied, done if not pending else None)
        except LockTimeoutError:
            if not readable or writing:
                raise
            # another process holds the lock (upgrading it, or an older memdir writing):
            # read as it is meanwhile, and upgrade before this process's first write
            self._behind = True
            return
        self._behind = False

    def _upgrade(
        self,
        conn: sqlite3.Connection,
        applied: Callable[[sqlite3.Connection], set[str]],
        done: set[str] | None,
    ) -> None:
        """Apply the steps not in ``done`` (None: read it under the write lock first)."""
        if done is None:
            done = self._run(
                "read the schema version",
                lambda: self._transaction(conn, "BEGIN IMMEDIATE", applied),
            )
        unknown = done - {m.name for m in MIGRATIONS}
        if unknown:
            raise DatabaseError(
                self.path,
                "open the database",
                f"it was written by a newer memdir (unknown schema steps: "
                f"{', '.join(sorted(unknown))}); upgrade memdir",
            )
        for migration in MIGRATIONS:
            if migration.name not in done:
                self._apply(conn, migration)

    def _apply(self, conn: sqlite3.Connection, migration: Migration) -> None:
        self._run(
            f"apply schema step {migration.name}",
            lambda: self._transaction(conn, "BEGIN IMMEDIATE", lambda c: _apply(c, migration)),
        )

    def migrations(self) -> list[tuple[str, float]]:
        """Applied schema steps as ``(name, applied_at)``, in order."""
        return self.read(
            lambda c: [
                (r[0], r[1])
                for r in c.execute("SELECT name, applied_at FROM migrations ORDER BY id")
            ]
        )


PROGRESS_ROWS = 100_000  # a step filling more rows than this reports its progress


def step_progress(name: str, what: str = "state.db") -> Callable[[int, int], None]:
    """Progress of a long schema step on stderr (a one-time upgrade of a big database)."""
    shown = [-1]

    def report(done: int, total: int) -> None:
        pct = done * 100 // max(1, total)
        if total >= PROGRESS_ROWS and pct // 10 != shown[0]:
            shown[0] = pct // 10
            print(
                f"memdir: upgrading {what} ({name}): {done:,} of {total:,} rows done ({pct}%)",
                file=sys.stderr,
                flush=True,
            )

    return report


def _apply(conn: sqlite3.Connection, migration: Migration) -> None:
    """Apply one step unless a concurrent process already did (checked under the lock)."""
    if conn.execute("SELECT 1 FROM migrations WHERE name = ?", (migration.name,)).fetchone():
        return
    for statement in migration.statements:
        conn.execute(statement)
    if migration.fill is not None:
        migration.fill(conn, step_progress(migration.name))
    conn.execute(
        "INSERT INTO migrations (name, applied_at) VALUES (?, ?)", (migration.name, time.time())
    )
