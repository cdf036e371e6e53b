"""The guard's verdicts on project-scope entries, remembered across processes.
See docs/design/core.md."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import stat
from pathlib import Path

from .storage.regular import atomic_write, read_bytes

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
    """Guard verdicts (the rule that fired, or None) by text, loaded once. The file is a
    header line (the guard's version) and one ``[key, rule]`` line per verdict: a new
    verdict is appended, and the file rewritten only past twice :data:`_MAX` lines."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._version = _fingerprint()
        self._known: dict[str, str | None] = {}
        self._new: list[str] = []  # keys put since the last save
        self._lines = 0  # verdict lines in the file (0: none, or not ours: rewrite it)
        with contextlib.suppress(OSError, ValueError, RecursionError):  # never a FIFO
            self._load(read_bytes(path, _MAX_BYTES))

    def _load(self, data: bytes) -> None:
        head, _, rest = data.partition(b"\n")
        header = json.loads(head)
        if not isinstance(header, dict) or header.get("version") != self._version:
            return
        if isinstance(header.get("verdicts"), dict):  # the earlier one-object file: rewritten
            for k, v in header["verdicts"].items():  # on the next save (``_lines`` 0)
                if isinstance(k, str) and (v is None or isinstance(v, str)):
                    self._known[k] = v
            return
        lines = rest.splitlines()
        for line in lines:
            with contextlib.suppress(ValueError, RecursionError):  # a line cut short
                item = json.loads(line)
                if (
                    isinstance(item, list)
                    and len(item) == 2
                    and isinstance(item[0], str)
                    and (item[1] is None or isinstance(item[1], str))
                ):
                    self._known[item[0]] = item[1]
        self._lines = len(lines) or -1  # -1: a header alone, still ours to append to

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
        key = self.key(text)
        if key not in self._known or self._known[key] != rule:
            self._known[key] = rule
            self._new.append(key)

    def save(self) -> None:
        """Append the new verdicts (or rewrite the file atomically when it is missing,
        not ours — another guard's version — or too long); failures are ignored (it is
        only a cache; what was not saved is tried again on the next save)."""
        if not self._new:
            return
        new, self._new = self._new, []
        try:
            if not (self._lines and self._lines + len(new) <= 2 * _MAX and self._append(new)):
                known = list(self._known.items())[-_MAX:]
                lines = "".join(f"{json.dumps(list(i))}\n" for i in known)
                self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
                atomic_write(self.path, self._header() + lines.encode())
                self._lines = len(known) or -1
        except OSError:
            self._new = (new + self._new)[-_MAX:]

    def _header(self) -> bytes:
        return (json.dumps({"version": self._version}) + "\n").encode()

    def _append(self, keys: list[str]) -> bool:
        """Append ``keys``' verdicts in one write if the file is still a regular file under
        this guard's header; False when it is not (gone, replaced, another version's)."""
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_APPEND | os.O_NOFOLLOW | os.O_CLOEXEC)
        except OSError:
            return False
        try:
            info = os.fstat(fd)
            header = self._header()
            if not stat.S_ISREG(info.st_mode) or os.pread(fd, len(header), 0) != header:
                return False
            text = "".join(f"{json.dumps([k, self._known[k]])}\n" for k in keys)
            if os.pread(fd, 1, info.st_size - 1) != b"\n":
                text = "\n" + text  # after a line cut short
            os.write(fd, text.encode())  # one write: whole lines, even if others append too
            self._lines = max(self._lines, 0) + len(keys)
            return True
        finally:
            os.close(fd)
