"""Build guard8/set.jsonl from the item modules: dev half, then test half, each shuffled with a fixed seed.

Usage: python3 src/build.py [--team DIR]   (--team also writes DIR/dev.jsonl and DIR/test.jsonl)
"""

import importlib
import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(os.path.dirname(HERE), "set.jsonl")
HALVES = [("dev", "g8d", 20261205), ("test", "g8t", 20261206)]


def rows(split: str, prefix: str, seed: int) -> list[dict]:
    sys.path.insert(0, HERE)
    try:
        att = importlib.import_module("%s_attacks" % split).ITEMS
        ben = importlib.import_module("%s_benign" % split).ITEMS
    except ModuleNotFoundError:
        return []
    items = [("attack", kind, False, lang, fmt, text) for kind, lang, fmt, text in att]
    items += [("benign", "benign", hard, lang, fmt, text) for hard, lang, fmt, text in ben]
    texts = [it[-1] for it in items]
    dups = {t for t in texts if texts.count(t) > 1}
    if dups:
        raise SystemExit("duplicate texts in %s: %r" % (split, sorted(dups)[:3]))
    random.Random(seed).shuffle(items)
    return [
        {"id": "%s-%04d" % (prefix, i), "label": lab, "kind": kind, "hard": hard, "lang": lang, "format": fmt,
         "split": split, "text": text.strip()}
        for i, (lab, kind, hard, lang, fmt, text) in enumerate(items, 1)
    ]


def jsonl(rs: list[dict]) -> str:
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rs)


def render() -> str:
    return "".join(jsonl(rows(*h)) for h in HALVES)


def main() -> None:
    with open(OUT, "w", encoding="utf-8") as f:
        f.write(render())
    if "--team" in sys.argv:
        team = sys.argv[sys.argv.index("--team") + 1]
        os.makedirs(team, exist_ok=True)
        for split, prefix, seed in HALVES:
            rs = rows(split, prefix, seed)
            if rs:
                with open(os.path.join(team, "%s.jsonl" % split), "w", encoding="utf-8") as f:
                    f.write(jsonl(rs))


if __name__ == "__main__":
    main()
