"""Codex's memory files (``~/.codex/memories``): parsed into items, rendered back. No I/O.
See docs/design/interop.md."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from ...core.index import clip
from ...core.model import DESCRIPTION_MAX, NAME_MAX, EntryType

SECTIONS = (
    ("User Profile", EntryType.USER),
    ("User preferences", EntryType.FEEDBACK),
    ("General Tips", EntryType.REFERENCE),
)
INDEX_SECTION = "What's in Memory"
_ALIASES = {
    "user profile": EntryType.USER,
    "profile": EntryType.USER,
    "user preferences": EntryType.FEEDBACK,
    "preferences": EntryType.FEEDBACK,
    "general tips": EntryType.REFERENCE,
    "tips": EntryType.REFERENCE,
}
_INDEX_NAMES = {"what's in memory", "what\u2019s in memory"}
GROUP = "# Task Group:"

#: A heading line: its level and text (trailing blanks stripped by :func:`_heading`; a lazy
#: text before ``[ \t]*`` took quadratic time on a line of blanks, 200 KB two minutes)
_HEADING = re.compile(r"(#{1,6})(?:[ \t]+(.*))?")
_BULLET = re.compile(r"(?:[-*+]|\d{1,9}[.)])[ \t]")
_NAMED = re.compile(r"\*\*(.+?)\*\* \u2014 (.*)", re.S)
_HEADER = re.compile(r"(scope|applies_to)[ \t]*:[ \t]*(.*)", re.I)
_CWD = re.compile(r"(?:^|;)\s*cwd\s*=\s*([^;]*)", re.I)
_MARKER = re.compile(r"(?:^|;)\s*memdir\s*=\s*([^;\s]*)\s*(?=;|$)", re.I)
_ESCAPED = re.compile(r"(\\*)# Task Group:")
_STAMP = re.compile(
    r"\d{4}-?\d{2}-?\d{2}(?:[T_-]?\d{2}[-:]?\d{2}(?:[-:]?\d{2})?(?:\.\d+)?Z?)?"
    r"[-_ ]+"
)
_LEAD = re.compile(r"^(?:#{1,6}[ \t]+|>[ \t]*|(?:[-*+]|\d{1,9}[.)])[ \t]+)+")
_NAME_CUT = 72


@dataclass(frozen=True)
class Item:
    """One memory found in a Codex file; ``section`` is its summary section or task group
    title (for the origin), ``cwd`` a task group's ``applies_to: cwd=`` value."""

    type: EntryType | str
    name: str
    description: str
    body: str
    section: str
    line: int
    cwd: str | None = None


@dataclass
class Parsed:
    """Items of one file, ``(line, why)`` for each part that was not imported, and
    ``(line, what)`` notes on parts imported other than as Codex means them."""

    items: list[Item] = field(default_factory=list)
    problems: list[tuple[int, str]] = field(default_factory=list)
    notes: list[tuple[int, str]] = field(default_factory=list)
    skipped: list[int] = field(default_factory=list)  # non-blank lines no item holds


def _lines(text: str) -> list[str]:
    # Only "\n" ends a line: str.splitlines() would also split on U+2028, U+0085, …
    return text.removeprefix("\ufeff").replace("\r\n", "\n").split("\n")


def _clip(text: str, limit: int) -> str:
    return clip(text, limit, trailing=" ,;:-\u2014")


def _first_line(body: str) -> str:
    for line in body.split("\n"):
        text = " ".join(_LEAD.sub("", line.strip(), count=1).replace("**", "").split())
        if text:
            return text
    return ""


def derive_name(body: str) -> str:
    """The name an item gets from its text: its first line without Markdown markers, cut
    to 72 characters at a word; empty when the text has no words."""
    return _clip(_first_line(body), _NAME_CUT)


def derive_description(body: str, context: str = "") -> str:
    """A one-line hook (≤ 150 characters) from the text, after ``context`` if given."""
    first = _first_line(body)
    text = f"{context}: {first}" if context and first else (context or first)
    return _clip(text, DESCRIPTION_MAX)


def _heading(line: str) -> tuple[int, str] | None:
    m = _HEADING.fullmatch(line)
    return None if m is None else (len(m[1]), (m[2] or "").strip())


def _dedent(line: str, width: int) -> str:
    if line.startswith("\t"):
        return line[1:]
    stripped = line.lstrip(" ")
    return line[min(width, len(line) - len(stripped)) :]


def _blocks(lines: Sequence[tuple[int, str]]) -> list[tuple[int, str]]:
    """Split section lines into items: top-level bullets and paragraphs."""
    out: list[tuple[int, str]] = []
    cur: list[str] = []
    start, width, bullet, blanks = 0, 0, False, []  # blanks seen since the last text
    for no, line in lines:
        if not line.strip():
            if cur:
                blanks.append(line)
            continue
        m = _BULLET.match(line)
        indented = line[0] in " \t"
        if m and not indented:
            if cur:
                out.append((start, "\n".join(cur)))
            cur, start, width, bullet = [line[m.end() :]], no, m.end(), True
        elif cur and bullet and (indented or not blanks):
            cur += [_dedent(b, width) for b in blanks] + [_dedent(line, width)]
        elif cur and not bullet and not blanks:
            cur.append(line)
        else:
            if cur:
                out.append((start, "\n".join(cur)))
            cur, start, bullet = [line], no, False
        blanks = []
    if cur:
        out.append((start, "\n".join(cur)))
    return out


