"""The web page's memory page on a home with 1,000 entries across 4 scopes: server render
time over loopback HTTP and first contentful paint in headless Chromium.

Run from the repository root (needs Debian's chromium and chromium-driver)::

    .venv/bin/python bench/ui.py            # 250 entries per scope, 20 runs
    .venv/bin/python bench/ui.py --quick    # 50 per scope, 5 runs

Prints one table: the memory page (all entries, and a search) as served by ``memdir
serve``'s app (request → full answer on loopback, so it includes the network stack, an
upper bound of the server's render time) and the CPU time it took (server and client
share this process: on a loaded machine that says what wall time cannot), its size, first
contentful paint and DOM content loaded in Chromium, and as the baseline the same listing
from the terminal, ``memdir ls --json`` as a fresh process. Targets (issue 19): render
≤ 200 ms, FCP ≤ 1 s; exit status 1 when a median misses.
Not a test (DESIGN.md, "Conventions").
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx2 as httpx

HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]  # bench/mcp.py ≠ mcp
sys.path.insert(0, str(HERE.parent / "tests"))

import memdir  # noqa: E402
from memdir.core.changes import AddOp  # noqa: E402
from memdir.core.storage.files import FileBackend  # noqa: E402
from webserver import TOKEN, chromium, quit_chromium, web_server  # noqa: E402

COMPONENTS = ("billing", "search", "checkout", "ledger", "gateway", "reporting", "scheduler")
TYPES = ("feedback", "user", "project", "reference")


FCP = """const done = arguments[arguments.length - 1];
new PerformanceObserver((list) => {
  const e = list.getEntriesByName('first-contentful-paint')[0];
  if (e) done(e.startTime);
}).observe({type: 'paint', buffered: true});"""


def ops(scope: str, count: int) -> list[AddOp]:
    """``count`` distinct, realistic entries."""
    out = []
    for i in range(count):
        c = COMPONENTS[i % len(COMPONENTS)]
        out.append(
            AddOp(
                TYPES[i % 4],
                f"{scope} {c} rule {i}",
                f"How the {c} team wants change {i} handled ({scope})",
                f"Run `make check-{i}` in `services/{c}/` before merging.\n\n"
                f"**Why:** incident {1000 + i} in {c}.\n**How to apply:** every change.",
                pinned=i < 2,
            )
        )
    return out


def build(root: Path, per_scope: int) -> tuple[memdir.Memdir, dict[str, str]]:
    """A home with ``per_scope`` entries in each of the four scopes, in a git checkout."""
    home, managed, repo = root / "home", root / "managed", root / "repo"
    repo.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    env = {**os.environ, "MEMDIR_HOME": str(home), "MEMDIR_MANAGED_DIR": str(managed)}
    env["MEMDIR_BACKGROUND"] = "0"
    os.environ.update({k: env[k] for k in ("MEMDIR_MANAGED_DIR", "MEMDIR_BACKGROUND")})
    md = memdir.open(home, repo)
    memdir.Store(FileBackend(managed), scope="managed").apply(ops("managed", per_scope))
    for scope in ("user", "project", "local"):
        md.store(scope).apply(ops(scope, per_scope))  # one write (one commit) per scope
    return memdir.open(home, repo), env


def timed(fn: object, runs: int, cpu: list[float] | None = None) -> list[float]:
    """Wall ms of each run; with ``cpu``, also this process's CPU ms of each run (the
    server is a thread of it: on a loaded machine CPU time says what wall time cannot)."""
    out = []
    for _ in range(runs):
        start, used = time.perf_counter(), time.process_time()
        fn()  # type: ignore[operator]
        out.append((time.perf_counter() - start) * 1000)
        if cpu is not None:
            cpu.append((time.process_time() - used) * 1000)
    return out


def row(name: str, ms: list[float], extra: str = "") -> str:
    ms = sorted(ms)
    p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
    return f"{name:42} {statistics.median(ms):9.1f} {p95:9.1f} {ms[-1]:9.1f}  {extra}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="50 entries per scope, 5 runs")
    parser.add_argument("--per-scope", type=int, default=250)
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    per_scope, runs = (50, 5) if args.quick else (args.per_scope, args.runs)
    with tempfile.TemporaryDirectory(prefix="memdir-bench-ui-") as tmp:
        md, env = build(Path(tmp), per_scope)
        total = len(md.overview())
        lines = []
        with web_server(md) as url:
            client = httpx.Client(base_url=url, timeout=60)
            client.post("/signin", data={"token": TOKEN, "next": "/"})
            size = len(client.get("/").content)  # warm-up (guard verdicts, parsed files)
            cpu: list[float] = []
            render = timed(lambda: client.get("/").raise_for_status(), runs, cpu)
            lines.append(row(f"memory page, {total} entries (HTTP)", render, f"{size:,} B"))
            lines.append(row("  the same, CPU time (server + client)", cpu))
            cpu = []
            search = timed(lambda: client.get("/", params={"q": "billing"}), runs, cpu)
            lines.append(row("memory page, search 'billing' (HTTP)", search))
            lines.append(row("  the same, CPU time (server + client)", cpu))
            driver = chromium()
            try:
                driver.get(url + "/signin")
                driver.find_element("id", "token").send_keys(TOKEN)
                driver.find_element("css selector", ".signin button").click()
                deadline = time.monotonic() + 30
                while "/signin" in driver.current_url and time.monotonic() < deadline:
                    time.sleep(0.05)
                fcp, dcl = [], []
                for _ in range(runs):
                    driver.get(url + "/")
                    fcp.append(driver.execute_async_script(FCP))
                    dcl.append(
                        driver.execute_script(
                            "const n = performance.getEntriesByType('navigation')[0];"
                            "return n.domContentLoadedEventEnd - n.startTime"
                        )
                    )
                lines.append(row("first contentful paint (Chromium)", fcp))
                lines.append(row("DOM content loaded (Chromium)", dcl))
            finally:
                quit_chromium(driver)
        cli = [sys.executable, "-m", "memdir", "-C", str(Path(tmp) / "repo"), "ls", "--json"]
        subprocess.run(cli, env=env, capture_output=True, check=True)  # warm-up
        ls = timed(lambda: subprocess.run(cli, env=env, capture_output=True, check=True), runs)
        lines.append(row("baseline: memdir ls --json (fresh process)", ls))
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(
        f"memdir web page — {per_scope} entries × 4 scopes, {runs} runs, "
        f"{os.cpu_count()} CPUs, load average {load} (at the end)"
    )
    print(f"{'':42} {'p50 ms':>9} {'p95 ms':>9} {'max ms':>9}")
    print("\n".join(lines))
    ok = statistics.median(render) <= 200 and statistics.median(fcp) <= 1000
    print(f"targets (render ≤ 200 ms, FCP ≤ 1,000 ms, medians): {'met' if ok else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
