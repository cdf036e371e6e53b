"""A name or description stated from an entry's body follows a new body, so the index
never shows a fact the body no longer holds. See docs/design/core.md."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterable

from .errors import ValidationError
from .index import clip
from .model import DESCRIPTION_MAX, NAME_MAX, normalise, validate_description, validate_name

_MARKS = re.compile(r"^[#>*+\-\s]+")  # heading, quote and list marks before a first line
_NUMBERED = re.compile(r" \(\d+\)$")  # the " (2)" an import gives a second alike name


def _flat(text: str) -> str:
    return " ".join(text.split())


def name_from(body: str) -> str:
    """The name a text gives: its first line without Markdown heading, quote or list marks
    (``**X**`` is X), cut at a word to fit memdir's name limit."""
    first = _flat(body.strip().split("\n", 1)[0])
    if len(first) > 4 and first.startswith("**") and first.endswith("**"):
        first = first[2:-2].strip() or first
    first = _MARKS.sub("", first) or first
    return clip(first, NAME_MAX)


def description_from(body: str) -> str:
    """The description a text gives: the text on one line, cut."""
    return clip(_flat(body), DESCRIPTION_MAX)


def unnumbered(name: str) -> str:
    """``name`` without the `` (2)`` an import gives a second alike name."""
    return _NUMBERED.sub("", name)


def stale_name(name: str, old_body: str, new_body: str) -> bool:
    """Whether ``name`` is what ``old_body`` gives (:func:`name_from`, an import's ``(n)``
    aside) and ``new_body`` gives another: a name chosen by someone never is."""
    return unnumbered(name) == name_from(old_body) != name_from(new_body)


def _quotes(said: str, text: str, cut: bool) -> bool:
    """Whether ``said`` is in ``text`` as whole words ("port" is no quote of "Reports");
    a ``cut`` one may end inside a word."""
    start = r"(?<!\w)" if said[0].isalnum() else ""
    end = r"(?!\w)" if said[-1].isalnum() and not cut else ""
    return re.search(start + re.escape(said) + end, text) is not None


def stale_description(description: str, old_body: str, new_body: str) -> bool:
    """Whether ``description`` states text of ``old_body`` (cut or whole, as whole words)
    that ``new_body`` no longer holds; one that still holds, or says something of its
    own, is not stale."""
    flat = _flat(description)
    said = flat.removesuffix("\u2026").strip()
    return (
        bool(said) and _quotes(said, _flat(old_body), said != flat) and said not in _flat(new_body)
    )


def follow(
    name: str,
    description: str,
    old_body: str,
    new_body: str,
    others: Iterable[str] = (),
) -> tuple[str, str]:
    """``(name, description)`` for an entry whose body becomes ``new_body``: each that was
    stated from ``old_body`` (see :func:`stale_name`, :func:`stale_description`) made
    from the new body, the others kept; a new name another entry has (``others``) gets
    ``(2)``, ``(3)``…"""
    if old_body == new_body:
        return name, description
    if stale_name(name, old_body, new_body):
        taken = {normalise(o) for o in others}
        base = candidate = name_from(new_body)
        n = 1
        while normalise(candidate) in taken:
            n += 1
            suffix = f" ({n})"
            candidate = base[: NAME_MAX - len(suffix)].rstrip() + suffix
        with contextlib.suppress(ValidationError):  # one the text cannot give: old one stays
            name = validate_name(candidate)
    if stale_description(description, old_body, new_body):
        with contextlib.suppress(ValidationError):
            description = validate_description(description_from(new_body))
    return name, description
