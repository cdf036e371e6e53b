"""Session-search recall: LoCoMo, our own dev and test halves, memdir vs a plain baseline.

    python bench/recall.py                       # LoCoMo, bench/data/recall and recall2
    python bench/recall.py --sets dev            # one set (locomo, dev, test, dev2, test2)
    python bench/recall.py --ablate              # memdir with each ranking feature off
    python bench/recall.py --json out.json       # also write every figure as JSON
    python bench/recall.py --database URL        # memdir on PostgreSQL beside SQLite

Each conversation is indexed on its own through memdir's public API (``md.sessions.start``
with the session's date, ``md.sessions.log_many`` with each message's role, text, tool
name and time) and every question is asked twice: ``md.sessions.search_messages(q,
limit=50)`` (turn recall@5/10/50, and session any@5 over the distinct sessions of that
ranking) and ``md.sessions.search(q, limit=5)`` (``grp@5``: an evidence session among the
5 groups). While a question of our own set is searched, the store's clock reads the
question's ``asked_at`` ("last week" is relative to it). Evidence and answers are only
scored, never read at query time.

The baseline runs in the same process on the same messages: FTS5 ``unicode61`` over the
text with every CJK run split into overlapping bigrams (as Lucene's CJKAnalyzer does), an
OR of the query's tokens minus a short stop list, ``ORDER BY bm25``, top 50.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import itertools
import json
import os
import re
import sqlite3
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol
from unittest import mock

import memdir
from memdir.sessions import inflect
from memdir.sessions.query import sanitize

HERE = Path(__file__).resolve().parent
LOCOMO = (
    HERE.parent.parent / "shared/bench/locomo/locomo10.json",
    Path("/work/shared/bench/locomo/locomo10.json"),
)
OWN = HERE / "data" / "recall"
OWN2 = HERE / "data" / "recall2"  # languages never tuned on: dev2 and test2
SPLITS = ("locomo", "dev", "test", "dev2", "test2")
LOCOMO_KINDS = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop", 5: "adversarial"}


@dataclasses.dataclass
class Msg:
    key: str
    role: str
    content: str
    tool_name: str | None
    ts: float


@dataclasses.dataclass
class Sess:
    key: str
    started: float
    msgs: list[Msg]


@dataclasses.dataclass
class Question:
    key: str
    text: str
    kind: str
    lang: str
    evidence: list[str]  # message keys
    asked_at: float | None
    other: list[str] = dataclasses.field(default_factory=list)  # the other version's evidence


@dataclasses.dataclass
class Conv:
    key: str
    split: str  # locomo | dev | test | dev2 | test2
    sessions: list[Sess]
    questions: list[Question]
    lang: str = "en"

    def session_of(self) -> dict[str, str]:
        return {m.key: s.key for s in self.sessions for m in s.msgs}


# -- data ------------------------------------------------------------------------------------


def _epoch(text: str) -> float:
    return datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


def load_locomo(path: Path) -> list[Conv]:
    """LoCoMo's conversations: every turn ``"Speaker: text"`` (+ image caption), speaker A
    as the user; questions with evidence that names existing turns."""
    out = []
    for ci, sample in enumerate(json.loads(path.read_text())):
        conv = sample["conversation"]
        a = conv.get("speaker_a")
        sessions = []
        for key in sorted(
            (k for k in conv if re.fullmatch(r"session_\d+", k)), key=lambda k: int(k[8:])
        ):
            n = int(key[8:])
            try:
                ts = datetime.strptime(
                    conv.get(f"{key}_date_time", "").strip(), "%I:%M %p on %d %B, %Y"
                ).replace(tzinfo=UTC)
                start = ts.timestamp()
            except ValueError:
                start = 0.0
            msgs = []
            for i, t in enumerate(conv[key]):
                m = re.fullmatch(r"D:?(\d+):0*(\d+)", t["dia_id"])
                if not m:
                    continue
                text = f"{t['speaker']}: {t['text']}"
                if t.get("blip_caption"):
                    text += f" [image: {t['blip_caption']}]"
                role = "user" if t["speaker"] == a else "assistant"
                msgs.append(Msg(f"D{int(m[1])}:{int(m[2])}", role, text, None, start + i))
            sessions.append(Sess(f"D{n}", start, msgs))
        valid = {m.key for s in sessions for m in s.msgs}
        questions = []
        for qi, qa in enumerate(sample["qa"]):
            ev: list[str] = []
            for item in qa.get("evidence") or []:
                for part in re.split(r"[;,\s]+", str(item)):
                    m = re.fullmatch(r"D:?(\d+):0*(\d+)", part.strip())
                    if m and (k := f"D{int(m[1])}:{int(m[2])}") in valid and k not in ev:
                        ev.append(k)
            if ev:
                kind = LOCOMO_KINDS.get(int(qa["category"]), str(qa["category"]))
                questions.append(Question(f"{ci}-{qi}", str(qa["question"]), kind, "en", ev, None))
        out.append(Conv(f"locomo-{ci}", "locomo", sessions, questions))
    return out


def load_own(root: Path) -> list[Conv]:
    """Our own set (schema: ``bench/data/recall/README.md``)."""
    out = []
    for path in sorted(root.glob("*/*.json")):
        d = json.loads(path.read_text())
        sessions = [
            Sess(
                s["id"],
                _epoch(s["started_at"]),
                [
                    Msg(
                        m["id"], m["role"], m["content"], m.get("tool_name"), _epoch(m["timestamp"])
                    )
                    for m in s["messages"]
                ],
            )
            for s in d["sessions"]
        ]
        questions = [
            Question(
                q["id"],
                q["question"],
                q["kind"],
                q.get("lang") or d.get("lang", "?"),
                list(q["evidence"]),
                _epoch(q["asked_at"]) if q.get("asked_at") else None,
            )
            for q in d["questions"]
        ]
        by_group: dict[str, list[Question]] = {}
        for raw, q in zip(d["questions"], questions, strict=True):
            if raw.get("update_group"):
                by_group.setdefault(raw["update_group"], []).append(q)
        for pair in by_group.values():
            for q in pair:
                q.other = [e for p in pair if p is not q for e in p.evidence]
        out.append(Conv(d["id"], d["split"], sessions, questions, d.get("lang", "?")))
    return out


# -- systems ---------------------------------------------------------------------------------


class System(Protocol):
    name: str

    def index(self, conv: Conv) -> None: ...
    def ask(self, q: Question) -> tuple[list[str], list[str]]:
        """(message keys of search_messages(limit=50), session keys of search(limit=5))"""
        ...

    def close(self) -> None: ...


class Memdir:
    name = "memdir"
    semantic = False  # True: keep the embedder MEMDIR_EMBED configures, embed after indexing

    database: str | None = None  # PostgreSQL (a fresh schema per conversation)
    strict = False  # --strict: grp@5 by search(strict=True), as MemorySession.recall asks

    def __init__(self, home: Path, configure: Callable[[Any], None] | None = None) -> None:
        from memdir.sessions import rank

        self.schema = None
        url = None
        if self.database:
            self.schema, url = _fresh_schema(self.database)
        self.md = memdir.open(home=home / "home", project=home, database_url=url)
        if not self.semantic:
            self.md.sessions.ranker = rank.rank  # keyword-only, whatever MEMDIR_EMBED says
        if configure:
            configure(self.md)
        self.key: dict[int, str] = {}
        self.sess: dict[str, str] = {}
        self.real_clock = self.md.sessions.clock

    def index(self, conv: Conv) -> None:
        store = self.md.sessions
        for s in conv.sessions:
            info = store.start("bench", started_at=s.started)
            self.sess[info.id] = s.key
            ids = store.log_many(
                info.id, [(m.role, m.content, m.tool_name, None, m.ts) for m in s.msgs]
            )
            self.key.update(zip(ids, (m.key for m in s.msgs), strict=True))
        while store.link_entities():  # entity mentions, as `memdir maintain` records them
            pass

    def ask(self, q: Question) -> tuple[list[str], list[str]]:
        store = self.md.sessions
        if q.asked_at is not None:
            at = datetime.fromtimestamp(q.asked_at, UTC)
            store.clock = lambda: at
        try:
            msgs = store.search_messages(q.text, limit=50)
            # --strict: as MemorySession.recall asks (a question naming a time is not strict)
            strict = self.strict and not sanitize(q.text).timed
            groups = store.search(q.text, limit=5, **({"strict": True} if strict else {}))
        finally:
            store.clock = self.real_clock
        return (
            [self.key[h.message_id] for h in msgs if h.message_id in self.key],
            [self.sess[g.session_id] for g in groups if g.session_id in self.sess],
        )

    def close(self) -> None:
        self.md.close()
        if self.schema and self.database:
            import psycopg

            with psycopg.connect(self.database, autocommit=True) as conn:
                for (name,) in conn.execute(  # the schema and the user's state beside it
                    "SELECT nspname FROM pg_namespace WHERE starts_with(nspname, %s)",
                    (self.schema,),
                ).fetchall():
                    conn.execute(f'DROP SCHEMA "{name}" CASCADE')


def _fresh_schema(url: str) -> tuple[str, str]:
    """A new schema on ``url`` and a URL whose ``search_path`` is that schema."""
    import secrets

    import psycopg

    schema = f"recall_{secrets.token_hex(5)}"
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    return schema, f"{url}{'&' if '?' in url else '?'}options=-csearch_path%3D{schema}"


EMBED: dict[str, Any] = {"rows": 0, "seconds": 0.0, "bytes": 0, "dim": None, "model": None}


def _db_bytes(c: sqlite3.Connection) -> int:
    """The database's size as this connection sees it (its WAL included)."""
    return int(
        c.execute("PRAGMA page_count").fetchone()[0] * c.execute("PRAGMA page_size").fetchone()[0]
    )


