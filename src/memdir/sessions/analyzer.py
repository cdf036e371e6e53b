"""What the word index sees: text with every CJK run spelled out as terms.

SQLite's ``unicode61`` tokenizer splits on spaces and punctuation, so a Chinese or
Japanese sentence (no spaces between words) would be one long token that no question
matches. :func:`index_text` rewrites each run of CJK characters as its overlapping
bigrams followed by its single characters — Lucene's CJKAnalyzer with unigrams, chosen by
measurement over a dictionary segmenter (``docs/design/recall.md``) — after NFKC
normalisation, and leaves everything else to ``unicode61`` and the porter stemmer.

It runs inside SQLite as the function ``memdir_terms`` (registered on every connection
by :mod:`.db`; the FTS triggers and external-content views call it), so the index is
derived from the stored text by the same code the ranking uses to read rows, and
``rebuild`` or ``integrity-check`` see exactly what the triggers wrote. A connection
without it (the ``sqlite3`` shell) cannot write messages: the trigger fails loudly.
"""

from __future__ import annotations

import itertools
import re
import sqlite3
import unicodedata

FUNCTION = "memdir_terms"

# Hiragana, katakana, CJK ideographs (+ extension A and the supplementary planes),
# compatibility ideographs, Hangul syllables and jamo, katakana phonetic extensions.
_RANGES = (
    "\u1100-\u11ff\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff"
    "\uac00-\ud7af\uf900-\ufaff\U00020000-\U0003134f"
)
CJK_RUN = re.compile(f"[{_RANGES}]+")
_ONE = re.compile(f"[{_RANGES}]")


def is_cjk(ch: str) -> bool:
    """Whether ``ch`` is a Chinese, Japanese or Korean character (written without spaces
    between words, so ``unicode61`` alone cannot split it)."""
    return _ONE.fullmatch(ch) is not None


def run_terms(run: str) -> list[str]:
    """The terms of one CJK run: overlapping bigrams, then each character."""
    return [a + b for a, b in itertools.pairwise(run)] + list(run)


def _spell(match: re.Match[str]) -> str:
    return " " + " ".join(run_terms(match.group(0))) + " "


def index_text(text: str | None) -> str | None:
    """``text`` as the word index reads it: NFKC, each CJK run as :func:`run_terms`.
    ASCII text is returned as it is."""
    if not isinstance(text, str) or text.isascii():
        return text
    return CJK_RUN.sub(_spell, unicodedata.normalize("NFKC", text))


def register(conn: sqlite3.Connection) -> None:
    """Make ``memdir_terms(text)`` callable on ``conn`` (triggers and views need it)."""
    conn.create_function(FUNCTION, 1, index_text, deterministic=True)


def sql(expr: str) -> str:
    """SQL that applies :func:`index_text` to ``expr``, calling into Python only for
    text that is not plain ASCII (bytes ≠ characters)."""
    return (
        f"CASE WHEN length(CAST({expr} AS BLOB)) = length({expr}) THEN {expr} "
        f"ELSE {FUNCTION}({expr}) END"
    )
