"""Full-text search on PostgreSQL from the same analyzer output (SQLite's porter stems) the
SQLite word index holds. See docs/design/team-server.md, "Search from the same analyzer"."""

from __future__ import annotations

import functools
import itertools
import math
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from ..sessions.analyzer import index_text
from ..sessions.candidates import Table
from ..sessions.schema import FTS_COLUMNS
from ..sessions.stems import Stems, stem, tokens

if TYPE_CHECKING:
    from ..sessions.maintenance import Progress

T = TypeVar("T")

#: The postings of every indexed message, then their key (state step 0008, ``memdir doctor``'s
#: repair: :func:`rebuild_postings`).
POSTINGS_FILL = (
    "INSERT INTO message_postings (term, id) SELECT unnest(tsvector_to_array(tsv)), id "
    "FROM messages WHERE tsv IS NOT NULL"
)
POSTINGS_KEY = (
    "ALTER TABLE message_postings ADD CONSTRAINT message_postings_pkey PRIMARY KEY (term, id)"
)
#: The memory entries' distinct index terms, each with how many entries hold it (state
#: step 0018, ``memdir doctor``'s repair: :func:`rebuild_entry_terms`).
ENTRY_TERMS_FILL = (
    "INSERT INTO entry_terms (term, n) SELECT t, count(*) FROM (SELECT "
    "unnest(tsvector_to_array(tsv)) AS t FROM entries WHERE tsv IS NOT NULL) x GROUP BY t"
)
#: Whether ``entry_terms`` agrees with the entries' ``tsv``: its rows and the sum of a hash
#: of each (term, count) against the same of the terms the vectors hold (one pass over them).
ENTRY_TERMS_AGREE = (
    "SELECT (SELECT row(count(*), coalesce(sum(hashtextextended(term, n)), 0)) FROM "
    "entry_terms) = (SELECT row(count(*), coalesce(sum(hashtextextended(t, n)), 0)) FROM "
    "(SELECT t, count(*) AS n FROM (SELECT unnest(tsvector_to_array(tsv)) AS t FROM entries "
    "WHERE tsv IS NOT NULL) x GROUP BY t) y)"
)
#: The first terms of ``entry_terms`` starting with each prefix (``$1``, an array), at most
#: ``$2`` each, in code point order: one range of its key a prefix.
ENTRY_TERMS = (
    "SELECT p.k - 1, x.term FROM unnest(CAST(? AS text[])) WITH ORDINALITY AS p(prefix, k) "
    'CROSS JOIN LATERAL (SELECT term FROM entry_terms WHERE term >= p.prefix COLLATE "C" '
    'AND term < p.prefix || chr(1114111) COLLATE "C" ORDER BY term LIMIT ?) x'
)


MAX_STEM_TEXT = 250_000  # characters of index terms per row (a tsvector is under 1 MB)
#: The stems as a ``tsvector``: PostgreSQL's parser splits them at the spaces (each is
#: letters and digits only) and numbers their positions; ``simple`` keeps each as it is.
VECTOR = "to_tsvector('simple', ?)"
#: Between two columns' stems: one position no query term can be (PostgreSQL's parser
#: reads it as the integer lexeme ``-0``; stems are letters and digits only), so a phrase
#: spans no two columns, as FTS5's phrases do not (mend59p: "a.a" found name "a" and
#: description "a" on PostgreSQL alone).
COLUMN_GAP = " -0 "
_QUOTED = re.compile(r'"((?:[^"]|"")*)"')


