"""A rule's top-level alternatives grouped by the character a match can start with, so a try
at one place runs only the alternatives that may start there. See docs/design/guard.md,
"Scan time, round 60"."""

from __future__ import annotations

import functools
import re
from typing import Any

_P: Any = re._parser  # type: ignore[attr-defined]  # sre's parser (Python >= 3.11)
_C: Any = re._constants  # type: ignore[attr-defined]

_FLAGS = re.DOTALL | re.UNICODE  # what the engine compiles rules with, and nothing else
_RANGE = 256  # a class with a wider range counts as "any character"
# A comment or a verbose part: parentheses and bars there do not nest as the split reads them.
_UNREAD = re.compile(r"\(\?(?:#|[aiLmsu-]*x)")

Firsts = tuple[frozenset[str] | None, bool]  # (characters a match may start with, may be empty)


class Alternatives(dict[str, "re.Pattern[str] | None"]):
    """First character -> the pattern of the alternatives that may start with it, in their
    order (None: none may), compiled on first use. A top-level alternation returns the first
    alternative that matches where it is tried, and one that cannot start with the text's
    character there fails; so the narrowed pattern returns the same match."""

    def __init__(self, pieces: list[str], firsts: list[frozenset[str] | None]) -> None:
        super().__init__()
        self._pieces = pieces
        self._firsts = firsts

    def __missing__(self, ch: str) -> re.Pattern[str] | None:
        kept = [p for p, f in zip(self._pieces, self._firsts, strict=True) if f is None or ch in f]
        rx = _compile("|".join(kept)) if kept else None
        self[ch] = rx
        return rx


@functools.cache
def _compile(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.DOTALL)


@functools.cache
def alternatives(pattern: str) -> Alternatives | None:
    """``pattern``'s alternatives by first character, or None when it cannot be split safely:
    fewer than two alternatives, a group (numbers and references would move), inline flags,
    or a part the split does not read."""
    if _UNREAD.search(pattern):
        return None
    pieces = _split(pattern)
    if len(pieces) < 2:
        return None
    firsts: list[frozenset[str] | None] = []
    for piece in pieces:
        try:
            tree = _P.parse(piece, re.DOTALL)
        except re.error:
            return None  # split inside a group or a class
        if tree.state.flags != _FLAGS or tree.state.groups != 1:
            return None
        chars, empty = _seq(tree)
        firsts.append(None if empty else chars)
    if all(f is None for f in firsts):
        return None
    return Alternatives(pieces, firsts)


def _split(pattern: str) -> list[str]:
    """``pattern`` cut at its top-level bars."""
    out: list[str] = []
    depth, start, i, in_class = 0, 0, 0, False
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\":
            i += 2
            continue
        if in_class:
            in_class = ch != "]"
        elif ch == "[":
            in_class = True
            i += 1 + (pattern[i + 1 : i + 2] == "^")
            i += pattern[i : i + 1] == "]"  # a leading "]" is a member
            continue
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "|" and depth == 0:
            out.append(pattern[start:i])
            start = i + 1
        i += 1
    out.append(pattern[start:])
    return out


def _seq(seq: Any) -> Firsts:
    """The characters a match of ``seq`` may start with (None: any), and whether it may be
    empty. Zero-width items (anchors, look-arounds) are passed over: they read, not take."""
    out: set[str] = set()
    for op, av in seq:
        if op in (_C.AT, _C.ASSERT, _C.ASSERT_NOT):
            continue
        chars, empty = _item(op, av)
        if chars is None:
            return None, False
        out |= chars
        if not empty:
            return frozenset(out), False
    return frozenset(out), True


def _item(op: Any, av: Any) -> Firsts:
    if op is _C.LITERAL:
        return frozenset(chr(av)), False
    if op is _C.IN:
        chars: set[str] = set()
        for o, a in av:
            if o is _C.LITERAL:
                chars.add(chr(a))
            elif o is _C.RANGE and a[1] - a[0] < _RANGE:
                chars.update(map(chr, range(a[0], a[1] + 1)))
            else:  # a negation, a category (\w, \s), a wide range
                return None, False
        return frozenset(chars), False
    if op is _C.SUBPATTERN:
        if av[1] or av[2]:  # scoped flags (?i:…) change what a literal matches
            return None, False
        return _seq(av[3])
    if op is _C.ATOMIC_GROUP:
        return _seq(av)
    if op is _C.BRANCH:
        out: set[str] = set()
        empty = False
        for branch in av[1]:
            chars_b, empty_b = _seq(branch)
            if chars_b is None:
                return None, False
            out |= chars_b
            empty = empty or empty_b
        return frozenset(out), empty
    if op in (_C.MAX_REPEAT, _C.MIN_REPEAT, _C.POSSESSIVE_REPEAT):
        chars_r, empty_r = _seq(av[2])
        return chars_r, empty_r or av[0] == 0
    return None, False  # any character, a negated literal, a category, a reference
