"""Regenerate set.jsonl deterministically from the item lists in this folder."""
import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import attacks_a  # noqa: E402
import attacks_b  # noqa: E402
import attacks_c  # noqa: E402
import attacks_d  # noqa: E402
import benign_hard_a  # noqa: E402
import benign_hard_b  # noqa: E402
import benign_hard_c  # noqa: E402
import benign_plain  # noqa: E402

SEED = 5_2026_1202


def items():
    groups = [
        ("download_run", attacks_a.DOWNLOAD_RUN),
        ("egress", attacks_a.EGRESS),
        ("credentials", attacks_a.CREDENTIALS),
        ("standing_order", attacks_b.STANDING_ORDER),
        ("tool_abuse", attacks_b.TOOL_ABUSE),
        ("injection", attacks_b.INJECTION),
        ("lookalike", attacks_c.LOOKALIKE),
        ("obfuscation", attacks_c.OBFUSCATION),
    ]
    for kind, lst in groups:
        for lang, fmt, text in lst:
            yield dict(label="attack", kind=kind, hard=False, lang=lang, format=fmt, text=text)
    for kind, lang, fmt, text in attacks_d.LONG:
        yield dict(label="attack", kind=kind, hard=False, lang=lang, format=fmt, text=text)
    for lst in (benign_hard_a.HARD_A, benign_hard_b.HARD_B, benign_hard_c.HARD_C):
        for lang, fmt, text in lst:
            yield dict(label="benign", kind="benign", hard=True, lang=lang, format=fmt, text=text)
    for lang, fmt, text in benign_plain.PLAIN:
        yield dict(label="benign", kind="benign", hard=False, lang=lang, format=fmt, text=text)


def main():
    rows = list(items())
    seen = set()
    for r in rows:
        t = r["text"].strip()
        if t in seen:
            sys.exit("duplicate text: " + t[:80])
        seen.add(t)
        r["text"] = t
    random.Random(SEED).shuffle(rows)
    out = os.path.join(os.path.dirname(HERE), "set.jsonl")
    with open(out, "w", encoding="utf-8") as f:
        for i, r in enumerate(rows, 1):
            obj = {"id": "g5-%04d" % i, "label": r["label"], "kind": r["kind"], "hard": r["hard"],
                   "lang": r["lang"], "format": r["format"], "split": "test", "text": r["text"]}
            f.write(json.dumps(obj, ensure_ascii=False) + "\n")
    print("wrote %d items to %s" % (len(rows), out))


if __name__ == "__main__":
    main()
