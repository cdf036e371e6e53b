"""`memdir context` with every layer present: four scopes of 200 entries each and 20
instruction files with includes, in a real git checkout opened from a subfolder.

Run from the repository root (any venv with memdir installed)::

    .venv/bin/python bench/context.py            # 200 entries per scope, 15 runs
    .venv/bin/python bench/context.py --quick    # a fast smoke run

Prints one table: the CLI's wall time (median and worst of the runs, after a warm-up),
the in-process `system_block()` and `explain()` times, and the block's size. Target:
`memdir context` ≤ 300 ms on this 2-core machine. Not a test (DESIGN.md, "Conventions").
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

import memdir
from memdir.core.storage.files import FileBackend

COMPONENTS = (
    "billing",
    "search",
    "checkout",
    "ledger",
    "gateway",
    "reporting",
    "mobile app",
    "admin console",
    "exporter",
    "scheduler",
)
TYPES = ("feedback", "user", "project", "reference")


def fill(store: memdir.Store, scope: str, count: int) -> None:
    """``count`` distinct, realistic entries."""
    for i in range(count):
        c = COMPONENTS[i % len(COMPONENTS)]
        store.add(
            type=TYPES[i % 4],
            name=f"{scope} {c} rule {i}",
            description=f"How the {c} team wants change {i} handled ({scope})",
            body=f"Run `make check-{i}` in `services/{c.replace(' ', '-')}/` before "
            f"merging.\n\n**Why:** incident {1000 + i} in {c}.\n"
            f"**How to apply:** every change to {c} in {scope} scope.",
        )


def build(root: Path, per_scope: int) -> tuple[Path, Path, dict[str, str]]:
    """A memory home, a managed folder and a repository with instruction files."""
    home, managed, repo = root / "home", root / "managed", root / "repo"
    deep = repo / "services" / "billing" / "api"
    deep.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    (repo / ".gitignore").write_text("*.local.md\n")
    # A warm bytecode cache of its own, as an installed copy has (an editable install under
    # PYTHONDONTWRITEBYTECODE=1 would compile memdir from source on every start).
    env = {
        **os.environ,
        "MEMDIR_HOME": str(home),
        "MEMDIR_MANAGED_DIR": str(managed),
        "PYTHONPYCACHEPREFIX": str(root / "pycache"),
    }
    env.pop("MEMDIR_DISABLE", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    md = memdir.open(home, deep)
    for scope in ("user", "project", "local"):
        fill(md.store(scope), scope, per_scope)
    fill(memdir.Store(FileBackend(managed), scope="managed"), "managed", per_scope)
    # 20 instruction files, most with an include or two.
    docs = repo / "docs"
    docs.mkdir()
    for i in range(6):
        (docs / f"part{i}.md").write_text(
            f"Shared guidance part {i}: keep diffs small.\n"
            + (f"More in @part{i + 1}.md\n" if i < 5 else "")
        )
    texts = {
        managed / "AGENTS.md": "Company policy: never push to main.\n",
        managed / "CLAUDE.md": "Company policy: sign commits.\n",
        home / "user" / "AGENTS.md": "I like short answers. @notes/tone.md\n",
        home / "user" / "CLAUDE.md": "Prefer British spelling.\n",
        home / "user" / "notes" / "tone.md": "Tone: dry.\n",
        repo / "AGENTS.md": "Build with make. @docs/part0.md\n",
        repo / "CLAUDE.md": "See AGENTS.md. @docs/part3.md\n",
        repo / "services" / "AGENTS.md": "Services share the gateway.\n",
        repo / "services" / "CLAUDE.md": "Services log in JSON.\n",
        repo / "services" / "billing" / "CLAUDE.md": "Billing: idempotent handlers.\n",
        repo / "services" / "billing" / "AGENTS.md": "Billing: money in cents.\n",
        deep / "AGENTS.md": "API: versioned routes. @../../../docs/part4.md\n",
        deep / "CLAUDE.md": "API: OpenAPI first.\n",
        repo / ".memdir" / "AGENTS.md": "Project memory rules.\n",
        repo / "AGENTS.local.md": "My local override. @docs/part5.md\n",
        deep / "AGENTS.local.md": "Local API notes.\n",
    }
    for i in range(4):
        texts[repo / ".memdir" / "rules" / f"rule{i}.md"] = (
            f'---\npaths: ["services/**"]\n---\nRule {i}: @../../docs/part{i}.md\n'
        )
    texts[home / "user" / "rules" / "rule0.md"] = "User rule 0 (overridden).\n"
    texts[home / "user" / "rules" / "personal.md"] = "Personal rule.\n"
    for path, text in texts.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return deep, home, env


def timed(fn: object) -> float:
    start = time.perf_counter()
    fn()  # type: ignore[operator]
    return (time.perf_counter() - start) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="50 entries per scope, 5 runs")
    args = parser.parse_args()
    per_scope, runs = (50, 5) if args.quick else (200, 15)
    with tempfile.TemporaryDirectory(prefix="memdir-bench-context-") as tmp:
        start, home, env = build(Path(tmp), per_scope)
        os.environ["MEMDIR_MANAGED_DIR"] = env["MEMDIR_MANAGED_DIR"]  # in-process runs too
        cmd = [
            sys.executable,
            "-m",
            "memdir",
            "-C",
            str(start),
            "context",
            "--path",
            "services/billing/api/routes.py",
        ]
        first = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
        wall = [
            timed(lambda: subprocess.run(cmd, env=env, capture_output=True, check=True))
            for _ in range(runs)
        ]
        md = memdir.open(home, start)
        found = md.explain(["services/billing/api/routes.py"])
        block_ms = statistics.median(
            timed(lambda: memdir.open(home, start).system_block(["services/x.py"]))
            for _ in range(runs)
        )
        parts = [s for s in found.sections if s.kind in ("instructions", "rule")]
        files = sum(1 for s in parts if not s.includes)  # imported files are parts too
        includes = sum(1 for s in parts if s.includes)
        rows = [
            (
                "`memdir context` wall, median",
                f"{statistics.median(wall):.0f} ms",
                "≤ 300 ms",
                statistics.median(wall) <= 300,
            ),
            ("`memdir context` wall, worst", f"{max(wall):.0f} ms", "", None),
            ("open + system_block() in process, median", f"{block_ms:.0f} ms", "", None),
            ("block size", f"{len(first.stdout.encode()):,} bytes", "", None),
            ("instruction files + rules loaded", f"{files}", "20", None),
            ("files imported with @", f"{includes}", "", None),
            ("entries per scope × scopes", f"{per_scope} × 4", "200 × 4", None),
            ("left out / shadowed / overridden notes", f"{len(found.notes)}", "", None),
        ]
    width = max(len(r[0]) for r in rows)
    print(f"{'measure':{width}}  {'value':>14}  {'target':>8}  result")
    for name, value, target, ok in rows:
        verdict = "" if ok is None else ("PASS" if ok else "FAIL")
        print(f"{name:{width}}  {value:>14}  {target:>8}  {verdict}")
    print(
        f"\nruns: {runs} after a warm-up; python {sys.version.split()[0]}; "
        f"{os.cpu_count()} CPUs; timed: memdir -C <repo>/services/billing/api context "
        f"--path services/billing/api/routes.py"
    )
    return 0 if all(ok is not False for *_, ok in rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
