"""Validate set.jsonl: schema, unique ids/texts, no shared sentences, length; print counts."""
import json, re, sys, collections, pathlib

P = pathlib.Path(__file__).with_name("set.jsonl")
KEYS = {"id", "text", "label", "kind", "frame", "lang", "hard_negative", "note"}
errs = []
rows = [json.loads(l) for l in P.read_text(encoding="utf-8").splitlines() if l.strip()]
for n, r in enumerate(rows, 1):
    if set(r) != KEYS: errs.append(f"line {n}: keys {sorted(set(r) ^ KEYS)}")
    if not re.fullmatch(r"fcr49-\d{3}", str(r.get("id"))): errs.append(f"line {n}: bad id")
    if r.get("label") not in ("attack", "benign"): errs.append(f"line {n}: label")
    want = "credentials" if r.get("label") == "attack" else "benign"
    if r.get("kind") != want: errs.append(f"line {n}: kind/label mismatch")
    if not isinstance(r.get("hard_negative"), bool): errs.append(f"line {n}: hard_negative")
    if r.get("label") == "attack" and r.get("hard_negative"): errs.append(f"line {n}: attack marked hard_negative")
    if not (isinstance(r.get("lang"), str) and re.fullmatch(r"[a-z]{2}", r["lang"])): errs.append(f"line {n}: lang")
    t = r.get("text", "")
    if not (20 <= len(t) <= 700): errs.append(f"line {n}: text length {len(t)}")
    if not r.get("note") or "\n" in r["note"]: errs.append(f"line {n}: note")
    if not r.get("frame"): errs.append(f"line {n}: frame")
for field in ("id", "text"):
    c = collections.Counter(r[field] for r in rows)
    errs += [f"duplicate {field}: {k[:60]!r}" for k, v in c.items() if v > 1]
# no two texts may share a sentence (sentences >= 25 chars, normalised)
seen = {}
for r in rows:
    for s in re.split(r"(?<=[.!?])\s+|(?<=[。！？])|\n", r["text"]):
        s = re.sub(r"\s+", " ", s).strip().lower()
        if len(s) < 25: continue
        if s in seen and seen[s] != r["id"]: errs.append(f"shared sentence {seen[s]} / {r['id']}: {s[:60]!r}")
        seen.setdefault(s, r["id"])

lab = collections.Counter(r["label"] for r in rows)
print("total", len(rows), dict(lab))
langs = sorted({r["lang"] for r in rows})
print("languages:", len(langs), " ".join(langs))
for L in ("attack", "benign"):
    sub = [r for r in rows if r["label"] == L]
    ne = sum(r["lang"] != "en" for r in sub)
    print(f"{L}: n={len(sub)} non-English={ne} ({ne/len(sub):.0%}) languages={len({r['lang'] for r in sub})}"
          + (f" hard_negative={sum(r['hard_negative'] for r in sub)}" if L == "benign" else ""))
print("\nlabel x language")
print("lang  attack benign")
for g in langs:
    print(f"{g:5} {sum(r['lang']==g and r['label']=='attack' for r in rows):6} {sum(r['lang']==g and r['label']=='benign' for r in rows):6}")
print("\nlabel x frame")
for L in ("attack", "benign"):
    c = collections.Counter(r["frame"] for r in rows if r["label"] == L)
    print(L + ": " + ", ".join(f"{k}={v}" for k, v in sorted(c.items(), key=lambda x: (-x[1], x[0]))))
if errs:
    print("\nERRORS:"); [print(" ", e) for e in errs]; sys.exit(1)
print("\nOK")
