"""Session search at scale: memdir's ranking vs Hermes's SessionDB on the same 1M messages.

    .venv-bench/bin/python bench/scale.py                 # 1,000,000 messages, 240 queries
    .venv-bench/bin/python bench/scale.py --n 100000      # a quicker run
    .venv-bench/bin/python bench/scale.py --keep /tmp/x   # keep the databases (--reuse)
    .venv-bench/bin/python bench/scale.py --systems memdir,memdir-pg --database URL

``memdir-pg`` is memdir with its state on PostgreSQL (``--database``, a fresh schema): loaded
through the bulk path ``memdir.pg.bulk.copy`` (``COPY``, search vectors computed on the way;
``VACUUM ANALYZE`` counts as its optimize), searched through ``memdir.open(database_url=…)``
with the same calls as memdir on SQLite.

Data: generated deterministically from ``--seed`` (no downloads). English text comes from an
order-1 word chain trained on the Python standard library's own documentation (pydoc topics
and module docstrings — technical English, like an agent's sessions), with user / assistant /
tool turns, tool names and tool-call JSON, file paths, error codes and ids; about 10 % of
messages are Chinese (a fixed lexicon of 2–4 character words over common characters, some
mixed with English). Every text is unique (checked). ~50 messages per session.

Queries (≥ 200, fixed by the seed): 2–5 words drawn from real messages, quoted phrases, CJK
terms of 2–4 characters and natural Chinese questions, rare identifiers with a common word,
common-word-only queries and
natural-language questions. Both systems get the same strings.

Each system is loaded in its own process (bulk insert through its schema and triggers, in
transactions of ``--batch`` rows; load rate = messages / wall time including index merge),
then searched in a fresh process: every query once to warm up, then ``--rounds`` timed rounds;
p50/p95/p99 over all timed calls, and the peak RSS of that searching process. The table
prints memdir's figures, Hermes's, and the ratio (memdir/hermes; below 1 is better for times
and sizes, above 1 for rates).

The system under test is memdir through its public API: ``memdir.open(home=...)``,
``md.sessions.import_sessions()`` (bulk import: ``--batch`` rows per transaction across
session boundaries, one staged ``INSERT … SELECT`` each), then
``md.sessions.search_messages(q, limit=20)`` and ``md.sessions.search(q, limit=10,
window=1)``. Hermes: ``SessionDB()`` creates its schema, rows go in through the same staged
``INSERT … SELECT`` into its ``messages`` (its best case), ``SessionDB.search_messages``.
"""
# ruff: noqa: E501  (copied from the research prototype as it ran)

from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import re
import resource
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

# ------------------------------------------------------------------------------------------
# Deterministic data


def _corpus_words() -> list[str]:
    """Tokens of the stdlib's documentation, in order (for an order-1 chain)."""
    import warnings

    warnings.simplefilter("ignore")
    texts: list[str] = []
    try:
        import pydoc_data.topics as topics

        texts += list(topics.topics.values())
    except Exception:  # noqa: BLE001, S110 - any failure: fewer training texts
        pass
    import importlib

    for mod in (
        "os",
        "re",
        "json",
        "sqlite3",
        "asyncio",
        "collections",
        "typing",
        "pathlib",
        "subprocess",
        "argparse",
        "logging",
        "unittest",
        "email",
        "http.client",
        "urllib.request",
        "datetime",
        "decimal",
        "threading",
        "multiprocessing",
        "socket",
        "ssl",
        "tarfile",
        "zipfile",
        "csv",
        "shutil",
        "functools",
        "itertools",
        "dataclasses",
        "inspect",
        "pickle",
        "random",
        "statistics",
    ):
        try:
            m = importlib.import_module(mod)
        except Exception:  # noqa: BLE001
            continue
        texts.append(m.__doc__ or "")
        for name in dir(m):
            obj = getattr(m, name, None)
            doc = getattr(obj, "__doc__", None)
            if isinstance(doc, str) and len(doc) > 40:
                texts.append(doc)
    words = re.findall(r"[A-Za-z][A-Za-z'\-]*[A-Za-z]|[A-Za-z]|\d+", " ".join(texts))
    return words


