"""Check bench/data/guard5/set.jsonl: schema, consistency and quotas. Exits 1 on any violation."""
import collections
import json
import os
import sys
import unicodedata

PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "set.jsonl")
FIELDS = ["id", "label", "kind", "hard", "lang", "format", "split", "text"]
KINDS = ["credentials", "download_run", "egress", "injection", "lookalike", "obfuscation",
         "standing_order", "tool_abuse"]
LANGS = {"en", "zh", "ja", "ko", "de", "fr", "es", "ru", "pt", "it", "ar", "tr", "nl", "vi", "pl"}
FORMATS = {"claude_topic", "claude_md", "agents_md", "hermes_fact", "codex_summary", "runbook",
           "extractor_note", "cursorrules", "plain"}
REQUIRED_LANGS = {"en", "zh", "ja", "de", "fr", "es", "ru"}

errors = []


def err(msg):
    errors.append(msg)


def script(ch):
    try:
        name = unicodedata.name(ch)
    except ValueError:
        return None
    for s in ("LATIN", "CYRILLIC", "GREEK"):
        if name.startswith(s):
            return s
    return None


sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "src"))
from enc import CYR, GRK  # noqa: E402

HOMOGLYPHS = set(CYR.values()) | set(GRK.values())


def mixed_word(text):
    """True if some word mixes Latin with Cyrillic/Greek letters, or is made only of homoglyph letters
    (a fully substituted Latin word such as a Cyrillic 'pip')."""
    for word in text.replace("`", " ").replace("/", " ").split():
        letters = [c for c in word if c.isalpha()]
        scripts = {script(c) for c in letters} - {None}
        if "LATIN" in scripts and (scripts & {"CYRILLIC", "GREEK"}):
            return True
        if letters and all(c in HOMOGLYPHS for c in letters):
            return True
    return False


rows = []
with open(PATH, encoding="utf-8") as f:
    for n, line in enumerate(f, 1):
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as e:
            err("line %d: bad json: %s" % (n, e))
            continue
        rows.append(obj)
        if list(obj.keys()) != FIELDS:
            err("line %d: fields %s" % (n, list(obj.keys())))
            continue
        if obj["id"] != "g5-%04d" % n:
            err("line %d: id %s" % (n, obj["id"]))
        if obj["label"] not in ("attack", "benign"):
            err("%s: label" % obj["id"])
        if obj["label"] == "attack":
            if obj["kind"] not in KINDS:
                err("%s: kind %s" % (obj["id"], obj["kind"]))
            if obj["hard"] is not False:
                err("%s: attack with hard != false" % obj["id"])
        else:
            if obj["kind"] != "benign":
                err("%s: benign kind %s" % (obj["id"], obj["kind"]))
            if not isinstance(obj["hard"], bool):
                err("%s: hard not bool" % obj["id"])
        if obj["lang"] not in LANGS:
            err("%s: lang %s" % (obj["id"], obj["lang"]))
        if obj["format"] not in FORMATS:
            err("%s: format %s" % (obj["id"], obj["format"]))
        if obj["split"] != "test":
            err("%s: split %s" % (obj["id"], obj["split"]))
        t = obj["text"]
        if not isinstance(t, str) or not t.strip():
            err("%s: empty text" % obj["id"])
        elif not 1 <= len(t.splitlines()) <= 14:
            err("%s: %d lines" % (obj["id"], len(t.splitlines())))
        if obj["kind"] == "lookalike" and not mixed_word(t):
            err("%s: lookalike without a mixed-script word" % obj["id"])
        if obj["format"] == "claude_topic" and not t.startswith("---\n"):
            err("%s: claude_topic without front matter" % obj["id"])
        if obj["format"] == "hermes_fact" and "\n" in t:
            err("%s: hermes_fact must be one line" % obj["id"])

texts = [r.get("text") for r in rows]
if len(set(texts)) != len(texts):
    err("duplicate texts")

attacks = [r for r in rows if r.get("label") == "attack"]
benign = [r for r in rows if r.get("label") == "benign"]
hard = [r for r in benign if r.get("hard")]
kc = collections.Counter(r["kind"] for r in attacks)
lc = collections.Counter(r["lang"] for r in rows)
if len(attacks) < 200:
    err("only %d attacks (need >= 200)" % len(attacks))
if len(benign) < 200:
    err("only %d benign (need >= 200)" % len(benign))
if benign and len(hard) / len(benign) < 0.60:
    err("hard share %.3f < 0.60" % (len(hard) / len(benign)))
for k in KINDS:
    if kc[k] < 20:
        err("kind %s has %d (< 20)" % (k, kc[k]))
if len(lc) < 8:
    err("only %d languages" % len(lc))
for lang in REQUIRED_LANGS - set(lc):
    err("missing language %s" % lang)
fc = collections.Counter(r["format"] for r in rows)
if len(fc) < len(FORMATS):
    err("formats used: %d of %d" % (len(fc), len(FORMATS)))

# tables
short = {"credentials": "cred", "download_run": "dl_run", "egress": "egress", "injection": "inject",
         "lookalike": "lookal", "obfuscation": "obfusc", "standing_order": "order", "tool_abuse": "tool"}
cols = KINDS + ["b_hard", "b_plain"]


def col(r):
    if r["label"] == "attack":
        return r["kind"]
    return "b_hard" if r["hard"] else "b_plain"


def table(keyname, keyf, keys):
    cnt = collections.Counter((keyf(r), col(r)) for r in rows)
    print("| %s | %s | total |" % (keyname, " | ".join(short.get(c, c) for c in cols)))
    print("|---" * (len(cols) + 2) + "|")
    for k in keys:
        vals = [cnt[(k, c)] for c in cols]
        print("| %s | %s | %d |" % (k, " | ".join(map(str, vals)), sum(vals)))
    allv = [sum(cnt[(k, c)] for k in keys) for c in cols]
    print("| **all** | %s | %d |" % (" | ".join(map(str, allv)), sum(allv)))
    print()


langs = ["en"] + sorted(k for k in lc if k != "en")
table("lang", lambda r: r["lang"], langs)
table("format", lambda r: r["format"], sorted(fc))
nonen = sum(1 for r in attacks if r["lang"] != "en")
print("attacks %d, benign %d (hard %d = %.1f %%, plain %d), total %d; non-English attacks %d; languages %d; "
      "multi-line (>=4 lines) attacks %d" % (
          len(attacks), len(benign), len(hard), 100 * len(hard) / max(1, len(benign)),
          len(benign) - len(hard), len(rows), nonen, len(lc),
          sum(1 for r in attacks if len(r["text"].splitlines()) >= 4)))

if errors:
    print("\nVALIDATION FAILED (%d):" % len(errors))
    for e in errors:
        print("  " + e)
    sys.exit(1)
print("OK")
