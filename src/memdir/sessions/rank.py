"""Ranking: which rows answer a sanitised query, best first. The one place to change it.

Everything else (sanitising, filters, grouping into sessions, snippets, windows, tools,
recall) calls only the two functions here, through the :class:`Ranker` and
:class:`Folder` signatures, so a better ranking replaces these two functions and nothing
else. The same :func:`rank` serves session messages and memory entries (``corpus``).

Session messages are ranked in two stages (:mod:`memdir.sessions.bm25`): bounded
candidate retrieval per term newest first, then BM25 (k1 1.2, b 0.2) re-ranked in Python
with proximity, neighbour and session shares and a date boost.

Memory entries (a few hundred short documents) keep the plain ranking:

* word index: FTS5 ``bm25`` over an OR of the query's words and phrases (stop-words were
  removed by the sanitiser), columns weighted per corpus;
* trigram index: ``bm25`` over an OR of the query's substrings (CJK, joined terms);
* CJK terms of 1–2 characters: a substring scan (``instr``), scored by how many terms
  a row contains;
* when more than one of these ran, their rankings are fused with reciprocal-rank fusion;
* ties go to the more recent row.

Sessions are ordered by their best message (:func:`fold`).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .bm25 import RankParams, rank_messages
from .query import Query

__all__ = ["ENTRIES", "MESSAGES", "Corpus", "Folder", "RankParams", "Ranked", "Ranker", "fold",
           "rank", "with_params"]

RRF_K = 60


@dataclass(frozen=True)
class Corpus:
    """What is searched: a content table and its FTS tables ``<table>_word`` and
    ``<table>_tri``.

    In SQL the content table is aliased ``c``; ``text`` is an expression over ``c`` for
    the whole searchable text, ``time`` one for the row's time (recency tie-break).
    """

    table: str
    weights: tuple[float, ...]
    text: str
    time: str


MESSAGES = Corpus(
    "messages", (1.0, 0.6),
    "c.content || ' ' || coalesce(c.tool_name, '') || ' ' || coalesce(c.tool_calls, '')",
    "c.timestamp",
)
ENTRIES = Corpus("entries", (3.0, 2.0, 1.0),
                 "c.name || ' ' || c.description || ' ' || c.body", "c.updated")


@dataclass(frozen=True)
class Ranked:
    """One row of a corpus (``messages.id`` or ``entries.id``) and its score (higher is
    better; only the order within one result list is meaningful)."""

    rowid: int
    score: float


class Ranker(Protocol):
    """The signature of :func:`rank`."""

    def __call__(self, conn: sqlite3.Connection, corpus: Corpus, query: Query, *,
                 where: str = "1", params: Sequence[Any] = (), limit: int = 50
                 ) -> list[Ranked]: ...


class Folder(Protocol):
    """The signature of :func:`fold`."""

    def __call__(self, ranked: Sequence[Ranked], root_of: Mapping[int, str]
                 ) -> list[tuple[str, list[Ranked]]]: ...


def _fts(conn: sqlite3.Connection, corpus: Corpus, kind: str, match: str, weights: str,
         where: str, params: Sequence[Any], limit: int) -> list[Ranked]:
    fts = f"{corpus.table}_{kind}"
    sql = (f"SELECT c.id, bm25({fts}, {weights}) AS s FROM {fts} "
           f"JOIN {corpus.table} c ON c.id = {fts}.rowid "
           f"WHERE {fts} MATCH ? AND ({where}) ORDER BY s, {corpus.time} DESC LIMIT ?")
    return [Ranked(row[0], -row[1]) for row in conn.execute(sql, (match, *params, limit))]


def _short(conn: sqlite3.Connection, corpus: Corpus, terms: Sequence[str], where: str,
           params: Sequence[Any], limit: int) -> list[Ranked]:
    found = " + ".join(f"(instr({corpus.text}, ?) > 0)" for _ in terms)
    sql = (f"SELECT c.id, {found} AS s FROM {corpus.table} c WHERE s > 0 AND ({where}) "
           f"ORDER BY s DESC, {corpus.time} DESC LIMIT ?")
    return [Ranked(row[0], float(row[1])) for row in conn.execute(sql, (*terms, *params, limit))]


def fuse(lists: Sequence[Sequence[Ranked]], limit: int) -> list[Ranked]:
    """Reciprocal-rank fusion: each row scores the sum of ``1 / (RRF_K + rank)`` over the
    lists it is in. A single list is returned as it is."""
    lists = [ranked for ranked in lists if ranked]
    if len(lists) <= 1:
        return list(lists[0][:limit]) if lists else []
    scores: dict[int, float] = {}
    for ranked in lists:
        for position, item in enumerate(ranked, start=1):
            scores[item.rowid] = scores.get(item.rowid, 0.0) + 1.0 / (RRF_K + position)
    order = sorted(scores, key=lambda rowid: -scores[rowid])  # stable: first seen wins ties
    return [Ranked(rowid, round(scores[rowid], 6)) for rowid in order[:limit]]


def rank(conn: sqlite3.Connection, corpus: Corpus, query: Query, *, where: str = "1",
         params: Sequence[Any] = (), limit: int = 50) -> list[Ranked]:
    """Rows of ``corpus`` that match ``query``, best first, at most ``limit``.

    ``where`` is an SQL condition over the content table (alias ``c``) with ``params``
    for its placeholders; it carries the caller's filters (role, agent, dates, scope,
    excluded sessions) and must be applied to every row returned.
    """
    if query.empty or limit <= 0:
        return []
    if corpus.table == "messages":
        return [Ranked(rowid, score) for rowid, score in
                rank_messages(conn, query, where=where, params=params, limit=limit)]
    weights = ", ".join(str(w) for w in corpus.weights)
    lists: list[list[Ranked]] = []
    word = query.word_match()
    if word:
        lists.append(_fts(conn, corpus, "word", word, weights, where, params, limit))
    trigram = query.trigram_match()
    if trigram:
        lists.append(_fts(conn, corpus, "tri", trigram, weights, where, params, limit))
    if query.short:
        lists.append(_short(conn, corpus, query.short, where, params, limit))
    return fuse(lists, limit)


def with_params(settings: RankParams) -> Ranker:
    """:func:`rank` with other message-ranking constants, e.g.
    ``SessionStore(db, ranker=with_params(RankParams(expand_neighbours=True)))``."""

    def ranked(conn: sqlite3.Connection, corpus: Corpus, query: Query, *, where: str = "1",
               params: Sequence[Any] = (), limit: int = 50) -> list[Ranked]:
        if corpus.table != "messages" or query.empty or limit <= 0:
            return rank(conn, corpus, query, where=where, params=params, limit=limit)
        return [Ranked(rowid, score) for rowid, score in rank_messages(
            conn, query, where=where, params=params, limit=limit, p=settings)]

    return ranked


def fold(ranked: Sequence[Ranked], root_of: Mapping[int, str]
         ) -> list[tuple[str, list[Ranked]]]:
    """Group ranked messages by root session (``root_of``: message id → root session id),
    sessions ordered by their best message, messages within a session best first."""
    groups: dict[str, list[Ranked]] = {}
    for item in ranked:
        groups.setdefault(root_of[item.rowid], []).append(item)
    return list(groups.items())
