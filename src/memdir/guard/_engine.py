"""Rule engine: anchored, lazily compiled regex rules run on windows around their anchors.

A rule names literal *anchors*; every match of its pattern contains at least one of them.
The engine finds the anchors with ``str.find`` (fast C search) and runs the regex only on a
window around each hit, so a 64 KiB body costs a few substring searches, not dozens of
full regex passes. Regexes are compiled on first use, never at import time.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

__all__ = [
    "Finding",
    "Rule",
    "Text",
    "alt",
    "excerpt",
    "fold",
    "lit",
    "search",
]

# More hits than this for one rule and a plain full-text search is cheaper than windows.
_MAX_HITS = 48
EXCERPT_LEN = 60


@dataclass(frozen=True)
class Finding:
    """One reason the guard refuses a write.

    ``rule`` is a stable id (``injection.ignore-previous``), ``category`` its family,
    ``reason`` one sentence for a human or a model, ``excerpt`` the matched text (at most
    60 chars, invisible characters shown as ``<U+XXXX>``, secrets masked).
    """

    rule: str
    category: str
    reason: str
    excerpt: str


@dataclass(frozen=True)
class Rule:
    """A pattern plus the literals that must occur in any match of it.

    ``radius`` bounds how far a match may extend from an anchor (0: search the whole
    text). ``accept`` can veto a regex match (e.g. placeholder passwords).
    """

    id: str
    category: str
    reason: str
    anchors: tuple[str, ...]
    pattern: str
    radius: int = 320
    accept: Callable[[re.Match[str]], bool] | None = field(default=None, compare=False)

    def regex(self) -> re.Pattern[str]:
        """The compiled pattern (cached across rules with the same source)."""
        return _compile(self.pattern)


@functools.cache
def _compile(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.DOTALL)


class Text:
    """A haystack with memoised anchor positions, shared by all rules of one scan."""

    __slots__ = ("_hits", "s")

    def __init__(self, s: str) -> None:
        self.s = s
        self._hits: dict[str, list[int]] = {}

    def hits(self, anchor: str) -> list[int]:
        """Start offsets of ``anchor`` (at most ``_MAX_HITS + 1`` of them)."""
        found = self._hits.get(anchor)
        if found is None:
            found = []
            s = self.s
            i = s.find(anchor)
            while i != -1 and len(found) <= _MAX_HITS:
                found.append(i)
                i = s.find(anchor, i + 1)
            self._hits[anchor] = found
        return found


def search(rule: Rule, text: Text) -> re.Match[str] | None:
    """First accepted match of ``rule`` in ``text``, looking only near its anchors."""
    positions: list[int] = []
    for anchor in rule.anchors:
        positions.extend(text.hits(anchor))
    if not positions:
        return None
    rx = rule.regex()
    s = text.s
    if rule.radius <= 0 or len(positions) > _MAX_HITS:
        return _first_accepted(rule, rx.finditer(s))
    positions.sort()
    lo = hi = -1
    for p in positions:
        start, end = max(0, p - rule.radius), min(len(s), p + rule.radius)
        if start <= hi:
            hi = end
            continue
        if hi >= 0:
            m = _first_accepted(rule, rx.finditer(s, lo, hi))
            if m is not None:
                return m
        lo, hi = start, end
    return _first_accepted(rule, rx.finditer(s, lo, hi))


def _first_accepted(rule: Rule, matches: Iterable[re.Match[str]]) -> re.Match[str] | None:
    for m in matches:
        if rule.accept is None or rule.accept(m):
            return m
    return None


def fold(text: str) -> str:
    """NFKC then casefold: the form every pattern rule is written against."""
    if not text.isascii():
        text = unicodedata.normalize("NFKC", text)
    return text.casefold()


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


def alt(*groups: Iterable[str]) -> str:
    """A non-capturing alternation of lexicon entries, longest first."""
    words = sorted({lit(w) for g in groups for w in g}, key=lambda w: (-len(w), w))
    return "(?:" + "|".join(words) + ")"


_META = set("\\()[]{}?*+|.^$")


def prefix(fragment: str) -> str:
    """The literal text every match of ``fragment`` starts with (folded).

    Stops at the first regex metacharacter; a character made optional by a following
    ``?``, ``*`` or ``{`` is dropped. Raises if fewer than two literal characters remain,
    because a one-character anchor would hit almost everywhere.
    """
    word = lit(fragment)
    out: list[str] = []
    for i, ch in enumerate(word):
        if ch in _META:
            if ch in "?*{" and out:
                out.pop()
            break
        if i + 1 < len(word) and word[i + 1] in "?*{":
            break
        out.append(ch)
    anchor = "".join(out)
    if len(anchor.strip()) < 2:
        raise ValueError(f"lexicon entry {fragment!r} has no usable literal prefix")
    return anchor


def prefixes(*groups: Iterable[str]) -> tuple[str, ...]:
    """Anchors for an alternation: the literal prefix of each entry, deduplicated."""
    found = {prefix(w) for g in groups for w in g}
    # An anchor that contains a shorter one is redundant: the shorter one finds it.
    return tuple(sorted(a for a in found if not any(b != a and b in a for b in found)))


def visible(s: str) -> str:
    """Show format/control characters (zero-width, bidi, tags) as ``<U+XXXX>``."""
    out: list[str] = []
    for ch in s:
        cat = unicodedata.category(ch)
        if cat in ("Cf", "Cc", "Co", "Cn") and ch not in "\n\t":
            out.append(f"<U+{ord(ch):04X}>")
        elif ch in "\n\t\r":
            out.append(" ")
        else:
            out.append(ch)
    return "".join(out)


def excerpt(s: str, start: int, end: int) -> str:
    """The matched slice, whitespace collapsed, made visible, cut to 60 characters."""
    raw = " ".join(s[start:end].split())
    shown = visible(raw)
    if len(shown) > EXCERPT_LEN:
        shown = shown[: EXCERPT_LEN - 1] + "…"
    return shown
