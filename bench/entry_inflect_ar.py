"""Long Arabic queries over long Arabic notes (rv60w, pgterm61): CPU and wall ms of
``EntryIndex.search`` with the entries' widening off, on by the code before pgterm61
("scan": PostgreSQL read every entry's vector each query to list the terms starting with
each of the query's prefix keys, 12 words × 12 clitic keys) and on ("on": PostgreSQL
looks the keys up in ``entry_terms``, state step 0018), SQLite and PostgreSQL.

    PYTHONPATH=$PWD/src .venv/bin/python bench/entry_inflect_ar.py --database $URL
    ... --entries 2000 --body-words 200 --query-words 12 --queries 4 --rounds 10

Then the write path the term list adds to (``--adds``): a new note indexed (what the
first search after ``memory add`` pays: ``EntryIndex.sync`` of one more entry), with
``entry_terms``' triggers and without them (the code before), taken in turns.

The PostgreSQL side is a schema of its own, made and dropped by the run (analysed after
the entries are written, as autovacuum leaves it). CPU is this process's
(``time.thread_time``; PostgreSQL's server time is in the wall time only), after one
warm-up search a query, which counts the entries found (no limit); "same" says whether
every query's ranking (ids and scores, no limit) is the one SQLite gives (widening on for
"scan").
"""

from __future__ import annotations

import argparse
import random
import secrets
import statistics
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from memdir.core.model import Entry, EntryType
from memdir.pg import fts
from memdir.sessions import Database, inflect
from memdir.sessions.entries import EntryDoc, EntryIndex

LETTERS = "ابتثجحخدذرزسشصضطظعغفقكلمنهوي"
CLITICS = ("", "ال", "بال", "و", "لل")
#: The statement before pgterm61 (``Fts._entry_terms``): every entry's terms, each query.
SCAN = (
    "WITH t AS MATERIALIZED (SELECT DISTINCT unnest(tsvector_to_array(tsv)) "
    'COLLATE "C" AS term FROM entries WHERE tsv IS NOT NULL) '
    "SELECT p.k - 1, x.term FROM unnest(CAST(? AS text[])) WITH ORDINALITY AS "
    "p(prefix, k) CROSS JOIN LATERAL (SELECT term FROM t WHERE term >= p.prefix "
    'COLLATE "C" AND term < p.prefix || chr(1114111) COLLATE "C" ORDER BY term '
    "LIMIT ?) x"
)


def _scan(self: fts.Fts, prefixes: Sequence[str], limit: int) -> list[list[str]]:
    out: list[list[str]] = [[] for _ in prefixes]
    for i, term in self.conn.execute(SCAN, (list(prefixes), limit)):
        out[int(i)].append(term)
    return out


def _note(rnd: random.Random, pool: list[str], eid: str, words: int) -> EntryDoc:
    now = datetime(2026, 12, 7, tzinfo=UTC)
    body = " ".join(rnd.choice(CLITICS) + w for w in rnd.choices(pool, k=words))
    name = " ".join(rnd.choices(pool, k=3))
    return EntryDoc("/loc", "project", Entry(eid, name, "وصف", EntryType.PROJECT, body, now, now))


def _pool(rnd: random.Random) -> list[str]:
    return ["".join(rnd.choices(LETTERS, k=rnd.randint(3, 7))) for _ in range(30_000)]


def _corpus(args: argparse.Namespace) -> tuple[list[EntryDoc], list[str]]:
    rnd = random.Random(7)
    pool = _pool(rnd)
    docs = [_note(rnd, pool, f"e{i}", args.body_words) for i in range(args.entries)]
    queries = [
        " ".join("بال" + w for w in rnd.sample(pool, args.query_words)) for _ in range(args.queries)
    ]
    return docs, queries


@contextmanager
def _schema(url: str) -> Iterator[str]:
    """``url`` on a schema of its own, dropped afterwards."""
    import psycopg

    name = f"bench_ar_{secrets.token_hex(4)}"
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {name}")
    try:
        yield f"{url}{'&' if '?' in url else '?'}options=-csearch_path%3D{name}"
    finally:
        from memdir.pg.db import close_shared

        close_shared()
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA {name} CASCADE")


def _p(ms: list[float], q: float) -> float:
    return statistics.median(ms) if q == 50 else statistics.quantiles(ms, n=20)[-1]


def _run(
    index: EntryIndex, docs: list[EntryDoc], queries: list[str], rounds: int
) -> tuple[list[float], list[float], list[list[tuple[str, float]]]]:
    """CPU and wall ms of each search, and each query's ranking (no limit)."""
    ranked = [
        [(d.entry.id, s) for d, s in index.search(q, docs, ["/loc"], limit=len(docs))]
        for q in queries
    ]
    cpu, wall = [], []
    for _ in range(rounds):
        for q in queries:
            t0, w0 = time.thread_time(), time.perf_counter()
            index.search(q, docs, ["/loc"])
            cpu.append((time.thread_time() - t0) * 1000)
            wall.append((time.perf_counter() - w0) * 1000)
    return cpu, wall, ranked


