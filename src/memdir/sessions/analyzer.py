"""What the word index sees: text with every CJK run spelled out as terms, and the
tokenizer that reads it (combining marks inside words). See docs/design/sessions.md."""

from __future__ import annotations

import functools
import importlib.resources
import itertools
import re
import sqlite3
import unicodedata
from collections.abc import Callable

from ..core.cjk import CJK_RUN, RANGES

FUNCTION = "memdir_terms"

#: The word index's FTS5 tokenizer (since schema step 0015): ``unicode61``'s default
#: categories (``L* N* Co``) and the combining marks, so ``पापा`` is one token, not ``प``
#: twice; ``remove_diacritics 2`` still folds Latin accents.
TOKENIZER = "porter unicode61 remove_diacritics 2 categories 'L* N* Co Mc Mn'"

#: Left out of the text before it is read (as the query is, :func:`normalize`): zero-width
#: (non-)joiners, Arabic tatweel and harakat, Hebrew points and cantillation marks: the
#: same word is found with or without them; and the Latin combining diacritics NFKC left
#: (no composed letter has them, or a spacing accent such as ´ ¸ became one): the
#: tokenizer would fold each into nothing, an empty term.
_IGNORED = dict.fromkeys(
    [
        0x200C,
        0x200D,
        *range(0x0300, 0x0370),
        0x0640,
        *range(0x064B, 0x0653),
        *range(0x0591, 0x05BE),
        0x05BF,
        0x05C1,
        0x05C2,
        0x05C4,
        0x05C5,
        0x05C7,
    ]
)

#: Read as the letter or digit most text writes in their place (since schema step 0017):
#: Russian ё as е (ёлка is often typed елка), Arabic-Indic and Persian digits as 0-9
#: (٥٤٣٢ is the port 5432).
_ALIKE = {
    0x0451: "е",
    0x0401: "Е",
    **{0x0660 + d: str(d) for d in range(10)},
    **{0x06F0 + d: str(d) for d in range(10)},
}

_FOLD = {**_IGNORED, **_ALIKE}

_ONE = re.compile(f"[{RANGES}]")


def is_cjk(ch: str) -> bool:
    """Whether ``ch`` is a Chinese, Japanese or Korean character (written without spaces
    between words, so ``unicode61`` alone cannot split it)."""
    return _ONE.fullmatch(ch) is not None


@functools.cache
def _simplified() -> dict[int, str]:
    """Traditional → Simplified, a character for a character: OpenCC's tables as the
    ``opencc-python-reimplemented`` wheel ships them (Taiwan and Hong Kong variants to
    OpenCC's standard form first, then ``TSCharacters``, its first choice)."""
    data = importlib.resources.files("opencc") / "dictionary"

    def table(name: str) -> dict[str, str]:
        pairs = (line.split("\t", 1) for line in (data / name).read_text("utf-8").splitlines())
        return {k: v.split()[0] for k, v in pairs if len(k) == 1 and len(v.split()[0]) == 1}

    chars = table("TSCharacters.txt")
    variants = {**table("HKVariantsRev.txt"), **table("TWVariantsRev.txt")}
    out = {ord(k): chars.get(v, v) for k, v in variants.items()}
    out.update((ord(k), v) for k, v in chars.items() if k != v)
    return {k: v for k, v in out.items() if chr(k) != v}


def fold(run: str) -> str:
    """``run`` with every Traditional character written as its Simplified one (數據庫 →
    数据库), as the word index holds CJK text; one character for one, so positions stay."""
    return run.translate(_simplified())


def run_terms(run: str) -> list[str]:
    """The terms of one CJK run: overlapping bigrams, then each character."""
    return [a + b for a, b in itertools.pairwise(run)] + list(run)


def _spell(match: re.Match[str]) -> str:
    return " " + " ".join(run_terms(fold(match.group(0)))) + " "


def normalize(text: str) -> str:
    """NFKC, without the marks a word is found with or without (:data:`_IGNORED`) and
    with ё and Eastern Arabic digits as :data:`_ALIKE` writes them; the query is read
    through this too."""
    return unicodedata.normalize("NFKC", text).translate(_FOLD)


@functools.lru_cache(maxsize=4096)
def _fold(ch: str) -> tuple[str, bool]:
    """``ch`` normalized and case-folded, and whether it joins the character before it
    (a combining mark once normalized: the half-width ﾞ of ﾃﾞ)."""
    out = fold(normalize(ch).casefold())
    return out, unicodedata.combining(unicodedata.normalize("NFKC", ch)[:1] or "a") > 0


def folded(text: str) -> tuple[str, Callable[[int], tuple[int, int]]]:
    """``text`` as a normalized query term is looked for in it (:func:`normalize`,
    case-folded, :func:`fold`-ed), and the span of ``text`` each of its characters came
    from: a term found there is marked in the text as written (ｐｇｂｏｕｎｃｅｒ, ﾃﾞﾌﾟﾛｲ,
    資料庫). ASCII text is only lower-cased (a 100 KB tool output: well under 1 ms, not 50)."""
    if text.isascii():
        return text.lower(), lambda i: (i, i + 1)
    starts = [i for i, ch in enumerate(text) if not i or not _fold(ch)[1]]
    out: list[str] = []
    where: list[tuple[int, int]] = []
    for a, b in itertools.pairwise([*starts, len(text)]):
        piece = _fold(text[a])[0] if b == a + 1 else normalize(text[a:b]).casefold()
        out.append(piece)
        where += [(a, b)] * len(piece)
    return "".join(out), where.__getitem__


def index_text(text: str | None) -> str | None:
    """``text`` as the word index reads it: :func:`normalize`, each CJK run
    :func:`fold`-ed, as :func:`run_terms`. ASCII text is returned as it is."""
    if not isinstance(text, str) or text.isascii():
        return text
    return CJK_RUN.sub(_spell, normalize(text))


def tokenize(tokenizer: str = TOKENIZER) -> str:
    """The ``tokenize`` option of an FTS5 table using ``tokenizer`` (its quotes doubled)."""
    return "tokenize='" + tokenizer.replace("'", "''") + "'"


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
