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
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client, StdioServerParameters
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client

from usercli import claude_transcript
from usercli import cli as cli
from webserver import memdir_serving

pytestmark = pytest.mark.slow


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


@pytest.fixture
def team_server(tmp_path: Path, project: Path, pg_url: str) -> Iterator[tuple[str, str]]:
    """A real team server (`memdir serve --database`) on a free loopback port: its MCP URL
    and a token of alice's (granted ``project``'s origin). Its log holds no traceback."""
    from conftest import team_env
    from memdir.pg import users
    from memdir.pg.db import PgDatabase

    team_env(pg_url, project)
    token = users.add(PgDatabase.shared(pg_url), "alice")
    env = _env(tmp_path, tmp_path / "server-home")
    with memdir_serving(env, tmp_path, "--database", pg_url) as (proc, base):
        yield f"{base}/mcp", token
        proc.terminate()
        _, err = proc.communicate(timeout=30)
        assert "Traceback" not in err, err


def _served_calls(
    server: tuple[str, str], project: Path, calls: list[tuple[str, dict[str, Any]]]
) -> list[tuple[bool, dict[str, Any]]]:
    """The same calls to the team server over streamable HTTP, in ``project``."""
    url, token = server
    headers = {"Authorization": f"Bearer {token}", "X-Memdir-Project": str(project)}
    out: list[tuple[bool, dict[str, Any]]] = []

    async def main() -> None:
        http = create_mcp_http_client(headers=headers)
        async with Client(streamable_http_client(url, http_client=http)) as c:
            for name, args in calls:
                result = await c.call_tool(name, args)
                out.append((bool(result.is_error), json.loads(result.content[0].text)))  # type: ignore[union-attr]

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


def test_mcp_memory_with_a_mistyped_scope_says_it_is_unknown_on_the_team_server(
    team_server: tuple[str, str], project: Path
) -> None:
    _says_unknown(_served_calls(team_server, project, _TYPO_CALLS))


def test_mcp_memory_a_known_scope_the_config_forbids_still_says_so(
    tmp_path: Path, home: Path, project: Path
) -> None:
    home.mkdir(parents=True, exist_ok=True)
    (home / "config.toml").write_text('agent_write_scopes = ["local"]\n', encoding="utf-8")
    [(is_error, answer)] = _mcp_calls(
        _env(tmp_path, home), project, [("memory", {"action": "add", **_ADD, "scope": "user"})]
    )
    assert is_error and "not allowed" in answer["error"], answer


# --- item 2: a role filter that empties a session search names the stored roles ---------


def _import_one(cli: Callable[..., Any], tmp_path: Path, sid: str, **env: str) -> None:
    transcripts = tmp_path / "transcripts" / "p"
    transcripts.mkdir(parents=True, exist_ok=True)
    (transcripts / f"{sid}.jsonl").write_text(
        claude_transcript(sid, str(tmp_path)), encoding="utf-8"
    )
    imported = cli(
        "import-sessions", "claude-code", "--from", str(tmp_path / "transcripts"), extra_env=env
    )
    assert imported.returncode == 0, imported.stdout + imported.stderr


# a search with the right role and one with a typo in it
ROLE_TYPO = [
    ("session_search", {"query": "kiwi", "role": "user"}),
    ("session_search", {"query": "kiwi", "role": "usr"}),
]


def _right_and_typo(right_call: Any, typo_call: Any) -> None:
    """The right role finds the message; the typo finds none and names the stored roles."""
    (_, right), (_, typo) = right_call, typo_call
    assert right["success"] is True and right["results"], right
    assert typo["success"] is True and typo["results"] == [], typo
    assert "no message has role 'usr'; stored roles: assistant, user" in typo["message"], typo


