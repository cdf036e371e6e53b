"""Build guard7: dev half then test half, each shuffled with a fixed seed and numbered.

Usage: python3 src/build.py            -> writes set.jsonl (dev then test)
       python3 src/build.py --team DIR -> also writes DIR/dev.jsonl and DIR/test.jsonl
"""

import importlib
import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
SEEDS = {"dev": 20261203, "test": 20261204}
PREFIX = {"dev": "g7d", "test": "g7t"}


def rows(split: str) -> list[dict]:
    """Attack and benign rows of one half, shuffled and numbered."""
    out = []
    for kind, lang, fmt, text in importlib.import_module(split + "_attacks").ITEMS:
        out.append({"label": "attack", "kind": kind, "hard": False, "lang": lang, "format": fmt, "text": text})
    for hard, lang, fmt, text in importlib.import_module(split + "_benign").ITEMS:
        out.append({"label": "benign", "kind": "benign", "hard": hard, "lang": lang, "format": fmt, "text": text})
    seen = set()
    for r in out:
        if r["text"] in seen:
            raise SystemExit("duplicate text in %s: %r" % (split, r["text"][:80]))
        seen.add(r["text"])
    random.Random(SEEDS[split]).shuffle(out)
    return [
        {"id": "%s-%04d" % (PREFIX[split], i), **{k: r[k] for k in ("label", "kind", "hard", "lang", "format")},
         "split": split, "text": r["text"]}
        for i, r in enumerate(out, 1)
    ]


def halves() -> list[str]:
    return [s for s in ("dev", "test") if os.path.exists(os.path.join(HERE, s + "_attacks.py"))]


def render(splits: list[str] | None = None) -> str:
    lines = []
    for s in splits or halves():
        lines += [json.dumps(r, ensure_ascii=False) for r in rows(s)]
    return "\n".join(lines) + "\n"


def main() -> None:
    with open(os.path.join(HERE, "..", "set.jsonl"), "w", encoding="utf-8") as f:
        f.write(render())
    if "--team" in sys.argv:
        d = sys.argv[sys.argv.index("--team") + 1]
        for s in halves():
            with open(os.path.join(d, s + ".jsonl"), "w", encoding="utf-8") as f:
                f.write(render([s]))


if __name__ == "__main__":
    main()
