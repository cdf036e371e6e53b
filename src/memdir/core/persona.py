"""The persona layer: ``SOUL.md`` in a scope folder says who the agent is; it opens the
system block with its own budget. See docs/design/tiers.md."""

from __future__ import annotations

import errno
from dataclasses import dataclass
from pathlib import Path

from .errors import MemdirError, ParseError, StorageError, ValidationError
from .instructions import Note
from .model import _check_text
from .storage.base import SOUL_NAME, Backend
from .storage.regular import read_text
from .workspace import Workspace

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
    path: str
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


def soul_where(backend: Backend, scope: str) -> str:
    """A scope's ``SOUL.md`` as its user may be told where it is (:meth:`Backend.shown`:
    no server path on the team backend)."""
    return backend.shown(SOUL_NAME) or f"{SOUL_NAME} of the {scope} scope"


def _scope_soul(backend: Backend, scope: str, read: dict[str, bytes] | None = None) -> str | None:
    """A scope's ``SOUL.md`` through its backend (a folder or the team database), or from
    ``read``: every team scope's, by key (:meth:`PgBackend.read_each`)."""
    where = soul_where(backend, scope)
    try:
        if read is not None:
            data = read.get(backend.scope.key)  # type: ignore[attr-defined]
            if data is None:
                return None
        else:
            data = backend.read(SOUL_NAME)
    except FileNotFoundError:
        return None
    except OSError as exc:
        if exc.errno == errno.EFBIG:
            too_big = "is over 128 KiB; a persona is a few thousand characters"
            raise ParseError(where, too_big) from None
        raise StorageError("read", where, exc) from exc
    try:
        return data.decode("utf-8").strip() or None
    except UnicodeDecodeError as exc:
        raise ParseError(where, f"is not UTF-8 (bad byte at offset {exc.start})") from None


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


class PersonaLayer(Workspace):
    """The persona of a workspace: every scope's ``SOUL.md``, read and written."""

    def souls(self) -> list[Soul]:
        """Every scope's ``SOUL.md``, ascending precedence; a project's (it comes with a
        cloned repository) is scanned by the guard and withheld if flagged."""
        out = []
        names = [
            name
            for name, loc in self.locations.items()
            if not (loc.unavailable or (self.database is None and not loc.path.is_dir()))
        ]
        read = None
        if self.database is not None and names:  # one query for every scope
            from .storage.postgres import PgBackend

            first, *others = [self.store(name).backend for name in names]
            assert isinstance(first, PgBackend)
            read = first.read_each(others, SOUL_NAME)  # type: ignore[arg-type]
        for name in names:
            backend = self.store(name).backend
            text = _scope_soul(backend, name, read)
            if text is None:
                continue
            rule = self._judged(text) if name == "project" else None
            out.append(Soul(name, soul_where(backend, name), text, rule))
        self._save_verdicts()
        return out

    def _persona(self) -> tuple[str, list[Note]]:
        try:
            souls = self.souls()
        except MemdirError as exc:  # an unreadable SOUL.md must not keep memory out
            return "", [Note(None, "SOUL.md", str(exc))]
        text, notes = render(souls, self.settings.soul_budget)
        return text + "\n" if text else "", [Note(None, "SOUL.md", n) for n in notes]

    def persona_block(self) -> str:
        """The persona part the system block starts with now ("" when there is none)."""
        return self._persona()[0] if self.settings.enabled else ""

    def write_soul(self, text: str, *, scope: str = "user") -> None:
        """Write a scope's ``SOUL.md`` (the user's by default): scanned by the guard,
        refused over ``soul_budget`` characters, recorded in the scope's history."""
        store = self._writable(scope)
        clean = validate_soul(text, self.settings.soul_budget)
        self._write_file(store, SOUL_NAME, clean, f"persona: {SOUL_NAME} written", "\n")
