"""``$CLAUDE_CONFIG_DIR`` and ``$CODEX_HOME``: every reader of a harness's user folder
(transcripts, auto memory, skills, bootstrap, instructions, install) looks where the
harness itself keeps it, never at ``~/.claude`` / ``~/.codex`` behind its back."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import memdir
from memdir.core.config import load_settings
from memdir.core.harness_homes import claude_config_dir, claude_json, codex_home
from memdir.engine import Memdir
from memdir.interop.bootstrap._found import Gathered
from memdir.interop.bootstrap._installed import gather_harnesses, instruction_files
from memdir.interop.claude_code.formats import project_slug

Run = Callable[..., Any]
TRANSCRIPTS = Path(__file__).parent / "fixtures" / "transcripts" / "home"
MEMORY = """---
name: Lint scope
description: generated code is not linted
type: project
---

CI lints every TypeScript file except those under `src/generated/`.
"""


@pytest.fixture
def moved(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """(HOME, the folder $CLAUDE_CONFIG_DIR names, outside HOME); ~/.claude is empty."""
    user = tmp_path / "user"
    (user / ".claude").mkdir(parents=True)
    elsewhere = tmp_path / "elsewhere" / "claude profile"
    elsewhere.mkdir(parents=True)
    monkeypatch.setenv("HOME", str(user))
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(elsewhere))
    return user, elsewhere


def _memory(elsewhere: Path, project: Path) -> Path:
    folder = elsewhere / "projects" / project_slug(str(project.resolve())) / "memory"
    folder.mkdir(parents=True)
    (folder / "project_lint-scope.md").write_text(MEMORY, encoding="utf-8")
    (folder / "MEMORY.md").write_text("- [Lint scope](project_lint-scope.md)\n", "utf-8")
    return folder


def test_the_folders_follow_the_variables(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "u"))
    monkeypatch.delenv("CLAUDE_CONFIG_DIR", raising=False)
    monkeypatch.delenv("CODEX_HOME", raising=False)
    assert claude_config_dir() == tmp_path / "u" / ".claude"
    assert claude_json() == tmp_path / "u" / ".claude.json"
    assert codex_home() == tmp_path / "u" / ".codex"
    monkeypatch.chdir(tmp_path)
    env = {"CLAUDE_CONFIG_DIR": " cfg ", "CODEX_HOME": "~/cx", "HOME": str(tmp_path / "u")}
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", "   ")  # blank: unset, as memdir documents
    assert claude_config_dir() == tmp_path / "u" / ".claude"
    assert claude_config_dir(env) == tmp_path / "cfg"  # relative: from the working folder
    assert claude_json(env) == tmp_path / "cfg" / ".claude.json"
    assert codex_home(env) == tmp_path / "u" / "cx"


def test_import_sessions_reads_the_moved_projects_folder(
    run: Run, moved: tuple[Path, Path]
) -> None:
    user, elsewhere = moved
    shutil.copytree(TRANSCRIPTS / ".claude" / "projects", elsewhere / "projects")
    env = {"HOME": str(user), "CLAUDE_CONFIG_DIR": str(elsewhere)}
    done = json.loads(run("import-sessions", "claude-code", "--json", extra_env=env).stdout)
    assert done["source"] == str(elsewhere / "projects")
    assert done["sessions_created"] == 4


def test_import_claude_code_reads_the_moved_auto_memory(
    run: Run, moved: tuple[Path, Path], project: Path
) -> None:
    user, elsewhere = moved
    folder = _memory(elsewhere, project)
    (elsewhere / "CLAUDE.md").write_text("Answer in British English.\n", encoding="utf-8")
    env = {"HOME": str(user), "CLAUDE_CONFIG_DIR": str(elsewhere)}
    dry = run("import", "claude-code", extra_env=env).stdout
    assert str(folder) in dry and "Lint scope" in dry and "Would import" in dry
    # the user's CLAUDE.md: the include line names the moved file, spaces escaped
    assert f"@{elsewhere}/CLAUDE.md".replace(" ", "\\ ") in dry


def test_bootstrap_reads_the_moved_folder(
    tmp_path: Path, moved: tuple[Path, Path], project: Path
) -> None:
    _, elsewhere = moved
    _memory(elsewhere, project)
    other = elsewhere / "projects" / "-somewhere-else" / "memory"
    other.mkdir(parents=True)
    (other / "user_tabs.md").write_text(
        MEMORY.replace("Lint scope", "Tabs").replace("type: project", "type: user"), "utf-8"
    )
    (elsewhere / "CLAUDE.md").write_text("Answer in British English.\n", encoding="utf-8")
    md = memdir.open(tmp_path / "memhome", project)
    g = Gathered()
    gather_harnesses(md, g)
    names = {f.name for f in g.found if f.source.startswith("claude-code")}
    assert {"Lint scope", "Tabs"} <= names, (names, g.notes, g.problems)
    files, _ = instruction_files(md, [])
    assert (elsewhere / "CLAUDE.md", "user") in files
    md.close()


def test_session_start_uses_the_moved_settings_claude_md_excludes(
    tmp_path: Path, moved: tuple[Path, Path], project: Path
) -> None:
    _, elsewhere = moved
    (project / "CLAUDE.md").write_text("project text\n", encoding="utf-8")
    (project / "pkg").mkdir()
    (project / "pkg" / "CLAUDE.md").write_text("pkg text\n", encoding="utf-8")
    excludes = {"claudeMdExcludes": ["**/pkg/CLAUDE.md"]}
    (elsewhere / "settings.json").write_text(json.dumps(excludes), encoding="utf-8")
    env = {  # the environ given names the folder (left56: the process's is not read)
        "MEMDIR_MANAGED_DIR": str(tmp_path / "managed"),
        "CODEX_HOME": str(tmp_path / "cx"),
        "CLAUDE_CONFIG_DIR": str(elsewhere),
    }
    md = Memdir(load_settings(tmp_path / "memhome", project / "pkg", environ=env))
    found, notes = md.instructions()
    names = [i.path.relative_to(project.resolve()).as_posix() for i in found]
    assert "pkg/CLAUDE.md" not in names and "CLAUDE.md" in names
    assert any(str(elsewhere / "settings.json") in n.reason for n in notes)
    md.close()


def test_install_and_import_agree_on_the_folder(
    run: Run, moved: tuple[Path, Path], project: Path
) -> None:
    """The hooks memdir installs and the memories it imports sit in one folder."""
    user, elsewhere = moved
    _memory(elsewhere, project)
    skill = elsewhere / "skills" / "deploy"
    skill.mkdir(parents=True)
    (skill / "SKILL.md").write_text(
        "---\nname: deploy\ndescription: How to deploy\n---\n\nRun make deploy.\n", "utf-8"
    )
    env = {"HOME": str(user), "CLAUDE_CONFIG_DIR": str(elsewhere)}
    run("install", "claude-code", "--yes", extra_env=env)
    assert "memdir" in (elsewhere / "settings.json").read_text(encoding="utf-8")
    assert "memdir" in (elsewhere / ".claude.json").read_text(encoding="utf-8")
    assert not (user / ".claude" / "settings.json").exists()
    assert not (user / ".claude.json").exists()
    done = json.loads(run("import", "claude-code", "--json", extra_env=env).stdout)
    text = json.dumps(done)
    assert str(elsewhere / "skills" / "deploy") in text and "Lint scope" in text


def test_codex_sessions_come_from_codex_home(run: Run, tmp_path: Path) -> None:
    user, cx = tmp_path / "user", tmp_path / "codex home"
    user.mkdir()
    shutil.copytree(TRANSCRIPTS / ".codex", cx)
    env = {"HOME": str(user), "CODEX_HOME": str(cx)}
    done = json.loads(run("import-sessions", "codex", "--json", extra_env=env).stdout)
    assert done["source"] == str(cx / "sessions") and done["sessions_created"] == 1


def test_a_config_dir_that_is_a_file_is_a_clear_error_that_changes_nothing(
    run: Run, tmp_path: Path
) -> None:
    user = tmp_path / "user"
    user.mkdir()
    a_file = tmp_path / "claude-config"
    a_file.write_text("not a folder\n", encoding="utf-8")
    env = {"HOME": str(user), "CLAUDE_CONFIG_DIR": str(a_file)}
    for args in (
        ("install", "claude-code", "--yes"),
        ("import", "claude-code"),
        ("import-sessions", "claude-code"),
    ):
        failed = run(*args, ok=False, extra_env=env)
        assert f"{a_file}/" in failed.stderr and "Not a directory" in failed.stderr
    assert a_file.read_text(encoding="utf-8") == "not a folder\n"
    assert sorted(p.name for p in user.iterdir()) == []
