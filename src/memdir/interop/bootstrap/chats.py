"""Chat exports as conversations: who said what, in order. (docs/design/interop.md)."""

from __future__ import annotations

import io
import itertools
import re
from collections.abc import Generator, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, BinaryIO, cast

from ...core.errors import ParseError

MAX_MESSAGES = 5_000  # per conversation
MAX_ITEM_BYTES = 32 << 20  # one conversation of a streamed export, as JSON text
MAX_DEPTH = 200  # nesting of one conversation
_TOO_DEEP: Any = object()  # an item nested deeper than that
_ROLES = {
    **dict.fromkeys(("human", "user"), "user"),
    **dict.fromkeys(("assistant", "ai", "bot", "model"), "assistant"),
    **dict.fromkeys(("tool", "function"), "tool"),
    "system": "system",
    "developer": "developer",
}


@dataclass(frozen=True)
class ChatMessage:
    """One message of a conversation."""

    role: str  # user, assistant, system, developer or tool
    text: str


@dataclass(frozen=True)
class Conversation:
    """One conversation of an export, in order."""

    title: str
    messages: tuple[ChatMessage, ...]
    where: str  # its position in the export: "[3]" or "[3] <title>"


@dataclass
class ChatExport:
    """The conversations read, and what could not be read."""

    conversations: list[Conversation] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def _text(content: object) -> str:
    """Text of a content value: a string, a list of strings or ``{type: text, text}`` parts,
    or ``{parts: [...]}`` / ``{text: ...}``."""
    if isinstance(content, str):
        return content
    if isinstance(content, Mapping):
        if "parts" in content:
            return _text(content["parts"])
        value = content.get("text")
        return value if isinstance(value, str) else ""
    if isinstance(content, list):
        return "\n".join(t for t in (_text(p) for p in content[:200]) if t.strip())
    return ""


def _message(role: object, content: object) -> ChatMessage | None:
    if not isinstance(role, str):
        return None
    text = _text(content).strip()
    norm = _ROLES.get(role.strip().lower())
    return ChatMessage(norm, text) if norm and text else None


def _hidden(msg: Mapping[str, Any]) -> bool:
    """A turn ChatGPT does not show: marked hidden, or a call addressed to a tool."""
    meta = msg.get("metadata")
    if isinstance(meta, Mapping) and meta.get("is_visually_hidden_from_conversation") is True:
        return True
    return msg.get("recipient") not in (None, "all")


def _chatgpt(conv: Mapping[str, Any]) -> list[ChatMessage]:
    mapping = conv["mapping"]
    if not isinstance(mapping, Mapping):
        raise ValueError("mapping is not an object")
    order: list[Any] = []
    node = conv.get("current_node")
    seen: set[str] = set()
    while isinstance(node, str) and node in mapping and node not in seen:
        seen.add(node)
        order.append(mapping[node])
        parent = mapping[node].get("parent") if isinstance(mapping[node], Mapping) else None
        node = parent
    order.reverse()
    if not order:  # no current_node: every node, in time order

        def when(n: Any) -> float:
            m = n.get("message") if isinstance(n, Mapping) else None
            t = m.get("create_time") if isinstance(m, Mapping) else None
            return float(t) if isinstance(t, int | float) and t == t else 0.0

        order = sorted(mapping.values(), key=when)
    out = []
    for n in order:
        msg = n.get("message") if isinstance(n, Mapping) else None
        if not isinstance(msg, Mapping) or _hidden(msg):
            continue
        author = msg.get("author")
        role = author.get("role") if isinstance(author, Mapping) else None
        found = _message(role, msg.get("content"))
        if found is not None:
            out.append(found)
    return out


_CLAUDE_ROOT = "00000000-0000-4000-8000-000000000000"  # parent of a conversation's first turn


def _claude_branch(conv: Mapping[str, Any], items: list[Any]) -> list[Any]:
    """The messages of the branch Claude.ai shows — up the ``parent_message_uuid`` tree from
    ``current_leaf_message_uuid``, else from the latest message — or all of them when the
    export holds no whole tree (an older export, a parent left out)."""
    if not items or not all(isinstance(m, Mapping) and "parent_message_uuid" in m for m in items):
        return items
    by_id = {m["uuid"]: m for m in items if isinstance(m.get("uuid"), str)}  # ([] is no key)
    leaf = conv.get("current_leaf_message_uuid")
    if not isinstance(leaf, str) or leaf not in by_id:
        latest = max(items, key=lambda m: str(m.get("created_at") or ""))
        leaf = latest.get("uuid")
    branch: list[Any] = []
    while isinstance(leaf, str) and leaf in by_id and len(branch) < len(items):
        branch.append(by_id[leaf])
        leaf = by_id[leaf].get("parent_message_uuid")
    return branch[::-1] if leaf == _CLAUDE_ROOT else items


