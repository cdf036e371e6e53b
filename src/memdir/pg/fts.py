"""Full-text search on PostgreSQL from the same analyzer output the SQLite word index
holds: each text through :func:`~memdir.sessions.analyzer.index_text`, unicode61-style
tokens and SQLite's own porter stems, stored as a ``tsvector`` literal (no PostgreSQL
parser or locale in between), queried with ``tsquery`` phrases of the same stems.
See docs/design/team-server.md."""

from __future__ import annotations

import itertools
import math
import re
import threading
from collections.abc import Iterable, Sequence
from typing import Any

from ..sessions.analyzer import index_text
from ..sessions.candidates import Table
from ..sessions.schema import FTS_COLUMNS
from ..sessions.stems import Stems, stem, tokens

MAX_STEM_TEXT = 250_000  # characters of index terms per row (a tsvector is under 1 MB)
#: The analyzer's output as a ``tsvector`` literal (``stem:position …``; a stem is letters
#: and digits only, so it needs no quotes): no PostgreSQL parser in between.
VECTOR = "CAST(? AS tsvector)"
MAX_POS = 16383  # PostgreSQL's last position: later tokens share it
MAX_POSITIONS = 255  # positions to_tsvector keeps per lexeme (its literal parser keeps 256)
MAX_TERM = 2048  # UTF-8 bytes from which to_tsvector skips a word (no position either)
_QUOTED = re.compile(r'"((?:[^"]|"")*)"')


