"""Invisible Unicode on the raw text: characters that hide or reorder what a person sees.
See docs/design/guard.md."""

from __future__ import annotations

import re
from collections.abc import Iterator

from ._build import builder, visible
from ._engine import Finding

_ZWNJ, _ZWJ, _BOM = "\u200c", "\u200d", "\ufeff"
_FLAG, _CANCEL_TAG = "\U0001f3f4", "\U000e007f"
_MODIFIERS = frozenset("\ufe0e\ufe0f")

# (first, last) code point ranges of emoji pictographs (Extended_Pictographic, coarsely).
_PICTOGRAPHIC: tuple[tuple[int, int], ...] = (
    (0x00A9, 0x00A9),
    (0x00AE, 0x00AE),
    (0x203C, 0x203C),
    (0x2049, 0x2049),
    (0x2122, 0x2122),
    (0x2139, 0x2139),
    (0x2194, 0x21AA),
    (0x231A, 0x23FF),
    (0x24C2, 0x24C2),
    (0x25AA, 0x27BF),
    (0x2934, 0x2935),
    (0x2B05, 0x2B55),
    (0x3030, 0x3030),
    (0x303D, 0x303D),
    (0x3297, 0x3299),
    (0x1F000, 0x1FAFF),
    (0x1FC00, 0x1FFFD),
)
# Scripts whose orthography uses ZWNJ/ZWJ: Arabic (incl. Persian, Urdu), Indic, Sinhala.
_JOINING_SCRIPTS: tuple[tuple[int, int], ...] = (
    (0x0600, 0x06FF),
    (0x0750, 0x077F),
    (0x08A0, 0x08FF),
    (0x0900, 0x0DFF),
    (0xFB50, 0xFDFF),
    (0xFE70, 0xFEFC),
)

_KINDS: dict[str, tuple[str, str]] = {
    "unicode.invisible": (
        "zero-width",
        "it contains an invisible zero-width character ({name}) that can hide or split words",
    ),
    "unicode.bidi": (
        "bidi",
        "it contains a bidirectional control character ({name}) that makes the text a "
        "person sees differ from what the model reads",
    ),
    "unicode.tags": (
        "tag",
        "it hides text in invisible Unicode TAG characters{decoded}",
    ),
}
_NAMES = {
    0x200B: "ZERO WIDTH SPACE",
    0x200C: "ZERO WIDTH NON-JOINER",
    0x200D: "ZERO WIDTH JOINER",
    0x2060: "WORD JOINER",
    0x2062: "INVISIBLE TIMES",
    0x2063: "INVISIBLE SEPARATOR",
    0x2064: "INVISIBLE PLUS",
    0xFEFF: "ZERO WIDTH NO-BREAK SPACE inside the text",
    0x202A: "LRE",
    0x202B: "RLE",
    0x202C: "PDF",
    0x202D: "LRO",
    0x202E: "RLO",
    0x2066: "LRI",
    0x2067: "RLI",
    0x2068: "FSI",
    0x2069: "PDI",
}


@builder
def _suspect() -> re.Pattern[str]:
    return re.compile(
        "[\u200b-\u200d\u2060\u2062-\u2064\ufeff]|[\u202a-\u202e\u2066-\u2069]"
        "|[\U000e0000-\U000e007f]+"
    )


def _in(cp: int, ranges: tuple[tuple[int, int], ...]) -> bool:
    return any(lo <= cp <= hi for lo, hi in ranges)


def _before(text: str, i: int) -> str:
    """The character before index ``i``, skipping emoji presentation selectors."""
    i -= 1
    while i >= 0 and text[i] in _MODIFIERS:
        i -= 1
    return text[i] if i >= 0 else ""


def _allowed(text: str, start: int, end: int) -> bool:
    ch = text[start:end]
    if ch == _BOM:
        return start == 0
    if ch in (_ZWJ, _ZWNJ):
        prev, nxt = _before(text, start), text[end : end + 1]
        if not prev or not nxt:
            return False
        p, n = ord(prev), ord(nxt)
        if ch == _ZWJ and _in(p, _PICTOGRAPHIC) and _in(n, _PICTOGRAPHIC):
            return True
        return _in(p, _JOINING_SCRIPTS) and _in(n, _JOINING_SCRIPTS)
    if "\U000e0000" <= ch[0] <= _CANCEL_TAG:
        body = ch[:-1]
        return (
            _before(text, start) == _FLAG
            and ch.endswith(_CANCEL_TAG)
            and 2 <= len(body) <= 6
            and all(
                "\U000e0030" <= c <= "\U000e0039" or "\U000e0061" <= c <= "\U000e007a" for c in body
            )
        )
    return False


def _context(text: str, start: int, end: int) -> str:
    """The flagged characters with a little visible context, at most 60 chars shown."""
    lo = max(0, start - 12)
    core = visible(text[start:end])
    if len(core) > 40:
        core = core[: core.rfind("<", 0, 40)] + "…"
    tail = visible(text[end : end + 8])
    shown = (visible(text[lo:start]) + core + tail).replace("\n", " ")
    return shown[-60:] if len(shown) > 60 else shown


_BMP_SUSPECTS = (
    "\u200b\u200c\u200d\u2060\u2062\u2063\u2064\ufeff"
    "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)


def tagged(text: str) -> bool:
    """Whether ``text`` holds a character from U+E0000 on (TAG characters): in UTF-8 those
    lead with F3 or F4, a C-speed test before ``max`` compares every character."""
    raw = text.encode("utf-8", "surrogatepass")
    return (b"\xf3" in raw or b"\xf4" in raw) and max(text) >= "\U000e0000"


def _spans(text: str) -> Iterator[tuple[int, int]]:
    """Where suspect characters are, in order: a run of TAG characters is one span.

    Without TAG characters (the usual case) this is one ``str.find`` pass per suspect
    character rather than a character-class regex, which is much slower in CPython.
    """
    if tagged(text):
        for m in _suspect().finditer(text):
            yield m.start(), m.end()
        return
    starts: list[int] = []
    for ch in _BMP_SUSPECTS:
        i = text.find(ch)
        while i != -1:
            starts.append(i)
            i = text.find(ch, i + 1)
    for i in sorted(starts):
        yield i, i + 1


def find_invisible(text: str) -> Finding | None:
    """The first invisible or bidi character that no ordinary text needs, if any."""
    if text.isascii():
        return None
    for start, end in _spans(text):
        if _allowed(text, start, end):
            continue
        ch = text[start:end]
        cp = ord(ch[0])
        if cp >= 0xE0000:
            rule = "unicode.tags"
            hidden = "".join(chr(ord(c) - 0xE0000) for c in ch if 0xE0020 <= ord(c) <= 0xE007E)
            decoded = f" (they spell {hidden[:40]!r})" if hidden.strip() else ""
            reason = _KINDS[rule][1].format(decoded=decoded)
        else:
            rule = (
                "unicode.bidi"
                if 0x202A <= cp <= 0x202E or 0x2066 <= cp <= 0x2069
                else ("unicode.invisible")
            )
            name = f"U+{cp:04X} {_NAMES.get(cp, '')}".strip()
            reason = _KINDS[rule][1].format(name=name)
        return Finding(rule, "invisible-unicode", reason, _context(text, start, end))
    return None
