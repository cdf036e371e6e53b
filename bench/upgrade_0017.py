"""Schema step 0017_folded_alike on an old state.db: how long the re-index takes, what
progress it shows, and whether a SIGKILL mid-step leaves a home that opens and finishes.

    PYTHONPATH=$PWD/src .venv/bin/python bench/upgrade_0017.py --messages 100000
    PYTHONPATH=$PWD/src .venv/bin/python bench/upgrade_0017.py --messages 100000 --kill-after 2
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

from memdir.sessions import analyzer  # noqa: E402
from test_recall_marks import steps_before  # noqa: E402

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
        sqlite3_normalize(text),
    )


def sqlite3_normalize(text: str) -> str:
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--messages", type=int, default=100_000)
    ap.add_argument("--kill-after", type=float, default=0.0, help="SIGKILL the upgrade after s")
    args = ap.parse_args()
    path = Path(tempfile.mkdtemp()) / "state.db"
    t0 = time.perf_counter()
    build(path, args.messages)
    print(f"built {args.messages:,} messages in {time.perf_counter() - t0:.1f} s")
    cmd = [sys.executable, "-c", OPEN, str(path)]
    if args.kill_after:
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        time.sleep(args.kill_after)
        proc.send_signal(signal.SIGKILL)
        out, err = proc.communicate()
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
