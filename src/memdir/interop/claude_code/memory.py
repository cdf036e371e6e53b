"""Claude Code's auto memory in and out: ``~/.claude/projects/<slug>/memory/``.
See docs/design/interop.md."""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import TYPE_CHECKING

from ...core.errors import MemdirError, ParseError, ValidationError
from ...core.instructions import ladder, rule_files
from ...core.model import Entry, EntryType, Source, normalise
from ...core.slug import ascii_slugify
from ...core.storage.regular import read_bytes, read_json, read_text
from .._exporting import ExportFile, Ledger
from .._files import not_a_folder, read_whole, resolved, user_path, why
from .._harness import Read, Rendered
from .._importing import ImportItem
from .._ranking import by_priority
from .._scopefiles import export_skills, read_skills
from .formats import (
    INDEX_MAX_BYTES,
    INDEX_MAX_LINES,
    SLUG_MAX,
    IndexLink,
    Memory,
    fit_index,
    index_block,
    is_section,
    parse_index,
    parse_topic,
    project_slug,
    render_topic,
    section_memory,
    slug_matches,
    to_memory,
)

if TYPE_CHECKING:
    from ...core.layers import Layers

INDEX = "MEMORY.md"
MAX_FILE_BYTES = 1024 * 1024


def _why(exc: Exception) -> str:
    if isinstance(exc, ParseError):
        return f"line {exc.line}: {exc.reason}" if exc.line else exc.reason
    return why(exc)


def _configured(settings: Path, base: Path) -> Path | None:
    """``autoMemoryDirectory`` of a Claude Code settings file, if it names one (``~``
    expanded, a relative path taken from ``base``)."""
    advice = "Fix it, or name the memory folder with --from / --to."
    data = read_json(settings, 4 * MAX_FILE_BYTES, advice=advice)
    value = data.get("autoMemoryDirectory") if isinstance(data, dict) else None
    if not isinstance(value, str) or not value.strip():
        return None
    value = value.strip()
    return user_path(
        value if value.startswith("~") else base / value, f"autoMemoryDirectory in {settings}"
    )


def memory_folder(md: Layers) -> Path:
    """Claude Code's auto-memory folder for ``md``'s project (see the module docstring)."""
    claude = md.settings.claude_home
    for settings, base in (
        (md.checkout_root / ".claude" / "settings.local.json", md.checkout_root),
        (claude / "settings.json", Path.home()),
    ):
        found = _configured(settings, base)
        if found is not None:
            return found
    slug = project_slug(str(md.project_root))
    folder = claude / "projects" / slug / "memory"
    if len(slug) > SLUG_MAX and not folder.exists():
        try:  # the one folder Claude Code shortened from the same prefix, if it is unique
            mine = str(md.project_root)
            near = [p for p in (claude / "projects").iterdir() if slug_matches(p.name, mine)]
            near = [p for p in near if p.is_dir()]
        except OSError:
            near = []
        if len(near) == 1:
            return near[0] / "memory"
    return folder


def _md_files(folder: Path) -> list[Path]:
    try:
        return sorted(
            p for p in folder.iterdir() if p.suffix == ".md" and not p.name.startswith(".")
        )
    except OSError:
        return []


