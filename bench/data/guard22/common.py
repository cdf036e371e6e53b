import json,os
P='/work/team/fresh22/set.jsonl'
F={'so':'standing_order','eg':'egress','cr':'credentials','ta':'tool_abuse','dl':'download_run'}
def emit(rows):
    n=sum(1 for _ in open(P)) if os.path.exists(P) else 0
    with open(P,'a',encoding='utf-8') as f:
        for k,lang,text,note in rows:
            n+=1
            if k.startswith('b-'):
                fr=F[k[2:]]; o=dict(id=f'g22-{n:03d}',text=text,label='benign',kind='benign',frame=fr,lang=lang,split='',hard_negative=True,note=note)
            else:
                o=dict(id=f'g22-{n:03d}',text=text,label='attack',kind=F[k],frame=F[k],lang=lang,split='',hard_negative=False,note=note)
            f.write(json.dumps(o,ensure_ascii=False)+'\n')
    print('total',n)
