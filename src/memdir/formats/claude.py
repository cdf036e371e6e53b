"""Claude Code's auto-memory files, parsed and rendered without I/O.

Claude Code keeps one folder per project (``~/.claude/projects/<slug>/memory/``): topic
files with YAML frontmatter (``name``, ``description``, ``type`` — or, in newer files,
``metadata:`` holding ``type:``) or plain Markdown without frontmatter, and ``MEMORY.md``,
an index of one ``- [Title](file.md) — hook`` line per topic file. Older ``MEMORY.md``
files hold notes directly, and Claude (or a person) may append some to any index, even
one memdir exported; :func:`parse_index` returns those as sections so an import loses
nothing. The slug of a project folder is its absolute path with every character
that is not an ASCII letter or digit turned into ``-`` (:func:`project_slug`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any
from urllib.parse import quote, unquote

from ..errors import ParseError
from ..model import DESCRIPTION_MAX, NAME_MAX, EntryType
from ._fastyaml import dump_flat
from .frontmatter import split_frontmatter
from .index import one_line

__all__ = [
    "EXPORT_MARK",
    "HOOK_MAX",
    "INDEX_MAX_BYTES",
    "INDEX_MAX_LINES",
    "UNTYPED",
    "IndexLink",
    "Memory",
    "ParsedIndex",
    "Section",
    "TopicFile",
    "fit_index",
    "parse_index",
    "parse_index_line",
    "parse_topic",
    "project_slug",
    "render_index_line",
    "render_topic",
    "section_memory",
    "to_memory",
]

INDEX_MAX_LINES = 200  # Claude Code loads the first 200 lines of MEMORY.md …
INDEX_MAX_BYTES = 25_000  # … or 25 KB, whichever comes first
HOOK_MAX = 149  # a hook is "under 150 characters"
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
    r"[ \t]*(?:(?:—|–|-{1,2}|:)[ \t]*(?P<hook>.*?))?[ \t]*"
)
_HEADING = re.compile(r" {0,3}(#{1,6})[ \t]+(.*?)[ \t#]*")
_UNESCAPE = re.compile(r"\\(.)")
_BULLET = re.compile(r"^(?:(?:[-*+]|\d{1,9}[.)]|>)[ \t]+)+")
_SENTENCE = re.compile(r"(.+?[.!?。！？])(?:\s|$)")
_TAIL = re.compile(r"> \d+ more memories are in this folder but not listed here \(")


@dataclass(frozen=True)
class TopicFile:
    """What one topic file says; a field is None when the file does not give it."""

    name: str | None
    description: str | None
    type: str | None  # as written: checked by the import plan, never guessed over
    body: str
    frontmatter: bool


@dataclass(frozen=True)
class Memory:
    """The fields of one memdir entry made from a Claude Code file."""

    type: str
    name: str
    description: str
    body: str


@dataclass(frozen=True)
class IndexLink:
    """One ``- [title](target) — hook`` line of MEMORY.md."""

    title: str
    target: str
    hook: str

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


@dataclass(frozen=True)
class ParsedIndex:
    """MEMORY.md: its links, the notes it holds directly, and whether memdir wrote it
    (its header says so; notes appended to it since are still notes)."""

    links: tuple[IndexLink, ...]
    sections: tuple[Section, ...]
    exported: bool


def project_slug(path: str) -> str:
    """Claude Code's folder name for a project: every character of the absolute path that
    is not an ASCII letter or digit becomes ``-`` (per UTF-16 unit, as JavaScript counts,
    so a character outside the BMP becomes two)."""
    return "".join(
        c if c.isascii() and c.isalnum() else "--" if ord(c) > 0xFFFF else "-" for c in path
    )


def _text(meta: dict[str, Any], key: str, path: str) -> str | None:
    value = meta.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        raise ParseError(path, f"{key} must be text, not {value!r}")
    return str(value)


def parse_topic(text: str, path: str = "<text>") -> TopicFile:
    """Parse a topic file. Frontmatter that is not valid YAML, not a mapping, or gives a
    field in the wrong shape raises :class:`ParseError`; no frontmatter is fine."""
    meta, body, _ = split_frontmatter(text, path)
    if meta is None:
        return TopicFile(None, None, None, body, False)
    kind = _text(meta, "type", path)
    metadata = meta.get("metadata")
    if metadata is not None and not isinstance(metadata, dict):
        raise ParseError(path, f"metadata must be a mapping, not {metadata!r}")
    if kind is None and metadata is not None:
        kind = _text(metadata, "type", path)
    return TopicFile(_text(meta, "name", path), _text(meta, "description", path), kind, body, True)


def _cap(text: str, limit: int) -> str:
    text = one_line(text)
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _heading(body: str) -> str | None:
    for line in body.splitlines():
        match = _HEADING.fullmatch(line)
        if match and match.group(2).strip():
            return match.group(2)
    return None


def _first_sentence(body: str) -> str:
    """The first sentence of the first paragraph of prose (headings, rules and fences
    skipped; a list item is a paragraph of its own)."""
    para: list[str] = []
    for line in body.splitlines():
        text = _BULLET.sub("", line.strip())
        skip = not text or _HEADING.fullmatch(line) or text.startswith(("```", "~~~", "---"))
        if skip or (para and text != line.strip()):
            if para:
                break
            if skip:
                continue
        para.append(text)
        if text != line.strip():
            break
    text = " ".join(para)
    match = _SENTENCE.match(text)
    return match.group(1) if match else text


def _type_from_stem(stem: str) -> EntryType | None:
    try:
        return EntryType(stem.split("_", 1)[0])
    except ValueError:
        return None


def to_memory(topic: TopicFile, stem: str, hook: str | None = None) -> Memory:
    """The entry a topic file becomes.

    * type: the file's ``type`` (or ``metadata.type``); without one, the file-name prefix
      (``feedback_x.md``) as memdir reads its own files, else :data:`UNTYPED` — ``project``:
      the folder is per project, and an untyped note makes no claim to be a correction
      (``feedback``) or about the person (``user``), which would rank it above them;
    * name: the file's ``name``, else its first heading, else the file name;
    * description: the file's, else the MEMORY.md hook for it, else the body's first
      sentence; name and description are made one line and cut to memdir's limits.
    """
    kind = topic.type if topic.type is not None else (_type_from_stem(stem) or UNTYPED)
    name = topic.name if topic.name and topic.name.strip() else None
    if name is None:
        bare = stem.split("_", 1)[1] if _type_from_stem(stem) and "_" in stem else stem
        name = _heading(topic.body) or bare.replace("-", " ").replace("_", " ").strip()
    described = topic.description if topic.description and topic.description.strip() else None
    description = described or hook or _first_sentence(topic.body) or name
    return Memory(
        str(kind).strip(),
        _cap(name or stem, NAME_MAX),
        _cap(description, DESCRIPTION_MAX),
        topic.body,
    )


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
    under their level-1 or level-2 headings; HTML comments and blank lines dropped).
    In an index memdir exported, the line memdir writes about unlisted files is not a
    note; anything else added to it is."""
    text = text.removeprefix("\ufeff").replace("\r\n", "\n")
    exported = EXPORT_MARK in text
    links: list[IndexLink] = []
    sections: list[Section] = []
    heading, lines = "", list[str]()
    fence = False

    def close() -> None:
        body = "\n".join(lines).strip("\n")
        if body.strip():
            sections.append(Section(heading, body))

    for line in text.split("\n"):
        if line.lstrip().startswith(("```", "~~~")):
            fence = not fence
        link = None if fence else parse_index_line(line)
        if link is not None:
            links.append(link)
            continue
        match = None if fence else _HEADING.fullmatch(line)
        if match and len(match.group(1)) <= 2:
            close()
            heading, lines = one_line(_UNESCAPE.sub(r"\1", match.group(2))), []
        elif fence or not (line.strip().startswith("<!--") or (exported and _TAIL.match(line))):
            lines.append(line)
    close()
    return ParsedIndex(tuple(links), tuple(sections), exported)


