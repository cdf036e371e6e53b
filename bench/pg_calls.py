"""Round trips to PostgreSQL per library call of the team server's MCP tools: deterministic,
unlike timings on a shared machine. Counts libpq sends (psycopg's Python implementation;
one per statement outside a pipeline, one per pipeline sync; BEGIN and COMMIT included)
over ``--calls`` calls of each tool after a warm-up, one user, the project scope, no
background pipeline; with ``--where``, which library function sent each. Needs
MEMDIR_TEST_DATABASE_URL (a database it may make a schema in; dropped after).

    MEMDIR_TEST_DATABASE_URL=postgresql://… .venv/bin/python bench/pg_calls.py
    PYTHONPATH=/other/checkout/src …   # the same count for another checkout
"""

from __future__ import annotations

import argparse
import collections
import os
import secrets
import sys
import tempfile
import traceback
from pathlib import Path
from typing import Any

os.environ["PSYCOPG_IMPL"] = "python"  # before psycopg is imported: its sends can be counted
os.environ["MEMDIR_BACKGROUND"] = "0"  # no pipeline worker: only the calls' own queries

import psycopg
from psycopg.pq import pq_ctypes

SENDS = ("send_query", "send_query_params", "send_query_prepared", "send_prepare", "exec_")
SENDS += ("exec_params", "exec_prepared", "pipeline_sync")
counting = False
trips: collections.Counter[str] = collections.Counter()
show_where = False
LOCK = b"pg_advisory_xact_lock(hashtextextended"
held_trips = 0  # round trips with a scope's advisory lock held (after the one taking it)
_prepared: dict[tuple[int, bytes], bytes] = {}  # (connection, statement name) -> query
_locking: dict[int, str] = {}
_ending: set[int] = set()  # connection -> "taking" (lock queued) or "held"


def _caller() -> str:
    frames = traceback.extract_stack(limit=60)
    mine = [
        f"{Path(f.filename).stem}.{f.name}"
        for f in frames
        if "/memdir/" in f.filename and "/pg/" not in f.filename and "/storage/" not in f.filename
    ]
    kept = [n for n in mine if not n.startswith(("tools.call", "conversation."))]
    return " > ".join(kept[:4])


def _counted(name: str) -> Any:
    real = getattr(pq_ctypes.PGconn, name)

    def send(self: Any, *args: Any, **kwargs: Any) -> Any:
        global held_trips
        command = args[0] if args and isinstance(args[0], bytes) else b""
        if name == "send_prepare":  # (name, command): later sent by name
            _prepared[id(self), args[0]] = command = args[1]
        elif name in ("send_query_prepared", "exec_prepared"):
            command = _prepared.get((id(self), command), b"")
        state = _locking.get(id(self))
        if LOCK in command:
            _locking[id(self)] = state = "taking"
        trip = name == "pipeline_sync" or self.pipeline_status == 0
        if counting and trip:
            trips[_caller() if show_where else "all"] += 1
            held_trips += state == "held"
        if trip and state == "taking":
            _locking[id(self)] = "held"
        if command.strip().upper() in (b"COMMIT", b"ROLLBACK"):
            _ending.add(id(self))  # the transaction ends with this (or the pipeline's) trip
        if trip and id(self) in _ending:
            _ending.discard(id(self))
            _locking.pop(id(self), None)
        return real(self, *args, **kwargs)

    return send


for _name in SENDS:
    setattr(pq_ctypes.PGconn, _name, _counted(_name))


def main() -> int:
    global counting, show_where, held_trips
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=10)
    parser.add_argument("--where", action="store_true", help="break each count down by caller")
    parser.add_argument("--only", help="comma-separated calls to count (e.g. 'memory add')")
    args = parser.parse_args()
    show_where = args.where
    base = os.environ.get("MEMDIR_TEST_DATABASE_URL")
    if not base:
        print("set MEMDIR_TEST_DATABASE_URL to a PostgreSQL database", file=sys.stderr)
        return 2
    import memdir
    from memdir.pg import users
    from memdir.pg.db import PgDatabase, close_shared

    schema = f"bench_calls_{secrets.token_hex(4)}"
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    url = f"{base}{'&' if '?' in base else '?'}options=-csearch_path%3D{schema}"
    try:
        tmp = Path(tempfile.mkdtemp())
        project = tmp / "project"
        project.mkdir()
        from dulwich.repo import Repo

        repo = Repo.init(str(project))
        config = repo.get_config()
        config.set((b"remote", b"origin"), b"url", b"https://git.example.test/acme/app.git")
        config.write_to_path()
        repo.close()
        db = PgDatabase.shared(url)
        users.add(db, "alice")
        users.grant(db, "alice", "https://git.example.test/acme/app.git")
        md = memdir.open(tmp / "home", project, database_url=url, user="alice")
        session = md.session(agent="bench")
        n = iter(range(1_000_000))

        def add() -> dict[str, Any]:
            i = next(n)
            return {"action": "add", "scope": "project", "type": "project",
                    "name": f"c1 e{i:06d}", "description": f"fact {i}",
                    "body": f"The build step {i} runs make."}  # fmt: skip

        def replace() -> dict[str, Any]:
            done = session.call_tool("memory", add())
            return {"action": "replace", "scope": "project", "target": done["results"][0]["id"],
                    "name": f"r{next(n):06d}", "description": "d", "body": "b"}  # fmt: skip

        def remove() -> dict[str, Any]:
            done = session.call_tool("memory", add())
            return {"action": "remove", "scope": "project", "target": done["results"][0]["id"]}

        def tool(name: str, arguments: Any) -> Any:
            def prepared() -> Any:
                given = arguments()
                return lambda: session.call_tool(name, given)

            return prepared

        def log() -> Any:
            return lambda: {"success": session.log("user", "we run make for the build") > 0}

        calls = [
            ("memory add", tool("memory", add)),
            ("memory replace", tool("memory", replace)),
            ("memory remove", tool("memory", remove)),
            ("memory_search", tool("memory_search", lambda: {"query": "build step make"})),
            ("log (session.log)", log),
        ]
        print(f"| call | round trips (mean of {args.calls}) | with the scope lock held |")
        print("|---|---:|---:|")
        only = set(args.only.split(",")) if args.only else {label for label, _ in calls}
        for label, prepare in [c for c in calls if c[0] in only]:
            for _ in range(2):  # warm-up
                answer = prepare()()
                assert answer.get("success"), answer
            total = held = 0
            for _ in range(args.calls):
                call = prepare()
                trips.clear()
                held_trips = 0
                counting = True
                answer = call()
                counting = False
                assert answer.get("success"), answer
                total += sum(trips.values())
                held += held_trips
            print(f"| {label} | {total / args.calls:.1f} | {held / args.calls:.1f} |")
            if show_where:
                for where, count in trips.most_common():
                    print(f"|   {where} | {count} |")
        session.close()
        md.close()
    finally:
        close_shared()
        with psycopg.connect(base, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")
            for (other,) in conn.execute(
                "SELECT nspname FROM pg_namespace WHERE starts_with(nspname, %s)", (f"{schema}_",)
            ).fetchall():
                conn.execute(f'DROP SCHEMA "{other}" CASCADE')
    return 0


if __name__ == "__main__":
    sys.exit(main())
