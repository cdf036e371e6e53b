"""``memdir scopes``: what each scope holds, and re-attaching a moved checkout's memory.
See docs/design/core.md."""

from __future__ import annotations

import contextlib
import os
import secrets
import shlex
import shutil
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import AdoptError, MemdirError, StorageError
from .origins import (
    RECORD_NAME,
    Origin,
    count_entries,
    find_orphans,
    is_gone,
    read_origin,
    records,
    refresh_origin,
)
from .scopes import ScopeLocation, project_slug
from .storage.files import FileBackend
from .storage.regular import fsync_path

# the folders adopted into this one: [[slug, location, checkout], ...] (checkout: "" unknown)
ADOPTED_NAME = ".adopted.json"
# What a scope folder without entries may hold and still be replaced by an adopted one.
_BOOKKEEPING = frozenset(
    {"MEMORY.md", ".gitignore", ".lock", ".changes", ".changes.new", RECORD_NAME, ADOPTED_NAME}
)
_EMPTY_FOLDERS = frozenset({"archive", ".staging"})  # bookkeeping too, while empty


@dataclass(frozen=True)
class ScopeInfo:
    """One scope as ``memdir scopes`` shows it."""

    name: str
    path: Path | str  # str: a scope on the team database (its URL and key)
    exists: bool
    read_only: bool
    active: int = 0
    archived: int = 0
    note: str | None = None  # why the scope is unavailable here
    origin: Origin | None = None  # local scope: the checkout recorded in its folder

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready fields."""
        return {
            "scope": self.name,
            "path": str(self.path),
            "exists": self.exists,
            "read_only": self.read_only,
            "active": self.active,
            "archived": self.archived,
            "note": self.note,
            "origin": self.origin.to_dict() if self.origin else None,
        }


@dataclass(frozen=True)
class Adoption:
    """What :func:`adopt` did."""

    old_folder: Path
    new_folder: Path
    old_path: str | None  # the checkout the old folder recorded, if it had a record
    active: int
    archived: int
    set_aside: Path | None = None  # the replaced empty folder, kept because it held more
    sessions: int = 0  # logged in the old checkout (learnt from or not): now this one's

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready fields."""
        return {
            "old_folder": str(self.old_folder),
            "new_folder": str(self.new_folder),
            "old_path": self.old_path,
            "active": self.active,
            "archived": self.archived,
            "set_aside": str(self.set_aside) if self.set_aside else None,
            "sessions": self.sessions,
        }


def scope_info(locations: Iterable[ScopeLocation], root: Path) -> list[ScopeInfo]:
    """Every scope in ascending precedence: path, existence, writability, entry counts,
    and for the local scope the checkout recorded in it (brought up to date)."""
    infos = []
    for loc in locations:
        exists = loc.unavailable is None and loc.path.is_dir()
        if not exists:
            infos.append(ScopeInfo(loc.name, loc.path, False, loc.read_only, note=loc.unavailable))
            continue
        read_only = loc.read_only or not os.access(loc.path, os.W_OK | os.X_OK)
        origin = None
        if loc.name == "local":
            origin = read_origin(loc.path)
            if (origin is None or origin.path != str(root)) and not read_only:
                with contextlib.suppress(OSError):  # shown as missing; open() warns
                    origin = refresh_origin(root, loc.path)
        infos.append(
            ScopeInfo(loc.name, loc.path, True, read_only, *count_entries(loc.path), origin=origin)
        )
    return infos


def held(active: int, archived: int) -> str:
    """``3 entries (+1 archived)``: what a scope folder holds, for messages."""
    text = f"{active} {'entry' if active == 1 else 'entries'}"
    return text + (f" (+{archived} archived)" if archived else "")


def _describe(folder: Path, origin: Origin | None) -> str:
    was = f"was {origin.path}, " if origin else ""
    return f"{folder.name} ({was}{held(*count_entries(folder))})"


def _candidates(home: Path, root: Path, folder: Path) -> str:
    """The folders one could adopt, for an error message."""
    mine = {o.folder for o in find_orphans(home, root, folder)}
    gone = [
        (f, o)
        for f, o in records(home)
        if f != folder and f not in mine and o is not None and is_gone(o) and any(count_entries(f))
    ]
    listing = [_describe(f, read_origin(f)) + " [matches this repository]" for f in sorted(mine)]
    listing += [_describe(f, o) for f, o in sorted(gone, key=lambda p: str(p[0]))]
    if not listing:
        return (
            f"No folder under {home / 'projects'} belongs to a checkout that is gone; "
            f"there is nothing to adopt."
        )
    return (
        f"Folders under {home / 'projects'} whose checkout is gone: "
        f"{'; '.join(listing[:10])}. Give one of those names, or the old checkout path."
    )


