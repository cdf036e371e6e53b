"""Warnings about what memdir skipped but could carry on without, said once per process.
See docs/design/core.md."""

from __future__ import annotations

import logging
import sys
import threading

from . import forks

log = logging.getLogger("memdir")
_said: set[str] = set()
_lock = threading.Lock()


def warn_once(message: str) -> bool:
    """Log ``message`` unless this process already did; True when it was logged now."""
    with _lock:
        if message in _said:
            return False
        _said.add(message)
    log.warning(message)
    return True


forks.renew(sys.modules[__name__], "_lock")
