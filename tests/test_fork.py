"""A process forked after memdir was used (multiprocessing's "fork", a pre-fork server,
``os.fork``): the child never hangs and loses nothing. Real forks, real files."""

from __future__ import annotations

import faulthandler
import multiprocessing
import sqlite3
import subprocess
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

import memdir
from memdir.engine import Memdir

pytestmark = pytest.mark.slow

HANG = 60  # seconds: a child still running then is hung (a write takes milliseconds)


def _fork(*works: Callable[[], None]) -> None:
    """Run each ``work`` in a child forked by multiprocessing; all must end cleanly."""
    fork = multiprocessing.get_context("fork")
    children = [fork.Process(target=work) for work in works]
    for child in children:
        child.start()
    for child in children:
        child.join(HANG)
        if child.exitcode is None:
            child.kill()
            child.join()
    assert [c.exitcode for c in children] == [0] * len(children), "a child hung or failed"


def _add(md: Memdir, tag: str, count: int = 3) -> None:
    store = md.store("local")
    for i in range(count):
        store.add(type="project", name=f"Fact {tag}-{i}", description=f"fact {tag} {i}",
                  body=f"Fact {i} from {tag}.")  # fmt: skip


def _writer(home: Path, project: Path, tag: str) -> Callable[[], None]:
    def work() -> None:
        md = memdir.open(home, project)
        _add(md, tag)
        md.close()

    return work


def _sound(home: Path, project: Path, names: set[str]) -> None:
    """Every entry in ``names`` is there, state.db passes its integrity check and the
    local scope's git history passes fsck."""
    md = memdir.open(home, project)
    store = md.store("local")
    assert {e.name for e in store.list()} >= names
    md.close()
    with sqlite3.connect(home / "state.db") as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    fsck = subprocess.run(
        ["git", "-C", store.backend.location, "fsck", "--strict"], capture_output=True, text=True
    )
    assert fsck.returncode == 0, fsck.stderr


def _names(*tags: str) -> set[str]:
    return {f"Fact {t}-{i}" for t in tags for i in range(3)}


@pytest.mark.parametrize("parent_closes", [True, False])
def test_children_forked_after_the_parent_wrote_open_their_own_and_write(
    home: Path, project: Path, parent_closes: bool
) -> None:
    """The parent adds (a commit: git's fsync pool starts), searches, then closes its
    Memdir or keeps it; each child opens its own and adds. Before the fix the first
    child's commit waited forever on the parent's pool, whose threads a child has not;
    the others waited for the scope lock it held."""
    md = memdir.open(home, project)
    _add(md, "parent")
    assert md.search("Fact parent")
    md.sessions.start("a", session_id="s")  # state.db open across the fork
    if parent_closes:
        md.close()
    _fork(*(_writer(home, project, f"child{n}") for n in range(3)))
    md.close()
    _sound(home, project, _names("parent", "child0", "child1", "child2"))


def test_a_child_uses_the_memdir_it_inherited(home: Path, project: Path) -> None:
    """A Memdir opened before the fork works in the child: it writes entries and state
    through its own state.db connection, while the parent goes on using the same
    Memdir."""
    md = memdir.open(home, project)
    _add(md, "parent")
    md.sessions.start("a", session_id="s")

    def work(tag: str) -> Callable[[], None]:
        def run() -> None:
            _add(md, tag)
            for i in range(20):
                md.sessions.log("s", "user", f"{tag} says {i}")
            md.close()

        return run

    _fork(work("child0"), work("child1"))
    _add(md, "after")
    md.close()
    _sound(home, project, _names("parent", "child0", "child1", "after"))
    md = memdir.open(home, project)
    said = [m.content for m in md.sessions.messages("s")]
    md.close()
    assert sorted(said) == sorted(f"{t} says {i}" for t in ("child0", "child1") for i in range(20))


def test_state_a_child_writes_survives_the_parent_closing_its_connection(
    home: Path, project: Path
) -> None:
    """The parent keeps state.db open across the fork; the child opens its own Memdir.
    Before the fix the child's connection took no lock of its own on state.db (SQLite
    counted the one it inherited), so the parent's close took the file as its last
    user's: it checkpointed and deleted the write-ahead log, and what the child wrote
    next went to the deleted log, lost."""
    md = memdir.open(home, project)
    md.sessions.start("a", session_id="s")
    md.sessions.log("s", "user", "parent 0")
    fork = multiprocessing.get_context("fork")
    child_wrote, parent_wrote, child_wrote_more, parent_closed = (fork.Event() for _ in range(4))

    def child() -> None:
        mine = memdir.open(home, project)
        mine.sessions.log("s", "user", "child 0")
        child_wrote.set()
        assert parent_wrote.wait(HANG)  # the parent closed, opened again and wrote
        for i in range(1, 30):
            mine.sessions.log("s", "user", f"child {i}")
        child_wrote_more.set()
        assert parent_closed.wait(HANG)
        mine.close()

    process = fork.Process(target=child)
    process.start()
    try:
        assert child_wrote.wait(HANG)
        md.close()
        md = memdir.open(home, project)
        for i in range(1, 30):
            md.sessions.log("s", "user", f"parent {i}")
        parent_wrote.set()
        assert child_wrote_more.wait(HANG)
        md.close()
        parent_closed.set()
    finally:
        process.join(HANG)
        if process.exitcode is None:
            process.kill()
            process.join()
    assert process.exitcode == 0
    md = memdir.open(home, project)
    said = {m.content for m in md.sessions.messages("s")}
    md.close()
    assert said == {f"{who} {i}" for who in ("parent", "child") for i in range(30)}
    with sqlite3.connect(home / "state.db") as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_a_fork_while_another_thread_is_in_a_state_db_call(home: Path, project: Path) -> None:
    """Another thread of the parent is inside a state.db read when the fork happens: the
    fork waits for it to end (forks.WAIT), so the child's copy is idle: closed, the
    child's own connection locks the file (one that outlasts the wait: test_fork_review)."""
    md = memdir.open(home, project)
    md.sessions.start("a", session_id="s")
    inside, release = threading.Event(), threading.Event()

    def hold() -> None:
        md.state_db.read(lambda conn: (inside.set(), release.wait()))

    reader = threading.Thread(target=hold)
    reader.start()
    try:
        assert inside.wait(HANG)

        def log() -> None:
            md.sessions.log("s", "user", "from the child")
            md.close()

        threading.Timer(0.5, release.set).start()  # while the fork waits for the read
        _fork(log)
    finally:
        release.set()
        reader.join()
    assert [m.content for m in md.sessions.messages("s")] == ["from the child"]
    _add(md, "parent")
    md.close()
    _sound(home, project, _names("parent"))


