"""Chat exports as conversations: who said what, in order.

Three shapes are understood:

* ChatGPT's ``conversations.json``: a list of conversations, each with ``mapping`` (node
  id → ``{message: {author: {role}, content: {parts: [...]}, create_time}, parent}``) and
  ``current_node``; the branch ending at ``current_node`` is the conversation (else the
  nodes in time order);
* Claude's export: a list of conversations with ``chat_messages`` (``sender`` human or
  assistant, ``text`` or ``content: [{type: text, text}]``);
* a generic list of ``{role, content}`` (one conversation), a ``{"messages": [...]}``
  object, or a list of such objects.

Roles are normalised (``human`` → user, ``ai``/``bot``/``model`` → assistant). A
conversation that cannot be read is skipped and named in ``problems``; data that is no
chat export at all raises :class:`~memdir.errors.ParseError`. Pure: no I/O.

Real exports run to hundreds of megabytes, and ``json.loads`` of one takes several times
that in memory. :func:`iter_chat_export` reads the text in chunks and decodes the
top-level list one conversation at a time (:meth:`json.JSONDecoder.raw_decode`), so memory
holds one conversation and the chunk it ends in; the reader can stop whenever it has
enough.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Generator, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..errors import ParseError

__all__ = [
    "ChatExport",
    "ChatMessage",
    "Conversation",
    "iter_chat_export",
    "parse_chat_export",
    "read_chat_export",
]

MAX_MESSAGES = 5_000  # per conversation
MAX_ITEM_CHARS = 32 << 20  # one conversation of a streamed export, as JSON text
_BLANK = " \t\n\r"
_NEAR_END = 10  # an error this close to the end of the text read may be a value cut short
_ROLES = {
    "human": "user",
    "user": "user",
    "assistant": "assistant",
    "ai": "assistant",
    "bot": "assistant",
    "model": "assistant",
    "system": "system",
    "tool": "tool",
    "developer": "developer",
    "function": "tool",
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
        if not isinstance(msg, Mapping):
            continue
        author = msg.get("author")
        role = author.get("role") if isinstance(author, Mapping) else None
        found = _message(role, msg.get("content"))
        if found is not None:
            out.append(found)
    return out


def _claude(conv: Mapping[str, Any]) -> list[ChatMessage]:
    items = conv["chat_messages"]
    if not isinstance(items, list):
        raise ValueError("chat_messages is not a list")
    out = []
    for m in items:
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
    known = seen = 0
    for i, conv in enumerate(itertools.chain(head, data)):
        seen += 1
        try:
            read = _conversation(conv)
        except (ValueError, TypeError, KeyError, RecursionError) as exc:
            problems.append(f"conversation [{i}]: {exc}")
            continue
        if read is None:
            problems.append(
                f"conversation [{i}]: not a conversation (no mapping, chat_messages or messages)"
            )
            continue
        known += 1
        title, messages = read
        if messages:
            label = f"[{i}] {title}".strip() if title else f"[{i}]"
            yield Conversation(title, tuple(messages[:MAX_MESSAGES]), label[:120])
    if seen and not known:
        raise ParseError(
            where, "not a chat export (no item has the shape of a conversation or a message)"
        )


def read_chat_export(text: str, where: str = "chat export") -> ChatExport:
    """:func:`parse_chat_export` of JSON ``text``; invalid JSON is a ParseError."""
    out = ChatExport()
    out.conversations = list(iter_chat_export([text], where, out.problems))
    return out


class _Stream:
    """JSON values read from chunks of text: only the value being decoded (and the chunk
    it ends in) is held. A value cut by the end of a chunk is decoded again with twice as
    much text, so even a large one costs linear time."""

    def __init__(self, chunks: Iterable[str], where: str) -> None:
        self.chunks = iter(chunks)
        self.where = where
        self.buf = ""
        self.pos = 0
        self.offset = 0  # characters dropped from the front of buf
        self.eof = False
        self.decoder = json.JSONDecoder()

    def _more(self, wanted: int) -> bool:
        """Read at least ``wanted`` more characters (fewer at the end); False when none."""
        if self.eof:
            return False
        parts, got = [self.buf[self.pos :]], 0
        while got < wanted:
            chunk = next(self.chunks, None)
            if chunk is None:
                self.eof = True
                break
            parts.append(chunk)
            got += len(chunk)
        self.offset += self.pos
        self.buf, self.pos = "".join(parts), 0
        return got > 0

    def peek(self) -> str:
        """The next character that is not blank ("" at the end), not consumed."""
        while True:
            while self.pos < len(self.buf) and self.buf[self.pos] in _BLANK:
                self.pos += 1
            if self.pos < len(self.buf):
                return self.buf[self.pos]
            if not self._more(1):
                return ""

    def take(self, char: str) -> None:
        """Consume ``char``, which :meth:`peek` returned."""
        self.pos += len(char)

    def value(self, what: str) -> object:
        """The next JSON value (``what`` names it in errors)."""
        self.peek()
        while True:
            try:
                value, end = self.decoder.raw_decode(self.buf, self.pos)
            except json.JSONDecodeError as exc:
                cut = (
                    exc.msg.startswith("Unterminated string")
                    or exc.pos >= len(self.buf) - _NEAR_END
                )
                pending = len(self.buf) - self.pos
                if cut and pending > MAX_ITEM_CHARS:
                    raise ParseError(
                        self.where,
                        f"{what} is larger than "
                        f"{MAX_ITEM_CHARS >> 20} Mi characters; the rest of the "
                        f"file was not read",
                    ) from None
                wanted = min(max(pending, 1 << 16), MAX_ITEM_CHARS + 1 - pending)
                if cut and self._more(wanted):
                    continue
                raise ParseError(
                    self.where, f"not valid JSON ({exc.msg} at character {self.offset + exc.pos:,})"
                ) from None
            except RecursionError:
                raise ParseError(self.where, "nested too deeply to be a chat export") from None
            if end == len(self.buf) and self._more(1):
                continue  # a number may go on in the next chunk
            self.pos = end
            return value

    def end(self) -> None:
        """Nothing but blanks may follow the export."""
        if self.peek():
            raise ParseError(
                self.where,
                f"not valid JSON (more text after the export, at "
                f"character {self.offset + self.pos:,})",
            )

    def array(self) -> Iterator[object]:
        """The items of the list whose ``[`` was just taken."""
        if self.peek() == "]":
            self.take("]")
            return
        for i in range(1 << 62):
            yield self.value(f"item [{i}]")
            after = self.peek()
            if after not in (",", "]"):
                raise ParseError(
                    self.where,
                    f"not valid JSON (expected ',' or ']' after item "
                    f"[{i}], at character {self.offset + self.pos:,})",
                )
            self.take(after)
            if after == "]":
                return


def iter_chat_export(
    chunks: Iterable[str], where: str = "chat export", problems: list[str] | None = None
) -> Generator[Conversation, None, None]:
    """The conversations of an export given as chunks of its JSON text, one at a time, as
    :func:`parse_chat_export` finds them (its problems appended to ``problems``). Invalid
    JSON raises ParseError where it is found: what came before has been yielded."""
    problems = [] if problems is None else problems
    stream = _Stream(chunks, where)
    if stream.peek() == "\ufeff":
        stream.take("\ufeff")
    if stream.peek() != "[":
        data = stream.value("the export")
        stream.end()
        export = parse_chat_export(data, where)
        problems += export.problems
        yield from export.conversations
        return
    stream.take("[")
    try:
        yield from _items(stream.array(), where, problems)
    except RecursionError:
        raise ParseError(where, "nested too deeply to be a chat export") from None
    stream.end()