class SemanticMemdir(Memdir):
    """memdir with the semantic layer ``MEMDIR_EMBED`` configures; with ``fusion`` set
    (``--fusion``), its fusion built again with those parameters instead."""

    name = "memdir+semantic"
    semantic = True
    fusion: dict[str, Any] | None = None

    def __init__(self, home: Path, configure: Callable[[Any], None] | None = None) -> None:
        from memdir.sessions import rank, vectors

        super().__init__(home, configure)
        store = self.md.sessions  # opening the sessions sets up the embedder
        assert self.md.embedder is not None, "MEMDIR_EMBED names no embedder"
        self.md.embedder = _Memo(self.md.embedder)  # what md.pipeline.embed calls
        if self.fusion is not None:
            store.ranker = vectors.fused(rank.rank, self.md.embedder, **self.fusion)

    def index(self, conv: Conv) -> None:
        super().index(conv)
        self.embed()

    def embed(self) -> None:
        """The vectors, as ``memdir maintain`` computes them (``md.pipeline.embed``, off
        the write path); timed, with the bytes they add to state.db, for the default
        fusion (the ``--fusion`` variants after it reuse the model's answers)."""
        from memdir.pipeline import RunReport

        db = self.md.sessions.db
        size = db.read(_db_bytes)
        t0 = time.perf_counter()
        rows = 0
        while True:  # a run embeds at most 10,000 rows
            report = RunReport()
            self.md.pipeline.embed(report)
            if report.errors:
                raise SystemExit(f"embedding failed: {report.errors}")
            rows += report.embedded
            if not report.embedded:
                break
        if self.fusion is None:
            EMBED["rows"] += rows
            EMBED["seconds"] += time.perf_counter() - t0
            EMBED["bytes"] += db.read(_db_bytes) - size
            EMBED["dim"] = db.read(
                lambda c: c.execute("SELECT max(dim) FROM message_vectors").fetchone()[0]
            )
            EMBED["model"] = self.md.embedder.name if self.md.embedder else None


