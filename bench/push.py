"""`memdir push --server` by batch size, beside `push --database`, on real parts: a
`memdir serve --database` subprocess on loopback (a fresh one a batch size, so its peak
RSS is that push's), a real PostgreSQL (a schema of its own), the real client.

    PYTHONPATH=src python bench/push.py --database "$MEMDIR_TEST_DATABASE_URL"

N entries (2,000) of real sizes (bench/data/real_memory/texts.jsonl, cycled, each made
unique) in the user and local scopes of a laptop's home are pushed with ``--apply`` by a
new user each run, so every run adds all of them into empty scopes. Per run: entries/s,
requests, p50/p95/max a request (client side), body bytes a request, the server's peak
RSS (VmHWM) and CPU, the load average. Figures and the choice: bench/README.md ("Push").
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from dulwich.repo import Repo

import memdir
from memdir.core.changes import AddOp
from memdir.pg import remote
from memdir.pg.transfer import entries_of, transfer
from scale import fresh_schema

DATA = Path(__file__).parent / "data" / "real_memory" / "texts.jsonl"
REMOTE = "https://git.example.test/acme/pushbench.git"
BATCHES = (25, 50, 100, 200, 400)


def _ops(n: int) -> list[tuple[str, AddOp]]:
    """``n`` entries of real sizes: a text's first line is its name, its first sentence
    its description; ~70 % local, the rest user scope (a home's usual mix). Texts the
    guard refuses are left out (its refusals are not what this measures)."""
    from memdir import guard
    from memdir.core.errors import GuardError

    kept = []
    for line in DATA.read_text().splitlines():
        text = json.loads(line)["text"]
        first = text.strip().splitlines()[0].lstrip("#- ").strip() or "note"
        description = " ".join(text.split())[:140] or first
        try:
            guard.check(f"{first[:60]}\n{description}\n{text}")
        except GuardError:
            continue
        kept.append((first[:60], description, text))
    out = []
    for i in range(n):
        name, description, text = kept[i % len(kept)]
        op = AddOp("feedback", f"{name} {i}", description, f"{text}\n\n(entry {i})")
        out.append(("user" if i % 10 < 3 else "local", op))
    return out


def _home(tmp: Path, checkout: Path, n: int) -> memdir.Memdir:
    local = memdir.open(tmp / "laptop", checkout, database_url="")
    ops = _ops(n)
    for scope in ("user", "local"):
        local.store(scope).apply([op for s, op in ops if s == scope])
    return local


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _proc_kib(pid: int, key: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(key + ":"):
            return int(line.split()[1])
    return 0


def _cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _load() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


class Timed(remote.Server):
    """The real client, each request's seconds and body bytes noted."""

    def __init__(self, url: str, token: str) -> None:
        super().__init__(url, token)
        self.seconds: list[float] = []
        self.sizes: list[int] = []

    def call(self, method: str, path: str, project: str | None, body: Any = None, **kw: Any) -> Any:
        self.sizes.append(len(json.dumps(body).encode()) if body is not None else 0)
        start = time.perf_counter()
        try:
            return super().call(method, path, project, body, **kw)
        finally:
            self.seconds.append(time.perf_counter() - start)


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def _user(env: dict[str, str], url: str, name: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "memdir", "serve", "--database", url, "users", "add", name],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.strip()


def _serve(env: dict[str, str], url: str) -> tuple[subprocess.Popen[bytes], str]:
    port = _free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "memdir", "serve", "--database", url, "--port", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 60
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return proc, f"http://127.0.0.1:{port}"
        except OSError as exc:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"serve did not start: {proc.communicate()[1]!r}") from exc
            time.sleep(0.05)


