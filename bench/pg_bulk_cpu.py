"""CPU a message of the PostgreSQL bulk path (``memdir.pg.bulk.copy``): the loading
process's CPU and the cluster's (its processes' utime + stime from ``/proc``, reaped
children included), for ``bench/scale.py``'s generated messages loaded into a fresh
schema, then its ``VACUUM ANALYZE`` apart; the load average beside them. Needs the cluster
on this machine and nothing else using it meanwhile (bench/README.md). ``--without gin``,
``postings`` or ``both``: the load with the messages' GIN index not built, the postings not
written, or neither — a bound on what leaving one out saves, the search then incomplete
(docs/design/team-server.md, "Does the search need both indexes?").

    PYTHONPATH=src .venv-bench/bin/python bench/pg_bulk_cpu.py URL [--n 200000] [--seed 7]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any

import psycopg

sys.path.insert(0, str(Path(__file__).parent))
from pg_pages import _cluster, _cpu
from scale import Generator, fresh_schema, pg_copy


def _leave_out(which: str) -> None:
    """The bulk path's index builds without the GIN index and/or the postings (a bound)."""
    from memdir.pg import bulk

    defer = bulk._defer_indexes

    def without(raw: Any) -> list[str]:
        build = defer(raw)
        if which in ("gin", "both"):
            build = [s for s in build if " USING gin " not in s and "maintenance_work" not in s]
        if which in ("postings", "both"):
            raw.execute("ALTER TABLE messages DISABLE TRIGGER messages_postings_insert")
            build = [s for s in build if "message_postings" not in s]
        return build

    bulk._defer_indexes = without


