"""What one add costs, in counts that a loaded machine does not move: Python calls
(cProfile), fsyncs, and with ``--callgrind`` CPU instructions.

    .venv-bench/bin/python bench/add_counts.py                  # history on, adds 191-200
    .venv-bench/bin/python bench/add_counts.py --history off
    .venv-bench/bin/python bench/add_counts.py --callgrind      # needs valgrind
    .venv-bench/bin/python bench/add_counts.py --syscalls       # needs strace
    .venv-bench/bin/python bench/add_counts.py --writers 8      # one of 8 writers

With ``--writers N`` the store starts empty and N processes add ``--measure`` entries each
at once (bench/core.py's throughput phase); this one, one of them, counts its calls in all
and those made while it holds the scope lock, and its CPU time under the lock.

The scope is filled with bench/core.py's memories up to ``--entries`` minus ``--measure``;
only the last ``--measure`` adds are counted. Seconds are printed too, with the load, but
they are the machine's, not the code's. See bench/README.md (core section).
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import multiprocessing as mp
import os
import pstats
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from core import _TEMPLATES, make_project, memory


def _warm_up() -> None:
    """Compile the guard's patterns (first use) outside the measured adds, as core.py."""
    from memdir.guard import scan

    for i in range(len(_TEMPLATES)):
        m = memory(10_000 + i, "warm-up")
        scan("\n".join((m.name, m.description, m.body)))


def _adds(entries: int, measure: int, history: bool, root: Path) -> Callable[[], None]:
    """A scope holding ``entries - measure`` memories; the function that adds the rest."""
    import memdir

    home = root / "home"
    home.mkdir()
    if not history:
        (home / "config.toml").write_text("history_scopes = []\n", encoding="utf-8")
    store = memdir.open(home=home, project=make_project(root)).store("local")
    for i in range(entries - measure):
        m = memory(i, f"#{i:04d}")
        store.add(type=m.type, name=m.name, description=m.description, body=m.body)
    todo = [memory(i, f"#{i:04d}") for i in range(entries - measure, entries)]

    def run() -> None:
        for m in todo:
            store.add(type=m.type, name=m.name, description=m.description, body=m.body)

    return run


def _writer(home: str, project: str, wid: int, count: int, barrier: Any) -> None:
    """One of the other writers: add ``count`` entries once all are ready."""
    import memdir

    store = memdir.open(home=home, project=project).store("local")
    batch = [memory(wid * count + j, f"w{wid}-{j:03d}") for j in range(count)]
    _warm_up()
    barrier.wait()
    for m in batch:
        store.add(type=m.type, name=m.name, description=m.description, body=m.body)


