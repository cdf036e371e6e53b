"""The state services' SQL on PostgreSQL: the SQLite dialect they are written in,
rewritten once per statement, and sqlite3-shaped rows. (docs/design/team-server.md)."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import psycopg

_LITERAL = re.compile(r"'(?:[^']|'')*'")
_OR_IGNORE = re.compile(r"\bINSERT OR IGNORE INTO\b", re.I)
_OR_REPLACE = re.compile(r"\bINSERT OR REPLACE INTO (\w+)", re.I)
_WHERE_ONE = re.compile(r"(?<=\bWHERE )1(?=\s|\)|$)")
_PAREN_ONE = re.compile(r"\(1\)")
_LIMIT = re.compile(r"\bLIMIT \?")
_MINMAX = re.compile(r"\b(max|min)\(", re.I)
_INSERT_INTO = re.compile(r"^\s*INSERT INTO (\w+)\b", re.I)
_IN_LIST = re.compile(r"\b(NOT )?IN \((\?(?:, \?){3,})\)")
_INSTR = re.compile(r"\binstr\(")
_BINARY = re.compile(r"\bCOLLATE BINARY\b")

#: ``INSERT OR REPLACE`` targets: the conflict they replace on.
REPLACE_ON = {"removed_imports": "(session_id) DO UPDATE SET removed_at = excluded.removed_at"}
#: Tables whose new rows get their id from the database (``cursor.lastrowid``).
ID_TABLES = frozenset({"jobs", "candidates", "tombstones", "entries"})


def _close(sql: str, start: int) -> int:
    """Index of the parenthesis closing the one opened just before ``start``."""
    depth = 1
    for i in range(start, len(sql)):
        if sql[i] == "(":
            depth += 1
        elif sql[i] == ")":
            depth -= 1
            if depth == 0:
                return i
    return len(sql)


def _scalar_minmax(sql: str) -> str:
    """SQLite's two-argument ``max(a, b)``/``min(a, b)`` as ``greatest``/``least``."""
    out, at = [], 0
    for m in _MINMAX.finditer(sql):
        if m.start() < at:
            continue
        end = _close(sql, m.end())
        inner, depth, top_comma = sql[m.end() : end], 0, False
        for ch in inner:
            depth += ch == "("
            depth -= ch == ")"
            if ch == "," and depth == 0:
                top_comma = True
                break
        if top_comma:
            name = "greatest" if m.group(1).lower() == "max" else "least"
            out.append(sql[at : m.start()] + name + "(")
            at = m.end()
    out.append(sql[at:])
    return "".join(out)


def _arrays(sql: str) -> tuple[str, tuple[tuple[int, int], ...]]:
    """``IN (?, ?, …)`` lists as ``= ANY(?)`` (one array parameter: no plan per list
    length, no planning of hundreds of parameters), and ``(first parameter, count)`` of
    each list."""
    literals = [m.span() for m in _LITERAL.finditer(sql)]
    groups: list[tuple[int, int]] = []
    out, at = [], 0
    for m in _IN_LIST.finditer(sql):
        if any(a <= m.start() < b for a, b in literals):
            continue
        before = sql[: m.start()]
        first = before.count("?") - sum(sql[a:b].count("?") for a, b in literals if b <= m.start())
        groups.append((first, m.group(2).count("?")))
        out.append(sql[at : m.start()] + ("<> ALL(?)" if m.group(1) else "= ANY(?)"))
        at = m.end()
    out.append(sql[at:])
    return "".join(out), tuple(groups)


@functools.lru_cache(maxsize=2048)
def translate(sql: str) -> tuple[str, str | None, tuple[tuple[int, int], ...]]:
    """``sql`` (SQLite's dialect, ``?`` placeholders) for psycopg, the table whose id an
    ``INSERT`` returns (None: it returns nothing), and the parameter lists that became
    arrays (see :func:`_arrays`)."""
    sql, groups = _arrays(sql)
    parts: list[str] = []
    at = 0
    for m in _LITERAL.finditer(sql):  # outside literals: placeholders and rewrites
        parts.append(_outside(sql[at : m.start()]))
        parts.append(m.group(0).replace("%", "%%"))
        at = m.end()
    parts.append(_outside(sql[at:]))
    text = "".join(parts)
    if _OR_IGNORE.search(text):
        text = _OR_IGNORE.sub("INSERT INTO", text) + " ON CONFLICT DO NOTHING"
    replaced = _OR_REPLACE.search(text)
    if replaced:
        table = replaced.group(1)
        text = _OR_REPLACE.sub(f"INSERT INTO {table}", text)
        text += f" ON CONFLICT {REPLACE_ON[table]}"
    into = _INSERT_INTO.match(text)
    returning = into.group(1) if into and into.group(1) in ID_TABLES else None
    if returning and "RETURNING" not in text.upper():
        text += " RETURNING id"
    return text, returning, groups