def _resolve(home: Path, root: Path, folder: Path, old: str) -> tuple[Path, Origin | None]:
    """The folder ``old`` names: a folder under ``projects/``, the folder whose record
    names that path, or that path's slug folder."""
    projects = home / "projects"
    if old and "/" not in old and old not in (".", ".."):
        named = projects / old
        if named.is_dir() and not named.is_symlink():
            return named, read_origin(named)
    try:  # "~nobody/x": no such user's home; a link loop
        given = Path(old).expanduser().absolute()
        paths = {str(given), os.path.normpath(given), str(given.resolve())}
    except (OSError, RuntimeError, ValueError) as exc:
        raise AdoptError(f"{old} is no path memdir can read: {exc}") from None
    if str(root) in paths:
        raise AdoptError(
            f"{old} is this project; its local scope is {folder}. Give the path "
            f"the checkout had before it moved."
        )
    for other, origin in records(home):
        if origin is not None and origin.path in paths and other != folder:
            return other, origin
    for path in sorted(paths):
        slug_folder = projects / project_slug(Path(path))
        if slug_folder.is_dir() and not slug_folder.is_symlink() and slug_folder != folder:
            return slug_folder, read_origin(slug_folder)
    raise AdoptError(
        f"Found no local scope for {old}: no folder of that name under "
        f"{projects}, and none recorded for that path. " + _candidates(home, root, folder)
    )


def _rename(src: Path, dst: Path) -> None:
    try:
        os.rename(src, dst)
    except OSError as exc:
        raise StorageError(f"move {src} to", dst, exc) from exc


def adopt(
    home: Path,
    root: Path,
    folder: Path,
    old: str,
    *,
    lock_timeout: float = 30.0,
    force: bool = False,
) -> Adoption:
    """Move the local scope of the checkout ``old`` (its former path, or a folder name
    under ``home/projects``) to ``folder``, the local scope of ``root``, and record
    ``root`` in it. Refused when ``folder`` already holds entries. The caller regenerates
    the index (:meth:`memdir.Memdir.adopt` does)."""
    source, origin = _resolve(home, root, folder, old)
    if source.resolve() == folder.resolve():
        raise AdoptError(
            f"{old} is this project's own local scope ({folder}); there is nothing to adopt."
        )
    again = f"`memdir scopes --adopt {shlex.quote(old)}`"
    if origin is not None and not is_gone(origin) and not force:
        raise AdoptError(
            f"{source} belongs to the checkout at {origin.path}, which is still there: "
            f"adopting would take its memory away from it. Adopt only after a checkout "
            f"moved; to take it anyway, run {again[:-1]} --force`."
        )
    aside = None
    with contextlib.ExitStack() as locks:
        locks.enter_context(FileBackend(source).lock(lock_timeout))
        active, archived = count_entries(source)
        if os.path.lexists(folder):
            if folder.is_symlink() or not folder.is_dir():
                raise AdoptError(f"{folder} is not a folder; move it away, then run {again} again.")
            locks.enter_context(FileBackend(folder).lock(lock_timeout))
            mine = count_entries(folder)
            if any(mine):
                raise AdoptError(
                    f"This project's local scope {folder} already holds {held(*mine)}, "
                    f"and {source} holds {held(active, archived)}. memdir will not mix "
                    f"them: move the entries you want to "
                    f"keep from one folder into the other by hand (then `memdir doctor`), "
                    f"or move {folder} aside and run {again} again."
                )
            aside = folder.with_name(f".replaced-{folder.name}-{secrets.token_hex(4)}")
            _rename(folder, aside)
        try:
            _rename(source, folder)
        except MemdirError:
            if aside is not None:
                _rename(aside, folder)
            raise
    try:
        fsync_path(folder.parent)
    except OSError as exc:
        raise StorageError("sync", folder.parent, exc) from exc
    kept = _discard(aside) if aside is not None else None
    try:
        refresh_origin(root, folder)
    except OSError as exc:
        raise StorageError("record the checkout path in", folder / RECORD_NAME, exc) from exc
    return Adoption(source, folder, origin.path if origin else None, active, archived, kept)


def _discard(aside: Path) -> Path | None:
    """Delete a set-aside folder that held only bookkeeping; otherwise keep it and return
    where it is, so nothing a person put there is lost."""
    try:
        names = set(os.listdir(aside))
        folders = names & _EMPTY_FOLDERS
        if names <= _BOOKKEEPING | folders and not any(os.listdir(aside / f) for f in folders):
            shutil.rmtree(aside)
            return None
    except OSError:
        return aside  # could not look or delete: keep it, and say where it is
    return aside


def adopted_from(folder: Path) -> list[tuple[str, str, str]]:
    """The (project slug, folder, checkout path or "") of every local scope adopted into
    ``folder``, oldest first: the pipeline carries what a process that outlived the move
    keyed by them (:func:`memdir.pipeline.upkeep.carry`). Empty when there is none or it
    is unreadable."""
    from .errors import ParseError
    from .storage.regular import read_json

    path = folder / ADOPTED_NAME
    try:
        data = None if os.path.islink(path) else read_json(path, 65536)
    except ParseError:
        return []
    if not isinstance(data, list):
        return []
    return [
        (str(p[0]), str(p[1]), str(p[2]) if len(p) == 3 else "")
        for p in data
        if isinstance(p, list) and len(p) in (2, 3)
    ]


def note_adopted(folder: Path, slug: str, location: str, checkout: str | None) -> None:
    """Add the adopted folder ``location`` of the project ``slug`` (its checkout was at
    ``checkout``, when known) to ``folder``'s list (kept to the last 20). Raises OSError."""
    import json

    from .storage.regular import atomic_write

    new = (slug, location, checkout or "")
    known = [p for p in adopted_from(folder) if p[:2] != new[:2]] + [new]
    atomic_write(folder / ADOPTED_NAME, (json.dumps(known[-20:]) + "\n").encode())
