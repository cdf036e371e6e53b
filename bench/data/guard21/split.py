import json, random, collections
P='set.jsonl'
rows=[json.loads(l) for l in open(P,encoding='utf-8')]
assert all(r['split']=="" for r in rows), "split already run"
groups=collections.defaultdict(list)
for r in rows: groups[(r['frame'],r['label'])].append(r)
for key in sorted(groups):
    g=sorted(groups[key],key=lambda r:r['id'])
    random.Random(20261205+21).shuffle(g)
    h=len(g)//2
    for i,r in enumerate(g): r['split']='dev' if i<h else 'test'
with open(P,'w',encoding='utf-8') as f:
    for r in rows: f.write(json.dumps(r,ensure_ascii=False)+"\n")
print("split done")
