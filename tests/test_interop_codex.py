"""Codex interop: ``~/.codex/memories`` in and out, on a fixture home laid out like Codex's.

The fixture (tests/fixtures/codex/home) is copied into tmp_path with its ``/home/ada``
paths pointed at the copy and ``/home/ada/code/app`` at the test's project.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import Clock, add
from memdir import MemdirError, guard
from memdir.core.changes import AddOp
from memdir.core.config import load_settings
from memdir.core.errors import ValidationError
from memdir.core.model import EntryType, validate_body, validate_name
from memdir.core.scopes import project_slug
from memdir.core.store import state_key
from memdir.engine import Memdir
from memdir.interop import Rendered, export_memories, import_memories
from memdir.interop.agents_md import BEGIN, END
from memdir.interop.codex import formats as fmt
from memdir.interop.codex.memory import HARNESS, SUMMARY_MAX_BYTES, SUMMARY_MAX_TOKENS

FIXTURE = Path(__file__).parent / "fixtures" / "codex" / "home"
MEMORIES = Path(".codex") / "memories"
Run = Callable[..., subprocess.CompletedProcess[str]]


def codex_home(tmp_path: Path, project: Path) -> Path:
    """A copy of the fixture home whose paths point at the copy and at ``project``."""
    home = tmp_path / "user-home"
    shutil.copytree(FIXTURE, home)
    for path in home.rglob("*.md"):
        text = path.read_text("utf-8")
        text = text.replace("/home/ada/code/app", str(project)).replace("/home/ada", str(home))
        path.write_text(text, "utf-8")
    return home


@pytest.fixture
def user_home(tmp_path: Path, project: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = codex_home(tmp_path, project)
    monkeypatch.setenv("HOME", str(home))
    return home


def fresh(tmp_path: Path, project: Path, clock: Clock, name: str) -> Memdir:
    env = {"MEMDIR_MANAGED_DIR": str(tmp_path / "managed"), "MEMDIR_BACKGROUND": "0"}
    return Memdir(load_settings(tmp_path / name, project, environ=env), clock=clock)


def everything(md: Memdir) -> set[tuple[str, str, str, str]]:
    """(scope, type, name, body) of every entry in the user scope and every local scope."""
    out = {("user", e.type.value, e.name, e.body) for e in md.store("user").list()}
    mine = md.locations["local"].path
    for folder in sorted((md.home / "projects").iterdir()):
        store = md.store("local") if folder == mine else md.store_at(folder)
        label = "local" if folder == mine else folder.name
        out |= {(label, e.type.value, e.name, e.body) for e in store.list()}
    return out


def files(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()
    }


def content(rendered: Rendered, name: str) -> str:
    (found,) = [f.content for f in rendered.files if f.path.name == name]
    return found


# -- the fixture and the import mapping -----------------------------------------------------


def test_the_fixture_holds_exactly_one_entry_the_guard_refuses(user_home: Path) -> None:
    notes = sorted((user_home / MEMORIES / "extensions" / "ad_hoc" / "notes").glob("*.md"))
    flagged = [p.name for p in notes if guard.scan(p.read_text("utf-8")) is not None]
    assert flagged == ["2026-10-04T09-00-00-helpful-shortcut.md"]
    for name in ("memory_summary.md", "MEMORY.md"):
        assert guard.scan((user_home / MEMORIES / name).read_text("utf-8")) is None


def test_import_maps_sections_task_groups_and_notes(md: Memdir, user_home: Path) -> None:
    plan = import_memories(md, "codex")
    got = {p.item.name: p for p in plan.items}
    src = user_home / MEMORIES
    assert plan.problems == []
    profile = got["She writes documentation and commit messages in British English."]
    assert (profile.item.type, profile.item.scope) == ("user", "user")
    assert profile.item.origin == f"codex:{src / 'memory_summary.md'}#User Profile"
    assert got["Commit style"].item.type == "feedback"
    assert got["Commit style"].item.body.startswith("imperative mood")
    push = next(p.item for p in plan.items if p.item.name.startswith("Never push"))
    assert push.type == "feedback" and push.body.endswith('"main is protected for a reason".')
    tip = next(p.item for p in plan.items if p.item.name.startswith("Run `make check`"))
    assert tip.type == "reference" and tip.description.startswith("Tooling: ")
    # What's in Memory is Codex's index, not memory
    assert not any("What's in Memory" in p.item.origin for p in plan.items)
    # task groups land where their applies_to points
    app = got["app test workflow"].item
    assert (app.type, app.scope, app.folder) == ("project", "local", None)
    assert app.origin == f"codex:{src / 'MEMORY.md'}#app test workflow"
    assert app.body.startswith("scope: Running") and "## Failures and how" in app.body
    assert got["app API pagination conventions"].item.scope == "local"  # a subfolder
    other = got["other service staging deploy"].item
    assert other.folder == md.home / "projects" / project_slug(user_home / "code" / "other")
    assert got["old laptop backup scripts"].item.scope == "user"  # gone from here
    assert got["git hygiene across repositories"].item.scope == "user"  # cwd=any repository
    # notes: reference entries named by heading or file name
    assert got["Release checklist"].item.type == "reference"
    assert got["timezone"].item.origin.endswith("20261003T0800Z-timezone.md")
    # Codex's working files are not memories
    assert not any(
        "raw_memories" in p.item.origin or "rollout_summaries/" in p.item.origin for p in plan.items
    )
    assert plan.counts() == {
        "add": 16,
        "update": 0,
        "unchanged": 0,
        "duplicate": 0,
        "conflict": 0,
        "removed": 0,
        "promoted": 0,
        "refused": 1,
        "invalid": 0,
    }


def test_the_poisoned_note_is_refused_and_reported(md: Memdir, user_home: Path) -> None:
    plan = import_memories(md, "codex", apply=True)
    (refused,) = plan.by_action("refused")
    assert refused.item.name == "Helpful shortcut"
    assert refused.reason.startswith("injection.")
    assert not any("evil.example" in e.body for _, e in md.entries())


def snapshot(root: Path) -> dict[str, str]:
    """Every path under ``root`` (folders too) with a hash of each file's bytes."""
    return {
        str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
        if p.is_file()
        else "folder"
        for p in sorted(root.rglob("*"))
    }


