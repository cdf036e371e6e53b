"""Wall time of SQLite schema step 0015 (``0015_marks_in_words``: both word indexes made
again with combining marks inside words) on a state.db as the last release left it:
``bench/scale.py``'s generated messages (one in ten Chinese) plus one in ten Hindi,
loaded through the old schema's triggers, then opened by this memdir in a fresh process,
as a user's first start after upgrading is. Prints the step's time, the progress lines a
user sees on stderr, and the file's size before and after.

``--kill-at PCT``: SIGKILL the upgrading process once it reports PCT% and show what is
left: SQLite's integrity check, whether 0015 is recorded, the counts, and a second open
(which must run the step again).

    PYTHONPATH=src .venv-bench/bin/python bench/marks_upgrade.py [--n 200000] [--kill-at 30]
"""

from __future__ import annotations

import argparse
import os
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from scale import Generator

STEP = "0015_marks_in_words"
_HINDI = (
    "मेरे पापा कल दिल्ली गए थे और वहाँ बारिश हुई",
    "कृपया डेटाबेस का बैकअप लीजिए, फिर माइग्रेशन चलाइए",
    "यह फ़ाइल बहुत बड़ी है इसलिए धीरे खुलती है",
    "हमने सर्वर को फिर से शुरू किया लेकिन त्रुटि बनी रही",
)


def build(path: Path, n: int, seed: int) -> float:
    """A state.db with every step before 0015 and ``n`` messages indexed by its triggers."""
    from memdir.sessions.analyzer import register
    from memdir.sessions.schema import MIGRATIONS

    t = time.perf_counter()
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    register(conn)
    conn.execute(
        "CREATE TABLE migrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, "
        "applied_at REAL NOT NULL)"
    )
    conn.execute("BEGIN")
    for m in MIGRATIONS:
        if m.name == STEP:
            break
        for s in m.statements:
            conn.execute(s)
        if m.fill is not None:
            m.fill(conn, lambda d, t: None)
        conn.execute("INSERT INTO migrations (name, applied_at) VALUES (?, 0)", (m.name,))
    conn.execute("COMMIT")
    seen: set[int] = set()
    batch: list[tuple[str, str, str, str | None, str | None, float]] = []
    gen = Generator(seed)
    for i, (sno, role, content, tool, calls, ts) in enumerate(gen.messages(n)):
        if sno not in seen:
            seen.add(sno)
            conn.execute(
                "INSERT INTO sessions (id, agent, started_at) VALUES (?, 'cli', ?)",
                (f"s{sno:07d}", ts),
            )
        if i % 10 == 5:
            content = f"{_HINDI[i % 4]} {content}"
        batch.append((f"s{sno:07d}", role, content, tool, calls, ts))
        if len(batch) == 20_000:
            _insert(conn, batch)
    _insert(conn, batch)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    return time.perf_counter() - t


def _insert(conn: sqlite3.Connection, batch: list) -> None:  # type: ignore[type-arg]
    conn.execute("BEGIN")
    conn.executemany(
        "INSERT INTO messages (session_id, role, content, tool_name, tool_calls, timestamp) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        batch,
    )
    conn.execute("COMMIT")
    batch.clear()


_OPEN = (
    "import sys; from memdir.sessions import Database; "
    "d = Database(sys.argv[1]); d.migrations(); d.close()"
)


def upgrade(path: Path, kill_at: int | None) -> tuple[float, list[str], bool]:
    """Open ``path`` with this memdir in a new process: seconds, stderr lines, killed."""
    t = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-c", _OPEN, str(path)], stderr=subprocess.PIPE, text=True
    )
    lines: list[str] = []
    killed = False
    assert proc.stderr is not None
    for line in proc.stderr:
        lines.append(line.rstrip())
        if kill_at is not None and f"({kill_at}%)" in line:
            os.kill(proc.pid, signal.SIGKILL)
            killed = True
            break
    proc.wait()
    return time.perf_counter() - t, lines, killed


def state(path: Path) -> str:
    conn = sqlite3.connect(path)
    ok = conn.execute("PRAGMA integrity_check").fetchone()[0]
    done = bool(conn.execute("SELECT 1 FROM migrations WHERE name = ?", (STEP,)).fetchone())
    (msgs,) = conn.execute("SELECT count(*) FROM messages").fetchone()
    (sql,) = conn.execute("SELECT sql FROM sqlite_master WHERE name = 'messages_word'").fetchone()
    conn.close()
    marks = "Mc Mn" in sql
    return f"integrity {ok}; 0015 recorded {done}; messages {msgs:,}; marks tokenizer {marks}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--n", type=int, default=200_000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--kill-at", type=int, help="SIGKILL the upgrade at this percentage")
    ap.add_argument("--dir", type=Path, help="where state.db is made (default: a temp dir)")
    a = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(dir=a.dir) as tmp:
        path = Path(tmp) / "state.db"
        built = build(path, a.n, a.seed)
        before = path.stat().st_size
        print(f"built {a.n:,} messages in {built:.1f} s, {before / 1e6:.0f} MB")
        took, lines, killed = upgrade(path, a.kill_at)
        for line in lines:
            print("  stderr:", line)
        if killed:
            print(f"killed after {took:.1f} s: {state(path)}")
            took, lines, killed = upgrade(path, None)
            print(f"reopened: step took {took:.1f} s, {len(lines)} progress lines")
        else:
            print(f"step 0015 (in a new process): {took:.1f} s")
        after = path.stat().st_size
        print(f"after: {state(path)}; file {after / 1e6:.0f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
