"""rv54h: review attacks on mend54h's routing of Hermes's hooks when its mem-sync worker is
behind an inline switch, through Hermes 0.19's own MemoryManager (bench venv; skips
without Hermes). The house rule: a duplicate, never a loss; no turn in another session's
log."""

from __future__ import annotations

from pathlib import Path

import pytest

from hermes_helpers import held_worker, installed_hermes, pairs
from test_hermes_mend54h import Cli, check, users


def test_undo_while_behind_a_new(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """/new a→c queued, a turn in c, /undo inline (cli.py: on_session_switch(c,
    parent_session_id="", rewound=True)) before the worker ran /new: the provider jumps to
    c, then the worker's queued end of a runs on c (a's list logged into c, c closed)."""
    with installed_hermes(tmp_path, monkeypatch, background=True) as at:
        cli = Cli(at.manager("a"), "a")
        cli.say("a one")
        assert cli.m.flush_pending(10)
        with held_worker(cli.m):
            cli.say("a two")
            cli.new("c")
            cli.say("c one")
            cli.histories["c"] = cli.history[:-2]  # /undo drops the turn
            cli.said["c"].remove("c one")
            cli.m.on_session_switch("c", parent_session_id="", reset=False, rewound=True)
            cli.say("c two")
        assert cli.m.flush_pending(10)
        cli.exit()
    assert at.logged("a") == pairs(("a one", "Ok."), ("a two", "Ok."))
    assert "a one" not in users(at, "c")  # a's turns strayed into c
    assert users(at, "c")[-1] == "c two"


def test_nine_races_behind_one_held_worker(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nine rounds of a turn, /new b_i→c_i queued and /resume c_i→b_(i+1) inline behind one
    held worker: the 9th overflows the 8 waiting switches kept, the worker takes c_1's
    switch for one of a chain, and b_1's queued end is logged into c_1 (a stray)."""
    with installed_hermes(tmp_path, monkeypatch, background=True) as at:
        cli = Cli(at.manager("b0"), "b0")
        for i in range(1, 10):
            cli.new(f"b{i}") if i > 1 else cli.new("b1")
            cli.say(f"b{i} zero")
        cli.resume("b0")
        cli.say("b0 zero")
        assert cli.m.flush_pending(10)
        with held_worker(cli.m):
            for i in range(9):
                cli.say(f"b{i} one")
                cli.new(f"c{i}")
                cli.resume(f"b{i + 1}")
        cli.say("b9 two")
        assert cli.m.flush_pending(30)
        cli.exit()
    check(at, cli)
