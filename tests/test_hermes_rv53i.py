"""rv53i: attacks on inv53h's late ``sync_turn`` (hermes_provider): turns lost or strayed
when Hermes's worker is behind a switch, extraction re-queues, deadlocks."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from hermes_helpers import (
    SYSTEM,
    extraction_jobs,
    held_worker,
    installed_hermes,
    pairs,
    refactored,
    refactoring,
    sync_all,
)

pytestmark = pytest.mark.hermes  # needs hermes-agent: run by `make test-hermes`


# checked fine: two late syncs for a left session queue one extraction job, not two
def test_two_late_syncs_queue_one_extraction(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    c = refactoring(tmp_path, monkeypatch, "a", synced=True)
    l1 = c.turn("Use a Pratt parser.", "Switched.")
    l2 = c.turn("Add tests.", "Added.")
    c.switch("b", "a", "resume")
    c.sync_late("a", l1)
    c.sync_late("a", l2)
    c.messages = [dict(SYSTEM)]
    c.sync("b", "Deploy it.", "Deployed.")
    c.end()
    assert c.logged("a") == refactored(
        ("Use a Pratt parser.", "Switched."), ("Add tests.", "Added.")
    )
    jobs = extraction_jobs(tmp_path, "hermes:a")
    assert len(jobs) == 1


# checked fine: a late sync for a session left twice (a -> b -> a -> b) is logged there
def test_abab(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    c = refactoring(tmp_path, monkeypatch, "a", synced=True)
    late = c.turn("Use a Pratt parser.", "Switched.")
    a_hist = list(c.messages)
    c.switch("b", "a", "resume", messages=[dict(SYSTEM)])
    b_late = c.turn("Deploy it.", "Deployed.")
    c.switch("a", "b", "resume", messages=list(a_hist))
    c.switch("b", "a", "resume")
    c.sync_late("a", late)
    c.sync_late("b", b_late)
    c.messages = list(b_late)
    c.sync("b", "Roll back.", "Rolled.")
    c.end()
    assert c.logged("a") == refactored(("Use a Pratt parser.", "Switched."))
    assert c.logged("b") == pairs(("Deploy it.", "Deployed."), ("Roll back.", "Rolled."))


# checked fine: a late sync naming the current session after switching back is logged once
def test_late_sync_for_current_after_switch_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    c = refactoring(tmp_path, monkeypatch, "a", synced=True)
    late = c.turn("Use a Pratt parser.", "Switched.")
    a_hist = list(c.messages)
    c.switch("b", "a", "resume")
    c.switch("a", "b", "resume", messages=list(a_hist))
    late2 = c.turn("Add tests.", "Added.")
    c.sync_late("a", late)
    c.sync_late("a", late2)
    c.end()
    assert c.logged("a") == refactored(
        ("Use a Pratt parser.", "Switched."), ("Add tests.", "Added.")
    )
    assert c.logged("b") == []


# minor: a 9th-oldest left session's state is dropped; its late turn goes to the current one
# (lost from a, a stray in s8) instead of memdir's session for a opened again
def test_nine_left(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    c = refactoring(tmp_path, monkeypatch, "a", synced=True)
    late = c.turn("Use a Pratt parser.", "Switched.")
    prev = "a"
    for i in range(9):
        c.switch(f"s{i}", prev, "new_session", reset=True)
        prev = f"s{i}"
    c.sync_late("a", late)
    c.messages = [dict(SYSTEM)]
    c.end()
    assert c.logged("a") == refactored(("Use a Pratt parser.", "Switched."))
    assert c.logged("s8") == []
    assert len(extraction_jobs(tmp_path, "hermes:a")) == 1  # its extraction queued again, once


# -- through Hermes's MemoryManager --------------------------------------------------------


# medium: /new queues on_session_end(a) + on_session_switch(c) on Hermes's worker
# (cli.py, commit_session_boundary_async); a /resume b inline before the worker runs them:
# a's end logs a's turns into b and closes b, the late switch makes c current, and b's
# turns and end land in c (strays in b and c; the branch only handles sync_turn's id)
def test_new_queued_then_resume_inline(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with installed_hermes(tmp_path, monkeypatch, background=True) as at:
        m = at.manager("a")
        a, b = [dict(SYSTEM)], [dict(SYSTEM)]
        sync_all(m, "a", a, "Refactor the parser.", "Starting.")
        assert m.flush_pending(10)
        m.on_session_switch("b", parent_session_id="a", reset=True, reason="new_session")
        sync_all(m, "b", b, "Deploy it.", "Ok.")
        assert m.flush_pending(10)
        m.on_session_switch("a", parent_session_id="b", reset=False, reason="resume")
        with held_worker(m):  # the worker behind
            sync_all(m, "a", a, "Use a Pratt parser.", "Switched.")
            # /new: end a and switch to c, queued; then /resume b inline
            m.commit_session_boundary_async(a, new_session_id="c", parent_session_id="a")
            m.on_session_switch("b", parent_session_id="c", reset=False, reason="resume")
        assert m.flush_pending(10)
        sync_all(m, "b", b, "Roll back.", "Ok.")
        assert m.flush_pending(10)
        m.on_session_end(b)
        m.shutdown_all()
    assert at.logged("a") == refactored(("Use a Pratt parser.", "Switched."))
    assert at.logged("b") == pairs(("Deploy it.", "Ok."), ("Roll back.", "Ok."))
    assert at.logged("c") == []


# checked fine: tool calls, system block, pre-compress, switches and shutdown on the CLI
# thread while the worker syncs late turns: no deadlock (RLock; nothing waits across threads)
def test_no_deadlock_with_the_worker_syncing_late(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    errors: list[BaseException] = []

    def run(m: Any) -> None:
        try:
            a = [dict(SYSTEM)]
            for i in range(6):
                sync_all(m, "a", a, f"turn {i}", "Ok.")
            m.on_session_switch("b", parent_session_id="a", reset=False, reason="resume")
            for _ in range(5):
                m.handle_tool_call("memdir_search", {"query": "turn"})
                m.build_system_prompt()
                m.on_pre_compress([dict(SYSTEM)])
                m.prefetch_all("turn")
            m.on_session_switch("a", parent_session_id="b", reset=False, reason="resume")
            m.on_session_switch("b", parent_session_id="a", reset=False, reason="resume")
            m.shutdown_all()
        except BaseException as exc:  # noqa: BLE001
            errors.append(exc)

    with installed_hermes(tmp_path, monkeypatch, background=True) as at:
        t = threading.Thread(target=run, args=(at.manager("a"),), daemon=True)
        t.start()
        t.join(120)
        assert not t.is_alive(), "deadlocked"
        assert not errors, errors
    assert [t for r, t in at.logged("a") if r == "user"] == [f"turn {i}" for i in range(6)]
