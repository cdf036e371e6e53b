"""`memdir sessions show ID`'s lookups at scale: ``resolve`` and ``others_starting_with``
(the note naming other ids starting alike) over N sessions, on SQLite or PostgreSQL, with
whichever memdir is on ``PYTHONPATH`` (main's src for before, a branch's for after).

Ids as imports leave them: ``claude-code:<uuid>`` (half), ``codex:<uuid>``, memdir's own
bare hex ids, and sub-agents ``claude-code:<uuid>:agent-<n>``. The ids looked up: the
first 8 characters of a harness's id (what `claude --resume` shows, cut short) and whole
bare ids; each timed ``--repeat`` times, the median and the slowest reported. And 10 ids
no session holds: ``resolve``'s error, with its suggestions (ids holding what was given).

``--build PATH`` only writes a state.db of N sessions (with this memdir) and
``--open PATH`` times opening it (a newer memdir migrates it), then the lookups there;
``--pg URL --keep-schema`` leaves the schema and prints it, ``--pg URL --schema S`` opens
it (the same on PostgreSQL).

    PYTHONPATH=src .venv-bench/bin/python bench/session_prefix.py [--n 100000]
    PYTHONPATH=src .venv-bench/bin/python bench/session_prefix.py --pg URL [--n 100000]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any


def session_ids(n: int, seed: int) -> list[tuple[str, str]]:
    """``n`` (id, agent) pairs, deterministic."""
    rng = random.Random(seed)
    out: list[tuple[str, str]] = []
    while len(out) < n:
        u = str(uuid.UUID(int=rng.getrandbits(128)))
        roll = rng.random()
        if roll < 0.5:
            out.append((f"claude-code:{u}", "claude-code"))
            if rng.random() < 0.1:
                out.append((f"claude-code:{u}:agent-{rng.randrange(1000)}", "claude-code"))
        elif roll < 0.7:
            out.append((f"codex:{u}", "codex"))
        else:
            out.append((u.replace("-", ""), "agent"))
    return out[:n]


def fill(db: Any, ids: list[tuple[str, str]]) -> None:
    for at in range(0, len(ids), 10_000):
        chunk = [(sid, agent, 1.7e9 + i) for i, (sid, agent) in enumerate(ids[at : at + 10_000])]
        db.write(
            lambda c, chunk=chunk: c.executemany(
                "INSERT INTO sessions (id, agent, started_at) VALUES (?, ?, ?)", chunk
            )
        )


def lookups(store: Any, ids: list[tuple[str, str]], repeat: int, seed: int) -> str:
    rng = random.Random(seed + 1)
    harness = [s for s, _ in ids if s.count(":") == 1]
    bare = [s for s, _ in ids if ":" not in s]
    given = [s.partition(":")[2][:8] for s in rng.sample(harness, 10)] + rng.sample(bare, 10)
    from memdir.core.errors import UnknownSessionError

    resolve: dict[bool, list[float]] = {True: [], False: []}  # by: is it a harness's id?
    note, missed = [], []
    absent = [f"nomatch{rng.getrandbits(32):08x}" for _ in range(10)]  # no id holds these
    for _ in range(repeat):
        for g in absent:  # the error with its suggestions (ids holding what was given)
            t0 = time.perf_counter()
            try:
                store.resolve(g)
            except UnknownSessionError:
                missed.append((time.perf_counter() - t0) * 1000)
        for i, g in enumerate(given):
            t0 = time.perf_counter()
            info = store.resolve(g)
            t1 = time.perf_counter()
            store.others_starting_with(g, info.id)
            t2 = time.perf_counter()
            resolve[i < 10].append((t1 - t0) * 1000)
            note.append((t2 - t1) * 1000)

    def ms(values: list[float]) -> str:
        return f"median {statistics.median(values):.2f} ms (max {max(values):.2f})"

    return (
        f"resolve of a harness id's start {ms(resolve[True])}, of a whole bare id "
        f"{ms(resolve[False])}; note {ms(note)}; {len(note)} lookups; no match (the "
        f"error's suggestions) {ms(missed)}, {len(missed)} lookups"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--n", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=53)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--build", type=Path, help="write a state.db of N sessions there")
    ap.add_argument("--open", type=Path, help="time opening (migrating) that state.db")
    ap.add_argument("--pg", help="a PostgreSQL URL (a schema is made, dropped unless kept)")
    ap.add_argument("--keep-schema", action="store_true")
    ap.add_argument("--schema", help="an existing schema (made with --keep-schema) to open")
    a = ap.parse_args(argv)
    import memdir
    from memdir.sessions import SessionStore
    from memdir.sessions.db import Database

    ids = session_ids(a.n, a.seed)
    where = str(Path(memdir.__file__).parent.parent)
    print(f"memdir from {where}; {a.n:,} sessions; load {os.getloadavg()[0]:.2f}")
    if a.pg:
        return _postgres(a, ids)
    if a.build:
        db = Database(a.build)
        fill(db, ids)
        db.close()
        print(f"built {a.build}")
        return 0
    with tempfile.TemporaryDirectory() as folder:
        path = a.open or Path(folder) / "state.db"
        t0 = time.perf_counter()
        db = Database(path)
        db.read(lambda c: c.execute("SELECT 1").fetchone())  # opened: migrated
        t1 = time.perf_counter()
        if a.open:
            print(f"opened (migrated) in {t1 - t0:.2f} s")
        else:
            fill(db, ids)
        count = db.read(lambda c: c.execute("SELECT count(*) FROM sessions").fetchone()[0])
        print(f"sqlite: {count:,} sessions; " + lookups(SessionStore(db), ids, a.repeat, a.seed))
        db.close()
    print(f"load {os.getloadavg()[0]:.2f}")
    return 0


def _postgres(a: argparse.Namespace, ids: list[tuple[str, str]]) -> int:
    import psycopg

    sys.path.insert(0, str(Path(__file__).parent))
    from memdir.pg.db import PgDatabase
    from memdir.pg.sessions import PgStateDatabase
    from memdir.sessions import SessionStore
    from scale import fresh_schema

    if a.schema:
        schema = a.schema
        url = f"{a.pg}{'&' if '?' in a.pg else '?'}options=-csearch_path%3D{schema}"
    else:
        schema, url = fresh_schema(a.pg, "prefix")
    try:
        db = PgStateDatabase(PgDatabase(url))
        t0 = time.perf_counter()
        db.schema()  # made, or migrated
        t1 = time.perf_counter()
        if a.schema:
            print(f"opened (migrated) in {t1 - t0:.2f} s")
        else:
            fill(db, ids)
            with psycopg.connect(a.pg, autocommit=True) as control:
                control.execute(f"ANALYZE {schema}.sessions")
        count = db.read(lambda c: c.execute("SELECT count(*) FROM sessions").fetchone()[0])
        print(f"postgres: {count:,} sessions; " + lookups(SessionStore(db), ids, a.repeat, a.seed))
        db.pg.close()
    finally:
        if a.keep_schema:
            print(f"kept schema {schema}")
        else:
            with psycopg.connect(a.pg, autocommit=True) as control:
                control.execute(f"DROP SCHEMA {schema} CASCADE")
    print(f"load {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
