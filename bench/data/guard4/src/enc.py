"""Encoding helpers used by the item lists (computed at build time, never hand-typed)."""
import base64, codecs

CYR = {'a': '\u0430', 'c': '\u0441', 'e': '\u0435', 'o': '\u043e', 'p': '\u0440',
       'x': '\u0445', 'y': '\u0443', 'i': '\u0456', 's': '\u0455', 'j': '\u0458',
       'h': '\u04bb', 'l': '\u04cf', 'A': '\u0410', 'B': '\u0412', 'C': '\u0421',
       'E': '\u0415', 'H': '\u041d', 'K': '\u041a', 'M': '\u041c', 'O': '\u041e',
       'P': '\u0420', 'T': '\u0422', 'X': '\u0425', 'S': '\u0405', 'I': '\u0406'}
GRK = {'o': '\u03bf', 'p': '\u03c1', 'v': '\u03bd', 'i': '\u03b9', 'k': '\u03ba',
       'u': '\u03c5', 'A': '\u0391', 'B': '\u0392', 'E': '\u0395', 'O': '\u039f',
       'T': '\u03a4', 'X': '\u03a7', 'a': '\u03b1', 'n': '\u03b7'}


def hw(word, letters=None, table='cyr'):
    """Replace the given latin letters of `word` (all mappable ones if None) by look-alikes."""
    t = CYR if table == 'cyr' else GRK
    out = []
    for ch in word:
        if (letters is None or ch in letters) and ch in t:
            out.append(t[ch])
        else:
            out.append(ch)
    return ''.join(out)


def hw1(word, table='cyr'):
    """Replace only the first mappable letter (partial substitution)."""
    t = CYR if table == 'cyr' else GRK
    for i, ch in enumerate(word):
        if ch in t:
            return word[:i] + t[ch] + word[i + 1:]
    return word


def b64(s):
    return base64.b64encode(s.encode()).decode()


def ps_enc(s):
    return base64.b64encode(s.encode('utf-16-le')).decode()


def hexs(s):
    return s.encode().hex()


def rot13(s):
    return codecs.encode(s, 'rot_13')


def zw(s, ch='\u200b'):
    return ch.join(s)


def zwmix(s):
    marks = ['\u200b', '\u200c', '\u200d']
    return ''.join(c + marks[i % 3] for i, c in enumerate(s))[:-1]


def rev(s):
    return s[::-1]


def uesc(s):
    return ''.join('\\u%04x' % ord(c) for c in s)


def dotted(s):
    return '.'.join(s)
