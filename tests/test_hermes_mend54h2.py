"""mend54h2: past the bound on inline switches waiting for Hermes's worker (``_WAITING``,
set low here: a real worker never falls that far behind), the worker's queued ends of
``/new`` still land in their own sessions: each is held for the switch queued with it,
which names the session ``/new`` left. Through Hermes 0.19's own MemoryManager (bench
venv; skips without Hermes)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hermes_helpers import held_worker, installed_hermes, pairs
from memdir.interop.install import hermes_provider
from test_hermes_mend54h import Cli, check


def test_nine_races_past_the_bound(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """rv54h's nine races (a turn in b_i, /new b_i→c_i queued, /resume c_i→b_(i+1) inline)
    behind one held worker with room for 8 waiting switches: the oldest is dropped, and
    b1's queued end still goes to b1 (was: into c0)."""
    monkeypatch.setattr(hermes_provider, "_WAITING", 8)
    with installed_hermes(tmp_path, monkeypatch, background=True) as at:
        cli = Cli(at.manager("b0"), "b0")
        for i in range(1, 10):
            cli.new(f"b{i}")
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
    for i in range(9):
        assert at.logged(f"c{i}") == []


def test_past_the_bound_then_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Room for one waiting switch: /new a→c queued, /resume b, a turn, /new b→d queued,
    /resume a (the first waiting switch dropped): a's queued end is logged in a, which goes
    on, b's in b (was: into c), and the provider stays on a once the worker caught up."""
    monkeypatch.setattr(hermes_provider, "_WAITING", 1)
    with installed_hermes(tmp_path, monkeypatch, background=True) as at:
        cli = Cli(at.manager("b"), "b")
        cli.say("b one")
        cli.new("a")
        cli.say("a one")
        assert cli.m.flush_pending(10)
        with held_worker(cli.m):
            cli.say("a two")
            cli.new("c")
            cli.resume("b")
            cli.say("b two")
            cli.new("d")
            cli.resume("a")
            cli.say("a three")
        cli.say("a four")
        assert cli.m.flush_pending(10)
        cli.exit()
    check(at, cli)
    assert at.logged("a") == pairs(*[(f"a {n}", "Ok.") for n in ("one", "two", "three", "four")])
    assert at.logged("b") == pairs(("b one", "Ok."), ("b two", "Ok."))
    assert at.logged("c") == at.logged("d") == []
