"""``memdir mcp``'s stdio transport: the client's lines read on a thread Ctrl-C does not
wait for, the stop signals, and the end of input held back until every request read is
answered. See docs/design/serve.md ("How memdir mcp stops")."""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures
import contextlib
import fcntl
import io
import os
import queue
import signal
import sys
import threading
from collections.abc import AsyncIterator, Iterator
from typing import IO, TYPE_CHECKING, Any

import anyio
import mcp.types as types
from mcp.shared.dispatcher import coerce_request_id
from mcp.shared.jsonrpc_dispatcher import cancelled_request_id_from_params
from mcp.shared.message import SessionMessage

if TYPE_CHECKING:
    from mcp.shared._stream_protocols import ReadStream, WriteStream


#: The signals that stop ``memdir mcp`` (memdir.mcp.run_stdio) and their handlers when they are
#: nobody's: Ctrl-C's (Python's KeyboardInterrupt), SIGTERM's and SIGHUP's (a closing
#: terminal's; the process ends by either)
STOP_SIGNALS = {
    signal.SIGINT: signal.default_int_handler,
    signal.SIGTERM: signal.SIG_DFL,
    signal.SIGHUP: signal.SIG_DFL,
}
#: Those of them that end the process by the signal once it shut down
ENDING_SIGNALS = (signal.SIGTERM, signal.SIGHUP)


def signals_ours() -> list[signal.Signals]:
    """The stop signals run_stdio takes for the whole run, the server's shutdown included
    (asyncio's own Ctrl-C raises KeyboardInterrupt on a second one, out of the loop while
    a write still runs on its thread: finished, or failed, during the interpreter's exit):
    on the main thread (the only one a handler is set from), those nobody set a handler
    for (a job started in the background has Ctrl-C ignored: it stays so)."""
    if threading.current_thread() is not threading.main_thread():
        return []
    return [
        signum for signum, nobodys in STOP_SIGNALS.items() if signal.getsignal(signum) == nobodys
    ]


async def stop_on(
    signals: AsyncIterator[int], scope: anyio.CancelScope, stopped: list[int]
) -> None:
    """Stop the server (cancel ``scope``) on the first of ``signals``, each noted in
    ``stopped``. While it shuts down, a second SIGTERM or SIGHUP, or a third signal, ends
    the process at once, by that signal: a write to a client that no longer reads never
    completes."""
    async for signum in signals:
        stopped.append(signum)
        scope.cancel()
        if sum(s in ENDING_SIGNALS for s in stopped) > 1 or len(stopped) > 2:
            signal.signal(signum, signal.SIG_DFL)
            signal.raise_signal(signum)


@contextlib.contextmanager
def stdin_lines() -> Iterator[StdinLines | None]:
    """The client's lines on fd 0 for the SDK's stdio transport (None: stdin is not fd 0,
    the SDK reads it as it does). While serving, fd 0 is the null device, as the SDK's own
    claim of it makes it: a child process or a handler that reads stdin reads nothing, not
    the client's messages; the pipe is fd 0 again after. The duplicate the lines are read
    from is never closed: the reading thread may still wait on it."""
    try:
        backed = sys.stdin.buffer.fileno() == 0
    except (AttributeError, OSError, ValueError):
        backed = False
    if not backed:
        yield None
        return
    wire = fcntl.fcntl(0, fcntl.F_DUPFD_CLOEXEC, 3)
    os.set_blocking(wire, True)  # handed over non-blocking, "no line yet" read as EOF
    null = os.open(os.devnull, os.O_RDONLY | os.O_CLOEXEC)
    try:
        os.dup2(null, 0)
    finally:
        os.close(null)
    try:
        raw = open(wire, "rb", closefd=False)  # noqa: SIM115 — the thread's to the end
        yield StdinLines(io.TextIOWrapper(raw, encoding="utf-8", errors="replace"))
    finally:
        os.dup2(wire, 0)


