"""Claude Code's auto-memory files, parsed and rendered without I/O.
See docs/design/interop.md."""

from __future__ import annotations

import dataclasses
import hashlib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import Any
from urllib.parse import quote, unquote

from markdown_it import MarkdownIt

from ...core.errors import ValidationError
from ...core.frontmatter import dump_yaml, read_frontmatter, type_from_stem
from ...core.index import link_text, one_line, short
from ...core.model import DESCRIPTION_MAX, NAME_MAX, EntryType

INDEX_MAX_LINES = 200  # Claude Code loads the first 200 lines of MEMORY.md …
INDEX_MAX_BYTES = 25_000  # … or 25 KB, whichever comes first
HOOK_MAX = 149  # a hook is "under 150 characters"
SLUG_MAX = 200  # Claude Code shortens longer folder names with a hash of its own
UNTYPED = EntryType.PROJECT  # the type of a file that declares none (see to_memory)
EXPORT_MARK = "<!-- memdir:export claude-code"
_EXPORT_HEADER = (
    f"{EXPORT_MARK} — written by `memdir export claude-code`; change memories "
    "with memdir and export again. -->\n"
)

_LINK = re.compile(
    r"[ \t]*[-*+][ \t]+\[(?P<title>(?:\\.|[^\]\\])*)\]"
    r"\((?P<target><[^>\n]*>|[^()\s]*)\)"
    r"(?:[ \t]+\[[^\]\n]*\])?"  # memdir's own [tag]
    r"[ \t]*(?:(?:—|–|-{1,2}|:)[ \t]*(?P<hook>.*))?[ \t]*"  # the hook: stripped by the reader
)
#: A heading line; its text's closing blanks and ``#`` are cut by :func:`_heading_parts` (a
#: lazy text before ``[ \t#]*`` took quadratic time: a line of `` #`` 40 KB, 7 s CPU)
_HEADING = re.compile(r" {0,3}(#{1,6})[ \t]+(.*)")
_UNESCAPE = re.compile(r"\\(.)")
_SENTENCE = re.compile(r"(.+?[.!?。！？])(?:\s|$)")
_MD = MarkdownIt("commonmark").enable("table")
_TAIL = re.compile(r"> \d+ more memories are in this folder but not listed here \(")


@dataclass(frozen=True)
class TopicFile:
    """What one topic file says; a field is None when the file does not give it (or gives
    something that is not text, which is then kept in ``frontmatter`` as written)."""

    name: str | None
    description: str | None
    type: str | None  # as written: checked by the import plan, never guessed over
    body: str
    frontmatter: bool
    meta: dict[str, Any] = field(default_factory=dict)  # every field, as Claude Code read it
    source: str | None = None  # the frontmatter text when Claude Code could not read it
    problem: str | None = None  # why its fields are ignored, when they are


@dataclass(frozen=True)
class Memory:
    """The fields of one memdir entry made from a Claude Code file; ``extra`` keeps what
    memdir's own fields cannot hold (see :func:`to_memory`), ``notes`` says what that was."""

    type: str
    name: str
    description: str
    body: str
    extra: dict[str, Any] = field(default_factory=dict)
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class IndexLink:
    """One ``- [title](target) — hook`` line of MEMORY.md."""

    title: str
    target: str
    hook: str
    line: int = 0  # its line in MEMORY.md (from 1)
    group: str | None = None  # the heading line it stands under ("## Feedback"), if any

    @property
    def filename(self) -> str | None:
        """The topic file the link names inside the memory folder, or None when it
        points elsewhere (a URL, a parent folder, nothing) or names no possible file."""
        target = self.target.split("#", 1)[0]
        if not target or "://" in target or target.startswith("/") or "\x00" in target:
            return None
        parts = PurePosixPath(target).parts
        if ".." in parts or not parts:
            return None
        return parts[-1] if parts[:-1] in ((), (".",)) else None


@dataclass(frozen=True)
class Section:
    """Notes written directly into MEMORY.md under one heading (or before any)."""

    heading: str
    body: str
    level: int = 0  # of its heading (0: before any heading)
    line: int = 0  # where it starts in MEMORY.md (from 1)
    gap: int = 0  # blank lines between the heading and the text
    title: str | None = None  # a heading line with no text of its own above this one


