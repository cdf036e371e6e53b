"""Ranking in two stages, for messages and memory entries (used by
:func:`memdir.sessions.rank.rank`; a :class:`Table` says which).
See docs/design/sessions.md."""

from __future__ import annotations

import itertools
import sqlite3
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from . import candidates, inflect, when
from .analyzer import index_text, is_cjk
from .candidates import Table, Term
from .query import Query, cjk_stops, word_characters
from .stems import stems_for, tokens


@dataclass(frozen=True)
class RankParams:
    """The ranking's constants (defaults: the measured values, ``docs/design/recall.md``)."""

    # a text column's weight, by its name in the schema (schema.FTS_COLUMNS); unnamed: 1
    weights: Mapping[str, float] = field(default_factory=dict)
    k1: float = 1.2
    b: float = 0.2
    common_df: int = 500
    candidates: int = 150
    neighbour_weight: float = 0.3
    session_weight: float = 0.3
    time_boost: float = 1.0
    update_weight: float = 2.0
    next_turn: bool = True
    # a row naming an entity the query names: + this × the best score. Off for messages:
    # on the recall set's dev half every weight tried lowered R@5 (docs/design/entities.md)
    entity_weight: float = 0.0
    # a row sharing with the query no CJK word and fewer of its CJK characters than this
    # (nor than the query has) is no match where no row of its session is (办法 ≠ 民法典)
    cjk_chars: int = 2


DEFAULT = RankParams()

Row = tuple[int, tuple[str | None, ...], str | None, float]  # id, texts, session, time
Meta = dict[int, tuple[str | None, float]]  # row → (session or None, time)


def column_weights(table: Table, p: RankParams) -> list[float]:
    """The weight of each of ``table.columns``, looked up by name."""
    unknown = sorted(set(p.weights) - set(table.columns))
    if unknown:
        raise ValueError(f"{table.name} has no column {', '.join(map(str, unknown))} to weigh")
    return [p.weights.get(column, 1.0) for column in table.columns]


def _features(
    conn: sqlite3.Connection, rows: list[Row], terms: list[Term], weights: list[float]
) -> tuple[dict[int, dict[str, float]], dict[int, int]]:
    """Per row: weighted tf per term key, and token count."""
    tf: dict[int, dict[str, float]] = defaultdict(dict)
    dl: dict[int, int] = {}
    toks: dict[int, list[list[str]]] = {}
    vocab: set[str] = set()
    for rid, texts, _, _ in rows:
        cols = [tokens(index_text(text)) for text in texts]
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
        heads |= {f[:2] for t in words for f in t.forms}
        stem = stemmer.lookup(conn, [w for w in vocab if w[:2] in heads])
        want: dict[str, list[str]] = defaultdict(list)
        for t in words:
            for s in dict.fromkeys([stem.get(t.text, ""), *t.forms]):
                if s:
                    want[s].append(t.key)
        surface = {w: want[stem.get(w, "")] for w in vocab if stem.get(w, "") in want}
        ph = [(t.key, [stem.get(w, "") for w in t.text.split()]) for t in phrases]
        ph_stems = {s for _, ps in ph for s in ps}
        for rid, cols in toks.items():
            acc = tf[rid]
            for col, cw in zip(cols, weights, strict=True):
                if not col:
                    continue
                for tok in surface.keys() & set(col):
                    for k in surface[tok]:
                        acc[k] = acc.get(k, 0.0) + col.count(tok) * cw
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
        for rid, texts, _, _ in rows:  # the exact spelling, case-folded
            folded = [(x or "").casefold() for x in texts]
            found = sum(text.count(t.text) * w for text, w in zip(folded, weights, strict=True))
            if found:
                tf[rid][t.key] = float(found)
    return tf, dl


@dataclass
class Fetched:
    """Stage 2's rows of one ranking, read in one statement a chunk: each candidate's
    texts, session and time, its neighbours in its session, and the next turn after a
    question (docs/design/team-server.md, "A search in a handful of statements")."""

    rows: list[Row]
    adj: dict[int, set[int]]  # symmetric: row → its neighbours
    following: dict[int, int]  # row → its next turn


