"""Dreaming: a consolidation run stages, groups and writes in phases, records each step
with its reason in DREAMS.md, and proposes patterns across ≥ 3 entries, worded by a model,
for review only (offline the diary notes the theme)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import memdir
from conftest import Clock, DiskEvents, dream_diary
from memdir.engine import Memdir
from memdir.pipeline import Pipeline, RulesProvider, dreaming
from memdir.pipeline.answers import Candidate
from memdir.review import diary
from memdir.review.proposals import apply, propose, report_text
from memdir.testing import ScriptedProvider, candidates_reply, entities_reply, ops_reply

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
    return dream_diary(md, md.store("local"))


def test_a_run_writes_its_diary_and_offline_notes_the_theme_without_a_proposal(
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
    assert {e.id for e in local.list()} - before == {new}  # the new fact, never a pattern
    noticed = text.split("### Synthesis: themes noticed (1)\n")[1].split("\n")[0]
    assert noticed.startswith("- 'deploy helm staging' (")
    assert noticed.endswith("): theme noticed; a model is needed to word a pattern")
    assert all(i in noticed for i in before | {new})
    assert report.proposals == 0 and "### Proposals for review (0)" in text
    assert not [p for p in propose(md) if p.kind == "synthesis"]  # nothing to review offline

    clock.advance(minutes=5)  # the same fact again, reworded: rejected before any model
    _talk(md, "Remember that the helm deploy of staging waits for the smoke tests!")
    Pipeline(md, RulesProvider()).run()
    text = _diary(md)
    assert text.count("## Dream ") == 2
    last = text[text.rindex("## Dream ") :]
    assert "### Light: staged (0)" in last
    assert "### Rejected (1)\n- candidate 'The helm deploy of staging" in last
    assert f"{new} says it" in last


def test_the_models_pattern_is_proposed_for_review_only(md: Memdir, clock: Clock) -> None:
    local = md.store("local")
    _seed(local)
    before = {e.id for e in local.list()}
    _talk(md, "The helm deploy of staging waits for the smoke tests.")
    report = Pipeline(md, _scripted()).run()
    new = "project_helm-deploy-waits-for-smoke-tests"
    assert {e.id for e in local.list()} - before == {new}  # the new fact, never the pattern
    assert report.proposals == 1
    [pattern] = [p for p in propose(md) if p.kind == "synthesis"]
    assert sorted(pattern.entries) == sorted(f"local:{i}" for i in before | {new})
    assert "Patterns from the last dreaming run" in report_text(md)

    clock.advance(minutes=5)  # the same fact again: rejected before any model
    _talk(md, "The helm deploy of staging waits for the smoke tests!")
    Pipeline(md, _scripted()).run()
    [again] = [p for p in propose(md) if p.kind == "synthesis"]
    assert again.id == pattern.id  # the same pattern keeps its id (a rejection sticks)
    apply(md, [pattern.id])
    assert len(local.list()) == len(before) + 2
    assert not [p for p in propose(md) if p.kind == "synthesis"]  # applied: gone


def test_a_pattern_whose_source_is_gone_is_not_proposed(md: Memdir) -> None:
    local = md.store("local")
    _seed(local)
    _talk(md, "The helm deploy of staging waits for the smoke tests.")
    Pipeline(md, _scripted()).run()
    assert [p for p in propose(md) if p.kind == "synthesis"]
    local.remove("project_deploy-staging-with-helm")
    assert not [p for p in propose(md) if p.kind == "synthesis"]


def _named(user: str) -> str:
    """A pattern named after the first entry the model is shown."""
    first = json.loads(user.split("\n\n", 1)[0])["id"]
    return json.dumps(
        {
            "type": "project",
            "name": f"Pattern around {first}"[:80],
            "description": f"What the entries around {first} share"[:150],
            "body": "They go together.",
        }
    )


def _scripted(pattern: str | None = None) -> ScriptedProvider:
    """Extraction finds one fact in any session; consolidation adds it; the pattern reply
    is ``pattern`` (default: :func:`_named`)."""

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
        if kind == "entities":
            return entities_reply()
        return _named(user) if pattern is None else pattern

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
    assert kinds == ["extract", "consolidate", "synthesize", "entities"]  # entries named
    assert report.phase_calls == {"deep": 1, "synthesis": 1, "entities": 1}
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


def test_review_says_where_each_diary_lives(md: Memdir, run: Callable[..., Any]) -> None:
    if md.database is None:  # no run yet: no diary to point at
        assert "Dream diaries" not in run("review").stdout
    _seed(md.store("local"))
    _talk(md, "Remember that helm deploy of staging waits for the smoke tests.")
    Pipeline(md, RulesProvider()).run()
    [line] = [x for x in run("review").stdout.splitlines() if x.startswith("Dream diaries")]
    if md.database is None:
        assert line.startswith("Dream diaries (DREAMS.md, what each run did and why): ")
        path = diary.path_for(md, md.store("local").backend.location)
        assert f"local {path}" in line and path.read_text() == _diary(md) != ""
    else:
        said = "kept in the team database; `memdir review --diary` prints them."
        assert line == f"Dream diaries (DREAMS.md): {said}"


# mend54m: on the team backend no command printed the diary (review only said it is
# "kept in the team database"); on one machine review names its file. `memdir review
# --diary` prints each writable scope's whole diary from either (diary.text).
def test_review_diary_prints_the_diary_on_either_backend(
    md: Memdir, run: Callable[..., Any]
) -> None:
    assert "No dream diary yet" in run("review", "--diary").stdout
    _seed(md.store("local"))
    _talk(md, "Remember that helm deploy of staging waits for the smoke tests.")
    Pipeline(md, RulesProvider()).run()
    _talk(md, "Remember that the helm deploy of production needs the release tag.")
    Pipeline(md, RulesProvider()).run()
    whole = _diary(md)
    assert whole.count("## Dream ") == 2, whole
    printed = run("review", "--diary").stdout  # main: "No such option: --diary"
    assert printed == whole, printed
    assert "### Light: staged" in printed and "(local)" in printed, printed
    assert json.loads(run("review", "--diary", "--json").stdout) == {"local": whole}
    refused = run("review", "--diary", "--apply", "x", ok=False)
    assert "--diary does not go with --apply" in refused.stderr, refused.stderr


def test_single_stage_writes_no_diary(md: Memdir) -> None:
    _seed(md.store("local"))
    _talk(md, "Remember that helm deploy of staging waits for the smoke tests.")
    pipeline = Pipeline(md, RulesProvider())
    pipeline.dreams = False
    report = pipeline.run()
    assert report.ops and report.proposals == 0
    assert dream_diary(md, md.store("local")) == ""


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
    assert size <= diary.MAX_BYTES and path.read_text().startswith(diary.TITLE)


# -- each phase's limit: exactly the limit is processed, the diary says what was left -----

FACTS = [
    ("Use pnpm for installs", "The project installs packages with pnpm"),
    ("Tabs in makefiles", "Makefiles are indented with tabs"),
    ("Release on fridays", "Releases are cut on friday afternoons"),
    ("Coverage gate ninety", "Continuous integration requires ninety percent coverage"),
    ("Docs in sphinx", "Documentation is built with sphinx"),
]


def _extracting(facts: list[tuple[str, str]], ops: Callable[[int, str], str]) -> ScriptedProvider:
    """Extraction gives one project candidate per fact (evidence: the user's messages);
    consolidation answers ``ops(number of candidates shown, the JSON shown)``."""

    def reply(kind: str, user: str) -> str:
        if kind == "extract":
            ids = [int(m) for m in re.findall(r"\[#(\d+) ", user)]
            return candidates_reply(
                *(
                    {
                        "type": "project",
                        "name": n,
                        "description": d,
                        "body": d + ".",
                        "evidence": ids[:1],
                    }
                    for n, d in facts
                )
            )
        if kind == "consolidate":
            return ops(len(json.loads(user)["candidates"]), user)
        return '{"none": true}'

    return ScriptedProvider(reply)


def _sections(md: Memdir) -> list[str]:
    return _diary(md).split("## Dream ")[1:]


def _adds(n: int, _: str) -> str:
    return ops_reply(*({"op": "add", "candidate": i} for i in range(n)))


def test_light_stages_exactly_its_limit_and_the_rest_wait(md: Memdir) -> None:
    provider = _extracting(FACTS, _adds)
    pipeline = Pipeline(md, provider)
    pipeline.limits = dreaming.Limits(light=2)
    _talk(md, "Here is how this project works.")
    pipeline.run()
    shown = [len(json.loads(u)["candidates"]) for k, u in provider.calls if k == "consolidate"]
    assert shown == [2, 2, 1]  # three consolidation runs of at most the limit
    first, second, third = _sections(md)
    assert "### Light: staged (2)\n" in first
    assert "### Left by the limits (1)\n- 3 candidates: over the light limit (2 a run)" in first
    assert "### Left by the limits (1)\n- 1 candidate: over the light limit" in second
    assert "### Left by the limits (0)\n" in third
    assert len(md.store("local").list()) == len(FACTS)  # none lost


def test_rem_groups_exactly_its_limit_and_names_the_themes_left(md: Memdir) -> None:
    local = md.store("local")
    _seed(local)  # the helm theme, three entries
    for name, description in [
        ("Nightly postgres backup", "Nightly postgres backup runs at two"),
        ("Postgres backup retention", "Postgres backup retention is thirty days"),
    ]:
        local.add(type="project", name=name, description=description, body=description + ".")
    _talk(md, "Remember that helm deploy of staging waits for the smoke tests.")
    pipeline = Pipeline(md, RulesProvider())
    pipeline.limits = dreaming.Limits(rem=1)
    pipeline.run()
    [run] = _sections(md)
    assert "### REM: themes (1)\n- 'deploy helm staging': " in run
    assert "postgres" not in run.split("### REM: themes")[1].split("###")[0]
    assert "- theme 'backup postgres' (2 items): over the REM limit (1 a run)" in run

    pipeline.limits = dreaming.Limits(rem=2)  # the control: both are grouped
    _talk(md, "Remember that helm deploy of production needs a change ticket.")
    pipeline.run()
    last = _sections(md)[-1]
    assert "### REM: themes (2)" in last and "### Left by the limits (0)" in last


def test_deep_changes_exactly_its_limit_and_the_rest_wait_for_the_next_run(md: Memdir) -> None:
    local = md.store("local")
    for name, description in FACTS[:3]:
        local.add(type="project", name=name, description=description, body=description + ".")
    targets = sorted(e.id for e in local.list())
    newer = [(f"{n} revised", f"{d}, revised in december") for n, d in FACTS[:3]]

    def supersede(n: int, shown: str) -> str:  # each candidate replaces the entry it revises
        current = {e["name"]: e["id"] for e in json.loads(shown)["entries"]}
        cands = json.loads(shown)["candidates"]
        return ops_reply(
            *(
                {
                    "op": "supersede",
                    "candidate": i,
                    "target": current[cands[i]["name"].removesuffix(" revised")],
                }
                for i in range(n)
                if cands[i]["name"].removesuffix(" revised") in current
            )
        )

    provider = _extracting(newer, supersede)
    pipeline = Pipeline(md, provider)
    pipeline.limits = dreaming.Limits(deep=1)
    _talk(md, "Every one of these was revised in december.")
    pipeline.run()
    runs = _sections(md)
    assert len(runs) == 3  # one change a run; the candidates left are staged again
    assert "### Deep: superseded (1)\n" in runs[0]
    assert runs[0].count("over the deep limit (1 changes a run); candidate ") == 2
    assert "### Left by the limits (2)" in runs[0] and "### Left by the limits (1)" in runs[1]
    assert "### Left by the limits (0)" in runs[2]
    assert all("### Deep: superseded (1)\n" in r for r in runs)
    names = {e.name for e in local.list()}
    assert names == {n for n, _ in newer}  # every revision written, none lost
    assert not {e.id for e in local.list()} & set(targets)


def test_synthesis_proposes_exactly_its_limit_and_names_the_patterns_left(md: Memdir) -> None:
    local = md.store("local")
    _seed(local)
    for name, description in [
        ("Nightly postgres backup", "Nightly postgres backup runs at two"),
        ("Postgres backup retention", "Postgres backup retention is thirty days"),
        ("Postgres backup restore drill", "Postgres backup restore drill every quarter"),
    ]:
        local.add(type="project", name=name, description=description, body=description + ".")
    _talk(md, "Remember that helm deploy of staging waits for the smoke tests.")
    pipeline = Pipeline(md, _scripted())
    pipeline.limits = dreaming.Limits(synthesis=1)
    report = pipeline.run()
    [run] = _sections(md)
    assert report.proposals == 1 and "### Proposals for review (1)" in run
    assert "### REM: themes (2)" in run
    [left] = [x for x in run.splitlines() if "over the synthesis limit" in x]
    assert "entries): over the synthesis limit (1 a run)" in left
    assert len([p for p in propose(md) if p.kind == "synthesis"]) == 1

    pipeline.limits = dreaming.Limits(synthesis=2)  # the control: both are proposed
    _talk(md, "Remember that helm deploy of production needs a change ticket.")
    assert pipeline.run().proposals == 2


def test_the_diary_says_what_was_merged_and_superseded_with_ids_and_reasons(md: Memdir) -> None:
    local = md.store("local")
    for name, description in FACTS[:4]:
        local.add(type="project", name=name, description=description, body=description + ".")
    ids = {e.name: e.id for e in local.list()}
    facts = [
        ("Use pnpm ten", "The project installs packages with pnpm ten"),  # supersedes
        ("Tabs in makefiles", "Makefiles are indented with tabs, never spaces"),  # refines
    ]

    def ops(n: int, _: str) -> str:
        assert n == 2
        return ops_reply(
            {"op": "supersede", "candidate": 0, "target": ids["Use pnpm for installs"]},
            {"op": "add", "candidate": 1},  # its name is taken: an update
            {
                "op": "merge",
                "targets": [ids["Release on fridays"], ids["Coverage gate ninety"]],
                "name": "Release checks",
                "description": "Friday releases need ninety percent",
                "body": "Releases are cut on fridays once coverage is ninety percent.",
            },
        )

    pipeline = Pipeline(md, _extracting(facts, ops))
    _talk(md, "A few corrections.")
    pipeline.run()
    [run] = _sections(md)
    merged = run.split("### Deep: merged (1)\n")[1].split("###")[0]
    superseded = run.split("### Deep: superseded (3)\n")[1].split("###")[0]
    assert f"- {ids['Tabs in makefiles']}: candidate 'Tabs in makefiles' (session " in merged
    assert "refines it" in merged
    assert (
        f"- {ids['Use pnpm for installs']} by project_use-pnpm-ten: candidate 'Use pnpm ten'"
        in superseded
    )
    assert f"- {ids['Release on fridays']} by project_release-checks: the model" in superseded
    assert f"- {ids['Coverage gate ninety']}: removed by the model (merged" in superseded


def test_rem_names_at_most_ten_themes_it_left_and_counts_the_rest() -> None:
    words = [f"{a}{b}" for a in "bcdfghjklmnpq" for b in ("ax", "ox")]  # 13 pairs of words
    cands = [
        Candidate("project", f"{w1} {w2} {i}", f"{w1} {w2}", "x.", "local", (1,), 1.0)
        for w1, w2 in zip(words[::2], words[1::2], strict=True)
        for i in range(2)
    ]
    run = diary.Run("local", datetime(2026, 1, 1))
    themes = dreaming.rem(cands, [], 1, run)
    assert len(themes) == 1 and len(run.themes) == 1
    assert len(run.left) == dreaming.MAX_LEFT + 1
    assert run.left[-1] == "2 smaller themes more: over the REM limit"


def test_the_diary_reaches_the_disk_before_the_run_returns(
    tmp_path: Path, disk_events: DiskEvents
) -> None:
    """DREAMS.md is replaced as entries are (conftest.DiskEvents)."""
    from datetime import UTC, datetime

    path = tmp_path / "dreams" / "k" / diary.NAME
    diary.append(path, diary.Run("local", datetime(2026, 12, 2, tzinfo=UTC), staged=["a"]))
    disk_events.assert_durable(path)
    assert "Light: staged (1)" in path.read_text()


def test_on_the_team_backend_the_diary_is_the_users_on_every_server(
    pg_url: str, tmp_path: Path
) -> None:
    """Two servers (two homes, one database) share alice's diary; bob, granted the same
    project, sees neither its runs nor its proposals; no DREAMS.md file is written."""
    from datetime import UTC

    from conftest import team_env

    project = tmp_path / "project"
    project.mkdir()
    env = team_env(pg_url, project)
    team_env(pg_url, project, user="bob")

    def server(n: int, user: str = "alice") -> Memdir:
        return memdir.open(tmp_path / f"home{n}", project, database_url=pg_url, user=user)

    one, two, bob = server(1), server(2), server(3, "bob")
    assert env["MEMDIR_USER"] == "alice"
    _seed(one.store("project"))
    sources = tuple(e.id for e in one.store("project").list())
    pattern = diary.Synthesis("project", "Helm deploys", "how we deploy", "With helm.", sources)
    run = diary.Run("project", datetime(2026, 12, 2, tzinfo=UTC), staged=["x"])
    run.proposals.append(pattern)
    diary.record(one, one.store("project"), run)
    assert diary.proposals(two, two.store("project")) == [pattern]
    assert "Helm deploys" in dream_diary(two, two.store("project"))
    assert [p.title for p in propose(two) if p.kind == "synthesis"] == [
        "a pattern across 3 entries: Helm deploys"
    ]
    assert dream_diary(bob, bob.store("project")) == ""
    assert diary.proposals(bob, bob.store("project")) == []
    assert not [p for p in propose(bob) if p.kind == "synthesis"]
    assert not list(tmp_path.rglob(diary.NAME))
    big = diary.Run("project", datetime(2026, 12, 3, tzinfo=UTC), staged=["y" * 400] * 50)
    for _ in range(100):  # bounded as the file is: the newest runs kept
        diary.record(two, two.store("project"), big)
    kept = dream_diary(one, one.store("project"))
    assert len(kept.encode()) <= diary.MAX_BYTES and "Helm deploys" not in kept
    assert kept.count("## Dream ") >= 2
