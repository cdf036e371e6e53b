"""What ``memdir doctor``'s check of the team state costs: ``PgStateDatabase.health`` and,
alternately, its postings check (``POSTINGS_AGREE``) alone, on a state ``bench/scale.py
--keep DIR`` left (``DIR/memdir-pg/pg.json``); ``--repair`` plants a stale posting and
times the repair.

    PYTHONPATH=src .venv-bench/bin/python bench/pg_doctor.py DIR/memdir-pg/pg.json --repair
"""

from __future__ import annotations

import argparse
import getpass
import json
import os
import time
from pathlib import Path

import psycopg

from memdir.pg.db import PgDatabase
from memdir.pg.fts import POSTINGS_AGREE
from memdir.pg.sessions import PgStateDatabase


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("pg_json", type=Path)
    ap.add_argument("--user", default=os.environ.get("MEMDIR_USER") or getpass.getuser())
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--repair", action="store_true")
    a = ap.parse_args()
    url = json.loads(a.pg_json.read_text())["url"]
    db = PgStateDatabase(PgDatabase(url), user=a.user)
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f'SET search_path TO "{db.schema()}"')
        for table in ("messages", "message_postings"):
            rows = conn.execute(f"SELECT count(*) FROM {table}").fetchone()
            print(f"{table}: {rows[0] if rows else 0:,} rows")
        plan = conn.execute("EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) " + POSTINGS_AGREE)
        got = plan.fetchone()
        top = got[0][0] if got else {}
        print(
            f"postings check: {top.get('Execution Time', 0):.0f} ms, shared buffers hit "
            f"{top['Plan'].get('Shared Hit Blocks', 0):,} read "
            f"{top['Plan'].get('Shared Read Blocks', 0):,}"
        )
    print(f"load {Path('/proc/loadavg').read_text().split()[:3]}")
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f'SET search_path TO "{db.schema()}"')
        for _ in range(a.rounds):
            t = time.perf_counter()
            health = db.health(repair=False)
            ms = (time.perf_counter() - t) * 1000
            t = time.perf_counter()
            conn.execute(POSTINGS_AGREE).fetchone()
            check = (time.perf_counter() - t) * 1000
            print(f"health(repair=False) {ms:7.0f} ms, its postings check alone {check:7.0f} ms")
            print(f"  problems: {health.problems}")
    if a.repair:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(f'SET search_path TO "{db.schema()}"')
            conn.execute("INSERT INTO message_postings VALUES ('zzzstale', 1)")
        t = time.perf_counter()
        health = db.health(repair=True)
        print(
            f"health(repair=True), a stale posting: {time.perf_counter() - t:.1f} s "
            f"repaired {health.repaired} damaged {health.damaged}"
        )
    print(f"load {Path('/proc/loadavg').read_text().split()[:3]}")
    db.pg.close()


if __name__ == "__main__":
    main()