_CHAT = (
    "ok",
    "thanks",
    "please",
    "can you",
    "I think",
    "let's",
    "sure",
    "hmm",
    "great",
    "actually",
    "wait",
    "looks good",
    "I see",
    "could you check",
    "why does",
    "what about",
    "try again",
    "that fixed it",
    "still failing",
    "nice",
)
_TOOLS = (
    "read_file",
    "write_file",
    "terminal",
    "search_files",
    "web_search",
    "browser_open",
    "patch",
    "run_tests",
    "git_diff",
    "memory_add",
)
_DIRS = ("src", "tests", "lib", "app", "docs", "scripts", "internal", "pkg", "cmd", "web")
_EXT = ("py", "ts", "go", "rs", "md", "json", "yaml", "toml", "sql", "sh")


def _cjk_lexicon(rng: random.Random) -> list[str]:
    # ~2,500 common-range ideographs; 12,000 words of 2–4 characters.
    chars = [chr(c) for c in range(0x4E00, 0x4E00 + 2500)]
    import itertools

    cw = list(itertools.accumulate(1.0 / (i + 1) ** 0.5 for i in range(len(chars))))
    lex: set[str] = set()
    while len(lex) < 12000:
        k = rng.choice((2, 2, 2, 3, 3, 4))
        lex.add("".join(rng.choices(chars, cum_weights=cw, k=k)))
    return sorted(lex)


def first_times(
    rows: list[tuple[int, str, str, str | None, str | None, float]],
) -> dict[int, float]:
    """Each session's number and the time of its first message (the session's start)."""
    sessions: dict[int, float] = {}
    for sno, *_rest, ts in rows:
        sessions.setdefault(sno, ts)
    return sessions


def pg_copy(state: Any, rows: list[tuple[int, str, str, str | None, str | None, float]]) -> Any:
    """``rows`` (as :class:`Generator` yields them) into a PostgreSQL state through memdir's
    bulk path, each session started at its first message; returns what ``copy`` counted."""
    from memdir.pg.bulk import copy

    return copy(
        state,
        ((f"s{k:07d}", "cli", v) for k, v in first_times(rows).items()),
        ((f"s{r[0]:07d}", *r[1:]) for r in rows),
    )


def fresh_schema(url: str, prefix: str) -> tuple[str, str]:
    """A new schema on the PostgreSQL server ``url`` and a URL whose ``search_path`` is it."""
    import secrets

    import psycopg

    schema = f"{prefix}_{secrets.token_hex(4)}"
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    return schema, f"{url}{'&' if '?' in url else '?'}options=-csearch_path%3D{schema}"


