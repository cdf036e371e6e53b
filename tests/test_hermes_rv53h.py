"""rv53h: attacks on mend53h's Hermes provider (restart alignment with the stored log,
the reloaded-summary recogniser, the installer's BOM, the tool-name map). Each test
drives memdir's real ``MemdirProvider`` with call sequences Hermes 0.19 makes
(``hermes_cli/cli_commands_mixin.py``: ``/branch`` copies the history into a new session
whose parent may be reopened and go on; ``/resume`` switches with ``reason="resume"``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from test_mend53h import pairs, reloaded
from test_rv52d import Conversation


def test_resumed_branch_loses_a_turn_its_parent_said_after_the_fork(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # LOSS: the lineage log is the parent's WHOLE stored log + the child's, but a /branch
    # child shares only the parent's log up to the fork; the parent reopened and going on
    # with "continue" makes the child's new "continue" look logged already
    c = Conversation(tmp_path, monkeypatch, "p")
    c.say("Refactor the parser.", "Starting.")
    fork = list(c.messages)
    c.provider.on_session_switch("b", parent_session_id="p", reset=False, reason="branch")
    c.say("continue", "OK.")
    branch = list(c.messages)
    # back to the parent (/resume p) and on with it
    c.provider.on_session_switch("p", parent_session_id="b", reset=False, reason="resume")
    c.messages = reloaded(fork)
    c.say("continue", "OK.")
    # back to the branch (/resume b): state.db gives its history back, one more turn
    c.provider.on_session_switch("b", parent_session_id="p", reset=False, reason="resume")
    c.messages = reloaded(branch)
    c.say("continue", "OK.")
    c.end()
    assert c.logged("b") == pairs(("continue", "OK."), ("continue", "OK."))
