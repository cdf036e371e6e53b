"""Codex: import and export ``~/.codex/memories`` (and the AGENTS.md rules section).
See docs/design/interop.md."""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import TYPE_CHECKING

from ...core.errors import MemdirError
from ...core.model import Entry, EntryType, Source
from ...core.slug import entry_id
from ...core.storage.regular import read_text
from .._exporting import ExportFile, Ledger
from .._files import not_a_folder, read_whole, resolved, why
from .._harness import Read, Rendered
from .._importing import ImportItem, ids_in_place, unique
from .._ranking import by_priority
from .._scopefiles import export_skills, read_skills
from ..agents_md import (
    merge_section,
    read_existing,
    remove_section,
    render_section,
    section_span,
    team_rules,
)
from . import formats as fmt
from .projects import GLOBAL, Placer, block, checkout, projects, recent

if TYPE_CHECKING:
    from ...core.layers import Layers

SUMMARY_MAX_TOKENS = 2_500  # ext/memories: the most of the summary Codex puts in a prompt
SUMMARY_MAX_BYTES = 4 * SUMMARY_MAX_TOKENS  # as Codex counts tokens: 4 bytes each
FILE_MAX_BYTES = 8 * 1024 * 1024  # a memory file larger than this is not Codex's


def _text(path: Path, problems: list[str], whole: dict[Path, str] | None = None) -> str | None:
    """A file's text; None when it is missing or cannot be read (and then why). With
    ``whole``, a file the export rewrites: the bytes read are recorded there."""
    try:
        if whole is not None:
            return read_whole(path, FILE_MAX_BYTES, whole)
        return read_text(path, FILE_MAX_BYTES)
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:
        problems.append(f"{path}: cannot be read ({why(exc)}); not imported")
    return None


