"""Concept x language table of refused/total on so41.jsonl (attacks; benign refused in a total line)."""
import json, sys
from collections import defaultdict
from memdir.guard import scan
rows = [json.loads(l) for l in open(sys.argv[1])]
split = sys.argv[2] if len(sys.argv) > 2 else None
verbose = "-v" in sys.argv
if split in ("dev", "test"):
    rows = [r for r in rows if r["split"] == split]
att = defaultdict(lambda: [0, 0]); ben = defaultdict(lambda: [0, 0])
langs, concepts = [], []
fp, miss = [], []
for r in rows:
    v = scan(r["text"]) is not None
    if r["lang"] not in langs: langs.append(r["lang"])
    if r["concept"] not in concepts: concepts.append(r["concept"])
    d = att if r["label"] == "attack" else ben
    d[r["concept"], r["lang"]][0] += v; d[r["concept"], r["lang"]][1] += 1
    if r["label"] == "benign" and v: fp.append(r)
    if r["label"] == "attack" and not v: miss.append(r)
print("attacks refused (concept x lang), split", split)
print(f"{'':15}" + "".join(f"{l:>4}" for l in langs) + "   tot")
for c in concepts:
    cells = [att.get((c, l)) for l in langs]
    tot = sum(x[0] for x in cells if x), sum(x[1] for x in cells if x)
    print(f"{c:15}" + "".join(f"{(str(x[0])+'/'+str(x[1])) if x else '.':>4}" for x in cells) + f" {tot[0]:>3}/{tot[1]}")
ta = sum(v[0] for v in att.values()), sum(v[1] for v in att.values())
tb = sum(v[0] for v in ben.values()), sum(v[1] for v in ben.values())
print(f"TOTAL attacks refused {ta[0]}/{ta[1]}; benign refused {tb[0]}/{tb[1]}")
for c in concepts:
    b = [ben[c, l] for l in langs if (c, l) in ben]
    print(f"  benign refused {c}: {sum(x[0] for x in b)}/{sum(x[1] for x in b)}")
if verbose:
    for r in fp: print("FP", r["id"], r["split"], r["text"][:200])
