#!/usr/bin/env python3
"""Check pairs.jsonl for the memdir near-duplicate evaluation set.

Standard library only. Usage:
    python3 validate.py [path/to/pairs.jsonl] [--quiet]

Checks the schema, unique and sequential ids, the label/kind/lang vocabularies,
entry shape (one-line description, body of 1-6 lines), the language of each side,
the dev/test alternation inside every (label, kind, lang) group, and the overall
mix (size, duplicate share, language shares, unrelated share). Prints the counts
tables. Exits 1 if anything is wrong.
"""
import collections
import json
import os
import re
import sys

DUP_KINDS = ["paraphrase", "reordered", "subset", "translation", "typo"]
DIS_KINDS = ["lexical_overlap", "negation", "update", "scope", "related", "unrelated"]
LANGS = ["en", "zh", "zh-en", "ja", "ja-en"]
TYPES = {"user", "feedback", "project", "reference"}
TOP_KEYS = ["id", "lang", "split", "label", "kind", "a", "b"]
ENTRY_KEYS = ["type", "name", "description", "body"]

HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")
KANA = re.compile(r"[\u3040-\u309f\u30a0-\u30ff]")


def text_of(e):
    return " ".join(e[k] for k in ("name", "description", "body"))


def lang_of_entry(e):
    t = text_of(e)
    if KANA.search(t):
        return "ja"
    if HAN.search(t):
        return "zh"
    return "en"


def check_lang(r, errs):
    la, lb = lang_of_entry(r["a"]), lang_of_entry(r["b"])
    sides = {la, lb}
    lang = r["lang"]
    ok = {
        "en": sides == {"en"},
        "zh": sides == {"zh"},
        "ja": sides == {"ja"},
        "zh-en": "zh" in sides and "ja" not in sides,
        "ja-en": sides == {"ja", "en"},
    }[lang]
    if not ok:
        errs.append("%s: lang %s but sides look like %s/%s" % (r["id"], lang, la, lb))
    if r["kind"] == "translation" and not (len(sides) == 2 and "en" in sides):
        errs.append("%s: translation pair should have one English side and one zh/ja side" % r["id"])


def main(argv):
    quiet = "--quiet" in argv
    args = [a for a in argv[1:] if not a.startswith("--")]
    path = args[0] if args else os.path.join(os.path.dirname(os.path.abspath(__file__)), "pairs.jsonl")
    errs, warns = [], []
    rows = []
    with open(path, encoding="utf-8") as f:
        for ln, line in enumerate(f, 1):
            if not line.strip():
                errs.append("line %d: blank line" % ln)
                continue
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError as ex:
                errs.append("line %d: bad JSON: %s" % (ln, ex))

    ids = set()
    for i, r in enumerate(rows, 1):
        rid = r.get("id", "line %d" % i)
        if list(r.keys()) != TOP_KEYS:
            errs.append("%s: keys %s, want %s" % (rid, list(r.keys()), TOP_KEYS))
            continue
        if r["id"] in ids:
            errs.append("%s: duplicate id" % rid)
        ids.add(r["id"])
        if r["id"] != "p-%04d" % i:
            errs.append("%s: expected id p-%04d (ids are sequential in file order)" % (rid, i))
        if r["split"] not in ("dev", "test"):
            errs.append("%s: bad split %r" % (rid, r["split"]))
        if r["lang"] not in LANGS:
            errs.append("%s: bad lang %r" % (rid, r["lang"]))
        if r["label"] == "duplicate":
            if r["kind"] not in DUP_KINDS:
                errs.append("%s: kind %r is not a duplicate kind" % (rid, r["kind"]))
        elif r["label"] == "distinct":
            if r["kind"] not in DIS_KINDS:
                errs.append("%s: kind %r is not a distinct kind" % (rid, r["kind"]))
        else:
            errs.append("%s: bad label %r" % (rid, r["label"]))
        bad_entry = False
        for side in ("a", "b"):
            e = r[side]
            if not isinstance(e, dict) or list(e.keys()) != ENTRY_KEYS:
                errs.append("%s.%s: entry keys must be %s" % (rid, side, ENTRY_KEYS))
                bad_entry = True
                continue
            for k in ENTRY_KEYS:
                if not isinstance(e[k], str) or not e[k].strip():
                    errs.append("%s.%s: %s must be a non-empty string" % (rid, side, k))
                    bad_entry = True
            if bad_entry:
                continue
            if e["type"] not in TYPES:
                errs.append("%s.%s: bad type %r" % (rid, side, e["type"]))
            if "\n" in e["description"] or "\n" in e["name"]:
                errs.append("%s.%s: name/description must be one line" % (rid, side))
            if " " in e["name"]:
                errs.append("%s.%s: name should be a slug without spaces" % (rid, side))
            n = len(e["body"].split("\n"))
            if not 1 <= n <= 6:
                errs.append("%s.%s: body has %d lines (want 1-6)" % (rid, side, n))
        if bad_entry:
            continue
        if r["a"] == r["b"]:
            errs.append("%s: a and b are identical" % rid)
        if r["lang"] in LANGS:
            check_lang(r, errs)

    # identical (a, b) pairs anywhere in the file
    seen = {}
    for r in rows:
        if not isinstance(r.get("a"), dict) or not isinstance(r.get("b"), dict):
            continue
        k = tuple(sorted([json.dumps(r["a"], sort_keys=True, ensure_ascii=False),
                          json.dumps(r["b"], sort_keys=True, ensure_ascii=False)]))
        if k in seen:
            errs.append("%s: same pair as %s" % (r["id"], seen[k]))
        seen.setdefault(k, r["id"])

    # split: alternate dev/test within each (label, kind, lang) group, in file order
    groups = collections.defaultdict(list)
    for r in rows:
        if all(k in r for k in ("label", "kind", "lang", "split")):
            groups[(r["label"], r["kind"], r["lang"])].append(r)
    for g, rs in sorted(groups.items()):
        for i, r in enumerate(rs):
            want = "dev" if i % 2 == 0 else "test"
            if r["split"] != want:
                errs.append("%s: split %s, want %s (position %d in group %s)" % (r["id"], r["split"], want, i, "/".join(g)))
        if len(rs) % 2:
            warns.append("group %s has an odd size (%d)" % ("/".join(g), len(rs)))

    # overall mix
    n = len(rows)
    cnt = collections.Counter
    by_label = cnt(r.get("label") for r in rows)
    by_lang = cnt(r.get("lang") for r in rows)
    by_split = cnt(r.get("split") for r in rows)
    if n < 400:
        errs.append("only %d pairs (want >= 400)" % n)
    if n:
        dup = by_label["duplicate"] / n
        if not 0.40 <= dup <= 0.50:
            errs.append("duplicate share %.1f%% (want about 45%%)" % (100 * dup))
        zh = (by_lang["zh"] + by_lang["zh-en"]) / n
        if zh < 0.40:
            errs.append("zh + zh-en share %.1f%% (want >= 40%%)" % (100 * zh))
        ja = (by_lang["ja"] + by_lang["ja-en"]) / n
        if ja < 0.10:
            errs.append("ja + ja-en share %.1f%% (want >= 10%%)" % (100 * ja))
        unrel = sum(1 for r in rows if r.get("kind") == "unrelated")
        if by_label["distinct"] and unrel > 0.10 * by_label["distinct"]:
            errs.append("unrelated is %d of %d distinct (want <= 10%%)" % (unrel, by_label["distinct"]))
        if abs(by_split["dev"] - by_split["test"]) > 1:
            errs.append("splits unbalanced: %s" % dict(by_split))
        for lab in ("duplicate", "distinct"):
            d = sum(1 for r in rows if r.get("label") == lab and r.get("split") == "dev")
            t = sum(1 for r in rows if r.get("label") == lab and r.get("split") == "test")
            if abs(d - t) > len(groups):
                errs.append("%s unbalanced across splits: dev %d, test %d" % (lab, d, t))

    if not quiet:
        print_tables(rows)
    for w in warns:
        print("WARN:", w)
    for e in errs:
        print("ERROR:", e)
    print("%d pairs, %d errors, %d warnings" % (n, len(errs), len(warns)))
    return 1 if errs else 0


