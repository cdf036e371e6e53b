"""Schema step 0017_folded_alike on an old state.db: how long the re-index takes, what
progress it shows, and whether a SIGKILL mid-step leaves a home that opens and finishes.

    PYTHONPATH=$PWD/src .venv/bin/python bench/upgrade_0017.py --messages 100000
    PYTHONPATH=$PWD/src .venv/bin/python bench/upgrade_0017.py --messages 100000 --kill-after 2
    ... --database postgresql://…   the PostgreSQL state step instead (a fresh user each run)
"""

from __future__ import annotations

import argparse
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from memdir.sessions import analyzer
from test_recall_marks import steps_before

TEXTS = [
    "資料庫遷移腳本放在 migrations 目錄，埠號 ٥٤٣٢。",
    "数据库迁移脚本放在 migrations 目录。周五晚上７点聚餐。",
    "昨夜の雪で裏山が真っ白になった。會議は午後。",
    "Ёлка стоит в зале, версия v۲ вышла.",
    "plain english tool output: docker image prune -a",
]
OPEN = (
    "import sys; from memdir.sessions import Database, SessionStore; "
    "from memdir.sessions.maintenance import check; "
    "s = SessionStore(Database(sys.argv[1])); print(len(s.search_messages('资料库', limit=50)), "
    "check(s.db, repair=False).healthy)"
)


def _unfolded(text: str | None) -> str | None:
    if not isinstance(text, str) or text.isascii():
        return text
    return analyzer.CJK_RUN.sub(
        lambda m: " " + " ".join(analyzer.run_terms(m.group(0))) + " ",
        _old_normalize(text),
    )


def _old_normalize(text: str) -> str:
    """NFKC without the ignored marks: no ё or digit fold (before walk60)."""
    import unicodedata

    return unicodedata.normalize("NFKC", text).translate(analyzer._IGNORED)


def build(path: Path, n: int) -> None:
    conn = sqlite3.connect(path)
    conn.create_function("memdir_terms", 1, _unfolded, deterministic=True)
    steps_before(conn, "0017")
    sessions = max(1, n // 50)
    conn.executemany(
        "INSERT INTO sessions (id, agent, started_at) VALUES (?, 'a', 0)",
        ((f"s{i}",) for i in range(sessions)),
    )
    conn.executemany(
        "INSERT INTO messages (session_id, role, content, timestamp) VALUES (?, 'user', ?, ?)",
        ((f"s{i % sessions}", f"{TEXTS[i % len(TEXTS)]} #{i}", float(i)) for i in range(n)),
    )
    conn.commit()
    conn.close()


PG_LOAD = """
import sys
from memdir.sessions import analyzer, SessionStore
from memdir.pg.db import PgDatabase
from memdir.pg.sessions import PgStateDatabase
analyzer.fold = lambda run: run  # the terms the analyzer made before the fold
TEXTS = TEXTS_HERE
store = SessionStore(PgStateDatabase(PgDatabase(sys.argv[1]), user=sys.argv[3]))
n = int(sys.argv[2])
for start in range(0, n, 10_000):
    sid = f"s{start}"
    store.start("bench", session_id=sid)
    store.log_many(sid, [("user", f"{TEXTS[i % len(TEXTS)]} #{i}", None, None, float(i))
                         for i in range(start, min(n, start + 10_000))])
""".replace("TEXTS_HERE", repr(TEXTS))
PG_OPEN = """
import sys
from memdir.sessions import SessionStore
from memdir.pg.db import PgDatabase
from memdir.pg.sessions import PgStateDatabase
db = PgStateDatabase(PgDatabase(sys.argv[1]), user=sys.argv[2])
store = SessionStore(db)
health = db.health(repair=False, deep=True)
print(len(store.search_messages("资料库", limit=50)), health.healthy, health.text_disagreed)
"""


def _pg(url: str, n: int, kill_after: float) -> None:
    import psycopg

    user = f"upg{int(time.time())}"  # a fresh state schema each run
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-c", PG_LOAD, url, str(n), user], check=True)
    print(f"loaded {n:,} messages (unfolded terms) in {time.perf_counter() - t0:.1f} s")
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(
            "DELETE FROM pg_migrations WHERE component = %s AND name = '0017_folded_alike'",
            (f"state/{user}",),
        )
    cmd = [sys.executable, "-c", PG_OPEN, url, user]
    if kill_after:
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        time.sleep(kill_after)
        proc.send_signal(signal.SIGKILL)
        _, err = proc.communicate()
        print(f"killed after {kill_after} s (rc {proc.returncode}); stderr: {err.strip()!r}")
    t0 = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, text=True, check=False)
    print(f"open + step + deep health + one search: {time.perf_counter() - t0:.1f} s")
    print("stderr:", done.stderr.strip().replace("\n", " | ")[-600:])
    print("资料库 hits (limit 50), healthy, text disagreed:", done.stdout.strip())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--messages", type=int, default=100_000)
    ap.add_argument("--kill-after", type=float, default=0.0, help="SIGKILL the upgrade after s")
    ap.add_argument("--database", help="PostgreSQL URL: the team database's state step")
    args = ap.parse_args()
    if args.database:
        _pg(args.database, args.messages, args.kill_after)
        return
    path = Path(tempfile.mkdtemp()) / "state.db"
    t0 = time.perf_counter()
    build(path, args.messages)
    print(f"built {args.messages:,} messages in {time.perf_counter() - t0:.1f} s")
    cmd = [sys.executable, "-c", OPEN, str(path)]
    if args.kill_after:
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        time.sleep(args.kill_after)
        proc.send_signal(signal.SIGKILL)
        _, err = proc.communicate()
        print(f"killed after {args.kill_after} s (rc {proc.returncode}); stderr: {err.strip()!r}")
    t0 = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, text=True, check=False)
    took = time.perf_counter() - t0
    print(f"open + step + one search: {took:.1f} s, rc {done.returncode}")
    print("stderr:", done.stderr.strip().replace("\n", " | "))
    print("资料库 hits (limit 50), healthy:", done.stdout.strip())
    conn = sqlite3.connect(path)
    print("messages after:", conn.execute("SELECT count(*) FROM messages").fetchone()[0])
    names = [r[0] for r in conn.execute("SELECT name FROM migrations WHERE name LIKE '0017%'")]
    print("step recorded:", names)


if __name__ == "__main__":
    main()
