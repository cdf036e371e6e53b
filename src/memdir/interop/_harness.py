"""What every harness module provides, and the registry that finds one by name."""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from ..core.errors import ValidationError
from ._exporting import ExportFile
from ._importing import ImportItem

if TYPE_CHECKING:
    from ..engine import Memdir

__all__ = ["HARNESSES", "Harness", "Read", "Rendered", "harness"]

# name → module under memdir.interop that defines ``HARNESS``
HARNESSES = {"claude-code": "claude_code", "codex": "codex", "hermes": "hermes"}


@dataclass
class Read:
    """What a harness's memory files hold, as import items, and what could not be read."""

    items: list[ImportItem] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # "path: why", never silently skipped
    notes: list[str] = field(default_factory=list)  # what else was found, and what to do


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

    def default_source(self, md: Memdir) -> Path:
        """Where the harness keeps its memory for ``md``'s project (under ``Path.home()``)."""

    def read(self, md: Memdir, source: Path) -> Read:
        """Parse the memory files under ``source``; pure reading, nothing written."""

    def default_target(self, md: Memdir) -> Path:
        """Where an export writes by default (under ``Path.home()``)."""

    def render(self, md: Memdir, target: Path) -> Rendered:
        """The files an export to ``target`` writes, within the harness's budgets."""


def harness(name: str) -> Harness:
    """The harness module registered as ``name`` (see :data:`HARNESSES`)."""
    if name not in HARNESSES:
        raise ValidationError(
            f"unknown harness {name!r}; use one of {', '.join(HARNESSES)}", field="harness"
        )
    module = importlib.import_module(f"{__package__}.{HARNESSES[name]}.memory")
    found: Harness = module.HARNESS
    return found
