"""The small interface a scope backend implements (files now; PostgreSQL later)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from contextlib import AbstractContextManager
from typing import NamedTuple, Protocol

__all__ = ["INDEX_NAME", "Backend", "FileInfo", "Staged"]

INDEX_NAME = "MEMORY.md"


class FileInfo(NamedTuple):
    """What a listing knows about one file. ``signature`` changes whenever the bytes may have."""

    signature: tuple[int, ...]
    mtime: float


class Staged(NamedTuple):
    """A file written durably to a temporary place, waiting to be renamed into ``name``."""

    name: str
    tmp: str
    data: bytes


class Backend(Protocol):
    """Byte storage for one scope. Names are ``<id>.md``, ``archive/<id>.md`` or the index.

    Implementations make ``write`` atomic and durable, ``lock`` exclusive across processes,
    and refuse names that could leave the scope.
    """

    @property
    def location(self) -> str:
        """Where the scope lives, for messages (a path or a URL)."""
        ...

    def exists(self) -> bool:
        """True when the scope has been created."""
        ...

    def create(self) -> None:
        """Create the scope if it does not exist."""
        ...

    def writable(self) -> bool:
        """True when this process may write to the scope."""
        ...

    def lock(
        self, timeout: float, idle: Callable[[], bool] | None = None
    ) -> AbstractContextManager[None]:
        """Hold the scope's exclusive write lock, or raise LockTimeoutError. While waiting,
        call ``idle`` (which returns False when it had nothing to do) instead of sleeping."""
        ...

    def listing(self, *, archive: bool = False) -> dict[str, FileInfo]:
        """The active entry files (or, with ``archive``, the archived ones), by name."""
        ...

    def archive_names(self) -> set[str]:
        """Names of the archived entry files, without reading them."""
        ...

    def inodes(self) -> dict[str, int]:
        """Active entry files and their inode numbers (or another per-version id),
        without stat'ing them."""
        ...

    def stat(self, name: str) -> FileInfo | None:
        """The listing info of one entry file, or None when it does not exist."""
        ...

    def log_position(self) -> tuple[int, int] | None:
        """Where the change log ends now (None: there is none)."""
        ...

    def changes_since(
        self, position: tuple[int, int]
    ) -> tuple[set[str], tuple[int, int], bool, dict[str, str]] | None:
        """Names writers logged after ``position``, the log's end, whether nothing
        unlogged was created, renamed or deleted since, and the latest record logged for
        each name (see :mod:`memdir.formats.record`); None when the caller must list
        all."""
        ...

    def log_moved(self, position: tuple[int, int]) -> bool:
        """False when the change log certainly still ends at ``position`` (a cheap check
        made before :meth:`changes_since`)."""
        ...

    def log_changes(self, names: set[str]) -> tuple[int, int]:
        """Log names about to change (under the lock); return the log's new end."""
        ...

    def log_settled(self, records: Mapping[str, str] | None = None) -> tuple[int, int]:
        """Log ``records`` (by file name) of the files just written, then the scope as
        this writer leaves it (under the lock, after its last change); return the log's
        new end."""
        ...

    def leftovers(self) -> list[str]:
        """Temporary files an interrupted write left behind."""
        ...

    def remove_leftover(self, name: str) -> None:
        """Delete one temp file found by :meth:`leftovers` (only under the lock)."""
        ...

    def read_index(self) -> bytes | None:
        """The index bytes, or None when there is none."""
        ...

    def read(self, name: str) -> bytes:
        """The bytes of one file. Never follows a symlink."""
        ...

    def write(self, name: str, data: bytes, *, sync: bool = True) -> FileInfo:
        """Replace one file (or the index) atomically and durably; return its new info.
        With ``sync`` false the rename is made durable by a later :meth:`sync`."""
        ...

    def sync(self, names: Iterable[str]) -> None:
        """Make earlier renames and deletions of ``names`` durable."""
        ...

    def stage(self, name: str, data: bytes) -> Staged:
        """The durable first half of :meth:`write`, safe to do without the lock."""
        ...

    def commit(self, staged: Staged, *, sync: bool = True) -> FileInfo:
        """The second half of :meth:`write`: make a staged file visible (under the lock)."""
        ...

    def discard(self, staged: Staged) -> None:
        """Drop a staged file that will not be committed."""
        ...

    def delete(self, name: str, *, sync: bool = True) -> None:
        """Remove one file durably (a missing file is not an error)."""
        ...
