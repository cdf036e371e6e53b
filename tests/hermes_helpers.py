"""Shared scaffolding for the tests that drive memdir's Hermes provider.

``Conversation`` drives memdir's own ``MemdirProvider`` with the message lists Hermes 0.19
hands it (main venv); ``installed_hermes`` installs memdir into a Hermes home with
``--activate`` for Hermes's own loader and ``MemoryManager`` (bench venv: it skips without
Hermes), and ``held_worker`` keeps that manager's single worker thread busy."""

from __future__ import annotations

import random
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import memdir
from memdir.interop.install.hermes_provider import _SUMMARY_PREFIXES, MemdirProvider

SYSTEM = {"role": "system", "content": "You are Hermes."}
# Hermes 0.19's SUMMARY_PREFIX whole (agent/context_compressor.py), as the provider holds
# it (tests/test_hermes_plugin.py checks it against Hermes's own): a summary Hermes writes
# is f"{SUMMARY_PREFIX}\n{body}\n\n{END_MARKER}", and its _is_context_summary_content tells
# one reloaded from state.db (no _compressed_summary key) by this opening
SUMMARY_PREFIX = _SUMMARY_PREFIXES[0]
# its opening and the delimiters of a summary merged into the first kept tail message
SUMMARY = "[CONTEXT COMPACTION — REFERENCE ONLY] Earlier turns were compacted into the summary"
MERGED_HEADER = "[PRIOR CONTEXT — for reference only; not a new message]"
MERGED_DELIMITER = "[END OF PRIOR CONTEXT — COMPACTION SUMMARY BELOW]"
END_MARKER = "--- END OF CONTEXT SUMMARY — respond to the message below, not the summary above ---"

# an image block of a user message (a PNG screenshot)
SHOT = {"type": "image_url", "image_url": {"url": "data:image/png;base64,iVBORw0KGgo="}}


