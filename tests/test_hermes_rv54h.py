"""rv54h: review attacks on mend54h's routing of Hermes's hooks when its mem-sync worker is
behind an inline switch, through Hermes 0.19's own MemoryManager (bench venv; skips
without Hermes). The house rule: a duplicate, never a loss; no turn in another session's
log."""

from __future__ import annotations

from pathlib import Path

import pytest

from hermes_helpers import (
    Cli,
    CliRun,
    check,
    held_worker,
    hermes_cli,
    installed_hermes,
    nine_races,
    oks,
    users,
)

pytestmark = pytest.mark.hermes  # needs hermes-agent: run by `make test-hermes`


# finding (medium): /undo's switch (no parent) while behind a /new makes the provider jump
# ahead of its worker, so /new's queued end of a is logged into c
def test_undo_while_behind_a_new(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """/new a→c queued, a turn in c, /undo inline (cli.py: on_session_switch(c,
    parent_session_id="", rewound=True)) before the worker ran /new: the provider jumps to
    c, then the worker's queued end of a runs on c (a's list logged into c, c ended early)."""
    with hermes_cli(tmp_path, monkeypatch, "a") as (at, cli):
        with held_worker(cli.m):
            cli.say("a two")
            cli.new("c")
            cli.say("c one")
            cli.histories["c"] = cli.history[:-2]  # /undo drops the turn
            cli.said["c"].remove("c one")
            cli.m.on_session_switch("c", parent_session_id="", reset=False, rewound=True)
            cli.say("c two")
        cli.caught_up_exit()
    assert at.logged("a") == oks("a one", "a two")
    assert "a one" not in users(at, "c")  # a's turns strayed into c
    assert users(at, "c")[-1] == "c two"


# finding (low-medium): past 8 waiting inline switches the oldest is dropped and a queued
# end is logged into another session (b1's list into c0);
# the same overflow came up unheld: a free worker slowed by memdir's inline extraction
# (MEMDIR_BACKGROUND=0) fell 8 switches behind within 150 random ops, and s3's whole list
# was logged into s13 (test_random_races_with_a_free_worker, OPS=150, seeds 4-59)
def test_nine_races_behind_one_held_worker(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Nine rounds (i = 0..8) of a turn in b_i, /new b_i→c_i queued and /resume c_i→b_(i+1)
    inline, behind one held worker: the 9th overflows the 8 waiting switches kept
    (``del self._ahead[:-_LEFT]``), the worker takes c0's switch for one of a chain, and
    b1's queued end is logged into c0."""
    with installed_hermes(tmp_path, monkeypatch, background=True) as at:
        cli = nine_races(at)
    check(at, cli)


OPS = 60  # at 150 some seeds overflow the 8 waiting switches (see above)


# checked fine (passes on mend54h at 60 ops): real interleavings of the worker and the CLI
@pytest.mark.parametrize("seed", range(4))
def test_random_races_with_a_free_worker(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    """Random turns, /new, /resume and /branch with Hermes's worker running freely and the
    threads switched as often as Python allows: the worker runs /new's end and switch
    at any point between the CLI thread's inline switches (real interleavings, not a
    held gate)."""
    import random
    import sys

    rng = random.Random(seed)
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        with installed_hermes(tmp_path, monkeypatch, background=False) as at:
            run = CliRun(at, Cli(at.manager("s0"), "s0"))
            for _ in range(OPS):
                op = rng.choice(["say", "say", "say", "new", "resume", "branch"])
                run.step(op, rng, f":{run.made}")
            run.cli.caught_up_exit(30)
    finally:
        sys.setswitchinterval(interval)
    run.check(seed)


# finding (medium): the same /undo jump, then /resume: the provider ends up on c while
# Hermes is on b (persistently out of step): a's list into b, b's exit into c
def test_undo_then_resume_while_behind_a_new(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As above, then /resume c→b inline: the /undo jump left nothing noted, so the worker's
    end of a runs on b (a's list logged into b) and its switch to c takes the provider
    from b, where Hermes is, to c: b's exit (inline on_session_end) is then logged into c."""
    with hermes_cli(tmp_path, monkeypatch, "b", "a") as (at, cli):
        with held_worker(cli.m):
            cli.say("a two")
            cli.new("c")
            cli.say("c one")
            cli.m.on_session_switch("c", parent_session_id="", reset=False, rewound=True)
            cli.resume("b")
            cli.say("b two")
        assert cli.m.flush_pending(10)
        cli.say("b three")
        cli.exit()
    check(at, cli)  # fails: b holds a one, a two; c holds b one, b two, b three
