"""Stage 1 of the ranking (see :mod:`.bm25`): the terms of a query and the candidate rows
that hold them, from SQLite with no scoring and bounded work. (docs/design/sessions.md)."""

from __future__ import annotations

import math
import sqlite3
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .query import Query, anchors, quote
from .schema import FTS_COLUMNS


@dataclass(frozen=True)
class Table:
    """A ranked corpus: its content table, the text columns its word index holds (as the
    schema names them; ``RankParams.weights`` weighs them by name), the column grouping
    rows into sessions (neighbours and session scores; None: rows stand alone) and its
    time column."""

    name: str
    columns: tuple[str, ...]
    session: str | None
    time: str


MESSAGE_TABLE = Table("messages", FTS_COLUMNS["messages"], "session_id", "timestamp")
ENTRY_TABLE = Table("entries", FTS_COLUMNS["entries"], None, "updated")

# Beyond the sanitiser's stop-words: more function words and the words questions start
# with, which never tell messages apart.
_EXTRA_STOP = """
above again against aren because being below between both cannot couldn d didn doesn doing
don down during each few further hadn hasn haven having here hers herself himself itself
just ll m ma might mightn more most must mustn myself needn no nor not now o off once only
other ours ourselves out over own re s same shan should shouldn some such t theirs
themselves through too under until up ve very wasn weren while won wouldn y yours yourself
yourselves kind type ever
"""
EXTRA_STOP = frozenset(_EXTRA_STOP.split())


def _varints(blob: bytes) -> list[int]:
    out: list[int] = []
    val, n = 0, 0
    for b in blob:
        if n == 8:
            out.append((val << 8) | b)
            val, n = 0, 0
            continue
        val = (val << 7) | (b & 0x7F)
        n += 1
        if not b & 0x80:
            out.append(val)
            val, n = 0, 0
    return out


def table_stats(conn: sqlite3.Connection, table: Table) -> tuple[int, float, int]:
    """(rows in the word index, average tokens per row, max message id), from FTS5's
    "averages" record (one b-tree lookup, no ``count(*)``); another engine's connection
    answers through its ``fts``."""
    if not isinstance(conn, sqlite3.Connection):
        return conn.fts.table_stats(table)
    n, avgdl = 0, 1.0  # an empty index has no averages record yet
    # A damaged index raises here as it would in the MATCH that follows: the caller maps
    # it to a DatabaseError that says to run `memdir doctor`, never a silent re-ranking.
    row = conn.execute(f"SELECT block FROM {table.name}_word_data WHERE id = 1").fetchone()
    if row and row[0]:
        v = _varints(bytes(row[0]))
        if v:
            n, avgdl = v[0], max(1.0, sum(v[1:]) / max(1, v[0]))
    mx = conn.execute(f"SELECT max(id) FROM {table.name}").fetchone()
    return n, avgdl, int(mx[0] or 0) if mx else 0


def idf(n_rows: float, df: float) -> float:
    """BM25's inverse document frequency of a term in ``df`` of ``n_rows`` rows."""
    n_rows = max(n_rows, df, 1.0)
    return math.log(1.0 + (n_rows - df + 0.5) / (df + 0.5))


@dataclass
class Term:
    """One term of a query: its key in the per-row scores, its kind, the FTS table and
    MATCH expression that find it, and (once :func:`find` ran) its document frequency."""

    key: str
    kind: str  # word | phrase | sub (exact spelling, re-rank only)
    table: str
    match: str
    text: str
    df: float = 0.0
    common: bool = False
    ids: list[int] = field(default_factory=list)
    anchor: bool = True  # a match can rest on it (not a bare number or a stop word)
    forms: tuple[str, ...] = ()  # index terms inflecting a word (sessions.inflect), ORed in


