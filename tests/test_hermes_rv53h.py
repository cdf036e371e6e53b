"""rv53h: attacks on mend53h's Hermes provider (restart alignment with the stored log,
the reloaded-summary recogniser, the installer's BOM, the tool-name map). Each test
drives memdir's real ``MemdirProvider`` with call sequences Hermes 0.19 makes
(``hermes_cli/cli_commands_mixin.py``: ``/branch`` copies the history into a new session
whose parent may be reopened and go on; ``/resume`` switches with ``reason="resume"``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from hermes_helpers import (
    SUMMARY_PREFIX,
    SYSTEM,
    Conversation,
    installed_hermes,
    refactoring,
    reloaded,
)

pytestmark = pytest.mark.hermes  # needs hermes-agent: run by `make test-hermes`


def test_resumed_branch_loses_a_turn_its_parent_said_after_the_fork(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # LOSS: the lineage log is the parent's WHOLE stored log + the child's, but a /branch
    # child shares only the parent's log up to the fork; the parent reopened and going on
    # with "continue" makes the child's new "continue" look logged already
    c = refactoring(tmp_path, monkeypatch, "p")
    fork = list(c.messages)
    c.switch("b", "p", "branch")
    c.say("continue", "OK.")
    branch = list(c.messages)
    # back to the parent (/resume p) and on with it
    c.switch("p", "b", "resume", messages=reloaded(fork))
    c.say("continue", "OK.")
    # back to the branch (/resume b): state.db gives its history back, one more turn
    c.switch("b", "p", "resume", messages=reloaded(branch))
    c.say("continue", "OK.")
    c.end()
    # the branch's two "continue" turns (main logs the resumed list again: duplicates)
    assert c.logged("b").count(("user", "continue")) >= 2


def test_undo_restart_and_the_prefilled_text_resubmitted_is_logged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # LOSS: /undo soft-deletes the turn in state.db and prefills the composer with its
    # text (cli.py undo_last); after a restart the user sends it again and gets the same
    # short answer: the stored log still holds the undone turn at that position, so the
    # new turn is taken as logged (main logs the restarted list again: a duplicate)
    c = refactoring(tmp_path, monkeypatch, "s1", continues=1)
    c.messages = c.messages[:-2]  # /undo: history truncated before the user message
    c.provider.on_session_switch("s1", parent_session_id="", reset=False, rewound=True)
    c.restart("s1", reload=True)
    c.say("continue", "OK.")
    c.end()
    assert c.logged("s1").count(("user", "continue")) >= 2


def test_a_pasted_compaction_note_with_a_question_is_logged_in_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # MINOR LOSS: in process the summary carries its _compressed_summary key, yet the
    # branch's text test (meant for state.db reloads) runs on every list: a user pasting
    # the compaction note they saw, with their question after it, loses that turn (main
    # logs it; Hermes still sends it to the model as the user's message)
    c = Conversation(tmp_path, monkeypatch, "s1")
    c.say("Deploy the billing service.", "Deployed.")
    pasted = f"{SUMMARY_PREFIX}\n\nWhy did my last session show this text? Explain it."
    c.say(pasted, "That is Hermes's compaction note.")
    c.end()
    assert ("user", pasted) in c.logged("s1")


def test_an_answer_quoting_the_compaction_note_is_logged_in_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # MINOR LOSS: the same for the assistant: asked to quote the note word for word, its
    # final answer (no _compressed_summary key) is dropped as a summary (main logs it)
    c = Conversation(tmp_path, monkeypatch, "s1")
    quoted = f"{SUMMARY_PREFIX}\n\n— that is the whole note Hermes puts before a summary."
    c.say("Quote Hermes's compaction note word for word.", quoted)
    c.end()
    assert ("assistant", quoted) in c.logged("s1")


def test_undo_through_hermes_state_db_then_restart_logs_the_resubmitted_turn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # LOSS (Hermes's own state.db): the /undo of cli.py undo_last, soft-deleted with
    # SessionDB.rewind_to_message; the restarted history is get_messages_as_conversation;
    # the prefilled "continue" sent again, answered "OK." again, is never logged
    hermes_state = pytest.importorskip("hermes_state")
    db = hermes_state.SessionDB(tmp_path / "state.db")
    db.create_session("s1", "cli")
    c = Conversation(tmp_path, monkeypatch, "s1")
    for user, answer in [("Refactor the parser.", "Starting."), ("continue", "OK.")]:
        c.say(user, answer)
        db.append_message("s1", "user", user)
        db.append_message("s1", "assistant", answer)
    target = db.list_recent_user_messages("s1", limit=10)[0]["id"]
    db.rewind_to_message("s1", target)  # /undo
    c.provider.on_session_switch("s1", parent_session_id="", reset=False, rewound=True)
    c.restart("s1")
    c.messages = [c.messages[0], *db.get_messages_as_conversation("s1")]
    c.say("continue", "OK.")
    db.append_message("s1", "user", "continue")
    db.append_message("s1", "assistant", "OK.")
    c.end()
    db.close()
    assert c.logged("s1").count(("user", "continue")) >= 2


def test_branch_through_hermes_memory_manager_and_state_db(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # LOSS through Hermes itself: the memdir plugin installed with --activate and loaded by
    # Hermes's loader into its MemoryManager; /branch copies the history into a new
    # state.db session (cli_commands_mixin), the parent is /resume'd and goes on, then the
    # branch is /resume'd (get_messages_as_conversation, repair_alternation as /resume
    # does): the branch's second "continue" is never logged under it
    hermes_state = pytest.importorskip("hermes_state")
    with installed_hermes(tmp_path, monkeypatch, background=False) as at:
        db = hermes_state.SessionDB(at.hermes_home / "state.db")

        def say(m: Any, sid: str, history: list[dict[str, str]], user: str, answer: str) -> None:
            history += [{"role": "user", "content": user}, {"role": "assistant", "content": answer}]
            for message in history[-2:]:
                db.append_message(sid, message["role"], message["content"])
            m.sync_all(user, answer, session_id=sid, messages=[SYSTEM, *history])
            assert m.flush_pending(10)  # the turn done before a switch

        try:
            db.create_session("p", "cli")
            m = at.manager("p")
            history: list[dict[str, str]] = []
            say(m, "p", history, "Refactor the parser.", "Starting.")
            db.create_session("b", "cli", parent_session_id="p")  # /branch: the history copied
            for message in history:
                db.append_message("b", message["role"], message["content"])
            m.on_session_switch("b", parent_session_id="p", reset=False, reason="branch")
            say(m, "b", history, "continue", "OK.")
            m.on_session_switch("p", parent_session_id="b", reset=False, reason="resume")
            history = db.get_messages_as_conversation("p", repair_alternation=True)
            say(m, "p", history, "continue", "OK.")
            m.on_session_switch("b", parent_session_id="p", reset=False, reason="resume")
            history = db.get_messages_as_conversation("b", repair_alternation=True)
            say(m, "b", history, "continue", "OK.")
            m.on_session_end([SYSTEM, *history])
            m.shutdown_all()
        finally:
            db.close()
    assert at.logged("b").count(("user", "continue")) >= 2
