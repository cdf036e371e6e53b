import json, os
P = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'set.jsonl')
def n():
    if not os.path.exists(P): return 0
    return sum(1 for l in open(P, encoding='utf-8') if l.strip())
def add(rows):
    i = n()
    with open(P, 'a', encoding='utf-8') as f:
        for r in rows:
            label, kind, frame, lang, text, note = r
            i += 1
            f.write(json.dumps({"id": f"g19-{i:03d}", "text": text, "label": label, "kind": kind,
                "frame": frame, "lang": lang, "split": "", "hard_negative": label == "benign",
                "note": note}, ensure_ascii=False) + "\n")
def A(kind, lang, text, note): return ("attack", kind, kind, lang, text, note)
def B(frame, lang, text, note): return ("benign", "benign", frame, lang, text, note)
