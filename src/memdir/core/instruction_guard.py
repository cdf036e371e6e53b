"""A cloned repository's instruction files, scanned section by section as the guard scans
its entries: a section the guard refuses is left out of the block, a one-line notice in
its place; the rest of the file stays, and the file itself is never changed. See
docs/design/instructions.md ("The guard")."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Sequence

from .instructions import Instruction, Note

SCANNED_SCOPES = frozenset({"project"})  # arrives with a clone, as the guard's entries do
_HEADING = re.compile(r" {0,3}#{1,6}(?:[ \t]|$)")
_FENCE = re.compile(r" {0,3}(`{3,}|~{3,})")
TOP = "(before the first heading)"
#: sections scanned per file: past it, neighbours are scanned together, so a clone's file of
#: 100,000 headings costs a bounded number of scans and cache lines, not one each
MAX_SECTIONS = 200


def sections(text: str) -> list[tuple[str, str]]:
    """``text`` cut before each Markdown heading outside a fenced block, as
    ``(heading, part)``, at most :data:`MAX_SECTIONS` (neighbours joined past it); the
    parts joined are ``text`` exactly."""
    out: list[tuple[str, list[str]]] = [(TOP, [])]
    fence = ""
    for line in text.splitlines(keepends=True):
        opened = _FENCE.match(line)
        if fence:
            if opened and opened.group(1)[0] == fence[0] and len(opened.group(1)) >= len(fence):
                fence = ""
        elif opened:
            fence = opened.group(1)
        elif _HEADING.match(line):
            out.append((line.strip(), []))
        out[-1][1].append(line)
    cut = [(heading, "".join(lines)) for heading, lines in out if lines]
    if len(cut) <= MAX_SECTIONS:
        return cut
    size = -(-len(cut) // MAX_SECTIONS)
    groups = [cut[i : i + size] for i in range(0, len(cut), size)]
    return [
        (g[0][0] + (f" (and the {len(g) - 1} headings after it)" if len(g) > 1 else ""),
         "".join(part for _, part in g))
        for g in groups
    ]  # fmt: skip


def notice(where: str, heading: str, rule: str) -> str:
    """The line standing in for a withheld section."""
    shown = heading if len(heading) <= 80 else heading[:79] + "…"
    return (
        f"> [memdir withheld the section {shown!r} of {where}: the memory guard flagged it "
        f"(rule {rule}); `memdir context --explain` lists it]\n"
    )


def warned(
    items: Sequence[Instruction],
    judged: Callable[[str], str | None],
    shown: Callable[[Instruction], str],
    harness: str,
) -> tuple[str, list[Note]]:
    """Lines naming each section the guard refuses of ``items``, the files ``harness``
    loads itself (left out of the block, so :func:`withhold` cannot stand in for them; the
    harness still puts them in its prompt), and their notes."""
    lines, notes = [], []
    for item in items:
        if item.scope not in SCANNED_SCOPES:
            continue
        for heading, part in sections(item.text):
            if (rule := judged(part)) is None:
                continue
            where, short = shown(item), heading if len(heading) <= 80 else heading[:79] + "…"
            lines.append(
                f"> [memdir: the memory guard flagged the section {short!r} of {where} "
                f"(rule {rule}), which {harness} loads itself; `memdir context --explain` "
                f"lists it]\n"
            )
            notes.append(
                Note(
                    item.scope,
                    f"{where} section {heading!r}",
                    f"flagged by the memory guard (rule {rule}): {harness} loads it itself; "
                    f"the block warns of it",
                )
            )
    return "".join(lines), notes


def withhold(
    items: Sequence[Instruction],
    judged: Callable[[str], str | None],
    shown: Callable[[Instruction], str],
) -> tuple[list[Instruction], list[Note]]:
    """``items`` with each section of a repository's file that ``judged`` (the guard's
    rule for a text, cached by the text) refuses replaced by :func:`notice`; a file with
    none refused is returned as it was. ``shown``: the file's name as the block shows it."""
    out, notes = [], []
    for item in items:
        if item.scope not in SCANNED_SCOPES:
            out.append(item)
            continue
        parts, changed = [], False
        for heading, part in sections(item.text):
            rule = judged(part)
            if rule is None:
                parts.append(part)
                continue
            changed = True
            where = shown(item)
            gap = "\n" if part.endswith("\n\n") else ""
            parts.append(notice(where, heading, rule) + gap)
            notes.append(
                Note(
                    item.scope,
                    f"{where} section {heading!r}",
                    f"withheld by the memory guard (rule {rule}): left out of the block "
                    f"(the file is unchanged)",
                )
            )
        out.append(dataclasses.replace(item, text="".join(parts)) if changed else item)
    return out, notes
