"""``memdir doctor`` for state.db: check integrity, rebuild damaged search indexes, size.

The messages and entries tables are the truth; the FTS5 indexes are derived from them
(external content), so a damaged index is never a loss: it is rebuilt from its table. Each
index is checked two ways, because either alone misses damage:

* FTS5's own ``integrity-check`` finds corrupt index structures (garbage in a segment);
* comparing the index's document list (``<index>_docsize``) with the table's row ids finds
  an index that silently fell out of step (rows missing from it, or left over).

Damage to the database file itself (SQLite's ``integrity_check``) is reported, not
repaired: that needs a backup or ``sqlite3 state.db .recover``.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import MemdirError
from .db import Database
from .schema import FTS_BASES, fts_statements

__all__ = ["DbHealth", "check"]

_KINDS = ("word", "tri")


@dataclass(frozen=True)
class DbHealth:
    """What :func:`check` found in state.db and what it repaired."""

    path: Path
    exists: bool
    size: int = 0
    sessions: int = 0
    messages: int = 0
    problems: list[str] = field(default_factory=list)
    repaired: list[str] = field(default_factory=list)
    damaged: list[str] = field(default_factory=list)  # found and still broken

    @property
    def healthy(self) -> bool:
        """Nothing is still broken (repaired problems count as healthy)."""
        return not self.damaged


def _index_problem(conn: sqlite3.Connection, base: str, kind: str) -> str | None:
    """Why the FTS index ``<base>_<kind>`` is damaged, or None when it is sound."""
    fts = f"{base}_{kind}"
    try:
        conn.execute(f"INSERT INTO {fts}({fts}) VALUES ('integrity-check')")
        missing = conn.execute(f"SELECT count(*) FROM (SELECT id FROM {base} EXCEPT "
                               f"SELECT id FROM {fts}_docsize)").fetchone()[0]
        extra = conn.execute(f"SELECT count(*) FROM (SELECT id FROM {fts}_docsize EXCEPT "
                             f"SELECT id FROM {base})").fetchone()[0]
    except sqlite3.DatabaseError as exc:
        return f"search index {fts} is damaged ({exc})"
    if missing or extra:
        return (f"search index {fts} is out of step with the {base} table ({missing} rows "
                f"missing from it, {extra} left over)")
    return None


def _recreate(conn: sqlite3.Connection, base: str) -> None:
    """Drop and recreate both indexes of ``base`` and their triggers, then fill them."""
    for trigger in ("insert", "delete", "update"):
        conn.execute(f"DROP TRIGGER IF EXISTS {base}_fts_{trigger}")
    for kind in _KINDS:
        conn.execute(f"DROP TABLE IF EXISTS {base}_{kind}")
    for statement in fts_statements(base):
        conn.execute(statement)
    for kind in _KINDS:
        conn.execute(f"INSERT INTO {base}_{kind}({base}_{kind}) VALUES ('rebuild')")


def _rebuild(conn: sqlite3.Connection, base: str, kind: str) -> None:
    fts = f"{base}_{kind}"
    try:
        conn.execute(f"INSERT INTO {fts}({fts}) VALUES ('rebuild')")
    except sqlite3.DatabaseError:
        conn.execute("ROLLBACK TO repair")  # undo the half rebuild, then start over
        _recreate(conn, base)


def _size(path: Path) -> int:
    return sum(p.stat().st_size for p in (path, path.with_name(path.name + "-wal"))
               if p.exists())


def check(db: Database, *, repair: bool = True) -> DbHealth:
    """Check state.db; with ``repair``, rebuild every damaged search index from its table.

    A database that does not exist yet is reported as such, not created.
    """
    if not db.path.exists():
        return DbHealth(db.path, exists=False)
    problems: list[str] = []
    repaired: list[str] = []
    damaged: list[str] = []

    def run(c: sqlite3.Connection) -> tuple[int, int]:
        for found in (problems, repaired, damaged):
            found.clear()  # the transaction may be retried when another process is busy
        rows = [r[0] for r in c.execute("PRAGMA integrity_check").fetchall()]
        if rows != ["ok"]:
            text = "; ".join(str(r) for r in rows[:5])
            problems.append(f"the database file is damaged: {text}")
            damaged.append("Restore state.db from a backup, or salvage it with "
                           "`sqlite3 state.db .recover`.")
        for base in FTS_BASES:
            for kind in _KINDS:
                problem = _index_problem(c, base, kind)
                if problem is None:
                    continue
                problems.append(problem)
                if not repair:
                    damaged.append(f"{base}_{kind}: run `memdir doctor` to rebuild it")
                    continue
                c.execute("SAVEPOINT repair")
                _rebuild(c, base, kind)
                c.execute("RELEASE repair")
                again = _index_problem(c, base, kind)
                if again is None:
                    repaired.append(f"rebuilt search index {base}_{kind} from the {base} "
                                    f"table")
                else:
                    damaged.append(again)
        return (c.execute("SELECT count(*) FROM sessions").fetchone()[0],
                c.execute("SELECT count(*) FROM messages").fetchone()[0])

    try:
        sessions, messages = db.write(run, action="check the database")
    except MemdirError as exc:
        return DbHealth(db.path, True, _size(db.path), problems=[str(exc)], damaged=[str(exc)])
    return DbHealth(db.path, True, _size(db.path), sessions, messages, problems, repaired,
                    damaged)
