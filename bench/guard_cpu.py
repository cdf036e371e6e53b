"""CPU per guard scan for two or more source trees, alternated in one run (issue 13's rows).

    PYTHONPATH=src .venv/bin/python bench/guard_cpu.py --tree main=/path/to/main/src --tree new=src

Each round runs one fresh process per tree, in turn, so the shared machine's load falls on
every tree alike. A process scans set 1's notes once (warming the patterns as a long-lived
process has them), then times ``memdir.guard.scan`` in CPU (``time.process_time``) on the
bodies ``bench/guard.py`` times: 1 KiB and 64 KiB of set 1's benign notes joined
(``--small`` and ``--large`` scans, the median) and the slowest of tests/test_guard.py's
hostile units repeated to 64 KiB (``--hostile`` scans). The slowest unit is chosen once, by
the first tree's process timing every unit once (or named with ``--unit``). Printed: per
round and tree the three medians in ms, then per tree the median over the rounds and its
ratio to the first tree.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ROWS = ("1 KiB benign", "64 KiB benign", "64 KiB hostile unit")


def _bodies() -> tuple[list[str], str, str]:
    sys.path.insert(0, str(ROOT / "bench"))
    from guard import sized

    path = ROOT / "bench/data/guard/set.jsonl"
    rows = [json.loads(line) for line in path.open(encoding="utf-8") if line.strip()]
    benign = [str(r["text"]) for r in rows if r["label"] == "benign"]
    return [str(r["text"]) for r in rows], sized(benign, 1024), sized(benign, 65536)


def _median_cpu(scan: object, text: str, times: int) -> float:
    spent = []
    for _ in range(times):
        start = time.process_time()
        scan(text)  # type: ignore[operator]
        spent.append(time.process_time() - start)
    return statistics.median(spent) * 1000


def child(args: argparse.Namespace) -> None:
    """Print the medians (JSON) for the tree on ``PYTHONPATH``; with ``--find``, the
    slowest hostile unit instead."""
    from memdir.guard import scan

    notes, small, large = _bodies()
    for note in notes:
        scan(note)
    if args.find:
        from guard_dump import _hostile_units

        cost = {u: _median_cpu(scan, u * (65536 // len(u)), 1) for u in _hostile_units()}
        print(json.dumps(max(cost, key=lambda u: cost[u])))
        return
    hostile = args.unit * (65536 // len(args.unit))
    print(
        json.dumps(
            [
                _median_cpu(scan, small, args.small),
                _median_cpu(scan, large, args.large),
                _median_cpu(scan, hostile, args.hostile),
            ]
        )
    )


def _run(src: str, extra: list[str]) -> str:
    env = {**os.environ, "PYTHONPATH": src}
    cmd = [sys.executable, str(Path(__file__).resolve()), "--child", *extra]
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        raise SystemExit(f"{src}: {proc.stderr.strip()[-2000:]}")
    return proc.stdout.strip().splitlines()[-1]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tree", action="append", default=[], help="NAME=SRC (repeatable)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--small", type=int, default=301, help="scans of the 1 KiB body")
    ap.add_argument("--large", type=int, default=11, help="scans of the 64 KiB body")
    ap.add_argument("--hostile", type=int, default=3, help="scans of the hostile body")
    ap.add_argument("--unit", help="the hostile unit (default: the slowest for the first tree)")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--find", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(args)
        return
    trees = [t.split("=", 1) for t in args.tree or ["src=src"]]
    if any(len(t) != 2 for t in trees):
        raise SystemExit("--tree takes NAME=SRC")
    unit = args.unit or json.loads(_run(trees[0][1], ["--find"]))
    print(f"hostile unit: {unit!r} repeated to 64 KiB")
    sizes = ["--small", str(args.small), "--large", str(args.large), "--hostile"]
    seen: dict[str, list[list[float]]] = {name: [] for name, _ in trees}
    for n in range(args.rounds):
        for name, src in trees:
            got = json.loads(_run(src, [*sizes, str(args.hostile), "--unit", unit]))
            seen[name].append(got)
            load = os.getloadavg()[0]
            cells = "  ".join(f"{v:8.3f}" for v in got)
            print(f"round {n + 1}  {name:>8}  {cells}  ms  (load {load:.1f})", flush=True)
    print(f"\nmedian over {args.rounds} rounds (ms; ratio to {trees[0][0]}):")
    first = [statistics.median(col) for col in zip(*seen[trees[0][0]], strict=True)]
    for name, _ in trees:
        med = [statistics.median(col) for col in zip(*seen[name], strict=True)]
        cells = "  ".join(
            f"{row}: {m:.3f} ({m / f:.2f})" for row, m, f in zip(ROWS, med, first, strict=True)
        )
        print(f"  {name:>8}  {cells}")


if __name__ == "__main__":
    main()
