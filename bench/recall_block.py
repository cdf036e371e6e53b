"""The recall block as an agent gets it: does bringing the reply after a user hit pay?

    python bench/recall_block.py                   # LoCoMo + every own set with answers
    python bench/recall_block.py --sets locomo,recall/dev
    python bench/recall_block.py --arms before,after --json out.json

Each conversation's sessions are imported into a fresh home through the public API
(``md.sessions.start`` with the session's date, ``md.sessions.log_many`` with role, text,
tool name and time, as bench/recall.py indexes them); then, for every question, a new
session asks ``MemorySession.recall(question)`` — what the Claude Code prompt hook and the
Hermes provider call per prompt — with the store's clock at the question's ``asked_at``.

Arms, in one process on the same store:

* **before**: the session part of recall at ff9d4e68^ (``window=0``, each hit's snippet
  only), rebuilt here from the same library calls the old code made;
* **after**: ``MemorySession.recall`` itself (ff9d4e68: ``window=1``, a user hit brings
  the assistant reply after it as its own passage);
* tuning variants (``--arms``), built here from the same hits: ``last`` (the replies after
  every hit, so they only fill what the hits leave), ``top1`` (the reply of the first
  user hit only), ``cutN`` (each reply cut to N characters); and a control, ``hitsN``
  (before with N hits instead of 3: is the reply a better use of the characters?).

Scores as bench/tiers.py (answers only scored, never read at query time): **ans** mean
share of the answer's words in the block, **all** share of questions with every answer
word in it, **chars** mean block size; **hits** mean number of search hits shown.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import memdir
from memdir.conversation import MemorySession
from memdir.core.errors import MemdirError
from memdir.core.prompt import RECALL_CHARS, RecallPassage, render_recall
from memdir.sessions.query import sanitize

sys.path.insert(0, str(Path(__file__).resolve().parent))
import recall as rc  # the loaders of bench/recall.py
import tiers  # the scoring of bench/tiers.py

DATA = Path(__file__).resolve().parent / "data"
Hits = Sequence[Any]  # SessionHit
Arm = Callable[[Hits], list[RecallPassage]]


def answers(root: Path) -> dict[str, str]:
    """Question id → answer text of an own set."""
    out: dict[str, str] = {}
    for path in sorted(root.glob("*/*.json")):
        for q in json.loads(path.read_text())["questions"]:
            out[q["id"]] = str(q.get("answer", ""))
    return out


def locomo_answers(path: Path) -> dict[str, str]:
    out: dict[str, str] = {}
    for ci, sample in enumerate(json.loads(path.read_text())):
        for qi, qa in enumerate(sample["qa"]):
            if "answer" in qa:
                out[f"{ci}-{qi}"] = str(qa["answer"])
    return out


def _reply(h: Any) -> Any:
    reply = next((m for m in h.context if m.id > h.message_id), None)
    if h.role == "user" and reply and reply.role == "assistant" and reply.content:
        return reply
    return None


def _own(h: Any) -> RecallPassage:
    return RecallPassage(h.timestamp, h.agent, h.role, h.snippet)


def _said(h: Any, m: Any, cut: int | None = None) -> RecallPassage:
    text = m.content if cut is None or len(m.content) <= cut else m.content[: cut - 1] + "…"
    return RecallPassage(m.timestamp, h.agent, m.role, text)


def interleaved(hits: Hits, cut: int | None = None) -> list[RecallPassage]:
    """ff9d4e68's order: each hit, then its reply (``cut``: the reply's length)."""
    out: list[RecallPassage] = []
    for h in hits:
        out.append(_own(h))
        if (m := _reply(h)) is not None:
            out.append(_said(h, m, cut))
    return out


def replies_last(hits: Hits) -> list[RecallPassage]:
    """Every hit first, then the replies: a reply never pushes a hit out."""
    return [_own(h) for h in hits] + [_said(h, m) for h in hits if (m := _reply(h)) is not None]


def top1(hits: Hits) -> list[RecallPassage]:
    """The reply of the first user hit only, right after it."""
    out: list[RecallPassage] = []
    done = False
    for h in hits:
        out.append(_own(h))
        if not done and (m := _reply(h)) is not None:
            out.append(_said(h, m))
            done = True
    return out


def arm_of(name: str) -> Arm | None:
    """The passages of a tuning arm from window=1 hits (None: before/after, run as such)."""
    if name in ("before", "after") or re.fullmatch(r"hits\d+", name):
        return None
    if name == "inter":
        return interleaved
    if name == "last":
        return replies_last
    if name == "top1":
        return top1
    if m := re.fullmatch(r"cut(\d+)", name):
        n = int(m[1])
        return lambda hits: interleaved(hits, n)
    raise SystemExit(f"unknown arm {name!r}: before, after, inter, last, top1, cutN, hitsN")


def _shown(text: str, passages: Sequence[RecallPassage], own: Sequence[bool]) -> int:
    """How many search hits the block shows: the passages that fit are a prefix."""
    part = text.partition("## Past sessions\n")[2]
    fit = sum(1 for line in part.splitlines() if line.startswith("- "))
    return sum(own[: min(fit, len(passages))])


def block(session: MemorySession, query: str, arm: str, hits1: Hits | None) -> tuple[str, int]:
    """The recall block of ``arm`` for ``query`` and how many search hits it shows (-1:
    not known, the ``after`` arm)."""
    md = session.md
    if arm == "after":
        return session.recall(query) or "", -1
    parsed = sanitize(query)  # the rest is recall's own code, entries and sessions
    strict = not parsed.timed
    anchored = parsed.anchored or not strict
    found = [h.entry for h in md.search(query, limit=3, strict=strict)] if anchored else []
    where: dict[str, Any] = {"exclude": sorted(session.lineage()), "memory_modes": ("enabled",)}
    if arm == "before" or arm.startswith("hits"):  # hitsN: before with N hits, a control
        n = int(arm[4:]) if arm.startswith("hits") else 3
        hits = (
            md.sessions.search(query, limit=n, window=0, strict=strict, **where) if anchored else []
        )
        passages = [_own(h) for h in hits]
    else:
        make = arm_of(arm)
        assert make is not None
        passages = make(hits1 or [])
    plain = arm == "before" or arm.startswith("hits")
    snippets = None if plain else {(p.timestamp, p.text) for p in map(_own, hits1 or [])}
    own = [True if snippets is None else (p.timestamp, p.text) in snippets for p in passages]
    text = render_recall(found, passages, max_chars=RECALL_CHARS) or ""
    return text, _shown(text, passages, own)


def hits_window1(session: MemorySession, query: str) -> list[Any]:
    parsed = sanitize(query)
    strict = not parsed.timed
    if not (parsed.anchored or not strict):
        return []
    where: dict[str, Any] = {"exclude": sorted(session.lineage()), "memory_modes": ("enabled",)}
    return list(session.md.sessions.search(query, limit=3, window=1, strict=strict, **where))


REFUSED: list[str] = []  # exchanges the write path refused (--entries): counted


def add_entries(md: Any, conv: rc.Conv) -> None:
    """bench/tiers.py's entries: one per exchange, into the local scope (guard included)."""
    store = md.store("local")
    made = [op for op, _ in tiers.exchanges(conv)]
    for i in range(0, len(made), 50):
        batch = made[i : i + 50]
        try:
            store.apply(batch)
        except MemdirError:  # one refused entry: add the others one by one
            for op in batch:
                try:
                    store.apply([op])
                except MemdirError:
                    REFUSED.append(op.name)


