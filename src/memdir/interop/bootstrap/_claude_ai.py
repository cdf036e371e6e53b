"""The files of a Claude.ai data export beside its ``conversations.json``: Claude's memory
of the person, the projects' instructions, the account. (docs/design/interop.md)."""

from __future__ import annotations

from collections.abc import Generator, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ...core.errors import ParseError
from ...core.storage.regular import open_regular
from . import chats

EXPORT_FILES = frozenset({"memories.json", "projects.json", "users.json"})
MAX_BYTES = 2 << 30
MAX_TEXT_CHARS = 200_000  # one memory or instruction text (Claude's own run to a few KB)
DOC_CHARS = 10_000  # a project document read whole; longer ones are reference material
_MEMORY_KEYS = frozenset({"conversations_memory", "project_memories"})
_PROJECT_KEYS = frozenset({"prompt_template", "docs"})


@dataclass(frozen=True)
class Text:
    """One text of the export for the extractor."""

    label: str  # which part of the file: "memory [0]", "project Backend"
    where: str  # "Claude's memory", "project Backend instructions"
    text: str


@dataclass
class Tally:
    """What one file held besides its texts: items of a known shape, what was wrong."""

    known: int = 0
    wrong: list[str] = field(default_factory=list)
    long_docs: int = 0  # project documents over DOC_CHARS, left out

    def problem(self) -> str | None:
        """At most one line for everything wrong in the file."""
        if not self.wrong:
            return None
        more = len(self.wrong) - 1
        return self.wrong[0] + (f" (and {more} more such problem{'s' * (more > 1)})" * (more > 0))


def in_export(path: Path) -> bool:
    """``path`` is one of :data:`EXPORT_FILES` with a ``conversations.json`` beside it."""
    return path.name in EXPORT_FILES and (path.parent / "conversations.json").is_file()


def _what(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return "a number" if isinstance(value, int | float) else "a value"


def _items(path: Path, tally: Tally) -> Iterator[tuple[int, object]]:
    """The items of the file's top-level list (an object alone: item 0), streamed."""
    with open(open_regular(path, MAX_BYTES), "rb") as file:
        for i, item in enumerate(chats.iter_json_items(file, str(path))):
            if item is chats.TOO_DEEP:
                tally.wrong.append(f"item [{i}]: nested too deeply")
                continue
            yield i, item


def _text(tally: Tally, at: str, label: str, where: str, value: object) -> Iterator[Text]:
    if value is None or value == "":
        return
    if not isinstance(value, str):
        tally.wrong.append(f"{at}: {_what(value)}, not a text")
    elif len(value) > MAX_TEXT_CHARS:
        tally.wrong.append(
            f"{at}: {len(value):,} characters, more than the {MAX_TEXT_CHARS:,} read; left out"
        )
    elif value.strip():
        yield Text(label, where, value)


def _name(item: object, i: int, seen: set[str]) -> str | None:
    """Project ``item``'s name (None when it has none): a name an earlier project of the
    file holds gets its item number, ``Backend [3]``, so two projects never read as one."""
    if not isinstance(item, dict):
        return None
    name = item.get("name")
    if not isinstance(name, str) or not name.strip():
        return None
    name = name.strip()[:100]
    if name in seen:
        name = f"{name} [{i}]"
    seen.add(name)
    return name


def project_names(path: Path) -> dict[str, str]:
    """Project uuid → name, from ``projects.json`` (``{}`` when it cannot be read)."""
    names: dict[str, str] = {}
    seen: set[str] = set()
    try:
        for i, item in _items(path, Tally()):
            name = _name(item, i, seen)
            uuid = item.get("uuid") if isinstance(item, dict) else None
            if name is not None and isinstance(uuid, str):
                names[uuid] = name
    except (ParseError, OSError, ValueError):
        pass  # projects.json itself says why when it is read
    return names


def memories(path: Path, names: dict[str, str], tally: Tally) -> Generator[Text, None, None]:
    """Claude's memory of the person (``conversations_memory``) and of each project
    (``project_memories``: project uuid → text, named by ``names``)."""
    for i, item in _items(path, tally):
        if not isinstance(item, dict) or not _MEMORY_KEYS & item.keys():
            tally.wrong.append(
                f"item [{i}]: {_what(item)}, not a memory (no conversations_memory or "
                f"project_memories)"
            )
            continue
        tally.known += 1
        memory = item.get("conversations_memory")
        yield from _text(
            tally, f"item [{i}] conversations_memory", f"memory [{i}]", "Claude's memory", memory
        )
        projects = item.get("project_memories")
        if projects is None:
            continue
        if not isinstance(projects, dict):
            tally.wrong.append(f"item [{i}]: project_memories is {_what(projects)}, not an object")
            continue
        for uuid, text in projects.items():
            name = names.get(uuid, uuid)
            yield from _text(
                tally,
                f"item [{i}] project_memories {uuid}",
                f"memory [{i}] project {name}",
                f"Claude's memory of project {name}",
                text,
            )


def projects(path: Path, tally: Tally) -> Generator[Text, None, None]:
    """Each project's instructions (``prompt_template``) and its documents of at most
    :data:`DOC_CHARS` (``docs``: ``{filename, content}``)."""
    seen: set[str] = set()
    for i, item in _items(path, tally):
        name = _name(item, i, seen) or f"[{i}]"
        if not isinstance(item, dict) or not _PROJECT_KEYS & item.keys():
            tally.wrong.append(
                f"item [{i}]: {_what(item)}, not a project (no prompt_template or docs)"
            )
            continue
        tally.known += 1
        label = f"project {name}"
        at = f"project [{i}]"
        yield from _text(
            tally,
            f"{at} prompt_template",
            label,
            f"{label} instructions",
            item.get("prompt_template"),
        )
        docs = item.get("docs")
        if docs is None:
            continue
        if not isinstance(docs, list):
            tally.wrong.append(f"{at}: docs is {_what(docs)}, not a list")
            continue
        for j, doc in enumerate(docs):
            if not isinstance(doc, dict):
                tally.wrong.append(f"{at} docs [{j}]: {_what(doc)}, not a document")
                continue
            content = doc.get("content")
            if isinstance(content, str) and len(content) > DOC_CHARS:
                tally.long_docs += 1
                continue
            fname = doc.get("filename")
            fname = fname[:100] if isinstance(fname, str) and fname.strip() else f"[{j}]"
            yield from _text(
                tally, f"{at} docs [{j}] content", label, f"{label} document {fname}", content
            )
