"""``memdir hook claude-code``: what each Claude Code hook event gets from memdir.
See docs/design/harnesses.md."""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...core.errors import MemdirError
from ...core.scopes import is_folder

BUDGET = 2.0  # seconds
DEEP_SHARE = 0.5  # of the budget, deep recall's at most (when the deep_recall setting is on)
MAX_INPUT = 1024 * 1024  # a hook's JSON is a few hundred bytes; the prompt can be long
_IMPORTS = ("Stop", "PreCompact", "SessionEnd", "SubagentStop")


@dataclass
class Answer:
    """What the hook prints, and whether its work must go on in a detached process."""

    output: str = ""
    hand_off: bool = False


def _note(message: str) -> Answer:
    return Answer(json.dumps({"systemMessage": f"memdir: {message}"}, ensure_ascii=False))


def _context(event: str, text: str | None) -> Answer:
    if not text:
        return Answer()
    out = {"hookSpecificOutput": {"hookEventName": event, "additionalContext": text}}
    return Answer(json.dumps(out, ensure_ascii=False))


def within(seconds: float | None, work: Callable[[], Answer]) -> Answer | None:
    """``work()`` run on a daemon thread; None when it did not finish in ``seconds``."""
    box: dict[str, Any] = {}

    def run() -> None:
        try:
            box["answer"] = work()
        except BaseException as exc:  # noqa: BLE001  (reported by the caller, not lost)
            box["error"] = exc

    thread = threading.Thread(target=run, name="memdir-hook", daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        return None
    if "error" in box:
        raise box["error"]
    answer: Answer = box["answer"]
    return answer


def _payload(raw: bytes) -> dict[str, Any]:
    if len(raw) > MAX_INPUT:
        raise MemdirError(f"the hook input is over {MAX_INPUT:,} bytes; skipped")
    try:
        data = json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError):  # UnicodeDecodeError is a ValueError
        raise MemdirError("the hook input is not JSON; skipped") from None
    if not isinstance(data, dict):
        raise MemdirError("the hook input is not a JSON object; skipped")
    return data


def _text(data: dict[str, Any], key: str) -> str | None:
    value = data.get(key)
    return value if isinstance(value, str) and value and "\x00" not in value else None


def _import(md: Any, data: dict[str, Any], event: str) -> Answer:
    from ..transcripts.follow import follow

    path = _text(data, "transcript_path")
    if path is None or not path.endswith(".jsonl") or not Path(path).is_file():
        return Answer()
    transcript = Path(path)
    follow(md, "claude-code", transcript)  # from where the last turn's import stopped
    agents = transcript.with_suffix("") / "subagents"
    if agents.is_dir():
        follow(md, "claude-code", agents)
    session = f"claude-code:{transcript.stem}"
    if event == "SessionEnd":
        md.sessions.end(session)
    if event == "PreCompact":  # the library's compaction flush: extract before it drops
        queued = md.session(agent="claude-code", session_id=session).flush()
    else:
        queued = md.pipeline.queue_session(session)
    if (event == "SessionEnd" or (event == "PreCompact" and queued)) and md.settings.background:
        from ._command import detached, memdir_command

        # no memdir process may run for a while: extract now, detached
        detached([*memdir_command(md.home), "-C", str(md.settings.project), "maintain"])
    return Answer()


#: memdir's tools as Claude Code names those of the ``memdir`` MCP server it installed
TOOLS_NOTE = (
    "\n\nIn Claude Code, memdir's tools are `mcp__memdir__memory` (save, correct or remove "
    "a memory), `mcp__memdir__memory_read`, `mcp__memdir__memory_search` and "
    "`mcp__memdir__session_search`.\n"
)


def _respond(data: dict[str, Any], home: Path | None, budget: float | None) -> Answer:
    from ... import open as open_memdir

    event = _text(data, "hook_event_name") or ""
    if event not in ("SessionStart", "UserPromptSubmit", *_IMPORTS):
        return Answer()
    cwd = _text(data, "cwd")
    md = open_memdir(home, cwd if cwd is not None and is_folder(cwd) else os.getcwd())
    if not md.enabled:
        return Answer()
    if event == "SessionStart":
        block = md.system_block(harness="claude-code")  # not the CLAUDE.md it loads itself
        return _context(event, block.rstrip("\n") + TOOLS_NOTE if block else "")
    if event == "UserPromptSubmit":
        prompt = _text(data, "prompt")
        if prompt is None or not prompt.strip():
            return Answer()
        sid = _text(data, "session_id")
        session = md.session(agent="claude-code", session_id=f"claude-code:{sid}" if sid else None)
        deep = None if budget is None else DEEP_SHARE * budget
        return _context(event, session.recall(prompt, deep_seconds=deep))
    return _import(md, data, event)


def answer(raw: bytes, home: Path | None, *, budget: float | None = BUDGET) -> Answer:
    """The hook's answer to Claude Code's JSON ``raw``: never raises. With ``budget``
    (seconds), work that takes longer is marked ``hand_off`` for a detached process."""
    try:
        data = _payload(raw)
        done = within(budget, lambda: _respond(data, home, budget))
    except MemdirError as exc:
        return _note(str(exc))
    except Exception as exc:  # noqa: BLE001  (a bug must not block the user's session)
        return _note(f"unexpected {type(exc).__name__}: {exc}")
    if done is not None:
        return done
    event = data.get("hook_event_name")
    if event in _IMPORTS:
        return Answer(hand_off=True)  # finished by the detached process
    return _note(f"{event} took longer than {budget:g} s and was skipped this time")
