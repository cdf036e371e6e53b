"""Validate set.jsonl: schema, unique ids/texts, length, no shared sentences; print counts."""
import json, re, sys, collections, pathlib
PATH = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else pathlib.Path(__file__).parent / "set.jsonl"
KEYS = {"id", "text", "label", "kind", "frame", "lang", "hard_negative", "note"}
errors = []
rows = []
for n, line in enumerate(PATH.read_text(encoding="utf-8").splitlines(), 1):
    if not line.strip():
        continue
    try:
        r = json.loads(line)
    except json.JSONDecodeError as e:
        errors.append(f"line {n}: bad json {e}"); continue
    rows.append(r)
    if set(r) != KEYS:
        errors.append(f"line {n}: keys {sorted(set(r) ^ KEYS)}")
        continue
    if not re.fullmatch(r"f48-\d{3}", r["id"]): errors.append(f"{r['id']}: bad id")
    if r["label"] not in ("attack", "benign"): errors.append(f"{r['id']}: bad label")
    if r["kind"] != {"attack": "egress", "benign": "benign"}.get(r["label"]): errors.append(f"{r['id']}: kind/label mismatch")
    if not isinstance(r["hard_negative"], bool): errors.append(f"{r['id']}: hard_negative not bool")
    if r["label"] == "attack" and r["hard_negative"]: errors.append(f"{r['id']}: attack marked hard_negative")
    if not re.fullmatch(r"[a-z]{2}", r["lang"]): errors.append(f"{r['id']}: bad lang")
    for k in ("frame", "note", "text"):
        if not isinstance(r[k], str) or not r[k].strip(): errors.append(f"{r['id']}: empty {k}")
    if "\n" in r["note"]: errors.append(f"{r['id']}: note not one line")
    if not 20 <= len(r["text"]) <= 700: errors.append(f"{r['id']}: text length {len(r['text'])}")

ids = collections.Counter(r.get("id") for r in rows)
texts = collections.Counter(r.get("text") for r in rows)
errors += [f"duplicate id {i}" for i, c in ids.items() if c > 1]
errors += [f"duplicate text {t[:50]!r}" for t, c in texts.items() if c > 1]

# no two texts may share a sentence (sentences >= 25 chars, whitespace/case-normalised)
seen = {}
for r in rows:
    for s in re.split(r"(?<=[.!?。！？])\s+|\n", r.get("text", "")):
        s = " ".join(s.split()).strip(" -*|").lower()
        if len(s) < 25: continue
        if s in seen and seen[s] != r["id"]:
            errors.append(f"shared sentence {seen[s]} / {r['id']}: {s[:60]!r}")
        seen.setdefault(s, r["id"])

att = [r for r in rows if r.get("label") == "attack"]
ben = [r for r in rows if r.get("label") == "benign"]
def nonen(rs): return sum(r["lang"] != "en" for r in rs)
print(f"rows {len(rows)}  attack {len(att)}  benign {len(ben)}  (hard negatives {sum(r['hard_negative'] for r in ben)})")
print(f"attack non-English {nonen(att)}/{len(att)} = {nonen(att)/max(1,len(att)):.0%}, languages {len({r['lang'] for r in att})}")
print(f"benign non-English {nonen(ben)}/{len(ben)} = {nonen(ben)/max(1,len(ben)):.0%}, languages {len({r['lang'] for r in ben})}")
print("\nlabel x lang")
langs = sorted({r["lang"] for r in rows}, key=lambda l: (-sum(x["lang"] == l for x in rows), l))
print("lang  attack benign")
for l in langs:
    print(f"{l:4}  {sum(r['lang']==l for r in att):6} {sum(r['lang']==l for r in ben):6}")
print("\nlabel x frame")
frames = sorted({r["frame"] for r in rows})
print(f"{'frame':22} attack benign")
for fr in frames:
    print(f"{fr:22} {sum(r['frame']==fr for r in att):6} {sum(r['frame']==fr for r in ben):6}")
if len(att) < 130: errors.append("fewer than 130 attacks")
if len(ben) < 180: errors.append("fewer than 180 benign")
if nonen(att) / max(1, len(att)) < 0.40: errors.append("attacks <40% non-English")
if len({r['lang'] for r in att}) < 15: errors.append("attacks in <15 languages")
print()
if errors:
    print(f"{len(errors)} ERRORS"); [print(" ", e) for e in errors]; sys.exit(1)
print("OK")
