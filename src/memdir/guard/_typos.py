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


@builder
def _index() -> tuple[dict[str, str], frozenset[str], frozenset[str]]:
    """Each key and each key less one letter, to the key; and the keys' first and last three
    letters (a one-letter edit of a word of 7+ letters keeps one of them)."""
    near: dict[str, str] = {}
    for key in KEYS:
        for i in range(len(key)):
            near.setdefault(key[:i] + key[i + 1 :], key)
    near.update({k: k for k in KEYS})
    return near, frozenset(k[:3] for k in KEYS), frozenset(k[-3:] for k in KEYS)


def _key(word: str) -> str | None:
    """The key ``word`` misspells by one letter added, dropped or changed, if any."""
    near, heads, tails = _index()
    if word[:3] not in heads and word[-3:] not in tails:
        return None
    if word in near:
        return None if near[word] == word or word in KEYS else near[word]
    for i in range(len(word)):
        key = near.get(word[:i] + word[i + 1 :])
        if key is not None and abs(len(key) - len(word)) <= 1:
            return key
    return None


def respelled(text: str, hay: Text) -> str | None:
    """``text`` with misspelt key words spelled right, or None when it has none."""
    fixes: dict[str, str] = {}
    for token in hay.words():
        if len(token) < _MIN or len(token) > 16:
            continue
        word = token.decode("utf-8", "surrogateescape")
        if not word.isalpha():
            continue
        key = _key(word)
        if key is not None:
            fixes[word] = key
    if not fixes:
        return None
    words = re.compile(r"\b(?:" + "|".join(map(re.escape, fixes)) + r")\b", re.IGNORECASE)
    return words.sub(lambda m: fixes[m.group().casefold()], text)
