"""The installed memdir's version, as its package metadata gives it: the one reader the
MCP server's handshake, the team database's version check and the Hermes plugin's
manifest share."""

from __future__ import annotations

from functools import cache


@cache
def installed() -> str | None:
    """memdir's version (``0.4.0``), or None when it runs without package metadata (from
    a source tree that was never installed)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("memdir")
    except PackageNotFoundError:
        return None