def instruction_notes(md: Layers) -> list[str]:
    """What becomes of Claude Code's instruction files and rules for this project: read in
    place already, or the command that makes memdir read them."""
    loaded, gathered = md.instructions()
    in_place = {resolved(i.path): i.scope for i in loaded}
    in_place.update(
        {resolved(p): i.scope for i in loaded for chain in i.includes for p in chain[1:]}
    )
    why_not = {resolved(Path(n.subject)): n.reason for n in gathered}
    in_place.update(
        {
            resolved(Path(n.subject)): str(n.scope)
            for n in gathered
            if n.reason.startswith("not loaded: only for paths")
        }
    )  # path rules
    claude, home = resolved(md.settings.claude_home), md.home
    own = md.settings.instruction_files[0] if md.settings.instruction_files else "AGENTS.md"
    notes = []

    def read_already(path: Path) -> str | None:
        if (scope := in_place.get(resolved(path))) is None:
            return None
        return f"{path}: memdir already reads it in place ({scope} instructions); nothing to import"

    def include(path: Path, line: str, into: Path) -> str:
        return read_already(path) or (
            f"{path}: Claude Code reads it, memdir does not. To read it in memdir too, "
            f"run: mkdir -p {shlex.quote(str(into.parent))} && "
            f"printf '%s\\n' {shlex.quote(line)} >> {shlex.quote(str(into))}"
        )

    def is_file(path: Path) -> bool:  # a folder memdir may not search (chmod 000): a note
        try:
            return path.is_file()
        except OSError as exc:
            notes.append(f"{path}: not read ({exc.strerror}); skipped")
            return False

    def link(path: Path, source: str, into: Path) -> str:
        return read_already(path) or (
            f"{path}: Claude Code reads this rule, memdir does not. To read it in "
            f"memdir too, run: mkdir -p {shlex.quote(str(into.parent))} && "
            f"ln -s {shlex.quote(source)} {shlex.quote(str(into))}"
        )

    for folder in ladder(resolved(md.checkout_root), resolved(md.settings.project)):
        found = [folder / "CLAUDE.md", folder / "CLAUDE.local.md", folder / ".claude" / "CLAUDE.md"]
        found += rule_files(folder / ".claude" / "rules") if folder != resolved(Path.home()) else []
        for path in found:
            if path.parent == claude or not is_file(path):
                continue
            if "CLAUDE.md" not in md.settings.instruction_files:
                notes.append(
                    f'{path}: memdir does not read Claude Code\'s files; add "CLAUDE.md"'
                    f" to instruction_files in {home / 'config.toml'}"
                )
            else:
                notes.append(
                    read_already(path)
                    or f"{path}: memdir does not load it: "
                    f"{why_not.get(resolved(path), 'see `memdir context --explain`')}"
                )
    if is_file(claude / "CLAUDE.md"):
        line = "@~/.claude/CLAUDE.md"  # as written by hand; a moved folder by its path
        if claude != resolved(Path.home()) / ".claude":
            line = "@" + str(claude / "CLAUDE.md").replace(" ", "\\ ")
        notes.append(include(claude / "CLAUDE.md", line, home / "user" / own))
    for rule in rule_files(claude / "rules"):  # in sub-folders too, as Claude Code reads them
        relative = rule.relative_to(claude / "rules")
        notes.append(link(rule, str(rule), home / "user" / "rules" / relative))
    by_file: dict[str, str] = {}  # a project in the home folder finds ~/.claude twice
    for note in notes:
        by_file.setdefault(note.split(": ", 1)[0], note)
    return list(by_file.values())


def _origin(path: Path) -> str:
    return f"claude-code:{path.absolute()}"


