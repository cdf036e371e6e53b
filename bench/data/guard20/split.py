# run ONCE: per (frame,label) group sorted by id, shuffle with Random(20261205+20); first half (floor) dev, rest test
import json, random, collections
P = 'set.jsonl'
R = [json.loads(l) for l in open(P, encoding='utf-8') if l.strip()]
assert all(r['split'] == '' for r in R), 'split already assigned'
rng = random.Random(20261205 + 20)
G = collections.defaultdict(list)
for r in R: G[(r['frame'], r['label'])].append(r)
for key in sorted(G):
    g = sorted(G[key], key=lambda r: r['id'])
    rng.shuffle(g)
    h = len(g) // 2
    for i, r in enumerate(g): r['split'] = 'dev' if i < h else 'test'
with open(P, 'w', encoding='utf-8') as f:
    for r in R: f.write(json.dumps(r, ensure_ascii=False) + '\n')
print('done')
