"""rv51t: review of team51 (issue 17: the per-user cap on MCP connections, `unsent`).
Each test pins one finding and fails on team51 fe6da130; those judged minor are
``xfail(strict=True)``. Real PostgreSQL, real `memdir serve` subprocesses, raw HTTP."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from test_team51 import UNUSED_PER_USER, _initialize
from test_team_push_server import team as team
from test_team_server import Team

pytestmark = pytest.mark.slow

HEADERS = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}


def _post(url: str, token: str, body: Any, **extra: str) -> tuple[int, str, str]:
    """(status, Mcp-Session-Id or "", body) of one raw POST to the MCP endpoint."""
    headers = {**HEADERS, "Authorization": f"Bearer {token}", **extra}
    request = urllib.request.Request(url, json.dumps(body).encode(), headers)
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return answer.status, answer.headers.get("mcp-session-id", ""), answer.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.headers.get("mcp-session-id", ""), exc.read().decode()


def _get(url: str, token: str) -> tuple[int, str]:
    headers = {"Authorization": f"Bearer {token}", "Accept": "text/event-stream"}
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return answer.status, answer.headers.get("mcp-session-id", "")
    except urllib.error.HTTPError as exc:
        return exc.code, exc.headers.get("mcp-session-id", "")


def _stop(proc: Any) -> None:
    proc.terminate()
    proc.communicate(timeout=30)


def test_requests_that_open_no_connection_hold_no_slot(team: Team) -> None:
    # a sid-less request the SDK refuses (400: a GET, or a POST that is not an initialize)
    # opens nothing (the SDK discards it), yet its error's Mcp-Session-Id is noted as the
    # user's never-used connection for 30 minutes: 64 of them and the user's real
    # initialize is a 503 that claims 64 connections "were initialized"
    proc, url = team.serve()
    alice = team.tokens["alice"]
    try:
        for k in range(UNUSED_PER_USER):
            if k % 2:
                status, sid = _get(url, alice)
            else:
                status, sid, _ = _post(url, alice, {"jsonrpc": "2.0", "id": 1, "method": "ping"})
            assert status == 400 and sid, (k, status)  # refused: no connection was made
        status, sid, said = _initialize(url, alice)
        assert status == 200 and sid, (status, said)
    finally:
        _stop(proc)


@pytest.mark.xfail(strict=True, reason="minor: revoked tokens' connections count 30 minutes")
def test_a_revoked_tokens_connections_do_not_lock_its_user_out(team: Team) -> None:
    # a leaked token fills alice's 64; the admin revokes it and gives her a new one: her
    # new token is still refused for 30 minutes, by connections no token of hers can use
    proc, url = team.serve()
    leaked = team.tokens["alice"]
    try:
        for _ in range(UNUSED_PER_USER):
            assert _initialize(url, leaked)[0] == 200
        team.admin("revoke", "alice")
        fresh = team.admin("add", "alice").stdout.strip()
        assert _initialize(url, leaked)[0] == 403  # the revoked token is refused
        status, sid, said = _initialize(url, fresh)
        assert status == 200 and sid, (status, said)
    finally:
        _stop(proc)


@pytest.mark.xfail(strict=True, reason="minor (docs): the caps are per server process")
def test_the_cap_is_per_server_process_and_the_docs_say_so(team: Team) -> None:
    # two `memdir serve` on one database (a supported setup): each lets alice hold 64
    # never-used connections, but the README and team-server.md say "each user may hold
    # 64 ... and 256 in all" without a word that it is per server process
    procs = [team.serve() for _ in range(2)]
    alice = team.tokens["alice"]
    try:
        for _, url in procs:
            for _ in range(UNUSED_PER_USER):
                assert _initialize(url, alice)[0] == 200
    finally:
        for proc, _ in procs:
            _stop(proc)
    root = Path(__file__).resolve().parent.parent
    readme = (root / "README.md").read_text()
    design = (root / "docs" / "design" / "team-server.md").read_text()
    said = readme[readme.index("each user may") - 200 :][:700]
    assert "process" in said, said
    said = design[design.index("**Connections never used are bounded") :][:2500]
    assert "process" in said.replace("for the whole process", ""), said
