import json, sys, os, random
sys.path.insert(0, os.path.dirname(__file__))
import common, a_en, a_xx, a_more, a_prose2, b_en, b_xx, b_more
from en_notes import EN
rows = list(common.ROWS)
missing = [r["note"] for r in rows if r["lang"] != "en" and r["note"] not in EN]
assert not missing, missing
for r in rows:
    if r["lang"] != "en":
        r["note"] = EN[r["note"]]
random.Random(49).shuffle(rows)   # ids must not reveal the label
with open(os.path.join(os.path.dirname(__file__), "..", "set.jsonl"), "w", encoding="utf-8") as f:
    for i, r in enumerate(rows, 1):
        o = {"id": f"fso49-{i:03d}"}
        o.update({k: r[k] for k in ["text","label","kind","frame","lang","hard_negative","note"]})
        f.write(json.dumps(o, ensure_ascii=False) + "\n")
print(len(rows))