class Generator:
    """Yields (session_no, role, content, tool_name, tool_calls, timestamp), deterministic."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        words = _corpus_words()
        self.chain: dict[str, list[str]] = {}
        for a, b in itertools.pairwise(words):
            self.chain.setdefault(a.lower(), []).append(b)
        self.starts = [w for w in words[::7]]
        self.ident_words = list(self.chain)[:4000]
        self.cjk = _cjk_lexicon(self.rng)
        self.cjk_cw = list(
            __import__("itertools").accumulate(1.0 / (i + 1) ** 0.9 for i in range(len(self.cjk)))
        )
        self.seen: set[int] = set()

    def _english(self, n: int) -> str:
        r = self.rng
        w = r.choice(self.starts)
        out = [w]
        for _ in range(n - 1):
            nxt = self.chain.get(w.lower())
            w = r.choice(nxt) if nxt and r.random() < 0.9 else r.choice(self.starts)
            out.append(w)
        text = " ".join(out)
        if r.random() < 0.3:
            text = r.choice(_CHAT) + ", " + text
        if r.random() < 0.2:
            text += f" in {r.choice(_DIRS)}/{self._ident()}.{r.choice(_EXT)}"
        if r.random() < 0.1:
            text += f" (error E{r.randrange(10000, 99999)})"
        return text

    def _ident(self) -> str:
        r = self.rng
        a = r.choice(self.ident_words).strip("'-")[:10] or "x"
        return f"{a}_{r.choice(('handler', 'util', 'client', 'store', 'view', 'test'))}{r.randrange(100)}"

    def _chinese(self, n: int) -> str:
        r = self.rng
        parts = r.choices(self.cjk, cum_weights=self.cjk_cw, k=n)
        text = ""
        for _i, p in enumerate(parts):
            text += p
            if r.random() < 0.15:
                text += "，" if r.random() < 0.7 else "。"
        if r.random() < 0.3:  # mixed with English / code
            text += " " + self._english(r.randrange(2, 6))
        return text

    def __iter__(self) -> Iterator[tuple[int, str, str, str | None, str | None, float]]:
        return self.messages(10**12)

    def messages(self, n: int) -> Iterator[tuple[int, str, str, str | None, str | None, float]]:
        r = self.rng
        t0 = 1_700_000_000.0
        sess = 0
        left = 0
        ts = t0
        produced = 0
        roles_cycle = 0
        while produced < n:
            if left <= 0:
                sess += 1
                left = max(4, int(r.lognormvariate(3.7, 0.6)))
                ts += r.uniform(600, 36000)
                roles_cycle = 0
            role = (
                ("user", "assistant", "tool", "assistant")[roles_cycle % 4]
                if r.random() < 0.4
                else ("user", "assistant")[roles_cycle % 2]
            )
            roles_cycle += 1
            tool_name = tool_calls = None
            if r.random() < 0.10:
                content = self._chinese(max(2, int(r.lognormvariate(2.3, 0.6))))
            else:
                content = self._english(max(3, int(r.lognormvariate(3.0, 0.7))))
            if role == "tool":
                tool_name = r.choice(_TOOLS)
            elif role == "assistant" and r.random() < 0.25:
                tn = r.choice(_TOOLS)
                tool_calls = json.dumps(
                    [
                        {
                            "name": tn,
                            "arguments": {
                                "path": f"{r.choice(_DIRS)}/{self._ident()}.{r.choice(_EXT)}"
                            },
                        }
                    ]
                )
            h = hash((content, tool_name, tool_calls))
            if h in self.seen:
                continue
            self.seen.add(h)
            ts += r.uniform(1, 90)
            left -= 1
            produced += 1
            yield sess, role, content, tool_name, tool_calls, ts


def make_queries(
    seed: int, sample: list[tuple[int, str, str, str | None, str | None, float]], n: int = 240
) -> list[tuple[str, str]]:
    """(kind, query) pairs drawn from a sample of the generated messages."""
    r = random.Random(seed + 1)
    eng = [m[2] for m in sample if not re.search(r"[\u4e00-\u9fff]", m[2])]
    cjk = [m[2] for m in sample if re.search(r"[\u4e00-\u9fff]", m[2])]
    freq: dict[str, int] = {}
    for t in eng:
        for w in re.findall(r"[a-z]{3,}", t.lower()):
            freq[w] = freq.get(w, 0) + 1
    by_f = sorted(freq, key=lambda w: -freq[w])
    common = [
        w
        for w in by_f[:300]
        if w not in {"the", "and", "for", "that", "this", "with", "are", "not", "you"}
    ]
    rare = [w for w in by_f if freq[w] <= 2]
    idents = [m.group(0) for t in eng for m in [re.search(r"[a-z]+_[a-z]+\d+", t)] if m]
    out: list[tuple[str, str]] = []
    per = n // 8
    for _ in range(per * 2):  # 2–5 words of one message
        ws = re.findall(r"[A-Za-z]{3,}", r.choice(eng))
        if len(ws) >= 2:
            k = r.randint(2, min(5, len(ws)))
            out.append(("words", " ".join(r.sample(ws, k))))
    for _ in range(per):  # quoted phrases
        ws = r.choice(eng).split()
        if len(ws) >= 3:
            i = r.randrange(len(ws) - 2)
            out.append(
                ("phrase", '"' + " ".join(ws[i : i + r.choice((2, 3))]).strip('",.()') + '"')
            )
    for _ in range(per // 2):  # natural Chinese questions around a word of a message
        runs = re.findall(r"[\u4e00-\u9fff]{2,}", r.choice(cjk))
        if runs:
            run = r.choice(runs)[:4]
            tmpl = r.choice(("{}是在哪里？", "上周说的{}后来怎么样了？", "{}用的是哪个版本？"))
            out.append(("cjk-question", tmpl.format(run)))
    for _ in range(per):  # CJK 2–4 chars (some mixed with an English word)
        t = r.choice(cjk)
        runs = re.findall(r"[\u4e00-\u9fff]{2,}", t)
        if runs:
            run = r.choice(runs)
            k = min(len(run), r.choice((2, 2, 3, 4)))
            i = r.randrange(len(run) - k + 1)
            q = run[i : i + k]
            if r.random() < 0.25:
                q += " " + r.choice(common)
            out.append(("cjk", q))
    for _ in range(per):  # rare term + common words
        out.append(("rare", " ".join([r.choice(rare), *r.sample(common, r.randint(1, 3))])))
    for _ in range(per // 2):  # identifiers
        out.append(("ident", r.choice(idents) if idents else r.choice(rare)))
    for _ in range(per):  # common words only
        out.append(("common", " ".join(r.sample(common[:120], r.randint(2, 4)))))
    for _ in range(per + per // 2):  # questions
        ws = re.findall(r"[A-Za-z]{4,}", r.choice(eng))
        if ws:
            tmpl = r.choice(
                (
                    "how did we fix the {} {}",
                    "what was the {} for {}",
                    "where is {} used in {}",
                    "why does {} fail with {}",
                    "did you check {} and {}",
                )
            )
            out.append(("question", tmpl.format(r.choice(ws), r.choice(ws))))
    return out[:n] if len(out) >= n else out


# ------------------------------------------------------------------------------------------
# Systems


def _rss_mb() -> float:
    """Peak RSS of this process image (VmHWM; ru_maxrss would include the parent's pre-exec
    peak on Linux)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024.0
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0


