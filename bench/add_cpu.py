"""CPU per add (``time.process_time``, all threads of the process) for two source trees in
the same run, alternated, so a shared machine's load falls on both alike::

    .venv-bench/bin/python bench/add_cpu.py --tree main=/work/main/src --tree new=src

Each repeat times bench/core.py's durable-write floor (two files and the folder, nothing
else) in this process, then runs one fresh process per tree (in turn); each fills a scope with
bench/core.py's memories (history off, as core.py's add rows) and times every add.
Printed: per tree and repeat, the median and p95 CPU ms per add, and the wall p50/p95
beside it. With ``--phases``, also the mean CPU ms per add (adds after the first 10) of each
phase of ``Store.apply`` that the tree has (the guard, the re-read under the lock, the
renders, the writes); the wrappers cost a little CPU of their own. With ``--scan``, no adds:
each tree's process times ``memdir.guard.scan`` alone (CPU µs per note, p50/p95/mean) on the
texts the adds screen (bench/core.py's memories: their first pass in a fresh process, as
the adds meet them, then a second), on set 15's benign notes (timed only) and on 64 KiB
notes made of those memories (second passes). See bench/README.md (core section).
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from core import durable_floor, make_project, memdir_home, memory, percentile

BENCH = Path(__file__).resolve().parent
WARM = 10  # --phases: adds left out of the means (first use compiles the guard's patterns)


# (module, object, attribute, label): what --phases times, where a tree has it.
PHASES = (
    ("memdir.core.store", "Store", "_screen", "guard (Store._screen)"),
    ("memdir.core.reader", "ScopeReader", "load", "re-read (ScopeReader.load)"),
    ("memdir.core.changes", "Plan", "apply", "plan (Plan.apply)"),
    ("memdir.core.store", None, "render_read_back", "topic file render"),
    ("memdir.core.store", "Store", "_index_bytes", "index render + compare"),
    ("memdir.core.store", "Store", "_write_all", "write_all (2 files, fsynced)"),
    ("memdir.core.store", "Store", "_settle", "folder fsync (Store._settle)"),
)


def wrap_phases(
    phases: Sequence[tuple[str, str | None, str, str]],
    record: Callable[[str, float, float], None],
    cpu: Callable[[], float] = time.process_time,
) -> None:
    """Wrap each of ``phases`` the tree has so that every call reports ``record(label, wall
    seconds, cpu seconds)`` (bench/lock_phases.py times its parts with it too)."""
    import importlib

    def wrap(holder: Any, attr: str, label: str) -> None:
        inner = getattr(holder, attr)

        def timed(*args: Any, **kwargs: Any) -> Any:
            w0, c0 = time.perf_counter(), cpu()
            try:
                return inner(*args, **kwargs)
            finally:
                record(label, time.perf_counter() - w0, cpu() - c0)

        setattr(holder, attr, timed)

    for module, owner, attr, label in phases:
        holder: Any = importlib.import_module(module)
        if owner is not None:
            holder = getattr(holder, owner, None)
        if holder is not None and hasattr(holder, attr):
            wrap(holder, attr, label)


def _timed_phases(spent: collections.Counter[str]) -> None:
    """Wrap each phase the tree has so that its CPU time adds up in ``spent``."""

    def add(label: str, _wall: float, cpu: float) -> None:
        spent[label] += cpu

    wrap_phases(PHASES, add)


def child(entries: int, phases: bool) -> None:
    """Add ``entries`` memories to a fresh scope; print per-add CPU and wall seconds."""
    import memdir
    from memdir.guard import scan

    spent: collections.Counter[str] = collections.Counter()
    if phases:
        _timed_phases(spent)

    scan("warm up the guard's patterns")
    with tempfile.TemporaryDirectory(dir=os.environ.get("ADD_CPU_ROOT")) as tmp:
        root = Path(tmp)
        store = memdir.open(home=memdir_home(root, "h", False), project=make_project(root))
        scope = store.store("local")
        cpu, wall = [], []
        for i in range(entries):
            m = memory(i, f"#{i:04d}")
            if i == WARM:
                spent.clear()
            c0, w0 = time.process_time(), time.perf_counter()
            scope.add(type=m.type, name=m.name, description=m.description, body=m.body)
            cpu.append(time.process_time() - c0)
            wall.append(time.perf_counter() - w0)
    per_add = {k: v / max(entries - WARM, 1) for k, v in spent.items()}
    print(json.dumps({"cpu": cpu, "wall": wall, "phases": per_add, "file": memdir.__file__}))


def scan_sets(entries: int) -> dict[str, list[str]]:
    """The texts ``--scan`` times: what ``Store._screen`` checks per add of bench/core.py's
    memories, set 15's benign notes, and 64 KiB notes of those memories (8, each from
    another one on)."""
    core = [
        f"{m.name}\n{m.description}\n{m.body}"
        for m in (memory(i, f"#{i:04d}") for i in range(entries))
    ]
    rows = (BENCH / "data" / "guard15" / "benign.jsonl").read_text(encoding="utf-8").splitlines()
    long = []
    for start in range(8):
        parts, size, i = [], 0, start
        while size < 65536:
            parts.append(core[i % len(core)])
            size += len(parts[-1]) + 2
            i += 1
        long.append("\n\n".join(parts)[:65536])
    return {"core": core, "set15 benign": [json.loads(r)["text"] for r in rows], "64 KiB": long}


def scan_child(entries: int) -> None:
    """Print, per set of :func:`scan_sets`, the CPU seconds of each ``scan`` in a second
    pass; for the first set also the first pass, in a fresh process after one short scan
    (what an add pays: first use compiles the patterns a text reaches)."""
    from memdir.guard import scan

    scan("warm up the guard's patterns")
    out: dict[str, list[float]] = {}
    for n, (name, texts) in enumerate(scan_sets(entries).items()):
        for rep in ("first pass", "") if n == 0 else ("", ""):
            times = out[f"{name}, {rep}" if rep else name] = []
            for text in texts:
                c0 = time.process_time()
                scan(text)
                times.append(time.process_time() - c0)
    print(json.dumps(out))


def floor_cpu(writes: int) -> tuple[list[float], list[float]]:
    """CPU and wall seconds per write of bench/core.py's durable-write floor (two runs of
    it, one per clock, in a fresh folder)."""
    with tempfile.TemporaryDirectory(dir=os.environ.get("ADD_CPU_ROOT")) as folder:
        root = Path(folder)
        return durable_floor(root, writes, time.process_time), durable_floor(root, writes)


def _row(label: str, rep: int, cpu: list[float], wall: list[float]) -> str:
    return (
        f"{label:<8} {rep:>3}  {percentile(cpu, 50) * 1000:7.2f}  "
        f"{percentile(cpu, 95) * 1000:7.2f}  {percentile(wall, 50) * 1000:8.2f}  "
        f"{percentile(wall, 95) * 1000:8.2f}"
    )


def scan_trees(trees: list[list[str]], entries: int, repeats: int) -> None:
    """``--scan``: one process per tree and repeat, in turn; then, per set and tree, the
    p50/p95/mean CPU µs per scan over all repeats."""
    got: dict[tuple[str, str], list[float]] = collections.defaultdict(list)
    for _ in range(repeats):
        for label, src in trees:
            env = {**os.environ, "PYTHONPATH": f"{Path(src).resolve()}{os.pathsep}{BENCH}"}
            cmd = [sys.executable, str(Path(__file__).resolve()), "--child", "--scan"]
            out = subprocess.run(
                [*cmd, "--entries", str(entries)],
                env=env,
                capture_output=True,
                text=True,
                check=True,
            )
            for name, times in json.loads(out.stdout.splitlines()[-1]).items():
                got[name, label] += times
    head = f"{'set':<14} {'tree':<8} {'texts':>6}  {'p50':>8}  {'p95':>8}  {'mean':>8}"
    print(head + "  (CPU µs per scan)")
    for (name, label), times in got.items():
        n = len(times) // repeats
        p50, p95 = percentile(times, 50) * 1e6, percentile(times, 95) * 1e6
        mean = sum(times) / len(times) * 1e6
        print(f"{name:<14} {label:<8} {n:>6}  {p50:8.0f}  {p95:8.0f}  {mean:8.0f}")
    with open("/proc/loadavg", encoding="ascii") as f:
        print(f"load after: {f.read().strip()}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tree", action="append", default=[], help="LABEL=PATH/TO/src")
    ap.add_argument("--entries", type=int, default=200)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--phases", action="store_true", help="CPU per phase of an add")
    ap.add_argument("--scan", action="store_true", help="time guard.scan alone, no adds")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        scan_child(args.entries) if args.scan else child(args.entries, args.phases)
        return
    trees = [t.split("=", 1) for t in args.tree]
    with open("/proc/loadavg", encoding="ascii") as f:
        print(f"load before: {f.read().strip()}")
    if args.scan:
        scan_trees(trees, args.entries, args.repeats)
        return
    print(f"{'tree':<8} rep  cpu p50  cpu p95  wall p50  wall p95  (ms per add, {args.entries})")
    for rep in range(args.repeats):
        print(_row("floor", rep, *floor_cpu(args.entries)), flush=True)
        for label, src in trees:
            env = {**os.environ, "PYTHONPATH": f"{Path(src).resolve()}{os.pathsep}{BENCH}"}
            cmd = [sys.executable, str(Path(__file__).resolve()), "--child"]
            cmd += ["--entries", str(args.entries)] + (["--phases"] if args.phases else [])
            out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
            res = json.loads(out.stdout.splitlines()[-1])
            print(_row(label, rep, res["cpu"], res["wall"]), flush=True)
            for label, secs in res["phases"].items():
                print(f"{'':<14}{secs * 1000:7.3f}  {label}")
    with open("/proc/loadavg", encoding="ascii") as f:
        print(f"load after: {f.read().strip()}")


if __name__ == "__main__":
    main()
