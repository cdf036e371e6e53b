"""A scope's files parsed into entries, re-read cheaply by stat signature.

Reads list the scope and stat every file, so any hand edit is seen by the next read; only
files whose signature changed are parsed again.

Writers load under the lock, on every write, which is the hot path when several processes
write at once. There a load stats the whole scope at most once per ``recheck_seconds``; in
between it reads the folder's names and inode numbers (no stat) and stats only what is
new, what has a new inode, and what memdir writers logged in the change log since this
reader's last locked load. That sees every change a memdir writer makes (each is logged,
and each makes a new inode) and every hand edit saved by rename, creation or deletion; a
hand edit written in place into an existing file is seen within ``recheck_seconds``, and
the store checks every file a write will overwrite or delete before it writes.

Writers waiting for the lock call :meth:`ScopeReader.prefetch`, which parses what other
writers logged, so the load under the lock finds those files already parsed, and does the
once-per-``recheck_seconds`` stat of every file there rather than under the lock. A file whose
writer logged a record of it (:mod:`memdir.formats.record`) is not read at all while its
stat signature is the one in the record; any other signature (a hand edit) reads it.
"""

from __future__ import annotations

import errno
import threading
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime

from .errors import ParseError
from .formats.frontmatter import parse_entry
from .formats.record import decode
from .model import Entry
from .storage.base import Backend, FileInfo

__all__ = ["ScopeReader", "Snapshot"]

ARCHIVE_PREFIX = "archive/"


@dataclass(frozen=True)
class Snapshot:
    """One load of a scope. ``archived`` is empty unless the archive was asked for."""

    active: dict[str, Entry]
    archived: dict[str, Entry]
    problems: list[ParseError]  # active files that cannot be read: they block writes
    archive_problems: list[ParseError]


