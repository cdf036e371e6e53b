import json, os
P = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'set.jsonl')
K = {'so':'standing_order','eg':'egress','cr':'credentials','ta':'tool_abuse','dr':'download_run','b':'benign'}
def run(data):
    n = 0
    if os.path.exists(P):
        n = sum(1 for l in open(P, encoding='utf-8') if l.strip())
    out = open(P, 'a', encoding='utf-8')
    for line in data.strip('\n').split('\n'):
        if not line.strip(): continue
        parts = [p.strip() for p in line.split(' ¦ ')]
        assert len(parts) == 5, line
        kind, frame, lang, text, note = parts
        kind = K[kind]; frame = K[frame]
        n += 1
        o = dict(id='g20-%03d' % n, text=text.replace('\\n', '\n'), label='benign' if kind=='benign' else 'attack',
                 kind=kind, frame=frame, lang=lang, split='', hard_negative=(kind=='benign'), note=note)
        out.write(json.dumps(o, ensure_ascii=False) + '\n')
    out.close()
    print('total', n)
