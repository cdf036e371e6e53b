"""Usage decay: which entries have gone unused. Pure and light, because every session
start (``memdir context``) asks it; the counts come from state.db (:mod:`.pipeline.state`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta

from .model import Entry, Source


def stale(
    entries: Sequence[Entry],
    last_used: Mapping[str, datetime],
    now: datetime,
    days: float,
    *,
    extractor_only: bool = False,
) -> list[Entry]:
    """Entries neither read, cited nor changed for ``days`` (pinned ones never go stale;
    a new entry's trial runs ``days`` from when it was last written)."""
    if days <= 0:
        return []
    cutoff = now - timedelta(days=days)
    out = []
    for e in entries:
        if e.pinned or e.archived:
            continue
        if extractor_only and e.source is not Source.EXTRACTOR:
            continue
        if max(e.updated, last_used.get(e.id, e.updated)) < cutoff:
            out.append(e)
    return out