class CodexHarness:
    """Codex's native memory (see the module docstring for the mapping)."""

    name = "codex"

    def default_source(self, md: Layers) -> Path:
        """``~/.codex/memories``."""
        return md.settings.codex_home / "memories"

    default_target = default_source  # the harness reads its memory from there

    # -- import ------------------------------------------------------------------------------

    def read(self, md: Layers, source: Path) -> Read:
        """Items from the summary, MEMORY.md and the ad-hoc notes under ``source``."""
        out = Read()
        if source.name in ("memory_summary.md", "MEMORY.md") and source.is_file():
            source = source.parent  # --from …/memory_summary.md: its folder
        elif source.exists() and not source.is_dir():
            raise not_a_folder(
                source,
                "Codex's memories folder (~/.codex/memories) or a file in it "
                "(memory_summary.md, MEMORY.md)",
            )
        if not source.is_dir():  # only the default can be missing: --from must exist
            out.notes.append(
                f"no Codex memory folder at {source} (Codex keeps its memory in "
                f"~/.codex/memories; pass that folder with --from)"
            )
            read_skills(md, ".agents", out)  # Codex's skills and AGENTS.md live elsewhere
            out.notes += _global_instructions(md, source.parent)
            return out
        placer, taken = Placer(md), set[tuple[str, Path | None, str]]()
        placed: dict[tuple[str, Path | None], set[str]] = {}  # ids in place, per target

        def add(
            item: fmt.Item,
            path: Path,
            fragment: str,
            scope: str = "user",
            folder: Path | None = None,
        ) -> None:
            ids = placed.get((scope, folder))
            if ids is None:  # an entry of before keeps the id it has (Straße: not Strasse's)
                ids = placed[scope, folder] = ids_in_place(md, scope, folder)
            name = unique(
                item.name, taken, lambda n: (scope, folder, entry_id(str(item.type), n, ids))
            )
            origin = f"codex:{path}" + (f"#{fragment}" if fragment else "")
            out.items.append(
                ImportItem(
                    item.type, name, item.description, item.body, origin, scope=scope, folder=folder
                )
            )

        def parsed(path: Path, result: fmt.Parsed) -> list[fmt.Item]:
            out.problems.extend(f"{path}:{line}: {why}" for line, why in result.problems)
            out.notes.extend(f"{path}:{line}: {what}" for line, what in result.notes)
            return result.items

        found = False
        summary = source / "memory_summary.md"
        if (text := _text(summary, out.problems, out.whole)) is not None:
            found = True
            result = fmt.parse_summary(text)
            for item in parsed(summary, result):
                add(item, summary, item.section)
            sha = out.whole.get(summary.absolute())  # of the bytes read (a BOM, CRLF kept)
            if result.skipped:  # the export would drop these lines: it may not replace it
                out.whole.pop(summary.absolute(), None)
            if result.skipped and not Ledger(md.home).wrote_sha(summary, sha):
                out.notes.append(  # unless it is memdir's own export (its index, rewritten)
                    f"{summary}:{result.skipped[0]}: {len(result.skipped)} line(s) of Codex's "
                    "own index are not imported; export codex will not replace this file "
                    "(--force saves a backup first)"
                )
        memory = source / "MEMORY.md"
        if (text := _text(memory, out.problems, out.whole)) is not None:
            found = True
            for item in parsed(memory, fmt.parse_memory(text)):
                scope, folder = placer.place(item.cwd)
                gone = checkout(item.cwd) if scope == "user" else None
                if gone is not None and not gone[1]:  # its checkout is not on this machine
                    out.notes.append(
                        f"{memory}:{item.line}: task group {item.name!r} is for {gone[0]}, "
                        "which is not here; it goes to the user scope, loaded in every "
                        "project (`memdir rm` it if that checkout is gone for good)"
                    )
                add(item, memory, item.section, scope, folder)
        notes = source / "extensions" / "ad_hoc" / "notes"
        for path in sorted(notes.glob("*.md")) if notes.is_dir() else []:
            if (text := _text(path, out.problems)) is not None:
                found = True
                for item in parsed(path, fmt.parse_note(text, path.stem)):
                    add(item, path, "")
        inputs = [p.name for p in (source / "raw_memories.md",) if p.is_file()]
        rollouts = source / "rollout_summaries"
        count = len(list(rollouts.glob("*.md"))) if rollouts.is_dir() else 0
        inputs += [f"rollout_summaries/ ({count} files)"] if count else []
        if inputs:  # Codex's own inputs to MEMORY.md: importing them would add each twice
            out.notes.append(
                f"{source}: {' and '.join(inputs)} not imported: they are what Codex "
                "consolidates into MEMORY.md and memory_summary.md, which are imported"
            )
        if not found and not out.problems:
            out.problems.append(
                f"{source}: no memory_summary.md, MEMORY.md or "
                f"extensions/ad_hoc/notes/*.md here; nothing to import"
            )
        read_skills(md, ".agents", out)  # Codex's agent skills: ~/.agents/skills, the checkout's
        out.notes += _global_instructions(md, source.parent)
        return out

    # -- export ------------------------------------------------------------------------------

    def render(self, md: Layers, target: Path) -> Rendered:
        """``MEMORY.md`` and ``memory_summary.md`` under ``target`` (and AGENTS.md's section
        when ``target`` is the default folder)."""
        out = Rendered(prune=[target])
        store = md.store("user")
        user = store.list()
        ranked, note = by_priority(md, user, [store])
        if note:
            out.notes.append(note)
        chosen, overflow = _choose(ranked, out)
        globals_ = [e for e in user if e.type is EntryType.PROJECT or e.source is Source.EXTERNAL]
        groups = [*projects(md, out), (GLOBAL, recent(globals_ + overflow))]
        blocks, index, ids = [], [], []
        for cwd, entries in groups:
            for e in entries:
                blocks.append(block(e, cwd))
                ids.append(e.id)
            if entries:
                index.append((cwd, [e.name for e in entries]))
        sections: dict[EntryType, list[str]] = {}
        for e in chosen:
            sections.setdefault(e.type, []).append(fmt.render_bullet(e.name, e.body))
        summary = fmt.render_summary(sections, "")
        room = SUMMARY_MAX_BYTES - len(summary.encode("utf-8"))
        summary = fmt.render_summary(sections, _index(index, len(blocks), room))
        size = len(summary.encode("utf-8"))  # <= SUMMARY_MAX_BYTES: _choose left the room
        # MEMORY.md first: files are written in order, and the summary points into it
        out.files.append(ExportFile(target / "MEMORY.md", "\n".join(blocks), tuple(ids)))
        out.files.append(
            ExportFile(target / "memory_summary.md", summary, tuple(e.id for e in chosen))
        )
        out.notes.append(
            f"memory_summary.md: {len(chosen)} entries, {size:,}/"
            f"{SUMMARY_MAX_BYTES:,} bytes (at most {SUMMARY_MAX_TOKENS:,} tokens as "
            f"Codex counts them); MEMORY.md: {len(blocks)} task groups"
        )
        if resolved(target) == resolved(self.default_target(md)):
            _agents_md(md, out)
            out.files += export_skills(md, ".agents")
        elif team_rules(md):
            out.notes.append(
                f"{md.checkout_root / 'AGENTS.md'} not updated: an export to "
                "another folder writes only the memory files there (`memdir "
                "export agents-md` updates the team rules)"
            )
        return out


_POINTER = "- MEMORY.md: {n} task groups, one per memory; search their titles and `cwd=`.\n"
_MORE = "- \u2026 and {n} more in MEMORY.md\n"


