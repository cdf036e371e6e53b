"""The change log: names of the entry files memdir writers are about to change.

A writer appends the names it will write or delete, under the scope lock and before it
touches them. Another writer that saw the scope at log position P then re-checks only the
names logged after P, instead of stat'ing every file of the scope on every write. The log
is a hint for caches, not a record: it is not fsynced (after a machine crash every process
starts with an empty cache anyway), and when it is missing, rotated or truncated, readers
fall back to a full listing. Changes made by hand are not logged; reads always list the
whole scope, and a writer checks every file it overwrites or deletes.

After its last change a writer also logs a *mark*: the scope folder's signature (inode,
mtime, ctime) as it left it. A later writer whose log ends in a mark that still matches the
folder knows that no file was created, renamed or deleted since, and need not list the
folder at all (temp files are staged in a subfolder, so only lock holders change it).

Before its mark a writer may log *records*: for a file it wrote, the file's stat signature
and what parsing it gives (see :mod:`memdir.formats.record`), so other writers whose stat
shows that signature need not read and parse the file. The log only frames them: one
``=entry <name>\t<record>`` line each; a record's name counts as a logged name.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from collections.abc import Mapping
from pathlib import Path

from ..errors import StorageError
from ..notices import warn_once

__all__ = ["ChangeLog", "Mark", "Position"]

Position = tuple[int, int]
"""(inode, offset) of the log: where a reader's knowledge ends."""
Mark = tuple[int, int, int]
"""(inode, mtime_ns, ctime_ns) of the scope folder after a writer's last change."""
_MARK = "=folder "
_RECORD = "=entry "
_UNUSABLE = (errno.EACCES, errno.EPERM)  # another user's log: skipped, then replaced

_FLAGS = os.O_NOFOLLOW | os.O_CLOEXEC


def _mark_of(line: str) -> Mark | None:
    if not line.startswith(_MARK):
        return None
    with contextlib.suppress(ValueError):
        ino, mtime, ctime = map(int, line[len(_MARK) :].split())
        return (ino, mtime, ctime)
    return None


