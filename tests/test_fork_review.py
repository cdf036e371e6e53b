"""Review rvfork of branch forkdead: reproducers. Each test FAILS on forkdead 7db96f12
(what it shows is in its docstring); none can hang the run (join timeouts)."""

from __future__ import annotations

import multiprocessing
import sqlite3
import threading
from pathlib import Path

import pytest

import memdir

pytestmark = pytest.mark.slow

HANG = 30


def _join(process: multiprocessing.process.BaseProcess) -> int | None:
    process.join(HANG)
    if process.exitcode is None:
        process.kill()
        process.join()
        return None
    return process.exitcode


@pytest.mark.parametrize("inside", ["read", "write"])
def test_a_child_forked_while_a_parent_thread_is_in_state_db_keeps_its_writes(
    home: Path, project: Path, inside: str
) -> None:
    """MUST-FIX 1. A parent thread is inside state_db.read/write at the fork: the copy goes
    to forks.LEFT, and SQLite's per-process lock record still counts it, so the child's
    own new connection takes no lock of its own. read: the parent's close checkpoints and
    deletes the WAL; the child's later writes are lost silently (29 of 31 on forkdead).
    write: the copy still holds WAL_WRITE_LOCK in the child's memory: every child write
    waits busy_timeout and raises LockTimeoutError, forever. forkmend: the fork waits
    (up to forks.WAIT) for the call to end; a call still running then is the next test."""
    md = memdir.open(home, project)
    md.sessions.start("a", session_id="s")
    held, release = threading.Event(), threading.Event()

    def hold() -> None:
        def body(conn: sqlite3.Connection) -> None:
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
            held.set()
            release.wait()

        (md.state_db.read if inside == "read" else md.state_db.write)(body)

    thread = threading.Thread(target=hold)
    thread.start()
    assert held.wait(HANG)
    fork = multiprocessing.get_context("fork")
    wrote, closed = fork.Event(), fork.Event()

    def child() -> None:
        mine = memdir.open(home, project)
        mine.state_db.busy_timeout = 5
        mine.sessions.log("s", "user", "child 0")
        wrote.set()
        assert closed.wait(HANG)
        for i in range(1, 30):
            mine.sessions.log("s", "user", f"child {i}")
        mine.close()

    process = fork.Process(target=child)
    threading.Timer(0.5, release.set).start()  # the fork waits for the call to end (forkmend)
    process.start()
    thread.join()
    wrote.wait(HANG)
    md.close()  # the parent's last connection to state.db
    closed.set()
    assert _join(process) == 0, "the child failed (LockTimeoutError) or hung"
    md = memdir.open(home, project)
    said = {m.content for m in md.sessions.messages("s")}
    md.close()
    assert said == {f"child {i}" for i in range(30)}


def test_a_child_forked_while_a_parent_thread_stays_in_state_db_refuses_it(
    home: Path, project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """forkmend: a call that outlasts forks.WAIT leaves the parent's connection in the
    child, where SQLite cannot lock the file safely: the child refuses state.db with a
    clear DatabaseError (its inherited Memdir and one it opens), never hangs or loses."""
    from memdir.core import forks

    monkeypatch.setattr(forks, "WAIT", 0.3)
    md = memdir.open(home, project)
    md.sessions.start("a", session_id="s")
    held, release = threading.Event(), threading.Event()

    def hold(conn: sqlite3.Connection) -> None:
        held.set()
        release.wait()

    thread = threading.Thread(target=md.state_db.write, args=(hold,))
    thread.start()
    assert held.wait(HANG)
    fork = multiprocessing.get_context("fork")

    def child() -> None:
        for m in (md, memdir.open(home, project)):
            with pytest.raises(memdir.DatabaseError, match="forked while another thread"):
                m.sessions.log("s", "user", "from the child")

    process = fork.Process(target=child)
    process.start()
    release.set()
    thread.join()
    assert _join(process) == 0, "the child wrote, failed otherwise or hung"
    md.sessions.log("s", "user", "from the parent")
    assert [m.content for m in md.sessions.messages("s")] == ["from the parent"]
    md.close()


def test_a_fork_while_a_parent_thread_compiles_the_guard(home: Path, project: Path) -> None:
    """MUST-FIX 2. The guard's needle registry lock (guard/_needles.py ``_REGISTRY._lock``,
    taken while the first scan builds the automaton) is not renewed in the child: the
    child's first add (which scans) waits forever. Simulated by holding the lock."""
    from memdir.guard import _needles

    md = memdir.open(home, project)
    fork = multiprocessing.get_context("fork")

    def child() -> None:
        md.store("local").add(
            type="project", name="Fact child", description="fact", body="Fact from child."
        )
        md.close()

    with _needles._REGISTRY._lock:  # as a parent thread inside _Registry.current()
        _needles._REGISTRY.pending.add("zzqx-needle")
        process = fork.Process(target=child)
        process.start()
    assert _join(process) == 0, "the child hung on the guard's lock"
    md.close()


def test_a_fork_while_a_parent_thread_imports_the_guard_on_its_first_write() -> None:
    """MUST-FIX 3. store.py imports memdir.guard lazily on the first write; a fork while a
    parent thread runs that import copies importlib's module lock held, and the child's
    first add waits on it forever (the stress run /tmp/rvfork/stress.py: 3 of 6 children
    hung there). Needs a fresh interpreter, so it runs /tmp/rvfork/import_hang.py's twin."""
    import subprocess
    import sys

    script = Path(__file__).with_name("fork_import_hang.py")
    run = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
