"""MemorySession: what a harness holds for one conversation."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any

from .model import Source
from .tools import Dispatcher, tool_schemas

if TYPE_CHECKING:
    from .engine import Memdir

__all__ = ["MemorySession"]


class MemorySession:
    """One conversation's view of memory.

    The system block is rendered once, when the session starts, and stays byte-identical
    for the whole session, so the provider's prompt cache keeps hitting; writes made during
    the session go to disk and show in tool results, not in the system prompt.
    """

    def __init__(self, md: Memdir, *, agent: str = "agent", write_scope: str = "local",
                 paths: Sequence[str | Path] | None = None) -> None:
        self.md = md
        self.agent = agent
        self.paths = tuple(paths or ())
        self._system_block = md.system_block(self.paths)
        self._dispatcher = Dispatcher(md, write_scope=write_scope, source=Source.AGENT)
        self.closed = False

    def __enter__(self) -> MemorySession:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    def close(self) -> None:
        """End the session."""
        self.closed = True

    def system_block(self) -> str:
        """The memory part of the system prompt, frozen at session start."""
        return self._system_block

    def tools(self, format: str = "openai") -> list[dict[str, Any]]:
        """Tool definitions to offer the model (``openai``, ``anthropic`` or ``mcp``);
        none when memory is disabled."""
        schemas = tool_schemas(format)
        return schemas if self.md.enabled else []

    def call_tool(self, name: str, arguments: object) -> dict[str, Any]:
        """Run a tool call from the model; never raises on bad input."""
        return self._dispatcher.call(name, arguments)

    def new_turn(self) -> None:
        """Mark the start of a user turn (resets the per-turn failure limit)."""
        self._dispatcher.new_turn()
