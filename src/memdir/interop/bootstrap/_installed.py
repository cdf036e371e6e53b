"""What the person's harnesses already hold: their memories, and instruction files.
See docs/design/interop.md."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ...core.storage.regular import read_text
from .._files import why
from .._harness import harness, harness_names
from ._claude import gather_claude_projects
from ._files import MAX_BYTES, markdown_parts
from ._found import Doc, Gathered, harness_found, read_harness

if TYPE_CHECKING:
    from ...core.layers import Layers

MAX_RULES = 50


def gather_harnesses(md: Layers, g: Gathered) -> None:
    """Every harness's memories at its default place, as candidates."""
    for name in harness_names():
        h = harness(name)
        source = h.default_source(md).absolute()
        if name == "claude-code":  # every project's folder, not only this one's
            gather_claude_projects(md, g, h, source)
        if not source.exists():
            g.notes.append(f"{name}: nothing at {source}")
            continue
        read = read_harness(md, g, h, source)
        if read is not None:
            g.found += [
                harness_found(name, source, item, item.scope, item.folder) for item in read.items
            ]


def instruction_files(md: Layers, notes: list[str]) -> tuple[list[tuple[Path, str]], list[Path]]:
    """((file, scope) to read, files left alone because memdir loads them); what is left
    out past the caps goes to ``notes``."""
    files = [
        (md.settings.claude_home / "CLAUDE.md", "user"),
        (md.settings.codex_home / "AGENTS.md", "user"),
        (md.settings.codex_home / "AGENTS.override.md", "user"),
    ]
    root = md.checkout_root
    if (root / ".git").exists():
        files.append((root / ".claude" / "CLAUDE.md", "local"))
        rules = sorted((root / ".claude" / "rules").glob("*.md"))
        files += [(r, "local") for r in rules[:MAX_RULES]]
        if len(rules) > MAX_RULES:
            notes.append(
                f"{root / '.claude' / 'rules'}: {len(rules)} rule files; the first "
                f"{MAX_RULES} were read, {len(rules) - MAX_RULES} left out"
            )
    loaded = []
    for name in md.settings.instruction_files:
        for variant in (name, name.removesuffix(".md") + ".local.md"):
            if (root / variant).is_file():
                loaded.append(root / variant)
    return [(f, s) for f, s in files if f.is_file()], loaded


def gather_instructions(md: Layers, g: Gathered) -> None:
    """Instruction files as texts for the extractor."""
    files, loaded = instruction_files(md, g.notes)
    for path in loaded:
        g.notes.append(f"{path}: memdir already loads it into every session; not mined")
    for path, scope in files:
        try:
            parts = markdown_parts(read_text(path, MAX_BYTES["notes"]))
        except (OSError, ValueError) as exc:
            g.problems.append(f"{path}: {why(exc)}")
            continue
        if parts:
            g.docs.append(Doc("instructions", path, tuple(parts), scope))