def _on_backends(n: int, post: list[int | None]) -> None:
    """A bound, not a load anyone may run: the bulk path with each chunk's ``COPY`` and
    ``INSERT … SELECT`` on one of ``n`` connections, each chunk its own transaction (so
    neither atomic nor resumable: a failure leaves what was committed), the sessions and
    the dropped indexes committed first, the indexes built after, as ``copy`` builds them.
    What the server's work on more than one backend would buy the wall
    (docs/design/team-server.md, "Bulk load on two backends")."""
    import queue
    import threading

    from memdir.pg import bulk
    from memdir.sessions.rows import text

    def copy(db: Any, sessions: Any, messages: Any) -> Any:
        def start(c: Any) -> tuple[int, int, list[str]]:
            raw = c.raw
            k = 0
            with raw.cursor().copy("COPY sessions (id, agent, started_at) FROM STDIN") as cp:
                for sid, agent, started in sessions:
                    cp.write_row((text(sid, "session_id"), text(agent, "agent"), float(started)))
                    k += 1
            first = int(raw.execute("SELECT coalesce(max(id), 0) FROM messages").fetchone()[0])
            return k, first + 1, bulk._defer_indexes(raw)

        t0, s0, c0 = time.perf_counter(), _cpu(post[0], reaped=True), time.process_time()
        n_sessions, next_id, build = db.write(start, serialise=False)
        queues: list[queue.Queue[Any]] = [queue.Queue(maxsize=1) for _ in range(n)]
        failed: list[BaseException] = []

        def load(q: queue.Queue[Any]) -> None:
            try:
                with psycopg.connect(db.pg.url, autocommit=True) as conn:
                    conn.execute(bulk.STAGING)
                    while (rows := q.get()) is not None:
                        with conn.transaction():
                            bulk._load_chunk(conn, rows)
            except BaseException as exc:  # noqa: BLE001 — reported by the caller
                failed.append(exc)
                while q.get() is not None:
                    pass

        threads = [threading.Thread(target=load, args=(q,)) for q in queues]
        for t in threads:
            t.start()
        titles: dict[str, str] = {}
        count = 0
        try:
            for i, rows in enumerate(bulk._ahead(bulk._analysed(messages, next_id, titles))):
                queues[i % n].put(rows)
                count += len(rows)
        finally:
            for q in queues:
                q.put(None)
            for t in threads:
                t.join()
        if failed:
            raise failed[0]
        t1, s1, c1 = time.perf_counter(), _cpu(post[0], reaped=True), time.process_time()

        def finish(c: Any) -> None:
            for statement in build:
                c.raw.execute(statement)
            with c.raw.cursor() as cur:
                cur.executemany(
                    "UPDATE sessions SET title = %s WHERE id = %s AND title IS NULL",
                    [(t, sid) for sid, t in titles.items()],
                )

        db.write(finish, serialise=False)
        t2, s2 = time.perf_counter(), _cpu(post[0], reaped=True)
        print(
            f"{n} connections: chunks {t1 - t0:.1f} s (client {c1 - c0:.1f} + cluster "
            f"{s1 - s0:.1f} CPU-s), builds {t2 - t1:.1f} s ({s2 - s1:.1f} cluster CPU-s)",
            flush=True,
        )
        return bulk.Loaded(n_sessions, count)

    bulk.copy = copy


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("url", help="a PostgreSQL URL (a schema is made and dropped)")
    ap.add_argument("--n", type=int, default=200_000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--keep", action="store_true", help="keep the schema")
    ap.add_argument("--without", choices=("gin", "postings", "both"))
    ap.add_argument(
        "--backends",
        type=int,
        help="chunks on this many connections, a chunk a transaction (a bound; 1 too)",
    )
    a = ap.parse_args(argv)
    if a.without:
        _leave_out(a.without)
    postmaster: list[int | None] = [None]  # known once connected
    if a.backends:
        _on_backends(a.backends, postmaster)
    from memdir.pg.db import PgDatabase
    from memdir.pg.sessions import PgStateDatabase

    rows = list(Generator(a.seed).messages(a.n))
    schema, url = fresh_schema(a.url, "bulkcpu")
    with psycopg.connect(a.url, autocommit=True) as control:
        try:
            post = postmaster[0] = _cluster(control)
            if post is None:
                sys.exit("the cluster does not run on this machine")
            db = PgStateDatabase(PgDatabase(url))
            db.migrations()  # the schema is made before the clock starts
            load0 = os.getloadavg()[0]
            c0, s0, t0 = time.process_time(), _cpu(post, reaped=True), time.perf_counter()
            pg_copy(db, rows)
            c1, s1, t1 = time.process_time(), _cpu(post, reaped=True), time.perf_counter()
            db.pg.close()
            tables = control.execute(
                "SELECT quote_ident(schemaname) || '.' || quote_ident(tablename) FROM pg_tables "
                "WHERE schemaname = %s AND tablename IN "
                "('messages', 'sessions', 'message_postings')",
                (db.schema(),),
            ).fetchall()
            for (table,) in tables:
                control.execute(f"VACUUM ANALYZE {table}")
            s2, t2 = _cpu(post, reaped=True), time.perf_counter()
            size = control.execute(
                "SELECT sum(pg_total_relation_size(c.oid)) FROM pg_class c JOIN pg_namespace n "
                "ON n.oid = c.relnamespace WHERE n.nspname = %s AND c.relkind = 'r'",
                (db.schema(),),
            ).fetchone()
            res = {
                "client_us": (c1 - c0) / a.n * 1e6,
                "server_us": (s1 - s0) / a.n * 1e6,
                "vacuum_us": (s2 - s1) / a.n * 1e6,
                "copy_s": t1 - t0,
                "vacuum_s": t2 - t1,
                "bytes_per_msg": int(size[0] or 0) / a.n if size else 0,
                "load": (load0 + os.getloadavg()[0]) / 2,
            }
        finally:
            if not a.keep:
                control.execute(f"DROP SCHEMA {schema} CASCADE")  # the state's own
    print(
        f"n {a.n}  client {res['client_us']:.1f} + server {res['server_us']:.1f} = "
        f"{res['client_us'] + res['server_us']:.1f} µs/msg  vacuum {res['vacuum_us']:.1f} "
        f"µs/msg  copy {res['copy_s']:.1f} s  vacuum {res['vacuum_s']:.1f} s  "
        f"{res['bytes_per_msg']:.0f} B/msg  load {res['load']:.1f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
