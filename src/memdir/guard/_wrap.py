"""Hard-wrapped lines read as one: a single line break inside a sentence is a space (none
between two CJK characters). See docs/design/guard.md, "Wrapped lines"."""

from __future__ import annotations

import re
from itertools import pairwise

#: the symbols a list item may open with instead of "-" ("✅ …", "► …"; round 62)
SYMBOL_BULLETS = "•◦▪●■►▶➤✓✔✅❌☐☑⚠"
# What a line that starts a new block opens with: a list item, a quote, a heading, a table
# row, a code fence, an HTML tag, a key of front matter or YAML.
_OPENS = re.compile(
    rf"[ \t]*(?:[-*+>#{SYMBOL_BULLETS}]|\d{{1,3}}[a-z]?[.)、]|[a-z][.)][ \t]|```|~~~|<|"
    r"\|[^\n]*\|[ \t]*\r?$|[\w.-]{1,40}:(?:[ \t]|\r?$))"
)
# What a line that ends a sentence or a block ends with: a table row ends with a pipe; a
# backslash (a command goes on) or an opening bracket is code, not prose.
_ENDS = re.compile(r"[.!?。！？;；:：|\\{\[(][ \t]*\r?$")
_FENCE = re.compile(r"[ \t]*(?:```|~~~)")
_BARE = re.compile(r"[ \t]*(?:```|~~~)[ \t]*\r?$")
_BLOCK_LINE = re.compile(r"[ \t]*(?:#|\||    |\t)")  # a heading, a table row, indented code
_CAPITAL = re.compile(r"[ \t]*[A-Z]")
# Scripts written without spaces: a break between two of their characters is no space.
_NO_SPACES = re.compile(
    r"[\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff01-\uff60]"
)


def unwrap(text: str) -> str:
    """``text`` with each line break inside a paragraph joined: a blank line, a list item,
    a heading, a table row, a code block, a sentence's end and a next line that opens with
    a capital still separate (a list of notes without markers stays a list)."""
    if "\n" not in text:
        return text
    lines = text.split("\n")
    out = [lines[0]]
    fences = [i for i, line in enumerate(lines) if _FENCE.match(line)]
    # an odd count: an entry cut from a file opens inside a code block (a bare closing fence)
    fenced = bool(fences) and (
        fences[0] == 0 or (len(fences) % 2 == 1 and _BARE.match(lines[fences[0]]) is not None)
    )
    for before, line in pairwise(lines):
        if _FENCE.match(line):
            fenced = not fenced
            out.append("\n" + line)
            continue
        if fenced or not _joins(before, line):
            out.append("\n" + line)
            continue
        out[-1] = out[-1].rstrip()
        line = line.lstrip()
        glue = "" if _NO_SPACES.match(out[-1][-1:]) and _NO_SPACES.match(line) else " "
        out.append(glue + line)
    return "".join(out)


def _joins(before: str, line: str) -> bool:
    """Whether ``line`` goes on the sentence ``before`` left open."""
    return not (
        not before.strip()
        or not line.strip()
        or _BLOCK_LINE.match(before)
        or _ENDS.search(before)
        or _OPENS.match(line)
        or (_CAPITAL.match(line) and not before.rstrip().endswith(","))
    )
