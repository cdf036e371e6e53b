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
from typing import Any

import pytest

from hermes_helpers import (
    SYSTEM,
    Conversation,
    held_worker,
    installed_hermes,
    pairs,
    reloaded,
    summary,
    sync_all,
)


class Cli:
    """Hermes's CLI as it drives the MemoryManager ``m`` (cli.py ``new_session``,
    cli_commands_mixin ``/resume`` and ``/branch``, run_agent ``shutdown_memory_provider``):
    one history per session, as state.db gives it back on ``/resume``."""

    def __init__(self, m: Any, session_id: str) -> None:
        self.m = m
        self.current = session_id
        self.histories: dict[str, list[dict[str, Any]]] = {session_id: [dict(SYSTEM)]}
        self.said: dict[str, list[str]] = {session_id: []}  # user texts said in each

    @property
    def history(self) -> list[dict[str, Any]]:
        return self.histories[self.current]

    def say(self, user: str, answer: str = "Ok.") -> None:
        sync_all(self.m, self.current, self.history, user, answer)
        self.said[self.current].append(user)

    def new(self, new_id: str) -> None:
        old, snapshot = self.current, list(self.history)
        self.current = new_id
        self.histories[new_id] = [dict(SYSTEM)]
        self.said.setdefault(new_id, [])
        if len(snapshot) > 1:  # history: its end and the switch queued as one task
            self.m.commit_session_boundary_async(
                snapshot, new_session_id=new_id, parent_session_id=old, reason="new_session"
            )
        else:
            self.m.on_session_switch(
                new_id, parent_session_id=old, reset=True, reason="new_session"
            )

    def resume(self, target: str) -> None:
        old, self.current = self.current, target
        self.histories[target] = [dict(m) for m in self.histories[target]]  # reloaded
        self.m.on_session_switch(target, parent_session_id=old, reset=False, reason="resume")

    def branch(self, new_id: str) -> None:
        old, self.current = self.current, new_id
        self.histories[new_id] = list(self.histories[old])
        self.said[new_id] = []
        self.m.on_session_switch(new_id, parent_session_id=old, reset=False, reason="branch")

    def compress(self, new_id: str) -> None:
        """/compress between turns (rotation): the pre-compress hook, then the list as
        head (first turn) + summary + tail (last turn), under a child id."""
        old = self.current
        self.m.on_pre_compress(list(self.history))
        head, tail = self.history[:3], self.history[3:][-2:]
        self.current = new_id
        self.histories[new_id] = [*head, summary("Work so far."), *tail]
        self.said[new_id] = []
        self.m.on_session_switch(new_id, parent_session_id=old, reset=False, reason="compression")

    def exit(self) -> None:
        self.m.on_session_end(list(self.history))
        self.m.shutdown_all()

    def restart(self, at: Any) -> None:
        """Exit, and a new process on the current session, its history reloaded."""
        self.exit()
        self.m = at.manager(self.current)
        self.histories[self.current] = reloaded(self.history)


def users(at: Any, session_id: str) -> list[str]:
    return [t for r, t in at.logged(session_id) if r == "user"]


def check(at: Any, cli: Cli) -> None:
    """Each session holds every turn said in it (none lost) and no turn said in another."""
    for sid, said in cli.said.items():
        got = users(at, sid)
        assert set(said) <= set(got), (sid, said, got)  # none lost
        assert set(got) <= set(said), (sid, said, got)  # none strayed in