def _claude(conv: Mapping[str, Any]) -> list[ChatMessage]:
    items = conv["chat_messages"]
    if not isinstance(items, list):
        raise ValueError("chat_messages is not a list")
    out = []
    for m in _claude_branch(conv, items):
        if isinstance(m, Mapping):
            found = _message(m.get("sender"), m.get("text") or m.get("content"))
            if found is not None:
                out.append(found)
    return out


def _generic(items: list[Any]) -> list[ChatMessage]:
    out = []
    for m in items:
        if isinstance(m, Mapping):
            found = _message(m.get("role") or m.get("author"), m.get("content", m.get("text")))
            if found is not None:
                out.append(found)
    return out


def _is_message(item: object) -> bool:
    return isinstance(item, Mapping) and "role" in item and ("content" in item or "text" in item)


def _conversation(conv: object) -> tuple[str, list[ChatMessage]] | None:
    """(title, messages) of one conversation object, or None when it has no known shape."""
    if not isinstance(conv, Mapping):
        return None
    title = conv.get("title") or conv.get("name") or ""
    title = title if isinstance(title, str) else ""
    if "mapping" in conv:
        return title, _chatgpt(conv)
    if "chat_messages" in conv:
        return title, _claude(conv)
    if isinstance(conv.get("messages"), list):
        return title, _generic(conv["messages"])
    return None


def parse_chat_export(data: object, where: str = "chat export") -> ChatExport:
    """The conversations in decoded JSON ``data``; ParseError when it has no known shape."""
    try:
        return _parse(data, where)
    except RecursionError:
        raise ParseError(where, "nested too deeply to be a chat export") from None


def _parse(data: object, where: str) -> ChatExport:
    if isinstance(data, Mapping):
        data = [data]
    if not isinstance(data, list):
        raise ParseError(
            where,
            "not a chat export (expected a list of conversations or of {role, content} messages)",
        )
    out = ChatExport()
    out.conversations = list(_items(iter(data), where, out.problems))
    return out


def _items(data: Iterator[object], where: str, problems: list[str]) -> Iterator[Conversation]:
    """The conversations of a top-level list, read one item at a time."""
    head: list[object] = []
    for item in data:  # a list of messages is one conversation: tell by its first 20 items
        head.append(item)
        if not _is_message(item) or len(head) == 20:
            break
    if head and all(_is_message(m) for m in head):
        messages = _generic(head)
        for item in data:
            if len(messages) < MAX_MESSAGES:
                messages += _generic([item])
        if messages:
            yield Conversation("", tuple(messages[:MAX_MESSAGES]), "[0]")
        return
    known = seen = bad = 0
    first = ""  # the first item skipped, and why: with how many more, one line in problems
    try:
        for i, conv in enumerate(itertools.chain(head, data)):
            seen += 1
            if conv is _TOO_DEEP:
                read, why = None, "nested too deeply"
            else:
                try:
                    read = _conversation(conv)
                except (ValueError, TypeError, KeyError, RecursionError) as exc:
                    read, why = None, str(exc)
                else:
                    why = "not a conversation (no mapping, chat_messages or messages)"
            if read is None:
                bad += 1
                first = first or f"conversation [{i}]: {why}"
                continue
            known += 1
            title, messages = read
            if messages:
                label = f"[{i}] {title}".strip() if title else f"[{i}]"
                yield Conversation(title, tuple(messages[:MAX_MESSAGES]), label[:120])
    finally:  # also when the reader stops early
        if bad and known:
            more = bad - 1
            problems.append(first + f" (and {more} more such item{'s' * (more > 1)})" * (more > 0))
    if seen and not known:
        raise ParseError(
            where, "not a chat export (no item has the shape of a conversation or a message)"
        )


#: Half a character as raw UTF-8 bytes (ED A0-BF xx: a surrogate, as CESU-8 writers emit)
_RAW_SURROGATE = re.compile(rb"\xed[\xa0-\xbf][\x80-\xbf]")


