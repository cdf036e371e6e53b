"""History: every change one commit, reverts that restore files and index exactly, hand
edits recorded, reads that never commit. Real folders, real git objects (read back with
the git CLI where it is installed)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

import memdir
from conftest import Clock, add
from memdir.config import load_settings
from memdir.engine import Memdir
from memdir.storage.history import HistoryError
from memdir.versions import Versions


def _files(folder: Path) -> dict[str, bytes]:
    """Every tracked file of a scope folder and its bytes."""
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and ".git" not in p.parts and not p.name.startswith(".")
    }


def test_twenty_changes_make_twenty_commits(
    md: Memdir, store: memdir.Store, scope_dir: Path
) -> None:
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
    if shutil.which("git"):  # an ordinary repository: git itself reads it
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
    md: Memdir, store: memdir.Store, scope_dir: Path, clock: Clock, action: str
) -> None:
    add(store, "Keep me")
    add(store, "Use pnpm", "Run pnpm install.")
    before = _files(scope_dir)
    clock.advance(minutes=5)
    if action == "add":
        add(store, "Brand new")
    elif action == "replace":
        store.replace("pnpm", body="Run pnpm install --frozen-lockfile.", pinned=True)
    else:
        store.remove("pnpm")
    after = _files(scope_dir)
    assert after != before
    versions = Versions(md)
    rev = versions.log()[0].commit.rev
    new = versions.revert(rev[:8])
    assert _files(scope_dir) == before
    assert store.problems() == []  # the store re-reads cleanly
    assert {e.name for e in store.list()} == ({"Keep me", "Use pnpm"})
    assert versions.log()[0].commit.subject.startswith(f"revert {rev[:8]}: ")
    versions.revert(new[:8])  # the revert is itself undoable
    assert _files(scope_dir) == after
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
    md: Memdir, store: memdir.Store, scope_dir: Path
) -> None:
    """The revert's check and its write happen under one lock: a file that changed after
    the revert read it (another process's write) is refused, and nothing is touched."""
    entry = add(store, "Use pnpm", "Run pnpm install.")
    path = scope_dir / entry.filename
    planned = path.read_bytes()
    store.replace("pnpm", body="Run pnpm i (a later write).")
    before = _files(scope_dir)
    with pytest.raises(memdir.MemdirError, match="changed while the revert was being prepared"):
        store.restore({entry.filename: None}, "revert x", expected={entry.filename: planned})
    assert _files(scope_dir) == before
    assert store.get("pnpm").body == "Run pnpm i (a later write)."


def test_a_commit_whose_branch_cannot_move_leaves_history_as_it_was(
    md: Memdir, store: memdir.Store, scope_dir: Path
) -> None:
    """The branch moves only after the commit's objects are on disk; when it cannot move,
    the write says so, no temp file is left, the branch is unchanged, and the next write
    records the change it missed (as an edit made outside memdir's own commit)."""
    add(store, "Use pnpm")
    ref = scope_dir / ".git" / "refs" / "heads" / "main"
    head = ref.read_text()
    target = scope_dir.parent / "elsewhere"
    target.write_text(head)
    ref.unlink()
    ref.symlink_to(target)  # readable, but never written through (O_NOFOLLOW)
    with pytest.raises(memdir.StorageError, match="record history"):
        add(store, "Second")
    assert target.read_text() == head
    assert not list((scope_dir / ".git").rglob(".tmp-*"))
    ref.unlink()
    ref.write_text(head)
    add(store, "Third")
    subjects = [r.commit.subject for r in Versions(md).log()]
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


def test_a_flush_that_fails_leaves_no_temp_file_and_forgets_the_batch(tmp_path: Path) -> None:
    """An object that cannot be moved into place fails the flush; every temp file of the
    batch is removed, nothing half-written is visible, and the next batch starts clean."""
    from memdir.storage.gitobjects import GitDir, object_id

    git = GitDir(tmp_path / ".git")
    assert git.init()
    good, bad = b"kept for later\n", b"blocked\n"
    blocked = object_id(b"blob", bad)[0]
    target = tmp_path / ".git" / "objects" / blocked[:2] / blocked[2:]
    assert git.write(b"blob", bad) == blocked  # first: the flush stops before `good`
    git.write(b"blob", good)
    (target / "in-the-way").mkdir(parents=True)  # a non-empty folder: rename must fail
    with pytest.raises(OSError):
        git.flush()
    objects = tmp_path / ".git" / "objects"
    assert list(objects.rglob(".tmp-*")) == []
    with pytest.raises(FileNotFoundError):
        git.read(object_id(b"blob", good)[0])
    sha = git.write(b"blob", good)  # not pending any more: written again, and flushed
    git.flush()
    assert git.read(sha) == good
    assert list(objects.rglob(".tmp-*")) == []
