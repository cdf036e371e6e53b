"""Encoding helpers: payloads and homoglyphs are computed here, never hand-typed."""

import base64
import codecs

ZW = ["\u200b", "\u200c", "\u200d", "\u2060"]
CYR = {"a": "\u0430", "c": "\u0441", "e": "\u0435", "o": "\u043e", "p": "\u0440", "x": "\u0445",
       "y": "\u0443", "i": "\u0456", "s": "\u0455", "h": "\u04bb", "j": "\u0458", "l": "\u04cf",
       "A": "\u0410", "B": "\u0412", "C": "\u0421", "E": "\u0415", "H": "\u041d", "K": "\u041a",
       "M": "\u041c", "O": "\u041e", "P": "\u0420", "T": "\u0422", "X": "\u0425", "Y": "\u04ae"}
GRK = {"o": "\u03bf", "a": "\u03b1", "i": "\u03b9", "v": "\u03bd", "k": "\u03ba", "u": "\u03c5"}


def b64(s: str) -> str:
    return base64.b64encode(s.encode()).decode()


def ps_enc(s: str) -> str:
    """PowerShell -EncodedCommand: base64 of UTF-16LE."""
    return base64.b64encode(s.encode("utf-16-le")).decode()


def hexs(s: str) -> str:
    return s.encode().hex()


def rot13(s: str) -> str:
    return codecs.encode(s, "rot13")


def zw(s: str, every: int = 1, mixed: bool = False) -> str:
    """Insert zero-width characters after every `every` characters."""
    out = []
    for i, ch in enumerate(s):
        out.append(ch)
        if ch != " " and (i + 1) % every == 0:
            out.append(ZW[i % len(ZW)] if mixed else ZW[0])
    return "".join(out)


def cyr(word: str, only: str = "") -> str:
    """Replace Latin letters with Cyrillic look-alikes (all mappable ones, or only those in `only`)."""
    return "".join(CYR[c] if c in CYR and (not only or c in only) else c for c in word)


def grk(word: str, only: str = "") -> str:
    return "".join(GRK[c] if c in GRK and (not only or c in only) else c for c in word)


def uesc(s: str) -> str:
    return "".join("\\u%04x" % ord(c) for c in s)


def dotted(s: str) -> str:
    return ".".join(s)
