"""Review rv52d2 of 0e08170c: memdir's Hermes provider aligning message lists by position.

Drives memdir's own ``MemdirProvider`` (``hermes_helpers.Conversation``) with the message lists
Hermes 0.19 hands it. Shapes from Hermes 0.19's source: a ``/skill`` turn's user message is
the expanded skill text (``agent/skill_commands.py``: ``build_skill_invocation_message``)
while ``sync_turn`` gets only the user's instruction
(``MemoryManager._strip_skill_scaffolding``); an image turn keeps its list content while
``sync_turn`` gets ``[1 image] text`` (``_summarize_user_message_for_log``); ``/compress``
keeps the last user message and answer in the tail (``context_compressor.py``:
``_ensure_last_user_message_in_tail``).

Findings (lost turns fail; duplicates/pollution are strict xfail): a turn whose user text
differs from sync_turn's ``user_content`` (/skill, image) is lost when it repeats the kept
tail after compression; a turn repeating the one compressed turn is lost (the extends-what-
was-logged fast path runs before the new summary is looked at); a restarted provider logs
the history again; a reloaded summary (no ``_compressed_summary`` key) is logged as the
user's words."""

from __future__ import annotations

from pathlib import Path

import pytest

from hermes_helpers import END_MARKER, SUMMARY_PREFIX, Conversation


def skill_turn(skill: str, instruction: str) -> str:
    """The user message Hermes 0.19 puts in its list for ``/<skill> <instruction>``."""
    return "\n".join(
        [
            f'[IMPORTANT: The user has invoked the "{skill}" skill, indicating they want '
            "you to follow its instructions. The full skill content is loaded below.]",
            "",
            f"# {skill}\nRun `gh run list --limit 5` and report whether CI is green.",
            "",
            "The user has provided the following instruction alongside the skill "
            f"invocation: {instruction}",
        ]
    )


def say_skill(c: Conversation, instruction: str, answer: str) -> None:
    c.messages += [
        {"role": "user", "content": skill_turn("ci-status", instruction)},
        {"role": "assistant", "content": answer},
    ]
    # MemoryManager.sync_all strips the scaffolding: the provider gets the instruction only
    c.provider.sync_turn(instruction, answer, session_id="", messages=list(c.messages))


def test_repeated_skill_turn_after_compression_is_logged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # MAJOR. The user checks CI with the same skill turn and gets the same answer; /compress
    # keeps the last turn as the tail. sync_turn's user_content (the instruction) matches no
    # message text, so `turn` is None and the new turn, which repeats the kept tail, aligns
    # as a longer suffix of what was logged: nothing is logged, the turn is lost.
    c = Conversation(tmp_path, monkeypatch, "s1")
    c.say("Watch CI for the release branch.", "Will do.")
    logged = c.repeat_across_compression(
        lambda _: say_skill(c, "release branch", "CI is still running."), 3
    )
    assert [r for r, _ in logged] == ["user", "assistant"], logged


def test_repeated_image_turn_after_compression_is_logged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # MAJOR. Same hole with an image turn: Hermes keeps the list content (a plain-text
    # persist override does not replace image blocks) and passes sync_turn
    # "[1 image] same error?", which no message's text equals.
    c = Conversation(tmp_path, monkeypatch, "s1")
    c.say("The build keeps failing.", "Send me a screenshot.")
    logged = c.repeat_across_compression(
        lambda _: c.say_image("same error?", "Yes, the same linker error."), 3
    )
    assert len(logged) == 2, logged


def test_provider_restart_does_not_log_the_conversation_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # minor (duplicates). A new process (gateway agent evicted and rebuilt, hermes
    # --resume) builds a fresh provider on the same session id; its first sync_turn gets the
    # whole history and logs every earlier turn again.
    c = Conversation(tmp_path, monkeypatch, "s1")
    c.say("Rotate the deploy key.", "Rotated.")
    c.say("Now the staging one.", "Done.")
    c.restart("s1")
    c.say("Thanks.", "Welcome.")
    c.end()
    assert len(c.logged("s1")) == 6, c.logged("s1")


def test_turn_repeating_the_one_compressed_turn_is_logged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # MAJOR. /compress drops one "continue"/"OK." turn (the middle) and keeps the last as
    # the tail. The next identical turn makes the child's list (head, tail, new turn; the
    # summary left out) equal, message for message, to what was logged (head, middle,
    # tail): the `said[:len(seen)] == seen` fast path runs before the new summary mark is
    # looked at, so the new turn counts as logged and is never written.
    c = Conversation(tmp_path, monkeypatch, "s1")
    c.say("Refactor the parser module.", "Starting with the lexer.")
    logged = c.repeat_across_compression(lambda _: c.say("continue", "OK."), 2)
    assert logged == [("user", "continue"), ("assistant", "OK.")]


def test_summary_in_a_reloaded_history_is_not_logged_as_a_user_turn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # minor (not a loss; pollution). Hermes's state.db keeps role/content/tool columns only
    # (hermes_state.get_messages_as_conversation), so a compressed session resumed or
    # rebuilt in a new process has its summary without the in-process _compressed_summary
    # key: since 0e08170c dropped the prefix test, the whole compaction summary is logged
    # as if the user had said it (and extraction reads it as the user's words).
    c = Conversation(tmp_path, monkeypatch, "s2")
    c.messages += [
        {"role": "user", "content": "Deploy the billing service."},
        {"role": "assistant", "content": "Deployed."},
        {
            "role": "user",
            "content": f"{SUMMARY_PREFIX}\n... billing was deployed ...\n\n{END_MARKER}",
        },
        {"role": "user", "content": "continue"},
        {"role": "assistant", "content": "OK."},
    ]
    c.say("Thanks.", "Welcome.")
    c.end()
    assert not any(text.startswith("[CONTEXT COMPACTION") for _, text in c.logged("s2"))