class _Chunks:
    """Text chunks as the binary file ijson reads, counting the bytes read, and where the
    first raw surrogate was (``raw_surrogate``: its byte offset, None before one)."""

    def __init__(self, chunks: Iterable[str] | BinaryIO) -> None:
        binary = isinstance(chunks, io.IOBase)
        self.chunks: Iterator[str] | None = None if binary else iter(cast(Any, chunks))
        self.file: BinaryIO | None = cast(BinaryIO, chunks) if binary else None
        self.pending = b""
        self.total = 0
        self.first = True
        self.raw_surrogate: int | None = None
        self._tail = b""  # the last two bytes read: a surrogate split across two reads

    def read(self, size: int = -1) -> bytes:
        if self.file is not None:
            data = self.file.read(size)
        else:
            while len(self.pending) < max(size, 1):
                chunk = next(cast(Iterator[str], self.chunks), None)
                if chunk is None:
                    break
                self.pending += chunk.encode("utf-8", "surrogatepass")
            data, self.pending = self.pending[:size], self.pending[size:]
        if self.first and data:
            self.first = False
            if data.startswith(b"\xef\xbb\xbf"):  # read, so counted: offsets are the file's
                data, self.total = data[3:], 3
        if self.raw_surrogate is None and data:
            found = _RAW_SURROGATE.search(self._tail + data)
            if found is not None:
                self.raw_surrogate = self.total - len(self._tail) + found.start()
            self._tail = (self._tail + data)[-2:]
        self.total += len(data)
        return data


def _values(source: _Chunks, where: str) -> Iterator[tuple[bool, object]]:
    """``(True, item)`` for each item of a top-level list, read one at a time, or
    ``(False, value)`` for a top-level value that is no list; an item nested deeper than
    :data:`MAX_DEPTH` is :data:`_TOO_DEEP`."""
    import ijson  # type: ignore[import-untyped]

    in_list, depth, builder, start, index = False, 0, None, 0, 0
    try:
        for event, value in ijson.basic_parse(source, use_float=True):
            if depth == 0 and event == "start_array" and not in_list:
                in_list, depth = True, 1
                continue
            if in_list and depth == 1 and event == "end_array":
                depth = 0
                continue
            if builder is None:
                builder, start = ijson.ObjectBuilder(), source.total
            if event in ("start_map", "start_array"):
                depth += 1
            elif event in ("end_map", "end_array"):
                depth -= 1
            if builder is not _TOO_DEEP:
                if depth > MAX_DEPTH + in_list:
                    builder = _TOO_DEEP
                else:
                    builder.event(event, value)
            if source.total - start > MAX_ITEM_BYTES:
                raise ParseError(
                    where,
                    f"item [{index}] is larger than {MAX_ITEM_BYTES >> 20} MiB; the rest of "
                    f"the file was not read",
                )
            if depth == in_list:
                yield in_list, (_TOO_DEEP if builder is _TOO_DEEP else builder.value)
                builder, index = None, index + 1
    except ijson.JSONError as exc:
        reason = str(exc).split("\n", 1)[0].removeprefix("b'")
        if (
            "integer overflow" in reason
        ):  # the C parser's limit (JSON from chat apps stays in 2**53)
            reason = "a whole number beyond 64 bits, which the streaming reader does not take"
        raise ParseError(where, f"not valid JSON ({reason})") from None
    except UnicodeDecodeError:  # yajl's: a lone surrogate, as an escape or as raw bytes
        what = "as a \\u escape"
        if source.raw_surrogate is not None:  # yajl passes them on: Python's decode refuses
            what = f"as raw bytes at byte {source.raw_surrogate}, as CESU-8 writers emit"
        raise ParseError(
            where,
            f"not valid JSON at item [{index}] (half a character, a lone surrogate, {what}); "
            f"the rest of the file was not read",
        ) from None


def iter_json_items(file: BinaryIO, where: str) -> Iterator[object]:
    """Each item of a top-level JSON list, read one at a time (a top-level value that is
    no list: that value alone); an item nested deeper than :data:`MAX_DEPTH` is
    :data:`TOO_DEEP`. Invalid JSON, or an item over :data:`MAX_ITEM_BYTES`, raises
    ParseError where it is found."""
    for _, value in _values(_Chunks(file), where):
        yield value


TOO_DEEP: Any = _TOO_DEEP


def iter_chat_export(
    chunks: Iterable[str] | BinaryIO,
    where: str = "chat export",
    problems: list[str] | None = None,
) -> Generator[Conversation, None, None]:
    """The conversations of an export (chunks of its JSON text, or a binary file), one at a
    time, as :func:`parse_chat_export` finds them (its problems appended to
    ``problems``). Invalid JSON raises ParseError where it is found: what came before has
    been yielded."""
    problems = [] if problems is None else problems
    values = _values(_Chunks(chunks), where)
    first = next(values, None)
    if first is None:
        return
    if not first[0]:
        if next(values, None) is not None:  # never: yajl refuses a second value
            raise ParseError(where, "not valid JSON (more than one value)")
        if first[1] is _TOO_DEEP:
            raise ParseError(where, "nested too deeply to be a chat export")
        export = parse_chat_export(first[1], where)
        problems += export.problems
        yield from export.conversations
        return
    yield from _items(itertools.chain([first[1]], (v for _, v in values)), where, problems)
