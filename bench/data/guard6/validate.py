"""Check guard6/set.jsonl: schema, consistency, quotas. Exits non-zero on any violation.
Also checks that set.jsonl is exactly what src/build.py regenerates."""
import collections
import json
import os
import re
import sys
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
FIELDS = ["id", "label", "kind", "hard", "lang", "format", "split", "text"]
ATTACK_KINDS = ["credentials", "download_run", "egress", "injection", "lookalike",
                "obfuscation", "standing_order", "tool_abuse"]
LANGS = {"en", "zh", "ja", "ko", "de", "fr", "es", "ru", "pt", "it", "ar", "tr", "nl", "vi", "pl"}
REQUIRED_LANGS = {"en", "zh", "ja", "de", "fr", "es", "ru"}
FORMATS = {"claude_topic", "claude_md", "agents_md", "hermes_fact", "codex_summary", "runbook",
           "extractor_note", "cursorrules", "plain"}
MIN_PER_KIND = {k: 20 for k in ATTACK_KINDS}
MIN_PER_KIND.update({"standing_order": 40, "tool_abuse": 30, "credentials": 30, "egress": 30})
MIN_ATTACKS, MIN_BENIGN, MIN_HARD_SHARE, MIN_LANGS = 240, 240, 0.65, 10
MAX_LINES = 14

errors = []


def err(msg):
    errors.append(msg)


def script_of(ch):
    try:
        name = unicodedata.name(ch)
    except ValueError:
        return None
    for s in ("LATIN", "CYRILLIC", "GREEK"):
        if name.startswith(s):
            return s
    return None


def has_mixed_word(text):
    for word in re.findall(r"[^\s`'\"|()<>{}\[\],:;/=.$@-]+", text):
        scripts = {script_of(c) for c in word if c.isalpha()}
        scripts.discard(None)
        if "LATIN" in scripts and (scripts & {"CYRILLIC", "GREEK"}):
            return True
    return False


def main():
    path = os.path.join(HERE, "set.jsonl")
    with open(path, encoding="utf-8") as f:
        raw = f.read()
    lines = raw.splitlines()
    rows = []
    for n, line in enumerate(lines, 1):
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as e:
            err("line %d: bad JSON (%s)" % (n, e))
            continue
        if list(obj.keys()) != FIELDS:
            err("line %d: fields %r, want %r" % (n, list(obj.keys()), FIELDS))
        rows.append(obj)

    texts = collections.Counter()
    for i, r in enumerate(rows, 1):
        rid = r.get("id")
        if rid != "g6-%04d" % i:
            err("row %d: id %r, want g6-%04d" % (i, rid, i))
        lab, kind, hard = r.get("label"), r.get("kind"), r.get("hard")
        if lab == "attack":
            if kind not in ATTACK_KINDS:
                err("%s: attack with kind %r" % (rid, kind))
            if hard is not False:
                err("%s: attack must have hard=false" % rid)
        elif lab == "benign":
            if kind != "benign":
                err("%s: benign with kind %r" % (rid, kind))
            if not isinstance(hard, bool):
                err("%s: hard must be a bool" % rid)
        else:
            err("%s: label %r" % (rid, lab))
        if r.get("lang") not in LANGS:
            err("%s: lang %r" % (rid, r.get("lang")))
        if r.get("format") not in FORMATS:
            err("%s: format %r" % (rid, r.get("format")))
        if r.get("split") != "test":
            err("%s: split %r" % (rid, r.get("split")))
        t = r.get("text")
        if not isinstance(t, str) or not t.strip():
            err("%s: empty text" % rid)
            continue
        nl = len(t.split("\n"))
        if not 1 <= nl <= MAX_LINES:
            err("%s: %d lines" % (rid, nl))
        if t != t.strip():
            err("%s: leading/trailing whitespace" % rid)
        texts[t] += 1
        if kind == "lookalike" and not has_mixed_word(t):
            err("%s: lookalike without a mixed-script word" % rid)
        if r.get("format") == "claude_topic" and not (t.startswith("---\n") and "\n---\n" in t[4:]):
            err("%s: claude_topic without YAML front matter" % rid)
    for t, c in texts.items():
        if c > 1:
            err("duplicate text (%dx): %r" % (c, t[:80]))

    attacks = [r for r in rows if r.get("label") == "attack"]
    benign = [r for r in rows if r.get("label") == "benign"]
    hard = [r for r in benign if r.get("hard") is True]
    kinds = collections.Counter(r["kind"] for r in attacks)
    langs = collections.Counter(r["lang"] for r in rows)
    if len(attacks) < MIN_ATTACKS:
        err("only %d attacks (< %d)" % (len(attacks), MIN_ATTACKS))
    if len(benign) < MIN_BENIGN:
        err("only %d benign (< %d)" % (len(benign), MIN_BENIGN))
    if benign and len(hard) / len(benign) < MIN_HARD_SHARE:
        err("hard share %.3f < %.2f" % (len(hard) / len(benign), MIN_HARD_SHARE))
    for k, m in MIN_PER_KIND.items():
        if kinds[k] < m:
            err("kind %s: %d (< %d)" % (k, kinds[k], m))
    if len(langs) < MIN_LANGS:
        err("only %d languages (< %d)" % (len(langs), MIN_LANGS))
    for l in REQUIRED_LANGS - set(langs):
        err("language %s missing" % l)

    # regeneration check
    sys.path.insert(0, os.path.join(HERE, "src"))
    import build
    if build.render() != raw:
        err("set.jsonl differs from what src/build.py regenerates")

    # tables
    cols = ATTACK_KINDS + ["b_hard", "b_plain", "total"]
    short = {"credentials": "cred", "download_run": "dl_run", "egress": "egress", "injection": "inject",
             "lookalike": "lookal", "obfuscation": "obfusc", "standing_order": "order",
             "tool_abuse": "tool"}
    tab = collections.defaultdict(collections.Counter)
    for r in rows:
        key = r["kind"] if r["label"] == "attack" else ("b_hard" if r["hard"] else "b_plain")
        tab[r["lang"]][key] += 1
        tab[r["lang"]]["total"] += 1
        tab["**all**"][key] += 1
        tab["**all**"]["total"] += 1
    order = ["en"] + sorted(l for l in tab if l not in ("en", "**all**")) + ["**all**"]
    print("| lang | " + " | ".join(short.get(c, c) for c in cols) + " |")
    print("|---" * (len(cols) + 1) + "|")
    for l in order:
        print("| %s | " % l + " | ".join(str(tab[l][c]) for c in cols) + " |")
    print()
    fmt = collections.Counter(r["format"] for r in rows)
    fmt_a = collections.Counter(r["format"] for r in attacks)
    fmt_b = collections.Counter(r["format"] for r in benign)
    print("| format | attack | benign | total |")
    print("|---|---|---|---|")
    for f_ in sorted(fmt):
        print("| %s | %d | %d | %d |" % (f_, fmt_a[f_], fmt_b[f_], fmt[f_]))
    print()
    non_en = sum(1 for r in attacks if r["lang"] != "en")
    print("attacks %d, benign %d (hard %d = %.1f %%, plain %d), languages %d, "
          "non-English attacks %d (%.1f %%)" % (
              len(attacks), len(benign), len(hard), 100 * len(hard) / max(1, len(benign)),
              len(benign) - len(hard), len(langs), non_en, 100 * non_en / max(1, len(attacks))))

    if errors:
        print("\n%d violation(s):" % len(errors), file=sys.stderr)
        for e in errors:
            print("  " + e, file=sys.stderr)
        sys.exit(1)
    print("OK")


if __name__ == "__main__":
    main()