class Analyzer:
    """Stems by :func:`memdir.sessions.stems.stem` (SQLite's porter tokenizer, the one the
    SQLite index uses), as ``tsvector`` and ``tsquery`` text."""

    #: words whose terms :meth:`vectors` keeps (then it starts a new cache): as many as
    #: :func:`stem`'s own cache, which it spares a lock and a dict a chunk
    MAX_TERMS = Stems.MAX

    def __init__(self) -> None:
        self._terms: dict[str, str] = {}

    def stems(self, words: Iterable[str]) -> dict[str, str]:
        """word → its index term ("" when the porter tokenizer yields none)."""
        return stem(words)

    def stemmer(self) -> Stems:
        """A :class:`Stems` for one ranking: the stems it asked for, safe from other
        threads clearing the shared cache."""
        return _Bound(self)

    def vectors(self, rows: Sequence[Sequence[str | None]]) -> list[tuple[str, int]]:
        """``(stems, token count)`` of each row of texts (one per column): its index terms
        in order, space-separated, each column's apart by :data:`COLUMN_GAP`, for
        :data:`VECTOR`; known words are remembered across
        calls (docs/design/team-server.md, "Bulk path")."""
        per_row = [[tokens(index_text(t)) for t in row if t] for row in rows]
        terms = self._terms
        every = itertools.chain.from_iterable
        new = set(every(every(per_row))).difference(terms)
        if new:
            if len(terms) + len(new) > self.MAX_TERMS:
                self._terms = terms = {}
                new = set(every(every(per_row)))
            terms.update(self.stems(new))
        get = terms.__getitem__
        out = []
        for cols in per_row:
            stems = (" ".join(filter(None, map(get, words))) for words in cols)
            text = COLUMN_GAP.join(filter(None, stems))
            if len(text) > MAX_STEM_TEXT:  # a tsvector holds at most 1 MB
                text = text[: text.rfind(" ", 0, MAX_STEM_TEXT) + 1 or MAX_STEM_TEXT]
            out.append((text, sum(map(len, cols))))
        return out

    def phrases(self, match: str) -> list[list[str]] | None:
        """An FTS5 MATCH of quoted strings joined by AND (what the ranking builds) as the
        stems of each string. None: nothing to look for, or alternatives (:meth:`groups`)."""
        if any(len(g) > 1 for g in _split(match)):
            return None
        return self._strings(match)

    def groups(self, match: str) -> list[list[list[str]]] | None:
        """An FTS5 MATCH of parenthesised groups joined by AND, each quoted strings joined
        by OR (a word and its inflected forms, ``sessions.inflect``), as each group's
        alternatives' stems (strings with none left out). None: nothing to look for."""
        out = []
        for group in _split(match):
            alts = [p[0] for p in map(self._strings, group) if p]
            if not alts:
                return None  # FTS5 matches nothing for such a group either
            out.append(alts)
        return out or None

    def _strings(self, match: str) -> list[list[str]] | None:
        phrases = []
        for m in _QUOTED.finditer(match):
            words = tokens(m.group(1).replace('""', '"'))
            stem = self.stems(words)
            lex = [stem[w] for w in words if stem[w]]
            if not lex:
                return None  # FTS5 matches nothing for such a string either
            phrases.append(lex)
        return phrases or None


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


def _tsquery(phrases: list[list[str]]) -> str:
    return " & ".join(f"({' <-> '.join(_quote(x) for x in p)})" for p in phrases)


def _split(match: str) -> list[list[str]]:
    """The quoted strings of ``match`` in groups: an ``OR`` between two strings keeps
    them in one group, anything else (`` AND ``, ``) AND (``) starts the next."""
    groups: list[list[str]] = []
    end = None
    for m in _QUOTED.finditer(match):
        if end is None or match[end : m.start()] != " OR ":
            groups.append([])
        groups[-1].append(m.group(0))
        end = m.end()
    return groups


def _any_tsquery(groups: list[list[list[str]]]) -> str:
    return " & ".join("(" + " | ".join(_tsquery([p]) for p in g) + ")" for g in groups)


def _quote(lexeme: str) -> str:
    return "'" + lexeme.replace("\\", "\\\\").replace("'", "''") + "'"


@functools.cache
def analyzer() -> Analyzer:
    """The process's analyzer (built on first use)."""
    return Analyzer()


