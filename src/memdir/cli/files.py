"""Reading a file a person names on the command line (``-`` is stdin): bounded, UTF-8,
regular files only, every refusal one sentence."""

from __future__ import annotations

import sys
from pathlib import Path

from ..core.errors import MemdirError
from ..core.storage.regular import read_text


def read_input(name: str, limit: int, what: str) -> str:
    """The text of file ``name`` (``-``: stdin), at most ``limit`` bytes; a MemdirError
    naming ``what`` and the reason otherwise."""
    if name == "-":
        data = sys.stdin.buffer.read(limit + 1)
        if len(data) > limit:
            raise MemdirError(f"{what} on stdin is over {limit:,} bytes")
        try:
            return data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise MemdirError(f"{what} on stdin is not UTF-8 (bad byte at {exc.start})") from None
    if not name or "\0" in name:
        raise MemdirError(f"no file named for {what}")
    path = Path(name)
    shown = name if name.isprintable() else repr(name)
    try:
        return read_text(path, limit)
    except FileNotFoundError:
        raise MemdirError(f"{shown} does not exist (the file with {what})") from None
    except IsADirectoryError:
        raise MemdirError(f"{shown} is a folder; name the file with {what}") from None
    except ValueError as exc:
        raise MemdirError(f"{shown} cannot be used as {what}: {exc}") from None
    except OSError as exc:
        raise MemdirError(f"{shown} cannot be read: {exc.strerror or exc}") from None
