"""Helpers used to author the guard3 items (stdlib only)."""
import base64, codecs

CYR = {"a": "а", "e": "е", "o": "о", "c": "с", "p": "р", "x": "х", "i": "і", "y": "у", "s": "ѕ",
       "A": "А", "E": "Е", "O": "О", "C": "С", "P": "Р", "K": "К", "M": "М", "T": "Т", "H": "Н", "B": "В"}
GRK = {"o": "ο", "a": "α", "i": "ι", "v": "ν", "p": "ρ", "k": "κ", "u": "υ", "t": "τ",
       "A": "Α", "E": "Ε", "O": "Ο", "I": "Ι", "T": "Τ", "K": "Κ", "N": "Ν", "P": "Ρ", "X": "Χ"}

def cyr(word, every=1):
    """Swap Latin letters for Cyrillic look-alikes (every n-th swappable letter)."""
    out, n = [], 0
    for ch in word:
        if ch in CYR:
            n += 1
            if n % every == 0:
                out.append(CYR[ch]); continue
        out.append(ch)
    return "".join(out)

def grk(word, every=1):
    out, n = [], 0
    for ch in word:
        if ch in GRK:
            n += 1
            if n % every == 0:
                out.append(GRK[ch]); continue
        out.append(ch)
    return "".join(out)

def b64(s):
    return base64.b64encode(s.encode()).decode()

def hexs(s):
    return s.encode().hex()

def rot13(s):
    return codecs.encode(s, "rot13")

ZW = "\u200b"
def zw(word, ch=ZW):
    """Interleave a zero-width char between letters."""
    return ch.join(word)