#: Stage 1 reads a term's matches in windows of the newest rows: ``WORD_PROBE × limit``
#: (``PROBE × limit`` for a phrase), then ``WINDOWS`` more, each 4× the one before, then
#: the rest (docs/design/team-server.md, "A search in a handful of statements").
PROBE = 16
WORD_PROBE = 80
WINDOWS = 3
#: A word's newest matches without a filter: a backward index-only scan of the
#: ``message_postings`` b-tree (pg/state_schema.py), ``limit`` index entries, no heap page.
POSTINGS = "SELECT id FROM message_postings WHERE term = ? ORDER BY id DESC LIMIT ?"
#: A word's newest matches with a filter (``Conversation.recall``'s, every turn): its newest
#: ``FILTER_WALK × limit`` postings walked newest first (a nested loop that stops at
#: ``limit`` rows), each one's row checked against the filter; a last row ``-k`` when the
#: walk read that many postings short of ``limit`` rows, ``k`` the oldest: the GIN windows
#: below it find the rest (:meth:`Fts._below`). 0: the GIN windows throughout, as before
#: (docs/design/team-server.md, "Recall's words through the postings").
FILTER_WALK = 2.0
FILTERED = (
    "WITH a AS MATERIALIZED (SELECT a.id FROM (SELECT id FROM message_postings WHERE term = ? "
    "ORDER BY id DESC LIMIT ?) a CROSS JOIN LATERAL (SELECT 1 FROM messages c WHERE c.id = a.id "
    "AND ({where}) OFFSET 0) x ORDER BY a.id DESC LIMIT ?) SELECT id FROM a UNION ALL (SELECT "
    "-id FROM message_postings WHERE (SELECT count(*) FROM a) < ? AND term = ? ORDER BY id DESC "
    "OFFSET ? LIMIT 1)"
)
#: Words ANDed without a filter (``candidates.find``'s bonus, every word common) from the
#: postings too when stage 1's ids say it is cheap: the rarest word's postings walked newest
#: first, each probed for the other words' (``OFFSET 0``: a nested loop, never a join of
#: every posting), as long as about this many of its postings hold ``limit`` rows with all.
AND_WALK = 3000
#: The walk reads at most this many times that estimate of postings; short of ``limit``
#: rows there, the GIN windows go on below the oldest posting it read.
WALK_CAP = 2
#: Whether ``message_postings`` agrees with the messages' ``tsv`` (a row a term,
#: ``length(tsv)`` a message): the rows and the sum of their ids on each side, one scan
#: of each and nothing unnested. A missing or stale row changes one of them; a term
#: swapped for another of the same message does not.
POSTINGS_AGREE = (
    "SELECT (SELECT row(count(*), coalesce(sum(id), 0)) FROM message_postings) = (SELECT "
    "row(coalesce(sum(length(tsv)), 0), coalesce(sum(length(tsv) * id), 0)) FROM messages)"
)
#: ``memdir doctor --deep``: the rows and the sum of a 64-bit hash of each (term, id) on
#: each side, one scan of each, the messages' terms unnested in the select list (a lateral
#: ``unnest`` stores each row's terms first: 1.6–1.8× slower): a wrong term with the right id
#: changes the sum too.
POSTINGS_TERMS_AGREE = (
    "SELECT (SELECT row(count(*), coalesce(sum(hashtextextended(term, id)), 0)) FROM "
    "message_postings) = (SELECT row(count(*), coalesce(sum(hashtextextended(t, id)), 0)) "
    "FROM (SELECT unnest(tsvector_to_array(tsv)) AS t, id FROM messages) m)"
)

#: Rows ``memdir doctor --deep`` analyses at a time (:func:`stale_rows`), and at most
#: :data:`CHECK_TEXT` characters of their text (one more row when a single row is larger):
#: the analyzer's memory is ~14 times the text it holds, so rows are capped by size too.
CHECK_BATCH = 2_000
CHECK_TEXT = 8_000_000
#: Which of a batch's rows (ids, the analyzer's terms and token counts of their text now)
#: hold another ``tsv`` or ``ntok``: the terms go through ``to_tsvector`` as a writer's do.
TERMS_DISAGREE = (
    "SELECT m.id FROM unnest(CAST(? AS bigint[]), CAST(? AS text[]), CAST(? AS integer[])) "
    "AS u(id, stems, ntok) JOIN {base} m ON m.id = u.id WHERE m.tsv IS DISTINCT FROM "
    "to_tsvector('simple', u.stems) OR m.ntok IS DISTINCT FROM u.ntok"
)
#: :data:`TERMS_DISAGREE` that also sets those rows' ``tsv`` and ``ntok`` from the terms it
#: compared (the repair, under the write lock; each vector made once, not again for the
#: SET): the postings' and counters' statement triggers follow as for any edit.
TERMS_MENDED = (
    "WITH u AS MATERIALIZED (SELECT id, to_tsvector('simple', stems) AS tsv, ntok FROM "
    "unnest(CAST(? AS bigint[]), CAST(? AS text[]), CAST(? AS integer[])) AS u(id, stems, "
    "ntok)) UPDATE {base} m SET tsv = u.tsv, ntok = u.ntok FROM u WHERE m.id = u.id AND "
    "(m.tsv IS DISTINCT FROM u.tsv OR m.ntok IS DISTINCT FROM u.ntok) RETURNING m.id"
)