def test_dry_runs_write_nothing(md: Memdir, user_home: Path, project: Path, tmp_path: Path) -> None:
    before = snapshot(tmp_path)  # HOME, memdir's home, the project and every other folder
    plan = import_memories(md, "codex")
    assert plan.counts()["add"] == 16 and not plan.applied
    assert snapshot(tmp_path) == before
    subprocess.run(["git", "init", "-q", str(project)], check=True)
    md = Memdir(md.settings, clock=md.clock)
    (project / "AGENTS.md").write_text("# Hand written\n")
    add(md.store("project"), "Use pnpm", "Install with pnpm.")  # AGENTS.md would change
    add(md.store("user"), "Be terse", "Answer in one paragraph.")
    add(md.store("user"), "Release train", "Releases go out on Tuesdays.", type="project")
    shutil.rmtree(user_home / MEMORIES)
    before = snapshot(tmp_path)
    planned = {"MEMORY.md": "create", "memory_summary.md": "create"}
    for destination, agents in ((tmp_path / "out", {}), (None, {"AGENTS.md": "update"})):
        report = export_memories(md, "codex", destination)  # elsewhere, then Codex's own
        assert {f.path.name: f.status for f in report.files} == planned | agents
        assert not report.applied and snapshot(tmp_path) == before


def test_reimport_is_idempotent(md: Memdir, user_home: Path) -> None:
    import_memories(md, "codex", apply=True)
    first = everything(md)
    again = import_memories(md, "codex", apply=True)
    assert again.counts()["add"] == again.counts()["update"] == 0
    assert again.counts()["unchanged"] == 16 and again.counts()["refused"] == 1
    assert everything(md) == first


