"""Mend of review rvteam50 (branch mend50t): the reviewer's test gaps, and a pull ledger
written before the stamps (digests only). Real HTTP on loopback (the reviewer's fake team
server where only the answers matter), the real CLI as a subprocess, real PostgreSQL for
the body limit."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

import memdir
from test_team_push_server import team as team
from test_team_rvteam50 import _cli, _entry, _fake
from test_team_server import Team

pytestmark = pytest.mark.slow

LATER = "2029-01-01T00:00:00+00:00"  # the server's copies, changed after any edit here


def test_a_hand_edit_and_an_edit_through_memdir_are_told_apart(tmp_path: Path) -> None:
    """Both left as conflicts; the file edited by hand (same `updated:`) is "(by hand?)",
    the one edited through memdir (its `updated:` moved) "moved since" (the stamp)."""
    first = [
        _entry("user_by-hand", "By hand", "Server one."),
        _entry("user_by-memdir", "By memdir", "Server one too."),
    ]
    with _fake(first) as url:
        got = _cli(tmp_path, url, "pull", "--apply", "--json")
    assert got.returncode == 0, got.stdout + got.stderr
    edited = tmp_path / "laptop" / "user" / "user_by-hand.md"
    edited.write_text(edited.read_text().replace("Server one.", "My hand edit."))
    time.sleep(1.1)  # `updated:` has seconds: the edit through memdir moves it
    laptop = memdir.open(tmp_path / "laptop", tmp_path / "project", database_url="")
    laptop.store("user").replace("user_by-memdir", body="My edit through memdir.")
    laptop.close()
    later = [
        _entry("user_by-hand", "By hand", "Server two.", LATER),
        _entry("user_by-memdir", "By memdir", "Server two too.", LATER),
    ]
    with _fake(later) as url:
        got = _cli(tmp_path, url, "pull", "--json")
    assert got.returncode == 3, got.stdout + got.stderr
    why = {m["entry"]: m["reason"] for m in json.loads(got.stdout)["moves"]}
    assert "(by hand?)" in why["user_by-hand"] and "moved since" not in why["user_by-hand"], why
    assert "moved since" in why["user_by-memdir"] and "(by hand?)" not in why["user_by-memdir"], why


def test_ledgers_written_before_are_read(tmp_path: Path) -> None:
    """A ledger written before the stamps (digests only, one of an entry whose id is
    `updated`) is read: no stamp (a hand edit then says neither "by hand?" nor "moved
    since"), its digests kept (the edit is still a conflict); a record not a string is
    still an error."""
    first = [
        _entry("user_updated", "Updated", "Server one."),
        _entry("user_other", "Other", "Server one too."),
    ]
    with _fake(first) as url:
        got = _cli(tmp_path, url, "pull", "--apply", "--json")
    assert got.returncode == 0, got.stdout + got.stderr
    ledger = tmp_path / "laptop" / "pulled.json"
    files = json.loads(ledger.read_text())["files"]
    digests = {k: v for k, v in files.items() if not k.startswith("\0")}
    assert set(digests) == {"user\0user_updated", "user\0user_other"}, files
    assert set(files) - set(digests) == {  # the stamps: a key no digest's can be
        "\0updated\0user\0user_updated",
        "\0updated\0user\0user_other",
    }, files
    older = {**digests}  # as d1c07a88 wrote it: digests only
    older["user\0updated"] = "0" * 64  # the record of an entry whose id is `updated`
    ledger.write_text(json.dumps({"version": 1, "files": older}))
    for name in ("updated", "other"):
        edited = tmp_path / "laptop" / "user" / f"user_{name}.md"
        edited.write_text(edited.read_text().replace("Server one", "My hand edit"))
    later = [
        _entry("user_updated", "Updated", "Server two.", LATER),
        _entry("user_other", "Other", "Server two too.", LATER),
    ]
    with _fake(later) as url:
        got = _cli(tmp_path, url, "pull", "--json")
        assert got.returncode == 3, got.stdout + got.stderr
        moves = json.loads(got.stdout)["moves"]
        assert {m["action"] for m in moves} == {"conflict"}, moves
        for m in moves:  # no stamp read: neither diagnosis
            assert "by hand?" not in m["reason"] and "moved since" not in m["reason"], m
        got = _cli(tmp_path, url, "pull", "--apply", "--keep-mine", "--json")
        assert got.returncode == 0, got.stdout + got.stderr
    files = json.loads(ledger.read_text())["files"]
    assert files["user\0updated"] == "0" * 64, files  # kept: a digest, not a stamp
    ledger.write_text(json.dumps({"version": 1, "files": {"user\0user_other": 1}}))
    with _fake(later) as url:
        got = _cli(tmp_path, url, "pull", "--json")
    assert got.returncode == 1 and "is not a string" in got.stderr, got.stdout + got.stderr


def test_batches_stay_within_the_announced_limit(team: Team, tmp_path: Path) -> None:
    """Two entries whose JSON together is just under the server's limit: with the body
    around them (the envelope, the separators) one request would be over it, so the push
    splits them and both go."""
    from memdir.pg import remote
    from memdir.pg.transfer import entries_of
    from memdir.pg.wire import entry_json

    local = memdir.open(tmp_path / "laptop", team.shared, database_url="")
    for i in range(2):
        words = " ".join(f"w{i}x{j}" for j in range(1000))
        local.store("user").add(type="user", name=f"Note {i}", description="d", body=words)
    side, _ = entries_of(local)
    lengths = [len(json.dumps(entry_json(e))) for e in side["user"]]
    assert len(lengths) == 2, lengths
    limit = sum(lengths) + 10  # the entries fit; the request around them does not
    proc, url = team.serve("--max-body", str(limit))
    try:
        to = remote.Server(url, team.tokens["alice"])
        assert remote.push(to, local, apply=True).counts() == {"add": 2}
        assert to.max_body == limit
    finally:
        proc.terminate()
        proc.communicate(timeout=30)
        local.close()
