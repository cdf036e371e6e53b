"""An installed plugin's code run with a deadline: in a daemon thread that memdir stops
waiting for when it is late, leaving it behind (docs/design/architecture.md, Plugins)."""

from __future__ import annotations

import math
import os
import sys
import threading
from collections.abc import Callable
from typing import Any, TextIO, TypeVar, cast

T = TypeVar("T")

#: Seconds an installed plugin's import or hook may run before memdir leaves it behind.
SLOW_PLUGIN = 10.0
#: The environment variable that changes it (a plugin known to be slow; the tests).
KNOB = "MEMDIR_SLOW_PLUGIN_SECONDS"
#: The longest deadline the knob may set (a day; a wait's timeout has a ceiling).
LONGEST = 86400.0


def seconds() -> tuple[float, str]:
    """The deadline, and a warning ("" when none) for a value of :data:`KNOB` that is not
    a number of seconds (it is then ignored)."""
    value = os.environ.get(KNOB, "").strip()
    if not value:
        return SLOW_PLUGIN, ""
    try:
        given = float(value)
    except ValueError:
        given = math.nan
    if math.isfinite(given) and 0 < given <= LONGEST:
        return given, ""
    return SLOW_PLUGIN, (
        f"{KNOB}={value[:40]!r} is not a number of seconds above 0 and at most "
        f"{LONGEST:.0f}; memdir ignores it and gives plugins {SLOW_PLUGIN:g} s"
    )


class Late(Exception):
    """The call did not return in time: it runs on in its thread, its result unused."""


class Failed(Exception):
    """The call raised (anything, ``SystemExit`` too); ``str()`` says what, and
    ``__cause__`` is what it raised."""


#: ``on`` is set in the threads that run a plugin's code.
_in_plugin = threading.local()
#: Calls left behind in this process (their threads may still print).
_left = 0


class _Routed:
    """``sys.stdout`` while a plugin's code runs: what its thread prints goes to stderr
    (stdout is a command's ``--json``, or the MCP protocol); other threads' to the stream
    it replaced."""

    def __init__(self, stdout: TextIO) -> None:
        self.stdout = stdout

    def __getattr__(self, name: str) -> Any:
        target = sys.stderr if getattr(_in_plugin, "on", False) else self.stdout
        return getattr(target, name)


def run(call: Callable[[], T], within: float) -> T:
    """``call()``'s result, run in a daemon thread; :class:`Late` when it has not returned
    ``within`` seconds (or the wait was interrupted, e.g. by Ctrl-C, which propagates):
    what it returns after that is dropped. :class:`Failed` when it raised. Called from a
    plugin's own thread (its code calling back into memdir), it runs there, under the
    deadline already running: a plugin that recurses gets a RecursionError, not a thread
    per level."""
    global _left
    if getattr(_in_plugin, "on", False):
        try:
            return call()
        except Exception as exc:  # a third party's code: said, not raised
            raise Failed(f"{type(exc).__name__}: {exc}") from exc
    lock = threading.Lock()  # never held while the plugin's code runs
    finished = threading.Event()
    outcome: list[tuple[bool, Any]] = []  # (returned, result or what it raised), once
    abandoned = False

    def work() -> None:
        _in_plugin.on = True
        try:
            got: tuple[bool, Any] = (True, call())
        except BaseException as exc:  # noqa: BLE001  (a third party's code: said, not raised)
            got = (False, exc)
        with lock:
            if not abandoned:
                outcome.append(got)
        finished.set()

    # not already routed (a call left behind), nor None (print then writes nothing)
    before = sys.stdout
    routed = None if before is None or isinstance(before, _Routed) else _Routed(before)
    if routed is not None:
        sys.stdout = cast(TextIO, routed)
    try:
        try:
            threading.Thread(target=work, name="memdir-plugin", daemon=True).start()
        except RuntimeError as exc:  # no thread to be had: said as the call's failure
            outcome.append((False, exc))
        else:
            finished.wait(within)
    finally:
        with lock:
            if not outcome:
                abandoned = True
                _left += 1
        if outcome:  # on time: stdout as it was, whatever the plugin's code set it to
            # (sys.stdout.buffer in its thread is stderr's), as redirect_stdout did
            sys.stdout = cast(TextIO, routed if routed is not None and _left else before)
    if not outcome:
        raise Late(f"did not return in {within:g} s")
    returned, value = outcome[0]
    if not returned:
        raise Failed(f"{type(value).__name__}: {value}") from value
    return cast(T, value)