def test_malformed_files_are_reported_and_the_rest_imported(md: Memdir, user_home: Path) -> None:
    src = user_home / MEMORIES
    (src / "memory_summary.md").write_text("# Memory Summary\n\n## User Profile\n\n- Ada.\n")
    memory = src / "MEMORY.md"
    memory.write_text(
        "Preamble nobody asked for.\n\n# Task Group:\nbody\n\n"
        + memory.read_text("utf-8")
        + "\n# Task Group: empty group\n"
    )
    (src / "extensions/ad_hoc/notes/bad.md").write_bytes(b"caf\xe9 au lait\n")
    (src / "extensions/ad_hoc/notes/blank.md").write_text("\n  \n")
    plan = import_memories(md, "codex")
    problems = "\n".join(plan.problems)
    assert "memory_summary.md" not in problems  # Codex reads it without `v1`; so does memdir
    assert f"{src / 'memory_summary.md'}:1: no `v1` line: Codex reads it" in "\n".join(plan.notes)
    assert f"{memory}:1: text outside any `# Task Group:` block" in problems
    assert f"{memory}:3: a `# Task Group:` line without a title" in problems
    assert (
        f"{src / 'extensions/ad_hoc/notes/bad.md'}: cannot be read (not UTF-8 (bad byte "
        "at offset 3))" in problems
    )
    assert "blank.md:1: the note is empty" in problems
    assert len(plan.by_action("add")) == 8  # five task groups, two notes, the profile
    (empty,) = plan.by_action("invalid")
    assert empty.item.name == "empty group" and "body" in empty.reason


def test_unknown_summary_sections_and_a_missing_folder(
    md: Memdir, user_home: Path, tmp_path: Path
) -> None:
    src = user_home / MEMORIES
    (src / "memory_summary.md").write_text(
        "v1\nstray\n## User Profile\n\nAda.\n\n## Misc\n\n- kept out\n"
    )
    plan = import_memories(md, "codex")
    assert plan.problems == []  # every part is read, as Codex reads the whole file
    assert any(":2: text before the first `##` section: imported" in n for n in plan.notes)
    assert any(":7: section 'Misc' is not one of Codex's" in n for n in plan.notes)
    summary = [p.item for p in plan.items if "memory_summary.md" in p.item.origin]
    assert [(i.body, str(i.type)) for i in summary] == [
        ("stray", "reference"),
        ("Ada.", "user"),
        ("kept out", "reference"),
    ]
    with pytest.raises(MemdirError, match=r"No such file or folder: .*nowhere"):
        import_memories(md, "codex", tmp_path / "nowhere")  # a --from typo is an error


def test_a_task_group_for_a_known_project_that_moved(md: Memdir, user_home: Path) -> None:
    gone = user_home / "code" / "moved-away"
    folder = md.home / "projects" / project_slug(gone)
    folder.mkdir(parents=True)
    memory = user_home / MEMORIES / "MEMORY.md"
    memory.write_text(f"# Task Group: moved\n\nscope: s\napplies_to: cwd={gone}/lib\n\n- x\n")
    (item,) = [p.item for p in import_memories(md, "codex").items if p.item.name == "moved"]
    assert (item.scope, item.folder) == ("local", folder)


@pytest.mark.parametrize(
    "cwd",
    [
        "any repository",
        "~nosuchuser-memdir/app",
        "relative/dir",
        "C:\\Users\\ada\\app",
        "/" + "x" * 5000,
        "``",
        "/nowhere/at\u2028all",
        "   ",
    ],
)
def test_a_cwd_that_names_no_folder_here_goes_to_the_user_scope(
    md: Memdir, user_home: Path, cwd: str
) -> None:
    memory = user_home / MEMORIES / "MEMORY.md"
    memory.write_text(f"# Task Group: odd\n\nscope: s\napplies_to: cwd={cwd}; x=y\n\n- b\n")
    (item,) = [p.item for p in import_memories(md, "codex").items if p.item.name == "odd"]
    assert (item.scope, item.folder) == ("user", None)
    assert f"applies_to: cwd={cwd}; x=y" in item.body  # where it applied is kept


# -- export ---------------------------------------------------------------------------------


