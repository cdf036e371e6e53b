"""Instruction files, rules and @includes across the four scopes, in real git checkouts."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memdir.config import load_settings
from memdir.engine import Memdir
from memdir.formats.includes import find_includes
from memdir.instructions import glob_matches
from memdir.prompt import _INSTRUCTIONS, PREAMBLE


def git(*args: str, cwd: Path) -> str:
    return subprocess.run(
        ["git", *args],
        cwd=cwd,
        check=True,
        capture_output=True,
        text=True,
        env={
            **os.environ,
            "GIT_AUTHOR_NAME": "t",
            "GIT_AUTHOR_EMAIL": "t@t",
            "GIT_COMMITTER_NAME": "t",
            "GIT_COMMITTER_EMAIL": "t@t",
        },
    ).stdout


@pytest.fixture
def layout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Path]:
    """A git repository, a memory home, a managed folder and a person's home folder."""
    person = tmp_path / "person"
    person.mkdir()
    monkeypatch.setenv("HOME", str(person))
    repo = tmp_path / "repo"
    (repo / "src" / "app").mkdir(parents=True)
    git("init", "-q", cwd=repo)
    return {
        "repo": repo,
        "home": tmp_path / "memhome",
        "managed": tmp_path / "managed",
        "person": person,
    }


def open_md(layout: dict[str, Path], start: Path | None = None, **env: str) -> Memdir:
    environ = {"MEMDIR_MANAGED_DIR": str(layout["managed"]), **env}
    return Memdir(load_settings(layout["home"], start or layout["repo"], environ=environ))


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_precedence_is_managed_user_project_local_byte_for_byte(layout: dict[str, Path]) -> None:
    repo, home = layout["repo"], layout["home"]
    write(layout["managed"] / "AGENTS.md", "M1\n")
    write(home / "user" / "CLAUDE.md", "U1\n")
    write(home / "user" / "AGENTS.md", "U0\n")
    write(repo / "AGENTS.md", "P-root\n")
    write(repo / "src" / "AGENTS.md", "P-src\n")
    write(repo / "src" / "app" / "CLAUDE.md", "P-app")  # no trailing newline
    write(repo / ".memdir" / "AGENTS.md", "P-memdir\n")
    write(repo / ".memdir" / "rules" / "style.md", "---\nowner: x\n---\nR-style\n")
    write(repo / "AGENTS.local.md", "L-root\n")
    write(repo / "src" / "app" / "CLAUDE.local.md", "L-app\n")
    md = open_md(layout, repo / "src" / "app")
    md.store("user").add(type="user", name="Tea", description="drinks tea", body="Tea.")
    md.store("local").add(type="feedback", name="Pnpm", description="use pnpm", body="pnpm.")
    managed = layout["managed"]
    expected = (
        PREAMBLE + "\n## Index\n"
        "- [Pnpm](feedback_pnpm.md) — use pnpm\n"
        "- [Tea](user_tea.md) [user] — drinks tea\n"
        + _INSTRUCTIONS
        + f"\n## managed instructions: {managed}/AGENTS.md\nM1\n"
        f"\n## user instructions: {home}/user/AGENTS.md\nU0\n"
        f"\n## user instructions: {home}/user/CLAUDE.md\nU1\n"
        "\n## project instructions: AGENTS.md\nP-root\n"
        "\n## project instructions: src/AGENTS.md\nP-src\n"
        "\n## project instructions: src/app/CLAUDE.md\nP-app\n"
        "\n## project instructions: .memdir/AGENTS.md\nP-memdir\n"
        "\n## project rule: .memdir/rules/style.md\nR-style\n"
        "\n## local instructions: AGENTS.local.md\nL-root\n"
        "\n## local instructions: src/app/CLAUDE.local.md\nL-app\n"
    )
    assert md.system_block() == expected
    assert md.session().system_block().encode() == expected.encode()


