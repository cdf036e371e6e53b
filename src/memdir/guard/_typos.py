"""One-letter typos in the guard's key words ("iunstructions", "previuos"): the text is read
again with them spelled right. See docs/design/guard.md, "Round 58"."""

from __future__ import annotations

import re

from ._build import builder
from ._engine import Text

#: Key lexicon words of at least 7 letters, as injections write them (en, es, fr, de, it, pt).
KEYS = [
    "instructions",
    "instruction",
    "previous",
    "disregard",
    "directives",
    "guidelines",
    "instrucciones",
    "anteriores",
    "précédentes",
    "consignes",
    "anweisungen",
    "vorherigen",
    "istruzioni",
    "precedenti",
    "instruções",
]
_MIN = 7
# A mended key word matters only beside an override verb (the rules that read these keys
# need one): without one of these stems the text is not read again (substring tests: cheap).
_OVERRIDE = (
    *("ignor", "disre", "forg", "overlook", "discard", "dismiss", "bypass", "neglect"),
    *("olvid", "oubli", "vergiss", "vergess", "dimentic", "esque"),
)


@builder
def _index() -> tuple[dict[str, str], frozenset[tuple[bytes, int]]]:
    """Each key and each key less one letter, to the key; and each key's first and last three
    bytes with the byte lengths of its one-edit typos (such a typo of a word of 7+ letters
    keeps one end), so most tokens are passed over without being decoded."""
    near: dict[str, str] = {}
    ends: set[tuple[bytes, int]] = set()
    for key in KEYS:
        for i in range(len(key)):
            near.setdefault(key[:i] + key[i + 1 :], key)
        raw = key.encode()
        for n in range(len(raw) - 2, len(raw) + 3):
            ends.update(((raw[:3], n), (b"$" + raw[-3:], n)))
    near.update({k: k for k in KEYS})
    return near, frozenset(ends)


def _key(word: str, near: dict[str, str]) -> str | None:
    """The key ``word`` misspells by one letter added, dropped or changed, if any."""
    if word in near:
        return None if near[word] == word or word in KEYS else near[word]
    for i in range(len(word)):
        key = near.get(word[:i] + word[i + 1 :])
        if key is not None and abs(len(key) - len(word)) <= 1:
            return key
    return None


def respelled(text: str, hay: Text) -> str | None:
    """``text`` with misspelt key words spelled right, or None when it has none."""
    if not any(w in hay.s for w in _OVERRIDE):
        return None
    near, ends = _index()
    fixes: dict[str, str] = {}
    for token in hay.words():
        n = len(token)
        if n < _MIN or ((token[:3], n) not in ends and (b"$" + token[-3:], n) not in ends):
            continue
        word = token.decode("utf-8", "surrogateescape")
        key = _key(word, near) if word.isalpha() and len(word) >= _MIN else None
        if key is not None:
            fixes[word] = key
    if not fixes:
        return None
    words = re.compile(r"\b(?:" + "|".join(map(re.escape, fixes)) + r")\b", re.IGNORECASE)
    return words.sub(lambda m: fixes[m.group().casefold()], text)
