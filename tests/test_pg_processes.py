"""Writers in several real processes on one PostgreSQL scope: nothing lost, nothing
duplicated, one commit per write, the stored files equal the history's newest tree."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import memdir
from conftest import team_env
from memdir.core.store import state_key
from memdir.sessions.usage import content_hash

pytestmark = pytest.mark.slow

WRITER = """
import sys, memdir
md = memdir.open(sys.argv[1], sys.argv[2])
store = md.store(sys.argv[4])
for i in range(int(sys.argv[3])):
    store.add(type="project", name=f"{sys.argv[5]} {i}", description="d", body=f"Body {i}.")
    if i % 3 == 2:
        store.replace(f"{sys.argv[5].lower()}-{i - 1}", body=f"Changed {i - 1}.")
"""


@pytest.mark.parametrize("scope", ["project", "user"])
def test_concurrent_writers_lose_nothing(
    pg_url: str, tmp_path: Path, project: Path, scope: str
) -> None:
    env = {**os.environ, **team_env(pg_url, project), "MEMDIR_BACKGROUND": "0"}
    per, names = 12, ["Ann", "Ben", "Cat", "Dan"]
    procs = [
        subprocess.Popen(
            [
                sys.executable,
                "-c",
                WRITER,
                str(tmp_path / f"h{n}"),
                str(project),
                str(per),
                scope,
                name,
            ],
            env=env,
            stderr=subprocess.PIPE,
            text=True,
        )
        for n, name in enumerate(names)
    ]
    errors = [p.communicate(timeout=300)[1] for p in procs]
    assert [p.returncode for p in procs] == [0] * len(procs), errors
    md = memdir.open(tmp_path / "check", project, database_url=pg_url, user="alice")
    store = md.store(scope)
    entries = store.list()
    assert sorted(e.name for e in entries) == sorted(f"{n} {i}" for n in names for i in range(per))
    changed = {e.name for e in entries if e.body.startswith("Changed")}
    assert changed == {f"{n} {i}" for n in names for i in range(per) if i % 3 == 1}
    history = store.history
    assert history is not None
    log = history.log()
    assert len(log) == len(names) * (per + per // 3)  # one commit per add and per replace
    head = history.head()
    assert head is not None
    tree = history.files(head)
    stored = {n: store.backend.read(n) for n in [*store.backend.listing(), "MEMORY.md"]}
    stored.update({n: store.backend.read(n) for n in store.backend.listing(archive=True)})
    assert tree == stored
    assert store.needs_repair() is False and store.problems() == []


REMOVER = """
import sys, memdir
md = memdir.open(sys.argv[1], sys.argv[2], user=sys.argv[3])
try:
    md.store("project").remove(sys.argv[4])
    print("removed")
except memdir.MemdirError as exc:
    print(f"{type(exc).__name__}: {exc}")
