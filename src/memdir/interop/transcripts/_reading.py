"""What the transcript readers share: JSON lines read in bounded memory (regular files only,
never blocking), the tally of lines that were skipped or malformed (never fatal), progress,
times, project scopes, message text, and which tools read the web."""

from __future__ import annotations

import fnmatch
import json
import os
import re
import stat
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from ...core.errors import ValidationError
from ...core.scopes import PATH_MAX, find_project_root, project_slug
from ...core.storage.regular import open_regular
from ...sessions import MemoryMode
from ...sessions.records import to_epoch

MAX_LINE = 32 * 1024 * 1024  # a longer line is reported, not held in memory
# A \uD800-\uDFFF escape: JSON lets it stand alone (half a character), which no text is.
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")
PROBLEMS_KEPT = 20  # malformed lines listed by position (all are counted)
_STEP = 1024 * 1024  # report progress at most once per this many units of bytes

#: ``progress(done, total)``: bytes read of all files (Hermes: messages read).
Progress = Callable[[int, int], None]

#: One message as a reader makes it: role, content, tool_name, tool_calls.
Message = tuple[str, str, str | None, Any]

# Tools that bring web or third-party pages into a session (Claude Code's WebFetch and
# WebSearch, Codex's web_search, Hermes's web_search / web_extract / browser_*, and MCP
# browser servers): such a session is marked polluted, so extraction never learns from it.
_WEB_TOOL = re.compile(
    r"web_?(fetch|search|extract|browse)|browser|playwright|puppeteer"
    r"|(^|__)fetch$",
    re.I,
)


#: The row a reader yields when a session's tools read the web (see :func:`reads_web`).
POLLUTED = MemoryMode("polluted")


class Malformed(Exception):
    """A line or row that claims to be a message but does not have a message's shape."""


def reads_web(tool: str | None) -> bool:
    """Whether a tool call of this name reads web or third-party content."""
    return tool is not None and _WEB_TOOL.search(tool) is not None


class Tally:
    """Counts of what a reader saw and left out, and progress reporting."""

    def __init__(self, progress: Progress | None = None) -> None:
        self.progress = progress
        self.total = 0
        self.done = 0
        self._reported = 0
        self.files = 0
        self.lines = 0
        self.malformed = 0
        self.skipped = 0  # well-formed lines that hold no message (metadata, token counts…)
        self.problems: list[str] = []

    def bad(self, where: str, why: str) -> None:
        """Count one malformed line (or unreadable file); keep the first few reasons."""
        self.malformed += 1
        if len(self.problems) < PROBLEMS_KEPT:
            self.problems.append(f"{where}: {why}")

    def advance(self, units: int, step: int = _STEP) -> None:
        """``units`` more done; tells ``progress`` every ``step`` units."""
        self.done += units
        if self.progress is not None and self.done - self._reported >= step:
            self._reported = self.done
            self.progress(self.done, max(self.total, self.done))

    def finish(self) -> None:
        """Report the final position."""
        if self.progress is not None:
            self.progress(self.done, max(self.total, self.done))


@dataclass
class Cursor:
    """Where a reader resumes a file: the byte after the last complete line it consumed,
    and that line's number."""

    offset: int = 0
    number: int = 0


def json_lines(
    path: Path, tally: Tally, cursor: Cursor | None = None
) -> Iterator[tuple[int, dict[str, Any]]]:
    """``(line number, object)`` for each line of ``path`` that is a JSON object, one line
    in memory at a time. Other lines are tallied as malformed; blank lines are ignored; an
    unreadable file is one problem, not an error. With ``cursor``: from its place on,
    advancing it past each line; a last line without its newline (still being written) is
    left unread."""
    tally.files += 1
    try:
        with os.fdopen(open_regular(path, sys.maxsize), "rb") as f:  # never a FIFO
            number = 0 if cursor is None else cursor.number
            if cursor is not None:
                f.seek(cursor.offset)
            while True:
                start = f.tell()
                raw = f.readline(MAX_LINE + 1)
                if not raw or (cursor is not None and len(raw) <= MAX_LINE and raw[-1:] != b"\n"):
                    return
                number += 1
                tally.lines += 1
                tally.advance(len(raw))
                if len(raw) > MAX_LINE and not raw.endswith(b"\n"):
                    while raw and not raw.endswith(b"\n"):  # skip the rest of it
                        raw = f.readline(MAX_LINE)
                        tally.advance(len(raw))
                    if cursor is not None:
                        if not raw:
                            return  # still being written
                        cursor.offset, cursor.number = f.tell(), number
                    tally.bad(f"{path}:{number}", f"line longer than {MAX_LINE >> 20} MiB")
                    continue
                if cursor is not None:
                    cursor.offset, cursor.number = start + len(raw), number
                if not raw.strip():
                    continue
                try:
                    obj = json.loads(raw)
                except (ValueError, RecursionError) as exc:
                    tally.bad(f"{path}:{number}", f"not JSON ({str(exc)[:80]})")
                    continue
                if not isinstance(obj, dict):
                    tally.bad(f"{path}:{number}", "not a JSON object")
                    continue
                if _SURROGATE_ESCAPE.search(raw) and _half_a_character(obj):
                    tally.bad(f"{path}:{number}", "holds a lone surrogate (\\ud800…), not text")
                    continue
                yield number, obj
    except OSError as exc:
        tally.bad(str(path), f"could not read it ({exc.strerror or exc})")
    except ValueError as exc:
        tally.bad(str(path), str(exc))


