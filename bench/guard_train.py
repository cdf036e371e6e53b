"""Round 9 again (issue 13): a learned threat model beside the guard's rules, trained and
judged on the data the guard rules allow. Pure Python (the bench venv has no numpy).

    PYTHONPATH=src .venv-bench/bin/python bench/guard_train.py            # train, choose, judge
    PYTHONPATH=src .venv-bench/bin/python bench/guard_train.py --write F  # and write the weights

Training data (docs/design/guard.md, "A learned model of the threat, again"): the dev halves
of the own sets that are not sealed, the given set's even ids,
``bench/data/guard_reviews/*``, the probes, and the repositories of
``bench/data/real_memory`` that :func:`real_half` puts in "train". Features are the
character 3- and 5-grams, words and word pairs of the guard's folded text (``_Scan.hay``); a
text's score is a sigmoid of its distinct features' weights summed over the square root of
their number. Thresholds are chosen on out-of-fold dev scores only:

* ADD: refuse what the rules store when the score is at least ``t_add``, the lowest
  threshold that adds at most 0.5 % of the dev benign notes as false positives;
* VETO: store a grey refusal (a standing order or a deceive-the-user order) when the score
  is below ``t_veto``, the highest threshold that stores no dev attack.

The held-out corpora (test halves, the given set's odd ids, the other real repositories,
the fixtures, set 15) are then judged once, by counts only: no text of theirs is printed.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import math
import random
import re
import sys
from collections import Counter, defaultdict
from itertools import pairwise
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from guard import OWN, REAL, SEALED, given_default, harness_corpus, load
from memdir.guard import _Scan, scan

ROOT = Path(__file__).resolve().parents[1]
_WORD = re.compile(r"\w+")
GREY = {"injection.standing-order", "hiding.deceive-user"}
Row = dict[str, Any]


def features(hay: str) -> set[str]:
    """Distinct character 3- and 5-grams ("5" before), words ("w") and word pairs ("p")."""
    s = " ".join(hay.split())
    out = {s[i : i + 3] for i in range(len(s) - 2)}
    out.update("5" + s[i : i + 5] for i in range(len(s) - 4))
    words = _WORD.findall(s)
    out.update("w" + w for w in words)
    out.update(f"p{a} {b}" for a, b in pairwise(words))
    return out


def score(weights: dict[str, float], bias: float, feats: set[str]) -> float:
    """A sigmoid of the weights summed (exactly: in any order) over the square root of the
    number of features."""
    z = bias + math.fsum(weights.get(f, 0.0) for f in feats) / math.sqrt(max(len(feats), 1))
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))


def real_half(repo: str, order: list[str]) -> str:
    """Repositories by entries, most first: even places train, odd places test."""
    return "train" if order.index(repo) % 2 == 0 else "test"


def corpora() -> tuple[list[Row], list[Row]]:
    """(training rows, held-out rows), each with text, label, corpus."""
    train: list[Row] = []
    held: list[Row] = []
    for name, path in OWN.items():
        if name in SEALED or not path.exists():
            continue  # sealed sets are never opened
        for r in load(path):
            row = {"text": r["text"], "label": r["label"], "kind": r.get("kind")}
            if r.get("split") == "dev":
                train.append({**row, "corpus": f"{name} dev", "id": f"{name}:{r['id']}"})
            else:
                held.append({**row, "corpus": f"{name} test"})
    given = given_default()
    for name, label in (("attacks", "attack"), ("benign", "benign")):
        for r in load(given / f"{name}.jsonl"):
            even = int(str(r["id"]).rsplit("-", 1)[1]) % 2 == 0
            row = {"text": r["text"], "label": label, "kind": r.get("category")}
            if even:
                train.append({**row, "corpus": "given even", "id": f"given:{r['id']}"})
            else:
                held.append({**row, "corpus": "given odd"})
    for path in sorted((ROOT / "bench/data/guard_reviews").glob("*.jsonl")):
        for r in load(path):
            train.append(
                {
                    "text": r["text"],
                    "label": r["label"],
                    "kind": r.get("kind"),
                    "corpus": f"review {path.stem}",
                    "id": f"{path.stem}:{r['id']}",
                }
            )
    for path in sorted((ROOT / "bench/data/guard_probes").glob("*.txt")):
        label = "attack" if "attacks" in path.stem else "benign"
        with path.open(encoding="utf-8") as f:
            lines = [x.rstrip("\n").replace("\\n", "\n") for x in f if x.strip()]
        for i, text in enumerate(lines):
            train.append(
                {
                    "text": text,
                    "label": label,
                    "kind": None,
                    "corpus": "probes",
                    "id": f"{path.stem}:{i}",
                }
            )
    real = load(REAL)
    order = [repo for repo, _ in Counter(r["repo"] for r in real).most_common()]
    for r in real:
        row = {"text": r["text"], "label": "benign", "kind": None}
        if real_half(r["repo"], order) == "train":
            train.append({**row, "corpus": "real train", "id": r["id"]})
        else:
            held.append({**row, "corpus": "real test"})
    held += [
        {"text": r["text"], "label": "benign", "kind": None, "corpus": "fixtures real"}
        for r in harness_corpus()
    ]
    for r in load(ROOT / "bench/data/guard15/benign.jsonl"):
        held.append({"text": r["text"], "label": "benign", "kind": None, "corpus": "set 15"})
    return train, held


def prepare(rows: list[Row]) -> None:
    """Each row's rule verdict and features (in place)."""
    for r in rows:
        found = scan(str(r["text"]))
        r["rule"] = None if found is None else found.rule
        r["feats"] = features(_Scan(str(r["text"])).hay.s)


