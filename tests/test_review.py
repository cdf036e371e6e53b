"""Review on seeded scopes: every planted problem is proposed, nothing changes until a
proposal is applied, and applying one touches only what it names."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import memdir
from conftest import Clock, add
from memdir.config import load_settings
from memdir.engine import Memdir
from memdir.model import normalise
from memdir.review import _SENTENCE, _units, apply, only_in, propose, report_text
from memdir.versions import Versions


def _snapshot(*folders: Path) -> dict[str, bytes]:
    return {str(p): p.read_bytes() for f in folders if f.exists() for p in sorted(f.rglob("*"))
            if p.is_file() and ".git" not in p.parts and not p.name.startswith(".")}


@pytest.fixture
def seeded(home: Path, project: Path, clock: Clock, tmp_path: Path) -> Memdir:
    (project / ".git").mkdir()
    (project / "src").mkdir()
    (project / "src" / "app.py").write_text("def main():\n    return 1\n")
    env = {"MEMDIR_MANAGED_DIR": str(tmp_path / "managed")}
    md = Memdir(load_settings(home, project, environ=env), clock=clock)
    local = md.store("local")
    add(local, "Old habit", "Commit with a signed-off-by line.")  # stale by age
    clock.advance(days=40)
    add(local, "Run tests quietly", "Run pytest with -q to keep the output short.")
    add(local, "Run the tests quietly", "Run pytest with -q so the output stays short.")
    add(local, "Install with pnpm", "Use pnpm for every install.")
    clock.advance(minutes=1)
    add(local, "Install with npm", "Use npm for every install.")
    add(local, "App entry", "The entry point is `src/app.py` in `main()`.")
    add(local, "Old loader", "Settings load in `src/config_loader.py` via `load_all()`.")
    add(local, "PR titles", "Our pull requests use imperative titles.")
    # the same rule saved in another project's local scope -> the user scope
    other = tmp_path / "other"
    (other / ".git").mkdir(parents=True)
    md_other = Memdir(load_settings(home, other, environ=env), clock=clock)
    add(md_other.store("local"), "Reply in English", "Always answer in English.")
    add(local, "Reply in English", "Always answer in English.")
    return md


def test_each_planted_problem_is_proposed_and_nothing_changes(seeded: Memdir,
                                                             home: Path, project: Path
                                                             ) -> None:
    before = _snapshot(home, project / ".memdir")
    commits = len(Versions(seeded).log())
    proposals = propose(seeded)
    by_kind: dict[str, list[str]] = {}
    for p in proposals:
        by_kind.setdefault(p.kind, []).append(p.title)
    assert by_kind["merge"] == ["feedback_run-tests-quietly duplicates "
                                "feedback_run-the-tests-quietly"]
    assert by_kind["conflict"] == ["feedback_install-with-pnpm and feedback_install-with-npm "
                                   "disagree"]
    stale = " ".join(by_kind["stale"])
    assert "feedback_old-loader" in stale and "feedback_old-habit" in stale
    assert "feedback_app-entry" not in stale  # its file and symbol exist
    promote = " ".join(by_kind["promote"])
    assert "feedback_pr-titles reads like a team convention" in promote
    assert "feedback_reply-in-english is the same rule in 2 projects" in promote
    assert [p.id for p in propose(seeded)] == [p.id for p in proposals]  # ids are stable
    text = report_text(seeded, proposals)
    assert "## Duplicates (merge)" in text and "## Conflicts" in text
    assert _snapshot(home, project / ".memdir") == before
    assert len(Versions(seeded).log()) == commits


def test_applying_one_proposal_touches_only_what_it_names(seeded: Memdir, home: Path,
                                                          tmp_path: Path) -> None:
    local = seeded.store("local")
    ids_before = {e.id for e in local.list()}
    merge = next(p for p in propose(seeded) if p.kind == "merge")
    apply(seeded, [merge.id])
    assert ids_before - {e.id for e in local.list()} == {"feedback_run-tests-quietly"}
    assert "feedback_run-tests-quietly" not in {p.entries[0].split(":")[1]
                                                for p in propose(seeded)}
    with pytest.raises(memdir.MemdirError, match="run `memdir review` again"):
        apply(seeded, [merge.id])  # gone once applied
    promo = next(p for p in propose(seeded) if "2 projects" in p.title)
    apply(seeded, [promo.id])
    assert [e.name for e in seeded.store("user").list()] == ["Reply in English"]
    assert "feedback_reply-in-english" not in {e.id for e in local.list()}
    other = Memdir(load_settings(home, tmp_path / "other",
                                 environ={"MEMDIR_MANAGED_DIR": str(tmp_path / "managed")}))
    assert other.store("local").list() == []
    team = next(p for p in propose(seeded) if "team convention" in p.title)
    apply(seeded, [team.id])
    assert [e.name for e in seeded.store("project").list()] == ["PR titles"]


def test_index_near_budget_is_proposed(md: Memdir, store: memdir.Store) -> None:
    store.apply([memdir.AddOp("reference", f"Fact {i:03d}", f"A long description of fact "
                              f"{i} that goes on " + "x" * 100, f"Fact body {i}.")
                 for i in range(110)])
    index = [p for p in propose(md) if p.kind == "index"]
    assert len(index) == 1 and "of its budget" in index[0].title
    apply(md, [index[0].id])
    shortened = [e for e in store.list() if e.description.endswith("…")]
    assert len(shortened) == 5 and all(len(e.description) <= 60 for e in shortened)


def test_cli_review_json_and_apply(seeded: Memdir, run) -> None:
    def out(*args: str) -> str:
        return str(run(*args).stdout)

    rows = json.loads(out("review", "--json"))
    conflict = next(r for r in rows if r["kind"] == "conflict")
    assert "Applied " + conflict["id"] in out("review", "--apply", conflict["id"])
    assert conflict["id"] not in out("review")
    log = out("log", "-n", "1")
    assert "remove feedback_install-with-pnpm (user)" in log


def test_stale_means_unused_not_unedited(md: Memdir, store: memdir.Store,
                                         clock: Clock) -> None:
    """An entry read every week is not stale however old its last edit; one nobody reads
    is, after max_unused_days (the same usage the index's decay uses)."""
    add(store, "Read often", "Deploys go through Helm.")
    add(store, "Never read", "The old cron host was decommissioned.")
    session = md.session()
    for _ in range(6):
        clock.advance(days=7)
        assert session.call_tool("memory_read", {"id": "feedback_read-often"})["success"]
    stale = {p.title for p in propose(md) if p.kind == "stale"}
    assert stale == {"feedback_never-read looks stale"}


def test_merge_folds_what_only_the_older_entry_says_into_the_newer(
        md: Memdir, store: memdir.Store, clock: Clock) -> None:
    """A merge is one write: the kept (newer) entry gains the older one's distinct lines,
    sentences and origins, then the older one is archived."""
    store.add(type="feedback", name="Quiet pytest", description="pytest -q",
              body="Run pytest with -q.\n**Why:** CI logs are capped. Output over 4 MB is cut.\n"
                   "```\npytest -q tests/\n```", origins=["session:old"])
    clock.advance(minutes=1)
    store.add(type="feedback", name="Quiet pytest runs", description="pytest -q, always",
              body="Run pytest with -q.\n**Why:** CI logs are capped.", origins=["session:new"])
    commits = len(Versions(md).log())
    merge = next(p for p in propose(md) if p.kind == "merge")
    assert "add to it 2 lines only 'feedback_quiet-pytest' has" in merge.detail
    assert "session:old" in merge.detail
    apply(md, [merge.id])
    [kept] = store.list()
    assert kept.id == "feedback_quiet-pytest-runs" and kept.description == "pytest -q, always"
    assert kept.body == ("Run pytest with -q.\n**Why:** CI logs are capped.\n\n"
                         "Output over 4 MB is cut.\n```\npytest -q tests/\n```")
    assert kept.origins == ("session:new", "session:old")
    archived = [e for e in store.list(include_archived=True) if e.archived]
    assert [e.name for e in archived] == ["Quiet pytest"]
    log = Versions(md).log()
    assert len(log) == commits + 1  # one batch, one commit
    assert log[0].commit.subject == ("replace feedback_quiet-pytest-runs, remove "
                                     "feedback_quiet-pytest (user)")


def test_merge_of_an_exact_duplicate_only_archives(md: Memdir, store: memdir.Store,
                                                   clock: Clock) -> None:
    add(store, "Use pnpm", "Install with pnpm, never npm.")
    clock.advance(minutes=1)
    newer = add(store, "Use pnpm here", "install with  PNPM, never npm.\nLockfile stays.")
    merge = next(p for p in propose(md) if p.kind == "merge")
    assert "already says all of it; archive 'feedback_use-pnpm'" in merge.detail
    apply(md, [merge.id])
    [kept] = store.list()
    assert kept == newer  # untouched: same body, same updated time
    assert Versions(md).log()[0].commit.subject == "remove feedback_use-pnpm (user)"


_texts = st.text(st.sampled_from("ab .!?\n`~-*Ab1"), max_size=60)


@given(_texts, _texts)
def test_only_in_loses_nothing_the_older_text_says(older: str, newer: str) -> None:
    merged = normalise(newer + "\n\n" + "\n".join(only_in(older, newer)))
    for unit in _units(older):
        for part in ([unit] if "\n" in unit else _SENTENCE.split(unit)):
            assert normalise(part) in merged
    assert only_in(older, older) == []
