"""What an MCP connection initialised and never used costs the team server, on real parts:
a `memdir serve --database` subprocess on loopback, a real PostgreSQL (a schema of its
own), raw HTTP `initialize` requests as any MCP client sends them.

    PYTHONPATH=src python bench/idle_sessions.py --database "$MEMDIR_TEST_DATABASE_URL"

One user's token opens ``--sessions`` connections (an initialize each, nothing after);
then one by another user; then as many requests with a token nobody made, and with no
token. Per phase: the
answers by status, the server's RSS (VmRSS) before and after and per connection opened,
the wall time, the load average. Figures: bench/README.md ("team51").
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from scale import fresh_schema

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from webserver import free_port, mcp_initialize, mcp_use


def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise SystemExit("no VmRSS")


def _load() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def _phase(
    pid: int, url: str, token: str | None, n: int, name: str, used: bool = False
) -> dict[str, object]:
    rss0, start = _rss_kib(pid), time.perf_counter()
    statuses: Counter[int] = Counter()
    opened = 0
    for _ in range(n):
        status, sid, _ = mcp_initialize(url, token)
        statuses[status] += 1
        opened += bool(sid)
        if used and sid and token is not None:
            statuses[mcp_use(url, token, sid) * 1000] += 1  # 200000: tools/list answered 200
    wall = time.perf_counter() - start
    rss1 = _rss_kib(pid)
    return {
        "phase": name,
        "requests": n,
        "statuses": dict(statuses),
        "opened": opened,
        "rss_mib": (round(rss0 / 1024, 1), round(rss1 / 1024, 1)),
        "kib_per_opened": round((rss1 - rss0) / opened, 1) if opened else None,
        "wall_s": round(wall, 1),
        "load": _load(),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", default=os.environ.get("MEMDIR_TEST_DATABASE_URL"))
    parser.add_argument("--sessions", type=int, default=2000)
    parser.add_argument(
        "--used", action="store_true", help="each connection makes one tools/list (a used one)"
    )
    args = parser.parse_args()
    if not args.database:
        raise SystemExit("give --database URL (or MEMDIR_TEST_DATABASE_URL)")
    _, db = fresh_schema(args.database, "idlebench")
    with tempfile.TemporaryDirectory() as tmp:
        env = {
            **os.environ,
            "MEMDIR_HOME": str(Path(tmp) / "server"),
            "MEMDIR_MANAGED_DIR": str(Path(tmp) / "managed"),
            "MEMDIR_BACKGROUND": "0",
        }
        env.pop("MEMDIR_DATABASE_URL", None)
        memdir = [sys.executable, "-m", "memdir", "serve", "--database", db]
        token, other = (
            subprocess.run(
                [*memdir, "users", "add", name], env=env, capture_output=True, text=True, check=True
            ).stdout.strip()
            for name in ("idle", "other")
        )
        port = free_port()
        proc = subprocess.Popen(
            [*memdir, "--port", str(port)], env=env, stdout=subprocess.DEVNULL, stderr=sys.stderr
        )
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=1).close()
                    break
                except OSError:
                    if proc.poll() is not None or time.monotonic() > deadline:
                        raise SystemExit("serve did not start") from None
                    time.sleep(0.05)
            url = f"http://127.0.0.1:{port}/mcp"
            mcp_initialize(url, token)  # warm: the first request builds what every one uses
            rows = [
                _phase(
                    proc.pid,
                    url,
                    token,
                    args.sessions,
                    "valid token, one tools/list" if args.used else "valid token, never used",
                    used=args.used,
                ),
                _phase(proc.pid, url, other, 1, "another user, after"),
                _phase(proc.pid, url, "mdt_" + "0" * 60, args.sessions, "unknown token"),
                _phase(proc.pid, url, None, args.sessions, "no token"),
            ]
        finally:
            proc.terminate()
            proc.wait(timeout=60)
    for row in rows:
        print(json.dumps(row))


if __name__ == "__main__":
    main()