def _by_server(env: dict[str, str], url: str, local: memdir.Memdir, batch: int) -> dict[str, Any]:
    token = _user(env, url, f"b{batch}{secrets.token_hex(2)}")
    proc, address = _serve(env, url)
    try:
        rss0 = _proc_kib(proc.pid, "VmRSS")
        remote.BATCH_ENTRIES = batch
        client = Timed(address, token)
        load0, start = _load(), time.perf_counter()
        done = remote.push(client, local, apply=True)
        wall = time.perf_counter() - start
        peak, cpu = _proc_kib(proc.pid, "VmHWM"), _cpu(proc.pid)
    finally:
        proc.terminate()
        err = proc.communicate(timeout=60)[1]
    if b"Traceback" in err:
        raise SystemExit(err.decode()[-2000:])
    return {
        "route": "--server",
        "batch": batch,
        "counts": done.counts(),
        "wall": wall,
        "requests": len(client.seconds),
        "p50": _pct(client.seconds, 0.5),
        "p95": _pct(client.seconds, 0.95),
        "max": max(client.seconds),
        "body_p50": _pct([float(s) for s in client.sizes], 0.5),
        "body_max": max(client.sizes),
        "rss0": rss0 / 1024,
        "rss_peak": peak / 1024,
        "cpu": cpu,
        "load": f"{load0} → {_load()}",
    }


def _by_database(env: dict[str, str], url: str, local: memdir.Memdir, home: Path) -> dict[str, Any]:
    name = f"db{secrets.token_hex(2)}"
    _user(env, url, name)
    team = memdir.open(home, local.project_root, database_url=url, user=name)
    side, notes = entries_of(local)
    load0, start, cpu0 = _load(), time.perf_counter(), time.process_time()
    done = transfer(side, team, apply=True, notes=notes)
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu0
    team.close()
    return {
        "route": "--database",
        "batch": None,
        "counts": done.counts(),
        "wall": wall,
        "requests": 0,
        "cpu": cpu,
        "load": f"{load0} → {_load()}",
    }


def _row(r: dict[str, Any], n: int) -> str:
    rate = n / r["wall"]
    if r["route"] == "--database":
        return (
            f"| --database | — | — | {rate:.1f} | — | — | — | — | — | — | "
            f"{r['cpu']:.1f} (in-process) | {r['load']} |"
        )
    return (
        f"| --server | {r['batch']} | {r['requests']} | {rate:.1f} | {r['p50'] * 1000:.0f} | "
        f"{r['p95'] * 1000:.0f} | {r['max'] * 1000:.0f} | {r['body_p50'] / 1024:.0f} | "
        f"{r['body_max'] / 1024:.0f} | {r['rss0']:.0f} → {r['rss_peak']:.0f} | "
        f"{r['cpu']:.1f} | {r['load']} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", default=os.environ.get("MEMDIR_TEST_DATABASE_URL"))
    parser.add_argument("--entries", type=int, default=2000)
    parser.add_argument("--batches", default=",".join(map(str, BATCHES)))
    args = parser.parse_args()
    if not args.database:
        raise SystemExit("give --database URL (or MEMDIR_TEST_DATABASE_URL)")
    _, url = fresh_schema(args.database, "pushbench")
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        checkout = tmp / "checkout"
        checkout.mkdir()
        repo = Repo.init(str(checkout))
        config = repo.get_config()
        config.set((b"remote", b"origin"), b"url", REMOTE.encode())
        config.write_to_path()
        repo.close()
        env = {
            **os.environ,
            "MEMDIR_HOME": str(tmp / "server"),
            "MEMDIR_MANAGED_DIR": str(tmp / "managed"),
            "MEMDIR_BACKGROUND": "0",
        }
        env.pop("MEMDIR_DATABASE_URL", None)
        os.environ.update({k: env[k] for k in ("MEMDIR_MANAGED_DIR", "MEMDIR_BACKGROUND")})
        local = _home(tmp, checkout.resolve(), args.entries)
        remote.BATCH = 1024 * 1024 - 16 * 1024  # the count alone splits: bytes are measured
        rows = [_by_database(env, url, local, tmp / "server")]
        print(json.dumps(rows[-1], default=str), file=sys.stderr)
        for batch in map(int, args.batches.split(",")):
            rows.append(_by_server(env, url, local, batch))
            print(json.dumps(rows[-1], default=str), file=sys.stderr)
    n = args.entries
    print(f"\n{n} entries ({rows[0]['counts']}), PostgreSQL {args.database.split('@')[-1]}")
    print(
        "| route | batch | requests | entries/s | p50 ms | p95 ms | max ms | body KiB p50 | "
        "body KiB max | server RSS MiB start → peak | CPU s | load |"
    )
    print("|---" * 12 + "|")
    for r in rows:
        print(_row(r, n))


if __name__ == "__main__":
    main()
