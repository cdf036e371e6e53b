"""``memdir doctor`` for state.db: check integrity, rebuild damaged search indexes, size.
See docs/design/sessions.md."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from ..core.errors import DatabaseError, MemdirError
from .db import Database
from .db import file_size as _size
from .schema import FTS_BASES, FTS_SOURCES, fts_statements
from .vectors import Embedder, status

#: ``(stage, done, total)``; ``total`` None when unknown.
Progress = Callable[[str, int, "int | None"], None]

INVALID = "invalid: "  # DbHealth.semantic when the configured embedder cannot be made
TABLES = ("sessions", "messages")


@dataclass(frozen=True)
class DbHealth:
    """What :func:`check` found in state.db and what it repaired."""

    path: Path | str  # str: the team database's URL (password masked)
    exists: bool
    size: int = 0
    sessions: int | None = 0  # None: SQLite cannot even count them
    messages: int | None = 0
    problems: list[str] = field(default_factory=list)
    repaired: list[str] = field(default_factory=list)
    damaged: list[str] = field(default_factory=list)  # found and still broken
    read_only: bool = False  # the home cannot be written: checked, nothing repaired
    salvage: bool = False  # the file itself is damaged: `doctor --repair` would help
    semantic: str = ""  # the semantic layer: embedder, dimension, rows lacking vectors
    # A team server's --deep: rows whose terms disagreed with their text (None: not
    # compared, as on SQLite or without --deep), and how many of them the repair unindexed
    text_disagreed: int | None = None
    text_repaired: int = 0

    @property
    def healthy(self) -> bool:
        """Nothing is still broken (repaired problems count as healthy) and the embedder
        named in the settings can be used."""
        return not self.damaged and not self.semantic.startswith(INVALID)


def _index_problem(
    conn: sqlite3.Connection, base: str, kind: str, *, writable: bool = True, deep: bool = False
) -> str | None:
    """Why the FTS index ``<base>_<kind>`` is damaged, or None when it is sound (FTS5's
    own check is a write: on a read-only connection only the document lists are
    compared). ``deep``: FTS5's check also reads every row's text through the tokenizer
    and compares its terms with the index (rank 1), which finds a wrong term too."""
    fts = f"{base}_{kind}"
    source = FTS_SOURCES[fts]  # the table's text through the analyzer
    check = f"INSERT INTO {fts}({fts}, rank) VALUES ('integrity-check', ?)"
    terms = None
    try:
        if writable:
            try:
                conn.execute(check, (deep,))
            except sqlite3.DatabaseError:
                if not deep:
                    raise
                conn.execute(check, (0,))  # sound but for its terms?
                terms = f"search index {fts} holds terms that do not match its {base} rows' text"
        missing = conn.execute(
            f"SELECT count(*) FROM (SELECT id FROM {source} EXCEPT SELECT id FROM {fts}_docsize)"
        ).fetchone()[0]
        extra = conn.execute(
            f"SELECT count(*) FROM (SELECT id FROM {fts}_docsize EXCEPT SELECT id FROM {source})"
        ).fetchone()[0]
    except sqlite3.DatabaseError as exc:
        return f"search index {fts} is damaged ({exc})"
    if missing or extra:
        return (
            f"search index {fts} is out of step with the {base} table ({missing} rows "
            f"missing from it, {extra} left over)"
        )
    return terms


def _forget(conn: sqlite3.Connection, base: str) -> None:
    """Remove the index of ``base`` and their triggers, even an index so damaged that
    SQLite cannot open it (then its shadow tables are dropped and its schema row
    deleted). The connection must be reopened before the indexes are created again."""
    for trigger in ("insert", "delete", "update"):
        conn.execute(f"DROP TRIGGER IF EXISTS {base}_fts_{trigger}")
    fts = f"{base}_word"
    conn.execute("SAVEPOINT forget")
    try:
        conn.execute(f"DROP TABLE IF EXISTS {fts}")
    except sqlite3.DatabaseError:
        conn.execute("ROLLBACK TO forget")
        for shadow in ("data", "idx", "docsize", "config", "content"):
            conn.execute(f"DROP TABLE IF EXISTS {fts}_{shadow}")
        conn.execute("PRAGMA writable_schema=ON")
        try:
            conn.execute("DELETE FROM sqlite_master WHERE type = 'table' AND name = ?", (fts,))
        finally:
            conn.execute("PRAGMA writable_schema=OFF")
    conn.execute("RELEASE forget")


def _recreate(conn: sqlite3.Connection, base: str) -> None:
    """Create the index of ``base`` and its triggers, filled from the table."""
    for statement in fts_statements(base):
        conn.execute(statement)
    conn.execute(f"INSERT INTO {base}_word({base}_word) VALUES ('rebuild')")


def _rebuild(conn: sqlite3.Connection, damaged: list[tuple[str, str]]) -> set[str]:
    """Rebuild each damaged index in place; the bases where that failed."""
    failed = set()
    for base, kind in damaged:
        fts = f"{base}_{kind}"
        conn.execute("SAVEPOINT rebuild")
        try:
            conn.execute(f"INSERT INTO {fts}({fts}) VALUES ('rebuild')")
        except sqlite3.DatabaseError:
            conn.execute("ROLLBACK TO rebuild")
            failed.add(base)
        conn.execute("RELEASE rebuild")
    return failed


def _inspect(
    conn: sqlite3.Connection, writable: bool = True, deep: bool = False
) -> tuple[list[str], dict[tuple[str, str], str]]:
    """Problems of the file itself, and of each damaged index."""
    rows = [r[0] for r in conn.execute("PRAGMA integrity_check").fetchall()]
    file_problems = (
        []
        if rows == ["ok"]
        else ["the database file is damaged: " + "; ".join(str(r) for r in rows[:5])]
    )
    indexes = {}
    for base in FTS_BASES:
        problem = _index_problem(conn, base, "word", writable=writable, deep=deep)
        if problem is not None:
            indexes[(base, "word")] = problem
    return file_problems, indexes


def count_rows(path: Path, tables: tuple[str, ...] = TABLES) -> dict[str, int | None]:
    """Rows per table SQLite can count in ``path``, opened read-only (None where even
    that fails)."""
    counts: dict[str, int | None] = {t: None for t in tables}
    try:
        conn = open_read_only(path)
    except sqlite3.Error:
        return counts
    with contextlib.closing(conn):
        for table in tables:
            with contextlib.suppress(sqlite3.Error):
                counts[table] = conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
    return counts


def open_read_only(path: Path) -> sqlite3.Connection:
    """A connection that can only read ``path``."""
    uri = "file:" + urllib.parse.quote(str(path.absolute())) + "?mode=ro"
    conn = sqlite3.connect(uri, uri=True, isolation_level=None)
    conn.execute("PRAGMA query_only=ON")
    return conn


_SALVAGE = (
    "`memdir doctor --repair` salvages what can be read into a new file (the damaged one "
    "is kept beside it)"
)


def _unreadable(db: Database, exc: MemdirError) -> DbHealth:
    """state.db cannot even be checked: say why, with the rows SQLite can still count."""
    reason = exc.reason if isinstance(exc, DatabaseError) else str(exc)
    if not os.access(db.path, os.R_OK):  # another user's file, not a damaged one
        return DbHealth(
            db.path,
            True,
            _size(db.path),
            None,
            None,
            damaged=[f"state.db cannot be read: {reason}"],
            semantic="unknown: state.db cannot be read",
        )
    message = f"state.db cannot be read ({reason}); {_SALVAGE}."
    counts = count_rows(db.path)
    return DbHealth(
        db.path,
        True,
        _size(db.path),
        counts["sessions"],
        counts["messages"],
        problems=[message],
        damaged=[message],
        salvage=True,
        semantic="unknown: state.db cannot be read",
    )


def check(
    db: Database,
    *,
    repair: bool = True,
    embedder: Embedder | None = None,
    deep: bool = False,
    progress: Progress | None = None,
) -> DbHealth:
    """Check state.db; with ``repair``, rebuild every damaged search index from its table
    (in place, or by recreating it when it cannot even be opened). On a home that cannot
    be written it only reads. ``embedder``: the semantic layer's, reported in
    ``semantic``. ``deep``: also compare the indexes' terms with every row's (a read of
    all the text; see ``memdir doctor --deep``; ``progress`` is told how far another
    engine's check is).

    A database that does not exist yet is reported as such, not created. Another engine's
    database checks itself (its ``health``).
    """
    own = getattr(db, "health", None)
    if own is not None:
        return own(repair=repair, deep=deep, progress=progress)  # type: ignore[no-any-return]
    if not db.path.exists():
        return DbHealth(db.path, exists=False)
    try:
        db.read(lambda c: None, action="open the database")
    except MemdirError as exc:
        return _unreadable(db, exc)
    if db.read_only:
        return _check_read_only(db, embedder)
    inspect = partial(_inspect, deep=deep)
    try:
        file_problems, indexes = db.write(inspect, action="check the database")
        problems = file_problems + list(indexes.values())
        damaged = [f"{p} {_SALVAGE}." for p in file_problems]
        repaired: list[str] = []
        if indexes and repair:
            failed = db.write(lambda c: _rebuild(c, list(indexes)), action="rebuild indexes")
            for base in sorted(failed):
                db.write(partial(_forget, base=base), action="drop a damaged index")
                db.close()  # the next connection reads the schema afresh
                db.write(partial(_recreate, base=base), action="recreate an index")
            still = db.write(inspect, action="check the database")[1]
            repaired = [
                f"rebuilt search index {b}_{k} from the {b} table"
                for b, k in indexes
                if (b, k) not in still
            ]
            damaged += list(still.values())
        elif indexes:
            damaged += [f"{p}: run `memdir doctor` to rebuild it" for p in indexes.values()]
        sessions, messages, semantic = db.read(partial(_counts, embedder=embedder))
    except MemdirError as exc:
        return _unreadable(db, exc)
    return DbHealth(
        db.path,
        True,
        _size(db.path),
        sessions,
        messages,
        problems,
        repaired,
        damaged,
        salvage=bool(file_problems),
        semantic=semantic,
    )


def _counts(c: sqlite3.Connection, embedder: Embedder | None) -> tuple[int, int, str]:
    """Sessions, messages, and the semantic layer's status."""
    sessions = c.execute("SELECT count(*) FROM sessions").fetchone()[0]
    return sessions, c.execute("SELECT count(*) FROM messages").fetchone()[0], status(c, embedder)


def _check_read_only(db: Database, embedder: Embedder | None) -> DbHealth:
    """The same checks, reading only; damage is reported for a writable home to repair."""
    try:
        file_problems, indexes = db.read(
            partial(_inspect, writable=False), action="check the database"
        )
    except MemdirError as exc:
        return _unreadable(db, exc)
    counts = count_rows(db.path) if file_problems else None
    sessions, messages, semantic = (
        (counts["sessions"], counts["messages"], "unknown: state.db is damaged")
        if counts is not None
        else db.read(partial(_counts, embedder=embedder))
    )
    problems = file_problems + list(indexes.values())
    return DbHealth(
        db.path,
        True,
        _size(db.path),
        sessions,
        messages,
        problems,
        damaged=[
            f"{p} (read-only here: repair it where the home can be written)" for p in problems
        ],
        read_only=True,
        salvage=bool(file_problems),
        semantic=semantic,
    )
