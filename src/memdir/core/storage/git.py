"""History: every scope folder is an ordinary git repository, one commit per change.
See docs/design/storage.md."""

from __future__ import annotations

import contextlib
import errno
import io
import os
import re
import socket
import stat
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from .. import forks
from ..errors import HistoryError, StorageError
from ..forks import renew_in_child
from ..notices import warn_once
from .base import Commit, file_changes, listed
from .files import folders_of
from .gitindex import GitIndex
from .regular import fsync_path, open_regular, read_bytes, read_text

if TYPE_CHECKING:
    from concurrent.futures import ThreadPoolExecutor

    from dulwich.objects import ShaFile
    from dulwich.repo import Repo

    from .gitignore import Checkout

HEAD = b"HEAD"
_SHA = re.compile(r"[0-9a-f]{40}|[0-9a-f]{64}")  # a commit id (SHA-1 or SHA-256)
AUTHOR = b"memdir <memdir@localhost>"
_FILE_MODE = 0o100644
_POOL: ThreadPoolExecutor | None = None
_FS = (sys.getfilesystemencoding(), sys.getfilesystemencodeerrors())


def _fsync_all(paths: list[str]) -> None:
    """fsync every path, concurrently: the journal then commits them together."""
    global _POOL
    if len(paths) < 2:
        for path in paths:
            fsync_path(path)
        return
    if _POOL is None:
        from concurrent.futures import ThreadPoolExecutor

        _POOL = ThreadPoolExecutor(4, thread_name_prefix="memdir-fsync")
    for future in [_POOL.submit(fsync_path, p) for p in paths]:
        future.result()


# In a forked child the pool's threads are the parent's, and a task given to it would wait
# forever: the child starts its own pool on its first commit.
forks.renew(sys.modules[__name__], "_POOL", lambda: None)


def _fast_loose_objects(repo: Repo) -> None:
    """Loose objects at zlib level 1, git's own default (``core.looseCompression``), unless
    the repository sets ``core.looseCompression`` or ``core.compression`` (dulwich then
    honours it; its default, 6, costs more CPU for small objects than it saves disk)."""
    config = repo.get_config()
    for key in (b"looseCompression", b"compression"):
        with contextlib.suppress(KeyError):
            config.get((b"core",), key)
            return
    cast(Any, repo.object_store).loose_compression_level = 1


_ATTEMPTS = 100  # commits rebuilt on a branch that others keep moving, at most


class _BranchMoved(Exception):
    """The branch moved while a commit that cannot be rebuilt on it was made."""


WRITER = "memdir-writer"  # in .git: "host pid" of the memdir moving the branch right now


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process: it exists
        return True
    return True


def _clear_dead_writer(git: Path) -> None:
    """Remove the lock files a memdir writer on this machine left when it was killed
    (its ``WRITER`` record names a process that no longer runs). A lock file without such
    a record may be a person's running ``git``: never touched."""
    record = git / WRITER
    try:
        host, pid = read_text(record, 4096).split()  # bounded: never /dev/zero
        dead = host == socket.gethostname() and not _alive(int(pid))
    except (OSError, ValueError):
        return
    if not dead:
        return
    for lock in [git / "index.lock", git / "HEAD.lock", *(git / "refs").rglob("*.lock")]:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(lock)
            warn_once(f"removed {lock}, left by a memdir that was stopped")
    with contextlib.suppress(FileNotFoundError):
        record.unlink()


def _retry_locked(action: Callable[[], Any], timeout: float) -> Any:
    """``action`` again while git holds the lock file it needs (a ``git commit`` running
    now), for at most ``timeout`` seconds."""
    from dulwich.file import FileLocked

    deadline = time.monotonic() + timeout
    while True:
        try:
            return action()
        except FileLocked as exc:
            lock = os.fsdecode(exc.lockfilename)
            if time.monotonic() >= deadline:
                raise OSError(
                    errno.EAGAIN,
                    f"{lock} is held by another git process; if none is running, remove it",
                ) from None
            time.sleep(0.005)


