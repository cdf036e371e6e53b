"""Claude Code's memory folders of every project, each proposed for the project it is
about. (docs/design/interop.md)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ...core.origins import records
from ...core.scopes import find_project_root
from ...core.scopes import project_slug as scope_slug
from ...core.storage.regular import open_regular
from ..claude_code.formats import slug_matches
from ._found import Gathered, harness_found, read_harness

if TYPE_CHECKING:
    from ...core.layers import Layers
    from .._harness import Harness

MAX_PROJECTS = 100  # Claude Code project folders read
HEAD_BYTES = 64 * 1024  # of a transcript, looked at for its cwd
MAX_TRANSCRIPTS = 3  # per folder


def _head(path: Path) -> bytes:
    """The first HEAD_BYTES of a regular file of any size (never blocking on a FIFO); b""
    when it is no regular file or cannot be read."""
    try:
        fd = open_regular(path, sys.maxsize)
    except (OSError, ValueError):
        return b""
    try:
        return os.read(fd, HEAD_BYTES)
    except OSError:
        return b""
    finally:
        os.close(fd)


def _cwds(folder: Path) -> list[str]:
    """The working folders the newest transcripts in ``folder`` record."""
    try:
        found = sorted(((p.stat().st_mtime, p) for p in folder.glob("*.jsonl")), reverse=True)
    except OSError:
        return []
    out: list[str] = []
    for _, path in found[:MAX_TRANSCRIPTS]:
        for line in _head(path).split(b"\n")[:-1]:  # the last one may be cut
            try:
                row = json.loads(line)
            except (ValueError, RecursionError):
                continue
            if isinstance(row, dict) and isinstance(row.get("cwd"), str) and row["cwd"]:
                out.append(row["cwd"])
                break
    return list(dict.fromkeys(out))


class _Projects:
    """Which project a Claude Code folder name belongs to: (scope, local folder) or None."""

    def __init__(self, md: Layers) -> None:
        self.md = md
        self.known: dict[Path, Path] = {
            Path(o.path): f for f, o in records(md.home) if o is not None
        }

    def _target(self, root: Path) -> tuple[str, Path | None]:
        if root == self.md.project_root:
            return "local", None
        return "local", self.known.get(root) or self.md.home / "projects" / scope_slug(root)

    def place(self, name: str, folder: Path) -> tuple[str, Path | None] | None:
        if slug_matches(name, str(self.md.project_root)):
            return "local", None
        mine = {root for root in self.known if slug_matches(name, str(root))}
        if len(mine) == 1:
            return self._target(mine.pop())
        for cwd in _cwds(folder):
            path = Path(cwd)
            try:
                if not path.is_absolute() or not path.is_dir():
                    continue
                root = find_project_root(path)
            except (OSError, ValueError, RuntimeError):
                continue
            if slug_matches(name, str(root)) or slug_matches(name, str(path)):
                return self._target(root)
        return None


def gather_claude_projects(md: Layers, g: Gathered, harness: Harness, done: Path) -> None:
    """The memories in every ``~/.claude/projects/*/memory`` but ``done`` (this project's,
    read already), as candidates for the project each is about."""
    base = md.settings.claude_home / "projects"
    try:
        folders = sorted(p for p in base.iterdir() if (p / "memory").is_dir())
    except OSError:
        return
    folders = [p for p in folders if (p / "memory").resolve() != done.resolve()]
    if len(folders) > MAX_PROJECTS:
        g.notes.append(
            f"claude-code: {len(folders)} project memory folders in {base}; the "
            f"first {MAX_PROJECTS} were read"
        )
        del folders[MAX_PROJECTS:]
    projects = _Projects(md)
    for folder in folders:
        source = folder / "memory"
        read = read_harness(md, g, harness, source)
        if read is None:
            continue
        place = projects.place(folder.name, folder)
        left = 0
        for item in read.items:
            if place is None and str(item.type) != "user":
                left += 1
                continue
            scope, target = place or ("user", None)
            g.found.append(harness_found(harness.name, source, item, scope, target))
        if left:
            g.notes.append(
                f"claude-code: {source}: no project here has this folder's name (Claude Code "
                f"names it after the project's path, which cannot be read back from it); its "
                f"user memories are proposed for the user scope, its other {left} left out. "
                f"Import them from within that project: memdir import claude-code --from "
                f"{source}"
            )
