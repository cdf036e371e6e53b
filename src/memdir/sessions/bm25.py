"""Ranking in two stages, for messages and memory entries (used by
:func:`memdir.sessions.rank.rank`; a :class:`Table` says which).

1. **Candidates** (:mod:`.candidates`: SQLite, no scoring, bounded work). For each term
   FTS5 returns matching row ids newest first, at most ``common_df + 1``; rows are scored
   by the summed idf of the terms they matched and the best ``candidates`` are kept.
2. **Re-rank** (this module; Python, ~150 rows): BM25 per term (k1 1.2, b 0.2, idf and
   average length from FTS5's own "averages" record), words stemmed by SQLite's own porter
   tokenizer; column weights content 1, tool_name 2, tool_calls 0.5; proximity of two
   query words; 0.3 × the best score of the neighbouring row of the same session (a
   question and its answer are adjacent turns); 0.3 × the session's score (each term
   credited once, at its best row); × 2 for rows logged on a date the query names; newer
   first on ties.

Entries take the same path without the neighbour and session shares (``Table.session``
is None). The message constants come from the LoCoMo and 1M-message measurements
(``bench/``).
"""

from __future__ import annotations

import sqlite3
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from . import candidates
from .analyzer import index_text
from .candidates import ENTRY_TABLE, EXTRA_STOP, MESSAGE_TABLE, Table, Term
from .dates import parse_dates
from .query import Query
from .stems import stems_for, tokens

__all__ = [
    "ENTRY_TABLE",
    "EXTRA_STOP",
    "MESSAGE_TABLE",
    "RankParams",
    "Table",
    "parse_dates",
    "rank_rows",
]


@dataclass(frozen=True)
class RankParams:
    """The ranking's constants (defaults: the measured values)."""

    weights: tuple[float, float, float] = (1.0, 2.0, 0.5)  # content, tool_name, tool_calls
    k1: float = 1.2
    b: float = 0.2
    common_df: int = 500
    candidates: int = 150
    neighbour_weight: float = 0.3
    # Return a hit's same-session neighbour even when it holds no query term (LoCoMo turn
    # R@10 +0.02); off by default: search results then always contain a query term.
    expand_neighbours: bool = False
    session_weight: float = 0.3
    proximity: int = 5
    proximity_weight: float = 0.5
    date_boost: float = 1.0


DEFAULT = RankParams()

Row = tuple[int, str, str | None, str | None, str | None, float]


def _near(
    col: list[str], surface: dict[str, list[str]], prox: int, out: dict[tuple[str, str], int]
) -> None:
    pos = [(i, surface[tok]) for i, tok in enumerate(col) if tok in surface]
    for a in range(len(pos)):
        for b in range(a + 1, min(len(pos), a + 6)):
            gap = pos[b][0] - pos[a][0]
            if gap > prox:
                break
            for ka in pos[a][1]:
                for kb in pos[b][1]:
                    if ka != kb:
                        pair = (ka, kb) if ka < kb else (kb, ka)
                        out[pair] = min(out.get(pair, 99), gap)


def _features(
    conn: sqlite3.Connection, rows: list[Row], terms: list[Term], p: RankParams
) -> tuple[dict[int, dict[str, float]], dict[int, int], dict[int, dict[tuple[str, str], int]]]:
    """Per row: weighted tf per term key, token count, close pairs of query words."""
    tf: dict[int, dict[str, float]] = defaultdict(dict)
    dl: dict[int, int] = {}
    near: dict[int, dict[tuple[str, str], int]] = {}
    toks: dict[int, list[list[str]]] = {}
    vocab: set[str] = set()
    for rid, c, tn, tc, _, _ in rows:
        cols = [tokens(index_text(c)), tokens(index_text(tn)), tokens(index_text(tc))]
        dl[rid] = sum(len(col) for col in cols) or 1
        toks[rid] = cols
        for col in cols:
            vocab.update(col)
    words = [t for t in terms if t.kind == "word"]
    phrases = [t for t in terms if t.kind == "phrase"]
    if words or phrases:
        qwords = [t.text for t in words] + [w for t in phrases for w in t.text.split()]
        stemmer = stems_for(conn)
        qstem = stemmer.lookup(conn, qwords)
        heads = {w[:2] for w in qwords} | {qstem.get(w, "")[:2] for w in qwords}
        stem = stemmer.lookup(conn, [w for w in vocab if w[:2] in heads])
        want: dict[str, list[str]] = defaultdict(list)
        for t in words:
            if stem.get(t.text):
                want[stem[t.text]].append(t.key)
        surface = {w: want[stem.get(w, "")] for w in vocab if stem.get(w, "") in want}
        ph = [(t.key, [stem.get(w, "") for w in t.text.split()]) for t in phrases]
        ph_stems = {s for _, ps in ph for s in ps}
        for rid, cols in toks.items():
            acc = tf[rid]
            for ci, col in enumerate(cols):
                if not col:
                    continue
                cw = p.weights[ci]
                for tok in surface.keys() & set(col):
                    for k in surface[tok]:
                        acc[k] = acc.get(k, 0.0) + col.count(tok) * cw
                if p.proximity and ci == 0 and len(acc) > 1:
                    pairs: dict[tuple[str, str], int] = {}
                    _near(col, surface, p.proximity, pairs)
                    if pairs:
                        near[rid] = pairs
                if ph:
                    seq = [stem.get(tok, "") for tok in col]
                    if not ph_stems <= set(seq):
                        continue
                    for key, ps in ph:
                        n = len(ps)
                        hits = sum(1 for i in range(len(seq) - n + 1) if seq[i : i + n] == ps)
                        if hits and all(ps):
                            acc[key] = acc.get(key, 0.0) + hits * cw
    for t in terms:
        if t.kind != "sub":
            continue
        for rid, c, tn, tc, _, _ in rows:  # the exact spelling, case-folded
            texts = [x.casefold() for x in (c or "", tn or "", tc or "")]
            found = sum(text.count(t.text) * w for text, w in zip(texts, p.weights, strict=True))
            if found:
                tf[rid][t.key] = float(found)
    return tf, dl, near


