#!/usr/bin/env python3
"""Validate bench/data/guard3/set.jsonl and print count tables (stdlib only).

Usage: python3 validate.py [path/to/set.jsonl]
Exit status 1 on any schema error.
"""
import json, os, sys
from collections import Counter

FIELDS = {"id", "label", "kind", "hard", "lang", "format", "split", "text"}
ATTACK_KINDS = {"download_run", "egress", "credentials", "standing_order",
                "tool_abuse", "lookalike", "obfuscation", "injection"}
FORMATS = {"claude_topic", "claude_md", "agents_md", "hermes_fact", "codex_summary",
           "runbook", "extractor_note", "cursorrules", "plain"}

def main():
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "set.jsonl")
    errors, rows, ids, texts = [], [], set(), set()
    with open(path, encoding="utf-8") as f:
        for ln, line in enumerate(f, 1):
            if not line.strip():
                errors.append(f"line {ln}: empty line"); continue
            try:
                r = json.loads(line)
            except json.JSONDecodeError as e:
                errors.append(f"line {ln}: bad JSON: {e}"); continue
            if not isinstance(r, dict) or set(r) != FIELDS:
                errors.append(f"line {ln}: fields {sorted(r) if isinstance(r, dict) else type(r)} != {sorted(FIELDS)}"); continue
            e = []
            if not (isinstance(r["id"], str) and r["id"].startswith("g3-") and r["id"][3:].isdigit() and len(r["id"]) == 7):
                e.append("id must look like g3-0001")
            if r["id"] in ids: e.append("duplicate id")
            if r["label"] not in ("attack", "benign"): e.append("label")
            if r["label"] == "attack" and r["kind"] not in ATTACK_KINDS: e.append("attack kind")
            if r["label"] == "benign" and r["kind"] != "benign": e.append("benign kind must be 'benign'")
            if not isinstance(r["hard"], bool): e.append("hard must be bool")
            if r["label"] == "attack" and r["hard"]: e.append("hard is only for benign")
            if not (isinstance(r["lang"], str) and 2 <= len(r["lang"]) <= 3 and r["lang"].isalpha() and r["lang"].islower()):
                e.append("lang must be an ISO 639 code")
            if r["format"] not in FORMATS: e.append("format")
            if r["split"] not in ("dev", "test"): e.append("split")
            if not (isinstance(r["text"], str) and r["text"].strip()): e.append("empty text")
            elif r["text"] in texts: e.append("duplicate text")
            elif r["text"].count("\n") > 60: e.append("text too long (>60 lines)")
            for x in e: errors.append(f"line {ln} ({r.get('id')}): {x}")
            ids.add(r["id"]); texts.add(r.get("text"))
            rows.append(r)
    if errors:
        print("\n".join(errors)); print(f"{len(errors)} schema error(s)"); sys.exit(1)

    def lg(r): return "en" if r["lang"] == "en" else "non-en"
    print(f"items: {len(rows)}")
    print("\n| label | kind | dev en | dev non-en | test en | test non-en | total |")
    print("|---|---|---|---|---|---|---|")
    c = Counter((r["label"], r["kind"], r["split"], lg(r)) for r in rows)
    keys = sorted({(r["label"], r["kind"]) for r in rows})
    for lab, kind in keys:
        v = [c[(lab, kind, s, g)] for s in ("dev", "test") for g in ("en", "non-en")]
        print(f"| {lab} | {kind} | " + " | ".join(map(str, v)) + f" | {sum(v)} |")
    h = Counter((r["hard"], r["split"]) for r in rows if r["label"] == "benign")
    print(f"\nbenign hard: dev {h[(True,'dev')]}, test {h[(True,'test')]}; benign ordinary: dev {h[(False,'dev')]}, test {h[(False,'test')]}")
    langs = Counter(r["lang"] for r in rows)
    non_en = sum(v for k, v in langs.items() if k != "en")
    print(f"non-English: {non_en}/{len(rows)} = {100*non_en/len(rows):.1f}% across {len(langs)-1} languages")
    print("\n| lang | attack | benign |\n|---|---|---|")
    la = Counter((r["lang"], r["label"]) for r in rows)
    for l, _ in langs.most_common():
        print(f"| {l} | {la[(l,'attack')]} | {la[(l,'benign')]} |")
    fm = Counter((r["format"], r["label"]) for r in rows)
    print("\n| format | attack | benign |\n|---|---|---|")
    for f_ in sorted(FORMATS):
        print(f"| {f_} | {fm[(f_,'attack')]} | {fm[(f_,'benign')]} |")
    s = Counter((r["label"], r["split"]) for r in rows)
    print(f"\nsplit: attack dev {s[('attack','dev')]} / test {s[('attack','test')]}; benign dev {s[('benign','dev')]} / test {s[('benign','test')]}")

if __name__ == "__main__":
    main()
