"""What every bootstrap source produces: candidates found, texts to extract from, problems."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ...core.errors import MemdirError

if TYPE_CHECKING:
    from ...core.layers import Layers
    from .._harness import Harness, Read
    from .._importing import ImportItem

Progress = Callable[[str], None]  # one line of progress for long runs (the CLI: stderr)


@dataclass(frozen=True)
class Found:
    """One candidate memory from one source, before review (its fields:
    docs/design/interop.md, ``memdir.interop.bootstrap``)."""

    kind: str
    source: str
    type: str
    name: str
    description: str
    body: str
    scope: str = "user"
    folder: Path | None = None  # another project's local scope (a harness item's target)
    origins: tuple[str, ...] = ()
    detail: str = ""
    refused: str = ""
    answer: tuple[str, int] | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class Part:
    """One piece of a text source as the extractor gets it: a paragraph, a mail, a message."""

    role: str  # user for the person's own words; assistant, tool... for the rest
    text: str
    where: str  # "line 12", "message 3", "[2] Trip planning, message 5"


@dataclass(frozen=True)
class Doc:
    """A text source for the extractor: one file (or one conversation of an export)."""

    kind: str
    path: Path
    parts: tuple[Part, ...]
    scope: str = "user"  # where its candidates go unless the extractor says "user"
    label: str = ""  # which part of the file: a conversation's title


@dataclass
class Gathered:
    """Everything the sources found, what they could not read and what they noticed."""

    found: list[Found] = field(default_factory=list)
    docs: list[Doc] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # "path: why", never silently skipped
    notes: list[str] = field(default_factory=list)  # what was looked at and left alone, why
    chat_chars: int = 0  # chat text held in docs, which the chat reader bounds
    walked: tuple[list[Path], list[tuple[str, Path]]] | None = None  # repositories, files


def read_harness(md: Layers, g: Gathered, h: Harness, source: Path) -> Read | None:
    """``h``'s memories at ``source``; its problems go to ``g.problems``, and so does a
    folder it cannot read at all (then None)."""
    try:
        read = h.read(md, source)
    except MemdirError as exc:
        g.problems.append(f"{source}: {exc}")
        return None
    g.problems += [f"{h.name}: {p}" for p in read.problems]
    return read


def harness_found(
    name: str, source: Path, item: ImportItem, scope: str, folder: Path | None
) -> Found:
    """A harness memory as a candidate for ``scope`` (``folder``: another project's local
    scope); its place shown relative to ``source``, which the report names already."""
    where = item.origin.split(":", 1)[-1].removeprefix(f"{source}/")
    return Found(
        "harness",
        f"{name}: {source}",
        str(item.type),
        item.name,
        item.description,
        item.body,
        scope,
        folder,
        (f"bootstrap:{item.origin}",),
        where,
    )