class History:
    """The git history of one scope folder (created on the first write). Writes are
    called under the scope lock; ``lock_timeout`` bounds the wait for git's own locks."""

    def __init__(self, root: Path | str, *, lock_timeout: float = 30.0) -> None:
        self.root = Path(root)
        self.lock_timeout = lock_timeout
        self._repo: Repo | None = None
        # The last commit read or made: (its id, its files, folder -> Tree when this
        # writer made it), so the next commit on top serializes only the folders it changes.
        self._tree: tuple[bytes, dict[str, bytes], dict[str, Any] | None] | None = None
        self.index = GitIndex(self.root / ".git" / "index")
        renew_in_child(self)

    def __repr__(self) -> str:
        return f"History({str(self.root)!r})"

    def _forked(self) -> None:
        """A forked child opens the repository again: its pack files' offsets are
        shared with the parent's descriptors."""
        self._repo = None

    def exists(self) -> bool:
        """True when the folder has a repository."""
        return (self.root / ".git").is_dir()

    def repo(self) -> Repo:
        """The dulwich repository, for reading history."""
        from dulwich.errors import NotGitRepository
        from dulwich.repo import Repo

        if self._repo is None:
            try:
                self._repo = Repo(str(self.root))
                _fast_loose_objects(self._repo)
            except NotGitRepository:
                raise HistoryError(
                    f"{self.root} has no history yet: it starts with the "
                    f"first change memdir writes there."
                ) from None
        return self._repo

    # -- writing (call under the scope lock) -----------------------------------------------

    def _start(self) -> tuple[Repo, bool]:
        """The repository, created now (branch ``main``) if missing; True when new."""
        if self.exists():
            return self.repo(), False
        from dulwich.repo import Repo

        self._repo = Repo.init(str(self.root), default_branch=b"main")
        _fast_loose_objects(self._repo)
        return self._repo, True

    def _walk(self) -> list[tuple[str, os.stat_result]]:
        """Every tracked file: regular files, dotfiles left out but ``.gitignore``. Each
        folder is listed through a descriptor, so a ``stat`` resolves one name, not the
        whole path (as ``FileBackend.listing`` does). Depth first: the descriptors open
        at once are the current folder's ancestors, however many folders there are."""
        found = []
        flags = os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC
        fd = os.open(self.root, flags)  # the scope folder itself may be a link
        flags |= os.O_NOFOLLOW
        stack: list[tuple[str, int, list[os.DirEntry[str]]]] = [("", fd, [])]
        try:
            with os.scandir(fd) as it:
                stack[0][2].extend(it)
            while stack:
                prefix, fd, todo = stack[-1]
                if not todo:
                    os.close(stack.pop()[1])
                    continue
                d = todo.pop()
                name = d.name
                if name[0] == "." and name != ".gitignore":
                    continue
                try:
                    st = d.stat(follow_symlinks=False)
                    if stat.S_ISDIR(st.st_mode):
                        sub = os.open(name, flags, dir_fd=fd)
                        try:
                            with os.scandir(sub) as it:
                                stack.append((prefix + name + "/", sub, list(it)))
                        except BaseException:
                            os.close(sub)
                            raise
                    elif stat.S_ISREG(st.st_mode):
                        found.append((prefix + name, st))
                except (FileNotFoundError, NotADirectoryError):  # gone meanwhile
                    continue
        finally:
            for _, fd, _ in stack:
                os.close(fd)
        return found

    def _scan(
        self, index: dict[bytes, Any]
    ) -> tuple[dict[str, bytes], dict[str, Any], dict[str, os.stat_result]]:
        """Every tracked file's blob id, hashing only files whose signature differs from
        the index's; the blobs hashed, by path; and each file's stat, taken before it was
        read (what its index entry may claim)."""
        from dulwich.objects import Blob

        ids: dict[str, bytes] = {}
        hashed: dict[str, Any] = {}
        stats: dict[str, os.stat_result] = {}
        for path, st in self._walk():
            stats[path] = st
            key = path.encode(*_FS)  # os.fsencode, in one call
            entry = index.get(key)
            if entry is not None and self.index.holds(key, entry, st):
                ids[path] = entry.sha
                continue
            with open(self.root / path, "rb") as f:
                blob = Blob.from_string(f.read())
            ids[path], hashed[path] = blob.id, blob
        return ids, hashed, stats

    def _head(self, repo: Repo) -> bytes | None:
        try:
            return cast(bytes, cast(Any, repo.refs)[HEAD])
        except KeyError:
            return None

    def _files_at(self, repo: Repo, head: bytes | None) -> dict[str, bytes] | None:
        """Path -> blob id of the commit ``head``; None when it cannot be read (a crash
        left the branch on an object that never reached the disk)."""
        if head is None:
            return {}
        if self._tree is not None and self._tree[0] == head:
            return dict(self._tree[1])
        from dulwich.object_store import iter_tree_contents

        try:
            tree = cast(Any, repo[head]).tree
            files: dict[str, bytes] = {
                os.fsdecode(e.path): e.sha
                for e in iter_tree_contents(repo.object_store, tree)
                if e.path is not None and e.sha is not None
            }
        except Exception:  # noqa: BLE001 — a damaged history must never block a write
            return None
        self._tree = (head, files, None)
        return dict(files)

    def absorb(self, message: str = "hand edit", *, rewritten: Iterable[str] = ()) -> str | None:
        """Commit whatever changed in the folder since the last commit (edits made outside
        memdir, or a write that died before its commit); the new commit id, or None.
        ``rewritten``: files memdir itself just rewrote to follow those edits (the index),
        committed with them but not named as edited by hand.
        When a person's commit moves the branch meanwhile, the folder is scanned again
        against it: a commit built on the old HEAD would undo theirs."""
        try:
            repo, fresh = self._start()
            for _ in range(_ATTEMPTS):
                try:
                    return self._absorb(repo, fresh, message, frozenset(rewritten))
                except _BranchMoved:
                    fresh = False
            raise OSError(errno.EAGAIN, "the branch kept moving while memdir committed")
        except OSError as exc:
            raise StorageError("record history", self.root, exc) from exc

    def _absorb(
        self, repo: Repo, fresh: bool, message: str, rewritten: frozenset[str] = frozenset()
    ) -> str | None:
        """One :meth:`absorb` on the HEAD read now; _BranchMoved when it moved meanwhile.
        HEAD is read before the folder (as ``git commit`` does): a commit landing after
        the scan then fails the branch's compare-and-swap, never hides in the base."""
        head = self._head(repo)
        now, hashed, stats = self._scan(self.index.entries())
        before = self._files_at(repo, head)
        if before is not None and now == before and not fresh:
            return None
        if (fresh or head is None) and set(now) <= {".gitignore", "MEMORY.md"}:
            return None  # a new scope, or `memdir init`'s: its first change is its first commit
        old = before or {}
        changed = sorted(p for p in set(old) | set(now) if old.get(p) != now.get(p))
        if head is None:  # the first commit: `memdir init` made these, nobody's hand edit
            changed = [p for p in changed if p not in (".gitignore", "MEMORY.md")]
        named = [p for p in changed if p not in rewritten] or changed
        subject = "start history" if fresh else f"{message}: {listed(named)}"
        if before is None and head is not None:
            subject = (
                f"history restarted: the last commit ({head.decode()[:12]}) could "
                f"not be read, so this records the files as they are"
            )
        notes = "".join(
            f"{p}: rebuilt by memdir from the entry files\n"
            for p in changed
            if p in rewritten and p not in named
        )
        if not fresh and listed(named) != ", ".join(named):  # the subject names a few
            notes = "".join(f"changed: {p}\n" for p in named) + notes
        body = subject + "\n\n" + notes + "source: outside memdir\n"
        return self._commit(
            repo, lambda _: dict(now), hashed, body, head, stats=stats, rebase=False
        )

    def record(self, names: Iterable[str], message: str, *, sync: Iterable[str] = ()) -> str | None:
        """Commit the files memdir just wrote or deleted (after :meth:`absorb`). The
        folders of ``sync`` are fsynced with the commit's objects, before the branch
        moves (one batch where the writer would fsync them after, one after another)."""
        from dulwich.objects import Blob

        names = list(names)
        try:
            folders = set(folders_of(str(self.root), sync))  # refused before anything is made
            repo, _ = self._start()
            initial: dict[str, bytes] | None = None
            blobs: dict[str, Any] = {}
            stats: dict[str, os.stat_result] = {}
            head = self._head(repo)
            if head is None:  # the first commit holds every file there is
                initial, blobs, stats = self._scan({})
            for name in names:
                gone = (FileNotFoundError, NotADirectoryError, IsADirectoryError)
                with contextlib.suppress(*gone), open(self.root / name, "rb") as f:
                    stats[name] = os.fstat(f.fileno())  # before the read, as git does
                    blobs[name] = Blob.from_string(f.read())

            def files(base: dict[str, bytes]) -> dict[str, bytes]:
                if initial is not None and not base:
                    base = dict(initial)
                for name in names:
                    if name in blobs:
                        base[name] = blobs[name].id
                    else:
                        base.pop(name, None)
                return base

            return self._commit(repo, files, blobs, message, head, folders, stats=stats)
        except OSError as exc:
            raise StorageError("record history", self.root, exc) from exc

    def _commit(
        self,
        repo: Repo,
        files_on: Callable[[dict[str, bytes]], dict[str, bytes]],
        blobs: dict[str, Any],
        message: str,
        head: bytes | None,
        also: set[str] | None = None,
        *,
        stats: dict[str, os.stat_result],
        rebase: bool = True,
    ) -> str | None:
        """Commit ``files_on(files of HEAD)`` on top of HEAD (``head``, as the caller just
        read it; read again if it moved meanwhile): objects durable first, then
        the branch moved with git's lock protocol (again on top of a commit someone made
        meanwhile; without ``rebase``, _BranchMoved instead), then the
        index brought in step from ``stats`` (each file's stat from before it was read).
        ``also``: more paths to fsync with the objects (folders of files renamed there)."""
        from dulwich.objects import Commit as GitCommit

        for attempt in range(_ATTEMPTS):
            if attempt:  # the branch moved since ``head`` was read
                head = self._head(repo)
            base = self._files_at(repo, head)
            damaged = base is None
            files = files_on({} if base is None else dict(base))
            if base is not None and files == base and head is not None and not attempt:
                _fsync_all(sorted(also or ()))
                return None  # an empty commit only for a write a person's commit took in
            folders, written = self._trees(repo, head, files, blobs)
            commit = GitCommit()
            commit.tree = folders[""].id
            commit.parents = [] if head is None or damaged else [cast(Any, head)]
            commit.author = commit.committer = AUTHOR
            commit.author_time = commit.commit_time = int(time.time())
            commit.author_timezone = commit.commit_timezone = 0
            commit.message = message.encode("utf-8", "backslashreplace")  # odd file names
            written += self._add(repo, [commit])
            _fsync_all(sorted(set(written) | (also or set())))  # all new here, at once
            if self._moved(
                lambda: self._move(repo, head, commit.id, files, base, stats)  # noqa: B023
            ):
                fsync_path(str(self.root / ".git" / "refs" / "heads"))  # the branch's rename
                self._tree = (commit.id, files, folders)
                return str(commit.id.decode("ascii"))
            # someone (a person's `git commit`) moved the branch meanwhile: build on theirs
            if not rebase:
                raise _BranchMoved
        raise OSError(errno.EAGAIN, "the branch kept moving while memdir committed")

    def _moved(self, move: Callable[[], bool]) -> bool:
        """``move`` (which takes git's locks), recorded in ``WRITER`` while it runs so that
        the locks of a memdir killed meanwhile can be told from a person's ``git``."""
        git = self.root / ".git"
        _clear_dead_writer(git)
        record = git / WRITER
        with contextlib.suppress(FileNotFoundError):  # not written through a symlink
            record.unlink()
        record.write_text(f"{socket.gethostname()} {os.getpid()}\n", encoding="utf-8")
        try:
            return move()
        finally:
            with contextlib.suppress(FileNotFoundError):
                record.unlink()

    def _move(
        self,
        repo: Repo,
        head: bytes | None,
        commit: bytes,
        files: dict[str, bytes],
        base: dict[str, bytes] | None,
        stats: dict[str, os.stat_result],
    ) -> bool:
        """Bring the index in step with ``commit``, then move the branch from ``head`` to
        it (False when it is no longer at ``head``): git's own order, so that whoever
        reads the branch at ``commit`` reads an index that has its files."""
        from dulwich.objects import ZERO_SHA

        refs: Any = repo.refs
        if self._head(repo) != head:
            return False
        _retry_locked(lambda: self.index.stage(files, base, stats), self.lock_timeout)
        return bool(
            _retry_locked(
                lambda: refs.set_if_equals(HEAD, head or ZERO_SHA, commit), self.lock_timeout
            )
        )

    def _add(self, repo: Repo, objects: Iterable[ShaFile]) -> list[str]:
        """Store the objects not stored loose yet (unsynced); the paths to fsync: each new
        object and its folder, and the objects folder when that folder is new too."""
        from dulwich.file import FileLocked

        store: Any = repo.object_store
        written = []
        for obj in objects:
            sha = obj.id.decode("ascii")
            folder = os.path.join(store.path, sha[:2])
            path = os.path.join(folder, sha[2:])
            with contextlib.suppress(FileNotFoundError):
                if stat.S_ISREG(os.lstat(path).st_mode):
                    continue  # stored (dulwich would only refresh its time)
                raise OSError(errno.EEXIST, "something else is where this object goes", path)
            if not os.path.isdir(folder):
                written.append(store.path)
            try:
                store.add_object(obj)
            except FileLocked as exc:  # a writer killed mid-object; git never locks objects
                os.unlink(exc.lockfilename)  # and memdir holds the scope lock
                store.add_object(obj)
            written += [path, folder]
        return written

    def _trees(
        self, repo: Repo, head: bytes | None, files: dict[str, bytes], blobs: dict[str, Any]
    ) -> tuple[dict[str, Any], list[str]]:
        """Store the blobs and trees of ``files``; each folder's Tree and the new paths. On
        top of a commit this writer made, its trees are changed where ``files`` differ (a
        tree of HEAD is in the store: git never prunes what HEAD reaches); else built."""
        from dulwich.objects import Tree

        cached = self._tree
        if cached is not None and cached[2] is not None and head is not None and cached[0] == head:
            folders = cached[2]  # changed in place below: kept again once the commit is made
            self._tree = (head, cached[1], None)
            changed = {path for path, _ in files.items() ^ cached[1].items()}
        else:
            folders, changed = {"": Tree()}, set(files)
        dirty = {""}
        for path in changed:
            folder, _, base = path.rpartition("/")
            parts = folder.split("/") if folder else []
            for i in range(len(parts)):
                sub = "/".join(parts[: i + 1])
                dirty.add(sub)
                if sub not in folders:
                    folders[sub] = Tree()
            tree, name = folders[folder], os.fsencode(base)
            if path in files:
                tree.add(name, _FILE_MODE, files[path])
            elif name in tree:
                del tree[name]
        written = self._add(repo, [b for p, b in blobs.items() if files.get(p) == b.id])
        for folder in sorted(dirty, key=lambda f: -f.count("/") - bool(f)):  # leaves first
            tree = folders[folder]
            if len(tree) > 1:  # its bytes as one chunk: hashed twice, compressed, in a call
                raw = tree.as_raw_string()
                tree = folders[folder] = Tree.from_raw_string(Tree.type_num, raw)
            if folder:
                parent, _, base = folder.rpartition("/")
                if not len(tree):  # its last file went: git keeps no empty folder
                    del folders[folder]
                    up, name = folders[parent], os.fsencode(base)
                    if name in up and up[name][0] == stat.S_IFDIR:  # not a file there now
                        del up[name]
                    continue
                folders[parent].add(os.fsencode(base), stat.S_IFDIR, tree.id)
            written += self._add(repo, [tree])
        return folders, written

    # -- reading ---------------------------------------------------------------------------

    def log(
        self, match: Callable[[str], bool] | None = None, *, limit: int | None = None
    ) -> list[Commit]:
        """Commits newest first; with ``match``, only those that changed a file whose
        path it accepts."""
        if not self.exists():
            return []
        repo = self.repo()
        head = self._head(repo)
        if head is None:
            return []
        out: list[Commit] = []
        for walk in repo.get_walker(include=[cast(Any, head)]):
            c = walk.commit
            changed = self._changed(repo, c)
            if match is not None and not any(match(p) for p in changed):
                continue
            out.append(
                Commit(
                    c.id.decode(),
                    c.message.decode("utf-8", "replace"),
                    float(c.commit_time),
                    tuple(changed),
                )
            )
            if limit is not None and len(out) >= limit:
                break
        return out

    @staticmethod
    def _changed(repo: Repo, c: Any) -> list[str]:
        from dulwich.diff_tree import tree_changes

        parent = cast(Any, repo[c.parents[0]]).tree if c.parents else None
        found = []
        for ch in tree_changes(repo.object_store, parent, c.tree):
            side = ch.new if ch.new is not None and ch.new.path else ch.old
            if side is not None and side.path is not None:
                found.append(os.fsdecode(side.path))
        return sorted(found)

    def resolve(self, rev: str) -> str | None:
        """The full commit id ``rev`` (a hex prefix of at least 4, ``HEAD`` or ``HEAD~N``)
        names here, or None."""
        if not self.exists():
            return None
        repo = self.repo()
        head = self._head(repo)
        if head is None:
            return None
        if rev == "HEAD" or rev.startswith("HEAD~"):
            steps = rev[5:] if rev != "HEAD" else "0"
            if not steps.isdigit():
                return None
            sha = head
            for _ in range(int(steps)):
                parents = cast(Any, repo[sha]).parents
                if not parents:
                    return None
                sha = parents[0]
            return sha.decode()
        if len(rev) < 4 or any(ch not in "0123456789abcdef" for ch in rev.lower()):
            return None
        matches = [
            w.commit.id.decode()
            for w in repo.get_walker(include=[cast(Any, head)])
            if w.commit.id.decode().startswith(rev.lower())
        ]
        if len(matches) > 1:
            raise HistoryError(f"revision {rev!r} is ambiguous; give more hex digits")
        return matches[0] if matches else None

    def files(self, rev: str) -> dict[str, bytes]:
        """Every file of the tree at ``rev`` and its bytes."""
        from dulwich.object_store import iter_tree_contents

        repo = self.repo()
        tree = cast(Any, repo[rev.encode()]).tree
        return {
            os.fsdecode(e.path): cast(Any, repo[e.sha]).as_raw_string()
            for e in iter_tree_contents(repo.object_store, tree)
            if e.path is not None and e.sha is not None
        }

    def change(self, rev: str) -> dict[str, tuple[bytes | None, bytes | None]]:
        """What ``rev`` changed: ``{path: (before, after)}``, None where absent."""
        repo = self.repo()
        c: Any = repo[rev.encode()]
        before = self.files(c.parents[0].decode()) if c.parents else {}
        after = self.files(rev)
        return file_changes(before, after)

    def head(self) -> str | None:
        """The newest commit id, or None."""
        if not self.exists():
            return None
        head = self._head(self.repo())
        return head.decode() if head is not None else None

    def worktree_changes(self) -> dict[str, tuple[bytes | None, bytes | None]]:
        """Files that differ from the newest commit (edits not yet recorded)."""
        head = self.head()
        before = self.files(head) if head else {}
        after: dict[str, bytes] = {}
        for path, _ in self._walk():
            with open(self.root / path, "rb") as f:
                after[path] = f.read()
        return file_changes(before, after)