def test_round_trip_keeps_every_name_type_and_body(
    md: Memdir, user_home: Path, project: Path, tmp_path: Path, clock: Clock
) -> None:
    import_memories(md, "codex", apply=True)
    # entries written in memdir, not in Codex: names, types and bodies Codex has no slot for
    add(
        md.store("user"),
        "Answer tersely",
        "One paragraph.\n\n    code stays indented\n- a list\n# Task Group: not a heading here",
        type="feedback",
    )
    add(md.store("user"), "Release train", "Releases go out on Tuesdays.", type="project")
    add(md.store("user"), "Lives in Lisbon", "Ada lives in Lisbon, 日本語も少し.", type="user")
    add(
        md.store("local"),
        "Staging DB",
        "staging-db.internal:5432\n\\# Task Group: x",
        type="reference",
    )
    add(md.store("local"), "Use the Makefile", "Run `make`, not raw pytest.")
    # project entries whose bodies read like Codex's own task groups
    add(
        md.store("user"),
        "Infra notes",
        "scope: infra\n\nSteps:\n# Task Group: not a real "
        "group\n\\# Task Group: nor this\nrun terraform",
        type="project",
    )
    add(
        md.store("local"),
        "Marked",
        "scope: s\napplies_to: cwd=/x; memdir=user\n\n- x",
        type="project",
    )
    out = tmp_path / "out"
    report = export_memories(md, "codex", out, apply=True)
    assert report.applied and report.left_out == []
    b = fresh(tmp_path, project, clock, "home-b")
    plan = import_memories(b, "codex", out, apply=True)
    assert plan.problems == [] and plan.counts()["add"] == len(everything(md))
    assert everything(b) == everything(md)
    assert len(everything(md)) == 23
    back = import_memories(md, "codex", out)  # and reading the export back adds nothing
    assert back.counts()["add"] == back.counts()["update"] == 0


def test_summary_is_v1_and_within_the_token_bound(
    md: Memdir, user_home: Path, tmp_path: Path, clock: Clock
) -> None:
    kinds = ["user", "feedback", "reference"]
    ops = [
        AddOp(
            kinds[n % 3],
            f"Rule {n:03}",
            f"about rule {n}",
            f"Règle {n}: {'ünïcode → ' * (n % 7)}keep this in mind.",
        )
        for n in range(300)
    ]
    md.store("user").apply(ops)
    clock.advance(days=1)
    add(
        md.store("user"),
        "Pinned reference",
        "A reference that must always show.",
        type="reference",
        pinned=True,
    )
    newest = add(md.store("user"), "Newest correction", "Stop doing the old thing.")
    rendered = HARNESS.render(md, tmp_path / "out")
    summary, memory = content(rendered, "memory_summary.md"), content(rendered, "MEMORY.md")
    assert summary.split("\n")[0] == "v1" and summary.startswith("v1\n\n## User Profile\n")
    heads = [line for line in summary.split("\n") if line.startswith("## ")]
    assert heads == [
        "## User Profile",
        "## User preferences",
        "## General Tips",
        "## What's in Memory",
    ]
    # Codex cuts the summary it loads at 2,500 tokens, counting 4 bytes a token
    assert SUMMARY_MAX_BYTES == 4 * SUMMARY_MAX_TOKENS == 10_000
    assert 9_000 < len(summary.encode("utf-8")) <= SUMMARY_MAX_BYTES
    assert "- Pinned reference" not in summary and "**Pinned reference**" in summary
    assert "Stop doing the old thing." in summary
    left = dict(rendered.left_out)
    assert len(left) > 150 and newest.id not in left
    assert all("2,500-token budget" in why for why in left.values())
    for entry in md.store("user").list():  # what did not fit is in MEMORY.md
        assert (entry.id in left) == (f"# Task Group: {entry.name}\n" in memory)
    assert "more in MEMORY.md" in summary
    assert fmt.parse_summary(summary).problems == []


def _summary_left_out(md: Memdir, tmp_path: Path) -> list[str]:
    rendered = HARNESS.render(md, tmp_path / "out")
    return [e for e, why in rendered.left_out if "token budget" in why]


def test_the_summary_ranks_as_memdir_does_recent_use_first(
    md: Memdir, tmp_path: Path, clock: Clock
) -> None:
    user = md.store("user")
    alpha = add(user, "Alpha", "x" * 4_000)
    clock.advance(days=1)
    beta = add(user, "Beta", "y" * 4_000)
    clock.advance(days=1)
    add(user, "Gamma", "z" * 4_000)
    assert _summary_left_out(md, tmp_path) == [alpha.id]  # two fit: the newest
    assert not md.state_path.exists()  # ranking reads usage, never creates state.db
    clock.advance(days=1)
    md.usage().bump([(state_key(user), alpha.id)])  # read today: outranks Beta
    assert _summary_left_out(md, tmp_path) == [beta.id]