class HermesSystem:
    """Hermes's hermes_state.SessionDB: its own schema + triggers; its search_messages."""

    name = "hermes"

    @staticmethod
    def load(db: Path, gen: Iterator[Any], n: int, batch: int) -> dict[str, float]:
        from hermes_state import SessionDB

        sdb = SessionDB(db_path=db)
        sdb.close()
        conn = sqlite3.connect(db, isolation_level=None)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        conn.execute("PRAGMA cache_size=-262144")
        rows = list(gen)
        sessions = first_times(rows)
        t0 = time.perf_counter()
        conn.execute("BEGIN IMMEDIATE")
        conn.executemany(
            "INSERT INTO sessions(id, source, started_at) VALUES (?,?,?)",
            [(f"s{k:07d}", "cli", v) for k, v in sessions.items()],
        )
        conn.execute("COMMIT")
        # Same staged bulk path as memdir's (one INSERT ... SELECT per batch through Hermes's
        # own triggers): the fastest way into its schema, so the load rates compare fairly.
        conn.execute(
            "CREATE TEMP TABLE _stage(session_id, role, content, tool_name, tool_calls, timestamp)"
        )
        for i in range(0, len(rows), batch):
            chunk = rows[i : i + batch]
            conn.execute("BEGIN IMMEDIATE")
            conn.executemany(
                "INSERT INTO temp._stage VALUES (?,?,?,?,?,?)",
                [(f"s{sno:07d}", role, c, tn, tc, ts) for sno, role, c, tn, tc, ts in chunk],
            )
            conn.execute(
                "INSERT INTO messages(session_id, role, content, tool_name, tool_calls, timestamp)"
                " SELECT * FROM temp._stage"
            )
            conn.execute("DELETE FROM temp._stage")
            conn.execute("COMMIT")
        t_ins = time.perf_counter() - t0
        t1 = time.perf_counter()
        for t in ("messages_fts", "messages_fts_trigram"):
            conn.execute(f"INSERT INTO {t}({t}) VALUES ('optimize')")
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        t_opt = time.perf_counter() - t1
        conn.close()
        return {"insert_s": t_ins, "optimize_s": t_opt}

    def __init__(self, db: Path) -> None:
        from hermes_state import SessionDB

        self.sdb = SessionDB(db_path=db)

    def search(self, q: str, limit: int) -> int:
        return len(self.sdb.search_messages(q, limit=limit))

    search_grouped = search