_MEMO: dict[str, list[float]] = {}


class _Memo:
    """The configured embedder, its answers kept for this process, so that ``--fusion``
    variants store the same vectors through md.pipeline.embed without computing them
    again."""

    def __init__(self, inner: Any) -> None:
        self.inner, self.name = inner, inner.name

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        missing = [t for t in dict.fromkeys(texts) if t not in _MEMO]
        if missing:
            _MEMO.update(zip(missing, self.inner.embed(missing), strict=True))
        return [_MEMO[t] for t in texts]


def fusion_variant(spec: str) -> tuple[str, Callable[[Path], System]]:
    """``k=60,weight=0.5,depth=20`` → a named SemanticMemdir with that fusion."""
    params: dict[str, Any] = {}
    for part in spec.split(","):
        key, _, value = part.partition("=")
        key = key.strip()
        if key not in ("k", "weight", "depth"):
            raise SystemExit(f"--fusion {spec!r}: use k=…,weight=…,depth=…")
        params[key] = float(value) if key == "weight" else int(value)
    name = "sem " + " ".join(f"{k}={v}" for k, v in params.items())
    return name, type("Fusion", (SemanticMemdir,), {"fusion": params, "name": name})


_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+")
# The English stop-words of NLTK's list (as the baseline the issue measured used), and a
# few Chinese and Japanese function and question words.
BASE_STOP = frozenset(
    """a about above after again against all also am an and any are aren as at be because been
    before being below between both but by can cannot could couldn d did didn do does doesn
    doing don down during each ever few for from further had hadn has hasn have haven having
    he her here hers herself him himself his how i if in into is it its itself just kind ll
    m ma me might mightn more most must mustn my myself needn no nor not now o of off on
    once only or other our ours ourselves out over own re s same shan she should shouldn so
    some such t than that the their theirs them themselves then there these they this those
    through to too type under until up us ve very was wasn we were weren what when where
    which while who whom why will with won would wouldn y you your yours yourself yourselves
    的 了 是 吗 呢 吧 什么 哪个 哪家 哪里 多少 怎么 我们 你们 の は が を に で と も か""".split()  # noqa: SIM905
)


