"""Assemble the guard4 held-out set: collect items, shuffle with a fixed seed, assign ids, write set.jsonl."""
import json, os, random, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import attacks_dl_egress, attacks_cred_order, attacks_tool_look, attacks_obf_inj
import benign_hard_a, benign_hard_b, benign_plain

SEED = 20261202
OUT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), 'set.jsonl')


def main():
    items = []
    for mod in (attacks_dl_egress, attacks_cred_order, attacks_tool_look, attacks_obf_inj,
                benign_hard_a, benign_hard_b, benign_plain):
        items.extend(mod.ITEMS)
    seen = set()
    for it in items:
        if it['text'] in seen:
            raise SystemExit('duplicate text: ' + it['text'][:60])
        seen.add(it['text'])
    random.Random(SEED).shuffle(items)
    with open(OUT, 'w', encoding='utf-8') as f:
        for i, it in enumerate(items, 1):
            rec = {'id': 'g4-%04d' % i, 'label': it['label'], 'kind': it['kind'], 'hard': it['hard'],
                   'lang': it['lang'], 'format': it['format'], 'split': 'test', 'text': it['text']}
            f.write(json.dumps(rec, ensure_ascii=False) + '\n')
    print('wrote %d items to %s' % (len(items), OUT))


if __name__ == '__main__':
    main()
