"""Python function calls (and thread hops) a `memdir serve --database` process makes per
MCP tool call: a count, unlike CPU time on a shared machine.

    MEMDIR_TEST_DATABASE_URL=postgresql://… .venv/bin/python bench/serve_calls.py

One real server process, run under a profile hook (``sys.setprofile`` and
``threading.setprofile``) that counts every Python and C function call, and every hop to a
worker thread (anyio's ``WorkerThread._report_result``, once a hop), in all of its threads; one MCP
client (the SDK's, streamable HTTP, with roots) connects, warms up, then makes ``--calls``
calls of each tool, reading the server's counters before and after each batch (SIGUSR1
makes the server write them to a file). The counts include the server's background
threads (the pool's, the idle reaper), a few calls each; the hook makes the server slow,
so no time is printed.
"""

from __future__ import annotations

import argparse
import os
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

# bench/mcp.py shares the SDK's name: keep this folder off the path
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).parent.resolve()]

import anyio  # noqa: E402
import psycopg  # noqa: E402
from dulwich.repo import Repo  # noqa: E402
from mcp import Client  # noqa: E402
from mcp.client.streamable_http import streamable_http_client  # noqa: E402
from mcp.shared._httpx_utils import create_mcp_http_client  # noqa: E402

REMOTE = "https://git.example.test/acme/calls.git"

# Run as the server process: count calls in every thread, write the counts on SIGUSR1.
COUNTING = """
import itertools, os, runpy, signal, sys, threading
calls, hops = itertools.count(), itertools.count()
def hook(frame, event, arg):
    if event == "call" or event == "c_call":
        next(calls)
        if event == "call" and frame.f_code.co_name == "_report_result":
            next(hops)
out = sys.argv[1]
def dump(signum, frame):
    with open(out + ".tmp", "w") as f:
        f.write(repr(calls) + " " + repr(hops))
    os.replace(out + ".tmp", out)
signal.signal(signal.SIGUSR1, dump)
sys.argv = ["memdir", *sys.argv[2:]]
threading.setprofile(hook)
sys.setprofile(hook)
runpy.run_module("memdir", run_name="__main__")
"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _counts(proc: subprocess.Popen[bytes], out: Path) -> tuple[int, int]:
    """The server's (calls, hops) so far."""
    out.unlink(missing_ok=True)
    proc.send_signal(signal.SIGUSR1)
    deadline = time.monotonic() + 30
    while not out.exists() or not out.read_text():
        assert time.monotonic() < deadline, "the server wrote no counts"
        time.sleep(0.01)
    calls, hops = out.read_text().split()  # "count(N) count(M)"
    return int(calls[6:-1]), int(hops[6:-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--calls", type=int, default=50, help="calls of each tool")
    args = parser.parse_args()
    base = os.environ.get("MEMDIR_TEST_DATABASE_URL")
    if not base:
        raise SystemExit("set MEMDIR_TEST_DATABASE_URL to a PostgreSQL database to fill")
    schema = f"bench_{secrets.token_hex(4)}"
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    url = f"{base}{'&' if '?' in base else '?'}options=-csearch_path%3D{schema}"
    tmp = Path(tempfile.mkdtemp(prefix="memdir-bench-calls-"))
    project = tmp / "project"
    project.mkdir()
    config = Repo.init(str(project)).get_config()
    config.set((b"remote", b"origin"), b"url", REMOTE.encode())
    config.write_to_path()
    from memdir.pg import users
    from memdir.pg.db import PgDatabase

    db = PgDatabase(url)
    token = users.add(db, "u0")
    users.grant(db, "u0", REMOTE)
    db.close()
    env = {**os.environ, "MEMDIR_BACKGROUND": "0", "MEMDIR_MANAGED_DIR": str(tmp / "m")}
    env.pop("MEMDIR_DATABASE_URL", None)
    env["MEMDIR_HOME"] = str(tmp / "home")
    port, out = _free_port(), tmp / "counts"
    proc = subprocess.Popen(
        [sys.executable, "-c", COUNTING, str(out), "serve", "--database", url, "--port", f"{port}"],
        env=env,
        stdout=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert proc.poll() is None and time.monotonic() < deadline, "no server"
                time.sleep(0.1)
        rows = anyio.run(_measure, f"http://127.0.0.1:{port}/mcp", token, project, args, proc, out)
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    print(f"bench/serve_calls.py — {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    print(f"one memdir serve --database process, one MCP client, {args.calls} calls a tool")
    print(f"{'tool call':<22} {'function calls':>15} {'thread hops':>12}   (per call)")
    for name, (calls, hops) in rows.items():
        print(f"{name:<22} {calls / args.calls:>15.0f} {hops / args.calls:>12.2f}")


async def _measure(
    url: str,
    token: str,
    project: Path,
    args: argparse.Namespace,
    proc: subprocess.Popen[bytes],
    out: Path,
) -> dict[str, tuple[int, int]]:
    from mcp import types

    http = create_mcp_http_client(headers={"Authorization": f"Bearer {token}"})

    async def roots(ctx: Any) -> Any:
        return types.ListRootsResult(roots=[types.Root(uri=project.as_uri(), name="project")])

    def add(n: int) -> tuple[str, dict[str, Any]]:
        note = {"action": "add", "type": "project", "name": f"note {n:06d}", "scope": "project"}
        return "memory", {**note, "description": f"note {n}", "body": f"The note number {n}."}

    def search(n: int) -> tuple[str, dict[str, Any]]:
        return "memory_search", {"query": "note number"}

    def log(n: int) -> tuple[str, dict[str, Any]]:
        return "log", {"role": "user", "content": f"message {n} about the notes"}

    rows: dict[str, tuple[int, int]] = {}
    async with Client(
        streamable_http_client(url, http_client=http), list_roots_callback=roots
    ) as c:
        for n in range(5):  # warm-up: the session starts, the caches fill
            for make in (add, search, log):
                await c.call_tool(*make(1000 + n))
        for label, make in (("memory add", add), ("memory_search", search), ("log", log)):
            before = _counts(proc, out)
            for n in range(args.calls):
                result = await c.call_tool(*make(n))
                assert not result.is_error, result
            after = _counts(proc, out)
            rows[label] = (after[0] - before[0], after[1] - before[1])
    return rows


if __name__ == "__main__":
    main()