def bigrams(text: str) -> str:
    """Every CJK run as its overlapping bigrams (a one-character run as itself)."""

    def split(m: re.Match[str]) -> str:
        run = m.group(0)
        return " " + (" ".join(a + b for a, b in itertools.pairwise(run)) or run) + " "

    return _CJK.sub(split, text)


class Baseline:
    """FTS5 unicode61 over CJK bigrams, OR of the query's non-stop tokens, bm25."""

    name = "baseline"

    def __init__(self, home: Path) -> None:
        self.db = sqlite3.connect(home / "baseline.db", isolation_level=None)
        self.db.execute("CREATE TABLE m (id INTEGER PRIMARY KEY, key TEXT, sess TEXT)")
        self.db.execute("CREATE VIRTUAL TABLE f USING fts5(t, tokenize='unicode61')")

    def index(self, conv: Conv) -> None:
        self.db.execute("BEGIN")
        for s in conv.sessions:
            for m in s.msgs:
                rid = self.db.execute(
                    "INSERT INTO m (key, sess) VALUES (?, ?)", (m.key, s.key)
                ).lastrowid
                text = m.content + (" " + m.tool_name if m.tool_name else "")
                self.db.execute("INSERT INTO f (rowid, t) VALUES (?, ?)", (rid, bigrams(text)))
        self.db.execute("COMMIT")

    def ask(self, q: Question) -> tuple[list[str], list[str]]:
        toks = re.findall(r"[^\W_]+", bigrams(q.text).lower())
        toks = [t for t in dict.fromkeys(toks) if t not in BASE_STOP]
        if not toks:
            return [], []
        rows = self.db.execute(
            "SELECT m.key, m.sess FROM f JOIN m ON m.id = f.rowid WHERE f MATCH ? "
            "ORDER BY bm25(f) LIMIT 50",
            (" OR ".join('"' + t + '"' for t in toks),),
        ).fetchall()
        return [r[0] for r in rows], list(dict.fromkeys(r[1] for r in rows))[:5]

    def close(self) -> None:
        self.db.close()


# -- scoring ---------------------------------------------------------------------------------

METRICS = ("grp@5", "any@5", "R@5", "R@10", "R@50")


