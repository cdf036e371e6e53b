#!/usr/bin/env python3
"""Validate the session-search recall set (stdlib only).

Loads every */*.json under this directory (en/, zh/, ja/, mixed/, ...), checks
the schema and prints counts per lang / kind / split.

Exit status: 0 if no errors (warnings allowed), 1 otherwise.
Usage: python3 validate.py [root]   (root defaults to the directory of this file)
"""
import glob
import json
import os
import sys
from collections import Counter, defaultdict
from datetime import datetime, timedelta, timezone

KINDS = ["single_fact", "multi_session", "temporal", "knowledge_update",
         "paraphrase", "tool_output", "neighbour"]
ROLES = {"user", "assistant", "tool"}
SPLITS = {"dev", "test"}
# recall2/ (held-out second set) adds ko, de, es, ru, fr, pt
Q_LANGS = {"en", "zh", "ja", "ko", "de", "es", "ru", "fr", "pt", "vi", "ar"}
LANGS = Q_LANGS | {"mixed"}
CONV_KEYS = {"id", "lang", "split", "title", "sessions", "questions"}
SESSION_KEYS = {"id", "started_at", "messages"}
MSG_REQ = {"id", "role", "content"}
MSG_OPT = {"timestamp", "tool_name"}
Q_KEYS = {"id", "question", "kind", "lang", "evidence", "answer", "asked_at", "update_group"}


def parse_ts(s):
    if not isinstance(s, str):
        raise ValueError("not a string")
    d = datetime.fromisoformat(s.replace("Z", "+00:00"))
    if d.tzinfo is None:
        d = d.replace(tzinfo=timezone.utc)
    return d


class Report:
    def __init__(self):
        self.errors, self.warnings = [], []

    def err(self, where, msg):
        self.errors.append(f"ERROR   {where}: {msg}")

    def warn(self, where, msg):
        self.warnings.append(f"WARNING {where}: {msg}")


