"""Topic files: YAML frontmatter plus a Markdown body, parsed and rendered without I/O.
See docs/design/core.md."""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from .errors import ParseError, ValidationError
from .model import FRONTMATTER_KEYS, Entry, EntryType, Layout, Source

KNOWN_KEYS = FRONTMATTER_KEYS
_CLOSE = re.compile(r"^(?:---|\.\.\.)[ \t]*$", re.MULTILINE)


@functools.cache
def _yaml() -> Any:
    """PyYAML, its fastest safe loader and memdir's dumper, imported on first need."""
    import yaml

    base: Any = getattr(yaml, "CSafeDumper", yaml.SafeDumper)

    class Dumper(base):  # type: ignore[misc]
        """Safe dumper: UTC datetimes as ``2026-11-29T21:40:00Z``, short lists inline, no
        anchors (``created`` and ``updated`` are often the same object)."""

        def ignore_aliases(self, data: Any) -> bool:
            return True

    def represent_datetime(dumper: Any, value: datetime) -> Any:
        return dumper.represent_scalar("tag:yaml.org,2002:timestamp", format_time(value))

    def represent_list(dumper: Any, value: list[Any]) -> Any:
        flat = all(not isinstance(v, dict | list) for v in value)
        return dumper.represent_sequence("tag:yaml.org,2002:seq", value, flow_style=flat)

    Dumper.add_representer(datetime, represent_datetime)
    Dumper.add_representer(list, represent_list)
    loader = _checked(yaml, getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    return SimpleNamespace(module=yaml, Loader=loader, Dumper=Dumper)


def _checked(yaml: Any, base: Any) -> Any:
    """``base`` whose scalar constructors refuse a value their tag cannot hold
    (``!!timestamp x``, ``!!int _``) and an int too long to write back out, with a
    YAML error at the value's line, not a Python error from inside PyYAML."""

    class Loader(base):  # type: ignore[misc]
        """A loader whose bad scalars are marked YAML errors."""

    def wrap(tag: str, make: Any) -> Any:
        def construct(loader: Any, node: Any) -> Any:
            try:
                if isinstance(node.value, str) and len(node.value) > 10_000:
                    raise ValueError(tag)  # 1:0:0:… base 60 takes quadratic time
                value = make(loader, node)
                if type(value) is int and value.bit_length() > 9_000:
                    str(value)  # past Python's int-to-text digit limit: ValueError
            except (LookupError, AttributeError, ValueError, OverflowError):
                text = str(node.value)
                text = repr(text) if len(text) <= 40 else repr(text[:40])[:-1] + "…'"
                problem = f"the value {text} is not a valid {tag.rsplit(':', 1)[-1]}"
                raise yaml.constructor.ConstructorError(
                    None, None, problem, node.start_mark
                ) from None
            return value

        return construct

    for tag in ("bool", "int", "float", "timestamp"):
        tag = "tag:yaml.org,2002:" + tag
        Loader.add_constructor(tag, wrap(tag, base.yaml_constructors[tag]))
    return Loader


def import_yaml() -> None:
    """Import PyYAML now, if not yet: a writer calls this before it takes the scope lock,
    where its first render or parse would otherwise import it (~10 ms) while every other
    writer waits (docs/design/storage.md)."""
    _yaml()


def load_yaml(
    source: str,
    path: Path | str,
    what: str = "frontmatter",
    first: int = 2,
    expand: int = 0,
) -> Any:
    """PyYAML's reading of ``source`` (a frontmatter block, or another tool's YAML file
    from its line ``first``) through the checked loader; every error is a
    :class:`ParseError` naming the file line. Anchors and aliases are refused when
    ``expand`` is 0, else allowed while the document, each alias written out, has at most
    ``expand`` nodes (a "billion laughs" has billions, a self-reference no end)."""
    lib = _yaml()
    try:
        if "&" not in source and "*" not in source:  # it cannot hold an anchor or alias
            return lib.module.load(source, Loader=lib.Loader)
        if not expand:
            refuse_aliases(lib.module, source, path, lib.Loader, what, first)
            return lib.module.load(source, Loader=lib.Loader)
        loader = lib.Loader(source)
        try:
            node = loader.get_single_node()
            if node is None:
                return None
            line = _expanded_past(node, expand)
            if line is not None:
                raise ParseError(
                    path,
                    f"YAML aliases (*name) in {what} stand for over {expand:,} values, or for "
                    "a value inside itself; write the values out",
                    line=line + first,
                )
            return loader.construct_document(node)
        finally:
            loader.dispose()
    except lib.module.MarkedYAMLError as exc:
        mark = exc.context_mark or exc.problem_mark  # where the broken construct starts
        # Marks at end of input point past the block; report its last line instead.
        last = max(source.count("\n") - 1, 0)
        line = min(mark.line, last) + first if mark is not None else 1
        raise ParseError(path, f"invalid YAML in {what} ({exc.problem})", line=line) from None
    except (lib.module.YAMLError, ValueError, RecursionError) as exc:
        raise ParseError(path, f"invalid YAML in {what} ({exc})", line=1) from None


def _expanded_past(root: Any, limit: int) -> int | None:
    """The line (from 0) of the innermost node of the composed ``root`` that stands for
    over ``limit`` nodes once aliases (shared nodes) are written out; None if none does.
    Each node is counted once, so this is linear in the file."""
    sizes: dict[int, int] = {}
    over: list[int] = []

    def size(node: Any) -> int:
        if id(node) not in sizes:
            sizes[id(node)] = limit + 1  # while open: a node met inside itself never ends
            value = node.value
            items = [] if isinstance(value, str) else value
            total = 1 + sum(size(n) for i in items for n in (i if isinstance(i, tuple) else [i]))
            if total > limit and not over:
                over.append(node.start_mark.line)
            sizes[id(node)] = min(total, limit + 1)
        return sizes[id(node)]

    size(root)
    return over[0] if over else None


def refuse_aliases(
    yaml: Any, source: str, path: Path | str, loader: Any, what: str = "frontmatter", first: int = 2
) -> None:
    """Refuse anchors and aliases: a few hundred bytes of nested aliases expand to
    gigabytes when anything walks the result (a "billion laughs"), and a topic file can
    arrive in a cloned repository. Hand-written frontmatter never needs them."""
    for event in yaml.parse(source, Loader=loader):
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None) is not None:
            raise ParseError(
                path,
                f"YAML anchors and aliases (&name, *name) are not allowed in {what}; "
                "write the values out",
                line=event.start_mark.line + first,
            )