def score(q: Question, sess_of: dict[str, str], ranked: list[str], groups: list[str]) -> dict:
    ev = set(q.evidence)
    ev_sess = {sess_of[e] for e in ev if e in sess_of}
    order = list(dict.fromkeys(sess_of[k] for k in ranked if k in sess_of))
    r = {f"R@{k}": len(ev & set(ranked[:k])) / len(ev) for k in (5, 10, 50)}
    r["any@5"] = float(bool(ev_sess & set(order[:5])))
    r["grp@5"] = float(bool(ev_sess & set(groups[:5])))
    # 1-based rank of each evidence turn in the ranking, 0 when it is not in the top 50
    r["ranks"] = [ranked.index(e) + 1 if e in ranked else 0 for e in q.evidence]
    if q.other:  # a knowledge update: does the version asked for rank above the other?
        rank = {k: i for i, k in reversed(list(enumerate(ranked)))}
        mine = min((rank[e] for e in ev if e in rank), default=len(ranked) + 1)
        theirs = min((rank[e] for e in q.other if e in rank), default=len(ranked) + 2)
        r["upd"] = float(mine < theirs)
    return r


def run(
    make: Callable[[Path], System], convs: Sequence[Conv]
) -> tuple[dict[str, dict[str, dict[str, float]]], float]:
    """{question key: metrics} per set, grouped later; and seconds spent searching."""
    per: dict[str, dict[str, dict[str, float]]] = {}
    spent = 0.0
    for conv in convs:
        sess_of = conv.session_of()
        with tempfile.TemporaryDirectory() as tmp:
            system = make(Path(tmp))
            system.index(conv)
            for q in conv.questions:
                t0 = time.perf_counter()
                ranked, groups = system.ask(q)
                spent += time.perf_counter() - t0
                per.setdefault(conv.split, {})[q.key] = score(q, sess_of, ranked, groups)
            system.close()
    return per, spent


def groups_of(convs: Iterable[Conv]) -> dict[str, dict[str, list[str]]]:
    """set → group name → question keys (all, per kind, per question language, and the
    conversations mixing Chinese and English)."""
    out: dict[str, dict[str, list[str]]] = {}
    for conv in convs:
        g = out.setdefault(conv.split, {})
        for q in conv.questions:
            names = ["all", f"kind {q.kind}"]
            if conv.split != "locomo":
                names += [f"lang {q.lang}"] + (["conv mixed"] if conv.lang == "mixed" else [])
            for name in names:
                g.setdefault(name, []).append(q.key)
    return out


def mean(per: dict[str, dict[str, float]], keys: list[str], metric: str) -> float:
    keys = [k for k in keys if metric in per[k]]
    return sum(per[k][metric] for k in keys) / len(keys) if keys else float("nan")


# -- ablation: each ranking feature off, one at a time ---------------------------------------


def ablations() -> dict[str, Callable[[Any], None]]:
    """name → a function that turns one ranking feature off on an open Memdir: a constant
    of ``RankParams``, or (features without one) a part of the query or one step of the
    ranking switched off while this Memdir ranks."""
    from memdir.sessions import candidates, inflect
    from memdir.sessions.bm25 import RankParams
    from memdir.sessions.rank import rank, with_params

    base = RankParams()
    changes = {
        "b 0.2 (0.75)": {"b": 0.75},
        "neighbour share": {"neighbour_weight": 0.0},
        "session share": {"session_weight": 0.0},
        "time boost": {"time_boost": 0.0},
        "latest/earliest": {"update_weight": 0.0},
        "next turn": {"next_turn": False},
        # a term in more rows than this: its df estimated, AND of such terms (scale only)
        "common-term path": {"common_df": 10**9},
        "entity lift ON (0.1)": {"entity_weight": 0.1},  # off by default: see entities.md
        "entity lift ON (1.0)": {"entity_weight": 1.0},
    }
    out: dict[str, Callable[[Any], None]] = {}
    for name, change in changes.items():
        params = dataclasses.replace(base, **change)

        def configure(md: Any, params: Any = params) -> None:
            md.sessions.ranker = with_params(params)

        out[name] = configure

    def without(
        edit: Callable[[Any], Any] = lambda q: q,
        patch: Callable[[], Any] = contextlib.nullcontext,
    ) -> Callable[[Any], None]:
        def ranker(conn: Any, corpus: Any, query: Any, **kw: Any) -> Any:
            with patch():
                return rank(conn, corpus, edit(query), **kw)

        return lambda md: setattr(md.sessions, "ranker", ranker)

    out["inflected forms"] = without(patch=lambda: mock.patch.object(inflect, "expand", _no))
    out["extra stop words"] = without(
        patch=lambda: mock.patch.object(candidates, "EXTRA_STOP", frozenset())
    )
    out["joined-word phrases"] = without(lambda q: dataclasses.replace(q, phrases=()))
    out["exact spelling"] = without(lambda q: dataclasses.replace(q, substrings=()))
    return out


