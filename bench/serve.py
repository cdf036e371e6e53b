"""The team server: many `memdir serve --database` processes, many MCP clients, one killed.

Run from the repository root with a PostgreSQL database it may fill::

    MEMDIR_TEST_DATABASE_URL=postgresql://… .venv/bin/python bench/serve.py            # 60 s
    MEMDIR_TEST_DATABASE_URL=postgresql://… .venv/bin/python bench/serve.py --seconds 20

For 1, 2 and 3 server processes (each with its own home, as on separate machines) on one
fresh schema, ``--clients`` real MCP clients (the SDK's streamable-HTTP client, spread
round-robin over the processes, 4 users granted one project) run a mixed loop for
``--seconds``: add / replace / remove their own project entries, memory_search, log. In the
3-process run one process is SIGKILLed half-way; its clients reconnect to another. Then:
every acknowledged write is present exactly once (or absent when its removal was
acknowledged), the stored bytes equal the newest version in the history, and a write
acknowledged on one process is found by a new session on every other (latency printed).
The same mix against today's single `memdir serve` (files + git) is the baseline row.
Nothing here is a test assertion (see DESIGN.md, "Conventions"). ``--only-kill``: just
the run with the SIGKILL; ``--team-only``: no files-server row. Beside the servers' CPU
the table gives the bench process's (the clients: 100 is one core saturated, when they
would be the ceiling) and PostgreSQL's (its postmaster's children, on this machine).

The ledger's rule. A write is acknowledged when its answer is a success; the entry it
changed is the id that answer names. An entry whose last write got no answer (its
process was killed) or an error answer is *uncertain* — it may or may not have been
applied — and is left out of the check (the ``unchecked`` column counts them); a later
acknowledged write to it makes it certain again. The kill cannot reorder these: a dead
process's transaction commits only if its COMMIT was sent while it held the scope lock,
i.e. before the client saw the failure and wrote elsewhere. memdir resolves a target that
names no entry as a unique substring of another entry's id, name, description or body
(``changes.resolve``; since then the id of a removed entry is an error instead), so a
target removed by an unanswered call could land on another entry; entry names are
therefore fixed-width (``c3 e000016``): no target is inside another entry's text, a
missing one is an error answer, and a write acknowledged on another entry than its target
can only be a server error (counted as wrong). With the
earlier names (``c3 e1``, ``c3 e16``) a replace of ``project_c3-e1`` after its remove was
committed on the killed process but never answered changed ``project_c3-e16``, and the
ledger, keyed by the target, reported it as "1 lost / 1 wrong".
"""

from __future__ import annotations

import argparse
import os
import resource
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

# bench/mcp.py shares the SDK's name: keep this folder off the path so `import mcp` finds
# the SDK.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).parent.resolve()]

import anyio  # noqa: E402
import psycopg  # noqa: E402
from dulwich.repo import Repo  # noqa: E402
from mcp import Client  # noqa: E402
from mcp.client.streamable_http import streamable_http_client  # noqa: E402
from mcp.shared._httpx_utils import create_mcp_http_client  # noqa: E402

import memdir  # noqa: E402
from memdir.core.slug import entry_id  # noqa: E402
from memdir.core.storage.base import INDEX_NAME  # noqa: E402

REMOTE = "https://git.example.test/acme/bench.git"
USERS = ("u0", "u1", "u2", "u3")
OPS = ("add", "replace", "remove", "search", "log")
CHECKS = ("lost", "dup", "wrong", "history_drift", "unchecked")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _stat(pid: int) -> list[str]:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return []


def _cpu(pid: int) -> float:
    """User + system CPU seconds of a process (Linux /proc)."""
    fields = _stat(pid)
    if not fields:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _pg_cpu(url: str) -> dict[int, float]:
    """CPU seconds of each process of the PostgreSQL server behind ``url`` (its
    postmaster's children; this machine only, else empty)."""
    try:
        with psycopg.connect(url, autocommit=True) as conn:
            row = conn.execute("SELECT pg_backend_pid()").fetchone()
    except psycopg.Error:
        return {}
    fields = _stat(int(row[0])) if row else []
    if not fields:
        return {}
    master = int(fields[1])
    out = {}
    for d in Path("/proc").iterdir():
        if d.name.isdigit() and (f := _stat(int(d.name))) and int(f[1]) == master:
            out[int(d.name)] = _cpu(int(d.name))
    return out