def test_sessions_search_role_typo_names_the_stored_roles_on_postgresql(
    cli: Callable[..., Any], tmp_path: Path, project: Path, pg_url: str
) -> None:
    from conftest import team_env

    env = team_env(pg_url, project)
    _import_one(cli, tmp_path, "3f1c6a52-0000-4000-8000-000000000001", **env)
    right = cli("sessions", "search", "kiwi", "--role", "user", extra_env=env)
    assert right.returncode == 0 and "kiwi cluster" in right.stdout, right.stdout + right.stderr
    typo = cli("sessions", "search", "kiwi", "--role", "usr", extra_env=env)
    assert typo.returncode == 0, typo.stdout + typo.stderr
    assert "no message has role 'usr'; stored roles: assistant, user" in typo.stdout, typo.stdout
    as_json = cli("sessions", "search", "kiwi", "--role", "usr", "--json", extra_env=env)
    assert json.loads(as_json.stdout) == [], as_json.stdout
    assert "no message has role 'usr'" in as_json.stderr, as_json.stderr


def test_mcp_session_search_role_typo_names_the_stored_roles_on_postgresql(
    cli: Callable[..., Any], tmp_path: Path, home: Path, project: Path, pg_url: str
) -> None:
    from conftest import team_env

    env = team_env(pg_url, project)
    _import_one(cli, tmp_path, "3f1c6a52-0000-4000-8000-000000000001", **env)
    _right_and_typo(*_mcp_calls(_env(tmp_path, home, **env), project, ROLE_TYPO))


def test_team_server_session_search_role_typo_names_the_stored_roles(
    cli: Callable[..., Any], tmp_path: Path, project: Path, pg_url: str,
    team_server: tuple[str, str],
) -> None:  # fmt: skip
    env = {"MEMDIR_DATABASE_URL": pg_url, "MEMDIR_USER": "alice"}
    _import_one(cli, tmp_path, "3f1c6a52-0000-4000-8000-000000000001", **env)
    _right_and_typo(*_served_calls(team_server, project, ROLE_TYPO))


