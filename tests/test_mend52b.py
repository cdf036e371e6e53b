"""mend52b: four defects reviews found and did not pin, each through the user's path: a
mistyped scope in an MCP `memory` call reads as unknown, not forbidden (files and the
team backend); a `role` filter that empties a session search names the stored roles on
PostgreSQL and when MCP's `session_search` goes deep; memdir's AGENTS.md section placed
by hand keeps every byte around it; `sessions show` with an exact harness id and other
sessions starting with that text."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client, StdioServerParameters

from usercli import user_cli

pytestmark = pytest.mark.slow


@pytest.fixture
def cli(tmp_path: Path, home: Path, project: Path) -> Callable[..., Any]:
    user_home = tmp_path / "user-home"
    user_home.mkdir()
    return user_cli(tmp_path, home, project, user_home)


def _env(tmp_path: Path, home: Path, **extra: str) -> dict[str, str]:
    env = {**os.environ, "MEMDIR_HOME": str(home), "MEMDIR_MANAGED_DIR": str(tmp_path / "m")}
    for name in ("MEMDIR_DATABASE_URL", "MEMDIR_USER", "MEMDIR_LLM", "MEMDIR_SERVER"):
        env.pop(name, None)
    return {**env, **extra}


def _mcp_calls(
    env: dict[str, str], project: Path, calls: list[tuple[str, dict[str, Any]]]
) -> list[tuple[bool, dict[str, Any]]]:
    """``memdir mcp`` as a real subprocess behind the SDK's stdio client: each call's
    (is_error, answer)."""
    params = StdioServerParameters(
        command=sys.executable, env=env, args=["-m", "memdir", "-C", str(project), "mcp"]
    )
    out: list[tuple[bool, dict[str, Any]]] = []

    async def main() -> None:
        async with Client(params) as c:
            for name, args in calls:
                result = await c.call_tool(name, args)
                out.append((bool(result.is_error), json.loads(result.content[0].text)))

    anyio.run(main)
    return out


# --- item 1: a mistyped scope is unknown, not forbidden --------------------------------

_ADD = {"type": "feedback", "name": "Use pnpm", "description": "pnpm", "body": "Run pnpm."}
_TYPO_CALLS: list[tuple[str, dict[str, Any]]] = [
    ("memory", {"action": "add", **_ADD, "scope": "projcet"}),
    ("memory", {"operations": [{"action": "add", **_ADD}], "scope": "projcet"}),
]


def _says_unknown(answers: list[tuple[bool, dict[str, Any]]]) -> None:
    for is_error, answer in answers:
        assert is_error and answer["success"] is False, answer
        error = answer["error"]
        assert "unknown scope 'projcet'" in error, error
        assert "local, user, project" in error, error
        assert "not allowed" not in error and "agent_write_scopes" not in error, error


def test_mcp_memory_with_a_mistyped_scope_says_it_is_unknown(
    tmp_path: Path, home: Path, project: Path
) -> None:
    _says_unknown(_mcp_calls(_env(tmp_path, home), project, _TYPO_CALLS))


def test_mcp_memory_with_a_mistyped_scope_says_it_is_unknown_on_the_team_backend(
    tmp_path: Path, home: Path, project: Path, pg_url: str
) -> None:
    from conftest import team_env

    env = _env(tmp_path, home, **team_env(pg_url, project))
    _says_unknown(_mcp_calls(env, project, _TYPO_CALLS))


def test_mcp_memory_a_known_scope_the_config_forbids_still_says_so(
    tmp_path: Path, home: Path, project: Path
) -> None:
    home.mkdir(parents=True, exist_ok=True)
    (home / "config.toml").write_text('agent_write_scopes = ["local"]\n', encoding="utf-8")
    [(is_error, answer)] = _mcp_calls(
        _env(tmp_path, home), project, [("memory", {"action": "add", **_ADD, "scope": "user"})]
    )
    assert is_error and "not allowed" in answer["error"], answer
