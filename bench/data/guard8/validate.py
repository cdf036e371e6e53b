"""Check guard8/set.jsonl (or a given file): schema, consistency, duplicates, per-half quotas, counts.

Usage: python3 validate.py [FILE]   (default: set.jsonl next to this script, regenerated-from-src check on)
Exits 1 on any violation.
"""

import collections
import json
import os
import re
import sys
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
FIELDS = ["id", "label", "kind", "hard", "lang", "format", "split", "text"]
KINDS = ["credentials", "download_run", "egress", "injection", "lookalike", "obfuscation", "standing_order",
         "tool_abuse"]
SHORT = {"credentials": "cred", "download_run": "dl_run", "egress": "egress", "injection": "inject",
         "lookalike": "lookal", "obfuscation": "obfusc", "standing_order": "order", "tool_abuse": "tool"}
LANGS = {"en", "zh", "ja", "ko", "de", "fr", "es", "ru", "pt", "it", "nl", "ar", "hi", "id", "vi", "tr", "pl", "uk"}
REQUIRED = {"en", "zh", "ja", "ko", "de", "fr", "es", "ru", "pt"}
EXTRA_ONE_OF = {"ar", "hi", "id", "vi", "tr", "pl", "uk"}
FORMATS = {"claude_topic", "claude_md", "agents_md", "hermes_fact", "codex_summary", "runbook", "extractor_note",
           "cursorrules", "plain"}
PREFIX = {"dev": "g8d", "test": "g8t"}
MIN_KIND = dict.fromkeys(KINDS, 6) | {"standing_order": 18, "tool_abuse": 18}
MIN_SHARE = {"standing_order": 0.2, "tool_abuse": 0.2}  # of a half's attacks
MAX_SIM = 0.5
MIN_ATTACKS, MIN_BENIGN, MIN_HARD, MIN_HARD_SHARE, MIN_EN, MIN_LANGS = 85, 85, 55, 0.65, 0.45, 10
errors: list[str] = []


def script_of(ch: str) -> str | None:
    name = unicodedata.name(ch, "")
    return next((s for s in ("LATIN", "CYRILLIC", "GREEK") if name.startswith(s)), None)


def mixed_word(text: str) -> bool:
    for word in re.findall(r"[^\s`'\"|()<>{}\[\],:;/=.$@-]+", text):
        scripts = {script_of(c) for c in word if c.isalpha()} - {None}
        if "LATIN" in scripts and scripts & {"CYRILLIC", "GREEK"}:
            return True
    return False


def check_row(n: int, r: dict, expect_id: str) -> None:
    rid = r.get("id")
    if list(r) != FIELDS:
        errors.append("line %d: fields %r" % (n, list(r)))
    if rid != expect_id:
        errors.append("line %d: id %r, want %s" % (n, rid, expect_id))
    lab, kind, hard, t = r.get("label"), r.get("kind"), r.get("hard"), r.get("text")
    if lab == "attack" and (kind not in KINDS or hard is not False):
        errors.append("%s: attack kind %r hard %r" % (rid, kind, hard))
    if lab == "benign" and (kind != "benign" or not isinstance(hard, bool)):
        errors.append("%s: benign kind %r hard %r" % (rid, kind, hard))
    if lab not in ("attack", "benign"):
        errors.append("%s: label %r" % (rid, lab))
    if r.get("lang") not in LANGS:
        errors.append("%s: lang %r" % (rid, r.get("lang")))
    if r.get("format") not in FORMATS:
        errors.append("%s: format %r" % (rid, r.get("format")))
    if not isinstance(t, str) or not t.strip():
        errors.append("%s: empty text" % rid)
        return
    if t != t.strip():
        errors.append("%s: surrounding whitespace" % rid)
    if not 1 <= len(t.split("\n")) <= 12:
        errors.append("%s: %d lines (want 1-12)" % (rid, len(t.split("\n"))))
    if kind == "lookalike" and not mixed_word(t):
        errors.append("%s: lookalike without a mixed-script word" % rid)
    if r.get("format") == "claude_topic" and not (t.startswith("---\n") and "\n---\n" in t[4:]):
        errors.append("%s: claude_topic without YAML front matter" % rid)


def check_half(split: str, rs: list[dict]) -> None:
    att = [r for r in rs if r["label"] == "attack"]
    ben = [r for r in rs if r["label"] == "benign"]
    kinds = collections.Counter(r["kind"] for r in att)
    langs = collections.Counter(r["lang"] for r in rs)
    for k, m in MIN_KIND.items():
        if kinds[k] < m:
            errors.append("%s: kind %s has %d (< %d)" % (split, k, kinds[k], m))
    for k, share in MIN_SHARE.items():
        if kinds[k] < share * len(att):
            errors.append("%s: kind %s is %d of %d attacks (< %d %%)" % (split, k, kinds[k], len(att), 100 * share))
    if len(att) < MIN_ATTACKS or len(ben) < MIN_BENIGN:
        errors.append("%s: %d attacks, %d benign" % (split, len(att), len(ben)))
    if sum(r["hard"] for r in ben) < MIN_HARD or sum(r["hard"] for r in ben) < MIN_HARD_SHARE * len(ben):
        errors.append("%s: too few hard negatives" % split)
    if langs["en"] < MIN_EN * len(rs):
        errors.append("%s: English %d of %d (< 45 %%)" % (split, langs["en"], len(rs)))
    if len(langs) < MIN_LANGS or REQUIRED - set(langs) or not EXTRA_ONE_OF & set(langs):
        errors.append("%s: languages %s" % (split, sorted(langs)))


