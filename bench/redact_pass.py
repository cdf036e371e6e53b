"""What the last redaction pass over a ``session_search`` result costs, beside the call.

    .venv/bin/python bench/redact_pass.py [--runs N]

20 logged sessions of long messages, one 10-hit search; CPU (``process_time``) of the whole
tool call and of ``tools._without_secrets`` on its result, medians (docs/design/
architecture.md, "Placement debts paid")."""

from __future__ import annotations

import argparse
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import memdir
from memdir.tools import Dispatcher, _without_secrets

WORDS = "deploy failed because the staging token expired and the runner lost its cache " * 30
ARGS = {"query": "deploy token", "limit": 10}


def median_ms(work: Callable[[], object], runs: int) -> float:
    spent = []
    for _ in range(runs):
        started = time.process_time()
        work()
        spent.append(time.process_time() - started)
    return statistics.median(spent) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=20, help="timed runs of each (default 20)")
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory() as tmp:
        repo = Path(tmp) / "repo"
        subprocess.run(["git", "init", "-q", str(repo)], check=True)
        md = memdir.open(Path(tmp) / "home", repo)
        try:
            for i in range(20):
                at = datetime(2026, 3, 2, 10, i, tzinfo=UTC)
                with md.session(agent="bench", session_id=f"s{i}", started_at=at) as s:
                    for j in range(6):
                        s.log("user", f"{WORDS} {i} {j}", timestamp=at)
            tools = Dispatcher(md)
            result = tools.call("session_search", ARGS)
            call = median_ms(lambda: tools.call("session_search", ARGS), runs)
            last = median_ms(lambda: _without_secrets(result), runs)
        finally:
            md.close()
    print(f"{'':42} {'CPU ms':>8}")
    print(f"{'session_search call (10 hits), all of it':42} {call:8.1f}")
    print(f"{'last redaction pass on its result':42} {last:8.1f}")
    print(f"result: {len(str(result)):,} characters; median of {runs} runs each")


if __name__ == "__main__":
    main()
