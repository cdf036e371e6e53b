"""What the word index sees: text with every CJK run spelled out as terms.
See docs/design/sessions.md."""

from __future__ import annotations

import itertools
import re
import sqlite3
import unicodedata

from ..core.cjk import CJK_RUN, RANGES

FUNCTION = "memdir_terms"

_ONE = re.compile(f"[{RANGES}]")


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
