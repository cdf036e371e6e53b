"""A small ranked search over entries (words, and character bigrams for CJK).

Good enough for a few thousand entries; full-text search over sessions lives elsewhere.
"""

from __future__ import annotations

import itertools
import math
import re
import unicodedata
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from .model import Entry

__all__ = ["Hit", "rank_entries", "tokens"]

_WORD = re.compile(r"\w+", re.UNICODE)
_STOP = frozenset({
    "a", "an", "and", "are", "as", "at", "be", "by", "for", "from", "how", "i", "in", "is",
    "it", "of", "on", "or", "that", "the", "this", "to", "was", "we", "what", "when", "where",
    "which", "who", "why", "with", "you",
})
_FIELD_WEIGHTS = (("name", 3.0), ("description", 2.0), ("body", 1.0))


def _is_cjk(ch: str) -> bool:
    return "CJK" in unicodedata.name(ch, "") or "\u3040" <= ch <= "\u30ff" or (
        "\uac00" <= ch <= "\ud7af"
    )


def tokens(text: str) -> list[str]:
    """Case-folded words without stop words; CJK runs become overlapping bigrams."""
    out: list[str] = []
    for word in _WORD.findall(unicodedata.normalize("NFKC", text).casefold()):
        if any(_is_cjk(c) for c in word):
            run = [c for c in word if _is_cjk(c)]
            out.extend(run if len(run) == 1 else (a + b for a, b in itertools.pairwise(run)))
            rest = "".join(c for c in word if not _is_cjk(c))
            if rest and rest not in _STOP:
                out.append(rest)
        elif word not in _STOP:
            out.append(word)
    return out


@dataclass(frozen=True)
class Hit:
    """One search result: the entry, its scope and a relevance score (higher is better)."""

    entry: Entry
    scope: str
    score: float


def rank_entries(query: str, entries: Sequence[tuple[str, Entry]], limit: int = 10
                 ) -> list[Hit]:
    """Score ``(scope, entry)`` pairs against ``query`` with a field-weighted tf-idf."""
    terms = set(tokens(query))
    if not terms or not entries:
        return []
    docs = [
        (scope, entry, {f: Counter(tokens(getattr(entry, f))) for f, _ in _FIELD_WEIGHTS})
        for scope, entry in entries
    ]
    df: Counter[str] = Counter()
    for _, _, fields in docs:
        df.update({t for counts in fields.values() for t in counts} & terms)
    n = len(docs)
    hits: list[Hit] = []
    for scope, entry, fields in docs:
        score = 0.0
        for term in terms:
            if not df[term]:
                continue
            idf = math.log(1 + n / df[term])
            tf = sum(w * math.log1p(fields[f][term]) for f, w in _FIELD_WEIGHTS)
            score += idf * tf
        if score > 0:
            hits.append(Hit(entry, scope, round(score, 4)))
    hits.sort(key=lambda h: (-h.score, -h.entry.updated.timestamp(), h.entry.id))
    return hits[:limit]

