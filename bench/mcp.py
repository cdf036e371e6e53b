"""memdir's MCP server: tool-call round trips per second and latency, stdio and HTTP.

Run from the repository root (``make bench`` runs it too)::

    .venv/bin/python bench/mcp.py            # 200 calls per client
    .venv/bin/python bench/mcp.py --quick    # 40 calls per client

Every row is real: `memdir mcp` subprocesses behind the SDK's stdio client (one server
process per client, as harnesses run it), or one `memdir serve` on a free loopback port
behind the SDK's streamable-HTTP client, in a fresh temporary home seeded with 50
entries. Reads are `memory_search`, writes are `memory` adds (each a git commit too).
Nothing here is a test assertion (see DESIGN.md, "Conventions").
"""

from __future__ import annotations

import argparse
import os
import platform
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

# This file is named mcp.py, like the SDK: keep its folder off the path so `import mcp`
# finds the SDK, not this script.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).parent.resolve()]

import anyio  # noqa: E402
from mcp import Client, StdioServerParameters  # noqa: E402
from mcp.client.streamable_http import streamable_http_client  # noqa: E402
from mcp.shared._httpx_utils import create_mcp_http_client  # noqa: E402

import memdir  # noqa: E402


def _seed(home: Path, project: Path) -> None:
    store = memdir.open(home, project).store("local")
    store.apply(
        [
            memdir.AddOp(
                "reference",
                f"Fact {i}",
                f"hook {i}",
                f"Fact {i}: the service on port {8000 + i} runs job {i}.",
            )
            for i in range(50)
        ]
    )


async def _client_run(
    client: Client,
    calls: int,
    tag: str,
    write: bool,
    ready: list[int],
    go: anyio.Event,
    clients: int,
) -> list[float]:
    lat = []
    async with client as c:
        await c.call_tool("memory_search", {"query": "warm up"})
        ready.append(1)
        if len(ready) == clients:
            go.set()
        await go.wait()  # every client connected and warm: time the calls alone
        for i in range(calls):
            args: dict[str, Any] = (
                {
                    "action": "add",
                    "type": "reference",
                    "name": f"Bench {tag} {i}",
                    "description": f"bench {tag} {i}",
                    "body": f"Benchmark entry {tag}/{i}.",
                }
                if write
                else {"query": f"service port job {i % 50}"}
            )
            t = time.perf_counter()
            result = await c.call_tool("memory" if write else "memory_search", args)
            lat.append(time.perf_counter() - t)
            if result.is_error:
                raise SystemExit(f"tool call failed: {result.content}")
        ready.append(-1)  # a client done; the last one's time ends the row
        finished = time.perf_counter()
    lat.append(-finished)  # carried out with the latencies, split off by the caller
    return lat


async def _many(
    make: Any, clients: int, calls: int, write: bool, tag: str
) -> tuple[float, list[float]]:
    results: list[list[float]] = [[] for _ in range(clients)]
    ready: list[int] = []
    go = anyio.Event()
    started: list[float] = []

    async def one(n: int) -> None:
        results[n] = await _client_run(make(), calls, f"{tag}{n}", write, ready, go, clients)

    async def clock() -> None:
        await go.wait()
        started.append(time.perf_counter())

    async with anyio.create_task_group() as tg:
        tg.start_soon(clock)
        for n in range(clients):
            tg.start_soon(one, n)
    end = max(-r.pop() for r in results)
    return end - started[0], [x for r in results for x in r]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _row(name: str, wall: float, lat: list[float]) -> str:
    lat.sort()
    p95 = lat[min(len(lat) - 1, int(len(lat) * 0.95))]
    return (
        f"{name:<34} {len(lat) / wall:>9.0f}  {statistics.median(lat) * 1e3:>8.2f}  "
        f"{p95 * 1e3:>8.2f}  {len(lat):>6}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="40 calls per client")
    parser.add_argument("--calls", type=int, default=200, help="calls per client")
    args = parser.parse_args()
    calls = 40 if args.quick else args.calls
    tmp = Path(tempfile.mkdtemp(prefix="memdir-bench-mcp-"))
    home, project = tmp / "home", tmp / "project"
    project.mkdir()
    _seed(home, project)
    env = {**os.environ, "MEMDIR_HOME": str(home), "MEMDIR_MANAGED_DIR": str(tmp / "managed")}
    cmd = [sys.executable, "-m", "memdir", "-C", str(project)]

    def stdio() -> Client:
        return Client(StdioServerParameters(command=cmd[0], args=[*cmd[1:], "mcp"], env=env))

    token = subprocess.run(
        [*cmd, "serve", "--print-token"], env=env, check=True, capture_output=True, text=True
    ).stdout.strip()
    port = _free_port()
    server = subprocess.Popen(
        [*cmd, "serve", "--port", str(port)], env=env, stderr=subprocess.DEVNULL
    )
    url = f"http://127.0.0.1:{port}/mcp"

    def http() -> Client:
        # the project as a client without MCP roots names it (one server, many projects)
        headers = {"Authorization": f"Bearer {token}", "X-Memdir-Project": str(project)}
        return Client(streamable_http_client(url, http_client=create_mcp_http_client(headers)))

    rows = []
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise SystemExit("memdir serve did not start") from None
                time.sleep(0.05)
        plan = [
            ("stdio, 1 client, memory_search", stdio, 1, False),
            ("stdio, 4 clients, memory_search", stdio, 4, False),
            ("HTTP, 1 client, memory_search", http, 1, False),
            ("HTTP, 4 clients, memory_search", http, 4, False),
            ("stdio, 4 clients, memory add", stdio, 4, True),
            ("HTTP, 4 clients, memory add", http, 4, True),
        ]
        for i, (name, make, clients, write) in enumerate(plan):
            wall, lat = anyio.run(_many, make, clients, calls, write, f"r{i}c")
            rows.append(_row(name, wall, lat))
    finally:
        server.terminate()
        server.wait(timeout=30)
    print(f"bench/mcp.py — {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    print(
        f"machine: {os.cpu_count()} cores; Python {platform.python_version()} on "
        f"{platform.system()}; {calls} calls per client; 50 seeded entries"
    )
    print()
    print(
        f"{'transport, clients, tool':<34} {'calls/s':>9}  {'p50 ms':>8}  {'p95 ms':>8}  "
        f"{'calls':>6}"
    )
    print(f"{'-' * 34} {'-' * 9}  {'-' * 8}  {'-' * 8}  {'-' * 6}")
    print("\n".join(rows))
    print()
    print(
        "stdio: one `memdir mcp` process per client (how harnesses launch it); HTTP: one "
        "`memdir serve` for all clients, library calls serialised on one worker thread."
    )
    print(
        "calls/s: all clients' calls over the wall time of the row; latency: per call, "
        "client side, including JSON-RPC framing and (HTTP) the bearer-token check."
    )


if __name__ == "__main__":
    main()
