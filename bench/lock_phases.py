"""Where one add's locked section goes with N writers on one scope: bench/core.py's
8-process phase with each part of ``Store.apply`` timed (wall and CPU) in every writer::

    .venv-bench/bin/python bench/lock_phases.py [--writers 8] [--count 50] [--runs 3]

Printed per run: the mean ms per add, over all writers, of the lock wait, the locked
section and the parts inside it, and the adds per second. See bench/README.md (core).
"""

from __future__ import annotations

import argparse
import collections
import multiprocessing as mp
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from add_cpu import wrap_phases
from core import _TEMPLATES, make_project, memdir_home, memory

# (module, owner, attribute, label): the parts timed, where the tree has them.
PARTS = (
    ("memdir.core.store", "Store", "_screen", "guard (outside the lock)"),
    ("memdir.core.reader", "ScopeReader", "load", "re-read: ScopeReader.load"),
    ("memdir.core.storage.files", "FileBackend", "listing", "  of which listing (stat)"),
    ("memdir.core.reader", "ScopeReader", "_parse", "  of which parses"),
    ("memdir.core.changes", "Plan", "apply", "plan (Plan.apply)"),
    ("memdir.core.store", None, "render_read_back", "topic file render"),
    ("memdir.core.store", "Store", "_index_bytes", "index render + compare"),
    ("memdir.core.store", "Store", "_write_all", "write_all (fsynced, renamed)"),
    ("memdir.core.store", "Store", "_settle", "folder fsync (after the lock)"),
)


def _wrap(spent: dict[str, list[float]]) -> None:
    """Time :data:`PARTS`, the lock wait, and the section the lock is held (wall and this
    thread's CPU) into ``spent``."""
    import contextlib

    from memdir.core.storage.files import FileBackend

    def add(label: str, wall: float, cpu: float) -> None:
        spent[label][0] += wall
        spent[label][1] += cpu

    wrap_phases(PARTS, add, time.thread_time)
    lock, acquire = FileBackend.lock, FileBackend._acquire

    def timed_acquire(*args: Any) -> None:
        w0 = time.perf_counter()
        acquire(*args)
        spent["lock wait"][0] += time.perf_counter() - w0

    @contextlib.contextmanager
    def timed_lock(self: Any, *args: Any, **kwargs: Any) -> Any:
        with lock(self, *args, **kwargs):
            w0, c0 = time.perf_counter(), time.thread_time()
            try:
                yield
            finally:
                add("LOCKED SECTION", time.perf_counter() - w0, time.thread_time() - c0)
                spent["locked sections (count)"][0] += 1

    FileBackend._acquire = staticmethod(timed_acquire)  # type: ignore[method-assign]
    FileBackend.lock = timed_lock  # type: ignore[method-assign]


def _worker(home: str, project: str, wid: int, count: int, barrier: Any, out: Any) -> None:
    import memdir
    from memdir.guard import scan

    spent: dict[str, list[float]] = collections.defaultdict(lambda: [0.0, 0.0])
    _wrap(spent)
    store = memdir.open(home=home, project=project).store("local")
    for i in range(len(_TEMPLATES)):
        m = memory(10_000 + i, "warm-up")
        scan("\n".join((m.name, m.description, m.body)))
    batch = [memory(wid * count + j, f"w{wid}-{j:03d}") for j in range(count)]
    barrier.wait()
    start, c0 = time.monotonic(), time.thread_time()
    for m in batch:
        store.add(type=m.type, name=m.name, description=m.description, body=m.body)
    spent["CPU per add, all"] = [0.0, time.thread_time() - c0]
    out.put((start, time.monotonic(), dict(spent)))


def run(writers: int, count: int) -> None:
    ctx = mp.get_context("spawn")
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        home, project = memdir_home(root, "shared", False), make_project(root)
        barrier, out = ctx.Barrier(writers), ctx.Queue()
        procs = [
            ctx.Process(target=_worker, args=(str(home), str(project), w, count, barrier, out))
            for w in range(writers)
        ]
        for p in procs:
            p.start()
        got = [out.get(timeout=600) for _ in procs]
        for p in procs:
            p.join()
    total: dict[str, list[float]] = collections.defaultdict(lambda: [0.0, 0.0])
    for _, _, spent in got:
        for k, (w, c) in spent.items():
            total[k][0] += w
            total[k][1] += c
    adds = writers * count
    elapsed = max(e for _, e, _ in got) - min(s for s, _, _ in got)
    with open("/proc/loadavg", encoding="ascii") as f:
        load = f.read().split()[:3]
    print(f"{adds / elapsed:.0f} adds/s, {elapsed:.2f} s, load {' '.join(load)}")
    print(f"  {'ms per add (mean of all writers)':<34}  wall    cpu")
    for k in ["lock wait", "LOCKED SECTION", *(p[3] for p in PARTS), "CPU per add, all"]:
        if k in total:
            w, c = total[k]
            print(f"  {k:<34} {w / adds * 1000:6.2f} {c / adds * 1000:6.2f}")
    print(f"  {'locked sections (count)':<34} {total['locked sections (count)'][0]:6.0f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--writers", type=int, default=8)
    ap.add_argument("--count", type=int, default=50)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    print(f"memdir from {os.environ.get('PYTHONPATH', '?')}")
    for _ in range(args.runs):
        run(args.writers, args.count)


if __name__ == "__main__":
    main()