def fit(
    rows: list[Row], epochs: int = 6, lr: float = 0.2, l2: float = 1e-6, min_df: int = 2
) -> tuple[dict[str, float], float]:
    """Logistic regression by Adagrad; each (corpus, label) pair weighs alike."""
    df: Counter[str] = Counter()
    for r in rows:
        df.update(r["feats"])
    keep = {f for f, n in df.items() if n >= min_df}
    groups = Counter((r["corpus"], r["label"]) for r in rows)
    share = len(rows) / len(groups)
    data = [
        (
            sorted(r["feats"] & keep),
            1.0 if r["label"] == "attack" else 0.0,
            share / groups[(r["corpus"], r["label"])],
        )
        for r in rows
    ]
    w: dict[str, float] = defaultdict(float)
    g2: dict[str, float] = defaultdict(lambda: 1e-8)
    bias, gb = 0.0, 1e-8
    rng = random.Random(13)
    for _ in range(epochs):
        rng.shuffle(data)
        for feats, y, weight in data:
            x = 1 / math.sqrt(max(len(feats), 1))
            z = bias + x * sum(w[f] for f in feats)
            p = 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))
            g = weight * (p - y)
            gb += g * g
            bias -= lr * g / math.sqrt(gb)
            for f in feats:
                grad = g * x + l2 * w[f]
                g2[f] += grad * grad
                w[f] -= lr * grad / math.sqrt(g2[f])
    return dict(w), bias


def shipped(
    w: dict[str, float], bias: float, top: int, threshold: float = 1.0
) -> tuple[dict[str, float], bytes]:
    """The ``top`` heaviest weights, rounded, and their deterministic gzip JSON."""
    heavy = sorted(w.items(), key=lambda kv: (-abs(kv[1]), kv[0]))[:top]
    kept = {k: round(v, 4) for k, v in heavy if round(v, 4)}
    up = math.ceil(threshold * 10_000) / 10_000  # rounded up: no dev note crosses it
    raw = {"bias": round(bias, 4), "threshold": up, "w": kept}
    body = json.dumps(raw, sort_keys=True, ensure_ascii=False)
    return kept, gzip.compress(body.encode("utf-8"), 9, mtime=0)


def out_of_fold(rows: list[Row], folds: int, top: int) -> None:
    """Each row's score from a model that did not see it (row["oof"])."""
    fold_of = [int(hashlib.sha256(str(r["id"]).encode()).hexdigest(), 16) % folds for r in rows]
    for k in range(folds):
        w, b = fit([r for r, f in zip(rows, fold_of, strict=True) if f != k])
        kept, _ = shipped(w, b, top)
        for r, f in zip(rows, fold_of, strict=True):
            if f == k:
                r["oof"] = score(kept, b, r["feats"])
        print(f"  fold {k + 1}/{folds} done", file=sys.stderr)


def choose(rows: list[Row], share: float = 0.005) -> tuple[float, float]:
    """(t_add, t_veto) from out-of-fold scores on the training rows."""
    benign = [r for r in rows if r["label"] == "benign"]
    budget = int(share * len(benign))
    stored_benign = sorted((r["oof"] for r in benign if r["rule"] is None), reverse=True)
    # refuse score >= t: the budget-th highest stored benign score must stay below t
    t_add = stored_benign[budget] + 1e-9 if len(stored_benign) > budget else 0.0
    grey_attacks = [r["oof"] for r in rows if r["label"] == "attack" and r["rule"] in GREY]
    t_veto = min(grey_attacks) if grey_attacks else 0.0
    return t_add, t_veto


