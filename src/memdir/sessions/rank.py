"""Ranking: which rows answer a sanitised query, best first. The one place to change it.
See docs/design/sessions.md."""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from . import links
from .bm25 import RankParams, rank_rows
from .candidates import ENTRY_TABLE, MESSAGE_TABLE, Table
from .query import Query


@dataclass(frozen=True)
class Corpus:
    """What is searched (a content table with FTS tables ``<table>_word`` and
    ``<table>_tri``) and the ranking constants for it."""

    table: Table
    params: RankParams


MESSAGES = Corpus(MESSAGE_TABLE, RankParams())
# Entries are a few hundred documents of a paragraph or two: name and description weigh
# more than the body, length normalisation as FTS5's, no dates (an entry's time is when
# it was written, not what it is about).
_ENTRY_WEIGHTS = {"name": 3.0, "description": 2.0, "body": 1.0}
ENTRIES = Corpus(
    ENTRY_TABLE,
    RankParams(_ENTRY_WEIGHTS, b=0.75, time_boost=0.0, update_weight=0.0, entity_weight=0.1),
)


@dataclass(frozen=True)
class Ranked:
    """One row of a corpus (``messages.id`` or ``entries.id``) and its score (higher is
    better; only the order within one result list is meaningful)."""

    rowid: int
    score: float


class Ranker(Protocol):
    """The signature of :func:`rank`."""

    def __call__(
        self,
        conn: sqlite3.Connection,
        corpus: Corpus,
        query: Query,
        *,
        where: str = "1",
        params: Sequence[Any] = (),
        limit: int = 50,
        now: datetime | None = None,
    ) -> list[Ranked]: ...


class Folder(Protocol):
    """The signature of :func:`fold`."""

    def __call__(
        self, ranked: Sequence[Ranked], root_of: Mapping[int, str]
    ) -> list[tuple[str, list[Ranked]]]: ...


def rank(
    conn: sqlite3.Connection,
    corpus: Corpus,
    query: Query,
    *,
    where: str = "1",
    params: Sequence[Any] = (),
    limit: int = 50,
    now: datetime | None = None,
) -> list[Ranked]:
    """Rows of ``corpus`` that match ``query``, best first, at most ``limit``.

    ``where`` is an SQL condition over the content table (alias ``c``) with ``params``
    for its placeholders; it carries the caller's filters (role, agent, dates, scope,
    excluded sessions) and must be applied to every row returned. ``now`` is the time
    relative times in the query ("last week", "上周") are read against.
    """
    if query.empty or limit <= 0:
        return []
    column = "message_id" if corpus.table is MESSAGE_TABLE else "entry_row"
    keys = links.named(conn, query.text, column) if corpus.params.entity_weight else []
    pool = max(limit * 2, limit + 20) if keys else limit  # room for a named row to rise
    found = rank_rows(
        conn, corpus.table, query, where=where, params=params, limit=pool, p=corpus.params, now=now
    )
    found = links.lift(conn, column, found, keys, corpus.params.entity_weight)
    return [Ranked(rowid, score) for rowid, score in found[:limit]]


def with_params(settings: RankParams) -> Ranker:
    """:func:`rank` with other message-ranking constants, e.g.
    ``SessionStore(db, ranker=with_params(RankParams(next_turn=False)))``."""

    def ranked(conn: sqlite3.Connection, corpus: Corpus, query: Query, **kw: Any) -> list[Ranked]:
        if corpus.table is MESSAGE_TABLE:
            corpus = Corpus(corpus.table, settings)
        return rank(conn, corpus, query, **kw)

    return ranked


def fold(ranked: Sequence[Ranked], root_of: Mapping[int, str]) -> list[tuple[str, list[Ranked]]]:
    """Group ranked messages by root session (``root_of``: message id → root session id),
    sessions ordered by their best message, messages within a session best first."""
    groups: dict[str, list[Ranked]] = {}
    for item in ranked:
        groups.setdefault(root_of[item.rowid], []).append(item)
    return list(groups.items())
