"""The data model: entries, their types and sources, and the limits on their fields."""

from __future__ import annotations

import functools
import hashlib
import json
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

from .errors import LimitError, ValidationError

NAME_MAX = 80
DESCRIPTION_MAX = 150
BODY_MAX_BYTES = 64 * 1024

SCOPES = ("managed", "user", "project", "local")
ROLES = (
    "user",
    "assistant",
    "tool",
    "system",
)  # the usual roles of a logged message (any is stored)
"""Scope names in ascending precedence: the most local wins."""


class EntryType(StrEnum):
    """The four kinds of memory production harnesses converged on."""

    USER = "user"  # who the person is
    FEEDBACK = "feedback"  # corrections and confirmations of behaviour
    PROJECT = "project"  # context the code and its history cannot tell
    REFERENCE = "reference"  # stable facts worth not looking up again

    @classmethod
    def parse(cls, value: object) -> EntryType:
        """Return the type named by ``value`` or raise a ValidationError listing the four."""
        if isinstance(value, cls):
            return value
        try:
            return cls(str(value).strip().lower())
        except ValueError:
            raise ValidationError(
                f"type must be one of user, feedback, project, reference (got {value!r})",
                field="type",
            ) from None


class Source(StrEnum):
    """Who wrote an entry. ``external`` entries never enter the system prompt."""

    USER = "user"
    AGENT = "agent"
    EXTRACTOR = "extractor"
    IMPORT = "import"
    EXTERNAL = "external"

    @classmethod
    def parse(cls, value: object) -> Source:
        """Return the source named by ``value`` or raise a ValidationError."""
        if isinstance(value, cls):
            return value
        try:
            return cls(str(value).strip().lower())
        except ValueError:
            names = ", ".join(s.value for s in cls)
            raise ValidationError(
                f"source must be one of {names} (got {value!r})", field="source"
            ) from None


#: The fields a topic file's frontmatter holds, in the order they are written.
FRONTMATTER_KEYS = (
    "name",
    "description",
    "type",
    "created",
    "updated",
    "source",
    "origins",
    "pinned",
    "supersedes",
    "valid_from",
    "valid_until",
    "superseded_by",
    "removed_at",
)


@dataclass(frozen=True)
class Layout:
    """How a file looked on disk, so a rewrite keeps its key order, line endings and BOM."""

    key_order: tuple[str, ...] = ()
    crlf: bool = False
    bom: bool = False


@dataclass(frozen=True)
class Entry:
    """One memory: a topic file's frontmatter and body.

    ``id`` is the file name without ``.md`` (``feedback_use-pnpm``); archived entries keep
    the id they had plus a timestamp suffix. ``extra`` holds frontmatter keys memdir does
    not know, in file order, so a person's hand-added keys survive every rewrite.
    """

    id: str
    name: str
    description: str
    type: EntryType
    body: str
    created: datetime
    updated: datetime
    source: Source = Source.USER
    origins: tuple[str, ...] = ()
    pinned: bool = False
    supersedes: tuple[str, ...] = ()
    valid_from: datetime | None = None
    valid_until: datetime | None = None
    superseded_by: str | None = None
    removed_at: datetime | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)
    archived: bool = False
    layout: Layout = field(default=Layout(), compare=False, repr=False)

    @property
    def filename(self) -> str:
        """Path of the topic file relative to the scope folder."""
        return f"archive/{self.id}.md" if self.archived else f"{self.id}.md"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-serialisable form (times as ISO 8601 strings)."""
        out: dict[str, Any] = {}
        for key in ("id", *FRONTMATTER_KEYS[:3], "body", *FRONTMATTER_KEYS[3:], "archived"):
            value = getattr(self, key)
            if isinstance(value, datetime):
                value = value.strftime("%Y-%m-%dT%H:%M:%SZ")
            elif isinstance(value, tuple):
                value = list(value)
            elif isinstance(value, StrEnum):
                value = value.value
            out[key] = value
        out["filename"] = self.filename
        out["extra"] = json.loads(json.dumps(dict(self.extra), default=str))
        return out

    @functools.cached_property
    def etag(self) -> str:
        """A digest of everything stored of this version of the entry, 16 hex digits: it
        changes with every write. An entity tag as HTTP's, not a revision (a commit of the
        history, as ``memdir log`` lists). A writer that read the entry passes it as
        ``if_match`` (:meth:`~memdir.Store.replace`) to be refused if someone else wrote
        since."""
        text = json.dumps(self.to_dict(), sort_keys=True, ensure_ascii=False, default=str)
        return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]

    @functools.cached_property
    def body_key(self) -> str:
        """The body's :func:`normalise` form, computed once per entry: every add compares
        it with every entry of the scope."""
        return normalise(self.body)

    def preview(self, width: int = 80) -> str:
        """``id: name — description``, cut to ``width`` characters for error listings."""
        text = f"{self.id}: {self.name}"
        if self.description:
            text += f" — {self.description}"
        text = " ".join(text.split())
        return text if len(text) <= width else text[: width - 1] + "…"


def utcnow() -> datetime:
    """Current time in UTC, to the second (what frontmatter stores)."""
    return datetime.now(UTC).replace(microsecond=0)


def normalise(text: str) -> str:
    """Whitespace- and case-insensitive form used to spot duplicates. Memoised for texts
    up to 4 KiB (every add compares against every entry), so the cache stays small."""
    return _normalise(text) if len(text) <= 4096 else _normalise.__wrapped__(text)


@functools.lru_cache(maxsize=4096)
def _normalise(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


def _check_text(field_name: str, value: object, *, single_line: bool) -> str:
    if not isinstance(value, str):
        raise ValidationError(f"{field_name} must be a string", field=field_name)
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise ValidationError(
            f"{field_name} contains lone surrogates, which are not valid Unicode text",
            field=field_name,
        ) from None
    text = value.strip()
    if single_line and ("\n" in text or "\r" in text):
        raise ValidationError(f"{field_name} must be a single line", field=field_name)
    bad = _CONTROL.search(value.replace("\r\n", "\n"))
    if bad:
        raise ValidationError(
            f"{field_name} contains the control character U+{ord(bad.group()):04X}; remove it",
            field=field_name,
        )
    return text


def validate_name(value: object) -> str:
    """A non-empty single line of at most NAME_MAX characters."""
    text = _check_text("name", value, single_line=True)
    if not text:
        raise ValidationError("name must not be empty", field="name")
    if len(text) > NAME_MAX:
        raise LimitError("name", NAME_MAX, len(text))
    return text


def validate_description(value: object) -> str:
    """The index hook: a non-empty single line of at most DESCRIPTION_MAX characters."""
    text = _check_text("description", value, single_line=True)
    if not text:
        raise ValidationError(
            "description must not be empty: it is the one-line hook shown in the index",
            field="description",
        )
    if len(text) > DESCRIPTION_MAX:
        raise LimitError("description", DESCRIPTION_MAX, len(text))
    return text


def validate_body(value: object) -> str:
    """Non-empty Markdown of at most BODY_MAX_BYTES bytes of UTF-8."""
    if not isinstance(value, str):
        raise ValidationError("body must be a string", field="body")
    text = value.replace("\r\n", "\n")
    _check_text("body", text, single_line=False)
    text = text.strip("\n").rstrip()
    if not text.strip():
        raise ValidationError("body must not be empty", field="body")
    size = len(text.encode("utf-8"))
    if size > BODY_MAX_BYTES:
        raise LimitError("body", BODY_MAX_BYTES, size, unit="bytes")
    return text