def run_conv(
    conv: rc.Conv, ans: dict[str, str], arms: Sequence[str], out: dict, entries: bool = False
) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp) / "home"
        home.mkdir()
        (home / "config.toml").write_text("history_scopes = []\n")
        md = memdir.open(home=home, project=tmp)
        store = md.sessions
        if entries:
            add_entries(md, conv)
        for s in conv.sessions:
            info = store.start("bench", started_at=s.started)
            store.log_many(info.id, [(m.role, m.content, m.tool_name, None, m.ts) for m in s.msgs])
        while store.link_entities():  # entity mentions, as `memdir maintain` records them
            pass
        real = store.clock
        session = md.session(agent="bench-asker")
        for q in conv.questions:
            want = tiers.words(ans.get(q.key, ""))
            if not want:
                continue
            if q.asked_at is not None:
                at = datetime.fromtimestamp(q.asked_at, UTC)
                store.clock = lambda at=at: at
            try:
                hits1 = hits_window1(session, q.text)
                blocks = {arm: block(session, q.text, arm, hits1) for arm in arms}
            finally:
                store.clock = real
            if "after" in blocks and "inter" in blocks:  # the copy is recall's own code
                assert blocks["after"][0] == blocks["inter"][0], q.key
            for arm, (text, shown) in blocks.items():
                got = tiers.words(text)
                m = out.setdefault(arm, {})
                m.setdefault("ans", []).append(len(want & got) / len(want))
                m.setdefault("all", []).append(float(want <= got))
                m.setdefault("chars", []).append(float(len(text)))
                if shown >= 0:
                    m.setdefault("hits", []).append(float(shown))
        md.close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sets", help="locomo and/or SET/HALF (e.g. recall/dev); default: all")
    ap.add_argument("--arms", default="before,after")
    ap.add_argument("--json", type=Path)
    ap.add_argument(
        "--entries",
        action="store_true",
        help="memories too: bench/tiers.py's entries (one per exchange) share the budget",
    )
    a = ap.parse_args(argv)
    arms = a.arms.split(",")
    for arm in arms:
        arm_of(arm)
    want = set(a.sets.split(",")) if a.sets else None
    plan: list[tuple[str, list[rc.Conv], dict[str, str]]] = []
    locomo = next((p for p in rc.LOCOMO if p.exists()), None)
    if locomo and (want is None or "locomo" in want):
        plan.append(("locomo", rc.load_locomo(locomo), locomo_answers(locomo)))
    skipped: list[str] = []
    for root in sorted(DATA.glob("recall*")):
        convs = rc.load_own(root)
        ans = answers(root) if convs else {}
        if not any(v.strip() for v in ans.values()):
            skipped.append(root.name)
            continue
        for half in ("dev", "test"):
            name = f"{root.name}/{half}"
            part = [c for c in convs if c.split == half]
            if part and (want is None or name in want):
                plan.append((name, part, ans))
    print(
        f"recall block — MemorySession.recall, budget {RECALL_CHARS:,} chars; "
        f"{'entries: one per exchange' if a.entries else 'sessions only, no entries'}; "
        f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC"
    )
    if skipped:
        print(f"no answers to score (left out): {', '.join(skipped)}")
    head = f"{'set':18}{'arm':8}{'n':>6}{'ans':>8}{'all':>8}{'chars':>8}{'hits':>6}"
    print(head)
    print("-" * len(head))
    summary: dict[str, Any] = {}
    for name, convs, ans in plan:
        res: dict[str, dict[str, list[float]]] = {}
        for conv in convs:
            run_conv(conv, ans, arms, res, a.entries)
        for arm in arms:
            m = res.get(arm)
            if not m:
                continue
            n = len(m["ans"])
            row = {k: sum(v) / max(1, len(v)) for k, v in m.items()}
            row["n"] = n
            summary[f"{name}/{arm}"] = row
            hits = f"{row['hits']:>6.2f}" if "hits" in row else f"{'':>6}"
            print(
                f"{name:18}{arm:8}{n:>6}{row['ans']:>8.3f}{row['all']:>8.3f}"
                f"{row['chars']:>8.0f}{hits}",
                flush=True,
            )
    if a.entries:
        print(f"{len(REFUSED)} exchanges refused by the write path (guard) and left out")
    if a.json:
        a.json.write_text(json.dumps(summary, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