@dataclass(frozen=True)
class ParsedIndex:
    """MEMORY.md: its links, the notes it holds directly, and whether memdir wrote it
    (its header says so; notes appended to it since are still notes)."""

    links: tuple[IndexLink, ...]
    sections: tuple[Section, ...]
    exported: bool
    # non-blank lines neither a link nor in a note, (line from 1, text stripped): comments,
    # headings with no text of their own that no note keeps as its title
    skipped: tuple[tuple[int, str], ...] = ()


def project_slug(path: str) -> str:
    """Claude Code's folder name for a project: every character of the absolute path that
    is not an ASCII letter or digit becomes ``-`` (per UTF-16 unit, as JavaScript counts,
    so a character outside the BMP becomes two)."""
    return "".join(
        c if c.isascii() and c.isalnum() else "--" if ord(c) > 0xFFFF else "-" for c in path
    )


def slug_matches(name: str, path: str) -> bool:
    """Whether ``name`` is Claude Code's folder name for the project at ``path`` (it
    shortens names longer than :data:`SLUG_MAX` with a hash of its own)."""
    slug = project_slug(path)
    return name == slug or (len(slug) > SLUG_MAX and name.startswith(slug[:SLUG_MAX]))


def _text(meta: dict[str, Any], key: str) -> str | None:
    value = meta.get(key)
    if value is None or isinstance(value, bool) or not isinstance(value, str | int | float):
        return None
    return str(value)


def parse_topic(text: str, path: str = "<text>") -> TopicFile:
    """Parse a topic file as Claude Code reads it (:func:`read_frontmatter`); never raises.
    The type is ``type`` or, in newer files, ``metadata.type``."""
    front = read_frontmatter(text)
    if not front.meta:
        return TopicFile(
            None, None, None, front.body, front.source is not None, {}, front.source, front.problem
        )
    meta = front.meta
    kind = _text(meta, "type")
    metadata = meta.get("metadata")
    if kind is None and isinstance(metadata, dict):
        kind = _text(metadata, "type")
    return TopicFile(
        _text(meta, "name"), _text(meta, "description"), kind, front.body, True, dict(meta)
    )


def _heading_parts(line: str) -> tuple[str, str] | None:
    """A heading line's ``#`` marks and text (closing blanks and ``#`` cut), or None."""
    match = _HEADING.fullmatch(line)
    return None if match is None else (match[1], match[2].rstrip(" \t#"))


def _heading(body: str) -> str | None:
    for line in body.splitlines():
        parts = _heading_parts(line)
        if parts and parts[1].strip():
            return parts[1]
    return None


def _first_sentence(body: str) -> str:
    """The first sentence of the first paragraph of prose, as CommonMark reads it (headings,
    rules, code, tables and HTML skipped; a list item is a paragraph of its own)."""
    tokens = _MD.parse(body)
    at = next((n for n, t in enumerate(tokens) if t.type == "paragraph_open"), None)
    lines = [] if at is None else tokens[at + 1].content.split("\n")  # the paragraph's inline
    text = " ".join(line.strip() for line in lines)
    match = _SENTENCE.match(text)
    return match.group(1) if match else text


def fingerprint(name: str, description: str) -> str:
    """A short hash of an entry's name and description: what ``extra`` was written for."""
    return hashlib.sha256(f"{name}\n{description}".encode()).hexdigest()[:12]


