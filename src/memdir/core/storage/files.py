"""Markdown scopes on a local file system: atomic durable writes and a per-scope lock.
See docs/design/storage.md."""

from __future__ import annotations

import contextlib
import errno
import fcntl
import operator
import os
import re
import secrets
import select
import stat
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from ..errors import LockTimeoutError, StorageError
from ..model import BODY_MAX_BYTES
from .base import INDEX_NAME, SKILL_FILE, SKILLS_DIR, FileInfo, is_skill_name
from .regular import FsyncError, fsync_path, fsync_together

ARCHIVE = "archive"
LOCK_NAME = ".lock"
STAGING = ".staging"
_GITIGNORE = ".lock\n.changes\n.changes.new\n.staging/\n.*.tmp\n.origin.json\n"
NOT_ENTRIES = frozenset(
    {
        INDEX_NAME,
        "AGENTS.md",
        "CLAUDE.md",
        "AGENTS.local.md",
        "CLAUDE.local.md",
        "README.md",
        "SOUL.md",
    }
)
_OPEN_FLAGS = os.O_NOFOLLOW | os.O_CLOEXEC
FILE_MAX_BYTES = 2 * BODY_MAX_BYTES  # a body at its limit and its frontmatter
_TOO_BIG = f"larger than {FILE_MAX_BYTES // 1024} KiB, more than any entry holds; shorten it"


_S_IFDIR = stat.S_IFDIR
_POLL_MAX = 0.002  # seconds between two tries for a busy lock, at most
_WAKE_MAX = 5  # ms between two tries while waiting on the lock's FIFO (a wake may be missed)
_TEMP = re.compile(r"\..+\.md\.\d+\.[0-9a-f]{8}\.tmp")  # what stage() creates
# A file's stat signature: the fields that change whenever its bytes may have.
_SIGNATURE = operator.attrgetter("st_ino", "st_size", "st_mtime_ns", "st_ctime_ns", "st_mode")
_COARSE_NS = 1_000_000  # a file system's timestamps in whole ms (or coarser) are coarse


def told_after_write(written: os.stat_result, now: os.stat_result) -> FileInfo | None:
    """The listing info ``now`` (an ``lstat`` after the rename) gives a reader of what
    this writer wrote, whose descriptor showed ``written``: None when the file is another
    (inode, size or mtime differ) or when its mtime is coarse (whole milliseconds, as
    whole seconds on ext4 with 128-byte inodes), where a same-size edit right after the
    write keeps the signature. docs/design/storage.md."""
    if (now.st_ino, now.st_size, now.st_mtime_ns) != (
        written.st_ino,
        written.st_size,
        written.st_mtime_ns,
    ) or not now.st_mtime_ns % _COARSE_NS:
        return None
    return FileInfo(_SIGNATURE(now), now.st_mtime)


def wake_fifo(lock: os.stat_result) -> str:
    """The FIFO the holder of the lock file ``lock`` wakes its waiters through: in a
    folder of this user's own in ``/tmp`` (not ``$TMPDIR``: holder and waiter must meet
    there whatever their environments say), never in the scope folder, where a FIFO would
    stop a copy of the folder (``shutil.copytree`` refuses one)."""
    return f"/tmp/memdir-{os.getuid()}/wake-{lock.st_dev}-{lock.st_ino}"


def _listen(fifo: str) -> int | None:
    """``fifo`` opened to wait on (made if missing), or None, and the waiter polls: its
    folder or the FIFO is not this user's alone, or cannot be had."""
    flags = os.O_RDWR | os.O_NONBLOCK | _OPEN_FLAGS  # also a writer: never at end of file
    uid = os.getuid()
    try:
        with contextlib.suppress(FileExistsError):
            os.mkdir(os.path.dirname(fifo), 0o700)
        folder = os.lstat(os.path.dirname(fifo))
        if not stat.S_ISDIR(folder.st_mode) or folder.st_uid != uid or folder.st_mode & 0o077:
            return None
        try:
            fd = os.open(fifo, flags)
        except FileNotFoundError:
            with contextlib.suppress(FileExistsError):
                os.mkfifo(fifo, 0o600)
            fd = os.open(fifo, flags)
    except OSError:
        return None
    info = os.fstat(fd)
    if stat.S_ISFIFO(info.st_mode) and info.st_uid == uid:
        return fd
    os.close(fd)
    return None


