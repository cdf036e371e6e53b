"""The small interface a scope backend implements (files now; PostgreSQL later)."""

from __future__ import annotations

from collections.abc import Iterable
from contextlib import AbstractContextManager
from typing import NamedTuple, Protocol

INDEX_NAME = "MEMORY.md"


class FileInfo(NamedTuple):
    """What a listing knows about one file. ``signature`` changes whenever the bytes may have."""

    signature: tuple[int, ...]
    mtime: float


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

    def lock(self, timeout: float) -> AbstractContextManager[None]:
        """Hold the scope's exclusive write lock, or raise LockTimeoutError."""
        ...

    def listing(self, *, archive: bool = False) -> dict[str, FileInfo]:
        """The active entry files (or, with ``archive``, the archived ones), by name."""
        ...

    def archive_names(self) -> set[str]:
        """Names of the archived entry files, without reading them."""
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

    def delete(self, name: str, *, sync: bool = True) -> None:
        """Remove one file durably (a missing file is not an error)."""
        ...