def to_memory(
    topic: TopicFile,
    stem: str,
    hook: str | None = None,
    title: str | None = None,
    where: str = "",
    place: IndexLink | None = None,
) -> Memory:
    """The entry a topic file becomes (``hook`` and ``title`` are its MEMORY.md line's):
    which field comes from where, and what ``extra["claude_code"]`` keeps for the export
    (``notes`` names each such case), is in docs/design/interop.md."""
    other = topic.type is not None and _known(topic.type) is None
    fallback = type_from_stem(stem) or UNTYPED
    kind = fallback if topic.type is None or other else topic.type
    name = topic.name if topic.name and topic.name.strip() else None
    if name is None:
        bare = stem.split("_", 1)[1] if type_from_stem(stem) and "_" in stem else stem
        name = _heading(topic.body) or bare.replace("-", " ").replace("_", " ").strip()
    described = topic.description if topic.description and topic.description.strip() else None
    description = described or hook or _first_sentence(topic.body) or name
    kept_name, kept_description = short(name or stem, NAME_MAX), short(description, DESCRIPTION_MAX)
    notes = []
    label = where or f"{stem}.md"
    if topic.problem:
        notes.append(f"{label}: {topic.problem}")
    if other:
        notes.append(
            f"{label}: its type {topic.type!r} is not one of memdir's (user, feedback, "
            f"project, reference); imported as {fallback.value}, and its type as written is "
            "kept with the entry (extra field claude_code), written back on export"
        )
    for field_, full, kept, limit in (
        ("name", name or stem, kept_name, NAME_MAX),
        ("description", description, kept_description, DESCRIPTION_MAX),
    ):
        if len(one_line(full)) > limit:
            notes.append(
                f"{label}: its {field_} is {len(one_line(full))} characters; memdir's "
                f"{field_} keeps the first {limit} and the whole text is kept with the "
                "entry (extra field claude_code), written back on export"
            )
        elif full != kept and full.strip():
            notes.append(
                f"{label}: its {field_} spans several lines; memdir's {field_} is one line "
                "and the text as written is kept with the entry (extra field claude_code)"
            )
    claude: dict[str, Any] = {}
    if topic.meta:
        claude["frontmatter"] = topic.meta
    elif topic.source is not None:
        claude["frontmatter_text"] = topic.source
    index = {
        k: v
        for k, v, mine in (("title", title, kept_name), ("hook", hook, kept_description))
        if v is not None and v != mine
    }
    if index:
        claude["index"] = index
        said = " and ".join(f"{k} ({v!r})" for k, v in index.items())
        notes.append(
            f"{label}: its MEMORY.md line's own {said} is kept with the entry (extra field "
            "claude_code), written back on export"
        )
    extra = [k for k in topic.meta or {} if k not in ("name", "description", "type")]
    if extra:
        notes.append(
            f"{label}: {', '.join(map(str, extra))} is kept with the entry (extra field "
            "claude_code), written back on export"
        )
    if other:
        claude["typed_as"] = fallback.value  # the type written back as the file's own
    if claude:
        claude["of"] = fingerprint(kept_name, kept_description)
    if place is not None and place.line:
        claude["place"] = {"at": place.line, "group": place.group}
    return Memory(
        str(kind).strip(),
        kept_name,
        kept_description,
        topic.body,
        {"claude_code": claude} if claude else {},
        tuple(notes),
    )


def _known(kind: str) -> EntryType | None:
    """The memdir type ``kind`` names, or None (Claude Code loads a file of any type)."""
    try:
        return EntryType.parse(kind)
    except ValidationError:
        return None


def stored(extra: Mapping[str, Any], name: str, description: str) -> dict[str, Any]:
    """What :func:`to_memory` kept in ``extra`` for an entry, when the entry still has the
    name and description it was imported with (else nothing: memdir's fields win)."""
    claude = extra.get("claude_code")
    if not isinstance(claude, dict) or claude.get("of") != fingerprint(name, description):
        return {}
    return claude


def parse_index_line(line: str) -> IndexLink | None:
    """``- [Title](file.md) — hook`` (also ``*``/``+`` bullets, ``-``/``–``/``:`` before the
    hook, ``<…>`` targets, a missing hook); None for any other line."""
    match = _LINK.fullmatch(line.rstrip("\r\n"))
    if match is None:
        return None
    target = match.group("target")
    if target.startswith("<"):
        target = target[1:-1]
    target = unquote(target)
    title = _UNESCAPE.sub(r"\1", match.group("title")).strip()
    return IndexLink(title, target, (match.group("hook") or "").strip())


