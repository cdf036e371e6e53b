"""memdir as a Hermes memory provider (hermes-agent 0.19, ``agent/memory_provider.py``).
See docs/design/harnesses.md."""

from __future__ import annotations

import bisect
import contextlib
import copy
import hashlib
import json
import logging
import os
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...core.errors import MemdirError, NotFoundError, UnknownSessionError
from ...sessions.records import json_or_text
from ...sessions.rows import message as stored_row

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
#: the key Hermes's context compressor sets on the message that holds its summary, standalone
#: or merged into the first kept tail message (``agent/context_compressor.py``:
#: ``COMPRESSED_SUMMARY_METADATA_KEY``); in-process only, never sent to a model
_SUMMARY_KEY = "_compressed_summary"
#: how Hermes 0.19 tells a summary in a history reloaded from its state.db, which keeps no
#: ``_``-key (``ContextCompressor._is_context_summary_content``): the text, or the part of
#: a summary merged into a tail message past ``_MERGED_SUMMARY_DELIMITER``, opens with
#: ``SUMMARY_PREFIX`` or one of ``_HISTORICAL_SUMMARY_PREFIXES``, copied here word for word
#: in their shared parts (tests/test_hermes_plugin.py checks them against Hermes's).
#: Hermes's legacy ``"[CONTEXT SUMMARY]:"`` is left out: 0.19 never writes it, and a user's
#: message opening with it is the user's (logged, never dropped)
_HEAD = (
    "[CONTEXT COMPACTION — REFERENCE ONLY] Earlier turns were compacted into the summary below. "
    "This is a handoff from a previous context window — treat it as background reference, NOT as "
    "active instructions. Do NOT answer questions or fulfill requests mentioned in this summary; "
    "they were already addressed. "
)
_NEWER = (
    "Respond ONLY to the latest user message that appears AFTER this summary — that message is "
    "the single source of truth for what to do right now. Topic overlap with the summary does NOT "
    "mean you should resume its task: even on similar topics, the latest user message WINS. Treat "
    "ONLY the latest message as the active task and discard stale items from '## Historical Task "
    "Snapshot' / '## Historical In-Progress State' / '## Historical Pending User Asks' / '## "
    "Historical Remaining Work' entirely — do not 'wrap up' or 'finish' work described there "
    "unless the latest message explicitly asks for it. Reverse signals in the latest message "
    "(e.g. 'stop', 'undo', 'roll back', 'just verify', 'don't do that anymore', 'never mind', a "
    "new topic) must immediately end any in-flight work described in the summary; do not "
    "re-surface it in later turns. IMPORTANT: Your persistent memory (MEMORY.md, USER.md) in the "
    "system prompt is ALWAYS authoritative and active — never ignore or deprioritize memory "
    "content due to this compaction note. "
)
_TAIL = (
    "The current session state (files, config, etc.) may reflect work described here — avoid "
    "repeating it:"
)
_SUMMARY_PREFIXES = (
    _HEAD
    + _NEWER
    + (
        "None of the above restricts HOW you work: your tools remain fully active — keep calling "
        "them normally for the active task (edit files, run commands, search) instead of merely "
        "narrating what you would do. "
    )
    + _TAIL,
    _HEAD + _NEWER + _TAIL,
    _HEAD
    + (
        "Respond ONLY to the latest user message that appears AFTER this summary — that message "
        "is the single source of truth for what to do right now. If the latest user message is "
        "consistent with the '## Active Task' section, you may use the summary as background. If "
        "the latest user message contradicts, supersedes, changes topic from, or in any way "
        "diverges from '## Active Task' / '## In Progress' / '## Pending User Asks' / '## "
        "Remaining Work', the latest message WINS — discard those stale items entirely and do not "
        "'wrap up the old task first'. Reverse signals in the latest message (e.g. 'stop', "
        "'undo', 'roll back', 'just verify', 'don't do that anymore', 'never mind', a new topic) "
        "must immediately end any in-flight work described in the summary; do not re-surface it "
        "in later turns. IMPORTANT: Your persistent memory (MEMORY.md, USER.md) in the system "
        "prompt is ALWAYS authoritative and active — never ignore or deprioritize memory content "
        "due to this compaction note. "
    )
    + _TAIL,
    _HEAD
    + (
        "Your current task is identified in the '## Active Task' section of the summary — resume "
        "exactly from there. Respond ONLY to the latest user message that appears AFTER this "
        "summary. "
    )
    + _TAIL,
)
_MERGED_DELIMITER = "[END OF PRIOR CONTEXT — COMPACTION SUMMARY BELOW]"
#: switch reasons (``reason=``) that carry the conversation on under a new id, as the
#: child of the session it leaves (``conversation_compression.py``, ``/branch``)
_CONTINUATIONS = ("compression", "branch")
#: how many sessions left by a switch keep their state for a late ``sync_turn`` (each
#: holds an open session and what was known of its log)
_LEFT = 8
#: how many inline switches waiting for Hermes's worker to bring a queued ``/new``'s are
#: kept (a few strings each): far more than a real worker falls behind, since each needs a
#: ``/resume``, ``/branch``, compression or ``/undo`` typed after a ``/new`` it has not run;
#: past it the oldest is dropped, and until the worker has caught up the worker's ends are
#: routed by the id their switch names (see :meth:`MemdirProvider.on_session_end`)
_WAITING = 4096
#: the thread name prefix of Hermes's memory worker (``agent/memory_manager.py``:
#: ``_get_sync_executor``): ``sync_turn`` runs there, and so do ``/new``'s end and switch
#: (``commit_session_boundary_async``), queued behind earlier turns
_WORKER = "mem-sync"


