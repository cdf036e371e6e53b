"""Instruction files, rules and @includes across the four scopes, in real git checkouts."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memdir.core.config import load_settings
from memdir.core.globs import MAX_BRACE_PATTERNS, _braces, glob_matches
from memdir.core.includes import find_includes
from memdir.core.prompt import _INSTRUCTIONS, PREAMBLE
from memdir.engine import Memdir


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
        PREAMBLE.format(memory_read="memory_read", memory="memory") + "\n## Index\n"
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


def section(found: Any, source: str) -> Any:
    return next(s for s in found.sections if s.source == source)


def test_imports_come_after_the_file_that_imports_them(layout: dict[str, Path]) -> None:
    """As Claude Code reads them: the importing file's text as written, then each file it
    imports (depth first), labelled with who imported it."""
    repo = layout["repo"]
    write(repo / "AGENTS.md", "Top. See @docs/style.md for style.\n")
    write(repo / "docs" / "style.md", "Style: @./deeper/tone.md\n")
    write(repo / "docs" / "deeper" / "tone.md", "Tone: dry.\n")
    write(layout["home"] / "user" / "AGENTS.md", "Me: @~/mine.md\n")
    write(layout["person"] / "mine.md", "Mine.\n")
    found = open_md(layout).explain()
    assert (
        "\n## project instructions: AGENTS.md\nTop. See @docs/style.md for style.\n"
        "\n## project instructions: docs/style.md (imported by AGENTS.md)\n"
        "Style: @./deeper/tone.md\n"
        "\n## project instructions: docs/deeper/tone.md (imported by docs/style.md)\nTone: dry.\n"
    ) in found.text
    assert section(found, "docs/deeper/tone.md").includes == (
        "AGENTS.md → docs/style.md → docs/deeper/tone.md",
    )
    assert section(found, "~/mine.md").includes == (f"{layout['home']}/user/AGENTS.md → ~/mine.md",)
    assert "Me: @~/mine.md\n" in found.text and "\nMine.\n" in found.text


def test_any_token_naming_a_file_is_an_import_as_claude_code_reads_it(
    layout: dict[str, Path],
) -> None:
    """Claude Code's documented example imports ``@README``; a token is every character up
    to the next space, so ``@Makefile.`` names no file (the note says why), and words
    that name no file stay text."""
    repo = layout["repo"]
    write(
        repo / "CLAUDE.md",
        "See @README for the overview, @LICENSE for terms, @docs/my\\ notes.md#setup "
        "and @Makefile.\n"
        "Ask @alice; decorate with @mcp.tool() as in `@CHANGES`.\n",
    )
    write(repo / "README", "Read me.\n")
    write(repo / "LICENSE", "MIT.\n")
    write(repo / "Makefile", "all:\n")
    write(repo / "CHANGES", "Changes.\n")
    write(repo / "docs" / "my notes.md", "Notes.\n")
    found = open_md(layout).explain()
    imported = {s.source for s in found.sections if s.includes}
    assert imported == {"README", "LICENSE", "docs/my notes.md"}
    why = {n.subject: n.reason for n in found.notes}
    assert "'.' as part of the path" in why[f"@Makefile. in {repo / 'CLAUDE.md'}"]
    assert "Ask @alice; decorate with @mcp.tool() as in `@CHANGES`.\n" in found.text


def test_a_repositorys_files_cannot_include_from_the_home_folder(layout: dict[str, Path]) -> None:
    """A cloned repository is a stranger's text: its AGENTS.md must not pull
    ~/.aws/credentials into a prompt, directly or through a symlink."""
    write(layout["person"] / ".aws" / "credentials", "aws_secret_access_key=SECRET\n")
    write(layout["repo"] / "AGENTS.md", "Setup: @~/.aws/credentials\n")
    (layout["repo"] / "CLAUDE.md").symlink_to(layout["person"] / ".aws" / "credentials")
    found = open_md(layout).explain()
    assert "SECRET" not in found.text and "Setup: @~/.aws/credentials\n" in found.text
    assert any(
        n.warning and n.reason.startswith("not imported: outside the folders") for n in found.notes
    )
    assert any(n.warning and n.subject.endswith("CLAUDE.md") for n in found.notes)


def test_imports_stop_after_five_hops(layout: dict[str, Path]) -> None:
    repo = layout["repo"]
    write(repo / "AGENTS.md", "0 @d/1.md\n")
    for i in range(1, 7):
        write(repo / "d" / f"{i}.md", f"{i} @./{i + 1}.md\n")
    found = open_md(layout).explain()
    assert [s.source for s in found.sections if s.kind == "instructions"] == [
        "AGENTS.md",
        *(f"d/{i}.md" for i in range(1, 6)),
    ]
    assert [n.reason for n in found.notes] == ["not imported: more than 5 imports deep"]


def test_import_cycles_and_repeats_load_each_file_once(layout: dict[str, Path]) -> None:
    repo = layout["repo"]
    write(repo / "AGENTS.md", "A @x/b.md and again @x/b.md\n")
    write(repo / "x" / "b.md", "B @../AGENTS.md\n")
    found = open_md(layout).explain()
    assert [s.source for s in found.sections if s.kind == "instructions"] == [
        "AGENTS.md",
        "x/b.md",
    ]
    assert "A @x/b.md and again @x/b.md\n" in found.text and "B @../AGENTS.md\n" in found.text
    reasons = {n.reason for n in found.notes}
    assert any(
        r.startswith("not imported: include cycle: AGENTS.md → b.md → AGENTS.md") for r in reasons
    )
    assert any(r.startswith("already in the block from") for r in reasons)


def test_tokens_that_are_not_files_and_code_are_left_as_written(layout: dict[str, Path]) -> None:
    repo = layout["repo"]
    write(repo / "real.md", "REAL")
    text = (
        "span `see @real.md` here\n```\n@real.md\n```\n"
        "    ~~~ not a fence\n@real.md and @gone/away.md, mail a@real.md\n"
        "Register tools with the @mcp.tool() decorator, ask @alice, see @types/node.\n"
    )
    write(repo / "AGENTS.md", text)
    found = open_md(layout).explain()
    assert f"\n## project instructions: AGENTS.md\n{text}" in found.text  # untouched
    assert "\n## project instructions: real.md (imported by AGENTS.md)\nREAL\n" in found.text
    assert found.text.count("REAL") == 1
    assert sorted((n.subject.split(" in ")[0], n.reason) for n in found.notes) == [
        ("@gone/away.md,", "not a file: left as written"),  # Claude Code's token: to a space
        ("@types/node.", "not a file: left as written"),
    ]


def test_imports_outside_project_and_home_are_refused_unless_configured(
    layout: dict[str, Path], tmp_path: Path
) -> None:
    outside = write(tmp_path / "shared" / "policy.md", "Shared policy.\n")
    write(layout["repo"] / "AGENTS.md", f"Rules: @{outside}\n")
    refused = open_md(layout).explain()
    assert "Shared policy" not in refused.text
    assert any("outside the folders this file may import from" in n.reason for n in refused.notes)
    write(layout["home"] / "config.toml", f'include_dirs = ["{outside.parent}"]\n')
    assert "\nShared policy.\n" in open_md(layout).system_block()


def test_symlinked_import_leaving_the_project_is_refused(
    layout: dict[str, Path], tmp_path: Path
) -> None:
    secret = write(tmp_path / "elsewhere" / "secret.md", "SECRET")
    (layout["repo"] / "link.md").symlink_to(secret)
    write(layout["repo"] / "AGENTS.md", "x @link.md\n")
    found = open_md(layout).explain()
    assert "SECRET" not in found.text
    assert any(n.warning and "outside the folders" in n.reason for n in found.notes)


def test_a_repository_cannot_import_secret_stores_or_files_git_ignores(
    layout: dict[str, Path],
) -> None:
    repo = layout["repo"]
    write(repo / ".gitignore", ".env\nnotes.local.md\nCLAUDE.local.md\n")
    write(repo / ".env", "OPENAI_API_KEY=sk-proj-abcdefghijklmnopqrstuvwxyz0123\n")
    write(repo / "deploy.pem", "-----BEGIN PRIVATE KEY-----\nMIIEv\n")
    write(repo / "notes.local.md", "My own local notes.\n")
    write(repo / "AGENTS.md", "Config: @.env and @deploy.pem and @notes.local.md\n")
    found = open_md(layout).explain()
    assert "sk-proj" not in found.text and "PRIVATE KEY" not in found.text
    assert "My own local notes" not in found.text
    reasons = [n.reason for n in found.notes if n.warning]
    assert sum("secret store" in r for r in reasons) == 2
    assert any("git ignores it but not the file that imports it" in r for r in reasons)
    write(repo / "CLAUDE.local.md", "Mine: @notes.local.md\n")  # ignored imports ignored: fine
    assert "My own local notes." in open_md(layout).system_block()


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
    write(repo / "CLAUDE.local.md", "mine\n")
    warned = [n for n in open_md(layout).explain().notes if n.warning]
    assert [n.subject for n in warned] == [
        str(repo / n) for n in ("AGENTS.local.md", "CLAUDE.local.md")
    ]
    env = {
        **os.environ,
        "HOME": str(layout["person"]),
        "MEMDIR_MANAGED_DIR": str(layout["managed"]),
    }
    for explain in ((), ("--explain",)):  # said once per run, however it is asked
        cmd = [sys.executable, "-m", "memdir", "--home", str(layout["home"]), "-C", str(repo)]
        done = subprocess.run([*cmd, "context", *explain], capture_output=True, text=True, env=env)
        lines = (done.stdout + done.stderr).splitlines()
        said = [ln for ln in lines if "CLAUDE.local.md" in ln and "not ignored by git" in ln]
        assert len(said) == 1, (explain, said)
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
        ("src/**/*.{ts,tsx}", "src/a/b.tsx", True),  # Claude Code expands braces
        ("src/**/*.{ts,tsx}", "src/a/b.js", False),
        ("{apps,packages}/*/x", "packages/a/x", True),
        ("a/{b,{c,d}}/e", "a/d/e", True),
        ("{a}", "{a}", True),  # no comma: literal
        ("x{a,b", "x{a,b", True),  # unclosed: literal
        ("**/", "a", False),
        ("**/*.md", "a/b/c.md", True),
        ("a/**/b", "a/x/y/b", True),
        ("*a*a*b", "xaya/b", False),
        ("*a*a*b", "xayab", True),
    ],
)
def test_rule_globs(pattern: str, path: str, hit: bool) -> None:
    assert glob_matches(pattern, path) is hit


@pytest.mark.parametrize(
    ("text", "paths"),
    [
        ("Run `make\n@AGENTS.md` first.\n", []),  # one code span over a line break
        ("Run `make\r\n@AGENTS.md` first.\r\n", []),  # CRLF line ends
        ("> Run `make\n> @AGENTS.md` first.\n", []),  # a quote's paragraph
        ("Run ``a ` b\n@AGENTS.md `` @c.md\n", ["c.md"]),  # `` holds a lone `
        ("Run `make @AGENTS.md\n", ["AGENTS.md"]),  # unclosed: literal backticks
        ("Run `make\n\n@AGENTS.md` first.\n", ["AGENTS.md"]),  # a blank line ends it
        ("Run `make\n```\n@AGENTS.md`\n```\n@b.md`\n", ["b.md"]),  # a fence ends it
        ("# Run `make\n@AGENTS.md` first.\n", ["AGENTS.md"]),  # a heading is one line
        ("see `@a.md` and `b\n` @c.md `d`\n", ["c.md"]),  # each span ends at its twin
    ],
)
def test_code_spans_run_over_the_lines_of_a_paragraph(text: str, paths: list[str]) -> None:
    """CommonMark code spans, as Claude Code's lexer finds them: over line breaks within a
    paragraph, never past a blank line; the offsets point into the text as written."""
    found = find_includes(text)
    assert [inc.path for inc in found] == paths
    assert all(text[inc.start : inc.end] == f"@{inc.path}" for inc in found)


_HOSTILE_CHILD = """
import resource, sys
resource.setrlimit(resource.RLIMIT_CPU, (20, 20))
from memdir.core.includes import find_includes
n = 100_000
for text in ("` @a " * (2 * n // 5), "`@a\\n" * (n // 4), "[" * n + "` @a`", "![` @a " * (n // 6),
             "".join("`" * k + " @a " for k in range(440, 0, -1)), "> " * (n // 2) + "`@a`"):
    find_includes(text)
    print("done", flush=True)
"""


def test_include_finder_on_hostile_text_is_bounded() -> None:
    """100-200 KB of backtick runs, brackets and ``@a``: all within 20 s of CPU (about 5 s
    now). Each token was checked against every span of its line: 200 KB of `` ` @a `` on one
    line took 40 s."""
    child = subprocess.run(
        [sys.executable, "-c", _HOSTILE_CHILD], capture_output=True, text=True, check=False
    )
    assert child.returncode == 0 and child.stdout.split() == ["done"] * 6, child.stderr[-2000:]


@given(st.text(max_size=300))
def test_include_finder_never_raises_and_spans_point_at_tokens(text: str) -> None:
    for inc in find_includes(text):
        assert text[inc.start] == "@" and text[inc.start + 1 : inc.end] == inc.path


@given(
    st.text(alphabet="[]!^-\\/*?az.{},", max_size=24) | st.text(max_size=40),
    st.text(max_size=40),
)
def test_glob_matching_never_raises(pattern: str, path: str) -> None:
    glob_matches(pattern, path)


def test_brace_expansion_is_bounded() -> None:
    """Twenty ``{a,b}`` groups would be a million globs; past the cap the rest stay literal."""
    assert len(_braces("{a,b}" * 20)) <= MAX_BRACE_PATTERNS
    assert glob_matches("{a,b}" * 5, "babab")  # 32 globs: within the cap, all expanded


@pytest.mark.filterwarnings("error::FutureWarning")
def test_brackets_and_set_operators_inside_a_glob_class_are_literal() -> None:
    """``[[a]``, ``[a&&b]`` and ``[a~~b]`` are plain characters to a glob; Python's regex
    would warn about (and later read) them as nested sets or set operations."""
    assert glob_matches("src/[[a]x.py", "src/[x.py")
    assert glob_matches("[a&&b].md", "&.md") and not glob_matches("[a&&b].md", "c.md")
    assert glob_matches("[a~~b].md", "~.md")


def test_a_project_inside_the_memory_home_still_reads_its_agents_md(tmp_path: Path) -> None:
    home = tmp_path / "memhome"
    project = home / "demo"
    write(project / "AGENTS.md", "Demo instructions.\n")
    write(project / ".memdir" / "rules" / "r.md", "Rule from an unusable scope folder.\n")
    md = Memdir(load_settings(home, project, environ={}))
    block = md.system_block()
    assert "## project instructions: AGENTS.md\nDemo instructions.\n" in block
    assert "Rule from an unusable" not in block


def test_an_import_fan_out_is_bounded_and_says_so(layout: dict[str, Path]) -> None:
    """Each file is imported once however often it is named; distinct files together are
    capped, so a hostile repository cannot flood or stall a session start."""
    repo = layout["repo"]
    for n in range(40):
        write(repo / "d" / f"f{n}.md", f"{n} " + "x" * 20_000 + "\n")
    write(repo / "AGENTS.md", " ".join(f"@d/f{n}.md @d/f{n}.md" for n in range(40)) + "\n")
    found = open_md(layout).explain()
    from memdir.core.instructions import MAX_INCLUDED_BYTES

    assert len(found.text.encode()) < MAX_INCLUDED_BYTES + 30_000
    assert any("KiB, the most one session start takes" in n.reason for n in found.notes)
    files = [s.source for s in found.sections if s.kind == "instructions"]
    assert len(set(files)) == len(files)  # each once


def test_a_nul_byte_in_an_include_is_a_note_not_a_crash(layout: dict[str, Path]) -> None:
    write(layout["repo"] / "AGENTS.md", "A @a\x00b.md and @c/\x00.md\n")
    text = open_md(layout).system_block()
    assert text.count("## project instructions: AGENTS.md") == 1


# -- read as each harness reads (issue 14, items 1-3) ------------------------------------------


def sources(found: Any) -> list[str]:
    return [s.source for s in found.sections if s.kind in ("instructions", "rule")]


def test_a_file_named_twice_or_through_a_symlink_is_loaded_once(layout: dict[str, Path]) -> None:
    repo = layout["repo"]
    write(repo / "AGENTS.md", "Run `make check` before every commit.\n")
    write(repo / "CLAUDE.md", "Read @AGENTS.md first.\n\nAgain: @AGENTS.md\n")
    found = open_md(layout).explain()
    assert found.text.count("Run `make check`") == 1
    assert sources(found) == ["AGENTS.md", "CLAUDE.md"]
    assert "Read @AGENTS.md first.\n\nAgain: @AGENTS.md\n" in found.text  # as written
    (repo / "CLAUDE.md").unlink()
    (repo / "CLAUDE.md").symlink_to("AGENTS.md")
    found = open_md(layout).explain()
    assert found.text.count("Run `make check`") == 1 and sources(found) == ["AGENTS.md"]
    assert any(n.reason.endswith("which is loaded once") for n in found.notes)


def test_agents_override_is_read_instead_of_agents_md_and_explain_says_so(
    layout: dict[str, Path], tmp_path: Path
) -> None:
    repo = layout["repo"]
    write(repo / "AGENTS.md", "Team rules.\n")
    write(repo / "AGENTS.override.md", "My override for this checkout.\n")
    write(repo / "src" / "AGENTS.md", "Source rules.\n")
    md = open_md(layout, repo / "src")
    found = md.explain()
    assert sources(found) == ["AGENTS.override.md", "src/AGENTS.md"]
    assert "Team rules" not in found.text
    assert [(n.subject, n.reason) for n in found.notes] == [
        (
            str(repo / "AGENTS.md"),
            "not loaded: AGENTS.override.md in the same folder is read instead (as Codex does)",
        )
    ]
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "memdir",
            "--home",
            str(layout["home"]),
            "-C",
            str(repo / "src"),
            "context",
            "--explain",
        ],
        capture_output=True,
        text=True,
        check=True,
        env={
            **os.environ,
            "HOME": str(layout["person"]),
            "MEMDIR_MANAGED_DIR": str(layout["managed"]),
        },
    ).stdout
    assert "AGENTS.override.md" in out and "Nothing was left out" not in out
    assert f"{repo / 'AGENTS.md'}: not loaded: AGENTS.override.md in the same folder" in out


@pytest.mark.parametrize("claude_md", ["a symlink to AGENTS.md", "an import of AGENTS.md"])
def test_an_override_is_not_undone_by_claude_md_reaching_the_agents_md_it_shadows(
    layout: dict[str, Path], claude_md: str
) -> None:
    """CLAUDE.md → AGENTS.md (or `@AGENTS.md`) beside an AGENTS.override.md: the override
    wins for every harness, and --explain says what was left out and why."""
    repo = layout["repo"]
    write(repo / "AGENTS.md", "Team rules: use npm.\n")
    write(repo / "AGENTS.override.md", "My override: use pnpm.\n")
    if claude_md.startswith("a symlink"):
        (repo / "CLAUDE.md").symlink_to("AGENTS.md")
        subject = str(repo / "CLAUDE.md")
    else:
        write(repo / "CLAUDE.md", "Read @AGENTS.md first.\n")
        subject = f"@AGENTS.md in {repo / 'CLAUDE.md'}"
    found = open_md(layout).explain()
    assert "use pnpm" in found.text and "use npm" not in found.text
    why = {n.subject: n.reason for n in found.notes}
    assert "which AGENTS.override.md overrides: the override is read instead" in why[subject]


def test_claude_code_files_above_the_root_in_dot_claude_and_local_ones(
    layout: dict[str, Path], tmp_path: Path
) -> None:
    """Claude Code reads CLAUDE.md in every folder from / down, .claude/CLAUDE.md and
    .claude/rules/** beside each, and CLAUDE.local.md after them; memdir the same, with
    the private files in the local scope (most local last)."""
    repo = layout["repo"]
    write(tmp_path / "CLAUDE.md", "Workspace-wide notes.\n")
    write(tmp_path / "CLAUDE.local.md", "My workspace notes.\n")
    write(repo / "CLAUDE.md", "Repo notes.\n")
    write(repo / ".claude" / "CLAUDE.md", "Repo notes in .claude.\n")
    write(repo / ".claude" / "rules" / "style.md", "Style rule.\n")
    write(
        repo / ".claude" / "rules" / "frontend" / "react.md",
        '---\npaths:\n  - "src/web/**/*.tsx"\n---\nReact rule.\n',
    )
    write(
        repo / ".claude" / "rules" / "backend" / "api.md",
        "---\npaths: src/api/**/*.py, docs/api.md\n---\nAPI rule.\n",
    )
    write(repo / "src" / "CLAUDE.md", "Source notes.\n")
    write(repo / "CLAUDE.local.md", "My repo notes.\n")
    write(repo / ".gitignore", "CLAUDE.local.md\n")
    md = open_md(layout, repo / "src")
    plain = md.explain()
    assert sources(plain) == [
        str(tmp_path / "CLAUDE.md"),
        "CLAUDE.md",
        ".claude/CLAUDE.md",
        ".claude/rules/style.md",
        "src/CLAUDE.md",
        str(tmp_path / "CLAUDE.local.md"),
        "CLAUDE.local.md",
    ]
    assert "React rule" not in plain.text and "API rule" not in plain.text
    assert any(n.subject.endswith("react.md") and "only for paths" in n.reason for n in plain.notes)
    assert "React rule." in md.system_block(["src/web/app/page.tsx"])
    assert "API rule." in md.system_block(["src/api/v1/users.py"])
    assert "API rule." in md.system_block([str(repo / "docs" / "api.md")])
    assert "API rule." not in md.system_block(["src/web/app/page.tsx"])


def test_codex_budget_and_fallback_names_follow_codex_config(
    layout: dict[str, Path], tmp_path: Path
) -> None:
    """Codex reads one file per folder (AGENTS.override.md, AGENTS.md, then its
    project_doc_fallback_filenames) and at most project_doc_max_bytes of them together."""
    repo = layout["repo"]
    codex = tmp_path / "codex-home"
    write(
        codex / "config.toml",
        'project_doc_fallback_filenames = ["TEAM.md"]\nproject_doc_max_bytes = 100\n',
    )
    write(repo / "AGENTS.md", "a" * 60 + "\n")
    write(repo / "src" / "TEAM.md", "b" * 60 + "\n")  # no AGENTS.md there: the fallback
    write(repo / "src" / "app" / "AGENTS.md", "c" * 60 + "\n")
    md = open_md(layout, repo / "src" / "app", CODEX_HOME=str(codex))
    found = md.explain()
    assert sources(found) == ["AGENTS.md", "src/TEAM.md"]
    assert section(found, "src/TEAM.md").text.endswith("\n" + "b" * 39 + "\n")  # 100 - 61
    reasons = {
        n.subject.rsplit("/", 2)[-2] + "/" + n.subject.rsplit("/", 1)[-1]: n.reason
        for n in found.notes
    }
    assert reasons["src/TEAM.md"].startswith("cut to 39 of 61 bytes: Codex reads at most 100")
    assert reasons["app/AGENTS.md"].startswith("not loaded: Codex reads at most 100 bytes")
    write(repo / "CLAUDE.md", "@src/app/AGENTS.md\n")  # Claude Code reads it whole
    whole = open_md(layout, repo / "src" / "app", CODEX_HOME=str(codex)).explain()
    assert "c" * 60 in whole.text
    assert open_md(layout, repo / "src" / "app").explain().text.count("c" * 60) == 1  # 32 KiB


def test_private_files_git_would_commit_are_warned_about(layout: dict[str, Path]) -> None:
    repo = layout["repo"]
    write(repo / "CLAUDE.local.md", "My own notes.\n")
    write(repo / "src" / "CLAUDE.local.md", "More of my own notes.\n")
    write(repo / ".gitignore", "/src/CLAUDE.local.md\n")
    notes = open_md(layout, repo / "src").explain().notes
    warned = {n.subject for n in notes if "not ignored by git" in n.reason}
    assert warned == {str(repo / "CLAUDE.local.md")}  # the ignored one is not named
    write(repo / ".git" / "info" / "exclude", "CLAUDE.local.md\n")
    notes = open_md(layout, repo / "src").explain().notes
    assert not [n for n in notes if "not ignored by git" in n.reason]
