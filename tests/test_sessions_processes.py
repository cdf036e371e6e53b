"""state.db shared by real processes: writers and readers at once, first open racing."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from memdir import LockTimeoutError
from memdir.sessions import Database, SessionStore
from memdir.sessions.schema import MIGRATIONS

pytestmark = pytest.mark.slow

_WAIT = """
import os, pathlib, sys, time
from memdir.sessions import Database, SessionStore
go = pathlib.Path(sys.argv[1])
pathlib.Path(f"{go}.ready.{os.getpid()}").touch()  # imported: the race is the open itself
while not go.exists():
    time.sleep(0.005)
"""

WRITER = _WAIT + textwrap.dedent("""
    store = SessionStore(Database(sys.argv[2]))
    tag, count = sys.argv[3], int(sys.argv[4])
    store.start("writer", session_id=f"w{tag}")
    for i in range(count):
        if i % 10 == 9:
            store.log_many(f"w{tag}", [("tool", f"batch w{tag}n{i}b{j} output", "sh", None,
                                        None) for j in range(5)])
        store.log(f"w{tag}", "user", f"writer {tag} says w{tag}n{i}x and 并发写入{i}")
    print("done", flush=True)
""")

READER = _WAIT + textwrap.dedent("""
    store = SessionStore(Database(sys.argv[2]))
    deadline = time.monotonic() + float(sys.argv[3])
    searches = 0
    while time.monotonic() < deadline:
        store.search("writer says", limit=5)
        store.search_messages("并发写入", limit=20)
        store.list(limit=5)
        searches += 1
    print("searches", searches, flush=True)
""")

OPENER = _WAIT + textwrap.dedent("""
    store = SessionStore(Database(sys.argv[2]))
    store.start("opener", session_id=sys.argv[3])
    store.log(sys.argv[3], "user", "opened")
    print("ok", flush=True)
""")


def _spawn(script: str, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", script, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _release(go: Path, procs: list[subprocess.Popen[str]]) -> None:
    """Touch ``go`` once every process is ready (a fixed pause let a late starter miss the
    race it was there for)."""
    deadline = time.monotonic() + 60
    for proc in procs:
        while not Path(f"{go}.ready.{proc.pid}").exists():
            assert time.monotonic() < deadline and proc.poll() is None, proc.communicate()
            time.sleep(0.01)
    go.touch()


def test_writers_and_readers_in_parallel_processes(tmp_path: Path) -> None:
    db = tmp_path / "state.db"
    go = tmp_path / "go"
    SessionStore(Database(db)).start("setup", session_id="seed")  # schema in place
    writers = [_spawn(WRITER, str(go), str(db), str(n), "40") for n in range(3)]
    readers = [_spawn(READER, str(go), str(db), "1.5") for _ in range(2)]
    _release(go, writers + readers)
    for proc in writers + readers:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err  # a reader that saw "database is locked" fails here
        assert "Traceback" not in err
        assert out.startswith(("done", "searches"))
    store = SessionStore(Database(db))
    assert store.count() == (4, 3 * (40 + 4 * 5))
    for n in range(3):
        for i in (0, 21, 39):
            [hit] = store.search_messages(f"w{n}n{i}x")
            assert hit.session_id == f"w{n}"
        assert len(store.search_messages(f"w{n}n9b4")) == 1
    assert len(store.search_messages("并发写入", limit=1000)) == 120


def test_first_open_races_apply_each_migration_once(tmp_path: Path) -> None:
    db = tmp_path / "fresh" / "state.db"
    go = tmp_path / "go"
    procs = [_spawn(OPENER, str(go), str(db), f"s{n}") for n in range(5)]
    _release(go, procs)
    for proc in procs:
        out, err = proc.communicate(timeout=60)
        assert proc.returncode == 0 and out.strip() == "ok", err
    database = Database(db)
    assert [name for name, _ in database.migrations()] == [m.name for m in MIGRATIONS]
    assert SessionStore(database).count() == (5, 5)
    assert oct(db.stat().st_mode & 0o777) == "0o600"


HOLDER = textwrap.dedent("""
    import sqlite3, sys, time
    conn = sqlite3.connect(sys.argv[1], isolation_level=None)  # a rollback journal
    conn.execute("BEGIN IMMEDIATE")
    print("held", flush=True)
    time.sleep(float(sys.argv[2]))
    conn.execute("COMMIT")
""")


def _hold(db: Path, seconds: float) -> subprocess.Popen[str]:
    """Another process holding the write lock of ``db`` (not yet in WAL mode)."""
    holder = _spawn(HOLDER, str(db), str(seconds))
    assert holder.stdout is not None and holder.stdout.readline() == "held\n"
    return holder


def test_the_switch_to_wal_waits_for_another_process_lock(tmp_path: Path) -> None:
    """SQLite's busy handler does not run for the switch to WAL: it failed at once."""
    db = tmp_path / "state.db"
    holder = _hold(db, 1.0)
    store = SessionStore(Database(db))
    store.start("opener", session_id="s")
    assert holder.wait(timeout=60) == 0
    assert store.count() == (1, 0)
    assert Database(db).read(lambda c: c.execute("PRAGMA journal_mode").fetchone()[0]) == "wal"


def test_the_switch_to_wal_gives_up_after_busy_timeout(tmp_path: Path) -> None:
    db = tmp_path / "state.db"
    holder = _hold(db, 30.0)
    try:
        with pytest.raises(LockTimeoutError, match="waiting for the lock"):
            SessionStore(Database(db, busy_timeout=0.5)).start("opener", session_id="s")
    finally:
        holder.kill()
        holder.communicate()