def _half_a_character(obj: object) -> bool:
    """Whether a decoded line holds a lone surrogate (a pair is an emoji, and fine)."""
    try:
        json.dumps(obj, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def files(source: Path, pattern: str, tally: Tally | None = None) -> list[tuple[Path, int]]:
    """``(path, size)`` of the regular files matching ``pattern`` under the folder
    ``source`` (or ``source`` itself when it is a file), sorted by path; unreadable folders
    and files (a dangling link) are skipped, and they and matching names that are not
    regular files (FIFOs, devices) are tallied as problems."""
    if not source.is_dir():
        return [(source, source.stat().st_size)]

    def unreadable(exc: OSError) -> None:
        if tally is not None:
            tally.bad(str(exc.filename or source), f"could not read it ({exc.strerror or exc})")

    found = []
    for root, _, names in os.walk(source, onerror=unreadable):
        for name in names:
            if fnmatch.fnmatchcase(name, pattern):
                path = Path(root) / name
                try:
                    info = path.stat()
                except OSError as exc:
                    unreadable(exc)
                    continue
                if stat.S_ISREG(info.st_mode):
                    found.append((path, info.st_size))
                elif tally is not None:
                    tally.bad(str(path), "not a regular file")
    return sorted(found)


def mtime(path: Path) -> float:
    """When ``path`` last changed (the time of lines that carry none), or 0."""
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def seconds(value: object, fallback: float) -> float:
    """A time from a transcript (ISO 8601 string or UNIX seconds) as UNIX seconds;
    ``fallback`` when it is missing or not a time."""
    found = time_of(value)
    return fallback if found is None else found


def time_of(value: object) -> float | None:
    """:func:`seconds`, None when ``value`` is missing or not a time."""
    if isinstance(value, str | int | float) and not isinstance(value, bool):
        try:
            return to_epoch(value)
        except ValidationError:
            return None
    return None


@lru_cache(maxsize=1024)
def scope_of(cwd: str | None) -> str | None:
    """The project scope slug of a working directory (its git root's, as live sessions
    record it); None when there is no usable directory."""
    if not cwd or "\0" in cwd or not cwd.startswith("/") or len(cwd) > PATH_MAX:
        return None
    try:
        return project_slug(find_project_root(Path(cwd)))
    except (OSError, RuntimeError, ValueError):  # unreadable parents, symlink loops
        return project_slug(Path(cwd))


def text_of(value: object) -> str:
    """Message content or tool output as text: strings as they are, lists of content
    blocks as their text parts, an object by its ``output``, ``content`` or ``text``, anything
    else as JSON."""
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        parts = []
        for block in value:
            if isinstance(block, str):
                parts.append(block)
            elif isinstance(block, dict):
                part = block.get("text", block.get("content"))
                if isinstance(part, str):
                    parts.append(part)
                elif block.get("type") in ("image", "input_image", "image_url"):
                    parts.append("[image]")
        return "\n".join(parts)
    if value is None:
        return ""
    if isinstance(value, dict):
        for key in ("output", "content", "text"):
            if isinstance(value.get(key), str | list):
                return text_of(value[key])
    return json.dumps(value, ensure_ascii=False, default=str)


def output_text(value: object) -> str:
    """A tool's output as text, as :func:`text_of`, and text that is JSON of an object
    with an ``output`` string (how Codex records a command's result) as that string."""
    if isinstance(value, str):
        try:
            decoded = json.loads(value)
        except (ValueError, RecursionError):
            return value
        if isinstance(decoded, dict) and isinstance(decoded.get("output"), str):
            return str(decoded["output"])
        return value
    return text_of(value)


def bounded_put(mapping: dict[str, str], key: str, value: str, limit: int = 100_000) -> None:
    """``mapping[key] = value``, dropping the oldest key beyond ``limit`` (per-file lookups
    such as tool-call ids stay bounded on huge transcripts)."""
    mapping[key] = value
    if len(mapping) > limit:
        del mapping[next(iter(mapping))]
