"""Claude Code transcripts: ``~/.claude/projects/<slug>/<session-uuid>.jsonl``.
See docs/design/interop.md."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import asdict
from itertools import chain
from pathlib import Path
from typing import Any

from ...core.harness_homes import claude_config_dir
from ...sessions import SessionSpec, SessionTitle
from ..transcripts import shapes
from ..transcripts._reading import (
    POLLUTED,
    Cursor,
    Malformed,
    Message,
    Tally,
    bounded_put,
    files,
    json_lines,
    mtime,
    reads_web,
    scope_of,
    seconds,
    text_of,
    time_of,
)

LABEL = "Claude Code"
AGENT = "claude-code"
PEEK = 200  # lines read ahead for the session's id, cwd and title
#: Claude Code names a transcript ``<sessionId>.jsonl``. A file named otherwise (a copy, as
#: agent-history keeps one: session-01.jsonl) is the session its own records name: the
#: last ``sessionId`` in it (a resumed or forked session's file starts with its parent's
#: records, under the parent's id, then goes on under its own).
_SESSION_ID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", re.I)
_SESSION_FIELD = re.compile(rb'"sessionId"\s*:\s*"([^"\\]{0,200})"')
_MESSAGE_TYPES = frozenset({"user", "assistant", "system"})
#: the model Claude Code names on assistant lines it wrote itself ("Not logged in", API
#: errors, "No response requested." when a session is resumed)
_SYNTHETIC = "<synthetic>"
#: user text that Claude Code wrote itself (slash commands, their output, notifications)
HARNESS_TAGS = (
    "<command-name>",
    "<command-message>",
    "<command-args>",
    "<local-command-stdout>",
    "<local-command-stderr>",
    "<local-command-caveat>",
    "<task-notification>",
    "<system-reminder>",
    "<bash-stdout>",
    "<bash-stderr>",
    "<user-prompt-submit-hook>",
)
#: a part of the echo of a slash command the person typed: its name, its message (the
#: name without the slash) or its arguments; the echo is two or three, nothing else
_COMMAND_PART = re.compile(r"\s*<command-(name|message|args)>")
#: user text Claude Code writes when the person presses Esc (the whole text block)
INTERRUPTS = frozenset(
    {"[Request interrupted by user]", "[Request interrupted by user for tool use]"}
)
#: the user message Claude Code 2.0 opened its own sub-agents with (a prompt-cache warm-up)
_WARMUP = "Warmup"
#: the ``agentId`` prefix of a compaction agent: Claude Code writes its every user line
#: (the summary prompt, reminders); the person never types into one
_COMPACTION_AGENT = "acompact-"
#: the records Claude Code names a session by, by precedence (the newest of a kind wins;
#: a session without either: its first prompt, as memdir titles any session)
_NAMES = {"ai-title": ("aiTitle", 1), "custom-title": ("customTitle", 2)}
#: texts typed while Claude works, waiting in a file's queue: at most this many, of at
#: most QUEUED_CHARS together as the hooks' saved state holds them (see :func:`_size`;
#: more: the oldest are dropped, and a text that alone is more is not kept)
QUEUED = 100
QUEUED_CHARS = 1 << 22


def default_source(env: Mapping[str, str] | None = None) -> Path:
    """Every project folder of the user's Claude Code."""
    return claude_config_dir(env) / "projects"


def find(source: Path, tally: Tally | None = None) -> list[tuple[Path, int]]:
    """The transcripts under ``source`` (a projects folder, one project, or one file), with
    their sizes."""
    return files(source, "*.jsonl", tally)


def _blocks(content: object) -> list[dict[str, Any]]:
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    if not isinstance(content, list):
        raise Malformed(f"message content is {type(content).__name__}, not text or blocks")
    for block in content:
        if not isinstance(block, dict) or not isinstance(block.get("type"), str):
            raise Malformed("a content block is not an object with a type")
    return content


