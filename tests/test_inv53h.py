"""inv53h: a turn Hermes queued for session A, synced after ``/resume`` or ``/branch``
switched the provider to session B, is logged under A (``hermes_provider``).

Hermes 0.19's ``MemoryManager.sync_all`` queues ``sync_turn`` on its single worker thread
(``agent/memory_manager.py``) with ``session_id`` taken when it is queued
(``run_agent.py``: ``self.session_id``); ``/resume`` and ``/branch``
(``hermes_cli/cli_commands_mixin.py``) call ``on_session_switch`` inline on the CLI's
thread, with no ``flush_pending`` first. So when the worker is behind (a write waiting
on a busy state.db, a slow earlier task), the provider sees ``on_session_switch("b")``
and then ``sync_turn(..., session_id="a")``. Compression switches inline too, but its
``on_pre_compress`` hands the provider the whole list first.

The first tests drive memdir's real ``MemdirProvider`` in that order; the last ones run
the same through Hermes's real ``MemoryManager`` (bench venv), its worker held by a task
the test releases."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

import memdir
from hermes_helpers import (
    SYSTEM,
    Conversation,
    HermesHome,
    RandomRun,
    extraction_jobs,
    held_worker,
    installed_hermes,
    pairs,
    refactored,
    refactoring,
    sync_all,
)

pytestmark = pytest.mark.hermes  # needs hermes-agent: run by `make test-hermes`


def test_a_turn_synced_after_resume_is_logged_under_its_own_session(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    c = refactoring(tmp_path, monkeypatch, "a", synced=True)
    late = c.turn("Use a Pratt parser.", "Switched to Pratt.")  # queued, not yet run
    c.switch("b", "a", "resume")
    c.sync_late("a", late)
    c.messages = [dict(SYSTEM)]  # b: a conversation memdir never logged
    c.sync("b", "Deploy it.", "Deployed.")
    c.end()
    assert c.logged("a") == refactored(("Use a Pratt parser.", "Switched to Pratt."))
    assert c.logged("b") == pairs(("Deploy it.", "Deployed."))
    # a was ended at the switch, its extraction queued: queued again up to the late turn
    md = memdir.open(tmp_path / "home", tmp_path / "project")
    last = md.sessions.messages("hermes:a")[-1].id
    assert [j.input_watermark for j in extraction_jobs(tmp_path, "hermes:a")] == [last]


def test_a_turn_synced_after_resume_of_a_logged_session_is_not_logged_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    c = Conversation(tmp_path, monkeypatch, "b")
    c.sync("b", "Deploy it.", "Deployed.")
    b_history = list(c.messages)
    c.switch("a", "b", "new_session", reset=True, messages=[dict(SYSTEM)])
    c.sync("a", "Refactor the parser.", "Starting.")
    late = c.turn("Use a Pratt parser.", "Switched to Pratt.")
    c.switch("b", "a", "resume")
    c.sync_late("a", late)
    c.messages = b_history
    c.sync("b", "Roll it back.", "Rolled back.")
    c.end()
    assert c.logged("a") == refactored(("Use a Pratt parser.", "Switched to Pratt."))
    assert c.logged("b") == pairs(("Deploy it.", "Deployed."), ("Roll it back.", "Rolled back."))


def test_a_turn_synced_after_branch_is_logged_in_the_parent(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # /branch copies the history (the late turn included) into b; the late turn was said
    # in a: a's log holds it (b may log it too: a duplicate, never a loss)
    c = refactoring(tmp_path, monkeypatch, "a", synced=True)
    late = c.turn("Use a Pratt parser.", "Switched to Pratt.")
    c.switch("b", "a", "branch")
    c.sync_late("a", late)
    c.sync("b", "Try a table-driven one.", "Done.")
    c.end()
    assert c.logged("a") == refactored(("Use a Pratt parser.", "Switched to Pratt."))
    lineage = c.lineage("b")
    assert lineage[:2] == refactored()
    assert lineage[-2:] == pairs(("Try a table-driven one.", "Done."))
    assert ("user", "Use a Pratt parser.") in lineage


def test_a_turn_synced_after_compression_logs_nothing_twice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Hermes's preflight compression in the next turn: on_pre_compress gets the list
    # (the late turn and the new user message) inline, then the switch; the late sync
    # finds it all logged, and leaves b's alignment as it was (on main it rewound b's,
    # and b logged "Now the lexer." again)
    c = refactoring(tmp_path, monkeypatch, "a", synced=True)
    late = c.turn("Use a Pratt parser.", "Switched to Pratt.")
    c.messages.append({"role": "user", "content": "Now the lexer."})
    c.compress("b", "a", keep_head=2, keep_tail=3)
    c.sync_late("a", late)
    c.messages.append({"role": "assistant", "content": "Lexer done."})
    c.provider.sync_turn("Now the lexer.", "Lexer done.", session_id="b", messages=c.messages)
    c.end()
    assert c.logged("a") == [
        *refactored(("Use a Pratt parser.", "Switched to Pratt.")),
        ("user", "Now the lexer."),
    ]
    assert c.logged("b") == [("assistant", "Lexer done.")]


def test_a_turn_synced_without_a_list_after_resume_is_logged_under_its_own_session(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    c = refactoring(tmp_path, monkeypatch, "a", synced=True)
    c.switch("b", "a", "resume")
    c.provider.sync_turn("Use a Pratt parser.", "Switched to Pratt.", session_id="a")
    c.end()
    assert c.logged("a")[-2:] == pairs(("Use a Pratt parser.", "Switched to Pratt."))
    assert ("user", "Use a Pratt parser.") not in c.logged("b")


# -- through Hermes's own MemoryManager -------------------------------------------------------


def _through_hermes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, reason: str) -> HermesHome:
    """memdir loaded by Hermes's loader into a MemoryManager on session a, memdir's
    background worker on; a turn synced while Hermes's worker is behind, /resume or
    /branch (``reason``) inline, one turn in b."""
    with installed_hermes(tmp_path, monkeypatch, background=True) as at:
        m = at.manager("a")
        history: list[dict[str, Any]] = [dict(SYSTEM)]
        sync_all(m, "a", history, "Refactor the parser.", "Starting.")
        assert m.flush_pending(10)
        # the next turn's sync waits in the worker's queue while /resume or /branch
        # switches inline
        with held_worker(m):
            sync_all(m, "a", history, "Use a Pratt parser.", "Switched to Pratt.")
            m.on_session_switch("b", parent_session_id="a", reset=False, reason=reason)
        assert m.flush_pending(10)
        b = list(history) if reason == "branch" else [dict(SYSTEM)]
        sync_all(m, "b", b, "Deploy it.", "Ok.")
        assert m.flush_pending(10)
        m.on_session_end(b)
        m.shutdown_all()
    return at


def test_resume_while_hermes_worker_is_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    at = _through_hermes(tmp_path, monkeypatch, "resume")
    assert at.logged("a") == refactored(("Use a Pratt parser.", "Switched to Pratt."))
    assert at.logged("b") == pairs(("Deploy it.", "Ok."))


def test_branch_while_hermes_worker_is_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    at = _through_hermes(tmp_path, monkeypatch, "branch")
    assert at.logged("a") == refactored(("Use a Pratt parser.", "Switched to Pratt."))
    assert at.logged("b")[-2:] == pairs(("Deploy it.", "Ok."))


# -- random runs with Hermes's worker behind ---------------------------------------------------


def _late_run(tmp: Path, monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """A random Hermes run whose turns' syncs wait in a FIFO queue (Hermes's worker) while
    /resume, /branch and compression switch inline; the queue runs at random points and
    before a restart (``shutdown_all`` drains it). Every turn said in a session is logged
    in it, and a session logs no user text its conversation never held."""
    rng = random.Random(seed)
    c = Conversation(tmp, monkeypatch, "s0")
    run = RandomRun(c)
    said = run.said
    queue: list[tuple[str, str, str, list[dict[str, Any]]]] = []
    held_texts: dict[str, set[str]] = {"s0": set()}  # user texts each conversation held

    def drain() -> None:
        while queue:
            at, user, answer, messages = queue.pop(0)
            c.provider.sync_turn(user, answer, session_id=at, messages=messages)

    for step in range(16):
        op = rng.choice(["say"] * 5 + ["drain", "restart", "compress", "branch", "resume"])
        sid = run.sid
        if op == "say" or len(c.messages) < 3:
            user = "continue" if rng.random() < 0.3 else f"turn {seed}.{step}"
            answer = rng.choice(["OK.", "Done."])
            messages = c.turn(user, answer)
            said[sid].append(user)
            queue.append((sid, user, answer, messages))
            if rng.random() < 0.4:
                drain()
        elif op == "drain":
            drain()
        elif op == "restart":
            drain()
            c.restart(sid, reload=True)
        elif op in ("compress", "branch", "resume"):
            run.switch(op, rng)
        texts = {str(m.get("content")) for m in c.messages if m.get("role") == "user"}
        held_texts.setdefault(run.sid, set()).update(texts)
    drain()
    c.end()
    for session, texts in said.items():
        mine = [t for r, t in c.logged(session) if r == "user"]
        for text in set(texts):  # every turn said in a session is logged in it
            assert mine.count(text) >= texts.count(text), (seed, session, text, texts, mine)
        strays = [t for t in mine if t not in held_texts[session]]
        assert not strays, (seed, session, strays)  # nor another conversation's turns


@pytest.mark.parametrize("seed", range(24))
def test_random_runs_with_the_worker_behind_log_each_turn_in_its_session(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    _late_run(tmp_path, monkeypatch, seed)
