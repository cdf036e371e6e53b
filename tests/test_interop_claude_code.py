"""Claude Code memory in and out: the fixture home, round trips, the guard, the index
bounds, instruction files, the CLI, and fuzzing of the parsers."""

from __future__ import annotations

import hashlib
import itertools
import json
import os
import resource
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from conftest import Clock, add
from memdir import MemdirError
from memdir.core.changes import AddOp
from memdir.core.config import load_settings
from memdir.core.errors import ParseError
from memdir.core.index import one_line
from memdir.core.model import validate_body
from memdir.core.printable import boundary
from memdir.core.store import state_key
from memdir.engine import Memdir
from memdir.interop import export_memories, import_memories
from memdir.interop.claude_code.formats import (
    HOOK_MAX,
    fit_index,
    parse_index,
    parse_index_line,
    parse_topic,
    project_slug,
    render_index_line,
    render_topic,
    to_memory,
)
from memdir.interop.claude_code.memory import HARNESS, memory_folder

FIXTURE = Path(__file__).parent / "fixtures" / "claude-code"
FIXTURE_MEMORY = FIXTURE / "home/.claude/projects/-fixture-project/memory"
GIVEN = ("name", "description", "type")  # the frontmatter fields memdir's export writes
GOOD = {  # name → type of every topic the fixture's memory folder holds that can be read
    "Use pnpm, not npm": "feedback",
    "Role": "user",
    "Release freeze": "project",
    "Dashboards": "reference",
    "Debugging the worker": "project",
    "api quirks": "project",
    "no force push": "feedback",
    "Commit style": "feedback",
    "Quick notes": "project",
    "Fixture project memory": "project",  # MEMORY.md's own title and summary
    "broken frontmatter": "project",  # Claude Code cannot read its frontmatter either
    "Cover letters": "feedback",  # the next three: YAML only once quoted, as Claude Code does
    "Billing on-call": "reference",
    "Lint scope": "project",
    "user-background": "user",  # metadata.type, a 175-character description
}
Run = Callable[..., subprocess.CompletedProcess[str]]