class Fts:
    """What the ranking asks FTS5 for, answered from the ``tsv`` columns and the
    ``fts_stats`` counters (see :mod:`memdir.sessions.candidates`). One per
    transaction: the newest id :meth:`table_stats` read bounds :meth:`newest`'s probe.
    In a ``snapshot`` (a read-only transaction) :meth:`lookup` answers a repeated
    question from memory: a grouped search that looks further down ranks again with the
    same stage 1."""

    def __init__(
        self, conn: Any, hints: dict[str, int] | None = None, *, snapshot: bool = False
    ) -> None:
        self.conn = conn
        self.analyzer = analyzer()
        #: the newest id per table, as this or an earlier transaction of this state read
        #: it: where the windows start (any value gives the same rows; a close one, the
        #: cheap way)
        self.hints = {} if hints is None else hints
        self._looked: dict[Any, tuple[tuple[int, float, int], list[list[int]]]] | None = (
            {} if snapshot else None
        )
        self._word_ids: dict[str, list[int]] = {}  # a word's newest ids, as stage 1 read them

    def table_stats(self, table: Table) -> tuple[int, float, int]:
        row = self.conn.execute(
            f"SELECT s.nrows, s.ntok, (SELECT max(id) FROM {table.name}) FROM fts_stats s "
            "WHERE s.base = ?",
            (table.name,),
        ).fetchone()
        n, total = (int(row[0]), int(row[1])) if row else (0, 0)
        avgdl = max(1.0, total / n) if n else 1.0
        self.hints[table.name] = mx = int(row[2] or 0) if row else 0
        return n, avgdl, mx

    def lookup(
        self, matches: Sequence[str], limit: int, where: str, params: Sequence[Any], content: Table
    ) -> tuple[tuple[int, float, int], list[list[int]]]:
        """:meth:`table_stats` and :meth:`newest` of each of ``matches`` in one ``UNION
        ALL`` statement: stage 1 in one round trip (docs/design/team-server.md)."""
        key = (tuple(matches), limit, where, tuple(params), content.name)
        if self._looked is not None and key in self._looked:
            stats, newest = self._looked[key]
            return stats, [list(ids) for ids in newest]
        t = content.name
        sql = [
            f"SELECT -1, s.nrows, s.ntok, (SELECT max(id) FROM {t}), NULL FROM fts_stats s "
            "WHERE s.base = ?"
        ]
        args: list[Any] = [t]
        for i, match in enumerate(matches):
            got = self.statement(match, limit, where, params, content)
            if got is not None:  # a term's ids as one array: one row, not one a match
                sql.append(f"SELECT {i}, NULL, NULL, NULL, array(SELECT id FROM ({got[0]}) t)")
                args += got[1]
        found: list[list[int]] = [[] for _ in matches]
        n, total, mx = 0, 0, 0
        for which, value, ntok, newest, ids in self.conn.execute(" UNION ALL ".join(sql), args):
            if which < 0:
                n, total, mx = int(value), int(ntok), int(newest or 0)
            else:
                found[which] = ids
        below = [  # filtered words whose walk reached its cap short of ``limit`` rows
            (i, *self._below(matches[i], ids, limit, where, params))
            for i, ids in enumerate(found)
            if ids and min(ids) < 0
        ]
        if below:
            more = " UNION ALL ".join(
                f"SELECT {i}, array(SELECT id FROM ({q}) t)" for i, q, _ in below
            )
            for which, ids in self.conn.execute(more, [a for _, _, got in below for a in got]):
                found[which] = [i for i in found[which] if i > 0] + ids
        self.hints[t] = mx
        avgdl = max(1.0, total / n) if n else 1.0
        stats, newest = (n, avgdl, mx), [sorted(ids, reverse=True) for ids in found]
        if t == "messages" and where == "1":
            for match, ids in zip(matches, newest, strict=True):
                phrases = self.analyzer.phrases(match)
                if phrases and len(phrases) == 1 and len(phrases[0]) == 1:
                    self._word_ids[phrases[0][0]] = ids
        if self._looked is not None:
            self._looked[key] = stats, [list(ids) for ids in newest]
        return stats, newest

    def arounds(
        self, columns: str, hits: Sequence[tuple[int, str | None]], window: int
    ) -> list[tuple[int, Any]]:
        """``(index in hits, row)`` of every hit's window (``sessions.search.arounds``) from
        one statement of fixed text (docs/design/team-server.md: why)."""
        session = "coalesce(r.sid, (SELECT m.session_id FROM messages m WHERE m.id = r.mid))"
        sql = (
            f"SELECT r.k - 1 AS k, w.* FROM unnest(CAST(? AS bigint[]), CAST(? AS text[])) "
            f"WITH ORDINALITY AS r(mid, sid, k) CROSS JOIN LATERAL ("
            f"(SELECT {columns} FROM messages WHERE session_id = {session} AND id < r.mid "
            f"ORDER BY id DESC LIMIT ?) UNION ALL (SELECT {columns} FROM messages "
            f"WHERE id = r.mid) UNION ALL (SELECT {columns} FROM messages "
            f"WHERE session_id = {session} AND id > r.mid ORDER BY id LIMIT ?)) AS w"
        )
        args = ([mid for mid, _ in hits], [sid for _, sid in hits], window, window)
        return [(int(row[0]), row) for row in self.conn.execute(sql, args)]

    def hits(self, ids: Sequence[int], limit: int, window: int) -> list[Any]:
        """The grouped search's rows in one statement (``sessions.search.hit_rows``):
        ``kind`` 0, each of ``ids`` (ranked, best first) with its session's id, parent,
        agent and title, no text (folding needs none); ``kind`` 1, the window
        (:meth:`arounds`) of the best message of each of the first ``limit`` sessions in
        that order (the hits, unless a parent merges sessions), ``k`` its 1-based place
        in ``ids``. Its text is fixed, so psycopg prepares it."""
        cols = "id, session_id, role, content, tool_name, tool_calls, timestamp"
        sql = (
            "WITH h AS MATERIALIZED (SELECT r.k, m.id, m.session_id, s.parent_id, s.agent, "
            "s.title FROM unnest(CAST(? AS bigint[])) WITH ORDINALITY AS r(mid, k) "
            "JOIN messages m ON m.id = r.mid JOIN sessions s ON s.id = m.session_id), "
            "b AS (SELECT * FROM (SELECT DISTINCT ON (session_id) k, id, session_id FROM h "
            "ORDER BY session_id, k) f ORDER BY k LIMIT ?) "
            "SELECT 0 AS kind, k, id, session_id, parent_id, agent, title, NULL::text AS role, "
            "NULL::text AS content, NULL::text AS tool_name, NULL::text AS tool_calls, "
            "NULL::double precision AS timestamp FROM h UNION ALL "
            "SELECT 1, b.k, w.id, w.session_id, NULL, NULL, NULL, w.role, w.content, "
            "w.tool_name, w.tool_calls, w.timestamp FROM b CROSS JOIN LATERAL ("
            f"(SELECT {cols} FROM messages WHERE session_id = b.session_id AND id < b.id "
            f"ORDER BY id DESC LIMIT ?) UNION ALL (SELECT {cols} FROM messages "
            f"WHERE id = b.id) UNION ALL (SELECT {cols} FROM messages "
            "WHERE session_id = b.session_id AND id > b.id ORDER BY id LIMIT ?)) AS w"
        )
        return list(self.conn.execute(sql, (list(ids), limit, window, window)))

    def newest(
        self, match: str, limit: int, where: str, params: Sequence[Any], content: Table
    ) -> list[int]:
        """Ids of the newest ``limit`` rows matching ``match``, newest first: words ANDed
        without a filter from the postings when :meth:`_walk` says that is cheap."""
        phrases = self.analyzer.phrases(match) or []
        if content.name == "messages" and where == "1" and all(len(p) == 1 for p in phrases):
            walk = self._walk([p[0] for p in phrases], limit)
            if walk is not None:
                return self._walked(*walk, limit)
        got = self.statement(match, limit, where, params, content)
        ids = [] if got is None else [r[0] for r in self.conn.execute(*got)]
        if ids and min(ids) < 0:
            more = self._below(match, ids, limit, where, params)
            ids = [i for i in ids if i > 0] + [r[0] for r in self.conn.execute(*more)]
        return ids

    def statement(
        self, match: str, limit: int, where: str, params: Sequence[Any], content: Table
    ) -> tuple[str, tuple[Any, ...]] | None:
        """One statement for the newest ``limit`` rows matching ``match`` and its
        parameters (None: nothing to look for): from the postings (:data:`POSTINGS`), else
        in windows (see :data:`PROBE`); a filtered word's may end with the
        :data:`FILTERED` walk's ``-k`` (then :meth:`_below` finds the rest)."""
        groups = self.analyzer.groups(match)
        if groups is None or limit < 1:
            return None
        if any(len(g) > 1 for g in groups):
            return self._alternatives(groups, limit, where, params, content)
        phrases = [g[0] for g in groups]
        t = content.name
        if t == "messages" and len(phrases) == 1 and len(phrases[0]) == 1:
            if where == "1":  # one word, no filter: its newest ids from the postings alone
                return POSTINGS, (phrases[0][0], limit)
            if FILTER_WALK:  # a filter: its postings walked, each row checked
                cap = math.ceil(FILTER_WALK * limit)
                args = (phrases[0][0], cap, *params, limit, limit, phrases[0][0], cap - 1)
                return FILTERED.format(where=where), args
        q = _tsquery(phrases)
        match_ = f"c.tsv @@ CAST(? AS tsquery) AND ({where})"
        if t not in self.hints:
            self.table_stats(content)
        newest = self.hints[t]
        if "<->" not in q:  # one term: windows, then the planner's way on
            return self._probes(q, newest, limit, match_, params, t, WORD_PROBE, "c.id")
        # a phrase: windows (the planner's misestimate costs at most one window), then the
        # oldest rows through the index (``+ 0``: never a walk over all of them)
        return self._probes(q, newest, limit, match_, params, t, PROBE, "c.id + 0")

    def _alternatives(
        self,
        groups: list[list[list[str]]],
        limit: int,
        where: str,
        params: Sequence[Any],
        content: Table,
    ) -> tuple[str, tuple[Any, ...]]:
        """:meth:`statement` for groups of alternatives (a word ORed with its inflected
        forms): one word's forms, no filter: each form's newest ``limit`` postings, merged;
        else the GIN windows of one ``tsquery`` with ``|``."""
        t = content.name
        if t == "messages" and where == "1" and len(groups) == 1 and max(map(len, groups[0])) == 1:
            one = f"({POSTINGS})"
            sql = (
                f"SELECT DISTINCT id FROM ({' UNION ALL '.join([one] * len(groups[0]))}) u "
                "ORDER BY id DESC LIMIT ?"
            )
            return sql, (*(a for p in groups[0] for a in (p[0], limit)), limit)
        q = _any_tsquery(groups)
        match_ = f"c.tsv @@ CAST(? AS tsquery) AND ({where})"
        if t not in self.hints:
            self.table_stats(content)
        first, key = (PROBE, "c.id + 0") if "<->" in q else (WORD_PROBE, "c.id")
        return self._probes(q, self.hints[t], limit, match_, params, t, first, key)

    def terms(
        self, prefixes: Sequence[str], limit: int, table: str = "messages"
    ) -> list[list[str]]:
        """The first ``limit`` terms of the messages' postings starting with each of
        ``prefixes``, in code point order (``COLLATE "C"``), in one statement: a skip
        scan of the postings' key, one index probe a term. The entries' (``table``
        ``entries``): their distinct terms' (:data:`ENTRY_TERMS`)."""
        if not prefixes:
            return []
        if table == "entries":
            return self._entry_terms(prefixes, limit)
        ctes, args = [], []
        for i, prefix in enumerate(prefixes):
            hi = prefix + "\U0010ffff"
            ctes.append(
                f"t{i}(term, n) AS ((SELECT term, 1 FROM message_postings WHERE term >= ? "
                f"AND term < ? ORDER BY term LIMIT 1) UNION ALL SELECT (SELECT p.term FROM "
                f"message_postings p WHERE p.term > t{i}.term AND p.term < ? ORDER BY p.term "
                f"LIMIT 1), t{i}.n + 1 FROM t{i} WHERE t{i}.term IS NOT NULL AND t{i}.n < ?)"
            )
            args += [prefix, hi, hi, limit]
        union = " UNION ALL ".join(
            f"SELECT {i}, term FROM t{i} WHERE term IS NOT NULL" for i in range(len(prefixes))
        )
        out: list[list[str]] = [[] for _ in prefixes]
        for i, term in self.conn.execute(f"WITH RECURSIVE {', '.join(ctes)} {union}", args):
            out[i].append(term)
        return [sorted(terms) for terms in out]

    def _entry_terms(self, prefixes: Sequence[str], limit: int) -> list[list[str]]:
        """:meth:`terms` of the entries: ranges of ``entry_terms``' key (state step 0018),
        one statement for every prefix."""
        out: list[list[str]] = [[] for _ in prefixes]
        for i, term in self.conn.execute(ENTRY_TERMS, (list(prefixes), limit)):
            out[int(i)].append(term)
        return out

    def _below(
        self, match: str, ids: list[int], limit: int, where: str, params: Sequence[Any]
    ) -> tuple[str, tuple[Any, ...]]:
        """The GIN windows for the rest of a :data:`FILTERED` walk's ``ids`` (its last,
        ``-k``: the rows older than ``k``), as :meth:`_walked`'s after its cap."""
        floor = -min(ids)
        phrases = self.analyzer.phrases(match) or []
        match_ = f"c.id < {floor} AND c.tsv @@ CAST(? AS tsquery) AND ({where})"
        need = limit - (len(ids) - 1)
        return self._probes(
            _tsquery(phrases), floor - 1, need, match_, params, "messages", WORD_PROBE, "c.id"
        )

    def _walk(self, words: list[str], limit: int) -> tuple[list[str], int] | None:
        """``words`` rarest first when walking the rarest one's postings should find
        ``limit`` rows holding them all within :data:`AND_WALK` postings, estimated from
        the newest ids stage 1 read of each (their density, and how many rows above the
        oldest of them hold all: none seen, no estimate), and the postings the walk may
        read (:data:`WALK_CAP` × the estimate); else None (the GIN windows)."""
        seen = [self._word_ids.get(w) for w in words]
        newest = self.hints.get("messages", 0)
        if len(words) < 2 or not newest or not all(seen):
            return None
        lists = [ids for ids in seen if ids]
        floor = max(ids[-1] for ids in lists)
        both = set.intersection(*({i for i in ids if i >= floor} for ids in lists))
        density = {
            w: len(ids) / max(1, newest - ids[-1] + 1) for w, ids in zip(words, lists, strict=True)
        }
        joint = len(both) / max(1, newest - floor + 1)
        order = sorted(words, key=density.__getitem__)
        estimate = limit * density[order[0]] / joint if joint else AND_WALK + 1
        if estimate > AND_WALK:
            return None
        return order, max(limit, math.ceil(WALK_CAP * estimate))

    def _walked(self, words: list[str], cap: int, limit: int) -> list[int]:
        """The newest ``limit`` rows holding all ``words``: the newest ``cap`` postings of
        ``words[0]`` walked, each probed for the others' (``OFFSET 0``: a nested loop, not a
        join of every posting); short of ``limit``, the GIN windows below the oldest of them
        (docs/design/team-server.md)."""
        probes = " ".join(
            f"CROSS JOIN LATERAL (SELECT 1 FROM message_postings b{i} WHERE "
            f"b{i}.term = ? AND b{i}.id = a.id OFFSET 0) x{i}"
            for i in range(1, len(words))
        )
        sql = (
            "SELECT a.id FROM (SELECT id FROM message_postings WHERE term = ? ORDER BY id "
            f"DESC LIMIT ?) a {probes} ORDER BY a.id DESC LIMIT ?"
        )
        ids = [r[0] for r in self.conn.execute(sql, (words[0], cap, *words[1:], limit))]
        if len(ids) == limit:
            return ids
        # The newest posting not walked (none: all were). A second statement is exact only
        # because a search reads one REPEATABLE READ snapshot (pg/sessions.py).
        row = self.conn.execute(
            "SELECT id FROM message_postings WHERE term = ? ORDER BY id DESC OFFSET ? LIMIT 1",
            (words[0], cap),
        ).fetchone()
        if row is None:
            return ids
        top = int(row[0])
        below = f"c.id <= {top} AND c.tsv @@ CAST(? AS tsquery)"
        q = _tsquery([[w] for w in words])
        more = self._probes(q, top, limit - len(ids), below, (), "messages", WORD_PROBE, "c.id")
        return ids + [r[0] for r in self.conn.execute(*more)]

    def _probes(
        self,
        q: str,
        newest: int,
        limit: int,
        match_: str,
        params: Sequence[Any],
        t: str,
        first: int,
        key: str,
    ) -> tuple[str, tuple[Any, ...]]:
        """The statement for one term or phrase: windows of the newest rows, the first
        ``first × limit`` rows, each next 4× the one before, each read only while fewer
        than ``limit`` matches were found, then the rest (ordered by ``key``)."""
        edges: list[int] = []
        window = first * limit
        while len(edges) < WINDOWS and newest - window > 0:
            edges.append(newest - window)
            window *= 4
        ctes: list[str] = []
        args: list[Any] = []
        found = ""  # the matches of the windows so far
        for k, edge in enumerate(edges):
            gate = f"{found} < ? AND " if found else ""
            upper = f" AND c.id <= {edges[k - 1]}" if k else ""
            ctes.append(
                f"p{k} AS MATERIALIZED (SELECT c.id FROM {t} c WHERE {gate}c.id > {edge}{upper} "
                f"AND {match_} ORDER BY c.id DESC LIMIT ?)"
            )
            args += [limit] * bool(found) + [q, *params, limit]
            found += f"{' + ' if found else ''}(SELECT count(*) FROM p{k})"
        gate = f"{found} < ? AND {key} <= {edges[-1]} AND " if edges else ""
        rest = f"SELECT c.id FROM {t} c WHERE {gate}{match_} ORDER BY {key} DESC LIMIT ?"
        args += [limit] * bool(edges) + [q, *params, limit]
        if not edges:
            return rest, tuple(args)
        union = " UNION ALL ".join([f"SELECT id FROM p{k}" for k in range(len(edges))])
        sql = f"WITH {', '.join(ctes)} {union} UNION ALL ({rest}) LIMIT ?"
        return sql, (*args, limit)


