"""The order in which entries claim a harness's budget: the order memdir's own index uses.
See docs/design/interop.md."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..core.decay import stale
from ..core.errors import MemdirError
from ..core.index import rank
from ..core.store import state_key

if TYPE_CHECKING:
    from datetime import datetime

    from ..core.layers import Layers
    from ..core.model import Entry
    from ..core.store import Store


def last_used(md: Layers, stores: Sequence[Store]) -> tuple[dict[str, datetime], str]:
    """When each entry of ``stores`` was last read or cited (by id, the latest across
    scopes), and a note when state.db could not tell."""
    if not md.has_state:  # never created by an export
        return {}, ""
    try:
        rows = md.usage().last_used([state_key(s) for s in stores])
    except MemdirError as exc:
        return {}, f"usage counts unavailable, ranked by recency only: {exc}"
    used: dict[str, datetime] = {}
    for (_, eid), when in rows.items():
        used[eid] = max(when, used.get(eid, when))
    return used, ""


def by_priority(
    md: Layers, entries: Sequence[Entry], stores: Sequence[Store]
) -> tuple[list[Entry], str]:
    """``entries`` most important first (see the module docstring), and a note when usage
    could not be read."""
    used, note = last_used(md, stores)
    old = {e.id for e in stale(entries, used, md.clock(), md.settings.max_unused_days)}
    ranked = rank([e for e in entries if e.id not in old], used) + rank(
        [e for e in entries if e.id in old], used
    )
    return ranked, note
