"""Fold look-alike letters to the Latin letters they imitate (Unicode TR39 skeletons).
See docs/design/guard.md."""

from __future__ import annotations

import re
import string
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass

from ._build import builder


@builder
def _table() -> dict[str, str]:
    """Non-Latin letters that look like one ASCII letter or digit, mapped to it."""
    from confusable_homoglyphs import confusables  # type: ignore[import-untyped]

    out: dict[str, str] = {}
    for ch, glyphs in confusables.confusables_data.items():
        if len(ch) != 1 or ch.isascii() or not ch.isalpha() or _latin(ch):
            continue
        found = [
            g["c"] for g in glyphs if len(g["c"]) == 1 and g["c"].isascii() and g["c"].isalnum()
        ]
        if found:
            # The skeleton of a capital I is "l"; a capital look-alike imitates the "I".
            out[ch] = "I" if found[0] == "l" and ch.isupper() else found[0]
    # Greek tau stands for "t" in look-alike attacks, though TR39 does not list the pair.
    out.setdefault("τ", "t")
    return out


def _latin(ch: str) -> bool:
    return unicodedata.name(ch, "").startswith("LATIN")


@dataclass(frozen=True)
class Folded:
    """The text with look-alikes replaced (same length) and the words that had them."""

    text: str
    words: tuple[tuple[int, int, str], ...]  # (start, end, original word)

    def disguised_name(self, hay: str) -> tuple[int, int] | None:
        """Where a command, package, path or host name is spelled with look-alikes
        (`рiр install rеquеsts`, `@аnthrоpic-ai/…`): no real name is written so. ``hay``
        is the casefolded text, which may name look-alikes (then it is a note about them)."""
        if not self.words or _SCRIPT_NAMED.search(hay):
            return None  # a note about look-alikes ("… contained a Cyrillic 'а'") shows one
        s = self.text
        for start, end, _ in self.words:
            if not s[start:end].isascii():
                continue  # a Cyrillic word typed with a Latin 'i' imitates no Latin name
            lo = max(0, start - 200)  # bounded: a text of look-alikes is not read again per word
            token = _TOKEN.match(s, max(lo, *(s.rfind(c, lo, start) + 1 for c in " \t\n")))
            line = s[max(lo, s.rfind("\n", lo, start) + 1) : start]
            opened = start - len(line) + line.rfind("`") + 1  # inside a code span: from its start
            code = _CODE.match(s, opened) if line.count("`") % 2 else None
            if token is not None and (_NAME_MARK.search(token.group()) or code):
                return token.start(), token.end()
        return None


_TOKEN = re.compile(r"\S+")
_NAME_MARK = re.compile(r"[/@:]|\w[.-]\w")  # what a name has and a word of prose has not
_CODE = re.compile(r"[^`\s]*+[^\S\n][^`\n]*+`")  # a code span with a space in it: a command
_SCRIPT_NAMED = re.compile(r"cyrillic|greek|homoglyph|confusable|look-?alike|кирилл|омоглиф")


_WORD = re.compile(r"[^\W_]+")  # a run of str.isalnum() characters


@builder
def _lookalike() -> re.Pattern[str]:
    """The table's characters, and every astral one (``re`` tests a class with hundreds of
    astral characters one by one; callers check those against the table)."""
    bmp = "".join(re.escape(c) for c in sorted(_table()) if c <= "\uffff")
    return re.compile(f"[{bmp}\U00010000-\U0010ffff]")


def _words_with_lookalikes(text: str, table: dict[str, str]) -> Iterator[re.Match[str]]:
    """The words (``_WORD``) that hold a character of the table, in order: found from
    those characters, so the other words cost nothing (a Python loop over every word of
    64 KiB took tens of milliseconds)."""
    last = 0
    for hit in _lookalike().finditer(text):
        start = hit.start()
        if start < last or hit.group() not in table:
            continue  # in the word just yielded, or an astral character not in the table
        while start > last and text[start - 1].isalnum():
            start -= 1
        word = _WORD.match(text, start)
        assert word is not None  # text[start] is alphanumeric
        last = word.end()
        yield word


_ASCII_LETTER = re.compile(r"[A-Za-z]")
_LETTER = re.compile(r"[^\W\d_]")
_ASCII_LETTERS = string.ascii_letters.encode()
_HIGH_BYTES = bytes(range(128, 256))


def latin_majority(text: str) -> bool:
    """Whether ASCII letters are more than half of the letters (``_LETTER``). Counted on
    the UTF-8 bytes at C speed; the letter regex runs only when the other characters could
    outnumber them (two findall lists of 64 KiB were a fifth of such a scan)."""
    raw = text.encode("utf-8", "surrogatepass")
    latin = len(raw) - len(raw.translate(None, _ASCII_LETTERS))
    if latin > len(text) - len(raw.translate(None, _HIGH_BYTES)):
        return True  # more than all the other characters together
    return latin * 2 > len(_LETTER.findall(text))


def fold(text: str) -> Folded:
    """Replace look-alike letters in mixed-script words; offsets are unchanged."""
    if text.isascii():
        return Folded(text, ())
    table = _table()
    if _lookalike().search(text) is None:  # one C pass, cheaper than set(text)
        return Folded(text, ())
    mostly_latin: bool | None = None
    out: list[str] | None = None
    words: list[tuple[int, int, str]] = []
    for m in _words_with_lookalikes(text, table):
        word = m.group()
        if _ASCII_LETTER.search(word) is None:
            # a whole word of look-alikes counts only in a text written mostly in Latin
            if len(word) < 3 or not all(ch in table or not ch.isalpha() for ch in word):
                continue
            if mostly_latin is None:
                mostly_latin = latin_majority(text)
            if not mostly_latin:
                continue
        if out is None:
            out = list(text)
        for i, ch in enumerate(word):
            if ch in table:
                out[m.start() + i] = table[ch]
        words.append((m.start(), m.end(), word))
    return Folded("".join(out) if out is not None else text, tuple(words))
