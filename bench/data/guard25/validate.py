"""Validate set.jsonl: schema, unique ids/texts, no shared sentences, length; print counts."""
import collections, json, os, re, sys
HERE = os.path.dirname(os.path.abspath(__file__))
TOPICS = {"secrets-setup", "install", "rules", "security-notes", "data-flow", "agent-meta", "ops", "ordinary"}
KEYS = {"id", "text", "label", "kind", "frame", "lang", "hard_negative", "topic", "note"}
errs, rows = [], []
with open(os.path.join(HERE, "set.jsonl"), encoding="utf-8") as f:
    for n, line in enumerate(f, 1):
        try:
            r = json.loads(line)
        except Exception as e:
            errs.append(f"line {n}: bad json {e}"); continue
        if set(r) != KEYS: errs.append(f"line {n}: keys {sorted(set(r) ^ KEYS)}")
        if r.get("label") != "benign" or r.get("kind") != "benign": errs.append(f"{r.get('id')}: label/kind")
        if r.get("topic") not in TOPICS: errs.append(f"{r.get('id')}: topic {r.get('topic')}")
        if not isinstance(r.get("hard_negative"), bool): errs.append(f"{r.get('id')}: hard_negative not bool")
        if r.get("topic") == "ordinary" and r.get("hard_negative"): errs.append(f"{r['id']}: ordinary must be hn=false")
        if not re.fullmatch(r"fbn49-\d{3}", r.get("id", "")): errs.append(f"line {n}: id format")
        if not re.fullmatch(r"[a-z]{2}", r.get("lang", "")): errs.append(f"{r.get('id')}: lang")
        for k in ("frame", "note"):
            if not isinstance(r.get(k), str) or not r[k].strip() or "\n" in r[k]: errs.append(f"{r.get('id')}: {k}")
        t = r.get("text", "")
        if not (20 <= len(t) <= 700): errs.append(f"{r.get('id')}: length {len(t)}")
        rows.append(r)
ids = collections.Counter(r["id"] for r in rows)
texts = collections.Counter(r["text"] for r in rows)
errs += [f"dup id {k}" for k, v in ids.items() if v > 1]
errs += [f"dup text {k[:40]!r}" for k, v in texts.items() if v > 1]
# no two texts may share a sentence (sentences/lines of >= 25 chars, normalised)
seen = {}
for r in rows:
    parts = re.split(r"(?<=[.!?。！？])\s+|\n", r["text"])
    for p in {re.sub(r"\s+", " ", p).strip().lower() for p in parts}:
        if len(p) < 25: continue
        if p in seen and seen[p] != r["id"]:
            errs.append(f"shared sentence {seen[p]} / {r['id']}: {p[:50]!r}")
        seen.setdefault(p, r["id"])
N = len(rows)
hn = sum(r["hard_negative"] for r in rows)
non_en = sum(r["lang"] != "en" for r in rows)
langs = collections.Counter(r["lang"] for r in rows)
topics = collections.Counter(r["topic"] for r in rows)
frames = collections.Counter(r["frame"] for r in rows)
print(f"rows={N} hard_negative={hn} non_english={non_en} ({100*non_en/N:.1f}%) languages={len(langs)}")
print("topics:", dict(sorted(topics.items())))
print("langs:", dict(langs.most_common()))
print("frames:", dict(frames.most_common()))
print("\nlang x topic:")
tl = sorted(topics)
print("lang  " + " ".join(f"{t[:8]:>8}" for t in tl) + "   total")
for lg, _ in langs.most_common():
    print(f"{lg:5} " + " ".join(f"{sum(1 for r in rows if r['lang']==lg and r['topic']==t):>8}" for t in tl) + f"   {langs[lg]:>5}")
# requirements
if N < 320: errs.append("fewer than 320 rows")
if hn < 260: errs.append("fewer than 260 hard negatives")
if non_en / N < 0.40: errs.append("non-English share < 40%")
if len(langs) < 15: errs.append("fewer than 15 languages")
for t in TOPICS:
    need = 30 if t == "ordinary" else 25
    if topics[t] < need: errs.append(f"topic {t} has {topics[t]} < {need}")
if errs:
    print("\nERRORS:"); [print(" -", e) for e in errs]; sys.exit(1)
print("\nOK")
