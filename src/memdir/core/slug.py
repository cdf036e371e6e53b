"""Names to file names that can never escape their folder. (docs/design/core.md)."""

from __future__ import annotations

import hashlib
import re
import unicodedata

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


def slugify(name: str, max_bytes: int = SLUG_MAX_BYTES) -> str:
    """Return a safe slug for ``name``, at most ``max_bytes`` bytes of UTF-8: Latin folded to
    ASCII, CJK kept, a name with letters of other scripts a hash. Every machine and the team
    server must give one name one id (push and pull send names, not ids: docs/design/core.md)."""
    parts, lossy = [], False
    for i, run in enumerate(_CJK.split(unicodedata.normalize("NFKC", name))):
        if i % 2:  # a CJK run, kept as it is (only letters: the pattern has no symbols)
            parts.append(f"-{run}-")
        else:
            folded, lost = _ascii(run)
            parts.append(folded)
            lossy |= lost
    slug = re.sub("-{2,}", "-", "".join(parts)).strip("-")
    size = len(slug.encode("utf-8"))
    if lossy or not slug or slug in _RESERVED or size > max_bytes:
        slug = slug.encode("utf-8")[: max_bytes - 7].decode("utf-8", "ignore").rstrip("-")
        slug = f"{slug}-{_short_hash(name)}" if slug else f"entry-{_short_hash(name)}"
    return slug


def entry_id(type_: str, name: str) -> str:
    """The id (and file stem) of a new entry: ``<type>_<slug>``."""
    return f"{type_}_{slugify(name)}"


#: An id's bytes at most: ``<id>.md``, archived as ``<id>--<time>-<n>.md``, stays a file name
#: of at most 255 bytes.
ID_MAX_BYTES = 200
_UNSAFE = frozenset('/\\<>:"|?*')  # a path separator, or what Windows refuses in a file name


def check_id(type_: str, value: object) -> str:
    """``value`` as the id of an entry of ``type_`` that came from elsewhere (a push, a pull):
    ``<type>_<stem>``, NFC, at most :data:`ID_MAX_BYTES` bytes, a file stem on Linux, macOS and
    Windows alike (no separator, control, invisible or Windows-refused character, no leading
    dot, no trailing dot or space) and never ``--`` (an archived copy's mark); else a
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
        if ch in _UNSAFE or (unicodedata.category(ch)[0] in "CZ" and ch != " "):
            raise bad(f"holds U+{ord(ch):04X}, which no file name here may hold")
    if value.endswith((".", " ")) or "--" in value:
        raise bad("ends with a dot or a space, or holds '--' (an archived copy's mark)")
    return value
