"""A parsed topic file as one line of text, so other writers need not read and parse it.

Several processes writing to one scope each parse every file the others write (~60 µs of
I/O and parsing per file, times the number of writers, on every add). The writer that made
a file already knows what parsing it gives; it logs that as a *record* with the file's stat
signature, and a reader whose stat of the file shows the same signature builds the entry
from the record instead (see :mod:`memdir.reader`). A record must therefore be exactly what
:func:`~memdir.formats.frontmatter.parse_entry` returns for the file, layout included:
:func:`encode` is given the parsed entry, and anything it cannot carry losslessly (an
unknown key holding a date, a mapping with non-string keys, NaN) gets no record at all.
:func:`decode` checks a CRC and every field's type, and returns None for anything damaged,
truncated or odd, in which case the reader reads the file as usual.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import zlib
from datetime import UTC, datetime
from typing import Any

from ..errors import ParseError
from ..model import Entry, EntryType, Layout, Source
from .frontmatter import format_time, parse_entry

__all__ = ["as_read", "decode", "encode", "prepare", "seal"]

_encoder = json.JSONEncoder(
    ensure_ascii=False, allow_nan=False, check_circular=False, separators=(",", ":")
)
_decode_json = json.JSONDecoder().decode
_SCALARS = (str, int, float, bool, type(None))


def _plain(value: Any) -> bool:
    """True when JSON gives ``value`` back exactly (same types, same order)."""
    kind = type(value)
    if kind in _SCALARS:
        return True
    if kind is list:
        return all(_plain(v) for v in value)
    if kind is dict:
        return all(type(k) is str and _plain(v) for k, v in value.items())
    return False


def _time(value: datetime | None) -> str | None:
    return None if value is None else format_time(value)


def encode(signature: tuple[int, ...], entry: Entry) -> str | None:
    """The record of ``entry`` (as parsed from a file with ``signature``), one line of
    text; None when it cannot be carried losslessly."""
    fields = prepare(entry)
    return None if fields is None else seal(signature, fields)


def seal(signature: tuple[int, ...], fields: str) -> str:
    r"""The record of a :func:`prepare`\ d entry whose file has ``signature``: the costly
    half is done before the file is written, this half (under the lock) after."""
    text = f"[[{','.join(map(str, signature))}],{fields}"
    return f"{zlib.crc32(text.encode('utf-8')):08x} {text}"


def prepare(entry: Entry) -> str | None:
    """The fields of ``entry``'s record, or None when they cannot be carried
    losslessly."""
    extra = dict(entry.extra)
    if not _plain(extra) or any(
        t is not None and (t.microsecond or t.tzinfo is None or t.utcoffset())
        for t in (
            entry.created,
            entry.updated,
            entry.valid_from,
            entry.valid_until,
            entry.removed_at,
        )
    ):
        return None
    fields = [
        entry.id,
        entry.name,
        entry.description,
        entry.type.value,
        entry.body,
        _time(entry.created),
        _time(entry.updated),
        entry.source.value,
        list(entry.origins),
        entry.pinned,
        list(entry.supersedes),
        _time(entry.valid_from),
        _time(entry.valid_until),
        entry.superseded_by,
        _time(entry.removed_at),
        extra,
        entry.archived,
        list(entry.layout.key_order),
        entry.layout.crlf,
        entry.layout.bom,
    ]
    try:
        return _encoder.encode(fields)[1:]
    except (TypeError, ValueError):
        return None


def as_read(entry: Entry, text: str) -> tuple[Entry, str | None]:
    r"""What parsing ``text``, the file just rendered from ``entry``, gives, and its
    :func:`prepare`\ d record (None: no record; then readers parse the file)."""
    try:
        read = parse_entry(text, entry.id, archived=entry.archived, path=entry.filename)
    except ParseError:  # never for a rendered entry
        return entry, None
    return read, prepare(read)


def _str(value: Any) -> str:
    if type(value) is not str:
        raise TypeError
    return value


def _strs(value: Any) -> tuple[str, ...]:
    if type(value) is not list:
        raise TypeError
    return tuple(_str(v) for v in value)


def _bool(value: Any) -> bool:
    if type(value) is not bool:
        raise TypeError
    return value


def _when(value: Any) -> datetime | None:
    if value is None:
        return None
    return _time_of(_str(value))


@functools.lru_cache(maxsize=1024)  # writers of one scope write the same few seconds
def _time_of(text: str) -> datetime:
    if len(text) != 20 or text[-1] != "Z":
        raise ValueError
    return datetime.fromisoformat(text[:-1]).replace(tzinfo=UTC)


_TYPES = {t.value: t for t in EntryType}
_SOURCES = {s.value: s for s in Source}
_FIELDS = tuple(f.name for f in dataclasses.fields(Entry))
# Entries are built by filling __dict__ (a quarter of the cost of the frozen dataclass's
# __init__); only sound while Entry has no __post_init__ and keeps this field order.
_FILL = not hasattr(Entry, "__post_init__") and _FIELDS == (
    "id",
    "name",
    "description",
    "type",
    "body",
    "created",
    "updated",
    "source",
    "origins",
    "pinned",
    "supersedes",
    "valid_from",
    "valid_until",
    "superseded_by",
    "removed_at",
    "extra",
    "archived",
    "layout",
)


def _entry(values: tuple[Any, ...]) -> Entry:
    if not _FILL:
        return Entry(*values)
    entry: Entry = object.__new__(Entry)
    entry.__dict__.update(zip(_FIELDS, values, strict=True))
    return entry


def _need(value: datetime | None) -> datetime:
    if value is None:
        raise TypeError
    return value


def decode(record: str, name: str) -> tuple[tuple[int, ...], Entry] | None:
    """The signature and entry a record of the file ``name`` holds, or None when the
    record is damaged or does not describe that file."""
    crc, _, text = record.partition(" ")
    try:
        if len(crc) != 8 or int(crc, 16) != zlib.crc32(text.encode("utf-8")):
            return None
        f = _decode_json(text)
        if type(f) is not list or len(f) != 21:
            return None
        sig = f[0]
        if type(sig) is not list or not all(type(n) is int for n in sig):
            return None
        extra = f[16]
        if type(extra) is not dict or not _plain(extra):
            return None
        entry = _entry(
            (
                _str(f[1]),
                _str(f[2]),
                _str(f[3]),
                _TYPES[f[4]],
                _str(f[5]),
                _need(_when(f[6])),
                _need(_when(f[7])),
                _SOURCES[f[8]],
                _strs(f[9]),
                _bool(f[10]),
                _strs(f[11]),
                _when(f[12]),
                _when(f[13]),
                None if f[14] is None else _str(f[14]),
                _when(f[15]),
                extra,
                _bool(f[17]),
                Layout(key_order=_strs(f[18]), crlf=_bool(f[19]), bom=_bool(f[20])),
            )
        )
    except (ValueError, TypeError, KeyError, UnicodeEncodeError, RecursionError):
        return None
    if entry.filename != name:
        return None
    return tuple(sig), entry