@pytest.fixture
def user_home(tmp_path: Path, project: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the fixture HOME whose memory folder is named for ``project``'s path,
    the fixture project's instruction files copied into ``project``; HOME points at it."""
    home = tmp_path / "user-home"
    shutil.copytree(FIXTURE / "home", home)
    shutil.copytree(FIXTURE / "project", project, dirs_exist_ok=True)
    projects = home / ".claude" / "projects"
    (projects / "-fixture-project").rename(projects / project_slug(str(project.resolve())))
    monkeypatch.setenv("HOME", str(home))
    return home


def fresh(tmp_path: Path, name: str, project: Path, clock: Clock) -> Memdir:
    env = {"MEMDIR_MANAGED_DIR": str(tmp_path / "managed"), "MEMDIR_BACKGROUND": "0"}
    return Memdir(load_settings(tmp_path / name, project, environ=env), clock=clock)


def tree(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def memories(md: Memdir) -> dict[str, tuple[str, str]]:
    return {e.name: (e.type.value, validate_body(e.body)) for _, e in md.entries()}


# -- import -------------------------------------------------------------------------------


def test_the_slug_and_the_default_folder(md: Memdir, user_home: Path, project: Path) -> None:
    assert project_slug("/home/a/my.proj") == "-home-a-my-proj"
    assert project_slug("/a/é 😀") == "-a-----"  # 😀 is two UTF-16 units in JavaScript
    folder = HARNESS.default_source(md)
    assert (
        folder == user_home / ".claude/projects" / project_slug(str(project.resolve())) / "memory"
    )
    assert HARNESS.default_target(md) == folder and (folder / "MEMORY.md").is_file()


def test_git_worktrees_and_subfolders_share_the_repository_folder(
    tmp_path: Path, user_home: Path, clock: Clock
) -> None:
    repo = tmp_path / "repo"
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@example.com"]
    subprocess.run([*git, "init", "-q", str(repo)], check=True)
    subprocess.run([*git, "-C", str(repo), "commit", "-q", "--allow-empty", "-m", "x"], check=True)
    subprocess.run(
        [*git, "-C", str(repo), "worktree", "add", "-q", str(tmp_path / "wt")], check=True
    )
    (repo / "sub").mkdir()
    expected = user_home / ".claude/projects" / project_slug(str(repo.resolve())) / "memory"
    for start in (repo, repo / "sub", tmp_path / "wt"):
        assert memory_folder(fresh(tmp_path, "h", start, clock)) == expected


def test_auto_memory_directory_setting_wins(md: Memdir, user_home: Path, project: Path) -> None:
    settings = user_home / ".claude" / "settings.json"
    settings.write_text(json.dumps({"autoMemoryDirectory": "~/synced/memory"}))
    assert memory_folder(md) == user_home / "synced" / "memory"
    local = project / ".claude" / "settings.local.json"
    local.write_text(json.dumps({"autoMemoryDirectory": "/elsewhere/mem"}))
    assert memory_folder(md) == Path("/elsewhere/mem")
    local.write_text("{broken")
    with pytest.raises(MemdirError, match=r"settings\.local\.json.*--from"):
        memory_folder(md)
    local.write_text(json.dumps({"autoMemoryDirectory": "mem"}))  # relative: to the checkout
    assert memory_folder(md) == project / "mem"


@pytest.mark.parametrize(
    ("value", "error"),
    [
        ("~nosuchuser-memdir/mem", r"cannot expand '~nosuchuser-memdir/mem': no such user"),
        ("/tmp/mem\u0000x", "must not contain a NUL character"),
    ],
)
def test_an_auto_memory_directory_that_names_no_folder_is_a_clear_error(
    md: Memdir, user_home: Path, run: Run, value: str, error: str
) -> None:
    (user_home / ".claude" / "settings.json").write_text(json.dumps({"autoMemoryDirectory": value}))
    with pytest.raises(MemdirError, match=error):
        memory_folder(md)
    for args in (("import", "claude-code"), ("export", "claude-code")):
        proc = run(*args, ok=False, extra_env={"HOME": str(user_home)})
        assert "autoMemoryDirectory in" in proc.stderr and "settings.json" in proc.stderr


def test_dry_run_reads_every_form_and_writes_nothing(
    md: Memdir, user_home: Path, tmp_path: Path
) -> None:
    before = tree(tmp_path)
    plan = import_memories(md, "claude-code")
    assert tree(tmp_path) == before and not plan.applied and md.entries() == []
    by_name = {p.item.name: p for p in plan.items}
    assert {n: by_name[n].action for n in GOOD} == dict.fromkeys(GOOD, "add")
    assert {n: str(by_name[n].item.type) for n in GOOD} == GOOD
    debugging = by_name["Debugging the worker"].item  # untyped: heading, index hook
    assert debugging.description == "how to reproduce queue stalls locally"
    quirks = by_name["api quirks"].item  # untyped, not indexed: file name, first sentence
    assert quirks.description == (
        "The billing API returns 200 with an error body when a card is declined."
    )
    assert by_name["no force push"].item.description.endswith("your own branches only.")
    folder = HARNESS.default_source(md)
    assert by_name["Role"].item.origin == f"claude-code:{folder / 'user_role.md'}"
    assert by_name["Quick notes"].item.origin == f"claude-code:{folder / 'MEMORY.md'}#quick-notes"
    assert by_name["Quick notes"].item.body.startswith("- The staging database is reset")
    refused = plan.by_action("refused")
    assert [p.item.name for p in refused] == ["Deploy helper"]
    assert refused[0].reason.startswith("injection.")
    problems = "\n".join(plan.problems)
    assert problems.count("\n") == 0 and "latin1-notes.md: not UTF-8" in problems
    notes = "\n".join(plan.notes)
    assert "removed-long-ago.md, which does not exist" in notes
    assert "broken-frontmatter.md: its frontmatter is not YAML Claude Code can read" in notes
    assert "user_background.md: its description is 175 characters" in notes
    lenient = {n: by_name[n].item.description for n in ("Cover letters", "Billing on-call")}
    assert lenient == {
        "Cover letters": "Cover letter standards: NYC location, 1 page",
        "Billing on-call": "@pat holds the billing pager this quarter; escalate in #billing-oncall",
    }
    assert by_name["Lint scope"].item.description.startswith("**/*.ts files are linted")


def test_files_that_cannot_be_read_are_problems_not_hangs(md: Memdir, user_home: Path) -> None:
    folder = HARNESS.default_source(md)
    os.mkfifo(folder / "stuck.md")
    (folder / "huge.md").write_bytes(b"x" * (1024 * 1024 + 1))
    (folder / "folder.md").mkdir()
    plan = import_memories(md, "claude-code")
    problems = "\n".join(plan.problems)
    assert "stuck.md: not a regular file" in problems
    assert "huge.md: larger than 1,024 KiB" in problems
    assert "folder.md: not a regular file" in problems
    assert len(plan.by_action("add")) == len(GOOD)
    (folder / "MEMORY.md").unlink()
    os.mkfifo(folder / "MEMORY.md")
    plan = import_memories(md, "claude-code")
    assert "MEMORY.md: not a regular file" in "\n".join(plan.problems)
    assert "Quick notes" not in {p.item.name for p in plan.items}


def test_a_round_trip_keeps_what_claude_code_wrote(
    md: Memdir, user_home: Path, tmp_path: Path, project: Path, clock: Clock
) -> None:
    """Issue 14, items 5, 6 and 9: lenient YAML is read, a long description is kept whole,
    and MEMORY.md's title, summary, headings and hand-written titles and hooks, and the
    topic files' originSessionId / metadata, come back on export -- in Claude Code's
    folder and in a fresh one, and through a second memdir home."""
    import_memories(md, "claude-code", apply=True)
    background = next(e for _, e in md.entries() if e.name == "user-background")
    assert len(background.description) <= 150 and background.description.endswith("…")
    out = tmp_path / "out"
    export_memories(md, "claude-code", out, apply=True)
    index = (out / "MEMORY.md").read_text()
    source = (FIXTURE_MEMORY / "MEMORY.md").read_text()
    assert index.split("\n", 1)[1].startswith("# Fixture project memory\n\n> What Claude")

    def shape(text: str) -> list[object]:  # links by title and hook: file names are ids here
        links = [(ln, parse_index_line(ln)) for ln in text.splitlines()]
        return [(link.title, link.hook) if link else ln for ln, link in links]

    wanted = [  # every line of the source but those naming a gone or a refused file
        x
        for x in shape(source)
        if x not in (("Old notes", "a file that is gone"), ("Deploy helper", "deploy shortcut"))
    ]
    got = iter(shape(index))
    assert all(x in got for x in wanted)  # in the same order
    headings = [ln for ln in index.splitlines() if ln.startswith("#")]
    assert headings == ["# Fixture project memory", "## Feedback", "## Project", "## Quick notes"]
    assert "- [pnpm only](feedback_use-pnpm-not-npm.md) — this repo installs with pnpm" in index
    written = (out / "user_user-background.md").read_text()  # in a new folder: named by id
    original = (FIXTURE_MEMORY / "user_background.md").read_text()
    assert parse_topic(written).meta == parse_topic(original).meta  # 175 chars, metadata
    assert "originSessionId: 3f6c2a10-8b4e-4d7a-9c1e-5a2b7d9e0f13" in written
    assert "modified: '2026-07-30T07:40:18.191Z'" in written  # the text, not a re-dated value
    for lenient, now in (
        ("feedback_cover-letters.md", "feedback_cover-letters.md"),
        ("reference_oncall.md", "reference_billing-on-call.md"),
        ("project_lint-scope.md", "project_lint-scope.md"),
    ):
        back = parse_topic((out / now).read_text())
        assert back.meta == parse_topic((FIXTURE_MEMORY / lenient).read_text()).meta
    again = fresh(tmp_path, "second-home", project, clock)
    import_memories(again, "claude-code", out, apply=True)

    def fields(m: Memdir) -> dict[str, tuple[str, str, str, str]]:
        def kept(e: Any) -> str:  # what Claude Code's files said beyond memdir's fields
            claude = e.extra.get("claude_code", {})  # (places move by the export's header)
            front = claude.get("frontmatter", {})
            return json.dumps(
                {
                    "front": {k: v for k, v in front.items() if k not in GIVEN},
                    "full": [
                        front[k]
                        for k in GIVEN[:2]
                        if front.get(k, e.name) != e.name
                        and front.get(k, e.description) != e.description
                    ],
                    "text": claude.get("frontmatter_text"),
                    "index": claude.get("index"),
                    "section": {k: v for k, v in claude.get("section", {}).items() if k != "at"},
                },
                sort_keys=True,
            )

        return {
            e.name: (e.type.value, e.description, validate_body(e.body), kept(e))
            for _, e in m.entries()
        }

    assert fields(again) == fields(md)
    out2 = tmp_path / "out2"
    export_memories(again, "claude-code", out2, apply=True)
    assert tree(out2) == tree(out)


def test_the_index_title_and_summary_are_pinned_as_claude_code_shows_them(
    md: Memdir, user_home: Path
) -> None:
    """Claude Code shows MEMORY.md verbatim at the top of every session: its title and
    summary are the index's own head, not one more memory to look up. Imported, they are
    pinned: in full at the top of every session, as Claude Code shows them."""
    plan = import_memories(md, "claude-code")
    head = next(p for p in plan.items if p.item.name == "Fixture project memory")
    assert head.item.pinned and not any(p.item.pinned for p in plan.items if p is not head)
    assert "its title and summary, which Claude Code shows at the top of every session, are " \
        "pinned" in "\n".join(plan.notes)  # fmt: skip
    import_memories(md, "claude-code", apply=True)
    block = md.system_block()
    pinned, index = block.split("## Index", 1)
    assert "### Fixture project memory\n> What Claude keeps for this checkout" in pinned
    assert "[Quick notes]" in index and "Quick notes" not in pinned  # notes stay entries


def test_apply_then_reimport_is_idempotent(md: Memdir, user_home: Path) -> None:
    import_memories(md, "claude-code", apply=True)
    entries = {e.name: e for _, e in md.entries()}
    assert sorted(entries) == sorted(GOOD)
    role = entries["Role"]
    assert role.source.value == "import" and role.origins[0].endswith("/user_role.md")
    again = import_memories(md, "claude-code", apply=True)
    assert again.counts() == {
        "add": 0,
        "update": 0,
        "unchanged": len(GOOD),
        "duplicate": 0,
        "conflict": 0,
        "removed": 0,
        "promoted": 0,
        "refused": 1,
        "invalid": 0,
    }
    assert len(md.entries()) == len(GOOD)


def test_import_export_import_keeps_name_type_and_body(
    md: Memdir, user_home: Path, tmp_path: Path, project: Path, clock: Clock
) -> None:
    import_memories(md, "claude-code", apply=True)
    add(md.store("user"), "Be terse", "Answer in one paragraph.", type="user")
    out = tmp_path / "exported"
    report = export_memories(md, "claude-code", out, apply=True)
    assert report.applied and not report.left_out and not report.refused
    second = fresh(tmp_path, "home2", project, clock)
    plan = import_memories(second, "claude-code", out, apply=True)
    assert plan.counts()["add"] == len(GOOD) + 1 and not plan.problems
    assert memories(second) == memories(md)
    assert len(memories(md)) == len(GOOD) + 1
    # and the second home exports the very same topic files
    out2 = tmp_path / "exported2"
    export_memories(second, "claude-code", out2, apply=True)
    assert {k: v for k, v in tree(out).items() if k != "MEMORY.md"} == {
        k: v for k, v in tree(out2).items() if k != "MEMORY.md"
    }


def test_exported_files_are_typed_topic_files_and_an_index(
    md: Memdir, user_home: Path, tmp_path: Path
) -> None:
    import_memories(md, "claude-code", apply=True)
    md.store("local").add(
        type="reference",
        name="Scraped page",
        description="from the web",
        body="Text a web page said.",
        source="external",
    )
    out = tmp_path / "out"
    export_memories(md, "claude-code", out, apply=True)
    index = parse_index((out / "MEMORY.md").read_text())
    notes_in_index = ["Fixture project memory", "Quick notes"]  # back into MEMORY.md
    assert index.exported and [s.heading for s in index.sections] == notes_in_index
    listed = {link.filename for link in index.links}
    topic_files = {p.name for p in out.glob("*.md")} - {"MEMORY.md"}
    assert listed == topic_files and len(topic_files) == len(GOOD) - 2  # external skipped
    for name in topic_files:
        text = (out / name).read_text()
        assert text.startswith("---\nname: ")
        topic = parse_topic(text)
        if topic.problem:  # goes back as written: Claude Code cannot read it either
            assert text == (FIXTURE_MEMORY / "broken-frontmatter.md").read_text()
            continue
        assert topic.frontmatter and topic.type in GOOD.values() and topic.name in GOOD


def test_export_refuses_a_hand_written_index_and_force_keeps_a_backup(
    md: Memdir, user_home: Path
) -> None:
    import_memories(md, "claude-code", apply=True)
    folder = HARNESS.default_target(md)
    original = (folder / "MEMORY.md").read_bytes()
    report = export_memories(md, "claude-code", apply=True)
    assert [f.path.name for f in report.refused] == ["MEMORY.md"]
    assert (folder / "MEMORY.md").read_bytes() == original
    # entries imported from this folder go back to their own files, which Claude Code
    # wrote and which already say the same: left as they are
    (kept,) = [n for n in report.notes if n.startswith("kept ")]
    same = [f for f in report.files if f.status == "unchanged"]  # byte for byte already
    assert int(kept.split()[1]) + len(same) == len(GOOD) - 2  # not the notes in MEMORY.md
    assert any("deploy-helper.md" in n and "not listed" in n for n in report.notes)
    forced = export_memories(md, "claude-code", apply=True, force=True)
    (backup,) = [f.backup for f in forced.files if f.status == "backup"]
    assert backup is not None and backup.read_bytes() == original
    assert parse_index((folder / "MEMORY.md").read_text()).exported
    again = export_memories(md, "claude-code").files
    assert {f.status for f in again} == {"unchanged"} and len(again) == len(same) + 1


def test_a_failed_write_leaves_no_index_listing_missing_files(md: Memdir, tmp_path: Path) -> None:
    folder = tmp_path / "memory"
    folder.mkdir()
    long = folder / ("feedback_" + "x" * 240 + ".md")  # its backup's name is too long
    long.write_text("Always run the linter.\n")
    import_memories(md, "claude-code", folder, apply=True)
    (entry,) = md.store("local").list()
    md.store("local").replace(entry.id, body="Always run the linter first.")
    add(md.store("local"), "New rule", "Squash before merging.")
    with pytest.raises(MemdirError, match="name too long"):
        export_memories(md, "claude-code", folder, apply=True, force=True)
    assert not (folder / "MEMORY.md").exists()  # the index is written last


def test_notes_appended_to_an_exported_index_are_imported(md: Memdir, user_home: Path) -> None:
    import_memories(md, "claude-code", apply=True)
    export_memories(md, "claude-code", apply=True, force=True)
    index = HARNESS.default_target(md) / "MEMORY.md"
    assert parse_index(index.read_text()).exported
    with index.open("a") as f:  # Claude Code appends a note to the index memdir wrote
        f.write("\n## Deploy notes\n\nProduction deploys need the VPN; use `make deploy`.\n")
    plan = import_memories(md, "claude-code")
    (added,) = plan.by_action("add")
    assert (added.item.name, added.item.type) == ("Deploy notes", "project")
    assert added.item.body == "Production deploys need the VPN; use `make deploy`."
    assert added.item.origin == f"claude-code:{index}#deploy-notes"


def test_export_dry_run_writes_nothing_and_prunes_its_own_stale_files(
    md: Memdir, tmp_path: Path
) -> None:
    add(md.store("local"), "Keep", "Kept.")
    add(md.store("local"), "Drop", "Dropped.")
    out = tmp_path / "out"
    plan = export_memories(md, "claude-code", out)
    assert sorted(f.status for f in plan.files) == ["create"] * 3 and not out.exists()
    export_memories(md, "claude-code", out, apply=True)
    (out / "mine.md").write_text("a note written by hand\n")
    md.store("local").remove("Drop")
    report = export_memories(md, "claude-code", out, apply=True)
    assert ("feedback_drop.md", "delete") in {(f.path.name, f.status) for f in report.files}
    assert sorted(p.name for p in out.iterdir()) == ["MEMORY.md", "feedback_keep.md", "mine.md"]
    assert any("mine.md" in n for n in report.notes)


@pytest.mark.parametrize("size", ["short", "long"])
def test_index_bounds_hold_with_300_entries(md: Memdir, tmp_path: Path, size: str) -> None:
    def text(i: int, n: int) -> str:
        return f"{i:03d} " + ("wörd " * 40)[: n - 4] if size == "long" else f"e{i}"

    md.store("local").apply(
        [
            AddOp(type="feedback", name=text(i, 80), description=text(i, 150), body=f"Body {i}.")
            for i in range(300)
        ]
    )
    rendered = HARNESS.render(md, tmp_path / "out")
    index = rendered.files[-1]  # last: written after every topic file it lists
    assert index.path.name == "MEMORY.md"
    lines = index.content.splitlines()
    assert len(lines) <= 200 and len(index.content.encode()) <= 25_000
    links = [parse_index_line(line) for line in lines]
    hooks = [link.hook for link in links if link is not None]
    assert all(len(h) < 150 for h in hooks) and len(hooks) == len(index.entries)
    assert len(rendered.files) == 301  # every topic file is written, listed or not
    assert len(rendered.left_out) == 300 - len(hooks) > 0
    assert {e for e, _ in rendered.left_out}.isdisjoint(index.entries)
    assert "not listed" in lines[-1]
    assert parse_index(index.content).sections == ()  # memdir's own tail is not a note


def test_the_index_ranks_as_memdir_does_recent_use_first(
    md: Memdir, tmp_path: Path, clock: Clock
) -> None:
    store = md.store("local")
    old = add(store, "Old rule", "Written first.")
    clock.advance(days=1)
    add(store, "New rule", "Written later.")

    def listed() -> list[str]:
        index = HARNESS.render(md, tmp_path / "out").files[-1].content
        return [link.title for link in parse_index(index).links]

    assert listed() == ["New rule", "Old rule"] and not md.state_path.exists()
    clock.advance(days=1)
    md.usage().bump([(state_key(store), old.id)])
    assert listed() == ["Old rule", "New rule"]


# -- instruction files --------------------------------------------------------------------


def test_instruction_files_are_reported_and_the_commands_work(
    md: Memdir, user_home: Path, project: Path
) -> None:
    notes = import_memories(md, "claude-code").notes
    by_file = {n.split(": ", 1)[0]: n for n in notes if ": " in n}
    checkout = project.resolve()
    for name in (  # the checkout's Claude Code files, nested rules too, are read in place
        "CLAUDE.md",
        "CLAUDE.local.md",
        ".claude/CLAUDE.md",
        ".claude/rules/testing.md",
        ".claude/rules/frontend/copy.md",
        ".claude/rules/frontend/components.md",  # only for web/**/*.tsx: still in place
    ):
        assert "memdir already reads it in place" in by_file[str(checkout / name)], name
    commands = [n.split("run: ", 1)[1] for n in notes if "run: " in n]
    assert len(commands) == 3  # ~/.claude/CLAUDE.md and its two rules (one nested)
    assert any("rules/lang/go.md" in c for c in commands)
    texts = "".join(i.text for i in md.instructions(["src/app.py"])[0])
    assert "British English" not in texts and "table-driven" in texts
    assert "Wrap errors" not in texts and "sentence case" in texts
    assert "props objects" in "".join(i.text for i in md.instructions(["web/a/b.tsx"])[0])
    for command in commands:
        subprocess.run(["sh", "-c", command], check=True, env={**os.environ})
    loaded, _ = md.instructions(["src/app.py"])
    texts = "".join(i.text for i in loaded)
    for wanted in (
        "British English",
        "Type-hint every public function",
        "Prefer table-driven tests",
        "regression test",
        "Wrap errors with %w",
    ):
        assert wanted in texts
    # the linked rule keeps its paths: it is not loaded for a session on other files
    assert "Type-hint" not in "".join(i.text for i in md.instructions(["README"])[0])
    after = import_memories(md, "claude-code").notes
    assert sum("memdir already reads it in place" in n for n in after) == 9
    assert not any("run: " in n for n in after)


def test_claude_md_not_read_when_config_leaves_it_out(
    tmp_path: Path, user_home: Path, project: Path, clock: Clock
) -> None:
    env = {"MEMDIR_MANAGED_DIR": str(tmp_path / "managed"), "MEMDIR_BACKGROUND": "0"}
    (tmp_path / "h3").mkdir()
    (tmp_path / "h3" / "config.toml").write_text('instruction_files = ["AGENTS.md"]\n')
    md = Memdir(load_settings(tmp_path / "h3", project, environ=env), clock=clock)
    notes = import_memories(md, "claude-code").notes
    assert any(
        n.startswith(str(project.resolve() / "CLAUDE.md")) and "instruction_files" in n
        for n in notes
    )


# -- CLI ----------------------------------------------------------------------------------


def test_cli_import_and_export(run: Run, user_home: Path, tmp_path: Path) -> None:
    env = {"HOME": str(user_home)}
    dry = run("import", "claude-code", extra_env=env)
    assert "refused by the guard" in dry.stdout and "Deploy helper" in dry.stdout
    assert "Would import" in dry.stdout and "Dry run: nothing written" in dry.stdout
    assert "Unreadable:" in dry.stderr and "latin1-notes.md" in dry.stderr
    assert "memdir already reads it in place" in dry.stdout
    done = run("import", "claude-code", "--apply", extra_env=env)
    assert f"{len(GOOD)} add" in done.stdout and "1 refused by the guard" in done.stdout
    again = json.loads(run("import", "claude-code", "--json", extra_env=env).stdout)
    assert again["counts"]["unchanged"] == len(GOOD) and again["counts"]["add"] == 0
    refused = run("export", "claude-code", "--apply", ok=False, extra_env=env)
    assert "refused" in refused.stdout and "--force" in refused.stderr
    forced = run("export", "claude-code", "--apply", "--force", extra_env=env)
    assert "backup" in forced.stdout and "memdir-backup-" in forced.stdout
    out = tmp_path / "cli-out"
    run("export", "claude-code", "--to", str(out), "--apply", extra_env=env)
    back = json.loads(
        run("import", "claude-code", "--from", str(out), "--json", extra_env=env).stdout
    )
    assert back["counts"]["duplicate"] == len(GOOD) and not back["problems"]


def _alias_bomb(levels: int = 9) -> str:
    names = "abcdefghijk"[: levels + 1]
    lines = [f"a: &a [{','.join(['x'] * 9)}]"]
    lines += [f"{c}: &{c} [{','.join([f'*{p}'] * 9)}]" for p, c in itertools.pairwise(names)]
    return "---\nname: bomb\ntype: feedback\n" + "\n".join(lines) + "\n---\nUse tabs.\n"


def _cap_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


def test_an_alias_bomb_in_a_memory_folder_is_read_as_text(run: Run, tmp_path: Path) -> None:
    """Claude Code's quoting retry turns ``&a [*b, …]`` into text; memdir never expands
    nested aliases (9×9 of them took 110 s and 3 GB before)."""
    folder = tmp_path / "cc-memory"
    folder.mkdir()
    (folder / "feedback_bomb.md").write_text(_alias_bomb())
    env = {**os.environ, "MEMDIR_HOME": str(tmp_path / "home"), "NO_COLOR": "1"}
    proc = subprocess.run(
        [sys.executable, "-m", "memdir", "import", "claude-code", "--from", str(folder), "--json"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        preexec_fn=_cap_memory,
    )
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr[-2000:]
    (item,) = json.loads(proc.stdout)["items"]
    assert item["name"] == "bomb" and item["action"] == "add"
    topic = parse_topic(_alias_bomb())  # (in this process only once the import is safe)
    assert topic.name == "bomb" and topic.meta["i"] == "&i [" + ",".join(["*h"] * 9) + "]"


def test_cli_import_of_a_missing_folder_says_so(run: Run, tmp_path: Path) -> None:
    empty = tmp_path / "empty-home"
    empty.mkdir()
    proc = run("import", "claude-code", extra_env={"HOME": str(empty)})
    assert "no Claude Code memory folder" in proc.stdout and "nothing found" in proc.stdout


# -- parsers ------------------------------------------------------------------------------


def test_topic_forms() -> None:
    newer = parse_topic("---\nname: A\ndescription: d\nmetadata:\n  type: user\n---\nbody")
    assert (newer.name, newer.type, newer.body) == ("A", "user", "body")
    plain = to_memory(parse_topic("Just a note. More text."), "some_note")
    assert (plain.type, plain.name, plain.description) == ("project", "some note", "Just a note.")
    long = to_memory(parse_topic("# " + "x" * 300 + "\n\n" + "y" * 300), "n")
    assert len(long.name) == 80 and len(long.description) == 150
    # as Claude Code reads them (frontmatterParser.ts): YAML, then YAML with the values
    # quoted, then no fields at all -- never an unreadable file
    assert parse_topic("---\nname: [a\n---\nb").name == "[a"  # quoted, then YAML
    unclosed = parse_topic("---\nname: x\n")
    assert unclosed.name is None and unclosed.body == "---\nname: x" and unclosed.problem
    for odd, body in (("---\n- a list\n---\nb", "b"), ("---\nx: [\n  y\n---\nb", "b")):
        topic = parse_topic(odd)
        assert (topic.name, topic.body, topic.source) == (None, body, odd[4:-5])
        assert topic.problem and "ignores its fields" in topic.problem
    shaped = parse_topic("---\nmetadata: 3\nname: [1, 2]\n---\nb")
    assert (shaped.name, shaped.type, shaped.meta) == (None, None, {"metadata": 3, "name": [1, 2]})
    kept = to_memory(shaped, "odd_one")
    assert kept.name == "odd one" and kept.extra["claude_code"]["frontmatter"] == shaped.meta


@pytest.mark.parametrize(
    "body",
    [
        "# Setup\n\n```\nmake all\n```\n\nRun it.",  # a fence's code is not prose
        "    make all\n\nRun it.",  # nor an indented code block
        "Setup\n=====\n\nRun it.",  # a setext heading is a heading
        "| a | b |\n|---|---|\n| 1 | 2 |\n\nRun it.",  # a table is not a paragraph
        "<!-- a comment -->\nRun it.",  # nor HTML
        "- Run\n  it. Then rest.",  # a list item wrapped onto two lines is one paragraph
        "> Run\n> it.",  # and so is a quote
    ],
)
def test_description_from_the_first_paragraph(body: str) -> None:
    assert to_memory(parse_topic(body), "n").description == "Run it."


def test_index_lines() -> None:
    assert parse_index_line("- [T](a.md) — hook") is not None
    link = parse_index_line("* [A \\[b\\]](<my file.md>) - the hook ")
    assert link is not None and (link.title, link.target, link.hook) == (
        "A [b]",
        "my file.md",
        "the hook",
    )
    assert parse_index_line("- [x] a task") is None and parse_index_line("text") is None
    bare = parse_index_line("- [T](./t.md)")
    assert bare is not None and bare.filename == "t.md" and bare.hook == ""
    for target in ("../x.md", "/etc/x.md", "https://a.b/x.md", "sub/x.md", "a%00.md"):
        other = parse_index_line(f"- [T]({target}) — h")
        assert other is not None and other.filename is None
    assert len(render_index_line("T", "t.md", "h" * 400).split(" — ", 1)[1]) == HOOK_MAX


_NAMES = st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=90)


@given(st.text(max_size=400))
def test_fuzz_topic_parser_never_raises_and_keeps_what_it_cannot_use(text: str) -> None:
    for candidate in (text, "---\n" + text, "---\n" + text + "\n---\nbody"):
        topic = parse_topic(candidate)  # Claude Code reads every file; so does memdir
        mem = to_memory(topic, "feedback_x", None)
        assert len(mem.name) <= 80 and len(mem.description) <= 150
        assert "\n" not in mem.name + mem.description
        if topic.source is not None and not topic.meta:  # fields Claude Code ignores:
            assert mem.extra["claude_code"]["frontmatter_text"] == topic.source  # kept


_YAML_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=40),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.sampled_from(["type", "name", "x"]), inner, max_size=3)
    ),
    max_leaves=8,
)


