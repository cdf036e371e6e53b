"""Does a message ask about the past? ``deep.asks_about_past`` on bench/data/pastcue.

    python bench/pastcue.py             # the table: dev and test, per language and overall
    python bench/pastcue.py --misses    # + the ids the cue check gets wrong (dev: with text)

Precision, recall and F1 of ``asks_about_past`` (at a fixed ``now``) beside two baselines
in the same run: ``always`` (every message escalates) and ``keyword`` (:data:`KEYWORD`, a
naive English + CJK word list). The test half is only run, never tuned on.
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from memdir.pipeline.deep import asks_about_past

DATA = Path(__file__).resolve().parent / "data" / "pastcue" / "set.jsonl"
NOW = datetime(2026, 12, 2, 12, 0, tzinfo=UTC)
KEYWORD = re.compile(
    r"\b(?:did|was|were|last|before|earlier|previous(?:ly)?|ago|yesterday|remember)\b"
    r"|上次|上回|之前|以前|昨天|上周|前回|前に|昨日|先週",
    re.IGNORECASE,
)
Item = dict[str, Any]
Check = Callable[[str], bool]
CHECKS: dict[str, Check] = {
    "asks_about_past": lambda text: asks_about_past(text, NOW),
    "always": lambda text: True,
    "keyword": lambda text: bool(KEYWORD.search(text)),
}


def load(path: Path) -> list[Item]:
    """The labelled messages, one JSON object a line."""
    with path.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def prf(items: list[Item], said: dict[str, bool]) -> tuple[float, float, float]:
    """Precision, recall and F1 of ``said`` (id → predicted past) against the labels."""
    tp = sum(said[i["id"]] and i["past"] for i in items)
    fp = sum(said[i["id"]] and not i["past"] for i in items)
    fn = sum(not said[i["id"]] and i["past"] for i in items)
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def table(items: list[Item]) -> str:
    """One Markdown row per split × language (and overall), P / R / F1 per check."""
    said = {name: {i["id"]: check(i["text"]) for i in items} for name, check in CHECKS.items()}
    head = "| split | lang | n (past) | " + " | ".join(f"{n} P / R / F1" for n in CHECKS) + " |"
    rows = [head, "|" + "---|" * (3 + len(CHECKS))]
    for split in ("dev", "test"):
        for lang in ("en", "zh", "ja", "all"):
            group = [i for i in items if i["split"] == split and lang in ("all", i["lang"])]
            cells = [" / ".join(f"{x:.2f}" for x in prf(group, said[n])) for n in CHECKS]
            n_past = sum(i["past"] for i in group)
            rows.append(
                f"| {split} | {lang} | {len(group)} ({n_past}) | " + " | ".join(cells) + " |"
            )
    return "\n".join(rows)


def misses(items: list[Item]) -> str:
    """The items ``asks_about_past`` gets wrong: ids per split, the text for dev only."""
    out = []
    for split in ("dev", "test"):
        for i in items:
            if i["split"] == split and asks_about_past(i["text"], NOW) != i["past"]:
                kind = "missed past" if i["past"] else "false alarm"
                text = f"  {i['text']}" if split == "dev" else ""
                out.append(f"{split} {i['id']} {i['lang']} {kind}{text}")
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA, help="the labelled set (JSONL)")
    parser.add_argument("--misses", action="store_true", help="also list the cue check's misses")
    args = parser.parse_args()
    items = load(args.data)
    print(f"now = {NOW.isoformat()}; {len(items)} messages from {args.data.name}\n")
    print(table(items))
    if args.misses:
        print("\n" + misses(items))


if __name__ == "__main__":
    main()