class ScopeReader:
    """The parsed files of one scope, cached by stat signature. Thread-safe."""

    def __init__(self, backend: Backend, *, recheck_seconds: float = 1.0) -> None:
        self.backend = backend
        self.recheck_seconds = recheck_seconds
        self._cache: dict[str, tuple[FileInfo, Entry | ParseError]] = {}
        # The active (not archived) part of the cache by id, and its unreadable files by
        # name, kept up to date by _put and _drop: every write needs them, and rebuilding
        # them from the whole cache costs more than the rest of a warm load.
        self._active: dict[str, Entry] = {}
        self._problems: dict[str, ParseError] = {}
        self._seen: tuple[int, int] | None = None  # change-log end already prefetched
        self._peeked: tuple[int, int] | None = None  # log end prefetch last looked at
        self._position: tuple[int, int] | None = None  # log end the last locked load saw
        self._full_at = float("-inf")  # monotonic time of the last locked full listing
        self._mutex = threading.RLock()

    def load(self, *, archive: bool = False, locked: bool = False, full: bool = False) -> Snapshot:
        """Every entry of the scope (and its archive, if asked) and every file that cannot
        be read. ``locked`` says the caller holds the scope lock (a writer); ``full``
        makes even a locked load stat every file."""
        with self._mutex:
            now = time.monotonic()
            if (
                locked
                and not full
                and not archive
                and self._position is not None
                and (now - self._full_at < self.recheck_seconds)
            ):
                delta = self.backend.changes_since(self._position)
                if delta is not None:
                    return self._load_changes(*delta)
            records: dict[str, str] = {}  # what writers logged since the last look
            position = self.backend.log_position()
            # A first look reads the whole log: its records spare parsing the files memdir
            # wrote itself (each is used only while the file's signature still matches).
            since = (
                self._seen
                if self._seen is not None
                else ((position[0], 0) if position is not None else None)
            )
            if since is not None:
                delta = self.backend.changes_since(since)
                records = delta[3] if delta is not None else records
            self._seen = position
            listing = self.backend.listing()
            if archive:
                listing.update(self.backend.listing(archive=True))
            for gone in [
                n
                for n in self._cache
                if n not in listing and (archive or not n.startswith(ARCHIVE_PREFIX))
            ]:
                self._drop(gone)
            cache = self._cache
            for name, info in listing.items():  # every write runs this: kept tight
                cached = cache.get(name)
                if cached is None or cached[0][0] != info[0]:
                    self._refresh(name, info, records.get(name))
            if locked:  # only a lock holder may move past names logged but not yet written
                self._position, self._full_at = position, now
            return self._snapshot(archive)

    def _load_changes(
        self, logged: set[str], position: tuple[int, int], settled: bool, records: dict[str, str]
    ) -> Snapshot:
        cache = self._cache
        if settled:  # nothing created, renamed or deleted unlogged: no need to list
            logged = {n for n in logged if not n.startswith(ARCHIVE_PREFIX)}
            self._restat(logged, records)
            self._position = position
            return self._snapshot()
        inodes = self.backend.inodes()
        for gone in [n for n in cache if n not in inodes and not n.startswith(ARCHIVE_PREFIX)]:
            self._drop(gone)
        for name, inode in inodes.items():
            cached = cache.get(name)
            if cached is None or cached[0][0][0] != inode or name in logged:
                info = self.backend.stat(name)
                if info is None:
                    self._drop(name)
                elif cached is None or cached[0][0] != info[0]:
                    self._refresh(name, info, records.get(name))
        self._position = position
        return self._snapshot()

    def _put(self, name: str, info: FileInfo, item: Entry | ParseError) -> None:
        """Cache what ``name`` holds; every change to the cache goes through here or
        :meth:`_drop`."""
        self._drop(name)
        self._cache[name] = (info, item)
        if not name.startswith(ARCHIVE_PREFIX):
            if isinstance(item, ParseError):
                self._problems[name] = item
            else:
                self._active[item.id] = item

    def _restat(self, names: Iterable[str], records: Mapping[str, str]) -> None:
        """Bring the cache of each of ``names`` up to date with its file (gone: dropped)."""
        for name in names:
            info = self.backend.stat(name)
            if info is None:
                self._drop(name)
            else:
                self._refresh(name, info, records.get(name))

    def _drop(self, name: str) -> None:
        cached = self._cache.pop(name, None)
        if cached is not None and not name.startswith(ARCHIVE_PREFIX):
            item = cached[1]
            if isinstance(item, ParseError):
                self._problems.pop(name, None)
            elif self._active.get(item.id) is item:
                del self._active[item.id]

    def _snapshot(self, archive: bool = False) -> Snapshot:
        """The whole active part of the cache (which each load has just brought up to
        date) and, if asked, the archived part."""
        snap = Snapshot(dict(self._active), {}, list(self._problems.values()), [])
        if archive:
            for name, (_, item) in self._cache.items():
                if not name.startswith(ARCHIVE_PREFIX):
                    continue
                if isinstance(item, ParseError):
                    snap.archive_problems.append(item)
                else:
                    snap.archived[item.id] = item
        return snap

    def unchanged(self, names: Iterable[str]) -> bool:
        """True when each file is on disk exactly as last read (or still absent): a write
        that overwrites or deletes only these cannot lose a hand edit."""
        with self._mutex:
            for name in names:
                info = self.backend.stat(name)
                cached = self._cache.get(name)
                if (info[0] if info else None) != (cached[0][0] if cached else None):
                    return False
            return True

    def advance(self, position: tuple[int, int], *, settled: bool = False) -> None:
        """The lock holder appended to the change log and has read everything before;
        ``settled``: and has finished writing, so prefetch may start there too."""
        with self._mutex:
            self._position = position
            if settled:
                self._seen, self._peeked = position, None

    def prefetch(self) -> bool:
        """Parse the files other writers logged since the last look, without the lock,
        once the last of them has finished (then the records of its files are logged too).
        When this reader's locked position is where that look started, it moves on too:
        every name in a settled stretch was written before its mark, so the next locked
        load need not stat them again. Returns True when there was something new (the
        caller may then look again)."""
        with self._mutex:
            now = time.monotonic()
            if self._position is not None and now - self._full_at >= self.recheck_seconds:
                self._sweep(now)
            if self._seen is None or not self.backend.log_moved(self._peeked or self._seen):
                return False
            delta = self.backend.changes_since(self._seen)
            self._peeked = None if delta is None else delta[1]
            if delta is None or delta[1] == self._seen or not delta[2]:
                return False  # not settled: a writer is mid-way, its records not logged yet
            if self._position == self._seen:  # in step: the next locked load starts here
                self._position = delta[1]
            names, self._seen, _, records = delta
            self._restat(names, records)
            return True

    def _sweep(self, now: float) -> None:
        """Stat every active file, as a locked load does once per ``recheck_seconds``, but
        before the lock: an edit made in place is still seen within that time, and the
        writers waiting behind this one do not wait for 400 stats."""
        listing = self.backend.listing()
        for gone in [
            n for n in self._cache if n not in listing and not n.startswith(ARCHIVE_PREFIX)
        ]:
            self._drop(gone)
        cache = self._cache
        for name, info in listing.items():
            cached = cache.get(name)
            if cached is None or cached[0][0] != info[0]:
                self._refresh(name, info)
        self._full_at = now

    def known(self) -> dict[str, Entry]:
        """The active entries as last read, by id, without touching the disk."""
        with self._mutex:
            return dict(self._active)

    def signature(self, name: str) -> tuple[int, ...] | None:
        """The stat signature ``name`` had when last read (None: absent or never read)."""
        with self._mutex:
            cached = self._cache.get(name)
            return cached[0].signature if cached else None

    def remember(self, name: str, info: FileInfo, entry: Entry) -> None:
        """Record a file this process just wrote, so it is not parsed again."""
        with self._mutex:
            self._put(name, info, entry)

    def forget(self, name: str) -> None:
        """Drop a file this process just deleted."""
        with self._mutex:
            self._drop(name)

    def _refresh(self, name: str, info: FileInfo, record: str | None = None) -> Entry | ParseError:
        """The cached entry of ``name``, re-read if its signature changed: from ``record``
        when that describes this very signature, else from the file."""
        cached = self._cache.get(name)
        if cached is None or cached[0].signature != info.signature:
            known = decode(record, name) if record is not None else None
            if known is not None and known[0] == info.signature:
                cached = (info, known[1])
            else:
                cached = (info, self._parse(name, info))
            self._put(name, *cached)
        return cached[1]

    def _parse(self, name: str, info: FileInfo) -> Entry | ParseError:
        where = f"{self.backend.location}/{name}"
        try:
            name.encode("utf-8")
        except UnicodeEncodeError:
            return ParseError(
                where.encode("utf-8", "replace").decode("utf-8"),
                "has a file name that is not valid UTF-8; rename it",
            )
        try:
            data = self.backend.read(name)
        except OSError as exc:
            reason = (
                "is a symlink, which memdir never follows"
                if exc.errno == errno.ELOOP
                else f"cannot be read ({exc.strerror or exc})"
            )
            return ParseError(where, reason)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            return ParseError(where, f"is not UTF-8 (bad byte at offset {exc.start})")
        stem = name.rsplit("/", 1)[-1][: -len(".md")]
        mtime = datetime.fromtimestamp(info.mtime, UTC).replace(microsecond=0)
        try:
            return parse_entry(
                text, stem, archived=name.startswith(ARCHIVE_PREFIX), path=where, mtime=mtime
            )
        except ParseError as exc:
            return exc
