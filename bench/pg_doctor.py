"""What ``memdir doctor``'s check of the team state costs: ``PgStateDatabase.health`` and,
alternately, its postings check (``POSTINGS_AGREE``) alone, on a state ``bench/scale.py
--keep DIR`` left (``DIR/memdir-pg/pg.json``); ``--repair`` plants a stale posting and
times the repair. ``--deep``: ``health(deep=True)`` and its check (``POSTINGS_TERMS_AGREE``)
alone too, in the same rounds; with ``--repair`` the planted posting is a wrong term with
the right id, which only the deep check finds, and 100 messages' text (``--stale N``: N)
is changed without their ``tsv``, which only the deep text check (``fts.stale_rows``, timed
alone too, with the client's CPU and the server backend's) finds; the repair is timed to
its end (wall, this process's CPU, the cluster's from ``/proc/PID/stat``) and split by the
transactions ``health`` runs. ``--sqlite DIR/memdir/state.db``: first the same rounds of
SQLite's check (``sessions.maintenance.check``), plain and deep.

    PYTHONPATH=src .venv-bench/bin/python bench/pg_doctor.py DIR/memdir-pg/pg.json --repair
    PYTHONPATH=src .venv-bench/bin/python bench/pg_doctor.py DIR/memdir-pg/pg.json --deep \
        --sqlite DIR/memdir/state.db
"""

from __future__ import annotations

import argparse
import functools
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
    ap.add_argument("--stale", type=int, default=100, help="messages --deep --repair changes")
    ap.add_argument("--text-only", action="store_true", help="--deep --repair: no wrong term")
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
    db = PgStateDatabase(PgDatabase(url, application=APP), user=a.user)
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
                if not a.text_only:
                    conn.execute(
                        "UPDATE message_postings SET term = 'zzzwrong' WHERE (term, id) = "
                        "(SELECT term, id FROM message_postings LIMIT 1)"
                    )  # and texts changed without their terms (the trigger off)
                conn.execute("ALTER TABLE messages DISABLE TRIGGER USER")  # the tsv kept
                conn.execute(
                    "UPDATE messages SET content = content || ' zzznewword' "
                    "WHERE id IN (SELECT id FROM messages ORDER BY id LIMIT %s)",
                    (a.stale,),
                )
                conn.execute("ALTER TABLE messages ENABLE TRIGGER USER")
            else:
                conn.execute("INSERT INTO message_postings VALUES ('zzzstale', 1)")
        if a.deep:
            print(f"planted a wrong term; the plain check: {db.health(repair=False).problems}")
        print(f"load {Path('/proc/loadavg').read_text().split()[:3]}")
        timed = _Timed(db, url)
        t, cpu = time.perf_counter(), time.process_time()
        server, own = _cluster_cpu(url), timed.backends()
        health = timed.health(repair=True, deep=a.deep)
        print(
            f"health(repair=True, deep={a.deep}), a {'wrong' if a.deep else 'stale'} "
            f"posting: {time.perf_counter() - t:.1f} s, client CPU "
            f"{time.process_time() - cpu:.1f} s, backend CPU {timed.backends() - own:.1f} s, "
            f"cluster CPU {_cluster_cpu(url) - server:.1f} s; repaired {health.repaired} "
            f"damaged {health.damaged}; text rows {health.text_disagreed} disagreed, "
            f"{health.text_repaired} indexed again"
        )
        for action, (n, wall, client, cluster, backend) in timed.spent.items():
            print(
                f"  {action}: {n} transactions, {wall:.1f} s, client CPU {client:.1f} s, "
                f"backend CPU {backend:.1f} s, cluster CPU {cluster:.1f} s"
            )
    print(f"load {Path('/proc/loadavg').read_text().split()[:3]}")
    db.pg.close()


#: this run's connections, whose backends' CPU is this run's server CPU
APP = f"pg_doctor-{os.getpid()}"


def _cpu(pid: int) -> float:
    """CPU seconds (user + system) process ``pid`` has spent (0 once it exited)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(") ", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@functools.cache
def _postmaster(url: str) -> int:
    with psycopg.connect(url, autocommit=True) as conn:
        row = conn.execute("SELECT current_setting('data_directory')").fetchone()
    return int((Path(row[0] if row else "") / "postmaster.pid").read_text().split()[0])


def _cluster_cpu(url: str) -> float:
    """CPU seconds (user + system) the cluster's live processes have spent: the
    postmaster named by ``data_directory``'s ``postmaster.pid`` and its children."""
    main = _postmaster(url)
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            pid, rest = stat.read_text().split(" (", 1)
        except OSError:
            continue  # exited meanwhile
        if int(pid) == main or int(rest.rsplit(") ", 1)[1].split()[1]) == main:  # ppid
            total += _cpu(int(pid))
    return total


class _Timed(PgStateDatabase):
    """``db``'s state, its transactions' wall, client and cluster CPU summed by action."""

    def __init__(self, db: PgStateDatabase, url: str) -> None:
        super().__init__(db.pg, user=db.user)
        self.url = url
        self.spent: dict[str, tuple[int, float, float, float, float]] = {}
        self.monitor = psycopg.connect(url, autocommit=True)

    def backends(self) -> float:
        """CPU seconds this run's live backends have spent (``APP``)."""
        sql = "SELECT pid FROM pg_stat_activity WHERE application_name = %s"
        return sum(_cpu(pid) for (pid,) in self.monitor.execute(sql, (APP,)).fetchall())

    def _pg_transaction(self, body: Any, *, action: str = "", **kw: Any) -> Any:
        t, cpu = time.perf_counter(), time.process_time()
        server, own = _cluster_cpu(self.url), self.backends()
        try:
            return super()._pg_transaction(body, action=action, **kw)
        finally:
            n, wall, client, cluster, backend = self.spent.get(action, (0, 0, 0, 0, 0))
            self.spent[action] = (
                n + 1,
                wall + time.perf_counter() - t,
                client + time.process_time() - cpu,
                cluster + _cluster_cpu(self.url) - server,
                backend + self.backends() - own,
            )


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
