"""Search time when a Turkish or German query word widens to many index terms (tune58's
first-five-letters and compound keys): ``--rows`` messages of eight words from four roots
× 14 endings, one twelve-word query per language, CPU ms (``time.thread_time``).

    PYTHONPATH=$PWD/src .venv/bin/python bench/inflect_prefix.py --rows 50000
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from memdir.sessions import Database, SessionStore

ROOTS = {
    "tr": ["taşın", "ödeme", "sipar", "kirala"],
    "de": ["datenbank", "speicher", "umzugs", "rechnung"],
}
ENDS = {
    "tr": [
        "-",
        "ıyoruz",
        "acağımız",
        "ma",
        "dık",
        "ler",
        "lerde",
        "in",
        "ı",
        "de",
        "den",
        "le",
        "mış",
        "ecek",
    ],
    "de": [
        "-",
        "migration",
        "limit",
        "termin",
        "kartons",
        "wagen",
        "en",
        "s",
        "stand",
        "nummer",
        "fehler",
        "plan",
        "e",
        "er",
    ],
}
QUERY = {
    "tr": "taşınacağımız ödemelerde siparişlerin kiralamak taşınma ödemeler siparişler "
    "kiralar taşındık ödemesi siparişi kiralık ve nasıl",
    "de": "Wann ist die Migration der Datenbank und der Speicher beim Umzug mit Rechnung "
    "und Datenbanken Speichern Umzugs Rechnungen",
}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rows", type=int, default=50_000)
    ap.add_argument("--runs", type=int, default=15)
    a = ap.parse_args()
    rng = random.Random(5)
    for lang, roots in ROOTS.items():
        with tempfile.TemporaryDirectory() as tmp:
            store = SessionStore(Database(Path(tmp) / "state.db"))
            for s in range(max(1, a.rows // 5000)):
                store.start("bench", session_id=f"s{s}", started_at=1.8e9 + s)
                text = [
                    " ".join(
                        rng.choice(roots) + rng.choice(ENDS[lang]).strip("-") for _ in range(8)
                    )
                    for _ in range(5000)
                ]
                store.log_many(f"s{s}", [("user", t, None, None, 1.8e9 + s) for t in text])
            took = []
            for _ in range(a.runs):
                t0 = time.thread_time()
                store.search_messages(QUERY[lang], limit=50)
                took.append((time.thread_time() - t0) * 1000)
            print(f"{lang}: p50 {statistics.median(took):.1f} ms, max {max(took):.1f} ms CPU")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
