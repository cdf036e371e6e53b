"""Find text smuggled in an encoding (hex, base64, binary, Morse) so it can be scanned too.
See docs/design/guard.md."""

from __future__ import annotations

import base64
import binascii
import functools
import itertools
import re
import zlib
from collections.abc import Callable, Iterator

from ._build import builder

_MAX_PAYLOADS = 8
_MAX_DECODED = 4096
_MIN_RUN = 24


def _table(keep: bytes, mark: bytes) -> bytes:
    """A translate table mapping bytes in ``keep`` to ``mark`` and everything else to space."""
    table = bytearray(b" " * 256)
    for b in keep:
        table[b] = mark[0]
    return bytes(table)


_HEXDIGITS = b"0123456789abcdefABCDEF"
_B64 = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=-_"


@builder
def _specs() -> tuple[tuple[str, bytes, bytes, re.Pattern[str], Callable[[str], str | None]], ...]:
    return (
        (
            "hex",
            _table(_HEXDIGITS, b"h"),
            b"h" * _MIN_RUN,
            re.compile(r"[0-9a-fA-F]{24,}"),
            _from_hex,
        ),
        (
            "base64",
            _table(_B64, b"b"),
            b"b" * _MIN_RUN,
            re.compile(r"[A-Za-z0-9+/_-]{24,}={0,2}"),
            _from_base64,
        ),
        (
            "binary",
            _table(b"01 \t\r\n/", b"b"),
            b"b" * 47,
            re.compile(r"(?:[01]{7,8}[\s/]+){5,}[01]{7,8}"),
            _from_binary,
        ),
    )


def _readable(data: bytes) -> str | None:
    """``data`` as text if it reads as prose: mostly printable UTF-8, with two words.

    Undecodable bytes are tolerated up to 10 %: a smuggled sentence with one corrupted
    group is still a smuggled sentence.
    """
    text = data.decode("utf-8", "replace")
    broken = text.find("\ufffd\ufffd")
    if broken >= 24:  # a corrupted tail: judge the readable head
        text = text[:broken]
    printable = sum((ch.isprintable() and ch != "\ufffd") or ch in "\n\t" for ch in text)
    if printable < 0.9 * len(text):
        return None
    words = [w for w in text.split() if sum(c.isalpha() for c in w) >= 2]
    return text if len(words) >= 2 else None


