"""The guard's verdicts on project-scope entries, remembered across processes.
See docs/design/core.md."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
from pathlib import Path

from .storage.regular import read_bytes

_MAX = 20_000  # entries kept; the oldest go first
_MAX_BYTES = 16 << 20  # a larger file is not one this module wrote


def _fingerprint() -> str:
    """Names, sizes and modification times of the guard's source files."""
    folder = Path(__file__).parent.parent / "guard"
    parts = []
    with contextlib.suppress(OSError):
        for entry in sorted(os.scandir(folder), key=lambda e: e.name):
            if entry.name.endswith(".py"):
                st = entry.stat()
                parts.append(f"{entry.name}:{st.st_size}:{st.st_mtime_ns}")
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]


class Verdicts:
    """Guard verdicts (the rule that fired, or None) by text, loaded once."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._version = _fingerprint()
        self._known: dict[str, str | None] = {}
        self._dirty = False
        with contextlib.suppress(OSError, ValueError, TypeError, AttributeError):
            data = json.loads(read_bytes(path, _MAX_BYTES))  # never a FIFO: no hang
            if data.get("version") == self._version:
                self._known = {
                    k: v
                    for k, v in data["verdicts"].items()
                    if isinstance(k, str) and (v is None or isinstance(v, str))
                }

    @staticmethod
    def key(text: str) -> str:
        """What a verdict is filed under."""
        return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32]

    def get(self, text: str) -> tuple[bool, str | None]:
        """``(known, rule)`` for ``text``."""
        key = self.key(text)
        return key in self._known, self._known.get(key)

    def put(self, text: str, rule: str | None) -> None:
        """Remember a verdict (saved by :meth:`save`)."""
        self._known[self.key(text)] = rule
        self._dirty = True

    def save(self) -> None:
        """Write new verdicts atomically; failures are ignored (it is only a cache)."""
        if not self._dirty:
            return
        known = list(self._known.items())[-_MAX:]
        data = json.dumps({"version": self._version, "verdicts": dict(known)}).encode()
        with contextlib.suppress(OSError):
            self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".verdicts-")
            try:
                with os.fdopen(fd, "wb") as f:
                    f.write(data)
                os.replace(tmp, self.path)
            finally:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)
        self._dirty = False
