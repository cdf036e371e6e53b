"""Upkeep: usage decay, archiving per policy, review of polluted origins, session deletion.
See docs/design/pipeline.md."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.changes import RemoveOp
from ..core.decay import stale
from ..core.model import Source
from ..core.store import state_key
from ..sessions.usage import Usage, quietly

if TYPE_CHECKING:
    from ..core.layers import Layers
    from ..core.store import Store


def usable(md: Layers, scope: str) -> bool:
    """Whether the pipeline may write to ``scope`` here."""
    loc = md.locations.get(scope)
    return loc is not None and not loc.unavailable and not loc.read_only


def writable(md: Layers) -> list[Store]:
    """The existing scopes the pipeline writes to (local and user)."""
    return [
        md.store(s) for s in ("local", "user") if usable(md, s) and md.store(s).backend.exists()
    ]


def archive_unused(md: Layers, usage: Usage, *, dry_run: bool = False) -> list[str]:
    """Archive extracted entries unused for ``archive_unused_days``; returns
    ``"scope: id"`` of each (what would be archived, when ``dry_run``)."""
    days = md.settings.archive_unused_days
    done: list[str] = []
    for store in writable(md) if days > 0 else []:
        used = {eid: t for (_, eid), t in usage.last_used([state_key(store)]).items()}
        old = stale(store.list(), used, md.clock(), days, extractor_only=True)
        if old and not dry_run:
            with quietly():
                store.apply([RemoveOp(e.id) for e in old], source=Source.EXTRACTOR)
        done += [f"{store.scope}: {e.id}" for e in old]
    return done


def review(md: Layers) -> list[str]:
    """Entries whose only origin is a session marked polluted."""
    polluted = md.sessions.polluted()
    return [
        f"{scope}: {e.id} (only from polluted session {e.origins[0][8:]})"
        for scope, e in md.entries()
        if len(e.origins) == 1 and e.origins[0].removeprefix("session:") in polluted
    ]


def delete_session(md: Layers, session_id: str) -> list[str]:
    """Delete a session, its messages and queued work; remove (with tombstones) the
    entries whose only origin it was. Returns the removed entry ids."""
    removed = []
    origin = f"session:{session_id}"
    for store in writable(md):
        doomed = [e.id for e in store.list() if e.origins == (origin,)]
        if doomed:
            store.apply([RemoveOp(i) for i in doomed], source=Source.USER)
            removed += doomed

    md.sessions.delete(session_id)
    return removed