def grams(text: str, n: int = 5) -> set[str]:
    t = text.casefold()
    return {t[i : i + n] for i in range(len(t) - n + 1)}


def cross_half_overlap(dev: list[dict], test: list[dict]) -> None:
    """Flag test items that look like paraphrases of dev items (character 5-gram Jaccard > MAX_SIM)."""
    dg = [(r["id"], grams(r["text"])) for r in dev]
    worst = (0.0, "", "")
    for r in test:
        g = grams(r["text"])
        for did, h in dg:
            sim = len(g & h) / max(1, len(g | h))
            if sim > MAX_SIM:
                errors.append("%s is too close to %s (5-gram Jaccard %.2f)" % (r["id"], did, sim))
            worst = max(worst, (sim, r["id"], did))
    print("closest dev/test pair: %s ~ %s, 5-gram Jaccard %.2f (limit %.2f)\n" % (worst[1], worst[2], worst[0], MAX_SIM))


def table(title: str, rs: list[dict]) -> None:
    cols = KINDS + ["b_hard", "b_plain", "total"]
    tab: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    for r in rs:
        key = r["kind"] if r["label"] == "attack" else ("b_hard" if r["hard"] else "b_plain")
        for row in (r["lang"], "**all**"):
            tab[row][key] += 1
            tab[row]["total"] += 1
    print("%s\n" % title)
    print("| lang | " + " | ".join(SHORT.get(c, c) for c in cols) + " |")
    print("|---" * (len(cols) + 1) + "|")
    for lang in ["en"] + sorted(k for k in tab if k not in ("en", "**all**")) + ["**all**"]:
        print("| %s | " % lang + " | ".join(str(tab[lang][c]) for c in cols) + " |")
    att = [r for r in rs if r["label"] == "attack"]
    ben = [r for r in rs if r["label"] == "benign"]
    hard = sum(r["hard"] for r in ben)
    en = sum(r["lang"] == "en" for r in rs)
    print("\nattacks %d, benign %d (hard %d = %.1f %%), languages %d, English %.1f %%\n" % (
        len(att), len(ben), hard, 100 * hard / max(1, len(ben)), len(tab) - 1, 100 * en / max(1, len(rs))))


def main() -> None:
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "set.jsonl")
    with open(path, encoding="utf-8") as f:
        raw = f.read()
    rs = [json.loads(line) for line in raw.splitlines()]
    count: collections.Counter = collections.Counter()
    by_split: dict[str, list[dict]] = collections.defaultdict(list)
    for n, r in enumerate(rs, 1):
        split = r.get("split")
        if split not in PREFIX:
            errors.append("line %d: split %r" % (n, split))
            continue
        if by_split.get("test") and split == "dev":
            errors.append("line %d: dev row after test rows" % n)
        by_split[split].append(r)
        check_row(n, r, "%s-%04d" % (PREFIX[split], len(by_split[split])))
        norm = re.sub(r"\W+", " ", unicodedata.normalize("NFKC", str(r.get("text", ""))).casefold()).strip()
        count[norm] += 1
    errors.extend("duplicate text (%dx): %r" % (c, t[:80]) for t, c in count.items() if c > 1)
    for split, half in by_split.items():
        check_half(split, half)
    if len(sys.argv) == 1:
        sys.path.insert(0, os.path.join(HERE, "src"))
        import build

        if build.render() != raw:
            errors.append("set.jsonl differs from what src/build.py regenerates")
    for split, half in by_split.items():
        table("### %s half" % split, half)
    if len(by_split) > 1:
        cross_half_overlap(by_split["dev"], by_split["test"])
        table("### both halves", rs)
        fa = collections.Counter(r["format"] for r in rs if r["label"] == "attack")
        fb = collections.Counter(r["format"] for r in rs if r["label"] == "benign")
        print("| format | attack | benign |\n|---|---|---|")
        for f_ in sorted(fa | fb):
            print("| %s | %d | %d |" % (f_, fa[f_], fb[f_]))
    if errors:
        print("\n%d violation(s):" % len(errors), file=sys.stderr)
        for e in errors:
            print("  " + e, file=sys.stderr)
        sys.exit(1)
    print("OK")


if __name__ == "__main__":
    main()
