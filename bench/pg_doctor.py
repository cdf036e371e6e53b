"""What ``memdir doctor``'s check of the team state costs: ``PgStateDatabase.health`` and,
alternately, its postings check (``POSTINGS_AGREE``) alone, on a state ``bench/scale.py
--keep DIR`` left (``DIR/memdir-pg/pg.json``); ``--repair`` plants a stale posting and
times the repair. ``--deep``: ``health(deep=True)`` and its check (``POSTINGS_TERMS_AGREE``)
alone too, in the same rounds; with ``--repair`` the planted posting is a wrong term with
the right id, which only the deep check finds, and 100 messages' text is changed without
their ``tsv``, which only the deep text check (``fts.stale_rows``, timed alone too, with
the client's CPU and the server backend's) finds. ``--sqlite DIR/memdir/state.db``: first
the same rounds of SQLite's check (``sessions.maintenance.check``), plain and deep.

    PYTHONPATH=src .venv-bench/bin/python bench/pg_doctor.py DIR/memdir-pg/pg.json --repair
    PYTHONPATH=src .venv-bench/bin/python bench/pg_doctor.py DIR/memdir-pg/pg.json --deep \
        --sqlite DIR/memdir/state.db
"""

from __future__ import annotations

import argparse
import getpass
import json
import os
import time
from pathlib import Path
from typing import Any

import psycopg

from memdir.pg.db import PgDatabase
from memdir.pg.fts import POSTINGS_AGREE, POSTINGS_TERMS_AGREE, stale_rows
from memdir.pg.sessions import PgStateDatabase
from memdir.sessions import Database
from memdir.sessions.maintenance import check as check_sqlite


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("pg_json", type=Path)
    ap.add_argument("--user", default=os.environ.get("MEMDIR_USER") or getpass.getuser())
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--repair", action="store_true")
    ap.add_argument("--deep", action="store_true")
    ap.add_argument("--sqlite", type=Path, help="a state.db to time check(deep=...) on")
    a = ap.parse_args()
    print(f"load {Path('/proc/loadavg').read_text().split()[:3]}")
    if a.sqlite:
        sqlite = Database(a.sqlite)
        for _ in range(a.rounds):
            for deep in (False, True):
                t = time.perf_counter()
                got = check_sqlite(sqlite, repair=False, deep=deep)
                ms = (time.perf_counter() - t) * 1000
                print(f"SQLite check(deep={deep}) {ms:7.0f} ms; problems: {got.problems}")
        sqlite.close()
    url = json.loads(a.pg_json.read_text())["url"]
    db = PgStateDatabase(PgDatabase(url), user=a.user)
    checks = [("postings check", POSTINGS_AGREE)]
    if a.deep:
        checks.append(("deep postings check", POSTINGS_TERMS_AGREE))
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f'SET search_path TO "{db.schema()}"')
        for table in ("messages", "message_postings"):
            rows = conn.execute(f"SELECT count(*) FROM {table}").fetchone()
            print(f"{table}: {rows[0] if rows else 0:,} rows")
        for name, sql in checks:
            got = conn.execute("EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) " + sql).fetchone()
            top = got[0][0] if got else {}
            print(
                f"{name}: {top.get('Execution Time', 0):.0f} ms, shared buffers hit "
                f"{top['Plan'].get('Shared Hit Blocks', 0):,} read "
                f"{top['Plan'].get('Shared Read Blocks', 0):,}"
            )
    print(f"load {Path('/proc/loadavg').read_text().split()[:3]}")
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f'SET search_path TO "{db.schema()}"')
        for _ in range(a.rounds):
            for deep, (name, sql) in zip((False, True), checks, strict=False):
                t = time.perf_counter()
                health = db.health(repair=False, deep=deep)
                ms = (time.perf_counter() - t) * 1000
                t = time.perf_counter()
                conn.execute(sql).fetchone()
                check = (time.perf_counter() - t) * 1000
                print(
                    f"health(repair=False, deep={deep}) {ms:7.0f} ms, {name} alone "
                    f"{check:7.0f} ms; problems: {health.problems}"
                )
    if a.deep:
        for _ in range(a.rounds):
            t, cpu = time.perf_counter(), time.process_time()
            found, server = db.read(_text_check, action="check the text")
            print(
                f"text check alone (stale_rows, messages) {time.perf_counter() - t:6.2f} s, "
                f"client CPU {time.process_time() - cpu:5.2f} s, server backend CPU "
                f"{server:5.2f} s; rows disagreeing: {len(found)}"
            )
    if a.repair:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(f'SET search_path TO "{db.schema()}"')
            if a.deep:  # a wrong term, the right id: the counts and id sums still agree
                conn.execute(
                    "UPDATE message_postings SET term = 'zzzwrong' WHERE (term, id) = "
                    "(SELECT term, id FROM message_postings LIMIT 1)"
                )  # and texts changed without their terms (the trigger off)
                conn.execute("ALTER TABLE messages DISABLE TRIGGER messages_text")
                conn.execute(
                    "UPDATE messages SET content = content || ' zzznewword' "
                    "WHERE id IN (SELECT id FROM messages ORDER BY id LIMIT 100)"
                )
                conn.execute("ALTER TABLE messages ENABLE TRIGGER messages_text")
            else:
                conn.execute("INSERT INTO message_postings VALUES ('zzzstale', 1)")
        if a.deep:
            print(f"planted a wrong term; the plain check: {db.health(repair=False).problems}")
        t = time.perf_counter()
        health = db.health(repair=True, deep=a.deep)
        print(
            f"health(repair=True, deep={a.deep}), a {'wrong' if a.deep else 'stale'} "
            f"posting: {time.perf_counter() - t:.1f} s repaired {health.repaired} "
            f"damaged {health.damaged}; text rows {health.text_disagreed} disagreed, "
            f"{health.text_repaired} indexed again"
        )
    print(f"load {Path('/proc/loadavg').read_text().split()[:3]}")
    db.pg.close()


def _text_check(c: Any) -> tuple[dict[int, int], float]:
    """``stale_rows`` over the messages and the CPU seconds its server backend spent."""
    pid = c.execute("SELECT pg_backend_pid()").fetchone()[0]

    def cpu() -> float:
        return int(Path(f"/proc/{pid}/schedstat").read_text().split()[0]) / 1e9

    before = cpu()
    found = stale_rows(c, "messages")
    return found, cpu() - before


if __name__ == "__main__":
    main()
