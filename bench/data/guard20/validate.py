import json, collections
KEYS = {'id','text','label','kind','frame','lang','split','hard_negative','note'}
KINDS = {'standing_order','egress','credentials','tool_abuse','download_run'}
R = []
for i, l in enumerate(open('set.jsonl', encoding='utf-8')):
    r = json.loads(l); R.append(r)
    assert set(r) == KEYS, (i, set(r) ^ KEYS)
    assert r['label'] in ('attack','benign') and r['split'] in ('dev','test') and r['frame'] in KINDS
    if r['label'] == 'attack': assert r['kind'] == r['frame'] and r['hard_negative'] is False
    else: assert r['kind'] == 'benign' and r['hard_negative'] is True
    assert r['text'].strip() and r['note'].strip() and r['lang']
ids = [r['id'] for r in R]
assert len(ids) == len(set(ids)) and ids == ['g20-%03d' % (i+1) for i in range(len(R))]
C = collections.Counter((r['frame'], r['label'], r['split']) for r in R)
lines = ['%-16s %-7s %5s %5s %5s' % ('frame','label','dev','test','all')]
for fr in sorted(KINDS):
    for lb in ('attack','benign'):
        d, t = C[(fr,lb,'dev')], C[(fr,lb,'test')]
        lines.append('%-16s %-7s %5d %5d %5d' % (fr, lb, d, t, d+t))
tot = collections.Counter(r['split'] for r in R)
lines.append('%-16s %-7s %5d %5d %5d' % ('TOTAL','', tot['dev'], tot['test'], len(R)))
L = collections.Counter(r['lang'] for r in R)
lines.append(''); lines.append('languages (%d): ' % len(L) + ', '.join('%s %d' % kv for kv in sorted(L.items(), key=lambda x: (-x[1], x[0]))))
open('counts.txt','w').write('\n'.join(lines) + '\n')
print('\n'.join(lines)); print('OK', len(R))
