"""The git index of one scope folder, as :mod:`.git` keeps it: read (unless this writer
wrote it last), trusted per entry while a file's stat matches, written in one buffer.
See docs/design/storage.md."""

from __future__ import annotations

import contextlib
import errno
import hashlib
import io
import os
import stat
import struct
from pathlib import Path
from typing import Any, cast

from ..notices import warn_once


def _pack(key: bytes, entry: Any) -> bytes | None:
    """dulwich's bytes for one index entry in a version 2 index; None for an entry that
    needs another version or layout (a person's merge conflict, extended flags)."""
    from dulwich.index import IndexEntry, Stage, write_cache_entry

    if not isinstance(entry, IndexEntry) or entry.extended_flags:
        return None
    buf = io.BytesIO()
    write_cache_entry(buf, entry.serialize(key, Stage.NORMAL), version=2)
    return buf.getvalue()


def _ns(value: Any) -> int:
    """An index entry's time in nanoseconds (dulwich gives (s, ns) or seconds)."""
    return value[0] * 1_000_000_000 + value[1] if isinstance(value, tuple) else int(value * 1e9)


def _unread(sha: bytes) -> Any:
    """An index entry for a file memdir did not read: no stat, so git and memdir compare
    its bytes (as after ``git read-tree``)."""
    from dulwich.index import IndexEntry

    return IndexEntry((0, 0), (0, 0), 0, 0, 0o100644, 0, 0, 0, cast(Any, sha))


def _signature(st: os.stat_result) -> tuple[int, ...]:
    """What changes whenever a file is replaced or rewritten."""
    return (st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_dev)


def _made_from(entry: Any) -> tuple[int, ...]:
    """What a file's ``(ino, size, mtime, ctime)`` must be for the index entry to hold its
    blob id; ``()`` for an entry without one (a person's merge conflict)."""
    if not hasattr(entry, "sha"):
        return ()
    return (entry.ino, entry.size, _ns(entry.mtime), _ns(entry.ctime))


class GitIndex:
    """``.git/index`` of one repository, with what this writer knows of it."""

    def __init__(self, path: Path) -> None:
        self.path = path
        # The index this writer last wrote: its file's signature and its entries, so the
        # next write reads it again only if someone else (a person's git) replaced it.
        self._written: tuple[tuple[int, ...], dict[bytes, Any]] | None = None
        # Per index entry (the very object, kept while it stays in the index): its bytes
        # in the index file and the file signature it stands for, each made when needed.
        self._memo: dict[bytes, list[Any]] = {}

    def entries(self) -> dict[bytes, Any]:
        """The index's entries: a cache of file signatures and blob ids. One that cannot
        be used (a FIFO, a symlink, another user's, damaged) counts as empty."""
        from dulwich.index import IndexChecksumReader, read_index_dict_with_version

        try:
            fd = os.open(self.path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW | os.O_CLOEXEC)
        except FileNotFoundError:
            return {}
        except OSError as exc:
            if exc.errno in (errno.EACCES, errno.EPERM):
                warn_once(f"ignoring the git index {self.path} ({exc.strerror}); it is rebuilt")
            return {}
        with os.fdopen(fd, "rb") as f:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):
                return {}
            if self._written is not None and self._written[0] == _signature(st):
                return dict(self._written[1])
            try:
                reader = IndexChecksumReader(f)
                entries = read_index_dict_with_version(reader)[0]
                reader.check_checksum(allow_empty=True)
            except Exception:  # noqa: BLE001 — a damaged cache is rebuilt, never trusted
                return {}
        return dict(entries)

    def holds(self, key: bytes, entry: Any, st: os.stat_result) -> bool:
        """Whether index ``entry`` of ``key`` still holds the blob id of a file whose
        stat is ``st`` (git's own test: inode, size and both times unchanged)."""
        m = self._memo.get(key)
        if m is None or m[0] is not entry:
            m = self._memo[key] = [entry, None, None]
        if m[2] is None:
            m[2] = _made_from(entry)
        return bool(m[2] == (st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns))

    def render(self, entries: dict[bytes, Any]) -> bytes:
        """The index file of ``entries``, in one buffer: dulwich's bytes for each entry
        (made once per entry object), sorted, after a version 2 header and before the
        checksum. An entry only another version holds: dulwich writes it all."""
        memo: dict[bytes, list[Any]] = {}
        chunks = []
        for key in sorted(entries):
            entry = entries[key]
            m = self._memo.get(key)
            if m is None or m[0] is not entry:
                m = [entry, None, None]
            if m[1] is None:
                m[1] = _pack(key, entry)
                if m[1] is None:
                    from dulwich.index import write_index_dict

                    buf = io.BytesIO()
                    write_index_dict(buf, entries)
                    body = buf.getvalue()
                    return body + hashlib.sha1(body).digest()
            memo[key] = m
            chunks.append(m[1])
        self._memo = memo
        body = b"DIRC" + struct.pack(">LL", 2, len(chunks)) + b"".join(chunks)
        return body + hashlib.sha1(body).digest()

    def wrote(self, entries: dict[bytes, Any], ino: int) -> None:
        """This writer just renamed the index of ``entries`` into place from a file of
        inode ``ino``: remembered unless someone replaced it meanwhile."""
        try:
            st = os.lstat(self.path)
        except OSError:
            st = None
        self._written = (_signature(st), entries) if st and st.st_ino == ino else None

    def stage(
        self,
        files: dict[str, bytes],
        base: dict[str, bytes] | None,
        stats: dict[str, os.stat_result],
    ) -> None:
        """Under git's ``index.lock``: the entries of the files (path -> blob id) that
        differ between ``base`` and ``files``; entries a person staged for other files are
        kept. An entry gets the stat its file had before memdir read it, never a later one
        (an edit meanwhile then shows in ``git status``); a file not read now gets none."""
        from dulwich.file import GitFile
        from dulwich.index import index_entry_from_stat

        with contextlib.suppress(FileNotFoundError):
            if os.lstat(self.path).st_mode & 0o170000 != stat.S_IFREG:
                os.unlink(self.path)  # a FIFO or symlink: replaced, never followed
        with GitFile(self.path, "wb", fsync=False) as f:
            try:
                entries = self.entries()  # read under git's lock
                before = base or {}
                todo = {p for p, _ in files.items() ^ before.items()} if entries else set(files)
                for name in todo:
                    key = os.fsencode(name)
                    if name not in files:
                        entries.pop(key, None)
                    elif name in stats:
                        entries[key] = index_entry_from_stat(stats[name], files[name])
                    else:
                        entries[key] = _unread(files[name])
                ours = os.fstat(f.fileno()).st_ino  # under git's lock; the rename keeps it
                f.write(self.render(entries))
            except OSError as exc:  # a stale index only slows `git status`
                cast(Any, f).abort()
                warn_once(f"the git index {self.path} was not updated: {exc}")
                return
        self.wrote(entries, ours)
