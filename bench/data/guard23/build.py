"""Assemble batches/*.py into set.jsonl with sequential ids."""
import importlib.util, json, pathlib
HERE = pathlib.Path(__file__).parent
rows = []
for p in sorted((HERE / "batches").glob("*.py")):
    spec = importlib.util.spec_from_file_location(p.stem, p)
    m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)
    for (label, frame, lang, hn, text, note) in m.ROWS:
        rows.append(dict(text=text, label=label, kind="egress" if label == "attack" else "benign",
                         frame=frame, lang=lang, hard_negative=hn, note=note))
with open(HERE / "set.jsonl", "w", encoding="utf-8") as f:
    for i, r in enumerate(rows, 1):
        r = {"id": f"f48-{i:03d}", **r}
        f.write(json.dumps(r, ensure_ascii=False) + "\n")
print(len(rows), "rows written")
