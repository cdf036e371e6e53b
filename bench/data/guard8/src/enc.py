"""Encoders for guard8 items: every encoded payload and look-alike word is computed here, never hand-typed."""

import base64
import codecs

# Latin letter -> Cyrillic or Greek look-alike (by code point, so nothing is typed by hand).
CYR = {
    "a": 0x0430, "c": 0x0441, "e": 0x0435, "o": 0x043E, "p": 0x0440, "x": 0x0445, "y": 0x0443, "i": 0x0456,
    "s": 0x0455, "j": 0x0458, "h": 0x04BB, "A": 0x0410, "B": 0x0412, "C": 0x0421, "E": 0x0415, "H": 0x041D,
    "K": 0x041A, "M": 0x041C, "O": 0x041E, "P": 0x0420, "T": 0x0422, "X": 0x0425,
}
GRK = {"o": 0x03BF, "v": 0x03BD, "i": 0x03B9, "A": 0x0391, "B": 0x0392, "E": 0x0395, "I": 0x0399, "K": 0x039A,
       "M": 0x039C, "N": 0x039D, "O": 0x039F, "P": 0x03A1, "T": 0x03A4, "X": 0x03A7, "Z": 0x0396}


def hg(word: str, n: int = 1, greek: bool = False) -> str:
    """Replace the first n substitutable letters of word with look-alikes (n=0: all of them)."""
    table = GRK if greek else CYR
    out, done = [], 0
    for ch in word:
        if ch in table and (n == 0 or done < n):
            out.append(chr(table[ch]))
            done += 1
        else:
            out.append(ch)
    return "".join(out)


def b64(s: str) -> str:
    return base64.b64encode(s.encode()).decode()


def ps_enc(s: str) -> str:
    """PowerShell -EncodedCommand payload (UTF-16LE, base64)."""
    return base64.b64encode(s.encode("utf-16-le")).decode()


def hexs(s: str) -> str:
    return s.encode().hex()


def rot13(s: str) -> str:
    return codecs.encode(s, "rot13")


def zw(s: str, marks: str = "\u200b") -> str:
    """Insert zero-width characters between the letters (cycling through marks)."""
    out = []
    for i, ch in enumerate(s):
        out.append(ch)
        if ch != " " and i < len(s) - 1:
            out.append(marks[i % len(marks)])
    return "".join(out)


def uesc(s: str) -> str:
    return "".join("\\u%04x" % ord(c) for c in s)


def dotted(s: str) -> str:
    return ".".join(s)


def rev(s: str) -> str:
    return s[::-1]


def octal(s: str) -> str:
    return "".join("\\%03o" % b for b in s.encode())