def _summary_item(kind: EntryType, section: str, context: str, no: int, text: str) -> Item:
    body = text.rstrip()
    first, _, rest = body.partition("\n")
    m = _NAMED.fullmatch(first)
    if m is not None and (m[2].strip() or rest):
        name, body = m[1].strip(), (m[2] + ("\n" + rest if rest else "")).rstrip()
    else:
        name = derive_name(body) or f"{section} (line {no})"
    return Item(
        kind,
        name,
        derive_description(body, context) or _clip(name, DESCRIPTION_MAX),
        body,
        section,
        no,
    )


def parse_summary(text: str) -> Parsed:
    """Items of ``memory_summary.md``, every part of it (which part becomes what:
    docs/design/interop.md)."""
    out = Parsed()
    lines = _lines(text)
    first = 1
    if lines[0].strip() == "v1":
        first = 2
    elif any(line.strip() for line in lines):
        out.notes.append((1, "no `v1` line: Codex reads it all the same; imported"))
    kind: EntryType | None = EntryType.REFERENCE
    section, context = "", ""
    pending: list[tuple[int, str]] = []

    def flush() -> None:
        if kind is not None:
            out.items.extend(
                _summary_item(kind, section or "memory_summary.md", context, no, body)
                for no, body in _blocks(pending)
            )
        pending.clear()

    for no, line in enumerate(lines[first - 1 :], start=first):
        head = _heading(line)
        if head is not None and head[0] == 2:
            flush()
            section, context = head[1], ""
            kind = _ALIASES.get(section.casefold())
            if kind is None and section.casefold() not in _INDEX_NAMES:
                kind = EntryType.REFERENCE
                context = section
                out.notes.append(
                    (
                        no,
                        f"section {section!r} is not one of Codex's summary sections; its "
                        "items are imported as reference entries",
                    )
                )
        elif head is not None and kind is not None:
            flush()
            known = section.casefold() in _ALIASES
            context = head[1] if known or not section else f"{section}: {head[1]}"
        elif kind is not None:
            if not section and line.strip() and not pending and not out.items:
                out.notes.append((no, "text before the first `##` section: imported"))
            pending.append((no, line))
        elif line.strip():  # Codex's own index ("What's in Memory"): not imported
            out.skipped.append(no)
    flush()
    return out


def _split_headers(rest: Sequence[str]) -> tuple[dict[str, str], int]:
    """The consecutive ``scope:``/``applies_to:`` lines after a title, and where they end."""
    i, headers = 0, dict[str, str]()
    while i < len(rest) and not rest[i].strip():
        i += 1
    while i < len(rest) and (m := _HEADER.fullmatch(rest[i].strip())):
        headers.setdefault(m[1].lower(), m[2].strip())
        i += 1
    return headers, i


def _native_headers(rest: Sequence[str]) -> dict[str, str]:
    headers: dict[str, str] = {}
    for line in rest:
        if _heading(line) is not None:
            break
        if m := _HEADER.fullmatch(line.strip()):
            headers.setdefault(m[1].lower(), m[2].strip())
    return headers


def _cwd(applies_to: str) -> str | None:
    m = _CWD.search(applies_to)
    value = m[1].strip().strip("`'\"").strip() if m else ""
    return value or None


def _escape(body: str) -> str:
    """``body`` with a ``\\`` before each line that would start a task group (a line
    already escaped gets one more, so :func:`_unescape` gives back exactly ``body``)."""
    return "\n".join(
        _ESCAPED.sub(lambda m: "\\" + m[1] + GROUP, ln, count=1) if _ESCAPED.match(ln) else ln
        for ln in body.split("\n")
    )


def _unescape(lines: Sequence[str]) -> str:
    return "\n".join(
        _ESCAPED.sub(lambda m: m[1][1:] + GROUP, ln, count=1) if _ESCAPED.match(ln) else ln
        for ln in lines
    )


def _group(title: str, no: int, rest: list[str]) -> Item:
    headers, end = _split_headers(rest)
    marker = _MARKER.search(headers.get("applies_to", ""))
    if marker is not None:
        lines = rest[end:]
        while lines and lines[0] == "":
            lines = lines[1:]
        body = _unescape(lines).rstrip()
        kind: EntryType | str = marker[1].lower()
        description = _clip(headers.get("scope", ""), DESCRIPTION_MAX)
    else:
        headers = _native_headers(rest)
        body = _unescape(rest).strip("\n").rstrip()
        kind = EntryType.PROJECT
        description = _clip(" ".join(headers.get("scope", "").split()), DESCRIPTION_MAX)
        if len(title) > NAME_MAX:  # the name is cut: the body keeps the whole title
            body = f"Task Group: {title}\n\n{body}".rstrip()
    name = _clip(title, NAME_MAX)
    description = description or _clip(f"Codex task group: {title}", DESCRIPTION_MAX)
    return Item(kind, name, description, body, title, no, _cwd(headers.get("applies_to", "")))


