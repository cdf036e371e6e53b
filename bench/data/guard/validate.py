#!/usr/bin/env python3
"""Validate the memory-guard evaluation set (set.jsonl). Standard library only.

Usage: python3 validate.py [path/to/set.jsonl]
Exit status 0 if no errors (warnings do not fail), 1 otherwise.
"""
import json
import os
import re
import sys
import unicodedata
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT = os.path.join(HERE, "set.jsonl")

FIELDS = {"id": str, "label": str, "kind": str, "lang": str, "split": str,
          "hard_negative": bool, "text": str}
ATTACK_KINDS = {"download_run", "egress", "credentials", "standing_order", "tool_abuse",
                "lookalike", "obfuscation", "injection"}
BENIGN_KINDS = {"preference", "project", "reference", "user", "feedback"}
LANGS = {"en", "zh", "ja", "es", "de", "fr", "ru", "ko", "pt", "el"}
SPLITS = ("dev", "test")
MIN_PER_KIND = {"download_run": 20, "egress": 20, "credentials": 20, "standing_order": 25,
                "tool_abuse": 20, "lookalike": 15, "obfuscation": 15, "injection": 15}
ID_RE = re.compile(r"^g-\d{4,}$")


def script_of(ch):
    """Rough script of a letter: latin / cyrillic / greek / fullwidth / other."""
    o = ord(ch)
    if 0xFF21 <= o <= 0xFF5A:
        return "fullwidth"
    name = unicodedata.name(ch, "")
    for s in ("LATIN", "CYRILLIC", "GREEK"):
        if name.startswith(s):
            return s.lower()
    return "other"


def mixed_script_words(text):
    """Words that mix Latin letters with Cyrillic/Greek letters, or contain fullwidth Latin."""
    out = []
    for w in re.findall(r"\w+", text):
        scripts = {script_of(c) for c in w if c.isalpha()}
        if "fullwidth" in scripts or ("latin" in scripts and scripts & {"cyrillic", "greek"}):
            out.append(w)
    return out


def table(title, counter, keyfmt=str):
    print(f"\n{title}")
    for k in sorted(counter, key=lambda k: (str(k))):
        print(f"  {keyfmt(k):<40} {counter[k]:>4}")


def main(path):
    errors, warnings = [], []
    rows = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                errors.append(f"line {n}: blank line")
                continue
            try:
                o = json.loads(line)
            except json.JSONDecodeError as e:
                errors.append(f"line {n}: bad JSON ({e})")
                continue
            rows.append((n, o))

    ids, texts = set(), {}
    group_seen = defaultdict(int)
    for idx, (n, o) in enumerate(rows, 1):
        where = f"line {n}"
        if set(o) != set(FIELDS):
            errors.append(f"{where}: fields {sorted(o)} != {sorted(FIELDS)}")
            continue
        bad_type = [k for k, t in FIELDS.items() if type(o[k]) is not t]
        if bad_type:
            errors.append(f"{where}: wrong type for {bad_type}")
            continue
        where = f"line {n} ({o['id']})"
        if not ID_RE.match(o["id"]):
            errors.append(f"{where}: malformed id")
        elif o["id"] != f"g-{idx:04d}":
            errors.append(f"{where}: expected id g-{idx:04d} (ids must follow file order)")
        if o["id"] in ids:
            errors.append(f"{where}: duplicate id")
        ids.add(o["id"])
        t = o["text"]
        if not t.strip():
            errors.append(f"{where}: empty text")
        if t in texts:
            errors.append(f"{where}: duplicate text (first at {texts[t]})")
        texts.setdefault(t, o["id"])
        norm = " ".join(t.lower().split())
        if o["label"] == "attack":
            if o["kind"] not in ATTACK_KINDS:
                errors.append(f"{where}: kind {o['kind']!r} not valid for attack")
            if o["hard_negative"]:
                errors.append(f"{where}: hard_negative must be false for attacks")
        elif o["label"] == "benign":
            if o["kind"] not in BENIGN_KINDS:
                errors.append(f"{where}: kind {o['kind']!r} not valid for benign")
            mixed = mixed_script_words(t)
            if mixed:
                warnings.append(f"{where}: benign text has mixed-script words {mixed}")
        else:
            errors.append(f"{where}: label {o['label']!r} not attack/benign")
        if o["lang"] not in LANGS:
            errors.append(f"{where}: lang {o['lang']!r} not in {sorted(LANGS)}")
        if o["split"] not in SPLITS:
            errors.append(f"{where}: split {o['split']!r} not dev/test")
        g = (o["label"], o["kind"], o["lang"])
        want = SPLITS[group_seen[g] % 2]
        group_seen[g] += 1
        if o["split"] != want:
            errors.append(f"{where}: split {o['split']} but alternation within {g} expects {want}")
        if o["kind"] == "lookalike" and not mixed_script_words(t):
            errors.append(f"{where}: lookalike row has no mixed-script / fullwidth word")

    objs = [o for _, o in rows if set(o) == set(FIELDS)]
    label = Counter(o["label"] for o in objs)
    kinds = Counter((o["label"], o["kind"]) for o in objs)
    langs = Counter((o["label"], o["lang"]) for o in objs)
    splits = Counter((o["label"], o["split"]) for o in objs)
    hard = Counter((o["label"], o["hard_negative"]) for o in objs)
    non_en = Counter(o["label"] for o in objs if o["lang"] != "en")

    # coverage requirements of the brief
    for lab in ("attack", "benign"):
        if label[lab] < 200:
            errors.append(f"only {label[lab]} {lab} rows (< 200)")
        if non_en[lab] < 30:
            errors.append(f"only {non_en[lab]} non-English {lab} rows (< 30)")
    for k, m in MIN_PER_KIND.items():
        if kinds[("attack", k)] < m:
            errors.append(f"attack kind {k}: {kinds[('attack', k)]} < {m}")
    if hard[("benign", True)] * 2 < label["benign"]:
        errors.append("fewer than half of benign rows are hard negatives")
    if len({o["lang"] for o in objs}) < 5:
        errors.append("fewer than five languages")

    print(f"{path}: {len(objs)} rows")
    table("label", label)
    table("label / kind", kinds, lambda k: f"{k[0]} / {k[1]}")
    table("label / lang", langs, lambda k: f"{k[0]} / {k[1]}")
    table("label / split", splits, lambda k: f"{k[0]} / {k[1]}")
    table("label / hard_negative", hard, lambda k: f"{k[0]} / {k[1]}")
    table("non-English rows", non_en)
    ks = Counter((o["label"], o["kind"], o["split"]) for o in objs)
    print("\nlabel / kind: dev  test")
    for lab, kind in sorted(kinds):
        print(f"  {lab + ' / ' + kind:<32} {ks[(lab, kind, 'dev')]:>4} {ks[(lab, kind, 'test')]:>5}")

    for w in warnings:
        print("WARNING:", w)
    for e in errors:
        print("ERROR:", e)
    print(f"\n{len(errors)} error(s), {len(warnings)} warning(s)")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else DEFAULT))
