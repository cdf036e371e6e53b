"""A long Arabic query over long Arabic notes (rv60w): wall ms of ``EntryIndex.search``
with the entries' widening on and off, SQLite and PostgreSQL. PostgreSQL lists every
entry's terms once per query and matches each of the query's prefix keys (12 words × 12
clitic keys) against all of them.

    PYTHONPATH=$PWD/src .venv/bin/python bench/entry_inflect_ar.py URL [entries]
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from memdir.core.model import Entry, EntryType
from memdir.pg.db import PgDatabase
from memdir.pg.sessions import PgStateDatabase
from memdir.sessions import Database, inflect
from memdir.sessions.entries import EntryDoc, EntryIndex

LETTERS = "ابتثجحخدذرزسشصضطظعغفقكلمنهوي"
CLITICS = ("", "ال", "بال", "و", "لل")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("url", help="a PostgreSQL URL (postgresql://USER@HOST:PORT/DBNAME)")
    parser.add_argument("entries", nargs="?", type=int, default=2000, help="default 2000")
    args = parser.parse_args()
    url, n = args.url, args.entries
    rnd = random.Random(7)
    pool = ["".join(rnd.choices(LETTERS, k=rnd.randint(3, 7))) for _ in range(30_000)]
    now = datetime(2026, 12, 7, tzinfo=UTC)
    docs = []
    for i in range(n):
        body = " ".join(rnd.choice(CLITICS) + w for w in rnd.choices(pool, k=200))
        name = " ".join(rnd.choices(pool, k=3))
        entry = Entry(f"e{i}", name, "وصف", EntryType.PROJECT, body, now, now)
        docs.append(EntryDoc("/loc", "project", entry))
    query = " ".join("بال" + w for w in rnd.sample(pool, 12))
    on = inflect.TABLES
    for label, tables in (("on", on), ("off", frozenset({"messages"}))):
        inflect.TABLES = tables
        engines: list[tuple[str, Any]] = [
            ("sqlite", Database(Path(tempfile.mkdtemp()) / "state.db")),
            ("postgresql", PgStateDatabase(PgDatabase(url))),
        ]
        for name, db in engines:
            index = EntryIndex(db)
            index.search(query, docs, ["/loc"])  # sync, caches
            ms = []
            for _ in range(3):
                t0 = time.perf_counter()
                index.search(query, docs, ["/loc"])
                ms.append((time.perf_counter() - t0) * 1000)
            print(f"{name:<10} widening {label:<3} wall ms {[round(m) for m in ms]}")
    inflect.TABLES = on


if __name__ == "__main__":
    main()
