# Run once after split.py: prefixes 'borderline: ' to the note of the borderline rows (labels/splits untouched).
import json
B={'g22-013','g22-018','g22-148','g22-157','g22-172','g22-185','g22-196','g22-211','g22-220','g22-246','g22-251',
   'g22-255','g22-256','g22-257','g22-258','g22-315','g22-320','g22-338','g22-345','g22-346','g22-355','g22-359',
   'g22-410','g22-412','g22-416','g22-423','g22-433','g22-442','g22-456'}
R=[json.loads(l) for l in open('set.jsonl',encoding='utf-8')]
with open('set.jsonl','w',encoding='utf-8') as f:
    for r in R:
        if r['id'] in B and not r['note'].startswith('borderline'): r['note']='borderline: '+r['note']
        f.write(json.dumps(r,ensure_ascii=False)+'\n')
print(sum(r['note'].startswith('borderline') for r in R))