def _on_worker() -> bool:
    """Called on Hermes's memory worker (what it runs was queued earlier)."""
    return threading.current_thread().name.startswith(_WORKER)


#: memdir's own tool names as a description spells them ("Call memory_search first");
#: bare "memory" is a word there, not the tool, and is left as it is
_NAMED = re.compile(r"\b(?:memory_read|memory_search|session_search)\b")
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


@dataclass
class _Known:
    """What the provider knows of one session's log; a switch keeps the left session's for a
    turn Hermes queued before it (:meth:`MemdirProvider._late`)."""

    # the conversation as logged, in order: fingerprints of the messages of the last list
    # Hermes passed that are logged (or were before a switch); summaries left out
    seen: list[str] = field(default_factory=list)
    summaries: set[str] = field(default_factory=set)  # fingerprints of Hermes's summaries
    # of them, those told by their text in a list reloaded from state.db (no
    # _compressed_summary key): the same message in the later lists of that run
    unmarked: set[str] = field(default_factory=set)
    answered: bool = False  # the last message in seen is a final answer (no tool call)
    # fingerprints of turns logged from sync_turn's two texts (no list given), in order:
    # the next list's messages matching them are not logged again
    paired: list[str] = field(default_factory=list)
    # the session was (re)started on an id memdir may hold messages of (a restarted
    # Hermes, /resume): the first list is aligned with the stored log
    stored: bool = False


def _summary(message: dict[str, Any]) -> bool:
    """Hermes's compression summary: marked so in process, or, reloaded from state.db,
    a user or assistant message whose text Hermes itself takes for one."""
    if message.get(_SUMMARY_KEY):
        return True
    if message.get("role") not in ("user", "assistant"):
        return False
    content = message.get("content")
    if isinstance(content, list):  # Hermes's _content_text_for_contains
        parts = [p.get("text") if isinstance(p, dict) else p for p in content]
        text = "\n".join(p for p in parts if isinstance(p, str) and p)
    else:
        text = "" if content is None else str(content)
    text = text.lstrip()
    if _MERGED_DELIMITER in text:
        text = text.split(_MERGED_DELIMITER, 1)[1].lstrip()
    return text.startswith(_SUMMARY_PREFIXES)


