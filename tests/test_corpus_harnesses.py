"""Real harness files beyond instruction trees (tests/fixtures/real, see its INDEX.md):
nested ``.claude/rules`` loaded as Claude Code loads them when a file is touched, real
Codex memory folders and real Hermes homes imported as their harness reads them.

What each harness does is written here from its sources (Claude Code's memory docs and
rule loader, codex-rs/core/src/memories, hermes-agent tools/memory_tool.py), not from
memdir's code."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from memdir.core.config import load_settings
from memdir.engine import Memdir
from memdir.interop import export_memories, import_memories
from test_corpus import REAL, _open, _rule, _text, materialize, person  # noqa: F401

# -- Claude Code: path-scoped rules in sub-folders -----------------------------------------

MONO = "louisbrulenaudet__monorepo-template"
EVENTUM = "eventum-generator__eventum"
FRONT = [  # `apps/front-*/src/**/*.{ts,tsx[,css]}`: Claude Code expands the braces
    "frontend/frontend-architecture.md",
    "frontend/react.md",
    "frontend/tailwind.md",
    "frontend/tanstack-query.md",
    "frontend/tanstack-router.md",
]
QUALITY = ["quality/code-style.md", "quality/naming.md"]  # `apps/**/*.{ts,tsx}`
WORKER = ["backend/hono-gateway.md", "backend/workers-cache.md", "backend/workers-config.md"]
CASES = [
    (MONO, None, ["core/guardrails.md"]),  # `---`/`---`: no paths, loaded at start
    (MONO, "apps/front-app/src/routes/index.tsx", ["core/guardrails.md", *FRONT, *QUALITY]),
    (MONO, "apps/front-app/src/styles.css", ["core/guardrails.md", FRONT[0], FRONT[2]]),
    (MONO, "apps/worker-api/src/index.ts", ["core/guardrails.md", *WORKER, *QUALITY]),
    (
        MONO,
        "apps/worker-api/wrangler.jsonc",
        ["core/guardrails.md", *WORKER[1:], "backend/ports.md"],
    ),
    (
        MONO,
        "packages/typescript-config/base.json",
        ["core/guardrails.md", "quality/typescript-config.md"],
    ),
    (EVENTUM, None, []),
    (
        EVENTUM,
        "eventum/plugins/event/plugins/jinja/plugin.py",
        [
            "backend/exceptions.md",
            "backend/logging.md",
            "backend/plugins.md",
            "backend/plugins/event.md",
        ],
    ),
    (EVENTUM, "eventum/ui/src/pages/Main.tsx", ["frontend/ui.md"]),  # `*.{ts,tsx}`
    (EVENTUM, "docs/content/blog/post.mdx", []),  # `../docs/**` is above the repository
]


@pytest.mark.usefixtures("person")
@pytest.mark.parametrize(("fixture", "touched", "expected"), CASES)
def test_nested_rules_load_when_their_files_are_touched(
    fixture: str, touched: str | None, expected: list[str], tmp_path: Path
) -> None:
    root = materialize(REAL / fixture, tmp_path / "checkout").resolve()
    md = _open(tmp_path, root)
    found, notes = md.instructions(paths=[touched] if touched else None)
    rules_dir = root / ".claude" / "rules"
    rules = [i for i in found if i.kind == "rule" and rules_dir in i.path.parents]
    names = [i.path.relative_to(rules_dir).as_posix() for i in rules]
    assert sorted(names) == sorted(expected)
    assert len(names) == len(set(names))  # each rule once
    for item in rules:  # the body as written, front matter dropped
        assert item.text.strip("\n") == _rule(_text(item.path))[0]
    every = {p.relative_to(rules_dir).as_posix() for p in rules_dir.rglob("*.md")}
    skipped = {
        Path(n.subject).relative_to(rules_dir).as_posix()
        for n in notes
        if "only for paths" in n.reason
    }
    assert skipped == every - set(expected)  # the others are named as left out, not lost


@pytest.mark.usefixtures("person")
@pytest.mark.parametrize(
    ("touched", "nested"),
    [
        ([], []),
        (["apps/front-app/src/routes/index.tsx"], ["apps/front-app"]),
        (["apps/front-app/src/main.tsx", "apps/front-app/index.html"], ["apps/front-app"]),
        (["apps/worker-api/src/index.ts", "hooks/guard.sh"], ["apps/worker-api", "hooks"]),
    ],
)
def test_a_nested_claude_md_loads_once_a_file_under_it_is_touched(
    touched: list[str], nested: list[str], tmp_path: Path
) -> None:
    """Claude Code reads a CLAUDE.md below the folder it started in when it reads a file in
    that folder, with its imports (here ``@AGENTS.md``); Codex reads none below."""
    root = materialize(REAL / MONO, tmp_path / "checkout").resolve()
    found, _ = _open(tmp_path, root).instructions(paths=touched or None)
    files = [i.path.relative_to(root).as_posix() for i in found if i.kind != "rule"]
    wanted = ["AGENTS.md", "CLAUDE.md"]
    wanted += [f"{d}/{n}" for d in nested for n in ("CLAUDE.md", "AGENTS.md")]
    assert files == wanted  # each once, the import right after the file naming it
    for item in found:
        if item.kind != "rule":
            assert item.text == _text(item.path)


@pytest.mark.usefixtures("person")
def test_linked_rule_folders_load_their_rules_once_and_a_link_loop_ends(tmp_path: Path) -> None:
    """Claude Code follows links in ``.claude/rules`` (a shared folder of rules linked in)
    and stops at a loop; a file linked twice is one file."""
    root = materialize(REAL / EVENTUM, tmp_path / "checkout").resolve()
    rules = root / ".claude" / "rules"
    shared = root / "shared-rules"
    shared.mkdir()
    (shared / "style.md").write_text("Use four spaces.\n", "utf-8")
    (rules / "shared").symlink_to("../../shared-rules")
    (rules / "loop").symlink_to(".")
    (rules / "api-link.md").symlink_to("backend/api.md")
    found, notes = _open(tmp_path, root).instructions(paths=["eventum/api/routes.py"])
    loaded = [i.path.relative_to(rules).as_posix() for i in found if i.kind == "rule"]
    assert sorted(loaded) == [
        "api-link.md",  # backend/api.md through its link, once
        "backend/exceptions.md",
        "backend/logging.md",
        "shared/style.md",
    ]
    assert any("the same file as" in n.reason and n.subject.endswith("api.md") for n in notes)


def test_a_rules_link_to_a_huge_tree_walks_a_bounded_number_of_folders(tmp_path: Path) -> None:
    """A cloned repository's ``.claude/rules/x -> /`` must not walk the whole disk."""
    from memdir.core.instructions import MAX_RULE_FOLDERS, rule_files

    big, rules = tmp_path / "big", tmp_path / "repo" / ".claude" / "rules"
    for i in range(MAX_RULE_FOLDERS + 50):
        (big / f"d{i:04d}").mkdir(parents=True)
        (big / f"d{i:04d}" / "r.md").write_text("x")
    rules.mkdir(parents=True)
    (rules / "own.md").write_text("Keep it.")
    (rules / "everything").symlink_to(big)
    found = rule_files(rules)
    assert rules / "own.md" in found
    assert MAX_RULE_FOLDERS - 2 <= len(found) < MAX_RULE_FOLDERS


