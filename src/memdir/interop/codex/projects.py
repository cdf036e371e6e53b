"""Which project a Codex task group belongs to, both ways. (docs/design/interop.md)."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from ...core.errors import MemdirError
from ...core.model import Entry, EntryType
from ...core.origins import records
from ...core.scopes import find_project_root, project_slug
from .._harness import Rendered
from . import formats as fmt

if TYPE_CHECKING:
    from ...core.layers import Layers

GLOBAL = "any"


class Placer:
    """Where a task group's ``cwd`` belongs: (scope, local scope folder or None)."""

    def __init__(self, md: Layers) -> None:
        self.md = md

    @cached_property
    def _record_folders(self) -> dict[Path, Path]:
        return {Path(o.path): f for f, o in records(self.md.home) if o is not None}

    def _known(self, root: Path) -> tuple[str, Path | None] | None:
        mine = self.md.locations["local"].path
        folder = self.md.home / "projects" / project_slug(root)
        if root == self.md.project_root or folder == mine:
            return "local", None
        if folder.is_dir():
            return "local", folder
        known = self._record_folders.get(root)
        return None if known is None else ("local", known)

    def place(self, cwd: str | None) -> tuple[str, Path | None]:
        """The scope (and another project's local folder) for a task group's ``cwd``."""
        found = checkout(cwd)
        if found is None:
            return "user", None
        root, exists = found
        if exists:
            return self._known(root) or ("local", self.md.home / "projects" / project_slug(root))
        for candidate in enclosing(root):  # not here: the nearest project this home knows
            if (known := self._known(candidate)) is not None:
                return known
        return "user", None


def checkout(cwd: str | None) -> tuple[Path, bool] | None:
    """An absolute ``cwd`` as (its project's root, whether it exists here); None when it
    names no absolute path (``any repository``, ``~nobody/x``, a Windows path on POSIX).
    Codex's model writes words after the path (``cwd=/code/app on main``): when the whole
    value is no folder here, the longest part before a space that is one is taken."""
    if not cwd or "\0" in cwd:
        return None
    spaces = [m.start() for m in re.finditer(r"\s", cwd)][:_MAX_CUTS]
    first = None
    for text in [cwd, *(cwd[:i] for i in reversed(spaces))]:
        path = _absolute(text)
        if path is None:
            continue
        first = first or path
        try:
            if path.is_dir():
                return find_project_root(path), True
        except (OSError, ValueError, RuntimeError):  # too long, a symlink loop, …
            pass
    return None if first is None else (first, False)


_MAX_CUTS = 16


def _absolute(text: str) -> Path | None:
    try:
        path = Path(text).expanduser()
    except RuntimeError:  # ~user for a user this machine does not have
        return None
    return Path(os.path.normpath(path)) if path.is_absolute() else None


def enclosing(path: Path) -> list[Path]:
    """``path`` and its parents, short of the file system root and the home folder."""
    stop = {Path(path.anchor), Path.home()}
    out = []
    for candidate in (path, *path.parents):
        if candidate in stop:
            break
        out.append(candidate)
    return out


def recent(entries: Iterable[Entry]) -> list[Entry]:
    """``entries`` most recently updated first (ties by id, so exports are stable)."""
    return sorted(entries, key=lambda e: (-e.updated.timestamp(), e.id))


def projects(md: Layers, out: Rendered) -> list[tuple[str, list[Entry]]]:
    """``(canonical path, local entries)`` of this project and of every other project this
    home knows that has entries, this one first."""

    mine = md.locations["local"].path
    found: list[tuple[str, list[Entry]]] = []
    for n, (folder, origin) in enumerate([(mine, None), *records(md.home)]):
        if n and folder == mine:
            continue
        try:
            store = md.store("local") if folder == mine else md.store_at(folder)
            entries = recent(store.list())
        except MemdirError as exc:
            out.notes.append(f"{folder} not exported: {exc}")
            continue
        if not entries:
            continue
        cwd = (
            str(md.project_root)
            if folder == mine
            else (origin.path if origin is not None else _cwd_from_bodies(folder, entries))
        )
        if cwd is None or ";" in cwd or "\n" in cwd:
            why = (
                "its checkout path is not recorded (no .origin.json; run memdir there once)"
                if cwd is None
                else f"its checkout path {cwd!r} cannot be an applies_to cwd"
            )
            out.left_out.extend((f"{folder.name}:{e.id}", why) for e in entries)
            continue
        found.append((cwd, entries))
    first = found[:1] if found and found[0][0] == str(md.project_root) else []
    return first + sorted(found[len(first) :], key=lambda p: p[0])


def _cwd_from_bodies(folder: Path, entries: list[Entry]) -> str | None:
    """A checkout path named by the Codex task groups of a folder without a record."""
    for e in entries:
        codex, cwd = fmt.body_cwd(e.body)
        found = checkout(cwd) if codex else None
        for root in enclosing(found[0]) if found else []:
            if project_slug(root) == folder.name:
                return str(root)
    return None


def block(e: Entry, cwd: str) -> str:
    """One task group for ``e`` under ``cwd`` (``any`` for the user scope)."""
    codex, named = fmt.body_cwd(e.body)
    if e.type is EntryType.PROJECT and codex:
        body = e.body
        if cwd != GLOBAL and not _within(named, cwd):
            body = fmt.with_cwd(body, cwd)
        return fmt.render_verbatim(e.name, body)
    rule = "any project" if cwd == GLOBAL else "checkout-specific"
    return fmt.render_group(e.name, e.description, e.body, e.type, cwd, rule)


def _within(cwd: str | None, root: str) -> bool:
    if not cwd:
        return False
    path = Path(os.path.normpath(cwd))
    return path == Path(root) or Path(root) in path.parents
