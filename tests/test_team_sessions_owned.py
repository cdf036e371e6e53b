"""A team server's MCP connection is its user's (review rviso48, issue 17): every request
that names it by its Mcp-Session-Id — a request, a JSON-RPC response or notification, a
GET for its stream, a DELETE — must come with a token of that user, whatever the body.
Real `memdir serve --database` processes on a real cluster (test_team_server's fixtures)."""

from __future__ import annotations

import httpx2 as httpx
import pytest

from test_team_rviso48 import SEARCH, _alice_writes, _alices_connection, _rpc
from test_team_rviso48 import one_server as one_server
from test_team_server import SECRET, Team
from test_team_server import team as team

pytestmark = pytest.mark.slow


def test_no_message_of_bobs_reaches_alices_connection(team: Team, one_server: str) -> None:
    _alice_writes(team)
    sid = _alices_connection(team, one_server)
    bob = team.tokens["bob"]
    for body in (
        {"jsonrpc": "2.0", "method": "notifications/roots/list_changed"},
        {"jsonrpc": "2.0", "id": 0, "result": {"roots": []}},
        {"jsonrpc": "2.0", "id": 0, "error": {"code": -1, "message": "no"}},
        [SEARCH],
        "not json",
    ):
        r = httpx.post(
            one_server,
            headers={
                "Authorization": f"Bearer {bob}",
                "Accept": "application/json, text/event-stream",
                "Content-Type": "application/json",
                "Mcp-Session-Id": sid,
            },
            json=body,
            timeout=60,
        )
        assert r.status_code == 403 and "another user's token" in r.text, (body, r.text)
    stream = httpx.get(
        one_server,
        headers={
            "Authorization": f"Bearer {bob}",
            "Accept": "text/event-stream",
            "Mcp-Session-Id": sid,
        },
        timeout=60,
    )
    assert stream.status_code == 403 and "another user's token" in stream.text
    # a connection this process does not know is "not found" to any token, as the SDK says
    unknown = _rpc(one_server, bob, SEARCH, "0" * 32)
    assert unknown.status_code == 404 and "Session not found" in unknown.text
    # alice's connection still works, with her token
    again = _rpc(one_server, team.tokens["alice"], SEARCH, sid, project=SECRET)
    assert again.status_code == 200 and "walrus" in again.text.lower(), again.text
    assert _rpc(one_server, team.tokens["alice"], None, sid).status_code == 200  # she ends it
    gone = _rpc(one_server, team.tokens["alice"], SEARCH, sid)
    assert gone.status_code == 404, gone.text
