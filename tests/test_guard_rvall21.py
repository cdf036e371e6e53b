"""Review rvall21 of the session 91561f18..fa8b4f30 (scan47's speed change, real_memory3, the
round-47 reviews' tests). The speed change gave 91561f18's verdicts on 43,650 set texts and
mutations and 30,000 built from egress's parts (a differential run against ``git archive
91561f18``, not kept: any later round that means to move a verdict would fail it; the verdict
dump is the tool for that). Kept: a review file every ``--extra`` reads, and threads that scan
from a cold start agree with a serial scan.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _dev_texts() -> list[str]:
    """Dev halves (and probe sets without a test half) only: nothing counts-only is read."""
    out = []
    for path in ("guard/set.jsonl", "guard13/egress_benign.jsonl", "guard_probes/eg43.jsonl"):
        with (ROOT / "bench/data" / path).open(encoding="utf-8") as f:
            rows = [json.loads(line) for line in f if line.strip()]
        out += [str(r["text"]) for r in rows if r.get("split", "dev") == "dev"]
    return out


def test_every_guard_review_file_reads_with_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    # bench/data/guard_reviews/README.md: "Read with `--extra`; every row counts as test"
    monkeypatch.syspath_prepend(str(ROOT / "bench"))
    import guard  # type: ignore[import-not-found]

    for path in sorted((ROOT / "bench/data/guard_reviews").iterdir()):
        if path.name == "README.md":
            continue
        rows = guard.own_rows(path, path.stem)
        assert rows and all({"id", "label", "text"} <= set(r) for r in rows), path.name


_COLD_THREADS = r"""
import json, sys, threading
sys.setswitchinterval(1e-6)
import memdir.guard as G
texts = json.load(sys.stdin)
def v(r):
    return None if r is None else [r.rule, r.reason, r.excerpt]
got = [[None] * len(texts) for _ in range(4)]
def work(k):
    order = range(len(texts))
    for i in order if k % 2 == 0 else reversed(order):
        got[k][i] = v(G.scan(texts[i]))
ts = [threading.Thread(target=work, args=(k,)) for k in range(4)]
[t.start() for t in ts]
[t.join() for t in ts]
serial = [v(G.scan(t)) for t in texts]
print(json.dumps(sum(g[i] != serial[i] for g in got for i in range(len(texts)))))
"""


def test_threads_scanning_from_a_cold_start_agree_with_a_serial_scan() -> None:
    # nothing built lazily (the send literals now read at _compiled's build, one-character
    # literals by str.find, the registry's automaton rebuilt as literals come) moves a verdict
    # when four threads scan from a fresh process at once
    texts = random.Random(7).sample(_dev_texts(), 120)
    out = subprocess.run(
        [sys.executable, "-c", _COLD_THREADS],
        input=json.dumps(texts),
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"},
    )
    assert json.loads(out.stdout) == 0
