"""Usage counts and decay, forgetting a deleted session, the worker thread, and the CLI."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import memdir
from conftest import Clock, add
from memdir.cli import cli, maintain, sessions  # noqa: F401  (registers the commands)
from memdir.core.store import state_key
from memdir.engine import Memdir
from memdir.pipeline import RunReport, parse_citations
from memdir.testing import ScriptedProvider, candidates_reply, ops_reply

pytestmark = pytest.mark.backends


def test_reads_and_citations_count_and_unused_entries_leave_the_index(
    md: Memdir, clock: Clock
) -> None:
    store = md.store("local")
    read, cited, codex, idle = (
        add(store, n) for n in ("Read me", "Cite me", "Codex cites", "Nobody uses me")
    )
    pinned = add(store, "Pinned rule", pinned=True)
    clock.advance(days=20)
    with md.session() as s:
        assert s.call_tool("memory_read", {"id": read.id})["success"]
        s.log("user", "which entries did you use?")
        s.log("assistant", f"Done.\n<memory-citation>\n{cited.id}\n</memory-citation>")
        s.log(
            "assistant",
            "Ok.\n<oai-mem-citation>\n<citation_entries>\n"
            f"MEMORY.md:3-4|note=[index]\n{codex.id}.md:1-5|note=[rule]\n"
            "</citation_entries>\n</oai-mem-citation>",
        )
    location = state_key(store)
    assert md.pipeline.usage.get(location, read.id) == (1, clock.now)
    assert md.pipeline.usage.get(location, cited.id)[0] == 1
    assert md.pipeline.usage.get(location, codex.id)[0] == 1
    assert md.pipeline.usage.get(location, idle.id) == (0, None)
    clock.advance(days=15)  # 35 days after creation, 15 after the uses
    block = md.system_block()
    for entry in (read, cited, codex, pinned):
        assert f"({entry.id}.md)" in block
    assert f"({idle.id}.md)" not in block
    assert "1 entries not read or cited for 30+ days are left out" in block
    assert idle.id in block  # named in that note, never dropped silently
    assert [h.entry.id for h in md.search("Nobody uses")] == [idle.id]  # still searchable
    notes = [n.reason for n in md.explain().notes if n.subject == idle.id]
    assert any("usage decay" in n for n in notes)
    assert parse_citations("<memory-citation>a, b.md</memory-citation>") == ["a", "b"]


def test_maintain_archives_unused_extracted_entries_without_a_tombstone(
    md: Memdir, clock: Clock
) -> None:
    store = md.store("local")
    kept = add(store, "Hand written")
    old = store.add(
        type="feedback",
        name="Extracted",
        description="from a session",
        body="An extracted fact.",
        source="extractor",
        origins=["session:x"],
    )
    clock.advance(days=91)
    report = md.pipeline.run()
    assert report.archived == [f"local: {old.id}"]
    assert [e.id for e in store.list()] == [kept.id]
    assert md.pipeline.tombstones.count() == 0  # disuse is not forgetting


def test_deleting_a_session_removes_what_only_it_taught(md: Memdir) -> None:
    with md.session() as s:
        s.log("user", "Remember that the VPN drops at midnight.")
        s.log("user", "Remember that the wiki is read-only.")
    md.pipeline.run()
    store = md.store("local")
    assert len(store.list()) == 2
    shared = store.list()[0]
    store.apply([memdir.ReplaceOp(shared.id, body=shared.body + " Confirmed.")], source="user")
    with md.session() as other:
        other.log("user", "hello")
    other_id = other.id
    other.set_memory_mode("polluted")
    store.add(
        type="feedback",
        name="From polluted",
        description="came from a web page",
        body="A fact from a polluted session.",
        source="extractor",
        origins=[f"session:{other_id}"],
    )
    assert md.pipeline.review() == [
        f"local: feedback_from-polluted (only from polluted session {other_id})"
    ]
    removed = md.pipeline.delete_session(s.id)
    assert len(removed) == 2 and store.list()[0].name == "From polluted"
    assert md.pipeline.tombstones.count() == 2
    assert md.sessions.list(limit=10)[0].id == other_id and md.sessions.count()[0] == 1


def _background(
    md: Memdir, clock: Clock, ended: int, delay: float
) -> tuple[Memdir, ScriptedProvider]:
    """A Memdir whose worker thread runs a scripted model slowed by ``delay``, after
    ``ended`` one-message sessions ended (each queueing a run)."""
    live = Memdir(dataclasses.replace(md.settings, background=True), clock=clock)
    provider = ScriptedProvider(
        lambda kind, user: candidates_reply() if kind == "extract" else ops_reply(), delay=delay
    )
    live.pipeline.provider = provider
    for i in range(ended):
        with live.session() as s:
            s.log("user", f"message {i}")
    return live, provider


def test_the_worker_thread_coalesces_and_drain_finishes_the_work(md: Memdir, clock: Clock) -> None:
    live, provider = _background(md, clock, ended=6, delay=0.05)
    assert live.drain(timeout=30)
    assert len(provider.calls) == 6  # every session, each once
    assert live.pipeline._worker.runs < 6  # requests that came in during a run coalesced
    assert {j.status for j in live.pipeline.jobs.list()} == {"done"}
    assert live.drain(timeout=0)  # idle: nothing to wait for


def test_close_ends_the_worker_thread_and_queued_jobs_stay_queued(md: Memdir, clock: Clock) -> None:
    """After close() nothing of the Memdir runs on: no thread reopens state.db behind it."""
    live, provider = _background(md, clock, ended=3, delay=0.5)
    thread = live.pipeline._worker._thread
    assert thread is not None and thread.is_alive()
    live.close()
    assert not thread.is_alive()
    calls = len(provider.calls)
    assert calls < 3  # the run in flight finished; the later requests were dropped …
    waiting = {j.status for j in live.pipeline.jobs.list()}
    assert "pending" in waiting  # … and their jobs stay queued for the next run
    assert len(provider.calls) == calls
    live.pipeline.run()  # the next run (here in the foreground) does them
    assert {j.status for j in live.pipeline.jobs.list()} == {"done"}


def test_maintain_and_jobs_on_the_command_line(home: Path, project: Path) -> None:
    runner = CliRunner()
    args = ["--home", str(home), "-C", str(project)]
    first = runner.invoke(cli, [*args, "maintain"])
    assert (first.exit_code, first.output) == (0, "Nothing to do.\n")
    md = memdir.open(home, project)
    with md.session() as s:
        s.log("user", "Remember that we deploy with Helm.")
    dry = runner.invoke(cli, [*args, "maintain", "--dry-run"])
    assert dry.exit_code == 0, dry.output
    assert "would apply: local: add feedback_we-deploy-with-helm" in dry.output
    assert md.store("local").list() == []  # a dry run writes nothing
    real = runner.invoke(cli, [*args, "maintain"])
    assert real.exit_code == 0 and "apply: local: add" in real.output
    assert [e.name for e in md.store("local").list()] == ["We deploy with Helm"]
    assert runner.invoke(cli, [*args, "maintain"]).output == "Nothing to do.\n"
    listed = runner.invoke(cli, [*args, "jobs"])
    assert listed.exit_code == 0 and "extract" in listed.output and "done" in listed.output
    data = json.loads(runner.invoke(cli, [*args, "jobs", "--json"]).output)
    assert {j["kind"] for j in data} == {"extract", "consolidate"}
    assert "token" not in data[0]


def test_a_session_polluted_after_extraction_is_not_consolidated(md: Memdir) -> None:
    with md.session() as s:
        s.log("user", "Remember that the cache is flushed hourly.")
    job = md.pipeline.jobs.claim("test", kinds=("extract",))
    assert job is not None
    md.pipeline._extract_job(job, RunReport())  # extracted, waiting for consolidation
    md.sessions.set_memory_mode(s.id, "polluted")
    report = md.pipeline.run()
    assert report.dropped["forgotten before consolidation"] == 1
    assert md.store("local").list() == []


def test_sessions_rm_forgets_what_only_it_taught_and_mode_marks_pollution(
    home: Path, project: Path
) -> None:
    runner = CliRunner()
    args = ["--home", str(home), "-C", str(project)]
    md = memdir.open(home, project)
    with md.session() as taught:
        taught.log("user", "Remember that we deploy with Helm.")
    with md.session() as other:
        other.log("user", "Remember that the staging database is read-only.")
    assert runner.invoke(cli, [*args, "maintain"]).exit_code == 0
    assert len(md.store("local").list()) == 2
    unknown = runner.invoke(cli, [*args, "sessions", "rm", "nope", "--yes"])
    assert unknown.exit_code == 1 and "No session 'nope'" in unknown.output
    done = runner.invoke(cli, [*args, "sessions", "rm", taught.id, "--yes"])
    assert done.exit_code == 0, done.output
    assert "removed 1 memory only it taught: feedback_we-deploy-with-helm" in done.output
    assert [e.name for e in md.store("local").list()] == ["The staging database is read-only"]
    assert "Helm" not in json.dumps([m.content for m in md.sessions.messages(other.id)])
    marked = runner.invoke(cli, [*args, "sessions", "mode", other.id, "polluted"])
    assert marked.exit_code == 0 and md.sessions.get(other.id).memory_mode == "polluted"
    assert runner.invoke(cli, [*args, "sessions", "mode", other.id, "dirty"]).exit_code == 2
