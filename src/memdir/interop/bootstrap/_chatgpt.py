"""The files of a ChatGPT data export beside its ``conversations.json`` that hold no
conversation: each noted, never read. (docs/design/interop.md)."""

from __future__ import annotations

from pathlib import Path

#: Each file, and what it holds (its note).
EXPORT_FILES = {
    "user.json": "the ChatGPT account (e-mail address, phone number)",
    "message_feedback.json": "your thumbs up and down on ChatGPT's answers",
    "model_comparisons.json": "the answers ChatGPT asked you to compare",
    "shared_conversations.json": "the links to conversations you shared",
}


def in_export(path: Path) -> bool:
    """``path`` is one of :data:`EXPORT_FILES` with a ``conversations.json`` beside it."""
    return path.name in EXPORT_FILES and (path.parent / "conversations.json").is_file()


def note(path: Path) -> str:
    """The one line said of ``path`` (:func:`in_export`)."""
    return f"{path}: {EXPORT_FILES[path.name]} in a ChatGPT export; nothing proposed from it"
