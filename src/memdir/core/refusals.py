"""Writes the memory guard refused, kept for people to look at (the web page's activity).
See docs/design/core.md."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from .errors import GuardError
from .model import utcnow
from .notices import warn_once
from .storage.regular import atomic_write, open_regular, why

FILE_NAME = "guard-refusals.jsonl"
MAX_BYTES = 256 * 1024
NAME_CHARS = 120


@dataclass(frozen=True)
class Refusal:
    """One refused write."""

    time: datetime
    scope: str
    source: str
    rule: str
    reason: str
    name: str


class RefusalLog:
    """The refusals of one memory home."""

    def __init__(self, home: Path, *, clock: Callable[[], datetime] = utcnow) -> None:
        self.path = home / FILE_NAME
        self.clock = clock

    def record(self, scope: str, source: str, error: GuardError, name: str) -> None:
        """Add one refusal; a home that cannot be written gets a warning, never an error
        in place of the refusal."""
        from .. import guard

        row = {
            "time": self.clock().isoformat(),
            "scope": scope,
            "source": source,
            "rule": error.rule,
            "reason": error.reason,
            "name": guard.redact_secrets(name)[:NAME_CHARS],
        }
        data = (json.dumps(row, ensure_ascii=False) + "\n").encode()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK
            fd = os.open(self.path, flags, 0o600)  # O_NONBLOCK: a FIFO is an error, no hang
            try:
                os.write(fd, data)
                size = os.fstat(fd).st_size
            finally:
                os.close(fd)
            if size > MAX_BYTES:  # keep the newest half, read from the tail however large
                with os.fdopen(open_regular(self.path, sys.maxsize), "rb") as f:
                    f.seek(size - MAX_BYTES // 2)  # a line appended meanwhile may go
                    tail = f.read(MAX_BYTES // 2)
                atomic_write(self.path, tail[tail.find(b"\n") + 1 :])  # whole lines
        except (OSError, ValueError) as exc:
            warn_once(f"guard refusal not recorded in {self.path}: {why(exc)}")

    def recent(self, limit: int = 50) -> list[Refusal]:
        """The newest ``limit`` refusals, newest first (unreadable lines skipped)."""
        try:
            with os.fdopen(open_regular(self.path, sys.maxsize), "rb") as f:  # never a FIFO
                f.seek(max(0, os.fstat(f.fileno()).st_size - MAX_BYTES))
                lines = f.read(MAX_BYTES + 1).splitlines()
        except FileNotFoundError:
            return []
        except (OSError, ValueError) as exc:
            warn_once(f"guard refusals not read from {self.path}: {why(exc)}")
            return []
        out: list[Refusal] = []
        for line in reversed(lines):
            try:
                row = json.loads(line)
                texts = (str(row[k]) for k in ("scope", "source", "rule", "reason", "name"))
                out.append(Refusal(datetime.fromisoformat(row["time"]), *texts))
            except (ValueError, KeyError, TypeError, RecursionError):
                continue
            if len(out) >= limit:
                break
        return out