def _neighbours(conn: sqlite3.Connection, table: Table, ids: list[int]) -> dict[int, set[int]]:
    """The previous and next row of the same session of each of ``ids`` (through the
    ``(session, id)`` index, so sessions logging at the same time do not interleave), as
    a symmetric adjacency: row → its neighbours."""
    adj: dict[int, set[int]] = defaultdict(set)
    t, s = table.name, table.session
    for i in range(0, len(ids), 500):
        chunk = ids[i : i + 500]
        for rid, prev, nxt in conn.execute(
            f"SELECT c.id, (SELECT max(m.id) FROM {t} m WHERE m.{s} = c.{s} AND "
            f"m.id < c.id), (SELECT min(m.id) FROM {t} m WHERE m.{s} = c.{s} AND "
            f"m.id > c.id) FROM {t} c WHERE c.id IN ({', '.join('?' * len(chunk))})",
            chunk,
        ):
            for n in (prev, nxt):
                if n is not None:
                    adj[rid].add(n)
                    adj[n].add(rid)
    return adj


def _fetch(conn: sqlite3.Connection, table: Table, ids: list[int]) -> list[Row]:
    session = f"c.{table.session}" if table.session else "NULL"
    cols = ", ".join(f"c.{col}" for col in table.columns)
    rows: list[Row] = []
    for i in range(0, len(ids), 500):
        chunk = ids[i : i + 500]
        rows += conn.execute(
            f"SELECT c.id, {cols}, {session}, c.{table.time} FROM "
            f"{table.name} c WHERE c.id IN ({', '.join('?' * len(chunk))})",
            chunk,
        ).fetchall()
    return rows


def rank_rows(
    conn: sqlite3.Connection,
    table: Table,
    query: Query,
    *,
    where: str = "1",
    params: Sequence[Any] = (),
    limit: int = 50,
    p: RankParams = DEFAULT,
) -> list[tuple[int, float]]:
    """``(row id, score)`` of ``table``, best first, at most ``limit``."""
    terms = candidates.query_terms(conn, query, table)
    if not terms:
        return []
    n_rows, avgdl, max_id = candidates.table_stats(conn, table)
    ids = candidates.find(
        conn, terms, n_rows, max_id, p.common_df, max(p.candidates, limit), where, params, table
    )
    if not ids:
        return []
    rows = _fetch(conn, table, ids)
    tf, dl, near = _features(conn, rows, terms, p)
    idf = {t.key: candidates.idf(n_rows, t.df) for t in terms if t.kind != "sub"}
    subs = [t for t in terms if t.kind == "sub"]
    for t in subs:  # an exact spelling weighs as much as its best-matching word term
        idf[t.key] = max(idf.values(), default=1.0) or 1.0
    meta = {r[0]: (r[4], r[5] or 0.0) for r in rows}
    scores: dict[int, dict[str, float]] = {}
    for rid in meta:
        norm = p.k1 * (1.0 - p.b + p.b * dl.get(rid, 1) / avgdl)
        s = {k: idf[k] * f * (p.k1 + 1.0) / (f + norm) for k, f in tf.get(rid, {}).items()}
        for (ka, kb), gap in near.get(rid, {}).items():
            s["~" + ka + kb] = p.proximity_weight * min(idf[ka], idf[kb]) / gap
        scores[rid] = s  # every candidate matched the index: it stays, even at 0
    base = {rid: sum(v.values()) for rid, v in scores.items()}
    session_terms: dict[str, dict[str, float]] = defaultdict(dict)
    for rid, per_term in scores.items():
        sid = meta[rid][0]
        if sid is None:
            continue
        st = session_terms[sid]
        for k, v in per_term.items():
            st[k] = max(st.get(k, 0.0), v)
    session = {sid: sum(v.values()) for sid, v in session_terms.items()}
    adj = _neighbours(conn, table, sorted(base)) if p.neighbour_weight and table.session else {}
    chosen = set(base)
    if p.expand_neighbours and adj:
        wanted = sorted(set(adj) - set(meta))
        for i in range(0, len(wanted), 500):
            chunk = wanted[i : i + 500]
            meta.update(
                (r[0], (r[1], r[2] or 0.0))
                for r in conn.execute(
                    f"SELECT c.id, c.{table.session}, c.{table.time} FROM {table.name} c "
                    f"WHERE c.id IN "
                    f"({', '.join('?' * len(chunk))}) AND ({where})",
                    (*chunk, *params),
                )
            )
        chosen |= set(adj) & set(meta)
    dates = parse_dates(query.text) if p.date_boost else []
    final: dict[int, float] = {}
    for rid in chosen:
        sid, ts = meta[rid]
        nb = max((base[n] for n in adj.get(rid, ()) if n in base), default=0.0)
        score = base.get(rid, 0.0) + p.neighbour_weight * nb
        if sid in session:
            score += p.session_weight * session[sid]
        if dates and any(lo <= ts < hi for lo, hi in dates):
            score *= 1.0 + p.date_boost
        final[rid] = score
    order = sorted(final, key=lambda r: (final[r], meta[r][1], r), reverse=True)
    return [(r, round(final[r], 6)) for r in order[:limit]]
