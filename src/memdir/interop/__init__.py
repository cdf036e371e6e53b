"""Interop: import and export the native memory of other harnesses (Claude Code, Codex,
Hermes); dry runs unless ``apply=True``. Transcripts: :mod:`.transcripts`; Day 1:
:mod:`.bootstrap` (both imported on use). (docs/design/interop.md)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ..core.lazy import lazy

if TYPE_CHECKING:
    from ..core.layers import Layers
    from ._exporting import ExportFile, ExportReport, FileResult
    from ._harness import Harness, Read, Rendered, harness, harness_names
    from ._importing import ImportItem, ImportPlan, Planned
    from .agents_md import export_agents_md

__all__ = [
    "ExportFile",
    "ExportReport",
    "FileResult",
    "Harness",
    "ImportItem",
    "ImportPlan",
    "Planned",
    "Read",
    "Rendered",
    "ScopeFile",
    "export_agents_md",
    "export_memories",
    "export_targets",
    "harness",
    "harness_names",
    "import_memories",
]

# Imported on first use (PEP 562): a harness hook (memdir.interop.install) runs on every
# prompt and needs none of the importers, exporters or the guard they load.
__getattr__ = lazy(
    __name__,
    {
        "._exporting": ("ExportFile", "ExportReport", "FileResult", "write_exports"),
        "._harness": ("Harness", "Read", "Rendered", "ScopeFile", "harness", "harness_names"),
        "._importing": ("ImportItem", "ImportPlan", "Planned", "apply_import", "plan_import"),
        ".agents_md": ("export_agents_md",),
    },
)


def export_targets() -> list[str]:
    """What ``export_memories`` writes: every registered harness, and ``agents-md``."""
    from ._harness import harness_names

    return [*harness_names(), "agents-md"]


def import_memories(
    md: Layers, name: str, source: str | Path | None = None, *, apply: bool = False
) -> ImportPlan:
    """Import the memory of harness ``name`` from ``source`` (default: its usual folder
    under the user's home). A dry run unless ``apply``; re-running adds nothing."""
    from ._files import user_path
    from ._harness import harness
    from ._importing import apply_import, plan_import

    h = harness(name)
    folder = h.default_source(md) if source is None else user_path(source, "source")
    if source is not None and not folder.exists():  # a typo, not a harness yet to save
        from ..core.errors import MemdirError

        raise MemdirError(
            f"No such file or folder: {folder}. Pass --from with the folder to import "
            f"(default: {h.default_source(md)})."
        )
    read = h.read(md, folder.absolute())
    plan = plan_import(md, name, folder, read.items, read.problems, read.notes)
    plan = apply_import(md, plan) if apply else plan
    if plan.applied and read.whole and _all_stored(md, plan):
        from ._exporting import record_imported

        record_imported(md.home, name, read.whole)
    if read.files:
        from ._scopefiles import import_files

        import_files(md, read.files, plan, apply=apply)
    return plan


def _all_stored(md: Layers, plan: ImportPlan) -> bool:
    """True if every file of ``plan`` was read and memdir now holds the text of every
    item it read (added, updated, or there already): exporting over those files loses
    nothing. A refused, invalid, conflicting or removed item makes it False."""
    from ..core.model import normalise
    from ._importing import _store_for

    if plan.problems:
        return False
    seen = {normalise(e.body) for _, e in md.entries()}
    held: dict[Path, set[str]] = {}
    for item in plan.sources:
        bodies = seen
        if item.folder is not None:
            if item.folder not in held:
                held[item.folder] = {normalise(e.body) for e in _store_for(md, item).list()}
            bodies = held[item.folder]
        if normalise(item.body) not in bodies:
            return False
    return True


def export_memories(
    md: Layers,
    target: str,
    destination: str | Path | None = None,
    *,
    apply: bool = False,
    force: bool = False,
) -> ExportReport:
    """Export memdir's entries in the format of ``target`` (a harness or ``agents-md``)
    to ``destination`` (default: the harness's usual folder). A dry run unless ``apply``;
    files holding content memdir did not write are refused unless ``force`` (then backed
    up first)."""
    from ._exporting import write_exports
    from ._files import user_path
    from ._harness import harness
    from .agents_md import export_agents_md

    dest = None if destination is None else user_path(destination, "destination")
    if target == "agents-md":
        return export_agents_md(md, dest, apply=apply, force=force)
    h = harness(target)
    folder = h.default_target(md) if dest is None else dest
    rendered = h.render(md, folder)
    return write_exports(
        md.home,
        target,
        folder,
        rendered.files,
        apply=apply,
        force=force,
        left_out=rendered.left_out,
        notes=rendered.notes,
        prune=rendered.prune,
    )
