"""Encoding helpers for guard6. Every encoded payload in the set is computed here from its
plain text at build time; nothing encoded is typed by hand."""
import base64
import codecs

CYR = {"a": "\u0430", "e": "\u0435", "o": "\u043e", "p": "\u0440", "c": "\u0441", "x": "\u0445",
       "y": "\u0443", "i": "\u0456", "s": "\u0455", "h": "\u04bb", "j": "\u0458",
       "A": "\u0410", "B": "\u0412", "C": "\u0421", "E": "\u0415", "H": "\u041d", "K": "\u041a",
       "M": "\u041c", "O": "\u041e", "P": "\u0420", "T": "\u0422", "X": "\u0425", "S": "\u0405",
       "I": "\u0406"}
GRK = {"o": "\u03bf", "i": "\u03b9", "v": "\u03bd", "u": "\u03c5", "k": "\u03ba", "n": "\u03b7",
       "A": "\u0391", "B": "\u0392", "E": "\u0395", "H": "\u0397", "I": "\u0399", "K": "\u039a",
       "M": "\u039c", "N": "\u039d", "O": "\u039f", "P": "\u03a1", "T": "\u03a4", "X": "\u03a7",
       "Y": "\u03a5", "Z": "\u0396"}


def b64(s):
    return base64.b64encode(s.encode()).decode()


def ps_enc(s):
    """PowerShell -EncodedCommand payload (UTF-16LE, base64)."""
    return base64.b64encode(s.encode("utf-16-le")).decode()


def hexs(s):
    return s.encode().hex()


def rot13(s):
    return codecs.encode(s, "rot13")


def zw(s, mixed=False):
    marks = ["\u200b", "\u200c", "\u200d"] if mixed else ["\u200b"]
    out = []
    for i, ch in enumerate(s):
        out.append(ch)
        if ch.isalnum() and i % 2 == 0:
            out.append(marks[i % len(marks)])
    return "".join(out)


def rev(s):
    return s[::-1]


def uesc(s):
    return "".join("\\u%04x" % ord(c) for c in s)


def dotted(word, sep="."):
    return sep.join(word)


def homo(s, which="all", table=None):
    """Swap letters in s for look-alikes. which='all' swaps every mapped letter;
    an int n swaps only the first n mapped letters (partial substitution)."""
    table = table or CYR
    out, done = [], 0
    for ch in s:
        if ch in table and (which == "all" or done < which):
            out.append(table[ch])
            done += 1
        else:
            out.append(ch)
    return "".join(out)


def hw(text, words, table=None, which="all"):
    """Homoglyph only the given words inside text."""
    for w in words:
        text = text.replace(w, homo(w, which=which, table=table))
    return text
