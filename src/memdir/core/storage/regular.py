"""Reading a file that may not be what its name says: regular files only, bounded, never
blocking; and replacing one durably, several fsyncs at once. (docs/design/storage.md)."""

from __future__ import annotations

import contextlib
import json
import os
import stat
import tempfile
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import ParseError

if TYPE_CHECKING:
    from queue import SimpleQueue


def open_regular(path: Path, limit: int) -> int:
    """A read-only descriptor of ``path`` if it is a regular file of at most ``limit``
    bytes; OSError, or ValueError saying why not. Opened without blocking, so a FIFO
    cannot hang the caller."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise ValueError("not a regular file")
        if info.st_size > limit:
            raise ValueError(f"larger than {limit // 1024:,} KiB")
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_bytes(path: Path, limit: int) -> bytes:
    """A regular file's bytes. Raises OSError, or ValueError saying why the file is not
    read (not a regular file, larger than ``limit``, also when it grows while read)."""
    fd = open_regular(path, limit)
    try:
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:
        raise ValueError(f"larger than {limit // 1024:,} KiB")
    return data


def read_text(path: Path, limit: int) -> str:
    """A regular file's UTF-8 text (a leading BOM dropped); OSError or ValueError say why
    not."""
    data = read_bytes(path, limit)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ValueError(f"not UTF-8 (bad byte at offset {exc.start})") from None


def read_json(
    path: Path, limit: int = 0, *, text: str | None = None, kind: type = object, advice: str = ""
) -> Any:
    """One of memdir's JSON files read as :func:`read_text` reads (at most ``limit`` bytes),
    or its ``text`` read already; None when there is none. :class:`ParseError` (and
    ``advice``) says why not: the system's reason, not a regular file, too large, not UTF-8,
    not valid JSON, nested too deeply, not a ``kind``."""
    try:
        text = read_text(path, limit) if text is None else text
        data = json.loads(text)
    except FileNotFoundError:
        return None
    except RecursionError:
        reason = "not valid JSON (nested too deeply)"
    except (OSError, ValueError) as exc:  # reading (``text`` still None), or parsing
        reason = why(exc) if text is None else f"not valid JSON ({exc})"
    else:
        if isinstance(data, kind):
            return data
        name = "object" if kind is dict else "array" if kind is list else kind.__name__
        reason = f"not a JSON {name}"
    raise ParseError(path, reason, advice=advice)


def atomic_write(path: Path, data: bytes, *, new_mode: int = 0o600, own: bool = True) -> None:
    """Replace ``path`` with ``data`` durably: temp file in the same folder, fsync, rename,
    fsync the folder. An existing file's permission bits are kept, but memdir's ``own``
    files stay readable and writable by their owner; a new file gets ``new_mode`` (private
    by default: memdir's own records)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        try:
            mode = path.stat().st_mode & 0o777
        except FileNotFoundError:
            mode = new_mode
        os.chmod(tmp, mode | (0o600 if own else 0))  # a cache at 000 is never read again
        os.replace(tmp, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
    fsync_path(path.parent)


def fsync_path(path: Path | str) -> None:
    """fsync a file or folder by its path (a folder: the names in it are durable)."""
    fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


_Errors = list[tuple[int, BaseException]]  # (position of the descriptor, its error)
_Job = tuple[int, int, _Errors, threading.Lock]
_helper: tuple[threading.Thread, SimpleQueue[_Job]] | None = None


class FsyncError(OSError):
    """An fsync of :func:`fsync_together` failed; ``at`` is its descriptor's position."""

    def __init__(self, at: int, cause: OSError) -> None:
        super().__init__(cause.errno, cause.strerror)
        self.at = at


def _fsyncs(jobs: SimpleQueue[_Job]) -> None:
    while True:
        fd, at, errors, done = jobs.get()
        try:
            os.fsync(fd)
        except BaseException as exc:  # noqa: BLE001 - the writer raises it; this thread stays up
            errors.append((at, exc))
        finally:
            done.release()


def fsync_together(fds: Sequence[int]) -> None:
    """Fsync every descriptor at once: the first in this thread, the others in this
    process's fsync thread (started on first use, and again when it is not running, as
    in a forked child). Fsyncs waiting together share one journal commit (ext4), where
    one after the other each waits for its own. Once all are done, raises the error of
    the first that failed (an OSError as :class:`FsyncError`, saying which)."""
    global _helper
    errors: _Errors = []
    waits = []
    if len(fds) > 1:
        if _helper is None or not _helper[0].is_alive():
            from queue import SimpleQueue  # on the first write: reads never pay for it

            jobs: SimpleQueue[_Job] = SimpleQueue()
            thread = threading.Thread(target=_fsyncs, args=(jobs,), name="fsync", daemon=True)
            thread.start()
            _helper = (thread, jobs)
        for at, fd in enumerate(fds[1:], 1):
            done = threading.Lock()
            done.acquire()
            _helper[1].put((fd, at, errors, done))
            waits.append(done)
    try:
        if fds:
            os.fsync(fds[0])
    except OSError as exc:
        errors.append((0, exc))
    finally:
        for done in waits:
            done.acquire()
    if errors:
        at, first = min(errors, key=lambda error: error[0])
        if isinstance(first, OSError):
            raise FsyncError(at, first) from first
        raise first


def why(exc: Exception) -> str:
    """The reason to print for a file that could not be read."""
    return getattr(exc, "strerror", None) or str(exc)
