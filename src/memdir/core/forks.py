"""What a forked child must not inherit: connections, pools and locks of the parent's
memdir objects are renewed in the child (docs/design/core.md, "memdir.core.forks")."""

from __future__ import annotations

import importlib
import os
import sys
import threading
import time
import weakref
from collections.abc import Callable
from typing import Any, Protocol

#: Seconds a fork waits, in all, for the parent's other threads to leave their calls on
#: state.db; a database still in use then is refused in the child.
WAIT = 5.0
#: Imported before a fork: a parent's thread importing one lazily at the fork would leave
#: its module lock held in the child, and the child's first write would wait forever.
WRITE_PATH = ("memdir.guard", "memdir.sessions.usage", "yaml", "dulwich.repo")


class Forkable(Protocol):
    def _forked(self) -> None:
        """In the child, right after ``fork``: drop or renew what is the parent's."""


class Held(Protocol):
    def _fork_locks(self) -> list[Any]:
        """The locks a fork takes first, so that no other thread is inside a call."""

    def _forked_holding(self, held: bool) -> None:
        """In the child: renew the locks; ``held``: the fork got every one of them."""


_LIVE: weakref.WeakSet[Any] = weakref.WeakSet()
_HELD: weakref.WeakSet[Any] = weakref.WeakSet()
_taken: list[tuple[Any, list[Any], bool]] = []
LEFT: list[object] = []  # the parent's connections a child must neither use nor close


def renew_in_child(obj: Forkable) -> None:
    """Call ``obj._forked()`` in every child this process forks while ``obj`` lives."""
    _LIVE.add(obj)


def hold_at_fork(obj: Held) -> None:
    """Take ``obj._fork_locks()`` before every fork (up to :data:`WAIT` in all), release
    them after, and call ``obj._forked_holding(...)`` in the child."""
    _HELD.add(obj)


def renew(owner: object, name: str, make: Callable[[], object] = threading.Lock) -> None:
    """In every forked child, ``owner.name = make()`` (a module's or an object's lock that
    a parent's thread may have held at the fork)."""
    os.register_at_fork(after_in_child=lambda: setattr(owner, name, make()))


def _before() -> None:
    if not (_LIVE or _HELD):
        return
    for name in WRITE_PATH + (("memdir.pg.sessions",) if "memdir.pg.db" in sys.modules else ()):
        importlib.import_module(name)  # waits for a thread importing it now
    deadline = time.monotonic() + WAIT
    for obj in list(_HELD):
        locks: list[Any] = []
        for lock in obj._fork_locks():
            if not lock.acquire(timeout=max(0.0, deadline - time.monotonic())):
                break
            locks.append(lock)
        _taken.append((obj, locks, len(locks) == len(obj._fork_locks())))


def _in_parent() -> None:
    for _, locks, _ in _taken:
        for lock in reversed(locks):
            lock.release()
    _taken.clear()


def _in_child() -> None:
    for obj, _, held in _taken:
        obj._forked_holding(held)
    _taken.clear()
    for obj in list(_LIVE):
        obj._forked()


os.register_at_fork(before=_before, after_in_parent=_in_parent, after_in_child=_in_child)
