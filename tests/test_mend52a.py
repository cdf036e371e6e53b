"""mend52a: four defects a newcomer's walkthrough found, each pinned through the CLI as a
user runs it (a ``python -m memdir`` subprocess, tests/usercli.py); each was a strict
xfail before its fix."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from memdir.interop.claude_code.formats import project_slug
from usercli import cli as cli
from usercli import user_home as user_home

REAL = Path(__file__).parent / "fixtures" / "harness_configs"
HERMES_CONFIGS = [
    REAL / "Industrial__nixos-dotfiles" / "hermes-config.yaml",  # provider: ''
    REAL / "channingwalton__dotfiles" / "hermes-config.yaml",  # provider: ""
]


def _cells(text: str) -> int:
    """Terminal columns ``text`` takes: East Asian wide and full-width characters are 2."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


# -- 1. `memdir ls` at 80 columns ----------------------------------------------------------

LONG = (
    "Deployments to production must wait for a green canary run; rollbacks are "
    "automatic when error rates exceed the configured threshold"
)
CJK = "生产环境部署必须等待金丝雀运行通过，当错误率超过配置的阈值时会自动回滚"


@pytest.mark.parametrize("columns", [80, 120])
def test_ls_at_80_columns_wraps_at_word_boundaries_and_keeps_ids_whole(
    cli: Callable[..., Any], columns: int
) -> None:
    for args in (
        ("--type", "project", "--name", "Deploy pipeline canary requirements"),
        ("--type", "user", "--name", "部署说明", "--scope", "user"),
    ):
        description = LONG if "project" in args else CJK
        added = cli("add", *args, "--description", description, "--body", description)
        assert added.returncode == 0, added.stderr
    proc = cli("ls", extra_env={"COLUMNS": str(columns)})  # stdout is a pipe, not a terminal
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert all(_cells(line) <= columns for line in lines), proc.stdout
    tokens = [t for t in proc.stdout.split() if not re.fullmatch(r"\d{4}-\d\d-\d\d", t)]
    # every word whole (a wrap between words only), every id whole
    assert [w for w in LONG.split() if w not in tokens] == [], proc.stdout
    assert "project_deploy-pipeline-canary-requirements" in tokens, proc.stdout
    assert "user_部署说明" in tokens, proc.stdout
    assert CJK in "".join(tokens), proc.stdout  # wide text wrapped, nothing lost
    # the columns stay aligned under their headings
    header = lines[0]
    for eid, type_ in (
        ("project_deploy-pipeline-canary-requirements", "project"),
        ("user_部署说明", "user"),
    ):
        (line,) = [line for line in lines if eid in line.split()]
        assert line.index(eid) == header.index("id"), proc.stdout
        at = _cells(line[: line.index(eid) + len(eid)])
        rest = line[line.index(eid) + len(eid) :]
        assert at + _cells(rest[: rest.index(type_)]) == header.index("type"), proc.stdout


# -- 2. bootstrap after `memdir review` promoted an entry ----------------------------------


def _claude_feedback(user_home: Path, project: Path, body: str) -> None:
    folder = user_home / ".claude" / "projects" / project_slug(str(project)) / "memory"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "MEMORY.md").write_text(
        "- [Testing style](feedback_testing.md) — integration tests hit a real database\n",
        encoding="utf-8",
    )
    (folder / "feedback_testing.md").write_text(
        "---\nname: Testing style\n"
        "description: Integration tests must hit a real database, not mocks\n"
        f"type: feedback\n---\n{body}\n",
        encoding="utf-8",
    )


def test_bootstrap_says_an_entry_review_promoted_was_promoted_not_removed(
    cli: Callable[..., Any], user_home: Path, project: Path
) -> None:
    _claude_feedback(user_home, project, "In this repo we make integration tests hit a real DB.")
    assert cli("bootstrap", "--all", "--yes").returncode == 0
    proposals = json.loads(cli("review", "--json").stdout)
    (promote,) = [
        p for p in proposals if p["kind"] == "promote" and p["title"].endswith("project scope")
    ]
    applied = cli("review", "--apply", promote["id"])
    assert applied.returncode == 0, applied.stdout + applied.stderr
    # Claude Code's note changes afterwards; bootstrap reads it again
    _claude_feedback(user_home, project, "In this repo we make integration tests hit Postgres.")
    proc = cli("bootstrap")
    assert proc.returncode == 0, proc.stderr
    (line,) = [line for line in proc.stdout.splitlines() if "Testing style" in line]
    assert "removed" not in line, line  # the user removed nothing
    assert "promoted" in line and "project scope" in line, line
    skipped = json.loads(cli("bootstrap", "--json").stdout)["skipped"]
    assert [s["action"] for s in skipped] == ["promoted"], skipped
    # `memdir import claude-code` reads the same plan
    imported = cli("import", "claude-code")
    assert "you removed it" not in imported.stdout and "promoted" in imported.stdout


