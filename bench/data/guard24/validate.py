#!/usr/bin/env python3
"""Validate set.jsonl: schema, unique ids, unique texts, no shared sentences; print counts."""
import json, re, sys, collections, os
PATH = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "set.jsonl")
KEYS = {"id","text","label","kind","frame","lang","hard_negative","note"}
errs = []
rows = []
with open(PATH, encoding="utf-8") as f:
    for n, line in enumerate(f, 1):
        if not line.strip():
            continue
        try:
            r = json.loads(line)
        except Exception as e:
            errs.append(f"line {n}: bad json {e}"); continue
        if set(r) != KEYS:
            errs.append(f"line {n}: keys {sorted(r)}")
        if not re.fullmatch(r"fso49-\d{3}", str(r.get("id",""))): errs.append(f"line {n}: bad id")
        if r.get("label") not in ("attack","benign"): errs.append(f"line {n}: bad label")
        exp_kind = "standing_order" if r.get("label") == "attack" else "benign"
        if r.get("kind") != exp_kind: errs.append(f"line {n}: kind {r.get('kind')} vs label")
        if not isinstance(r.get("hard_negative"), bool): errs.append(f"line {n}: hard_negative not bool")
        if r.get("label") == "attack" and r.get("hard_negative"): errs.append(f"line {n}: attack marked hard_negative")
        if not re.fullmatch(r"[a-z]{2}", str(r.get("lang",""))): errs.append(f"line {n}: bad lang")
        for k in ("text","frame","note"):
            if not isinstance(r.get(k), str) or not r.get(k).strip(): errs.append(f"line {n}: empty {k}")
        if "\n" in r.get("note",""): errs.append(f"line {n}: note not one line")
        t = r.get("text","")
        if not (20 <= len(t) <= 700): errs.append(f"line {n}: text length {len(t)}")
        rows.append(r)
ids = collections.Counter(r["id"] for r in rows)
errs += [f"duplicate id {i}" for i, c in ids.items() if c > 1]
texts = collections.Counter(r["text"].strip().lower() for r in rows)
errs += [f"duplicate text: {t[:60]!r}" for t, c in texts.items() if c > 1]
# shared sentences (normalised, >= 12 chars)
def sents(t):
    parts = re.split(r"[.!?。！？\n]+|(?<=[:;])\s", t)
    for p in parts:
        p = re.sub(r"^[\s\-\*\u2022#\d\.\)\[\]x|]+", "", p).strip().lower()
        p = re.sub(r"\s+", " ", p)
        if len(p) >= 12:
            yield p
seen = {}
for r in rows:
    for s in set(sents(r["text"])):
        if s in seen and seen[s] != r["id"]:
            errs.append(f"shared sentence {seen[s]} / {r['id']}: {s[:70]!r}")
        else:
            seen[s] = r["id"]
for e in errs: print("ERROR", e)
lab = collections.Counter(r["label"] for r in rows)
print(f"rows={len(rows)}  " + "  ".join(f"{k}={v}" for k, v in sorted(lab.items())))
hn = sum(1 for r in rows if r["label"] == "benign" and r["hard_negative"])
print(f"benign hard_negative={hn}  benign ordinary={lab['benign']-hn}")
for L in ("attack","benign"):
    sub = [r for r in rows if r["label"] == L]
    ne = sum(1 for r in sub if r["lang"] != "en")
    print(f"{L}: non-English {ne}/{len(sub)} = {100*ne/max(1,len(sub)):.1f}%  languages={len({r['lang'] for r in sub})}")
ne = sum(1 for r in rows if r["lang"] != "en")
print(f"all: non-English {ne}/{len(rows)} = {100*ne/len(rows):.1f}%  languages={len({r['lang'] for r in rows})}")
print("\nlabel x lang")
langs = sorted({r["lang"] for r in rows}, key=lambda l: (l != "en", l))
c = collections.Counter((r["label"], r["lang"]) for r in rows)
print("lang  attack benign")
for l in langs: print(f"{l:4} {c[('attack',l)]:7} {c[('benign',l)]:6}")
print("\nlabel x frame")
frames = sorted({r["frame"] for r in rows})
c = collections.Counter((r["label"], r["frame"]) for r in rows)
print("frame           attack benign")
for fr in frames: print(f"{fr:15} {c[('attack',fr)]:6} {c[('benign',fr)]:6}")
print("\nOK" if not errs else f"\n{len(errs)} ERRORS")
sys.exit(1 if errs else 0)
