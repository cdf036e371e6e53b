"""Text from outside (a session id a harness chose) as a terminal line shows it, and back.
(docs/design/sessions.md)."""

from __future__ import annotations

import unicodedata


def printable(text: str) -> str:
    """``text`` with each character a terminal would not print as itself (NUL, ESC, a
    line break, bidi controls) written as Python's escape: a title, say, to show."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode() for c in text)


#: kept as they are in a message's text: its layout, and the joiners of emoji and scripts
_KEPT = frozenset("\n\t\u200c\u200d")


def readable(text: str) -> str:
    """A message's text (many lines) as :func:`printable` writes a line: its line breaks
    (CRLF too) and tabs kept, each other character a terminal acts on (ESC, a C1 control, a bidi
    override) escaped; backslashes as they are (the text to read, ``--json`` exact)."""
    if text.isprintable():
        return text
    return "".join(
        c
        if c.isprintable() or c in _KEPT or (c == "\r" and text[i + 1 : i + 2] == "\n")
        else c.encode("unicode_escape").decode()
        for i, c in enumerate(text)
    )


def shown(text: str) -> str:
    """``text`` with each character a terminal would not print as itself (NUL, a line
    break, ESC, bidi controls) written as Python's escape (``\\x00``, ``\\n``, ``\\u202e``),
    and a backslash as ``\\\\`` (else a NUL and the text backslash-x-0-0 print alike)."""
    if text.isprintable() and "\\" not in text:
        return text
    return "".join(
        c if c.isprintable() and c != "\\" else c.encode("unicode_escape").decode() for c in text
    )


def unshown(text: str) -> str | None:
    """What :func:`shown` printed as ``text``, its escapes undone; None when it holds none
    (or is no such text)."""
    if "\\" not in text:
        return None
    try:
        raw = text.encode("latin-1", "backslashreplace").decode("unicode_escape")
    except UnicodeDecodeError:
        return None
    return None if raw == text or shown(raw) != text else raw


def _joins(ch: str) -> bool:
    """Whether ``ch`` belongs with the character before it: a combining mark (Arabic
    harakat, an Indic vowel sign), a joiner, a variation selector or an emoji skin tone."""
    return (
        unicodedata.category(ch) in ("Mn", "Mc", "Me")
        or ch in "\u200c\u200d"
        or "\ufe00" <= ch <= "\ufe0f"
        or "\U0001f3fb" <= ch <= "\U0001f3ff"
        or "\U000e0020" <= ch <= "\U000e007f"
    )


def boundary(text: str, at: int) -> int:
    """The last place at or before ``at`` where ``text`` may be cut without leaving a mark
    or a joiner without the letter (or emoji) it belongs to."""
    at = max(0, min(at, len(text)))
    while 0 < at < len(text) and (_joins(text[at]) or text[at - 1] == "\u200d"):
        at -= 1
    return at
