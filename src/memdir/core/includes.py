"""``@path`` includes in instruction files: where they are, never what they point to.
See docs/design/core.md and docs/design/instructions.md (code spans)."""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

from markdown_it import MarkdownIt
from markdown_it.rules_inline import StateInline
from markdown_it.rules_inline.backticks import backtick

_TOKEN = re.compile(r"(?<!\S)@((?:[^\s`\\\x00]|\\ )+)")
#: how a path starts: ``./``, ``~/``, ``/`` or a letter, digit, ``.``, ``_`` or ``-``; a
#: letter of any script (``@文档/规范.md``), where Claude Code reportedly takes ASCII only
_SHAPE = re.compile(r"\./|~/|/.|[\w.-]")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_RUN = re.compile(r"`+")
_NEWLINE = re.compile(r"\r\n?|\n")  # markdown-it's line ends: its line numbers are these


def _recorded_backtick(state: StateInline, silent: bool) -> bool:
    """markdown-it's code span rule, noting each span's source range in ``env["code"]``."""
    start = state.pos
    if not backtick(state, silent):
        return False
    run = _RUN.match(state.src, start)
    if not silent and run is not None and state.pos > run.end():  # a span, not a lone run
        state.env["code"].append((start, state.pos))
    return True


_MD = MarkdownIt("commonmark")
_MD.disable("inline")  # block structure only; code spans are found per block below
_MD.inline.ruler.at("backticks", _recorded_backtick)


@dataclass(frozen=True)
class Include:
    """One ``@path`` token: its span in the text and the path as written."""

    start: int
    end: int
    path: str


def _code_spans(text: str) -> list[tuple[int, int]]:
    """Inline code in ``text``, sorted: spans run over the lines of one paragraph or heading
    (CommonMark, as Claude Code's lexer reads them); any other line is its own run."""
    if "`" not in text:
        return []
    starts = [0, *(m.end() for m in _NEWLINE.finditer(text))]
    runs: list[tuple[int, int]] = []
    for token in _MD.parse(text):
        if token.type == "inline" and token.map and token.map[0] >= (runs[-1][1] if runs else 0):
            runs.append((token.map[0], token.map[1]))
    blocks: list[tuple[int, int]] = []
    line = 0
    for first, end in [*runs, (len(starts), len(starts))]:
        blocks.extend((n, n + 1) for n in range(line, first))
        blocks.append((first, end))
        line = end
    spans: list[tuple[int, int]] = []
    for first, end in blocks:
        if first >= end:
            continue
        lo, hi = starts[first], starts[end] if end < len(starts) else len(text)
        src = text[lo:hi]
        if "`" in src and "@" in src:
            env: dict[str, list[tuple[int, int]]] = {"code": []}
            _MD.inline.parse(src, _MD, env, [])
            spans.extend((lo + a, lo + b) for a, b in env["code"])
    return spans


def find_includes(text: str) -> list[Include]:
    """Every include outside code, in order."""
    spans = _code_spans(text)
    span_starts = [lo for lo, _ in spans]
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
            for match in _TOKEN.finditer(line):
                path = match.group(1)
                start, end = offset + match.start(), offset + match.end()
                at = bisect.bisect_right(span_starts, start) - 1
                if at >= 0 and start < spans[at][1]:
                    continue
                if _SHAPE.match(path) and path.split("#", 1)[0] not in ("", "~", ".", ".."):
                    found.append(Include(start, end, path))
        offset += len(line)
    return found
