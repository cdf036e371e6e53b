"""The write-path guard: refuse memory content that would act on future sessions.
See docs/design/guard.md."""

from __future__ import annotations

import threading
import unicodedata
from importlib.util import find_spec
from typing import Any

from memdir.core import forks
from memdir.core.errors import GuardError

from . import _secrets
from ._build import BUILDERS
from ._engine import Finding
from ._second import SecondOpinion

__all__ = [
    "Finding",
    "SecondOpinion",
    "check",
    "find_secrets",
    "redact_cut",
    "redact_secrets",
    "scan",
    "warm",
]


class _Load:
    """The detectors' first import (``guard._scan``, ~0.5 s): on the first scan, not when
    secrets are only redacted (the UserPromptSubmit hook's recall). A fork while a thread
    is in it would leave that thread's module locks held in the child: every fork takes
    this lock first (memdir.core.forks), taken by forks' own hook, which imports this
    module before it takes the locks, so a fork that raced this module's import waits too."""

    lock = threading.Lock()

    def _fork_locks(self) -> list[threading.Lock]:
        return [self.lock]

    def _forked_holding(self, held: bool) -> None:
        self.lock = threading.Lock()


_LOAD = _Load()
forks.hold_at_fork(_LOAD)


def __getattr__(name: str) -> Any:
    """The detectors' own names (``guard._Scan``, for tests and benches), imported on first
    use; a module of this package not imported yet is left to the import system (the
    detectors' import asks for them under the lock)."""
    if not name.startswith("_") or name.startswith("__") or find_spec(f"{__name__}.{name}"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    with _LOAD.lock:
        from . import _scan
    return getattr(_scan, name)


def warm() -> None:
    """Build the guard's rule sets and patterns now rather than on first use (~0.1–0.2 s
    of CPU): ``memdir serve`` calls it before it listens, so its worker threads do not
    all build them at once on the first writes (docs/design/serve.md)."""
    scan("A note: run the tests with `make test` from now on.")  # imports the detectors
    for build in BUILDERS:  # every @builder: the guard's modules are all imported
        build()


def _nfkc(text: str) -> str:
    return text if text.isascii() else unicodedata.normalize("NFKC", text)


def scan(
    text: str, *, allow_secrets: bool = False, second_opinion: SecondOpinion | None = None
) -> Finding | None:
    """The first reason memory cannot hold ``text``, or None if it may be stored.

    ``allow_secrets=True`` skips the secret rules: the extractor redacts secrets with
    :func:`redact_secrets` instead of refusing its whole output. ``second_opinion`` judges
    standing orders in the grey band (without it they are stored, as offline).
    """
    with _LOAD.lock:
        from . import _scan
    return _scan.scan(text, allow_secrets=allow_secrets, second_opinion=second_opinion)


def check(
    text: str, *, allow_secrets: bool = False, second_opinion: SecondOpinion | None = None
) -> None:
    """Raise :class:`memdir.core.errors.GuardError` if :func:`scan` finds anything."""
    found = scan(text, allow_secrets=allow_secrets, second_opinion=second_opinion)
    if found is not None:
        raise GuardError(rule=found.rule, reason=found.reason)


def find_secrets(text: str) -> list[Finding]:
    """Every hard-coded secret in ``text`` (values masked in the excerpts)."""
    nfkc = _nfkc(text)
    return [_secrets.finding(nfkc, s) for s in _secrets.find(nfkc)]


def redact_secrets(text: str) -> str:
    """``text`` with each secret replaced by ``[REDACTED:<kind>]``; the rest is untouched.

    Secrets are looked for in the text as given; if NFKC normalisation reveals more (a
    key typed in full-width letters), the normalised text is redacted instead.
    """
    matches = _secrets.find(text)
    nfkc = _nfkc(text)
    if nfkc != text:
        normalised = _secrets.find(nfkc)
        if len(normalised) > len(matches):
            text, matches = nfkc, normalised
    out: list[str] = []
    last = 0
    for s in matches:
        out.append(text[last : s.start])
        out.append(f"[REDACTED:{s.kind}]")
        last = s.end
    out.append(text[last:])
    return "".join(out)


def redact_cut(text: str, *, limit: int | None = None) -> str:
    """``text`` cut short, without the word a cut went through and with its secrets
    redacted (a key cut in half is no longer recognised, and redacted, as one): an excerpt
    marked ``…`` at each end where it was cut, or, given ``limit``, a text cut unmarked at
    that length (a session's title), marked now."""
    if limit is not None:
        if len(text) >= limit and " " in text:
            text = text.rsplit(" ", 1)[0] + " …"
        return redact_secrets(text)
    if text.endswith("…") and " " in text:
        text = text[: text.rindex(" ")] + " …"
    if text.startswith("…") and " " in text:
        text = "… " + text[text.index(" ") + 1 :]
    return redact_secrets(text)
