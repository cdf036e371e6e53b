"""`memdir mcp` run by hand in a terminal, its stdin left open: Ctrl-C (SIGINT), SIGTERM
and SIGHUP (its terminal closed) stop it at once, not at the next line the client sends,
and it ends as `memdir serve` does (Ctrl-C: "memdir mcp stopped (Ctrl-C)." and exit status
0; SIGTERM, SIGHUP: ended by the signal once it shut down); a write in flight completes
first, what it wrote is kept. Real subprocesses, real signals, raw JSON-RPC over the
pipes."""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import signal
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import memdir
from memdir.core.storage.files import wake_fifo
from webserver import MCP_INITIALIZE, memdir_popen, serve_env

pytestmark = pytest.mark.slow

#: How long a stopped `memdir mcp` may take to end before the test gives up on it: the
#: test's safety, not a timing assertion (it ends at once; before, only at the next line)
GIVE_UP = 30


def _send(proc: subprocess.Popen[str], message: dict[str, Any]) -> None:
    assert proc.stdin is not None
    proc.stdin.write(json.dumps(message) + "\n")
    proc.stdin.flush()


def _ask(proc: subprocess.Popen[str], message: dict[str, Any]) -> dict[str, Any]:
    """The answer to request ``message``."""
    _send(proc, message)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    assert line, proc.stderr.read() if proc.stderr else "no answer"
    answer: dict[str, Any] = json.loads(line)
    assert answer.get("id") == message["id"] and "result" in answer, answer
    return answer


@contextlib.contextmanager
def _mcp(home: Path, project: Path, tmp_path: Path) -> Iterator[subprocess.Popen[str]]:
    """`memdir mcp` started as from a terminal, its stdin open; killed at the end if the
    test left it running (and after five minutes whatever happens: no test hangs), its
    pipes closed."""
    proc = memdir_popen(serve_env(home, tmp_path), project, "mcp")
    watchdog = threading.Timer(300, proc.kill)
    watchdog.start()
    try:
        yield proc
    finally:
        watchdog.cancel()
        if proc.poll() is None:
            proc.kill()
        proc.wait(timeout=GIVE_UP)
        for pipe in (proc.stdin, proc.stdout, proc.stderr):
            if pipe is not None:
                pipe.close()


@contextlib.contextmanager
def _mcp_with_a_write(home: Path, project: Path, tmp_path: Path) -> Iterator[subprocess.Popen[str]]:
    """:func:`_mcp`, initialized, one entry written through its memory tool."""
    with _mcp(home, project, tmp_path) as proc:
        _ask(proc, MCP_INITIALIZE)
        _send(proc, {"jsonrpc": "2.0", "method": "notifications/initialized"})
        done = _ask(proc, _add("Kept over the signal", 2))
        assert not done["result"].get("isError"), done
        yield proc


