"""Words the way the message word index sees them: unicode61 tokens, and porter stems
computed by SQLite itself (so they always agree with the index)."""

from __future__ import annotations

import json
import os
import re
import sqlite3
import threading
from collections.abc import Iterable

from ..core import forks
from ..core.marks import words as _words
from .analyzer import tokenize

_STEM_TABLE = "memdir_rank_stem"


class Stems:
    """word → index term by SQLite's own porter tokenizer (a temp FTS5 table and its
    ``fts5vocab``), so stems always agree with the index; remembered until ``MAX``."""

    MAX = 200_000

    def __init__(self) -> None:
        self.cache: dict[str, str] = {}

    def lookup(self, conn: sqlite3.Connection, words: Iterable[str]) -> dict[str, str]:
        wanted = set(words)
        todo = [w for w in wanted if w not in self.cache]
        if not todo:
            return self.cache
        if len(self.cache) + len(todo) > self.MAX:
            self.cache.clear()
            todo = list(wanted)  # the caller reads every word it asked for
        conn.execute(  # contentless: emptied by one 'delete-all', no re-tokenizing
            f"CREATE VIRTUAL TABLE IF NOT EXISTS temp.{_STEM_TABLE} USING fts5(w, "
            f"content='', {tokenize()})"
        )
        conn.execute(
            f"CREATE VIRTUAL TABLE IF NOT EXISTS temp.{_STEM_TABLE}_v USING "
            f"fts5vocab(temp, {_STEM_TABLE}, 'instance')"
        )
        clear = f"INSERT INTO temp.{_STEM_TABLE}({_STEM_TABLE}) VALUES('delete-all')"
        conn.execute(clear)
        conn.execute(
            f"INSERT INTO temp.{_STEM_TABLE}(rowid, w) SELECT key, value FROM json_each(?)",
            (json.dumps(todo),),
        )
        got: dict[int, str] = {}
        for term, doc in conn.execute(f"SELECT term, doc FROM temp.{_STEM_TABLE}_v"):
            got.setdefault(doc, term)
        conn.execute(clear)
        for i, w in enumerate(todo):
            self.cache[w] = got.get(i, "")
        return self.cache


def stems_for(conn: sqlite3.Connection) -> Stems:
    """Stems for one step of a ranking, on ``conn`` (another engine's connection brings
    its own). Not kept across rankings: that saved 0.06 ms of 13 (abl58, recall.md)."""
    if not isinstance(conn, sqlite3.Connection):
        return conn.fts.analyzer.stemmer()
    return Stems()


_PRIVATE: tuple[sqlite3.Connection, Stems] | None = None
_PRIVATE_LOCK = threading.Lock()


def _forked() -> None:
    """In a forked child the private database in memory is the child's copy, unless a
    parent's thread was using it at the fork: then it is left alone and made again."""
    global _PRIVATE, _PRIVATE_LOCK
    if not _PRIVATE_LOCK.acquire(blocking=False):
        forks.LEFT.append(_PRIVATE)
        _PRIVATE = None
    _PRIVATE_LOCK = threading.Lock()


os.register_at_fork(after_in_child=_forked)


def stem(words: Iterable[str]) -> dict[str, str]:
    """word → its index term ("" when the porter tokenizer yields none), through a
    private in-memory SQLite shared by the process's threads: for callers that have no
    SQLite connection (the PostgreSQL index, the pipeline's rules)."""
    global _PRIVATE
    words = set(words)
    with _PRIVATE_LOCK:
        if _PRIVATE is None:
            _PRIVATE = (sqlite3.connect(":memory:", check_same_thread=False), Stems())
        conn, stems = _PRIVATE
        cache = stems.cache
        if not words <= cache.keys():
            cache = stems.lookup(conn, words)
        return {w: cache.get(w, "") for w in words}


#: Latin letters with diacritics (Latin-1 to IPA; Latin Extended Additional, where
#: Vietnamese ả ế ộ ự and Welsh ẁ ỳ are) and combining marks.
_ACCENTED = re.compile("[\u0080-\u036f\u1e00-\u1eff]")
_DIACRITIC = re.compile("[\u0300-\u036f]")  # the marks remove_diacritics folds away


def _fold(token: str) -> str:
    from unicodedata import normalize

    if token.isascii() or not _ACCENTED.search(token):  # CJK, Hangul, kana stay as they are
        return token
    return _DIACRITIC.sub("", normalize("NFKD", token))  # Indic, Thai marks stay


def tokens(text: str | None) -> list[str]:
    """unicode61-style tokens: runs of letters, digits and combining marks, Latin
    diacritics removed."""
    if not text:
        return []
    toks = _words(text.lower())
    return toks if not _ACCENTED.search(text) else [_fold(t) for t in toks]
