"""``memdir doctor --repair``: salvage a damaged state.db into a new file, keep the old
one. (docs/design/sessions.md)."""

from __future__ import annotations

import contextlib
import functools
import os
import shutil
import sqlite3
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.errors import DatabaseError
from .db import Database
from .maintenance import TABLES, Progress, _forget, _recreate, count_rows, open_read_only
from .schema import FTS_BASES

_CHUNK = 2000


@dataclass(frozen=True)
class Recovery:
    """What :func:`recover` did: the new state.db, where the damaged one is kept, how the
    rows were read, and the rows per table SQLite could count before (None: not even
    that) and the rows in the new file."""

    path: Path
    kept: Path
    method: str
    before: dict[str, int | None]
    after: dict[str, int]
    skipped: dict[str, int] = field(default_factory=dict)  # unreadable ranges per table


@functools.cache
def _shell() -> str | None:
    """A ``sqlite3`` shell whose ``.recover`` works, or None."""
    exe = shutil.which("sqlite3")
    if exe is None:
        return None
    with tempfile.TemporaryDirectory() as folder:
        probe = Path(folder) / "probe.db"
        with contextlib.closing(sqlite3.connect(probe)) as conn:
            conn.execute("CREATE TABLE t(a)")
            conn.execute("INSERT INTO t VALUES ('memdir')")
            conn.commit()
        try:
            out = subprocess.run(
                [exe, str(probe), ".recover"], capture_output=True, text=True, timeout=30
            )
        except (OSError, subprocess.SubprocessError):
            return None
    return exe if out.returncode == 0 and "'memdir'" in out.stdout else None


