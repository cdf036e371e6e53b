"""A fork server for tests that start many short memdir processes.

A fresh ``python -m memdir`` spends ~0.45 s importing memdir and the CLI and ~0.3 s building
the guard's patterns on its first write, before it does what a test looks at. The server
does both once and then forks a child per run: a real process (its own pid, killable with
SIGKILL, its own state) that runs the CLI's ``__main__`` (as ``python -m``) or a script (as
``python -c``) with the run's argv, cwd, stdio pipes and RLIMIT_AS.

Equal to a fresh interpreter: the server runs no memdir code but imports and
``memdir.guard.warm()`` (pattern building, what ``memdir serve`` does before it listens), so
every cache, ``warn_once``'s set, logging handler, connection and thread a run makes is its
own; the server starts with the runs' environment and wrapper (``hostile.readonly``,
``hostile.unprivileged``), so what is read at import and the mount namespace and capabilities
are theirs; a child ends like ``python`` does (an uncaught exception prints its traceback
and exits 1, then threads are joined, atexit handlers run, stdio is flushed). Not equal:
modules a fresh run imports lazily are already imported, and children share the server's
hash seed. Docs: docs/design/testing.md, "The fork server".
"""

from __future__ import annotations

import contextlib
import json
import locale
import os
import selectors
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

_MAX = 128 << 10  # bytes of one request (argv, script): one message under the send buffer


def memdir_modules() -> list[str]:
    """What memdir runs import on their way: the library, the CLI and every command's
    module, and what a first write imports (``forks.WRITE_PATH``)."""
    from memdir.cli.app import COMMANDS
    from memdir.core.forks import WRITE_PATH

    commands = [f"memdir.cli.{name}" for name in sorted(set(COMMANDS.values()))]
    return ["memdir", "memdir.cli", *commands, *WRITE_PATH]


class Child:
    """A run forked by the server, like a :class:`subprocess.Popen` with text pipes."""

    def __init__(
        self, server: ForkServer, pid: int, fds: Sequence[int], errors: str = "strict"
    ) -> None:
        self.server, self.pid, self.errors = server, pid, errors
        self.returncode: int | None = None
        self.encoding = locale.getpreferredencoding(False)  # as Popen's text mode
        self.stdin = open(fds[0], "w", encoding=self.encoding)  # noqa: SIM115
        self.stdout = open(fds[1], encoding=self.encoding, errors=errors)  # noqa: SIM115
        self.stderr = open(fds[2], encoding=self.encoding, errors=errors)  # noqa: SIM115

    def kill(self) -> None:
        if self.returncode is None:
            os.kill(self.pid, signal.SIGKILL)

    def terminate(self) -> None:
        if self.returncode is None:
            os.kill(self.pid, signal.SIGTERM)

    def poll(self) -> int | None:
        try:
            return self.wait(0)
        except subprocess.TimeoutExpired:
            return None

    def wait(self, timeout: float | None = None) -> int:
        """The exit code, or minus the signal that ended it (as Popen's); the pipes are
        closed then."""
        if self.returncode is None:
            self.returncode = self.server._status(self.pid, timeout)
            for pipe in (self.stdin, self.stdout, self.stderr):
                pipe.close()
        return self.returncode

    def communicate(self, input: str = "", timeout: float | None = None) -> tuple[str, str]:
        """Write ``input`` (a few bytes: written before reading), read both pipes to their
        end and wait; past ``timeout`` the child is killed and TimeoutExpired raised."""
        deadline = None if timeout is None else time.monotonic() + timeout
        if input:
            self.stdin.write(input)
        self.stdin.close()
        chunks: dict[int, list[bytes]] = {self.stdout.fileno(): [], self.stderr.fileno(): []}
        with selectors.DefaultSelector() as sel:
            for fd in chunks:
                sel.register(fd, selectors.EVENT_READ)
            while sel.get_map():
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    self.kill()
                    self.wait()
                    raise subprocess.TimeoutExpired(f"forked {self.pid}", timeout or 0)
                for key, _ in sel.select(left):
                    data = os.read(key.fd, 65536)
                    chunks[key.fd].append(data)
                    if not data:
                        sel.unregister(key.fd)
        out, err = (  # universal newlines, as Popen's text mode
            b"".join(c).decode(self.encoding, self.errors).replace("\r\n", "\n").replace("\r", "\n")
            for c in chunks.values()
        )
        self.wait(None if deadline is None else max(1.0, deadline - time.monotonic()))
        return out, err


