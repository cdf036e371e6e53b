"""LoCoMo retrieval: memdir's session search vs a plain FTS5 baseline, in one run.

    python3 bench/locomo.py                   # all 1,982 scorable questions, one table
    python3 bench/locomo.py --convs 0-4       # a subset of the 10 conversations
    python3 bench/locomo.py --set expand_neighbours=true   # other RankParams constants

Each conversation is indexed on its own, through memdir's public API: every LoCoMo session
becomes a chat session (``md.session(agent=..., started_at=the session's date)``), every
turn a message ``"Speaker: text"`` (plus ``[image: caption]`` where the turn shared one),
logged with ``s.log()``. Each question is searched with
``md.sessions.search_messages(q, limit=50)``. Metrics (see
/work/shared/bench/locomo/README.md): turn recall@5/10/50, session recall_any@5/10,
recall_all@5, for all scorable questions and for categories 1–4. Nothing reads evidence or
answers at query time; they are only scored. The baseline (same run, same turns): FTS5
``porter unicode61``, an OR of the same non-stop-word terms, ``ORDER BY bm25``.
"""
# ruff: noqa: E501  (copied from the research prototype as it ran)

from __future__ import annotations

import argparse
import dataclasses
import json
import re
import sqlite3
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any, Protocol

import memdir
from memdir.sessions.bm25 import EXTRA_STOP, RankParams
from memdir.sessions.query import STOP_WORDS
from memdir.sessions.rank import with_params

HERE = Path(__file__).resolve().parent
DATA_CANDIDATES = (
    HERE.parent.parent / "shared/bench/locomo/locomo10.json",
    Path("/work/shared/bench/locomo/locomo10.json"),
)
BASELINE_STOP = STOP_WORDS | EXTRA_STOP

# ------------------------------------------------------------------------------------------
# Systems under test. Each offers: open(home) -> store; store.session(agent=..., started_at=...)
# -> session with .log(role, content, timestamp=...) -> message id; store.search_messages(q,
# limit=50) -> [(message_id, session_id, score)].


class Store(Protocol):
    def session(self, *, agent: str, started_at: float | None = None) -> Any: ...
    def search_messages(self, query: str, *, limit: int = 50) -> list[tuple[int, str, float]]: ...
    def close(self) -> None: ...


class _BaselineSession:
    def __init__(self, conn: sqlite3.Connection, sid: str) -> None:
        self._conn, self.id = conn, sid

    def log(self, role: str, content: str, *, timestamp: float | None = None) -> int:
        cur = self._conn.execute(
            "INSERT INTO messages(session_id, role, content, timestamp) VALUES (?,?,?,?)",
            (self.id, role, content, timestamp or time.time()),
        )
        return int(cur.lastrowid or 0)


class BaselineStore:
    """Plain FTS5: porter unicode61, OR of the non-stop-word terms, ORDER BY bm25."""

    name = "fts5-baseline"

    def __init__(self, home: Path) -> None:
        self.conn = sqlite3.connect(home / "baseline.db", isolation_level=None)
        self.conn.executescript("""
            CREATE TABLE sessions (id TEXT PRIMARY KEY, agent TEXT, started_at REAL);
            CREATE TABLE messages (id INTEGER PRIMARY KEY, session_id TEXT, role TEXT,
                                   content TEXT, timestamp REAL);
            CREATE VIRTUAL TABLE messages_fts USING fts5(content, content='messages',
                content_rowid='id', tokenize='porter unicode61 remove_diacritics 2');
            CREATE TRIGGER messages_ai AFTER INSERT ON messages BEGIN
                INSERT INTO messages_fts(rowid, content) VALUES (new.id, new.content);
            END;""")
        self._n = 0

    def session(self, *, agent: str, started_at: float | None = None) -> _BaselineSession:
        self._n += 1
        sid = f"s{self._n:06d}"
        self.conn.execute(
            "INSERT INTO sessions VALUES (?,?,?)", (sid, agent, started_at or time.time())
        )
        return _BaselineSession(self.conn, sid)

    def search_messages(self, query: str, *, limit: int = 50) -> list[tuple[int, str, float]]:
        words = [w for w in re.findall(r"[^\W_]+", query.lower()) if w not in BASELINE_STOP]
        if not words:
            return []
        match = " OR ".join('"' + w + '"' for w in dict.fromkeys(words))
        rows = self.conn.execute(
            "SELECT m.id, m.session_id, bm25(messages_fts) FROM messages_fts "
            "JOIN messages m ON m.id = messages_fts.rowid WHERE messages_fts MATCH ? "
            "ORDER BY rank LIMIT ?",
            (match, limit),
        ).fetchall()
        return [(i, s, -r) for i, s, r in rows]

    def close(self) -> None:
        self.conn.close()


