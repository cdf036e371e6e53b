"""Session-search recall with every conversation in one store, as a user's home holds them.

    python bench/recall_pooled.py bench/data/recall_hi bench/data/recall3 [--lang hi,bn]

``bench/recall.py`` indexes each conversation on its own (30–40 messages), where a query
that matches almost every message still finds its evidence. Here all the given sets'
conversations share one store, and only the questions of ``--lang`` are asked: R@5/10/50
over the pooled ranking, scored by ``bench/recall.py``'s own :func:`score`.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from recall import Memdir, load_own, score


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sets", nargs="+", type=Path)
    ap.add_argument("--lang", default="hi,bn", help="ask the questions of these languages")
    args = ap.parse_args()
    langs = set(args.lang.split(","))
    convs = [c for root in args.sets for c in load_own(root)]
    with tempfile.TemporaryDirectory() as tmp:
        system = Memdir(Path(tmp))
        for conv in convs:
            system.index(conv)
        rows: dict[str, list[dict[str, float]]] = {}
        for conv in convs:
            lang = conv.lang
            if lang not in langs:
                continue
            for q in conv.questions:
                ranked, groups = system.ask(q)
                rows.setdefault(lang, []).append(score(q, conv.session_of(), ranked, groups))
        system.close()
    messages = sum(len(s.msgs) for c in convs for s in c.sessions)
    print(f"{len(convs)} conversations, {messages} messages in one store")
    print("| lang | n | R@5 | R@10 | R@50 |\n|---|---|---|---|---|")
    for lang, rs in sorted(rows.items()):
        cells = [sum(r[k] for r in rs) / len(rs) for k in ("R@5", "R@10", "R@50")]
        print(f"| {lang} | {len(rs)} | " + " | ".join(f"{c:.3f}" for c in cells) + " |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