class ForkServer:
    """One server process: ``preload`` (default :func:`memdir_modules`) imported once
    (``warm``: the guard's patterns built), then :meth:`spawn` or :meth:`run` fork it
    (children may run side by side). ``env`` is the runs' environment (import-time reads
    see it); ``wrap`` turns the server's command into one run in another mount namespace
    or without some capabilities, which its children then share."""

    def __init__(
        self,
        preload: Sequence[str] | None = None,
        *,
        env: Mapping[str, str] | None = None,
        wrap: Callable[[list[str]], list[str] | None] | None = None,
        warm: bool = True,
        timeout: float = 120,
    ) -> None:
        self.env = dict(os.environ if env is None else env)
        self._sock, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        cmd = [sys.executable, os.path.abspath(__file__), str(theirs.fileno()), str(int(warm))]
        cmd += memdir_modules() if preload is None else preload
        wrapped = wrap(cmd) if wrap is not None else cmd
        assert wrapped is not None
        self.proc = subprocess.Popen(
            wrapped,
            env=self.env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,  # children buffer stdout as a fresh run on a pipe
            pass_fds=[theirs.fileno()],
        )
        theirs.close()
        self._statuses: dict[int, int] = {}
        self._running: set[int] = set()
        try:
            assert self._recv(timeout) == {"ready": True}, "the fork server did not start"
        except BaseException:
            self.proc.kill()
            self.proc.wait()
            self._sock.close()
            raise

    def _recv(self, timeout: float | None) -> dict[str, Any]:
        self._sock.settimeout(timeout)
        try:
            data = self._sock.recv(_MAX)
        except (TimeoutError, BlockingIOError):
            raise subprocess.TimeoutExpired("fork server", timeout or 0) from None
        if not data:
            raise RuntimeError(f"the fork server ended (exit {self.proc.wait()})")
        message: dict[str, Any] = json.loads(data)
        if "error" in message:
            raise RuntimeError(f"fork server: {message['error']}")
        return message

    def _status(self, pid: int, timeout: float | None) -> int:
        deadline = None if timeout is None else time.monotonic() + timeout
        while pid not in self._statuses:
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            message = self._recv(left)
            if "status" in message:  # not a spawn's late answer (its wait timed out)
                self._statuses[message["pid"]] = message["status"]
        self._running.discard(pid)
        return self._statuses.pop(pid)

    def spawn(
        self,
        args: Sequence[str],
        *,
        module: str | None = None,
        code: str | None = None,
        env: Mapping[str, str] | None = None,
        cwd: str | os.PathLike[str] | None = None,
        rlimit_as: int | None = None,
        errors: str = "strict",
    ) -> Child:
        """A child running ``python -m module *args`` or ``python -c code *args``;
        ``env``: its environment instead of the server's (only what is read after import
        may differ); ``errors``: how its output is decoded."""
        assert (module is None) != (code is None)
        request = {
            "module": module,
            "code": code,
            "args": list(args),
            "env": None if env is None else dict(env),
            "cwd": os.fspath(cwd) if cwd is not None else os.getcwd(),
            "rlimit_as": rlimit_as,
        }
        data = json.dumps(request).encode()
        if len(data) > _MAX:
            raise ValueError(f"a {len(data):,}-byte request is over the fork server's {_MAX:,}")
        pipes = [os.pipe() for _ in range(3)]
        theirs = [pipes[0][0], pipes[1][1], pipes[2][1]]
        try:
            socket.send_fds(self._sock, [data], theirs)
        finally:
            for fd in theirs:
                os.close(fd)
        while "status" in (message := self._recv(30)):  # another child's end came first
            self._statuses[message["pid"]] = message["status"]
        pid = int(message["pid"])
        self._running.add(pid)
        return Child(self, pid, [pipes[0][1], pipes[1][0], pipes[2][0]], errors)

    def run(
        self,
        args: Sequence[str],
        *,
        input: str = "",
        timeout: float | None = None,
        **spawn: Any,
    ) -> subprocess.CompletedProcess[str]:
        """:meth:`spawn`, then its output and exit code, as ``subprocess.run`` with
        ``capture_output=True, text=True`` returns them."""
        child = self.spawn(args, **spawn)
        out, err = child.communicate(input, timeout)
        return subprocess.CompletedProcess(list(args), child.wait(), out, err)

    def close(self) -> None:
        for pid in list(self._running):  # a test that failed half-way left it
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
            with contextlib.suppress(RuntimeError):  # the server ended: nothing to wait on
                self._status(pid, 30)
        self._sock.close()  # the server reads the end of its socket and exits
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()

    def __enter__(self) -> ForkServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _serve(sock: socket.socket) -> dict[str, Any]:
    """Fork a child per request and tell each one's end; return the request in the child
    (never in the server)."""
    import threading

    sel = selectors.DefaultSelector()
    sel.register(sock, selectors.EVENT_READ)
    while True:
        for key, _ in sel.select():
            if key.fileobj is not sock:  # a child's pidfd: it ended
                sel.unregister(key.fd)
                os.close(key.fd)
                _, status = os.waitpid(key.data, 0)
                ended = {"pid": key.data, "status": os.waitstatus_to_exitcode(status)}
                sock.send(json.dumps(ended).encode())
                continue
            try:
                data, fds, _, _ = socket.recv_fds(sock, _MAX, 3)
            except ConnectionResetError:
                data = b""
            if not data:  # the test process ended: so do the children it left
                for k in sel.get_map().values():
                    if k.fileobj is not sock:
                        os.kill(k.data, signal.SIGKILL)
                sys.exit(0)
            if threading.active_count() != 1:  # a thread would be missing in the child
                error = f"threads at fork: {threading.enumerate()}"
                sock.send(json.dumps({"error": error}).encode())
                sys.exit(1)
            sys.stdout.flush()
            sys.stderr.flush()
            pid = os.fork()
            if pid == 0:
                for fd in [k.fd for k in sel.get_map().values()]:
                    os.close(fd)  # the socket and the other children's pidfds
                sel.close()
                sock.detach()
                for at, fd in enumerate(fds):
                    os.dup2(fd, at)
                    os.close(fd)
                request: dict[str, Any] = json.loads(data)
                return request
            for fd in fds:
                os.close(fd)
            sel.register(os.pidfd_open(pid), selectors.EVENT_READ, pid)
            sock.send(json.dumps({"pid": pid}).encode())