def _no(*_: Any) -> None:
    """A step that does nothing (an ablation's stand-in)."""


# -- main ------------------------------------------------------------------------------------


def _count_forms() -> dict[str, int]:
    """Query text → the inflected forms ``inflect.expand`` kept for it (key "": the most
    one word kept), filled as memdir searches."""
    kept: dict[str, int] = {}
    expand = inflect.expand

    def counted(conn: Any, text: str, terms: list[Any], table: str) -> None:
        expand(conn, text, terms, table)
        kept[text] = max(kept.get(text, 0), sum(len(t.forms) for t in terms))
        kept[""] = max([kept.get("", 0), *(len(t.forms) for t in terms)])

    inflect.expand = counted  # bm25 calls it through the module
    return kept


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--locomo", type=Path, default=next((p for p in LOCOMO if p.exists()), None))
    ap.add_argument("--own", type=Path, default=OWN)
    ap.add_argument("--own2", type=Path, default=OWN2, help="a second own set (dev2, test2)")
    ap.add_argument("--sets", default=",".join(SPLITS))
    ap.add_argument("--ablate", action="store_true", help="memdir with each feature off")
    ap.add_argument("--json", type=Path, help="write every figure here")
    ap.add_argument("--brief", action="store_true", help="only the 'all' rows")
    ap.add_argument("--database", help="also run memdir with its state on this PostgreSQL URL")
    ap.add_argument(
        "--per-question",
        action="store_true",
        help="also each dev question's evidence ranks (dev halves only: test stays blind)",
    )
    ap.add_argument(
        "--strict",
        action="store_true",
        help="grp@5 with search(strict=True): recall's rule (no match on bare numbers alone)",
    )
    ap.add_argument(
        "--fusion",
        action="append",
        default=[],
        metavar="k=60,weight=1,depth=50",
        help="with MEMDIR_EMBED: also memdir+semantic fused with these parameters (repeatable; "
        "tune on dev only)",
    )
    ap.add_argument(
        "--forms", action="store_true", help="also the most inflected forms a query kept"
    )
    a = ap.parse_args(argv)
    sets = a.sets.split(",")
    kept = _count_forms() if a.forms else {}
    convs: list[Conv] = []
    if "locomo" in sets and a.locomo:
        convs += load_locomo(a.locomo)
    if {"dev", "test"} & set(sets) and a.own.exists():
        convs += [c for c in load_own(a.own) if c.split in sets]
    if {"dev2", "test2"} & set(sets) and a.own2.exists():
        second = [dataclasses.replace(c, split=c.split + "2") for c in load_own(a.own2)]
        convs += [c for c in second if c.split in sets]
    if not convs:
        print("no data: LoCoMo not found and bench/data/recall empty", file=sys.stderr)
        return 2
    systems: dict[str, Callable[[Path], System]] = {"memdir": Memdir, "baseline": Baseline}
    if a.strict:
        systems["memdir"] = type("StrictMemdir", (Memdir,), {"strict": True})
    if os.environ.get("MEMDIR_EMBED"):
        systems["memdir+semantic"] = SemanticMemdir
        systems.update(fusion_variant(spec) for spec in a.fusion)
    elif a.fusion:
        print("--fusion needs MEMDIR_EMBED (the embedder to fuse)", file=sys.stderr)
        return 2
    if a.database:
        systems["memdir@pg"] = type("PgMemdir", (Memdir,), {"database": a.database})
    if a.ablate:
        for name, configure in ablations().items():
            systems[f"-{name}"] = lambda h, c=configure: Memdir(h, c)  # type: ignore[misc]
    results: dict[str, dict[str, dict[str, dict[str, float]]]] = {}
    times: dict[str, float] = {}
    for name, make in systems.items():
        results[name], times[name] = run(make, convs)
    groups = groups_of(convs)
    nq = sum(len(c.questions) for c in convs)
    print(
        f"recall — {len(convs)} conversations, {nq} questions; search ms/question: "
        + ", ".join(f"{n} {t * 1000 / max(1, nq):.1f}" for n, t in times.items())
    )
    if a.forms:
        print(
            f"inflected forms a query kept: at most {max(kept.values(), default=0)}, a word "
            f"{kept.get('', 0)}; queries widened {sum(v > 0 for k, v in kept.items() if k)}"
        )
    if EMBED["rows"]:
        print(
            f"semantic layer: {EMBED['model']} ({EMBED['dim']} dimensions); "
            f"{EMBED['rows']:,} vectors computed by md.pipeline.embed in "
            f"{EMBED['seconds']:.1f} s ({EMBED['rows'] / max(EMBED['seconds'], 1e-9):.1f}/s), "
            f"state.db +{EMBED['bytes'] / 1e6:.1f} MB ({EMBED['bytes'] / EMBED['rows']:,.0f} "
            f"bytes per message)"
        )
    if a.ablate:
        if a.json:
            a.json.write_text(json.dumps(_ablation_json(results, groups, times, nq), indent=1))
        return _print_ablation(results, groups, sets)
    sem = "memdir+semantic" in results
    pg = "memdir@pg" in results
    cols = [f"md {m}" for m in METRICS] + [f"bl {m}" for m in METRICS[1:]]
    cols += [f"sem {m}" for m in METRICS] if sem else []
    cols += [f"pg {m}" for m in METRICS] + ["pg max|Δ|"] if pg else []
    head = f"{'set':<7}{'group':<22}{'n':>5} " + "".join(f"{c:>10}" for c in cols)
    print(head)
    print("-" * len(head))
    out: dict[str, Any] = {}
    worse: list[str] = []
    for split in SPLITS:
        if split not in groups:
            continue
        for g, keys in sorted(groups[split].items(), key=lambda kv: (kv[0] != "all", kv[0])):
            if a.brief and g != "all":
                continue
            md = {m: mean(results["memdir"][split], keys, m) for m in METRICS}
            bl = {m: mean(results["baseline"][split], keys, m) for m in METRICS}
            out[f"{split}/{g}"] = {"n": len(keys), "memdir": md, "baseline": bl}
            flags = ""
            for m in ("any@5", "R@5", "R@10", "R@50"):
                if md[m] + 1e-9 < bl[m]:
                    flags += f" <{m}"
                    worse.append(f"{split}/{g} {m}")
            vals = [md[m] for m in METRICS] + [bl[m] for m in METRICS[1:]]
            if sem:
                fused = {m: mean(results["memdir+semantic"][split], keys, m) for m in METRICS}
                out[f"{split}/{g}"]["memdir+semantic"] = fused
                vals += [fused[m] for m in METRICS]
                flags += "".join(
                    f" s{'<' if fused[m] < md[m] - 1e-9 else '>'}{m}"
                    for m in ("any@5", "R@10")
                    if abs(fused[m] - md[m]) > 1e-9
                )
            if pg:
                on_pg = {m: mean(results["memdir@pg"][split], keys, m) for m in METRICS}
                out[f"{split}/{g}"]["memdir@pg"] = on_pg
                vals += [on_pg[m] for m in METRICS]
                vals.append(max(abs(on_pg[m] - md[m]) for m in METRICS))
            print(
                f"{split:<7}{g[:21]:<22}{len(keys):>5} "
                + "".join(f"{v:>10.3f}" for v in vals)
                + flags
            )
    for split in SPLITS[1:]:
        if split in groups:
            keys = groups[split].get("kind knowledge_update", [])
            upd = {n: mean(results[n][split], keys, "upd") for n in results}
            print(
                f"{split}: knowledge updates, the version asked for ranks above the other "
                f"(now → newer, before → older): "
                + ", ".join(f"{n} {v:.3f}" for n, v in upd.items())
            )
            out[f"{split}/upd"] = upd
    print(
        "md = memdir (grp@5: search(limit=5) groups; any@5 and R@k: search_messages(limit=50)); "
        "bl = baseline; '<' marks memdir below the baseline"
        + (
            "; sem = memdir with the semantic layer of MEMDIR_EMBED ('s<'/'s>' marks it "
            "below/above keyword-only memdir)"
            if sem
            else ""
        )
        + ("; pg = memdir with its state on PostgreSQL (--database)" if pg else "")
    )
    if a.per_question:
        _print_questions(results, convs)
    if a.fusion:
        _print_sweep(results, groups, [n for n in results if n.startswith("sem ")], a.brief)
    if a.json:
        a.json.write_text(json.dumps(out, indent=1))
    return 1 if worse else 0