def line_messages(obj: dict[str, Any], names: dict[str, str]) -> list[Message]:
    """The messages of one user / assistant / system line, in order. ``names`` maps tool-use
    ids to tool names (filled from tool calls, read for tool results). Pure; raises
    :class:`Malformed`."""
    kind = obj.get("type")
    if kind == "system":  # local commands' echoes and output, hook summaries…
        text = obj.get("content")
        if text is not None and not isinstance(text, str):
            raise Malformed("system line content is not text")
        return [("system", text, None, None)] if text and text.strip() else []
    message = obj.get("message")
    if not isinstance(message, dict):
        raise Malformed(f"{kind} line without a message object")
    injected = (
        obj.get("isMeta") is True
        or obj.get("isCompactSummary") is True
        or message.get("model") == _SYNTHETIC  # the harness's own answer, not the model's
    )
    role = "system" if injected else str(kind)
    compaction = str(obj.get("agentId") or "").startswith(_COMPACTION_AGENT)
    sidechain = obj.get("isSidechain") is True
    out: list[Message] = []
    texts: list[str] = []

    def said() -> None:
        joined = "\n\n".join(t for t in texts if t.strip())
        if joined:
            bare = joined.strip()
            typed = None if role != "user" or compaction else typed_command(joined)
            harness = role == "user" and (
                compaction
                or joined.lstrip().startswith(HARNESS_TAGS)
                or bare in INTERRUPTS
                or (sidechain and bare == _WARMUP)
            )
            if typed is not None:
                out.append(("user", typed, None, None))
            else:
                out.append(("system" if harness else role, joined, None, None))
        texts.clear()

    for block in _blocks(message.get("content")):
        btype = block["type"]
        if btype == "text":
            if not isinstance(block.get("text"), str):
                raise Malformed("a text block without text")
            texts.append(block["text"])
        elif btype == "tool_use":
            name, call_id = block.get("name"), block.get("id")
            if not isinstance(name, str) or not name:
                raise Malformed("a tool_use block without a name")
            said()
            if isinstance(call_id, str):
                bounded_put(names, call_id, name)
            out.append(
                (
                    "assistant",
                    "",
                    name,
                    [{"id": call_id, "name": name, "input": block.get("input")}],
                )
            )
        elif btype == "tool_result":
            said()
            call_id = block.get("tool_use_id")  # a call has one result: names stays small
            tool = names.pop(call_id, None) if isinstance(call_id, str) else None
            out.append(("tool", text_of(block.get("content")), tool, None))
        elif btype == "image":
            texts.append("[image]")
        # thinking / redacted_thinking and unknown block types: not part of the transcript
    said()
    return out


def typed_command(text: str) -> str | None:
    """What the person typed, as Claude Code shows it (``/name args``), when ``text`` is the
    echo of a slash command given arguments; None otherwise (no arguments: the command
    alone, a local one such as ``/model`` or ``/compact``, is harness text)."""
    parts: dict[str, str] = {}
    at = count = 0
    # read in one pass (a regex with a lazy group a part can repeat in backtracked for
    # minutes over a pasted text of a few 10 KB of tags: review rv56t)
    while count < 3 and (tag := _COMMAND_PART.match(text, at)) is not None:
        close = f"</command-{tag[1]}>"
        end = text.find(close, tag.end())
        if end < 0:
            return None
        parts[tag[1]] = text[tag.end() : end]
        at, count = end + len(close), count + 1
    if count < 2 or text[at:].strip():
        return None
    name, args = parts.get("name", "").strip(), parts.get("args", "").strip()
    if not name or not args:
        return None
    return f"{name if name.startswith('/') else '/' + name} {args}"