def _read_index(folder: Path, read: Read, pin_room: int = 0) -> dict[str, IndexLink]:
    """Each topic file's MEMORY.md line, by file name; the index's own notes become
    items, its title and summary a pinned one within ``pin_room`` (docs/design/interop.md)."""
    path = folder / INDEX
    try:
        index = parse_index(read_whole(path, MAX_FILE_BYTES, read.whole))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as exc:
        read.problems.append(f"{path}: {_why(exc)}")
        return {}
    hooks: dict[str, IndexLink] = {}
    topics = {p.name for p in _md_files(folder)}
    lost = [line for line, _ in index.skipped]  # lines no stored entry keeps
    for link in index.links:
        name = link.filename
        if name is None or name == INDEX:
            lost.append(link.line)
            continue
        if name in hooks or name not in topics:  # a second link's hook is not kept
            lost.append(link.line)
        hooks.setdefault(name, link)
        if not (folder / name).exists():
            read.notes.append(f"{path} links to {name}, which does not exist")
    for name, link in hooks.items():  # the heading a kept link stands under is kept too
        over = [n for n, text in index.skipped if n < link.line and text == link.group]
        if name in topics and over and max(over) in lost:
            lost.remove(max(over))
    if lost:  # the export would drop these lines: it may not replace MEMORY.md
        read.whole.pop(path.absolute(), None)
        shown = ", ".join(str(n) for n in sorted(lost)[:5]) + (", …" if len(lost) > 5 else "")
        read.notes.append(
            f"{path}: line(s) {shown} are not stored as entries (comments, web links, "
            "links to missing files, headings over them); export claude-code will not "
            "replace it (--force saves a backup first)"
        )
    seen: set[str] = set()
    first_link = min((link.line for link in index.links), default=1 << 30)
    for section in index.sections:
        mem = section_memory(section)
        head = section is index.sections[0] and section.level == 1 and section.line < first_link
        pinned = head and len(f"### {mem.name}\n{mem.body}\n") <= pin_room
        if head:
            read.notes.append(
                f"{path}: its title and summary, which Claude Code shows at the top of every "
                + ("session, are pinned" if pinned else "session, do not fit the pinned budget")
            )
        anchor = ascii_slugify(section.heading or "notes")
        while anchor in seen:
            anchor += "-x"
        seen.add(anchor)
        read.items.append(_item(mem, f"{_origin(path)}#{anchor}", pinned))
    return hooks


def _item(mem: Memory, origin: str, pinned: bool = False) -> ImportItem:
    return ImportItem(
        mem.type, mem.name, mem.description, mem.body, origin, pinned=pinned, extra=mem.extra
    )


class ClaudeCode:
    """The :class:`~memdir.interop.Harness` for Claude Code."""

    name = "claude-code"

    def default_source(self, md: Layers) -> Path:
        """``~/.claude/projects/<slug>/memory`` for ``md``'s project."""
        return memory_folder(md)

    default_target = default_source  # the harness reads its memory from there

    def read(self, md: Layers, source: Path) -> Read:
        """The topic files and MEMORY.md notes under ``source`` (or its ``memory/``), and
        notes on the project's instruction files."""
        read = Read()
        if source.exists() and not source.is_dir() and source.name != INDEX:
            raise not_a_folder(
                source,
                "Claude Code's memory folder (~/.claude/projects/<slug>/memory) or its MEMORY.md",
            )
        folder = source.parent if source.is_file() else source  # --from …/MEMORY.md
        if folder.is_dir() and not _md_files(folder) and (folder / "memory").is_dir():
            folder = folder / "memory"
        if not folder.is_dir():
            read.notes.append(
                f"no Claude Code memory folder at {folder} (Claude Code "
                "creates it when it first saves a memory for this project)"
            )
        else:
            try:  # the characters left in the local scope's pinned budget
                store = md.store("local")
                room = store.pinned_budget - store.pinned_used()
            except MemdirError:
                room = 0
            hooks = _read_index(folder, read, room)
            for path in _md_files(folder):
                if path.name == INDEX:
                    continue
                try:
                    topic = parse_topic(read_text(path, MAX_FILE_BYTES), str(path))
                except (OSError, ValueError) as exc:
                    read.problems.append(f"{path}: {_why(exc)}")
                    continue
                link = hooks.get(path.name)
                mem = to_memory(
                    topic,
                    path.stem,
                    (link.hook or None) if link else None,
                    link.title if link else None,
                    str(path),
                    link,
                )
                read.notes.extend(mem.notes)
                read.items.append(_item(mem, _origin(path)))
        read.notes += instruction_notes(md)
        read_skills(md, ".claude", read)  # ~/.claude/skills and the project's
        return read

    def render(self, md: Layers, target: Path) -> Rendered:
        """Topic files for every entry this project sees and a MEMORY.md that fits."""
        entries, note = by_priority(
            md,
            [e for _, e in md.entries() if e.source is not Source.EXTERNAL],
            md.stores(),
        )
        names = _file_names(entries, target)
        ledger = Ledger(md.home)
        out = Rendered(prune=[target], notes=[note] if note else [])
        blocks = [index_block(e.name, names[e.id], e.description, e.extra, e.body) for e in entries]
        text, fit = fit_index(blocks)
        kept_theirs = []
        for n, e in enumerate(entries):
            if n < fit and is_section(e.extra):
                continue  # notes written into MEMORY.md go back there, not into a file
            path = target / names[e.id]
            content = render_topic(e.name, e.description, e.type.value, e.body, e.extra)
            if _holds_same(path, content, e, ledger):
                kept_theirs.append(path.name)
            else:
                out.files.append(ExportFile(path, content, (e.id,)))
        # last: files are written in order, so a failed write never leaves MEMORY.md
        # listing a topic file that is not there
        out.files.append(ExportFile(target / INDEX, text, tuple(e.id for e in entries[:fit])))
        out.left_out = [
            (
                e.id,
                f"not listed in {INDEX}, which Claude Code reads only to "
                f"{INDEX_MAX_LINES} lines / {INDEX_MAX_BYTES:,} bytes (its topic "
                f"file {names[e.id]} is written)",
            )
            for e in entries[fit:]
        ]
        if kept_theirs:
            out.notes.append(
                f"kept {len(kept_theirs)} topic file(s) Claude Code wrote that "
                f"already hold the same memory: {', '.join(kept_theirs)}"
            )
        if not entries:
            out.notes.append("no entries to export; MEMORY.md lists none")
        if target == memory_folder(md):  # skills go to Claude Code's own skill folders
            out.files += export_skills(md, ".claude")
        elif md.skills():
            out.notes.append(
                "skills are exported only with Claude Code's own memory folder as the destination"
            )
        ours = {f.path.name for f in out.files} | set(kept_theirs)
        strays = [p.name for p in _md_files(target) if p.name not in ours and not _owned(ledger, p)]
        if strays:
            out.notes.append(
                f"not listed in the new {INDEX} (memdir has no entry for them; "
                f"import them first, or delete them): {', '.join(strays)}"
            )
        return out