class StdinLines(anyio.AsyncFile[str]):
    """A text file's lines, read on a daemon thread of their own. The SDK reads stdin on
    an AnyIO worker thread, which nothing interrupts and the process waits for at exit:
    Ctrl-C stopped ``memdir mcp`` only once the client sent its next line. Here waiting
    for a line is cancelled at once; the thread, still blocked in its read, ends with the
    process (a line it reads after that is dropped: the server is stopping). asyncio only,
    as run_stdio runs it."""

    def __init__(self, fp: IO[str]) -> None:
        super().__init__(fp)
        self._asks: queue.SimpleQueue[concurrent.futures.Future[str]] = queue.SimpleQueue()
        threading.Thread(target=self._read, name="memdir-mcp-stdin", daemon=True).start()

    def _read(self) -> None:
        while True:
            ask = self._asks.get()
            if not ask.set_running_or_notify_cancel():
                continue  # cancelled before it was read: the next ask reads the line
            try:
                line = self.wrapped.readline()
            except BaseException as exc:  # noqa: BLE001 — raised in the SDK's reader, as before
                ask.set_exception(exc)
                return
            ask.set_result(line)
            if not line:
                return  # end of file: no next line

    async def readline(self) -> str:
        ask: concurrent.futures.Future[str] = concurrent.futures.Future()
        self._asks.put(ask)
        return await asyncio.wrap_future(ask)


class Owed:
    """The client's requests read and not answered yet (an id counted as often as it
    came), to hold the end of its input back until none is left: at the end of input the
    SDK's server cancels the requests still running (a write made but not answered; those
    not started answered "Connection closed", never made). Counted on the SDK's streams
    (:meth:`reading`, :meth:`writing`), where a request is what its dispatcher answers (a
    line that is no valid message is dropped there, never answered). A request the client
    cancelled is not answered (the protocol says so): it is owed no more. Only a signal
    (the server's cancel) ends a wait for a handler that never ends."""

    def __init__(self) -> None:
        self.ids: collections.Counter[types.RequestId] = collections.Counter()
        self._paid = anyio.Event()

    def reading(
        self, stream: ReadStream[SessionMessage | Exception]
    ) -> ReadStream[SessionMessage | Exception]:
        return _OwedReader(stream, self)

    def writing(self, stream: WriteStream[SessionMessage]) -> WriteStream[SessionMessage]:
        return _OwedWriter(stream, self)

    def read(self, item: SessionMessage | Exception) -> None:
        message = item.message if isinstance(item, SessionMessage) else None
        if isinstance(message, types.JSONRPCRequest):
            self.ids[coerce_request_id(message.id)] += 1
        elif (
            isinstance(message, types.JSONRPCNotification)
            and message.method == "notifications/cancelled"
        ):
            cancelled = cancelled_request_id_from_params(message.params)
            if cancelled is not None:
                self._drop(coerce_request_id(cancelled), all_of_it=True)

    def wrote(self, item: SessionMessage) -> None:
        answer = item.message
        if isinstance(answer, types.JSONRPCResponse | types.JSONRPCError) and answer.id is not None:
            self._drop(coerce_request_id(answer.id))

    def _drop(self, id: types.RequestId, *, all_of_it: bool = False) -> None:
        if id in self.ids:
            self.ids[id] = 0 if all_of_it else self.ids[id] - 1
            if self.ids[id] <= 0:
                del self.ids[id]
            self._paid.set()

    async def settled(self) -> None:
        """Return once every request read is answered (or cancelled by the client)."""
        while self.ids:
            self._paid = anyio.Event()
            await self._paid.wait()


class _OwedReader:
    """The SDK's read stream, each message noted in an :class:`Owed`; its end is held
    back until the answers owed are written."""

    def __init__(self, inner: ReadStream[SessionMessage | Exception], owed: Owed) -> None:
        self._inner = inner
        self._owed = owed

    @property
    def last_context(self) -> Any:  # the sender's context, as the SDK looks it up
        return getattr(self._inner, "last_context", None)

    async def receive(self) -> SessionMessage | Exception:
        try:
            item = await self._inner.receive()
        except anyio.EndOfStream:
            await self._owed.settled()
            raise
        self._owed.read(item)
        return item

    async def aclose(self) -> None:
        await self._inner.aclose()

    def __aiter__(self) -> _OwedReader:
        return self

    async def __anext__(self) -> SessionMessage | Exception:
        try:
            return await self.receive()
        except anyio.EndOfStream:
            raise StopAsyncIteration from None

    async def __aenter__(self) -> _OwedReader:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()


class _OwedWriter:
    """The SDK's write stream, each answer handed on noted in an :class:`Owed`."""

    def __init__(self, inner: WriteStream[SessionMessage], owed: Owed) -> None:
        self._inner = inner
        self._owed = owed

    async def send(self, item: SessionMessage, /) -> None:
        await self._inner.send(item)
        self._owed.wrote(item)

    async def aclose(self) -> None:
        await self._inner.aclose()

    async def __aenter__(self) -> _OwedWriter:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()