class MemdirSystem:
    """memdir's public API: memdir.open(), sessions.import_sessions, search_messages/search."""

    name = "memdir"

    @staticmethod
    def load(db: Path, gen: Iterator[Any], n: int, batch: int) -> dict[str, float]:
        import memdir

        md = memdir.open(home=db.parent, project=db.parent)
        assert md.state_path == db
        from memdir.sessions import SessionSpec

        rows = list(gen)  # generated before the clock starts, as for Hermes

        def sessions() -> Iterator[tuple[SessionSpec, Iterator[tuple[Any, ...]]]]:
            for sno, group in itertools.groupby(rows, key=lambda r: r[0]):
                yield SessionSpec(f"s{sno:07d}", agent="cli"), (r[1:] for r in group)

        t0 = time.perf_counter()
        counts = md.sessions.import_sessions(sessions(), batch=batch)
        t_ins = time.perf_counter() - t0
        assert counts.messages_added == len(rows), counts
        md.close()
        t1 = time.perf_counter()  # the same index merge as Hermes gets below
        conn = sqlite3.connect(db, isolation_level=None)
        for (t,) in conn.execute(  # messages_tri: releases before schema step 0010
            "SELECT name FROM sqlite_master WHERE name IN ('messages_word', 'messages_tri')"
        ).fetchall():
            conn.execute(f"INSERT INTO {t}({t}) VALUES ('optimize')")
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.close()
        return {"insert_s": t_ins, "optimize_s": time.perf_counter() - t1}

    def __init__(self, db: Path) -> None:
        import memdir

        self.md = memdir.open(home=db.parent, project=db.parent)

    def search(self, q: str, limit: int) -> int:
        return len(self.md.sessions.search_messages(q, limit=limit))

    def search_grouped(self, q: str, limit: int) -> int:
        return len(self.md.sessions.search(q, limit=limit, window=1))


class PgMemdirSystem(MemdirSystem):
    """memdir with its state on PostgreSQL ($MEMDIR_BENCH_DATABASE, a schema per run)."""

    name = "memdir-pg"

    @staticmethod
    def load(db: Path, gen: Iterator[Any], n: int, batch: int) -> dict[str, float]:

        import psycopg

        from memdir.pg.sessions import PgStateDatabase

        schema, url = fresh_schema(os.environ["MEMDIR_BENCH_DATABASE"], "scale")
        (db.parent / "pg.json").write_text(json.dumps({"url": url, "schema": schema}))
        rows = list(gen)
        import memdir

        md = memdir.open(home=db.parent, project=db.parent, database_url=url)
        state = md.sessions.db
        assert isinstance(state, PgStateDatabase)
        state.migrations()  # the schema is made before the clock starts
        from pg_pages import _cluster, _cpu

        with psycopg.connect(url, autocommit=True) as conn:  # the cluster's CPU, from /proc
            cluster = _cluster(conn)
        cpu0 = _cpu(cluster, reaped=True)
        t0 = time.perf_counter()
        got = pg_copy(state, rows)
        t_ins = time.perf_counter() - t0
        assert got.messages == len(rows), got
        where = state.schema()
        md.close()
        t1 = time.perf_counter()
        with psycopg.connect(url, autocommit=True) as conn:
            tables = ["messages", "sessions"]
            row = conn.execute(f"SELECT to_regclass('\"{where}\".message_postings')").fetchone()
            tables += ["message_postings"] * bool(row and row[0])  # its visibility map
            for table in tables:
                conn.execute(f'VACUUM ANALYZE "{where}".{table}')
            size = conn.execute(
                "SELECT " + " + ".join(f"pg_total_relation_size('\"{where}\".{t}')" for t in tables)
            ).fetchone()
        (db.parent / "pg.json").write_text(
            json.dumps({"url": url, "schema": schema, "bytes": size[0] if size else 0})
        )
        t_opt = time.perf_counter() - t1
        server = {"server_cpu_s": _cpu(cluster, reaped=True) - cpu0} if cluster else {}
        return {"insert_s": t_ins, "optimize_s": t_opt, **server}

    def __init__(self, db: Path) -> None:
        import memdir

        url = json.loads((db.parent / "pg.json").read_text())["url"]
        self.md = memdir.open(home=db.parent, project=db.parent, database_url=url)


