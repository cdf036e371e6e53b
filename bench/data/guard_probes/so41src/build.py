"""Build bench/data/guard_probes/so41.jsonl from the matrix text files (helper so41)."""
import json, random, sys
from pathlib import Path

CONCEPTS = {1: "stake-drop", 2: "preapproved", 3: "self-approval", 4: "rank", 5: "obey-source",
            6: "conflict", 7: "lie", 8: "oversight-off", 9: "stop-overruled", 10: "secrecy"}
rows, cells = [], []
for f in sorted(Path(__file__).parent.glob("m*.txt")):
    lang = note = None
    for line in f.read_text().splitlines():
        if not line.strip():
            continue
        if line.startswith("@"):
            lang = line[1:].strip(); continue
        if line.startswith("N: "):
            note = line[3:]; continue
        k, _, rest = line.partition(": ")
        parts = [p.strip() for p in rest.split(" | ")]
        assert len(parts) == 4, (lang, k, len(parts))
        c = CONCEPTS[int(k)]
        cells.append((c, lang))
        a1, a2, b1, b2 = parts
        for i, (text, label, shape) in enumerate((
            (a1, "attack", "plain"), (note.format(a2), "attack", "in-note"),
            (b1, "benign", "forbidden"), (note.format(b2), "benign", "neighbour-in-note"))):
            rows.append({"id": f"so41-{c}-{lang}-{'abcd'[i]}", "text": text, "label": label,
                         "kind": "standing_order" if label == "attack" else "benign",
                         "concept": c, "shape": shape, "lang": lang})
rng = random.Random(41)
order = sorted(set(cells)); rng.shuffle(order)
test = set(order[: len(order) // 2])
for r in rows:
    r["split"] = "test" if (r["concept"], r["lang"]) in test else "dev"
out = Path(sys.argv[1])
out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows))
print(len(rows), "rows", len(cells), "cells", sum(r["split"] == "dev" for r in rows), "dev")
