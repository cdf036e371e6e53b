"""Import growing transcripts (Claude Code, Codex) from where the last import stopped, so a
hook that runs every turn costs what is new, not the file's size.
See docs/design/harnesses.md."""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from ...core.storage.records import load, locked
from ...core.storage.regular import open_regular
from . import _fill_missing_parents, reader
from ._reading import Tally

if TYPE_CHECKING:
    from ...core.layers import Layers

LEDGER_NAME = "transcript-offsets.json"
_WHAT = "how far memdir's harness hooks have read each transcript"
_PRINT = 4096  # bytes at the start and before the offset that must not have changed
VERSION = 2  # of the readers' saved state: a ledger written by another one is read afresh


def fingerprint(path: Path, state: dict[str, Any]) -> str | None:
    """A hash of ``state`` (but its ``print``) and of the first and the last :data:`_PRINT`
    bytes of ``path`` before its ``offset`` (None when the file is shorter or unreadable):
    a rewritten, truncated or replaced file, or an edited state, no longer matches."""
    offset = state["offset"]
    try:
        with os.fdopen(open_regular(path, sys.maxsize), "rb") as f:
            if os.fstat(f.fileno()).st_size < offset:
                return None
            head = f.read(min(offset, _PRINT))
            f.seek(max(0, offset - _PRINT))
            tail = f.read(min(offset, _PRINT))
    except (OSError, ValueError):
        return None
    rest = {k: v for k, v in state.items() if k != "print"}
    text = json.dumps(rest, sort_keys=True, ensure_ascii=False).encode("utf-8", "surrogatepass")
    return hashlib.sha256(b"%s\0%s\0%s" % (text, head, tail)).hexdigest()


def _usable(path: Path, state: object, module: ModuleType) -> dict[str, Any] | None:
    """``state`` when it is where ``path`` was left; None (read from the start: stored
    source keys keep that idempotent) when the file was rewritten, truncated or replaced,
    or the state is not of the types ``module`` (the reader) writes."""
    if not isinstance(state, dict) or state.get("v") != VERSION:
        return None
    offset = state.get("offset")
    if type(offset) is not int or offset < 0:
        return None
    valid = getattr(module, "valid_state", None)
    if valid is not None and not valid(state):
        return None
    return state if fingerprint(path, state) == state.get("print") else None


def follow(md: Layers, harness: str, source: Path, live: bool = True) -> int:
    """Import the transcripts of ``harness`` (claude-code, codex) under ``source`` (a file
    or a folder), each from where the last call stopped; how many messages were added.
    What is stored is what ``import_sessions(md, harness, source)`` stores. ``live``: the
    hook follows the session being logged now (its cwd's checkout is its own); False for
    a transcript it did not see logged (its checkout proven as an import's)."""
    module = reader(harness)
    ledger = md.home / LEDGER_NAME
    known = load(ledger, _WHAT)
    added = 0
    for path, _ in module.find(source):
        key = str(path.absolute())
        state = _usable(path, known.get(key), module)
        out: dict[str, Any] = {}
        counts = md.sessions.import_sessions(module.resume(path, Tally(), state, out), live=live)
        added += counts.messages_added
        new = out["state"]
        if new is not None and (state is None or new["offset"] != state["offset"]):
            new["v"] = VERSION
            new["print"] = fingerprint(path, new)
            with locked(ledger, _WHAT) as files:
                files[key] = new
                for gone in [k for k in files if not os.path.exists(k)]:
                    del files[gone]
    _fill_missing_parents(md, module.AGENT)
    return added
