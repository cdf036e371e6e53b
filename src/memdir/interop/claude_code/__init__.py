"""Claude Code: its memory formats, importer and exporter (``memory``), and transcripts."""

from __future__ import annotations

from collections.abc import Callable

from ...hooks import hookimpl


@hookimpl
def register_harnesses(register: Callable[..., None]) -> None:
    """Claude Code, registered like any plugin's harness."""
    from . import memory, transcripts

    register("claude-code", memory=memory.HARNESS, transcripts=transcripts)