# -- Codex: ~/.codex/memories --------------------------------------------------------------

FROM_SOURCE = Path(__file__).parent / "fixtures" / "codex" / "from_source"
SECTIONS = {"User Profile": "user", "User preferences": "feedback", "General Tips": "reference"}


def unpack(folder: Path, dest: Path) -> Path:
    """A fixture folder's files under their own names (``.txt`` dropped)."""
    for path in folder.rglob("*.txt"):
        target = dest / path.relative_to(folder).with_suffix("")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(path.read_bytes())
    return dest


def codex_summary_memories(text: str) -> list[tuple[str, str]]:
    """(type, text) of each memory in a ``memory_summary.md`` Codex wrote: its
    consolidation prompt puts one bullet (or a paragraph under User Profile) per memory in
    the three sections; ``What's in Memory`` is the index into MEMORY.md, not memory."""
    out, kind = [], None
    for block in text.split("\n\n"):
        if block.startswith("## "):
            kind = SECTIONS.get(block[3:].strip())
        elif kind is not None:
            out += [(kind, ln[2:]) for ln in block.split("\n") if ln.startswith("- ")]
            out += [] if block.startswith("- ") else [(kind, block.strip())]
    return out


def _imported(md: Memdir) -> list[tuple[str, str, str]]:
    return sorted((e.type.value, e.name, e.body.strip()) for _, e in md.entries())