def reloaded(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``messages`` as state.db gives them back: no in-process ``_`` keys."""
    return [{k: v for k, v in m.items() if not k.startswith("_")} for m in messages]


def summary(body: str) -> dict[str, Any]:
    """A standalone summary as Hermes 0.19 writes it (in process: marked)."""
    text = f"{SUMMARY_PREFIX}\n{body}\n\n{END_MARKER}"
    return {"role": "user", "content": text, "_compressed_summary": True}


def pairs(*said: tuple[str, str]) -> list[tuple[str, str]]:
    return [x for u, a in said for x in (("user", u), ("assistant", a))]


def logged(md: memdir.Memdir, session_id: str) -> list[tuple[str, str]]:
    """What memdir logged for Hermes's session ``session_id``."""
    return [(m.role, m.content) for m in md.sessions.messages(f"hermes:{session_id}")]


def refactoring(
    tmp: Path,
    monkeypatch: pytest.MonkeyPatch,
    session_id: str = "s1",
    continues: int = 0,
    synced: bool = False,
) -> Conversation:
    """A conversation on ``session_id`` opened with "Refactor the parser." ("Starting.")
    and ``continues`` turns of "continue" ("OK."); ``synced``: the first turn's sync names
    its session id (as Hermes's worker queues it)."""
    c = Conversation(tmp, monkeypatch, session_id)
    if synced:
        c.sync(session_id, "Refactor the parser.", "Starting.")
    else:
        c.say("Refactor the parser.", "Starting.")
    c.say("continue", "OK.", times=continues)
    return c


def refactored(*then: tuple[str, str], continues: int = 0) -> list[tuple[str, str]]:
    """What a conversation ``refactoring`` opened logs: its turns, then ``then``."""
    return pairs(("Refactor the parser.", "Starting."), *[("continue", "OK.")] * continues, *then)


def extraction_jobs(tmp: Path, key: str) -> list[Any]:
    """The extraction jobs queued for session ``key`` in the project of ``tmp``
    (``Conversation``'s home and project)."""
    md = memdir.open(tmp / "home", tmp / "project")
    return [j for j in md.pipeline.jobs.list() if j.kind == "extract" and j.key == key]


def provider_session(tmp: Path, monkeypatch: pytest.MonkeyPatch) -> MemdirProvider:
    """memdir's Hermes provider in session s1 of a project in ``tmp``, as Hermes's CLI
    starts it."""
    return Conversation(tmp, monkeypatch, "s1").provider


class Conversation:
    """One Hermes conversation driving a real MemdirProvider, as Hermes's hooks call it."""

    def __init__(self, tmp: Path, monkeypatch: pytest.MonkeyPatch, session_id: str) -> None:
        (tmp / "project").mkdir(exist_ok=True)
        monkeypatch.setenv("TERMINAL_CWD", str(tmp / "project"))
        monkeypatch.setenv("MEMDIR_BACKGROUND", "0")
        self.tmp = tmp
        self.provider = MemdirProvider(tmp / "home")
        self.provider.initialize(session_id, platform="cli", agent_context="primary")
        self.messages: list[dict[str, Any]] = [dict(SYSTEM)]

    def say(self, user: str, answer: str, times: int = 1) -> None:
        """The turn ``times`` times over, each synced with its list."""
        for _ in range(times):
            self.provider.sync_turn(user, answer, session_id="", messages=self.turn(user, answer))

    def turn(self, user: str, answer: str) -> list[dict[str, Any]]:
        """Add a turn to the list, unsynced; the list as Hermes hands it to ``sync_all``."""
        self.messages += [
            {"role": "user", "content": user},
            {"role": "assistant", "content": answer},
        ]
        return list(self.messages)

    def sync(self, session_id: str, user: str, answer: str) -> None:
        """A turn synced with the session id Hermes's worker took when it was queued."""
        self.provider.sync_turn(
            user, answer, session_id=session_id, messages=self.turn(user, answer)
        )

    def sync_late(self, session_id: str, messages: list[dict[str, Any]]) -> None:
        """The sync of a turn queued earlier, run late: ``messages`` is the list it was
        queued with (the turn its last two messages)."""
        user, answer = messages[-2]["content"], messages[-1]["content"]
        self.provider.sync_turn(user, answer, session_id=session_id, messages=messages)

    def say_image(self, text: str, answer: str) -> None:
        """An image turn: Hermes keeps the list content (a plain-text persist override
        does not replace image blocks) and passes sync_turn "[1 image] text"
        (``_summarize_user_message_for_log``), which no message's text equals."""
        self.messages += [
            {"role": "user", "content": [{"type": "text", "text": text}, SHOT]},
            {"role": "assistant", "content": answer},
        ]
        self.provider.sync_turn(
            f"[1 image] {text}", answer, session_id="", messages=list(self.messages)
        )

    def switch(
        self,
        session_id: str,
        parent: str,
        reason: str,
        reset: bool = False,
        messages: list[dict[str, Any]] | None = None,
    ) -> None:
        """Hermes's ``on_session_switch`` (``/resume``, ``/branch``, ``/new``); then the
        list Hermes goes on with, where given."""
        self.provider.on_session_switch(
            session_id, parent_session_id=parent, reset=reset, reason=reason
        )
        if messages is not None:
            self.messages = messages

    def compress(
        self, new_id: str, parent: str, keep_head: int, keep_tail: int, body: str = ""
    ) -> None:
        """Hermes's rotation compression: pre-compress hook, head + summary + tail, switch.
        With ``body``: the summary as Hermes writes it, else a short marked one."""
        self.provider.on_pre_compress(list(self.messages))
        head = self.messages[: 1 + keep_head]
        tail = self.messages[len(self.messages) - keep_tail :]
        said = {"role": "user", "content": SUMMARY + " ...", "_compressed_summary": True}
        self.messages = [*head, said, *tail]
        self.provider.on_session_switch(new_id, parent_session_id=parent, reset=False)
        if body:
            self.messages[1 + keep_head] = summary(body)

    def restart(self, session_id: str, reload: bool = False) -> None:
        """A new Hermes process on ``session_id``: the old provider shut down, a fresh one;
        with ``reload``, the list as state.db gives it back."""
        self.provider.shutdown()
        self.provider = MemdirProvider(self.tmp / "home")
        self.provider.initialize(session_id, platform="cli", agent_context="primary")
        if reload:
            self.messages = reloaded(self.messages)

    def repeat_across_compression(
        self, turn: Callable[[int], object], times: int, new_id: str = "s2"
    ) -> list[tuple[str, str]]:
        """``turn(n)`` for each n below ``times``; Hermes's compression of session s1 into
        ``new_id`` (s1 itself: in place) keeping the first turn and the last one;
        ``turn(times)``; the end: what ``new_id`` logged."""
        for n in range(times):
            turn(n)
        self.compress(new_id, "s1", keep_head=2, keep_tail=2)
        turn(times)
        self.end()
        return self.logged(new_id)

    def logged(self, session_id: str) -> list[tuple[str, str]]:
        return logged(memdir.open(self.tmp / "home", self.tmp / "project"), session_id)

    def lineage(self, session_id: str) -> list[tuple[str, str]]:
        """The provider's lineage log of ``session_id`` (its parents' up to the fork)."""
        return [(m.role, m.content) for m in self.provider._lineage_log(f"hermes:{session_id}")]

    def end(self) -> None:
        self.provider.on_session_end(list(self.messages))
        self.provider.shutdown()


class RandomRun:
    """The state of a random Hermes run over ``c``: the session in hand, the sessions made
    so far, the history Hermes's state.db holds per session (reloaded on /resume and
    restart) and the user texts said under each session."""

    def __init__(self, c: Conversation) -> None:
        self.c = c
        self.sid, self.n = "s0", 0
        self.held: dict[str, list[dict[str, Any]]] = {}
        self.said: dict[str, list[str]] = {"s0": []}

    def switch(self, op: str, rng: random.Random) -> None:
        """Compression into a new session (its summary reloaded as Hermes writes it),
        ``/branch``, or ``/resume`` of a session state.db holds (any: a random one)."""
        c = self.c
        if op in ("compress", "branch"):
            self.n += 1
            new = f"s{self.n}"
            if op == "compress":
                c.compress(new, self.sid, keep_head=2, keep_tail=2, body=f"summary {self.n}")
            else:
                self.held[self.sid] = reloaded(c.messages)
                c.switch(new, self.sid, "branch")
            self.sid = new
            self.said[new] = []
        elif op == "resume" and self.held:
            self.held[self.sid] = reloaded(c.messages)
            target = rng.choice(sorted(self.held))
            c.switch(target, self.sid, "resume")
            self.sid = target
            c.messages = [dict(c.messages[0]), *reloaded(self.held[target][1:])]


# -- Hermes itself (bench venv) ----------------------------------------------------------------


@dataclass
class HermesHome:
    """A Hermes home with memdir installed into it with --activate."""

    hermes_home: Path
    home: Path  # MEMDIR_HOME
    project: Path  # TERMINAL_CWD

    def manager(self, session_id: str) -> Any:
        """Hermes's MemoryManager with memdir loaded by Hermes's loader, on ``session_id``."""
        plugin = pytest.importorskip("test_hermes_plugin")
        return plugin.manager(session_id, agent_context="primary")[0]

    def logged(self, session_id: str) -> list[tuple[str, str]]:
        return logged(memdir.open(self.home, self.project), session_id)


@contextmanager
def installed_hermes(
    tmp: Path, monkeypatch: pytest.MonkeyPatch, *, background: bool
) -> Iterator[HermesHome]:
    """memdir installed into a Hermes home in ``tmp`` with --activate (skips without
    Hermes); memdir's background worker on or off. On leaving, the installed plugin's
    module is forgotten (the next test loads its own freshly installed copy)."""
    plugin = pytest.importorskip("test_hermes_plugin")
    at = HermesHome(tmp / "hermes", tmp / "mh", tmp / "project")
    at.hermes_home.mkdir()
    at.project.mkdir()
    (at.hermes_home / "config.yaml").write_text("model:\n  default: x\n", encoding="utf-8")
    env = {**plugin.os.environ, "HERMES_HOME": str(at.hermes_home), "MEMDIR_HOME": str(at.home)}
    env["MEMDIR_BACKGROUND"] = "0"  # the install itself
    done = plugin.run("install", "hermes", "--activate", "--yes", env=env)
    assert done.returncode == 0, done.stderr
    monkeypatch.setenv("HERMES_HOME", str(at.hermes_home))
    monkeypatch.setenv("MEMDIR_HOME", str(at.home))
    monkeypatch.setenv("MEMDIR_BACKGROUND", "1" if background else "0")
    monkeypatch.setenv("TERMINAL_CWD", str(at.project))
    try:
        yield at
    finally:
        for name in [n for n in sys.modules if n.startswith("_hermes_user_memory")]:
            del sys.modules[name]


def sync_all(
    m: Any, session_id: str, history: list[dict[str, Any]], user: str, answer: str
) -> None:
    """A turn through Hermes's MemoryManager ``m``: added to ``history`` (Hermes's list),
    then ``sync_all`` with it, queued on Hermes's worker (``m.flush_pending`` waits)."""
    history += [{"role": "user", "content": user}, {"role": "assistant", "content": answer}]
    m.sync_all(user, answer, session_id=session_id, messages=list(history))


@contextmanager
def held_worker(m: Any) -> Iterator[None]:
    """Hermes's MemoryManager ``m`` with its single worker busy with earlier work (a write
    waiting on a busy state.db) until the block is left: what the block queues waits."""
    gate = threading.Event()
    m._submit_background(lambda: gate.wait(30))
    try:
        yield
    finally:
        gate.set()


def oks(*said: str) -> list[tuple[str, str]]:
    """What a session logs of the user turns ``said``, each answered "Ok." (``Cli.say``)."""
    return pairs(*[(u, "Ok.") for u in said])


class Cli:
    """Hermes's CLI as it drives the MemoryManager ``m`` (cli.py ``new_session``,
    cli_commands_mixin ``/resume`` and ``/branch``, run_agent ``shutdown_memory_provider``):
    one history per session, as state.db gives it back on ``/resume``."""

    def __init__(self, m: Any, session_id: str) -> None:
        self.m = m
        self.current = session_id
        self.histories: dict[str, list[dict[str, Any]]] = {session_id: [dict(SYSTEM)]}
        self.said: dict[str, list[str]] = {session_id: []}  # user texts said in each

    @classmethod
    def opened(cls, at: HermesHome, *sessions: str) -> Cli:
        """The CLI on a manager of ``at`` in ``sessions[0]``, each next session opened by
        /new, a turn "<session> one" said in each (the worker not waited for)."""
        cli = cls(at.manager(sessions[0]), sessions[0])
        for n, sid in enumerate(sessions):
            if n:
                cli.new(sid)
            cli.say(f"{sid} one")
        return cli

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

    def caught_up_exit(self, seconds: float = 10) -> None:
        """The worker caught up (within ``seconds``), then exit."""
        assert self.m.flush_pending(seconds)
        self.exit()

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


class CliRun:
    """A random run of ``cli``'s operations: the sessions made so far, each branch or
    compression child's parent, and what was done (for a failure's message)."""

    def __init__(self, at: HermesHome, cli: Cli) -> None:
        self.at, self.cli = at, cli
        self.branches: dict[str, str] = {}  # child → parent
        self.made = 1
        self.trace: list[str] = []

    def step(self, op: str, rng: random.Random, note: str = "") -> None:
        """``op``: "say", "new", "resume" (of another session, a random one), "restart"
        and "compress" (both once the worker caught up), or "branch"."""
        cli = self.cli
        self.trace.append(f"{op}@{cli.current}{note}")
        if op == "say":
            cli.say(f"{cli.current} turn {len(cli.said[cli.current])}")
        elif op == "new":
            cli.new(f"s{self.made}")
            self.made += 1
        elif op == "resume":
            others = [s for s in cli.histories if s != cli.current]
            if others:
                cli.resume(rng.choice(others))
        elif op == "restart":
            assert cli.m.flush_pending(30)  # (behind: test_exit_while_behind_a_new)
            cli.restart(self.at)
        elif op == "compress":
            assert cli.m.flush_pending(30)  # (behind: test_compress_while_behind_a_new)
            if len(cli.history) > 5:
                self.branches[f"s{self.made}"] = cli.current
                cli.compress(f"s{self.made}")
                self.made += 1
        else:
            self.branches[f"s{self.made}"] = cli.current
            cli.branch(f"s{self.made}")
            self.made += 1

    def lineage(self, sid: str) -> set[str]:
        """The user texts said in ``sid`` and in its parents up the branches."""
        out = set(self.cli.said[sid])
        while sid in self.branches:
            sid = self.branches[sid]
            out |= set(self.cli.said[sid])
        return out

    def check(self, seed: int) -> None:
        """No turn lost, none in another session but a parent's (as lineage)."""
        for sid, said in self.cli.said.items():
            got = users(self.at, sid)
            assert set(said) <= set(got), (seed, sid, said, got, self.trace)  # none lost
            assert set(got) <= self.lineage(sid), (seed, sid, said, got, self.trace)  # strayed


def nine_races(at: HermesHome) -> Cli:
    """rv54h's nine rounds (i = 0..8) of a turn in b_i, /new b_i→c_i queued and /resume
    c_i→b_(i+1) inline, behind one held worker (b0..b9 opened first, a turn in each); then
    a turn in b9 and exit."""
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
    cli.caught_up_exit(30)
    return cli


@contextmanager
def hermes_cli(
    tmp: Path, monkeypatch: pytest.MonkeyPatch, *sessions: str, caught_up: bool = True
) -> Iterator[tuple[HermesHome, Cli]]:
    """memdir installed into a Hermes home (``installed_hermes``, its background worker
    on) and Hermes's CLI opened on ``sessions`` (``Cli.opened``); ``caught_up``: Hermes's
    worker then waited for."""
    with installed_hermes(tmp, monkeypatch, background=True) as at:
        cli = Cli.opened(at, *sessions)
        if caught_up:
            assert cli.m.flush_pending(10)
        yield at, cli
