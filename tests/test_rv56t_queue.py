"""Texts typed while Claude works (``queue-operation`` records) as hostile or unlucky
input reaches them through the Claude Code hook (a real `memdir hook claude-code`
subprocess): their saved state stays bounded (review rv56t)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from memdir.interop.transcripts.follow import LEDGER_NAME, fingerprint
from test_claude_code_hooks import SID, Hook

LEDGER_BOUND = 8 << 20  # the state a transcript's waiting texts may take, with room


def _queued(hook: Hook, text: str) -> None:
    record = {
        "type": "queue-operation",
        "operation": "enqueue",
        "timestamp": "2026-12-01T23:05:33.000Z",
        "sessionId": SID,
        "content": text,
    }
    with hook.transcript.open("a", encoding="utf-8") as f:
        f.write(json.dumps(record, ensure_ascii=False) + "\n")


def test_one_huge_waiting_text_does_not_swell_the_hooks_state(tmp_path: Path) -> None:
    """A 24 MiB text of emoji typed while Claude works and never taken. Before: the queue
    kept its newest text whatever its size, and the hooks' state writes it JSON-escaped
    (12 bytes an emoji): 72 MiB, past the 64 MiB memdir reads back, so the state was not
    saved (the turn's hook said 'memdir: ... would grow to 75,497,... bytes') and every
    later turn re-read the transcript from its start, and said so again."""
    hook = Hook(tmp_path)
    hook.say(("user", "start the build"), ("assistant", "Building."))
    _queued(hook, "\U0001f600" * (6 << 20))
    hook.say(("user", "and the docs"), ("assistant", "Docs too."))
    first = hook.run(hook.payload("stop"))
    hook.say(("user", "thanks"), ("assistant", "Done."))
    second = hook.run(hook.payload("stop"))
    notes = [p.stdout for p in (first, second)]  # an error is a systemMessage on stdout
    assert notes == ["", ""], [n[:400] for n in notes]
    ledger = hook.home / "transcript-offsets.json"
    assert ledger.stat().st_size < LEDGER_BOUND, ledger.stat().st_size
    md = hook.md()
    said = [m.content for m in md.sessions.messages(f"claude-code:{SID}") if m.role == "user"]
    md.close()
    assert said == ["start the build", "and the docs", "thanks"], said


@pytest.mark.parametrize("change", [{"queue": [[1, 2]]}, {"main": {"zzz": 1}}, {"queue": "x"}])
def test_a_crafted_resume_state_is_read_afresh(tmp_path: Path, change: dict[str, Any]) -> None:
    hook = Hook(tmp_path)
    hook.logged("start the build", "Building.")
    ledger = hook.home / LEDGER_NAME
    files = json.loads(ledger.read_text())["files"]
    [(key, state)] = files.items()
    state.update(change)
    state["print"] = fingerprint(hook.transcript, state)  # as memdir's own writer signs it
    ledger.write_text(json.dumps({"version": 1, "files": {key: state}}))
    _queued(hook, "and the docs")
    hook.say(("user", "and the tests"), ("assistant", "Tests too."))
    note = hook.run(hook.payload("stop")).stdout
    md = hook.md()
    said = [m.content for m in md.sessions.messages(f"claude-code:{SID}") if m.role == "user"]
    md.close()
    assert (note, said) == ("", ["start the build", "and the tests"]), (note, said)
