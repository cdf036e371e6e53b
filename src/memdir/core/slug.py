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


def _ascii(text: str) -> tuple[str, bool]:
    """``text`` folded to slug ASCII, and whether a letter or digit was lost."""
    folded = unicodedata.normalize("NFKD", text)
    if folded.isascii():  # nothing to lose, nothing to count
        return _NON_SLUG.sub("-", folded.lower()), False
    ascii_text = folded.encode("ascii", "ignore").decode("ascii").lower()
    kept = sum(map(str.isalnum, ascii_text))
    wanted = sum(ch.isalnum() for ch in folded if not unicodedata.combining(ch))
    return _NON_SLUG.sub("-", ascii_text), kept < wanted


def _slug(name: str, fold: Callable[[str], tuple[str, bool]], max_bytes: int) -> str:
    """The slug of ``name`` with its non-CJK runs folded by ``fold``."""
    parts, lossy = [], False
    for i, run in enumerate(_CJK.split(unicodedata.normalize("NFKC", name))):
        if i % 2:  # a CJK run, kept as it is (only letters: the pattern has no symbols)
            parts.append(f"-{run}-")
        else:
            folded, lost = fold(run)
            parts.append(folded)
            lossy |= lost
    slug = unicodedata.normalize("NFC", re.sub("-{2,}", "-", "".join(parts)).strip("-"))
    if lossy or not slug or slug in _RESERVED or len(slug.encode("utf-8")) > max_bytes:
        tail = _short_hash(name)
        room = limit = max_bytes - len(tail) - 1
        while slug and len(slug.encode("utf-8")) > limit:  # by whole characters, still NFC
            slug = slug.encode("utf-8")[:room].decode("utf-8", "ignore")
            slug = unicodedata.normalize("NFC", slug.rstrip("-"))
            room -= 1  # NFC may lengthen a cut (rare): cut again, shorter
        slug = f"{slug.rstrip('-')}-{tail}" if slug.rstrip("-") else f"entry-{tail}"
    return slug


# Marks never kept on a letter: accents and stress, Arabic harakat, Hebrew points and
# cantillation, the grapheme joiner, variation selectors (a name reads the same without).
_DROPPED_MARK = re.compile(
    "[\u0300-\u036f\u0591-\u05c7\u064b-\u065f\u0670\u1ab0-\u1aff\u1dc0-\u1dff"
    "\u20d0-\u20ff\ufe00-\ufe0f\ufe20-\ufe2f\u180b-\u180f\U000e0100-\U000e01ef]"
)
_TATWEEL = "\u0640"  # Arabic kashida: stretches a word, is no letter of it


def _latin(ch: str) -> bool:
    """Whether ``ch`` is a Latin letter, or a modifier letter (ʼ, ˈ) Latin names hold."""
    return unicodedata.name(ch, "").startswith(("LATIN ", "MODIFIER LETTER "))


def _letters(text: str) -> tuple[str, bool]:
    """``text`` folded as :func:`_ascii` folds it, except that the letters and digits of a
    script other than Latin are kept (case-folded, with their own vowel signs), other signs
    a hyphen and invisible characters dropped; and whether a letter or digit was lost (a
    Latin one without an ASCII fold: ß, ø)."""
    out: list[str] = []
    lost, after_letter = False, False
    for ch in text:
        folded = unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode("ascii")
        category = unicodedata.category(ch)
        if folded:  # what the earlier rule made of it
            out.append(_NON_SLUG.sub("-", folded.lower()))
            after_letter = False
        elif category[0] == "M":  # kept on a kept letter, unless it is an accent
            if after_letter and not _DROPPED_MARK.match(ch):
                out.append(ch)
        elif ch == _TATWEEL or category[0] == "C":  # bidi controls, joiners: never kept
            continue
        elif ch.isalnum() and not _latin(ch):
            out.append(ch.casefold())
            after_letter = True
        elif ch.isalnum():  # a Latin letter without a fold: dropped as before, a hash added
            lost = True
        else:
            out.append("-")
            after_letter = False
    return "".join(out), lost


