"""Hermes: its memory formats, importer and exporter (``memory``), and transcripts."""

from __future__ import annotations

from collections.abc import Callable

from ...hooks import hookimpl


@hookimpl
def register_harnesses(register: Callable[..., None]) -> None:
    """Hermes, registered like any plugin's harness."""
    from . import memory, transcripts

    register("hermes", memory=memory.HARNESS, transcripts=transcripts)
