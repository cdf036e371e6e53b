"""Codex rollout transcripts: ``~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl``.
See docs/design/interop.md."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import asdict
from itertools import chain
from pathlib import Path
from typing import Any

from ...core.harness_homes import codex_home
from ...core.origins import remote_key
from ...sessions import SessionSpec
from ...sessions.checkouts import MAX_REMOTE
from ...sessions.records import json_or_text
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
    output_text,
    reads_web,
    scope_of,
    seconds,
    text_of,
    time_of,
)

LABEL = "Codex"
AGENT = "codex"
PEEK = 50  # lines read ahead for session_meta
_INJECTED = (
    "<environment_context>",
    "<user_instructions>",
    "# AGENTS.md instructions",
    "<permissions instructions>",
)
#: user-role items Codex writes itself and never shows as the person's turn, by the marker
#: pair one content item starts and ends with, any case (``contextual_user_message.rs``):
#: kept as system messages. (_INJECTED, the session's context, is left out altogether.)
_CONTEXT = (
    ("<skill>", "</skill>"),
    ("<user_shell_command>", "</user_shell_command>"),
    ("<turn_aborted>", "</turn_aborted>"),
    ("<subagent_notification>", "</subagent_notification>"),
    ("<additional_context>", "</additional_context>"),
)
_CALLS = {"function_call": "arguments", "custom_tool_call": "input", "local_shell_call": "action"}
_OUTPUTS = frozenset({"function_call_output", "custom_tool_call_output"})
_SHA = re.compile(r"[0-9a-f]{40}|[0-9a-f]{64}")
_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", re.I)
# A message's source key is its place in the rollout (``line:index``) within the session
# that session_meta names, as Codex keys a rollout by its session id: the same rollout
# imported again under another file name adds nothing. Keys written before named the file
# (``rollout-….jsonl:line:index``); the state.db migration 0014 drops the name from them.
_ENVELOPES = frozenset({"session_meta", "response_item", "event_msg", "turn_context", "compacted"})


def default_source(env: Mapping[str, str] | None = None) -> Path:
    """The user's Codex rollouts."""
    return codex_home(env) / "sessions"


def find(source: Path, tally: Tally | None = None) -> list[tuple[Path, int]]:
    """The rollouts under ``source`` (a sessions folder or one file), with their sizes."""
    return files(source, "rollout-*.jsonl", tally)


def item_messages(payload: dict[str, Any], names: dict[str, str]) -> list[Message]:
    """The messages of one response item (none for reasoning, instructions and the rest).
    ``names`` maps call ids to function names. Pure; raises :class:`Malformed`."""
    kind = payload.get("type")
    if kind == "message":
        role, content = payload.get("role"), payload.get("content")
        if not isinstance(role, str) or not isinstance(content, list | str):
            raise Malformed("a message without a role and a content list")
        if role not in ("user", "assistant"):
            return []  # developer / system instructions
        text = text_of(content)
        if not text.strip() or (role == "user" and text.lstrip().startswith(_INJECTED)):
            return []
        harness = role == "user" and any(_context(item) for item in _items(content))
        return [("system" if harness else role, text, None, None)]
    if kind in _CALLS:
        name = payload.get("name") or ("shell" if kind == "local_shell_call" else None)
        if not isinstance(name, str):
            raise Malformed(f"a {kind} without a name")
        call_id = payload.get("call_id")
        if isinstance(call_id, str):
            bounded_put(names, call_id, name)
        arguments = json_or_text(payload.get(_CALLS[kind]))
        return [("assistant", "", name, [{"id": call_id, "name": name, "arguments": arguments}])]
    if kind in _OUTPUTS:
        call_id = payload.get("call_id")
        name = names.pop(call_id, None) if isinstance(call_id, str) else None  # one output
        return [("tool", output_text(payload.get("output")), name, None)]
    if kind == "web_search_call":
        return [
            (
                "assistant",
                "",
                "web_search",
                [{"id": payload.get("id"), "name": "web_search", "action": payload.get("action")}],
            )
        ]
    return []


