"""Statements and buffer pages per session search on PostgreSQL: counts, the same on a
loaded machine as on an idle one, unlike timings. Reads a ``bench/scale.py --keep DIR``
database (``DIR/memdir-pg/pg.json``, ``DIR/queries.json``), warms up with every query,
then runs each once with ``pg_stat_statements`` reset before it: per search, the data
statements it sent (BEGIN, SET and COMMIT apart) and the shared buffers they hit or read
(``read``: of those, the ones not in shared buffers);
also the client's and the cluster's CPU time per search (``/proc``; the cluster's only
when it runs on this machine), with the load average beside it.

    PYTHONPATH=src .venv-bench/bin/python bench/pg_pages.py DIR            # both kinds
    PYTHONPATH=src .venv-bench/bin/python bench/pg_pages.py DIR --by-statement

Needs ``pg_stat_statements`` loaded (``shared_preload_libraries = 'pg_stat_statements'``
in the cluster's ``postgresql.conf``, then a restart); the script creates the extension.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import psutil
import psycopg

UTILITY = re.compile(r"^\s*(BEGIN|COMMIT|ROLLBACK|SET|SHOW|RESET)\b", re.I)
OWN = "pg_stat_statements"


def _cluster(conn: psycopg.Connection[Any]) -> psutil.Process | None:
    """The postmaster of ``conn``'s cluster when it runs on this machine."""
    row = conn.execute("SELECT pg_backend_pid()").fetchone()
    try:
        backend = psutil.Process(int(row[0])) if row else None
        return backend.parent() if backend else None
    except (psutil.Error, OSError):
        return None


def _cpu(post: psutil.Process | None) -> float:
    """CPU seconds of the cluster's processes (exited backends are not counted; the pool
    keeps its connections)."""
    if post is None:
        return 0.0
    total = 0.0
    for p in [post, *post.children()]:
        try:
            t = p.cpu_times()
            total += t.user + t.system
        except psutil.Error:
            continue
    return total


def measure(
    md: Any, control: psycopg.Connection[Any], queries: list[str], grouped: bool
) -> dict[str, Any]:
    """Per query: data statements, pages; per statement shape: calls, pages."""
    run = (
        (lambda q: md.sessions.search(q, limit=10, window=1))
        if grouped
        else (lambda q: md.sessions.search_messages(q, limit=20))
    )
    for q in queries:  # warm-up: caches, the pool, the analyzer
        run(q)
    statements: list[int] = []
    pages: list[int] = []
    reads: list[int] = []
    shapes: Counter[str] = Counter()
    shape_calls: Counter[str] = Counter()
    for q in queries:
        control.execute("SELECT pg_stat_statements_reset()")
        run(q)
        n = p = r = 0
        for text, calls, blocks, missed in control.execute(
            "SELECT query, calls, shared_blks_hit + shared_blks_read, shared_blks_read "
            "FROM pg_stat_statements "
            "WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) "
            "AND strpos(query, %s) = 0",
            (OWN,),
        ):
            if UTILITY.match(text):
                continue
            n += calls
            p += blocks
            r += missed
            shape = " ".join(text.split())[:90]
            shapes[shape] += blocks
            shape_calls[shape] += calls
        statements.append(n)
        pages.append(p)
        reads.append(r)
    post = _cluster(control)
    load0 = os.getloadavg()[0]
    cpu0, srv0, t0 = time.process_time(), _cpu(post), time.perf_counter()
    for q in queries:
        run(q)
    wall = (time.perf_counter() - t0) / len(queries)
    client = (time.process_time() - cpu0) / len(queries)
    server = (_cpu(post) - srv0) / len(queries)
    return {
        "statements": statements,
        "pages": pages,
        "reads": reads,
        "shapes": shapes,
        "shape_calls": shape_calls,
        "client_ms": client * 1000,
        "server_ms": server * 1000 if post else None,
        "wall_ms": wall * 1000,
        "load": (load0 + os.getloadavg()[0]) / 2,
    }


def _pct(values: list[int], p: float) -> float:
    s = sorted(values)
    return float(s[min(len(s) - 1, int(p / 100 * len(s)))])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("dir", type=Path, help="a bench/scale.py --keep directory with memdir-pg")
    ap.add_argument("--kinds", default="flat,grouped", help="flat, grouped or both")
    ap.add_argument("--by-statement", action="store_true", help="pages by statement shape")
    ap.add_argument("--queries", type=int, default=0, help="only the first N queries")
    ap.add_argument("--top", type=int, default=0, help="the N queries reading most pages")
    a = ap.parse_args(argv)
    url = json.loads((a.dir / "memdir-pg" / "pg.json").read_text())["url"]
    queries = json.loads((a.dir / "queries.json").read_text())
    if a.queries:
        queries = queries[: a.queries]
    import memdir

    md = memdir.open(home=a.dir / "memdir-pg", project=a.dir / "memdir-pg", database_url=url)
    with psycopg.connect(url, autocommit=True) as control:
        control.execute(f"CREATE EXTENSION IF NOT EXISTS {OWN}")
        row = control.execute(
            "SELECT extnamespace::regnamespace::text FROM pg_extension WHERE extname = %s", (OWN,)
        ).fetchone()
        control.execute(f"SET search_path = {row[0] if row else 'public'}")
        print(f"{len(queries)} queries; {url.split('@')[-1]}")
        print(
            f"{'search':<10}{'stmts mean':>11}{'max':>5}{'pages mean':>11}{'p50':>8}{'p95':>8}"
            f"{'max':>8}{'read':>7}{'client ms':>10}{'server ms':>10}{'wall ms':>9}{'load':>6}"
        )
        for kind in a.kinds.split(","):
            r = measure(md, control, queries, kind == "grouped")
            st, pg = r["statements"], r["pages"]
            server = f"{r['server_ms']:>10.1f}" if r["server_ms"] is not None else f"{'n/a':>10}"
            print(
                f"{kind:<10}{statistics.fmean(st):>11.2f}{max(st):>5}{statistics.fmean(pg):>11,.0f}"
                f"{_pct(pg, 50):>8,.0f}{_pct(pg, 95):>8,.0f}{max(pg):>8,}"
                f"{statistics.fmean(r['reads']):>7,.0f}"
                f"{r['client_ms']:>10.1f}{server}{r['wall_ms']:>9.1f}{r['load']:>6.1f}"
            )
            for i in sorted(range(len(pg)), key=lambda i: -pg[i])[: a.top]:
                print(f"    {pg[i]:>9,} pages {st[i]:>3} statements  {queries[i]}")
            if a.by_statement:
                for shape, blocks in r["shapes"].most_common(12):
                    print(
                        f"    {blocks / len(queries):>9,.0f} pages "
                        f"{r['shape_calls'][shape] / len(queries):>5.2f}/search  {shape}"
                    )
    md.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
