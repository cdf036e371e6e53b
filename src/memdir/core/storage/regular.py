"""Reading a file that may not be what its name says: regular files only, bounded, never
blocking. (docs/design/storage.md)."""

from __future__ import annotations

import os
import stat
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