def _items(content: list[Any] | str) -> list[str]:
    """The text of each of a message's content items."""
    if isinstance(content, str):
        return [content]
    return [i["text"] for i in content if isinstance(i, dict) and isinstance(i.get("text"), str)]


def _context(text: str) -> bool:
    """Whether ``text`` is a content item Codex writes itself (:data:`_CONTEXT`)."""
    folded = text.strip().lower()
    return any(folded.startswith(a) and folded.endswith(b) for a, b in _CONTEXT)


def _payload(obj: dict[str, Any]) -> dict[str, Any] | None:
    """The response item a line holds (the envelope's payload, or the line itself in an
    old rollout); None for a line that holds none. Raises :class:`Malformed`."""
    kind = obj.get("type")
    if kind == "response_item":
        if not isinstance(obj.get("payload"), dict):
            raise Malformed("a response_item without a payload object")
        payload: dict[str, Any] = obj["payload"]
        return payload
    if isinstance(kind, str) and kind not in _ENVELOPES and "payload" not in obj:
        return obj  # an old rollout's bare item
    return None


def _rows(
    path: Path, lines: Iterator[tuple[int, dict[str, Any]]], tally: Tally, read: dict[str, Any]
) -> Iterator[Any]:
    """The rows of ``lines``; ``read`` (``names``, ``last``, ``polluted``) is where an
    earlier read left off, and is left where this one ends once the rows are consumed."""
    names: dict[str, str] = read["names"]
    last: float = read["last"]
    polluted: bool = read["polluted"]
    for number, obj in lines:
        try:
            payload = _payload(obj)
            if payload is None:
                tally.skipped += 1  # session_meta, event_msg, turn_context, state…
                continue
            messages = item_messages(payload, names)
        except Malformed as exc:
            tally.bad(f"{path}:{number}", str(exc))
            continue
        if not messages:
            tally.skipped += 1
            continue
        last = seconds(obj.get("timestamp"), last)
        for i, m in enumerate(messages):
            if not polluted and m[3] is not None and reads_web(m[2]):
                polluted = True
                yield POLLUTED
            yield (*m, last, f"{number}:{i}")  # its place: the same in a copy (see above)
    read["last"], read["polluted"] = last, polluted


def _spec(path: Path, meta: dict[str, Any], first_time: object, mode: str) -> SessionSpec:
    sid = meta.get("id")
    if not isinstance(sid, str) or not sid.strip():
        found = _UUID.findall(path.stem)
        sid = found[-1] if found else path.stem
    cwd = meta.get("cwd") if isinstance(meta.get("cwd"), str) else None
    given = time_of(meta.get("timestamp"))
    given = time_of(first_time) if given is None else given
    started = mtime(path) if given is None else given  # a guess: proves no checkout
    source = meta.get("source")  # a sub-agent's rollout names the thread that spawned it
    sub = source.get("subagent") if isinstance(source, dict) else None
    found = [meta.get("parent_thread_id")]
    if isinstance(sub, dict):
        found += [v.get("parent_thread_id") for v in sub.values() if isinstance(v, dict)]
    parent = next((p for p in found if isinstance(p, str) and p.strip()), None)
    remote, commit = _git(meta.get("git"))
    return SessionSpec(
        f"{AGENT}:{sid}",
        agent=AGENT,
        cwd=cwd,
        scope=scope_of(cwd),
        parent_id=None if parent is None else f"{AGENT}:{parent}",
        started_at=started,
        guessed_start=given is None,
        memory_mode=mode,
        remote=remote,
        commit=commit,
    )


