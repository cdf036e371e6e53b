"""Mend mend24 of review rvall24 (issue 17's push --server below the announced body limit):
the cut-off is a request's exact size, not a margin; a token revoked since the server
checked it is told neither the limit nor a 413. Real team server on real PostgreSQL, the
real CLI as a subprocess."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from pathlib import Path

import pytest

import memdir
from memdir.pg.wire import entry_json
from test_team_push_server import _files, _laptop, _run
from test_team_push_server import team as team
from test_team_server import Team

pytestmark = pytest.mark.slow


def _alone(md: memdir.Memdir, name: str) -> int:
    """The bytes of a push request carrying only ``name`` (a user entry), as sent."""
    item = entry_json(md.store("user").get(name))
    return len(json.dumps({"apply": False, "scopes": {"user": [item]}}).encode())


def test_an_entry_goes_when_its_request_is_the_limit_and_not_a_byte_over(
    team: Team, tmp_path: Path
) -> None:
    # a margin of any size refuses the first; no margin sends the second (a 413, or a
    # reset): the cut-off is the request's real size, a dry run's as an apply's
    local = memdir.open(tmp_path / "laptop", team.shared, database_url="")
    mine = local.store("user")
    for name, want in (("At limit", 1024), ("Over limit", 1025)):
        mine.add(type="user", name=name, description="d", body="x" * 800)
        mine.replace(name, body="x" * (800 + want - _alone(local, name)))
        assert _alone(local, name) == want  # the scenario holds
    local.close()
    proc, url = team.serve("--max-body", "1024")
    try:
        env = _laptop(team, tmp_path, "laptop", "alice", url)
        for args in ((), ("--apply",)):
            got = _run(env, team.shared, "push", *args, "--json", ok=False)
            assert got.returncode == 3, got.stdout + got.stderr
            moves = {m["entry"]: m for m in json.loads(got.stdout)["moves"]}
            assert moves["user_at-limit"]["action"] == "add", moves
            assert moves["user_over-limit"]["action"] == "unsent", moves
            assert "is 1,025 bytes" in moves["user_over-limit"]["reason"], moves
        names = {f[1] for f in _files(team.url) if f[0].startswith("user:")}
        assert "user_at-limit.md" in names and "user_over-limit.md" not in names, names
    finally:
        proc.terminate()
        proc.communicate(timeout=30)


def test_a_revoked_token_over_the_limit_is_refused_not_told_the_limit(team: Team) -> None:
    # a token the server checked once, revoked: a body over --max-body gets the 403 of a
    # revoked token (the live check first), not the 413 that names the limit
    proc, url = team.serve("--max-body", "4096")
    base = url.removesuffix("/mcp")
    auth = {"Authorization": f"Bearer {team.tokens['bob']}"}
    try:
        with urllib.request.urlopen(
            urllib.request.Request(base + "/api/entries", headers=auth), timeout=60
        ) as answer:
            assert answer.headers.get("X-Memdir-Max-Body") == "4096", dict(answer.headers)
        team.admin("revoke", "bob")
        big = urllib.request.Request(
            base + "/api/push",
            b'{"apply": false, "scopes": {}, "pad": "' + b"x" * 5000 + b'"}',
            {**auth, "Content-Type": "application/json"},
            method="POST",
        )
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(big, timeout=60)
        assert refused.value.code == 403, refused.value
        assert "X-Memdir-Max-Body" not in refused.value.headers, dict(refused.value.headers)
        assert "4,096" not in refused.value.read().decode(), "the 413's limit told"
    finally:
        proc.terminate()
        proc.communicate(timeout=30)
