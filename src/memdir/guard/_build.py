"""Building patterns from word lists, and showing what matched. (docs/design/guard.md)."""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

EXCERPT_LEN = 60
_T = TypeVar("_T")
BUILDERS: list[Callable[[], Any]] = []  # every @builder, in import order: warm() runs them


def builder(build: Callable[[], _T]) -> functools._lru_cache_wrapper[_T]:
    """A rule set or pattern built once, on first use or by ``guard.warm()``."""
    cached = functools.cache(build)
    BUILDERS.append(cached)
    return cached


# --- building patterns -----------------------------------------------------------------

_META = set("\\()[]{}?*+|.^$")


@functools.lru_cache(maxsize=8192)
def lit(word: str) -> str:
    """Normalise a lexicon entry (a regex fragment) to the folded form of the text.

    Only characters outside backslash escapes are casefolded, so ``\\S`` stays ``\\S``.
    """
    word = unicodedata.normalize("NFKC", word)
    out: list[str] = []
    escaped = False
    for ch in word:
        out.append(ch if escaped else ch.casefold())
        escaped = ch == "\\" and not escaped
    return "".join(out)


def _split_head(fragment: str) -> tuple[str, str]:
    """Split a regex fragment into its literal head (unescaped) and the regex tail.

    Escaped punctuation (``\\.``, ``\\(``) is part of the head; a class escape (``\\w``)
    or any other metacharacter ends it. A character made optional by a following ``?``,
    ``*`` or ``{`` moves to the tail.
    """
    head: list[str] = []
    starts: list[int] = []  # where each head character starts in the fragment
    i = 0
    while i < len(fragment):
        ch = fragment[i]
        if ch == "\\" and i + 1 < len(fragment) and not fragment[i + 1].isalnum():
            head.append(fragment[i + 1])
            starts.append(i)
            i += 2
            continue
        if ch in _META:
            if ch in "?*{" and head:
                head.pop()
                return "".join(head), fragment[starts.pop() :]
            return "".join(head), fragment[i:]
        head.append(ch)
        starts.append(i)
        i += 1
    return "".join(head), ""


def expand(fragment: str) -> list[str]:
    """Spell out a leading group: ``(?:tu|su) x`` → ``["tu x", "su x"]`` (recursively).

    Lets a lexicon entry start with alternatives and still have literal anchors.
    """
    if not fragment.startswith("(?:"):
        return [fragment]
    depth, cuts, end = 0, [3], -1
    i = 0
    while i < len(fragment):
        ch = fragment[i]
        if ch == "\\":
            i += 2
            continue
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
            if depth == 0:
                end = i
                break
        elif ch == "|" and depth == 1:
            cuts.append(i + 1)
        i += 1
    if end < 0:
        return [fragment]
    options = [fragment[a : b - 1] for a, b in zip(cuts, [*cuts[1:], end + 1], strict=True)]
    rest = fragment[end + 1 :]
    if rest[:1] in ("*", "+", "{"):
        return [fragment]
    if rest.startswith("?"):
        rest = rest[1:]
        options.append("")
    return [e for opt in options for e in expand(opt + rest)]


def prefix(fragment: str) -> str:
    """The literal text every match of ``fragment`` starts with (folded).

    A trailing space marks a whole word (the fragment continues with ``\\b`` or ``\\s``),
    which lets short words such as "all" be gated exactly.
    """
    head, tail = _split_head(lit(fragment))
    if len(head.strip().encode("utf-8")) < 2:
        raise ValueError(f"lexicon entry {fragment!r} has no usable literal prefix")
    if tail.startswith(("\\b", "\\s")) and not head.endswith(" "):
        head += " "
    return head


def prefixes(*groups: Iterable[str]) -> tuple[str, ...]:
    """Anchors for an alternation: the literal prefix of each entry, deduplicated."""
    found = sorted({prefix(e) for g in groups for w in g for e in expand(lit(w))})
    # An anchor that starts with a shorter one is redundant: the shorter one finds it. In
    # sorted order such a shorter anchor is always the last one kept.
    kept: list[str] = []
    for a in found:
        if not kept or not a.startswith(kept[-1]):
            kept.append(a)
    return tuple(kept)


def alt(*groups: Iterable[str]) -> str:
    """A non-capturing alternation of lexicon entries (NFKC-casefolded, longest first).

    Longest first so that a longer entry wins over its own prefix where both match.
    """
    entries = {e for g in groups for w in g for e in expand(lit(w))}
    ordered = sorted(entries, key=lambda e: (-len(e), e))
    return "(?:" + "|".join(e if _atomic(e) else f"(?:{e})" for e in ordered) + ")"


def branches(*patterns: str) -> list[str]:
    """The top-level alternatives of ``patterns``, each without a leading ``\\b``.

    Lets a pattern written as one alternation become engine anchors (:func:`prefixes`): every
    branch must start with a literal. Word starts are checked by the caller instead.
    """
    out: list[str] = []
    for pattern in patterns:
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
            elif ch == "(":
                depth += 1
            elif ch == ")":
                depth -= 1
            elif ch == "|" and depth == 0:
                out.append(pattern[start:i])
                start = i + 1
            i += 1
        out.append(pattern[start:])
    return [b.removeprefix("\\b") for b in out if b]


def lexicon(*parts: str) -> tuple[str, ...]:
    """Lexicon entries written compactly: regex fragments joined by ``|`` (split at the top
    level only, so ``(?:tu|su) contraseña`` stays one entry)."""
    return tuple(branches(*parts))


# Kana, CJK ideographs and Hangul: scripts written without spaces between words, so any
# character may start one (the guard's single definition; sessions/analyzer has the index's).
CJK = "\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af"


def word_start(s: str, i: int) -> bool:
    """Whether ``s[i]`` starts a word (always true for scripts written without spaces)."""
    return i == 0 or s[i] >= "\u3000" or not (s[i - 1].isalnum() or s[i - 1] in "_-")


def _atomic(fragment: str) -> bool:
    """True when ``fragment`` can be concatenated without grouping (no top-level ``|``)."""
    depth = 0
    escaped = False
    for ch in fragment:
        if escaped:
            escaped = False
        elif ch == "\\":
            escaped = True
        elif ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        elif ch == "|" and depth == 0:
            return False
    return True


# --- showing matches -------------------------------------------------------------------


def visible(s: str) -> str:
    """Show format/control characters (zero-width, bidi, tags) as ``<U+XXXX>``."""
    out: list[str] = []
    for ch in s:
        if ch in "\n\t\r":
            out.append(" ")
        elif unicodedata.category(ch) in ("Cf", "Cc", "Co", "Cn", "Cs"):
            out.append(f"<U+{ord(ch):04X}>")
        else:
            out.append(ch)
    return "".join(out)


def excerpt(s: str, start: int, end: int) -> str:
    """The matched slice, whitespace collapsed, made visible, cut to 60 characters."""
    shown = visible(" ".join(s[start : min(end, start + 400)].split()))
    if len(shown) > EXCERPT_LEN:
        cut = EXCERPT_LEN - 1
        tag = shown.rfind("<U+", 0, cut)
        if tag != -1 and shown.find(">", tag) >= cut:
            cut = tag
        shown = shown[:cut] + "…"
    return shown
