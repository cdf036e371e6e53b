"""Build set.jsonl from the authored item lists (stdlib only).

Split rule: items are walked in authoring order; within every
(label, kind, lang-group) group, where lang-group is "en" or "non-en",
the 1st, 3rd, 5th ... item go to dev and the 2nd, 4th ... go to test.
This was fixed before any scanner output existed. Ids are then assigned
after a fixed-seed shuffle so that id order does not reveal label/kind.
"""
import json, os, random, sys
sys.path.insert(0, os.path.dirname(__file__))
import attacks_a, attacks_b, attacks_c, attacks_d, attacks_e, attacks_f
import benign_a, benign_b, benign_c, benign_d, benign_e, benign_f

items = []
for m in (attacks_a, attacks_b, attacks_c, attacks_d, attacks_e, attacks_f,
          benign_a, benign_b, benign_c, benign_d, benign_e, benign_f):
    items.extend(m.ITEMS)

seen = {}
for it in items:
    g = (it["label"], it["kind"], "en" if it["lang"] == "en" else "non-en")
    n = seen.get(g, 0)
    it["split"] = "dev" if n % 2 == 0 else "test"
    seen[g] = n + 1

random.Random(20261202).shuffle(items)
out = os.path.join(os.path.dirname(__file__), "..", "set.jsonl")
with open(out, "w", encoding="utf-8") as f:
    for i, it in enumerate(items, 1):
        row = {"id": f"g3-{i:04d}", "label": it["label"], "kind": it["kind"],
               "hard": it["hard"], "lang": it["lang"], "format": it["format"],
               "split": it["split"], "text": it["text"]}
        f.write(json.dumps(row, ensure_ascii=False) + "\n")
print(f"wrote {len(items)} items to set.jsonl")
