"""Search time with inflected forms (sessions/inflect.py): per-query CPU time of
``search_messages`` on a copy of ``bench/scale.py``'s database (``--keep`` dir) with the
dev halves' non-English conversations and a synthetic inflected corpus added.

    PYTHONPATH=$PWD/src .venv/bin/python bench/inflect_latency.py --db /tmp/x/memdir/...

Queries: the dev questions of recall, recall3 and recall_hi (never a test half), and
worst cases: 12 Russian / Polish words each of whose prefixes holds hundreds of index
terms. CPU time (``time.thread_time``), so a loaded machine skews it less than wall time.
Run it with the old and the new code on the same database and compare.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from memdir.sessions import Database, SessionStore

DATA = Path(__file__).parent / "data"
ROOTS_RU = ["договор", "работ", "машин", "книг", "город", "ремонт", "платеж", "счет"]
ENDS_RU = ["", "а", "у", "ом", "е", "ы", "ов", "ам", "ами", "ах", "ой", "ую", "ного", "ному"]
ROOTS_PL = ["napraw", "samochod", "łazienk", "płatnoś", "faktur", "remont", "umow", "kafel"]
ENDS_PL = ["", "a", "y", "e", "ę", "ą", "om", "ami", "ach", "ów", "owi", "ie", "em", "u"]


def _dev_sets() -> tuple[list[list[str]], list[str]]:
    sessions, questions = [], []
    for f in sorted(DATA.glob("recall*/*/*.json")):
        if f.parts[-3] not in ("recall", "recall3", "recall_hi"):
            continue
        d = json.loads(f.read_text(encoding="utf-8"))
        if d.get("split") != "dev":
            continue
        sessions += [[m["content"] for m in s["messages"]] for s in d["sessions"]]
        questions += [q["question"] for q in d["questions"]]
    return sessions, questions


def _synthetic(rng: random.Random, n: int) -> list[str]:
    out = []
    for _ in range(n):
        roots, ends = (ROOTS_RU, ENDS_RU) if rng.random() < 0.5 else (ROOTS_PL, ENDS_PL)
        words = [
            rng.choice(roots) + rng.choice(ends) + rng.choice(["", "x", "yz", "ik", "ek"])
            for _ in range(8)
        ]
        out.append(" ".join(words))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--db", type=Path, required=True, help="bench/scale.py's state.db")
    ap.add_argument("--synthetic", type=int, default=20_000)
    ap.add_argument("--rounds", type=int, default=3)
    a = ap.parse_args()
    work = Path(tempfile.mkdtemp()) / "state.db"
    shutil.copy(a.db, work)
    store = SessionStore(Database(work))
    sessions, questions = _dev_sets()
    rng = random.Random(7)
    sessions.append(_synthetic(rng, a.synthetic))
    for i, texts in enumerate(sessions):
        sid = f"infl-{i}"
        store.start("bench", session_id=sid, started_at=1.8e9 + i)
        store.log_many(sid, [("user", t, None, None, 1.8e9 + i) for t in texts])
    worst = [
        " ".join(rng.choice(ROOTS_RU) + rng.choice(ENDS_RU) for _ in range(12)) for _ in range(10)
    ] + [
        "ile " + " ".join(rng.choice(ROOTS_PL) + rng.choice(ENDS_PL) for _ in range(12))
        for _ in range(10)
    ]
    for label, qs in (("dev questions", questions), ("worst cases", worst)):
        for q in qs:  # warm up
            store.search_messages(q, limit=20)
        times = []
        for _ in range(a.rounds):
            for q in qs:
                t0 = time.thread_time()
                store.search_messages(q, limit=20)
                times.append((time.thread_time() - t0) * 1000)
        times.sort()
        p95 = times[int(0.95 * (len(times) - 1))]
        print(
            f"{label}: {len(qs)} queries × {a.rounds}: CPU ms p50 "
            f"{statistics.median(times):.2f} p95 {p95:.2f} max {times[-1]:.2f}"
        )
    shutil.rmtree(work.parent)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