SYSTEMS: dict[str, Any] = {c.name: c for c in (HermesSystem, MemdirSystem, PgMemdirSystem)}

# ------------------------------------------------------------------------------------------
# Phases (each in its own process)


def phase_load(system: str, db: Path, n: int, seed: int, batch: int) -> dict[str, Any]:
    gen = list(Generator(seed).messages(n))
    load0 = os.getloadavg()[0]
    cpu0 = time.process_time()
    res = SYSTEMS[system].load(db, iter(gen), n, batch)
    res["cpu_s"] = time.process_time() - cpu0
    res["rate_cpu"] = n / res["cpu_s"]
    res["loadavg"] = (load0 + os.getloadavg()[0]) / 2
    size = sum(p.stat().st_size for p in db.parent.glob(db.name + "*"))
    if (db.parent / "pg.json").exists():
        size = json.loads((db.parent / "pg.json").read_text())["bytes"]
    res.update(n=n, db_bytes=size, rate=n / (res["insert_s"] + res["optimize_s"]))
    return res


def phase_search(
    system: str, db: Path, queries: list[str], rounds: int, limit: int, grouped: bool
) -> dict[str, Any]:
    rss0 = _rss_mb()
    sut = SYSTEMS[system](db)
    fn = sut.search_grouped if grouped else sut.search
    hits0 = [fn(q, limit) for q in queries]  # warm-up
    times: list[float] = []
    per_q: list[float] = [0.0] * len(queries)
    for _ in range(rounds):
        for i, q in enumerate(queries):
            t0 = time.perf_counter()
            fn(q, limit)
            dt = time.perf_counter() - t0
            times.append(dt)
            per_q[i] = max(per_q[i], dt)
    times.sort()

    def pct(p: float) -> float:
        return times[min(len(times) - 1, int(p / 100 * len(times)))] * 1000

    return {
        "loadavg": os.getloadavg()[0],
        "p50": pct(50),
        "p95": pct(95),
        "p99": pct(99),
        "max": times[-1] * 1000,
        "mean": statistics.fmean(times) * 1000,
        "rss_mb": _rss_mb(),
        "rss_start_mb": rss0,
        "empty": sum(1 for h in hits0 if h == 0),
        "per_q": per_q,
    }