def _other_script(name: str) -> bool:
    """Whether ``name`` holds a letter or digit of neither Latin nor CJK (after NFKC)."""
    return any(
        ch.isalnum() and not ch.isascii() and not _latin(ch) and not _CJK.fullmatch(ch)
        for ch in unicodedata.normalize("NFKC", name)
    )


def ascii_slugify(name: str, max_bytes: int = SLUG_MAX_BYTES) -> str:
    """The slug of ids made before 2026-12-07: Latin folded to ASCII, CJK kept, a name with
    letters of other scripts a hash. Still what names an entry made then, and what anchors
    imported sections (their origins must not change between two imports)."""
    return _slug(name, _ascii, max_bytes)


def slugify(name: str, max_bytes: int = SLUG_MAX_BYTES) -> str:
    """Return a safe slug for ``name``, at most ``max_bytes`` bytes of UTF-8, NFC: Latin folded
    to ASCII, CJK kept, the letters of other scripts kept case-folded (docs/design/core.md).
    A name of Latin and CJK alone gets :func:`ascii_slugify`'s, so no such id ever changes."""
    if not _other_script(name):
        return ascii_slugify(name, max_bytes)
    return _slug(name, _letters, max_bytes)


def entry_id(type_: str, name: str, taken: Container[str] = ()) -> str:
    """The id (and file stem) of a new entry: ``<type>_<slug>``; or, when ``taken`` (the ids
    in place) holds the id the earlier rule gave this name (:func:`ascii_slugify`), that one:
    an entry made before keeps its id."""
    if taken:
        old = f"{type_}_{ascii_slugify(name)}"
        if old in taken:
            return old
    return f"{type_}_{slugify(name)}"


#: An id's bytes at most: ``<id>.md``, archived as ``<id>--<time>-<n>.md``, stays a file name
#: of at most 255 bytes.
ID_MAX_BYTES = 200
_UNSAFE = frozenset('/\\<>:"|?*')  # a path separator, or what Windows refuses in a file name


def id_key(value: str) -> str:
    """What two ids share when one file holds both on some disk: case-blind (Windows,
    macOS) or normalising (macOS takes NFD and NFC for one name)."""
    return unicodedata.normalize("NFD", unicodedata.normalize("NFD", value).casefold())


def check_id(type_: str, value: object) -> str:
    """``value`` as the id of an entry of ``type_`` that came from elsewhere (a push, a pull):
    ``<type>_<stem>``, NFC, at most :data:`ID_MAX_BYTES` bytes, a file stem on Linux, macOS and
    Windows alike (no separator, control, invisible or Windows-refused character, no leading
    dot, no trailing dot, space or hyphen) and never ``--`` (an archived copy's mark); else a
    ValidationError saying why (docs/design/team-server.md, "Entry ids")."""
    from .errors import ValidationError

    def bad(why: str) -> ValidationError:
        shown = value[:80] if isinstance(value, str) else value
        return ValidationError(f"the id {shown!r} {why}", field="id")

    if not isinstance(value, str):
        raise bad("is not a string")
    if not value.startswith(f"{type_}_") or len(value) == len(type_) + 1:
        raise bad(f"does not name a {type_} entry (<type>_<name>, the type its entry's)")
    try:
        size = len(value.encode("utf-8"))
    except UnicodeEncodeError:
        raise bad("holds a lone surrogate") from None
    if size > ID_MAX_BYTES:
        raise bad(f"is {size} bytes; an id is at most {ID_MAX_BYTES}")
    if unicodedata.normalize("NFC", value) != value:
        raise bad("is not in Unicode NFC (macOS would take it for another file name)")
    for ch in value:
        category = unicodedata.category(ch)  # unassigned (Cn) is a letter of a later Unicode
        if ch in _UNSAFE or category in ("Cc", "Cf", "Cs") or (category[0] == "Z" and ch != " "):
            raise bad(f"holds U+{ord(ch):04X}, which no file name here may hold")
    if value.endswith((".", " ")) or "--" in value:
        raise bad("ends with a dot or a space, or holds '--' (an archived copy's mark)")
    if value.endswith("-"):  # archived, <id>--<time> would hold "---": base_id cuts at the
        # first "--", taking it for an archived copy of the id without the hyphen
        raise bad("ends with a hyphen (archived, it would be taken for another id's copy)")
    return value