def test_instruction_files_setting_picks_which_names_are_read(layout: dict[str, Path]) -> None:
    write(layout["repo"] / "AGENTS.md", "from agents\n")
    write(layout["repo"] / "CLAUDE.md", "from claude\n")
    write(layout["home"] / "config.toml", 'instruction_files = ["CLAUDE.md"]\n')
    block = open_md(layout).system_block()
    assert "from claude" in block and "from agents" not in block


def test_worktree_reads_its_own_checkouts_files_and_shares_the_local_scope(
    layout: dict[str, Path], tmp_path: Path
) -> None:
    repo = layout["repo"]
    write(repo / "AGENTS.md", "main checkout\n")
    git("add", "AGENTS.md", cwd=repo)
    git("commit", "-qm", "init", cwd=repo)
    worktree = tmp_path / "wt"
    git("worktree", "add", "-q", str(worktree), cwd=repo)
    write(worktree / "AGENTS.md", "worktree branch\n")
    md = open_md(layout, worktree / ".")
    md.store("local").add(type="user", name="Shared", description="d", body="b")
    block = md.system_block()
    assert "worktree branch" in block and "main checkout" not in block
    assert "Shared" in open_md(layout, repo / "src").system_block()


def test_includes_expand_relative_home_and_nested(layout: dict[str, Path]) -> None:
    repo = layout["repo"]
    write(repo / "AGENTS.md", "Top. See @docs/style.md.\n")
    write(repo / "docs" / "style.md", "Style: @./deeper/tone.md\n")
    write(repo / "docs" / "deeper" / "tone.md", "Tone: dry.\n")
    write(layout["home"] / "user" / "AGENTS.md", "Me: @~/mine.md\n")
    write(layout["person"] / "mine.md", "Mine.\n")
    found = open_md(layout).explain()
    assert "Top. See Style: Tone: dry..\n" in found.text and "Me: Mine.\n" in found.text
    section = next(s for s in found.sections if s.source == "AGENTS.md")
    assert section.includes == (
        "AGENTS.md → docs/style.md",
        "AGENTS.md → docs/style.md → docs/deeper/tone.md",
    )
    user = next(s for s in found.sections if s.scope == "user")
    assert user.includes == (f"{layout['home']}/user/AGENTS.md → ~/mine.md",)


def test_a_repositorys_files_cannot_include_from_the_home_folder(layout: dict[str, Path]) -> None:
    """A cloned repository is a stranger's text: its AGENTS.md must not pull
    ~/.aws/credentials into a prompt, directly or through a symlink."""
    write(layout["person"] / ".aws" / "credentials", "aws_secret_access_key=SECRET\n")
    write(layout["repo"] / "AGENTS.md", "Setup: @~/.aws/credentials\n")
    (layout["repo"] / "CLAUDE.md").symlink_to(layout["person"] / ".aws" / "credentials")
    found = open_md(layout).explain()
    assert "SECRET" not in found.text
    assert "[memdir: @~/.aws/credentials not included: outside the folders" in found.text
    assert any(n.warning and n.subject.endswith("CLAUDE.md") for n in found.notes)


def test_includes_stop_after_five_hops(layout: dict[str, Path]) -> None:
    repo = layout["repo"]
    write(repo / "AGENTS.md", "0 @d/1.md\n")
    for i in range(1, 7):
        write(repo / "d" / f"{i}.md", f"{i} @./{i + 1}.md\n")
    found = open_md(layout).explain()
    assert "0 1 2 3 4 5 [memdir: @./6.md not included: more than 5 includes deep]" in found.text
    assert any("more than 5 includes deep" in n.reason for n in found.notes)


def test_include_cycles_are_reported_not_followed(layout: dict[str, Path]) -> None:
    repo = layout["repo"]
    write(repo / "AGENTS.md", "A @x/b.md\n")
    write(repo / "x" / "b.md", "B @../AGENTS.md\n")
    found = open_md(layout).explain()
    assert (
        "A B [memdir: @../AGENTS.md not included: include cycle: AGENTS.md → b.md → "
        "AGENTS.md]" in found.text
    )
    assert [n.subject for n in found.notes if "cycle" in n.reason] == [
        f"@../AGENTS.md in {(repo / 'x' / 'b.md').resolve()}"
    ]