class MemdirStore:
    """memdir's public API: memdir.open(home=...), md.session(), s.log(),
    md.sessions.search_messages()."""

    name = "memdir"

    def __init__(self, home: Path, params: RankParams | None = None) -> None:
        self.md = memdir.open(home=home / "home", project=home)
        if params is not None:
            self.md.sessions.ranker = with_params(params)

    def session(self, *, agent: str, started_at: float | None = None) -> Any:
        return self.md.session(agent=agent, started_at=started_at)

    def search_messages(self, query: str, *, limit: int = 50) -> list[tuple[int, str, float]]:
        return [
            (h.message_id, h.session_id, h.score)
            for h in self.md.sessions.search_messages(query, limit=limit)
        ]

    def close(self) -> None:
        self.md.close()


# ------------------------------------------------------------------------------------------
# Data


_EVID = re.compile(r"D:?(\d+):0*(\d+)")


def normalise_evidence(raw: Iterable[Any], valid: set[str]) -> list[str]:
    """Split on ; , and whitespace, read D:?(\\d+):0*(\\d+) as D<s>:<t>, keep existing ids."""
    out: list[str] = []
    for item in raw:
        for part in re.split(r"[;,\s]+", str(item)):
            m = _EVID.fullmatch(part.strip())
            if m:
                did = f"D{int(m.group(1))}:{int(m.group(2))}"
                if did in valid and did not in out:
                    out.append(did)
    return out


def parse_date(s: str) -> float:
    try:
        return datetime.strptime(s.strip(), "%I:%M %p on %d %B, %Y").timestamp()
    except ValueError:
        return 0.0


@dataclasses.dataclass
class Question:
    conv: int
    text: str
    category: int
    turns: list[str]
    sessions: set[str]


def load(path: Path) -> list[dict[str, Any]]:
    return json.loads(path.read_text())


def turns_of(sample: dict[str, Any]) -> list[tuple[int, float, list[dict[str, Any]]]]:
    conv = sample["conversation"]
    out = []
    for key in conv:
        m = re.fullmatch(r"session_(\d+)", key)
        if m and isinstance(conv[key], list):
            n = int(m.group(1))
            out.append((n, parse_date(conv.get(f"session_{n}_date_time", "")), conv[key]))
    return sorted(out)


SPEAKER_ROLES = (
    False  # log the speaker's name as the role (multi-party style) instead of user/assistant
)


def index_conversation(store: Store, sample: dict[str, Any]) -> dict[int, str]:
    """Log every turn; return message id -> dia_id."""
    ids: dict[int, str] = {}
    speakers = (sample["conversation"].get("speaker_a"), sample["conversation"].get("speaker_b"))
    for _n, ts, turns in turns_of(sample):
        s = store.session(agent="locomo", started_at=ts)
        for i, t in enumerate(turns):
            text = f"{t['speaker']}: {t['text']}"
            if t.get("blip_caption"):
                text += f" [image: {t['blip_caption']}]"
            role = (
                t["speaker"]
                if SPEAKER_ROLES
                else ("user" if t["speaker"] == speakers[0] else "assistant")
            )
            mid = s.log(role, text, timestamp=ts + i)
            ids[mid] = t["dia_id"]
    return ids


# ------------------------------------------------------------------------------------------
# Metrics

METRICS = ("turn@5", "turn@10", "turn@50", "sess_any@5", "sess_any@10", "sess_all@5")


def score(ranked_dia: list[str], q: Question) -> dict[str, float]:
    sess_order: list[str] = []
    for d in ranked_dia:
        s = d.split(":")[0]
        if s not in sess_order:
            sess_order.append(s)
    e = set(q.turns)
    r = {f"turn@{k}": len(e & set(ranked_dia[:k])) / len(e) for k in (5, 10, 50)}
    for k in (5, 10):
        r[f"sess_any@{k}"] = float(bool(q.sessions & set(sess_order[:k])))
    r["sess_all@5"] = float(q.sessions <= set(sess_order[:5]))
    return r


def evaluate(
    make: Callable[[Path], Store], data: list[dict[str, Any]], convs: Sequence[int]
) -> tuple[dict[str, dict[str, float]], dict[str, int], float]:
    """Returns ({group: {metric: mean}}, {group: n}, seconds spent searching)."""
    groups: dict[str, list[dict[str, float]]] = {}
    search_s = 0.0
    for ci in convs:
        sample = data[ci]
        valid = {t["dia_id"] for _, _, turns in turns_of(sample) for t in turns}
        valid = {
            f"D{int(m.group(1))}:{int(m.group(2))}" for v in valid if (m := _EVID.fullmatch(v))
        }
        with tempfile.TemporaryDirectory() as tmp:
            store = make(Path(tmp))
            mid2dia = index_conversation(store, sample)
            mid2dia = {
                k: f"D{int(m.group(1))}:{int(m.group(2))}"
                for k, v in mid2dia.items()
                if (m := _EVID.fullmatch(v))
            }
            for qa in sample["qa"]:
                ev = normalise_evidence(qa.get("evidence") or [], valid)
                if not ev:
                    continue
                q = Question(
                    ci, str(qa["question"]), int(qa["category"]), ev, {e.split(":")[0] for e in ev}
                )
                t0 = time.perf_counter()
                hits = store.search_messages(q.text, limit=50)
                search_s += time.perf_counter() - t0
                ranked = [mid2dia[h[0]] for h in hits if h[0] in mid2dia]
                r = score(ranked, q)
                groups.setdefault("all", []).append(r)
                if q.category in (1, 2, 3, 4):
                    groups.setdefault("cat1-4", []).append(r)
                groups.setdefault(f"cat{q.category}", []).append(r)
            store.close()
    means = {g: {m: sum(x[m] for x in rs) / len(rs) for m in METRICS} for g, rs in groups.items()}
    return means, {g: len(rs) for g, rs in groups.items()}, search_s


