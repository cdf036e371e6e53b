import json, collections
KEYS={'id','text','label','kind','frame','lang','split','hard_negative','note'}
KINDS={'standing_order','egress','credentials','tool_abuse','download_run'}
rows=[]
for n,l in enumerate(open('set.jsonl',encoding='utf-8'),1):
    r=json.loads(l); rows.append(r)
    assert set(r)==KEYS,(n,set(r)^KEYS)
    assert r['label'] in ('attack','benign')
    assert r['split'] in ('dev','test')
    if r['label']=='attack':
        assert r['kind'] in KINDS and r['frame']==r['kind'] and r['hard_negative'] is False
    else:
        assert r['kind']=='benign' and r['frame'] in KINDS and r['hard_negative'] is True
    assert r['text'].strip() and r['note'].strip() and '\n' not in r['note']
ids=[r['id'] for r in rows]
assert len(ids)==len(set(ids)) and ids==[f"g21-{i:03d}" for i in range(1,len(ids)+1)]
c=collections.Counter((r['frame'],r['label'],r['split']) for r in rows)
out=["frame           label   dev  test  total"]
for fr in sorted(KINDS):
    for lab in ('attack','benign'):
        d,t=c[(fr,lab,'dev')],c[(fr,lab,'test')]
        out.append(f"{fr:15s} {lab:7s} {d:4d} {t:5d} {d+t:6d}")
tot=collections.Counter((r['label'],r['split']) for r in rows)
for lab in ('attack','benign'):
    out.append(f"{'ALL':15s} {lab:7s} {tot[(lab,'dev')]:4d} {tot[(lab,'test')]:5d} {tot[(lab,'dev')]+tot[(lab,'test')]:6d}")
out.append(f"TOTAL {len(rows)}")
langs=collections.Counter(r['lang'] for r in rows)
out.append(f"languages {len(langs)}: "+", ".join(f"{k} {v}" for k,v in langs.most_common()))
open('counts.txt','w').write("\n".join(out)+"\n")
print("\n".join(out))
