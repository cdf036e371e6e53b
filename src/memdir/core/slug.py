"""Names to file names that can never escape their folder. (docs/design/core.md)."""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Callable, Container

SLUG_MAX_BYTES = 60

_NON_SLUG = re.compile(r"[^a-z0-9]+")
_RESERVED = frozenset(
    {"con", "prn", "aux", "nul", "memory", "archive", "index", "agents", "claude"}
    | {f"com{i}" for i in range(10)}
    | {f"lpt{i}" for i in range(10)}
)


def _short_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:6]


# Han (with extensions and compatibility ideographs), kana and Hangul syllables.
_CJK = re.compile(
    "([\u3040-\u309f\u30a1-\u30fa\u30fc-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7a3\uf900-\ufaff"
    "\U00020000-\U0002fa1f]+)"
)
# Marks never kept: accents and stress over any letter, Arabic harakat, the grapheme
# joiner and variation selectors (a name with or without them is the same name).
_DROPPED_MARK = re.compile(
    "[\u0300-\u036f\u064b-\u065f\u0670\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe00-\ufe0f"
    "\ufe20-\ufe2f\u180b-\u180f\U000e0100-\U000e01ef]"
)
_TATWEEL = "\u0640"  # Arabic kashida: stretches a word, is no letter of it


def _ascii(text: str) -> tuple[str, bool]:
    """``text`` folded to slug ASCII, and whether a letter or digit was lost (the rule of
    ids made before 2026-12-07; kept so that an old entry is still found by its name)."""
    folded = unicodedata.normalize("NFKD", text)
    if folded.isascii():  # nothing to lose, nothing to count
        return _NON_SLUG.sub("-", folded.lower()), False
    ascii_text = folded.encode("ascii", "ignore").decode("ascii").lower()
    kept = sum(map(str.isalnum, ascii_text))
    wanted = sum(ch.isalnum() for ch in folded if not unicodedata.combining(ch))
    return _NON_SLUG.sub("-", ascii_text), kept < wanted


def _letters(text: str) -> tuple[str, bool]:
    """``text`` with Latin letters folded to ASCII as :func:`_ascii` does and the letters
    and digits of other scripts kept (case folded, their own vowel signs kept), anything
    else a hyphen; and whether a letter or digit was lost."""
    if text.isascii():
        return _NON_SLUG.sub("-", text.lower()), False
    out: list[str] = []
    after_letter = False
    for ch in text:
        if ch.isascii():
            out.append(ch.lower() if ch.isalnum() else "-")
            after_letter = False
            continue
        category = unicodedata.category(ch)
        if category[0] == "M":  # a mark: kept on a kept letter unless it is an accent
            if after_letter and not _DROPPED_MARK.match(ch):
                out.append(ch)
            continue
        if ch == _TATWEEL:
            continue
        folded, lost = _ascii(ch)
        if folded.strip("-") and not lost:  # é, ﬁ, ①: the Latin fold of the old rule
            out.append(folded)
            after_letter = False
        elif ch.isalnum():
            out.append(ch.casefold())
            after_letter = True
        else:  # invisible (bidi controls, joiners) dropped, other signs a hyphen
            out.append("" if category[0] == "C" else "-")
            after_letter = False
    return "".join(out), False


def _slug(name: str, fold: Callable[[str], tuple[str, bool]], max_bytes: int) -> tuple[str, bool]:
    """The slug of ``name`` under ``fold``, and whether it needed a hash."""
    parts, lossy = [], False
    for i, run in enumerate(_CJK.split(unicodedata.normalize("NFKC", name))):
        if i % 2:  # a CJK run, kept as it is (only letters: the pattern has no symbols)
            parts.append(f"-{run}-")
        else:
            folded, lost = fold(run)
            parts.append(folded)
            lossy |= lost
    slug = unicodedata.normalize("NFC", re.sub("-{2,}", "-", "".join(parts)).strip("-"))
    size = len(slug.encode("utf-8"))
    lossy = lossy or not slug or slug in _RESERVED or size > max_bytes
    if lossy:
        slug = slug.encode("utf-8")[: max_bytes - 7].decode("utf-8", "ignore").rstrip("-")
        slug = f"{slug}-{_short_hash(name)}" if slug else f"entry-{_short_hash(name)}"
    return slug, lossy


def slugify(name: str, max_bytes: int = SLUG_MAX_BYTES) -> str:
    """Return a safe slug for ``name``, at most ``max_bytes`` bytes of UTF-8: the earlier
    rule's wherever that one lost nothing, so that no name's id ever changes."""
    old, lossy = _slug(name, _ascii, max_bytes)
    return _slug(name, _letters, max_bytes)[0] if lossy else old


def ascii_slugify(name: str, max_bytes: int = SLUG_MAX_BYTES) -> str:
    """The slug of ids made before 2026-12-07: letters outside Latin and CJK become a hash.
    Still what names an entry made then, and what anchors imported sections (their
    origins must not change between two imports)."""
    return _slug(name, _ascii, max_bytes)[0]


def entry_id(type_: str, name: str, taken: Container[str] = ()) -> str:
    """The id (and file stem) of a new entry: ``<type>_<slug>``; or, when ``taken`` (the
    ids in place) holds the id the earlier rule gave this name, that one: before the new
    id, which another name may hold (``Strasse``'s is ``Straße``'s new one)."""
    made = f"{type_}_{slugify(name)}"
    if taken:
        old = f"{type_}_{ascii_slugify(name)}"
        if old in taken:
            return old
    return made
