"""mend53h: trying to break the Hermes provider's restart alignment and its reloaded
summary (``hermes_provider``): no real turn may be lost; a duplicate is allowed where the
stored log and the list cannot be aligned.

Drives memdir's own ``MemdirProvider`` (``hermes_helpers.Conversation``) with the lists Hermes
0.19 hands it: a restarted process builds a new provider on the same session id and its
first list is the whole history as state.db gives it back (``hermes_state``:
``get_messages_as_conversation``: role/content/tool columns, no ``_``-key, user and
assistant text stripped); ``/resume`` switches with ``reason="resume"``; ``/undo`` keeps
the id (rewound)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hermes_helpers import (
    END_MARKER,
    SUMMARY_PREFIX,
    SYSTEM,
    Conversation,
    pairs,
    refactored,
    refactoring,
    reloaded,
    summary,
)

pytestmark = pytest.mark.hermes  # needs hermes-agent: run by `make test-hermes`


def test_a_repeated_turn_right_after_a_restart_is_logged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    c = refactoring(tmp_path, monkeypatch, "s1", continues=1)
    c.restart("s1")
    c.say("continue", "OK.")
    c.end()
    assert c.logged("s1") == refactored(continues=2)


def test_restart_then_turns_without_a_list_then_a_list(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # sync_turn with the two texts only (no list), then the whole history at the end
    c = Conversation(tmp_path, monkeypatch, "s1")
    c.say("Rotate the deploy key.", "Rotated.")
    c.restart("s1")
    for user, answer in [("yes", "Done."), ("yes", "Done.")]:
        c.messages += [{"role": "user", "content": user}, {"role": "assistant", "content": answer}]
        c.provider.sync_turn(user, answer, session_id="s1")
    c.say("yes", "Done.")  # with its list
    c.end()
    assert c.logged("s1") == pairs(
        ("Rotate the deploy key.", "Rotated."), ("yes", "Done."), ("yes", "Done."), ("yes", "Done.")
    )


def test_restart_with_tool_calls_logs_nothing_twice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the stored log gives tool calls back as memdir logged them: the alignment must see
    # the same calls in Hermes's list (arguments a JSON string there)
    c = Conversation(tmp_path, monkeypatch, "s1")
    fn = {"name": "terminal", "arguments": '{"command": "make test"}'}
    c.messages += [
        {"role": "user", "content": "Run the tests."},
        {"role": "assistant", "content": "", "tool_calls": [{"id": "c1", "function": fn}]},
        {"role": "tool", "tool_call_id": "c1", "content": "ok: 12 passed"},
        {"role": "assistant", "content": "All 12 pass."},
    ]
    c.provider.sync_turn("Run the tests.", "All 12 pass.", messages=list(c.messages))
    c.restart("s1", reload=True)
    c.say("Thanks.", "Welcome.")
    c.end()
    logged = c.logged("s1")
    assert [r for r, _ in logged] == ["user", "assistant", "tool", "assistant", "user", "assistant"]


def test_restart_after_an_undone_turn_logs_the_new_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # /undo takes the last turn out of Hermes's list (state.db: inactive rows), not out of
    # memdir's log: after a restart the stored log is longer than the list's shared part
    c = Conversation(tmp_path, monkeypatch, "s1")
    c.say("Deploy to staging.", "Deployed to staging.")
    c.say("Deploy to prod.", "Deployed to prod.")
    c.messages = c.messages[:-2]  # /undo
    c.restart("s1")
    c.say("Roll staging back.", "Rolled back.")
    c.end()
    assert c.logged("s1")[-2:] == pairs(("Roll staging back.", "Rolled back."))


def test_restart_when_state_db_gives_text_back_stripped_logs_the_new_turn_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # state.db strips user/assistant text: the same message, aligned
    c = Conversation(tmp_path, monkeypatch, "s1")
    c.say("  Check the backups.  ", "Backups are fine.\n")
    c.restart("s1")
    c.messages = [SYSTEM, {"role": "user", "content": "Check the backups."}]
    c.messages.append({"role": "assistant", "content": "Backups are fine."})
    c.say("Check the backups.", "Still fine.")
    c.end()
    logged = [(r, t.strip()) for r, t in c.logged("s1")]
    said = ("Check the backups.", "Backups are fine."), ("Check the backups.", "Still fine.")
    assert logged == pairs(*said)


def test_restart_when_the_stored_text_differs_logs_the_rest_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a history whose text changed since it was logged (sanitize_context took a fence
    # out): the stored log and the list disagree from there on; the rest is logged again
    c = Conversation(tmp_path, monkeypatch, "s1")
    c.say("Check the backups.", "Backups are fine. <memory-context>x</memory-context>")
    c.restart("s1")
    c.messages[-1] = {"role": "assistant", "content": "Backups are fine."}
    c.say("Check the backups.", "Still fine.")
    c.end()
    logged = c.logged("s1")
    assert logged[-2:] == pairs(("Check the backups.", "Still fine."))
    assert ("assistant", "Backups are fine.") in logged


def test_restart_after_in_place_compression_logs_a_turn_repeating_the_tail(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # compressed in place (same id), then a new process: the list holds head, the summary
    # (reloaded: no key), the kept tail; the new turn says the tail's words again
    c = refactoring(tmp_path, monkeypatch, "s1", continues=3)
    c.provider.on_pre_compress(list(c.messages))
    c.messages = [*c.messages[:3], summary("the parser refactor"), *c.messages[-2:]]
    c.switch("s1", "s1", "compression")
    c.restart("s1", reload=True)
    c.say("continue", "OK.")
    c.end()
    logged = c.logged("s1")
    assert logged == refactored(continues=4)


def test_restart_in_a_compression_child_loses_no_turn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # rotated to child s2 (which logged only what followed the tail), then a new process
    # on s2 whose list is head + summary + tail + s2's turns: nothing may be lost
    c = refactoring(tmp_path, monkeypatch, "s1", continues=3)
    c.compress("s2", "s1", keep_head=2, keep_tail=2, body="the parser refactor")
    c.say("continue", "OK.")
    c.restart("s2", reload=True)
    c.say("continue", "OK.")
    c.end()
    child = c.logged("s2")
    assert child.count(("user", "continue")) >= 2, child
    assert child[-2:] == pairs(("continue", "OK."))
    assert not any(text.startswith("[CONTEXT COMPACTION") for _, text in child)
    # the head and tail were logged in the parent (s1, s2's memdir parent): not again
    assert ("user", "Refactor the parser.") not in child, child


def test_restart_two_compressions_deep_logs_the_new_turn_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    c = Conversation(tmp_path, monkeypatch, "s1")
    c.say("Deploy the billing service?", "Migrations first?")
    for n in range(3):
        c.say("yes", f"Migration {n} applied.")
    c.compress("s2", "s1", keep_head=2, keep_tail=2, body="migrations applied")
    c.say("Now the search service.", "Shall I deploy it?")
    c.compress("s3", "s2", keep_head=2, keep_tail=2, body="migrations applied; search next")
    c.say("yes", "Search deployed.")
    c.restart("s3", reload=True)
    c.say("yes", "Search verified.")
    c.end()
    assert c.logged("s3") == pairs(("yes", "Search deployed."), ("yes", "Search verified."))


def test_restart_in_a_branch_logs_only_the_branch_turns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # /branch: the child holds the parent's history copied; memdir's child is its child
    c = Conversation(tmp_path, monkeypatch, "s1")
    c.say("Plan the migration.", "Plan ready.")
    c.switch("s2", "s1", "branch")
    c.say("Try plan B.", "Plan B ready.")
    c.restart("s2")
    c.say("Try plan B.", "Plan B again.")
    c.end()
    assert c.logged("s1") == pairs(("Plan the migration.", "Plan ready."))
    assert c.logged("s2") == pairs(
        ("Try plan B.", "Plan B ready."), ("Try plan B.", "Plan B again.")
    )


def test_compression_after_a_restart_logs_the_repeated_turn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    c = refactoring(tmp_path, monkeypatch, "s1", continues=1)
    c.restart("s1")
    c.say("continue", "OK.", times=2)
    c.compress("s2", "s1", keep_head=2, keep_tail=2)
    c.say("continue", "OK.")
    c.end()
    assert c.logged("s1") == refactored(continues=3)
    assert c.logged("s2") == pairs(("continue", "OK."))


def test_resume_logs_a_turn_saying_what_the_resumed_session_ended_with(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # /resume b (b logged by memdir earlier): its stored log is what was logged; a turn
    # saying b's last turn again is a new turn
    c = Conversation(tmp_path, monkeypatch, "b")
    c.say("Drop the staging tables?", "Shall I?")
    c.say("yes", "Dropped.")
    b = list(c.messages)
    c.switch("a", "b", "new_session", reset=True, messages=[dict(SYSTEM)])
    c.say("yes", "Dropped.")  # a new session, the same words
    c.switch("b", "a", "resume", messages=reloaded(b))
    c.say("yes", "Dropped.")
    c.end()
    assert c.logged("a") == pairs(("yes", "Dropped."))
    assert c.logged("b") == pairs(
        ("Drop the staging tables?", "Shall I?"), *[("yes", "Dropped.")] * 2
    )


def test_a_resumed_session_memdir_never_logged_is_logged_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    c = Conversation(tmp_path, monkeypatch, "a")
    c.say("Hello.", "Hi.")
    c.switch(
        "b", "a", "resume", messages=[dict(SYSTEM), {"role": "user", "content": "Old question."}]
    )
    c.messages.append({"role": "assistant", "content": "Old answer."})
    c.say("yes", "Done.")
    c.end()
    assert c.logged("b") == pairs(("Old question.", "Old answer."), ("yes", "Done."))


@pytest.mark.parametrize(
    "text",
    [
        "[CONTEXT SUMMARY]: my own notes on the deploy",  # Hermes's legacy opening
        "[CONTEXT COMPACTION — REFERENCE ONLY] my own words",  # the opening alone
        f"Why did you get this? {SUMMARY_PREFIX}",  # quoted, not at the start
    ],
)
def test_a_user_message_like_a_summary_is_logged_after_a_restart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str
) -> None:
    c = Conversation(tmp_path, monkeypatch, "s1")
    c.say(text, "Noted.")
    c.restart("s1")
    c.say(text, "Noted again.")
    c.end()
    assert c.logged("s1") == pairs((text, "Noted."), (text, "Noted again."))


def test_a_reloaded_summary_merged_into_the_tail_is_not_logged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    c = Conversation(tmp_path, monkeypatch, "s1")
    c.say("Migrate the users table.", "Done.")
    c.say("Now the orders table.", "Done too.")
    merged = (
        "[PRIOR CONTEXT — for reference only; not a new message]\nNow the orders table.\n\n"
        "[END OF PRIOR CONTEXT — COMPACTION SUMMARY BELOW]\n\n"
        f"{SUMMARY_PREFIX}\nthe users table was migrated\n\n{END_MARKER}"
    )
    c.restart("s1")
    c.messages = [*c.messages[:3], {"role": "user", "content": merged}, c.messages[-1]]
    c.say("Thanks.", "Welcome.")
    c.end()
    logged = c.logged("s1")
    assert not any("COMPACTION SUMMARY" in text for _, text in logged), logged
    assert logged[-2:] == pairs(("Thanks.", "Welcome."))


def test_a_new_session_whose_first_turns_come_without_a_list_loses_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the first list of a session is aligned with its stored log, which already holds the
    # turns sync_turn logged from its two texts: they must not also be matched again
    # against the list's later, identical turns (the first try at this lost two)
    c = Conversation(tmp_path, monkeypatch, "s1")
    for _ in range(2):
        c.messages += [{"role": "user", "content": "yes"}, {"role": "assistant", "content": "OK."}]
        c.provider.sync_turn("yes", "OK.", session_id="s1")
    c.say("yes", "OK.")
    c.say("yes", "OK.")
    c.end()
    assert c.logged("s1") == pairs(*[("yes", "OK.")] * 4)


def test_compression_right_after_a_restart_logs_the_next_turn_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a long history reloaded is compressed before its first turn: on_pre_compress gets
    # the whole history first (aligned with the stored log), then the child's list
    c = refactoring(tmp_path, monkeypatch, "s1", continues=3)
    c.restart("s1", reload=True)
    c.compress("s2", "s1", keep_head=2, keep_tail=2, body="the parser refactor")
    c.say("continue", "OK.")
    c.end()
    assert c.logged("s1") == refactored(continues=3)
    assert c.logged("s2") == pairs(("continue", "OK."))


def test_resume_into_a_compressed_session_logs_the_new_turn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # /resume b2 (a compression child of b1) in the same process: its history comes from
    # state.db, summary unmarked; the new turn repeats b2's kept tail
    c = refactoring(tmp_path, monkeypatch, "b1", continues=3)
    c.compress("b2", "b1", keep_head=2, keep_tail=2, body="the parser refactor")
    c.say("continue", "OK.")
    b2 = reloaded(c.messages)
    c.switch("a", "b2", "new_session", reset=True, messages=[dict(SYSTEM)])
    c.say("Hello.", "Hi.")
    c.switch("b2", "a", "resume", messages=b2)
    c.say("continue", "OK.")
    c.end()
    child = c.logged("b2")
    assert child[-2:] == pairs(("continue", "OK."))
    assert child.count(("user", "continue")) >= 2, child
    assert not any("COMPACTION" in text for _, text in child), child


def test_a_repeated_image_turn_after_a_restart_is_logged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    c = Conversation(tmp_path, monkeypatch, "s1")
    c.say_image("same error?", "Yes, the linker error.")
    c.restart("s1")
    c.say_image("same error?", "Yes, the linker error.")
    c.end()
    assert c.logged("s1") == pairs(*[("same error?", "Yes, the linker error.")] * 2)