# -- a project's own repository, read only ----------------------------------------------------


def git_dirs(root: Path) -> tuple[Path, Path] | None:
    """``(gitdir, commondir)`` of the repository checked out at ``root``: both ``.git`` for
    a plain checkout; for a ``.git`` file (worktree, submodule) the folder it names and that
    folder's ``commondir``. None outside git. Reads the two pointer files git documents,
    without dulwich: every ``memdir.open`` asks."""
    marker = root / ".git"
    try:
        if marker.is_dir():
            return marker, marker
        text = _small(marker)
    except (OSError, ValueError):  # a FIFO, a device, a large file: no git's
        return None
    if not text.startswith("gitdir:"):
        return None
    try:
        gitdir = (root / text[len("gitdir:") :].strip()).resolve()
    except (OSError, ValueError, RuntimeError):  # a NUL, a link loop: no git folder
        return None
    try:
        common = (gitdir / _small(gitdir / "commondir")).resolve()
    except (OSError, ValueError, RuntimeError):
        common = gitdir
    return gitdir, common


#: The most of a git pointer, ref or config file read (bytes): git writes far less.
_SMALL = 1 << 20


def _small(path: Path) -> str:
    """A small git file's text, stripped: :func:`~.regular.read_bytes` (never a FIFO or a
    device, never more than :data:`_SMALL`)."""
    return read_bytes(path, _SMALL).decode("utf-8", "replace").strip()


