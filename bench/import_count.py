"""What `memdir import-sessions` spends counting state.db: it runs ``SELECT count(*)`` over
sessions and messages once per command (the "N sessions and M messages were imported"
its Ctrl-C message gives), never per file or session; its per-session
``count(*) … WHERE session_id = ?`` reads one session's rows through the index.

    PYTHONPATH=src .venv/bin/python bench/import_count.py [--messages 1000000]

Builds a state.db of ``--messages`` messages (1,000 a session) in a temporary folder,
then prints the first read of a fresh process (opening state.db), ``sessions.count()``
warm, and the CLI's wall time importing the fixture transcripts (3 files) into it.
Figures: bench/README.md ("left56").
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import memdir
from memdir.sessions import SessionSpec

FIXTURE = Path(__file__).resolve().parent.parent / "tests/fixtures/transcripts/home/.claude"


def _sessions(n: int, cwd: Path) -> Iterator[tuple[SessionSpec, list[Any]]]:
    for s in range(max(1, n // 1000)):
        rows = [
            (
                "user" if i % 2 == 0 else "assistant",
                f"message {i} of {s}: deploy kiwi {i * s}",
                None,
                None,
                1.7e9 + s * 1000 + i,
            )
            for i in range(1000)
        ]
        spec = SessionSpec(f"bench-{s}", agent="bench", cwd=str(cwd), scope="local")
        yield spec, rows


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--messages", type=int, default=1_000_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        home, project = Path(tmp) / "home", Path(tmp) / "project"
        project.mkdir()
        md = memdir.open(home, project)
        start = time.perf_counter()
        counts = md.sessions.import_sessions(_sessions(args.messages, project))
        print(f"built: {counts.messages_added:,} messages in {time.perf_counter() - start:.1f} s")
        md.close()
        md = memdir.open(home, project)
        start = time.perf_counter()
        md.sessions.db.read(lambda c: c.execute("SELECT 1").fetchone())
        print(f"first read of a fresh process (opens state.db): {_ms(time.perf_counter() - start)}")
        for i in range(3):
            start = time.perf_counter()
            found = md.sessions.count()
            print(f"sessions.count() {found} run {i + 1}: {_ms(time.perf_counter() - start)}")
        md.close()
        env = {**os.environ, "MEMDIR_HOME": str(home), "HOME": tmp}
        argv = [sys.executable, "-m", "memdir", "import-sessions", "claude-code"]
        for i in range(3):
            start = time.perf_counter()
            subprocess.run(
                [*argv, "--from", str(FIXTURE / "projects")],
                cwd=project,
                env=env,
                check=True,
                capture_output=True,
            )
            print(f"CLI import-sessions (3 files) run {i + 1}: {_ms(time.perf_counter() - start)}")


if __name__ == "__main__":
    main()
