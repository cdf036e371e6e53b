"""review --apply: held writes are separate calls, one held batch is one call (rvall53)."""

from __future__ import annotations

from pathlib import Path


# One held write is one call of the agent: its ops all name the version it read (the MCP
# batch rule), so a held batch of two replaces of one entry from one read applies whole,
# while two held writes from that read (tests/test_rvall53.py) refuse the second.
def test_one_held_batch_of_two_replaces_from_one_read_applies(tmp_path: Path) -> None:
    import memdir
    from memdir.core.changes import ReplaceOp
    from memdir.core.model import Source
    from memdir.review import approval

    (tmp_path / "project").mkdir()
    md = memdir.open(tmp_path / "home", tmp_path / "project")
    store = md.store("local")
    entry = store.add(type="project", name="Cache host", description="where", body="Host a.")
    ops = [
        ReplaceOp(entry.id, body="Host b.", if_match=entry.etag),
        ReplaceOp(entry.id, description="where it runs", if_match=entry.etag),
    ]
    held = approval.hold(md, store, ops, source=Source.AGENT, session="s1")
    try:
        md.apply_review([held["id"]])
        now = store.get(entry.id)
        assert (now.body.strip(), now.description) == ("Host b.", "where it runs")
    finally:
        md.close()
