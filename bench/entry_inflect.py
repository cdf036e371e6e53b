"""Memory-entry search time with inflected forms (sessions/inflect.py on the entries'
own terms): per-query CPU time of ``EntryIndex.search`` over 1,000 entries, widening on
and off, on SQLite and (``--database``) PostgreSQL.

    PYTHONPATH=$PWD/src .venv/bin/python bench/entry_inflect.py [--entries 1000]
    PYTHONPATH=$PWD/src .venv/bin/python bench/entry_inflect.py --database $URL
    ... --entries 5000 --body-words 200   # longer notes: many more distinct terms

Entries: Russian and Polish names and descriptions built from roots and case endings (so
each query word's prefix holds many forms), and English ones. Queries: one to four words
in another form. CPU time (``time.thread_time``; PostgreSQL's server time is in the wall
time only) after one warm-up search each (which counts the entries found, no limit); "off"
searches with the entries' widening switched off (``inflect.TABLES`` = messages only),
the code before mend60w.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from memdir.core.model import Entry, EntryType
from memdir.sessions import Database, inflect
from memdir.sessions.entries import EntryDoc, EntryIndex

ROOTS_RU = ["договор", "миграци", "машин", "книг", "город", "ремонт", "платеж", "сервер"]
ENDS_RU = ["", "а", "у", "ом", "е", "ы", "ов", "ам", "ами", "ах", "ой", "ую", "ей", "и"]
ROOTS_PL = ["napraw", "samochod", "łazienk", "płatnoś", "faktur", "remont", "umow", "kafel"]
ENDS_PL = ["", "a", "y", "e", "ę", "ą", "om", "ami", "ach", "ów", "owi", "ie", "em", "u"]
EN = [
    "deploy",
    "server",
    "cluster",
    "billing",
    "invoice",
    "token",
    "release",
    "branch",
    "review",
    "staging",
]
QUERIES = [
    "миграцией",
    "договором аренды",
    "сервера и ремонта",
    "книгами городов платежей машиной",
    "naprawą samochodu",
    "faktury za remont łazienki",
    "deploy the staging cluster",
    "billing invoice",
]


def _docs(n: int, body_words: int = 0) -> list[EntryDoc]:
    rnd = random.Random(60)
    letters = "абвгдеёжзийклмнопрстуфхцчшщьыэюя"
    pool = ["".join(rnd.choices(letters, k=rnd.randint(4, 10))) for _ in range(30_000)]
    now = datetime(2026, 12, 7, tzinfo=UTC)
    out = []
    for i in range(n):
        if i % 3 == 2:
            words = rnd.sample(EN, 5)
        else:
            roots, ends = (ROOTS_RU, ENDS_RU) if i % 3 == 0 else (ROOTS_PL, ENDS_PL)
            words = [r + rnd.choice(ends) for r in rnd.sample(roots, 5)]
        name, desc = " ".join(words[:2]), " ".join(words[2:])
        body = f"{' '.join(words)} note {i}"
        if body_words:  # a note of some length, of a vocabulary of 30,000 words
            body += " " + " ".join(rnd.choices(pool, k=body_words))
        out.append(
            EntryDoc(
                "/loc", "project", Entry(f"e{i}", name, desc, EntryType.PROJECT, body, now, now)
            )
        )
    return out


def _times(
    index: EntryIndex, docs: list[EntryDoc], rounds: int
) -> tuple[list[float], list[float], int]:
    """CPU and wall ms of each search, and the entries all queries find (no limit)."""
    found, args_limit = 0, len(docs)
    for q in QUERIES:  # warm-up: sync, caches
        found += len(index.search(q, docs, ["/loc"], limit=args_limit))
    cpu, wall = [], []
    for _ in range(rounds):
        for q in QUERIES:
            t0, w0 = time.thread_time(), time.perf_counter()
            index.search(q, docs, ["/loc"])
            cpu.append((time.thread_time() - t0) * 1000)
            wall.append((time.perf_counter() - w0) * 1000)
    return cpu, wall, found


def _row(ms: list[float]) -> str:
    return f"p50 {statistics.median(ms):6.2f} p95 {statistics.quantiles(ms, n=20)[-1]:6.2f}"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--entries", type=int, default=1000)
    ap.add_argument("--rounds", type=int, default=20)
    ap.add_argument("--database", help="also on this PostgreSQL URL")
    ap.add_argument("--body-words", type=int, default=0, help="random words added a body")
    args = ap.parse_args()
    docs = _docs(args.entries, args.body_words)
    engines: list[tuple[str, Any]] = []
    tmp = tempfile.TemporaryDirectory()
    engines.append(("sqlite", Database(Path(tmp.name) / "state.db")))
    if args.database:
        from memdir.pg.db import PgDatabase
        from memdir.pg.sessions import PgStateDatabase

        engines.append(("postgresql", PgStateDatabase(PgDatabase(args.database))))
    on = inflect.TABLES
    for name, db in engines:
        index = EntryIndex(db)
        for label, tables in (("on", on), ("off", frozenset({"messages"}))):
            inflect.TABLES = tables
            cpu, wall, found = _times(index, docs, args.rounds)
            print(
                f"{name:<10} widening {label:<3}  CPU ms {_row(cpu)}  wall ms {_row(wall)}  "
                f"(n={len(cpu)}), entries found {found}"
            )
        inflect.TABLES = on
    tmp.cleanup()


if __name__ == "__main__":
    main()
