"""team51: issue 17's last leftovers on the team server. Ctrl-C during push --server names
the entries it did not send as too big; such an entry's move has an action of its own
(`unsent`), not a reason's words; the body-limit header on a tool call's answer whose
token check is deferred to the call's worker thread; the push's probe against a real
older server (d1c07a88); MCP connections initialised and never used, bounded per user.
Real PostgreSQL, real HTTP on loopback, the real CLI as a subprocess, the real MCP SDK.
Each test of items 1, 2 and 5 failed on main 6fdfc7ab (run once with `git archive main src`
as PYTHONPATH); the header test and the d1c07a88 test pass there too (no defect found):
each fails when the line it pins is broken (checked once)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client

import memdir
import webserver
from conftest import pg_schema
from memdir.pg import remote
from test_team_push_server import _files, _laptop, _run, _three
from test_team_push_server import team as team
from test_team_rvteam50 import TOKEN, _Fake, _main_src
from test_team_server import SHARED, Team, _add, run_cli
from webserver import (
    mcp_delete,
    mcp_initialize,
    mcp_use,
    memdir_serving,
    serve_env,
    serving,
    start_server,
)

UNUSED_PER_USER, PER_USER = 64, 256  # memdir.serve's
_MEMDIR = (sys.executable, "-m", "memdir", "-C")

pytestmark = pytest.mark.slow


def _notes(tmp: Path, sizes: dict[str, int]) -> None:
    """User entries of those body sizes in the laptop home ``tmp/laptop`` (checkout
    ``tmp/project``, no remote)."""
    (tmp / "project").mkdir(exist_ok=True)
    md = memdir.open(tmp / "laptop", tmp / "project", database_url="")
    for name, n in sizes.items():
        md.store("user").add(type="user", name=name, description="d", body="x" * n)
    md.close()


def _push_env(tmp: Path, server: str) -> dict[str, str]:
    env = {
        **os.environ,
        "MEMDIR_HOME": str(tmp / "laptop"),
        "MEMDIR_MANAGED_DIR": str(tmp / "m"),
        "MEMDIR_SERVER": server,
        "MEMDIR_TOKEN": TOKEN,
        "NO_COLOR": "1",
        "COLUMNS": "200",
    }
    for key in ("MEMDIR_DATABASE_URL", "MEMDIR_USER", "MEMDIR_DISABLE"):
        env.pop(key, None)
    return env


# -- 1. Ctrl-C during push --server names what it did not send -------------------------------


class _StallThird(_Fake):
    """Announces its limit; the third POST (the probe, batch 1, then batch 2) gets no
    answer until ``release`` is set (a slow server): ``stalled`` is set when it arrives."""

    def __init__(self, announce: bytes) -> None:
        super().__init__([], announce)
        self.posts = 0
        self.stalled = threading.Event()
        self.release = threading.Event()

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http" and scope["method"] == "POST":
            self.posts += 1
            if self.posts == 3:
                while (await receive()).get("more_body"):
                    pass
                self.stalled.set()
                deadline = time.monotonic() + 120
                while not self.release.is_set() and time.monotonic() < deadline:
                    await anyio.sleep(0.05)
                return
        await super().__call__(scope, receive, send)


def _interrupted_push(tmp_path: Path, fake: Any, *args: str) -> tuple[int, str, str]:
    """Run ``memdir push ARGS`` against ``fake`` (a loopback server with ``stalled`` and
    ``release`` events), press Ctrl-C once it stalls; (exit status, stdout, stderr)."""
    with serving(fake) as url:
        proc = subprocess.Popen(
            [*_MEMDIR, str(tmp_path / "project"), "push", *args],
            env=_push_env(tmp_path, url),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            # a job started in the background inherits SIGINT ignored (POSIX); Python then
            # never raises KeyboardInterrupt, so the Ctrl-C under test must be restored
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        )
        try:
            assert fake.stalled.wait(120), proc.communicate(timeout=30)
            proc.send_signal(signal.SIGINT)
            out, err = proc.communicate(timeout=120)
        finally:
            fake.release.set()
            if proc.poll() is None:
                proc.kill()
                proc.communicate()
    return proc.returncode, out, err


def test_ctrl_c_during_a_push_names_the_entry_too_big_and_promises_the_rest_only(
    tmp_path: Path,
) -> None:
    # before: "Interrupted: … Run the same command again to write the rest" — the entry
    # too big for the server is not named, and the re-run promised leaves it unsent again
    _notes(tmp_path, {"Note a": 1500, "Note b": 5000, "Note c": 1500})  # b over 3,000
    fake = _StallThird(b"3000")
    code, out, err = _interrupted_push(tmp_path, fake, "--apply")
    assert fake.posts == 3, fake.requests  # the scenario holds: batch 2 of [a], [c]
    assert code == 1, out + err  # as every failed or interrupted push
    assert "Traceback" not in err, err
    assert "Interrupted: at least 0 of 2 entries were written" in err, err
    assert "write the rest but the entry too big (below)" in err, err
    assert "user_note-b" in err and "too big for the server's limit of 3,000" in err, err
    assert "user_note-a" not in err and "user_note-c" not in err, err


def test_ctrl_c_during_a_dry_run_push_names_the_entry_too_big(tmp_path: Path) -> None:
    _notes(tmp_path, {"Note a": 1500, "Note b": 5000, "Note c": 1500})
    fake = _StallThird(b"3000")
    code, out, err = _interrupted_push(tmp_path, fake)
    assert code == 1 and "Traceback" not in err, out + err
    assert "Interrupted: nothing was written (a dry run)." in err, err
    assert "user_note-b" in err and "not sent" in err, err


# -- 2. an entry too big has its own action -----------------------------------------------


def test_an_entry_too_big_is_unsent_in_json_and_the_push_exits_3(
    team: Team, tmp_path: Path
) -> None:
    # before: reported "refused", the guard's action; the exit status read the reason's words
    proc, url = team.serve("--max-body", "20000")
    try:
        _three(team, tmp_path, (1000, 30000, 1000)).close()
        env = _laptop(team, tmp_path, "laptop", "alice", url)
        for args in ((), ("--apply",)):
            got = _run(env, team.shared, "push", *args, "--json", ok=False)
            assert got.returncode == 3, got.stdout + got.stderr
            done = json.loads(got.stdout)
            assert done["counts"] == {"add": 2, "unsent": 1}, done
            (move,) = [m for m in done["moves"] if m["entry"] == "user_note-1"]
            assert move["action"] == "unsent" and "20,000" in move["reason"], move
        text = _run(env, team.shared, "push", "--apply", ok=False)
        assert text.returncode == 3, text.stdout + text.stderr
        (line,) = [x for x in text.stdout.splitlines() if "user_note-1" in x]
        assert line.startswith("unsent ") and "1 unsent" in text.stdout, text.stdout
        names = {f[1] for f in _files(team.url) if f[0].startswith("user:")}
        assert {"user_note-0.md", "user_note-2.md"} <= names, names
        assert "user_note-1.md" not in names, names
    finally:
        proc.terminate()
        proc.communicate(timeout=30)


class _RefusesWithTooBigWords(_Fake):
    """Answers every push with one entry refused (as the guard refuses one) whose reason
    happens to begin with the words a too-big entry's reason begins with."""

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http" and scope["method"] == "POST":
            while (await receive()).get("more_body"):
                pass
            move = {
                "scope": "user",
                "action": "refused",
                "entry": "user_note-a",
                "name": "Note a",
                "reason": f"{remote.TOO_BIG}? no: prompt-injection: an instruction",
            }
            answer = {"memdir": 1, "applied": True, "counts": {}, "notes": [], "moves": [move]}
            data = json.dumps(answer).encode()
            headers = [(b"content-type", b"application/json"), (b"x-memdir-max-body", b"50000")]
            await send({"type": "http.response.start", "status": 200, "headers": headers})
            await send({"type": "http.response.body", "body": data})
            return
        await super().__call__(scope, receive, send)


