"""Search time with inflected forms when the index terms a query word's prefix reaches have
long doclists (sessions/inflect.py reads them through SQLite's ``fts5vocab``, which counts
each term's rows): ``--rows`` messages of eight words from four Polish roots × 14 endings
(each term in ~1/7 of the rows), queried with widening on (12 words) and off.

    PYTHONPATH=$PWD/src .venv/bin/python bench/inflect_dense.py --rows 200000
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from memdir.sessions import Database, SessionStore, inflect

ROOTS = ["napraw", "samochod", "faktur", "remont"]
ENDS = ["", "a", "y", "e", "ę", "ą", "om", "ami", "ach", "ów", "owi", "ie", "em", "u"]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rows", type=int, default=200_000)
    a = ap.parse_args()
    rng = random.Random(5)
    with tempfile.TemporaryDirectory() as tmp:
        store = SessionStore(Database(Path(tmp) / "state.db"))
        batch = 5000
        for s in range(max(1, a.rows // batch)):
            store.start("bench", session_id=f"s{s}", started_at=1.8e9 + s)
            store.log_many(
                f"s{s}",
                [
                    (
                        "user",
                        " ".join(rng.choice(ROOTS) + rng.choice(ENDS) for _ in range(8)),
                        None,
                        None,
                        1.8e9 + s,
                    )
                    for _ in range(batch)
                ],
            )
        words = [r + e for r in ROOTS for e in ENDS if e]
        queries = {
            "12 words": [
                "ile " + " ".join(rng.choice(words) for _ in range(12)) for _ in range(10)
            ],
            "1 word": ["ile kosztowała " + rng.choice(words) for _ in range(10)],
        }
        for widen in (inflect.MAX_WORDS, 0):
            inflect.MAX_WORDS = widen
            for label, qs in queries.items():
                for q in qs:
                    store.search_messages(q, limit=20)
                times = []
                for q in qs:
                    t0 = time.thread_time()
                    store.search_messages(q, limit=20)
                    times.append((time.thread_time() - t0) * 1000)
                print(
                    f"MAX_WORDS={widen} {label}: CPU ms p50 {statistics.median(times):.1f} "
                    f"max {max(times):.1f}"
                )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
