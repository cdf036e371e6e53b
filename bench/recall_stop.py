"""Recall's anchor rule beyond English: does ``MemorySession.recall`` bring back a stored
passage for a prompt that shares a content word or identifier with it (should), and
keep quiet for one that shares only function words or small numbers (should not)?

    PYTHONPATH=src .venv-bench/bin/python bench/recall_stop.py            # dev and test
    PYTHONPATH=src .venv-bench/bin/python bench/recall_stop.py --misses dev

Data: ``bench/data/recall_stop/cases.json`` (its README). Each case gets a fresh store: the
passage is logged in one session three days back, the prompt is recalled from a new one
(``deep=False``, no chat model).
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
from collections import defaultdict
from datetime import timedelta
from pathlib import Path

import memdir

HERE = Path(__file__).resolve().parent
CASES = HERE / "data" / "recall_stop" / "cases.json"


def recalled(case: dict[str, object], root: Path) -> bool:
    md = memdir.open(root / "home", root / "project")
    try:
        when = md.clock() - timedelta(days=3)
        with md.session(agent="bench", session_id="past", started_at=when) as s:
            s.log("user", str(case["stored"]), timestamp=when)
            s.log("assistant", "OK.", timestamp=when + timedelta(minutes=1))
        with md.session(agent="bench") as now:
            block = now.recall(str(case["prompt"]), deep=False)
        return block is not None and str(case["stored"])[:12] in block
    finally:
        md.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--misses", choices=("dev", "test"), help="print this half's wrong cases")
    a = ap.parse_args()
    os.environ.setdefault("MEMDIR_BACKGROUND", "0")
    os.environ.pop("MEMDIR_LLM", None)
    cases = json.loads(CASES.read_text(encoding="utf-8"))
    score: dict[tuple[str, bool], list[int]] = defaultdict(lambda: [0, 0])
    for case in cases:
        (Path(tempfile.gettempdir()) / "recall_stop").mkdir(exist_ok=True)
        with tempfile.TemporaryDirectory(dir=Path(tempfile.gettempdir()) / "recall_stop") as d:
            (Path(d) / "project").mkdir()
            got = recalled(case, Path(d))
        right = got == case["recall"]
        cell = score[(case["split"], case["recall"])]
        cell[0] += right
        cell[1] += 1
        if a.misses == case["split"] and not right:
            print(f"miss {case['id']}: {case['prompt']!r} recalled={got}")
    print("half  should recall (recalled)  should not (kept quiet)  all right")
    for half in ("dev", "test"):
        yes, no = score[(half, True)], score[(half, False)]
        print(
            f"{half:5} {yes[0]:>2}/{yes[1]:<2}                     {no[0]:>2}/{no[1]:<2}"
            f"                    {yes[0] + no[0]}/{yes[1] + no[1]}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