def test_no_reasons_wording_makes_a_push_exit_3(tmp_path: Path) -> None:
    # before: a refusal whose reason began "too big for the team server" exited 3
    _notes(tmp_path, {"Note a": 100})
    with serving(_RefusesWithTooBigWords([])) as url:
        got = subprocess.run(
            [*_MEMDIR, str(tmp_path / "project"), "push", "--apply", "--json"],
            env=_push_env(tmp_path, url),
            capture_output=True,
            text=True,
            timeout=120,
        )
    assert got.returncode == 0, got.stdout + got.stderr
    assert json.loads(got.stdout)["counts"] == {"refused": 1}, got.stdout


# -- 3. the body-limit header on a tool call's deferred answer --------------------------------


def _recording_client(url: str, token: str, roots: list[Path], seen: list[Any]) -> Any:
    """The SDK's client with ``roots``; ``seen`` gets (content type, X-Memdir-Max-Body or
    None, status, Mcp-Session-Id) of each answer to a tools/call."""
    from mcp import Client, types

    async def record(response: Any) -> None:
        method = json.loads(response.request.content or b"{}").get("method")
        if method == "tools/call":
            kind = response.headers.get("content-type", "").split(";")[0]
            header = response.headers.get("x-memdir-max-body")
            sid = response.request.headers.get("mcp-session-id")
            seen.append((kind, header, response.status_code, sid))

    http = create_mcp_http_client(headers={"Authorization": f"Bearer {token}"})
    http.event_hooks = {"response": [record]}
    transport = streamable_http_client(url, http_client=http)

    async def list_roots(ctx: Any) -> Any:
        return types.ListRootsResult(
            roots=[types.Root(uri=f.resolve().as_uri(), name=f.name) for f in roots]
        )

    return Client(transport, list_roots_callback=list_roots)