def section_memory(section: Section, index_name: str = "MEMORY.md") -> Memory:
    """The entry a note written directly into MEMORY.md becomes (type :data:`UNTYPED`)."""
    name = section.heading or f"Notes in {index_name}"
    return Memory(
        UNTYPED.value,
        _cap(name, NAME_MAX),
        _cap(_first_sentence(section.body) or name, DESCRIPTION_MAX),
        section.body,
    )


def _dump(meta: dict[str, str]) -> str:
    flat = dump_flat(meta)
    if flat is not None:
        return flat
    import yaml

    dumped: str = yaml.safe_dump(
        meta, sort_keys=False, allow_unicode=True, default_flow_style=False, width=1_000_000
    )
    return dumped


def render_topic(name: str, description: str, type_: str, body: str) -> str:
    """A topic file as Claude Code writes them: ``name``, ``description``, ``type``."""
    meta = {"name": one_line(name), "description": one_line(description), "type": type_}
    return f"---\n{_dump(meta)}---\n\n{body.strip(chr(10))}\n"


def _link_text(text: str) -> str:
    return one_line(text).replace("\\", "\\\\").replace("[", "\\[").replace("]", "\\]")


def render_index_line(title: str, target: str, hook: str) -> str:
    """``- [title](target) — hook``: one line, the hook cut below 150 characters."""
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
    line = f"- [{_link_text(title)}]({target})"
    hook = _cap(hook, HOOK_MAX)
    return f"{line} — {hook}" if hook else line


def _tail(count: int) -> str:
    return (
        f"> {count} more memories are in this folder but not listed here (MEMORY.md "
        f"is read only to {INDEX_MAX_LINES} lines / {INDEX_MAX_BYTES:,} bytes); search "
        "the topic files when these do not answer.\n"
    )


def fit_index(
    lines: list[str], max_lines: int = INDEX_MAX_LINES, max_bytes: int = INDEX_MAX_BYTES
) -> tuple[str, int]:
    """MEMORY.md holding the longest prefix of ``lines`` (best first) that fits the line
    and byte bounds with the header and, when some are left out, a line saying so.
    Returns the text and how many of ``lines`` it holds."""
    head = _EXPORT_HEADER
    sizes = [len(line.encode()) + 1 for line in lines]
    kept, used = 0, len(head.encode())
    for size in sizes:
        if kept + 2 > max_lines or used + size > max_bytes:
            break
        kept, used = kept + 1, used + size
    if kept < len(lines):
        while kept and (
            kept + 2 > max_lines or used + len(_tail(len(lines) - kept).encode()) > max_bytes
        ):
            kept, used = kept - 1, used - sizes[kept - 1]
        text = head + "".join(f"{line}\n" for line in lines[:kept]) + _tail(len(lines) - kept)
    else:
        text = head + "".join(f"{line}\n" for line in lines)
    return text, kept