def _git(value: object) -> tuple[str | None, str | None]:
    """The remote and commit id session_meta's ``git`` says the session began in (what
    Codex read of its cwd then); what is not a string of their form is left out. The
    remote is its :func:`remote_key` (what the row records), so no credential in the URL
    reaches the spec, nor the hooks' ledger that saves it."""
    if not isinstance(value, dict):
        return None, None
    url, sha = value.get("repository_url"), value.get("commit_hash")
    ok = isinstance(url, str) and 0 < len(url.strip()) <= MAX_REMOTE
    remote = remote_key(url) if ok and isinstance(url, str) else None
    commit = sha.lower() if isinstance(sha, str) and _SHA.fullmatch(sha.lower()) else None
    return remote, commit


def sessions(
    source: Path, tally: Tally, mode: str = "enabled"
) -> Iterator[tuple[SessionSpec, Iterator[Any]]]:
    """``(spec, rows)`` for every rollout under ``source``, one file open at a time; a file
    with neither session metadata nor a response item makes no session."""
    paths = find(source, tally)
    tally.total = sum(size for _, size in paths)
    for path, _ in paths:
        lines = json_lines(path, tally)
        opened = _open(path, lines, tally, mode)
        if opened is not None:
            spec, peeked, read = opened
            yield spec, _rows(path, chain(peeked, lines), tally, read)


def _open(
    path: Path, lines: Iterator[tuple[int, dict[str, Any]]], tally: Tally, mode: str
) -> tuple[SessionSpec, list[tuple[int, dict[str, Any]]], dict[str, Any]] | None:
    """The session of a rollout from its first lines: its spec, the lines read, and the
    rows' starting state; None when the file holds none."""
    peeked: list[tuple[int, dict[str, Any]]] = []
    meta: dict[str, Any] | None = None
    for number, obj in lines:
        peeked.append((number, obj))
        # session_meta, or an old rollout's first line: a bare {id, timestamp, instructions}
        if obj.get("type") == "session_meta" and isinstance(obj.get("payload"), dict):
            meta = dict(obj["payload"])
        elif "type" not in obj and "record_type" not in obj and isinstance(obj.get("id"), str):
            meta = obj
        if meta is not None or len(peeked) >= PEEK:
            break
    if meta is None and len(peeked) < PEEK and not any(_has_item(o) for _, o in peeked):
        tally.skipped += len(peeked)  # the whole file, and nothing in it
        return None
    first_time = peeked[0][1].get("timestamp") if peeked else None
    read = {"names": {}, "last": seconds(first_time, mtime(path)), "polluted": False}
    return _spec(path, meta or {}, first_time, mode), peeked, read


def resume(
    path: Path, tally: Tally, state: dict[str, Any] | None, out: dict[str, Any]
) -> Iterator[tuple[SessionSpec, Iterator[Any]]]:
    """As :func:`sessions` for the one file ``path``, from ``state`` on; see
    :func:`memdir.interop.claude_code.transcripts.resume`."""
    out["state"] = None
    if state is not None:
        cursor = Cursor(state["offset"], state["number"])
        spec = SessionSpec(**state["main"])
        read = {k: state[k] for k in ("names", "last", "polluted")}
        yield spec, _rows(path, json_lines(path, tally, cursor), tally, read)
    else:
        cursor = Cursor()
        lines = json_lines(path, tally, cursor)
        opened = _open(path, lines, tally, "enabled")
        if opened is None:
            return
        spec, peeked, read = opened
        yield spec, _rows(path, chain(peeked, lines), tally, read)
    out["state"] = {"offset": cursor.offset, "number": cursor.number, "main": asdict(spec), **read}


_STATE = {
    "number": shapes.count,
    "main": shapes.spec,
    "names": shapes.str_map,
    "last": shapes.number,
    "polluted": shapes.flag,
}


def valid_state(state: dict[str, Any]) -> bool:
    """Whether ``state`` has the fields and types :func:`resume` writes (see
    :func:`memdir.interop.claude_code.transcripts.valid_state`)."""
    return shapes.fields(state, _STATE)


def _has_item(obj: dict[str, Any]) -> bool:
    try:
        return _payload(obj) is not None
    except Malformed:
        return True