def _child(request: dict[str, Any]) -> None:
    """Be ``python -m module`` or ``python -c code`` with the request's argv, cwd,
    environment (else the server's) and address-space limit."""
    import resource
    import runpy
    import types

    os.chdir(request["cwd"])
    if request["env"] is not None:
        os.environ.clear()
        os.environ.update(request["env"])
    if request["rlimit_as"] is not None:
        limit = int(request["rlimit_as"])
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    if request["module"] is not None:
        sys.path[0] = os.getcwd()  # as `python -m` has it
        sys.argv = ["-m", *request["args"]]  # runpy sets argv[0] to the module's file
        runpy.run_module(request["module"], run_name="__main__", alter_sys=True)
    else:
        sys.path[0] = ""  # as `python -c` has it
        sys.argv = ["-c", *request["args"]]
        main = types.ModuleType("__main__")
        sys.modules["__main__"] = main
        exec(compile(request["code"], "<string>", "exec"), main.__dict__)


if __name__ == "__main__":
    import importlib

    _server = socket.socket(fileno=int(sys.argv[1]))
    _warm, _preload = sys.argv[2] == "1", sys.argv[3:]
    for _name in _preload:
        importlib.import_module(_name)
    if _warm:
        from memdir.guard import warm

        warm()
    import gc

    gc.freeze()  # the children's collections skip (and so do not copy) the server's objects
    _server.send(json.dumps({"ready": True}).encode())
    _child(_serve(_server))  # returns only in a child: what follows is python's own exit
