"""Closing reread of session 24 (d1c07a88..ac32fcb3): push --server's batches after the
first are sized as exactly as the first. Real HTTP on loopback (a fake team server where
only its answers and the sizes of the requests it got matter)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import memdir
from memdir.pg import remote
from memdir.pg.transfer import entries_of
from memdir.pg.wire import entry_json
from test_team_rvteam50 import TOKEN, _Fake
from webserver import serving

pytestmark = pytest.mark.slow


def test_a_later_batch_is_sized_as_exactly_as_the_first(tmp_path: Path) -> None:
    # MINOR: push() starts a new batch with `size = ENVELOPE` and `added = alone`, which
    # holds ENVELOPE already: every later batch is cut 30 bytes short ([950, 494, 494]
    # here, not [950, 950]); never over the limit, but not "sized exactly" as the docs say
    # four user entries of one size, the limit two of them in one request exactly: the
    # first request carries two, and so must the second (the envelope counted once)
    (tmp_path / "project").mkdir()
    local = memdir.open(tmp_path / "laptop", tmp_path / "project", database_url="")
    for name in ("Note a", "Note b", "Note c", "Note d"):
        local.store("user").add(type="user", name=name, description="d", body="x" * 300)
    side, _ = entries_of(local)
    items = [entry_json(e) for e in side["user"]]
    assert len({len(json.dumps(i)) for i in items}) == 1, items  # the scenario holds
    two = len(json.dumps({"apply": False, "scopes": {"user": items[:2]}}).encode())
    fake = _Fake([], str(two).encode())
    try:
        with serving(fake) as url:
            remote.push(remote.Server(url, TOKEN), local, apply=False)
    finally:
        local.close()
    sizes = [n for method, _, n in fake.requests if method == "POST"][1:]  # the probe first
    assert sizes == [two, two], sizes
