"""Transcript import in bounded memory: one large Claude Code JSONL into state.db.

    .venv-bench/bin/python bench/transcripts.py             # a 100 MiB transcript (+ 10 MiB)
    .venv-bench/bin/python bench/transcripts.py --mb 20     # quicker

Generates (in a child process, deterministic from ``--seed``) one Claude Code session file
of ``--mb`` MiB under a temporary ``.claude/projects/<slug>/``: user prompts, assistant text,
tool calls (Read / Bash / Grep / Edit with inputs) and their results (file contents, command
output — the bulk of the bytes), a sub-agent sidechain every ~20 turns, ~10 % Chinese text.
Then runs ``memdir.interop.transcripts.import_sessions(md, "claude-code", file)`` in a fresh
child process, twice (the second must add nothing), and once more on a ``--compare`` MiB
file, so the peak RSS can be seen not to grow with the file. Peak RSS is each child's
``ru_maxrss`` as the kernel reports it to the parent (``os.wait4``, the per-child form of
``RUSAGE_CHILDREN``); the parent stays small so nothing is inherited. A last child opens
memdir and imports nothing: the baseline. Prints one table. Not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
SID = "5b0e6c1d-2f3a-4b5c-8d7e-9f0a1b2c3d4e"


def generate(path: Path, mb: float, seed: int) -> dict[str, int]:
    """Write a Claude Code transcript of about ``mb`` MiB; returns line counts."""
    sys.path.insert(0, str(HERE))
    from scale import Generator  # the same technical English (and Chinese) as scale.py

    gen = Generator(seed)
    rng = random.Random(seed)
    base = {
        "sessionId": SID,
        "cwd": "/home/dev/shop",
        "version": "1.0.80",
        "gitBranch": "main",
        "userType": "external",
    }
    t = 1_750_000_000.0
    limit = int(mb * 1024 * 1024)
    counts = {"lines": 0, "messages": 0}
    parent: str | None = None
    n = 0

    def text(words: int) -> str:
        return gen._chinese(max(2, words // 3)) if rng.random() < 0.1 else gen._english(words)

    with path.open("w", encoding="utf-8") as f:

        def put(
            kind: str,
            content: Any,
            sidechain: bool = False,
            chain: str | None = None,
            messages: int = 1,
        ) -> str:
            nonlocal t, n, parent
            n += 1
            t += rng.uniform(0.5, 30)
            uuid = f"{n:08x}-0000-4000-8000-{n:012x}"
            stamp = (
                time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(t)) + f".{int(t % 1 * 1000):03d}Z"
            )
            line = {
                **base,
                "type": kind,
                "uuid": uuid,
                "isSidechain": sidechain,
                "parentUuid": chain if sidechain else parent,
                "timestamp": stamp,
                "message": {"role": kind, "content": content},
            }
            f.write(json.dumps(line, ensure_ascii=False) + "\n")
            if not sidechain:
                parent = uuid
            counts["lines"] += 1
            counts["messages"] += messages
            return uuid

        turn = 0
        while f.tell() < limit:
            turn += 1
            put("user", text(rng.randint(8, 60)))
            for _ in range(rng.randint(1, 4)):
                tool = rng.choice(("Read", "Bash", "Grep", "Edit"))
                call = f"toolu_{turn:06d}_{rng.randrange(10**6):06d}"
                target = f"src/{gen._ident()}.py"
                args = {
                    "Read": {"file_path": target},
                    "Bash": {"command": f"pytest -q {target}"},
                    "Grep": {"pattern": gen._ident(), "path": "src"},
                    "Edit": {"file_path": target, "old_string": text(6), "new_string": text(6)},
                }[tool]
                put(
                    "assistant",
                    [
                        {"type": "text", "text": text(rng.randint(5, 30))},
                        {"type": "tool_use", "id": call, "name": tool, "input": args},
                    ],
                    messages=2,
                )
                output = "\n".join(
                    gen._english(rng.randint(8, 20))  # tool output: English
                    for _ in range(rng.randint(3, 60))
                )
                put("user", [{"type": "tool_result", "tool_use_id": call, "content": output}])
            put(
                "assistant",
                [
                    {"type": "thinking", "thinking": text(20)},
                    {"type": "text", "text": text(rng.randint(10, 80))},
                ],
            )
            if turn % 20 == 0:  # a sub-agent's own conversation (a child session)
                link = put("user", text(20), sidechain=True, chain=None)
                for _ in range(3):
                    link = put(
                        "assistant",
                        [{"type": "text", "text": text(30)}],
                        sidechain=True,
                        chain=link,
                    )
    counts["bytes"] = path.stat().st_size
    return counts


def child_import(home: Path, source: Path) -> dict[str, Any]:
    """Import ``source`` into memdir at ``home``; the report, seconds and own VmHWM."""
    import memdir
    from memdir.interop.transcripts import import_sessions

    md = memdir.open(home=home, project=home)
    t0 = time.perf_counter()
    report = import_sessions(md, "claude-code", source) if source.name else None
    seconds = time.perf_counter() - t0
    md.close()
    hwm = 0.0
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            hwm = int(line.split()[1]) / 1024
    return {"report": report.to_dict() if report else None, "seconds": seconds, "hwm": hwm}


def run_child(*args: str) -> tuple[dict[str, Any], float]:
    """Run this script as a child; its JSON result and its peak RSS (MiB) from wait4."""
    with tempfile.TemporaryFile() as out:
        proc = subprocess.Popen([sys.executable, __file__, "--child", *args], stdout=out)
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        text = out.read().decode()
    if proc.returncode != 0:
        raise SystemExit(f"child {args[0]} failed ({proc.returncode})")
    return json.loads(text.strip().splitlines()[-1]), usage.ru_maxrss / 1024


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--mb", type=float, default=100.0, help="transcript size in MiB")
    ap.add_argument("--compare", type=float, default=10.0, help="a smaller file (0: none)")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--child", nargs="*", help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.child:
        kind, *rest = a.child
        if kind == "generate":
            print(json.dumps(generate(Path(rest[0]), float(rest[1]), int(rest[2]))))
        else:
            print(json.dumps(child_import(Path(rest[0]), Path(rest[1]))))
        return 0

    work = Path(tempfile.mkdtemp(prefix="transcripts-"))
    rows: list[tuple[str, float, dict[str, Any] | None, float, float]] = []
    try:
        sizes = [a.mb] + ([a.compare] if a.compare else [])
        files = {}
        for mb in sizes:
            folder = work / f"{mb:g}" / ".claude" / "projects" / "-home-dev-shop"
            folder.mkdir(parents=True)
            path = folder / f"{SID}.jsonl"
            files[mb] = (path, run_child("generate", str(path), str(mb), str(a.seed))[0])
        load0 = os.getloadavg()
        for mb in sizes:
            path, _ = files[mb]
            home = work / f"{mb:g}" / "memdir"
            for label in ("import", "import again") if mb == a.mb else ("import",):
                res, rss = run_child("import", str(home), str(path))
                rows.append(
                    (
                        f"{label}, {mb:g} MiB file",
                        path.stat().st_size / 2**20,
                        res,
                        rss,
                        (home / "state.db").stat().st_size / 2**20,
                    )
                )
        base, rss = run_child("import", str(work / "empty"), "")
        rows.append(("memdir opened, nothing imported", 0.0, base, rss, 0.0))
        children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        load1 = os.getloadavg()
    finally:
        shutil.rmtree(work, ignore_errors=True)

    big = files[a.mb][1]
    print(
        f"Transcript import — Claude Code JSONL, {a.mb:g} MiB: {big['lines']:,} lines, "
        f"{big['messages']:,} messages expected (seed {a.seed}); sqlite "
        f"{sqlite3.sqlite_version}; {os.cpu_count()} cores; loadavg {load0[0]:.1f} → "
        f"{load1[0]:.1f}"
    )
    head = (
        f"{'run':<32}{'file MiB':>9}{'added':>10}{'present':>10}{'malformed':>10}"
        f"{'s':>7}{'msg/s':>9}{'MiB/s':>7}{'RSS MiB':>9}{'HWM MiB':>9}{'db MiB':>8}"
    )
    print(head)
    print("-" * len(head))
    for label, mib, res, rss, db in rows:
        r = res["report"] if res else None
        if r is None:
            print(
                f"{label:<32}{'':>9}{'':>10}{'':>10}{'':>10}{'':>7}{'':>9}{'':>7}"
                f"{rss:>9.1f}{res['hwm'] if res else 0:>9.1f}{'':>8}"
            )
            continue
        secs = res["seconds"]
        rate = f"{r['messages_added'] / secs:>9,.0f}" if r["messages_added"] else f"{'-':>9}"
        print(
            f"{label:<32}{mib:>9.1f}{r['messages_added']:>10,}{r['messages_present']:>10,}"
            f"{r['malformed']:>10}{secs:>7.1f}{rate}{mib / secs:>7.1f}{rss:>9.1f}"
            f"{res['hwm']:>9.1f}{db:>8.1f}"
        )
    print(f"RUSAGE_CHILDREN ru_maxrss (largest child, the generators included): {children:.1f} MiB")
    again = next(r for r in rows if r[0].startswith("import again"))[2]
    ok = again is not None and again["report"]["messages_added"] == 0
    print("second import adds nothing: " + ("yes" if ok else "NO"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