class _File:
    """One transcript file being read: its sessions, tool names and sub-agent chains."""

    def __init__(self, path: Path, tally: Tally, mode: str) -> None:
        self.path = path
        self.tally = tally
        self.mode = mode
        self.names: dict[str, str] = {}
        self.roots: dict[str, str] = {}  # sidechain uuid -> the uuid its chain starts at
        self.children: dict[str, SessionSpec] = {}
        self.last = mtime(path)  # the time of the latest line (lines without one take it)
        self.sid = path.stem
        self.main: SessionSpec | None = None
        self.main_root: str | None = None
        self.whole = False  # a sub-agent's own file: every line is its one session
        self.polluted: set[str | None] = set()  # sessions marked (None: the file's own)
        #: texts waiting in Claude Code's queue: [text, time, line number of the enqueue]
        self.queue: list[list[Any]] = []
        self.named = 0  # the precedence of the name given so far (see _NAMES)

    def state(self, cursor: Cursor) -> dict[str, Any]:
        """What a later read needs to go on after ``cursor`` as if it read the whole file
        (JSON-serialisable; see :func:`resume`)."""
        return {
            "offset": cursor.offset,
            "number": cursor.number,
            "sid": self.sid,
            "whole": self.whole,
            "main": None if self.main is None else asdict(self.main),
            "main_root": self.main_root,
            "last": self.last,
            "names": self.names,
            "roots": self.roots,
            "children": {root: asdict(spec) for root, spec in self.children.items()},
            "polluted": sorted(self.polluted, key=lambda sid: sid or ""),
            "queue": self.queue,
            "named": self.named,
        }

    def restore(self, state: dict[str, Any]) -> SessionSpec:
        self.sid, self.whole, self.main_root = state["sid"], state["whole"], state["main_root"]
        self.last, self.names, self.roots = state["last"], state["names"], state["roots"]
        self.children = {k: SessionSpec(**v) for k, v in state["children"].items()}
        self.polluted = set(state["polluted"])
        self.queue, self.named = state["queue"], state["named"]
        self.main = SessionSpec(**state["main"])
        return self.main

    def spec(self, first: dict[str, Any], number: int, title: str | None) -> SessionSpec:
        inner = first.get("sessionId")
        inner = inner if isinstance(inner, str) and inner.strip() else None
        cwd = first.get("cwd") if isinstance(first.get("cwd"), str) else None
        given = time_of(first.get("timestamp"))
        started = self.last if given is None else given
        guessed = given is None  # the file's mtime: proves no checkout
        if first.get("isSidechain") is True:  # a sub-agent's own file: its session's child
            self.sid = inner or self.sid
            self.whole = True
            self.main_root = self._root(first, number)
            self.main = self._child(self.main_root, cwd, started, guessed)
        else:  # the file is the session; a resumed one continues the session it names
            if not _SESSION_ID.fullmatch(self.sid):
                self.sid = _own_id(self.path) or self.sid
            parent = f"{AGENT}:{inner}" if inner and inner != self.sid else None
            self.main = SessionSpec(
                f"{AGENT}:{self.sid}",
                agent=AGENT,
                cwd=cwd,
                scope=scope_of(cwd),
                title=title,
                started_at=started,
                guessed_start=guessed,
                parent_id=parent,
                memory_mode=self.mode,
                # imports before named it after its file: that session is this one
                former_id=None if self.sid == self.path.stem else f"{AGENT}:{self.path.stem}",
            )
        return self.main

    def _root(self, obj: dict[str, Any], number: int) -> str:
        uuid, parent = obj.get("uuid"), obj.get("parentUuid")
        root = self.roots.get(parent) if isinstance(parent, str) else None
        if root is None:  # a chain's first line; without a uuid, named by its place
            root = uuid if isinstance(uuid, str) and uuid else f"{self.path.name}:{number}"
        if isinstance(uuid, str):
            bounded_put(self.roots, uuid, root)
        return root

    def _child(self, root: str, cwd: str | None, started: float, guessed: bool) -> SessionSpec:
        if root not in self.children:
            self.children[root] = SessionSpec(
                f"{AGENT}:{self.sid}:{root}",
                agent=AGENT,
                parent_id=f"{AGENT}:{self.sid}",
                cwd=cwd,
                scope=scope_of(cwd),
                started_at=started,
                guessed_start=guessed,
                memory_mode=self.mode,
            )
        return self.children[root]

    def _pollute(self, spec: SessionSpec | None) -> Iterator[Any]:
        """Mark ``spec`` (None: the file's session) polluted, once."""
        sid = None if spec is None else spec.id
        if sid not in self.polluted:
            self.polluted.add(sid)
            yield POLLUTED if spec is None else (spec, POLLUTED)

    def queued(self, obj: dict[str, Any], number: int) -> tuple[Any, ...] | None:
        """Follow one ``queue-operation`` record; the row of a text typed while Claude
        worked, once the model took it mid-turn (docs/design/interop.md)."""
        operation, content = obj.get("operation"), obj.get("content")
        text = content if isinstance(content, str) and content.strip() else None
        if operation == "enqueue" and text is not None:
            self.queue.append([text, seconds(obj.get("timestamp"), self.last), number])
            del self.queue[:-QUEUED]
            while self.queue and sum(_size(e[0]) for e in self.queue) > QUEUED_CHARS:
                del self.queue[0]
        elif operation == "dequeue" and self.queue:  # its own user line follows
            self.queue.pop(0)
        elif operation == "popAll":  # taken back into the input box, not sent
            self.queue.clear()
        elif operation == "remove":  # given to the model mid-turn: no user line follows
            taken = _taken(self.queue, text)
            if taken is None:
                if text is None:
                    return None
                taken = [text, seconds(obj.get("timestamp"), self.last), number]
            said, at, where = taken
            (message,) = line_messages({"type": "user", "message": {"content": said}}, {})
            return (*message, at, f"@{where}:0")
        return None

    def name(self, obj: dict[str, Any]) -> SessionTitle | None:
        """The title a ``custom-title`` (``/rename``) or ``ai-title`` record gives the
        session; None when it gave one of a higher precedence (see :data:`_NAMES`)."""
        field, rank = _NAMES[obj["type"]]
        title, of = obj.get(field), obj.get("sessionId")
        if not isinstance(title, str) or not title.strip() or rank < self.named:
            return None
        if isinstance(of, str) and of != self.sid:  # a resumed session's parent's name
            return None
        self.named = rank
        return SessionTitle(title)

    def rows(self, lines: Iterator[tuple[int, dict[str, Any]]]) -> Iterator[Any]:
        for number, obj in lines:
            kind = obj.get("type")
            if kind == "queue-operation" and not self.whole:
                row = self.queued(obj, number)
                if row is not None:
                    yield row
                    continue
            if kind in _NAMES and not self.whole and (named := self.name(obj)) is not None:
                yield named
            if obj.get("type") not in _MESSAGE_TYPES:
                if obj.get("isSidechain") is True and not self.whole:
                    self._root(obj, number)  # a progress line is a link in its chain
                self.tally.skipped += 1
                continue
            try:
                messages = line_messages(obj, self.names)
            except Malformed as exc:
                self.tally.bad(f"{self.path}:{number}", str(exc))
                continue
            given = time_of(obj.get("timestamp"))
            self.last = self.last if given is None else given
            target = None
            if obj.get("isSidechain") is True and not self.whole:
                root = self._root(obj, number)
                if root != self.main_root:
                    cwd = obj.get("cwd") if isinstance(obj.get("cwd"), str) else None
                    target = self._child(root, cwd, self.last, given is None)
            uuid = obj.get("uuid")
            record = uuid if isinstance(uuid, str) and uuid else f"@{number}"
            for i, m in enumerate(messages):
                if m[3] is not None and reads_web(m[2]):  # its pages flow into the parent
                    yield from self._pollute(target)
                    if target is not None:
                        yield from self._pollute(None)
                row = (*m, self.last, f"{record}:{i}")
                yield row if target is None else (target, row)


