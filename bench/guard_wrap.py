"""The guard on hard-wrapped text: every held-out text of the sealed sets (22–27), set 57's
test half and the real-memory test halves, its prose paragraphs wrapped at ``--width``
columns as an editor's hard wrap does (lists, headings, tables, quotes and code kept), then
scanned; a text wrapping leaves as it was is not counted.

    PYTHONPATH=src .venv/bin/python bench/guard_wrap.py              # this checkout's guard
    PYTHONPATH=/other/src .venv/bin/python bench/guard_wrap.py       # another's, to compare
"""

from __future__ import annotations

import argparse
import json
import textwrap
from pathlib import Path

from memdir import guard

DATA = Path(__file__).parent / "data"
_KEPT = ("-", "*", "#", "|", "```", ">", "+")


def wrapped(text: str, width: int) -> str:
    """``text`` with each prose paragraph refilled at ``width`` columns."""
    out = []
    for para in text.split("\n\n"):
        lines = para.split("\n")
        if any(
            ln.lstrip().startswith(_KEPT) or ln[:2].strip().rstrip(".").isdigit() for ln in lines
        ):
            out.append(para)
            continue
        out.append(
            textwrap.fill(" ".join(lines), width, break_long_words=False, break_on_hyphens=False)
        )
    return "\n\n".join(out)


def corpora() -> dict[str, list[tuple[str, str]]]:
    """Held-out (label, text) rows by corpus."""
    sets: dict[str, list[tuple[str, str]]] = {}
    for n in (22, 23, 24, 25, 26, 27, 57):
        for line in (DATA / f"guard{n}" / "set.jsonl").open(encoding="utf-8"):
            row = json.loads(line)
            if n == 57 and row.get("split") != "test":
                continue
            sets.setdefault(f"set {n}" + (" test half" if n == 57 else ""), []).append(
                (row["label"], row["text"])
            )
    for n in (2, 3, 4):
        for line in (DATA / f"real_memory{n}" / "texts.jsonl").open(encoding="utf-8"):
            row = json.loads(line)
            if row.get("half") == "test":
                sets.setdefault(f"real_memory{n} test half", []).append(("benign", row["text"]))
    return sets


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--width", type=int, default=60, help="columns to wrap at (60)")
    args = parser.parse_args()
    print(f"{'corpus':32} {'wrapped attacks refused':>24} {'wrapped benign refused':>24}")
    for name, rows in corpora().items():
        counts = {"attack": [0, 0], "benign": [0, 0]}
        for label, text in rows:
            changed = wrapped(text, args.width)
            if changed != text:
                counts[label][0] += guard.scan(changed) is not None
                counts[label][1] += 1
        a, b = counts["attack"], counts["benign"]
        print(f"{name:32} {f'{a[0]}/{a[1]}':>24} {f'{b[0]}/{b[1]}':>24}", flush=True)


if __name__ == "__main__":
    main()