def _print_questions(
    results: dict[str, dict[str, dict[str, dict[str, float]]]], convs: Sequence[Conv]
) -> None:
    """Each dev question: its evidence turns' ranks per system (0: not in the top 50)."""
    names = list(results)
    print()
    print(f"{'question':<14}{'kind':<18}" + "".join(f"{n[:16]:>18}" for n in names) + "  text")
    for conv in convs:
        if not conv.split.startswith("dev"):
            continue
        for q in conv.questions:
            ranks = [results[n][conv.split][q.key]["ranks"] for n in names]
            cells = "".join(f"{','.join(map(str, r)):>18}" for r in ranks)
            print(f"{q.key[:13]:<14}{q.kind[:17]:<18}{cells}  {q.text}")


def _print_sweep(
    results: dict[str, dict[str, dict[str, dict[str, float]]]],
    groups: dict[str, dict[str, list[str]]],
    variants: list[str],
    brief: bool,
) -> None:
    """any@5 and R@10 of keyword-only memdir, the default fusion and each variant."""
    names = ["memdir", "memdir+semantic", *variants]
    for metric in ("any@5", "R@10"):
        head = f"{metric:<7}{'group':<22}{'n':>5} " + "".join(f"{n[:22]:>23}" for n in names)
        print()
        print(head)
        print("-" * len(head))
        for split in SPLITS:
            for g, keys in sorted(
                groups.get(split, {}).items(), key=lambda kv: (kv[0] != "all", kv[0])
            ):
                if brief and g != "all":
                    continue
                row = [mean(results[n][split], keys, metric) for n in names]
                print(
                    f"{split:<7}{g[:21]:<22}{len(keys):>5} " + "".join(f"{v:>23.3f}" for v in row)
                )


