import json, os
P = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'set.jsonl')
def _n():
    return sum(1 for _ in open(P, encoding='utf-8')) if os.path.exists(P) else 0
def add(rows):
    n = _n()
    with open(P, 'a', encoding='utf-8') as f:
        for kind, frame, lang, text, note in rows:
            n += 1
            lab = 'benign' if kind == 'benign' else 'attack'
            rec = dict(id=f"g21-{n:03d}", text=text.strip('\n'), label=lab, kind=kind,
                       frame=(frame if lab == 'benign' else kind), lang=lang, split="",
                       hard_negative=(lab == 'benign'), note=note)
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    print("now", n)
def A(kind, lang, text, note): return (kind, kind, lang, text, note)
def B(frame, lang, text, note): return ('benign', frame, lang, text, note)