def _wake(fifo: str) -> None:
    """One byte to ``fifo`` if anyone waits on it; if nobody does (the open fails with
    ENXIO), the FIFO is removed: one exists only while writers wait."""
    try:
        fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK | _OPEN_FLAGS)
    except OSError as exc:
        if exc.errno == errno.ENXIO:
            with contextlib.suppress(OSError):
                os.unlink(fifo)
        return
    try:
        info = os.fstat(fd)
        if stat.S_ISFIFO(info.st_mode) and info.st_uid == os.getuid():
            os.write(fd, b"\0")
    except OSError:  # full: the waiters have bytes to wake on already
        pass
    finally:
        os.close(fd)


def is_entry_name(name: str) -> bool:
    """True for ``<file>.md`` or ``archive/<file>.md``: one component, not hidden, at most
    255 bytes, no NUL. Nothing else is ever joined to a scope folder."""
    folder, _, base = name.rpartition("/")
    return (
        folder in ("", ARCHIVE)
        and base.endswith(".md")
        and not base.startswith(".")
        and "\x00" not in base
        and len(base.encode("utf-8", "surrogateescape")) <= 255
    )


def _open_regular(path: str) -> int:
    """A read-only descriptor of a regular file, opened without blocking (a FIFO named
    like an entry would hang a plain open) and without following a symlink."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | _OPEN_FLAGS)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(
                errno.EINVAL, "not a regular file but a FIFO, socket or device; remove it"
            )
    except BaseException:
        os.close(fd)
        raise
    return fd


def folders_of(root: str, names: Iterable[str]) -> list[str]:
    """The folders holding ``names`` (paths below ``root``), sorted: what to fsync to make
    their renames and deletions durable. OSError(ELOOP) when a folder on the way is a
    symlink (a cloned repository could plant ``archive/``): memdir never follows one."""
    folders = set()
    for name in names:
        parts = name.split("/")[:-1]
        if name.startswith("/") or ".." in parts:
            raise ValueError(f"not a path in the scope folder: {name!r}")
        folder = root
        for part in parts:
            folder = os.path.join(folder, part)
            if os.path.islink(folder):
                why = f"{folder} is a symlink, which memdir never follows; move it away"
                raise OSError(errno.ELOOP, why)
        folders.add(folder)
    return sorted(folders)


class FileBackend:
    """One scope folder. New files get ``file_mode`` and new folders ``dir_mode`` (both
    before the umask); private scopes under ``$MEMDIR_HOME`` use 0o600 and 0o700."""

    transactional = False  # each write is durable on its own

    def __init__(self, root: Path | str, *, file_mode: int = 0o644, dir_mode: int = 0o755) -> None:
        self.root = Path(root)
        self._root = str(self.root)  # string paths on the hot path: pathlib costs µs a call
        self.file_mode = file_mode
        self.dir_mode = dir_mode
        self._threads = threading.Lock()
        # called after :meth:`create` made the folder (the workspace records the checkout
        # a local scope belongs to: docs/design/core.md, memdir.core.origins)
        self.created: Callable[[], None] | None = None
        self.creating: Callable[[], None] | None = None  # before: may refuse (StorageError)

    def __repr__(self) -> str:
        return f"FileBackend({str(self.root)!r})"

    @property
    def location(self) -> str:
        """The scope folder."""
        return str(self.root)

    def shown(self, name: str = "") -> str | None:
        """The scope folder (or the file ``name`` in it): the user's own machine."""
        return f"{self.root}/{name}" if name else str(self.root)

    def _path(self, name: str) -> str:
        if name == INDEX_NAME:
            return os.path.join(self._root, INDEX_NAME)
        if is_skill_name(name):  # skills/<name>/SKILL.md: neither folder may be a link
            folders_of(self._root, [name])
            return os.path.join(self._root, name)
        if not is_entry_name(name):
            raise ValueError(f"not a scope file name: {name!r}")
        if name.startswith(ARCHIVE + "/"):
            return os.path.join(self._own_dir(ARCHIVE, "archive"), name[len(ARCHIVE) + 1 :])
        return os.path.join(self._root, name)

    def exists(self) -> bool:
        """True when the scope folder exists."""
        return self.root.is_dir()

    def create(self) -> None:
        """Create the scope folder (and missing parents, with the same mode) if needed."""
        if os.path.isdir(self._root):  # every write asks: one stat, not one per parent
            return
        missing = [p for p in (self.root, *self.root.parents) if not p.exists()]
        if missing and self.creating is not None:
            self.creating()
        try:
            for folder in reversed(missing):
                folder.mkdir(mode=self.dir_mode, exist_ok=True)
            if missing:  # keep memdir's own bookkeeping out of the scope's git history
                (self.root / ".gitignore").write_text(_GITIGNORE, encoding="utf-8")
        except OSError as exc:
            raise StorageError("create the scope folder", self.root, exc) from exc
        if missing and self.created is not None:
            self.created()

    def writable(self) -> bool:
        """True when the folder (or, before it exists, its nearest parent) is writable."""
        path = self.root
        while not path.exists() and path != path.parent:
            path = path.parent
        return os.access(path, os.W_OK | os.X_OK)

    @contextmanager
    def lock(self, timeout: float = 30.0, *, archive: Iterable[str] = ()) -> Iterator[None]:
        """Exclusive lock on ``.lock`` (mode 0600, never a symlink), across processes
        (``archive`` changes nothing: a folder is listed when read)."""
        self.create()
        path = self.root / LOCK_NAME
        with self._threads:
            try:
                fd = os.open(path, os.O_RDWR | os.O_CREAT | _OPEN_FLAGS, 0o600)
            except OSError as exc:
                if exc.errno == errno.ELOOP:
                    exc = OSError(errno.ELOOP, "the lock file is a symlink; remove it")
                raise StorageError("open the lock file", path, exc) from exc
            try:
                info = os.fstat(fd)
                if not stat.S_ISREG(info.st_mode):
                    raise StorageError(
                        "use the lock file", path, OSError(errno.EINVAL, "not a regular file")
                    )
                if stat.S_IMODE(info.st_mode) != 0o600 and info.st_uid == os.getuid():
                    os.fchmod(fd, 0o600)
                fifo = wake_fifo(info)
                self._acquire(fd, path, timeout, fifo)
                try:
                    yield
                finally:
                    fcntl.flock(fd, fcntl.LOCK_UN)
                    _wake(fifo)
            finally:
                os.close(fd)

    @staticmethod
    def _acquire(fd: int, path: Path, timeout: float, fifo: str) -> None:
        """Take the lock; a busy one is waited for on ``fifo``, which the holder writes to
        when it lets go (flock has no timed wait), trying again at least every _WAKE_MAX
        ms; without the FIFO, by polling at most _POLL_MAX apart. docs/design/storage.md."""
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            pass
        deadline = time.monotonic() + timeout
        wake = _listen(fifo)  # before the next try, so a release after that try is heard
        waiting = select.poll()
        if wake is not None:
            waiting.register(wake, select.POLLIN)
        delay = 0.0005
        try:
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    return
                except BlockingIOError:
                    left = deadline - time.monotonic()
                    if left <= 0:
                        raise LockTimeoutError(path, timeout) from None
                if wake is None:
                    time.sleep(min(delay, left))
                    delay = min(delay * 1.5, _POLL_MAX)
                elif waiting.poll(min(_WAKE_MAX, left * 1000 + 1)):
                    with contextlib.suppress(BlockingIOError):
                        os.read(wake, 4096)  # every waiter wakes; whoever drains, all try
        finally:
            if wake is not None:
                os.close(wake)

    def _own_dir(self, name: str, label: str, *, create: bool = False) -> str:
        """The scope's ``label`` folder (``create``: made on first use); refused if it is a
        symlink or not a folder: going through it would leave the scope (a cloned
        repository could plant one)."""
        path = os.path.join(self._root, name)
        try:
            mode = os.lstat(path).st_mode
        except FileNotFoundError:
            if not create:
                return path
            with contextlib.suppress(FileExistsError):
                os.mkdir(path, self.dir_mode)
            mode = os.lstat(path).st_mode
        except OSError as exc:
            if create:
                raise  # the caller names the file it was writing
            raise StorageError("inspect", path, exc) from exc
        if mode & 0o170000 != _S_IFDIR:
            why = "it is a symlink or a file, and memdir never follows one; move it away"
            raise StorageError(f"use the {label} folder", path, OSError(errno.ENOTDIR, why))
        return path

    def listing(self, *, archive: bool = False) -> dict[str, FileInfo]:
        """Every active ``*.md`` entry file (or, with ``archive``, every archived one) with
        its stat signature. Symlinks are included so the store can report them. Why it
        scans through a folder descriptor: docs/design/storage.md."""
        folder = self._own_dir(ARCHIVE, "archive") if archive else self._root
        prefix = ARCHIVE + "/" if archive else ""
        found: dict[str, FileInfo] = {}
        try:
            fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
        except FileNotFoundError:
            return found
        except OSError as exc:
            raise StorageError("list", folder, exc) from exc
        try:
            with os.scandir(fd) as it:
                for dirent in it:
                    base = dirent.name
                    if (
                        base[0] == "."
                        or not base.endswith(".md")
                        or (not archive and base in NOT_ENTRIES)
                    ):
                        continue
                    try:
                        st = dirent.stat(follow_symlinks=False)
                    except FileNotFoundError:
                        continue
                    if st.st_mode & 0o170000 != _S_IFDIR:  # no call per file but C's
                        found[prefix + base] = tuple.__new__(
                            FileInfo, (_SIGNATURE(st), st.st_mtime)
                        )
        except OSError as exc:
            raise StorageError("list", folder, exc) from exc
        finally:
            os.close(fd)
        return found

    @staticmethod
    def _listdir(folder: Path | str) -> list[str]:
        try:
            return os.listdir(folder)
        except FileNotFoundError:
            return []
        except OSError as exc:
            raise StorageError("list", folder, exc) from exc

    def archive_names(self, prefix: str = "") -> set[str]:
        """Names of archived entry files whose id starts with ``prefix``; a plain
        directory read, no stat."""
        return {
            f"{ARCHIVE}/{name}"
            for name in self._listdir(self._own_dir(ARCHIVE, "archive"))
            if name.startswith(prefix) and name[0] != "." and name.endswith(".md")
        }

    def skill_names(self) -> list[str]:
        """Every ``skills/<folder>/SKILL.md`` (a folder with an invalid name included, so
        the caller can report it); symlinked folders are not followed."""
        root = os.path.join(self._root, SKILLS_DIR)
        if os.path.islink(root) or not os.path.isdir(root):
            return []
        try:
            with os.scandir(root) as it:
                subs = [d.name for d in it if d.is_dir(follow_symlinks=False)]
        except OSError as exc:
            raise StorageError("list", root, exc) from exc
        return [
            f"{SKILLS_DIR}/{sub}/{SKILL_FILE}"
            for sub in sorted(subs)
            if not sub.startswith(".") and os.path.lexists(os.path.join(root, sub, SKILL_FILE))
        ]

    def leftovers(self) -> list[str]:
        """Temp files a writer that died before its rename left behind: only regular
        files named the way :meth:`stage` names them."""
        found = []
        staging = os.path.join(self._root, STAGING)
        for folder, prefix in (
            (self._root, ""),
            (self._own_dir(ARCHIVE, "archive"), ARCHIVE + "/"),
            (staging, STAGING + "/"),
        ):
            if folder == staging and (os.path.islink(staging) or not os.path.isdir(staging)):
                continue
            for name in self._listdir(folder):
                if _TEMP.fullmatch(name):
                    with contextlib.suppress(FileNotFoundError):
                        if stat.S_ISREG(os.lstat(os.path.join(folder, name)).st_mode):
                            found.append(prefix + name)
        return found

    def remove_leftover(self, name: str) -> None:
        """Delete one temp file found by :meth:`leftovers`. Call only under the lock."""
        folder, _, base = name.rpartition("/")
        if folder not in ("", ARCHIVE, STAGING) or not _TEMP.fullmatch(base):
            raise ValueError(f"not a temp file: {name!r}")
        path = os.path.join(self._root, name)
        try:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(path)
        except OSError as exc:
            raise StorageError("remove the temp file", path, exc) from exc

    def read(self, name: str) -> bytes:
        """The bytes of one file; a symlink is an OSError(ELOOP), never followed, and
        anything but a regular file (a FIFO would block) or a file over FILE_MAX_BYTES an
        OSError saying so."""
        fd = _open_regular(self._path(name))
        try:
            chunks, done, size = [], 0, os.fstat(fd).st_size
            while size <= FILE_MAX_BYTES and (chunk := os.read(fd, 1 << 16)):
                chunks.append(chunk)
                done += len(chunk)
                size = max(size, done)  # (it may grow while read)
            if size > FILE_MAX_BYTES:
                raise OSError(errno.EFBIG, _TOO_BIG)
            return b"".join(chunks)
        finally:
            os.close(fd)

    def read_index(self) -> bytes | None:
        """The index bytes, or None when there is no index yet."""
        try:
            fd = _open_regular(os.path.join(self._root, INDEX_NAME))
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise StorageError("read", self.root / INDEX_NAME, exc) from exc
        with os.fdopen(fd, "rb") as f:  # a longer index is stale anyway: no need to read on
            return f.read(FILE_MAX_BYTES + 1)

    def _stage(self, path: str, data: bytes) -> tuple[str, int]:
        """Write ``data`` to a new temp file in the staging folder, not yet fsynced: its
        path and its open descriptor."""
        if len(data) > FILE_MAX_BYTES:  # what could not be read back is never written
            raise StorageError("write", path, OSError(errno.EFBIG, _TOO_BIG))
        folder, base = os.path.split(path)
        try:
            if folder != self._root:
                os.makedirs(folder, mode=self.dir_mode, exist_ok=True)
            tmp = os.path.join(
                self._own_dir(STAGING, "staging", create=True),
                f".{base[:200]}.{os.getpid()}.{secrets.token_hex(4)}.tmp",
            )
        except OSError as exc:
            raise StorageError("write", path, exc) from exc
        try:
            try:  # a rewrite keeps the mode a person gave the file
                mode = stat.S_IMODE(os.lstat(path).st_mode)
            except FileNotFoundError:
                mode = self.file_mode
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _OPEN_FLAGS, mode)
        except OSError as exc:
            raise StorageError("write", path, exc) from exc
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
        except OSError as exc:
            os.close(fd)
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise StorageError("write", path, exc) from exc
        return tmp, fd

    def write(self, name: str, data: bytes, *, sync: bool = True) -> None:
        """Atomic, durable replace: temp file, fsync, rename, then (unless ``sync`` is
        false and the caller calls :meth:`sync`) fsync the folder."""
        self.write_all([(name, data)], sync=sync)

    def write_all(
        self, files: Sequence[tuple[str, bytes]], *, sync: bool = True
    ) -> dict[str, FileInfo]:
        """:meth:`write` for several files: every temp file is written, all are fsynced
        at once (:func:`fsync_together`), then renamed in the order given, so a crash
        leaves each file old or new and a later name is never renamed before an earlier
        one; then (unless ``sync`` is false) their folders are fsynced. Returns the listing
        info of each file as renamed where :func:`told_after_write` gives it (else the name
        is left out): a reader then need not parse what this writer wrote."""
        staged: list[tuple[str, str, int, str]] = []  # (temp file, target, descriptor, name)
        made: list[os.stat_result] = []
        try:
            for name, data in files:
                path = self._path(name)
                tmp, fd = self._stage(path, data)
                staged.append((tmp, path, fd, name))
            try:
                fsync_together([fd for _, _, fd, _ in staged])
            except FsyncError as exc:  # name the file whose fsync failed
                raise StorageError("write", staged[exc.at][1], exc) from exc
            for _, path, fd, _ in staged:
                try:
                    made.append(os.fstat(fd))
                except OSError as exc:
                    raise StorageError("write", path, exc) from exc
        except BaseException:
            for tmp, _, _, _ in staged:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)
            raise
        finally:
            for _, _, fd, _ in staged:
                os.close(fd)
        renamed: dict[str, FileInfo] = {}
        for at, (tmp, path, _, name) in enumerate(staged):
            try:
                os.replace(tmp, path)
            except OSError as exc:
                for later, _, _, _ in staged[at:]:
                    with contextlib.suppress(OSError):
                        os.unlink(later)
                raise StorageError("write", path, exc) from exc
            with contextlib.suppress(OSError):
                told = told_after_write(made[at], os.lstat(path))
                if told is not None:
                    renamed[name] = told
        try:
            if sync:
                for folder in sorted({os.path.dirname(path) for _, path, _, _ in staged}):
                    fsync_path(folder)
        except OSError as exc:
            raise StorageError("write", staged[-1][1], exc) from exc
        return renamed

    def sync(self, names: Iterable[str]) -> None:
        """Fsync the folders holding ``names``, making renames and deletions durable."""
        try:
            for folder in folders_of(self._root, names):
                fsync_path(folder)
        except OSError as exc:
            raise StorageError("sync", self.root, exc) from exc

    def delete(self, name: str, *, sync: bool = True) -> None:
        """Unlink one entry file and (unless ``sync`` is false) fsync its folder."""
        path = self._path(name)
        try:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(path)
            if sync:
                fsync_path(os.path.dirname(path))
        except OSError as exc:
            raise StorageError("delete", path, exc) from exc
