"""Other spellings of one word that the word index keeps apart: German ß ~ ss and ä ö ü
typed as ae oe ue, Turkish dotless ı ~ i. See docs/design/recall.md, "Spellings"."""

from __future__ import annotations

import itertools
import re

#: Variants a word may have (Turkish i ~ ı choices grow as 2^n: the first ones only).
MAX_VARIANTS = 4

#: ae oe ue written for ä ö ü: not after a vowel or q (neue, Steuer, Quelle, Feuer).
_DIGRAPH = re.compile(r"(?<![aeiouäöüyq])([aou])e")
_UMLAUT = {"ä": "ae", "ö": "oe", "ü": "ue"}


def variants(lang: str | None, word: str) -> list[str]:
    """Other spellings of ``word`` (lower-cased, accents kept) in ``lang``, the word
    itself left out: German ß → ss, ss → ß, ae/oe/ue → a/o/u (the index folds ä to a),
    ä/ö/ü → ae/oe/ue; Turkish ı → i (a word typed without Turkish letters) and i → ı
    (one typed with them)."""
    out: list[str] = []
    if lang == "german":
        if "ß" in word:
            out.append(word.replace("ß", "ss"))
        elif "ss" in word:
            out.append(word.replace("ss", "ß"))
        if _DIGRAPH.search(word):
            out.append(_DIGRAPH.sub(r"\1", word))
        if any(c in word for c in _UMLAUT):
            out.append("".join(_UMLAUT.get(c, c) for c in word))
    elif lang == "turkish":
        if "ı" in word:
            out.append(word.replace("ı", "i"))
        elif "i" in word:
            spots = [i for i, c in enumerate(word) if c == "i"]
            for pick in itertools.islice(_subsets(spots), MAX_VARIANTS):
                out.append("".join("ı" if i in pick else c for i, c in enumerate(word)))
    return [v for v in dict.fromkeys(out) if v != word][:MAX_VARIANTS]


def _subsets(spots: list[int]) -> itertools.chain[tuple[int, ...]]:
    """Non-empty subsets of ``spots``, all of them first (a word typed without any ı),
    then one letter at a time."""
    every = [tuple(spots)]
    ones = [(i,) for i in spots] if len(spots) > 1 else []
    return itertools.chain(every, ones)
