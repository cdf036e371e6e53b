"""Seed 003's acceptance story through the public API, with tiers, the persona and approval
on: say npm, correct it to pnpm, check what the next task is given; ask what was used
before the migration and when; delete the memory, let consolidation run again, and check
nothing comes back. Every step looks at the store and the context a model is actually
given (system block, recall, tool results); the last, that the sessions stay history."""

from __future__ import annotations

import json
import re
from pathlib import Path

import memdir
from conftest import Clock
from memdir.engine import Memdir
from memdir.testing import ScriptedProvider, candidates_reply, entities_reply, ops_reply

NPM = "Remember that this project's package manager is npm: install with `npm install`."
PNPM = "We migrated to pnpm last week, don't use npm."
SOUL = "You are Ada, a careful engineer. For JavaScript you reach for npm unless told otherwise."
PNPM_BODY = (
    "Install with `pnpm install`; don't use npm. "
    + "Lockfile drift from npm broke CI twice in February. " * 12
    + "Run scripts with `pnpm run <name>` and add packages with `pnpm add`."
)


def _model(kind: str, user: str) -> str:
    """A scripted model that answers like a careful one (with an L1 overview)."""
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
                        "body": PNPM_BODY,
                        "evidence": [int(msg_id)],
                        "overview": "pnpm replaced npm; install, run and add with pnpm.",
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
        old = [e["id"] for e in data["entries"] if "pnpm" not in e["body"]]
        if "pnpm" in cand["body"] and old:
            ops.append({"op": "supersede", "candidate": cand["index"], "target": old[0]})
        else:
            ops.append({"op": "add", "candidate": cand["index"]})
    return ops_reply(*ops)


def _approve_all(md: Memdir) -> list[str]:
    """What the person does in ``memdir review``: read each held write and apply it."""
    held = [p for p in md.review() if p.kind == "pending"]
    md.apply_review([p.id for p in held])
    return [p.detail for p in held]


def _memory_part(block: str) -> str:
    return block[block.index("# Memory") :]


def test_npm_pnpm_forget_with_tiers_persona_and_approval(
    home: Path, project: Path, clock: Clock
) -> None:
    home.mkdir()
    (home / "config.toml").write_text('approval = "ask"\nbackground = false\n')
    md = memdir.engine.Memdir(memdir.engine.load_settings(home, project), clock=clock)
    md.pipeline.provider = ScriptedProvider(_model)
    md.write_soul(SOUL)  # the persona; the person writes it, nothing waits

    # 1. The convention, then its correction; each extractor write waits for the person.
    with md.session(agent="a") as s1:
        s1.log("user", NPM)
        s1.log("assistant", "Noted.")
    md.pipeline.run()
    assert md.store("local").list() == []  # held, not written
    assert any("npm" in d for d in _approve_all(md))
    clock.advance(days=1)
    with md.session(agent="a") as s2:
        s2.log("user", PNPM)
        s2.log("assistant", "Understood, pnpm from now on.")
    clock.advance(minutes=1)
    md.pipeline.run()
    [entry] = md.store("local").list()
    assert "npm" in entry.body and "pnpm" not in entry.body  # still waiting for review
    assert any("supersede" in d for d in _approve_all(md))

    # 2. A new task: what the model is given says pnpm; the persona opens the block and
    # the user's correction wins over its npm habit.
    with md.session(agent="a") as s3:
        block = s3.system_block()
        assert block.startswith("# Persona") and SOUL in block
        assert "user's preferences win" in block
        memory = _memory_part(block)
        assert "pnpm" in memory and not re.search(r"(?<!p)\bnpm install\b", memory)
        recalled = s3.recall("how do I install the dependencies?")
        assert recalled is not None and "pnpm install" in recalled
        assert "pnpm add" in recalled  # the tier that fits: the whole body, 700+ chars in
        [current] = md.store("local").list()
        overview = s3.call_tool("memory_read", {"id": current.id, "depth": "overview"})
        assert "pnpm replaced npm" in overview["content"]

        # 3. "What did we use before the migration?": the old record, with its time range.
        found = s3.call_tool(
            "memory_search", {"query": "package manager npm", "include_history": True}
        )
    old = [r for r in found["results"] if r.get("archived")]
    assert old and "npm install" in old[0]["preview"]
    assert old[0]["valid_until"].startswith(f"{clock.now:%Y-%m-%d}")
    assert old[0]["superseded_by"] == current.id

    # 4. Forget: the person deletes it, consolidation runs again over every session,
    # nothing is proposed or written again, and no context mentions it.
    md.store("local").remove(current.id)
    clock.advance(minutes=1)
    again = md.pipeline.run(everything=True)
    assert again.dropped["forgotten (tombstone)"] == 2, again
    assert [p for p in md.review() if p.kind == "pending"] == []
    assert md.store("local").list() == []
    with md.session(agent="a") as s4:
        assert "pnpm" not in _memory_part(s4.system_block())
        recalled = s4.recall("how do I install the dependencies with pnpm?") or ""
    # The memory is gone; the conversation it came from is still history (session search
    # finds it, marked as a past session, as Hermes's session_search would).
    assert "## Memories" not in recalled
