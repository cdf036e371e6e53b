"""What recall's secret redaction costs Claude Code's UserPromptSubmit hook (a fresh process
on every prompt), in this checkout and in others.

    .venv-bench/bin/python bench/hook_recall.py --tree /tmp/before   # this checkout vs it
    .venv-bench/bin/python bench/hook_recall.py --runs 5             # this checkout alone

A home whose past Claude Code session holds a pasted AWS key pair (tests/test_walk61.py);
each run is ``memdir hook claude-code --budget 60`` as a subprocess, a new session asking
about that session's error, so recall quotes the passage and redacts the key. Runs of the
trees are interleaved; the table shows the median wall time and CPU (user + system) of
``--runs`` runs each, and the guard modules the hook imported (``-X importtime``). Every
answer is checked: the passage recalled, no secret in it.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
AKIA, AWS_SECRET = "AKIAQ3EGRPXJ7LMN4ZTQ", "wJ8rXq2Lp0vTnY5sKc3BhZ1mD9fGeR4uIa7oWx6N"
PASTED = (
    "deploy fails with AccessDenied, here's my profile: "
    f"aws_access_key_id = {AKIA} aws_secret_access_key = {AWS_SECRET}"
)
SID = "6a1f3c2e-8d4b-4e57-9a0c-2b7d9e1f4a55"


def _env(home: Path, tree: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMDIR_")}
    return {
        **env,
        "PYTHONPATH": str(tree / "src"),
        "HOME": str(home),
        "MEMDIR_HOME": str(home / ".memdir"),
        "MEMDIR_MANAGED_DIR": str(home / "etc-memdir"),
        "MEMDIR_BACKGROUND": "0",
    }


def _line(repo: Path, n: int, role: str, text: str, parent: str | None) -> dict[str, Any]:
    message: dict[str, Any] = (
        {"role": "user", "content": text}
        if role == "user"
        else {"id": f"msg_{n}", "type": "message", "role": "assistant",
              "model": "claude-sonnet-4-5", "content": [{"type": "text", "text": text}],
              "stop_reason": "end_turn"}
    )  # fmt: skip
    return {
        "parentUuid": parent, "isSidechain": False, "userType": "external", "cwd": str(repo),
        "sessionId": SID, "version": "2.1.332", "gitBranch": "main", "type": role,
        "message": message, "uuid": f"00000000-0000-4000-8000-{n:012d}",
        "timestamp": f"2026-12-07T10:0{n}:00.000Z",
    }  # fmt: skip


def seed(home: Path, repo: Path) -> None:
    """A git repository and a home holding one imported session with the pasted pair."""
    home.mkdir()
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    folder = home / ".claude/projects" / str(repo).replace("/", "-")
    folder.mkdir(parents=True)
    turns = [
        ("user", PASTED),
        ("assistant", "Rotate that pair now. AccessDenied: the role lacks eks:DescribeCluster."),
    ]
    lines, parent = [], None
    for n, (role, text) in enumerate(turns, 1):
        lines.append(json.dumps(_line(repo, n, role, text, parent)))
        parent = f"00000000-0000-4000-8000-{n:012d}"
    (folder / f"{SID}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    argv = [sys.executable, "-m", "memdir", "-C", str(repo), "import-sessions", "claude-code"]
    proc = subprocess.run(argv, env=_env(home, ROOT), capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def run(
    home: Path, repo: Path, tree: Path, n: int, *, imports: bool = False
) -> tuple[float, float, str]:
    """One hook call: (wall seconds, CPU seconds, stderr)."""
    prompt = {
        "hook_event_name": "UserPromptSubmit", "session_id": f"later-{n}", "cwd": str(repo),
        "prompt": "why did the deploy fail with AccessDenied?",
        "transcript_path": str(home / f"later-{n}.jsonl"),
    }  # fmt: skip
    argv = [sys.executable, *(["-X", "importtime"] if imports else [])]
    argv += ["-m", "memdir", "-C", str(repo), "hook", "claude-code", "--budget", "60"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(
        argv, input=json.dumps(prompt), env=_env(home, tree), capture_output=True, text=True
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr
    block = json.loads(proc.stdout)["hookSpecificOutput"]["additionalContext"]
    assert "AccessDenied" in block and "[REDACTED:" in block, block
    assert AKIA not in block and AWS_SECRET not in block, block
    return wall, cpu, proc.stderr


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tree", type=Path, action="append", default=[], help="another checkout")
    ap.add_argument("--runs", type=int, default=15, help="runs per tree (default 15)")
    args = ap.parse_args(argv)
    trees = [*(t.resolve() for t in args.tree), ROOT]
    with tempfile.TemporaryDirectory(prefix="hook-recall-") as tmp:
        home, repo = Path(tmp) / "home", Path(tmp) / "repo"
        seed(home, repo)
        modules = {}
        for tree in trees:  # also a warm-up run of each
            stderr = run(home, repo, tree, 0, imports=True)[2]
            modules[tree] = sum(" memdir.guard." in line for line in stderr.splitlines())
        walls: dict[Path, list[float]] = {t: [] for t in trees}
        cpus: dict[Path, list[float]] = {t: [] for t in trees}
        for n in range(1, args.runs + 1):
            for tree in trees:
                wall, cpu, _ = run(home, repo, tree, n)
                walls[tree].append(wall)
                cpus[tree].append(cpu)
    print(f"UserPromptSubmit hook with recall, median of {args.runs} interleaved runs")
    print(f"{'tree':<40} {'wall s':>7} {'CPU s':>7} {'min wall':>8} {'guard modules':>13}")
    for tree in trees:
        name = str(tree) + (" (this)" if tree == ROOT else "")
        print(
            f"{name:<40} {statistics.median(walls[tree]):>7.3f} "
            f"{statistics.median(cpus[tree]):>7.3f} {min(walls[tree]):>8.3f} "
            f"{modules[tree]:>13}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