def test_turn_in_the_new_session_then_resume(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """/new queued, a turn in the new session (its sync queued behind), /resume b inline."""
    with installed_hermes(tmp_path, monkeypatch, background=True) as at:
        cli = Cli(at.manager("a"), "a")
        cli.say("a one")
        cli.new("b")
        cli.say("b one")
        assert cli.m.flush_pending(10)
        cli.resume("a")
        with held_worker(cli.m):
            cli.say("a two")
            cli.new("c")
            cli.say("c one")
            cli.resume("b")
        cli.say("b two")
        assert cli.m.flush_pending(10)
        cli.exit()
    check(at, cli)
    assert at.logged("a") == pairs(("a one", "Ok."), ("a two", "Ok."))
    assert at.logged("b") == pairs(("b one", "Ok."), ("b two", "Ok."))
    assert at.logged("c") == pairs(("c one", "Ok."))


def test_two_new_queued_then_resume(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A chain: /new a→c and /new c→d both queued, then /resume b inline."""
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
            cli.new("d")
            cli.resume("b")
        cli.say("b two")
        assert cli.m.flush_pending(10)
        cli.exit()
    check(at, cli)
    assert at.logged("a") == pairs(("a one", "Ok."), ("a two", "Ok."))
    assert at.logged("b") == pairs(("b one", "Ok."), ("b two", "Ok."))
    assert at.logged("c") == pairs(("c one", "Ok."))
    assert at.logged("d") == []


def test_new_resume_and_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """/new a→c queued, /resume b, /resume a inline: the queued end of a runs while a is
    current again (its turns logged once, a goes on)."""
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
            cli.resume("a")
            cli.say("a three")
        cli.say("a four")
        assert cli.m.flush_pending(10)
        cli.exit()
    check(at, cli)
    assert at.logged("a") == pairs(*[(f"a {n}", "Ok.") for n in ("one", "two", "three", "four")])
    assert at.logged("b") == pairs(("b one", "Ok."))
    assert at.logged("c") == []


def test_two_races_in_a_row(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """/new a→c queued, /resume b, a turn, /new b→d queued, /resume e, all behind one
    held worker."""
    with installed_hermes(tmp_path, monkeypatch, background=True) as at:
        cli = Cli(at.manager("b"), "b")
        cli.say("b one")
        cli.new("e")
        cli.say("e one")
        cli.new("a")
        cli.say("a one")
        assert cli.m.flush_pending(10)
        with held_worker(cli.m):
            cli.say("a two")
            cli.new("c")
            cli.resume("b")
            cli.say("b two")
            cli.new("d")
            cli.resume("e")
            cli.say("e two")
        cli.say("e three")
        assert cli.m.flush_pending(10)
        cli.exit()
    check(at, cli)
    assert at.logged("b") == pairs(("b one", "Ok."), ("b two", "Ok."))
    assert at.logged("e") == pairs(("e one", "Ok."), ("e two", "Ok."), ("e three", "Ok."))
    assert at.logged("c") == [] and at.logged("d") == []


def test_exit_while_behind(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """/new queued, /resume b inline, a turn, then exit before the worker ran any of it:
    run_agent's shutdown ends b inline, then shutdown_all drains the worker."""
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
            cli.m.on_session_end(list(cli.history))  # shutdown_memory_provider, inline
        cli.m.shutdown_all()  # drains the worker, then the providers' shutdown
    check(at, cli)
    assert at.logged("a") == pairs(("a one", "Ok."), ("a two", "Ok."))
    assert at.logged("b") == pairs(("b one", "Ok."), ("b two", "Ok."))


def test_branch_of_the_new_session_while_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """/new a→c queued, a turn in c, /branch c→c2 inline before the worker ran /new: c2 is
    c's child (its turn there), c keeps its turn, a its own."""
    with installed_hermes(tmp_path, monkeypatch, background=True) as at:
        cli = Cli(at.manager("a"), "a")
        cli.say("a one")
        assert cli.m.flush_pending(10)
        with held_worker(cli.m):
            cli.say("a two")
            cli.new("c")
            cli.say("c one")
            cli.branch("c2")
            cli.say("c2 one")
        cli.say("c2 two")
        assert cli.m.flush_pending(10)
        cli.exit()
    check(at, cli)
    assert at.logged("a") == pairs(("a one", "Ok."), ("a two", "Ok."))
    assert at.logged("c") == pairs(("c one", "Ok."))
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
        assert cli.m.flush_pending(10)
        cli.exit()
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
        assert cli.m.flush_pending(30)
        cli.exit()
    check(at, cli)
    for i in range(12):
        assert users(at, f"s{i}") == [f"s{i} turn 0", f"s{i} turn 1"]


def test_restart_after_the_race(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The race, exit, then a new process resumes b with its history reloaded: b's turns
    are not logged again, the new one is."""
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
        assert cli.m.flush_pending(10)
        cli.exit()
        history = cli.histories["b"]
        again = Cli(at.manager("b"), "b")
        again.histories["b"] = [dict(m) for m in history]
        again.say("b three")
        assert again.m.flush_pending(10)
        again.exit()
    assert at.logged("b") == pairs(("b one", "Ok."), ("b two", "Ok."), ("b three", "Ok."))
    assert at.logged("a") == pairs(("a one", "Ok."), ("a two", "Ok."))


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
        cli = Cli(at.manager("s0"), "s0")
        branches: dict[str, str] = {}  # child → parent
        made = 1
        trace: list[str] = []  # what was done, for the failure's message

        def step(held: bool) -> None:
            nonlocal made
            ops = ["say", "say", "say", "new", "resume", "branch"]
            op = rng.choice(ops if held else [*ops, "compress", "restart"])
            trace.append(f"{op}@{cli.current}{' held' if held else ''}")
            if op == "say":
                cli.say(f"{cli.current} turn {len(cli.said[cli.current])}")
            elif op == "new":
                cli.new(f"s{made}")
                made += 1
            elif op == "resume":
                others = [s for s in cli.histories if s != cli.current]
                if others:
                    cli.resume(rng.choice(others))
            elif op == "restart":
                assert cli.m.flush_pending(30)  # (behind: test_exit_while_behind_a_new)
                cli.restart(at)
            elif op == "compress":
                assert cli.m.flush_pending(30)  # (behind: test_compress_while_behind_a_new)
                if len(cli.history) > 5:
                    branches[f"s{made}"] = cli.current
                    cli.compress(f"s{made}")
                    made += 1
            else:
                branches[f"s{made}"] = cli.current
                cli.branch(f"s{made}")
                made += 1

        for _ in range(4):
            with held_worker(cli.m):
                for _ in range(rng.randint(1, 6)):
                    step(True)
            for _ in range(rng.randint(0, 3)):
                step(False)
        assert cli.m.flush_pending(30)
        cli.exit()

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


def test_empty_new_after_a_queued_new(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """/new a→c queued (a has history), then /new again from the empty c: that switch is
    inline (nothing to end), naming c, which the provider has not reached."""
    with installed_hermes(tmp_path, monkeypatch, background=True) as at:
        cli = Cli(at.manager("a"), "a")
        cli.say("a one")
        with held_worker(cli.m):
            cli.say("a two")
            cli.new("c")
            cli.new("d")
            cli.say("d one")
        cli.say("d two")
        assert cli.m.flush_pending(10)
        cli.exit()
    check(at, cli)
    assert at.logged("a") == pairs(("a one", "Ok."), ("a two", "Ok."))
    assert at.logged("d") == pairs(("d one", "Ok."), ("d two", "Ok."))
    assert at.logged("c") == []


def test_in_place_compression_switch_while_behind_a_new(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """/new a→c queued, then Hermes's in-place compression of c (its switch names c as
    its own parent) inline: c is no child of itself, a keeps its turns, c gets its own."""
    import memdir

    with installed_hermes(tmp_path, monkeypatch, background=True) as at:
        cli = Cli(at.manager("a"), "a")
        cli.say("a one")
        with held_worker(cli.m):
            cli.say("a two")
            cli.new("c")
            cli.say("c one")
            cli.m.on_session_switch("c", parent_session_id="c", reset=False, reason="compression")
            cli.say("c two")
        assert cli.m.flush_pending(10)
        cli.exit()
    check(at, cli)
    assert at.logged("a") == pairs(("a one", "Ok."), ("a two", "Ok."))
    assert at.logged("c") == pairs(("c one", "Ok."), ("c two", "Ok."))
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
    with installed_hermes(tmp_path, monkeypatch, background=True) as at:
        cli = Cli(at.manager("a"), "a")
        cli.say("a one")
        assert cli.m.flush_pending(10)
        with held_worker(cli.m):
            cli.new("c")
            for n in range(3):
                cli.say(f"c {n}")
            cli.compress("c2")
            cli.say("c2 one")
        assert cli.m.flush_pending(10)
        cli.exit()
    assert users(at, "c") == ["c 0", "c 1", "c 2"]  # holds: nothing lost
    assert users(at, "a") == ["a one"]  # main and here: c's turns copied into a too


@pytest.mark.xfail(
    strict=True,
    reason="minor: exiting while the worker is behind an unannounced /new ends the old "
    "session with the new one's list (a stray copy; nothing lost)",
)
def test_exit_while_behind_a_new(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with installed_hermes(tmp_path, monkeypatch, background=True) as at:
        cli = Cli(at.manager("a"), "a")
        cli.say("a one")
        assert cli.m.flush_pending(10)
        with held_worker(cli.m):
            cli.new("c")
            cli.say("c one")
            cli.m.on_session_end(list(cli.history))  # shutdown_memory_provider, inline
        cli.m.shutdown_all()
    assert users(at, "c") == ["c one"]  # holds: nothing lost
    assert users(at, "a") == ["a one"]  # main and here: c's turn copied into a too