class ChangeLog:
    """The append-only ``.changes`` file of one scope folder."""

    def __init__(self, path: Path, *, max_bytes: int = 4 << 20) -> None:
        self.path = path
        self.max_bytes = max_bytes

    def _open(self, flags: int) -> int | None:
        """The log opened for reading, or None when there is none that can be used: a
        symlink (never followed), a FIFO or device (opened without blocking, then
        refused), or a file this user may not read (another user's, after a ``sudo
        memdir``). It is only a cache: readers then list the folder, and the next
        writer replaces it."""
        try:
            fd = os.open(self.path, flags | os.O_NONBLOCK | _FLAGS)
        except FileNotFoundError:
            return None
        except OSError as exc:
            if exc.errno == errno.ELOOP:  # a symlink: never followed, never trusted
                return None
            if exc.errno in _UNUSABLE:
                warn_once(f"ignoring the change log {self.path} ({exc.strerror}); it is rebuilt")
                return None
            raise StorageError("open the change log", self.path, exc) from exc
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            os.close(fd)
            return None
        return fd

    def position(self) -> Position | None:
        """Where the log ends now, or None when there is no log."""
        fd = self._open(os.O_RDONLY)
        if fd is None:
            return None
        try:
            st = os.fstat(fd)
            return (st.st_ino, st.st_size)
        finally:
            os.close(fd)

    def moved_past(self, position: Position) -> bool:
        """False when the log certainly still ends at ``position`` (one lstat: what a
        writer polling while it waits for the lock asks most often)."""
        try:
            st = os.lstat(self.path)
        except OSError:
            return True
        return (st.st_ino, st.st_size) != position

    def since(
        self, position: Position
    ) -> tuple[set[str], Position, Mark | None, dict[str, str]] | None:
        """Names logged after ``position``, the new end, the mark the log ends with (None
        unless its last line is one) and the latest record logged for each name; None if
        the log cannot say (missing, replaced or truncated), in which case the caller
        lists everything."""
        fd = self._open(os.O_RDONLY)
        if fd is None:
            return None
        try:
            st = os.fstat(fd)
            inode, offset = position
            if st.st_ino != inode or st.st_size < offset:
                return None
            data = os.pread(fd, st.st_size - offset, offset) if st.st_size > offset else b""
            # Nothing new: the log may still end in a mark, which is worth knowing.
            back = 0 if data else min(offset, 128)
            tail = os.pread(fd, back, offset - back) if back else b""
        finally:
            os.close(fd)
        if data and not data.endswith(b"\n"):
            return None  # a writer died mid-append: do not trust a partial line
        if not data:
            mark = None
            last = tail.decode("utf-8", "replace").split("\n")
            if last[-1] == "" and len(last) > (1 if back == offset else 2):  # a whole line
                mark = _mark_of(last[-2])
            return set(), (st.st_ino, st.st_size), mark, {}
        lines = data.decode("utf-8", "replace").split("\n")
        names = {n for n in lines if n and n[0] != "="}
        records: dict[str, str] = {}
        for line in lines:
            if line.startswith(_RECORD):
                name, tab, record = line[len(_RECORD) :].partition("\t")
                if tab:
                    names.add(name)
                    records[name] = record
        mark = _mark_of(lines[-2]) if len(lines) > 1 else None
        return names, (st.st_ino, st.st_size), mark, records

    def _open_append(self) -> int:
        """The log opened for appending; a symlink planted in the scope, a FIFO, or a
        file this user cannot write (another user's) is replaced by an empty log."""
        flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NONBLOCK | _FLAGS
        try:
            fd = os.open(self.path, flags, 0o600)
        except OSError as exc:
            if exc.errno not in (errno.ELOOP, errno.ENXIO, *_UNUSABLE):
                raise
        else:
            if stat.S_ISREG(os.fstat(fd).st_mode):
                return fd
            os.close(fd)
        self._fresh()
        return os.open(self.path, flags, 0o600)

    def _fresh(self) -> None:
        """Put an empty log in place of whatever is there (by rename: readers holding the
        old one see a new inode and list the folder)."""
        fresh = self.path.with_name(self.path.name + ".new")
        fresh.unlink(missing_ok=True)
        os.close(os.open(fresh, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _FLAGS, 0o600))
        os.replace(fresh, self.path)

    def mark(self, folder: Mark, records: Mapping[str, str] | None = None) -> Position:
        """Log records of the files just written (one line each: a name or record holding
        a line break or a tab is left out) and then the folder's signature, after a
        writer's last change (under the lock)."""
        lines = [
            f"{_RECORD}{name}\t{record}\n"
            for name, record in (records or {}).items()
            if not any(c in name or c in record for c in "\t\n\r")
        ]
        lines.append(f"{_MARK}{folder[0]} {folder[1]} {folder[2]}\n")
        return self._write("".join(lines).encode("utf-8"))

    def append(self, names: set[str]) -> Position:
        """Log ``names`` (call under the scope lock, before changing them) and return the
        new end. A log past ``max_bytes`` is replaced by an empty one first."""
        if not names:
            current = self.position()
            if current is not None:
                return current
        return self._write("".join(f"{n}\n" for n in sorted(names)).encode("utf-8"))

    def _write(self, data: bytes) -> Position:
        try:
            fd = self._open_append()
            if os.fstat(fd).st_size > self.max_bytes:
                os.close(fd)
                self._fresh()
                fd = self._open_append()
        except OSError as exc:
            raise StorageError("write the change log", self.path, exc) from exc
        try:
            os.write(fd, data)
            st = os.fstat(fd)
            return (st.st_ino, st.st_size)
        except OSError as exc:
            raise StorageError("write the change log", self.path, exc) from exc
        finally:
            os.close(fd)
