"""A push or pull compares each entry with the target's copy, then writes: an entry
written there by someone else in between is a conflict, never written over (the write
carries the revision it compared, ``if_match``)."""

from __future__ import annotations

import dataclasses
from datetime import timedelta

from memdir.engine import Memdir
from memdir.pg.transfer import transfer


def test_an_entry_changed_there_while_comparing_is_a_conflict_not_lost(md: Memdir) -> None:
    local = md.store("local")
    old = local.add(type="project", name="Cache host", description="d", body="walrus-7")
    other = local.add(type="project", name="Queue host", description="d", body="heron-1")
    later = old.updated + timedelta(minutes=5)
    sent = [dataclasses.replace(e, body=e.body + "-pushed", updated=later) for e in (old, other)]

    def meanwhile(stage: str, n: int, total: int) -> None:
        if stage == "Comparing" and n == total:  # compared; not yet written
            local.replace(old.id, body="walrus-8, saved on the page meanwhile")

    done = transfer({"local": sent}, md, apply=True, progress=meanwhile)
    assert local.get(old.id).body == "walrus-8, saved on the page meanwhile"
    assert {m.entry: m.action for m in done.moves} == {old.id: "conflict", other.id: "update"}
    assert local.get(other.id).body == "heron-1-pushed"  # the rest of the batch is written