def index_pending(conn: Any) -> int:
    """Index the rows this transaction left without a ``tsv`` (new or edited text), as
    SQLite's triggers do; returns how many."""
    done = 0
    with conn.raw.pipeline():  # every table's look-up in one round trip
        pending = {
            base: conn.execute(
                f"SELECT id, {', '.join(cols)} FROM {base} WHERE tsv IS NULL ORDER BY id"
            )
            for base, cols in FTS_COLUMNS.items()
        }
    for base, cur in pending.items():
        rows = cur.fetchall()
        if not rows:
            continue
        vectors = analyzer().vectors([tuple(r[1:]) for r in rows])
        conn.executemany(
            f"UPDATE {base} SET tsv = {VECTOR}, ntok = ? WHERE id = ?",
            [(v, n, r[0]) for (v, n), r in zip(vectors, rows, strict=True)],
        )
        done += len(rows)
    return done


def text_size(row: Sequence[Any]) -> int:
    """Characters of a row's text columns (None counts nothing)."""
    return sum(len(v) for v in row if isinstance(v, str))


def batches(rows: Iterable[T], size: Callable[[T], int], limit: int) -> Iterator[list[T]]:
    """``rows`` in lists of at most :data:`CHECK_BATCH`, each ending at the row that takes
    its ``size`` sum to ``limit`` or beyond."""
    batch: list[T] = []
    total = 0
    for row in rows:
        batch.append(row)
        total += size(row)
        if len(batch) >= CHECK_BATCH or total >= limit:
            yield batch
            batch, total = [], 0
    if batch:
        yield batch