def format_time(value: datetime) -> str:
    """ISO 8601 in UTC with a ``Z``, to the second."""
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    value = value.astimezone(UTC)
    return f"{value:%Y}".zfill(4) + f"{value:-%m-%dT%H:%M:%SZ}"  # %Y does not pad year 999


def split_frontmatter(
    text: str, path: Path | str = "<text>"
) -> tuple[dict[str, Any] | None, str, Layout]:
    """Split a topic file into (frontmatter mapping or None, body, layout)."""
    bom = text.startswith("\ufeff")
    if bom:
        text = text[1:]
    crlf = "\r\n" in text
    if crlf:
        text = text.replace("\r\n", "\n")
    first, _, rest = text.partition("\n")
    if first.rstrip() != "---":
        return None, text.strip("\n"), Layout(crlf=crlf, bom=bom)
    close = _CLOSE.search(rest)
    if close is None:
        raise ParseError(path, "frontmatter opened with --- is never closed", line=1)
    source = rest[: close.start()]
    body = rest[close.end() :].strip("\n")
    meta = load_yaml(source, path)
    if meta is None:
        meta = {}
    if not isinstance(meta, dict):
        raise ParseError(path, "frontmatter must be a mapping of keys to values", line=2)
    bad_keys = [k for k in meta if not isinstance(k, str)]
    if bad_keys:
        raise ParseError(path, f"frontmatter key {bad_keys[0]!r} is not a string", line=2)
    order = tuple(meta)
    return meta, body, Layout(key_order=order, crlf=crlf, bom=bom)


def _time(meta: Mapping[str, Any], key: str, path: Path | str) -> datetime | None:
    value = meta.get(key)
    if value is None:
        return None
    if isinstance(value, datetime):
        result = value
    elif isinstance(value, date):
        result = datetime(value.year, value.month, value.day)
    elif isinstance(value, str):
        try:
            result = datetime.fromisoformat(value.strip())
        except ValueError:
            raise ParseError(path, f"{key} is not an ISO 8601 date/time: {value!r}") from None
    else:
        raise ParseError(path, f"{key} is not a date/time: {value!r}")
    if result.tzinfo is None:
        result = result.replace(tzinfo=UTC)
    try:
        return result.astimezone(UTC).replace(microsecond=0)
    except (OverflowError, ValueError):  # e.g. year 1 at +05:00 falls before year 1 UTC
        raise ParseError(path, f"{key} is out of the supported range: {value!r}") from None


def _strings(meta: Mapping[str, Any], key: str, path: Path | str) -> tuple[str, ...]:
    value = meta.get(key)
    if value is None:
        return ()
    if isinstance(value, str | int | float):
        return (str(value),)
    if isinstance(value, list) and all(isinstance(v, str | int | float) for v in value):
        return tuple(str(v) for v in value)
    raise ParseError(path, f"{key} must be a list of strings, not {value!r}")


