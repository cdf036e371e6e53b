"""Review rv52d of mend52d: Hermes compression logging, recall's anchor rule, tool names.

The Hermes tests drive memdir's own ``MemdirProvider`` with the message lists Hermes 0.19
hands it (shapes from ``agent/context_compressor.py`` and ``cli.py``), so they run in the
main venv; the recall tests use ``MemorySession.recall``, the path the hooks and Hermes's
prefetch take (one through the real Claude Code hook)."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from hermes_helpers import (
    END_MARKER,
    MERGED_DELIMITER,
    MERGED_HEADER,
    SUMMARY,
    SYSTEM,
    Conversation,
)
from memdir.engine import Memdir
from memdir.interop.install.hermes_provider import MemdirProvider
from test_claude_code_hooks import Hook

# --- Hermes: what a compression child logs --------------------------------------------


def test_continue_said_again_after_compression_is_logged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the user's 2nd-since-compression "continue" collides with a parent key ("continue":2): lost
    c = Conversation(tmp_path, monkeypatch, "s1")
    c.say("Refactor the parser module.", "Starting with the lexer.")
    # the compression keeps one "continue" of four
    logged = c.repeat_across_compression(lambda n: c.say("continue", f"Step {n} done."), 4)
    assert ("assistant", "Step 4 done.") in logged
    assert logged[logged.index(("assistant", "Step 4 done.")) - 1] == ("user", "continue")


def test_two_compressions_in_a_row_lose_no_repeated_turn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # after a second compression, "yes" (said 3 times before) is lost again in the grandchild
    c = Conversation(tmp_path, monkeypatch, "s1")
    c.say("Deploy the billing service?", "Shall I run the migrations first?")
    for n in range(3):
        c.say("yes", f"Migration {n} applied.")
    c.compress("s2", "s1", keep_head=2, keep_tail=2)
    c.say("Now the search service.", "Shall I deploy it?")
    c.compress("s3", "s2", keep_head=2, keep_tail=2)
    c.say("yes", "Search deployed.")
    c.end()
    assert ("user", "yes") in c.logged("s3")


def test_continue_after_in_place_compression_is_logged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Hermes's in-place compression switches to the SAME id (conversation_compression.py):
    # the switch returns early, keys stay, and the next "continue" is lost (main too)
    c = Conversation(tmp_path, monkeypatch, "s1")
    c.say("Refactor the parser module.", "Starting with the lexer.")
    logged = c.repeat_across_compression(
        lambda n: c.say("continue", f"Step {n} done."), 3, new_id="s1"
    )
    assert logged[logged.index(("assistant", "Step 3 done.")) - 1] == ("user", "continue")


def test_resume_does_not_inherit_the_left_conversations_logged_turns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Hermes's /resume passes the left session as parent_session_id with reset=False: the
    # branch keeps conversation A's keys, and the first "yes" of resumed B is never logged
    c = Conversation(tmp_path, monkeypatch, "a")
    c.say("Drop the old staging tables?", "Shall I?")
    c.say("yes", "Dropped.")
    # /resume b: Hermes loads b's stored history, then tells the provider (cli.py, "resume")
    c.messages = [dict(SYSTEM), {"role": "user", "content": "Rotate the deploy key?"}]
    c.messages.append({"role": "assistant", "content": "Shall I rotate it now?"})
    c.switch("b", "a", "resume")
    c.say("yes", "Rotated.")
    c.end()
    assert ("user", "yes") in c.logged("b")


def test_summary_merged_into_the_kept_tail_is_not_logged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Hermes merges the summary into the first tail message when neither role fits (head ends
    # in assistant, tail starts with user); that message opens with "[PRIOR CONTEXT", so the
    # whole compaction summary is logged into the child (and the kept turn a second time)
    c = Conversation(tmp_path, monkeypatch, "s1")
    c.say("Migrate the users table.", "Done.")
    c.say("Now the orders table.", "Done too.")
    c.say("And the invoices table.", "All three migrated.")
    c.provider.on_pre_compress(list(c.messages))
    tail = dict(c.messages[-2])
    tail["content"] = (
        f"{MERGED_HEADER}\n{tail['content']}\n\n{MERGED_DELIMITER}\n\n"
        f"{SUMMARY} ... the users and orders tables were migrated ...\n\n{END_MARKER}"
    )
    tail["_compressed_summary"] = True  # Hermes marks it so
    c.messages = [*c.messages[:3], tail, c.messages[-1]]
    c.provider.on_session_switch("s2", parent_session_id="s1", reset=False)
    c.say("Thanks.", "You're welcome.")
    c.end()
    assert c.logged("s2") == [("user", "Thanks."), ("assistant", "You're welcome.")]


def test_a_user_message_opening_like_a_summary_is_still_logged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the prefix test, not Hermes's _compressed_summary mark, decides: a user's own words vanish
    c = Conversation(tmp_path, monkeypatch, "s1")
    c.say("[CONTEXT SUMMARY] the deploy key lives at vault kv/deploy", "Noted.")
    c.end()
    assert ("user", "[CONTEXT SUMMARY] the deploy key lives at vault kv/deploy") in c.logged("s1")


def test_a_turn_saying_the_kept_tail_again_word_for_word_is_logged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # mend52d2: the new turn repeats the kept tail exactly ("continue" / "OK."), so the
    # child's list after the head also aligns with a longer end of what the parent logged
    c = Conversation(tmp_path, monkeypatch, "s1")
    c.say("Refactor the parser module.", "Starting with the lexer.")
    logged = c.repeat_across_compression(lambda _: c.say("continue", "OK."), 3)
    assert logged == [("user", "continue"), ("assistant", "OK.")]


def test_compression_within_a_tool_loop_logs_each_message_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # mend52d2: Hermes compresses mid-turn (the turn's user message and first tool call are
    # in the kept tail, logged by on_pre_compress); the same poll is called again after it
    c = Conversation(tmp_path, monkeypatch, "s1")
    c.say("Watch the deploy.", "Watching.")
    c.say("continue", "Still rolling.")

    def call(n: int) -> list[dict[str, Any]]:
        fn = {"name": "terminal", "arguments": '{"command": "kubectl rollout status"}'}
        return [
            {"role": "assistant", "content": "", "tool_calls": [{"id": f"c{n}", "function": fn}]},
            {"role": "tool", "tool_call_id": f"c{n}", "content": "waiting"},
        ]

    c.messages += [{"role": "user", "content": "continue"}, *call(1)]
    c.compress("s2", "s1", keep_head=2, keep_tail=3)  # the turn so far is the tail
    c.messages += [*call(2), {"role": "assistant", "content": "Rolled out."}]
    c.provider.sync_turn("continue", "Rolled out.", messages=list(c.messages))
    c.end()
    parent, child = c.logged("s1"), c.logged("s2")
    assert parent[-3:] == [("user", "continue"), ("assistant", ""), ("tool", "waiting")]
    assert child == [("assistant", ""), ("tool", "waiting"), ("assistant", "Rolled out.")]


def test_summary_merged_into_the_turns_own_message_loses_nothing_after_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # mend52d2: mid-turn, the summary is merged into the kept user message of this very
    # turn; the turn's user text is then nowhere unmarked, and its answer is still logged
    c = Conversation(tmp_path, monkeypatch, "s1")
    c.say("Migrate the users table.", "Done.")
    c.say("yes", "Next?")
    c.messages.append({"role": "user", "content": "yes"})
    c.provider.on_pre_compress(list(c.messages))
    merged = {"role": "user", "content": f"{MERGED_HEADER}\nyes\n\n{MERGED_DELIMITER}\n\n"}
    merged["_compressed_summary"] = True
    c.messages = [*c.messages[:3], merged]
    c.switch("s2", "s1", "compression")
    c.messages.append({"role": "assistant", "content": "Migrated the orders table."})
    c.provider.sync_turn("yes", "Migrated the orders table.", messages=list(c.messages))
    c.end()
    assert c.logged("s1")[-1] == ("user", "yes")
    assert c.logged("s2") == [("assistant", "Migrated the orders table.")]


# --- Hermes: the names of memdir's tools ----------------------------------------------


def test_hermes_tool_schemas_name_only_hermes_tool_names() -> None:
    # walk52's complaint (a tool name the model does not have) survives in the schema text
    text = str(MemdirProvider().get_tool_schemas())
    for memdir_name in ("memory_read", "memory_search", "session_search"):
        # a name on its own (Hermes's memdir_session_search holds "session_search")
        assert not re.search(rf"(?<!\w){memdir_name}\b", text), memdir_name


# --- recall: the anchor rule ----------------------------------------------------------


def _log(md: Memdir, sid: str, when: datetime, text: str) -> None:
    with md.session(agent="t", session_id=sid, started_at=when) as s:
        s.log("user", text, timestamp=when)
        s.log("assistant", "OK.", timestamp=when + timedelta(minutes=1))


@pytest.mark.parametrize(
    ("said", "asked"),
    [
        ("PR #1234 breaks the login page on Safari.", "what's the status of #1234?"),
        ("The upload fails with HTTP 413 when the file is over 10 MB.", "why do I get a 413?"),
        ("Release 2.3 drops support for Python 3.8.", "what changed in 2.3?"),
        ("Postgres listens on 5433 on this box, not the default.", "is it 5433?"),
        ("The contract with Acme ends on 2027-03-31.", "what happens on 2027-03-31?"),
        ("The NAS is at 192.168.1.10 on the office network.", "what is 192.168.1.10?"),
    ],
)
def test_recall_finds_a_passage_sharing_a_ticket_code_version_port_or_date(
    md: Memdir, said: str, asked: str
) -> None:
    # identifiers are numbers: main recalls each passage, the anchor rule drops every one
    now = md.clock()
    _log(md, "past", now - timedelta(days=3), said)
    _log(md, "noise", now - timedelta(days=2), "We use pnpm in this repository.")
    with md.session(agent="t") as s:
        assert said in (s.recall(asked) or ""), asked


def test_what_did_we_do_yesterday_recalls_yesterday(md: Memdir) -> None:
    # the commonest memory question is all stop words and a time: main recalls, branch nothing
    now = md.clock()
    _log(
        md,
        "yesterday",
        now - timedelta(days=1),
        "We moved the staging database to the new cluster.",
    )
    with md.session(agent="t") as s:
        assert "staging database" in (s.recall("what did we do yesterday?") or "")


def test_hook_recalls_a_ticket_passage_by_its_number(tmp_path: Path) -> None:
    # the same regression through the real UserPromptSubmit hook
    hook = Hook(tmp_path)
    hook.say(
        ("user", "PR #1234 breaks the login page on Safari."),
        ("assistant", "I will look at the Safari login bug."),
    )
    hook.run(hook.payload("stop"))
    later = "0f1e2d3c-0000-4000-8000-000000000002"
    out = hook.run(
        hook.payload("user_prompt_submit", session_id=later, prompt="any news on #1234?")
    )
    assert "breaks the login page" in out.stdout


def test_an_extra_stop_word_does_not_bring_back_number_only_recall(md: Memdir) -> None:
    # "is it 2+2 again?" recalls "release version 2" although "what is 2+2" does not
    now = md.clock()
    _log(md, "release", now - timedelta(days=3), "How do I release version 2 of billing?")
    with md.session(agent="t") as s:
        assert s.recall("what is 2+2") is None
        assert s.recall("is it 2+2 again?") is None


def test_a_german_sum_recalls_nothing(md: Memdir) -> None:
    # the rule the branch promises ("what is 2+2" recalls nothing), asked in German
    now = md.clock()
    _log(md, "release", now - timedelta(days=3), "Version 2 der Abrechnung ist fertig.")
    with md.session(agent="t") as s:
        assert s.recall("Was ist 2+2?") is None