"""


def _queued(held: Any, lock: Any, ended: Callable[[], bool]) -> int:
    """How many sessions wait on the advisory ``lock`` ``held`` holds, once both queue or
    ``ended()`` (a worker finished early); polled up to 2 min: a guard, not a timing."""
    waiting = 0
    for _ in range(1200):
        row = held.execute(
            "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted "
            "AND ((classid::bigint << 32) | objid::bigint) = %s "
            "AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
            lock,
        ).fetchone()
        waiting = row[0] if row else 0
        if waiting == 2 or ended():
            break
        held.execute("SELECT pg_sleep(0.1)")
    return waiting


def test_two_processes_removing_one_entry_give_one_winner(
    pg_url: str, tmp_path: Path, project: Path
) -> None:
    """alice's and bob's processes remove the same project entry at once (both queued on
    the scope's lock, released together): one removes it, with one archived copy, one
    commit and one tombstone; the other is told it was removed, and changes nothing."""
    import psycopg

    team_env(pg_url, project, "alice")
    env = {**os.environ, **team_env(pg_url, project, "bob"), "MEMDIR_BACKGROUND": "0"}
    md = memdir.open(tmp_path / "check", project, database_url=pg_url, user="alice")
    store = md.store("project")
    gone = store.add(type="project", name="Deploy days", description="d", body="Tuesdays.")
    store.add(type="project", name="Test runner", description="d", body="Run pytest.")
    assert store.history is not None
    commits = len(store.history.log())
    key = store.backend.scope.key  # type: ignore[attr-defined]
    with psycopg.connect(pg_url, autocommit=True) as held:
        lock = held.execute("SELECT hashtextextended(%s, 0)", (key,)).fetchone()
        assert lock is not None
        held.execute("SELECT pg_advisory_lock(%s)", lock)
        procs = [
            subprocess.Popen(
                [sys.executable, "-c", REMOVER, str(tmp_path / who), str(project), who, gone.id],
                env=env,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for who in ("alice", "bob")
        ]
        waiting = _queued(held, lock, lambda: any(p.poll() is not None for p in procs))
        held.execute("SELECT pg_advisory_unlock(%s)", lock)
    outs = [p.communicate(timeout=300) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outs
    assert waiting == 2, outs  # both were queued on the lock when it was released
    answers = sorted(out.strip() for out, _ in outs)
    assert answers[1] == "removed", answers
    assert answers[0].startswith(f"NotFoundError: No entry matches {gone.id!r}. It was removed"), (
        answers
    )
    assert [e.name for e in store.list()] == ["Test runner"]
    archived = [n for n in store.backend.archive_names() if n.startswith(f"archive/{gone.id}--")]
    assert len(archived) == 1
    log = store.history.log()
    assert len(log) == commits + 1 and log[0].subject.startswith(f"remove {gone.id}")
    tombstones = []
    for who in ("alice", "bob"):
        mine = memdir.open(tmp_path / who, project, database_url=pg_url, user=who)
        tombstones.append(mine.tombstones.count())
        found = mine.tombstones.forgotten(state_key(store), gone.body, gone.name)
        assert (found is not None) == (tombstones[-1] == 1)
        mine.close()
    assert sorted(tombstones) == [0, 1]
    md.close()


def test_a_remove_racing_a_replace_of_one_entry_leaves_one_consistent_story(
    pg_url: str, tmp_path: Path, project: Path
) -> None:
    """alice removes and bob replaces the same project entry at once (threads, both
    queued on the scope's lock): whichever goes first, the entry ends removed or the
    other is told it was, the tombstone holds the text that was removed, and the stored
    files equal the history's newest tree."""
    import threading

    import psycopg

    team_env(pg_url, project, "alice")
    team_env(pg_url, project, "bob")
    opened = {
        who: memdir.open(tmp_path / who, project, database_url=pg_url, user=who)
        for who in ("alice", "bob")
    }
    store = opened["alice"].store("project")
    gone = store.add(type="project", name="Deploy days", description="d", body="Tuesdays.")
    key = store.backend.scope.key  # type: ignore[attr-defined]
    answers: dict[str, object] = {}

    def run(who: str) -> None:
        mine = opened[who].store("project")
        try:
            if who == "alice":
                answers[who] = mine.remove(gone.id).body
            else:
                answers[who] = mine.replace(gone.id, body="Thursdays.").body
        except memdir.MemdirError as exc:
            answers[who] = exc

    with psycopg.connect(pg_url, autocommit=True) as held:
        lock = held.execute("SELECT hashtextextended(%s, 0)", (key,)).fetchone()
        assert lock is not None
        held.execute("SELECT pg_advisory_lock(%s)", lock)
        threads = [threading.Thread(target=run, args=(who,)) for who in ("alice", "bob")]
        for t in threads:
            t.start()
        waiting = _queued(held, lock, lambda: not all(t.is_alive() for t in threads))
        held.execute("SELECT pg_advisory_unlock(%s)", lock)
    for t in threads:
        t.join(120)
    assert waiting == 2, answers
    assert store.list() == []  # removed, whoever went first
    tombstone = opened["alice"].tombstones.forgotten(state_key(store), "", "Deploy days")
    assert tombstone is not None
    if isinstance(answers["bob"], memdir.MemdirError):  # the remove went first
        assert "It was removed" in str(answers["bob"]) and answers["alice"] == "Tuesdays."
        assert tombstone.content_hash == content_hash("Tuesdays.")
    else:  # the replace went first; the remove took its text
        assert answers == {"alice": "Thursdays.", "bob": "Thursdays."}
        assert tombstone.content_hash == content_hash("Thursdays.")
    history = store.history
    assert history is not None
    tree = history.files(history.head() or "")
    stored = {n: store.backend.read(n) for n in [*store.backend.listing(), "MEMORY.md"]}
    stored.update({n: store.backend.read(n) for n in store.backend.listing(archive=True)})
    assert tree == stored
    for md in opened.values():
        md.close()
