"""The workspaces one ``memdir serve`` process keeps open, shared by MCP, ``/api`` and the
web page. See docs/design/serve.md ("One table of open workspaces")."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import anyio

if TYPE_CHECKING:
    from ..engine import Memdir

#: Workspaces (a user in a project) kept open; beyond it, the least recently used ones no
#: request or MCP session holds are closed.
MAX_OPEN = 16


class _Slot:
    """One key's workspace: ``md`` once opened, ``ready`` set when the open ended (opened
    or failed), ``held`` the takers that have not given it back."""

    def __init__(self) -> None:
        self.md: Memdir | None = None
        self.ready = threading.Event()
        self.held = 0


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

    def kept(self) -> dict[tuple[str | None, Path | None, str], Memdir]:
        """The open workspaces by (user, folder, why not), least recently used first."""
        with self._lock:
            return {k: s.md for k, s in self._slots.items() if s.md is not None}

    def take(self, folder: Path | None, user: str | None, why_not: str = "") -> Memdir:
        """``user``'s Memdir of ``folder`` (None: no project, its scopes refusing with
        ``why_not``), held until :meth:`give` hands it back. Opened on the caller's
        thread with the table free; concurrent takers of a new key wait for that one
        open (and try again themselves if it fails)."""
        key = (user, folder, why_not if folder is None else "")
        while True:
            with self._lock:
                slot = self._slots.get(key)
                opener = slot is None
                if slot is None:
                    slot = self._slots[key] = _Slot()
                slot.held += 1
                self._slots.move_to_end(key)
            if opener:
                md = None
                try:
                    md = slot.md = self.md.for_project(folder, why_not=why_not, user=user)
                finally:
                    with self._lock:
                        if md is not None:
                            self.opened += 1
                        elif self._slots.get(key) is slot:
                            del self._slots[key]
                    slot.ready.set()
                self._trim()
                return md
            slot.ready.wait()
            if slot.md is not None:
                return slot.md

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
            self.closed += len(gone)
        for md in gone:  # with the table free: no other request waits on a close
            assert md is not None
            md.close()

    def close(self) -> None:
        """Close every workspace, once (the server stops)."""
        with self._lock:
            gone = [s.md for s in self._slots.values() if s.md is not None]
            self._slots.clear()
            self.closed += len(gone)
        for md in gone:
            md.close()
