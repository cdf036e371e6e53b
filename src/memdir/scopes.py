"""Where each scope lives: managed < user < project < local (the most local wins)."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

from .model import SCOPES

__all__ = ["ScopeLocation", "find_project_root", "locate_scopes", "project_slug"]

_NON_ALNUM = re.compile(r"[^A-Za-z0-9]")
_SLUG_MAX = 100


@dataclass(frozen=True)
class ScopeLocation:
    """One scope's folder and whether agents may write to it."""

    name: str
    path: Path
    read_only: bool


def find_project_root(start: Path) -> Path:
    """The nearest ancestor holding ``.git`` (a folder or a worktree's file), else ``start``."""
    start = start.resolve()
    for folder in (start, *start.parents):
        if (folder / ".git").exists():
            return folder
    return start


def project_slug(root: Path) -> str:
    """Folder name of a project's local scope: non-alphanumerics become ``-``; long paths
    are cut and suffixed with a short hash so distinct paths stay distinct."""
    text = str(root)
    slug = _NON_ALNUM.sub("-", text)
    if len(slug) > _SLUG_MAX:
        digest = hashlib.sha256(text.encode("utf-8", "surrogateescape")).hexdigest()[:8]
        slug = f"{slug[: _SLUG_MAX - 9]}-{digest}"
    return slug


def locate_scopes(home: Path, project_root: Path, managed_dir: Path) -> list[ScopeLocation]:
    """All four scopes in ascending precedence (existing or not)."""
    paths = {
        "managed": (managed_dir, True),
        "user": (home / "user", False),
        "project": (project_root / ".memdir", False),
        "local": (home / "projects" / project_slug(project_root), False),
    }
    return [ScopeLocation(name, *paths[name]) for name in SCOPES]
