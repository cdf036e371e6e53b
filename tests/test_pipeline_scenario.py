"""The correction scenario end to end: npm, then "we migrated to pnpm", then forgetting."""

from __future__ import annotations

import json
import re

import pytest

from conftest import Clock
from memdir.engine import Memdir
from memdir.pipeline import Provider, RulesProvider
from memdir.testing import ScriptedProvider, candidates_reply, entities_reply, ops_reply

pytestmark = pytest.mark.backends

NPM = "Remember that this project's package manager is npm: install with `npm install`."
PNPM = "We migrated to pnpm last week, don't use npm."


def _llm(kind: str, user: str) -> str:
    """A scripted model that answers like a careful one would."""
    if kind == "entities":
        return entities_reply()  # the entries pass names nothing
    if kind == "extract":
        said = dict(re.findall(r"\[#(\d+) user\] (.*)", user))
        for msg_id, text in said.items():
            if "pnpm" in text:
                return candidates_reply(
                    {
                        "name": "Use pnpm",
                        "description": "This project installs with pnpm",
                        "body": "Install with `pnpm install`; don't use npm.",
                        "evidence": [int(msg_id)],
                    }
                )
            if "npm install" in text:
                return candidates_reply(
                    {
                        "type": "project",
                        "name": "Package manager: npm",
                        "description": "The project's package manager is npm",
                        "body": "Install with `npm install`.",
                        "evidence": [int(msg_id)],
                    }
                )
        return candidates_reply()
    data = json.loads(user)
    ops = []
    for cand in data["candidates"]:
        old = [
            e["id"]
            for e in data["entries"]
            if re.search(r"\bnpm\b", e["body"]) and "pnpm" not in e["body"]
        ]
        if "pnpm" in cand["body"] and old:
            ops.append({"op": "supersede", "candidate": cand["index"], "target": old[0]})
        else:
            ops.append({"op": "add", "candidate": cand["index"]})
    return ops_reply(*ops)


@pytest.mark.parametrize("kind", ["rules", "scripted"])
def test_correction_supersedes_and_forgetting_stays_forgotten(
    md: Memdir, clock: Clock, kind: str
) -> None:
    provider: Provider = RulesProvider() if kind == "rules" else ScriptedProvider(_llm)
    md.pipeline.provider = provider
    with md.session(agent="a") as s1:
        s1.log("user", NPM)
        s1.log("assistant", "Noted.")
    if kind == "scripted":  # as the worker thread would: each session when it ends
        assert not md.pipeline.run().errors
    clock.advance(days=1)
    with md.session(agent="a") as s2:
        s2.log("user", PNPM)
        s2.log("assistant", "Understood, pnpm from now on.")
    clock.advance(minutes=1)
    report = md.pipeline.run()
    assert not report.errors, report.errors
    assert any("supersede" in op for op in report.ops), (report, md.pipeline.jobs.list())

    with md.session(agent="a") as s3:
        block = s3.system_block()
        assert "pnpm" in block
        assert not re.search(r"(?<!p)\bnpm\b", block), block
        found = s3.call_tool("memory_search", {"query": "package manager", "include_history": True})
    history = [r for r in found["results"] if r.get("archived")]
    assert history and history[0]["valid_until"] and history[0]["superseded_by"]
    assert "npm" in history[0]["preview"]
    current = md.store("local").list()
    assert [e.source.value for e in current] == ["extractor"]
    assert current[0].origins == (f"session:{s2.id}",)

    md.store("local").remove(current[0].id)  # the person deletes the pnpm entry
    clock.advance(minutes=1)
    again = md.pipeline.run(everything=True)
    assert again.extracted == 2 and not again.errors
    assert again.dropped["forgotten (tombstone)"] == 2  # neither npm nor pnpm comes back
    assert md.store("local").list() == []
    if isinstance(provider, ScriptedProvider):
        assert [k for k, _ in provider.calls].count("consolidate") == 2  # none on the rerun


def test_a_fresh_statement_after_the_deletion_still_counts(md: Memdir, clock: Clock) -> None:
    with md.session() as s:
        s.log("user", "Remember that the staging database is read-only on Fridays.")
    md.pipeline.run()
    (entry,) = md.store("local").list()
    md.store("local").remove(entry.id)
    clock.advance(days=3)
    with md.session() as s:
        s.log("user", "Remember that the staging database is read-only on Fridays.")
    report = md.pipeline.run()
    assert report.candidates == 1 and len(md.store("local").list()) == 1
