"""History: every change one commit, reverts that restore files and index exactly, hand
edits recorded, reads that never commit. Real folders, real git objects (read back with
the git CLI where it is installed)."""

from __future__ import annotations

import builtins
import dataclasses
import hashlib
import io
import itertools
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import memdir
from conftest import Clock, DiskEvents, add
from memdir.core.config import load_settings
from memdir.core.storage.git import HistoryError
from memdir.engine import Memdir
from memdir.review.versions import Versions

pytestmark = pytest.mark.backends


def _files(folder: Path) -> dict[str, bytes]:
    """Every tracked file of a scope folder and its bytes."""
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and ".git" not in p.parts and not p.name.startswith(".")
    }


def _stored(store: memdir.Store) -> dict[str, bytes]:
    """Every file of a scope and its bytes, through its backend (files or PostgreSQL)."""
    b = store.backend
    found = {n: b.read(n) for n in sorted([*b.listing(), *b.listing(archive=True)])}
    index = b.read_index()
    return found if index is None else {**found, "MEMORY.md": index}


def test_twenty_changes_make_twenty_commits(md: Memdir, store: memdir.Store, backend: str) -> None:
    for i in range(8):
        add(store, f"Rule {i}")
    for i in range(6):
        store.replace(f"feedback_rule-{i}", body=f"Changed body {i}.")
    for i in range(4):
        store.remove(f"feedback_rule-{i}", source="agent")
    store.supersede(
        "feedback_rule-7",
        name="Rule seven v2",
        description="newer",
        body="The new rule.",
        source="extractor",
    )
    store.apply(
        [
            memdir.AddOp("user", "Batch one", "d", "b1"),
            memdir.AddOp("user", "Batch two", "d", "b2"),
        ],
        source="import",
    )
    add(store, "Rule 6")  # an equal entry: nothing changes, no commit
    log = Versions(md).log()
    assert len(log) == 20
    subjects = [r.commit.subject for r in reversed(log)]
    assert subjects[0] == "add feedback_rule-0 (user)"
    assert subjects[8] == "replace feedback_rule-0 (user)"
    assert subjects[14] == "remove feedback_rule-0 (agent)"
    assert subjects[18] == ("supersede feedback_rule-7 -> feedback_rule-seven-v2 (extractor)")
    assert subjects[19] == "add user_batch-one, add user_batch-two (import)"
    assert {r.scope for r in log} == {"local"}
    assert "archive/feedback_rule-0--" in "".join(log[5].commit.paths)
    entry_log = Versions(md).log("feedback_rule-0")
    assert [r.commit.subject.split()[0] for r in entry_log] == ["remove", "replace", "add"]
    scope_dir = Path(store.backend.location)
    if backend == "files" and shutil.which("git"):  # an ordinary repository: git reads it
        out = subprocess.run(
            ["git", "-C", str(scope_dir), "log", "--format=%s"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        assert out.splitlines() == [r.commit.subject for r in log]
        fsck = subprocess.run(
            ["git", "-C", str(scope_dir), "fsck", "--strict"], capture_output=True, text=True
        )
        assert fsck.returncode == 0, fsck.stderr


@pytest.mark.parametrize("action", ["add", "replace", "remove"])
def test_revert_restores_files_and_index_exactly(
    md: Memdir, store: memdir.Store, clock: Clock, action: str
) -> None:
    add(store, "Keep me")
    add(store, "Use pnpm", "Run pnpm install.")
    before = _stored(store)
    clock.advance(minutes=5)
    if action == "add":
        add(store, "Brand new")
    elif action == "replace":
        store.replace("pnpm", body="Run pnpm install --frozen-lockfile.", pinned=True)
    else:
        store.remove("pnpm")
    after = _stored(store)
    assert after != before
    versions = Versions(md)
    rev = versions.log()[0].commit.rev
    new = versions.revert(rev[:8])
    assert _stored(store) == before
    assert store.problems() == []  # the store re-reads cleanly
    assert {e.name for e in store.list()} == ({"Keep me", "Use pnpm"})
    assert versions.log()[0].commit.subject.startswith(f"revert {rev[:8]}: ")
    versions.revert(new[:8])  # the revert is itself undoable
    assert _stored(store) == after
    assert store.needs_repair() is False


def test_revert_refuses_when_a_later_change_touched_the_file(
    md: Memdir, store: memdir.Store
) -> None:
    add(store, "Use pnpm")
    versions = Versions(md)
    first = versions.log()[0].commit.short
    store.replace("pnpm", body="Changed later.")
    later = versions.log()[0].commit.short
    with pytest.raises(HistoryError, match=f"by commit {later}.*revert that first"):
        versions.revert(first)
    with pytest.raises(HistoryError, match="no revision 'beef'"):
        versions.revert("beef")


def test_many_hand_edits_are_one_short_subject_naming_every_file_in_the_body(
    md: Memdir, store: memdir.Store, scope_dir: Path
) -> None:
    for n in range(7):
        add(store, f"Rule {n}", f"Body {n}.")
    for n in range(7):
        path = scope_dir / f"feedback_rule-{n}.md"
        path.write_text(path.read_text().replace(f"Body {n}.", f"Body {n}, by hand."))
    add(store, "Second")
    edit = Versions(md).log()[1].commit
    assert edit.subject == (
        "hand edit: feedback_rule-0.md, feedback_rule-1.md, feedback_rule-2.md and 4 more"
    ), edit.subject
    assert [ln for ln in edit.message.splitlines() if ln.startswith("changed: ")] == [
        f"changed: feedback_rule-{n}.md" for n in range(7)
    ]


def test_hand_edit_is_committed_as_such_on_the_next_write(
    md: Memdir, store: memdir.Store, scope_dir: Path
) -> None:
    add(store, "Use pnpm", "Run pnpm install.")
    path = scope_dir / "feedback_use-pnpm.md"
    path.write_text(path.read_text().replace("Run pnpm install.", "Run pnpm i, by hand."))
    versions = Versions(md)
    assert list(versions.pending()) == ["local"]
    add(store, "Second")
    log = versions.log()
    assert [r.commit.subject for r in log[:2]] == [
        "add feedback_second (user)",
        "hand edit: feedback_use-pnpm.md",
    ]
    assert b"by hand" in versions.change(log[1].commit.short)[1]["feedback_use-pnpm.md"][1]
    _, shown, data = versions.entry_at("pnpm", log[1].commit.short)
    assert shown == "feedback_use-pnpm.md" and b"Run pnpm i, by hand." in data
    assert versions.pending() == {}


def test_an_index_edited_by_hand_is_committed_before_it_is_regenerated(
    md: Memdir, store: memdir.Store, scope_dir: Path, home: Path, project: Path, backend: str
) -> None:
    """The index is memdir's, but a note a person typed into it is never lost unseen."""
    if backend != "files":
        pytest.skip("a hand edit to a file on disk")
    add(store, "Use pnpm")
    index = scope_dir / "MEMORY.md"
    index.write_text(index.read_text() + "MY NOTE: ask Ana about the release\n")
    reopened = memdir.open(home, project)
    [e.name for _, e in reopened.entries()]
    assert b"MY NOTE" not in index.read_bytes()  # regenerated from the topic files …
    log = Versions(reopened).log()
    assert log[1].commit.subject == "hand edit: MEMORY.md"  # … after committing the note
    assert b"MY NOTE" in Versions(reopened).change(log[1].commit.short)[1]["MEMORY.md"][1]
    assert log[0].commit.subject == "rebuild MEMORY.md (memdir)"  # the rewrite is memdir's
    assert len(Versions(memdir.open(home, project)).log()) == len(log)  # only once


def test_reads_never_commit_and_history_can_be_off(
    home: Path, project: Path, clock: Clock, tmp_path: Path
) -> None:
    env = {"MEMDIR_MANAGED_DIR": str(tmp_path / "managed")}
    md = Memdir(load_settings(home, project, environ=env), clock=clock)
    add(md.store("local"), "Use pnpm")
    count = len(Versions(md).log())
    md.read("pnpm")
    md.search("pnpm")
    with md.session() as s:
        s.call_tool("memory_read", {"id": "pnpm"})
        s.system_block()
    assert len(Versions(md).log()) == count == 1
    home.mkdir(exist_ok=True)
    (home / "config.toml").write_text('history_scopes = ["user"]\n')
    off = Memdir(load_settings(home, project, environ=env), clock=clock)
    add(off.store("local"), "No history here")
    assert len(Versions(md).log()) == 1  # the local scope's history did not move
    with pytest.raises(HistoryError, match="keeps no history; add it to history_scopes"):
        Versions(off).revert("HEAD", "local")
    (home / "config.toml").write_text('history_scopes = ["managed"]\n')
    with pytest.raises(memdir.ParseError, match="history_scopes must be a list of"):
        load_settings(home, project, environ=env)


def test_cli_log_diff_show_revert(run) -> None:
    def out(*args: str) -> str:
        return str(run(*args).stdout)

    out(
        "add",
        "--type",
        "feedback",
        "--name",
        "Use pnpm",
        "--description",
        "d",
        "--body",
        "Run pnpm install.",
    )
    out("rm", "pnpm")
    log = out("log", "pnpm").splitlines()
    assert len(log) == 2 and "remove feedback_use-pnpm (user)" in log[0]
    rev = log[0].split()[0]
    diff = out("diff", rev)
    assert "--- a/feedback_use-pnpm.md\n+++ /dev/null" in diff
    assert "--- /dev/null\n+++ b/archive/feedback_use-pnpm--" in diff
    assert "Run pnpm install." in out("show", f"pnpm@{log[1].split()[0]}")
    assert "No unrecorded changes" in out("diff")
    assert "undoes it" in out("revert", rev)
    assert "feedback_use-pnpm" in out("ls")


def test_a_head_commit_lost_in_a_crash_never_blocks_writes(
    md: Memdir, store: memdir.Store, scope_dir: Path
) -> None:
    """Commits are durable before the branch moves, but a damaged disk (or a copy made
    half-way) can still leave the branch on an object that is not there. The files are
    the record: the next write restarts history from them instead of failing."""
    add(store, "Use pnpm")
    add(store, "Second")
    git_dir = scope_dir / ".git"
    head = (git_dir / "refs" / "heads" / "main").read_text().strip()
    damaged = git_dir / "objects" / head[:2] / head[2:]
    damaged.chmod(0o644)
    damaged.write_bytes(b"")  # what a crash before writeback leaves
    fresh = Memdir(md.settings, clock=md.clock)  # another process, no cached tree
    add(fresh.store("local"), "Third")
    assert {e.name for e in fresh.store("local").list()} == {"Use pnpm", "Second", "Third"}
    log = Versions(fresh).log()
    assert log[0].commit.subject == "add feedback_third (user)"
    assert log[1].commit.subject.startswith("history restarted: the last commit")
    if shutil.which("git"):
        out = subprocess.run(
            ["git", "log", "--format=%s"], cwd=scope_dir, check=True, capture_output=True, text=True
        ).stdout.splitlines()
        assert len(out) == 2


def test_a_revert_never_undoes_a_write_that_landed_after_it_was_planned(
    md: Memdir, store: memdir.Store
) -> None:
    """The revert's check and its write happen under one lock: a file that changed after
    the revert read it (another process's write) is refused, and nothing is touched."""
    entry = add(store, "Use pnpm", "Run pnpm install.")
    planned = store.backend.read(entry.filename)
    store.replace("pnpm", body="Run pnpm i (a later write).")
    before = _stored(store)
    with pytest.raises(memdir.MemdirError, match="changed while the revert was being prepared"):
        store.restore({entry.filename: None}, "revert x", expected={entry.filename: planned})
    assert _stored(store) == before
    assert store.get("pnpm").body == "Run pnpm i (a later write)."


def test_locks_a_killed_memdir_left_are_removed_and_only_those(md: Memdir, scope_dir: Path) -> None:
    store = md.store("local")
    add(store, "Use pnpm")
    git = scope_dir / ".git"
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()  # a process id that no longer runs: the killed writer
    (git / "memdir-writer").write_text(f"{socket.gethostname()} {gone.pid}\n")
    left = [git / "index.lock", git / "refs" / "heads" / "main.lock"]
    for lock in left:
        lock.write_text("")
    add(store, "Second")
    assert not any(p.exists() for p in left) and not (git / "memdir-writer").exists()
    (git / "memdir-writer").write_text(f"{socket.gethostname()} {os.getpid()}\n")  # alive
    (git / "index.lock").write_text("")
    impatient = Memdir(dataclasses.replace(md.settings, lock_timeout=0.3), clock=md.clock)
    with pytest.raises(memdir.StorageError, match=r"index\.lock"):
        add(impatient.store("local"), "Third")
    assert (git / "index.lock").exists()


def test_a_commit_whose_branch_cannot_move_leaves_history_as_it_was(
    md: Memdir, scope_dir: Path
) -> None:
    """The branch moves only after the commit's objects are on disk, under git's own lock;
    when it cannot move (a git that died holding ``main.lock``), the write says so, the
    branch is unchanged, and the next write records the change it missed (as an edit made
    outside memdir's own commit)."""
    impatient = Memdir(dataclasses.replace(md.settings, lock_timeout=0.3), clock=md.clock)
    store = impatient.store("local")
    add(store, "Use pnpm")
    ref = scope_dir / ".git" / "refs" / "heads" / "main"
    head = ref.read_text()
    stale = ref.with_name("main.lock")
    stale.write_text("")
    os.utime(stale, (time.time() - 3600, time.time() - 3600))  # old: still maybe a person's
    with pytest.raises(memdir.StorageError, match=r"record history.*main\.lock"):
        add(store, "Second")
    assert ref.read_text() == head
    assert list((scope_dir / ".git").rglob("*.lock")) == [stale]  # none of its own left
    stale.unlink()
    add(store, "Third")
    subjects = [r.commit.subject for r in Versions(impatient).log()]
    assert subjects == [
        "add feedback_third (user)",
        "hand edit: MEMORY.md, feedback_second.md",
        "add feedback_use-pnpm (user)",
    ]
    if shutil.which("git"):
        fsck = subprocess.run(
            ["git", "-C", str(scope_dir), "fsck", "--strict"], capture_output=True, text=True
        )
        assert fsck.returncode == 0, fsck.stderr


def test_hand_edits_anywhere_are_committed_on_the_very_next_write(
    md: Memdir, store: memdir.Store, scope_dir: Path
) -> None:
    """However the folder is scanned, an edit written in place into an archived copy, a
    file created by hand and one deleted by hand are all seen by the next write, even
    one made right after the last (no grace period)."""
    add(store, "Keep me")
    add(store, "Drop me")
    gone = store.remove("Drop me")
    add(store, "Delete by hand")
    archived = scope_dir / gone.filename
    archived.chmod(0o644)
    with archived.open("r+") as f:  # in place: same inode, only its signature changes
        f.seek(0, 2)
        f.write("Edited in the archive.\n")
    (scope_dir / "feedback_delete-by-hand.md").unlink()
    (scope_dir / "notes.txt").write_text("made by hand\n")
    add(store, "Next")
    log = Versions(md).log()
    assert log[0].commit.subject == "add feedback_next (user)"
    assert log[1].commit.subject == (
        "hand edit: "
        + ", ".join(sorted([gone.filename, "feedback_delete-by-hand.md", "notes.txt"]))
    )
    change = Versions(md).change(log[1].commit.short)[1]
    assert change[gone.filename][1].endswith(b"Edited in the archive.\n")
    assert change["feedback_delete-by-hand.md"][1] is None
    assert change["notes.txt"] == (None, b"made by hand\n")


def test_an_object_that_cannot_be_stored_fails_the_commit_and_leaves_nothing_half_done(
    tmp_path: Path,
) -> None:
    """An object that cannot be moved into place fails the commit: no temp or lock file is
    left, the branch does not move, and the next commit starts clean."""
    from dulwich.objects import Blob

    from memdir.core.storage.git import History

    (tmp_path / "MEMORY.md").write_text("index\n")
    history = History(tmp_path, lock_timeout=1)
    assert history.record(["MEMORY.md"], "first\n")
    first = history.head()
    good, bad = b"kept for later\n", b"blocked\n"
    (tmp_path / "a.md").write_bytes(bad)
    (tmp_path / "b.md").write_bytes(good)
    blocked = Blob.from_string(bad).id.decode()
    target = tmp_path / ".git" / "objects" / blocked[:2] / blocked[2:]
    (target / "in-the-way").mkdir(parents=True)  # a non-empty folder: rename must fail
    with pytest.raises(memdir.StorageError, match="record history"):
        history.record(["a.md", "b.md"], "second\n")
    objects = tmp_path / ".git" / "objects"
    assert [p for p in objects.rglob("*") if p.name.endswith((".lock", ".tmp"))] == []
    assert history.head() == first
    shutil.rmtree(target)
    assert history.record(["a.md", "b.md"], "second\n")
    assert history.files(history.head() or "")["a.md"] == bad
    if shutil.which("git"):
        fsck = subprocess.run(
            ["git", "-C", str(tmp_path), "fsck", "--strict"], capture_output=True, text=True
        )
        assert fsck.returncode == 0, fsck.stderr


# -- an ordinary repository: git itself agrees with memdir -----------------------------------


def _git(folder: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    env = {
        "GIT_AUTHOR_NAME": "A Person",
        "GIT_AUTHOR_EMAIL": "person@example.com",
        "GIT_COMMITTER_NAME": "A Person",
        "GIT_COMMITTER_EMAIL": "person@example.com",
        "PATH": os.environ.get("PATH", ""),
        "HOME": str(folder.parent),
    }
    return subprocess.run(
        ["git", "-C", str(folder), *args], capture_output=True, text=True, env=env, check=check
    )


def _head_files(folder: Path) -> set[str]:
    """The paths git's HEAD commit holds in ``folder``."""
    return set(_git(folder, "ls-tree", "-r", "--name-only", "HEAD").stdout.split())


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_a_scope_folder_is_an_ordinary_repository(
    md: Memdir, store: memdir.Store, scope_dir: Path
) -> None:
    add(store, "Use pnpm")
    add(store, "Second")
    store.replace("pnpm", body="Use pnpm 9.")
    store.remove("Second")
    assert _git(scope_dir, "status", "--porcelain").stdout == ""
    subjects = [r.commit.subject for r in Versions(md).log()]
    assert _git(scope_dir, "log", "--format=%s").stdout.splitlines() == subjects
    tracked = set(_git(scope_dir, "ls-files").stdout.splitlines())
    assert tracked == set(_files(scope_dir)) | {".gitignore"}
    assert _git(scope_dir, "fsck", "--strict").returncode == 0
    path = scope_dir / "feedback_use-pnpm.md"
    path.write_text(path.read_text().replace("pnpm 9", "pnpm 10"))  # by hand
    assert _git(scope_dir, "status", "--porcelain").stdout == " M feedback_use-pnpm.md\n"
    assert list(Versions(md).pending()["local"]) == ["feedback_use-pnpm.md"]  # memdir agrees
    add(store, "Third")
    assert _git(scope_dir, "status", "--porcelain").stdout == ""
    assert _git(scope_dir, "log", "-1", "--skip=1", "--format=%s").stdout.startswith(
        "hand edit: feedback_use-pnpm.md"
    )
    _git(scope_dir, "gc", "-q")  # packed objects and refs: memdir reads and writes on
    add(store, "Fourth")
    assert _git(scope_dir, "status", "--porcelain").stdout == ""
    assert len(_git(scope_dir, "log", "--format=%s").stdout.splitlines()) == len(subjects) + 3


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_what_a_persons_git_did_to_the_index_between_two_writes_is_kept(
    store: memdir.Store, scope_dir: Path
) -> None:
    """A writer re-reads the git index only when someone else replaced it, and then keeps
    what they did to entries it does not touch (here git's assume-unchanged bit)."""
    add(store, "First")
    add(store, "Second")  # the writer now holds the index it wrote
    _git(scope_dir, "update-index", "--assume-unchanged", ".gitignore")
    add(store, "Third")
    assert _git(scope_dir, "ls-files", "-v", ".gitignore").stdout == "h .gitignore\n"
    _git(scope_dir, "update-index", "--no-assume-unchanged", ".gitignore")
    add(store, "Fourth")
    assert _git(scope_dir, "ls-files", "-v", ".gitignore").stdout == "H .gitignore\n"
    assert _git(scope_dir, "status", "--porcelain").stdout == ""


Acting = Callable[[str, Callable[[], None]], None]


@pytest.fixture
def person_acts(monkeypatch: pytest.MonkeyPatch) -> Acting:
    """``person_acts(moment, action)``: run a person's action once, at a fixed point of
    memdir's next commit instead of by timing. ``"objects"``: at the first ``fsync`` of a
    git object (memdir built its commit on the HEAD it read, before it takes git's locks);
    ``"mine.txt"`` (a file name): when memdir opens that file to hash it (it listed the
    folder already); ``"index"``: as memdir renames its new git index into place;
    ``"branch"``: as memdir takes the branch's lock, its index in place."""
    real_fsync, real_open, real_replace, real_os_open = os.fsync, builtins.open, os.replace, os.open
    todo: dict[str, Callable[[], None]] = {}

    def act(moment: str) -> None:  # once, though memdir fsyncs objects on several threads
        action = todo.pop(moment, None)
        if action is not None:
            action()

    def fsync(fd: int) -> None:
        if "objects" in todo and "/.git/objects/" in os.readlink(f"/proc/self/fd/{fd}"):
            act("objects")
        real_fsync(fd)

    def open_(file: Any, *args: Any, **kw: Any) -> Any:
        name = os.path.basename(os.fsdecode(file)) if isinstance(file, str | Path) else ""
        if name in todo:
            act(name)
        return real_open(file, *args, **kw)

    def open_lock(file: Any, *args: Any, **kw: Any) -> int:
        if "branch" in todo and os.fsdecode(file).endswith("/refs/heads/main.lock"):
            act("branch")
        return real_os_open(file, *args, **kw)

    def replace(src: Any, dst: Any) -> None:
        if "index" in todo and os.fsdecode(dst).endswith("/.git/index"):
            act("index")
        real_replace(src, dst)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(builtins, "open", open_)
    monkeypatch.setattr(os, "replace", replace)
    monkeypatch.setattr(os, "open", open_lock)
    return todo.__setitem__


@pytest.mark.parametrize("moment", ["mine.txt", "objects"])
@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_a_commit_a_person_makes_while_memdir_absorbs_a_hand_edit_is_kept(
    store: memdir.Store, scope_dir: Path, person_acts: Acting, moment: str
) -> None:
    """memdir records a hand edit (``mine.txt``) while a person commits another file, after
    memdir listed the folder: memdir's commit lands on theirs and keeps it; neither file
    is lost from HEAD or the index."""
    add(store, "First")
    (scope_dir / "mine.txt").write_text("left by hand\n")
    made: list[str] = []

    def person() -> None:
        (scope_dir / "theirs.txt").write_text("committed by a person\n")
        _git(scope_dir, "add", "theirs.txt")
        _git(scope_dir, "commit", "-q", "-m", "theirs")
        made.append(_git(scope_dir, "rev-parse", "HEAD").stdout.strip())

    person_acts(moment, person)
    add(store, "Second")
    assert made
    assert (
        _git(scope_dir, "merge-base", "--is-ancestor", made[0], "HEAD", check=False).returncode == 0
    )
    tree = _head_files(scope_dir)
    assert {"mine.txt", "theirs.txt", "feedback_second.md"} <= tree
    assert _git(scope_dir, "status", "--porcelain").stdout == ""
    assert _git(scope_dir, "fsck", "--strict").returncode == 0


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_a_branch_move_of_a_persons_while_memdir_holds_the_index_lock_is_never_overwritten(
    store: memdir.Store, scope_dir: Path, person_acts: Acting
) -> None:
    """``git commit`` renames its index into place before it moves the branch, so its
    branch move can land while memdir holds ``index.lock``, after memdir last read HEAD:
    memdir's compare-and-swap refuses, and memdir builds on their commit."""
    add(store, "First")
    (scope_dir / "theirs.txt").write_text("committed by a person\n")
    _git(scope_dir, "add", "theirs.txt")  # their commit's index part, done
    made: list[str] = []

    def person_moves_the_branch() -> None:  # the rest of their commit, in git's order
        head = _git(scope_dir, "rev-parse", "HEAD").stdout.strip()
        theirs = scope_dir.parent / "their-index"  # the index they wrote (memdir locks it)
        shutil.copy(scope_dir / ".git" / "index", theirs)
        tree = subprocess.run(
            ["git", "-C", str(scope_dir), "write-tree"],
            env={**os.environ, "GIT_INDEX_FILE": str(theirs)},
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        made.append(_git(scope_dir, "commit-tree", tree, "-p", head, "-m", "theirs").stdout.strip())
        _git(scope_dir, "update-ref", "HEAD", made[0], head)

    person_acts("index", person_moves_the_branch)
    add(store, "Second")
    assert made
    assert (
        _git(scope_dir, "merge-base", "--is-ancestor", made[0], "HEAD", check=False).returncode == 0
    )
    assert {"theirs.txt", "feedback_second.md"} <= _head_files(scope_dir)
    assert _git(scope_dir, "status", "--porcelain").stdout == ""


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_a_write_a_persons_commit_took_in_is_still_a_commit_of_memdirs(
    store: memdir.Store, scope_dir: Path, person_acts: Acting
) -> None:
    """A person's ``git commit`` that reads memdir's new index before memdir moves the
    branch commits memdir's file with their note; memdir's swap then fails, and its
    commit, empty now, still records the write under its own message."""
    add(store, "First")
    made: list[str] = []

    def person() -> None:
        (scope_dir / "theirs.txt").write_text("committed by a person\n")
        _git(scope_dir, "add", "theirs.txt")
        _git(scope_dir, "commit", "-q", "-m", "theirs")
        made.append(_git(scope_dir, "rev-parse", "HEAD").stdout.strip())

    person_acts("branch", person)
    add(store, "Second")
    assert made
    subjects = _git(scope_dir, "log", "--format=%s").stdout.splitlines()
    assert subjects[:2] == ["add feedback_second (user)", "theirs"]
    assert {"theirs.txt", "feedback_second.md"} <= _head_files(scope_dir)
    assert _git(scope_dir, "status", "--porcelain").stdout == ""


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_a_persons_commit_never_pairs_memdirs_new_branch_with_its_old_index(
    store: memdir.Store, scope_dir: Path, person_acts: Acting
) -> None:
    """``git commit`` reads HEAD, then the index, and builds its tree from that index (no
    lock is held between the reads). A person's commit reading both as memdir puts its
    new index in place, done with git's own plumbing in git's order, never drops the
    file memdir just added: memdir's branch moves only once its index is in place."""
    add(store, "First")
    read: list[str] = []

    def person_reads() -> None:
        read.append(_git(scope_dir, "rev-parse", "HEAD").stdout.strip())
        shutil.copy(scope_dir / ".git" / "index", scope_dir.parent / "their-index")

    person_acts("index", person_reads)
    add(store, "Second")
    env = {**os.environ, "GIT_INDEX_FILE": str(scope_dir.parent / "their-index")}
    tree = subprocess.run(
        ["git", "-C", str(scope_dir), "write-tree"], env=env, capture_output=True, text=True
    ).stdout.strip()
    theirs = _git(scope_dir, "commit-tree", tree, "-p", read[0], "-m", "theirs").stdout.strip()
    _git(scope_dir, "update-ref", "HEAD", theirs, read[0], check=False)  # refused if moved
    assert "feedback_second.md" in _head_files(scope_dir)
    assert _git(scope_dir, "status", "--porcelain").stdout == ""


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_a_file_edited_while_memdir_commits_it_shows_as_changed_and_is_recorded_next(
    store: memdir.Store, scope_dir: Path, person_acts: Acting
) -> None:
    """A person edits a file after memdir read it for a commit and before the commit is
    made: the commit holds what memdir read, ``git status`` shows the edit, and the next
    write records it (the index never pairs the new file with the old bytes)."""
    add(store, "First")
    notes = scope_dir / "notes.txt"
    notes.write_text("first draft\n")

    def edit() -> None:  # dated an hour back (cp -p, rsync -t): git trusts its stat at once
        notes.write_text("second draft, longer\n")
        os.utime(notes, (time.time() - 3600,) * 2)

    person_acts("objects", edit)
    add(store, "Second")
    assert _git(scope_dir, "show", "HEAD:notes.txt").stdout == "first draft\n"
    assert _git(scope_dir, "status", "--porcelain").stdout == " M notes.txt\n"
    add(store, "Third")
    assert _git(scope_dir, "show", "HEAD:notes.txt").stdout == "second draft, longer\n"
    assert _git(scope_dir, "status", "--porcelain").stdout == ""


_MEMDIR_LOOP = """
import sys, memdir
md = memdir.open(home=sys.argv[1], project=sys.argv[2])
store = md.store("local")
n = int(sys.argv[3])
for i in range(n):
    if i == n // 2:
        sys.stdin.readline()  # half done: on once the person has committed
    store.add(type="feedback", name=f"Rule {i}", description="d", body=f"Body {i}.")
"""


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_a_persons_git_commits_while_memdir_writes_are_never_lost(
    md: Memdir, store: memdir.Store, scope_dir: Path
) -> None:
    """A person commits notes with git in the scope folder while another process writes
    memories in a loop: every commit either made survives, git fsck is clean, and git
    status is honest once both are done. Nothing here waits on the scheduler: the writer
    stops half way until the person has committed once, so a commit of theirs lands
    between two of memdir's however slowly either side runs."""
    add(store, "Start")
    writer = subprocess.Popen(
        [sys.executable, "-c", _MEMDIR_LOOP, str(md.home), str(md.settings.project), "30"],
        env={**os.environ, "MEMDIR_BACKGROUND": "0"},
        stdin=subprocess.PIPE,
    )
    assert writer.stdin is not None
    hang = time.monotonic() + 600  # a guard against a hung writer, not a measure of speed
    while "feedback_rule-0" not in _git(scope_dir, "log", "--format=%s", check=False).stdout:
        assert writer.poll() is None and time.monotonic() < hang, "memdir never wrote"
        time.sleep(0.01)
    made: list[str] = []
    notes = 0
    while writer.poll() is None:  # commit notes for as long as memdir writes
        (scope_dir / f"note-{notes}.txt").write_text(f"note {notes}\n")
        for attempt in itertools.count():  # git refuses while memdir holds its lock: retry
            _git(scope_dir, "add", f"note-{notes}.txt", check=False)
            done = _git(scope_dir, "commit", "-q", "-m", f"note {notes}", check=False)
            if done.returncode == 0:
                made.append(_git(scope_dir, "rev-parse", "HEAD").stdout.strip())
                break
            if "nothing to commit" in done.stdout + done.stderr:
                break  # memdir recorded the note first, as a hand edit
            stopped = writer.poll() is not None or time.monotonic() > hang
            assert not stopped or attempt < 3, f"git cannot commit note {notes}: {done.stderr}"
            time.sleep(0.01)
        if made and not writer.stdin.closed:
            writer.stdin.close()  # the writer goes on with its second half
        notes += 1
    assert writer.wait() == 0
    print(f"{len(made)} of {notes} notes committed by git, the rest recorded by memdir first")
    assert made  # the writer waited for one
    # `git commit` reads the index before it takes index.lock and writes what it read
    # back even when its commit then fails: a write of memdir's staged meanwhile is gone
    # from the index and the person's next commit drops that file from HEAD (git's own
    # race with any index writer; shown with strace in docs/design/storage.md). The file
    # stays on disk and memdir's next write records it again.
    add(store, "Last")
    tree = _head_files(scope_dir)
    assert {f"note-{i}.txt" for i in range(notes)} <= tree
    assert {e.filename for e in store.list()} <= tree
    assert _git(scope_dir, "status", "--porcelain").stdout == ""
    assert _git(scope_dir, "fsck", "--strict").returncode == 0
    for rev in made:
        assert (
            _git(scope_dir, "merge-base", "--is-ancestor", rev, "HEAD", check=False).returncode == 0
        )
    log = [
        line.split(" ", 1) for line in _git(scope_dir, "log", "--format=%H %s").stdout.splitlines()
    ]
    kinds = "".join("m" if s.startswith("add feedback_rule-") else "." for _, s in log)
    assert kinds.count("m") == 30
    at = [rev for rev, _ in log].index(made[0])
    assert "m" in kinds[:at] and "m" in kinds[at:]  # theirs landed between two of memdir's


def test_every_commit_names_its_writer_and_the_name_reads_back(md: Memdir) -> None:
    """The ``source:`` line is written and read in one place (core.store): the activity
    page's "made by" column is what each writer recorded."""
    from memdir.core.model import Source
    from memdir.core.store import commit_source, source_trailer

    store = md.store("local")
    first = add(store, "Use pnpm")
    store.add(type="user", name="By the agent", description="d", body="b", source=Source.AGENT)
    store.add(type="user", name="Extracted", description="d", body="b", source="extractor")
    versions = Versions(md)
    agent_rev = versions.log("user_by-the-agent", scope="local")[0].commit.rev
    versions.revert(agent_rev, "local")
    assert [commit_source(r.commit.message) for r in versions.log()] == [
        "user",
        "extractor",
        "agent",
        "user",
    ]
    assert store.get(first.id).source is Source.USER
    assert commit_source("hand edit: x.md\n\nno trailer here\n") is None
    spoof = "add x (agent)\n\nadd: x\nsource: user\n" + source_trailer(Source.AGENT)
    assert commit_source(spoof) == "agent"  # the last line is the writer's


# -- what a commit costs: objects, trees, index, fsyncs --------------------------------------


def _loose(folder: Path) -> dict[str, bytes]:
    """Every loose object file of a repository (by object id) and its first two bytes."""
    objects = folder / ".git" / "objects"
    return {
        p.parent.name + p.name: p.read_bytes()[:2]
        for p in objects.glob("??/*")
        if len(p.parent.name) == 2 and p.parent.name != "in"
    }


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_loose_objects_take_gits_speed_level_unless_the_repository_sets_one(
    tmp_path: Path,
) -> None:
    """Loose objects are compressed at zlib level 1, git's own default for them (dulwich's
    is 6); a ``core.looseCompression`` or ``core.compression`` the repository sets wins."""
    from memdir.core.storage.git import History

    zlib_level = {b"\x78\x01": 1, b"\x78\x5e": 2, b"\x78\x9c": 6, b"\x78\xda": 9}
    plain, loose9, all9 = tmp_path / "plain", tmp_path / "loose9", tmp_path / "all9"
    for folder, setting in ((plain, None), (loose9, "core.looseCompression"), (all9, None)):
        folder.mkdir()
        _git(folder, "init", "-q")
        if setting:
            _git(folder, "config", setting, "9")
    _git(all9, "config", "core.compression", "9")
    for folder in (plain, loose9, all9):
        (folder / "MEMORY.md").write_text("index\n" * 50)
        (folder / "a.md").write_text("a memory\n" * 50)
        assert History(folder).record(["MEMORY.md", "a.md"], "first\n")
        levels = {zlib_level.get(head) for head in _loose(folder).values()}
        assert levels == ({1} if folder == plain else {9}), folder.name
        assert _git(folder, "fsck", "--strict").returncode == 0


def test_every_new_object_and_folder_is_durable_before_the_branch_moves(
    tmp_path: Path, disk_events: DiskEvents
) -> None:
    """Each new loose object, its fan-out folder and, when that folder is new, the objects
    folder are fsynced before git's lock file for the branch is (the branch moves after)."""
    from memdir.core.storage.git import History

    objects = tmp_path / ".git" / "objects"
    for n in range(3):
        (tmp_path / "MEMORY.md").write_text(f"index {n}\n")
        (tmp_path / "archive").mkdir(exist_ok=True)
        (tmp_path / "archive" / f"old{n}.md").write_text(f"old {n}\n")
        before = set(_loose(tmp_path)) if objects.is_dir() else set()
        fanouts = {p.name for p in objects.iterdir()} if objects.is_dir() else set()
        disk_events.clear()
        assert History(tmp_path).record(["MEMORY.md", f"archive/old{n}.md"], f"c{n}\n")
        new = set(_loose(tmp_path)) - before
        assert len(new) == 5  # two blobs, two trees, the commit
        synced = [e[1] for e in disk_events if e[0] == "fsync"]
        durable = set(synced[: synced.index(str(objects.parent / "refs/heads/main.lock"))])
        for sha in new:
            assert str(objects / sha[:2] / sha[2:]) in durable
            assert str(objects / sha[:2]) in durable
        if {sha[:2] for sha in new} - fanouts:
            assert str(objects) in durable


def test_a_record_that_changes_nothing_still_syncs_the_folders_it_was_given(
    tmp_path: Path, disk_events: DiskEvents
) -> None:
    """A rename the writer asked to be made durable is, even when the commit has nothing
    new to record (the file was renamed into place with the bytes it already had)."""
    from memdir.core.storage.git import History

    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "a.md").write_text("a\n")
    history = History(tmp_path)
    assert history.record(["notes/a.md"], "first\n")
    disk_events.clear()
    assert history.record(["notes/a.md"], "again\n", sync=["notes/a.md"]) is None
    assert ("fsync", os.path.realpath(tmp_path / "notes")) in disk_events


@pytest.mark.parametrize("name", ["archive/old.md", "skills/x/SKILL.md"])
def test_a_symlinked_folder_is_refused_alike_by_the_backends_sync_and_the_commits(
    tmp_path: Path, disk_events: DiskEvents, name: str
) -> None:
    """A folder to sync that is a symlink (``archive/`` or ``skills/`` planted by a cloned
    repository) is refused by the history's fsync batch as by the backend's own sync:
    nothing fsynced through it, no commit made."""
    from memdir.core.storage.files import FileBackend
    from memdir.core.storage.git import History

    elsewhere, scope = tmp_path / "elsewhere", tmp_path / "scope"
    (elsewhere / "x").mkdir(parents=True)
    scope.mkdir()
    (scope / name.split("/")[0]).symlink_to(elsewhere, target_is_directory=True)
    (scope / "MEMORY.md").write_text("index\n")
    history = History(scope)
    for sync in (
        lambda: FileBackend(scope).sync([name]),
        lambda: history.record(["MEMORY.md"], "c\n", sync=[name]),
    ):
        with pytest.raises(memdir.StorageError, match="symlink"):
            sync()
    assert not [e for e in disk_events if e[0] == "fsync" and "elsewhere" in e[1]]
    assert history.head() is None


def test_an_add_is_durable_before_its_commit_and_its_folder_fsynced_once(
    store: memdir.Store, scope_dir: Path, disk_events: DiskEvents
) -> None:
    """The scope folder's fsync (the renames of the entry file and MEMORY.md) joins the
    commit's object batch: done once, before the branch moves, not after it."""
    add(store, "First")
    disk_events.clear()
    add(store, "Second")
    folder = os.path.realpath(scope_dir)
    synced = [e[1] for e in disk_events if e[0] == "fsync"]
    branch = synced.index(os.path.join(folder, ".git", "refs", "heads", "main.lock"))
    assert synced.count(folder) == 1
    assert synced.index(folder) < branch
    disk_events.assert_durable(scope_dir / "feedback_second.md")
    disk_events.assert_durable(scope_dir / "MEMORY.md")
    disk_events.assert_durable(scope_dir / ".git" / "refs" / "heads" / "main")  # the branch


def test_the_history_walk_holds_one_descriptor_per_level_not_per_folder(
    tmp_path: Path,
) -> None:
    """A scope with more folders than the process may open files (skills/<name>/ each)
    still records: the walk keeps only the current folder's ancestors open."""
    import resource

    from memdir.core.storage.git import History

    for n in range(300):
        (tmp_path / "skills" / f"s{n}").mkdir(parents=True)
        (tmp_path / "skills" / f"s{n}" / "SKILL.md").write_text(f"skill {n}\n")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (256, hard))
    try:
        history = History(tmp_path)
        assert history.record(["skills/s0/SKILL.md"], "first\n")
        (tmp_path / "skills" / "s7" / "SKILL.md").write_text("changed by hand\n")
        assert history.absorb()  # the hand edit, found by a walk of every folder
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_trees_and_index_built_on_the_last_commit_are_what_git_builds(tmp_path: Path) -> None:
    """Commit after commit (a file changed deep down, a folder emptied, a file where a
    folder was and back, a person's skip-worktree bit), the tree is the one ``git
    write-tree`` makes of the folder, and the git index is byte for byte dulwich's."""
    from dulwich.index import read_index_dict, write_index_dict

    from memdir.core.storage.git import History

    def put(name: str, text: str | None) -> str:
        path = tmp_path / name
        if text is None:
            path.unlink()
            if not any(path.parent.iterdir()):
                path.parent.rmdir()
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
        return name

    def check() -> None:
        scratch = tmp_path.parent / f"{tmp_path.name}-index"
        env = {**os.environ, "GIT_INDEX_FILE": str(scratch)}
        git = ["git", "-C", str(tmp_path)]
        subprocess.run([*git, "add", "-A", "."], env=env, check=True)
        want = subprocess.run([*git, "write-tree"], env=env, capture_output=True, text=True)
        scratch.unlink()
        assert _git(tmp_path, "rev-parse", "HEAD^{tree}").stdout == want.stdout
        assert _git(tmp_path, "status", "--porcelain").stdout == ""
        data = (tmp_path / ".git" / "index").read_bytes()
        with open(tmp_path / ".git" / "index", "rb") as f:
            entries = read_index_dict(f)
        buf = io.BytesIO()
        write_index_dict(buf, entries, version=3 if data[4:8] == b"\0\0\0\3" else None)
        assert data == buf.getvalue() + hashlib.sha1(buf.getvalue()).digest()

    history = History(tmp_path)
    steps: list[list[tuple[str, str | None]]] = [
        [("MEMORY.md", "index\n"), ("a/y.md", "y\n"), ("a/b/z.md", "z\n"), ("c.md", "c\n")],
        [("a/b/z.md", "z changed\n")],
        [("a/b/z.md", None), ("a/b", "a file where a folder was\n")],
        [("a/b", None), ("a/b/w.md", "a folder again\n"), ("MEMORY.md", "index 2\n")],
        [("a/y.md", None), ("a/b/w.md", None)],  # a/ empties: no tree for it
        [("d/e/f/g.md", "deep\n"), ("c.md", None)],
    ]
    for n, step in enumerate(steps):
        names = [put(name, text) for name, text in step]
        if n == 4:
            _git(tmp_path, "update-index", "--skip-worktree", "MEMORY.md")
        assert history.record(names, f"step {n}\n")
        check()
    assert _git(tmp_path, "fsck", "--strict").returncode == 0
    assert len(_git(tmp_path, "log", "--format=%s").stdout.splitlines()) == len(steps)