def _fetch(
    conn: sqlite3.Connection, table: Table, ids: list[int], where: str, params: Sequence[Any]
) -> Fetched:
    cols = ", ".join(f"h.{col}" for col in table.columns)
    n = len(table.columns)  # a row: id, the texts, session, time, [prev, next, next if asked]
    got = Fetched([], defaultdict(set), {})
    t, s = table.name, table.session
    for i in range(0, len(ids), 500):
        chunk = ids[i : i + 500]
        marks = ", ".join("?" * len(chunk))
        if s is None:
            sql = f"SELECT h.id, {cols}, NULL, h.{table.time} FROM {t} h WHERE h.id IN ({marks})"
            got.rows += [
                (r[0], tuple(r[1 : n + 1]), None, r[n + 2]) for r in conn.execute(sql, chunk)
            ]
            continue
        sql = (
            f"SELECT h.id, {cols}, h.{s}, h.{table.time}, (SELECT max(m.id) FROM {t} m WHERE "
            f"m.{s} = h.{s} AND m.id < h.id) AS prev, (SELECT min(m.id) FROM {t} m WHERE "
            f"m.{s} = h.{s} AND m.id > h.id) AS nxt FROM {t} h WHERE h.id IN ({marks})"
        )
        if where != "1":  # is the next turn of a question one the filter lets through?
            sql = (
                f"SELECT x.*, c.id FROM ({sql}) x LEFT JOIN {t} c ON c.id = x.nxt AND "
                f"(x.content LIKE '%?%' OR x.content LIKE '%？%') AND ({where})"
            )
        asked = table.columns.index("content")  # the column a question is asked in
        for row in conn.execute(sql, (*chunk, *params) if where != "1" else chunk):
            rid, texts = row[0], tuple(row[1 : n + 1])
            got.rows.append((rid, texts, row[n + 1], row[n + 2]))
            for other in row[n + 3 : n + 5]:
                if other is not None:
                    got.adj[rid].add(other)
                    got.adj[other].add(rid)
            content = texts[asked] or ""
            question = "?" in content or "？" in content
            nxt = row[n + 5] if where != "1" else row[n + 4] if question else None
            if nxt is not None:
                got.following[rid] = nxt
    return got


def rank_rows(
    conn: sqlite3.Connection,
    table: Table,
    query: Query,
    *,
    where: str = "1",
    params: Sequence[Any] = (),
    limit: int = 50,
    p: RankParams = DEFAULT,
    now: datetime | None = None,
) -> list[tuple[int, float]]:
    """``(row id, score)`` of ``table``, best first, at most ``limit``; ``now`` is what
    relative times in the query are read against."""
    terms = candidates.query_terms(query, table)
    if not terms or (query.strict and not query.anchored):  # recall's rule as a whole:
        return []  # only function words and small numbers ("Was ist 2+2?") match nothing
    inflect.expand(conn, query.text, terms, table.name)
    want = max(p.candidates, limit)
    cap = max(p.common_df, want) + 1  # one more: whether a term is common (candidates.find)
    n_rows, avgdl, max_id = candidates.lookup(conn, terms, cap, where, params, table)
    ids = candidates.find(conn, terms, n_rows, max_id, p.common_df, want, where, params, table)
    if not ids:
        return []
    fetched = _fetch(conn, table, ids, where, params)
    rows = fetched.rows
    tf, dl = _features(conn, rows, terms, column_weights(table, p))
    idf = {t.key: candidates.idf(n_rows, t.df) for t in terms if t.kind != "sub"}
    for t in terms:  # an exact spelling weighs as much as its best-matching word term
        if t.kind == "sub":
            idf[t.key] = max(idf.values(), default=1.0) or 1.0
    rows = _without_lone_characters(rows, tf, terms, p.cjk_chars, query.text)
    if query.strict:  # a row that shares only small numbers or stop words with it is no
        # match (none is when the query's terms are only those: "is it 2+2 again?")
        anchored = {t.key for t in terms if t.anchor}
        rows = [r for r in rows if not tf.get(r[0]) or tf[r[0]].keys() & anchored]
    meta = {r[0]: (r[2], r[3] or 0.0) for r in rows}
    scores: dict[int, dict[str, float]] = {}
    for rid in meta:  # every candidate matched the index: it stays, even at 0
        norm = p.k1 * (1.0 - p.b + p.b * dl.get(rid, 1) / avgdl)
        scores[rid] = {
            k: idf[k] * f * (p.k1 + 1.0) / (f + norm) for k, f in tf.get(rid, {}).items()
        }
    base = {rid: sum(v.values()) for rid, v in scores.items()}
    final = dict(base)
    if table.session:
        _shares(fetched.adj, scores, base, meta, final, p)
    _times(query, meta, final, p, now)
    order = sorted(final, key=lambda r: (final[r], meta[r][1], r), reverse=True)[:limit]
    if p.next_turn and table.session:
        order = _with_next_turns(fetched.following, order, final)
    return [(r, round(final[r], 6)) for r in order[:limit]]


