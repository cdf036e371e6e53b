"""memdir as a Hermes memory provider (hermes-agent 0.19, ``agent/memory_provider.py``).
See docs/design/harnesses.md."""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import re
import threading
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...core.errors import MemdirError, NotFoundError
from ...sessions.records import json_or_text

if TYPE_CHECKING:
    from ...conversation import MemorySession
    from ...engine import Memdir

log = logging.getLogger("memdir.hermes")

#: Hermes tool name → memdir tool name
TOOL_NAMES = {
    "memdir": "memory",
    "memdir_read": "memory_read",
    "memdir_search": "memory_search",
    "memdir_session_search": "session_search",
}
#: memdir tool name → Hermes tool name (what the system block names)
HERMES_NAMES = {memdir: hermes for hermes, memdir in TOOL_NAMES.items()}
_WRITERS = ("primary",)  # agent contexts whose turns memdir records
_TOOLS_NOTE = (
    f"\n\nIn Hermes, memdir's tools are `{HERMES_NAMES['memory']}` (save, correct or remove "
    f"a memory), `{HERMES_NAMES['memory_read']}`, `{HERMES_NAMES['memory_search']}` and "
    f"`{HERMES_NAMES['session_search']}`; what you save with Hermes's own `memory` tool is "
    "copied into memdir too.\n"
)
#: how Hermes's context compressor opens the summary it puts in place of the turns it
#: drops (``agent/context_compressor.py``: ``SUMMARY_PREFIX``, ``LEGACY_SUMMARY_PREFIX``)
_SUMMARY_OPENINGS = ("[CONTEXT COMPACTION", "[CONTEXT SUMMARY]")
_FENCE = re.compile(r"\A<memory-context>\n[^\n]*\n(?P<body>.*)</memory-context>\Z", re.S)