def _from_hex(run: str) -> str | None:
    return _readable(bytes.fromhex(run[: len(run) // 2 * 2]))  # run: hex digits only


def _gunzip(data: bytes) -> bytes:
    """``data`` itself, or its first 4 KiB inflated if it is gzip (``… | base64 -d | gunzip``)."""
    if not data.startswith(b"\x1f\x8b"):
        return data
    try:
        return zlib.decompressobj(16 + zlib.MAX_WBITS).decompress(data, _MAX_DECODED)
    except zlib.error:
        return data


def _from_base64(run: str) -> str | None:
    body = run.rstrip("=")
    padded = body + "=" * (-len(body) % 4)
    altchars = b"-_" if ("-" in body or "_" in body) else None
    try:
        return _readable(_gunzip(base64.b64decode(padded, altchars=altchars, validate=True)))
    except (binascii.Error, ValueError):
        # A corrupted run: decode the longest valid prefix instead.
        usable = len(body) // 4 * 4
        try:
            return _readable(base64.b64decode(body[:usable], altchars=altchars))
        except (binascii.Error, ValueError):
            return None


_GROUPS = re.compile(r"[\s/]+")
_MORSE_WORDS = re.compile(r"\s*/\s*| {3}")


def _from_binary(run: str) -> str | None:
    groups = _GROUPS.split(run.strip())
    return _readable(bytes(int(g, 2) for g in groups if int(g, 2) < 256))


_MORSE = {
    ".-": "a",
    "-...": "b",
    "-.-.": "c",
    "-..": "d",
    ".": "e",
    "..-.": "f",
    "--.": "g",
    "....": "h",
    "..": "i",
    ".---": "j",
    "-.-": "k",
    ".-..": "l",
    "--": "m",
    "-.": "n",
    "---": "o",
    ".--.": "p",
    "--.-": "q",
    ".-.": "r",
    "...": "s",
    "-": "t",
    "..-": "u",
    "...-": "v",
    ".--": "w",
    "-..-": "x",
    "-.--": "y",
    "--..": "z",
    "-----": "0",
    ".----": "1",
    "..---": "2",
    "...--": "3",
    "....-": "4",
    ".....": "5",
    "-....": "6",
    "--...": "7",
    "---..": "8",
    "----.": "9",
}


@builder
def _morse_rx() -> re.Pattern[str]:
    return re.compile(r"(?:[.-]{1,5}(?: / | {1,3}|/)){8,}[.-]{1,5}")


def _from_morse(run: str) -> str | None:
    words = [w.split() for w in _MORSE_WORDS.split(run.strip())]
    decoded = " ".join("".join(_MORSE.get(c, "?") for c in w) for w in words if w)
    return decoded if decoded.count("?") <= len(decoded) // 10 and " " in decoded else None


def payloads(text: str) -> Iterator[tuple[str, int, int, str]]:
    """``(encoding, start, end, decoded)`` for each encoded run that decodes to prose."""
    raw = text.encode("utf-8", "surrogatepass")
    emitted = 0
    for kind, table, needle, rx, decode in _specs():
        mapped = raw.translate(table)
        i = mapped.find(needle)
        while i != -1 and emitted < _MAX_PAYLOADS:
            # The run's bytes are ASCII, so it can be matched and decoded on the bytes alone.
            stop = mapped.find(b" ", i)
            stop = len(raw) if stop == -1 else stop
            m = rx.search(raw[i:stop].decode("ascii", "replace"))
            run = m.group() if m else ""
            decoded = decode(run) if run and _plausible(kind, run) else None
            if decoded is not None and m is not None:
                emitted += 1
                start = len(raw[: i + m.start()].decode("utf-8", "ignore"))
                yield kind, start, start + len(run), decoded[:_MAX_DECODED]
            i = mapped.find(needle, stop)
    for found in _escapes(text):
        if emitted >= _MAX_PAYLOADS:
            return
        emitted += 1
        yield found
    if raw.count(b".-") + raw.count(b"-.") >= 4 and emitted < _MAX_PAYLOADS:
        for m in _morse_rx().finditer(text):
            decoded = _from_morse(m.group())
            if decoded is not None:
                yield "morse", m.start(), m.end(), decoded
                emitted += 1
                if emitted >= _MAX_PAYLOADS:
                    break


_ESCAPES = re.compile(r"(?:\\x[0-9a-fA-F]{2}){8,}")
_SPACED = re.compile(r"(?<!\S)(?:\S {1,2}){12,}\S(?!\S)")
# A character, a separator, a character …: "c-u-r-l", "i.g.n.o.r.e", "h-t-t-p-s-:-/-/".
_ALTERNATING = re.compile(r"(?<!\S)\S([.·_-])(?:\S\1)+\S(?!\S)")
# What every match of the two holds, tried only at a space or a separator (sre skips to
# the pattern's first character): the spaces before the 2nd to 12th spelled character, and
# a separator, a character and the same separator.
_SPACED_HINT = re.compile(r" \S" + r"  ?\S" * 10)  # unrolled: a repeated group is slower
_ALTERNATING_HINT = re.compile(r"([.·_-])\S\1")


def _escapes(text: str) -> Iterator[tuple[str, int, int, str]]:
    """Runs of ``\\xNN`` escapes (as ``printf`` and ``echo -e`` take them) that decode to prose."""
    if "\\x" not in text:
        return
    for m in _ESCAPES.finditer(text):
        decoded = _readable(bytes.fromhex(m.group().replace("\\x", "")))
        if decoded is not None:
            yield "\\x escape", m.start(), m.end(), decoded


def despaced(text: str) -> Iterator[tuple[int, int, str]]:
    """Text spelled out one character at a time ("r u n  c u r l", "r.u.n c.u.r.l"), joined.

    Two spaces in a row separate words; when the text has none, the letters are joined
    without spaces (the detectors then still see commands, URLs and pipes).
    """
    for m in _SPACED.finditer(text) if _SPACED_HINT.search(text) else ():
        run = m.group()
        words = run.split("  ") if "  " in run else [run]
        yield m.start(), m.end(), " ".join(w.replace(" ", "") for w in words)
    spelled: list[re.Match[str]] = []
    gate = ("." in text or "-" in text or "_" in text) and _ALTERNATING_HINT.search(text)
    for m in _ALTERNATING.finditer(text) if gate else ():
        if spelled and m.start() - spelled[-1].end() > 4:  # " | " may stand between spelled words
            if len(spelled) > 1 or len(spelled[0].group()) >= 15:
                yield _joined(text, spelled)
            spelled = []
        spelled.append(m)
    if spelled and (len(spelled) > 1 or len(spelled[0].group()) >= 15):
        yield _joined(text, spelled)


# Round 57: a string assembled from short quoted pieces ('"w","u","z",…,"/l.png?q="[INFO]'),
# as a prompt asks a model to concatenate them: no piece holds the URL it spells.
_PIECES = re.compile(
    r"([\"'])[^\"'\n]{0,24}\1(?:(?:\[\w{1,12}\])?\s*[,+]\s*([\"'])[^\"'\n]{0,24}\2){3,}"
    r"(?:\[\w{1,12}\])?"
)
_PIECE = re.compile(r"\"([^\"\n]*)\"|'([^'\n]*)'|(\[\w+\])")


def pieced(text: str) -> Iterator[tuple[int, int, list[str]]]:
    """``(start, end, pieces)`` for each run of four or more quoted pieces."""
    if text.count('"') + text.count("'") < 8:
        return
    for m in _PIECES.finditer(text):
        parts = [p.group(p.lastindex or 0) for p in _PIECE.finditer(m.group())]
        yield m.start(), m.end(), parts


def _joined(text: str, run: list[re.Match[str]]) -> tuple[int, int, str]:
    """The spelled words of ``run`` with their separators dropped, and what stood between."""
    out = [run[0].group()[::2]]
    for prev, m in itertools.pairwise(run):
        out.append(text[prev.end() : m.start()] + m.group()[::2])
    return run[0].start(), run[-1].end(), "".join(out)


def _plausible(kind: str, run: str) -> bool:
    """Cheap filter before decoding: paths and hashes are not smuggled prose."""
    if kind == "base64":  # encoded prose mixes cases and nearly always has a digit
        mixed = run.lower() != run and run.upper() != run
        return mixed and "//" not in run and (len(run) >= 48 or not run.isalpha())
    if kind == "hex":
        return not run.isdigit()
    return True


# Common English words: a Caesar-shifted English sentence almost always has "the" and
# "and"; a short one said to be ROT13 has at least two of these.
_MARKERS = (b"the", b"and")
_COMMON = (b"the", b"and", b"to", b"you", b"of", b"in", b"is", b"for", b"with", b"your", b"all")


def _shift_bytes(word: bytes, k: int) -> bytes:
    return bytes((c - 97 + k) % 26 + 97 for c in word)


def caesar_shifts(words: set[bytes], cue: bool = False) -> list[int]:
    """Shifts ``k`` for which the text's tokens include "the" and "and" shifted by ``k`` (or,
    with ``cue`` — the text names a cipher — any two common words).

    ``words`` are the lower-cased tokens of the text, so this costs a few set lookups.
    """
    if not cue and words.isdisjoint(_FIRST_MARKERS):
        return []  # every shift needs its shifted "the" among the tokens
    found = []
    for k, markers, common in _SHIFTED:
        if all(w in words for w in markers) or (cue and sum(w in words for w in common) >= 2):
            found.append(k)
    return found[:2]


# The marker and common words under every shift, computed once.
_SHIFTED = tuple(
    (k, tuple(_shift_bytes(w, k) for w in _MARKERS), tuple(_shift_bytes(w, k) for w in _COMMON))
    for k in range(1, 26)
)
_FIRST_MARKERS = frozenset(markers[0] for _, markers, _ in _SHIFTED)


@functools.cache
def _unshift_table(k: int) -> dict[int, int]:
    return {97 + i: 97 + (i - k) % 26 for i in range(26)}


def unshift(folded: str, k: int) -> str:
    """Undo a Caesar shift of ``k`` on lower-case text (same length, same offsets)."""
    return folded.translate(_unshift_table(k))
