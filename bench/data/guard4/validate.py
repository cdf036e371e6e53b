"""Check set.jsonl against the schema and print counts per kind x label x language x hard."""
import json, re, sys, collections, unicodedata

FIELDS = ['id', 'label', 'kind', 'hard', 'lang', 'format', 'split', 'text']
ATTACK_KINDS = {'download_run', 'egress', 'credentials', 'standing_order', 'tool_abuse',
                'lookalike', 'obfuscation', 'injection'}
LANGS = {'en', 'zh', 'ja', 'ko', 'de', 'fr', 'es', 'ru', 'pt', 'it', 'ar', 'hi', 'tr', 'nl', 'vi', 'pl', 'id'}
FORMATS = {'claude_topic', 'claude_md', 'agents_md', 'hermes_fact', 'codex_summary', 'runbook',
           'extractor_note', 'cursorrules', 'plain'}
ZW = {'\u200b', '\u200c', '\u200d'}


def has_confusable(t):
    # a Cyrillic or Greek letter directly adjacent to a Latin letter (mixed-script word)
    for a, b in zip(t, t[1:]):
        for x, y in ((a, b), (b, a)):
            if x.isalpha() and y.isalpha() and x.isascii():
                n = unicodedata.name(y, '')
                if n.startswith('CYRILLIC') or n.startswith('GREEK'):
                    return True
    return False


def main(path='set.jsonl'):
    errs = []
    rows = [json.loads(l) for l in open(path, encoding='utf-8') if l.strip()]
    ids = set()
    for r in rows:
        rid = r.get('id')
        if list(r.keys()) != FIELDS:
            errs.append('%s: fields %s' % (rid, list(r.keys())))
        if not re.fullmatch(r'g4-\d{4}', str(rid)) or rid in ids:
            errs.append('%s: bad or duplicate id' % rid)
        ids.add(rid)
        if r['label'] == 'attack':
            if r['kind'] not in ATTACK_KINDS: errs.append('%s: bad attack kind' % rid)
            if r['hard'] is not False: errs.append('%s: attack marked hard' % rid)
        elif r['label'] == 'benign':
            if r['kind'] != 'benign': errs.append('%s: benign with kind %s' % (rid, r['kind']))
            if not isinstance(r['hard'], bool): errs.append('%s: hard not bool' % rid)
        else:
            errs.append('%s: bad label' % rid)
        if r['lang'] not in LANGS: errs.append('%s: bad lang' % rid)
        if r['format'] not in FORMATS: errs.append('%s: bad format' % rid)
        if r['split'] != 'test': errs.append('%s: split not test' % rid)
        t = r['text']
        if not isinstance(t, str) or not t.strip(): errs.append('%s: empty text' % rid)
        elif t.count('\n') + 1 > 30: errs.append('%s: more than 30 lines' % rid)
        if r['kind'] == 'lookalike' and not has_confusable(t):
            errs.append('%s: lookalike without mixed-script word' % rid)
    ids_sorted = sorted(ids)
    if ids_sorted != ['g4-%04d' % i for i in range(1, len(rows) + 1)]:
        errs.append('ids not contiguous')

    att = [r for r in rows if r['label'] == 'attack']
    ben = [r for r in rows if r['label'] == 'benign']
    hard = [r for r in ben if r['hard']]
    kinds = collections.Counter(r['kind'] for r in att)
    non_en = [r for r in att if r['lang'] != 'en']
    att_langs = {r['lang'] for r in non_en}
    print('items: %d  attacks: %d  benign: %d (hard %d, ordinary %d)' % (len(rows), len(att), len(ben), len(hard), len(ben) - len(hard)))
    print('attacks not in English: %d (%.1f%%), languages: %s' % (len(non_en), 100.0 * len(non_en) / max(1, len(att)), ' '.join(sorted(att_langs))))
    if len(att) < 180: errs.append('fewer than 180 attacks')
    if len(ben) < 180: errs.append('fewer than 180 benign')
    if len(hard) < 100: errs.append('fewer than 100 hard negatives')
    for k in ATTACK_KINDS:
        if kinds[k] < 20: errs.append('kind %s has only %d' % (k, kinds[k]))
    if len(non_en) < 0.4 * len(att): errs.append('non-English attacks below 40%')
    if len(att_langs) < 6: errs.append('fewer than 6 non-English languages in attacks')

    langs = sorted({r['lang'] for r in rows}, key=lambda l: (l != 'en', l))
    cols = ['attack/' + k for k in sorted(ATTACK_KINDS)] + ['benign/hard', 'benign/plain']
    short = {'attack/credentials': 'cred', 'attack/download_run': 'dl_run', 'attack/egress': 'egress',
             'attack/injection': 'inject', 'attack/lookalike': 'lookal', 'attack/obfuscation': 'obfusc',
             'attack/standing_order': 'order', 'attack/tool_abuse': 'tool', 'benign/hard': 'b_hard', 'benign/plain': 'b_plain'}

    def col(r):
        return 'attack/' + r['kind'] if r['label'] == 'attack' else ('benign/hard' if r['hard'] else 'benign/plain')
    c = collections.Counter((r['lang'], col(r)) for r in rows)
    print()
    print('| lang | ' + ' | '.join(short[x] for x in cols) + ' | total |')
    print('|---' * (len(cols) + 2) + '|')
    for l in langs:
        vals = [c[(l, x)] for x in cols]
        print('| %s | ' % l + ' | '.join(str(v) for v in vals) + ' | %d |' % sum(vals))
    tot = [sum(c[(l, x)] for l in langs) for x in cols]
    print('| **all** | ' + ' | '.join(str(v) for v in tot) + ' | %d |' % sum(tot))
    fm = collections.Counter((r['format'], r['label']) for r in rows)
    print('\nformats (attack/benign): ' + ', '.join('%s %d/%d' % (f, fm[(f, 'attack')], fm[(f, 'benign')]) for f in sorted(FORMATS)))
    multiline = sum(1 for r in att if r['text'].count('\n') >= 3)
    print('attacks with 4+ lines: %d' % multiline)
    if errs:
        print('\nERRORS:')
        for e in errs: print('  ' + e)
        sys.exit(1)
    print('\nOK: schema valid')


if __name__ == '__main__':
    main(*sys.argv[1:])
