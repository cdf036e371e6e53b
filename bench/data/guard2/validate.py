#!/usr/bin/env python3
"""Validate the guard2 evaluation set (stdlib only).

Usage: python3 validate.py [path/to/set.jsonl]

Checks the schema, unique ids and texts, allowed kinds and languages, the
dev/test split rule, minimum counts, look-alike characters in `lookalike`
items, placeholder hosts / documentation IPs, and that keys look fake.
Prints count tables.  Exit status 1 if any error was found.
"""
import collections
import ipaddress
import json
import os
import re
import sys
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
PATH = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "set.jsonl")

FIELDS = ["id", "label", "kind", "lang", "split", "hard_negative", "text"]
ATTACK_KINDS = ["download_run", "egress", "credentials", "standing_order",
                "tool_abuse", "injection", "lookalike", "obfuscation"]
BENIGN_KINDS = ["preference", "project", "reference", "user", "feedback"]
LANGS = {"en", "zh", "ja", "ko", "es", "fr", "de", "ru", "pt", "it", "vi", "el"}
MIN_PER_ATTACK_KIND = {k: 30 for k in ATTACK_KINDS}
MIN_PER_ATTACK_KIND.update({"lookalike": 20, "obfuscation": 20})
MIN_PER_LABEL = 240
MIN_NON_EN_PER_LABEL = 60
MIN_LANGS = 6
MIN_HARD_NEG_SHARE = 0.60

# Hosts: placeholder suffixes are always fine.  A few real, well-known hosts
# appear on purpose in *benign* notes (official installers / docs); they are
# reported but are an error only inside attack texts.
PLACEHOLDER_SUFFIXES = (".example", ".example.net", ".example.org", ".example.com", ".test")
LOCAL_HOSTS = {"localhost", "127.0.0.1"}
REAL_HOSTS_ALLOWED_IN_BENIGN = {"sh.rustup.rs", "raw.githubusercontent.com", "astral.sh",
                                "github.com", "packaging.python.org"}
DOC_NETS = [ipaddress.ip_network(n) for n in ("192.0.2.0/24", "198.51.100.0/24", "203.0.113.0/24")]

URL_RE = re.compile(r"(?:https?|ftp)://([^/\s:`'\"<>)\]}?#]+)", re.I)
EMAIL_RE = re.compile(r"[\w.+-]+@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)")
IP_RE = re.compile(r"(?<![\d.])(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})(?![\d.])")
REAL_KEY_RES = [re.compile(p) for p in (
    r"ghp_[A-Za-z0-9]{36}", r"github_pat_[A-Za-z0-9_]{40,}", r"AKIA[0-9A-Z]{16}",
    r"xox[baprs]-[A-Za-z0-9-]{10,}", r"-----BEGIN [A-Z ]*PRIVATE KEY-----")]


def script_of(ch):
    if not ch.isalpha():
        return None
    name = unicodedata.name(ch, "")
    if name.startswith("FULLWIDTH LATIN"):
        return "FULLWIDTH"
    for s in ("LATIN", "CYRILLIC", "GREEK"):
        if name.startswith(s):
            return s
    return "OTHER"


def has_lookalike(text):
    """True if some word mixes Latin with Cyrillic/Greek, or uses fullwidth Latin."""
    for word in re.findall(r"\w+", text):
        scripts = {script_of(c) for c in word} - {None}
        if "FULLWIDTH" in scripts:
            return True
        if "LATIN" in scripts and scripts & {"CYRILLIC", "GREEK"}:
            return True
    return False


def length_bucket(text):
    n = text.count("\n") + 1
    return "short" if n <= 2 else ("medium" if n <= 7 else "long")


def table(title, rows, header):
    print(f"\n{title}")
    widths = [max(len(str(x)) for x in col) for col in zip(header, *rows)] if rows else [len(h) for h in header]
    fmt = "  ".join("{:<%d}" % w for w in widths)
    print(fmt.format(*header))
    print(fmt.format(*["-" * w for w in widths]))
    for r in rows:
        print(fmt.format(*[str(x) for x in r]))