@contextlib.contextmanager
def _adding_under_a_held_lock(proc: subprocess.Popen[str], home: Path) -> Iterator[None]:
    """The scope's lock held (another writer), a memory add (id 3) sent and waiting for it
    on the server's worker thread; the lock let go at the end."""
    (lock,) = (home / "projects").glob("*/.lock")  # the local scope's, made by the add
    fd = os.open(lock, os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        _send(proc, _add("Written in flight", 3))
        _waits_on(proc, wake_fifo(os.fstat(fd)))
        yield
    finally:
        os.close(fd)  # lets go of the lock


def _ended_by(proc: subprocess.Popen[str], signum: int) -> str:
    """Send ``signum`` (0: none, sent already) to ``proc``, its stdin still open; its
    stderr once it ended (a failure when it did not, within :data:`GIVE_UP` seconds)."""
    if signum:
        proc.send_signal(signum)
    try:
        proc.wait(timeout=GIVE_UP)  # not communicate(): it would close stdin (an EOF)
    except subprocess.TimeoutExpired:
        pytest.fail(f"memdir mcp still runs {GIVE_UP} s after it was stopped")
    assert proc.stderr is not None
    return proc.stderr.read()


def _kept(home: Path, project: Path, *names: str) -> None:
    """Entries ``names`` are kept."""
    md = memdir.open(home, project)
    kept = {e.name for s in md.stores() for e in s.list()}
    assert set(names) <= kept, kept


def _add(name: str, id: int) -> dict[str, Any]:
    """A tools/call request that adds entry ``name`` through the memory tool."""
    add = {"action": "add", "type": "project", "name": name, "description": "d", "body": "b"}
    call = {"name": "memory", "arguments": add}
    return {"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": call}


def test_ctrl_c_stops_memdir_mcp_at_once_with_its_stdin_open(
    home: Path, project: Path, tmp_path: Path
) -> None:
    # main: the SDK reads stdin on a worker thread that Ctrl-C cannot interrupt, so the
    # server stopped only at the client's next line (or EOF): here, never
    with _mcp_with_a_write(home, project, tmp_path) as proc:
        err = _ended_by(proc, signal.SIGINT)
    assert "Traceback" not in err and "Aborted" not in err, err
    assert proc.returncode == 0, (proc.returncode, err)  # as `memdir serve`'s Ctrl-C
    assert err == "memdir mcp stopped (Ctrl-C).\n", err
    _kept(home, project, "Kept over the signal")


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
def test_sigterm_stops_memdir_mcp_as_it_stops_memdir_serve(
    home: Path, project: Path, tmp_path: Path, signum: int
) -> None:
    # SIGHUP (its terminal closed) as SIGTERM
    with _mcp_with_a_write(home, project, tmp_path) as proc:
        err = _ended_by(proc, signum)
    assert err == "", err
    assert proc.returncode == -signum, (proc.returncode, err)  # as `memdir serve`
    _kept(home, project, "Kept over the signal")


@pytest.mark.parametrize(
    "signums",
    [(signal.SIGINT,), (signal.SIGINT, signal.SIGINT), (signal.SIGTERM,), (signal.SIGHUP,)],
    ids=["SIGINT", "SIGINT-twice", "SIGTERM", "SIGHUP"],
)
def test_a_write_in_flight_when_memdir_mcp_is_stopped_completes(
    home: Path, project: Path, tmp_path: Path, signums: tuple[int, ...]
) -> None:
    """The scope's lock held (another writer), a memory add waits for it on the server's
    worker thread when the signal comes; the lock let go, the add completes before the
    server ends, and it ends as one signal ends it. main: SIGTERM killed it on the spot
    (the add never made); Ctrl-C waited for the add, then for the client's next line; a
    second Ctrl-C left the loop, and the add, run on during the interpreter's exit, wrote
    the entry's file but failed at its commit ("Error: memory tool memory failed").
    rv54c: SIGHUP (its terminal closed) killed it on the spot as SIGTERM did on main."""
    with _mcp_with_a_write(home, project, tmp_path) as proc:
        with _adding_under_a_held_lock(proc, home):
            for signum in signums:
                proc.send_signal(signum)
        err = _ended_by(proc, 0)
    if signums[0] == signal.SIGINT:
        assert proc.returncode == 0 and err == "memdir mcp stopped (Ctrl-C).\n", err
    else:
        assert proc.returncode == -signums[0] and err == "", (proc.returncode, err)
    _kept(home, project, "Kept over the signal", "Written in flight")


def _held_at_eof(
    proc: subprocess.Popen[str], home: Path, *, then: list[dict[str, Any]], signum: int = 0
) -> str:
    """The scope's lock held, a memory add (id 3) sent and waiting for it on the server's
    worker thread, ``then`` sent, stdin closed (EOF) and ``signum`` sent (0: none); the
    lock let go, ``proc``'s stdout once it ended (a failure when it did not, within
    :data:`GIVE_UP` seconds)."""
    assert proc.stdin is not None and proc.stdout is not None
    with _adding_under_a_held_lock(proc, home):
        for message in then:
            _send(proc, message)
        proc.stdin.close()
        for _ in range(20):  # the EOF reached (or not) while the add still waits
            if proc.poll() is not None:
                break
            time.sleep(0.1)
        if signum:
            proc.send_signal(signum)
    try:
        proc.wait(timeout=GIVE_UP)
    except subprocess.TimeoutExpired:
        pytest.fail(f"memdir mcp still runs {GIVE_UP} s after its stdin closed")
    return proc.stdout.read()


def test_a_write_in_flight_at_eof_is_answered_before_memdir_mcp_ends(
    home: Path, project: Path, tmp_path: Path
) -> None:
    # rv54c (and main): the add, cancelled at EOF, made but never answered
    with _mcp_with_a_write(home, project, tmp_path) as proc:
        out = _held_at_eof(proc, home, then=[])
    answers = [json.loads(line) for line in out.splitlines()]
    assert [a["id"] for a in answers] == [3] and "result" in answers[0], answers
    assert not answers[0]["result"].get("isError"), answers
    assert proc.returncode == 0, proc.returncode
    _kept(home, project, "Kept over the signal", "Written in flight")


def test_a_request_its_client_cancelled_is_not_waited_for_at_eof(
    home: Path, project: Path, tmp_path: Path
) -> None:
    """A cancelled request is never answered (the protocol's rule): memdir mcp does not
    wait at EOF for its answer (that would be for ever); the add itself, on its thread
    already, completes."""
    cancel = {"requestId": 3, "reason": "changed my mind"}
    cancelled = {"jsonrpc": "2.0", "method": "notifications/cancelled", "params": cancel}
    with _mcp_with_a_write(home, project, tmp_path) as proc:
        out = _held_at_eof(proc, home, then=[cancelled])
    assert out == "" and proc.returncode == 0, (out, proc.returncode)
    _kept(home, project, "Kept over the signal", "Written in flight")


def test_ctrl_c_stops_memdir_mcp_while_it_waits_at_eof_for_a_write(
    home: Path, project: Path, tmp_path: Path
) -> None:
    """Waiting at EOF for the answers owed, Ctrl-C stops memdir mcp as it does with stdin
    open: the write in flight completes, and it says it stopped."""
    with _mcp_with_a_write(home, project, tmp_path) as proc:
        _held_at_eof(proc, home, then=[], signum=signal.SIGINT)
        assert proc.stderr is not None
        err = proc.stderr.read()
    assert proc.returncode == 0 and err == "memdir mcp stopped (Ctrl-C).\n", err
    _kept(home, project, "Kept over the signal", "Written in flight")


def _waits_on(proc: subprocess.Popen[str], fifo: str) -> None:
    """Return once ``proc`` has ``fifo`` open: a writer waits for the scope's lock (it
    listens there for its holder to let go); a failure after a minute."""
    for _ in range(600):
        with contextlib.suppress(OSError):
            if any(os.readlink(f) == fifo for f in Path(f"/proc/{proc.pid}/fd").iterdir()):
                return
        assert proc.poll() is None, proc.returncode
        time.sleep(0.1)
    pytest.fail("memdir mcp never waited for the scope's lock")


def test_memdir_mcp_ends_cleanly_when_its_stdin_closes(
    home: Path, project: Path, tmp_path: Path
) -> None:
    with _mcp_with_a_write(home, project, tmp_path) as proc:
        assert proc.stdin is not None
        proc.stdin.close()  # the client went away
        try:
            proc.wait(timeout=GIVE_UP)
        except subprocess.TimeoutExpired:
            pytest.fail(f"memdir mcp still runs {GIVE_UP} s after its stdin closed")
        assert proc.stderr is not None
        err = proc.stderr.read()
    assert proc.returncode == 0 and err == "", (proc.returncode, err)
    _kept(home, project, "Kept over the signal")
