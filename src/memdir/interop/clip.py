"""Cutting a text to a length limit with "…": at a word boundary, or on one line."""

from __future__ import annotations


def clip(text: str, limit: int, trailing: str = " ") -> str:
    """``text`` cut to at most ``limit`` characters: at the last space when that keeps at
    least half, then without trailing ``trailing`` characters, ending in "…"."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    space = cut.rfind(" ")
    if space >= limit // 2:
        cut = cut[:space]
    return cut.rstrip(trailing) + "\u2026"


def short(text: str, width: int) -> str:
    """``text`` on one line, cut to ``width`` characters with an ellipsis."""
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1].rstrip() + "\u2026"
