"""``@path`` includes in instruction files: where they are, never what they point to.
See docs/design/core.md."""

from __future__ import annotations

import re
from dataclasses import dataclass

_TOKEN = re.compile(r"(?<!\S)@((?:[^\s`\\\x00]|\\ )+)")
#: how a path starts: ``./``, ``~/``, ``/`` or a letter, digit, ``.``, ``_`` or ``-``; a
#: letter of any script (``@文档/规范.md``), where Claude Code reportedly takes ASCII only
_SHAPE = re.compile(r"\./|~/|/.|[\w.-]")
_TICKS = re.compile(r"`+")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")


@dataclass(frozen=True)
class Include:
    """One ``@path`` token: its span in the text and the path as written."""

    start: int
    end: int
    path: str


def _code_spans(line: str) -> list[tuple[int, int]]:
    """Spans of inline code on one line: a run of n backticks up to the next run of n."""
    runs = [(m.start(), m.end()) for m in _TICKS.finditer(line)]
    spans: list[tuple[int, int]] = []
    i = 0
    while i < len(runs):
        start, end = runs[i]
        close = next(
            (j for j in range(i + 1, len(runs)) if runs[j][1] - runs[j][0] == end - start), None
        )
        if close is None:
            i += 1  # an unmatched run is literal backticks
        else:
            spans.append((start, runs[close][1]))
            i = close + 1
    return spans


def find_includes(text: str) -> list[Include]:
    """Every include outside code, in order."""
    found: list[Include] = []
    fence: str | None = None
    offset = 0
    for line in text.splitlines(keepends=True):
        opener = _FENCE.match(line)
        if fence is not None:
            if (
                opener
                and opener.group(1)[0] == fence[0]
                and len(opener.group(1)) >= len(fence)
                and not line.strip().strip(fence[0])
            ):
                fence = None
        elif opener:
            fence = opener.group(1)
        else:
            spans = _code_spans(line)
            for match in _TOKEN.finditer(line):
                path = match.group(1)
                start, end = match.start(), match.end()
                if any(lo <= start < hi for lo, hi in spans):
                    continue
                if _SHAPE.match(path) and path.split("#", 1)[0] not in ("", "~", ".", ".."):
                    found.append(Include(offset + start, offset + end, path))
        offset += len(line)
    return found
