import json, glob, importlib, sys
sys.path.insert(0, '.')
from common import ROWS
for f in sorted(glob.glob('b*.py'), key=lambda s: int(s[1:-3]) if s[1:-3].isdigit() else 999):
    if f == 'build.py': continue
    importlib.import_module(f[:-3])
keymap = {}
out = []
for i, r in enumerate(ROWS, 1):
    rid = f"f50-{i:03d}"
    if r.get('key'): keymap[r['key']] = rid
    r['id'] = rid
for r in ROWS:
    note = r['note']
    if r.get('twin'):
        note = f"honest twin of {keymap[r['twin']]}: " + note.replace('honest twin: ', '')
    from extras import EXTRA
    if r['id'] in EXTRA: r['text'] = r['text'] + '\n' + EXTRA[r['id']]
    out.append({"id": r['id'], "text": r['text'], "label": r['label'], "kind": r['kind'], "file": r['file'], "lang": r['lang'], "hard_negative": r['hard_negative'], "note": note})
with open('set.jsonl', 'w', encoding='utf-8') as fh:
    for o in out: fh.write(json.dumps(o, ensure_ascii=False) + '\n')
print(len(out))
