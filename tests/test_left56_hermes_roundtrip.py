"""`memdir import hermes --apply` then `memdir export hermes --apply` with nothing changed
in between: the export replaces the files the import stored whole (after a backup), as
Claude Code's and Codex's exports do, instead of refusing them as "content memdir did not
write" and asking for --force. A file edited after the import is still refused."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

MEMORY = "Uses fish shell.\n§\nDeploys billing on Tuesdays.\n"
USER = "Name is Ada.\n"


def _memdir(tmp_path: Path, project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "HOME": str(tmp_path / "u"),
        "HERMES_HOME": str(tmp_path / "hermes"),
        "MEMDIR_HOME": str(tmp_path / "mh"),
        "MEMDIR_MANAGED_DIR": str(tmp_path / "managed"),
        "NO_COLOR": "1",
    }
    done = subprocess.run(
        [sys.executable, "-m", "memdir", *args],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "Traceback" not in done.stderr, done.stderr
    return done


def _hermes(tmp_path: Path) -> Path:
    memories = tmp_path / "hermes" / "memories"
    memories.mkdir(parents=True)
    (tmp_path / "u").mkdir()
    (memories / "MEMORY.md").write_text(MEMORY, encoding="utf-8")
    (memories / "USER.md").write_text(USER, encoding="utf-8")
    return memories


def test_export_after_a_clean_import_needs_no_force(tmp_path: Path, project: Path) -> None:
    memories = _hermes(tmp_path)
    imported = _memdir(tmp_path, project, "import", "hermes", "--apply")
    assert imported.returncode == 0 and "3 add" in imported.stdout, imported.stderr
    exported = _memdir(tmp_path, project, "export", "hermes", "--apply")
    shown = exported.stdout + exported.stderr
    assert exported.returncode == 0, shown  # main: refused, "Use --force"
    assert "refused" not in shown and "--force" not in shown, shown
    text = (memories / "MEMORY.md").read_text(encoding="utf-8")
    assert "Uses fish shell." in text and "Deploys billing on Tuesdays." in text
    assert "Name is Ada." in (memories / "USER.md").read_text(encoding="utf-8")
    again = _memdir(tmp_path, project, "export", "hermes", "--apply")
    assert again.returncode == 0 and "refused" not in again.stdout, again.stdout + again.stderr


def test_a_file_edited_after_the_import_is_still_refused(tmp_path: Path, project: Path) -> None:
    memories = _hermes(tmp_path)
    assert _memdir(tmp_path, project, "import", "hermes", "--apply").returncode == 0
    (memories / "MEMORY.md").write_text(MEMORY + "§\nA note Hermes saved since.\n", "utf-8")
    exported = _memdir(tmp_path, project, "export", "hermes", "--apply")
    assert exported.returncode == 1, exported.stdout + exported.stderr
    assert "MEMORY.md" in exported.stdout and "refused" in exported.stdout, exported.stdout
    assert "A note Hermes saved since." in (memories / "MEMORY.md").read_text(encoding="utf-8")