def parse_index(text: str) -> ParsedIndex:
    """Split MEMORY.md into its links and the notes written into it directly (grouped
    under their level-1 or level-2 headings; HTML comments and blank lines dropped), each
    with its line and the heading it stands under. In an index memdir exported, the line
    memdir writes about unlisted files is not a note; anything else added to it is."""
    text = text.removeprefix("\ufeff").replace("\r\n", "\n")
    exported = EXPORT_MARK in text
    links: list[IndexLink] = []
    sections: list[Section] = []
    heading, level, start, group, lines = "", 0, 1, None, list[str]()
    fence = False

    title: tuple[int, str, int] | None = None  # the last heading with no text of its own
    kept: dict[int, str] = {}  # lines of the current section's text
    skipped: dict[int, str] = {}

    def close() -> None:
        nonlocal title
        body = "\n".join(lines).strip("\n")
        if body.strip():
            gap = next(n for n, ln in enumerate(lines) if ln.strip())
            above = title[1] if title and title[0] < level else None
            if above is not None and title is not None:
                skipped.pop(title[2], None)
            sections.append(Section(heading, body, level, start, gap if heading else 0, above))
        else:
            skipped.update(kept)
            if heading and not any(link.line > start for link in links):
                title = (level, group or "", start)

    for number, line in enumerate(text.split("\n"), 1):
        if line.lstrip().startswith(("```", "~~~")):
            fence = not fence
        link = None if fence else parse_index_line(line)
        if link is not None:
            links.append(dataclasses.replace(link, line=number, group=group))
            continue
        parts = None if fence else _heading_parts(line)
        if parts and len(parts[0]) <= 2:
            close()
            heading, lines = one_line(_UNESCAPE.sub(r"\1", parts[1])), []
            level, start, group = len(parts[0]), number, line.strip()
            kept = {number: line.strip()}
        elif fence or not (line.strip().startswith("<!--") or (exported and _TAIL.match(line))):
            if not lines and not heading:
                start = number
            lines.append(line)
            if line.strip():
                kept[number] = line.strip()
        elif not (exported and (line.startswith(EXPORT_MARK) or _TAIL.match(line))):
            skipped[number] = line.strip()  # a comment the user wrote (memdir's own lines excepted)
    close()
    return ParsedIndex(tuple(links), tuple(sections), exported, tuple(sorted(skipped.items())))


def section_memory(section: Section, index_name: str = "MEMORY.md") -> Memory:
    """The entry a note written directly into MEMORY.md becomes (type :data:`UNTYPED`);
    its heading and place are kept (``extra["claude_code"]["section"]``), so an export
    writes it back into MEMORY.md where it was."""
    name = section.heading or f"Notes in {index_name}"
    return Memory(
        UNTYPED.value,
        short(name, NAME_MAX),
        short(_first_sentence(section.body) or name, DESCRIPTION_MAX),
        section.body,
        {
            "claude_code": {
                "section": {
                    "heading": section.heading,
                    "level": section.level,
                    "at": section.line,
                    "gap": section.gap,
                    "title": section.title,
                }
            }
        },
    )


def _field(value: object, kept: str, limit: int) -> str:
    """The full text a file gave for a field memdir keeps as ``kept``, when it is that."""
    return value if isinstance(value, str) and short(value, limit) == kept else kept


def render_topic(
    name: str, description: str, type_: str, body: str, extra: Mapping[str, Any] | None = None
) -> str:
    """A topic file as Claude Code writes them: ``name``, ``description``, ``type``, and
    the other fields the imported file had (:func:`stored`), in their order."""
    claude = stored(extra or {}, name, description)
    text = claude.get("frontmatter_text")
    if isinstance(text, str):  # Claude Code could not read it: it goes back as it was
        return f"---\n{text}---\n\n{body.strip(chr(10))}\n"
    meta = dict(claude.get("frontmatter") or {})
    meta["name"] = _field(meta.get("name"), one_line(name), NAME_MAX)
    meta["description"] = _field(meta.get("description"), one_line(description), DESCRIPTION_MAX)
    inner = meta.get("metadata")
    if claude.get("typed_as") == type_:  # a type of its own memdir has none for: as written
        pass
    elif "type" not in meta and isinstance(inner, dict) and "type" in inner:
        meta["metadata"] = {**inner, "type": type_}
    else:
        meta["type"] = type_
    return f"---\n{dump_yaml(meta)}---\n\n{body.strip(chr(10))}\n"


def index_block(
    name: str,
    target: str,
    description: str,
    extra: Mapping[str, Any] | None = None,
    body: str = "",
) -> IndexBlock:
    """An entry's part of MEMORY.md: its link line, with the title and hook the imported
    index gave it, in its old place there; or, for notes that were written into MEMORY.md
    itself (:func:`section_memory`), those notes under their heading."""
    claude = (extra or {}).get("claude_code")
    claude = claude if isinstance(claude, dict) else {}
    section = claude.get("section")
    if isinstance(section, dict):
        level = _int(section.get("level"))
        level = 2 if level is None else level
        heading = _field(section.get("heading"), name, NAME_MAX)
        gap = "\n" * min(_int(section.get("gap")) or 0, 3)
        text = f"{'#' * max(1, min(level, 6))} {heading}\n{gap}{body}" if level else body
        title = section.get("title")
        title = title if isinstance(title, str) and title.startswith("#") else None
        return IndexBlock(text.strip("\n"), _int(section.get("at")), title, section=True)
    index = stored(extra or {}, name, description).get("index") or {}
    title = _text(index, "title") or name
    hook = index.get("hook")
    line = (
        render_index_line(title, target, hook, cut=False)
        if isinstance(hook, str)
        else render_index_line(title, target, description)
    )
    place = claude.get("place")
    place = place if isinstance(place, dict) else {}
    group = place.get("group")
    return IndexBlock(line, _int(place.get("at")), group if isinstance(group, str) else None)