def open_repo(root: Path) -> Repo | None:
    """The repository checked out at ``root`` (a worktree or submodule too); None outside
    git or when it cannot be read."""
    from dulwich.errors import NotGitRepository
    from dulwich.repo import Repo

    try:
        return Repo(str(root))
    except (NotGitRepository, OSError, ValueError, KeyError):
        return None


def read_remote(common: Path) -> str | None:
    """``remote.origin.url`` from the config file of the repository whose common folder is
    ``common``; None when it has none."""
    from dulwich.config import ConfigFile

    def opener(path: str | os.PathLike[str]) -> io.BytesIO:  # includes too: bounded
        return io.BytesIO(read_bytes(Path(path), _SMALL))

    try:
        config = ConfigFile.from_path(str(common / "config"), file_opener=opener)
        url = config.get((b"remote", b"origin"), b"url")
    except (OSError, ValueError, KeyError):
        return None
    return url.decode("utf-8", "replace").strip() or None


def head_commit(gitdir: Path, common: Path) -> str | None:
    """The commit HEAD names in the checkout whose git folders are ``gitdir`` and
    ``common`` (:func:`git_dirs`): a branch's tip, loose or packed, or a detached HEAD;
    None on an unborn branch or when the refs cannot be read. Refs only, no history."""
    name = "HEAD"
    for _ in range(5):  # git follows as many symbolic refs
        try:
            text = _ref(gitdir, common, name)
        except (OSError, ValueError):  # a FIFO, a device, a large file: no ref
            return None
        if text is None or not text.startswith("ref:"):
            return text if text is not None and _SHA.fullmatch(text) else None
        name = text[len("ref:") :].strip()
        if not _REF_NAME.fullmatch(name) or ".." in name or "/." in name:
            return None  # no ref git names: it would leave the refs folder
    return None


