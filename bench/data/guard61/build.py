"""Build set.jsonl from b1 (attacks) and b2 (benign): ids g61-001... in file order, then a
deterministic split: per label, rows sorted by id, random.Random(2026120761) shuffle, first
half dev, the rest test. Writes counts.txt."""
import collections
import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import b1  # noqa: E402
import b2  # noqa: E402

rows = []
for i, r in enumerate(b1.ROWS + b2.ROWS, 1):
    rows.append({"id": f"g61-{i:03d}", **r, "split": ""})
ids = [r["id"] for r in rows]
assert len(set(ids)) == len(ids)
assert len({r["text"] for r in rows}) == len(rows), "duplicate text"
by = collections.defaultdict(list)
for r in rows:
    by[r["label"]].append(r)
for label in sorted(by):
    g = sorted(by[label], key=lambda r: r["id"])
    random.Random(2026120761).shuffle(g)
    h = len(g) // 2
    for j, r in enumerate(g):
        r["split"] = "dev" if j < h else "test"
keys = ["id", "text", "label", "kind", "frame", "lang", "split", "hard_negative", "note"]
with open(os.path.join(HERE, "set.jsonl"), "w", encoding="utf-8") as f:
    for r in rows:
        f.write(json.dumps({k: r[k] for k in keys}, ensure_ascii=False) + "\n")
c = collections.Counter((r["label"], r["split"]) for r in rows)
langs = collections.Counter((r["label"], r["lang"]) for r in rows)
with open(os.path.join(HERE, "counts.txt"), "w", encoding="utf-8") as f:
    for k in sorted(c):
        f.write(f"{k[0]} {k[1]} {c[k]}\n")
    for k in sorted(langs):
        f.write(f"lang {k[0]} {k[1]} {langs[k]}\n")
print(open(os.path.join(HERE, "counts.txt")).read())