@pytest.mark.usefixtures("person")
def test_a_summary_codex_wrote_imports_every_memory_once_verbatim(tmp_path: Path) -> None:
    folder = unpack(REAL / "drlove2002__ai-config" / "memories", tmp_path / "memories")
    text = (folder / "memory_summary.md").read_text("utf-8")
    md = _open(tmp_path, tmp_path)
    plan = import_memories(md, "codex", folder, apply=True)
    assert plan.problems == []
    wanted = codex_summary_memories(text)
    assert len(wanted) == 11  # 1 profile, 6 preferences, 4 tips; the index is not memory
    got = sorted((str(p.item.type), p.item.body) for p in plan.items)
    assert got == sorted(wanted)  # each once, its text as Codex wrote it
    assert {p.action for p in plan.items} == {"add"}
    out = tmp_path / "out"
    export_memories(md, "codex", out, apply=True)
    exported = (out / "memory_summary.md").read_text("utf-8")
    assert exported.startswith("v1\n")
    assert sorted(codex_summary_memories(exported)) == sorted(wanted)  # nothing rewritten
    again = _open(tmp_path, tmp_path, "again")
    import_memories(again, "codex", out, apply=True)
    assert _imported(again) == _imported(md)


@pytest.mark.usefixtures("person")
def test_a_real_codex_folder_imports_summary_and_task_groups_and_names_the_rest(
    tmp_path: Path,
) -> None:
    folder = unpack(REAL / "sno-ai__sno-cli" / ".codex" / "memories", tmp_path / "memories")
    (folder / "raw_memories.md").write_bytes((FROM_SOURCE / "raw_memories.md").read_bytes())
    md = _open(tmp_path, tmp_path)
    plan = import_memories(md, "codex", folder, apply=True)
    summary = [p.item.body for p in plan.items if "memory_summary.md" in p.item.origin]
    # Codex's read path injects the whole file (no `v1` check): every line of it is kept
    lines = (folder / "memory_summary.md").read_text("utf-8").split("\n")
    body_lines = [ln.removeprefix("- ") for ln in lines if ln.strip() and not ln.startswith("#")]
    assert sorted(summary) == sorted(body_lines)
    groups = [p.item for p in plan.items if "MEMORY.md" in p.item.origin]
    memory = (folder / "MEMORY.md").read_text("utf-8")
    blocks = memory.split("# Task Group: ")[1:]
    assert [g.name for g in groups] == [b.split("\n", 1)[0] for b in blocks]
    for group, block in zip(groups, blocks, strict=True):  # each task group whole
        assert group.body.strip() == block.split("\n", 1)[1].strip()
    assert len(plan.items) == len(summary) + len(groups)  # raw memories and rollouts: not again
    assert {p.action for p in plan.items} == {"add"}
    assert any("text outside any `# Task Group:`" in p for p in plan.problems)  # said, not lost
    said = " ".join(plan.notes)
    assert "raw_memories.md" in said and "rollout_summaries/ (1 files)" in said
    out = tmp_path / "out"
    export_memories(md, "codex", out, apply=True)
    again = _open(tmp_path, tmp_path, "again")
    import_memories(again, "codex", out, apply=True)
    assert _imported(again) == _imported(md)


@pytest.mark.usefixtures("person")
def test_task_groups_land_in_the_project_their_cwd_names_despite_words_after_it(
    tmp_path: Path,
) -> None:
    """sno-cli's task groups say ``applies_to: cwd=/home/lh/code/sno-cli on main``; on the
    owner's machine that folder is the project (here a checkout at another path stands
    in for it, the path in the file changed to match)."""
    folder = unpack(REAL / "sno-ai__sno-cli" / ".codex" / "memories", tmp_path / "memories")
    project = tmp_path / "code" / "sno-cli"
    subprocess.run(["git", "init", "-q", str(project)], check=True)
    memory = folder / "MEMORY.md"
    text = memory.read_text("utf-8")
    assert text.count("cwd=/home/lh/code/sno-cli on main;") == 2
    memory.write_text(text.replace("/home/lh/code/sno-cli", str(project)), "utf-8")
    plan = import_memories(_open(tmp_path, project), "codex", folder, apply=True)
    groups = [p.item for p in plan.items if "MEMORY.md" in p.item.origin]
    assert len(groups) == 2 and {(g.scope, g.folder) for g in groups} == {("local", None)}


# -- Hermes: $HERMES_HOME/memories -----------------------------------------------------------


def hermes_entries(raw: str) -> list[str]:
    """Entries as Hermes's MemoryStore reads a file (tools/memory_tool.py, _read_file and
    load_from_disk): split on ``\\n§\\n`` only, each stripped, empty ones and repeats
    dropped."""
    return list(dict.fromkeys(e.strip() for e in raw.split("\n§\n") if e.strip()))


