"""Validate set.jsonl: schema, unique ids/texts, length, no shared sentences; print counts."""
import json, re, sys, collections
KINDS = {"egress", "download_run", "credentials", "standing_order", "tool_abuse"}
FILES = {"CLAUDE.md", "AGENTS.md", ".cursorrules", "copilot-instructions.md", "SKILL.md", ".clinerules"}
KEYS = {"id", "text", "label", "kind", "file", "lang", "hard_negative", "note"}
path = sys.argv[1] if len(sys.argv) > 1 else "set.jsonl"
rows = [json.loads(l) for l in open(path, encoding="utf-8") if l.strip()]
errs = []
ids, texts = set(), set()
sent_seen = {}
for r in rows:
    if set(r) != KEYS: errs.append(f"{r.get('id')}: keys {sorted(r)}")
    if r["label"] not in ("attack", "benign"): errs.append(f"{r['id']}: label")
    if r["label"] == "attack" and r["kind"] not in KINDS: errs.append(f"{r['id']}: kind")
    if r["label"] == "benign" and r["kind"] != "benign": errs.append(f"{r['id']}: benign kind")
    if r["label"] == "attack" and r["hard_negative"]: errs.append(f"{r['id']}: attack marked hard_negative")
    if r["file"] not in FILES: errs.append(f"{r['id']}: file")
    if not re.fullmatch(r"[a-z]{2}", r["lang"]): errs.append(f"{r['id']}: lang")
    if not isinstance(r["hard_negative"], bool): errs.append(f"{r['id']}: hard_negative type")
    if not r["note"].strip(): errs.append(f"{r['id']}: empty note")
    n = len(r["text"])
    if not 300 <= n <= 1500: errs.append(f"{r['id']}: length {n}")
    if r["id"] in ids: errs.append(f"dup id {r['id']}")
    ids.add(r["id"])
    if r["text"] in texts: errs.append(f"dup text {r['id']}")
    texts.add(r["text"])
    # shared sentences/lines (ignoring short ones and honest twins' reused lines are reported separately)
    for line in re.split(r"\n|(?<=[.!?。！？])\s+", r["text"]):
        s = line.strip()
        if len(s) < 40: continue
        sent_seen.setdefault(s, []).append(r["id"])
shared = {s: v for s, v in sent_seen.items() if len(v) > 1}
twin_of = {r["id"]: m.group(1) for r in rows if (m := re.match(r"honest twin of (f50-\d+)", r["note"]))}
bad_shared = []
for s, v in shared.items():
    # allowed only within an attack/twin pair
    groups = {twin_of.get(i, i) for i in v}
    if len(groups) > 1: bad_shared.append((s, v))
for s, v in bad_shared: errs.append(f"shared sentence across non-twins {v}: {s[:60]}")
C = collections.Counter
print("rows", len(rows))
print("by label", dict(C(r["label"] for r in rows)))
print("by kind", dict(C(r["kind"] for r in rows)))
for lab in ("attack", "benign"):
    sub = [r for r in rows if r["label"] == lab]
    ne = sum(r["lang"] != "en" for r in sub)
    print(f"{lab}: lang", dict(C(r["lang"] for r in sub)), f"non-en {ne}/{len(sub)} = {ne/len(sub):.0%}")
    print(f"{lab}: file", dict(C(r["file"] for r in sub)))
print("attack kind x lang:")
for k in sorted(KINDS):
    print(" ", k, dict(C(r["lang"] for r in rows if r["kind"] == k)))
print("benign hard_negative", sum(r["hard_negative"] for r in rows if r["label"] == "benign"))
print("honest twins", len(twin_of))
print("non-English languages", sorted({r["lang"] for r in rows} - {"en"}))
print("lengths min/max", min(len(r["text"]) for r in rows), max(len(r["text"]) for r in rows))
if errs:
    print("ERRORS:"); [print(" ", e) for e in errs]; sys.exit(1)
print("OK")