def test_includes_in_code_are_text_and_missing_ones_are_visible(layout: dict[str, Path]) -> None:
    repo = layout["repo"]
    write(repo / "real.md", "REAL")
    write(
        repo / "AGENTS.md",
        "span `see @real.md` here\n```\n@real.md\n```\n"
        "    ~~~ not a fence\n@real.md and @gone/away.md, mail a@real.md\n",
    )
    text = open_md(layout).system_block()
    assert "span `see @real.md` here\n```\n@real.md\n```\n" in text
    assert "REAL and [memdir: @gone/away.md not included: no such file], mail a@real.md" in text


def test_includes_outside_project_and_home_are_refused_unless_configured(
    layout: dict[str, Path], tmp_path: Path
) -> None:
    outside = write(tmp_path / "shared" / "policy.md", "Shared policy.\n")
    write(layout["repo"] / "AGENTS.md", f"Rules: @{outside}\n")
    refused = open_md(layout).system_block()
    assert "Shared policy" not in refused
    assert "not included: outside the folders this file may include from" in refused
    write(layout["home"] / "config.toml", f'include_dirs = ["{outside.parent}"]\n')
    assert "Rules: Shared policy.\n" in open_md(layout).system_block()


def test_symlinked_include_leaving_the_project_is_refused(
    layout: dict[str, Path], tmp_path: Path
) -> None:
    secret = write(tmp_path / "elsewhere" / "secret.md", "SECRET")
    (layout["repo"] / "link.md").symlink_to(secret)
    write(layout["repo"] / "AGENTS.md", "x @link.md\n")
    text = open_md(layout).system_block()
    assert "SECRET" not in text and "not included: outside the folders" in text


def test_a_fifo_named_agents_md_does_not_hang(layout: dict[str, Path]) -> None:
    os.mkfifo(layout["repo"] / "AGENTS.md")
    found = open_md(layout).explain()
    assert any("not a regular file" in n.reason for n in found.notes)


def test_path_scoped_rules_load_only_for_matching_paths(layout: dict[str, Path]) -> None:
    rules = layout["repo"] / ".memdir" / "rules"
    write(rules / "api.md", '---\npaths: ["src/api/**/*.py", "docs/api.md"]\n---\nAPI rule.\n')
    write(rules / "always.md", "Always rule.\n")
    md = open_md(layout)
    plain = md.explain()
    assert "Always rule." in plain.text and "API rule." not in plain.text
    assert any(
        n.reason == "not loaded: only for paths matching src/api/**/*.py, docs/api.md"
        for n in plain.notes
    )
    assert "API rule." in md.system_block(["src/api/v1/users.py"])
    assert "API rule." in md.system_block([str(layout["repo"] / "docs" / "api.md")])
    assert "API rule." not in md.system_block(["src/web/page.py"])
    with md.session(paths=["src/api/x.py"]) as session:
        assert "API rule." in session.system_block()


def test_a_more_local_rule_overrides_one_with_the_same_name(layout: dict[str, Path]) -> None:
    user_rule = write(layout["home"] / "user" / "rules" / "testing.md", "User: pytest -x.\n")
    project_rule = write(
        layout["repo"] / ".memdir" / "rules" / "testing.md", "Project: make test.\n"
    )
    found = open_md(layout).explain()
    assert "Project: make test." in found.text and "User: pytest -x." not in found.text
    assert [(n.scope, n.subject, n.reason) for n in found.notes] == [
        ("user", str(user_rule), f"overridden by the project rule {project_rule}")
    ]


