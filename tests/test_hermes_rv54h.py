"""rv54h: review attacks on mend54h's routing of Hermes's hooks when its mem-sync worker is
behind an inline switch, through Hermes 0.19's own MemoryManager (bench venv; skips
without Hermes). The house rule: a duplicate, never a loss; no turn in another session's
log."""

from __future__ import annotations

from pathlib import Path

import pytest

from hermes_helpers import held_worker, installed_hermes, pairs
from test_hermes_mend54h import Cli, check, users


# finding (medium): /undo's switch (no parent) while behind a /new makes the provider jump
# ahead of its worker, so /new's queued end of a is logged into c
def test_undo_while_behind_a_new(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """/new a→c queued, a turn in c, /undo inline (cli.py: on_session_switch(c,
    parent_session_id="", rewound=True)) before the worker ran /new: the provider jumps to
    c, then the worker's queued end of a runs on c (a's list logged into c, c ended early)."""
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
            cli = Cli(at.manager("s0"), "s0")
            branches: dict[str, str] = {}
            made = 1
            trace: list[str] = []  # what was done, for the failure's message
            for _ in range(OPS):
                op = rng.choice(["say", "say", "say", "new", "resume", "branch"])
                trace.append(f"{op}@{cli.current}:{made}")
                if op == "say":
                    cli.say(f"{cli.current} turn {len(cli.said[cli.current])}")
                elif op == "new":
                    cli.new(f"s{made}")
                    made += 1
                elif op == "resume":
                    others = [s for s in cli.histories if s != cli.current]
                    if others:
                        cli.resume(rng.choice(others))
                else:
                    branches[f"s{made}"] = cli.current
                    cli.branch(f"s{made}")
                    made += 1
            assert cli.m.flush_pending(30)
            cli.exit()
    finally:
        sys.setswitchinterval(interval)

    def lineage(sid: str) -> set[str]:
        out = set(cli.said[sid])
        while sid in branches:
            sid = branches[sid]
            out |= set(cli.said[sid])
        return out

    for sid, said in cli.said.items():
        got = users(at, sid)
        assert set(said) <= set(got), (seed, sid, said, got, trace)  # none lost
        assert set(got) <= lineage(sid), (seed, sid, said, got, trace)  # none strayed in


# finding (medium): the same /undo jump, then /resume: the provider ends up on c while
# Hermes is on b (persistently out of step): a's list into b, b's exit into c
def test_undo_then_resume_while_behind_a_new(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As above, then /resume c→b inline: the /undo jump left nothing noted, so the worker's
    end of a runs on b (a's list logged into b) and its switch to c takes the provider
    from b, where Hermes is, to c: b's exit (inline on_session_end) is then logged into c."""
    with installed_hermes(tmp_path, monkeypatch, background=True) as at:
        cli = Cli(at.manager("b"), "b")
        cli.say("b one")
        cli.new("a")
        cli.say("a one")
        assert cli.m.flush_pending(10)
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