TRIGGERS = [f"entries_terms_{op}" for op in ("insert", "update", "delete", "truncate")]


def _adds(index: EntryIndex, docs: list[EntryDoc], args: argparse.Namespace) -> None:
    """Wall ms of indexing one new note, with the term list's triggers and without, in
    turns; the list rebuilt after."""
    db: Any = index.db
    rnd = random.Random(8)
    pool = _pool(rnd)
    ms: dict[str, list[float]] = {"before (no entry_terms)": [], "after": []}
    for i in range(2 * args.adds):
        label = list(ms)[i % 2]
        switch = "DISABLE" if i % 2 == 0 else "ENABLE"
        sql = [f"ALTER TABLE entries {switch} TRIGGER {t}" for t in TRIGGERS]
        db.write(lambda c, sql=sql: [c.execute(q) for q in sql])
        docs = [*docs, _note(rnd, pool, f"n{i}", args.body_words)]
        w0 = time.perf_counter()
        index.sync(docs, [("/loc", False)])
        ms[label].append((time.perf_counter() - w0) * 1000)
    db.write(fts.rebuild_entry_terms)
    print(f"\nOne new note of {args.body_words} words indexed ({args.adds} each, in turns):\n")
    print("| PostgreSQL | wall ms p50 / p95 |")
    print("|---|---|")
    for label, wall in ms.items():
        print(f"| {label} | {_p(wall, 50):.1f} / {_p(wall, 95):.1f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--database", help="also on this PostgreSQL URL")
    parser.add_argument("--entries", type=int, default=2000, help="default 2000")
    parser.add_argument("--body-words", type=int, default=200, help="words a note, default 200")
    parser.add_argument("--query-words", type=int, default=12, help="default 12")
    parser.add_argument("--queries", type=int, default=4, help="default 4")
    parser.add_argument("--rounds", type=int, default=10, help="default 10")
    parser.add_argument("--adds", type=int, default=20, help="notes indexed a side, default 20")
    args = parser.parse_args()
    docs, queries = _corpus(args)
    tmp = tempfile.TemporaryDirectory()
    engines: list[tuple[str, Any]] = [("SQLite", Database(Path(tmp.name) / "state.db"))]
    with _schema(args.database) if args.database else _none() as url:
        if url:
            from memdir.pg.db import PgDatabase
            from memdir.pg.sessions import PgStateDatabase

            engines.append(("PostgreSQL", PgStateDatabase(PgDatabase(url))))
        on, terms = inflect.TABLES, fts.Fts._entry_terms
        print(
            f"{args.entries} entries of {args.body_words} words, {len(queries)} queries of "
            f"{args.query_words} words, {args.rounds} rounds\n"
        )
        print("| engine | widening | CPU ms p50 / p95 | wall ms p50 / p95 | entries found | same |")
        print("|---|---|---|---|---|---|")
        want: dict[str, list[list[tuple[str, float]]]] = {}  # SQLite's, by mode
        for name, db in engines:
            index = EntryIndex(db)
            index.sync(docs, [("/loc", False)])
            if name == "PostgreSQL":
                db.write(lambda c: c.execute("ANALYZE"))
            modes = ("off", "scan", "on") if name == "PostgreSQL" else ("off", "on")
            for mode in modes:
                inflect.TABLES = on if mode != "off" else frozenset({"messages"})
                fts.Fts._entry_terms = _scan if mode == "scan" else terms  # type: ignore[method-assign]
                try:
                    cpu, wall, ranked = _run(index, docs, queries, args.rounds)
                finally:
                    inflect.TABLES, fts.Fts._entry_terms = on, terms  # type: ignore[method-assign]
                same = "yes" if want.setdefault(mode, ranked) == ranked else "NO"
                if mode == "scan":
                    same = "yes" if want["on"] == ranked else "NO"
                print(
                    f"| {name} | {mode} | {_p(cpu, 50):.1f} / {_p(cpu, 95):.1f} | "
                    f"{_p(wall, 50):.1f} / {_p(wall, 95):.1f} | "
                    f"{sum(map(len, ranked))} | {same} |"
                )
            if name == "PostgreSQL":
                if args.adds:
                    _adds(index, docs, args)
                db.pg.close()
            else:
                db.close()


@contextmanager
def _none() -> Iterator[str]:
    yield ""


if __name__ == "__main__":
    main()
