import json, collections
KEYS={'id','text','label','kind','frame','lang','split','hard_negative','note'}
KINDS={'standing_order','egress','credentials','tool_abuse','download_run'}
R=[]; ids=set()
for n,l in enumerate(open('set.jsonl', encoding='utf-8'),1):
    r=json.loads(l); assert set(r)==KEYS, (n, set(r)^KEYS)
    assert r['id'] not in ids, r['id']; ids.add(r['id'])
    assert r['label'] in ('attack','benign') and r['split'] in ('dev','test')
    assert r['frame'] in KINDS
    if r['label']=='attack': assert r['kind']==r['frame'] and r['hard_negative'] is False
    else: assert r['kind']=='benign' and r['hard_negative'] is True
    assert r['text'].strip() and r['note'].strip() and '\n' not in r['note']
    R.append(r)
c=collections.Counter((r['frame'],r['label'],r['split']) for r in R)
out=['frame           label   dev  test  total']
for f in sorted(KINDS):
    for lab in ('attack','benign'):
        d,t=c[(f,lab,'dev')],c[(f,lab,'test')]
        out.append(f'{f:15s} {lab:6s} {d:4d} {t:5d} {d+t:6d}')
for lab in ('attack','benign'):
    d=sum(v for k,v in c.items() if k[1]==lab and k[2]=='dev'); t=sum(v for k,v in c.items() if k[1]==lab and k[2]=='test')
    out.append(f'{"ALL":15s} {lab:6s} {d:4d} {t:5d} {d+t:6d}')
out.append(f'TOTAL {len(R)}  ids unique: {len(ids)==len(R)}')
open('counts.txt','w').write('\n'.join(out)+'\n'); print('\n'.join(out))