class Server:
    def __init__(self, env: dict[str, str], args: list[str], home: Path) -> None:
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}/mcp"
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "memdir", "serve", "--port", str(self.port), *args],
            env={**env, "MEMDIR_HOME": str(home)},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        self.cpu = 0.0
        deadline = time.monotonic() + 60
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError as exc:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    why = self.proc.communicate()[1]
                    raise SystemExit(f"serve did not start: {why!r}") from exc
                time.sleep(0.05)

    @property
    def alive(self) -> bool:
        return self.proc.poll() is None

    def stop(self, sig: int = signal.SIGTERM) -> None:
        if self.alive:
            self.cpu = _cpu(self.proc.pid)
            self.proc.send_signal(sig)
        self.proc.wait(timeout=30)


def _client(url: str, token: str, roots: list[Path]) -> Client:
    http = create_mcp_http_client(headers={"Authorization": f"Bearer {token}"}, timeout=60)
    transport = streamable_http_client(url, http_client=http)

    async def list_roots(ctx: Any) -> Any:
        from mcp import types

        return types.ListRootsResult(roots=[types.Root(uri=f.as_uri()) for f in roots])

    return Client(transport, list_roots_callback=list_roots)


class Ledger:
    """What the server acknowledged, per entry id — the id its answer names. ``state``:
    each entry's last acknowledged body (None: removed); ``uncertain``: entries whose last
    write got no answer or an error answer (applied or not, nobody knows), left out of
    the check and counted; ``misdirected``: writes acknowledged on another entry than
    their target (see the module docstring: an error, counted as wrong)."""

    def __init__(self) -> None:
        self.state: dict[str, str | None] = {}
        self.uncertain: set[str] = set()
        self.misdirected = 0
        self.lat: dict[str, list[float]] = defaultdict(list)
        self.failed: dict[str, int] = defaultdict(int)

    def acknowledged(self, target: str, changed: str, body: str | None) -> None:
        """The server answered success for a write to ``target``, naming ``changed``."""
        self.misdirected += changed != target
        self.uncertain.discard(target)  # a misdirected target: its last state is checked
        self.uncertain.discard(changed)
        self.state[changed] = body


async def _worker(
    n: int,
    servers: list[Server],
    tokens: dict[str, str],
    roots: list[Path],
    until: float,
    ledger: Ledger,
    mix: tuple[str, ...] = OPS,
) -> None:
    user = USERS[n % len(USERS)]
    mine: list[str] = []
    i = 0
    pick = n
    while time.monotonic() < until:
        live = [s for s in servers if s.alive]
        server = live[pick % len(live)]
        try:
            async with _client(server.url, tokens[user], roots) as c:
                while time.monotonic() < until:
                    op = mix[i % len(mix)]
                    op = "add" if op in ("replace", "remove") and not mine else op
                    i += 1
                    target = ""  # the entry id a write means
                    if op == "add":
                        name = f"c{n} e{i:06d}"  # fixed width: no id inside another
                        target = entry_id("project", name)
                        args: dict[str, Any] = {
                            "action": "add",
                            "type": "project",
                            "name": name,
                            "description": f"entry {i} of client {n}",
                            "body": f"Body {i} of client {n}.",
                            "scope": "project",
                        }
                        tool = "memory"
                    elif op in ("replace", "remove") and mine:
                        target = mine[i % len(mine)]
                        args = {"action": op, "target": target, "scope": "project"}
                        if op == "replace":
                            args["body"] = f"Replaced at {i} by client {n}."
                        tool = "memory"
                    elif op == "log":
                        tool, args = "log", {"role": "user", "content": f"client {n} turn {i}"}
                    else:
                        op, tool = "search", "memory_search"
                        args = {"query": f"entry {i % 50} client"}
                    t = time.perf_counter()
                    if target:
                        ledger.uncertain.add(target)  # until an answer says otherwise
                    result = await c.call_tool(tool, args)
                    ledger.lat[op].append(time.perf_counter() - t)
                    if result.is_error:
                        ledger.failed[op] += 1
                        continue
                    if target:
                        changed = str((result.structured_content or {})["results"][0]["id"])
                        body = None if op == "remove" else args["body"]
                        ledger.acknowledged(target, changed, body)
                        if op == "add":
                            mine.append(changed)
                        elif op == "remove":
                            mine[:] = [e for e in mine if e not in (target, changed)]
        except Exception:  # noqa: BLE001 — the process under this client was killed
            ledger.failed["connection"] += 1
            pick += 1
            await anyio.sleep(0.05)