@given(
    st.dictionaries(
        st.sampled_from(["name", "description", "type", "metadata", "other"]),
        _YAML_VALUES,
        max_size=5,
    ),
    st.text(max_size=100),
)
def test_fuzz_topic_parser_on_yaml_frontmatter(meta: dict[str, object], body: str) -> None:
    import yaml

    text = f"---\n{yaml.safe_dump(meta, allow_unicode=True)}---\n{body}"
    try:
        topic = parse_topic(text)
    except ParseError:
        return
    mem = to_memory(topic, "x", "hook")
    assert all(isinstance(v, str) for v in (mem.type, mem.name, mem.description, mem.body))


@given(
    name=_NAMES,
    description=_NAMES,
    type_=st.sampled_from(["user", "feedback", "project", "reference"]),
    body=st.text(
        st.characters(blacklist_characters="\r", blacklist_categories=("Cs",)), max_size=300
    ),
)
def test_fuzz_topic_round_trip(name: str, description: str, type_: str, body: str) -> None:
    topic = parse_topic(render_topic(name, description, type_, body))
    assert (topic.name, topic.description, topic.type) == (
        one_line(name),
        one_line(description),
        type_,
    )
    assert topic.body == body.strip("\n")


@given(st.text(max_size=300))
def test_fuzz_index_parser_never_raises(text: str) -> None:
    parse_index_line(text)
    index = parse_index(text)
    for link in index.links:
        assert isinstance(link.filename, str | None)


@given(
    title=st.text(max_size=100),
    hook=st.text(max_size=300),
    target=st.text(
        st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp")), min_size=1, max_size=60
    ).filter(lambda t: t.strip() == t and "\x85" not in t),
)
@example(title="", hook="0" * 148 + "\u0300" + "0", target="0")  # a mark at the cut (rv61i)
def test_fuzz_index_line_round_trip(title: str, hook: str, target: str) -> None:
    line = render_index_line(title, target, hook)
    link = parse_index_line(line)
    assert "\n" not in line and link is not None
    assert (link.title, link.target) == (one_line(title), target)
    text = one_line(hook)  # whole when it fits, else cut with an ellipsis
    cut = boundary(text, HOOK_MAX - 1)  # never between a letter and its marks
    assert link.hook == (text if len(text) <= HOOK_MAX else text[:cut].rstrip() + "…")
    assert len(link.hook) < 150


@given(st.lists(st.text(max_size=600).map(one_line), max_size=400))
def test_fuzz_index_fits(lines: list[str]) -> None:
    text, kept = fit_index(lines)
    assert text.count("\n") <= 200 and len(text.encode()) <= 25_000
    assert text.splitlines()[1 : kept + 1] == lines[:kept]
