"""Dreaming: a consolidation run stages, groups and writes in phases, records each step
with its reason in DREAMS.md, and proposes patterns across ≥ 3 entries for review only."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import memdir
from conftest import Clock
from memdir.engine import Memdir
from memdir.pipeline import Pipeline, RulesProvider
from memdir.review import diary
from memdir.review.proposals import apply, propose, report_text
from memdir.testing import ScriptedProvider, candidates_reply, ops_reply

pytestmark = pytest.mark.backends

THEME = [
    ("Deploy staging with helm", "Deploy staging with helm upgrade from the ops repo"),
    ("Deploy production with helm", "Deploy production with helm after the staging check"),
    ("Helm deploy needs kubeconfig", "Helm deploy needs the kubeconfig from the vault"),
]


def _seed(store: memdir.Store) -> None:
    for name, description in THEME:
        store.add(type="project", name=name, description=description, body=description + ".")


def _talk(md: Memdir, *lines: str) -> None:
    with md.session(agent="test") as s:
        for line in lines:
            s.log("user", line)


def _diary(md: Memdir) -> str:
    return diary.path_for(md, md.store("local").backend.location).read_text(encoding="utf-8")


def test_a_run_writes_its_diary_and_proposes_the_pattern_for_review(
    md: Memdir, clock: Clock
) -> None:
    local = md.store("local")
    _seed(local)
    _talk(md, "Remember that helm deploy of staging waits for the smoke tests.")
    before = {e.id for e in local.list()}
    report = Pipeline(md, RulesProvider()).run()
    text = _diary(md)
    assert text.count("## Dream ") == 1 and "(local)" in text
    new = "feedback_helm-deploy-of-staging-waits-for-the-smoke-tests"
    assert f"### Light: staged (1)\n- {new} from session" in text
    assert "### REM: themes (1)\n- 'deploy helm staging': " in text
    assert f"### Deep: promoted (1)\n- {new}: new" in text
    assert {e.id for e in local.list()} - before == {new}  # the new fact, never the pattern
    assert report.proposals == 1
    [pattern] = [p for p in propose(md) if p.kind == "synthesis"]
    assert sorted(pattern.entries) == sorted(f"local:{i}" for i in before | {new})
    assert "Patterns from the last dreaming run" in report_text(md)

    clock.advance(minutes=5)  # the same fact again, reworded: rejected before any model
    _talk(md, "Remember that the helm deploy of staging waits for the smoke tests!")
    Pipeline(md, RulesProvider()).run()
    text = _diary(md)
    assert text.count("## Dream ") == 2
    last = text[text.rindex("## Dream ") :]
    assert "### Light: staged (0)" in last
    assert "### Rejected (1)\n- candidate 'The helm deploy of staging" in last
    assert f"{new} says it" in last
    [again] = [p for p in propose(md) if p.kind == "synthesis"]
    assert again.id == pattern.id  # the same pattern keeps its id (a rejection sticks)
    apply(md, [pattern.id])
    assert len(local.list()) == len(before) + 2
    assert not [p for p in propose(md) if p.kind == "synthesis"]  # applied: gone


def test_a_pattern_whose_source_is_gone_is_not_proposed(md: Memdir) -> None:
    local = md.store("local")
    _seed(local)
    _talk(md, "Remember that helm deploy of staging waits for the smoke tests.")
    Pipeline(md, RulesProvider()).run()
    assert [p for p in propose(md) if p.kind == "synthesis"]
    local.remove("project_deploy-staging-with-helm")
    assert not [p for p in propose(md) if p.kind == "synthesis"]


def _scripted(pattern: str) -> ScriptedProvider:
    def reply(kind: str, user: str) -> str:
        if kind == "extract":
            msg = int(user.split("[#", 1)[1].split(" ", 1)[0])
            return candidates_reply(
                {
                    "type": "project",
                    "name": "Helm deploy waits for smoke tests",
                    "description": "Helm deploy of staging waits for the smoke tests",
                    "body": "The helm deploy of staging waits for the smoke tests.",
                    "evidence": [msg],
                }
            )
        if kind == "consolidate":
            return ops_reply({"op": "add", "candidate": 0})
        return pattern

    return ScriptedProvider(reply)


def test_the_model_words_the_pattern_and_its_calls_are_counted(md: Memdir) -> None:
    _seed(md.store("local"))
    _talk(md, "The helm deploy of staging waits for the smoke tests.")
    provider = _scripted(
        json.dumps(
            {
                "type": "project",
                "name": "Deploys go through helm",
                "description": "Every deploy goes through helm, staging first",
                "body": "Deploys go through helm: staging first, smoke tests, then production.",
            }
        )
    )
    report = Pipeline(md, provider).run()
    kinds = [k for k, _ in provider.calls]
    assert kinds == ["extract", "consolidate", "synthesize"]
    assert report.phase_calls == {"deep": 1, "synthesis": 1}
    assert report.phase_chars["deep"] > 0 and report.phase_chars["synthesis"] > 0
    [pattern] = [p for p in propose(md) if p.kind == "synthesis"]
    assert pattern.title.endswith("Deploys go through helm")
    assert "Deploys go through helm" not in {e.name for e in md.store("local").list()}


def test_a_malformed_pattern_reply_is_rejected_with_its_reason(md: Memdir) -> None:
    _seed(md.store("local"))
    _talk(md, "The helm deploy of staging waits for the smoke tests.")
    Pipeline(md, _scripted('{"type": "nonsense"}')).run()
    text = _diary(md)
    assert "### Proposals for review (0)" in text
    assert "does not match the schema (not the shape asked for)" in text
    assert not [p for p in propose(md) if p.kind == "synthesis"]


def test_single_stage_writes_no_diary(md: Memdir) -> None:
    _seed(md.store("local"))
    _talk(md, "Remember that helm deploy of staging waits for the smoke tests.")
    pipeline = Pipeline(md, RulesProvider())
    pipeline.dreams = False
    report = pipeline.run()
    assert report.ops and report.proposals == 0
    assert not diary.path_for(md, md.store("local").backend.location).exists()


_field = st.text(alphabet=st.sampled_from('ab -->{}"\\\n#<!:。'), max_size=40)


@settings(max_examples=80, deadline=None)
@given(st.text(max_size=2000), st.lists(st.dictionaries(_field, _field), max_size=5))
def test_reading_a_hostile_diary_never_fails(noise: str, junk: list[dict[str, str]]) -> None:
    """Hand edits, broken JSON and wrong shapes are ignored; a good proposal survives."""
    good = diary.Synthesis("feedback", "Pattern", "one line", "body -->", ("a", "b", "c"))
    run = diary.Run("local", __import__("datetime").datetime(2026, 1, 1))
    run.proposals.append(good)
    marks = "".join(f"<!-- memdir:proposal {json.dumps(j)} -->\n" for j in junk)
    text = noise + "\n" + run.render() + marks + noise.replace("## Dream ", "")
    found = diary.last_proposals(text)
    assert good in found and len(found) <= diary.MAX_PROPOSALS
    assert diary.last_proposals(noise) is not None


def test_the_diary_is_bounded(tmp_path: Path) -> None:
    path = tmp_path / "DREAMS.md"
    run = diary.Run("local", __import__("datetime").datetime(2026, 1, 1))
    run.staged = ["x" * 400] * 50
    for _ in range(100):
        diary.append(path, run)
    size = path.stat().st_size
    assert size <= diary.MAX_BYTES and path.read_text().startswith("# Dreams\n")


def test_the_diary_reaches_the_disk_before_the_run_returns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """DREAMS.md is replaced as entries are: its new bytes fsynced before the rename, the
    folder after it, so a crash leaves the old diary or the new one."""
    import os
    from datetime import UTC, datetime

    events: list[tuple[str, str]] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd: int) -> None:
        events.append(("fsync", os.path.realpath(f"/proc/self/fd/{fd}")))
        real_fsync(fd)

    def replace(src: str, dst: str) -> None:
        events.append(("rename", os.path.realpath(os.fsdecode(dst))))
        real_replace(src, dst)

    path = tmp_path / "dreams" / "k" / diary.NAME
    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    diary.append(path, diary.Run("local", datetime(2026, 12, 2, tzinfo=UTC), staged=["a"]))
    monkeypatch.undo()
    renamed = events.index(("rename", os.path.realpath(path)))
    assert events[renamed - 1][0] == "fsync"
    assert ("fsync", os.path.realpath(path.parent)) in events[renamed:]
    assert "Light: staged (1)" in path.read_text()
