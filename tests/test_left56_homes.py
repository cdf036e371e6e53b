"""The harness homes an embedding application names in ``load_settings(environ=…)`` are
the ones every reader uses: ``import-sessions``' default folders, ``import``/``export
hermes``, and session start's ``claudeMdExcludes`` and user ``CLAUDE.md``, whatever the
process's own ``CLAUDE_CONFIG_DIR``, ``CODEX_HOME`` and ``HERMES_HOME`` say."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

import memdir
from memdir.core.config import load_settings
from memdir.engine import Memdir
from memdir.interop._harness import harness
from memdir.interop.transcripts import import_sessions


@pytest.fixture
def two(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Path, Path, Memdir]]:
    """(the process's harness folders' parent, the settings' one, a Memdir opened with
    the settings' environ); the project is a git checkout under HOME."""
    user = tmp_path / "user"
    process, given = tmp_path / "process", tmp_path / "given"
    for base in (process, given):
        for name in ("claude", "codex", "hermes"):
            (base / name).mkdir(parents=True)
        (base / "claude" / "projects").mkdir()
        (base / "codex" / "sessions").mkdir()
        (base / "hermes" / "memories").mkdir()
    monkeypatch.setenv("HOME", str(user))
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(process / "claude"))
    monkeypatch.setenv("CODEX_HOME", str(process / "codex"))
    monkeypatch.setenv("HERMES_HOME", str(process / "hermes"))
    project = user / "proj"
    project.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(project)], check=True)
    env = {
        "MEMDIR_MANAGED_DIR": str(tmp_path / "managed"),
        "CLAUDE_CONFIG_DIR": str(given / "claude"),
        "CODEX_HOME": str(given / "codex"),
        "HERMES_HOME": str(given / "hermes"),
    }
    md = Memdir(load_settings(tmp_path / "mh", project, environ=env))
    yield process, given, md
    md.close()


def test_import_sessions_defaults_come_from_the_settings_environ(
    two: tuple[Path, Path, Memdir],
) -> None:
    _, given, md = two
    assert import_sessions(md, "claude-code").source == given / "claude" / "projects"
    assert import_sessions(md, "codex").source == given / "codex" / "sessions"
    with pytest.raises(memdir.MemdirError, match=str(given / "hermes" / "state.db")):
        import_sessions(md, "hermes")


def test_hermes_memory_folder_comes_from_the_settings_environ(
    two: tuple[Path, Path, Memdir],
) -> None:
    _, given, md = two
    assert harness("hermes").default_source(md) == given / "hermes" / "memories"
    assert md.settings.hermes_home == given / "hermes"


def test_session_start_reads_the_settings_environs_claude_folder(
    two: tuple[Path, Path, Memdir],
) -> None:
    process, given, md = two
    project = md.settings.project
    (project / "CLAUDE.md").write_text("project text\n", encoding="utf-8")
    (project / "pkg").mkdir()
    (project / "pkg" / "CLAUDE.md").write_text("pkg text\n", encoding="utf-8")
    excludes = {"claudeMdExcludes": ["**/pkg/CLAUDE.md"]}
    (given / "claude" / "settings.json").write_text(json.dumps(excludes), encoding="utf-8")
    (process / "claude" / "settings.json").write_text("{}", encoding="utf-8")
    # The user's CLAUDE.md: an @import of it from the user scope is the person's own.
    (given / "claude" / "CLAUDE.md").write_text("Answer in haiku.\n", encoding="utf-8")
    user = md.settings.home / "user" / "AGENTS.md"
    user.parent.mkdir(parents=True, exist_ok=True)
    user.write_text(f"@{given / 'claude' / 'CLAUDE.md'}\n", encoding="utf-8")
    found, notes = md.instructions(["pkg/x.py"])
    paths = {i.path.resolve() for i in found}
    assert (project / "pkg" / "CLAUDE.md").resolve() not in paths, notes
    assert (project / "CLAUDE.md").resolve() in paths
    assert (given / "claude" / "CLAUDE.md").resolve() in paths, notes
    said = " ".join(f"{n.subject} {n.reason}" for n in notes)
    assert str(process / "claude") not in said, said