#: A ref's name as a symbolic ref may name it: no control character, space or
#: ``~^:?*[\\`` (git-check-ref-format(1)); any other letter, non-ASCII too.
_REF_NAME = re.compile(r"refs/[^\x00-\x20\x7f~^:?*\[\\]{1,1000}")
#: The folders of refs a linked worktree keeps its own (git-worktree(1), "Refs").
_OWN_REFS = ("HEAD", "refs/bisect/", "refs/worktree/", "refs/rewritten/")


def _ref(gitdir: Path, common: Path, name: str) -> str | None:
    """What the ref ``name`` holds (a commit id or ``ref: ...``): its loose file, else
    its line in packed-refs; None when neither has it. Files read as :func:`_small`
    reads; packed-refs a line at a time, a line bounded."""
    own = any(name == p or (p.endswith("/") and name.startswith(p)) for p in _OWN_REFS)
    try:
        return _small((gitdir if own else common) / name).split("\n", 1)[0].strip()
    except FileNotFoundError:
        pass
    if name == "HEAD":
        return None
    try:
        fd = open_regular(common / "packed-refs", 1 << 40)
    except FileNotFoundError:
        return None
    wanted = name.encode("utf-8")
    with os.fdopen(fd, "rb") as packed:
        while line := packed.readline(4096):
            if not line.endswith(b"\n") and len(line) >= 4096:
                return None  # no packed-refs git writes
            sha, _, ref = line.rstrip(b"\r\n").partition(b" ")
            if ref == wanted:
                return sha.decode("ascii", "replace")
    return None