def bind(params: Sequence[Any], groups: tuple[tuple[int, int], ...]) -> list[Any]:
    """``params`` as :func:`translate`'s SQL takes them (each list an array)."""
    out = [value(p) for p in params]
    for first, count in reversed(groups):
        out[first : first + count] = [out[first : first + count]]
    return out


def _outside(chunk: str) -> str:
    chunk = chunk.replace("%", "%%")
    chunk = _LIMIT.sub("LIMIT NULLIF(?, -1)", chunk)
    chunk = _WHERE_ONE.sub("TRUE", chunk)
    chunk = _PAREN_ONE.sub("(TRUE)", chunk)
    chunk = _scalar_minmax(chunk)
    chunk = _INSTR.sub("strpos(", chunk)  # the same arguments, the same answer
    chunk = _BINARY.sub('COLLATE "C"', chunk)  # code point order (UTF-8's byte order)
    return chunk.replace("?", "%s")


def value(v: Any) -> Any:
    """A parameter as PostgreSQL stores what SQLite stored: booleans as integers, NUL
    (which PostgreSQL text cannot hold) as U+FFFD, as lone surrogates are elsewhere; an
    integer beyond 64 bits is an ``OverflowError``, as in ``sqlite3``."""
    if type(v) is bool:
        return int(v)
    if type(v) is int and not -(2**63) <= v < 2**63:
        raise OverflowError("Python int too large to convert to a 64-bit integer")
    if type(v) is str and "\x00" in v:
        return v.replace("\x00", "\ufffd")
    return v


class Row(tuple[Any, ...]):
    """A row read by index or by column name, as ``sqlite3.Row``."""

    names: dict[str, int]

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, str):
            return tuple.__getitem__(self, self.names[key])
        return tuple.__getitem__(self, key)

    def keys(self) -> list[str]:
        return list(self.names)


def row_factory(cursor: psycopg.Cursor[Any]) -> Any:
    names = {c.name: i for i, c in enumerate(cursor.description or ())}

    def make(values: Sequence[Any]) -> Row:
        row = Row(values)
        row.names = names
        return row

    return make


class Cursor:
    """The part of ``sqlite3.Cursor`` the state services use."""

    def __init__(self, cur: psycopg.Cursor[Any], lastrowid: int | None = None) -> None:
        self._cur = cur
        self.lastrowid = lastrowid
        self.rowcount = cur.rowcount

    def fetchone(self) -> Any:
        return self._cur.fetchone() if self._cur.description else None

    def fetchall(self) -> list[Any]:
        return self._cur.fetchall() if self._cur.description else []

    def __iter__(self) -> Iterator[Any]:
        return iter(self.fetchall())


class Connection:
    """One PostgreSQL connection, in a transaction, shaped like ``sqlite3.Connection`` for
    the statements the state services run (see :func:`translate`). ``fts`` answers the
    full-text parts SQLite does with FTS5 (:mod:`memdir.pg.fts`)."""

    def __init__(self, conn: psycopg.Connection[Any], fts: Any) -> None:
        self.raw = conn
        self.fts = fts

    @property
    def in_transaction(self) -> bool:
        return bool(self.raw.info.transaction_status != psycopg.pq.TransactionStatus.IDLE)

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Cursor:
        text, returning, groups = translate(sql)
        cur = self.raw.cursor(row_factory=row_factory)
        cur.execute(text, bind(params, groups))
        lastrowid = None
        if returning is not None and cur.description:
            got = cur.fetchone()
            lastrowid = None if got is None else int(got[0])
        return Cursor(cur, lastrowid)

    def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> Cursor:
        text, returning, groups = translate(sql)
        if returning is not None:
            text = text[: -len(" RETURNING id")]
        cur = self.raw.cursor(row_factory=row_factory)
        cur.executemany(text, [bind(r, groups) for r in rows])
        return Cursor(cur)
