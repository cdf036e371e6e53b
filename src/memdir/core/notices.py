"""Warnings about what memdir skipped but could carry on without, said once per process.

A cache it cannot read, bookkeeping it cannot write on a read-only home: the command still
works, and the person should hear about it once, not on every call. They go to the
``memdir`` logger at WARNING level: the CLI prints them as ``Warning: …`` lines on stderr,
and a library user with no logging set up sees them through Python's last-resort handler.
"""

from __future__ import annotations

import logging
import threading

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