def test_the_summary_puts_entries_unused_for_a_month_last(
    md: Memdir, tmp_path: Path, clock: Clock
) -> None:
    user = md.store("user")
    rule = add(user, "Old rule", "Always " + "x" * 6_000)
    fact = add(user, "Fresh fact", "y" * 6_000, type="reference")
    assert _summary_left_out(md, tmp_path) == [fact.id]  # feedback outranks reference...
    clock.advance(days=md.settings.max_unused_days + 1)
    md.usage().bump([(state_key(user), fact.id)])
    assert _summary_left_out(md, tmp_path) == [rule.id]  # ...until nobody read it for a month


def test_memory_md_is_written_before_the_summary_that_points_into_it(
    md: Memdir, tmp_path: Path
) -> None:
    add(md.store("user"), "Be terse", "Answer in one paragraph.")
    add(md.store("user"), "Release train", "Releases go out on Tuesdays.", type="project")
    rendered = HARNESS.render(md, tmp_path / "out")
    names = [f.path.name for f in rendered.files]
    assert names.index("MEMORY.md") < names.index("memory_summary.md")  # written in order
    report = export_memories(md, "codex", tmp_path / "out", apply=True)
    assert [f.path.name for f in report.files] == names


def test_projects_this_home_knows_each_get_their_cwd(
    md: Memdir, user_home: Path, tmp_path: Path, clock: Clock
) -> None:
    import memdir

    other = user_home / "code" / "other"
    with_record = memdir.open(md.home, other)
    add(with_record.store("local"), "Other rule", "Deploy other with flyctl.", type="reference")
    memdir.open(md.home, other)  # the scope exists now: its path is recorded
    orphan = md.home / "projects" / "no-record-here"
    add(md.store_at(orphan), "Lost", "Nobody knows where this came from.")
    add(md.store("local"), "Mine", "This project's rule.")
    rendered = HARNESS.render(md, tmp_path / "out")
    memory = content(rendered, "MEMORY.md")
    assert (
        f"applies_to: cwd={md.project_root}; reuse_rule=checkout-specific; "
        f"memdir=feedback" in memory
    )
    assert f"applies_to: cwd={other}; reuse_rule=checkout-specific; memdir=reference" in memory
    assert memory.index("# Task Group: Mine") < memory.index("# Task Group: Other rule")
    assert "Lost" not in memory
    assert rendered.left_out == [
        (
            "no-record-here:feedback_lost",
            "its checkout path is not recorded (no .origin.json; run memdir there once)",
        )
    ]


HAND = "# Agents\r\n\r\nRun `make test` first. Ünïcödé — 日本語\r\n\u00a0no newline at end"


def test_agents_md_hand_written_content_survives_byte_for_byte(
    md: Memdir, user_home: Path, project: Path
) -> None:
    subprocess.run(["git", "init", "-q", str(project)], check=True)
    shutil.rmtree(user_home / MEMORIES)  # no Codex files to refuse: the default target
    md = Memdir(md.settings, clock=md.clock)
    agents = project / "AGENTS.md"
    agents.write_bytes(HAND.encode("utf-8"))
    report = export_memories(md, "codex", apply=True)
    assert agents.read_bytes() == HAND.encode("utf-8")  # no rules: not touched
    assert any("AGENTS.md not touched" in n for n in report.notes)
    add(md.store("project"), "Use pnpm", "Install with `pnpm install`.\nNever npm.")
    report = export_memories(md, "codex", apply=True)
    assert {f.path.name: f.status for f in report.files}["AGENTS.md"] == "update"
    data = agents.read_bytes()
    assert data.startswith(HAND.encode("utf-8"))
    text = data.decode("utf-8")
    # HAND has no final newline: nor has the file with memdir's section after it (mend52b)
    assert text.count(BEGIN) == 1 and text.endswith(END) and "**Use pnpm**" in text
    again = export_memories(md, "codex", apply=True)
    assert {f.status for f in again.files} == {"unchanged"}
    assert agents.read_bytes() == data