#: The most of a reflog's first line read (bytes): its old and new ids, the committer's name,
#: e-mail and time come first; a longer line names no time memdir reads.
_LOG_LINE = 1 << 16
#: A reflog line up to its message: ``<old> <new> <name> <<e-mail>> <seconds> <zone>``.
_LOG_ENTRY = re.compile(
    rb"(?:[0-9a-f]{40}|[0-9a-f]{64}) (?:[0-9a-f]{40}|[0-9a-f]{64}) [^\n]*> (\d{1,12}) [+-]\d{4}"
)


def first_logged(gitdir: Path) -> float | None:
    """The time the first line of HEAD's reflog in the checkout whose git folder is
    ``gitdir`` (:func:`git_dirs`) records: its clone, or its first commit after ``git
    init`` (or, once git expired older lines, a later move of HEAD): the checkout was there
    by then. None without a reflog or when its first line does not parse. Reads that line
    alone, at most :data:`_LOG_LINE` bytes, of a regular file (never a FIFO or a device)."""
    try:
        fd = open_regular(gitdir / "logs" / "HEAD", sys.maxsize)  # any size: a line is read
    except (OSError, ValueError):
        return None
    try:
        line = os.read(fd, _LOG_LINE)
    except OSError:
        return None
    finally:
        os.close(fd)
    entry = _LOG_ENTRY.fullmatch(line.split(b"\n", 1)[0].split(b"\t", 1)[0])
    return None if entry is None else float(entry[1])


