"""Review rvall19's reproducers for tests/forkserver.py (each fails on main 2a1e01a7).

* a forked child's stdout buffering is the server's (chosen from the server's fd 1 when it
  started), not its pipe's: with the test process on a terminal (``pytest -s``) a child
  that prints without flushing and is killed still delivers its line, which a fresh
  ``python -c`` loses;
* a request over what one socket message carries failed with EMSGSIZE (now a clear error);
* the server ending (Ctrl-C reaches the whole process group, the OOM killer) makes
  ``close()`` raise instead of closing, and the end of the test process (its socket closed)
  leaves the children it forked running.
"""

from __future__ import annotations

import contextlib
import os
import pty
import signal
import subprocess
import sys
import time

import pytest

from forkserver import _MAX, ForkServer

KILLED = "import os\nprint('printed')\nos.kill(os.getpid(), 9)\n"


def test_a_forked_childs_stdout_is_buffered_as_a_fresh_ones() -> None:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    master, slave = pty.openpty()
    saved = os.dup(1)
    os.dup2(slave, 1)  # the test process on a terminal, as under `pytest -s`
    try:
        server = ForkServer([], env=env, warm=False)
    finally:
        os.dup2(saved, 1)
        for fd in (saved, slave, master):
            os.close(fd)
    with server:
        forked = server.run([], code=KILLED, timeout=60)
    fresh = subprocess.run(
        [sys.executable, "-c", KILLED], env=env, capture_output=True, text=True, timeout=60
    )
    assert fresh.returncode == forked.returncode == -signal.SIGKILL
    assert forked.stdout == fresh.stdout  # main: "printed\n" forked, "" fresh


def _gone(pid: int) -> bool:
    """True once ``pid`` has ended (a zombie counts: it runs no more); polled up to 30 s."""
    for _ in range(300):
        try:
            with open(f"/proc/{pid}/stat") as f:
                if f.read().rsplit(")", 1)[1].split()[0] == "Z":
                    return True
        except FileNotFoundError:
            return True
        time.sleep(0.1)
    return False


def test_close_after_the_server_died_kills_and_does_not_raise() -> None:
    server = ForkServer([], warm=False)
    child = server.spawn([], code="import time\ntime.sleep(120)")
    os.kill(server.proc.pid, signal.SIGKILL)
    server.proc.wait()
    try:
        server.close()  # main: RuntimeError("the fork server ended (exit -9)")
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(child.pid, signal.SIGKILL)


def test_the_test_process_ending_ends_the_forked_children() -> None:
    server = ForkServer([], warm=False)
    child = server.spawn([], code="import time\ntime.sleep(120)")
    try:
        server._sock.close()  # what the kernel does when pytest is killed
        server.proc.wait(timeout=30)
        assert _gone(child.pid)  # main: the child sleeps on, an orphan
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(child.pid, signal.SIGKILL)


def test_a_request_up_to_the_stated_limit_is_forked() -> None:
    """``_MAX`` is what one SOCK_SEQPACKET message carries (the socket's send buffer is
    ~208 KiB): a request under it is forked as a fresh run takes it, one over it is refused
    with a clear error before anything is sent (main: 300 KB failed with EMSGSIZE)."""
    args = ["x" * 40_000] * 3
    code = "import sys\nprint(sum(map(len, sys.argv[1:])))"
    fresh = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True)
    with ForkServer([], warm=False) as server:
        forked = server.run(args, code=code, timeout=60)
        with pytest.raises(ValueError, match="over the fork server"):
            server.run(["x" * _MAX], code=code, timeout=60)
        again = server.run(args, code=code, timeout=60)  # the server still serves
    assert forked.stdout == fresh.stdout == again.stdout == "120000\n"
