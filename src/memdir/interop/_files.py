"""Reading other harnesses' files safely: regular files only, bounded, never blocking.
See docs/design/interop.md."""

from __future__ import annotations

from pathlib import Path

from ..core.errors import ValidationError
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
