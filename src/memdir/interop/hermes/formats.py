"""Hermes's memory files: ``MEMORY.md`` and ``USER.md``, entries joined by a ``§`` line.
See docs/design/interop.md."""

from __future__ import annotations

import re
from collections.abc import Sequence

from ...core.derived import description_from, name_from
from ...core.errors import ValidationError
from ...core.model import NAME_MAX, EntryType

DELIMITER = "\n§\n"
MEMORY_LIMIT = 2_200
USER_LIMIT = 1_375
FILES = {"MEMORY.md": MEMORY_LIMIT, "USER.md": USER_LIMIT}
"""File name → Hermes's default character budget (``memory.*_char_limit`` in its config)."""

# Words that make a MEMORY.md note a rule about behaviour (feedback) rather than a fact.
_RULE = re.compile(
    r"\b(?:always|never|don'?t|do not|must|should|avoid|prefers?|preferred|instead of|"
    r"rather than|make sure|remember to)\b",
    re.IGNORECASE,
)
# The same in Japanese and Chinese, which \b cannot bound (their characters are all \w).
_RULE_CJK = re.compile(
    r"必ず|常に|絶対に|禁止|してはいけない|しないこと|しないで|ないように|べき|避ける"
    r"|必须|务必|总是|始终|永远不要|不要|不许|避免|优先用"
)


def parse(text: str) -> list[str]:
    """The entries of a file's text, as Hermes reads them: newlines normalised, split on
    :data:`DELIMITER` only, each stripped, empty ones dropped (duplicates kept: the
    importer reports them). A leading byte-order mark is dropped too."""
    text = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    if not text.strip():
        return []
    return [e for e in (part.strip() for part in text.split(DELIMITER)) if e]


def unrepresentable(text: str) -> str | None:
    """Why Hermes would not read ``text`` back as this one entry, or None if it would."""
    if not text or text != text.strip():
        return "Hermes strips every entry, so leading or trailing whitespace would be lost"
    if "\r" in text:
        return "Hermes reads files with universal newlines, so a carriage return would change"
    if DELIMITER in text or text.endswith("\n§"):
        return (
            "its text has a line holding only §, Hermes's entry separator; Hermes would "
            "split it into two entries"
        )
    return None


def render(entries: Sequence[str]) -> str:
    """The file text for ``entries`` (no trailing newline, as Hermes writes it)."""
    for e in entries:
        why = unrepresentable(e)
        if why is not None:
            raise ValidationError(f"cannot write {e[:40]!r} as a Hermes entry: {why}", field="body")
    return DELIMITER.join(entries)


#: How the reason :func:`fit` gives for a candidate over the budget begins.
OVER_BUDGET = "does not fit"


def size(entries: Sequence[str]) -> int:
    """Characters the entries take the way Hermes counts: joined by the delimiter."""
    return sum(map(len, entries)) + len(DELIMITER) * max(len(entries) - 1, 0)


def derive_name(text: str) -> str:
    """The name an imported text gets: its first line without Markdown heading, quote or
    list marks (``**X**`` is X), cut at a word to fit memdir's name limit (the name an
    edit of the body then follows: :mod:`memdir.core.derived`)."""
    return name_from(text)


def describe(body: str) -> str:
    """The one-line description of an imported entry: its text on one line, cut."""
    return description_from(body)


def classify(text: str) -> EntryType:
    """The type of a ``MEMORY.md`` entry: ``feedback`` when it states a rule of behaviour
    (always, never, don't, prefer, avoid…; 必ず, 禁止…; 必须, 不要…), else ``reference``.
    ``USER.md`` entries are always ``user``."""
    rule = _RULE.search(text) or _RULE_CJK.search(text)
    return EntryType.FEEDBACK if rule else EntryType.REFERENCE


def _marker(text: str) -> tuple[str, str] | None:
    """``(name, body)`` if ``text`` is ``**name**`` on its first line, then a body."""
    first, sep, body = text.partition("\n")
    if not sep or len(first) < 5 or not (first.startswith("**") and first.endswith("**")):
        return None
    name = first[2:-2]
    if (
        not name
        or name != name.strip()
        or len(name) > NAME_MAX
        or not body.strip()
        or body[0] == "\n"
        or body != body.rstrip()
    ):
        return None
    return name, body


def decode(text: str) -> tuple[str, str]:
    """``(name, body)`` of one Hermes entry (see the module notes); inverse of
    :func:`encode`. Never raises."""
    chain = [text]
    parts: list[tuple[str, str]] = []
    while (found := _marker(chain[-1])) is not None:
        parts.append(found)
        chain.append(found[1])
    result = (derive_name(chain[-1]), chain[-1])
    for i in range(len(parts) - 1, -1, -1):
        name, body = parts[i]
        bare = body == body.strip() and result == (name, body)
        result = (derive_name(chain[i]), chain[i]) if bare else (name, body)
    return result


def encode(name: str, body: str) -> str:
    """One Hermes entry for an entry: the body alone when :func:`decode` of it gives back
    this name and body, else ``**name**``, a newline and the body."""
    if body == body.strip() and decode(body) == (name, body):
        return body
    return f"**{name}**\n{body}"


def fit(
    candidates: Sequence[tuple[str, str]],
    limit: int,
    filename: str = "the file",
    *,
    of: int | None = None,
) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """Choose from ``(key, text)`` candidates, most important first, the ones that fit
    ``limit`` characters counted as Hermes counts (:func:`size`); a candidate that does
    not fit is skipped and later, shorter ones are still tried; so is one Hermes could
    not read back (:func:`unrepresentable`) or whose text repeats a kept one. Returns the kept
    candidates (in the given order) and ``(key, why)`` for the others; ``of`` is the limit
    ``limit`` was made from, named in the reasons."""
    kept: list[tuple[str, str]] = []
    left_out: list[tuple[str, str]] = []
    owner: dict[str, str] = {}  # text -> key that has it: Hermes keeps one copy of a text
    used = 0
    for key, text in candidates:
        why = unrepresentable(text)
        if why is None and text in owner:
            why = f"its text is the same as {owner[text]}'s, and Hermes keeps one copy"
        if why is not None:
            left_out.append((key, why))
            continue
        cost = len(text) + (len(DELIMITER) if kept else 0)
        if used + cost <= limit:
            kept.append((key, text))
            owner[text] = key
            used += cost
        else:
            left_out.append(
                (
                    key,
                    f"{OVER_BUDGET} {filename}'s budget of {limit:,} characters "
                    + (f"({of:,} in Hermes, less headroom for its own adds; " if of else "(")
                    + f"Hermes counts the § separators too): {used:,} used by "
                    f"more important entries, this one needs {cost:,}",
                )
            )
    return kept, left_out
