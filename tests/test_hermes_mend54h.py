"""mend54h: attacks on the provider's routing when Hermes's worker is behind an inline
switch (``/new`` queues its end and switch on the worker; ``/resume``, ``/branch`` and
compression switch inline). Through Hermes 0.19's own MemoryManager (bench venv; those
skip without Hermes), and one race on the provider itself. Every real turn must land in
its own session (a duplicate there is allowed, never a loss nor a stray in another
session)."""

from __future__ import annotations

import random
import sys
import threading
from pathlib import Path

import pytest

from hermes_helpers import (
    SYSTEM,
    Cli,
    CliRun,
    Conversation,
    check,
    held_worker,
    hermes_cli,
    installed_hermes,
    oks,
    pairs,
    users,
)

pytestmark = pytest.mark.hermes  # needs hermes-agent: run by `make test-hermes`


def test_turn_in_the_new_session_then_resume(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """/new queued, a turn in the new session (its sync queued behind), /resume b inline."""
    with hermes_cli(tmp_path, monkeypatch, "a", "b") as (at, cli):
        cli.resume("a")
        with held_worker(cli.m):
            cli.say("a two")
            cli.new("c")
            cli.say("c one")
            cli.resume("b")
        cli.say("b two")
        cli.caught_up_exit()
    check(at, cli)
    assert at.logged("a") == oks("a one", "a two")
    assert at.logged("b") == oks("b one", "b two")
    assert at.logged("c") == oks("c one")


def test_two_new_queued_then_resume(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A chain: /new a→c and /new c→d both queued, then /resume b inline."""
    with hermes_cli(tmp_path, monkeypatch, "b", "a") as (at, cli):
        with held_worker(cli.m):
            cli.say("a two")
            cli.new("c")
            cli.say("c one")
            cli.new("d")
            cli.resume("b")
        cli.say("b two")
        cli.caught_up_exit()
    check(at, cli)
    assert at.logged("a") == oks("a one", "a two")
    assert at.logged("b") == oks("b one", "b two")
    assert at.logged("c") == oks("c one")
    assert at.logged("d") == []


def test_new_resume_and_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """/new a→c queued, /resume b, /resume a inline: the queued end of a runs while a is
    current again (its turns logged once, a goes on)."""
    with hermes_cli(tmp_path, monkeypatch, "b", "a") as (at, cli):
        with held_worker(cli.m):
            cli.say("a two")
            cli.new("c")
            cli.resume("b")
            cli.resume("a")
            cli.say("a three")
        cli.say("a four")
        cli.caught_up_exit()
    check(at, cli)
    assert at.logged("a") == oks("a one", "a two", "a three", "a four")
    assert at.logged("b") == oks("b one")
    assert at.logged("c") == []


def test_two_races_in_a_row(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """/new a→c queued, /resume b, a turn, /new b→d queued, /resume e, all behind one
    held worker."""
    with hermes_cli(tmp_path, monkeypatch, "b", "e", "a") as (at, cli):
        with held_worker(cli.m):
            cli.say("a two")
            cli.new("c")
            cli.resume("b")
            cli.say("b two")
            cli.new("d")
            cli.resume("e")
            cli.say("e two")
        cli.say("e three")
        cli.caught_up_exit()
    check(at, cli)
    assert at.logged("b") == oks("b one", "b two")
    assert at.logged("e") == oks("e one", "e two", "e three")
    assert at.logged("c") == [] and at.logged("d") == []


def test_exit_while_behind(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """/new queued, /resume b inline, a turn, then exit before the worker ran any of it:
    run_agent's shutdown ends b inline, then shutdown_all drains the worker."""
    with hermes_cli(tmp_path, monkeypatch, "b", "a") as (at, cli):
        with held_worker(cli.m):
            cli.say("a two")
            cli.new("c")
            cli.resume("b")
            cli.say("b two")
            cli.m.on_session_end(list(cli.history))  # shutdown_memory_provider, inline
        cli.m.shutdown_all()  # drains the worker, then the providers' shutdown
    check(at, cli)
    assert at.logged("a") == oks("a one", "a two")
    assert at.logged("b") == oks("b one", "b two")


def test_branch_of_the_new_session_while_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """/new a→c queued, a turn in c, /branch c→c2 inline before the worker ran /new: c2 is
    c's child (its turn there), c keeps its turn, a its own."""
    with hermes_cli(tmp_path, monkeypatch, "a") as (at, cli):
        with held_worker(cli.m):
            cli.say("a two")
            cli.new("c")
            cli.say("c one")
            cli.branch("c2")
            cli.say("c2 one")
        cli.say("c2 two")
        cli.caught_up_exit()
    check(at, cli)
    assert at.logged("a") == oks("a one", "a two")
    assert at.logged("c") == oks("c one")
    c2 = users(at, "c2")
    assert c2[-2:] == ["c2 one", "c2 two"] and set(c2) <= {"c one", "c2 one", "c2 two"}


def test_repeated_identical_turns_across_the_race(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ "continue" said again and again in a and b while /new and /resume race: each one
    said is logged in its session (a repeated turn is a new turn)."""
    with installed_hermes(tmp_path, monkeypatch, background=True) as at:
        cli = Cli(at.manager("b"), "b")
        cli.say("continue", "OK.")
        cli.new("a")
        cli.say("continue", "OK.")
        assert cli.m.flush_pending(10)
        with held_worker(cli.m):
            cli.say("continue", "OK.")
            cli.new("c")
            cli.say("continue", "OK.")
            cli.resume("b")
            cli.say("continue", "OK.")
        cli.say("continue", "OK.")
        cli.caught_up_exit()
    assert at.logged("a") == pairs(*[("continue", "OK.")] * 2)
    assert at.logged("b") == pairs(*[("continue", "OK.")] * 3)
    assert at.logged("c") == pairs(("continue", "OK."))


def test_many_sessions_behind_one_held_worker(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Twelve sessions opened by /new and revisited by /resume, all behind a held worker
    (more than the 8 left sessions the provider keeps)."""
    with installed_hermes(tmp_path, monkeypatch, background=True) as at:
        cli = Cli(at.manager("s0"), "s0")
        cli.say("s0 turn 0")
        with held_worker(cli.m):
            for i in range(1, 12):
                cli.new(f"s{i}")
                cli.say(f"s{i} turn 0")
            for i in range(12):
                cli.resume(f"s{i}")
                cli.say(f"s{i} turn 1")
        cli.caught_up_exit(30)
    check(at, cli)
    for i in range(12):
        assert users(at, f"s{i}") == [f"s{i} turn 0", f"s{i} turn 1"]


def test_restart_after_the_race(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The race, exit, then a new process resumes b with its history reloaded: b's turns
    are not logged again, the new one is."""
    with hermes_cli(tmp_path, monkeypatch, "b", "a") as (at, cli):
        with held_worker(cli.m):
            cli.say("a two")
            cli.new("c")
            cli.resume("b")
            cli.say("b two")
        cli.caught_up_exit()
        history = cli.histories["b"]
        again = Cli(at.manager("b"), "b")
        again.histories["b"] = [dict(m) for m in history]
        again.say("b three")
        again.caught_up_exit()
    assert at.logged("b") == oks("b one", "b two", "b three")
    assert at.logged("a") == oks("a one", "a two")


@pytest.mark.parametrize("seed", range(6))
def test_random_new_resume_branch_with_the_worker_held(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    """Random runs of turns, /new, /resume and /branch, some stretches behind a held
    worker, others not (compression and restarts there, the worker caught up): no
    turn lost, none in another session (a branch or compression child holds its
    parent's turns too, as its lineage)."""
    rng = random.Random(seed)
    with installed_hermes(tmp_path, monkeypatch, background=True) as at:
        run = CliRun(at, Cli(at.manager("s0"), "s0"))
        ops = ["say", "say", "say", "new", "resume", "branch"]
        for _ in range(4):
            with held_worker(run.cli.m):
                for _ in range(rng.randint(1, 6)):
                    run.step(rng.choice(ops), rng, " held")
            for _ in range(rng.randint(0, 3)):
                run.step(rng.choice([*ops, "compress", "restart"]), rng)
        run.cli.caught_up_exit(30)
    run.check(seed)


def test_empty_new_after_a_queued_new(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """/new a→c queued (a has history), then /new again from the empty c: that switch is
    inline (nothing to end), naming c, which the provider has not reached."""
    with hermes_cli(tmp_path, monkeypatch, "a", caught_up=False) as (at, cli):
        with held_worker(cli.m):
            cli.say("a two")
            cli.new("c")
            cli.new("d")
            cli.say("d one")
        cli.say("d two")
        cli.caught_up_exit()
    check(at, cli)
    assert at.logged("a") == oks("a one", "a two")
    assert at.logged("d") == oks("d one", "d two")
    assert at.logged("c") == []


def test_in_place_compression_switch_while_behind_a_new(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """/new a→c queued, then Hermes's in-place compression of c (its switch names c as
    its own parent) inline: c is no child of itself, a keeps its turns, c gets its own."""
    import memdir

    with hermes_cli(tmp_path, monkeypatch, "a", caught_up=False) as (at, cli):
        with held_worker(cli.m):
            cli.say("a two")
            cli.new("c")
            cli.say("c one")
            cli.m.on_session_switch("c", parent_session_id="c", reset=False, reason="compression")
            cli.say("c two")
        cli.caught_up_exit()
    check(at, cli)
    assert at.logged("a") == oks("a one", "a two")
    assert at.logged("c") == oks("c one", "c two")
    assert memdir.open(at.home, at.project).sessions.get("hermes:c").parent_id is None


def test_a_sync_racing_an_inline_switch_stays_in_its_session(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Hermes's worker syncs a turn of s0 while the CLI thread switches to s1 (/resume):
    the sync must tell its session and log there in one step (main: it found s0 current,
    the switch came in between, and the turn went to s1). Threads switched as often as
    Python allows, so the interleaving comes up in most rounds."""
    c = Conversation(tmp_path, monkeypatch, "s0")
    history = [dict(SYSTEM)]
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        for i in range(40):
            history += [
                {"role": "user", "content": f"s0 {i}"},
                {"role": "assistant", "content": "Ok."},
            ]
            listed = list(history)
            worker = threading.Thread(
                target=c.provider.sync_turn,
                args=(f"s0 {i}", "Ok."),
                kwargs={"session_id": "s0", "messages": listed},
            )
            worker.start()
            c.switch("s1", "s0", "resume")
            worker.join()
            c.switch("s0", "s1", "resume")
    finally:
        sys.setswitchinterval(interval)
    c.end()
    assert c.logged("s1") == []
    assert c.logged("s0") == pairs(*[(f"s0 {i}", "Ok.") for i in range(40)])


# left (strict xfails): an inline hook that carries no session id, run while Hermes's worker
# is still behind a queued /new that no inline switch has told the provider of, goes to the
# session /new left. The provider cannot tell: nothing it has been called with names the
# new session yet (its syncs wait on the worker). It needs the worker stuck for a whole
# turn in the new session (memdir's own worker tasks are local writes). Nothing is lost:
# the new session's turns reach it by their queued syncs; the old one gets a stray copy.
@pytest.mark.xfail(
    strict=True,
    reason="minor: on_pre_compress inline while the worker is behind an unannounced /new "
    "logs the new session's list into the old one (a stray copy; nothing lost)",
)
def test_compress_while_behind_a_new(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with hermes_cli(tmp_path, monkeypatch, "a") as (at, cli):
        with held_worker(cli.m):
            cli.new("c")
            for n in range(3):
                cli.say(f"c {n}")
            cli.compress("c2")
            cli.say("c2 one")
        cli.caught_up_exit()
    assert users(at, "c") == ["c 0", "c 1", "c 2"]  # holds: nothing lost
    assert users(at, "a") == ["a one"]  # main and here: c's turns copied into a too


@pytest.mark.xfail(
    strict=True,
    reason="minor: exiting while the worker is behind an unannounced /new ends the old "
    "session with the new one's list (a stray copy; nothing lost)",
)
def test_exit_while_behind_a_new(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with hermes_cli(tmp_path, monkeypatch, "a") as (at, cli):
        with held_worker(cli.m):
            cli.new("c")
            cli.say("c one")
            cli.m.on_session_end(list(cli.history))  # shutdown_memory_provider, inline
        cli.m.shutdown_all()
    assert users(at, "c") == ["c one"]  # holds: nothing lost
    assert users(at, "a") == ["a one"]  # main and here: c's turn copied into a too