def _ablation_json(
    results: dict[str, dict[str, dict[str, dict[str, float]]]],
    groups: dict[str, dict[str, list[str]]],
    times: dict[str, float],
    nq: int,
) -> dict[str, Any]:
    """system → set → every metric over 'all' (and ``upd`` over the knowledge updates),
    with each system's search ms a question."""
    out: dict[str, Any] = {}
    for name, per in results.items():
        row: dict[str, Any] = {"ms/question": times[name] * 1000 / max(1, nq)}
        for split, g in groups.items():
            row[split] = {m: mean(per[split], g["all"], m) for m in METRICS}
            row[split]["upd"] = mean(per[split], g.get("kind knowledge_update", []), "upd")
        out[name] = row
    return out


def _print_ablation(
    results: dict[str, dict[str, dict[str, dict[str, float]]]],
    groups: dict[str, dict[str, list[str]]],
    sets: list[str],
) -> int:
    names = [n for n in results if n not in ("baseline",)]
    head = f"{'system':<22}" + "".join(
        f"{s + ' ' + m:>16}" for s in sets if s in groups for m in ("grp@5", "any@5", "R@5", "R@10")
    )
    print(head)
    print("-" * len(head))
    for name in [*names, "baseline"]:
        row = f"{name:<22}"
        for s in sets:
            if s not in groups:
                continue
            keys = groups[s]["all"]
            for m in ("grp@5", "any@5", "R@5", "R@10"):
                v = mean(results[name][s], keys, m)
                d = v - mean(results["memdir"][s], keys, m)
                row += f"{v:>9.3f}" + (f"{d:>+7.3f}" if name != "memdir" else " " * 7)
        print(row)
    print("'-feature' = memdir with that feature off; the second number is its change.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
