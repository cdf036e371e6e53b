"""mend53h2: the Hermes provider's restart alignment bounded (``hermes_provider``): a
parent's stored log counts only up to the fork, the turn in hand after a restart is new
whatever the stored log holds, and a summary is told by its text only in a list reloaded
from state.db. Drives memdir's real ``MemdirProvider`` as Hermes 0.19 calls it."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from hermes_helpers import (
    SUMMARY_PREFIX,
    Conversation,
    RandomRun,
    pairs,
    refactored,
    refactoring,
    reloaded,
)
from memdir.interop.install.hermes_provider import MemdirProvider

pytestmark = pytest.mark.hermes  # needs hermes-agent: run by `make test-hermes`


def test_a_branch_parent_counts_in_the_lineage_only_up_to_the_fork(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # p forks b, b says one turn, p is resumed and says another: a restarted provider on
    # b reads p's log only up to the fork, never the turn p said after it
    c = refactoring(tmp_path, monkeypatch, "p")
    fork = list(c.messages)
    c.switch("b", "p", "branch")
    c.say("Lexer first.", "Lexer done.")
    c.switch("p", "b", "resume", messages=reloaded(fork))
    c.say("Parser after the fork.", "Parsed.")
    c.restart("b")
    lineage = c.lineage("b")
    assert lineage == refactored(("Lexer first.", "Lexer done."))
    c.end()


def test_a_resumed_compression_parent_counts_only_up_to_the_fork(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # s1 compressed into s2; s1 resumed by its own id (no tip lookup) and going on: s2's
    # lineage holds s1's log up to the compression only
    c = refactoring(tmp_path, monkeypatch, "s1", continues=1)
    before = list(c.messages)
    c.compress("s2", "s1", keep_head=2, keep_tail=2)
    c.say("continue", "OK.")
    c.switch("s1", "", "resume", messages=reloaded(before))
    c.say("Said in s1 after the compression.", "Noted.")
    c.restart("s2")
    lineage = c.lineage("s2")
    assert ("user", "Said in s1 after the compression.") not in lineage
    assert lineage[-2:] == pairs(("continue", "OK."))
    c.end()


def test_a_pasted_compaction_note_as_the_first_turn_after_a_restart_is_logged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the first list after a restart is reloaded, but the turn in hand is this run's:
    # the text recogniser does not run on it
    c = Conversation(tmp_path, monkeypatch, "s1")
    c.say("Deploy the billing service.", "Deployed.")
    c.restart("s1", reload=True)
    pasted = f"{SUMMARY_PREFIX}\n\nWhy did my last session show this text?"
    c.say(pasted, "That is Hermes's compaction note.")
    c.end()
    assert c.logged("s1")[-2:] == pairs((pasted, "That is Hermes's compaction note."))


def test_a_reloaded_summary_stays_unlogged_in_the_later_lists_of_the_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the reloaded summary (no key) is told by its text in the first list; the same
    # message in the run's later lists is still Hermes's summary: neither it nor the
    # tail after it is logged again
    c = refactoring(tmp_path, monkeypatch, "s1", continues=3)
    c.compress("s2", "s1", keep_head=2, keep_tail=2, body="the parser refactor")
    c.say("Next step.", "Done.")
    c.restart("s2", reload=True)
    c.say("One.", "1.")
    c.say("Two.", "2.")
    c.end()
    assert c.logged("s2") == pairs(("Next step.", "Done."), ("One.", "1."), ("Two.", "2."))


def test_compression_within_the_first_turn_after_undo_and_restart_logs_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # /undo, restart, the prefilled text sent again, and Hermes's preflight compression
    # hands the list (ending with that user message) to on_pre_compress first: new
    c = refactoring(tmp_path, monkeypatch, "s1", continues=1)
    c.messages = c.messages[:-2]
    c.provider.on_session_switch("s1", parent_session_id="", reset=False, rewound=True)
    c.restart("s1")
    c.messages = [*reloaded(c.messages), {"role": "user", "content": "continue"}]
    c.provider.on_pre_compress(list(c.messages))
    c.end()
    assert c.logged("s1").count(("user", "continue")) == 2


# -- random sequences ------------------------------------------------------------------------


def _run(tmp: Path, monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """A random Hermes run (say, restart, compress, /branch, /resume of any session,
    /undo, with and without a restart after): every turn said in a session must be
    logged in that session or in one it continues (a duplicate is fine)."""
    rng = random.Random(seed)
    words = ["continue", "yes", "OK.", "Next.", "continue"]
    c = Conversation(tmp, monkeypatch, "s0")
    run = RandomRun(c)
    held, said = run.held, run.said
    spared: dict[str, list[str]] = {}  # undone there, logged in a parent
    for step in range(14):
        op = rng.choice(["say"] * 5 + ["restart", "compress", "branch", "resume", "undo"])
        sid = run.sid
        if op == "say" or len(c.messages) < 3:
            user = rng.choice(words) if rng.random() < 0.6 else f"turn {seed}.{step}"
            c.say(user, rng.choice(["OK.", "Done.", "yes"]))
            said[sid].append(user)
        elif op == "restart":
            held[sid] = reloaded(c.messages)
            c.restart(sid, reload=True)
        elif op in ("compress", "branch", "resume"):
            run.switch(op, rng)
        elif op == "undo":
            users = [i for i, m in enumerate(c.messages) if m.get("role") == "user"]
            last = c.messages[users[-1]] if users else {}
            if users and not str(last["content"]).startswith(SUMMARY_PREFIX[:20]):
                undone = last["content"]  # (a summary, marked or reloaded, is no turn)
                after = c.messages[users[-1] + 1 : users[-1] + 2]
                answer = after[0]["content"] if after else "OK."
                # hidden by Hermes: a retyped one stands for it (in process it counts as
                # logged, by design, even when the undone turn was logged in a parent)
                if undone in said[sid]:
                    said[sid].remove(undone)
                else:
                    spared.setdefault(sid, []).append(undone)
                c.messages = c.messages[: users[-1]]
                c.provider.on_session_switch(sid, parent_session_id="", reset=False, rewound=True)
                if rng.random() < 0.5:
                    held[sid] = reloaded(c.messages)
                    c.restart(sid, reload=True)
                    if rng.random() < 0.6:  # the prefilled text sent again, same answer
                        c.say(undone, answer)
                        said[sid].append(undone)
    c.end()
    for session, texts in said.items():
        mine = [t for r, t in c.logged(session) if r == "user"]
        for text in set(texts):  # every turn said in a session is logged in it
            have = mine.count(text) + spared.get(session, []).count(text)
            assert have >= texts.count(text), (seed, session, text, texts, mine)


@pytest.mark.parametrize("seed", [*range(20), 343, 594])  # lost by rv53h
def test_random_runs_lose_no_turn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    _run(tmp_path, monkeypatch, seed)


def test_the_provider_module_is_the_one_under_test() -> None:
    assert MemdirProvider.__module__ == "memdir.interop.install.hermes_provider"