class Analyzer:
    """Stems by :func:`memdir.sessions.stems.stem` (SQLite's porter tokenizer, the one the
    SQLite index uses), as ``tsvector`` and ``tsquery`` text."""

    def stems(self, words: Iterable[str]) -> dict[str, str]:
        """word → its index term ("" when the porter tokenizer yields none)."""
        return stem(words)

    def stemmer(self) -> Stems:
        """A :class:`Stems` for one ranking: the stems it asked for, safe from other
        threads clearing the shared cache."""
        return _Bound(self)

    def vectors(self, rows: Sequence[Sequence[str | None]]) -> list[tuple[str, int]]:
        """``(tsvector literal, token count)`` of each row of texts (one per column): its
        index terms with their positions, as ``to_tsvector('simple', …)`` would number
        them in the space-joined terms (see :data:`VECTOR`)."""
        per_row = [[tokens(index_text(t)) if t else [] for t in row] for row in rows]
        stem = self.stems(itertools.chain.from_iterable(itertools.chain.from_iterable(per_row)))
        get = stem.__getitem__
        out = []
        for cols in per_row:
            words = list(itertools.chain.from_iterable(cols))
            lex = list(filter(None, map(get, words)))
            if len(lex) > MAX_POSITIONS or (lex and max(map(len, lex)) >= MAX_TERM // 4):
                out.append((_long_literal(lex), len(words)))
            else:  # at most one position per token, each under MAX_POS
                text = " ".join(map(str.__add__, lex, _AT))
                out.append((text, len(words)))
        return out

    def tsquery(self, match: str) -> str | None:
        """An FTS5 MATCH of quoted strings joined by AND (what the ranking builds) as a
        ``tsquery``: each string a phrase of its stems. None: nothing to look for."""
        phrases = []
        for m in _QUOTED.finditer(match):
            words = tokens(m.group(1).replace('""', '"'))
            stem = self.stems(words)
            lex = [stem[w] for w in words if stem[w]]
            if not lex:
                return None  # FTS5 matches nothing for such a string either
            phrases.append(" <-> ".join(_quote(x) for x in lex))
        return " & ".join(f"({p})" for p in phrases) if phrases else None


class _Bound(Stems):
    def __init__(self, analyzer: Analyzer) -> None:
        super().__init__()
        self._analyzer = analyzer

    def lookup(self, conn: Any, words: Iterable[str]) -> dict[str, str]:
        """Every stem this ranking looked up, ``words`` among them (as
        :meth:`Stems.lookup`)."""
        todo = [w for w in words if w not in self.cache]
        if todo:
            self.cache.update(self._analyzer.stems(todo))
        return self.cache


_AT = [f":{i}" for i in range(1, MAX_POSITIONS + 1)]  # a short row's positions


def _long_literal(lex: list[str]) -> str:
    """The literal of a long row as ``to_tsvector`` makes it: terms cut to
    :data:`MAX_STEM_TEXT` characters, words of :data:`MAX_TERM` bytes skipped, each
    term with at most :data:`MAX_POSITIONS` positions, none past :data:`MAX_POS`."""
    text = " ".join(lex)
    if len(text) > MAX_STEM_TEXT:  # a tsvector holds at most 1 MB
        lex = text[: text.rfind(" ", 0, MAX_STEM_TEXT) + 1 or MAX_STEM_TEXT].split()
    lex = [t for t in lex if len(t) < MAX_TERM // 4 or len(t.encode()) < MAX_TERM]
    at: dict[str, list[int]] = {}
    for i, term in enumerate(lex, 1):
        got = at.setdefault(term, [])
        pos = min(i, MAX_POS)
        if len(got) < MAX_POSITIONS and (not got or got[-1] != pos):
            got.append(pos)
    return " ".join(f"{term}:{','.join(map(str, got))}" for term, got in at.items())


def _quote(lexeme: str) -> str:
    return "'" + lexeme.replace("\\", "\\\\").replace("'", "''") + "'"


ANALYZER: Analyzer | None = None
_ANALYZER_LOCK = threading.Lock()


def analyzer() -> Analyzer:
    """The process's analyzer (built on first use)."""
    global ANALYZER
    with _ANALYZER_LOCK:
        if ANALYZER is None:
            ANALYZER = Analyzer()
        return ANALYZER


#: For a phrase (whose matches the planner estimates as if its words were anywhere in the
#: row), stage 1 first looks at the newest ``PROBE × limit`` rows (bounded work). Past
#: them it walks on backwards when the probe found many matches (a common phrase: few
#: rows to go), else takes every match from the GIN index (a rare phrase, or one of
#: common words, which a backward walk would read whole). The walk costs rows / density, the
#: index matches; ``WALK_COST`` is a walked row's cost over an index match's (measured
#: 0.3), which puts the switch at ``PROBE × limit × sqrt(WALK_COST × limit / rows)``.
PROBE = 16
WALK_COST = 0.3


class Fts:
    """What the ranking asks FTS5 for, answered from the ``tsv`` columns and the
    ``fts_stats`` counters (see :mod:`memdir.sessions.candidates`). One per
    transaction: the newest id :meth:`table_stats` read bounds :meth:`newest`'s probe."""

    def __init__(self, conn: Any) -> None:
        self.conn = conn
        self.analyzer = analyzer()
        self._max_id: dict[str, int] = {}

    def table_stats(self, table: Table) -> tuple[int, float, int]:
        row = self.conn.execute(
            f"SELECT s.nrows, s.ntok, (SELECT max(id) FROM {table.name}) FROM fts_stats s "
            "WHERE s.base = ?",
            (table.name,),
        ).fetchone()
        n, total = (int(row[0]), int(row[1])) if row else (0, 0)
        avgdl = max(1.0, total / n) if n else 1.0
        self._max_id[table.name] = mx = int(row[2] or 0) if row else 0
        return n, avgdl, mx

    def newest(
        self, match: str, limit: int, where: str, params: Sequence[Any], content: Table
    ) -> list[int]:
        """Ids of the newest ``limit`` rows matching ``match``, newest first."""
        got = self.statement(match, limit, where, params, content)
        return [] if got is None else [r[0] for r in self.conn.execute(*got)]

    def statement(
        self, match: str, limit: int, where: str, params: Sequence[Any], content: Table
    ) -> tuple[str, tuple[Any, ...]] | None:
        """:meth:`newest`'s one statement and its parameters (None: nothing to look
        for); for a phrase the probe, then one of the two ways on (see :data:`PROBE`),
        each skipped by a one-time filter unless its turn comes."""
        q = self.analyzer.tsquery(match)
        if q is None:
            return None
        t = content.name
        match_ = f"c.tsv @@ CAST(? AS tsquery) AND ({where})"
        if "<->" not in q:  # one term: the planner's estimate picks the way
            sql = f"SELECT c.id FROM {t} c WHERE {match_} ORDER BY c.id DESC LIMIT ?"
            return sql, (q, *params, limit)
        if t not in self._max_id:
            self.table_stats(content)
        window = PROBE * limit
        edge = self._max_id[t] - window
        many = min(limit, max(1, math.ceil(window * math.sqrt(WALK_COST * limit / max(1, edge)))))
        sql = (
            f"WITH probe AS MATERIALIZED (SELECT c.id FROM {t} c WHERE c.id > ? AND {match_} "
            f"ORDER BY c.id DESC LIMIT ?) SELECT id FROM probe UNION ALL (SELECT c.id FROM "
            f"{t} c WHERE (SELECT count(*) FROM probe) BETWEEN ? AND ? - 1 AND c.id <= ? "
            f"AND {match_} ORDER BY c.id DESC LIMIT ?) UNION ALL (SELECT c.id FROM {t} c "
            f"WHERE (SELECT count(*) FROM probe) < ? AND c.id + 0 <= ? AND {match_} "
            f"ORDER BY c.id + 0 DESC LIMIT ?) LIMIT ?"
        )
        args = (
            *(edge, q, *params, limit),
            *(many, limit, edge, q, *params, limit),
            *(many, edge, q, *params, limit),
            limit,
        )
        return sql, args


def index_pending(conn: Any) -> int:
    """Index the rows this transaction left without a ``tsv`` (new or edited text), as
    SQLite's triggers do; returns how many."""
    done = 0
    for base, cols in FTS_COLUMNS.items():
        rows = conn.execute(
            f"SELECT id, {', '.join(cols)} FROM {base} WHERE tsv IS NULL ORDER BY id"
        ).fetchall()
        if not rows:
            continue
        vectors = analyzer().vectors([tuple(r[1:]) for r in rows])
        conn.executemany(
            f"UPDATE {base} SET tsv = {VECTOR}, ntok = ? WHERE id = ?",
            [(v, n, r[0]) for (v, n), r in zip(vectors, rows, strict=True)],
        )
        done += len(rows)
    return done


def recount(conn: Any) -> None:
    """Index every row lacking a ``tsv`` and set the counters from the rows (repair)."""
    index_pending(conn)
    for base in FTS_COLUMNS:
        conn.execute(
            f"UPDATE fts_stats SET nrows = (SELECT count(ntok) FROM {base}), "
            f"ntok = (SELECT coalesce(sum(ntok), 0) FROM {base}) WHERE base = ?",
            (base,),
        )