def _raw_call(url: str, token: str, sid: str) -> tuple[int, Any]:
    """(status, headers) of a raw tools/call on connection ``sid`` with ``token``."""
    params = {"name": "memory_search", "arguments": {"query": "tea"}}
    call = {"jsonrpc": "2.0", "id": 9, "method": "tools/call", "params": params}
    request = urllib.request.Request(
        url,
        json.dumps(call).encode(),
        {
            "Authorization": f"Bearer {token}",
            "Content-Type": "application/json",
            "Accept": "application/json, text/event-stream",
            "Mcp-Session-Id": sid,
            "Mcp-Protocol-Version": "2025-06-18",
        },
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            answer.read()
            return answer.status, answer.headers
    except urllib.error.HTTPError as exc:
        exc.read()
        return exc.code, exc.headers


def test_a_deferred_tool_calls_answer_tells_the_limit_to_a_live_token_only(
    team: Team,
) -> None:
    # a settled connection's tool call leaves its token's live check to the call's worker
    # thread (TokenCheck): its answer (plain JSON, started once the call is done) carries
    # the header only when that check passed; the first call's answer (SSE, started before
    # the call runs) after the gate's own check. A revoked token's answer never has it.
    proc, url = team.serve("--max-body", "70000")
    seen: list[Any] = []
    mark: list[int] = []

    async def calls() -> BaseException | None:
        async with _recording_client(url, team.tokens["alice"], [team.shared], seen) as c:
            assert not (await c.call_tool("memory", _add("Tea", "Tea."))).is_error
            for _ in range(3):  # settled: the token check deferred to the call
                assert not (await c.call_tool("memory_search", {"query": "tea"})).is_error
            mark.append(len(seen))
            team.admin("revoke", "alice")
            try:
                await c.call_tool("memory_search", {"query": "tea"})
            except Exception as exc:  # noqa: BLE001 — the refusal, as the SDK reports it
                return exc
        return None

    try:
        refused = anyio.run(calls)
        sid = seen[0][3]
        # on that connection: the revoked token again (forgotten: the gate's 403), a
        # token nobody made, and a live token of another user (told: it passed its check)
        after = [_raw_call(url, t, sid) for t in (team.tokens["alice"], "mdt_" + "0" * 60)]
        other = _raw_call(url, team.tokens["bob"], sid)
    finally:
        proc.terminate()
        proc.communicate(timeout=30)
    live, revoked = seen[: mark[0]], seen[mark[0] :]
    assert [k for k, *_ in live] == ["text/event-stream"] + ["application/json"] * 3, live
    assert all(h == "70000" and status == 200 for _, h, status, _ in live), live
    assert refused is not None and "revoked" in repr(refused), refused
    assert revoked and revoked[0][0] == "application/json", revoked  # the deferred path
    assert all(h is None for _, h, *_ in revoked), revoked
    assert [status for status, _ in after] == [403, 403], after
    assert all("x-memdir-max-body" not in headers for _, headers in after), after
    assert other[0] == 403 and other[1].get("x-memdir-max-body") == "70000", other


# -- 4. the push's probe against a real older server -----------------------------------------


def test_a_push_to_a_d1c07a88_server_completes_with_todays_batches(
    team: Team, tmp_path: Path
) -> None:
    # d1c07a88 announces no body limit: the probe (a dry run of nothing) must pass there,
    # and the batches stay 200 entries and 512 KiB, the default of a server that tells none
    older = {**team.env, "PYTHONPATH": str(_main_src(tmp_path)), "PYTHONDONTWRITEBYTECODE": "1"}
    with pg_schema() as url:  # a database d1c07a88 made (this memdir's steps are newer)
        for who in ("alice", "bob"):
            made = subprocess.run(
                [*_MEMDIR[:3], "serve", "--database", url, "users", "add", who],
                env=older, capture_output=True, text=True, check=True,
            )  # fmt: skip
            team.tokens[who] = made.stdout.strip()
            subprocess.run(
                [*_MEMDIR[:3], "serve", "--database", url, "users", "grant", who, SHARED],
                env=older, capture_output=True, check=True,
            )  # fmt: skip
        _push_to_an_older_server(team, tmp_path, older, url)


def _push_to_an_older_server(team: Team, tmp_path: Path, older: dict[str, str], db: str) -> None:
    proc, port = start_server(
        lambda port: subprocess.Popen(
            [sys.executable, "-m", "memdir", "serve", "--database", db, "--port", str(port)],
            env=older,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
    )
    try:
        url = f"http://127.0.0.1:{port}/mcp"
        for who, sizes in (("alice", [100] * 450), ("bob", [60000] * 10)):
            local = memdir.open(tmp_path / who, team.shared, database_url="")
            for k, n in enumerate(sizes):
                local.store("user").add(
                    type="user", name=f"Note {k}", description="d", body=f"{k} " + "x" * n
                )
            steps: list[int] = []

            def step(stage: str, n: int, total: int | None, steps: list[int] = steps) -> None:
                steps.append(n)

            to = remote.Server(url, team.tokens[who])
            done = remote.push(to, local, apply=False, progress=step)
            local.close()
            assert to.max_body is None  # the scenario holds: an older server tells none
            assert done.counts() == {"add": len(sizes)}, done.counts()
            # 200 entries a batch; 60 KB entries 8 to a batch (9 are over 512 KiB)
            assert steps == ([200, 400, 450] if who == "alice" else [8, 10]), steps
            env = _laptop(team, tmp_path, who, who, url)
            got = run_cli(env, team.shared, "push", "--apply", "--json")  # exit 0
            assert "Traceback" not in got.stderr, got.stderr
            assert json.loads(got.stdout)["counts"] == {"add": len(sizes)}, got.stdout
            again = _run(env, team.shared, "push", "--apply", "--json")
            assert again["counts"] == {"same": len(sizes)}, again
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=60)
    assert b"Traceback" not in err, err.decode()[-2000:]


# -- 5. connections initialised and never used ----------------------------------------------


def test_a_user_holds_at_most_64_connections_never_used(team: Team) -> None:
    # before: every initialize with a live token made a connection the server held for
    # 30 minutes (~43 KiB each), up to the SDK's 10,000 for all users together: one token
    # could take them all in under a minute, and every other user's initialize got 503
    proc, url = team.serve()
    alice = team.tokens["alice"]
    try:
        opened = [mcp_initialize(url, alice) for _ in range(UNUSED_PER_USER - 1)]
        assert all(status == 200 and sid for status, sid, _ in opened), opened

        async def use_one() -> None:  # the 64th, used: it no longer counts
            async with _recording_client(url, alice, [team.shared], []) as c:
                assert not (await c.call_tool("memory_search", {"query": "x"})).is_error
                status, sid, _ = mcp_initialize(url, alice)  # 64 never used now
                assert status == 200 and sid, status
                status, _, said = mcp_initialize(url, alice)  # one more: refused
                assert status == 429 and "never used" in said, (status, said)

        anyio.run(use_one)
        status, _, said = mcp_initialize(url, alice)
        assert status == 429 and "64 connections of yours" in said, (status, said)
        assert mcp_initialize(url, team.tokens["bob"])[0] == 200  # others are not shut out
        assert mcp_delete(url, alice, opened[0][1]) == 200  # a closed one frees its place
        assert mcp_initialize(url, alice)[0] == 200
        assert mcp_initialize(url, alice)[0] == 429
        # parallel ones count each other while answered: no more than the cap get in
        bob = team.tokens["bob"]  # who holds one never used already
        got: list[int] = []
        threads = [
            threading.Thread(target=lambda: got.append(mcp_initialize(url, bob)[0]))
            for _ in range(UNUSED_PER_USER + 8)
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=120)
        assert sorted(got) == [200] * (UNUSED_PER_USER - 1) + [429] * 9, got
        # a token nobody made, and no token: refused at the gate, nothing held
        assert mcp_initialize(url, "mdt_" + "0" * 60)[0] == 403
    finally:
        proc.terminate()
        proc.communicate(timeout=30)


def test_a_user_holds_at_most_256_connections(team: Team) -> None:
    # before: a connection used once (a tools/list) was no longer "never used" and was
    # held 30 minutes (~65 KiB each): one token could still fill the SDK's 10,000
    proc, url = team.serve()
    bob = team.tokens["bob"]
    try:
        sids = []
        for _ in range(PER_USER):
            status, sid, said = mcp_initialize(url, bob)
            assert status == 200 and sid, (status, said, len(sids), proc.poll())
            assert mcp_use(url, bob, sid) == 200
            sids.append(sid)
        status, _, said = mcp_initialize(url, bob)
        assert status == 429 and "256 connections of yours are open" in said, (status, said)
        assert mcp_initialize(url, team.tokens["alice"])[0] == 200  # others are not shut out
        assert mcp_delete(url, bob, sids[0]) == 200
        assert mcp_initialize(url, bob)[0] == 200
    finally:
        proc.terminate()
        proc.communicate(timeout=30)


def test_a_server_whose_free_port_another_server_took_first_is_not_the_one_asked(
    team: Team, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # before: the port free_port() picked could be taken by another test's server before
    # this one bound it (xdist on a loaded machine); this one exited ("in use") but
    # wait_for_port saw the port answer and returned, and the test's requests reached the
    # other server, which refused its live token with 403 (one run of the 256-connection
    # test above, at its first initialize)
    project = tmp_path / "other"
    project.mkdir()
    with memdir_serving(serve_env(tmp_path / "other-home", tmp_path), project) as (other, base):
        taken = int(base.rsplit(":", 1)[1])
        picks = iter([taken])
        real = webserver.free_port
        monkeypatch.setattr(webserver, "free_port", lambda: next(picks, None) or real())
        proc, url = team.serve()
        try:
            status, sid, said = mcp_initialize(url, team.tokens["bob"])
            assert status == 200 and sid, (status, said)  # before: 403, the other's answer
            assert f":{taken}/" not in url
        finally:
            proc.terminate()
            proc.communicate(timeout=30)
        assert other.poll() is None  # the other server was left alone