def test_an_export_to_another_folder_leaves_agents_md_alone(
    md: Memdir, user_home: Path, project: Path, tmp_path: Path
) -> None:
    subprocess.run(["git", "init", "-q", str(project)], check=True)
    md = Memdir(md.settings, clock=md.clock)
    agents = project / "AGENTS.md"
    agents.write_bytes(HAND.encode("utf-8"))
    add(md.store("project"), "Use pnpm", "Install with `pnpm install`.")
    report = export_memories(md, "codex", tmp_path / "out", apply=True)
    assert agents.read_bytes() == HAND.encode("utf-8")
    assert {f.path.parent for f in report.files} == {tmp_path / "out"}
    assert any(
        n.startswith(f"{agents} not updated: an export to another folder") for n in report.notes
    )


def test_export_refuses_codex_own_files_then_backs_them_up(md: Memdir, user_home: Path) -> None:
    target = user_home / MEMORIES
    before = (target / "MEMORY.md").read_bytes()
    add(md.store("user"), "Be terse", "Answer in one paragraph.")
    report = export_memories(md, "codex", apply=True)
    assert report.destination == target
    assert {f.path.name for f in report.refused} == {"memory_summary.md", "MEMORY.md"}
    assert (target / "MEMORY.md").read_bytes() == before
    forced = export_memories(md, "codex", apply=True, force=True)
    backups = [f.backup for f in forced.files if f.backup is not None]
    assert len(backups) == 2 and all(b.read_bytes() for b in backups)
    assert {b.name.split(".memdir-backup-")[0] for b in backups} == {
        "memory_summary.md",
        "MEMORY.md",
    }
    assert "- Answer in one paragraph." not in (target / "memory_summary.md").read_text()
    assert "**Be terse** — Answer in one paragraph." in (target / "memory_summary.md").read_text()


# -- the CLI --------------------------------------------------------------------------------


def test_cli_import_and_export(run: Run, tmp_path: Path, project: Path, home: Path) -> None:
    user_home = codex_home(tmp_path, project)
    env = {"HOME": str(user_home)}
    dry = run("import", "codex", extra_env=env)
    assert "refused by the guard" in dry.stdout and "Helpful shortcut" in dry.stdout
    assert "Dry run: nothing written" in dry.stdout and not (home / "user").exists()
    done = run("import", "codex", "--apply", "--json", extra_env=env)
    data = json.loads(done.stdout)
    assert data["applied"] and data["counts"]["add"] == 16 and data["counts"]["refused"] == 1
    again = json.loads(run("import", "codex", "--apply", "--json", extra_env=env).stdout)
    assert again["counts"]["add"] == 0 and again["counts"]["unchanged"] == 16
    refused = run("export", "codex", "--apply", ok=False, extra_env=env)  # Codex's own files
    assert "hold content memdir did not write" in refused.stderr
    out = tmp_path / "exported"
    run("export", "codex", "--to", str(out), "--apply", extra_env=env)
    assert (out / "memory_summary.md").read_text().startswith("v1\n\n## User Profile\n")
    assert "# Task Group: app test workflow" in (out / "MEMORY.md").read_text()
    bad = tmp_path / "bad"
    (bad / "extensions/ad_hoc/notes").mkdir(parents=True)
    (bad / "extensions/ad_hoc/notes/x.md").write_bytes(b"\xff\xfe")
    shown = run("import", "codex", "--from", str(bad), extra_env=env)
    assert "Unreadable:" in shown.stderr and "not UTF-8" in shown.stderr


