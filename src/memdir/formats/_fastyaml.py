"""A fast path for the flat frontmatter memdir writes, exactly equal to PyYAML's result.

Loading YAML costs ~150 µs per file even with the C loader, and dumping ~60 µs; a scope of
200 entries would spend most of ``memdir context`` there. Frontmatter is almost always one
``key: value`` per line with plain or quoted scalars (double quotes without escapes),
timestamps and short flow lists, which :func:`load_flat` reads and :func:`dump_flat`
writes directly. Anything else (nesting, escapes, anchors, tags, multi-line values,
numbers, odd booleans) returns None and the caller uses PyYAML. A plain scalar is read as
text only when it cannot be anything else under YAML 1.1's implicit types (which all start
with a digit, a sign, a dot or ``~``, or are a null/boolean word or ``<<``/``=``), so the
fast path never disagrees with PyYAML on a value it accepts; property tests check both
directions. It does not import PyYAML, so reading a scope of flat files never pays for it.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

__all__ = ["dump_flat", "load_flat"]

_LINE = re.compile(r"([A-Za-z_][A-Za-z0-9_]*):(?: +(.*))?")
# What PyYAML's reader refuses or treats as a line break: leave those to it.
_UNUSUAL = re.compile(
    "[^\x0a\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd\U00010000-\U0010ffff]"
)
_INDICATORS = frozenset("-?:,[]{}#&*!|>'\"%@`")
_TIMESTAMP = re.compile(r"(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)Z")
_COMMENT = re.compile(r"[ \t]#")
_TYPED_START = frozenset("0123456789+-.~")
_TYPED_WORDS = frozenset({"yes", "no", "true", "false", "on", "off", "null", "<<", "="})


def _maybe_typed(text: str) -> bool:
    """True unless ``text`` is certainly a string to YAML 1.1 (a superset of its resolver)."""
    return text[0] in _TYPED_START or text.lower() in _TYPED_WORDS


class _Fallback(Exception):
    """This text needs the real YAML parser."""


def _plain(text: str, *, in_flow: bool = False) -> Any:
    if not text or text[0] in _INDICATORS or text != text.strip():
        raise _Fallback
    if ": " in text or text.endswith(":") or " #" in text or "\t" in text:
        raise _Fallback
    if in_flow and any(c in text for c in ",?[]{}"):  # each ends a plain scalar there
        raise _Fallback
    if text in ("true", "false"):
        return text == "true"
    ts = _TIMESTAMP.fullmatch(text)
    if ts:
        try:
            year, month, day, hour, minute, second = map(int, ts.groups())
            return datetime(year, month, day, hour, minute, second, tzinfo=UTC)
        except ValueError:  # e.g. month 13: let PyYAML report it
            raise _Fallback from None
    if _maybe_typed(text):
        raise _Fallback
    return text


def _single_quoted(text: str) -> str:
    inner = text[1:-1]
    if len(text) < 2 or not text.endswith("'") or "'" in inner.replace("''", ""):
        raise _Fallback
    return inner.replace("''", "'")


def _double_quoted(text: str) -> str:
    inner = text[1:-1]
    if len(text) < 2 or not text.endswith('"') or '"' in inner or "\\" in inner:
        raise _Fallback  # escapes and embedded quotes are PyYAML's business
    return inner


def _quoted(text: str) -> str:
    return _single_quoted(text) if text.startswith("'") else _double_quoted(text)


def _value(raw: str | None) -> Any:
    if raw is None:
        return None
    text = raw.rstrip(" \t")
    if text.startswith(("'", '"')):
        return _quoted(text)
    if text.startswith("["):
        if not text.endswith("]"):
            raise _Fallback
        inner = text[1:-1].strip()
        if not inner:
            return []
        items = [item.strip() for item in inner.split(",")]
        return [_quoted(i) if i.startswith(("'", '"')) else _plain(i, in_flow=True) for i in items]
    comment = _COMMENT.search(text)
    if comment:
        text = text[: comment.start()].rstrip(" \t")
        if not text:
            return None
    return _plain(text)


def load_flat(source: str) -> dict[str, Any] | None:
    """The mapping PyYAML would load from ``source``, or None if it is not flat enough."""
    if _UNUSUAL.search(source):
        return None
    result: dict[str, Any] = {}
    try:
        for line in source.split("\n"):
            if not line.strip() or line.startswith("#"):
                continue
            match = _LINE.fullmatch(line)
            if match is None:
                return None
            key = match.group(1)
            if _maybe_typed(key):
                return None
            result[key] = _value(match.group(2))
    except _Fallback:
        return None
    return result


def _scalar(value: object, *, in_flow: bool = False) -> str | None:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, datetime):
        offset = value.utcoffset()
        if offset is None or offset.total_seconds() or value.microsecond:
            return None
        return f"{value:%Y}".zfill(4) + f"{value:-%m-%dT%H:%M:%SZ}"
    if not isinstance(value, str):
        return None
    if "\n" in value or _UNUSUAL.search(value):
        return None
    try:
        if isinstance(_plain(value, in_flow=in_flow), str):  # not read as a bool or a time
            return value
    except _Fallback:
        pass
    if in_flow and "," in value:
        return None
    return "'" + value.replace("'", "''") + "'"


def dump_flat(meta: dict[str, Any]) -> str | None:
    """``key: value`` lines that both :func:`load_flat` and PyYAML read back as ``meta``,
    or None when a value needs PyYAML (nesting, numbers, nulls, multi-line text)."""
    lines = []
    for key, value in meta.items():
        if not isinstance(key, str) or not _LINE.fullmatch(key + ":") or _maybe_typed(key):
            return None
        if isinstance(value, list):
            items = [_scalar(v, in_flow=True) for v in value]
            if any(i is None for i in items):
                return None
            text: str | None = "[" + ", ".join(items) + "]"  # type: ignore[arg-type]
        else:
            text = _scalar(value)
        if text is None:
            return None
        lines.append(f"{key}: {text}\n")
    return "".join(lines)