def _size(text: str) -> int:
    """About the characters ``text`` takes in the hooks' saved state, in constant time:
    JSON escapes a non-ASCII character as up to 12 (an ASCII control one as up to 6)."""
    return len(text) if text.isascii() else 12 * len(text)


def _taken(queue: list[list[Any]], text: str | None) -> list[Any] | None:
    """Take the entry a ``remove`` names out of ``queue``: the one with its text; without a
    text (before 2.1.246), the oldest the person typed, else the oldest."""
    if text is not None:
        at = next((i for i, e in enumerate(queue) if e[0] == text), None)
    else:
        typed = (i for i, e in enumerate(queue) if not e[0].lstrip().startswith(HARNESS_TAGS))
        at = next(typed, 0 if queue else None)
    return None if at is None else queue.pop(at)


def _own_id(path: Path) -> str | None:
    """The last ``sessionId`` of a transcript's records (None: none, or not readable)."""
    last = None
    try:
        with path.open("rb") as f:
            for line in f:
                found = _SESSION_FIELD.findall(line[:4096])
                if found:
                    last = found[0].decode("utf-8", "replace")
    except OSError:
        return None
    return last if last is not None and _SESSION_ID.fullmatch(last) else None


def _peek(
    lines: Iterator[tuple[int, dict[str, Any]]],
) -> tuple[list[tuple[int, dict[str, Any]]], tuple[int, dict[str, Any]] | None, str | None, bool]:
    """Lines up to the first user or assistant line (at most :data:`PEEK`), that line and
    its number, the first summary's text (the session's title), and whether the file ended
    first."""
    peeked: list[tuple[int, dict[str, Any]]] = []
    title = None
    for number, obj in lines:
        peeked.append((number, obj))
        kind = obj.get("type")
        if kind == "summary" and title is None and isinstance(obj.get("summary"), str):
            title = obj["summary"].strip()[:200] or None
        if kind in ("user", "assistant") and isinstance(obj.get("message"), dict):
            return peeked, (number, obj), title, False
        if len(peeked) >= PEEK:
            return peeked, None, title, False
    return peeked, None, title, True