def parse_memory(text: str) -> Parsed:
    """Task groups of ``MEMORY.md``, one item each."""
    out = Parsed()
    title: str | None = None
    start, rest, stray = 0, list[str](), False
    for no, line in enumerate(_lines(text), start=1):
        if line.startswith(GROUP):
            if title is not None:
                out.items.append(_group(title, start, rest))
            title, start, rest = line[len(GROUP) :].strip(), no, []
            if not title:
                out.problems.append(
                    (no, "a `# Task Group:` line without a title; that block is not imported")
                )
                title = None
                stray = True  # its lines are reported with it, not again
        elif title is not None:
            rest.append(line)
        elif line.strip() and not stray:
            stray = True
            out.problems.append((no, "text outside any `# Task Group:` block is not imported"))
    if title is not None:
        out.items.append(_group(title, start, rest))
    return out


def parse_note(text: str, stem: str) -> Parsed:
    """One ad-hoc note: named by its first heading, else by its file name without the
    leading timestamp; a reference entry."""
    lines = _lines(text)
    i = next((n for n, line in enumerate(lines) if line.strip()), None)
    if i is None:
        return Parsed(problems=[(1, "the note is empty")])
    head = _heading(lines[i])
    body = "\n".join(lines[i + 1 :] if head and head[1] else lines[i:]).strip("\n").rstrip()
    if head and head[1]:
        name = _clip(head[1], NAME_MAX)
        body = body or head[1]
    else:
        stamp = _STAMP.match(stem)
        words = re.split(r"[-_\s]+", stem[stamp.end() :] if stamp else stem)
        name = _clip(" ".join(words).strip(), NAME_MAX) or derive_name(body)
    item = Item(
        EntryType.REFERENCE, name or stem, derive_description(body) or name, body, "", i + 1
    )
    return Parsed([item])


# -- writing ---------------------------------------------------------------------------------


def render_bullet(name: str, body: str) -> str:
    """One summary bullet that parses back to ``name`` and ``body``."""
    first, *rest = body.split("\n")
    explicit = name != derive_name(body) or _NAMED.fullmatch(first) is not None
    head = f"- **{name}** \u2014 {first}" if explicit else f"- {first}"
    return "\n".join([head, *(f"  {line}" if line else "" for line in rest)]) + "\n"


def render_summary(sections: dict[EntryType, list[str]], index: str) -> str:
    """``memory_summary.md`` from rendered bullets per type and the index's text."""
    parts = ["v1\n\n"]
    for title, kind in SECTIONS:
        bullets = sections.get(kind, [])
        parts.append(f"## {title}\n\n" + ("".join(bullets) + "\n" if bullets else ""))
    parts.append(f"## {INDEX_SECTION}\n\n{index}")
    return "".join(parts)


def render_verbatim(name: str, body: str) -> str:
    """A task group whose body came from Codex (:func:`body_cwd` says so); body lines that
    would start a task group are escaped as in :func:`render_group`."""
    return f"{GROUP} {name}\n\n{_escape(body)}\n"


def render_group(
    name: str, description: str, body: str, kind: EntryType | str, cwd: str, reuse_rule: str
) -> str:
    """A task group holding one memdir entry, its type kept in ``applies_to``."""
    return (
        f"{GROUP} {name}\n\nscope: {description}\napplies_to: cwd={cwd}; "
        f"reuse_rule={reuse_rule}; memdir={kind}\n\n{_escape(body)}\n"
    )


def body_cwd(body: str) -> tuple[bool, str | None]:
    """Whether a body is a Codex task group's (it starts with ``scope:`` or
    ``applies_to:``, without the ``memdir=`` mark that would make it read back as
    memdir's own), and the ``cwd`` its ``applies_to`` names."""
    first = body.split("\n", 1)[0].strip()
    if _HEADER.fullmatch(first) is None:
        return False, None
    if _MARKER.search(_split_headers(body.split("\n"))[0].get("applies_to", "")):
        return False, None
    return True, _cwd(_native_headers(body.split("\n")).get("applies_to", ""))


def with_cwd(body: str, cwd: str) -> str:
    """A Codex task group's body with its ``applies_to`` pointing at ``cwd`` (the line is
    added after the header lines when there is none)."""
    lines = body.split("\n")
    for n, line in enumerate(lines):
        if _heading(line) is not None:
            break
        m = _HEADER.fullmatch(line.strip())
        if m and m[1].lower() == "applies_to":
            value = m[2]
            new = (
                _CWD.sub(lambda c: c[0][: c.start(1) - c.start(0)] + cwd, value, count=1)
                if _CWD.search(value)
                else f"cwd={cwd}; {value}".rstrip("; ")
            )
            lines[n] = f"applies_to: {new}"
            return "\n".join(lines)
    _, end = _split_headers(lines)
    return "\n".join([*lines[:end], f"applies_to: cwd={cwd}", *lines[end:]])
