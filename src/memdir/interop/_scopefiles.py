"""Importing the files memdir keeps beside a scope's entries (a persona's ``SOUL.md``,
skills) from another harness's folders. See docs/design/tiers.md."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from ..core.errors import MemdirError
from ..core.skills import read_skill_file, validate_name
from ..core.storage.base import SKILL_FILE, SKILLS_DIR, SOUL_NAME

if TYPE_CHECKING:
    from ..core.layers import Layers
    from ._exporting import ExportFile
    from ._harness import Read, ScopeFile
    from ._importing import ImportPlan


def _current(md: Layers, f: ScopeFile) -> str | None:
    """What the scope holds now under ``f.name`` (None: nothing)."""
    if f.name == SOUL_NAME:
        return next((s.text for s in md.souls() if s.scope == f.scope), None)
    name = f.name.split("/")[1]
    return next((s.text for s in md.skills() if s.scope == f.scope and s.name == name), None)


def import_files(md: Layers, files: Sequence[ScopeFile], plan: ImportPlan, *, apply: bool) -> None:
    """Plan (and with ``apply`` write) each file; what happened goes into ``plan.notes``,
    what was refused into ``plan.problems``. A file equal to the scope's is left alone."""
    for f in files:
        try:
            now = _current(md, f)
            if now is not None and now.strip() == f.text.strip():
                plan.notes.append(f"{f.source}: unchanged ({f.scope} scope {f.name})")
                continue
            verb = "replaces" if now is not None else "adds"
            if not apply:
                plan.notes.append(f"{f.source}: would import ({verb} {f.scope} scope {f.name})")
                continue
            if f.name == SOUL_NAME:
                md.write_soul(f.text, scope=f.scope)
            else:
                parts = f.name.split("/")
                if len(parts) != 3 or parts[0] != SKILLS_DIR or parts[2] != SKILL_FILE:
                    raise MemdirError(f"not a file memdir keeps: {f.name}")
                md.write_skill_text(parts[1], f.text, scope=f.scope)
            plan.notes.append(f"{f.source}: imported ({verb} {f.scope} scope {f.name})")
        except MemdirError as exc:
            plan.problems.append(f"{f.source}: not imported: {exc}")


_WALK_MAX = 2_000  # folders looked at under one skills root: a home folder is no skills tree


def find_skills(root: Path, scope: str, *, depth: int = 1) -> tuple[list[ScopeFile], list[str]]:
    """Every ``<name>/SKILL.md`` under ``root`` (Hermes nests categories: ``depth`` > 1)
    as files for ``scope``, and a sentence for each that cannot be taken (bad name, too
    large, broken front matter). Symlinks are not followed."""
    from ._harness import ScopeFile

    found: list[ScopeFile] = []
    problems: list[str] = []
    try:
        if root.is_symlink() or not root.is_dir():
            return found, problems
    except OSError as exc:  # a folder memdir may not search (chmod 000 on ~/.claude)
        return found, [f"{root}: not read ({exc.strerror}); skipped"]
    stack, seen = [(root, 0)], 0
    while stack and seen < _WALK_MAX:
        folder, level = stack.pop()
        try:
            subs = sorted(os.scandir(folder), key=lambda d: d.name, reverse=True)
        except OSError as exc:
            problems.append(f"{folder}: cannot be listed ({exc.strerror})")
            continue
        for sub in subs:
            seen += 1
            if sub.name.startswith(".") or not sub.is_dir(follow_symlinks=False):
                continue
            path = Path(sub.path) / SKILL_FILE
            try:
                taken = path.is_file() and not path.is_symlink()
            except OSError as exc:
                problems.append(f"{path}: not read ({exc.strerror}); skipped")
                continue
            if not taken:
                if level + 1 < depth:
                    stack.append((Path(sub.path), level + 1))
                continue
            try:
                skill = read_skill_file(path, validate_name(sub.name), scope)
            except MemdirError as exc:
                problems.append(f"{path}: not imported: {exc}")
                continue
            name = f"{SKILLS_DIR}/{skill.name}/{SKILL_FILE}"
            found.append(ScopeFile(scope, name, skill.text, path))
    return found, problems


def skill_exports(md: Layers, scopes: Sequence[str], folder: Path) -> list[ExportFile]:
    """``folder/<name>/SKILL.md`` for each skill of ``scopes`` a session sees."""
    from ._exporting import ExportFile

    return [
        ExportFile(folder / s.name / SKILL_FILE, s.text)
        for s in md.skills()
        if s.scope in scopes and s.withheld is None
    ]


def _skill_roots(md: Layers, folder: str) -> list[tuple[Path, str]]:
    """``~/<folder>/skills`` (the user scope's; Claude Code's in ``$CLAUDE_CONFIG_DIR``
    when set) and the checkout's (the local scope's)."""
    user = md.settings.claude_home if folder == ".claude" else Path.home() / folder
    roots = [(user / "skills", "user")]
    local = [(md.checkout_root / folder / "skills", "local")] if md.projectless is None else []
    return roots + local


def read_skills(md: Layers, folder: str, read: Read) -> None:
    """The skills in a harness's skill folders (``folder``: ``.claude``, ``.agents``)."""
    for root, scope in _skill_roots(md, folder):
        files, problems = find_skills(root, scope)
        read.files += files
        read.problems += problems


def export_skills(md: Layers, folder: str) -> list[ExportFile]:
    """The skills a session sees into a harness's skill folders (local and project in
    the checkout's)."""
    return [
        f
        for root, scope in _skill_roots(md, folder)
        for f in skill_exports(md, (scope, "project") if scope == "local" else (scope,), root)
    ]


def soul_export(md: Layers, scope: str, path: Path) -> list[ExportFile]:
    """``path`` holding ``scope``'s SOUL.md, if it has one."""
    from ._exporting import ExportFile

    return [ExportFile(path, s.text + "\n") for s in md.souls() if s.scope == scope]
