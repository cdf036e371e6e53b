"""The persona layer: ``SOUL.md`` in a scope folder (the user's, optionally a project's)
says who the agent is and how it works. It opens the system block, before memory and the
rules, with its own budget; the user's stated preferences win where they disagree.
See docs/design/tiers.md."""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from .errors import ParseError, StorageError, ValidationError
from .model import _check_text
from .storage.regular import read_text

SOUL_NAME = "SOUL.md"
SOUL_BUDGET = 8_000  # characters (Agent Commander's 8K; Hermes truncates at 20,000)
READ_MAX = 1 << 20  # a larger file is refused, not read
HEADING = (
    "# Persona\n"
    "Who you are and how you work (SOUL.md, most local last). Where it disagrees with "
    "the user's stated preferences in memory below, the user's preferences win.\n"
)


@dataclass(frozen=True)
class Soul:
    """One scope's ``SOUL.md``: its text (whole), where it is, and why it is not shown
    (``withheld``: the guard's rule on a project's file)."""

    scope: str
    path: Path
    text: str
    withheld: str | None = None


def read_soul(folder: Path) -> str | None:
    """The text of ``folder/SOUL.md`` (stripped), None when there is none or it is blank.
    Raises ParseError for a file that is not UTF-8, not regular or over 1 MiB."""
    path = folder / SOUL_NAME
    try:
        text = read_text(path, READ_MAX)
    except FileNotFoundError:
        return None
    except ValueError as exc:
        raise ParseError(path, str(exc)) from None
    except OSError as exc:
        raise StorageError("read", path, exc) from exc
    return text.strip() or None


def validate_soul(text: object, budget: int) -> str:
    """A persona text to write: a string without control characters, within ``budget``
    characters (the hard limit: over it is refused with the size)."""
    if not isinstance(text, str):
        raise ValidationError("the persona must be a string", field="soul")
    clean = _check_text("soul", text.replace("\r\n", "\n"), single_line=False)
    if len(clean) > budget:
        raise ValidationError(
            f"SOUL.md would be {len(clean):,} characters; its budget is {budget:,} "
            f"(soul_budget in config.toml). It is loaded into every session: shorten it.",
            field="soul",
        )
    return clean


def write_soul(folder: Path, text: str) -> None:
    """Write ``folder/SOUL.md`` atomically (temp file, fsync, rename; never through a
    symlink)."""
    path = folder / SOUL_NAME
    if path.is_symlink():
        raise StorageError("write", path, OSError("it is a symlink; memdir never follows one"))
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".SOUL.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write((text.rstrip() + "\n").encode("utf-8"))
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise StorageError("write", path, exc) from exc


def render(souls: list[Soul], budget: int) -> tuple[str, list[str]]:
    """The persona part of the system block and notes on what was cut or withheld. Each
    file gets at most ``budget`` characters; a longer one is cut with a line saying so."""
    shown = [s for s in souls if s.withheld is None]
    notes = [
        f"{s.scope} SOUL.md withheld by the memory guard (rule {s.withheld})"
        for s in souls
        if s.withheld is not None
    ]
    if not shown:
        return "", notes
    parts = [HEADING]
    for s in shown:
        text = s.text
        percent = round(len(text) * 100 / budget) if budget else 100
        head = f"\n## {s.scope} persona [{percent}% — {len(text):,}/{budget:,} chars]\n"
        if len(text) > budget:
            notes.append(f"{s.scope} SOUL.md is {len(text):,} chars; cut to {budget:,}")
            text = (
                text[:budget]
                + f"\n[… cut: SOUL.md has {len(s.text):,} characters, over its budget of "
                f"{budget:,}; read the rest in {s.path}]"
            )
        parts.append(head + text + "\n")
    return "".join(parts), notes
