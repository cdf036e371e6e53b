"""Tiered context (issue 20, seed 003's L0 / L1 / L2) through the public API: an entry's
overview from the extractor or a deterministic summary, memory_read's depth, a scope's
overview by theme, the system block's hooks and a recall block that spends its budget on
the best hit's full text."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memdir.core.tiers import summarize
from memdir.engine import Memdir
from memdir.testing import ScriptedProvider, candidates_reply, entities_reply, ops_reply

pytestmark = pytest.mark.backends

LONG = (
    "Deploys of ledgerline go through the staging app on Render first. "
    + "The staging database is refreshed from a masked dump every Monday. " * 8
    + "The production deploy needs the release tag v2.14.3 and the `DEPLOY_TOKEN` secret. "
    + "Rollbacks use the previous tag."
)


def _read(md: Memdir, **args: Any) -> dict[str, Any]:
    with md.session() as s:
        return s.call_tool("memory_read", args)


def test_offline_overview_is_a_deterministic_summary_read_with_depth(md: Memdir) -> None:
    e = md.store("local").add(
        type="project", name="Deploy path", description="staging on Render first", body=LONG
    )
    over = _read(md, id=e.id, depth="overview")
    full = _read(md, id=e.id, depth="full")
    default = _read(md, id=e.id)
    assert over["success"] and over["depth"] == "overview"
    assert default["content"] == full["content"] and LONG in full["content"]
    text = over["content"]
    assert LONG not in text and len(text) <= len(full["content"]) - 250
    assert "Deploys of ledgerline go through the staging app on Render first." in text
    assert "v2.14.3" in text  # a sentence carrying a version is kept over filler
    assert "read depth full" in text
    assert _read(md, id=e.id, depth="overview")["content"] == text  # deterministic


def test_the_extractor_writes_the_overview_and_a_new_body_drops_it(md: Memdir) -> None:
    md.pipeline.provider = ScriptedProvider(
        [
            candidates_reply(
                {
                    "name": "Deploy path",
                    "description": "staging on Render first",
                    "body": LONG,
                    "evidence": [1],
                    "overview": "Deploy to staging on Render, then tag a release for prod.",
                }
            ),
            ops_reply({"op": "add", "candidate": 0}),
            entities_reply(),  # the entries pass
        ]
    )
    with md.session() as s:
        s.log("user", "Remember: deploys go through staging on Render first, then prod.")
    report = md.pipeline.run()
    assert not report.errors, report.errors
    [entry] = md.store("local").list()
    over = _read(md, id=entry.id, depth="overview")["content"]
    assert "Deploy to staging on Render, then tag a release for prod." in over
    md.store("local").replace(entry.id, body="Deploys now go straight to prod on Fly.io.")
    over = _read(md, id=entry.id, depth="overview")["content"]
    assert "tag a release" not in over and "Fly.io" in over


def test_depth_is_validated(md: Memdir) -> None:
    e = md.store("local").add(type="user", name="Likes tea", description="tea", body="Tea.")
    for bad in ("deep", "", 2, ["full"], "L2"):
        out = _read(md, id=e.id, depth=bad)
        assert out["success"] is False
        assert "depth must be 'overview'" in out["error"] and "'full'" in out["error"]
    assert _read(md, id=e.id, depth="OVERVIEW")["success"]
    out = _read(md, id=e.id, scope="local")
    assert not out["success"] and "scope" in out["error"]
    assert not _read(md)["success"]


@given(st.one_of(st.text(max_size=40), st.integers(), st.none(), st.booleans()))
def test_depth_fuzz_never_raises(value: object) -> None:
    from memdir.core.errors import ValidationError
    from memdir.core.tiers import parse_depth

    try:
        assert parse_depth(value) in ("overview", "full")
    except ValidationError as exc:
        assert "depth must be" in str(exc)


@given(st.text(max_size=3000), st.integers(min_value=20, max_value=800))
def test_summaries_stay_within_their_limit(text: str, limit: int) -> None:
    out = summarize(text, limit)
    assert len(out) <= limit
    assert out == summarize(text, limit)


def test_scope_overview_groups_entries_by_theme(md: Memdir) -> None:
    store = md.store("local")
    store.add(type="feedback", name="Use pnpm", description="pnpm installs", body="pnpm.")
    store.add(type="feedback", name="Squash merges", description="squash PRs", body="Squash.")
    store.add(type="reference", name="Grafana URL", description="dashboards host", body="g.x")
    out = _read(md, scope="local")
    assert out["success"] and out["depth"] == "overview"
    text = out["content"]
    assert "holds 3 memories" in text
    feedback = text.index("How to work (feedback): 2")
    reference = text.index("Reference facts: 1")
    assert feedback < text.index("Use pnpm") < reference < text.index("Grafana URL")
    assert not _read(md, scope="nowhere")["success"]


def test_scope_overview_names_themes_across_types(md: Memdir) -> None:
    store = md.store("local")
    store.add(type="feedback", name="Use pnpm", description="pnpm workspaces only", body="a")
    store.add(type="project", name="pnpm workspaces", description="lockfile in root", body="b")
    store.add(type="reference", name="pnpm lockfile", description="pnpm workspaces doc", body="c")
    store.add(type="reference", name="Grafana URL", description="dashboards host", body="g.x")
    text = _read(md, scope="local")["content"]
    theme = text.index("## Theme 'pnpm workspaces lockfile': 3")
    rest = text.index("Reference facts: 1")
    assert theme < text.index("Use pnpm") < text.index("pnpm lockfile") < rest
    assert rest < text.index("Grafana URL")
    assert "Project context" not in text  # its one entry is in the theme, listed once
    assert text.count("pnpm workspaces (") == 1


def test_scope_overview_finds_themes_in_chinese(md: Memdir) -> None:
    store = md.store("local")
    store.add(type="feedback", name="冒烟测试", description="部署预发环境后先跑冒烟测试", body="a")
    store.add(type="project", name="预发环境", description="预发环境部署在周二", body="b")
    store.add(
        type="reference", name="部署脚本", description="预发环境的部署脚本在 ops 仓库", body="c"
    )
    store.add(type="reference", name="值班表", description="值班表在共享日历", body="d")
    text = _read(md, scope="local")["content"]
    assert "## Theme '" in text and text.index("## Theme") < text.index("冒烟测试")
    assert text.index("部署脚本") < text.index("Reference facts: 1") < text.index("值班表")


def test_an_overview_keeps_numbered_steps_in_their_order() -> None:
    steps = " ".join(f"Step {i}: run check number {i} now." for i in range(1, 61))
    out = summarize(f"Release steps. {steps}", 120)
    assert out.startswith("Release steps. Step 1: run check number 1 now. Step 2:")


def test_system_block_carries_hooks_not_bodies(md: Memdir) -> None:
    md.store("local").add(
        type="project", name="Deploy path", description="staging on Render first", body=LONG
    )
    block = md.system_block()
    assert "staging on Render first" in block and "masked dump" not in block


def test_recall_gives_the_best_hit_its_full_text(md: Memdir) -> None:
    store = md.store("local")
    store.add(type="project", name="Deploy path", description="how deploys work", body=LONG)
    for i in range(4):
        store.add(
            type="reference",
            name=f"Deploy note {i}",
            description=f"deploy trivia number {i}",
            body=f"Deploy trivia {i}: " + "nothing useful here. " * 30,
        )
    with md.session() as s:
        block = s.recall("which release tag does the production deploy need?")
    assert block is not None and len(block) <= 2000
    # The fact sits 700 characters into the body: a 400-character line never showed it.
    assert LONG.index("v2.14.3") > 400 and "v2.14.3" in block
    assert len(re.findall(r"^- \[", block, re.M)) >= 3  # the other hits as hooks at least


def test_recall_gives_a_body_over_the_budget_its_overview(md: Memdir) -> None:
    """A body longer than the whole 2,000-character recall budget never fits; its overview
    does, and carries the key sentence from deep in the body, not the filler around it."""
    tags = [f"{a}{b}" for a in "bcdfghjklm" for b in "aeiou"]  # 50 sentences of filler
    filler = [f"Filler remark {t} says nothing about the work." for t in tags]
    key = "The ledgerline release needs the tag v2.14.3 and the `DEPLOY_TOKEN` secret."
    body = "Ledgerline ships from the ops repository. " + " ".join(filler[:30])
    body += f" {key} " + " ".join(filler[30:])
    assert len(body) > 2000 and body.index(key) > 1000
    md.store("local").add(
        type="project", name="Ledgerline release", description="how releases ship", body=body
    )
    with md.session() as s:
        block = s.recall("what does the ledgerline release need?")
    assert block is not None and len(block) <= 2000
    assert key in block  # at depth overview: the hook alone does not carry it
    assert filler[-1] not in block and filler[29] not in block  # nor is the body there