def held_commits(root: Path, ids: Iterable[str]) -> set[str]:
    """Those of the commit ``ids`` the repository checked out at ``root`` holds (object
    lookups, no walk); none when it cannot be read."""
    repo = open_repo(root)
    if repo is None:
        return set()
    try:
        store = cast(Any, repo.object_store)
        return {i for i in ids if _SHA.fullmatch(i) and i.encode("ascii") in store}
    except Exception:  # noqa: BLE001 — an unreadable object store holds nothing provable
        return set()
    finally:
        repo.close()


def root_commits(root: Path, limit: int = 200_000) -> list[str] | None:
    """Ids of the commits without parents reachable from HEAD, newest first; None when
    there is no commit (or no repository), ``[]`` when there are more than ``limit`` to
    walk."""
    repo = open_repo(root)
    if repo is None:
        return None
    try:
        head = cast(Any, repo.refs)[HEAD]
        found = []
        for n, entry in enumerate(repo.get_walker(include=[head])):
            if n >= limit:
                return []
            if not entry.commit.parents:
                found.append(entry.commit.id.decode("ascii"))
    except Exception:  # noqa: BLE001 — a repository git itself may not read is no record
        return None
    finally:
        repo.close()
    return found


def not_ignored(paths: list[Path]) -> list[Path]:
    """Those of ``paths`` that their checkout's ``.gitignore`` files, ``info/exclude`` and
    ``core.excludesFile`` do not ignore; none outside a repository. Each path is looked up
    in its own checkout (a CLAUDE.local.md above the checkout is in none). Matched by
    :mod:`.gitignore` in bounded time (dulwich's regular expressions backtrack without
    bound on a pattern such as ``*a*a*a*a*a*a*a*a*b``). A tracked file is never ignored,
    as git says (``git check-ignore`` without ``--no-index``): every clone shares it."""
    return [p for p, v in zip(paths, _verdicts(paths), strict=True) if v is False]


def ignored(paths: list[Path]) -> list[Path]:
    """Those of ``paths`` that their checkout's ignore rules ignore (as
    :func:`not_ignored` reads them); none outside a repository."""
    return [p for p, v in zip(paths, _verdicts(paths), strict=True) if v is True]


