"""The workspaces one ``memdir serve`` process keeps open, shared by MCP, ``/api`` and the
web page. See docs/design/serve.md ("One table of open workspaces")."""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import anyio

from ..core.errors import MemdirError

if TYPE_CHECKING:
    from ..engine import Memdir

#: Workspaces (a user in a project) kept open; beyond it, the least recently used ones no
#: request or MCP session holds are closed.
MAX_OPEN = 16
STOPPING = "memdir serve is stopping: its workspaces are closed; retry once it runs again"
log = logging.getLogger(__name__)


class _Slot:
    """One key's workspace: ``md`` once opened, or ``error`` why not; ``ready`` set when
    the open ended; ``held`` the takers that have not given it back."""

    def __init__(self) -> None:
        self.md: Memdir | None = None
        self.error: BaseException | None = None
        self.ready = threading.Event()
        self.held = 0


def _own(error: BaseException) -> BaseException:
    """A waiter's own copy of the opener's error (its type, arguments and attributes): one
    exception object raised on several threads would be shared by them, its traceback
    grown by each raise."""
    kind = type(error)
    try:
        own = kind.__new__(kind, *error.args)  # not __init__: subclasses take other arguments
        own.__dict__.update(error.__dict__)
    except Exception:  # noqa: BLE001 — a type that cannot be copied so: its message
        own = MemdirError(str(error))
    return own


class Workspaces:
    """``md.for_project(folder, user=…)`` per (user, folder), kept open between requests
    (at most ``limit`` not held); ``limiter`` runs their library calls (one at a time on
    files and SQLite, ``threads`` on the team backend)."""

    def __init__(self, md: Memdir, threads: int = 1, *, limit: int = MAX_OPEN) -> None:
        self.md, self.limit = md, limit
        self.limiter = anyio.CapacityLimiter(threads if md.database else 1)
        self.opened = self.closed = 0  # Memdirs this table opened and closed
        self._slots: OrderedDict[tuple[str | None, Path | None, str], _Slot] = OrderedDict()
        self._lock = threading.Lock()  # the table only: never held while opening or closing
        self._closing = False  # close() ran: nothing is opened any more

    def kept(self) -> dict[tuple[str | None, Path | None, str], Memdir]:
        """The open workspaces by (user, folder, why not), least recently used first."""
        with self._lock:
            return {k: s.md for k, s in self._slots.items() if s.md is not None}

    def take(self, folder: Path | None, user: str | None, why_not: str = "") -> Memdir:
        """``user``'s Memdir of ``folder`` (None: no project, its scopes refusing with
        ``why_not``), held until :meth:`give` hands it back. Opened on the caller's
        thread with the table free; concurrent takers of a new key wait for that one
        open and get its Memdir or its error (each a copy of its own, chained to the
        opener's; the next taker tries again). Once the
        table is closed, :class:`MemdirError` (:data:`STOPPING`)."""
        key = (user, folder, why_not if folder is None else "")
        with self._lock:
            if self._closing:
                raise MemdirError(STOPPING)
            slot = self._slots.get(key)
            opener = slot is None
            if slot is None:
                slot = self._slots[key] = _Slot()
            slot.held += 1
            self._slots.move_to_end(key)
        if opener:
            return self._open(key, slot)
        slot.ready.wait()
        with self._lock:  # unless close() ran meanwhile (and closed that Memdir)
            error = MemdirError(STOPPING) if self._closing else slot.error
        if error is not None:
            raise _own(error) from error
        assert slot.md is not None
        return slot.md

    def _open(self, key: tuple[str | None, Path | None, str], slot: _Slot) -> Memdir:
        """Open ``slot``'s Memdir (no trim: an open adds a held workspace, not an idle
        one); one opened while the table closed is closed again, with an error."""
        user, folder, why_not = key
        try:
            md = self.md.for_project(folder, why_not=why_not, user=user)
        except BaseException as exc:
            slot.error = exc
            with self._lock:
                if self._slots.get(key) is slot:
                    del self._slots[key]
            slot.ready.set()
            raise
        with self._lock:
            self.opened += 1
            if self._closing:  # close() ran during the open: this slot is gone
                slot.error = MemdirError(STOPPING)
            else:
                slot.md = md
        slot.ready.set()
        if slot.error is not None:
            self._close([md])
            raise slot.error
        return md

    def give(self, md: object) -> None:
        """Hand back a Memdir :meth:`take` gave; the table is then trimmed to ``limit``."""
        with self._lock:
            for slot in self._slots.values():
                if slot.md is md:
                    slot.held -= 1
                    break
        self._trim()

    @contextmanager
    def use(self, folder: Path | None, user: str | None, why_not: str = "") -> Iterator[Memdir]:
        """:meth:`take`, given back when the block ends."""
        md = self.take(folder, user, why_not)
        try:
            yield md
        finally:
            self.give(md)

    def _trim(self) -> None:
        """Close the least recently used workspaces nobody holds, beyond ``limit`` of them
        (held ones do not count: sessions must not evict what /api and the page reuse)."""
        with self._lock:
            idle = [k for k, s in self._slots.items() if not s.held and s.md is not None]
            gone = [self._slots.pop(k).md for k in idle[: max(0, len(idle) - self.limit)]]
        self._close(gone)  # with the table free: no other request waits on a close

    def close(self) -> None:
        """Close every workspace, once (the server stops); a take from now on, or one
        opening meanwhile, raises :class:`MemdirError` (:data:`STOPPING`)."""
        with self._lock:
            self._closing = True
            gone = [s.md for s in self._slots.values()]
            self._slots.clear()
        self._close(gone)

    def _close(self, gone: list[Memdir | None]) -> None:
        """Close these Memdirs, each failure logged (never raised: the caller's give or
        take has done its part, and the Memdir is out of the table)."""
        for md in gone:
            if md is None:
                continue
            with self._lock:
                self.closed += 1
            try:
                md.close()
            except Exception:
                log.exception("memdir serve: closing the workspace %r failed", md)