def _contended(writers: int, count: int, history: bool, root: Path) -> str:
    """Profile writer 0 of ``writers`` adding ``count`` entries each to one empty store."""
    import memdir
    from memdir.core.storage.files import FileBackend

    home, project = root / "home", make_project(root)
    home.mkdir()
    if not history:
        (home / "config.toml").write_text("history_scopes = []\n", encoding="utf-8")
    store = memdir.open(home=home, project=project).store("local")
    ctx = mp.get_context("fork")
    barrier = ctx.Barrier(writers)
    args = (str(home), str(project))
    others = [
        ctx.Process(target=_writer, args=(*args, w, count, barrier)) for w in range(1, writers)
    ]
    for p in others:
        p.start()
    every, held, cpu = cProfile.Profile(), [0], [0.0]
    plain = FileBackend.lock

    def calls() -> int:
        return sum(e.callcount for e in every.getstats())

    @contextlib.contextmanager
    def lock(self: FileBackend, *a: Any, **k: Any) -> Iterator[None]:
        with plain(self, *a, **k):
            start, before = time.thread_time(), calls()
            try:
                yield
            finally:
                held[0] += calls() - before
                cpu[0] += time.thread_time() - start

    FileBackend.lock = lock  # type: ignore[method-assign]
    batch = [memory(j, f"w0-{j:03d}") for j in range(count)]
    _warm_up()
    barrier.wait()
    every.enable()
    for m in batch:
        store.add(type=m.type, name=m.name, description=m.description, body=m.body)
    every.disable()
    for p in others:
        p.join()
    total, locked = calls(), held[0]
    return (
        f"1 of {writers} writers, {count} adds each: {total / count:,.0f} Python calls per "
        f"add, {locked / count:,.0f} of them under the lock ({cpu[0] / count * 1000:.2f} ms CPU"
        f" under the lock per add, profiled, at load {os.getloadavg()[0]:.1f})"
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--entries", type=int, default=200, help="entries after the last add")
    ap.add_argument("--measure", type=int, default=10, help="adds counted (the last ones)")
    ap.add_argument("--history", choices=["on", "off"], default="on")
    ap.add_argument("--callgrind", action="store_true", help="instructions (valgrind)")
    ap.add_argument("--syscalls", action="store_true", help="system calls (strace -c)")
    ap.add_argument("--time", action="store_true", help="seconds only, without the profiler")
    ap.add_argument("--writers", type=int, default=1, help="writers at once (see above)")
    ap.add_argument("--inside-callgrind", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.callgrind:
        out = Path(tempfile.mkdtemp(prefix="add-counts-")) / "callgrind.out"
        cmd = ["valgrind", "--tool=callgrind", "--instr-atstart=no"]
        cmd += [f"--callgrind-out-file={out}", sys.executable, *sys.argv, "--inside-callgrind"]
        subprocess.run([c for c in cmd if c != "--callgrind"], check=True, capture_output=True)
        total = subprocess.run(["callgrind_annotate", str(out)], capture_output=True, text=True)
        shutil.rmtree(out.parent, ignore_errors=True)
        line = next(x for x in total.stdout.splitlines() if "PROGRAM TOTALS" in x)
        instructions = int(line.split()[0].replace(",", ""))
        print(f"instructions per add: {instructions / a.measure / 1e6:.2f} M")
        return 0
    root = Path(tempfile.mkdtemp(prefix="add-counts-"))
    try:
        if a.writers > 1:
            print(_contended(a.writers, a.measure, a.history == "on", root))
            return 0
        run = _adds(a.entries, a.measure, a.history == "on", root)
        fsyncs = [0]
        real_fsync = os.fsync

        def fsync(fd: int) -> None:
            fsyncs[0] += 1
            real_fsync(fd)

        os.fsync = fsync
        if a.inside_callgrind:
            ctl = ["callgrind_control", "-i"]
            subprocess.run([*ctl, "on", str(os.getpid())], check=True, capture_output=True)
            run()
            subprocess.run([*ctl, "off", str(os.getpid())], check=True, capture_output=True)
            return 0
        if a.syscalls:
            log = root / "strace.txt"
            tracer = subprocess.Popen(
                ["strace", "-f", "-c", "-o", str(log), "-p", str(os.getpid())]
            )
            time.sleep(1.5)  # attached
            run()
            tracer.send_signal(signal.SIGINT)
            tracer.wait()
            print(f"system calls of {a.measure} adds:\n{log.read_text()}")
            return 0
        if a.time:
            import resource

            def now() -> tuple[float, float, float]:
                use = resource.getrusage(resource.RUSAGE_THREAD)
                return time.perf_counter(), use.ru_utime, use.ru_stime

            start = now()
            run()
            wall, user, system = (
                (end - begin) / a.measure * 1000 for end, begin in zip(now(), start, strict=True)
            )
            print(
                f"history {a.history}: {wall:.2f} ms wall, CPU of this thread {user:.2f} ms "
                f"user + {system:.2f} ms system per add, load {os.getloadavg()[0]:.1f}"
            )
            return 0
        profile = cProfile.Profile()
        wall, cpu = time.perf_counter(), time.thread_time()
        profile.runcall(run)
        wall, cpu = time.perf_counter() - wall, time.thread_time() - cpu
        calls = pstats.Stats(profile).total_calls  # type: ignore[attr-defined]
        print(
            f"history {a.history}, adds {a.entries - a.measure + 1}-{a.entries}: "
            f"{calls / a.measure:,.0f} Python calls, {fsyncs[0] / a.measure:.1f} fsyncs per add "
            f"(profiled: {wall / a.measure * 1000:.1f} ms wall, {cpu / a.measure * 1000:.1f} ms "
            f"CPU per add at load {os.getloadavg()[0]:.1f})"
        )
        return 0
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
