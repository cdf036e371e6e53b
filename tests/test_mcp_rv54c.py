"""Review rv54c of mend54c (memdir mcp reads stdin on its own daemon thread, takes Ctrl-C
and SIGTERM itself): a client that stops reading, stdin closed at start, a burst of
requests then EOF. Real subprocesses, real signals, raw JSON-RPC over the pipes."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import memdir
from test_mcp_signals import _add, _mcp
from webserver import MCP_INITIALIZE, memdir_popen, serve_env

pytestmark = pytest.mark.slow

#: The test's safety against a server that never ends, not a timing assertion
GIVE_UP = 30


def _line(message: dict[str, Any]) -> str:
    return json.dumps(message) + "\n"


@contextlib.contextmanager
def _unread_mcp(home: Path, project: Path, tmp_path: Path) -> Iterator[subprocess.Popen[str]]:
    """`memdir mcp` started as from a terminal, initialized, then sent answers enough to
    fill its stdout pipe, which the client never reads: it is blocked writing one when
    this yields (stdin still open). Killed at the end if still running."""
    with _mcp(home, project, tmp_path) as proc:
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write(_line(MCP_INITIALIZE))
        proc.stdin.flush()
        assert json.loads(proc.stdout.readline())["id"] == 1
        proc.stdin.write(_line({"jsonrpc": "2.0", "method": "notifications/initialized"}))
        for i in range(200):  # tools/list answers are KBs each: more than a pipe holds
            proc.stdin.write(_line({"jsonrpc": "2.0", "id": 10 + i, "method": "tools/list"}))
        proc.stdin.flush()
        for _ in range(600):  # until one of its threads is blocked writing to stdout
            if any(
                "pipe_write" in _read(w) for w in Path(f"/proc/{proc.pid}/task").glob("*/wchan")
            ):
                break
            assert proc.poll() is None, proc.returncode
            threading.Event().wait(0.1)
        else:
            pytest.fail("memdir mcp never blocked writing to its stdout pipe")
        yield proc


def _read(path: Path) -> str:
    with contextlib.suppress(OSError):
        return path.read_text()
    return ""


def _ends_under(proc: subprocess.Popen[str], signum: int) -> None:
    """Send ``signum`` to ``proc`` again and again (signals sent at once merge into one)
    until it ends; a failure when it still runs after :data:`GIVE_UP` seconds of it."""
    for _ in range(GIVE_UP * 5):
        proc.send_signal(signum)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=0.2)
            return
    pytest.fail(f"memdir mcp still runs after {GIVE_UP} s of signal {signum}")


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
def test_a_second_sigterm_ends_memdir_mcp_whose_client_stopped_reading(
    home: Path, project: Path, tmp_path: Path, signum: int
) -> None:
    # mend54c: SIGTERM now waits for the blocked stdout write and swallows every later
    # SIGTERM, so only SIGKILL ends it (main: the first SIGTERM ended it at once);
    # mend54c2: SIGHUP as SIGTERM
    with _unread_mcp(home, project, tmp_path) as proc:
        _ends_under(proc, signum)
    assert proc.returncode == -signum, proc.returncode


def test_a_third_ctrl_c_ends_memdir_mcp_whose_client_stopped_reading(
    home: Path, project: Path, tmp_path: Path
) -> None:
    # mend54c (and main): no number of Ctrl-C ends it while a stdout write is blocked
    with _unread_mcp(home, project, tmp_path) as proc:
        _ends_under(proc, signal.SIGINT)
    assert proc.returncode in (-signal.SIGINT, 130), proc.returncode


def test_memdir_mcp_with_stdin_closed_says_so(home: Path, project: Path, tmp_path: Path) -> None:
    # mend54c (and main): `memdir mcp <&-` ends in an AttributeError traceback from the SDK
    run = subprocess.run(
        f"{sys.executable} -m memdir -C {project} mcp <&-",
        shell=True,
        env=serve_env(home, tmp_path),
        capture_output=True,
        text=True,
        timeout=GIVE_UP * 4,
    )
    assert "Traceback" not in run.stderr and "stdin" in run.stderr, run.stderr
    assert run.returncode != 0, run.stderr


def test_every_request_sent_before_eof_is_answered_with_its_result(
    home: Path, project: Path, tmp_path: Path
) -> None:
    # mend54c (and main): a client that writes its requests and closes stdin loses them:
    # the first add made but never answered, the others answered "Connection closed", not
    # made (the SDK's server cancels the requests still running when its input ends)
    proc = memdir_popen(serve_env(home, tmp_path), project, "mcp")
    calls = [_add(f"Burst {i}", 10 + i) for i in range(5)]
    initialized = {"jsonrpc": "2.0", "method": "notifications/initialized"}
    out, err = proc.communicate(
        "".join(_line(m) for m in [MCP_INITIALIZE, initialized, *calls]), timeout=GIVE_UP * 4
    )
    answers = {a["id"]: a for a in map(json.loads, out.splitlines())}
    assert proc.returncode == 0, err
    for call in calls:
        assert "result" in answers.get(call["id"], {}), answers.get(call["id"])
    md = memdir.open(home, project)
    kept = {e.name for s in md.stores() for e in s.list()}
    assert {f"Burst {i}" for i in range(5)} <= kept, kept


def _mixed(i: int) -> dict[str, Any]:
    """Request ``i`` of a client's burst: two of four memory adds (entry "Mixed i"), the
    others a memory_search, a resource read or a tools/list."""
    id = 10 + i
    if i % 2 == 0:
        return _add(f"Mixed {i}", id)
    if i % 3 == 1:
        call = {"name": "memory_search", "arguments": {"query": "Mixed"}}
        return {"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": call}
    if i % 3 == 0:
        read = {"uri": "memdir://index"}
        return {"jsonrpc": "2.0", "id": id, "method": "resources/read", "params": read}
    return {"jsonrpc": "2.0", "id": id, "method": "tools/list"}


@pytest.mark.parametrize("n", [1, 5, 50])
def test_a_burst_of_reads_and_writes_then_eof_is_answered_and_made_once(
    home: Path, project: Path, tmp_path: Path, n: int
) -> None:
    # mend54c (and main): at EOF the requests still running were cancelled: of a single
    # add, made but not answered; of more, most answered "Connection closed", not made
    proc = memdir_popen(serve_env(home, tmp_path), project, "mcp")
    calls = [_mixed(i) for i in range(n)]
    initialized = {"jsonrpc": "2.0", "method": "notifications/initialized"}
    out, err = proc.communicate(
        "".join(_line(m) for m in [MCP_INITIALIZE, initialized, *calls]), timeout=GIVE_UP * 4
    )
    assert proc.returncode == 0 and "Traceback" not in err, (proc.returncode, err[-2000:])
    answers = [json.loads(line) for line in out.splitlines()]
    ids = [a.get("id") for a in answers]
    assert sorted(ids) == [1] + [c["id"] for c in calls], ids  # each answered once
    by_id = {a["id"]: a for a in answers}
    for call in calls:
        result = by_id[call["id"]].get("result")
        assert result is not None and not result.get("isError"), (call, by_id[call["id"]])
        if call["method"] == "tools/call":
            assert result["structuredContent"]["success"], (call, result)
        elif call["method"] == "resources/read":
            assert result["contents"][0]["text"], (call, result)
        else:
            assert any(t["name"] == "memory" for t in result["tools"]), (call, result)
    md = memdir.open(home, project)
    made = [e.name for s in md.stores() for e in s.list()]
    adds = [c["params"]["arguments"] for c in calls if c["method"] == "tools/call"]
    wanted = sorted(a["name"] for a in adds if "name" in a)
    assert sorted(x for x in made if x.startswith("Mixed ")) == wanted, made  # each once


def test_memdir_mcp_ends_quietly_when_its_client_dies_unread(
    home: Path, project: Path, tmp_path: Path
) -> None:
    # mend54c (and main): a client gone with answers unread (stdout's reader closed, then
    # stdin) ends it with a BrokenPipeError traceback and exit status 1, not as an EOF does
    with _unread_mcp(home, project, tmp_path) as proc:
        assert proc.stdout is not None and proc.stdin is not None and proc.stderr is not None
        proc.stdout.close()
        proc.stdin.close()
        try:
            proc.wait(timeout=GIVE_UP)
        except subprocess.TimeoutExpired:
            pytest.fail(f"memdir mcp still runs {GIVE_UP} s after its client went")
        err = proc.stderr.read()
    assert "Traceback" not in err and proc.returncode == 0, (proc.returncode, err[-2000:])


def test_memdir_mcp_waits_on_a_non_blocking_stdin(
    home: Path, project: Path, tmp_path: Path
) -> None:
    # mend54c (and main): stdin handed over with O_NONBLOCK set and no line in it yet reads
    # as EOF: memdir mcp ends at once, status 0, before its client said anything
    read, write = os.pipe()
    os.set_blocking(read, False)
    proc = subprocess.Popen(
        [sys.executable, "-m", "memdir", "-C", str(project), "mcp"],
        env=serve_env(home, tmp_path),
        stdin=read,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    os.close(read)
    try:
        for _ in range(600):  # until it waits for a line on stdin, or ended
            tasks = Path(f"/proc/{proc.pid}/task").glob("*/wchan")
            if proc.poll() is not None or any("pipe_read" in _read(w) for w in tasks):
                break
            threading.Event().wait(0.1)
        answer = ""  # none when it ended before: the client's write then fails
        with contextlib.suppress(BrokenPipeError), os.fdopen(write, "w") as client:
            client.write(_line(MCP_INITIALIZE))
            client.flush()
            assert proc.stdout is not None
            answer = proc.stdout.readline()
    finally:
        _, err = proc.communicate(timeout=GIVE_UP)
    assert json.loads(answer or "{}").get("id") == 1, (proc.returncode, err[-2000:])