def test_bootstrap_still_says_removed_for_an_entry_the_user_removed(
    cli: Callable[..., Any], user_home: Path, project: Path
) -> None:
    _claude_feedback(user_home, project, "In this repo we make integration tests hit a real DB.")
    assert cli("bootstrap", "--all", "--yes").returncode == 0
    assert cli("rm", "feedback_testing-style").returncode == 0
    proc = cli("bootstrap")
    (line,) = [line for line in proc.stdout.splitlines() if "Testing style" in line]
    assert "you removed feedback_testing-style" in line and "promoted" not in line, line


# -- 3. `memdir install hermes --activate` and comments in config.yaml ---------------------


def _provider_at(lines: list[str]) -> int:
    start = lines.index("memory:\n")
    return next(i for i in range(start + 1, len(lines)) if lines[i].startswith("  provider:"))


@pytest.mark.parametrize("config", HERMES_CONFIGS, ids=lambda p: p.parent.name)
@pytest.mark.parametrize("comment", ["", "  # set by me"])
def test_install_hermes_activate_keeps_the_provider_lines_comment(
    cli: Callable[..., Any], tmp_path: Path, config: Path, comment: str
) -> None:
    hermes = tmp_path / "hermes"
    hermes.mkdir()
    lines = config.read_text(encoding="utf-8").splitlines(keepends=True)
    at = _provider_at(lines)
    lines[at] = lines[at].rstrip("\n") + comment + "\n"
    original = "".join(lines).encode("utf-8")
    (hermes / "config.yaml").write_bytes(original)
    lines[at] = f"  provider: memdir{comment}\n"
    expected = "".join(lines).encode("utf-8")

    def install(*more: str) -> None:
        args = ("install", "hermes", "--hermes-home", str(hermes), "--activate", "--yes")
        proc = cli(*args, *more)
        assert proc.returncode == 0, proc.stdout + proc.stderr

    install()
    assert (hermes / "config.yaml").read_bytes() == expected  # only the value changed
    install()  # again: nothing to change
    assert (hermes / "config.yaml").read_bytes() == expected
    proc = cli("uninstall", "hermes", "--hermes-home", str(hermes), "--yes")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert (hermes / "config.yaml").read_bytes() == original  # given back byte for byte


# -- 4. a file added by hand to a scope folder ---------------------------------------------


def test_a_file_added_by_hand_is_one_hand_edit_commit(cli: Callable[..., Any], home: Path) -> None:
    added = cli("add", "--type", "project", "--name", "Release day", "--description",
                "We release on Thursdays", "--body", "We release on Thursdays.")  # fmt: skip
    assert added.returncode == 0, added.stderr
    (folder,) = (home / "projects").glob("*/MEMORY.md")
    folder = folder.parent
    (folder / "project_staging-wipe.md").write_text(
        "---\nname: Staging wipe\ndescription: The staging database is wiped on Sundays\n"
        "type: project\n---\nThe staging database is wiped every Sunday.\n",
        encoding="utf-8",
    )
    assert cli("ls").returncode == 0  # memdir sees the file and rewrites its index
    assert cli("add", "--type", "user", "--name", "Editor", "--description", "Uses vim",
               "--body", "Uses vim.").returncode == 0  # fmt: skip
    git = shutil.which("git")
    assert git is not None
    log = subprocess.run(
        [git, "-C", str(folder), "log", "--format=%s"], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    hand = [s for s in log if s.startswith("hand edit")]
    assert hand == ["hand edit: project_staging-wipe.md"], log
    status = subprocess.run(
        [git, "-C", str(folder), "status", "--porcelain"], capture_output=True, text=True
    )
    assert status.stdout == "", status.stdout  # everything is recorded