def test_fifos_and_odd_files_are_problems_not_hangs(
    run: Run, tmp_path: Path, project: Path
) -> None:
    """A FIFO where a memory file or AGENTS.md should be would block a plain open()."""
    user_home = codex_home(tmp_path, project)
    env = {"HOME": str(user_home)}
    src = user_home / MEMORIES
    for name in ("memory_summary.md", "MEMORY.md"):
        (src / name).unlink()
        os.mkfifo(src / name)
    os.mkfifo(src / "extensions/ad_hoc/notes/pipe.md")
    (src / "extensions/ad_hoc/notes/dir.md").mkdir()
    shown = run("import", "codex", extra_env=env)
    for name in ("memory_summary.md", "MEMORY.md", "pipe.md", "dir.md"):
        assert f"{name}: cannot be read (not a regular file)" in shown.stderr
    assert "Release checklist" in shown.stdout  # the readable notes are still imported
    os.mkfifo(project / "AGENTS.md")
    shutil.rmtree(src)
    exported = run("export", "codex", extra_env=env)
    assert (
        f"AGENTS.md not updated: cannot update {project / 'AGENTS.md'}: not a regular "
        "file" in exported.stdout
    )


# -- the parsers, fuzzed --------------------------------------------------------------------

LINES = st.lists(
    st.sampled_from(
        [
            "v1",
            "## User Profile",
            "## User preferences",
            "## Tips",
            "## What's in Memory",
            "### sub",
            "- bullet",
            "  indented",
            "",
            "   ",
            "text",
            "# Task Group: t",
            "# Task Group:",
            "scope: s",
            "applies_to: cwd=/x; memdir=feedback",
            "**N** \u2014 b",
            "1. one",
            "\t- tab",
            "\\# Task Group: e",
        ]
    )
    | st.text(),
    max_size=30,
).map("\n".join)


@given(text=LINES | st.text(), stem=st.text())
def test_parsers_take_any_text(text: str, stem: str) -> None:
    for parsed in (fmt.parse_summary(text), fmt.parse_memory(text), fmt.parse_note(text, stem)):
        for item in parsed.items:
            assert isinstance(item.name, str) and isinstance(item.body, str)
        assert all(isinstance(line, int) and why for line, why in parsed.problems)


def _valid(name: str, body: str) -> tuple[str, str] | None:
    try:
        return validate_name(name), validate_body(body)
    except (ValidationError, MemdirError):
        return None


BODY = st.lists(
    st.sampled_from(
        [
            "x",
            "- y",
            "  z",
            "",
            "   ",
            "\tt",
            "## h",
            "# Task Group: q",
            "\\# Task Group: r",
            "**B** \u2014 c",
            "1) n",
            "日本",
        ]
    )
    | st.text(min_size=1),
    min_size=1,
    max_size=6,
).map("\n".join)


@given(
    entries=st.lists(
        st.tuples(
            st.sampled_from([EntryType.USER, EntryType.FEEDBACK, EntryType.REFERENCE]),
            st.text(min_size=1, max_size=80),
            BODY,
        ),
        max_size=5,
    )
)
def test_summary_bullets_round_trip(entries: list[tuple[EntryType, str, str]]) -> None:
    kept = []
    for kind, name, body in entries:
        valid = _valid(name, body)
        if valid is None or "** \u2014 " in valid[0]:
            continue
        kept.append((kind, *valid))
    sections: dict[EntryType, list[str]] = {}
    for kind, name, body in kept:
        sections.setdefault(kind, []).append(fmt.render_bullet(name, body))
    parsed = fmt.parse_summary(fmt.render_summary(sections, "- index\n"))
    assert parsed.problems == []
    order = [k for _, k in fmt.SECTIONS]
    expected = sorted(kept, key=lambda e: order.index(e[0]))
    assert [(i.type, i.name, validate_body(i.body)) for i in parsed.items] == expected


HEADERS = st.lists(
    st.sampled_from(
        [
            "scope: s",
            "applies_to: cwd=/srv/app",
            "applies_to: cwd=/x; memdir=feedback",
            "applies_to: any",
            "Scope : t",
        ]
    ),
    min_size=1,
    max_size=3,
)


@given(name=st.text(min_size=1, max_size=80), headers=HEADERS, body=BODY)
def test_codex_task_groups_round_trip_verbatim(name: str, headers: list[str], body: str) -> None:
    """A project entry whose body is a Codex task group's is written as it is (escaped
    where a line would start a group) and comes back whole; a body carrying memdir's own
    mark is not one of those."""
    valid = _valid(name, "\n".join(headers) + "\n" + body)
    if valid is None:
        return
    name, text = valid
    codex, _ = fmt.body_cwd(text)
    applies_to = next((h for h in headers if h.startswith("applies_to")), "")
    assert codex == ("memdir=" not in applies_to)  # the first one counts, as on reading
    rendered = (
        fmt.render_verbatim(name, text)
        if codex
        else fmt.render_group(name, "d", text, EntryType.PROJECT, "any", "any project")
    )
    parsed = fmt.parse_memory(rendered)
    assert parsed.problems == []
    assert [(i.type, i.name, validate_body(i.body)) for i in parsed.items] == [
        ("project", name, text)
    ]


