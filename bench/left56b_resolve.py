"""Lookups that match nothing, at scale (left56b item 2): a session id (``memdir sessions
show ID``: :meth:`SessionStore.resolve`, whose error suggests ids holding what was given)
over N sessions on SQLite or PostgreSQL, and an entry target (``memdir show TARGET``:
:func:`memdir.core.changes.resolve`, whose error lists entries) over N entries held in
memory (the scope already read). Given: a 10 KB text, ``%``, ``_``, ``ab%c``.

    PYTHONPATH=src .venv-bench/bin/python bench/left56b_resolve.py [--n 50000] [--pg URL]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from session_prefix import fill, session_ids

GIVEN = {"10 KB": "q" * 10_000, "%": "%%%%", "_": "____", "ab%c": "ab%c"}


def timed(call: Callable[[], Any], repeat: int) -> str:
    from memdir.core.errors import MemdirError

    said = ""
    took = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        try:
            call()
        except MemdirError as exc:  # the error is what is timed
            said = str(exc)
        took.append((time.perf_counter() - t0) * 1000)
    return f"median {statistics.median(took):.2f} ms (max {max(took):.2f}); {len(said)} chars said"


def sessions(n: int, pg: str | None, repeat: int) -> None:
    from memdir.sessions import SessionStore

    if pg:
        from memdir.pg.db import PgDatabase
        from memdir.pg.sessions import PgStateDatabase

        db: Any = PgStateDatabase(PgDatabase.shared(pg), user="bench")
    else:
        from memdir.sessions.db import Database

        db = Database(Path(tempfile.mkdtemp()) / "state.db")
    store = SessionStore(db)
    store.list(limit=1)  # the schema made
    fill(db, session_ids(n, 56))
    engine = "PostgreSQL" if pg else "SQLite"
    for label, text in GIVEN.items():
        took = timed(lambda t=text: store.resolve(t), repeat)
        print(f"{engine} {n:,} sessions, resolve {label!r}: {took}")


def entries(n: int, repeat: int) -> None:
    from memdir.core.changes import resolve
    from memdir.core.model import Entry, EntryType

    now = datetime.now(UTC)
    held = {
        f"project_note-{i}": Entry(f"project_note-{i}", f"Note {i}", f"about {i}",
                                   EntryType.PROJECT, f"Body of note {i}. " * 20, now, now)
        for i in range(n)
    }  # fmt: skip
    for label, text in GIVEN.items():
        print(f"{n:,} entries, resolve {label!r}: {timed(lambda t=text: resolve(t, held), repeat)}")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=50_000)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--pg", help="a PostgreSQL URL whose search_path is an empty schema")
    args = ap.parse_args()
    sessions(args.n, args.pg, args.repeat)
    if not args.pg:
        entries(args.n, args.repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