def _choose(ranked: list[Entry], out: Rendered) -> tuple[list[Entry], list[Entry]]:
    """The user entries (most important first) that fit the summary, and those that did
    not."""
    candidates = [
        e for e in ranked if e.type is not EntryType.PROJECT and e.source is not Source.EXTERNAL
    ]
    for e in ranked:
        if e.source is Source.EXTERNAL and e.type is not EntryType.PROJECT:
            out.left_out.append(
                (
                    e.id,
                    "external entries never go into Codex's always-loaded "
                    "summary; written to MEMORY.md instead",
                )
            )
    skeleton = fmt.render_summary({}, _POINTER.format(n=10**6) + _MORE.format(n=10**6))
    used = len(skeleton.encode("utf-8"))
    chosen, overflow, filled = [], [], set()
    for e in candidates:
        cost = len(fmt.render_bullet(e.name, e.body).encode("utf-8"))
        cost += 0 if e.type in filled else 1  # a section's blank line after its bullets
        if used + cost <= SUMMARY_MAX_BYTES:
            chosen.append(e)
            filled.add(e.type)
            used += cost
        else:
            overflow.append(e)
            out.left_out.append(
                (
                    e.id,
                    f"did not fit memory_summary.md's "
                    f"{SUMMARY_MAX_TOKENS:,}-token budget; written to "
                    f"MEMORY.md as a task group instead",
                )
            )
    return chosen, overflow


def _index(groups: list[tuple[str, list[str]]], total: int, room: int) -> str:
    """The ``What's in Memory`` text: a pointer, then titles per cwd while they fit in
    ``room`` bytes, then how many more MEMORY.md holds."""
    text = _POINTER.format(n=total) if total else "- MEMORY.md: no task groups yet.\n"
    if len(text.encode("utf-8")) > room:  # only with more than a million task groups
        return ""
    lines = [
        (f"\n### {'all projects' if cwd == GLOBAL else cwd}\n\n" if n == 0 else "") + f"- {name}\n"
        for cwd, names in groups
        for n, name in enumerate(names)
    ]
    for shown, line in enumerate(lines):
        after = len(lines) - shown - 1
        tail = _MORE.format(n=after) if after else ""
        if len((text + line + tail).encode("utf-8")) > room:
            more = _MORE.format(n=after + 1)
            return text + more if len((text + more).encode("utf-8")) <= room else text
        text += line
    return text


def _agents_md(md: Layers, out: Rendered) -> None:
    """AGENTS.md's memdir section (:mod:`memdir.interop.agents_md`), when there are team
    rules or a section to update; why not, as a note."""
    path = (md.checkout_root / "AGENTS.md").absolute()
    rules = team_rules(md)
    try:
        existing = read_existing(path)
        if not rules and (existing is None or "<!-- memdir:begin" not in existing):
            out.notes.append(
                "AGENTS.md not touched: the project scope has no feedback rules "
                "(promote team rules with `memdir review`)"
            )
            return
        section, left_out = render_section(rules)
        if rules or existing is None:
            merged = merge_section(existing, section)
        else:  # no rules left: the old section goes, the rest stays as it is
            merged = remove_section(existing, section_span(existing) or (0, 0))
            out.notes.append("AGENTS.md: the memdir section is removed (no feedback rules left)")
    except MemdirError as exc:
        out.notes.append(f"AGENTS.md not updated: {exc}")
        return
    out.left_out.extend(left_out)
    out.files.append(ExportFile(path, merged, tuple(e.id for e in rules), section=True))


HARNESS = CodexHarness()


def _global_instructions(md: Layers, codex: Path) -> list[str]:
    """A note for Codex's own instructions of every session (``~/.codex/AGENTS.md``, or its
    ``AGENTS.override.md``) when memdir does not read them: the command that makes it."""
    path = next(
        (p for p in (codex / "AGENTS.override.md", codex / "AGENTS.md") if _is_file(p)), None
    )
    if path is None:
        return []
    loaded, _ = md.instructions()
    read = {resolved(i.path) for i in loaded}
    read |= {resolved(p) for i in loaded for chain in i.includes for p in chain}
    if resolved(path) in read:
        return []
    own = md.settings.instruction_files[0] if md.settings.instruction_files else "AGENTS.md"
    into = md.home / "user" / own
    try:
        line = f"@~/{path.relative_to(Path.home()).as_posix()}"
    except ValueError:  # CODEX_HOME outside the home folder (a user's file may import it)
        line = f"@{path}"
    line = line.replace(" ", "\\ ")  # an include ends at a space: escaped, as Claude Code's
    return [
        f"{path}: Codex reads it in every session, memdir does not. To read it in memdir too, "
        f"run: mkdir -p {shlex.quote(str(into.parent))} && "
        f"printf '%s\\n' {shlex.quote(line)} >> {shlex.quote(str(into))}"
    ]


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except OSError:
        return False
