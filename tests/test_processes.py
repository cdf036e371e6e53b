"""Concurrency and crashes with real processes: no lost entry, no torn file, no stale index."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

import memdir
from forkserver import Child, ForkServer
from memdir.core.frontmatter import parse_entry

pytestmark = pytest.mark.slow

WRITER = textwrap.dedent(
    """
    import sys
    import memdir
    home, project, tag, count = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    store = memdir.open(home, project).store("local")
    print("ready", flush=True)
    for i in range(count):
        store.add(type="project", name=f"Fact {tag}-{i}", description=f"fact {tag} {i}",
                  body=f"Fact number {i} from writer {tag}. " + "x" * 300 + " END")
    """
)

CHURN = textwrap.dedent(
    """
    import itertools, sys
    import memdir
    home, project, trial = sys.argv[1], sys.argv[2], sys.argv[3]
    store = memdir.open(home, project).store("local")
    store.add(type="project", name=f"Warm-up {trial}", description="first write",
              body=f"Warm-up write of trial {trial}, so the guard is loaded. END")
    print("ready", flush=True)
    for i in itertools.count():
        name = f"Note {trial}-{i}"
        store.add(type="user", name=name, description=f"note {i}",
                  body=f"Note {i} of trial {trial}. " + "y" * (200 + i % 900) + " END")
        if i % 3 == 1:
            store.replace(name, body=f"Replaced {i}. " + "z" * (100 + i % 500) + " END")
        if i % 4 == 2:
            store.remove(name)
        elif i % 5 == 3:
            store.supersede(name, name=f"{name} v2", description="newer",
                            body=f"Superseding {i}. " + "w" * 50 + " END")
    """
)


LOCKER = textwrap.dedent(
    """
    import sys
    from memdir.core.storage.files import FileBackend
    with FileBackend(sys.argv[1]).lock(float(sys.argv[2])):
        print("held", flush=True)
        sys.stdin.read()  # until stdin closes or the process is killed
    """
)


def _locker(folder: Path, timeout: float) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", LOCKER, str(folder), str(timeout)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_a_lock_wait_times_out_and_a_killed_holder_frees_the_lock(tmp_path: Path) -> None:
    """Another process holds the scope lock: a writer that waits too long gets the clear
    LockTimeoutError; once the holder is killed, a process waiting meanwhile gets the lock,
    and after it yet another process and the writer that gave up (nothing of its wait
    kept the lock)."""
    from memdir.core.storage.files import FileBackend

    folder = tmp_path / "scope"
    holder = _locker(folder, 30)
    assert holder.stdout is not None
    assert holder.stdout.readline() == "held\n"
    with (
        pytest.raises(memdir.LockTimeoutError, match=r"Timed out after 0s waiting for the lock"),
        FileBackend(folder).lock(0.3),
    ):
        pass
    waiting = _locker(folder, 120)
    holder.kill()
    assert holder.wait(timeout=30) == -signal.SIGKILL
    out, err = waiting.communicate("", timeout=120)
    assert (out, waiting.returncode) == ("held\n", 0), err
    after = _locker(folder, 120)
    out, err = after.communicate("", timeout=120)
    assert (out, after.returncode) == ("held\n", 0), err
    with FileBackend(folder).lock(120):  # and this process, whose wait gave up, too
        pass


def _wait_in_thread(folder: Path, timeout: float) -> tuple[threading.Thread, list[float]]:
    """A thread of this process taking the scope lock (its own descriptor, so another
    process's flock holds it up): the monotonic time it got it, once it has."""
    from memdir.core.storage.files import FileBackend

    got: list[float] = []

    def wait() -> None:
        with FileBackend(folder).lock(timeout):
            got.append(time.monotonic())

    thread = threading.Thread(target=wait, daemon=True)
    thread.start()
    return thread, got


def _listened(fifo: str) -> bool:
    """True once someone has ``fifo`` open to read (a waiter), without writing to it."""
    try:
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
    except OSError:
        return False
    return True


def test_a_waiter_is_woken_when_the_holder_lets_go(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A writer waiting on a busy lock listens on the lock's FIFO, and the holder writes
    to it when it lets go: with the waiter's own tries pushed past its deadline, only that
    wake can hand it the lock within seconds, also when the two have different
    ``TMPDIR`` values. The FIFO is gone once nobody waits, and it never is in the scope folder."""
    from memdir.core.storage import files

    monkeypatch.setattr(files, "_WAKE_MAX", 600_000)  # ms: no try of its own for 60 s
    folder = tmp_path / "scope"
    holder = _locker(folder, 30)
    assert holder.stdout is not None
    assert holder.stdout.readline() == "held\n"
    fifo = files.wake_fifo(os.stat(folder / files.LOCK_NAME))
    assert not fifo.startswith(str(folder))
    monkeypatch.setenv("TMPDIR", str(tmp_path))  # the waiter's differs from the holder's
    thread, got = _wait_in_thread(folder, 60)
    deadline = time.monotonic() + 30
    while not _listened(fifo):
        assert time.monotonic() < deadline, "the waiter never listened on the FIFO"
        time.sleep(0.01)
    let_go = time.monotonic()
    holder.communicate("", timeout=30)  # its lock's with-block ends: LOCK_UN, then the wake
    thread.join(timeout=20)
    assert got and got[0] - let_go < 20
    assert not os.path.exists(fifo)
    assert sorted(p.name for p in folder.iterdir()) == [".gitignore", ".lock"]


@pytest.mark.parametrize("planted", ["file", "symlink"])
def test_a_waiter_polls_when_the_fifo_is_not_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, planted: str
) -> None:
    """Something else where the lock's FIFO goes (a file, a symlink): the waiter neither
    writes to it nor follows it, and gets the lock by polling."""
    from memdir.core.storage import files

    monkeypatch.setattr(files, "_WAKE_MAX", 600_000)
    folder = tmp_path / "scope"
    holder = _locker(folder, 30)
    assert holder.stdout is not None
    assert holder.stdout.readline() == "held\n"
    fifo = files.wake_fifo(os.stat(folder / files.LOCK_NAME))
    os.makedirs(os.path.dirname(fifo), mode=0o700, exist_ok=True)
    target = tmp_path / "target"
    target.write_bytes(b"kept")
    if planted == "file":
        Path(fifo).write_bytes(b"kept")
    else:
        Path(fifo).symlink_to(target)
    try:
        thread, got = _wait_in_thread(folder, 60)
        time.sleep(0.3)
        let_go = time.monotonic()
        holder.communicate("", timeout=30)
        thread.join(timeout=20)
        assert got and got[0] - let_go < 20
        assert Path(fifo).read_bytes() == b"kept" and target.read_bytes() == b"kept"
    finally:
        os.unlink(fifo)


# A fresh process's first ``ACTION`` on the local scope, with the order of the scope lock's
# flock calls and PyYAML's import printed (an audit hook sees both).
FIRST = textwrap.dedent(
    """
    import fcntl, sys
    import memdir
    store = memdir.open(sys.argv[1], sys.argv[2], repair=False).store("local")
    assert "yaml" not in sys.modules, "the test needs a process that has not imported it"
    events = []

    def audit(name, args):
        if name == "fcntl.flock":
            events.append("lock" if args[1] & fcntl.LOCK_EX else "unlock")
        elif name == "import" and args[0] == "yaml":
            events.append("import yaml")

    sys.addaudithook(audit)
    ACTION
    """
)


def _first(home: Path, project: Path, action: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-c", FIRST.replace("ACTION", action), str(home), str(project)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_a_first_write_imports_yaml_before_it_takes_the_lock(tmp_path: Path) -> None:
    """A process's first write renders (and may parse) with PyYAML: it is imported before
    the scope lock is taken, not while every other writer waits (an import takes ~10 ms,
    several adds' worth of the lock)."""
    home, project = tmp_path / "home", tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    add = 'store.add(type="user", name="A first note", description="its hook", body="Its body.")'
    events = _first(home, project, f"{add}\nprint(' '.join(events))")
    assert events == ["import", "yaml", "lock", "unlock"]


def test_a_first_repair_imports_yaml_before_it_takes_the_lock(tmp_path: Path) -> None:
    """A repair (``memdir.open`` runs one when a write was interrupted) parses every entry
    with PyYAML under the scope lock: a process's first imports it before taking the
    lock, as a first write does."""
    home, project = tmp_path / "home", tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    store = memdir.open(home, project).store("local")
    store.add(type="user", name="A note", description="its hook", body="Its body.")
    (Path(store.backend.location) / "MEMORY.md").unlink()  # the index to make again
    action = "report = store.repair()\nprint(' '.join(events), report.index_rewritten)"
    events = _first(home, project, action)
    assert events == ["import", "yaml", "lock", "unlock", "True"]


def _index_ids(folder: Path) -> list[str]:
    text = (folder / "MEMORY.md").read_text()
    return [
        ln.split("](", 1)[1].split(".md)", 1)[0] for ln in text.splitlines() if ln.startswith("- [")
    ]


def _check_index(folder: Path, store: memdir.Store) -> None:
    """MEMORY.md is exactly the index of the entries on disk: every listed id exists, and
    listed plus the warning's count of left-out entries is every entry (200-line cap)."""
    entries = store.list()
    if not (folder / "MEMORY.md").exists():  # killed before the first write finished
        assert entries == []
        return
    assert (folder / "MEMORY.md").read_text() == store.render_index()
    listed = _index_ids(folder)
    assert set(listed) <= {e.id for e in entries}
    if len(listed) < len(entries):
        text = (folder / "MEMORY.md").read_text()
        assert f"{len(entries) - len(listed)} entries are not listed" in text


def test_eight_processes_fifty_adds_each(tmp_path: Path) -> None:
    home, project = tmp_path / "home", tmp_path / "project"
    project.mkdir()
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, str(home), str(project), str(n), "50"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for n in range(8)
    ]
    for proc in procs:
        _, err = proc.communicate(timeout=300)
        assert proc.returncode == 0, err
    store = memdir.open(home, project).store("local")
    entries = store.list()
    assert len(entries) == 400
    assert len({e.id for e in entries}) == 400
    _check_index(Path(store.backend.location), store)


def _check_files(folder: Path) -> None:
    """Every topic file on disk is whole: it parses and its body ends with the marker."""
    for path in [*folder.glob("*.md"), *folder.glob("archive/*.md")]:
        if path.name == "MEMORY.md":
            continue
        entry = parse_entry(path.read_text(), path.stem, path=path)
        assert entry.body.endswith(" END"), f"torn file {path}"


def test_sigkill_at_random_points_never_corrupts(tmp_path: Path) -> None:
    """50 writers killed at random points after their first write. The first is a fresh
    ``python -c``; the others are forked by a server that imported memdir once
    (tests/forkserver.py): the same script from the same point, without ~1 s of start."""
    rng = random.Random(20261129)
    home, project = tmp_path / "home", tmp_path / "project"
    project.mkdir()
    folder = Path(memdir.open(home, project).store("local").backend.location)
    kills_mid_write = 0
    with ForkServer() as server:
        for trial in range(50):
            args = [str(home), str(project), str(trial)]
            proc: subprocess.Popen[str] | Child
            if trial == 0:
                proc = subprocess.Popen(
                    [sys.executable, "-c", CHURN, *args],
                    stdout=subprocess.PIPE,
                    stderr=subprocess.PIPE,
                    text=True,
                )
            else:
                proc = server.spawn(args, code=CHURN)
            assert proc.stdout is not None
            assert proc.stdout.readline().strip() == "ready"
            time.sleep(rng.uniform(0.0, 0.06))
            proc.kill()
            proc.wait(timeout=30)
            assert proc.returncode == -signal.SIGKILL
            kills_mid_write += bool(
                list(folder.glob(".*.tmp")) or list(folder.glob("archive/.*.tmp"))
            )
            _check_files(folder)
            store = memdir.open(home, project).store("local")  # the next open repairs
            assert not list(folder.glob(".*.tmp")) and not list(folder.glob("archive/.*.tmp"))
            _check_index(folder, store)
            assert store.problems() == []
    assert len(memdir.open(home, project).store("local").list(include_archived=True)) > 50
    print(f"{kills_mid_write} of 50 kills left a temp file behind")
