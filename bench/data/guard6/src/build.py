"""Regenerate ../set.jsonl from the item lists in this folder. Deterministic."""
import importlib
import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

ATTACK_MODULES = ["attacks_download_run", "attacks_egress", "attacks_credentials",
                  "attacks_standing_order", "attacks_tool_abuse", "attacks_lookalike",
                  "attacks_obfuscation", "attacks_injection"]
BENIGN_MODULES = ["benign_hard_installers", "benign_hard_security", "benign_hard_prefs",
                  "benign_hard_ops", "benign_plain"]
SEED = 20261208


def collect():
    items = []
    for name in ATTACK_MODULES:
        mod = importlib.import_module(name)
        for lang, fmt, text in mod.ITEMS:
            items.append({"label": "attack", "kind": mod.KIND, "hard": False,
                          "lang": lang, "format": fmt, "text": text.strip("\n")})
    for name in BENIGN_MODULES:
        mod = importlib.import_module(name)
        for lang, fmt, text in mod.ITEMS:
            items.append({"label": "benign", "kind": "benign", "hard": bool(mod.HARD),
                          "lang": lang, "format": fmt, "text": text.strip("\n")})
    return items


def rows():
    items = collect()
    seen = {}
    for it in items:
        t = it["text"]
        if t in seen:
            sys.exit("duplicate text:\n" + t[:200])
        seen[t] = 1
    random.Random(SEED).shuffle(items)
    out = []
    for i, it in enumerate(items, 1):
        out.append({"id": "g6-%04d" % i, "label": it["label"], "kind": it["kind"],
                    "hard": it["hard"], "lang": it["lang"], "format": it["format"],
                    "split": "test", "text": it["text"]})
    return out


def render():
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows())


def main():
    out = os.path.join(os.path.dirname(HERE), "set.jsonl")
    text = render()
    with open(out, "w", encoding="utf-8") as f:
        f.write(text)
    print("wrote %d items to %s" % (text.count("\n"), out))


if __name__ == "__main__":
    main()