def check_file(path, rep, seen_ids):
    where = os.path.relpath(path, ROOT)
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
    except Exception as e:  # noqa: BLE001
        rep.err(where, f"cannot parse JSON: {e}")
        return None
    if not isinstance(doc, dict):
        rep.err(where, "top level is not an object")
        return None
    keys = set(doc)
    if keys != CONV_KEYS:
        if CONV_KEYS - keys:
            rep.err(where, f"missing keys {sorted(CONV_KEYS - keys)}")
        if keys - CONV_KEYS:
            rep.err(where, f"unexpected keys {sorted(keys - CONV_KEYS)}")
    cid = doc.get("id")
    stem = os.path.splitext(os.path.basename(path))[0]
    if cid != stem:
        rep.err(where, f"id {cid!r} does not match file name {stem!r}")
    if cid in seen_ids:
        rep.err(where, f"conversation id {cid!r} used more than once")
    seen_ids.add(cid)
    lang = doc.get("lang")
    if lang not in LANGS:
        rep.err(where, f"lang {lang!r} not in {sorted(LANGS)}")
    folder = os.path.basename(os.path.dirname(path))
    if lang in LANGS and folder in LANGS and folder != lang:
        rep.warn(where, f"lang {lang!r} but file is in folder {folder!r}")
    if doc.get("split") not in SPLITS:
        rep.err(where, f"split {doc.get('split')!r} not in {sorted(SPLITS)}")
    if not isinstance(doc.get("title"), str) or not doc.get("title", "").strip():
        rep.err(where, "title missing or empty")

    # ---- sessions / messages
    msgs = {}        # id -> (session_id, role, time)
    last_time = None
    sessions = doc.get("sessions") or []
    if not isinstance(sessions, list) or not sessions:
        rep.err(where, "sessions must be a non-empty list")
        sessions = []
    if not 4 <= len(sessions) <= 8:
        rep.warn(where, f"{len(sessions)} sessions (guideline 4-8)")
    prev_start = None
    for si, s in enumerate(sessions):
        sw = f"{where} session[{si}]"
        if not isinstance(s, dict):
            rep.err(sw, "not an object")
            continue
        if set(s) != SESSION_KEYS:
            rep.err(sw, f"keys {sorted(s)} != {sorted(SESSION_KEYS)}")
        sid = s.get("id")
        sw = f"{where} {sid}"
        if sid in seen_ids:
            rep.err(sw, "duplicate id")
        seen_ids.add(sid)
        if isinstance(sid, str) and isinstance(cid, str) and not sid.startswith(cid + "-"):
            rep.warn(sw, f"session id does not start with {cid}-")
        try:
            start = parse_ts(s.get("started_at"))
        except Exception:  # noqa: BLE001
            rep.err(sw, f"bad started_at {s.get('started_at')!r}")
            start = None
        if start and prev_start and start < prev_start:
            rep.err(sw, "sessions are not in chronological order")
        prev_start = start or prev_start
        mlist = s.get("messages") or []
        if not isinstance(mlist, list) or not mlist:
            rep.err(sw, "messages must be a non-empty list")
            mlist = []
        if not 8 <= len(mlist) <= 30:
            rep.warn(sw, f"{len(mlist)} messages (guideline 8-30)")
        t_prev = None
        for mi, m in enumerate(mlist):
            mw = f"{sw} message[{mi}]"
            if not isinstance(m, dict):
                rep.err(mw, "not an object")
                continue
            mk = set(m)
            if MSG_REQ - mk:
                rep.err(mw, f"missing keys {sorted(MSG_REQ - mk)}")
            if mk - MSG_REQ - MSG_OPT:
                rep.err(mw, f"unexpected keys {sorted(mk - MSG_REQ - MSG_OPT)}")
            mid = m.get("id")
            mw = f"{sw} {mid}"
            if mid in seen_ids:
                rep.err(mw, "duplicate id")
            seen_ids.add(mid)
            role = m.get("role")
            if role not in ROLES:
                rep.err(mw, f"role {role!r} not in {sorted(ROLES)}")
            if role == "tool" and not (isinstance(m.get("tool_name"), str) and m["tool_name"].strip()):
                rep.err(mw, "tool message without tool_name")
            if role != "tool" and "tool_name" in m:
                rep.warn(mw, "tool_name on a non-tool message")
            if not isinstance(m.get("content"), str) or not m["content"].strip():
                rep.err(mw, "content missing or empty")
            if "timestamp" in m:
                try:
                    t = parse_ts(m["timestamp"])
                except Exception:  # noqa: BLE001
                    rep.err(mw, f"bad timestamp {m['timestamp']!r}")
                    t = None
            else:
                t = start + timedelta(minutes=mi) if start else None
            if t and start and t < start:
                rep.err(mw, "timestamp before session started_at")
            if t and t_prev and t < t_prev:
                rep.err(mw, "timestamp goes backwards within the session")
            t_prev = t or t_prev
            if t and (last_time is None or t > last_time):
                last_time = t
            msgs[mid] = (sid, role, t)
    if sessions and not any(r == "tool" for _, r, _ in msgs.values()):
        rep.warn(where, "no tool messages in the conversation")

    # ---- questions
    qs = doc.get("questions") or []
    if not isinstance(qs, list) or not qs:
        rep.err(where, "questions must be a non-empty list")
        qs = []
    groups = defaultdict(list)
    counted = []
    for qi, q in enumerate(qs):
        qw = f"{where} question[{qi}]"
        if not isinstance(q, dict):
            rep.err(qw, "not an object")
            continue
        qk = set(q)
        if qk != Q_KEYS:
            if Q_KEYS - qk:
                rep.err(qw, f"missing keys {sorted(Q_KEYS - qk)}")
            if qk - Q_KEYS:
                rep.err(qw, f"unexpected keys {sorted(qk - Q_KEYS)}")
        qid = q.get("id")
        qw = f"{where} {qid}"
        if qid in seen_ids:
            rep.err(qw, "duplicate id")
        seen_ids.add(qid)
        kind = q.get("kind")
        if kind not in KINDS:
            rep.err(qw, f"kind {kind!r} not in {KINDS}")
        if q.get("lang") not in Q_LANGS:
            rep.err(qw, f"lang {q.get('lang')!r} not in {sorted(Q_LANGS)}")
        for fld in ("question", "answer"):
            if not isinstance(q.get(fld), str) or not q[fld].strip():
                rep.err(qw, f"{fld} missing or empty")
        ev = q.get("evidence")
        if not isinstance(ev, list) or not ev:
            rep.err(qw, "evidence must be a non-empty list")
            ev = []
        if len(set(ev)) != len(ev):
            rep.err(qw, "duplicate evidence ids")
        bad = [e for e in ev if e not in msgs]
        if bad:
            rep.err(qw, f"evidence ids not found in this conversation: {bad}")
        good = [msgs[e] for e in ev if e in msgs]
        try:
            asked = parse_ts(q.get("asked_at"))
        except Exception:  # noqa: BLE001
            rep.err(qw, f"bad or missing asked_at {q.get('asked_at')!r}")
            asked = None
        if asked and last_time and asked <= last_time:
            rep.err(qw, f"asked_at {q.get('asked_at')} is not after the last session ({last_time.isoformat()})")
        ug = q.get("update_group")
        if kind == "knowledge_update":
            if not isinstance(ug, str) or not ug.strip():
                rep.err(qw, "knowledge_update question needs a non-empty update_group")
            else:
                groups[ug].append((qid, good, ev))
        elif ug is not None:
            rep.err(qw, f"update_group must be null for kind {kind!r}")
        if kind == "multi_session" and len({g[0] for g in good}) < 2:
            rep.err(qw, "multi_session evidence must come from at least two sessions")
        if kind == "tool_output" and good and not any(g[1] == "tool" for g in good):
            rep.err(qw, "tool_output evidence contains no tool message")
        if kind == "neighbour" and good and not any(g[1] == "user" for g in good):
            rep.warn(qw, "neighbour evidence contains no user turn")
        if isinstance(qid, str) and isinstance(cid, str) and not qid.startswith(cid + "-"):
            rep.warn(qw, f"question id does not start with {cid}-")
        counted.append((q.get("lang"), kind))
    for ug, members in groups.items():
        if len(members) < 2:
            rep.err(f"{where} update_group {ug!r}", "needs a pair (a now/current and a before/previous question); found 1")
        elif len(members) > 2:
            rep.warn(f"{where} update_group {ug!r}", f"{len(members)} questions (expected a pair)")
        evsets = [frozenset(m[2]) for m in members]
        if len(set(evsets)) < len(evsets):
            rep.err(f"{where} update_group {ug!r}", "two questions of the pair cite identical evidence")
        latest = [max((g[2] for g in m[1] if g[2]), default=None) for m in members]
        if len(members) >= 2 and None not in latest and len(set(latest)) == 1:
            rep.warn(f"{where} update_group {ug!r}", "newest evidence of both questions has the same time; is one really older?")
    return {"lang": lang, "split": doc.get("split"), "sessions": len(sessions),
            "messages": len(msgs), "questions": counted}


