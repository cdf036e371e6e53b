"""Small JSON records in ``$MEMDIR_HOME`` that several processes update, read whole and
written back under a lock: what memdir exported and imported where (``exports.json``,
``imports.json``), transcript offsets, approval's held writes, what pulls wrote
(``pulled.json``). See docs/design/interop.md."""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..errors import MemdirError, ParseError, StorageError
from ..notices import warn_once
from .regular import atomic_write, read_json

MAX_BYTES = 64 << 20


class TooLarge(MemdirError):
    """A record :func:`locked` did not write back: it would pass :data:`MAX_BYTES`."""


def advice(what: str) -> str:
    """What a :class:`ParseError` about a record says to do."""
    return (
        f"It records {what}. Fix it, or move it aside and memdir starts a new, empty one: "
        f"what this one records is then lost to memdir."
    )


def load(path: Path, what: str) -> dict[str, Any]:
    """The record's map (empty when the file does not exist yet); read bounded, a regular
    file only (a FIFO or /dev/zero in its place is an error, never a hang)."""
    fix = advice(what)
    found = (read_json(path, MAX_BYTES, kind=dict, advice=fix) or {"files": {}}).get("files")
    if not isinstance(found, dict):
        raise ParseError(path, "no 'files' map", advice=fix)
    return found


def _bounded(path: Path, what: str, size: int) -> None:
    """Refuse a record :func:`load` would not read back; warn once past half of that."""
    fix = f"it records {what}. Move it aside and memdir starts a new, empty one"
    if size > MAX_BYTES:
        raise TooLarge(
            f"{path} would grow to {size:,} bytes, past the {MAX_BYTES:,} memdir reads back;"
            f" it is kept as it was, without this change ({fix}: what this one records "
            f"is then lost to memdir, e.g. an import re-reads its sources, skipping duplicates)"
        )
    if size > MAX_BYTES // 2:
        warn_once(
            f"{path} is {size >> 20} MB; memdir refuses to grow it past {MAX_BYTES >> 20} MB "
            f"({fix} before then)"
        )


@contextlib.contextmanager
def locked(path: Path, what: str) -> Iterator[dict[str, Any]]:
    """The record's current map, under an exclusive lock; written back when the block
    ends, also when it fails (the caller records each change as it lands). After a failed
    block the block's error is raised; a write-back that fails then is only a warning."""
    lock_path = path.with_name(path.name + ".lock")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        lock = os.open(lock_path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
    except OSError as exc:
        raise StorageError("lock", lock_path, exc) from None
    try:
        fcntl.flock(lock, fcntl.LOCK_EX)
        files = load(path, what)
        try:
            yield files
        except BaseException:  # the caller records each change as it lands: keep them
            try:
                _write_back(path, what, files)
            except MemdirError as lost:  # the block's own error is the one to report
                warn_once(str(lost))
            raise
        _write_back(path, what, files)
    finally:
        os.close(lock)


def _write_back(path: Path, what: str, files: dict[str, Any]) -> None:
    data = json.dumps({"version": 1, "files": files}, indent=1, sort_keys=True).encode()
    _bounded(path, what, len(data))
    try:
        atomic_write(path, data)
    except OSError as exc:
        raise StorageError("write", path, exc) from None
