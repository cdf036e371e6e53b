"""What a forked child must not inherit: connections, pools and locks of the parent's
memdir objects are renewed in the child (docs/design/core.md, "A forked child")."""

from __future__ import annotations

import os
import weakref
from typing import Any, Protocol


class Forkable(Protocol):
    def _forked(self) -> None:
        """In the child, right after ``fork``: drop or renew what is the parent's."""


_LIVE: weakref.WeakSet[Any] = weakref.WeakSet()
LEFT: list[object] = []  # the parent's connections a child must neither use nor close


def renew_in_child(obj: Forkable) -> None:
    """Call ``obj._forked()`` in every child this process forks while ``obj`` lives."""
    _LIVE.add(obj)


def _in_child() -> None:
    for obj in list(_LIVE):
        obj._forked()


os.register_at_fork(after_in_child=_in_child)