def test_mcp_session_search_deep_answer_keeps_the_role_note(
    cli: Callable[..., Any], tmp_path: Path, home: Path, project: Path
) -> None:
    # deep: true with a chat model: the model answers though the quick search found
    # nothing; the answer must still say that no message has the role asked for
    from llmserver import Server, chat_completion

    def respond(path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        if body["messages"][0]["content"].startswith("You look through"):
            reply = {"answer": "Nothing in the history says so.", "cites": []}
        else:
            reply = {"queries": []}
        return 200, chat_completion(body["model"], json.dumps(reply))

    _import_one(cli, tmp_path, "3f1c6a52-0000-4000-8000-000000000001")
    model = Server(respond)
    try:
        env = _env(tmp_path, home, MEMDIR_LLM="openai:t", MEMDIR_LLM_BASE_URL=model.url + "/v1")
        env["OPENAI_API_KEY"] = "test"
        [(_, typo), (_, right)] = _mcp_calls(
            env,
            project,
            [
                ("session_search", {"query": "kiwi rollout", "role": "usr", "deep": True}),
                ("session_search", {"query": "kiwi rollout", "role": "user", "deep": True}),
            ],
        )
    finally:
        model.close()
    assert any(r[2]["messages"][0]["content"].startswith("You look") for r in model.requests)
    assert typo["success"] is True and typo["results"] == [], typo
    assert typo["deep"]["answer"] == "Nothing in the history says so.", typo
    assert "no message has role 'usr'; stored roles: assistant, user" in typo["message"], typo
    assert right["results"] and "stored roles" not in json.dumps(right), right


# --- item 3: a section placed by hand keeps every byte around it -----------------------


def _rule(cli: Callable[..., Any], name: str) -> None:
    added = cli(
        "add", "--scope", "project", "--type", "feedback", "--name", name,
        "--description", f"{name}, always", "--body", f"{name} before committing.",
    )  # fmt: skip
    assert added.returncode == 0, added.stderr


def _section(cli: Callable[..., Any], project: Path) -> bytes:
    """memdir's section as `export agents-md` writes it into an empty folder."""
    agents = project / "AGENTS.md"
    assert cli("export", "agents-md", "--apply").returncode == 0
    section = agents.read_bytes()
    assert section.startswith(b"<!-- memdir:begin") and section.endswith(b"<!-- memdir:end -->\n")
    return section


@pytest.mark.parametrize(
    "after",
    [
        pytest.param(
            b"",
            id="at-the-end",
        ),
        pytest.param(b"bar\n", id="before-a-line"),
    ],
)
@pytest.mark.parametrize("eol", [b"\n", b"\r\n"], ids=["lf", "crlf"])
def test_agents_md_section_placed_by_hand_after_a_line_keeps_the_bytes_around_it(
    cli: Callable[..., Any], project: Path, after: bytes, eol: bytes
) -> None:
    agents = project / "AGENTS.md"
    _rule(cli, "Run make check")
    section = _section(cli, project)
    before = b"foo" + eol  # the section right after a line, no blank line between
    agents.write_bytes(before + section + after)
    _rule(cli, "Run ruff")  # a rewrite of the section: the bytes around it stay
    updated = cli("export", "agents-md", "--apply")
    assert updated.returncode == 0, updated.stdout + updated.stderr
    text = agents.read_bytes()
    assert text.startswith(before + b"<!-- memdir:begin") and b"Run ruff" in text, text
    assert text.endswith(b"<!-- memdir:end -->\n" + after), text
    assert cli("rm", "make check").returncode == 0
    assert cli("rm", "ruff").returncode == 0
    removed = cli("export", "agents-md", "--apply")  # no rules: the section goes
    assert removed.returncode == 0, removed.stdout + removed.stderr
    assert agents.read_bytes() == before + after


# --- item 4: `sessions show` with an exact id and others starting with it ---------------


def test_sessions_show_exact_harness_id_wins_and_names_the_others_starting_with_it(
    cli: Callable[..., Any], home: Path, project: Path
) -> None:
    # the help: SESSION_ID is memdir's id, its start, or the harness's own id or its
    # start. Given a harness's whole id, that session opens (the id the harness shows is
    # enough), and a session whose memdir id merely starts with the same text is named
    # on stderr, so it is not hidden; stdout (and --json) stay the session's alone
    import memdir

    md = memdir.open(home, project)
    native = md.sessions.start("agent", session_id="3f2a1b9c" + "0" * 24)
    md.sessions.log(native.id, "user", "Native session about pears.")
    harness = md.sessions.start("claude-code", session_id="claude-code:3f2a1b9c")
    md.sessions.log(harness.id, "user", "Deploy billing to the kiwi cluster.")
    md.sessions.start("claude-code", session_id="claude-code:3f2a1b9c:agent-1")  # sub-agent
    md.close()
    shown = cli("sessions", "show", "3f2a1b9c")
    assert shown.returncode == 0, shown.stdout + shown.stderr
    assert "# session claude-code:3f2a1b9c " in shown.stdout and "kiwi" in shown.stdout
    assert "pears" not in shown.stdout
    assert (
        native.id in shown.stderr and "1 other session id starts with '3f2a1b9c'" in shown.stderr
    ), shown.stderr
    assert "agent-1" not in shown.stderr, shown.stderr  # its own sub-agent only extends it
    as_json = cli("sessions", "show", "3f2a1b9c", "--json")
    assert json.loads(as_json.stdout)["session"]["id"] == "claude-code:3f2a1b9c"
    assert native.id in as_json.stderr, as_json.stderr
    # memdir's whole id opens its session, with no note when nothing else starts with it
    whole = cli("sessions", "show", native.id)
    assert whole.returncode == 0 and "pears" in whole.stdout, whole.stdout + whole.stderr
    assert "other" not in whole.stderr.lower(), whole.stderr  # nothing else starts with it
    # a start shared by both is still refused with both listed (7c80cd30)
    both = cli("sessions", "show", "3f2a1b")
    assert both.returncode != 0 and native.id in both.stderr, both.stdout + both.stderr
    assert "claude-code:3f2a1b9c" in both.stderr, both.stderr