def _without_lone_characters(
    rows: list[Row],
    tf: dict[int, dict[str, float]],
    terms: list[Term],
    least: int,
    text: str = "",
) -> list[Row]:
    """``rows`` without the query's single CJK characters where they are a row's only
    tie to the query (no CJK word of it, two characters with no one-character stop word:
    not 儿的, 议で; fewer than ``least`` of its characters; no other term) and no other
    row of its session holds more: 办法 alone is no match for 民法典. A row whose session
    matches (an answer sharing one character with the question, beside the turn that
    holds the question's words) keeps them. A row left with no term is dropped. The
    query ``text``'s :func:`~.query.word_characters` (猫 of 我的猫是) are words of one
    character, no lone characters: read only when some row may be dropped."""
    cjk = [t for t in terms if t.kind != "sub" and is_cjk(t.text[:1])]
    chars = {t.key for t in cjk if len(t.text) == 1}
    least = min(least, len(chars))
    if least < 2:
        return rows
    words = word_characters(text)
    loose = {t.key for t in cjk if len(t.text) == 1 and t.text not in words}
    stops = cjk_stops()  # the terms are folded: 么 is written 幺 in them
    loose |= {t.key for t in cjk if len(t.text) > 1 and stops.intersection(t.text)}

    def weak(rid: int) -> bool:
        acc = tf.get(rid, {})
        hit = acc.keys() & chars  # none: tied by stop-character bigrams (我的) alone
        return bool(acc) and acc.keys() <= loose and len(hit) < least

    lone = {r[0] for r in rows if weak(r[0])}
    held = {r[2] for r in rows if r[2] is not None and r[0] not in lone and tf.get(r[0])}
    dropped = {r[0] for r in rows if r[0] in lone and (r[2] is None or r[2] not in held)}
    for rid in dropped:
        tf.pop(rid, None)
    return [r for r in rows if r[0] not in dropped]


def _shares(
    adj: dict[int, set[int]],
    scores: dict[int, dict[str, float]],
    base: dict[int, float],
    meta: Meta,
    final: dict[int, float],
    p: RankParams,
) -> None:
    """Add to each row shares of its best neighbour's and of its session's score."""
    session_terms: dict[str | None, dict[str, float]] = defaultdict(dict)
    for rid, per_term in scores.items():
        st = session_terms[meta[rid][0]]
        for k, v in per_term.items():
            st[k] = max(st.get(k, 0.0), v)
    session = {sid: sum(v.values()) for sid, v in session_terms.items()}
    adj = adj if p.neighbour_weight else {}
    for rid in final:
        nb = max((base[n] for n in adj.get(rid, ()) if n in base), default=0.0)
        final[rid] += p.neighbour_weight * nb + p.session_weight * session[meta[rid][0]]


def _times(
    query: Query,
    meta: Meta,
    final: dict[int, float],
    p: RankParams,
    now: datetime | None,
) -> None:
    """Boost rows logged in a time the query names, and the latest or earliest rows when
    it asks about the present or the past."""
    spans = when.ranges(query.text, now) if p.time_boost else []
    if spans:
        for rid in final:
            if any(lo <= meta[rid][1] < hi for lo, hi in spans):
                final[rid] *= 1.0 + p.time_boost
    # a question that names a time is about that time, not the latest or earliest version
    wants = when.intent(query.text) if p.update_weight and not spans else None
    found = [meta[rid][1] for rid in final if final[rid] > 0]
    if wants is None or len(found) < 2 or max(found) == min(found):
        return
    lo, span = min(found), max(found) - min(found)
    for rid in final:
        pos = (meta[rid][1] - lo) / span
        final[rid] *= 1.0 + p.update_weight * (pos if wants == "latest" else 1.0 - pos)


def _with_next_turns(
    following: dict[int, int], order: list[int], final: dict[int, float]
) -> list[int]:
    """``order`` with the next turn (``following``, see :class:`Fetched`) of each row
    that asks a question right below it (unless already above)."""
    out: list[int] = []
    seen: set[int] = set()
    for rid in order:
        if rid in seen:
            continue
        out.append(rid)
        seen.add(rid)
        nxt = following.get(rid)
        if nxt is not None and nxt not in seen:
            out.append(nxt)
            seen.add(nxt)
            if nxt not in final:  # no query term: ties its hit, the order decides
                final[nxt] = final[rid]
    for above, rid in itertools.pairwise(out):  # scores never rise down the list
        final[rid] = min(final[rid], final[above])
    return out
