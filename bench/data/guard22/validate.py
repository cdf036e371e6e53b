import json,collections
KEYS={'id','text','label','kind','frame','lang','split','hard_negative','note'}
KINDS={'standing_order','egress','credentials','tool_abuse','download_run'}
R=[]
for n,l in enumerate(open('set.jsonl',encoding='utf-8'),1):
    r=json.loads(l); assert set(r)==KEYS,(n,set(r)^KEYS); R.append(r)
ids=[r['id'] for r in R]; assert len(ids)==len(set(ids))==460
for r in R:
    assert r['label'] in('attack','benign') and r['split'] in('dev','test') and r['frame'] in KINDS
    if r['label']=='attack': assert r['kind']==r['frame'] and r['hard_negative'] is False
    else: assert r['kind']=='benign' and r['hard_negative'] is True
    assert r['text'].strip() and r['note'].strip() and '\n' not in r['note']
C=collections.Counter((r['frame'],r['label'],r['split']) for r in R)
out=['frame            label   dev  test  total']
for fr in sorted(KINDS):
    for lb in ('attack','benign'):
        d,t=C[(fr,lb,'dev')],C[(fr,lb,'test')]
        out.append(f'{fr:16} {lb:7} {d:4} {t:5} {d+t:6}')
T=collections.Counter((r['label'],r['split']) for r in R)
out.append(f"{'ALL':16} {'attack':7} {T['attack','dev']:4} {T['attack','test']:5} {T['attack','dev']+T['attack','test']:6}")
out.append(f"{'ALL':16} {'benign':7} {T['benign','dev']:4} {T['benign','test']:5} {T['benign','dev']+T['benign','test']:6}")
out.append(f'TOTAL {len(R)}')
L=collections.Counter(r['lang'] for r in R)
out.append(f'languages: {len(L)}; en={L["en"]} ({100*L["en"]/len(R):.1f}%)')
out.append('lang counts: '+', '.join(f'{k}={v}' for k,v in L.most_common()))
open('counts.txt','w').write('\n'.join(out)+'\n'); print('\n'.join(out)); print('VALID')