def _text(meta: Mapping[str, Any], key: str, path: Path | str) -> str | None:
    value = meta.get(key)
    if value is None:
        return None
    if isinstance(value, str | int | float) and not isinstance(value, bool):
        return str(value).strip()
    raise ParseError(path, f"{key} must be text, not {value!r}")


def type_from_stem(stem: str) -> EntryType | None:
    """The type a file name's prefix names (``feedback_x`` → feedback), or None."""
    try:
        return EntryType(stem.split("_", 1)[0])
    except ValueError:
        return None


def parse_entry(
    text: str,
    stem: str,
    *,
    archived: bool = False,
    path: Path | str = "<text>",
    mtime: datetime | None = None,
) -> Entry:
    """Parse one topic file. ``stem`` (file name without ``.md``) becomes the id.

    Missing timestamps fall back to ``mtime``; a missing type to the file-name prefix.
    """
    meta, body, layout = split_frontmatter(text, path)
    meta = meta or {}
    fallback = mtime or datetime.fromtimestamp(0, UTC)
    raw_type = meta.get("type")
    if raw_type is None:
        entry_type = type_from_stem(stem) or EntryType.REFERENCE
    else:
        try:
            entry_type = EntryType.parse(raw_type)
        except ValidationError as exc:
            raise ParseError(path, str(exc)) from None
    pinned = meta.get("pinned", False)
    if pinned is None:
        pinned = False
    if not isinstance(pinned, bool):
        raise ParseError(path, f"pinned must be true or false, not {pinned!r}")
    try:
        source = Source.parse(meta["source"]) if meta.get("source") is not None else Source.USER
    except ValidationError as exc:
        raise ParseError(path, str(exc)) from None
    created = _time(meta, "created", path) or fallback
    name = _text(meta, "name", path) or stem
    description = _text(meta, "description", path) or ""
    return Entry(
        id=stem,
        name=name,
        description=description,
        type=entry_type,
        body=body,
        created=created,
        updated=_time(meta, "updated", path) or created,
        source=source,
        origins=_strings(meta, "origins", path),
        pinned=pinned,
        supersedes=_strings(meta, "supersedes", path),
        valid_from=_time(meta, "valid_from", path),
        valid_until=_time(meta, "valid_until", path),
        superseded_by=_text(meta, "superseded_by", path),
        removed_at=_time(meta, "removed_at", path),
        extra={k: v for k, v in meta.items() if k not in KNOWN_KEYS},
        archived=archived,
        layout=layout,
    )


def dump_yaml(meta: Mapping[str, Any]) -> str:
    """``meta`` as block YAML in its own order: times as ``…Z``, flat lists inline."""
    lib = _yaml()
    dumped: str = lib.module.dump(
        dict(meta),
        Dumper=lib.Dumper,
        sort_keys=False,
        allow_unicode=True,
        default_flow_style=False,
        width=1_000_000,
    )
    return dumped


def _known_values(entry: Entry) -> dict[str, Any]:
    values: dict[str, Any] = {
        "name": entry.name,
        "description": entry.description,
        "type": entry.type.value,
        "created": entry.created,
        "updated": entry.updated,
        "source": entry.source.value,
        "origins": list(entry.origins),
        "pinned": entry.pinned,
        "supersedes": list(entry.supersedes),
        "valid_from": entry.valid_from,
        "valid_until": entry.valid_until,
        "superseded_by": entry.superseded_by,
        "removed_at": entry.removed_at,
    }
    always = {"name", "description", "type", "created", "updated", "source", "pinned"}
    return {k: v for k, v in values.items() if k in always or v not in (None, [])}


def render_entry(entry: Entry) -> str:
    """Render an entry as a topic file, keeping the layout it was read with."""
    return _render(entry)[0]


def render_read_back(entry: Entry) -> tuple[str, Entry | None]:
    """:func:`render_entry`'s text, and the entry :func:`parse_entry` reads back from it
    when that is ``entry`` itself with the rendered key order, so a writer need not parse
    what it just wrote; None where only a parse can tell (unknown keys, CRLF or a BOM,
    text or times that reading would strip or re-time). docs/design/storage.md."""
    text, keys = _render(entry)
    strings = (entry.name, entry.description, entry.superseded_by or "")
    times = (entry.created, entry.updated, entry.valid_from, entry.valid_until, entry.removed_at)
    exact = (
        not entry.extra
        and not entry.layout.crlf
        and not entry.layout.bom
        and entry.name != ""
        and all(t.isprintable() and t == t.strip() for t in (*strings, *entry.origins))
        and all(t.isprintable() and t == t.strip() for t in entry.supersedes)
        and entry.body == entry.body.strip("\n")
        and "\r" not in entry.body
        and all(t is None or (t.tzinfo is UTC and not t.microsecond and not t.fold) for t in times)
    )
    return text, dataclasses.replace(entry, layout=Layout(key_order=keys)) if exact else None


