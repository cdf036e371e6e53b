"""Where a scope's files live. Backends move bytes; the invariants live in :mod:`memdir.store`."""

from .base import Backend, FileInfo
from .files import FileBackend

__all__ = ["Backend", "FileBackend", "FileInfo"]