def query_terms(query: Query, table: Table) -> list[Term]:
    """The terms of ``query`` to look up in ``table`` (extra stop-words left out unless
    nothing else is left)."""
    words = [w for w in query.words if w not in EXTRA_STOP] or list(query.words)
    word = f"{table.name}_word"
    out = [Term("w:" + w, "word", word, quote(w), w) for w in words]
    out += [Term("p:" + p, "phrase", word, quote(p), p) for p in query.phrases]
    out += [Term("s:" + s, "sub", "", "", s) for s in query.substrings if not s.isalnum()]
    for t in out:  # an extra stop-word is a term only when nothing else is left: it anchors
        t.anchor = anchors(t.text)  # English and CJK stop words; other languages' function
        # words only as the prompt as a whole decides (Query.anchored, bm25.rank_rows)
    return out


def _newest(
    conn: sqlite3.Connection,
    table: str,
    match: str,
    limit: int,
    where: str,
    params: Sequence[Any],
    content: Table,
) -> list[int]:
    """Row ids matching ``match``, newest first, at most ``limit``; no scoring."""
    if not isinstance(conn, sqlite3.Connection):
        return conn.fts.newest(match, limit, where, params, content)
    if where == "1":
        sql = f"SELECT rowid FROM {table} WHERE {table} MATCH ? ORDER BY rowid DESC LIMIT ?"
        return [r[0] for r in conn.execute(sql, (match, limit))]
    sql = (
        f"SELECT f.rowid FROM {table} f JOIN {content.name} c ON c.id = f.rowid "
        f"WHERE f.{table} MATCH ? AND ({where}) ORDER BY f.rowid DESC LIMIT ?"
    )
    return [r[0] for r in conn.execute(sql, (match, *params, limit))]


def lookup(
    conn: sqlite3.Connection,
    terms: list[Term],
    limit: int,
    where: str,
    params: Sequence[Any],
    content: Table,
) -> tuple[int, float, int]:
    """:func:`table_stats`, and each term's newest ``limit`` matching rows into its
    ``ids`` (newest first). Another engine's connection answers through its ``fts`` (on
    PostgreSQL all of it in one statement)."""
    looked = [t for t in terms if t.kind != "sub"]
    if not isinstance(conn, sqlite3.Connection):
        stats, found = conn.fts.lookup([t.match for t in looked], limit, where, params, content)
        for t, ids in zip(looked, found, strict=True):
            t.ids = ids
        return stats
    stats = table_stats(conn, content)
    for t in looked:
        t.ids = _newest(conn, t.table, t.match, limit, where, params, content)
    return stats


def find(
    conn: sqlite3.Connection,
    terms: list[Term],
    n_rows: int,
    max_id: int,
    common_df: int,
    want: int,
    where: str,
    params: Sequence[Any],
    content: Table,
) -> list[int]:
    """The ``want`` best candidate row ids of ``content`` for ``terms`` whose ``ids``
    :func:`lookup` found (see the module); sets each term's ``common`` and ``df``."""
    cap = max(common_df, want)
    cand: dict[int, float] = defaultdict(float)
    live = []
    for t in terms:
        if t.kind == "sub":
            continue
        t.common = len(t.ids) > cap
        if t.common:
            span = max(1, max_id - t.ids[-1] + 1)
            t.df = min(float(max(n_rows, len(t.ids))), len(t.ids) * max(n_rows, 1) / span)
        else:
            t.df = float(len(t.ids))
        w = idf(n_rows, t.df) if t.df else 0.0
        for rid in t.ids:
            cand[rid] += w
        if t.ids:
            live.append(t)
    if len(live) > 1 and all(t.common for t in live):
        by_table: dict[str, list[str]] = defaultdict(list)
        for t in live:
            by_table[t.table].append(f"({t.match})")
        bonus = sum(idf(n_rows, t.df) for t in live)
        for table, ms in by_table.items():
            for rid in _newest(conn, table, " AND ".join(ms), want, where, params, content):
                cand[rid] = max(cand[rid], bonus)
    return sorted(cand, key=lambda r: (cand[r], r), reverse=True)[:want]
