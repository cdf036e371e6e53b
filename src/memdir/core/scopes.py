"""Where each scope lives: managed < user < project < local (the most local wins)."""

from __future__ import annotations

import errno
import hashlib
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from .errors import StorageError
from .model import SCOPES
from .storage.git import git_dirs

#: No working directory is longer (Linux's PATH_MAX in bytes, getcwd's limit): a longer
#: one is no process's, and a walk up its parents would cost time for nothing.
PATH_MAX = 4096
_TOO_LONG = "No folder can have a name that long: open memdir in an existing folder."
_NON_ALNUM = re.compile(r"[^A-Za-z0-9]")
_LOSSLESS = re.compile(r"[A-Za-z0-9/]*")
_SLUG_MAX = 100


@dataclass(frozen=True)
class ScopeLocation:
    """One scope's folder, whether agents may write to it, and, when the scope cannot be
    used here, why (``unavailable``)."""

    name: str
    path: Path
    read_only: bool
    unavailable: str | None = None


def _main_worktree(git_file: Path) -> Path | None:
    """The main checkout of a linked worktree (None when it is not one, e.g. a
    submodule)."""
    dirs = git_dirs(git_file.parent)
    common = dirs[1] if dirs else None
    return common.parent if common is not None and common.name == ".git" else None


def is_folder(path: str | Path) -> bool:
    """Whether ``path`` is a folder; False for a name no file system takes (ENAMETOOLONG,
    a NUL), as for one that is not there."""
    try:
        return Path(path).is_dir()
    except (OSError, ValueError):
        return False


def find_project_root(start: Path) -> Path:
    """The repository a directory belongs to: the nearest ancestor holding ``.git``, and
    for a linked worktree the main checkout, so every worktree shares one local scope.
    Outside git, ``start`` itself."""
    start = start.resolve()
    try:
        start.stat()
    except OSError as exc:
        if exc.errno == errno.ENAMETOOLONG:  # a hook's or a cloned repository's cwd
            raise StorageError(
                "use the project folder", f"{str(start)[:80]}…", exc, advice=_TOO_LONG
            ) from None
    for folder in _ancestors(start):
        marker = folder / ".git"
        if marker.is_file():
            return _main_worktree(marker) or folder
        if marker.exists():
            return folder
    return start


def _ancestors(start: Path) -> Iterator[Path]:
    """``start`` and its parents, nearest first; built as strings, as Path.parents (which
    copies every part each step) costs time and memory quadratic in the depth."""
    folder, parent = str(start), ""
    while folder != parent:
        yield Path(folder)
        folder, parent = os.path.dirname(folder), folder


def find_checkout_root(start: Path) -> Path:
    """The top of the checkout a directory is in (for a linked worktree, the worktree
    itself, whose files are the ones an agent works on); outside git, ``start``."""
    start = start.resolve()
    return next((f for f in _ancestors(start) if (f / ".git").exists()), start)


def project_slug(root: Path) -> str:
    """Folder name of a project's local scope: non-alphanumerics become ``-``; when that
    loses information (other characters than letters, digits and ``/``, or a long path)
    a short hash of the path keeps distinct projects apart."""
    text = str(root)
    slug = _NON_ALNUM.sub("-", text)
    if len(slug) > _SLUG_MAX or not _LOSSLESS.fullmatch(text):
        digest = hashlib.sha256(text.encode("utf-8", "surrogateescape")).hexdigest()[:8]
        slug = f"{slug[: _SLUG_MAX - 9]}-{digest}"
    return slug


def _overlaps(a: Path, b: Path) -> bool:
    a, b = a.resolve(), b.resolve()
    return a == b or a in b.parents or b in a.parents


def locate_scopes(
    home: Path, project_root: Path, managed_dir: Path, checkout_root: Path | None = None
) -> list[ScopeLocation]:
    """All four scopes in ascending precedence (existing or not). The project scope is in
    the checkout (``checkout_root``, default ``project_root``): it is committed with the
    repository, so each worktree has its own copy; the local scope is shared by all."""
    project = (checkout_root or project_root) / ".memdir"
    clash = None
    checkout = (checkout_root or project_root).resolve()
    if project.is_symlink() and checkout not in project.resolve().parents:
        clash = (
            f"{project} is a link to {project.resolve()}, outside the checkout: memdir "
            f"does not follow it (a cloned repository could point it at any folder)"
        )
    elif _overlaps(project, home):
        clash = (
            f"the project folder {project} is the memory home {home} or overlaps it "
            f"(memdir was opened with {project_root} as the project)"
        )
    paths = {
        "managed": (managed_dir, True, None),
        "user": (home / "user", False, None),
        "project": (project, False, clash),
        "local": (home / "projects" / project_slug(project_root), False, None),
    }
    return [ScopeLocation(name, *paths[name]) for name in SCOPES]