def judge(rows: list[Row], key: str, t_add: float, t_veto: float) -> list[str]:
    """Per corpus: attacks refused and benign refused by the rules, with ADD, with VETO."""
    by: dict[str, list[Row]] = defaultdict(list)
    for r in rows:
        by[r["corpus"]].append(r)
    head = f"{'corpus':24} {'attacks: rules +add -veto':>30} {'benign: rules +add -veto':>30}"
    out = [head, "-" * len(head)]
    tot: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    for name in sorted(by):
        cells = []
        for label in ("attack", "benign"):
            rs = [r for r in by[name] if r["label"] == label]
            rules = sum(r["rule"] is not None for r in rs)
            add = sum(r["rule"] is None and r[key] >= t_add for r in rs)
            veto = sum(r["rule"] in GREY and r[key] < t_veto for r in rs)
            cells.append(f"{rules:4}/{len(rs):<4} +{add:<3} -{veto:<3}" if rs else "-")
            if not name.startswith("~"):
                for i, v in enumerate((rules, add, veto, len(rs))):
                    tot[label][i] += v
        out.append(f"{name:24} {cells[0]:>30} {cells[1]:>30}")
    cells = [f"{t[0]:4}/{t[3]:<4} +{t[1]:<3} -{t[2]:<3}" for t in (tot["attack"], tot["benign"])]
    out.append(f"{'all':24} {cells[0]:>30} {cells[1]:>30}")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--top", type=int, default=30000, help="weights shipped")
    parser.add_argument("--write", type=Path, help="write the full model's weights here")
    parser.add_argument("--heaviest", type=int, default=25, help="print the heaviest n-grams")
    args = parser.parse_args(argv)
    if hasattr(_Scan, "learned"):  # wired.patch applied: the rules' verdicts, without it
        _Scan.learned = lambda self: None
    train, held = corpora()
    print(f"training rows {len(train)}, held-out rows {len(held)}", file=sys.stderr)
    prepare(train)
    prepare(held)
    out_of_fold(train, args.folds, args.top)
    t_add, t_veto = choose(train, 0.0)  # shipped: no added dev false positive
    t_half, _ = choose(train, 0.005)  # the brief's ceiling, +0.5 % of dev benign
    print(f"thresholds (out-of-fold, dev only): add {t_add:.4f} (+0 dev FP), {t_half:.4f} ")
    print(f"(+0.5 % dev FP); veto {t_veto:.4f} (no dev attack stored)")
    w, b = fit(train)
    kept, blob = shipped(w, b, args.top, t_add)
    print(
        f"full model: {len(w):,} features, {len(kept):,} shipped, "
        f"{len(blob):,} bytes gzip, sha256 {hashlib.sha256(blob).hexdigest()}"
    )
    for r in held:
        r["full"] = score(kept, b, r["feats"])
    held += [
        {**r, "corpus": f"~ {r['kind']} (test halves)"}
        for r in held
        if r["corpus"].endswith(" test") and r["kind"] in ("standing_order", "tool_abuse")
    ]
    for t in (t_add, t_half):
        print(f"\n[training corpora, out-of-fold scores; add at {t:.4f}]")
        print("\n".join(judge(train, "oof", t, t_veto)))
        print(f"\n[held-out corpora, full model; add at {t:.4f}; counts only]")
        print("\n".join(judge(held, "full", t, t_veto)))
    print("\n[dev, out-of-fold: a VETO threshold, grey refusals stored]")
    for t in (0.01, 0.02, 0.05, 0.1, 0.2, 0.3, 0.5):
        lost = sum(r["label"] == "attack" and r["rule"] in GREY and r["oof"] < t for r in train)
        freed = sum(r["label"] == "benign" and r["rule"] in GREY and r["oof"] < t for r in train)
        grey = sum(r["label"] == "benign" and r["rule"] in GREY for r in train)
        print(f"  below {t:.2f}: {freed}/{grey} grey benign refusals stored, {lost} attacks lost")
    heavy = sorted(kept.items(), key=lambda kv: -kv[1])[: args.heaviest]
    print("\nheaviest attack features:", ", ".join(repr(k) for k, _ in heavy))
    light = sorted(kept.items(), key=lambda kv: kv[1])[: args.heaviest]
    print("heaviest benign features:", ", ".join(repr(k) for k, _ in light))
    if args.write:
        args.write.write_bytes(blob)
    return 0


if __name__ == "__main__":
    sys.exit(main())