def _verify(url: str, project: Path, home: Path, ledger: Ledger) -> dict[str, int]:
    """Acknowledged writes present once, removed ones absent, bytes equal to history."""
    md = memdir.open(home, project, database_url=url, user=USERS[0])
    store = md.store("project")
    active = {e.id: e for e in store.list()}
    names = Counter(e.name for e in active.values())
    lost = dup = 0
    wrong = ledger.misdirected
    for entry_id_, body in ledger.state.items():
        if entry_id_ in ledger.uncertain:
            continue
        found = active.get(entry_id_)
        if found is not None and names[found.name] > 1:
            dup += 1
        if body is None:
            wrong += found is not None
        elif found is None:
            lost += 1
        elif found.body != body:
            wrong += 1
    history = store.history
    assert history is not None
    head = history.head()
    tree = history.files(head) if head else {}
    stored = {*store.backend.listing(), *store.backend.listing(archive=True), INDEX_NAME}

    def read(name: str) -> bytes | None:
        try:
            return store.backend.read(name)
        except FileNotFoundError:
            return None

    drift = sum(tree.get(n) != read(n) for n in stored | set(tree))  # either side missing
    return {
        "lost": lost,
        "dup": dup,
        "wrong": wrong,
        "history_drift": drift,
        "unchecked": len(ledger.uncertain & set(ledger.state)),
    }


async def _visible(servers: list[Server], tokens: dict[str, str], roots: list[Path]) -> float:
    """Worst time for a write acknowledged on one process to be found by a new session on
    each other (polled)."""
    worst = 0.0
    live = [s for s in servers if s.alive]
    for a in live:
        name = f"visible {secrets.token_hex(4)}"
        async with _client(a.url, tokens["u0"], roots) as c:
            args = {"action": "add", "type": "project", "name": name, "description": name}
            await c.call_tool("memory", {**args, "body": f"{name}.", "scope": "project"})
        done = time.perf_counter()
        for b in live:
            if b is a:
                continue
            while True:
                async with _client(b.url, tokens["u1"], roots) as c:
                    result = await c.call_tool("memory_read", {"id": name})
                if not result.is_error:
                    break
                if time.perf_counter() - done > 10:
                    return float("inf")
            worst = max(worst, time.perf_counter() - done)
    return worst


def _schema(base: str) -> str:
    schema = f"bench_{secrets.token_hex(4)}"
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    sep = "&" if "?" in base else "?"
    return f"{base}{sep}options=-csearch_path%3D{schema}"


def _run(
    base: str | None, procs: int, args: argparse.Namespace, tmp: Path, kill: bool
) -> tuple[str, Ledger, float, tuple[float, float, float], dict[str, int], float]:
    env = {**os.environ, "MEMDIR_BACKGROUND": "0", "MEMDIR_MANAGED_DIR": str(tmp / "m")}
    env.pop("MEMDIR_DATABASE_URL", None)
    run = tmp / f"run-{procs}-{'pg' if base else 'files'}"
    project = run / "project"
    project.mkdir(parents=True)
    repo = Repo.init(str(project))
    config = repo.get_config()
    config.set((b"remote", b"origin"), b"url", REMOTE.encode())
    config.write_to_path()
    roots = [project.resolve()]
    tokens: dict[str, str] = {}
    if base is not None:
        url = _schema(base)
        from memdir.pg import users
        from memdir.pg.db import PgDatabase

        db = PgDatabase(url)
        for user in USERS:
            tokens[user] = users.add(db, user)
            users.grant(db, user, REMOTE)
        db.close()
        servers = [
            Server(env, ["--database", url, "--threads", str(args.threads)], run / f"home{i}")
            for i in range(procs)
        ]
        label = f"team server, {procs} process{'es' if procs > 1 else ''}"
    else:
        url = ""
        home = run / "home0"
        token = subprocess.run(
            [sys.executable, "-m", "memdir", "serve", "--print-token"],
            env={**env, "MEMDIR_HOME": str(home)},
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        tokens = dict.fromkeys(USERS, token)
        servers = [Server(env, [], home)]
        label = "today's serve (files + git)"
    ledger = Ledger()

    async def main() -> float:
        until = time.monotonic() + args.seconds
        async with anyio.create_task_group() as tg:
            for n in range(args.clients):
                tg.start_soon(_worker, n, servers, tokens, roots, until, ledger, args.mix)
            if kill:
                await anyio.sleep(args.seconds / 2)
                servers[-1].stop(signal.SIGKILL)
        return await _visible(servers, tokens, roots) if base else 0.0

    pg_before = _pg_cpu(base) if base else {}
    mine = resource.getrusage(resource.RUSAGE_SELF)
    started = time.perf_counter()
    visible = anyio.run(main)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_SELF)
    clients = after.ru_utime + after.ru_stime - mine.ru_utime - mine.ru_stime
    pg = sum(t - pg_before.get(pid, 0.0) for pid, t in (_pg_cpu(base) if base else {}).items())
    for s in servers:
        s.cpu = _cpu(s.proc.pid) if s.alive else s.cpu
    cpu = sum(s.cpu for s in servers)
    for s in servers:
        s.stop()
    checks = _verify(url, project, run / "verify", ledger) if base else dict.fromkeys(CHECKS, -1)
    label += " (1 SIGKILLed)" if kill else ""
    return label, ledger, wall, (cpu, clients, pg), checks, visible


