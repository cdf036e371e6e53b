"""rvall55: the session's branches read together. Each test pins a disagreement between
two branches that each made sense alone (and failed before its fix)."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from usercli import cli as cli


def test_the_command_import_codex_gives_for_codexs_own_agents_md_makes_memdir_read_it(
    cli: Callable[..., Any], tmp_path: Path
) -> None:
    """walk55's note (run this to read ~/.codex/AGENTS.md in memdir too) with cfg55's
    CODEX_HOME outside the home folder, in a folder whose name has a space: the line the
    command appends must be an include memdir follows, not one cut at the space or
    refused as outside the folders a user's file may import from."""
    codex = tmp_path / "codex home"
    (codex / "memories").mkdir(parents=True)
    (codex / "memories" / "memory_summary.md").write_text("v1\n## User Profile\nWorks on billing.\n")
    (codex / "AGENTS.md").write_text("Never push to main; open a PR.\n")
    env = {"CODEX_HOME": str(codex)}
    proc = cli("import", "codex", extra_env=env)
    assert proc.returncode == 0, proc.stderr
    found = re.search(r"run: (mkdir -p .*)$", proc.stdout + proc.stderr, re.M)
    assert found, proc.stdout + proc.stderr
    subprocess.run(["sh", "-c", found.group(1)], check=True)
    context = cli("context", extra_env=env)
    assert context.returncode == 0, context.stderr
    assert "Never push to main" in context.stdout, context.stdout + context.stderr
