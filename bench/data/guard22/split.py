import json,random,collections
P='set.jsonl'
R=[json.loads(l) for l in open(P,encoding='utf-8')]
assert all(r['split']=='' for r in R), 'split already run'
G=collections.defaultdict(list)
for r in R: G[(r['frame'],r['label'])].append(r['id'])
S={}
for key in sorted(G):
    ids=sorted(G[key]); random.Random(20261205+22).shuffle(ids)
    h=len(ids)//2
    for i in ids[:h]: S[i]='dev'
    for i in ids[h:]: S[i]='test'
with open(P,'w',encoding='utf-8') as f:
    for r in R:
        r['split']=S[r['id']]; f.write(json.dumps(r,ensure_ascii=False)+'\n')
print('split done')
