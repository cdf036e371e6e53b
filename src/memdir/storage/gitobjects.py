"""git's on-disk format, written and read directly: loose objects, trees, one branch.

What :mod:`memdir.storage.history` needs on the write path, without importing dulwich
(~40 ms a process): an object is zlib over ``<kind> <size>\\0<data>``, named by the SHA-1
of that; a tree is ``<mode> <name>\\0<20-byte id>`` entries in git's order; the branch is a
file holding the commit id. Anything this module does not handle (packed objects or refs
after a ``git gc`` run by hand) is left to dulwich by the caller.

A commit is durable before the branch moves to it: the objects of one commit are written
to temp files, fsynced together (in parallel, so the file system's journal commits them in
one go rather than once per object), renamed into place, their folders fsynced (again
together), and only then is the branch rewritten and fsynced. A crash therefore leaves the
branch on a commit whose objects are all on disk, never on one that is missing.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import time
import zlib
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor, wait
from pathlib import Path

from ..errors import StorageError

__all__ = ["AUTHOR", "BRANCH", "GitDir", "object_id"]

AUTHOR = "memdir <memdir@localhost>"
BRANCH = "refs/heads/main"
TREE_MODE = b"40000"
FILE_MODE = b"100644"


_POOL: ThreadPoolExecutor | None = None


def _all(fn: Callable[[object], None], items: Iterable[object]) -> None:
    """``fn`` on every item, concurrently when there are several (fsyncs wait on the disk,
    not on the interpreter; the journal commits concurrent ones together)."""
    global _POOL
    items = list(items)
    if len(items) < 2:
        for item in items:
            fn(item)
        return
    if _POOL is None:
        _POOL = ThreadPoolExecutor(4, thread_name_prefix="memdir-fsync")
    others = [_POOL.submit(fn, item) for item in items[1:]]
    try:
        fn(items[0])  # this thread does its share rather than only wait
    finally:
        wait(others)  # every fsync done before the caller closes or discards anything
        for future in others:
            future.result()  # re-raises the first failure


def _fsync_path(path: object) -> None:
    fd = os.open(str(path), os.O_RDONLY | os.O_CLOEXEC)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _fsync_fd(item: object) -> None:
    os.fsync(item[0])  # type: ignore[index]


def object_id(kind: bytes, data: bytes) -> tuple[str, bytes]:
    """A git object's id and its raw (uncompressed) form."""
    raw = b"%s %d\x00" % (kind, len(data)) + data
    return hashlib.sha1(raw).hexdigest(), raw


