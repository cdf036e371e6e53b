"""What every harness module provides, and the registry that finds one by name."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from ._exporting import ExportFile
from ._importing import ImportItem

if TYPE_CHECKING:
    from ..core.layers import Layers


@dataclass(frozen=True)
class ScopeFile:
    """A file memdir keeps beside the entries of a scope (``SOUL.md``, a skill's
    ``skills/<name>/SKILL.md``), as found in a harness's folder at ``source``."""

    scope: str
    name: str
    text: str
    source: Path


@dataclass
class Read:
    """What a harness's memory files hold, as import items, and what could not be read."""

    items: list[ImportItem] = field(default_factory=list)
    files: list[ScopeFile] = field(default_factory=list)  # persona and skills
    problems: list[str] = field(default_factory=list)  # "path: why", never silently skipped
    notes: list[str] = field(default_factory=list)  # what else was found, and what to do
    # files read whole that the harness's export rewrites (its MEMORY.md): path -> the
    # sha256 of the bytes read, so an import that stored all they hold can say so
    whole: dict[Path, str] = field(default_factory=dict)


@dataclass
class Rendered:
    """The files an export would write, and what did not fit the harness's budgets."""

    files: list[ExportFile] = field(default_factory=list)
    left_out: list[tuple[str, str]] = field(default_factory=list)  # (entry id, why)
    notes: list[str] = field(default_factory=list)
    prune: list[Path] = field(default_factory=list)  # folders where stale exports go


class Harness(Protocol):
    """One harness's native memory: where it lives, how to read it, how to write it."""

    name: str

    def default_source(self, md: Layers) -> Path:
        """Where the harness keeps its memory for ``md``'s project (in its user folder)."""

    def read(self, md: Layers, source: Path) -> Read:
        """Parse the memory files under ``source``; pure reading, nothing written."""

    def default_target(self, md: Layers) -> Path:
        """Where an export writes by default (in the harness's user folder)."""

    def render(self, md: Layers, target: Path) -> Rendered:
        """The files an export to ``target`` writes, within the harness's budgets."""


def harness(name: str) -> Harness:
    """The harness registered as ``name`` (see :mod:`memdir.hooks`)."""
    from .. import hooks

    found: Harness = hooks.harness(name, "memory")
    return found


def harness_names(part: str = "memory") -> list[str]:
    """Names of the registered harnesses that have ``part`` (``memory`` or
    ``transcripts``), in registration order."""
    from .. import hooks

    return [n for n, h in hooks.harnesses().items() if getattr(h, part) is not None]
