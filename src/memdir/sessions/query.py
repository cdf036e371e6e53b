"""Turning any string into a safe full-text query.

What a user or a model types is never handed to FTS5's ``MATCH`` as is: FTS5 has its own
query language (``AND``/``OR``/``NOT``/``NEAR``, ``*``, ``^``, ``:``, parentheses, quotes),
and a stray quote or a ``C++`` is a syntax error. :func:`sanitize` parses the text into
terms and every term reaches SQLite as a quoted FTS5 string, so **no input raises**:

* balanced ``"double quotes"`` stay phrases; a stray quote is dropped;
* operators and punctuation are plain text (``NOT`` is the word "not");
* dotted, hyphenated and other joined terms (``a.b.c``, ``chat-send``, ``C++``) become a
  phrase of their parts for the word index and, at 3+ characters, a substring for the
  trigram index;
* runs of CJK characters (no spaces between words) are kept whole (``cjk``, which the
  message ranking searches in its trigram index) and as overlapping 3-character pieces;
  runs of 1–2 characters are ``short`` terms (memory entries match them by substring);
* common English stop-words are dropped unless the query has nothing else;
* the text is capped at :data:`MAX_QUERY_CHARS` and the number of terms is bounded.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from dataclasses import dataclass

__all__ = ["MAX_QUERY_CHARS", "STOP_WORDS", "Query", "is_cjk", "quote", "sanitize"]

MAX_QUERY_CHARS = 1000
MAX_WORDS = 32
MAX_PHRASES = 8
MAX_SUBSTRINGS = 32
MAX_SHORT = 8

STOP_WORDS = frozenset(
    {
        "a",
        "about",
        "after",
        "all",
        "also",
        "am",
        "an",
        "and",
        "any",
        "are",
        "as",
        "at",
        "be",
        "been",
        "before",
        "but",
        "by",
        "can",
        "could",
        "did",
        "do",
        "does",
        "for",
        "from",
        "had",
        "has",
        "have",
        "he",
        "her",
        "him",
        "his",
        "how",
        "i",
        "if",
        "in",
        "into",
        "is",
        "it",
        "its",
        "me",
        "my",
        "of",
        "on",
        "or",
        "our",
        "she",
        "so",
        "than",
        "that",
        "the",
        "their",
        "them",
        "then",
        "there",
        "these",
        "they",
        "this",
        "those",
        "to",
        "us",
        "was",
        "we",
        "were",
        "what",
        "when",
        "where",
        "which",
        "who",
        "whom",
        "why",
        "will",
        "with",
        "would",
        "you",
        "your",
    }
)

_TOKEN = re.compile(r"[^\W_]+")  # what unicode61 calls a token: letters and digits
_QUOTED = re.compile(r'"([^"]*)"')
_CONTROL = re.compile(r"[\x00-\x1f\x7f\ud800-\udfff]")
_QUOTES = str.maketrans({"“": '"', "”": '"', "„": '"', "«": '"', "»": '"', "＂": '"'})


def is_cjk(ch: str) -> bool:
    """Whether ``ch`` is a Chinese, Japanese or Korean character (written without spaces
    between words, so the word index cannot split it)."""
    o = ord(ch)
    return (
        0x3040 <= o <= 0x30FF
        or 0x3400 <= o <= 0x4DBF
        or 0x4E00 <= o <= 0x9FFF
        or 0xAC00 <= o <= 0xD7AF
        or 0xF900 <= o <= 0xFAFF
        or 0x20000 <= o <= 0x3134F
        or 0x31F0 <= o <= 0x31FF
        or 0x1100 <= o <= 0x11FF
    )


def quote(term: str) -> str:
    """``term`` as an FTS5 string literal: everything inside is plain text."""
    return '"' + term.replace('"', '""') + '"'


@dataclass(frozen=True)
class Query:
    """A sanitised query: the terms each index is asked for.

    ``words`` and ``phrases`` go to the word index, ``substrings`` to the trigram index,
    ``short`` (CJK terms of one or two characters) to a ``LIKE`` scan. ``text`` is the
    capped input, kept for rankers that want it.
    """

    text: str
    words: tuple[str, ...] = ()
    phrases: tuple[str, ...] = ()
    substrings: tuple[str, ...] = ()
    short: tuple[str, ...] = ()
    cjk: tuple[str, ...] = ()  # whole CJK runs as typed (the ranking's own CJK terms)

    @property
    def empty(self) -> bool:
        """Nothing searchable (only punctuation, emoji or whitespace)."""
        return not (self.words or self.phrases or self.substrings or self.short)

    @property
    def has_cjk(self) -> bool:
        """Whether any term is CJK text."""
        return any(is_cjk(c) for t in (*self.substrings, *self.short) for c in t)

    def highlights(self) -> tuple[str, ...]:
        """Lower-case text fragments to look for when cutting a snippet."""
        parts = [*self.phrases, *self.substrings, *self.short]
        parts += [w[: max(4, len(w) - 3)] for w in self.words]  # stems: "installing"→"install"
        return tuple(p for p in parts if p)


def _clean(text: object) -> str:
    if not isinstance(text, str):
        return ""
    text = text[: MAX_QUERY_CHARS * 2]
    text = unicodedata.normalize("NFKC", text).translate(_QUOTES)
    return _CONTROL.sub(" ", text)[:MAX_QUERY_CHARS]


def _cjk_terms(run: str, substrings: list[str], short: list[str]) -> None:
    """A CJK run: its overlapping 3-character pieces, or itself when shorter."""
    if len(run) <= 2:
        short.append(run)
    else:
        substrings.extend(a + b + c for a, b, c in zip(run, run[1:], run[2:], strict=False))


def _split_cjk(chunk: str) -> list[tuple[bool, str]]:
    """``chunk`` cut into alternating CJK and other runs."""
    return [(cjk, "".join(group)) for cjk, group in itertools.groupby(chunk, key=is_cjk)]


class _Builder:
    def __init__(self) -> None:
        self.words: list[str] = []
        self.quoted_words: list[str] = []  # kept even when they are stop-words
        self.phrases: list[str] = []
        self.substrings: list[str] = []
        self.short: list[str] = []
        self.cjk: list[str] = []

    def chunk(self, chunk: str) -> None:
        """Add one whitespace-separated piece of the query."""
        for cjk, run in _split_cjk(chunk):
            if cjk:
                self.cjk.append(run)
                _cjk_terms(run, self.substrings, self.short)
                continue
            tokens = [t.casefold() for t in _TOKEN.findall(run)]
            if not tokens:
                continue  # punctuation, emoji, operators' symbols: nothing to search
            core = run.strip(".,;:!?()[]{}<>'`*^~=|\\/@$%&").casefold()
            if len(tokens) == 1 and core == tokens[0]:
                self.words.append(tokens[0])
                continue
            # Joined by punctuation (a.b.c, chat-send, C++): the parts as a phrase, and the
            # whole as a substring so the exact spelling ranks first.
            if len(tokens) == 1:
                self.words.append(tokens[0])
            else:
                self.phrases.append(" ".join(tokens))
            if len(core) >= 3:
                self.substrings.append(core)

    def phrase(self, text: str) -> None:
        """Add a quoted phrase: CJK inside goes to the trigram index as written."""
        if any(is_cjk(c) for c in text):
            compact = "".join(text.split())
            self.cjk.append(compact.casefold())
            if len(compact) <= 2:
                self.short.append(compact)
            else:
                self.substrings.append(compact.casefold())
            return
        tokens = [t.casefold() for t in _TOKEN.findall(text)]
        if len(tokens) > 1:
            self.phrases.append(" ".join(tokens))
        elif tokens:
            self.quoted_words.append(tokens[0])

    def build(self, text: str) -> Query:
        plain = [w for w in self.words if w not in STOP_WORDS]
        if not (plain or self.quoted_words or self.phrases or self.substrings or self.short):
            plain = self.words  # only stop-words: search for them rather than nothing
        words = list(dict.fromkeys([*self.quoted_words, *plain]))
        return Query(
            text=text,
            words=tuple(words[:MAX_WORDS]),
            phrases=tuple(dict.fromkeys(self.phrases))[:MAX_PHRASES],
            substrings=tuple(dict.fromkeys(self.substrings))[:MAX_SUBSTRINGS],
            short=tuple(dict.fromkeys(self.short))[:MAX_SHORT],
            cjk=tuple(dict.fromkeys(self.cjk))[:MAX_SHORT],
        )


def sanitize(text: object) -> Query:
    """Parse any input into a :class:`Query`. Never raises; non-strings give an empty
    query."""
    cleaned = _clean(text)
    builder = _Builder()
    rest: list[str] = []
    last = 0
    for match in _QUOTED.finditer(cleaned):
        rest.append(cleaned[last : match.start()])
        builder.phrase(match.group(1))
        last = match.end()
    rest.append(cleaned[last:].replace('"', " "))
    for chunk in " ".join(rest).split():
        builder.chunk(chunk)
    return builder.build(cleaned)