def _int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def is_section(extra: Mapping[str, Any]) -> bool:
    """Whether an entry holds notes that were written into MEMORY.md itself."""
    claude = extra.get("claude_code")
    return isinstance(claude, dict) and isinstance(claude.get("section"), dict)


def render_index_line(title: str, target: str, hook: str, *, cut: bool = True) -> str:
    """``- [title](target) — hook``: one line, the hook cut below 150 characters (unless
    ``cut`` is false: a hook a person wrote goes back as written)."""
    if any(c.isspace() or c in "()<>%" or not c.isprintable() for c in target):
        target = (
            "<"
            + "".join(
                quote(c, safe="")
                if c in "%<>" or not (c == " " or (c.isprintable() and not c.isspace()))
                else c
                for c in target
            )
            + ">"
        )
    line = f"- [{link_text(title)}]({target})"
    hook = short(hook, HOOK_MAX) if cut else one_line(hook)
    return f"{line} — {hook}" if hook else line


def _tail(count: int) -> str:
    return (
        f"> {count} more memories are in this folder but not listed here (MEMORY.md "
        f"is read only to {INDEX_MAX_LINES} lines / {INDEX_MAX_BYTES:,} bytes); search "
        "the topic files when these do not answer.\n"
    )


@dataclass(frozen=True)
class IndexBlock:
    """One part of an exported MEMORY.md: a link line, or notes written into the index
    (a heading and its text); ``at`` is its line in the MEMORY.md it was imported from,
    ``group`` the heading line it stood under there."""

    text: str
    at: int | None = None
    group: str | None = None
    section: bool = False  # notes (a heading and its text), not a link line


def _layout(blocks: Sequence[IndexBlock], tail: str) -> str:
    """MEMORY.md for ``blocks``: those from an imported index in their old order, under
    their old headings; the others after them."""
    placed = sorted((b for b in blocks if b.at is not None), key=lambda b: b.at or 0)
    ordered = [*placed, *(b for b in blocks if b.at is None)]
    out, heading, title, last_multi = [_EXPORT_HEADER], None, None, False
    for b in ordered:
        multi = b.section
        if multi:
            if b.group is not None and b.group != title:  # the title above the notes
                title = b.group
                out.append(("\n" if len(out) > 1 else "") + b.group + "\n")
            first = b.text.split("\n", 1)[0]
            heading = first if first.startswith("#") else heading
            out.append(("\n" if len(out) > 1 else "") + b.text + "\n")
        else:
            if b.group is not None and b.group != heading:
                heading = b.group
                out.append(("\n" if len(out) > 1 else "") + b.group + "\n")
            elif b.group is None and heading is not None and placed:
                heading = None
                out.append("\n")
            elif last_multi:
                out.append("\n")
            out.append(b.text + "\n")
        last_multi = multi
    return "".join(out) + tail


def fit_index(lines: Sequence[str | IndexBlock]) -> tuple[str, int]:
    """MEMORY.md holding the longest prefix of ``lines`` (best first: link lines or
    :class:`IndexBlock` values) that fits the line and byte bounds with the header, the
    headings and, when some are left out, a line saying so. Returns the text and how many
    of ``lines`` it holds."""
    blocks = [b if isinstance(b, IndexBlock) else IndexBlock(b) for b in lines]

    def fits(n: int) -> str | None:
        text = _layout(blocks[:n], _tail(len(blocks) - n) if n < len(blocks) else "")
        fit = text.count("\n") <= INDEX_MAX_LINES and len(text.encode()) <= INDEX_MAX_BYTES
        return text if fit else None

    whole = fits(len(blocks))
    if whole is not None:
        return whole, len(blocks)
    lo, hi = 0, len(blocks) - 1  # the largest n that fits (with the tail, the text grows with n)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if fits(mid) is not None:
            lo = mid
        else:
            hi = mid - 1
    text = fits(lo)
    return (text if text is not None else _EXPORT_HEADER), lo
