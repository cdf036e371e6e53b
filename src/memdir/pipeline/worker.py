"""The in-process worker thread: coalesced runs, one at a time, drained at shutdown.
See docs/design/pipeline.md."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

log = logging.getLogger("memdir.pipeline")


class Worker:
    """Runs ``run`` on a background thread whenever :meth:`request` is called."""

    def __init__(self, run: Callable[[], object], *, name: str = "memdir-pipeline") -> None:
        self._run = run
        self._name = name
        self._cond = threading.Condition()
        self._requested = False
        self._busy = False
        self._stopped = False
        self._thread: threading.Thread | None = None
        self.runs = 0
        self.errors: list[str] = []  # failures of whole runs (job failures live in state.db)

    def request(self) -> None:
        """Ask for a run; starts the thread on first use."""
        with self._cond:
            self._requested, self._stopped = True, False
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._loop, name=self._name, daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def _loop(self) -> None:
        while True:
            with self._cond:
                while not self._requested and not self._stopped:
                    self._cond.wait()
                if self._stopped:
                    return
                self._requested = False
                self._busy = True
            try:
                self._run()
            except Exception as exc:  # a failed run must not kill the thread
                log.exception("memdir background run failed")
                self.errors.append(f"{type(exc).__name__}: {exc}")
            finally:
                with self._cond:
                    self._busy = False
                    self.runs += 1
                    self._cond.notify_all()

    def stop(self) -> None:
        """End the thread after the job in hand; the rest of its run and runs requested
        but not started are dropped (their jobs stay queued in state.db). A later
        :meth:`request` restarts it."""
        with self._cond:
            self._stopped, self._requested = True, False
            self._cond.notify_all()
            thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join()

    def stopping(self) -> bool:
        """True on the worker's own thread once :meth:`stop` was called: its run ends
        after the job in hand."""
        return self._stopped and threading.current_thread() is self._thread

    def drain(self, timeout: float | None = None) -> bool:
        """Wait until no run is in flight or requested; False if ``timeout`` ran out."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._cond:
            while self._requested or self._busy:
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    return False
                self._cond.wait(left)
        return True