def _verdicts(paths: list[Path]) -> list[bool | None]:
    """Whether git ignores each of ``paths``; None outside a repository or unreadable."""
    checkouts: dict[Path, Checkout | None] = {}
    asked: dict[Path, dict[bytes, list[int]]] = {}  # ignored by the rules: tracked?
    out: list[bool | None] = []
    for p in paths:
        where = p.absolute()
        root = next((d for d in where.parents if (d / ".git").exists()), None)
        if root is not None and root not in checkouts:
            checkouts[root] = _checkout(root)
        checkout = checkouts[root] if root is not None else None
        verdict = None
        if root is not None and checkout is not None:
            try:
                is_dir = stat.S_ISDIR(os.lstat(where).st_mode) if os.path.lexists(where) else False
                relative = where.relative_to(root).as_posix()
                verdict = checkout.ignored(relative, is_dir)
            except (OSError, ValueError):
                verdict = None
            if verdict and not is_dir:  # the rules say ignored: unless git tracks it
                asked.setdefault(root, {}).setdefault(os.fsencode(relative), []).append(len(out))
        out.append(verdict)
    for root, wanted in asked.items():
        for name in _tracked(root, set(wanted)):
            for at in wanted[name]:
                out[at] = False
    return out


#: An index larger than this is not read for tracked paths (the linux kernel's: 10 MiB)
_MAX_INDEX = 256 << 20


def _tracked(root: Path, wanted: set[bytes]) -> set[bytes]:
    """Those of ``wanted`` (checkout-relative paths) in the index of the checkout at
    ``root``, its entries read one at a time (a regular file of at most :data:`_MAX_INDEX`
    bytes: never a FIFO) up to the last one asked (git sorts them by name); none when it
    cannot be read: then the ignore rules alone decide."""
    from dulwich.index import read_index

    dirs = git_dirs(root)
    if dirs is None:
        return set()
    found, last = set(), max(wanted)
    try:
        with os.fdopen(open_regular(dirs[0] / "index", _MAX_INDEX), "rb") as index:
            for entry in read_index(index):
                if entry.name in wanted:
                    found.add(entry.name)
                elif entry.name > last:
                    break
        return found
    except Exception:  # noqa: BLE001 — an index git itself may not read tracks nothing
        return set()


def _checkout(root: Path) -> Checkout | None:
    """The ignore rules of the checkout at ``root``; None when its repository cannot be
    read."""
    from dulwich.ignore import default_user_ignore_filter_path

    from .gitignore import Checkout, read_rules

    dirs = git_dirs(root)
    repo = open_repo(root) if dirs is not None else None
    if repo is None or dirs is None:
        return None
    try:
        config = repo.get_config_stack()
        fold = config.get_boolean((b"core",), b"ignorecase", False)
        try:  # "~nobody/ignore": git stops with a fatal error; read as no such file here
            user = read_rules(Path(default_user_ignore_filter_path(config)).expanduser(), fold)
        except RuntimeError:
            user = None
        return Checkout(root, [read_rules(dirs[1] / "info" / "exclude", fold), user], fold)
    except (OSError, ValueError, KeyError):
        return None
    finally:
        repo.close()


def user_config(key: str, root: Path | None = None) -> tuple[str, str]:
    """``(value, file)`` of a ``section.name`` key: from the global config files (as
    ``git config --global``) without ``root``, from the effective config of the repository
    at ``root`` with it; ``("", "")`` when unset."""
    from dulwich.config import ConfigFile

    section, _, name = key.partition(".")
    if root is None:
        home = Path.home()
        xdg = Path(os.environ.get("XDG_CONFIG_HOME") or home / ".config")
        files = [home / ".gitconfig", xdg / "git" / "config"]
    else:
        dirs = git_dirs(root)
        files = [dirs[1] / "config"] if dirs else []
        files += [Path.home() / ".gitconfig", Path("/etc/gitconfig")]
    for path in files:
        try:
            value = ConfigFile.from_path(str(path)).get((section.encode(),), name.encode())
        except (OSError, ValueError, KeyError):
            continue
        return value.decode("utf-8", "replace").strip(), str(path)
    return "", ""


def read_log(root: Path, limit: int) -> list[tuple[str, str, str]]:
    """``(author name, e-mail, message)`` of the newest ``limit`` commits reachable from
    HEAD that are not merges; OSError when the repository cannot be read, [] when it has
    no commit."""
    repo = open_repo(root)
    if repo is None:
        raise OSError(errno.ENOENT, "not a git repository")
    try:
        try:
            head = cast(Any, repo.refs)[HEAD]
        except KeyError:
            return []
        out = []
        for entry in repo.get_walker(include=[head]):
            c = entry.commit
            if len(c.parents) > 1:
                continue
            name, _, mail = c.author.decode("utf-8", "replace").partition(" <")
            message = c.message.decode("utf-8", "replace").strip()
            out.append((name.strip(), mail.rstrip(">").strip(), message))
            if len(out) >= limit:
                break
        return out
    finally:
        repo.close()
