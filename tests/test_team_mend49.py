"""The mends of review rvteam49 (issue 17, the pull ledger): a conflict's wording and
its `pull --keep-mine`, and a pulled.json that cannot be read or written stopping a pull
before it writes anything. Real PostgreSQL, a real `memdir serve`, the real CLI."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import memdir
from test_team_push_server import _laptop, _run
from test_team_push_server import team as team
from test_team_rvteam49 import _pulled_then_edited
from test_team_server import Team
from test_team_server import one_server as one_server

pytestmark = pytest.mark.slow


def test_a_local_edit_alone_is_a_conflict_that_says_the_server_kept_its_copy(
    team: Team, one_server: str, tmp_path: Path
) -> None:
    """Written on the laptop and pushed, then pulled (equal: recorded), then edited by
    hand: the server's copy is the newer by `updated:`, yet it did not change."""
    env = _laptop(team, tmp_path, "laptop", "alice", one_server)
    laptop = memdir.open(tmp_path / "laptop", team.shared, database_url="")
    laptop.store("user").add(type="user", name="Only here", description="d", body="Server.")
    laptop.close()
    assert _run(env, team.shared, "push", "--apply", "--json")["counts"] == {"add": 1}
    assert _run(env, team.shared, "pull", "--apply", "--json")["counts"] == {"same": 1}
    alices = memdir.open(team.home, team.shared, database_url=team.url, user="alice")
    edited = tmp_path / "laptop" / "user" / "user_only-here.md"
    before = edited.read_text()
    edited.write_text(before.replace("Server.", "Mine alone."))
    got = _run(env, team.shared, "pull", "--json", status=3)
    (conflict,) = got["moves"]
    assert conflict["action"] == "conflict", got
    assert "the server's copy is still the one pulled then" in conflict["reason"], conflict
    assert "changed too" not in conflict["reason"], conflict
    dry = _run(env, team.shared, "pull", "--keep-mine", "--json")  # a dry run writes nothing
    assert [m["action"] for m in dry["moves"]] == ["mine"] and not dry["applied"], dry
    assert edited.read_text() == before.replace("Server.", "Mine alone.")
    _run(env, team.shared, "pull", "--keep-mine", "--apply")
    assert "Mine alone." in edited.read_text()
    assert edited.read_text() != before.replace("Server.", "Mine alone.")  # `updated:` now
    assert _run(env, team.shared, "push", "--apply", "--json")["counts"] == {"update": 1}
    try:
        assert alices.store("user").get("user_only-here").body == "Mine alone."
    finally:
        alices.close()


@pytest.mark.parametrize("broken", ["corrupt", "folder"])
def test_a_ledger_that_cannot_be_read_or_written_stops_the_pull_before_any_write(
    team: Team, one_server: str, tmp_path: Path, broken: str
) -> None:
    env, edited = _pulled_then_edited(team, tmp_path, one_server)
    ledger = tmp_path / "laptop" / "pulled.json"
    if broken == "corrupt":
        ledger.write_text('{"truncated by a full disk": ')
    else:
        ledger.unlink()
        ledger.mkdir()
    before = edited.read_text()
    proc = subprocess.run(
        [sys.executable, "-m", "memdir", "-C", str(team.shared), "pull", "--apply"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 1 and "Traceback" not in proc.stderr, proc.stderr
    assert str(ledger) in proc.stderr and "move it aside" in proc.stderr, proc.stderr
    assert edited.read_text() == before  # nothing written: the hand edit is there
    if broken == "corrupt":
        assert ledger.read_text() == '{"truncated by a full disk": '  # kept as it was
