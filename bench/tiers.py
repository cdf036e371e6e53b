"""Tiered recall: answer-bearing text inside a 2,000-character recall block, tiered vs today.

    python bench/tiers.py                     # LoCoMo + bench/data/recall (dev, test)
    python bench/tiers.py --sets dev          # one set (locomo, dev, test)
    python bench/tiers.py --budget 2000 --overview 400
    python bench/tiers.py --sets locomo,dev --entity-weight 0   # the entity lift off

Memory entries are made from each conversation by one fixed rule (the data holds
sessions, not memories): every user message with the replies and tool output up to the
next user message becomes one entry, its name the user's words, its description the first
sentence of the exchange, its body the exchange's lines (``role: text``) under the
session's date. All entries of a conversation go into one local scope through the public
API (``store.apply`` with ``AddOp``); each question runs ``md.search(q, limit=k)`` and the
hits are rendered into a ``<memory-context>`` block of ``--budget`` characters twice:

* **today**: the renderer before tiers (commit c59ab53, copied below): the top 3 hits,
  each one line of name, description and body cut at 400 characters;
* **tiered**: ``memdir.core.prompt.render_recall`` (every hook that fits, then the best
  hits raised to their overview or full body), with 3 and with 6 hits.

Scores (answers and evidence are only scored, never read at query time): **ans**, the mean
share of the answer's words (numbers and words, CJK characters one by one, minus a stop
list) found in the block; **all**, the share of questions whose every answer word is in
it; **ev**, the share of evidence turns shown (80 % of the turn's distinct words present);
**chars**, the mean block size. Tune on dev only; the test half is only run.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import re
import sys
import tempfile
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import memdir
from memdir.core import tiers
from memdir.core.changes import AddOp
from memdir.core.errors import MemdirError
from memdir.core.model import BODY_MAX_BYTES, Entry
from memdir.core.prompt import RECALL_NOTE, render_recall
from memdir.sessions import rank

sys.path.insert(0, str(Path(__file__).resolve().parent))
import recall as rc  # the loaders of bench/recall.py

_TOKEN = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]|[^\W_]+", re.UNICODE)
_STOP = rc.BASE_STOP


def words(text: str) -> set[str]:
    """Lower-cased words and numbers, CJK characters one by one, minus the stop list."""
    return {t for t in (m.casefold() for m in _TOKEN.findall(text)) if t not in _STOP}


def today(entries: Sequence[Entry], max_chars: int) -> str | None:
    """The recall renderer before tiers (src/memdir/core/prompt.py at c59ab53), entries only."""
    head = f"<memory-context>\n{RECALL_NOTE}\n"
    tail = "</memory-context>"
    used = len(head) + len(tail)
    title = "## Memories\n"
    fitting: list[str] = []
    for e in entries:
        text = " ".join(f"- [{e.type.value}] {e.name} ({e.id}): {e.description} — {e.body}".split())
        item = (text if len(text) <= 400 else text[:399] + "…") + "\n"
        cost = len(item) + (0 if fitting else len(title))
        if used + cost > max_chars:
            break
        fitting.append(item)
        used += cost
    return head + title + "".join(fitting) + tail if fitting else None


def exchanges(conv: rc.Conv) -> list[tuple[AddOp, list[rc.Msg]]]:
    """One entry per user message and what followed it up to the next user message."""
    out: list[tuple[AddOp, list[rc.Msg]]] = []
    for s in conv.sessions:
        day = datetime.fromtimestamp(s.started, UTC).strftime("%Y-%m-%d")
        group: list[rc.Msg] = []
        for m in [*s.msgs, None]:
            if group and (m is None or m.role == "user"):
                first = " ".join(group[0].content.split())
                name = first[:77] + "…" if len(first) > 80 else first
                lines = [f"Session of {day}."]
                for g in group:
                    who = f"tool {g.tool_name}" if g.role == "tool" else g.role
                    lines.append(f"{who}: {g.content}")
                body = "\n".join(lines)
                while len(body.encode()) > BODY_MAX_BYTES - 64:
                    body = body[: len(body) * 9 // 10]
                hook = tiers.summarize(first, 150) or name
                op = AddOp("project", name or "(empty)", hook, body)
                out.append((op, list(group)))
                group = []
            if m is not None:
                group.append(m)
    return out


def answers(own: Path, locomo: Path | None) -> dict[str, str]:
    """Question key → answer text, as bench/recall.py keys its questions."""
    out: dict[str, str] = {}
    for path in sorted(own.glob("*/*.json")):
        for q in json.loads(path.read_text())["questions"]:
            out[q["id"]] = str(q.get("answer", ""))
    if locomo is not None:
        for ci, sample in enumerate(json.loads(locomo.read_text())):
            for qi, qa in enumerate(sample["qa"]):
                if "answer" in qa:
                    out[f"{ci}-{qi}"] = str(qa["answer"])
    return out


Arm = Callable[[Sequence[Entry]], str | None]
REFUSED: list[str] = []  # exchanges the write path refused (the guard): counted, not hidden


def run(convs: Sequence[rc.Conv], ans: dict[str, str], arms: dict[str, tuple[int, Arm]]) -> dict:
    """set → arm → metric → list of per-question values."""
    out: dict[str, dict[str, dict[str, list[float]]]] = {}
    for conv in convs:
        text_of = {m.key: m.content for s in conv.sessions for m in s.msgs}
        with tempfile.TemporaryDirectory() as tmp:
            home = Path(tmp) / "home"
            home.mkdir()
            (home / "config.toml").write_text("history_scopes = []\n")
            md = memdir.open(home=home, project=tmp)
            store = md.store("local")
            made = exchanges(conv)
            for i in range(0, len(made), 50):
                batch = [op for op, _ in made[i : i + 50]]
                try:
                    store.apply(batch)
                except MemdirError:  # one refused entry: add the others one by one
                    for op in batch:
                        try:
                            store.apply([op])
                        except MemdirError:
                            REFUSED.append(op.name)
            for q in conv.questions:
                answer = ans.get(q.key, "")
                want = words(answer)
                if not want:
                    continue
                hits = [h.entry for h in md.search(q.text, limit=max(k for k, _ in arms.values()))]
                for arm, (k, render) in arms.items():
                    block = render(hits[:k]) or ""
                    got = words(block)
                    shown = [words(text_of[e]) for e in q.evidence if e in text_of]
                    m = out.setdefault(conv.split, {}).setdefault(arm, {})
                    m.setdefault("ans", []).append(len(want & got) / len(want))
                    m.setdefault("all", []).append(float(want <= got))
                    m.setdefault("ev", []).append(
                        sum(len(w & got) >= 0.8 * len(w) for w in shown) / max(1, len(shown))
                    )
                    m.setdefault("chars", []).append(float(len(block)))
            md.close()
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sets", default="locomo,dev,test")
    ap.add_argument("--budget", type=int, default=2000)
    ap.add_argument("--overview", type=int, default=tiers.OVERVIEW_CHARS)
    ap.add_argument("--json", type=Path)
    ap.add_argument(
        "--entity-weight",
        type=float,
        help="the entity lift in memory search (default: the shipped value)",
    )
    a = ap.parse_args(argv)
    if a.entity_weight is not None:  # the ranking's constant, for this run only
        entries = rank.ENTRIES
        params = dataclasses.replace(entries.params, entity_weight=a.entity_weight)
        rank.ENTRIES = rank.Corpus(entries.table, params)
    tiers.OVERVIEW_CHARS = a.overview
    tiers.overview.__defaults__ = (a.overview,)
    sets = a.sets.split(",")
    locomo = next((p for p in rc.LOCOMO if p.exists()), None)
    convs: list[rc.Conv] = []
    if "locomo" in sets and locomo:
        convs += rc.load_locomo(locomo)
    convs += [c for c in rc.load_own(rc.OWN) if c.split in sets]
    budget = a.budget
    arms: dict[str, tuple[int, Arm]] = {
        "today k=3": (3, lambda es: today(es, budget)),
        "tiered k=3": (3, lambda es: render_recall(es, [], max_chars=budget)),
        "tiered k=6": (6, lambda es: render_recall(es, [], max_chars=budget)),
    }
    res = run(convs, answers(rc.OWN, locomo), arms)
    print(
        f"tiered recall — budget {budget:,} chars, overview {a.overview} chars, "
        f"entries: one per exchange; {datetime.now(UTC):%Y-%m-%d %H:%M} UTC"
    )
    head = f"{'set':8}{'arm':12}{'n':>6}{'ans':>8}{'all':>8}{'ev':>8}{'chars':>8}"
    print(head)
    print("-" * len(head))
    summary: dict[str, Any] = {}
    for split in ("locomo", "dev", "test"):
        for arm in arms:
            m = res.get(split, {}).get(arm)
            if not m:
                continue
            n = len(m["ans"])
            row = {k: sum(v) / n for k, v in m.items()}
            summary[f"{split}/{arm}"] = row
            print(
                f"{split:8}{arm:12}{n:>6}{row['ans']:>8.3f}{row['all']:>8.3f}"
                f"{row['ev']:>8.3f}{row['chars']:>8.0f}"
            )
    print(f"{len(REFUSED)} exchanges refused by the write path (guard) and left out")
    if a.json:
        a.json.write_text(json.dumps(summary, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
