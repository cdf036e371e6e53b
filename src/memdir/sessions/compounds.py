"""German and Dutch closed compounds, read from the word index's own terms (no
dictionary): a query word finds the compounds it starts ("Umzug": Umzugstermin), and
two words of one query the compound they make ("Migration der Datenbank":
Datenbankmigration). See docs/design/recall.md, "Compounds"."""

from __future__ import annotations

from collections.abc import Sequence

#: The languages that write compounds closed, and the linking letters between two parts
#: (Umzug-s-termin, Tag-es-ordnung, Kinder-garten, boek-ings-nummer is boeking + s).
LINKS = {
    "german": ("", "s", "es", "n", "en", "e", "er"),
    "dutch": ("", "s", "e", "en"),
}
#: Letters each part needs: shorter words are parts of too many words (Zug: Umzug, Zugang).
MIN_PART = 4
#: Letters a word needs to find the compounds it starts with any other word (Limit:
#: Limitierung, not Lim-; a tail it makes with another query word needs only MIN_PART).
MIN_HEAD = 5


def joined(lang: str | None, head: str, tail: str, term: str) -> bool:
    """Whether the index term ``term`` is ``head`` + a linking letter or two + a form of
    ``tail`` (both words as the index folds them, ``term`` as its stemmer wrote it: its
    tail cut short, datenbankmigration → datenbankmigr)."""
    if lang not in LINKS or min(len(head), len(tail)) < MIN_PART or not term.startswith(head):
        return False
    rest = term[len(head) :]
    for link in LINKS[lang]:
        if not rest.startswith(link):
            continue
        part = rest[len(link) :]
        # the stemmer only cuts endings: what is left of the tail starts as the tail
        # does, but for an ending of three letters (synchronisati ~ synchroniseren)
        if len(part) >= MIN_PART and shared(part, tail) >= max(
            MIN_PART, min(len(part), len(tail)) - 3
        ):
            return True
    return False


def shared(a: str, b: str) -> int:
    """Letters ``a`` and ``b`` start with alike."""
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n


def forms(lang: str | None, words: Sequence[str], vocab: Sequence[Sequence[str]]) -> list[set[str]]:
    """For each of ``words`` (as the index folds them), the terms of ``vocab`` (each
    word's terms starting with it) of the compounds it starts (:data:`MIN_HEAD`, the
    rest :data:`MIN_PART` letters or more), and of those it makes with another of
    ``words``, as head or tail: both words find such a compound."""
    out: list[set[str]] = [set() for _ in words]
    for i, head in enumerate(words):
        if len(head) >= MIN_HEAD:
            out[i].update(
                t for t in vocab[i] if len(t) >= len(head) + MIN_PART and t[len(head) :].isalpha()
            )
        for j, tail in enumerate(words):
            if i == j or head == tail:
                continue
            for term in vocab[i]:
                if joined(lang, head, tail, term):
                    out[i].add(term)
                    out[j].add(term)
    return out
