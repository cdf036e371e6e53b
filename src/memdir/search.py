"""Search results over memory entries.

The search itself is full-text (an FTS5 word index in state.db, CJK as bigrams, kept in
step with the Markdown files) and shares its sanitiser and ranking with session search: see
:mod:`memdir.sessions.entries` and :mod:`memdir.sessions.rank`.
"""

from __future__ import annotations

from dataclasses import dataclass

from .model import Entry

__all__ = ["Hit"]


@dataclass(frozen=True)
class Hit:
    """One search result: the entry, its scope and a relevance score (higher is better)."""

    entry: Entry
    scope: str
    score: float