@pytest.mark.usefixtures("person")
def test_a_real_hermes_home_imports_as_hermes_reads_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = unpack(REAL / "mrcoggsworth__threat-intel-agent" / ".hermes", tmp_path / ".hermes")
    monkeypatch.setenv("HERMES_HOME", str(home))
    md = _open(tmp_path, tmp_path)
    plan = import_memories(md, "hermes", home / "memories", apply=True)
    assert plan.problems == []
    for name, kind in (("MEMORY.md", {"feedback", "reference"}), ("USER.md", {"user"})):
        items = [p.item for p in plan.items if p.item.origin.split("#")[0].endswith(name)]
        wanted = hermes_entries((home / "memories" / name).read_text("utf-8"))
        assert [i.body for i in items] == wanted  # no `§`: the whole file is one entry
        assert {str(i.type) for i in items} <= kind
    said = " ".join(plan.notes)
    assert "SOUL.md" in said and "ioc-parser/SKILL.md" in said
    assert "profiles not imported (1;" in said and "cti-maintainer" in said  # named, not lost
    profile = home / "profiles" / "cti-maintainer"
    other = _open(tmp_path, tmp_path, "profile-home")
    from_profile = import_memories(other, "hermes", profile, apply=True)
    assert len(from_profile.items) == 2 and from_profile.problems == []
    out = tmp_path / "out" / "memories"
    export_memories(md, "hermes", out, apply=True)
    for name in ("MEMORY.md", "USER.md"):  # written back as Hermes writes it
        source = hermes_entries((home / "memories" / name).read_text("utf-8"))
        assert (out / name).read_text("utf-8") == "\n§\n".join(source)


@pytest.mark.usefixtures("person")
def test_a_full_hermes_file_round_trips_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """alansrobotlab2/lloyd's USER.md holds 1,324 of Hermes's 1,375 characters: exported
    back, every entry Hermes held stays (the headroom is for what memdir adds)."""
    monkeypatch.setenv("HERMES_HOME", str(tmp_path / "elsewhere"))  # default limits
    folder = unpack(REAL / "alansrobotlab2__lloyd" / "memories", tmp_path / "memories")
    md = _open(tmp_path, tmp_path)
    plan = import_memories(md, "hermes", folder, apply=True)
    for name in ("MEMORY.md", "USER.md"):
        wanted = hermes_entries((folder / name).read_text("utf-8"))
        got = [p.item.body for p in plan.items if p.item.origin.split("#")[0].endswith(name)]
        assert got == wanted and len(wanted) in (4, 5)
    out = tmp_path / "fresh" / "memories"
    report = export_memories(md, "hermes", out, apply=True)
    assert report.left_out == []
    for name in ("MEMORY.md", "USER.md"):  # byte for byte: Hermes wrote them
        assert (out / name).read_text("utf-8") == (folder / name).read_text("utf-8")
    body = "Prefers tabs over spaces in every repository."
    md.store("user").add(type="user", name="Prefers tabs", description=body, body=body)
    report = export_memories(md, "hermes", out, apply=True)
    assert [why for _, why in report.left_out if "USER.md" in why]  # a new one: headroom


@pytest.mark.usefixtures("person")
def test_hermes_entries_fit_the_limit_the_owner_set(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = unpack(
        REAL / "Robertstar2000__Intelligent-Engineer-Pro" / ".hermes", tmp_path / ".hermes"
    )
    raw = (home / "memories" / "MEMORY.md").read_text("utf-8")
    wanted = hermes_entries(raw)
    assert len(wanted) == 5 and len(raw) > 2_200  # over Hermes's default, within 5,200
    env = {"MEMDIR_MANAGED_DIR": str(tmp_path / "managed"), "HERMES_HOME": str(home)}
    md = Memdir(load_settings(tmp_path / "memhome", tmp_path, environ=env))  # its HERMES_HOME
    plan = import_memories(md, "hermes", home / "memories", apply=True)
    assert [p.item.body for p in plan.items] == wanted
    out = tmp_path / "out" / "memories"
    report = export_memories(md, "hermes", out, apply=True)
    assert report.left_out == []
    assert (out / "MEMORY.md").read_text("utf-8") == raw  # Hermes's own file, byte for byte
    (home / "config.yaml").unlink()  # Hermes's default limit: some cannot fit, each named
    report = export_memories(md, "hermes", tmp_path / "default" / "memories", apply=True)
    kept = hermes_entries((tmp_path / "default" / "memories" / "MEMORY.md").read_text("utf-8"))
    assert len(kept) + len(report.left_out) == 5 and report.left_out
    assert len("\n§\n".join(kept)) <= 2_200  # what Hermes held may fill its limit, no more