def main():
    files = sorted(glob.glob(os.path.join(ROOT, "*", "*.json")))
    rep = Report()
    seen = set()
    stats = []
    for p in files:
        r = check_file(p, rep, seen)
        if r:
            stats.append(r)

    # ---- counts
    per_conv = Counter((s["lang"], s["split"]) for s in stats)
    per_sess = Counter()
    per_msg = Counter()
    kind_counts = Counter()
    cols = sorted({(s["lang"], s["split"]) for s in stats})
    for s in stats:
        per_sess[(s["lang"], s["split"])] += s["sessions"]
        per_msg[(s["lang"], s["split"])] += s["messages"]
        for _qlang, kind in s["questions"]:
            kind_counts[(s["lang"], s["split"], kind)] += 1

    print(f"files: {len(files)} under {ROOT}")
    if cols:
        head = ["kind"] + [f"{l}/{sp}" for l, sp in cols] + ["total"]
        rows = []
        for k in KINDS:
            vals = [kind_counts[(l, sp, k)] for l, sp in cols]
            rows.append([k] + vals + [sum(vals)])
        qt = [sum(kind_counts[(l, sp, k)] for k in KINDS) for l, sp in cols]
        rows.append(["questions"] + qt + [sum(qt)])
        for label, ctr in (("conversations", per_conv), ("sessions", per_sess), ("messages", per_msg)):
            vals = [ctr[c] for c in cols]
            rows.append([label] + vals + [sum(vals)])
        w = [max(len(str(r[i])) for r in rows + [head]) for i in range(len(head))]
        fmt = lambda r: "  ".join(str(x).ljust(w[0]) if i == 0 else str(x).rjust(w[i]) for i, x in enumerate(r))
        print(fmt(head))
        print("  ".join("-" * x for x in w))
        for r in rows[:len(KINDS)]:
            print(fmt(r))
        print("  ".join("-" * x for x in w))
        for r in rows[len(KINDS):]:
            print(fmt(r))
        # totals per lang and per split
        by_lang, by_split = Counter(), Counter()
        for (l, sp, k), n in kind_counts.items():
            by_lang[l] += n
            by_split[sp] += n
        print("questions per lang:  " + ", ".join(f"{k}={v}" for k, v in sorted(by_lang.items())))
        print("questions per split: " + ", ".join(f"{k}={v}" for k, v in sorted(by_split.items())))
    for w_ in rep.warnings:
        print(w_)
    for e in rep.errors:
        print(e)
    print(f"{len(rep.errors)} error(s), {len(rep.warnings)} warning(s)")
    return 1 if rep.errors else 0


ROOT = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))

if __name__ == "__main__":
    sys.exit(main())