@given(
    groups=st.lists(
        st.tuples(
            st.sampled_from(list(EntryType)),
            st.text(min_size=1, max_size=80),
            st.text(min_size=1, max_size=150),
            BODY,
        ),
        max_size=4,
    )
)
def test_task_groups_round_trip(groups: list[tuple[EntryType, str, str, str]]) -> None:
    kept = []
    for kind, name, description, body in groups:
        valid = _valid(name, body)
        if valid is None or "\n" in description or not description.strip():
            continue
        kept.append((kind, valid[0], description.strip(), valid[1]))
    text = "\n".join(
        fmt.render_group(n, d, b, k, "/srv/app", "checkout-specific") for k, n, d, b in kept
    )
    parsed = fmt.parse_memory(text)
    assert parsed.problems == []
    assert [(i.type, i.name, validate_body(i.body), i.cwd) for i in parsed.items] == [
        (k.value, n, b, "/srv/app") for k, n, _, b in kept
    ]


def test_an_unversioned_summary_larger_than_codex_keeps_imports_and_exports_whole(
    md: Memdir, tmp_path: Path
) -> None:
    """Issue 14, item 7: a real summary without `v1` (10.6 KB) was refused whole, and a
    6 KB one was cut to 2.4 KB with its index gone. Codex reads the whole file and keeps
    2,500 tokens of it (10,000 bytes as it counts them): memdir imports every part and
    exports within exactly that."""
    source = Path(__file__).parent / "fixtures" / "codex" / "unversioned"
    text = (source / "memory_summary.md").read_text()
    assert not text.startswith("v1") and len(text.encode()) > SUMMARY_MAX_BYTES
    plan = import_memories(md, "codex", source, apply=True)
    assert plan.problems == [] and plan.notes[0].endswith(
        "no `v1` line: Codex reads it all the same; imported"
    )
    kinds = [str(p.item.type) for p in plan.items]
    assert kinds.count("user") == 2 and kinds.count("feedback") == 10
    assert kinds.count("reference") == 8 + 47  # every tip; the index is Codex's, not memory
    assert not any("What's in Memory" in p.item.body for p in plan.items)
    rendered = HARNESS.render(md, tmp_path / "out")
    summary = content(rendered, "memory_summary.md")
    assert 9_000 < len(summary.encode()) <= SUMMARY_MAX_BYTES
    assert "\n## What's in Memory\n\n- MEMORY.md:" in summary  # the index has its room
    kept = [p.item.body for p in plan.items if p.item.type != "reference"]
    assert all(body in summary for body in kept)  # profile, every preference
    left = [e for e, why in rendered.left_out if "token budget" in why]
    assert 0 < len(left) < 10  # only the last tips: 2,500 tokens as Codex counts them
    small = tmp_path / "small"  # a 6 KB summary: all of it fits, the index too
    small.mkdir()
    (small / "memory_summary.md").write_text("\n".join(text.splitlines()[:40]) + "\n")
    other = Memdir(load_settings(tmp_path / "h2", md.settings.project, environ={}))
    import_memories(other, "codex", small, apply=True)
    again = HARNESS.render(other, tmp_path / "out2")
    assert not [e for e, why in again.left_out if "token budget" in why]
    assert "## What's in Memory" in content(again, "memory_summary.md")


@given(st.text(max_size=200) | st.builds(lambda t: "/tmp " + t, st.text(max_size=200)))
def test_a_cwd_value_never_raises_and_a_folder_before_words_is_found(value: str) -> None:
    from memdir.interop.codex.projects import checkout

    found = checkout(value)
    if value.startswith("/tmp ") and "\0" not in value:  # /tmp exists: the words go
        assert found is not None and found[1]
