"""MemorySession: what a harness holds for one conversation."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any

from .core.errors import MemdirError
from .core.model import Source
from .core.notices import warn_once
from .core.prompt import RECALL_CHARS, RecallPassage, render_recall
from .tools import Dispatcher, tool_schemas

if TYPE_CHECKING:
    from .core.layers import Layers
    from .pipeline import Pipeline
    from .sessions import SessionInfo
    from .sessions.search import Time


class MemorySession:
    """One conversation's view of memory: a system block frozen at its start, its tools
    and its log (docs/design/tools.md). ``id`` is known from the start: pass it as
    ``parent_id`` to a child session."""

    def __init__(
        self,
        md: Layers,
        pipeline: Callable[[], Pipeline],
        *,
        agent: str = "agent",
        session_id: str | None = None,
        parent_id: str | None = None,
        started_at: Time | None = None,
        write_scope: str = "local",
        paths: Sequence[str | Path] | None = None,
        tools: Mapping[str, str] | None = None,
        harness: str | None = None,
    ) -> None:
        self.md = md
        self._pipeline = pipeline  # built on first need: most sessions never queue work
        self.agent = agent
        if session_id is None:
            import uuid  # (with platform: not for `memdir context`, which opens no session)

            session_id = uuid.uuid4().hex
        self.id = session_id
        self.parent_id = parent_id
        self.started_at = md.clock() if started_at is None else started_at
        self.paths = tuple(paths or ())
        self._recorded = False
        self._system_block = md.system_block(self.paths, tools, harness=harness)
        self._dispatcher = Dispatcher(
            md, write_scope=write_scope, source=Source.AGENT, session=self, names=tools
        )
        self.closed = False
        self._signalled = False  # the current turn holds an explicit request (per turn)

    def __enter__(self) -> MemorySession:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        """End the session (its end time is recorded when it logged anything) and queue
        its extraction; the worker thread runs it when ``background`` is on. A state.db
        that cannot record it is a warning, not an error: the idle rule finds it later."""
        if self._recorded and not self.closed:
            self.closed = True
            try:
                self.md.sessions.end(self.id)
                self._pipeline().session_ended(self.id)
            except MemdirError as exc:  # the idle rule extracts it later
                warn_once(f"session {self.id} not marked ended: {exc}")
        self.closed = True

    def system_block(self) -> str:
        """The memory part of the system prompt, frozen at session start."""
        return self._system_block

    def tools(self, format: str = "openai") -> list[dict[str, Any]]:
        """Tool definitions to offer the model (``openai``, ``anthropic`` or ``mcp``);
        none when memory is disabled."""
        schemas = tool_schemas(format)
        return schemas if self.md.enabled else []

    def call_tool(self, name: str, arguments: object) -> dict[str, Any]:
        """Run a tool call from the model; never raises on bad input. A memory write marks
        this turn (extraction skips it); a read counts as a use of the entry."""
        result = self._dispatcher.call(name, arguments)
        if not result.get("success"):
            return result
        try:  # bookkeeping in state.db: the call itself has already happened
            if name == "memory" and self._recorded:  # nothing logged yet: no turn to skip
                self._pipeline().note_write(self.id)
            elif name == "memory_read" and "id" in result:  # not a scope overview
                self._pipeline().note_read(result["scope"], result["id"])
        except MemdirError as exc:
            warn_once(f"memory bookkeeping skipped: {exc}")
            if name == "memory":  # saved: say so, so the model does not write it again
                result["warning"] = (
                    f"The change was saved, but this session could not be recorded in "
                    f"state.db ({exc}); extraction may learn the same fact again."
                )
        return result

    def new_turn(self) -> None:
        """Mark the start of a user turn (resets the per-turn failure limit)."""
        self._dispatcher.new_turn()

    # -- the session log -------------------------------------------------------------------

    def _record(self) -> None:
        if not self._recorded:
            self.md.sessions.start(
                self.agent,
                session_id=self.id,
                parent_id=self.parent_id,
                cwd=str(self.md.settings.project),
                scope=self.md.project,
                started_at=self.started_at,
            )
            self._recorded = True

    def log(
        self,
        role: str,
        content: str,
        *,
        tool_name: str | None = None,
        tool_calls: object = None,
        timestamp: Time | None = None,
    ) -> int:
        """Log a message (``user``, ``assistant``, ``tool``, ``system``…) and return its id.

        Tool output and tool calls are searchable, tool name included. ``timestamp``
        (datetime, ISO string or UNIX seconds) lets importers keep original times. When
        memory is disabled nothing is written and the id is 0.
        """
        if not self.md.enabled:
            return 0
        if role == "user":  # a new user message starts a new turn
            self.new_turn()
            if self._signalled:  # extract_per_turn: the turn before it is complete
                self._signalled = False
                self.flush()
        self._record()
        message_id = self.md.sessions.log(
            self.id, role, content, tool_name=tool_name, tool_calls=tool_calls, timestamp=timestamp
        )
        if role == "user" and self.md.settings.extract_per_turn:
            from .pipeline.rules import signal

            self._signalled = signal(content)
        if role == "assistant" and "citation" in content:
            self._pipeline().note_citations(content)  # cited entries count as used
        return message_id

    def flush(self) -> bool:
        """Queue extraction of everything logged so far while the session goes on: call
        it before the harness compacts its context (Claude Code's PreCompact, Hermes's
        on_pre_compress), so nothing it drops is lost. False when nothing was queued
        (nothing logged, or the memory mode is not ``enabled``)."""
        if not self._recorded:  # a session object for a session logged elsewhere
            try:
                self.md.sessions.get(self.id)
            except MemdirError:
                return False
            self._recorded = True
        if self.closed or self.memory_mode != "enabled":
            return False
        try:
            return self._pipeline().flush(self.id)
        except MemdirError as exc:  # the idle rule and the session's end queue it later
            warn_once(f"session {self.id} not flushed: {exc}")
            return False

    def info(self) -> SessionInfo:
        """This session as state.db records it."""
        self._record()
        return self.md.sessions.get(self.id)

    @property
    def memory_mode(self) -> str:
        """``enabled``, ``disabled`` or ``polluted``."""
        return self.md.sessions.get(self.id).memory_mode if self._recorded else "enabled"

    def set_memory_mode(self, mode: str) -> None:
        """Set the memory mode: ``polluted`` when the session read web or third-party
        content (extraction then skips it), ``disabled`` to keep it out of memory."""
        self._record()
        self.md.sessions.set_memory_mode(self.id, mode)

    def lineage(self) -> set[str]:
        """Ids of every session in this session's tree (it, its ancestors' root and all
        that root's descendants): what its own searches leave out."""
        if self._recorded:
            return self.md.sessions.lineage(self.id)
        found = {self.id}
        if self.parent_id is not None:
            found |= self.md.sessions.lineage(self.parent_id)
        return found

    def recall(
        self,
        query: str,
        *,
        max_chars: int = RECALL_CHARS,
        entries: int = 3,
        sessions: int = 3,
        deep: bool | None = None,
        deep_seconds: float | None = None,
    ) -> str | None:
        """A ``<memory-context>`` block of the entries and past-session passages relevant
        to ``query`` (at most ``max_chars``), to append to the user's message; None when
        nothing is relevant. ``deep``: let the chat model search further when no hit is
        strong (None: the ``deep_recall`` setting); see docs/design/tools.md."""
        cue = deep is None
        if deep is None:
            deep = self.md.settings.deep_recall
        if not self.md.enabled:
            return None
        # nothing rests on small bare numbers and stop words alone ("what is 2+2"): no
        # recall; a question naming a time ("what did we do yesterday?") asks for what was
        # said then, whatever its words, and is searched as before the rule
        from .sessions.query import sanitize  # on the first recall: `import memdir` stays light

        parsed = sanitize(query)
        strict = not parsed.timed
        anchored = parsed.anchored or not strict
        found = (
            [hit.entry for hit in self.md.search(query, limit=entries, strict=strict)]
            if entries and anchored
            else []
        )
        passages: list[RecallPassage] = []
        note = ""
        if sessions:
            where: dict[str, Any] = {
                "exclude": sorted(self.lineage()),
                "memory_modes": ("enabled",),
            }
            hits = (
                self.md.sessions.search(query, limit=sessions, window=1, strict=strict, **where)
                if anchored
                else []
            )
            for h in hits:  # a question found brings the reply that answered it
                from .guard import redact_cut

                passages.append(  # cut at its ends: a key cut in half is one no longer
                    RecallPassage(h.timestamp, h.agent, h.role, redact_cut(h.snippet))
                )
                reply = next((m for m in h.context if m.id > h.message_id), None)
                if h.role == "user" and reply and reply.role == "assistant" and reply.content:
                    passages.append(
                        RecallPassage(reply.timestamp, h.agent, reply.role, reply.content)
                    )
            if deep and anchored:  # the same rule: a prompt it refuses asks no model either
                from .pipeline import deep as deeper

                limits = deeper.Limits()
                if deep_seconds is not None:
                    limits = dataclasses.replace(limits, seconds=deep_seconds)
                more = deeper.recall(self.md, query, hits, limits=limits, cue=cue, **where)
                if more.escalated and more.answer:
                    cited = [
                        RecallPassage(m.timestamp, "", m.role, m.content) for m in more.cited()
                    ]
                    answer = RecallPassage(self.md.clock(), "memdir", "deep recall", more.answer)
                    passages = [answer, *cited, *passages]
                elif more.offline:
                    warn_once(f"recall: {more.note}")
                    note = "Deep recall was not run (no chat model, MEMDIR_LLM): quick search only."
        if passages:  # a key pasted in a past session goes to no model (the guard's import
            from .guard import redact_secrets  # is paid only when sessions are quoted)

            passages = [dataclasses.replace(p, text=redact_secrets(p.text)) for p in passages]
        return render_recall(found, passages, max_chars=max_chars, note=note)