def _text(content: object) -> str:
    """The text of an OpenAI-style message content (a string or a list of parts)."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(
            str(p.get("text", "")) for p in content if isinstance(p, dict) and p.get("text")
        )
    return "" if content is None else str(content)


def _fingerprint(message: dict[str, Any]) -> str:
    return hashlib.sha256(
        json.dumps(message, sort_keys=True, default=str).encode("utf-8", "replace")
    ).hexdigest()


def _calls(message: dict[str, Any]) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """A message's tool calls and their functions, as a model wrote them: a call that is
    not an object is left out, a function that is not one reads as empty."""
    calls = message.get("tool_calls")
    return [
        (c, c["function"] if isinstance(c.get("function"), dict) else {})
        for c in (calls if isinstance(calls, list) else [])
        if isinstance(c, dict)
    ]


class MemdirProvider:
    """Hermes's ``MemoryProvider`` lifecycle over one memdir session at a time."""

    def __init__(self, home: str | Path | None = None) -> None:
        self._home = home
        self._md: Memdir | None = None
        self._session: MemorySession | None = None
        self._writes = False
        self._hermes_home: Path | None = None
        self._lock = threading.RLock()
        self._logged: set[str] = set()  # fingerprints of the messages logged this session

    # -- identity and setup ----------------------------------------------------------------

    @property
    def name(self) -> str:
        """The provider's name in ``memory.provider``."""
        return "memdir"

    def is_available(self) -> bool:
        """memdir is importable (this module loaded) and not turned off."""
        return os.environ.get("MEMDIR_DISABLE", "").strip().lower() not in ("1", "true", "yes")

    def initialize(self, session_id: str, **kwargs: Any) -> None:
        """Open memdir for the working folder and start the session's memdir session."""
        from ... import open as open_memdir

        context = str(kwargs.get("agent_context") or "primary")
        self._writes = context in _WRITERS and kwargs.get("platform") != "cron"
        if kwargs.get("hermes_home"):
            self._hermes_home = Path(str(kwargs["hermes_home"]))
        project = os.environ.get("TERMINAL_CWD") or os.getcwd()
        self._md = open_memdir(self._home, project if Path(project).is_dir() else None)
        for warning in self._md.warnings:
            log.warning("memdir: %s", warning)
        parent = kwargs.get("parent_session_id")
        self._start(session_id, str(parent) if parent else None)

    def _start(self, session_id: str, parent: str | None, *, continues: bool = False) -> None:
        """Start memdir session ``hermes:<session_id>``; ``continues``: it carries on the
        conversation so far (compression, branch), whose logged messages stay logged."""
        assert self._md is not None
        with self._lock:
            self._session = self._md.session(
                agent="hermes",
                session_id=f"hermes:{session_id}",
                parent_id=f"hermes:{parent}" if parent else None,
                tools=HERMES_NAMES,
            )
            if not continues:
                self._logged = set()

    def _guarded(self, what: str, fn: Callable[[], Any], default: Any = None) -> Any:
        """Run ``fn``; a memdir failure is logged, never raised into Hermes's turn."""
        if self._session is None:
            return default
        try:
            with self._lock:
                return fn()
        except MemdirError as exc:
            log.warning("memdir %s failed: %s", what, exc)
            return default

    # -- context ---------------------------------------------------------------------------

    def system_prompt_block(self) -> str:
        """The session's frozen snapshot, with the names of memdir's tools in Hermes."""
        block = self._session.system_block() if self._session is not None else ""
        soul = self._hermes_home / "SOUL.md" if self._hermes_home is not None else None
        if block and soul is not None and soul.is_file() and self._md is not None:
            persona = self._md.persona_block()  # Hermes loads its own SOUL.md as slot #1
            if persona and block.startswith(persona):
                block = block[len(persona) :]
        return block.rstrip("\n") + _TOOLS_NOTE if block else ""

    def _recall(self, query: str) -> str:
        assert self._session is not None
        found = self._session.recall(query) or ""
        match = _FENCE.match(found)  # Hermes fences recalled text itself, with its own note
        return match.group("body").strip() if match else found

    def prefetch(self, query: str, *, session_id: str = "") -> str:
        """memdir's recall for this turn's ``query``, computed now from memory as it is
        ("" when nothing relevant is remembered)."""
        return str(self._guarded("recall", lambda: self._recall(query), ""))

    def queue_prefetch(self, query: str, *, session_id: str = "") -> None:
        """Nothing: Hermes passes the finished turn's text, and the next turn's recall
        needs the next text (see docs/design/harnesses.md)."""

    # -- the session log -------------------------------------------------------------------

    def _log(self, message: dict[str, Any], names: dict[str, str], key: str) -> bool:
        """Log one OpenAI-style message once (``key``: its fingerprint and which
        occurrence of it this is); True when it was logged now."""
        assert self._session is not None
        role = str(message.get("role") or "")
        if role not in ("user", "assistant", "tool"):
            return False
        if key in self._logged:
            return False
        content = _text(message.get("content"))
        if content.lstrip().startswith(_SUMMARY_OPENINGS):  # Hermes's, of logged turns
            return False
        calls = message.get("tool_calls") if role == "assistant" else None
        if isinstance(calls, list) and calls:
            parsed = []
            for call, fn in _calls(message):
                name = str(fn.get("name") or "")
                args = json_or_text(fn.get("arguments") or "{}")
                names[str(call.get("id"))] = name
                parsed.append({"id": call.get("id"), "name": name, "input": args})
            first = parsed[0]["name"] if parsed else None
            self._session.log(role, content, tool_name=first, tool_calls=parsed or None)
        elif role == "tool":
            tool = message.get("name") or names.get(str(message.get("tool_call_id")))
            self._session.log(role, content, tool_name=str(tool) if tool else None)
        elif content:
            self._session.log(role, content)
        self._logged.add(key)  # only once logged: a failed write is tried again later
        return True

    def _log_all(self, messages: list[dict[str, Any]], start: int = 0) -> bool:
        """Log ``messages[start:]``; a message said again ("continue") is a new message,
        told apart by counting its occurrences from the start of the conversation."""
        names: dict[str, str] = {}
        wrote_memory = False
        logged = False
        seen: Counter[str] = Counter()
        for i, message in enumerate(messages):
            if not isinstance(message, dict):
                continue
            fingerprint = _fingerprint(message)
            seen[fingerprint] += 1
            if i >= start and self._log(message, names, f"{fingerprint}:{seen[fingerprint]}"):
                logged = True
                for _, fn in _calls(message):
                    wrote_memory |= fn.get("name") in ("memdir", "memory")
        if wrote_memory:  # the agent saved memory itself this turn: extraction skips it
            assert self._md is not None and self._session is not None
            self._md.pipeline.note_write(self._session.id)
        return logged

    def sync_turn(
        self,
        user_content: str,
        assistant_content: str,
        *,
        session_id: str = "",
        messages: list[dict[str, Any]] | None = None,
    ) -> None:
        """Log the finished turn: from its user message on, tool calls and results
        included (just the two texts when Hermes gives no message list)."""
        if not self._writes:
            return
        turn = [{"role": "user", "content": user_content}]
        if messages:
            starts = [
                i for i, m in enumerate(messages) if isinstance(m, dict) and m.get("role") == "user"
            ]
            same = [i for i in starts if _text(messages[i].get("content")) == user_content]
            first = (same or starts or [len(messages)])[-1]
            if same:  # counted from the conversation's start, logged from the turn's
                self._guarded("sync_turn", lambda: self._log_all(messages, first))
                return
            turn = [*turn, *messages[first:]]
        else:
            turn.append({"role": "assistant", "content": assistant_content})
        self._guarded("sync_turn", lambda: self._log_all(turn))

    def _queue(self, messages: list[dict[str, Any]], *, end: bool) -> None:
        assert self._md is not None and self._session is not None
        self._log_all([m for m in messages if isinstance(m, dict)])
        if end:
            self._session.close()  # ends it and queues its extraction
        else:
            self._session.flush()  # queued; the session goes on

    def on_pre_compress(self, messages: list[dict[str, Any]]) -> str:
        """Log what compression is about to drop (if not logged yet) and queue extraction,
        so nothing is lost to it."""
        if self._writes:
            self._guarded("on_pre_compress", lambda: self._queue(messages, end=False))
        return ""

    def on_session_end(self, messages: list[dict[str, Any]]) -> None:
        """End the memdir session (what was not logged yet is logged): extraction is
        queued."""
        if self._writes:
            self._guarded("on_session_end", lambda: self._queue(messages or [], end=True))

    def on_session_switch(
        self,
        new_session_id: str,
        *,
        parent_session_id: str = "",
        reset: bool = False,
        **kwargs: Any,
    ) -> None:
        """Follow Hermes to its new session id: a continuation (compression, branch) is a
        child of the session it continues; ``/new`` starts afresh."""
        if self._md is None or not new_session_id:
            return
        current = self._session.id if self._session is not None else None
        if current == f"hermes:{new_session_id}":
            return
        if self._session is not None and self._writes:
            self._guarded("session switch", self._session.close)
        parent = None if reset or not parent_session_id else parent_session_id
        # a continuation's message list still holds turns logged before the switch (the
        # head and tail compression keeps, a branch's history): they stay logged, counted
        # from the conversation's start as before
        self._guarded(
            "session switch",
            lambda: self._start(new_session_id, parent, continues=parent is not None),
        )

    # -- Hermes's own memory ---------------------------------------------------------------

    def on_memory_write(
        self,
        action: str,
        target: str,
        content: str,
        metadata: dict[str, Any] | None = None,
    ) -> None:
        """Mirror a write of Hermes's built-in memory tool into memdir's user scope."""
        if not self._writes or self._hermes_home is None:
            return
        old = (metadata or {}).get("old_text")
        self._guarded("mirroring Hermes's memory", lambda: self._mirror(action, old))

    def _mirror(self, action: str, old: object) -> None:
        from .. import import_memories

        assert self._md is not None and self._hermes_home is not None
        if action in ("replace", "remove") and isinstance(old, str) and old.strip():
            user = self._md.store("user")
            copies = [  # only a copy of Hermes's entry, never one of memdir's own
                e
                for e in user.list()
                if old in e.body and any(o.startswith("hermes:") for o in e.origins)
            ]
            if len(copies) == 1:
                with contextlib.suppress(NotFoundError):  # a tombstone keeps it away
                    user.remove(copies[0].id)
        if action in ("add", "replace"):
            plan = import_memories(self._md, "hermes", self._hermes_home / "memories", apply=True)
            for item in plan.items:
                if item.action == "refused":
                    log.warning("memdir's guard refused %r: %s", item.item.name, item.reason)

    # -- tools -----------------------------------------------------------------------------

    def get_tool_schemas(self) -> list[dict[str, Any]]:
        """memdir's tools in OpenAI function form, under their Hermes names."""
        from ...tools import tool_schemas

        schemas = []
        for tool in tool_schemas("openai"):
            fn = dict(tool["function"])
            fn["name"] = HERMES_NAMES[fn["name"]]
            schemas.append(fn)
        return schemas

    def handle_tool_call(self, tool_name: str, args: dict[str, Any], **kwargs: Any) -> str:
        """Run one of memdir's tools; the result is a JSON string, never an exception."""
        name = TOOL_NAMES.get(tool_name)
        if name is None or self._session is None:
            result: dict[str, Any] = {
                "success": False,
                "error": f"memdir has no tool {tool_name!r}"
                if name is None
                else "memdir is not initialised in this session",
            }
        elif name == "memory" and not self._writes:
            result = {
                "success": False,
                "error": "Memory writes are off in this context (cron, flush or sub-agent): "
                "nothing was saved. Carry on with the task.",
            }
        else:
            session = self._session
            with self._lock:
                result = session.call_tool(name, args)
        return json.dumps(result, ensure_ascii=False, default=str)

    # -- end -------------------------------------------------------------------------------

    def shutdown(self) -> None:
        """End the session (queueing its extraction), let in-flight extraction finish
        for a few seconds, and close state.db."""
        if self._md is None:
            return
        if self._writes and self._session is not None:
            self._guarded("shutdown", self._session.close)
        self._md.drain(timeout=5.0)
        self._md.close()

    def backup_paths(self) -> list[str]:
        """memdir's home lives outside ``HERMES_HOME``: ``hermes backup`` should keep it."""
        if self._md is not None:
            return [str(self._md.home)]
        home = self._home or os.environ.get("MEMDIR_HOME") or Path.home() / ".memdir"
        return [str(Path(home).expanduser())]


def provider_class(base: type) -> type:
    """:class:`MemdirProvider` with Hermes's ``MemoryProvider`` (``base``) as a base, so
    Hermes's ``isinstance`` checks and defaults apply."""
    return type("MemdirMemoryProvider", (MemdirProvider, base), {"__module__": __name__})