def stale_rows(
    conn: Any,
    base: str,
    progress: Progress | None = None,
    ids: Sequence[int] | None = None,
    *,
    mend: bool = False,
) -> dict[int, int]:
    """The indexed ``base`` rows (of ``ids`` only, when given) whose ``tsv`` or ``ntok`` is
    not what the analyzer makes of their text (``memdir doctor --deep``), each id with its
    text's size: the rows streamed through a server-side cursor in :func:`batches` (by
    :data:`CHECK_BATCH` and :data:`CHECK_TEXT`), each batch's terms compared by the server
    and, with ``mend``, stored in those rows (docs/design/team-server.md, "The text against
    its terms")."""
    kept = conn.execute("SELECT nrows FROM fts_stats WHERE base = ?", (base,)).fetchone()
    total = len(ids) if ids is not None else int(kept[0]) if kept else 0
    only = "" if ids is None else " AND id = ANY(%s)"
    found: dict[int, int] = {}
    done = 0
    with conn.raw.cursor(name="memdir_stale_rows") as cur:
        cur.execute(
            f"SELECT id, {', '.join(FTS_COLUMNS[base])} FROM {base} WHERE tsv IS NOT NULL{only}",
            () if ids is None else (list(ids),),
        )
        for rows in batches(cur, lambda r: text_size(r[1:]), CHECK_TEXT):
            vectors = analyzer().vectors([tuple(r[1:]) for r in rows])
            sent = ([r[0] for r in rows], [v for v, _ in vectors], [n for _, n in vectors])
            size = {r[0]: text_size(r[1:]) for r in rows}
            found |= {
                mid: size[mid]
                for (mid,) in conn.execute(
                    (TERMS_MENDED if mend else TERMS_DISAGREE).format(base=base), sent
                )
            }
            done += len(size)
            if progress is not None:
                progress(f"{base}: search terms against their text", done, max(done, total))
    return found


def recount(conn: Any) -> None:
    """Index every row lacking a ``tsv`` and set the counters from the rows (repair)."""
    index_pending(conn)
    for base in FTS_COLUMNS:
        conn.execute(
            f"UPDATE fts_stats SET nrows = (SELECT count(ntok) FROM {base}), "
            f"ntok = (SELECT coalesce(sum(ntok), 0) FROM {base}) WHERE base = ?",
            (base,),
        )


def rebuild_postings(conn: Any) -> None:
    """Empty ``message_postings`` and fill it from the messages' ``tsv``, its key built
    after the rows as step 0008 does (repair, in the caller's transaction)."""
    conn.execute("ALTER TABLE message_postings DROP CONSTRAINT IF EXISTS message_postings_pkey")
    conn.execute("TRUNCATE message_postings")
    conn.execute(POSTINGS_FILL)
    conn.execute(POSTINGS_KEY)


def rebuild_entry_terms(conn: Any) -> None:
    """Empty ``entry_terms`` and fill it from the entries' ``tsv`` (repair, in the caller's
    transaction)."""
    conn.execute("DELETE FROM entry_terms")
    conn.execute(ENTRY_TERMS_FILL)