def _fingerprint(message: dict[str, Any]) -> str:
    """What a message says, for telling it apart: Hermes's in-process marks (keys opening
    with ``_``, such as ``_db_persisted``) and sidecars do not count."""
    said = {k: message.get(k) for k in ("role", "content", "tool_calls", "tool_call_id", "name")}
    return hashlib.sha256(
        json.dumps(said, sort_keys=True, default=str).encode("utf-8", "replace")
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


def _answer(message: dict[str, Any]) -> bool:
    """A turn's final answer: an assistant message that calls no tool."""
    return message.get("role") == "assistant" and not _calls(message)


def _form(message: dict[str, Any], names: dict[str, str]) -> tuple[str, str, str | None, Any]:
    """What logging ``message`` writes: role, content, tool name, tool calls (role "" for
    a message that is not logged: a system message, a user or assistant one saying
    nothing)."""
    role = str(message.get("role") or "")
    content = _text(message.get("content"))
    calls = message.get("tool_calls") if role == "assistant" else None
    if role not in ("user", "assistant", "tool"):
        return ("", content, None, None)
    if isinstance(calls, list) and calls:
        parsed = []
        for call, fn in _calls(message):
            name = str(fn.get("name") or "")
            args = json_or_text(fn.get("arguments") or "{}")
            parsed.append({"id": call.get("id"), "name": name, "input": args})
        first = parsed[0]["name"] if parsed else None
        return (role, content, first, parsed or None)
    if role == "tool":
        tool = message.get("name") or names.get(str(message.get("tool_call_id")))
        return (role, content, str(tool) if tool else None, None)
    return (role, content, None, None) if content else ("", content, None, None)


def _stored_key(role: str, content: str, tool_name: str | None, tool_calls: Any) -> str:
    """A logged message as the session log gives it back, for telling it apart; user and
    assistant text without its outer whitespace, which state.db strips from a reloaded
    history (``hermes_state``: ``_rows_to_conversation``)."""
    text = content.strip() if role in ("user", "assistant") else content
    return json.dumps([role, text, tool_name, tool_calls], sort_keys=True, default=str)


def _form_key(form: tuple[str, str, str | None, Any]) -> str:
    """The key of a message about to be logged, as :func:`_stored_key` of what the log
    will give back (the log's own normalisation applied)."""
    role, content, tool_name, calls, _ = stored_row((*form, None), 0.0)
    return _stored_key(role, content, tool_name, json_or_text(calls))


def _new_from(
    said: list[str], seen: list[str], marks: list[int], turn: int | None, answered: bool
) -> int:
    """Where the new messages of a conversation's list start (``said``: its messages'
    keys, Hermes's summaries left out; ``seen``: the keys of the conversation as logged;
    ``marks``: where a summary seen for the first time stood in it; ``turn``: where this
    turn's user message stands, if known; ``answered``: what was logged ends with a final
    answer).

    A list with no new summary is new past what it shares with what was logged.
    Compression keeps a head (a prefix of what was logged), puts its summary, then keeps
    a tail (a suffix of what was logged): only what follows the tail is new. A list
    holding a new summary is never taken as a plain extension, and of the alignments
    that fit, the one counting the least as logged is taken: a message said again
    ("continue", a repeated /skill or image turn) is logged, and what cannot be aligned
    is logged again (a duplicate rather than a loss)."""
    common = 0
    for a, b in zip(said, seen, strict=False):
        if a != b:
            break
        common += 1
    heads = [m for m in marks if m <= common]
    if not heads:  # no new compression: a plain extension, an undone turn, another
        return common  # conversation (a list holding a new summary never extends)
    head = max(heads)

    def tail(n: int) -> bool:  # said[head:head + n] ends what was logged
        return n <= len(seen) - head and said[head : head + n] == seen[len(seen) - n :]

    # of the kept tails that fit, the shortest: when a turn says again what the tail
    # says (a repeated skill or image turn whose start sync_turn's text cannot find),
    # a longer fit would count the new turn as logged; the worst case of the shortest
    # is a duplicate, never a loss
    fits = [n for n in range(1, min(len(said), len(seen)) - head + 1) if tail(n)]
    shortest = min(fits, default=0)
    # compressed between turns (what was logged ended with an answer): the tail is
    # what precedes this turn, whose messages are all new even when they say again
    # what the tail says ("continue", "yes")
    if turn is not None and turn >= head and tail(turn - head) and answered:
        return min(turn, head + shortest)
    return head + shortest  # compressed within the turn: it goes on past the tail


def _last_user(messages: list[Any]) -> int | None:
    """The index of the last user message of ``messages`` that is no marked summary: where
    the turn in hand starts (``None``: no user message)."""
    for i in range(len(messages) - 1, -1, -1):
        m = messages[i]
        if isinstance(m, dict) and m.get("role") == "user" and not m.get(_SUMMARY_KEY):
            return i
    return None


class MemdirProvider:
    """Hermes's ``MemoryProvider`` lifecycle over one memdir session at a time."""

    def __init__(self, home: str | Path | None = None) -> None:
        self._home = home
        self._md: Memdir | None = None
        self._session: MemorySession | None = None
        self._writes = False
        self._hermes_home: Path | None = None
        self._lock = threading.RLock()
        self._known = _Known()  # of the current session's log
        # sessions a switch left, newest last (at most _LEFT): their session and what was
        # known of its log then, for a turn (or a /new's end) Hermes queued on its worker
        # before the switch and runs after it (see _in)
        self._left: dict[str, tuple[MemorySession, _Known]] = {}
        # switches Hermes made inline from a session the provider had not reached (its
        # /new's end and switch still queued on the worker): the session Hermes left then
        # and the provider's session at that moment, oldest first (see on_session_switch)
        self._ahead: list[tuple[str, str]] = []
        self._behind = ""  # while _ahead: the session the worker's queued end belongs to
        # a waiting switch was dropped past _WAITING (until _ahead is empty): _behind may be
        # wrong, and the worker's end waits in _ending for its switch, which names its session
        self._spilled = False
        self._ending: list[dict[str, Any]] | None = None

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
        conversation so far (compression, branch), whose message list is aligned with what
        was logged (see :meth:`_new_from`)."""
        assert self._md is not None
        with self._lock:
            self._left.pop(f"hermes:{session_id}", None)  # its state is the current one
            self._session = self._md.session(
                agent="hermes",
                session_id=f"hermes:{session_id}",
                parent_id=f"hermes:{parent}" if parent else None,
                tools=HERMES_NAMES,
                harness="hermes",  # not the AGENTS.md (or CLAUDE.md) Hermes loads itself
            )
            if continues and self._md.enabled:  # recorded at the fork: its parent's log
                self._session.info()  # counts up to here after a restart (_lineage_log)
            if not continues:
                self._known = _Known(stored=True)

    def _late(self, session_id: str, fn: Callable[[], Any]) -> bool:
        """Run ``fn`` (a ``sync_turn``) on session ``session_id`` when it is not the current
        one: Hermes queued the turn before a switch left that session (see :meth:`_in`).
        False when ``session_id`` is the current session or none is named (the turn goes to
        the current one)."""
        sid = f"hermes:{session_id}"
        with self._lock:
            if not session_id or self._session is None or sid == self._session.id:
                return False
            self._in(sid, fn)
            return True

    def _in(self, sid: str, fn: Callable[[], Any]) -> None:
        """Run ``fn`` on session ``sid``, not the current one: its state as the switch that
        left it kept it stands in for the current one, so what ``fn`` logs goes there (not
        into the session switched to), and the session, ended at the switch, is queued for
        extraction again. A session whose state is no longer kept (more than ``_LEFT``
        switches ago, or one Hermes's worker names before the provider reached it) is
        memdir's session of that id opened again: its stored log is what was logged, and
        the list is aligned with it as after a restart (a duplicate at worst, never the
        current session's log). The current session's state is untouched."""
        assert self._md is not None and self._session is not None
        left = self._left.pop(sid, None)
        if left is None:
            # no parent id: a session memdir holds keeps the parent it was recorded with
            # (its row is never written again), and one it does not hold is a /new's (a
            # /branch or compression child is started inline, so always reached), which
            # starts afresh, with no parent
            try:
                session = self._md.session(
                    agent="hermes", session_id=sid, tools=HERMES_NAMES, harness="hermes"
                )
            except MemdirError as exc:  # never into another session's log
                log.warning("memdir could not open session %s: %s", sid, exc)
                return
            left = (session, _Known(stored=True))
        current = (self._session, self._known)
        self._session, self._known = left
        try:
            ended = self._session.closed
            self._guarded("sync_turn", fn)
            md = self._md
            if ended and md.enabled:  # its end queued what it held then
                self._guarded("sync_turn", lambda: md.pipeline.flush(sid))
            elif not self._session.closed:  # opened again here: its end queues extraction
                self._guarded("sync_turn", self._session.close)
        finally:
            self._keep(sid, (self._session, self._known))
            self._session, self._known = current

    def _keep(self, sid: str, state: tuple[MemorySession, _Known]) -> None:
        """Keep a left session's state for a late turn, the newest ``_LEFT`` of them."""
        self._left.pop(sid, None)
        self._left[sid] = state
        while len(self._left) > _LEFT:
            del self._left[next(iter(self._left))]

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
        with self._lock:  # (never a left session a late sync_turn stands in)
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

    def _log(self, message: dict[str, Any], names: dict[str, str]) -> None:
        """Log one OpenAI-style message (a system message, or one saying nothing, is not
        logged)."""
        assert self._session is not None
        role, content, tool_name, calls = _form(message, names)
        if role:
            self._session.log(role, content, tool_name=tool_name, tool_calls=calls)

    def _lineage_log(self, session_id: str) -> list[Any]:
        """The messages memdir logged for Hermes session ``session_id`` and the sessions it
        continues (a compression child, a ``/branch``: their ``hermes:`` parents), oldest
        first: the conversation as logged, as the provider held it before a restart.

        A parent counts only up to the fork. A ``/branch`` parent can be resumed and go
        on (so can a compression parent, resumed by an id no tip lookup redirects); what
        it said after the fork is not the child's conversation, and counted as such it
        would make the child's own later turns look logged (a loss). The child is
        recorded at the fork (:meth:`_start`): a parent's message counts if logged in an
        earlier second than the child started, or in that second before the child's
        first message (times are to the second). Where that is too loose (a child
        recorded late, a clock set back), the child's list disagrees with the parent's
        later turns and is logged (a duplicate)."""
        assert self._md is not None
        chain: list[str] = []
        starts: dict[str, float] = {}
        sid: str | None = session_id
        while sid is not None and sid.startswith("hermes:") and sid not in chain:
            chain.append(sid)
            if len(chain) > 32:  # a lineage that long: the older part is logged again
                break
            try:
                info = self._md.sessions.get(sid)
            except UnknownSessionError:  # nothing logged under it yet
                break
            starts[sid] = info.started_at.timestamp()
            sid = info.parent_id
        out: list[Any] = []
        child: str | None = None
        first: int | None = None  # the id of the child's first logged message
        for sid in chain:  # newest first; each parent bounded by the child it forked
            messages = self._md.sessions.messages(sid)
            own = min((m.id for m in messages), default=None)
            if child is not None:
                started = starts[child]
                messages = [
                    m
                    for m in messages
                    if m.timestamp.timestamp() < started
                    or (m.timestamp.timestamp() == started and (first is None or m.id < first))
                ]
            out[:0] = messages
            child, first = sid, own
        return out

    def _restored(
        self,
        kept: list[dict[str, Any]],
        marks: list[int],
        turn: int | None,
        names: dict[str, str],
        fresh: int | None = None,
    ) -> int:
        """Where the new messages of the first list after a (re)start on a session memdir
        may hold messages of start: the stored log of the session and of those it continues
        is what was logged (a restarted Hermes, a ``/resume``), aligned as :func:`_new_from`
        aligns the log kept in memory, by what each message logs; where they disagree, the
        rest is logged. ``fresh``: where the messages this run said start (the turn
        being synced): they are new whatever the log holds, so a turn undone before a
        restart (Hermes hides it, the log keeps it) and said again word for word is
        logged, not taken for the undone one."""
        assert self._md is not None and self._session is not None
        if not self._md.enabled:
            return 0
        try:
            stored = self._lineage_log(self._session.id)
        except MemdirError as exc:  # unread: the list is logged whole (duplicates, no loss)
            log.warning("memdir could not read session %s: %s", self._session.id, exc)
            return 0
        if not stored:
            return 0
        seen = [_stored_key(m.role, m.content, m.tool_name, m.tool_calls) for m in stored]
        last = stored[-1]
        answered = last.role == "assistant" and not last.tool_calls
        logs = [i for i, m in enumerate(kept) if _form(m, names)[0]]  # the logged ones
        keys = [_form_key(_form(kept[i], names)) for i in logs]

        def before(i: int) -> int:  # how many logged ones stand before kept[i]
            return bisect.bisect_left(logs, i)

        new = _new_from(
            keys,
            seen,
            [before(m) for m in marks],
            None if turn is None else before(turn),
            answered,
        )
        if fresh is not None:
            new = min(new, before(fresh))
        return logs[new] if new < len(logs) else len(kept)

    def _log_all(
        self, messages: list[dict[str, Any]], turn: int | None = None, fresh: int | None = None
    ) -> None:
        """Log the messages of Hermes's list ``messages`` that were not logged yet
        (``turn``: the index of this turn's user message, when known; ``fresh``: where
        the messages said since this run began start, when known: the turn in hand)."""
        names: dict[str, str] = {}
        kept: list[dict[str, Any]] = []
        said: list[str] = []
        marks: list[int] = []
        at: int | None = None
        new_at: int | None = None
        # the first list since the session (re)started is Hermes's history reloaded from
        # state.db, which keeps no _compressed_summary key: there (before the turn in
        # hand) a summary is told by its text, as Hermes tells it; in process the key
        # marks it, and a user or an answer quoting the note is the user's or the answer
        reloaded = self._known.stored and not self._known.seen
        for i, message in enumerate(messages):
            if not isinstance(message, dict):
                continue
            for call, fn in _calls(message):
                names[str(call.get("id"))] = str(fn.get("name") or "")
            fingerprint = _fingerprint(message)
            if message.get(_SUMMARY_KEY) or fingerprint in self._known.unmarked:
                summary = True  # Hermes's summary, never the user's words
            elif reloaded and (fresh is None or i < fresh) and _summary(message):
                summary = True
                self._known.unmarked.add(fingerprint)  # the same in this run's later lists
            else:
                summary = False
            if summary:
                if fingerprint not in self._known.summaries:
                    marks.append(len(said))
                    self._known.summaries.add(fingerprint)
                continue
            if i == turn:
                at = len(said)
            if fresh is not None and i >= fresh and new_at is None:
                new_at = len(said)
            kept.append(message)
            said.append(fingerprint)
        if reloaded:  # the first list since the session (re)started
            if fresh is not None and new_at is None:
                new_at = len(said)
            new = self._restored(kept, marks, at, names, new_at)
            self._known.paired = []  # logged already, so in the stored log just aligned with
        else:
            new = _new_from(said, self._known.seen, marks, at, self._known.answered)
        self._known.stored = False
        self._known.seen = said[:new]
        self._known.answered = bool(new) and _answer(kept[new - 1])
        wrote_memory = False
        for message, fingerprint in zip(kept[new:], said[new:], strict=True):
            if self._known.paired and self._known.paired[0] == fingerprint:
                self._known.paired.pop(0)  # logged by sync_turn from its two texts
            else:
                self._log(message, names)
            self._known.seen.append(fingerprint)  # only once logged: a failed write is tried again
            self._known.answered = _answer(message)
            for _, fn in _calls(message):
                wrote_memory |= fn.get("name") in ("memdir", "memory")
        self._known.paired = []  # a pair this list did not hold is never matched later (no loss)
        if wrote_memory:  # the agent saved memory itself this turn: extraction skips it
            assert self._md is not None and self._session is not None
            self._md.pipeline.note_write(self._session.id)

    def sync_turn(
        self,
        user_content: str,
        assistant_content: str,
        *,
        session_id: str = "",
        messages: list[dict[str, Any]] | None = None,
    ) -> None:
        """Log the finished turn: from its user message on, tool calls and results
        included (just the two texts when Hermes gives no message list), in session
        ``session_id``: Hermes queues this call on its worker thread with the id of then,
        and ``/resume`` or ``/branch`` may switch sessions before it runs (see
        :meth:`_late`)."""
        if not self._writes:
            return
        # the session told and the turn logged there in one step: an inline switch in
        # between would take the turn to the session switched to
        with self._lock:
            self._sync(user_content, assistant_content, session_id, messages)

    def _sync(
        self,
        user_content: str,
        assistant_content: str,
        session_id: str,
        messages: list[dict[str, Any]] | None,
    ) -> None:
        """:meth:`sync_turn` under the provider's lock: in session ``session_id`` when it
        is not the current one (:meth:`_late`), else in the current one."""
        if not self._late(
            session_id, lambda: self._turn(user_content, assistant_content, messages)
        ):
            self._turn(user_content, assistant_content, messages)

    def _turn(
        self, user_content: str, assistant_content: str, messages: list[dict[str, Any]] | None
    ) -> None:
        """Log a finished turn in the session the provider stands in (the current one, or
        the left one :meth:`_in` puts in its place)."""
        if messages:
            same = [
                i
                for i, m in enumerate(messages)
                if isinstance(m, dict)
                and m.get("role") == "user"
                and not m.get(_SUMMARY_KEY)
                and _text(m.get("content")) == user_content
            ]
            turn = same[-1] if same else None
            fresh = turn if turn is not None else _last_user(messages)
            self._guarded("sync_turn", lambda: self._log_all(messages, turn, fresh))
            return

        def log_pair() -> None:
            for message in (
                {"role": "user", "content": user_content},
                {"role": "assistant", "content": assistant_content},
            ):
                self._log(message, {})
                self._known.paired.append(_fingerprint(message))

        self._guarded("sync_turn", log_pair)

    def _queue(self, messages: list[dict[str, Any]], *, end: bool) -> None:
        assert self._md is not None and self._session is not None
        listed = [m for m in messages if isinstance(m, dict)]
        # compression within a turn (Hermes's preflight, after the user message is added,
        # or its loop, between tool rounds): the turn in hand, no final answer yet, is
        # new; by /compress between turns the last turn is answered and was synced
        start = None if end else _last_user(listed)
        if start is not None and any(_answer(m) for m in listed[start + 1 :]):
            start = None
        self._log_all(listed, fresh=start)
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
        queued. On Hermes's worker behind an inline switch (``/new`` then ``/resume``
        before the worker ran ``/new``'s end), the session the queued end belongs to
        is the one ``/new`` left, not the current one (see :meth:`on_session_switch`)."""
        if not self._writes:
            return
        with self._lock:
            behind = self._behind if self._ahead and _on_worker() else ""
            if behind and self._spilled:  # its session told by the switch queued with it
                self._ending = list(messages or [])
            elif behind:
                self._end(behind, messages or [])
            else:
                self._guarded("on_session_end", lambda: self._queue(messages or [], end=True))

    def _end(self, sid: str, messages: list[dict[str, Any]]) -> None:
        """Log the worker's queued end of session ``sid`` there (never in another's) and
        end it; the current session (switched back to since) is logged and goes on."""
        if self._session is not None and sid != self._session.id:
            self._in(sid, lambda: self._queue(messages, end=True))
        else:
            self._guarded("on_session_end", lambda: self._queue(messages, end=False))

    def on_session_switch(
        self,
        new_session_id: str,
        *,
        parent_session_id: str = "",
        reset: bool = False,
        **kwargs: Any,
    ) -> None:
        """Follow Hermes to its new session id: a continuation (compression, branch) is a
        child of the session it continues; ``/resume`` goes to another conversation and
        ``/new`` starts afresh. In-place compression and ``/undo`` keep the id: the next
        message list is aligned with what was logged (:meth:`_new_from`).

        ``/new`` queues its end and switch on Hermes's worker, behind the turns queued
        before it, while ``/resume`` and ``/branch`` (and compression) switch inline, naming
        the session Hermes leaves as the parent. An inline switch from a session the
        provider has not reached (the parent is not the current session), or ``/undo``'s
        (``rewound``, no parent: Hermes keeps its id) on one, means a ``/new`` to it is
        queued: it is noted, and until the worker brings that switch, the
        worker's ``on_session_end`` belongs to the session ``/new`` left, and the worker's
        switches leave the current session alone (the user has moved on); their late
        turns go to their own sessions by the id Hermes gives them (:meth:`_late`)."""
        if self._md is None or not new_session_id:
            return
        with self._lock:
            current = self._session.id if self._session is not None else None
            sid = f"hermes:{new_session_id}"
            if self._ahead and _on_worker():  # a queued /new the user has moved on from
                ending, self._ending = self._ending, None
                if ending is not None:  # held past _WAITING: /new's end, of the session it left
                    left = f"hermes:{parent_session_id}" if parent_session_id else self._behind
                    self._end(left, ending)
                if sid == self._ahead[0][0]:  # Hermes's switch to it: caught up with one
                    self._ahead.pop(0)
                    self._behind = self._ahead[0][1] if self._ahead else ""
                else:  # an earlier /new of a chain: the next queued end is that session's
                    self._behind = sid
                self._spilled &= bool(self._ahead)  # caught up: what is noted is whole again
                return
            parent_sid = f"hermes:{parent_session_id}" if parent_session_id else ""
            behind = False
            if current is not None and not _on_worker():
                # the session Hermes was on: the one it leaves (its parent), or, for /undo
                # (rewound, no parent: Hermes keeps its id), the one it stays on
                on = parent_sid or (sid if kwargs.get("rewound") else "")
                if on and on != current:  # one the provider has not reached: /new queued
                    behind = True
                    if not self._ahead:
                        self._behind = current
                    self._ahead.append((on, current))
                    if len(self._ahead) > _WAITING:  # the oldest's switch is then taken for
                        del self._ahead[0]  # one of a chain: the provider stays (rightly)
                        self._spilled = True  # and _behind may be wrong: see on_session_end
            if current == sid:  # (back to where the provider still is: nothing to start)
                return
            if self._session is not None and self._writes:
                self._guarded("session switch", self._session.close)
            if self._session is not None:  # kept for a turn queued before the switch
                self._keep(self._session.id, (self._session, copy.deepcopy(self._known)))
            reason = kwargs.get("reason")
            continues = bool(parent_session_id) and not reset
            if reason is not None:  # Hermes 0.19 says why; without it, as a continuation
                continues = continues and reason in _CONTINUATIONS
            # (in-place compression names the session itself: never its own parent)
            parent = parent_session_id if continues and parent_sid != sid else None
            self._guarded(
                "session switch", lambda: self._start(new_session_id, parent, continues=continues)
            )
            if behind:  # what the provider knew is another session's: the stored log's
                self._known = _Known(stored=True)

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

        def renamed(node: Any) -> Any:  # a copy, every description naming tools as Hermes
            if isinstance(node, dict):  # does (a parameter's too: "the etag memory_read gave")
                return {
                    k: _NAMED.sub(lambda m: HERMES_NAMES[m.group(0)], v)
                    if k == "description" and isinstance(v, str)
                    else renamed(v)
                    for k, v in node.items()
                }
            return [renamed(v) for v in node] if isinstance(node, list) else node

        schemas = []
        for tool in tool_schemas("openai"):
            fn = renamed(tool["function"])
            fn["name"] = HERMES_NAMES[fn["name"]]
            fn["description"] = str(fn.get("description") or "")
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
            with self._lock:  # the current session, never a left one _late stands in
                assert self._session is not None
                result = self._session.call_tool(name, args)
        return json.dumps(result, ensure_ascii=False, default=str)

    # -- end -------------------------------------------------------------------------------

    def shutdown(self) -> None:
        """End the session (queueing its extraction), let in-flight extraction finish
        for a few seconds, and close state.db."""
        if self._md is None:
            return
        with self._lock:  # the current session, never a left one _late stands in
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