def print_tables(rows):
    kinds = [("duplicate", k) for k in DUP_KINDS] + [("distinct", k) for k in DIS_KINDS]
    c = collections.Counter((r["label"], r["kind"], r["lang"]) for r in rows)
    cs = collections.Counter((r["label"], r["kind"], r["split"]) for r in rows)
    head = "%-10s %-16s" % ("label", "kind") + "".join("%7s" % l for l in LANGS) + "%7s%7s%7s" % ("total", "dev", "test")
    print(head)
    print("-" * len(head))
    for lab in ("duplicate", "distinct"):
        tot = collections.Counter()
        for (l2, k) in kinds:
            if l2 != lab:
                continue
            vals = [c[(lab, k, l)] for l in LANGS]
            for l, v in zip(LANGS, vals):
                tot[l] += v
            dv, ts = cs[(lab, k, "dev")], cs[(lab, k, "test")]
            tot["dev"] += dv
            tot["test"] += ts
            print("%-10s %-16s" % (lab, k) + "".join("%7d" % v for v in vals) + "%7d%7d%7d" % (sum(vals), dv, ts))
        s = sum(tot[l] for l in LANGS)
        print("%-10s %-16s" % (lab, "(all)") + "".join("%7d" % tot[l] for l in LANGS) + "%7d%7d%7d" % (s, tot["dev"], tot["test"]))
        print("-" * len(head))
    lang_tot = collections.Counter(r["lang"] for r in rows)
    sp = collections.Counter(r["split"] for r in rows)
    print("%-10s %-16s" % ("all", "") + "".join("%7d" % lang_tot[l] for l in LANGS) + "%7d%7d%7d" % (len(rows), sp["dev"], sp["test"]))
    n = len(rows) or 1
    print("shares: duplicate %.1f%%, zh+zh-en %.1f%%, ja+ja-en %.1f%%, en %.1f%%" % (
        100 * sum(1 for r in rows if r["label"] == "duplicate") / n,
        100 * (lang_tot["zh"] + lang_tot["zh-en"]) / n,
        100 * (lang_tot["ja"] + lang_tot["ja-en"]) / n,
        100 * lang_tot["en"] / n))
    ty = collections.Counter(r[s]["type"] for r in rows for s in ("a", "b"))
    print("entry types:", ", ".join("%s %d" % (t, ty[t]) for t in ("user", "feedback", "project", "reference")))


if __name__ == "__main__":
    sys.exit(main(sys.argv))
