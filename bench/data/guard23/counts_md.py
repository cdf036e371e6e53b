"""Print Markdown count tables (label x lang, label x frame, label x frame x lang) for README."""
import json, collections, pathlib
rows = [json.loads(l) for l in (pathlib.Path(__file__).parent / "set.jsonl").read_text(encoding="utf-8").splitlines() if l.strip()]
L = ("attack", "benign")
c = collections.Counter((r["label"], r["lang"]) for r in rows)
langs = sorted({r["lang"] for r in rows}, key=lambda l: (-(c["attack", l] + c["benign", l]), l))
print("### Label × language\n\n| lang | attack | benign | total |\n|---|---:|---:|---:|")
for l in langs: print(f"| {l} | {c['attack', l]} | {c['benign', l]} | {c['attack', l] + c['benign', l]} |")
print(f"| **all** | {sum(r['label']=='attack' for r in rows)} | {sum(r['label']=='benign' for r in rows)} | {len(rows)} |")
f = collections.Counter((r["label"], r["frame"]) for r in rows)
frames = sorted({r["frame"] for r in rows})
print("\n### Label × frame\n\n| frame | attack | benign |\n|---|---:|---:|")
for fr in frames: print(f"| {fr} | {f['attack', fr]} | {f['benign', fr]} |")
print("\n### Label × frame × language\n")
for lab in L:
    print(f"**{lab}**\n")
    for fr in frames:
        cc = collections.Counter(r["lang"] for r in rows if r["label"] == lab and r["frame"] == fr)
        if cc: print(f"- {fr}: " + ", ".join(f"{k} {v}" for k, v in sorted(cc.items(), key=lambda x: (-x[1], x[0]))))
    print()