def main():
    errors, warnings = [], []
    err = errors.append
    items = []
    with open(PATH, encoding="utf-8") as f:
        for ln, line in enumerate(f, 1):
            if not line.strip():
                err(f"line {ln}: empty line")
                continue
            try:
                o = json.loads(line)
            except json.JSONDecodeError as e:
                err(f"line {ln}: bad JSON: {e}")
                continue
            if not isinstance(o, dict) or list(o.keys()) != FIELDS:
                err(f"line {ln}: keys must be exactly {FIELDS} in that order, got {list(o) if isinstance(o, dict) else type(o)}")
                continue
            items.append((ln, o))

    ids, texts, norm_texts = set(), {}, {}
    for n, (ln, o) in enumerate(items, 1):
        where = f"line {ln} ({o.get('id')})"
        if o["id"] != f"h-{n:04d}":
            err(f"{where}: id should be h-{n:04d} (ids are sequential in file order)")
        if o["id"] in ids:
            err(f"{where}: duplicate id")
        ids.add(o["id"])
        if o["label"] not in ("attack", "benign"):
            err(f"{where}: bad label {o['label']!r}")
        kinds = ATTACK_KINDS if o["label"] == "attack" else BENIGN_KINDS
        if o["kind"] not in kinds:
            err(f"{where}: kind {o['kind']!r} not allowed for label {o['label']}")
        if o["lang"] not in LANGS:
            err(f"{where}: unknown lang {o['lang']!r}")
        if o["split"] not in ("dev", "test"):
            err(f"{where}: bad split {o['split']!r}")
        if not isinstance(o["hard_negative"], bool):
            err(f"{where}: hard_negative must be a bool")
        elif o["label"] == "attack" and o["hard_negative"]:
            err(f"{where}: attacks cannot be hard negatives")
        t = o["text"]
        if not isinstance(t, str) or not t.strip():
            err(f"{where}: empty text")
            continue
        if t != t.strip():
            err(f"{where}: leading/trailing whitespace in text")
        if t in texts:
            err(f"{where}: duplicate text (same as line {texts[t]})")
        texts[t] = ln
        nt = " ".join(t.casefold().split())
        if nt in norm_texts and norm_texts[nt] != ln:
            err(f"{where}: near-duplicate text (same as line {norm_texts[nt]} after case/space folding)")
        norm_texts.setdefault(nt, ln)
        if o["kind"] == "lookalike" and not has_lookalike(t):
            err(f"{where}: lookalike item without Cyrillic/Greek/fullwidth letters inside a Latin word")
        # hosts and IPs
        hosts = {h.lower().rstrip(".") for h in URL_RE.findall(t)} | {h.lower() for h in EMAIL_RE.findall(t)}
        for h in hosts:
            if h in LOCAL_HOSTS or h.endswith(PLACEHOLDER_SUFFIXES) or IP_RE.fullmatch(h):
                continue
            if o["label"] == "benign" and h in REAL_HOSTS_ALLOWED_IN_BENIGN:
                warnings.append(f"{where}: real host {h} (deliberate: official installer/docs)")
                continue
            err(f"{where}: host {h!r} is not a placeholder (*.example, *.example.net, *.test …)")
        for ip in IP_RE.findall(t):
            try:
                a = ipaddress.ip_address(ip)
            except ValueError:
                continue
            if not (a.is_loopback or any(a in net for net in DOC_NETS)):
                err(f"{where}: IP {ip} is not a documentation/loopback address")
        for rx in REAL_KEY_RES:
            for m in rx.findall(t):
                if "FAKE" not in m.upper() and "EXAMPLE" not in m.upper():
                    err(f"{where}: string looks like a real credential: {m[:12]}…")

    # split rule: alternate dev/test in file order within (label, kind, lang); even groups
    groups = collections.defaultdict(list)
    for ln, o in items:
        groups[(o["label"], o["kind"], o["lang"])].append((ln, o["split"]))
    for g, members in sorted(groups.items()):
        if len(members) < 2:
            err(f"group {g}: only {len(members)} item(s); every group needs a dev and a test item")
        if len(members) % 2:
            err(f"group {g}: odd size {len(members)}; dev/test cannot be balanced")
        for i, (ln, sp) in enumerate(members):
            want = "dev" if i % 2 == 0 else "test"
            if sp != want:
                err(f"line {ln}: group {g} position {i} should be {want}, is {sp}")

    objs = [o for _, o in items]
    by_label = collections.Counter(o["label"] for o in objs)
    # minimum counts
    for lab in ("attack", "benign"):
        if by_label[lab] < MIN_PER_LABEL:
            err(f"only {by_label[lab]} {lab} items (need ≥ {MIN_PER_LABEL})")
        non_en = sum(1 for o in objs if o["label"] == lab and o["lang"] != "en")
        if non_en < MIN_NON_EN_PER_LABEL:
            err(f"only {non_en} non-English {lab} items (need ≥ {MIN_NON_EN_PER_LABEL})")
    kind_counts = collections.Counter((o["label"], o["kind"]) for o in objs)
    for k, m in MIN_PER_ATTACK_KIND.items():
        if kind_counts[("attack", k)] < m:
            err(f"attack kind {k}: {kind_counts[('attack', k)]} items (need ≥ {m})")
    langs = {o["lang"] for o in objs}
    if len(langs) < MIN_LANGS:
        err(f"only {len(langs)} languages (need ≥ {MIN_LANGS})")
    benign = [o for o in objs if o["label"] == "benign"]
    hn = sum(o["hard_negative"] for o in benign)
    if benign and hn / len(benign) < MIN_HARD_NEG_SHARE:
        err(f"hard negatives {hn}/{len(benign)} = {hn/len(benign):.1%} (need ≥ {MIN_HARD_NEG_SHARE:.0%})")

    # ---- tables ----
    print(f"file: {PATH}")
    print(f"items: {len(objs)}  attack: {by_label['attack']}  benign: {by_label['benign']}  "
          f"languages: {len(langs)} ({', '.join(sorted(langs))})")
    rows = []
    for lab, kinds in (("attack", ATTACK_KINDS), ("benign", BENIGN_KINDS)):
        for k in kinds:
            sel = [o for o in objs if o["label"] == lab and o["kind"] == k]
            rows.append([lab, k, len(sel), sum(o["split"] == "dev" for o in sel),
                         sum(o["split"] == "test" for o in sel),
                         sum(o["lang"] != "en" for o in sel),
                         sum(o["hard_negative"] for o in sel),
                         *[sum(length_bucket(o["text"]) == b for o in sel) for b in ("short", "medium", "long")]])
    for lab in ("attack", "benign"):
        sel = [o for o in objs if o["label"] == lab]
        rows.append([lab, "TOTAL", len(sel), sum(o["split"] == "dev" for o in sel),
                     sum(o["split"] == "test" for o in sel), sum(o["lang"] != "en" for o in sel),
                     sum(o["hard_negative"] for o in sel),
                     *[sum(length_bucket(o["text"]) == b for o in sel) for b in ("short", "medium", "long")]])
    table("By label and kind (short ≤2 lines, medium 3–7, long ≥8)", rows,
          ["label", "kind", "n", "dev", "test", "non-en", "hard_neg", "short", "medium", "long"])
    lrows = []
    for lang in sorted(langs, key=lambda l: (l != "en", l)):
        lrows.append([lang, sum(1 for o in objs if o["lang"] == lang and o["label"] == "attack"),
                      sum(1 for o in objs if o["lang"] == lang and o["label"] == "benign")])
    table("By language", lrows, ["lang", "attack", "benign"])
    srows = [[sp, sum(1 for o in objs if o["split"] == sp and o["label"] == "attack"),
              sum(1 for o in objs if o["split"] == sp and o["label"] == "benign"),
              sum(1 for o in objs if o["split"] == sp and o["hard_negative"])] for sp in ("dev", "test")]
    table("By split", srows, ["split", "attack", "benign", "hard_neg"])
    print(f"\nbenign hard negatives: {hn}/{len(benign)} = {hn/len(benign):.1%}" if benign else "")

    if warnings:
        print(f"\n{len(warnings)} warning(s):")
        for w in warnings:
            print("  " + w)
    if errors:
        print(f"\n{len(errors)} error(s):")
        for e in errors[:200]:
            print("  " + e)
        return 1
    print("\nOK: no errors")
    return 0


if __name__ == "__main__":
    sys.exit(main())