class GitDir:
    """One ``.git`` folder."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._objects = str(path / "objects")
        self._subtrees: dict[str, dict[str, str]] = {}  # tree id -> its files, flattened
        self._pending: dict[str, tuple[int, str, str]] = {}  # id -> (fd, temp path, path)
        self._folders: set[str] = set()  # folders that gained an entry since the last flush

    def init(self) -> bool:
        """Create the skeleton ``git init`` makes (branch ``main``) if missing; True when
        it was created now."""
        if (self.path / "HEAD").exists():
            return False
        try:
            for folder in ("objects/info", "objects/pack", "refs/heads", "refs/tags"):
                (self.path / folder).mkdir(parents=True, exist_ok=True)
            (self.path / "config").write_text(
                "[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = false\n",
                encoding="ascii",
            )
            (self.path / "description").write_text("memdir scope history\n", encoding="ascii")
            (self.path / "HEAD").write_text(f"ref: {BRANCH}\n", encoding="ascii")
        except OSError as exc:
            raise StorageError("create the history repository", self.path, exc) from exc
        return True

    def write(self, kind: bytes, data: bytes) -> str:
        """Store one loose object unless it is there already; return its id. It goes to a
        temp file and becomes visible, durable, at the next :meth:`flush` (which
        :meth:`set_head` runs), so no reader ever sees half of it."""
        sha, raw = object_id(kind, data)
        folder = os.path.join(self._objects, sha[:2])
        path = os.path.join(folder, sha[2:])
        if sha in self._pending or os.path.exists(path):
            return sha
        tmp = os.path.join(folder, f".tmp-{os.getpid()}-{sha[2:10]}")
        flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW | os.O_CLOEXEC
        try:
            fd = os.open(tmp, flags, 0o444)  # git's loose objects are read-only
        except FileNotFoundError:  # the first object in this fan-out folder
            with contextlib.suppress(FileExistsError):
                os.mkdir(folder)
            self._folders.add(self._objects)
            fd = os.open(tmp, flags, 0o444)
        self._pending[sha] = (fd, tmp, path)
        self._folders.add(folder)
        view = memoryview(zlib.compress(raw, 1))
        while view:
            view = view[os.write(fd, view) :]
        return sha

    def flush(self) -> None:
        """Make every object written since the last flush durable and visible: fsync
        them, rename them into place, fsync the folders that gained them."""
        pending = self._pending
        try:
            _all(_fsync_fd, pending.values())
            for sha in list(pending):
                fd, tmp, path = pending.pop(sha)
                os.close(fd)
                try:
                    os.replace(tmp, path)
                except OSError:
                    with contextlib.suppress(OSError):
                        os.unlink(tmp)
                    raise
        finally:
            self.discard()
        folders, self._folders = sorted(self._folders), set()
        _all(_fsync_path, folders)

    def discard(self) -> None:
        """Forget objects written but not flushed (a commit that failed part-way)."""
        for fd, tmp, _ in self._pending.values():
            with contextlib.suppress(OSError):
                os.close(fd)
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        self._pending.clear()

    def read(self, sha: str) -> bytes:
        """The body of one loose object (FileNotFoundError when it is packed)."""
        with open(self.path / "objects" / sha[:2] / sha[2:], "rb") as f:
            raw = zlib.decompress(f.read())
        return raw[raw.index(b"\x00") + 1 :]

    def flatten(self, tree: str, prefix: str = "") -> dict[str, str]:
        """A tree as path -> blob id; subtrees are remembered by id, so an unchanged
        ``archive/`` is parsed once per process."""
        known = self._subtrees.get(tree)
        if known is None:
            data = self.read(tree)
            known = {}
            i = 0
            while i < len(data):
                space = data.index(b" ", i)
                nul = data.index(b"\x00", space)
                mode, name = data[i:space], os.fsdecode(data[space + 1 : nul])
                entry = data[nul + 1 : nul + 21].hex()
                i = nul + 21
                if mode == TREE_MODE:
                    known.update(self.flatten(entry, name + "/"))
                else:
                    known[name] = entry
            self._subtrees[tree] = known
        return {prefix + p: b for p, b in known.items()} if prefix else dict(known)

    def tree_of(self, commit: str) -> str:
        """The root tree id of a (loose) commit."""
        first = self.read(commit).split(b"\n", 1)[0]
        if not first.startswith(b"tree "):
            raise ValueError(f"{commit} is not a commit")
        return first[5:].decode("ascii")

    def tree(self, entries: dict[bytes, tuple[bytes, str]]) -> str:
        """Store a tree of ``name -> (mode, id)``; git's order sorts a folder as "name/"."""
        items = sorted(entries.items(), key=lambda kv: kv[0] + b"/" * (kv[1][0] == TREE_MODE))
        return self.write(
            b"tree",
            b"".join(
                mode + b" " + name + b"\x00" + bytes.fromhex(sha) for name, (mode, sha) in items
            ),
        )

    def commit(self, tree: str, parent: str | None, message: str) -> str:
        """Store a commit by memdir, now."""
        stamp = f"{AUTHOR} {int(time.time())} +0000"
        body = (
            f"tree {tree}\n"
            + (f"parent {parent}\n" if parent else "")
            + f"author {stamp}\ncommitter {stamp}\n\n{message}"
        )
        return self.write(b"commit", body.encode("utf-8"))

    def head(self) -> str | None:
        """The branch's commit id from its loose ref (None: no commit, or packed)."""
        try:
            return (self.path / BRANCH).read_bytes().strip().decode("ascii") or None
        except FileNotFoundError:
            return None

    def set_head(self, sha: str) -> None:
        """Make the objects written so far durable (:meth:`flush`), then point the branch
        at ``sha``: its 41 bytes rewritten in place (a single-page write, no rename) and
        fsynced, so the commit is durable when this returns."""
        self.flush()
        ref = self.path / BRANCH
        data = sha.encode("ascii") + b"\n"
        try:
            fd = os.open(ref, os.O_WRONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
        except FileNotFoundError:
            ref.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(ref, os.O_WRONLY | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644)
        try:
            os.pwrite(fd, data, 0)
            os.ftruncate(fd, len(data))
            os.fsync(fd)
        finally:
            os.close(fd)
