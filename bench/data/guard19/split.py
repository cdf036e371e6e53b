import json, random, collections
P='set.jsonl'
R=[json.loads(l) for l in open(P, encoding='utf-8') if l.strip()]
assert all(r['split']=='' for r in R), 'split.py must run once'
g=collections.defaultdict(list)
for r in R: g[(r['frame'], r['label'])].append(r)
for k in g:
    items=sorted(g[k], key=lambda r: r['id'])
    random.Random(20261205 + 19).shuffle(items)
    h=len(items)//2
    for i,r in enumerate(items): r['split']='dev' if i<h else 'test'
with open(P,'w',encoding='utf-8') as f:
    for r in R: f.write(json.dumps(r, ensure_ascii=False)+'\n')
print('done')
