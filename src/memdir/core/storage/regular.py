"""Reading a file that may not be what its name says: regular files only, bounded, never
blocking; and replacing one durably. (docs/design/storage.md)."""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path


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


def atomic_write(path: Path, data: bytes, *, new_mode: int = 0o600) -> None:
    """Replace ``path`` with ``data`` durably: temp file in the same folder, fsync, rename,
    fsync the folder. An existing file's permission bits are kept; a new file gets
    ``new_mode`` (private by default: memdir's own records)."""
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
        os.chmod(tmp, mode)
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


def why(exc: OSError | ValueError) -> str:
    """The reason to print for a file that could not be read."""
    return getattr(exc, "strerror", None) or str(exc)
