"""walk53: a newcomer's walkthrough of the team server with two browsers and two machines,
`memdir review` with a local model, and Claude Code sub-agent transcripts. Each test pins
one defect found on the way, as a strict xfail until it is mended."""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from usercli import user_cli

FIXTURES = Path(__file__).parent / "fixtures" / "transcripts"


@pytest.fixture
def cli(tmp_path: Path, home: Path, project: Path) -> Callable[..., Any]:
    user_home = tmp_path / "user-home"
    user_home.mkdir()
    return user_cli(tmp_path, home, project, user_home)


# --- Claude Code sub-agents -----------------------------------------------------------


@pytest.mark.xfail(
    strict=True,
    reason="a session-search hit in a sub-agent's message is shown under the parent session "
    "with a message number that `sessions show PARENT --around N` refuses as not in it",
)
def test_subagent_search_hit_can_be_opened_with_sessions_show(
    tmp_path: Path, cli: Callable[..., Any]
) -> None:
    claude = FIXTURES / "subagents" / "home" / ".claude"
    shutil.copytree(claude, tmp_path / "user-home" / ".claude")
    done = cli("import-sessions", "claude-code")
    assert done.returncode == 0, done.stderr
    # only the sub-agent said this (the main transcript never has these words)
    done = cli("sessions", "search", "look for the code behind the parcel weight rounding")
    assert done.returncode == 0, done.stderr
    hit = re.search(r"^(\S+)\s.*\n(?:.*\n)*?\s*> #(\d+) assistant: I'll look for the code "
                    r"behind the parcel weight rounding", done.stdout, re.M)  # fmt: skip
    assert hit, done.stdout
    session, number = hit.group(1), hit.group(2)
    shown = cli("sessions", "show", session, "--around", number)
    assert shown.returncode == 0, shown.stderr
    assert "parcel weight rounding" in shown.stdout