def test_a_fork_while_another_thread_holds_a_scope_lock(home: Path, project: Path) -> None:
    """Another thread of the parent is inside a write (it holds the scope's lock) when
    the fork happens. The child's inherited Memdir opens its stores again: its write
    waits for the scope lock like any other process, not forever on the copy of the
    parent's thread lock."""
    md = memdir.open(home, project)
    _add(md, "parent")
    inside, release = threading.Event(), threading.Event()

    def hold() -> None:
        with md.store("local").backend.lock():
            inside.set()
            release.wait()

    writer = threading.Thread(target=hold)
    writer.start()
    try:
        assert inside.wait(HANG)
        fork = multiprocessing.get_context("fork")
        child = fork.Process(target=lambda: _add(md, "child"))
        child.start()
    finally:
        release.set()  # the child's write may go on
        writer.join()
    child.join(HANG)
    if child.exitcode is None:
        child.kill()
        child.join()
    assert child.exitcode == 0, "the child hung or failed"
    md.close()
    _sound(home, project, _names("parent", "child"))


def test_a_fork_during_a_background_run(home: Path, project: Path) -> None:
    """The parent's pipeline is in a run (as its worker thread would be) at the fork: in
    the child the run and its lock are the parent's, and the child's own run goes."""
    from memdir.testing import ScriptedProvider, candidates_reply

    md = memdir.open(home, project)
    with md.session(agent="a") as s:
        s.log("user", "We deploy with make ship.")
    md.pipeline.provider = ScriptedProvider([candidates_reply()])
    inside, release = threading.Event(), threading.Event()

    def run() -> None:
        md.pipeline.run(progress=lambda job: (inside.set(), release.wait()))

    worker = threading.Thread(target=run)
    worker.start()
    try:
        assert inside.wait(HANG)

        def child_run() -> None:
            md.pipeline.run()
            md.close()

        _fork(child_run)
    finally:
        release.set()
        worker.join()
    md.close()


@pytest.mark.parametrize("held", ["warnings", "stems"])
def test_a_fork_while_a_thread_holds_a_module_lock(held: str) -> None:
    """A lock of the module is held at the fork, as by a thread inside the call: the
    child's copy is renewed, so the same call in the child goes on."""
    from memdir.core import notices
    from memdir.sessions import stems

    lock, call = {
        "warnings": (notices._lock, lambda: notices.warn_once("said in the child")),
        "stems": (stems._PRIVATE_LOCK, lambda: stems.stem(["running"])),
    }[held]
    with lock:
        _fork(call)


def test_children_on_the_team_backend_use_connections_of_their_own(
    home: Path, project: Path, pg_url: str
) -> None:
    """PostgreSQL: the parent's pool (its connections, its threads) stays the parent's.
    One child uses the Memdir it inherited, one opens its own, and the parent goes on
    writing meanwhile; before the fix both children took the parent's pooled
    connections, so two processes spoke on one socket."""
    from conftest import team_env

    env = team_env(pg_url, project)

    def opened() -> Memdir:
        return memdir.open(home, project, database_url=pg_url, user=env["MEMDIR_USER"])

    md = opened()
    _add(md, "parent")

    def own() -> None:
        mine = opened()
        _add(mine, "own", 10)
        mine.close()

    fork = multiprocessing.get_context("fork")
    children = [fork.Process(target=work) for work in (lambda: _add(md, "inherited", 10), own)]
    for child in children:
        child.start()
    # The parent's own connections may be the ones that hang: then the run ends here.
    # (Armed after the forks: a child cannot re-arm a watchdog thread it has not.)
    faulthandler.dump_traceback_later(HANG * 3, exit=True)
    try:
        _add(md, "meanwhile", 10)
        for child in children:
            child.join(HANG)
            if child.exitcode is None:
                child.kill()
                child.join()
        assert [c.exitcode for c in children] == [0, 0], "a child hung or failed"
        names = {e.name for e in md.store("local").list()}
        md.close()
    finally:
        faulthandler.cancel_dump_traceback_later()
    added = {f"Fact {t}-{i}" for t in ("inherited", "own", "meanwhile") for i in range(10)}
    assert names == _names("parent") | added
