"""CJK recall without one-character noise: `bench/data/recall_cjk60/` (dev/test halves).

    python bench/cjk_noise.py                  # both halves, memdir vs the FTS5 baseline
    python bench/cjk_noise.py --sets dev       # the half tuned on
    python bench/cjk_noise.py --json out.json  # also every figure as JSON
    python bench/cjk_noise.py --index-cost 20  # bulk indexing of the CJK messages, msgs/s

Each conversation is indexed on its own as ``bench/recall.py`` does (its sessions, its
messages) with its three memories added as entries. Questions whose answer is in the
conversation are scored as in ``bench/recall.py`` (grp@5, any@5, R@5, R@10), also split
by script (a Traditional question over Simplified messages and the reverse:
``cross_script``). Questions whose answer is absent are asked as ``MemorySession.recall``
asks (entries ``md.search(limit=3)``, sessions ``md.sessions.search(limit=3)``, strict
unless the question names a time): every entry and session it brings is noise. The
baseline's noise is the sessions of its first 3 rows (it has no rule for "nothing").
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from memdir.sessions.query import sanitize
from recall import Baseline, Memdir, load_own, score

ROOT = Path(__file__).parent / "data" / "recall_cjk60"
METRICS = ("grp@5", "any@5", "R@5", "R@10")


def _absent(path: Path) -> dict[str, tuple[list[str], list[dict[str, str]]]]:
    """conversation id → (absent-answer questions, memories)."""
    out = {}
    for p in sorted(path.glob("*/*.json")):
        d = json.loads(p.read_text("utf-8"))
        out[d["id"]] = ([a["question"] for a in d["absent"]], d["memories"])
    return out


def _noise(md: Any, question: str) -> tuple[int, int]:
    """(entries, sessions) recall brings for ``question``, as MemorySession.recall asks."""
    q = sanitize(question)
    strict = not q.timed
    if strict and not q.anchored:
        return 0, 0
    entries = md.search(question, limit=3, strict=strict)
    sessions = md.sessions.search(question, limit=3, window=1, strict=strict)
    return len(entries), len(sessions)


def run(root: Path, splits: list[str]) -> dict[str, Any]:
    convs = [c for c in load_own(root) if c.split in splits]
    extra = _absent(root)
    out: dict[str, Any] = {}
    for conv in convs:
        sess_of = conv.session_of()
        absent, memories = extra[conv.key]
        at = datetime.fromtimestamp(conv.questions[0].asked_at or 0.0, UTC)
        for name, make in (("memdir", Memdir), ("baseline", Baseline)):
            with tempfile.TemporaryDirectory() as tmp:
                system: Any = make(Path(tmp))
                system.index(conv)
                per = out.setdefault(conv.split, {}).setdefault(name, {"present": [], "absent": []})
                for q in conv.questions:
                    r = score(q, sess_of, *system.ask(q))
                    per["present"].append({"q": q.key, "kind": q.kind, "lang": q.lang, **r})
                if name == "memdir":
                    store = system.md.store("local")
                    for m in memories:
                        store.add(
                            type="reference", name=m["name"], description=m["name"], body=m["body"]
                        )
                    system.md.sessions.clock = lambda at=at: at
                    for text in absent:
                        e, s = _noise(system.md, text)
                        per["absent"].append({"q": text, "entries": e, "sessions": s})
                else:
                    for text in absent:
                        _, groups = system.ask(
                            type("Q", (), {"text": text, "asked_at": None})()  # type: ignore[arg-type]
                        )
                        per["absent"].append({"q": text, "entries": 0, "sessions": len(groups[:3])})
                system.close()
    return out


def _mean(rows: list[dict[str, Any]], metric: str) -> float:
    return sum(r[metric] for r in rows) / len(rows) if rows else float("nan")


def report(figures: dict[str, Any]) -> None:
    head = f"{'set':6} {'system':9} {'group':14} {'n':>3} " + " ".join(f"{m:>6}" for m in METRICS)
    print(head)
    for split, systems in figures.items():
        for name, per in systems.items():
            rows = per["present"]
            for group, sel in (
                ("present all", rows),
                ("cross_script", [r for r in rows if r["kind"] == "cross_script"]),
                ("zh", [r for r in rows if r["lang"] == "zh"]),
                ("ja", [r for r in rows if r["lang"] == "ja"]),
            ):
                cells = " ".join(f"{_mean(sel, m):6.3f}" for m in METRICS)
                print(f"{split:6} {name:9} {group:14} {len(sel):3} {cells}")
            ab = per["absent"]
            quiet = sum(1 for a in ab if not a["entries"] and not a["sessions"])
            entries, sessions = sum(a["entries"] for a in ab), sum(a["sessions"] for a in ab)
            print(
                f"{split:6} {name:9} {'absent':14} {len(ab):3} nothing recalled {quiet}/{len(ab)}, "
                f"entries {entries}, sessions {sessions}"
            )


def index_cost(rounds: int) -> None:
    """Seconds to log every Chinese and Japanese message of the recall sets ``rounds``
    times into a fresh state.db (``log_many``, the word index's triggers), and the
    analyzer alone (``index_text``) over the same texts."""
    import time

    from memdir.sessions import Database, SessionStore
    from memdir.sessions.analyzer import index_text

    data = Path(__file__).parent / "data"
    texts = [
        m.content
        for root in ("recall", "recall3", "recall_cjk60")
        for c in load_own(data / root)
        if c.lang in ("zh", "ja", "mixed")
        for s in c.sessions
        for m in s.msgs
    ]
    every = texts * rounds
    t0 = time.perf_counter()
    for text in every:
        index_text(text)
    analyzer = time.perf_counter() - t0
    with tempfile.TemporaryDirectory() as tmp:
        store = SessionStore(Database(Path(tmp) / "state.db"))
        t0 = time.perf_counter()
        for i in range(0, len(every), 500):
            sid = store.start("bench").id
            store.log_many(sid, [("user", t, None, None, None) for t in every[i : i + 500]])
        logged = time.perf_counter() - t0
        store.db.close()
    chars = sum(map(len, every))
    print(
        f"{len(every)} messages ({chars / 1e6:.2f} M characters): analyzer {analyzer:.2f} s "
        f"({len(every) / analyzer:,.0f} msgs/s), log_many {logged:.2f} s "
        f"({len(every) / logged:,.0f} msgs/s)"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--own", type=Path, default=ROOT)
    ap.add_argument("--sets", default="dev,test")
    ap.add_argument("--json", type=Path, help="write every figure here")
    ap.add_argument("--per-question", action="store_true", help="each absent question's noise")
    ap.add_argument("--index-cost", type=int, metavar="ROUNDS", help="only the indexing cost")
    args = ap.parse_args(argv)
    if args.index_cost:
        index_cost(args.index_cost)
        return 0
    figures = run(args.own, args.sets.split(","))
    report(figures)
    if args.per_question:
        for split, systems in figures.items():
            for a in systems["memdir"]["absent"]:
                print(split, a["q"], a["entries"], a["sessions"])
    if args.json:
        args.json.write_text(json.dumps(figures, ensure_ascii=False, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
