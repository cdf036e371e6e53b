"""mend54h2: past the bound on inline switches waiting for Hermes's worker (``_WAITING``,
set low here: a real worker never falls that far behind), the worker's queued ends of
``/new`` still land in their own sessions: each is held for the switch queued with it,
which names the session ``/new`` left. Through Hermes 0.19's own MemoryManager (bench
venv; skips without Hermes)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hermes_helpers import check, held_worker, hermes_cli, installed_hermes, nine_races, oks
from memdir.interop.install import hermes_provider

pytestmark = pytest.mark.hermes  # needs hermes-agent: run by `make test-hermes`


def test_nine_races_past_the_bound(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """rv54h's nine races (a turn in b_i, /new b_i→c_i queued, /resume c_i→b_(i+1) inline)
    behind one held worker with room for 8 waiting switches: the oldest is dropped, and
    b1's queued end still goes to b1 (was: into c0)."""
    monkeypatch.setattr(hermes_provider, "_WAITING", 8)
    with installed_hermes(tmp_path, monkeypatch, background=True) as at:
        cli = nine_races(at)
    check(at, cli)
    for i in range(9):
        assert at.logged(f"c{i}") == []


def test_past_the_bound_then_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Room for one waiting switch: /new a→c queued, /resume b, a turn, /new b→d queued,
    /resume a (the first waiting switch dropped): a's queued end is logged in a, which goes
    on, b's in b (was: into c), and the provider stays on a once the worker caught up."""
    monkeypatch.setattr(hermes_provider, "_WAITING", 1)
    with hermes_cli(tmp_path, monkeypatch, "b", "a") as (at, cli):
        with held_worker(cli.m):
            cli.say("a two")
            cli.new("c")
            cli.resume("b")
            cli.say("b two")
            cli.new("d")
            cli.resume("a")
            cli.say("a three")
        cli.say("a four")
        cli.caught_up_exit()
    check(at, cli)
    assert at.logged("a") == oks("a one", "a two", "a three", "a four")
    assert at.logged("b") == oks("b one", "b two")
    assert at.logged("c") == at.logged("d") == []
