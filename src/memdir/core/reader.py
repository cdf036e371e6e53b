"""A scope's files parsed into entries, cached by stat signature. (docs/design/core.md)."""

from __future__ import annotations

import errno
import threading
from dataclasses import dataclass
from datetime import UTC, datetime

from .errors import ParseError
from .frontmatter import parse_entry
from .model import Entry
from .storage.base import Backend, FileInfo

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

    def __init__(self, backend: Backend) -> None:
        self.backend = backend
        self._cache: dict[str, tuple[tuple[int, ...], Entry | ParseError]] = {}
        self._mutex = threading.Lock()

    def load(self, *, archive: bool = False) -> Snapshot:
        """Every entry of the scope (and its archive, if asked) and every file that
        cannot be read."""
        listing = self.backend.listing()
        if archive:
            listing.update(self.backend.listing(archive=True))
        snap = Snapshot({}, {}, [], [])
        with self._mutex:
            cache = self._cache
            for gone in [
                n
                for n in cache
                if n not in listing and (archive or not n.startswith(ARCHIVE_PREFIX))
            ]:
                del cache[gone]
            for name, info in listing.items():
                cached = cache.get(name)
                if cached is None or cached[0] != info.signature:
                    cached = cache[name] = (info.signature, self._parse(name, info))
                item, archived = cached[1], name.startswith(ARCHIVE_PREFIX)
                if isinstance(item, ParseError):
                    (snap.archive_problems if archived else snap.problems).append(item)
                else:
                    (snap.archived if archived else snap.active)[item.id] = item
        return snap

    def remember(self, name: str, info: FileInfo, entry: Entry) -> None:
        """Cache ``entry`` as what ``name`` holds while its listing shows ``info``: a
        writer hands over what it just wrote, which then is not read back and parsed."""
        with self._mutex:
            self._cache[name] = (info.signature, entry)

    def _parse(self, name: str, info: FileInfo) -> Entry | ParseError:
        # the file as its user may see it: its path here; on the team backend its name
        # only (UnreadableScopeError names the scope; the index lists the name)
        where = self.backend.shown(name) or name
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