def test_a_rule_with_broken_frontmatter_is_reported(layout: dict[str, Path]) -> None:
    write(layout["repo"] / ".memdir" / "rules" / "bad.md", "---\npaths: [unclosed\n---\nX\n")
    found = open_md(layout).explain()
    assert "X\n" not in found.text
    assert any(n.warning and "bad.md" in n.subject for n in found.notes)


def test_local_overrides_not_ignored_by_git_get_a_warning(layout: dict[str, Path]) -> None:
    repo = layout["repo"]
    write(repo / "AGENTS.local.md", "private\n")
    warned = [n for n in open_md(layout).explain().notes if n.warning]
    assert [n.subject for n in warned] == [str(repo / "AGENTS.local.md")]
    write(repo / ".gitignore", "*.local.md\n")
    assert [n for n in open_md(layout).explain().notes if n.warning] == []


@pytest.mark.parametrize(
    ("pattern", "path", "hit"),
    [
        ("src/**/*.py", "src/a/b.py", True),
        ("src/**/*.py", "src/b.py", True),
        ("*.py", "a.py", True),
        ("*.py", "pkg/a.py", False),
        ("docs", "docs/x/y.md", True),
        ("docs/[!x]*.md", "docs/a.md", True),
        ("docs/[!x]*.md", "docs/x.md", False),
        ("**/test_*.py", "tests/unit/test_a.py", True),
        (".github/*", "./.github/ci.yml", True),
        ("src/?.py", "src/ab.py", False),
        ("a[", "a[", True),
        ("[z-a]", "b", False),
        ("[z-a]", "[z-a]", True),
        ("x[!]", "x[!]", True),
    ],
)
def test_rule_globs(pattern: str, path: str, hit: bool) -> None:
    assert glob_matches(pattern, path) is hit


@given(st.text(max_size=300))
def test_include_finder_never_raises_and_spans_point_at_tokens(text: str) -> None:
    for inc in find_includes(text):
        assert text[inc.start] == "@" and text[inc.start + 1 : inc.end] == inc.path


@given(st.text(alphabet="[]!^-\\/*?az.", max_size=12) | st.text(max_size=40), st.text(max_size=40))
def test_glob_matching_never_raises(pattern: str, path: str) -> None:
    glob_matches(pattern, path)


def test_a_project_inside_the_memory_home_still_reads_its_agents_md(tmp_path: Path) -> None:
    home = tmp_path / "memhome"
    project = home / "demo"
    write(project / "AGENTS.md", "Demo instructions.\n")
    write(project / ".memdir" / "rules" / "r.md", "Rule from an unusable scope folder.\n")
    md = Memdir(load_settings(home, project, environ={}))
    block = md.system_block()
    assert "## project instructions: AGENTS.md\nDemo instructions.\n" in block
    assert "Rule from an unusable" not in block


def test_an_include_fan_out_is_bounded_and_says_so(layout: dict[str, Path]) -> None:
    """Each file may include another many times; together the includes of one session
    start are capped, so a hostile repository cannot flood or stall it."""
    repo = layout["repo"]
    write(repo / "d" / "leaf.md", "x" * 2000 + "\n")
    for level in range(4, 0, -1):
        child = "leaf.md" if level == 4 else f"l{level + 1}.md"
        write(repo / "d" / f"l{level}.md", f" @./{child}" * 12 + "\n")
    write(repo / "AGENTS.md", " @d/l1.md" * 12 + "\n")
    found = open_md(layout).explain()
    from memdir.instructions import MAX_INCLUDED_BYTES

    assert len(found.text.encode()) < 2 * MAX_INCLUDED_BYTES
    assert "KiB, the most one session start takes]" in found.text


def test_a_nul_byte_in_an_include_is_a_note_not_a_crash(layout: dict[str, Path]) -> None:
    write(layout["repo"] / "AGENTS.md", "A @a\x00b.md and @c/\x00.md\n")
    text = open_md(layout).system_block()
    assert text.count("## project instructions: AGENTS.md") == 1
