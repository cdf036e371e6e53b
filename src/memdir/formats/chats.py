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
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..errors import ParseError

__all__ = ["ChatExport", "ChatMessage", "Conversation", "parse_chat_export", "read_chat_export"]

MAX_MESSAGES = 5_000  # per conversation
_ROLES = {"human": "user", "user": "user", "assistant": "assistant", "ai": "assistant",
          "bot": "assistant", "model": "assistant", "system": "system", "tool": "tool",
          "developer": "developer", "function": "tool"}


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
        raise ParseError(where, "not a chat export (expected a list of conversations or "
                                "of {role, content} messages)")
    out = ChatExport()
    if data and all(_is_message(m) for m in data[:20]):
        messages = _generic(data)[:MAX_MESSAGES]
        if messages:
            out.conversations.append(Conversation("", tuple(messages), "[0]"))
        return out
    known = 0
    for i, conv in enumerate(data):
        try:
            read = _conversation(conv)
        except (ValueError, TypeError, KeyError, RecursionError) as exc:
            out.problems.append(f"conversation [{i}]: {exc}")
            continue
        if read is None:
            out.problems.append(f"conversation [{i}]: not a conversation (no mapping, "
                                f"chat_messages or messages)")
            continue
        known += 1
        title, messages = read
        if messages:
            label = f"[{i}] {title}".strip() if title else f"[{i}]"
            out.conversations.append(Conversation(title, tuple(messages[:MAX_MESSAGES]),
                                                  label[:120]))
    if data and not known:
        raise ParseError(where, "not a chat export (no item has the shape of a conversation "
                                "or a message)")
    return out


def read_chat_export(text: str, where: str = "chat export") -> ChatExport:
    """:func:`parse_chat_export` of JSON ``text``; invalid JSON is a ParseError."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise ParseError(where, f"not valid JSON ({exc})") from None
    return parse_chat_export(data, where)
