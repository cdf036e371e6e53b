"""JSON settings files written back the way they were laid out (indent, key order, newline)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from ...core.storage.regular import read_json


def load(path: Path, text: str | None) -> dict[str, Any]:
    """The file's object (empty when there is no file); an error naming the file when it is
    not a JSON object, so nothing is written over what memdir could not read."""
    if text is None or not text.strip():
        return {}
    advice = "Nothing was changed; fix it, then run memdir install again."
    data: dict[str, Any] = read_json(path, text=text, kind=dict, advice=advice)
    return data


def dump(data: dict[str, Any], like: str | None) -> str:
    """``data`` serialised in the layout of ``like`` (the file's text before): its indent
    (two spaces for a new file), compact when it was one line, its final newline."""
    compact = like is not None and like.strip() and "\n" not in like.strip()
    found = re.search(r"\n([ \t]+)\S", like or "")
    indent = None if compact else found.group(1) if found else "  "
    separators = None
    if compact and like is not None:  # JSON.stringify's "a":1,"b":2, or a person's spacing
        bare = re.sub(r'"(?:[^"\\]|\\.)*"', '""', like)  # ", " inside a string is no layout
        separators = (
            ", " if re.search(r",\s", bare) else ",",
            ": " if re.search(r'":\s', bare) else ":",
        )
    out = json.dumps(data, ensure_ascii=False, indent=indent, separators=separators)
    try:
        out.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate from a \ud800 escape: keep it escaped
        out = json.dumps(data, indent=indent, separators=separators)
    return out + ("\n" if like is None or like.endswith("\n") or not like.strip() else "")
