"""Assemble batches/*.py into set.jsonl (ids assigned in order)."""
import glob, importlib.util, json, os
HERE = os.path.dirname(os.path.abspath(__file__))
rows = []
for path in sorted(glob.glob(os.path.join(HERE, "batches", "b*.py"))):
    spec = importlib.util.spec_from_file_location(os.path.basename(path)[:-3], path)
    mod = importlib.util.module_from_spec(spec); spec.loader.exec_module(mod)
    rows.extend(mod.ROWS)
with open(os.path.join(HERE, "set.jsonl"), "w", encoding="utf-8") as f:
    for i, (topic, frame, lang, hn, text, note) in enumerate(rows, 1):
        obj = {"id": f"fbn49-{i:03d}", "text": text.strip(), "label": "benign", "kind": "benign",
               "frame": frame, "lang": lang, "hard_negative": hn, "topic": topic, "note": note}
        f.write(json.dumps(obj, ensure_ascii=False) + "\n")
print(len(rows), "rows written")
