"""Names to file names that can never escape their folder.

A slug is lowercase ASCII letters, digits and single hyphens. Whatever the input (``../``,
absolute paths, NUL, reserved device names, emoji, 10,000 characters), the result is a
safe, bounded path component. When the ASCII form loses information (non-ASCII letters,
truncation, reserved names) a short hash of the original keeps distinct names distinct.
"""

from __future__ import annotations

import functools
import hashlib
import re
import unicodedata

__all__ = ["SLUG_MAX_BYTES", "entry_id", "slugify"]

SLUG_MAX_BYTES = 60

_NON_SLUG = re.compile(r"[^a-z0-9]+")
_RESERVED = frozenset(
    {"con", "prn", "aux", "nul", "memory", "archive", "index", "agents", "claude"}
    | {f"com{i}" for i in range(10)}
    | {f"lpt{i}" for i in range(10)}
)


def _short_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:6]


def slugify(name: str, max_bytes: int = SLUG_MAX_BYTES) -> str:
    """Return a safe ASCII slug for ``name``, at most ``max_bytes`` long."""
    folded = unicodedata.normalize("NFKD", name)
    ascii_text = folded.encode("ascii", "ignore").decode("ascii").lower()
    slug = _NON_SLUG.sub("-", ascii_text).strip("-")
    # Lossy when a letter or digit of the original did not survive into ASCII.
    kept = sum(ch.isalnum() for ch in ascii_text)
    wanted = sum(ch.isalnum() for ch in folded if not unicodedata.combining(ch))
    lossy = kept < wanted or not slug or slug in _RESERVED or len(slug) > max_bytes
    if lossy:
        slug = slug[: max_bytes - 7].rstrip("-")
        slug = f"{slug}-{_short_hash(name)}" if slug else f"entry-{_short_hash(name)}"
    return slug


@functools.lru_cache(maxsize=1024)  # every add asks twice (the guess and the real plan)
def entry_id(type_: str, name: str) -> str:
    """The id (and file stem) of a new entry: ``<type>_<slug>``."""
    return f"{type_}_{slugify(name)}"