def _shell_recover(exe: str, source: Path, scratch: Path, progress: Progress) -> None:
    """``sqlite3 SOURCE .recover | sqlite3 SCRATCH``, counting the bytes of SQL."""
    total = source.stat().st_size
    with (
        subprocess.Popen(
            [exe, str(source), ".recover"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
        ) as reader,
        subprocess.Popen(
            [exe, str(scratch)], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        ) as writer,
    ):  # fmt: skip
        assert reader.stdout is not None and writer.stdin is not None
        done = 0
        while chunk := reader.stdout.read(1 << 16):
            writer.stdin.write(chunk)
            done += len(chunk)
            progress("reading pages (sqlite3 .recover)", min(done // 2, total), total)
        writer.stdin.close()


def _rows(
    conn: sqlite3.Connection, table: str, columns: list[str], skipped: dict[str, int]
) -> Iterator[list[tuple[Any, ...]]]:
    """Chunks of ``(rowid, *columns)`` in rowid order, past whatever cannot be read (probes
    of growing stride, then bisection back); ``skipped`` counts the ranges stepped over."""
    sql = f"SELECT rowid, {', '.join(columns)} FROM {table} WHERE rowid > ? ORDER BY rowid LIMIT ?"

    def read(after: int, limit: int) -> list[tuple[Any, ...]] | None:
        try:
            rows = conn.execute(sql, (after, limit)).fetchall()
        except sqlite3.DatabaseError:
            return None
        top, forward = after, []  # a damaged page can answer rows out of order (or
        for row in rows:  # before ``after``): only rows going forward count, else no answer
            if isinstance(row[0], int) and row[0] > top:
                top = row[0]
                forward.append(row)
        return forward if forward or not rows else None

    after, limit = -(2**63), _CHUNK
    while True:
        chunk = read(after, limit)
        if chunk is None and limit > 1:
            limit //= 4
            continue
        if chunk is None:  # the very next row cannot be read: step over it
            skipped[table] = skipped.get(table, 0) + 1
            lo, stride = max(after, 0), 1
            while read(lo + stride, 1) is None:
                lo, stride = lo + stride, stride * 4
                if lo >= 2**62:
                    return
            hi = lo + stride
            while hi - lo > 1:
                mid = (lo + hi) // 2
                lo, hi = (mid, hi) if read(mid, 1) is None else (lo, mid)
            after, limit = hi, _CHUNK
            continue
        if not chunk:
            return
        yield chunk
        after, limit = int(chunk[-1][0]), _CHUNK


def _columns(conn: sqlite3.Connection, table: str, schema: str = "main") -> list[str]:
    return [r[1] for r in conn.execute(f"PRAGMA {schema}.table_info({table})")]


def _copy(source: sqlite3.Connection, target: Path, progress: Progress) -> dict[str, int]:
    """Copy every plain table the new schema has from ``source`` into ``target``."""
    skipped: dict[str, int] = {}
    with contextlib.closing(sqlite3.connect(target, isolation_level=None)) as out:
        out.execute("PRAGMA foreign_keys=OFF")
        tables = [
            r[0]
            for r in out.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE "
                "'CREATE VIRTUAL%' AND name != 'migrations' AND name NOT LIKE 'sqlite%'"
            )
            if not any(
                r[0].startswith(f"{b}_word") or r[0].startswith(f"{b}_tri") for b in FTS_BASES
            )
        ]
        try:
            have = {
                r[0] for r in source.execute("SELECT name FROM sqlite_master WHERE type='table'")
            }
        except sqlite3.DatabaseError:
            have = set(tables)  # the schema table itself is damaged: try each one
        for table in tables:
            if table not in have:
                continue
            try:
                theirs = set(_columns(source, table))
            except sqlite3.DatabaseError:
                skipped[table] = skipped.get(table, 0) + 1
                continue
            columns = [c for c in _columns(out, table) if c in theirs]
            if not columns:
                continue
            try:
                total = source.execute(f"SELECT max(rowid) FROM {table}").fetchone()[0]
            except sqlite3.DatabaseError:
                total = None
            marks = ", ".join("?" * (len(columns) + 1))
            insert = f"INSERT OR IGNORE INTO {table} (rowid, {', '.join(columns)}) VALUES ({marks})"
            for chunk in _rows(source, table, columns, skipped):
                out.execute("BEGIN")
                out.executemany(insert, chunk)
                out.execute("COMMIT")
                progress(f"copying {table}", int(chunk[-1][0]), total)
        # Messages whose session row was lost keep a placeholder session, so they stay
        # searchable and can be deleted like any other.
        out.execute(
            "INSERT INTO sessions (id, agent, title, started_at) SELECT session_id, "
            "'recovered', 'recovered by memdir doctor --repair', min(timestamp) FROM messages "
            "WHERE session_id NOT IN (SELECT id FROM sessions) GROUP BY session_id"
        )
    return skipped


def recover(path: Path, *, progress: Progress | None = None) -> Recovery:
    """Salvage ``path`` (state.db) into a new file that takes its place; the damaged
    file is kept beside it as ``<name>.damaged-<time>``. Stop other memdir processes
    first: a writer still holding the old file would keep writing to it."""
    report: Progress = progress or (lambda stage, done, total: None)
    if not path.exists():
        raise DatabaseError(path, "repair the database", "it does not exist")
    before = count_rows(path)
    stamp = time.strftime("%Y%m%dT%H%M%S")
    fresh = path.with_name(f"{path.name}.repairing-{stamp}")
    kept = path.with_name(f"{path.name}.damaged-{stamp}")
    exe = _shell()
    with tempfile.TemporaryDirectory(dir=path.parent) as folder:
        scratch = Path(folder) / "recovered.db"
        try:
            if exe is not None:
                _shell_recover(exe, path, scratch, report)
                source, method = sqlite3.connect(scratch, isolation_level=None), "sqlite3 .recover"
            else:
                source, method = open_read_only(path), "SQLite reads, skipping what fails"
            db = Database(fresh)
            db.read(lambda c: None)  # creates it with the current schema
            for base in FTS_BASES:  # filled once at the end, not row by row
                db.write(functools.partial(_forget, base=base), action="prepare the new database")
            db.close()
            with contextlib.closing(source):
                skipped = _copy(source, fresh, report)
            report("building the search indexes", 0, None)
            for base in FTS_BASES:
                db.write(functools.partial(_recreate, base=base), action="build the indexes")
            after = {t: db.read(functools.partial(_count, table=t)) for t in TABLES}
            db.close()
        except BaseException as exc:
            for leftover in (fresh, *_companions(fresh)):
                leftover.unlink(missing_ok=True)
            if isinstance(exc, sqlite3.Error | OSError):
                raise DatabaseError(path, "repair the database", str(exc)) from None
            raise
    for old, new in zip((path, *_companions(path)), (kept, *_companions(kept)), strict=True):
        if old.exists():
            os.replace(old, new)
    for leftover in _companions(fresh):
        leftover.unlink(missing_ok=True)
    os.replace(fresh, path)
    return Recovery(path, kept, method, before, after, skipped)


def _count(conn: sqlite3.Connection, table: str) -> int:
    return int(conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0])


def _companions(path: Path) -> tuple[Path, Path]:
    """The WAL and shared-memory files SQLite keeps beside a database."""
    return path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")
