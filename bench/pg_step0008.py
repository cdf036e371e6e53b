"""Wall time of schema step 0008 (``message_postings``) on an existing state:
``bench/scale.py``'s generated messages bulk-loaded into a fresh schema, the step undone
(its table, function and record dropped), then applied again by ``PgDatabase.ensure``;
``--inline-key`` applies it with the key kept up row by row (the step as first written).

    PYTHONPATH=src .venv-bench/bin/python bench/pg_step0008.py URL [--n 200000] [--inline-key]
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
import time
from pathlib import Path

import psycopg

sys.path.insert(0, str(Path(__file__).parent))
from scale import Generator, fresh_schema, pg_copy

STEP = "0008_message_postings"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("url", help="a PostgreSQL URL (a schema is made and dropped)")
    ap.add_argument("--n", type=int, default=200_000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--inline-key", action="store_true", help="the key kept up row by row")
    a = ap.parse_args(argv)
    from memdir.pg.db import PgDatabase
    from memdir.pg.sessions import PgStateDatabase

    rows = list(Generator(a.seed).messages(a.n))
    schema, url = fresh_schema(a.url, "step8")
    with psycopg.connect(a.url, autocommit=True) as control:
        try:
            db = PgStateDatabase(PgDatabase(url))
            pg_copy(db, rows)
            full = db.component
            db.pg.close()
            control.execute(f"SET search_path TO {schema}")
            control.execute("DROP TABLE message_postings")
            control.execute("DROP FUNCTION memdir_postings() CASCADE")
            control.execute("DELETE FROM pg_migrations WHERE name = %s", (STEP,))
            control.execute("VACUUM ANALYZE messages")
            at = next(i for i, st in enumerate(full.steps) if st.name.endswith(STEP))
            step = full.steps[at]
            statements = list(step.statements)
            if a.inline_key:
                statements = [
                    s.replace("id bigint NOT NULL)", "id bigint NOT NULL, PRIMARY KEY (term, id))")
                    for s in statements
                    if "ADD CONSTRAINT message_postings_pkey" not in s
                ]
            steps = list(full.steps)
            steps[at] = dataclasses.replace(step, statements=tuple(statements))
            pg = PgDatabase(url)
            load0 = os.getloadavg()[0]
            t0 = time.perf_counter()
            pg.ensure(dataclasses.replace(full, steps=tuple(steps)))
            t1 = time.perf_counter()
            pg.close()
            n = control.execute("SELECT count(*) FROM message_postings").fetchone()
            print(
                f"step {STEP}{' (inline key)' if a.inline_key else ''}: {a.n:,} messages, "
                f"{n[0] if n else 0:,} postings, {t1 - t0:.1f} s; "
                f"load {load0:.2f} -> {os.getloadavg()[0]:.2f}"
            )
        finally:
            control.execute(f"DROP SCHEMA {schema} CASCADE")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
