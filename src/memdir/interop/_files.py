"""Reading other harnesses' files safely: regular files only, bounded, never blocking.
See docs/design/interop.md."""

from __future__ import annotations

import hashlib
from pathlib import Path

from ..core.errors import MemdirError, ValidationError
from ..core.storage.regular import read_bytes
from ..core.storage.regular import why as why


def resolved(path: Path) -> Path:
    """``path`` resolved, or made absolute when it cannot be (a symlink loop, a NUL byte):
    for comparing folders, never for opening them."""
    try:
        return path.resolve()
    except (OSError, RuntimeError, ValueError):
        return path.absolute()


def user_path(value: str | Path, what: str = "path") -> Path:
    """``value`` with ``~`` / ``~user`` expanded and made absolute (not resolved)."""
    text = str(value)
    if "\x00" in text:
        raise ValidationError(f"{what} must not contain a NUL character", field=what)
    try:
        return Path(text).expanduser().absolute()
    except RuntimeError:
        raise ValidationError(
            f"cannot expand {text!r}: no such user; give the {what} as an absolute path", field=what
        ) from None


def not_a_folder(path: Path, takes: str) -> MemdirError:
    """The error for ``import --from`` naming a file the harness does not read."""
    return MemdirError(f"{path} is a file, not a folder: --from takes {takes}.")


def read_whole(path: Path, limit: int, whole: dict[Path, str]) -> str:
    """``path``'s UTF-8 text as ``read_text`` reads it, with the sha256 of the bytes read
    put in ``whole`` (see :class:`~memdir.interop._harness.Read`)."""
    data = read_bytes(path, limit)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ValueError(f"not UTF-8 (bad byte at offset {exc.start}){_legacy(data)}") from None
    whole[path.absolute()] = hashlib.sha256(data).hexdigest()
    return text


def _legacy(data: bytes) -> str:
    """A hint when ``data`` reads as Japanese in Shift_JIS (Windows' cp932), the encoding
    a Japanese note saved on Windows most often has; else nothing."""
    try:
        text = data.decode("cp932")
    except UnicodeDecodeError:
        return ""
    if not any("\u3041" <= c <= "\u30fa" for c in text):  # no kana: not Japanese
        return ""
    return "; it looks like Shift_JIS: convert it with `iconv -f CP932 -t UTF-8`"