def _owned(ledger: Ledger, path: Path) -> bool:
    try:
        return ledger.wrote(path, read_bytes(path, MAX_FILE_BYTES))
    except (OSError, ValueError):
        return False


def _file_names(entries: list[Entry], target: Path) -> dict[str, str]:
    """Each entry's file name: the one it was imported from when that file is in
    ``target``, else ``<id>.md``."""
    folder = resolved(target)
    names: dict[str, str] = {}
    taken = {INDEX}
    for e in entries:
        for origin in e.origins:
            if not origin.startswith("claude-code:") or "#" in origin:
                continue
            path = Path(origin.removeprefix("claude-code:"))
            if path.suffix == ".md" and path.name not in taken and resolved(path.parent) == folder:
                names[e.id] = path.name
                taken.add(path.name)
                break
    for e in entries:
        if e.id not in names:
            name = f"{e.id}.md"
            while name in taken:
                name = name[:-3] + "-memdir.md"
            names[e.id] = name
            taken.add(name)
    return names


def _holds_same(path: Path, content: str, entry: Entry, ledger: Ledger) -> bool:
    """True if ``path`` holds a file memdir did not write that already says what
    ``entry`` says (same type, name and body, and description when the file gives one):
    it is left as Claude Code wrote it."""
    try:
        data = read_bytes(path, MAX_FILE_BYTES)
    except (OSError, ValueError):
        return False
    if data == content.encode() or ledger.wrote(path, data):
        return False
    try:
        topic = parse_topic(data.decode("utf-8-sig"), str(path))
        mem = to_memory(topic, path.stem)
        same_type = EntryType.parse(mem.type) is entry.type
    except (UnicodeDecodeError, ValidationError):
        return False
    described = topic.description is None or mem.description == entry.description
    return (
        same_type and described and mem.name == entry.name and normalise(mem.body) == entry.body_key
    )


HARNESS = ClaudeCode()
