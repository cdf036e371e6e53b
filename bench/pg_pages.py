"""Statements and buffer pages per session search on PostgreSQL (counts: the same on a
loaded machine), with client and cluster CPU per search and the load beside them. Reads a
``bench/scale.py --keep DIR`` database; needs ``pg_stat_statements`` in the cluster's
``shared_preload_libraries`` and no other client on that database (bench/README.md);
planning time is counted with ``pg_stat_statements.track_planning = on`` (0 without).

    PYTHONPATH=src .venv-bench/bin/python bench/pg_pages.py DIR [--by-statement] [--top 5]
        [--query '"if a"' ...] [--kinds flat,grouped,recall] [--filter '{"until": 1.7e9}']

``recall`` searches as ``Conversation.recall`` does every turn: ``search(q, limit=3,
window=0)`` leaving out one session (the newest: its own lineage) with ``memory_modes``
("enabled"), plus ``--filter``'s (JSON: a selective one, e.g. an old ``until``).
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

import psycopg

UTILITY = re.compile(r"^\s*(BEGIN|COMMIT|ROLLBACK|SET|SHOW|RESET)\b", re.I)
OWN = "pg_stat_statements"


def _stat(pid: int) -> list[str]:
    """Fields of ``/proc/PID/stat`` after the command name (index 0 is the state)."""
    text = Path(f"/proc/{pid}/stat").read_text()
    return text[text.rindex(")") + 2 :].split()


def _cluster(conn: psycopg.Connection[Any]) -> int | None:
    """The postmaster of ``conn``'s cluster when it runs on this machine."""
    row = conn.execute("SELECT pg_backend_pid()").fetchone()
    try:
        return int(_stat(int(row[0]))[1]) if row else None
    except (OSError, ValueError, IndexError):
        return None


def _cpu(post: int | None, *, reaped: bool = False) -> float:
    """CPU seconds of the cluster's processes (the postmaster and its children; exited
    backends are not counted, the pool keeps its connections), with ``reaped`` those of
    the children the postmaster reaped too."""
    if post is None:
        return 0.0
    total = 0
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            fields = _stat(int(proc.name))
        except (OSError, ValueError):
            continue
        if int(proc.name) == post or fields[1] == str(post):
            total += int(fields[11]) + int(fields[12])  # utime, stime
            if reaped and int(proc.name) == post:
                total += int(fields[13]) + int(fields[14])  # cutime, cstime
    return total / os.sysconf("SC_CLK_TCK")


def searcher(md: Any, kind: str, extra: dict[str, Any]) -> Any:
    """The search ``kind`` sends (see the module)."""
    if kind == "recall":
        own = md.sessions.list(limit=1)  # the newest session: the one recalling
        flt = {"exclude": [s.id for s in own], "memory_modes": ("enabled",), **extra}
        return lambda q: md.sessions.search(q, limit=3, window=0, **flt)
    if kind == "grouped":
        return lambda q: md.sessions.search(q, limit=10, window=1)
    return lambda q: md.sessions.search_messages(q, limit=20)


def measure(
    md: Any, control: psycopg.Connection[Any], queries: list[str], run: Any
) -> dict[str, Any]:
    """Per query: data statements, pages; per statement shape: calls, pages."""
    for q in queries:  # warm-up: caches, the pool, the analyzer
        run(q)
    statements: list[int] = []
    pages: list[int] = []
    reads: list[int] = []
    exec_ms: list[float] = []
    plan_ms: list[float] = []
    shapes: Counter[str] = Counter()
    shape_calls: Counter[str] = Counter()
    shape_ms: Counter[str] = Counter()  # plan + execution ms
    for q in queries:
        control.execute("SELECT pg_stat_statements_reset()")
        run(q)
        n = p = r = 0
        ms = planned = 0.0
        for text, calls, blocks, missed, spent, plan in control.execute(
            "SELECT query, calls, shared_blks_hit + shared_blks_read, shared_blks_read, "
            "total_exec_time, total_plan_time "
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
            ms += spent
            planned += plan
            shape = " ".join(text.split())[:90]
            shapes[shape] += blocks
            shape_calls[shape] += calls
            shape_ms[shape] += plan + spent
        statements.append(n)
        pages.append(p)
        reads.append(r)
        exec_ms.append(ms)
        plan_ms.append(planned)
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
        "exec_ms": statistics.fmean(exec_ms),
        "plan_ms": statistics.fmean(plan_ms),
        "shapes": shapes,
        "shape_calls": shape_calls,
        "shape_ms": shape_ms,
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
    ap.add_argument("--kinds", default="flat,grouped", help="of flat, grouped, recall")
    ap.add_argument("--filter", default="{}", help="recall: more filters (JSON)")
    ap.add_argument("--by-statement", action="store_true", help="pages by statement shape")
    ap.add_argument("--queries", type=int, default=0, help="only the first N queries")
    ap.add_argument("--top", type=int, default=0, help="the N queries reading most pages")
    ap.add_argument("--query", action="append", help="measure this text instead (repeatable)")
    a = ap.parse_args(argv)
    kinds = a.kinds.split(",")
    if not kinds or not set(kinds) <= {"flat", "grouped", "recall"}:
        ap.error(f"--kinds takes flat, grouped, recall or a list of them, not {a.kinds!r}")
    url = json.loads((a.dir / "memdir-pg" / "pg.json").read_text())["url"]
    queries = json.loads((a.dir / "queries.json").read_text())
    if a.queries:
        queries = queries[: a.queries]
    if a.query:
        queries = a.query
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
            f"{'max':>8}{'read':>7}{'plan ms':>8}{'exec ms':>8}{'client ms':>10}{'server ms':>10}"
            f"{'wall ms':>9}{'load':>6}"
        )
        for kind in kinds:
            r = measure(md, control, queries, searcher(md, kind, json.loads(a.filter)))
            st, pg = r["statements"], r["pages"]
            server = f"{r['server_ms']:>10.1f}" if r["server_ms"] is not None else f"{'n/a':>10}"
            print(
                f"{kind:<10}{statistics.fmean(st):>11.2f}{max(st):>5}{statistics.fmean(pg):>11,.0f}"
                f"{_pct(pg, 50):>8,.0f}{_pct(pg, 95):>8,.0f}{max(pg):>8,}"
                f"{statistics.fmean(r['reads']):>7,.0f}{r['plan_ms']:>8.1f}{r['exec_ms']:>8.1f}"
                f"{r['client_ms']:>10.1f}{server}{r['wall_ms']:>9.1f}{r['load']:>6.1f}"
            )
            for i in sorted(range(len(pg)), key=lambda i: -pg[i])[: a.top]:
                print(f"    {pg[i]:>9,} pages {st[i]:>3} statements  {queries[i]}")
            if a.by_statement:
                for shape, blocks in r["shapes"].most_common(12):
                    print(
                        f"    {blocks / len(queries):>9,.0f} pages "
                        f"{r['shape_calls'][shape] / len(queries):>5.2f}/search "
                        f"{r['shape_ms'][shape] / len(queries):>6.2f} ms  {shape}"
                    )
    md.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