def _child(args: list[str], python: str) -> dict[str, Any]:
    out = subprocess.run([python, __file__, "--child", *args], capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(out.stderr[-3000:])
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--n", type=int, default=1_000_000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--batch", type=int, default=20000)
    ap.add_argument("--queries", type=int, default=240)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--limit", type=int, default=20)
    ap.add_argument("--systems", default="memdir,hermes")
    ap.add_argument("--keep", type=Path, default=None, help="directory for the databases")
    ap.add_argument("--reuse", action="store_true", help="skip loading when the db exists")
    ap.add_argument("--database", help="PostgreSQL URL for memdir-pg (a schema per run)")
    ap.add_argument("--child", nargs="*", help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.database:
        os.environ["MEMDIR_BENCH_DATABASE"] = a.database
    if a.child is not None:
        kind, system, db = a.child[0], a.child[1], Path(a.child[2])
        if kind == "load":
            print(json.dumps(phase_load(system, db, a.n, a.seed, a.batch)))
        else:
            qs = json.loads(Path(a.child[3]).read_text())
            print(json.dumps(phase_search(system, db, qs, a.rounds, a.limit, kind == "grouped")))
        return 0

    python = sys.executable
    work = a.keep or Path(tempfile.mkdtemp(prefix="scale-"))
    work.mkdir(parents=True, exist_ok=True)
    gen = Generator(a.seed)
    sample = list(gen.messages(min(a.n, 60000)))
    queries = make_queries(a.seed, sample, a.queries)
    qfile = work / "queries.json"
    qfile.write_text(json.dumps([q for _, q in queries], ensure_ascii=False))
    kinds = [k for k, _ in queries]
    results: dict[str, dict[str, Any]] = {}
    for system in a.systems.split(","):
        db = work / system / "state.db"
        db.parent.mkdir(exist_ok=True)
        if a.reuse and (db.parent / "load.json").exists():
            load = json.loads((db.parent / "load.json").read_text())
        else:
            for p in db.parent.glob("state.db*"):
                p.unlink()
            load = _child(
                [
                    "load",
                    system,
                    str(db),
                    "--n",
                    str(a.n),
                    "--seed",
                    str(a.seed),
                    "--batch",
                    str(a.batch),
                ],
                python,
            )
            (db.parent / "load.json").write_text(json.dumps(load))
        srch = _child(
            [
                "flat",
                system,
                str(db),
                str(qfile),
                "--rounds",
                str(a.rounds),
                "--limit",
                str(a.limit),
            ],
            python,
        )
        grp = (
            _child(
                [
                    "grouped",
                    system,
                    str(db),
                    str(qfile),
                    "--rounds",
                    str(a.rounds),
                    "--limit",
                    "10",
                ],
                python,
            )
            if system != "hermes"
            else None
        )
        results[system] = {"load": load, "search": srch, "grouped": grp}
        print(
            f"# {system}: load {load} search p50 {srch['p50']:.1f} p95 {srch['p95']:.1f}",
            file=sys.stderr,
        )

    m, h = results.get("memdir"), results.get("hermes")
    print(
        f"Session search at scale — {a.n:,} messages (seed {a.seed}, ~10 % CJK), "
        f"{len(queries)} queries × {a.rounds} timed rounds after a warm-up, limit {a.limit}; "
        f"sqlite {sqlite3.sqlite_version}; {os.cpu_count()} cores"
    )
    print("query mix: " + ", ".join(f"{k} {kinds.count(k)}" for k in dict.fromkeys(kinds)))
    rows: list[tuple[str, float | None, float | None, str, str]] = []

    def g(r: dict[str, Any] | None, *path: str) -> float | None:
        for p in path:
            if r is None:
                return None
            r = r.get(p)
        return r  # type: ignore[return-value]

    rows.append(("load rate (msg/s)", g(m, "load", "rate"), g(h, "load", "rate"), "hi", "≥ 30000"))
    rows.append(("  per CPU-second", g(m, "load", "rate_cpu"), g(h, "load", "rate_cpu"), "hi", ""))
    rows.append(("  insert s", g(m, "load", "insert_s"), g(h, "load", "insert_s"), "lo", ""))
    rows.append(("  optimize s", g(m, "load", "optimize_s"), g(h, "load", "optimize_s"), "lo", ""))
    dbm = g(m, "load", "db_bytes")
    dbh = g(h, "load", "db_bytes")
    rows.append(
        ("DB bytes / message", dbm / a.n if dbm else None, dbh / a.n if dbh else None, "lo", "")
    )
    for p, tgt in (("p50", "≤ 15"), ("p95", "≤ 50"), ("p99", ""), ("max", ""), ("mean", "")):
        rows.append((f"search_messages {p} ms", g(m, "search", p), g(h, "search", p), "lo", tgt))
    for p in ("p50", "p95", "p99"):
        rows.append((f"search (grouped) {p} ms", g(m, "grouped", p), g(h, "search", p), "lo", ""))
    rows.append(("loadavg during load", g(m, "load", "loadavg"), g(h, "load", "loadavg"), "", ""))
    rows.append(
        ("RSS searching proc MB", g(m, "search", "rss_mb"), g(h, "search", "rss_mb"), "lo", "< 200")
    )
    rows.append(
        ("loadavg after search", g(m, "search", "loadavg"), g(h, "search", "loadavg"), "", "")
    )
    rows.append(("queries with 0 hits", g(m, "search", "empty"), g(h, "search", "empty"), "lo", ""))
    head = f"{'metric':<26}{'memdir':>12}{'hermes':>12}{'ratio':>8}  target"
    print(head)
    print("-" * len(head))
    for name, mv, hv, _, tgt in rows:
        ratio = f"{mv / hv:>8.2f}" if mv is not None and hv else f"{'':>8}"
        fm = f"{mv:>12.1f}" if mv is not None else f"{'n/a':>12}"
        fh = f"{hv:>12.1f}" if hv is not None else f"{'n/a':>12}"
        print(f"{name:<26}{fm}{fh}{ratio}  {tgt}")
    # per kind p95 (max over rounds per query)
    if m:
        print(
            "per query kind, p95 of per-query worst time (ms): "
            + ", ".join(
                f"{k} {sorted(t for kk, t in zip(kinds, m['search']['per_q'], strict=True) if kk == k)[int(0.95 * (kinds.count(k) - 1))] * 1000:.1f}"
                + (
                    f"/{sorted(t for kk, t in zip(kinds, h['search']['per_q'], strict=True) if kk == k)[int(0.95 * (kinds.count(k) - 1))] * 1000:.1f}"
                    if h
                    else ""
                )
                for k in dict.fromkeys(kinds)
            )
            + " (memdir/hermes)"
        )
    pg = results.get("memdir-pg")
    if pg:
        _print_pg(m, pg, a.n)
    if a.keep is None:
        if (work / "memdir-pg" / "pg.json").exists():
            import psycopg

            schema = json.loads((work / "memdir-pg" / "pg.json").read_text())["schema"]
            with psycopg.connect(a.database, autocommit=True) as conn:
                for (name,) in conn.execute(  # the run's schema and the state beside it
                    "SELECT nspname FROM pg_namespace WHERE starts_with(nspname, %s)", (schema,)
                ).fetchall():
                    conn.execute(f'DROP SCHEMA "{name}" CASCADE')
        shutil.rmtree(work, ignore_errors=True)
    return 0


def _print_pg(m: dict[str, Any] | None, p: dict[str, Any], n: int) -> None:
    """memdir on SQLite beside memdir on PostgreSQL, issue 17's targets."""
    head = f"{'metric':<26}{'sqlite':>12}{'postgresql':>12}  target (PostgreSQL)"
    print()
    print(head)
    print("-" * len(head))
    rows = [
        ("load rate (msg/s)", ("load", "rate"), "≥ 20000"),
        ("  insert s", ("load", "insert_s"), ""),
        ("  optimize s", ("load", "optimize_s"), ""),
        ("  per CPU-second (client)", ("load", "rate_cpu"), ""),
        ("  client CPU s", ("load", "cpu_s"), ""),
        ("  server CPU s", ("load", "server_cpu_s"), ""),
        ("search_messages p50 ms", ("search", "p50"), "≤ 30"),
        ("search_messages p95 ms", ("search", "p95"), "≤ 100"),
        ("search_messages p99 ms", ("search", "p99"), ""),
        ("search (grouped) p50 ms", ("grouped", "p50"), "≤ 30"),
        ("search (grouped) p95 ms", ("grouped", "p95"), "≤ 100"),
        ("queries with 0 hits", ("search", "empty"), ""),
        ("RSS searching proc MB", ("search", "rss_mb"), ""),
        ("loadavg during load", ("load", "loadavg"), ""),
    ]
    for name, (a, b), tgt in rows:
        sv = m[a].get(b) if m and m.get(a) else None
        pv = p[a].get(b) if p.get(a) else None
        fs = f"{sv:>12.1f}" if sv is not None else f"{'n/a':>12}"
        fp = f"{pv:>12.1f}" if pv is not None else f"{'n/a':>12}"
        print(f"{name:<26}{fs}{fp}  {tgt}")
    sb = m["load"]["db_bytes"] / n if m else None
    pb = p["load"]["db_bytes"] / n
    print(f"{'bytes / message':<26}{sb if sb is None else f'{sb:>12.1f}'}{pb:>12.1f}")


if __name__ == "__main__":
    sys.exit(main())