def _pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * q))] * 1e3 if values else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--threads", type=int, default=16)
    parser.add_argument("--processes", type=int, default=3)
    parser.add_argument(
        "--only-kill", action="store_true", help="only the run with the SIGKILL (its checks)"
    )
    parser.add_argument("--team-only", action="store_true", help="no files-server row")
    parser.add_argument(
        "--mix",
        type=lambda s: tuple(s.split(",")),
        default=OPS,
        help=f"the clients' loop, comma-separated from {','.join(OPS)} (default: all)",
    )
    args = parser.parse_args()
    if not args.mix or set(args.mix) - set(OPS):
        parser.error(f"--mix takes ops from {','.join(OPS)}")
    if "remove" in args.mix and "add" not in args.mix:  # a remove needs an entry to remove
        parser.error("--mix with remove needs add too")
    base = os.environ.get("MEMDIR_TEST_DATABASE_URL")
    if not base:
        raise SystemExit("set MEMDIR_TEST_DATABASE_URL to a PostgreSQL database to fill")
    tmp = Path(tempfile.mkdtemp(prefix="memdir-bench-serve-"))
    files = not (args.only_kill or args.team_only)
    rows = [_run(None, 1, args, tmp, kill=False)] if files else []
    for procs in range(args.processes if args.only_kill else 1, args.processes + 1):
        rows.append(_run(base, procs, args, tmp, kill=procs == args.processes and procs > 1))
    print(f"bench/serve.py — {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    print(
        f"{args.clients} MCP clients (SDK, streamable HTTP), {args.seconds:.0f} s each, "
        f"mix {'/'.join(args.mix)}; --threads {args.threads}; {os.cpu_count()} cores shared "
        f"with the clients and PostgreSQL"
    )
    print()
    ops = [op for op in OPS if op in args.mix]
    head = f"{'server':<40} {'calls/s':>8} {'cpu%':>5} {'ms/call':>7} {'cli%':>5} {'pg%':>5}"
    head += "".join(f" {op + ' p50/p95 ms':>20}" for op in ops)
    labels = [k.replace("history_", "") for k in CHECKS]
    print(head + f" {'errors':>7}  {' '.join(f'{k:>5}' for k in labels)}  visible")
    widths = [max(5, len(k)) for k in labels]
    for label, ledger, wall, (cpu, cli, pg), checks, visible in rows:
        calls = sum(len(v) for v in ledger.lat.values())
        cells = "".join(
            f" {_pct(ledger.lat[op], 0.5):>9.1f}/{_pct(ledger.lat[op], 0.95):<9.1f}" for op in ops
        )
        errors = sum(ledger.failed.values())
        check = " ".join(f"{checks[k]:>{w}}" for k, w in zip(CHECKS, widths, strict=True))
        seen = f"{visible * 1e3:.0f} ms" if visible else "-"
        print(
            f"{label:<40} {calls / wall:>8.1f} {cpu / wall * 100:>5.0f} "
            f"{cpu / max(calls, 1) * 1e3:>7.2f} {cli / wall * 100:>5.0f} "
            f"{pg / wall * 100:>5.0f}{cells} {errors:>7}  "
            f"{check}  {seen}"
        )
    print()
    print("cpu%: the servers' CPU; ms/call: the servers' CPU ms per call; cli%: the bench")
    print("process's (the MCP clients, one Python process: 100 is one core saturated); pg%:")
    print("PostgreSQL's processes; % of one core.")
    print("errors: tool errors (e.g. a replace racing a remove) + connections lost to the kill;")
    print("lost/dup/wrong: acknowledged writes missing, duplicated, with another body or")
    print("acknowledged on another entry than their target (-1: not checked); drift: stored files")
    print("that differ from the history's newest version; unchecked: entries left out because")
    print("their last write got no answer (the kill) or an error answer.")


if __name__ == "__main__":
    main()