def _render(entry: Entry) -> tuple[str, tuple[str, ...]]:
    known = _known_values(entry)
    meta: dict[str, Any] = {}
    for key in entry.layout.key_order:
        if key in known:
            meta[key] = known[key]
        elif key in entry.extra:
            meta[key] = entry.extra[key]
    for key, value in known.items():
        meta.setdefault(key, value)
    for key, value in entry.extra.items():
        meta.setdefault(key, value)
    text = f"---\n{dump_yaml(meta)}---\n{entry.body}\n"
    if entry.layout.crlf:
        text = text.replace("\n", "\r\n")
    if entry.layout.bom:
        text = "\ufeff" + text
    return text, tuple(meta)


# -- as Claude Code reads it (CLAUDE.md rules, its memory files) ---------------------------


_CLAUDE_CLOSE = re.compile(r"^---[ \t]*$", re.MULTILINE)
_SIMPLE = re.compile(r"([a-zA-Z_-]+):\s+(.+)")
_SPECIAL = re.compile(r"[{}\[\]*&#!|>%@`]|: ")


@dataclass(frozen=True)
class Frontmatter:
    """A file's frontmatter as Claude Code reads it: ``meta`` (empty when there is none or
    Claude Code could not read it), the ``body`` after it, the frontmatter's own ``source``
    text, and ``problem`` when its fields had to be ignored."""

    meta: dict[str, Any]
    body: str
    source: str | None = None
    problem: str | None = None


def _quote_problematic(source: str) -> str:
    """Claude Code's retry: a ``key: value`` line whose value holds a YAML special
    character (and is not quoted already) gets the value double-quoted."""
    out = []
    for line in source.split("\n"):
        m = _SIMPLE.fullmatch(line)
        value = m.group(2) if m else ""
        quoted = value[:1] in "\"'" and value[-1:] == value[:1] and len(value) > 1
        if m and not quoted and _SPECIAL.search(value):
            escaped = value.replace("\\", "\\\\").replace('"', '\\"')
            line = f'{m.group(1)}: "{escaped}"'
        out.append(line)
    return "\n".join(out)


@functools.cache
def _loader() -> Any:
    """PyYAML's safe loader, but a timestamp stays the text it was written as (so
    ``modified: 2026-07-30T07:40:18.191Z`` goes back to Claude Code unchanged)."""
    import yaml

    base: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

    class Loader(_checked(yaml, base)):  # type: ignore[misc]
        """Safe loading without the timestamp type."""

    Loader.yaml_implicit_resolvers = {
        first: [(tag, rx) for tag, rx in found if not tag.endswith(":timestamp")]
        for first, found in base.yaml_implicit_resolvers.items()
    }
    return Loader


def _yaml_mapping(source: str) -> dict[str, Any] | None:
    """``source`` as a YAML mapping with text keys; None when it is not one."""
    import yaml

    try:  # anchors and aliases refused: nested aliases expand to gigabytes (alias bomb)
        refuse_aliases(yaml, source, "<frontmatter>", _loader())
        data = yaml.load(source, Loader=_loader())
    except (ParseError, yaml.YAMLError, ValueError, RecursionError):
        return None
    if data is None:
        return {}
    if not isinstance(data, dict) or not all(isinstance(k, str) for k in data):
        return None
    return data


def read_frontmatter(text: str) -> Frontmatter:
    """Split ``text`` as Claude Code does; never raises. A BOM and CRLF line ends are
    dropped first."""
    text = text.removeprefix("\ufeff").replace("\r\n", "\n")
    first, _, rest = text.partition("\n")
    if first.rstrip() != "---":
        return Frontmatter({}, text.strip("\n"))
    close = _CLAUDE_CLOSE.search(rest)
    if close is None:
        return Frontmatter(
            {}, text.strip("\n"), problem="its frontmatter is never closed with ---; read as text"
        )
    source = rest[: close.start()]
    body = rest[close.end() :].strip("\n")
    meta = _yaml_mapping(source)
    if meta is None:
        meta = _yaml_mapping(_quote_problematic(source))
    if meta is None:
        return Frontmatter(
            {},
            body,
            source,
            "its frontmatter is not YAML Claude Code can read, so Claude Code ignores its "
            "fields; they are kept as written",
        )
    return Frontmatter(meta, body, source)