def sessions(
    source: Path, tally: Tally, mode: str = "enabled"
) -> Iterator[tuple[SessionSpec, Iterator[Any]]]:
    """``(spec, rows)`` for every transcript under ``source``, one file open at a time; a
    file without a user or assistant message makes no session."""
    paths = find(source, tally)
    tally.total = sum(size for _, size in paths)
    for path, _ in paths:
        opened = _open(_File(path, tally, mode), json_lines(path, tally), tally)
        if opened is not None:
            yield opened


def resume(
    path: Path, tally: Tally, state: dict[str, Any] | None, out: dict[str, Any]
) -> Iterator[tuple[SessionSpec, Iterator[Any]]]:
    """As :func:`sessions` for the one file ``path``, but only its complete lines after
    ``state`` (None: from the start), which an earlier read left in ``out["state"]``; once
    the rows are consumed ``out["state"]`` is the state to go on from (None: no session
    yet). The same messages and sessions as reading the whole file."""
    read = _File(path, tally, "enabled")
    out["state"] = None
    if state is not None:
        cursor = Cursor(state["offset"], state["number"])
        spec = read.restore(state)
        lines = json_lines(path, tally, cursor)
        yield spec, read.rows(lines)
    else:
        cursor = Cursor()
        opened = _open(read, json_lines(path, tally, cursor), tally)
        if opened is None:
            return
        yield opened
    out["state"] = read.state(cursor)


def _queued(entry: object) -> bool:
    """An entry of :attr:`_File.queue`: [text, time, line number], its text not blank (as
    :meth:`_File.queued` enqueues: a blank one would make no message when taken)."""
    return (
        isinstance(entry, list)
        and len(entry) == 3
        and isinstance(entry[0], str)
        and bool(entry[0].strip())
        and shapes.number(entry[1])
        and shapes.count(entry[2])
    )


def _children(value: object) -> bool:
    return isinstance(value, dict) and all(
        isinstance(k, str) and shapes.spec(v) for k, v in value.items()
    )


_STATE = {
    "number": shapes.count,
    "sid": shapes.text,
    "whole": shapes.flag,
    "main": shapes.spec,
    "main_root": shapes.optional_str,
    "last": shapes.number,
    "names": shapes.str_map,
    "roots": shapes.str_map,
    "children": _children,
    "polluted": shapes.list_of(shapes.optional_str),
    "queue": shapes.list_of(_queued),
    "named": shapes.count,
}


def valid_state(state: dict[str, Any]) -> bool:
    """Whether ``state`` has the fields and types :meth:`_File.state` writes (a crafted or
    foreign one is read afresh instead, :mod:`memdir.interop.transcripts.follow`)."""
    return shapes.fields(state, _STATE)


def _open(
    read: _File, lines: Iterator[tuple[int, dict[str, Any]]], tally: Tally
) -> tuple[SessionSpec, Iterator[Any]] | None:
    """The session a file's first lines open, and its rows; None (its lines counted as
    skipped) when the file ended before a user or assistant message."""
    peeked, first, title, ended = _peek(lines)
    if first is None and ended:
        tally.skipped += len(peeked)
        return None
    number, obj = first or (0, {})
    return read.spec(obj, number, title), read.rows(chain(peeked, lines))