TARGETS = {"sess_any@5": 0.95, "turn@10": 0.75, "sess_all@5": 0.88}
GROUPS = ("all", "cat1-4", "cat1", "cat2", "cat3", "cat4", "cat5")
NAMES = {
    "cat1": "1 multi-hop",
    "cat2": "2 temporal",
    "cat3": "3 open-domain",
    "cat4": "4 single-hop",
    "cat5": "5 adversarial",
    "all": "all",
    "cat1-4": "cat 1-4",
}


def parse_convs(s: str) -> list[int]:
    out: list[int] = []
    for part in s.split(","):
        if "-" in part:
            a, b = part.split("-")
            out += range(int(a), int(b) + 1)
        elif part:
            out.append(int(part))
    return out


def parse_sets(sets: list[str]) -> RankParams | None:
    if not sets:
        return None
    kw: dict[str, Any] = {}
    fields = {f.name: f for f in dataclasses.fields(RankParams)}
    for s in sets:
        k, v = s.split("=", 1)
        cur = getattr(RankParams(), k)
        if isinstance(cur, bool):
            kw[k] = v.lower() in ("1", "true", "yes")
        elif isinstance(cur, tuple):
            kw[k] = tuple(float(x) for x in v.split(","))
        else:
            kw[k] = type(cur)(v)
        assert k in fields
    return RankParams(**kw)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", type=Path, default=None)
    ap.add_argument("--convs", default="0-9", help="conversation indexes, e.g. 0-4 or 5-9")
    ap.add_argument("--set", action="append", default=[], help="RankParams override k=v")
    ap.add_argument("--no-baseline", action="store_true")
    ap.add_argument("--brief", action="store_true", help="one line: all + cat1-4 key metrics")
    a = ap.parse_args(argv)
    path = a.data or next((p for p in DATA_CANDIDATES if p.exists()), DATA_CANDIDATES[0])
    data = load(path)
    convs = parse_convs(a.convs)
    params = parse_sets(a.set)
    sut: Callable[[Path], Store] = lambda h: MemdirStore(h, params)  # noqa: E731
    sut_name = MemdirStore.name + ("*" if params else "")
    res, n, secs = evaluate(sut, data, convs)
    if a.brief:
        base_b = None if a.no_baseline else evaluate(BaselineStore, data, convs)[0]
        for name, rr in ((sut_name, res), (BaselineStore.name, base_b)):
            if rr is None:
                continue
            r, c = rr["all"], rr["cat1-4"]
            print(
                f"{name:<14} convs {a.convs:<5} all: any@5 {r['sess_any@5']:.3f} R@10 {r['turn@10']:.3f} "
                f"all@5 {r['sess_all@5']:.3f} R@5 {r['turn@5']:.3f} R@50 {r['turn@50']:.3f} "
                f"any@10 {r['sess_any@10']:.3f} | cat1-4: any@5 {c['sess_any@5']:.3f} "
                f"R@10 {c['turn@10']:.3f} all@5 {c['sess_all@5']:.3f}"
            )
        return 0
    base, _, bsecs = (None, None, 0.0) if a.no_baseline else evaluate(BaselineStore, data, convs)
    print(
        f"LoCoMo retrieval — {path.name}, conversations {a.convs}, "
        f"{n['all']} scorable questions ({n.get('cat1-4', 0)} in categories 1-4); top 50 per question"
    )
    print(
        f"system under test: {sut_name}; baseline: {BaselineStore.name}; "
        f"search time {secs * 1000 / n['all']:.2f} ms/question (baseline {bsecs * 1000 / max(1, n['all']):.2f})"
    )
    head = f"{'group':<15}{'n':>5}  {'metric':<12}{sut_name:>13}{'baseline':>10}{'ratio':>7}{'target':>8}"
    print(head)
    print("-" * len(head))
    for g in GROUPS:
        if g not in res:
            continue
        for m in METRICS:
            v = res[g][m]
            b = base[g][m] if base else float("nan")
            tgt = TARGETS.get(m) if g == "all" else None
            tg = f"{tgt:.2f}" + ("✓" if v >= tgt else "✗") if tgt else ""
            print(
                f"{NAMES[g] if m == METRICS[0] else '':<15}{n[g] if m == METRICS[0] else '':>5}  "
                f"{m:<12}{v:>13.3f}{b:>10.3f}{(v / b if b else float('nan')):>7.2f}{tg:>8}"
            )
    ok = all(res["all"][m] >= t for m, t in TARGETS.items())
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
