"""What the ranking's stem cache (``sessions.stems.Stems``) saves: CPU ms a question
(``search_messages(limit=50)`` and ``search(limit=5)``, as ``bench/recall.py`` asks),
with the cache and with it emptied before every lookup, interleaved question by
question on the same store so that load on the machine falls on both alike.

    PYTHONPATH=$PWD/src python bench/stem_cache.py [--sets locomo,dev,test]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from unittest import mock

from recall import LOCOMO, OWN, Memdir, load_locomo, load_own

from memdir.sessions import stems


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sets", default="locomo,dev,test")
    ap.add_argument("--own", type=Path, default=OWN)
    a = ap.parse_args(argv)
    sets = a.sets.split(",")
    convs = [c for c in load_own(a.own) if c.split in sets]
    found = next((p for p in LOCOMO if p.exists()), None)
    if "locomo" in sets and found:
        convs += load_locomo(found)
    cpu: dict[str, list[float]] = {"cache": [], "no cache": []}
    for conv in convs:
        with tempfile.TemporaryDirectory() as tmp:
            system = Memdir(Path(tmp))
            system.index(conv)
            for q in conv.questions:
                for name in ("cache", "no cache") if len(cpu["cache"]) % 2 else ("no cache", "cache"):
                    patch = mock.patch.object(stems.Stems, "MAX", 0 if name == "no cache" else 200_000)
                    with patch:
                        t0 = time.process_time()
                        system.ask(q)
                        cpu[name].append(time.process_time() - t0)
            system.close()
    for name, xs in cpu.items():
        xs.sort()
        print(
            f"{name:<9} n={len(xs)} mean {statistics.fmean(xs) * 1000:.2f} ms, "
            f"p50 {xs[len(xs) // 2] * 1000:.2f}, p95 {xs[int(len(xs) * 0.95)] * 1000:.2f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
