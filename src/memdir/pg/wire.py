"""The JSON that ``memdir push/pull --server`` and the team server exchange: entries per
scope, a push's body and a transfer's report. Every field is checked with the write
path's own rules; anything else is a :class:`ValidationError` naming the field."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any, NamedTuple

from ..core.errors import ValidationError
from ..core.frontmatter import format_time
from ..core.model import (
    Entry,
    EntryType,
    _check_text,
    validate_body,
    validate_description,
    validate_name,
)
from ..sessions.records import to_datetime, to_epoch
from .names import local_slug_name
from .transfer import SCOPES, Move, Transfer

VERSION = 1  # the "memdir" key of every answer: a client knows it reached a memdir server
MAX_ENTRIES = 500  # entries a push request: 400 took <= 28 s (bench/push.py), 120 s timeout
#: The team server's body limit (--max-body, bytes), on its answers to a caller whose token
#: passed its live check: a push client keeps each request within it.
MAX_BODY_HEADER = "x-memdir-max-body"
#: "1" on the team server's /api answers (a pushed entry keeps the id it is sent with) and
#: on a client's requests (a pulled one does): a side without it (before 2026-12-07) makes
#: an added entry's id from its name (docs/design/team-server.md, "Entry ids").
IDS_HEADER = "x-memdir-ids"
#: "1" on a push client's requests: it reads :data:`SAME_AS` in the answer. The team server
#: sends that field only then: a client before it (2026-12-08) refuses an answer with a
#: field it does not know.
SAME_AS_HEADER = "x-memdir-same-as"
#: a push answer's field beside ``moves``: per scope, a pushed entry's id -> the server's
#: id of the same entry ("same" under another id; :attr:`Transfer.same_as`)
SAME_AS = "same_as"
ENTRY_KEYS = (
    "id",
    "type",
    "name",
    "description",
    "body",
    "updated",
    "pinned",
    "origins",
)

_ID = re.compile(r"[^/\\\x00-\x1f\x7f]{1,200}")
MAX_ORIGINS, MAX_ORIGIN = 256, 1000
ACTIONS = ("add", "update", "same", "kept", "refused", "conflict")
#: a pushed entry's optional field: its sync base (transfer.Ledger.base), the SHA-256 of
#: the text both sides held at the last push or pull, sent when it changed here since
BASE = "base"
_DIGEST = re.compile(r"[0-9a-f]{64}")


def entry_json(e: Entry) -> dict[str, Any]:
    """The fields of ``e`` a transfer compares and writes."""
    return {
        "id": e.id,
        "type": e.type.value,
        "name": e.name,
        "description": e.description,
        "body": e.body,
        "pinned": e.pinned,
        "origins": list(e.origins),
        "updated": format_time(e.updated),
    }


def scopes_json(side: dict[str, list[Entry]]) -> dict[str, list[dict[str, Any]]]:
    return {scope: [entry_json(e) for e in entries] for scope, entries in side.items()}


def _object(
    value: object, what: str, keys: tuple[str, ...], required: tuple[str, ...]
) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ValidationError(f"{what} must be a JSON object", field=what)
    unknown = [k for k in value if k not in keys]
    if unknown:
        raise ValidationError(f"{what} has an unknown field {unknown[0][:80]!r}", field=what)
    missing = [k for k in required if k not in value]
    if missing:
        raise ValidationError(f"{what} lacks the field {missing[0]!r}", field=what)
    return value


def _when(value: object, what: str) -> datetime:
    if not isinstance(value, str) or len(value) > 40:
        raise ValidationError(f"{what} must be an ISO 8601 time", field=what)
    return to_datetime(to_epoch(value, what))  # naive is UTC; years 1 to 9999 only


def _text(value: object, what: str, limit: int) -> str:
    if not isinstance(value, str) or not value or len(value) > limit:
        raise ValidationError(f"{what} must be a string of 1 to {limit} characters", field=what)
    _check_text(what, value, single_line=True)  # the write path's: controls, surrogates
    if "\n" in value or "\t" in value:  # which it allows at the ends, and tabs
        raise ValidationError(f"{what} holds a control character", field=what)
    return value


def _entry_id(value: object, what: str) -> str:
    """``value`` as an id this wire carries (one file stem at most: no separator, control
    character or leading dot); else a ValidationError whose field is ``id``."""
    try:
        id_ = _text(value, what, 200)
    except ValidationError as exc:
        raise ValidationError(str(exc), field="id") from None
    if not _ID.fullmatch(id_) or id_.startswith("."):
        raise ValidationError(f"{what} is not an entry id: {id_[:80]!r}", field="id")
    return id_


def check_entry_id(value: object) -> str:
    """``value`` as an id the team server takes on the wire (:func:`parse_entry`'s check),
    else a ValidationError saying why: a push refuses such an entry alone, before sending."""
    return _entry_id(value, "the id")


def parse_entry(value: object, what: str) -> Entry:
    """One entry of a body, every field checked (``what`` names it in errors)."""
    obj = _object(value, what, ENTRY_KEYS, ENTRY_KEYS[:6])
    id_ = _entry_id(obj["id"], f"{what}.id")
    pinned = obj.get("pinned", False)
    if not isinstance(pinned, bool):
        raise ValidationError(f"{what}.pinned must be true or false", field="pinned")
    origins = obj.get("origins", [])
    if not isinstance(origins, list) or len(origins) > MAX_ORIGINS:
        raise ValidationError(f"{what}.origins must be a list of strings", field="origins")
    try:
        validate_name(obj["name"])  # checked by the write path's rules, kept as sent: a
        validate_description(obj["description"])  # stripped copy would differ from the
        validate_body(obj["body"])  # target's and be written again on every run
        updated = _when(obj["updated"], f"{what}.updated")
        return Entry(
            id=id_,
            name=obj["name"],
            description=obj["description"],
            type=EntryType.parse(obj["type"]),
            body=obj["body"],
            created=updated,  # a transfer compares and writes ``updated`` only
            updated=updated,
            pinned=pinned,
            origins=tuple(_text(o, f"{what}.origins", MAX_ORIGIN) for o in origins),
        )
    except ValidationError as exc:
        if str(exc).startswith(what):
            raise
        raise ValidationError(f"{what}: {exc}", field=exc.field) from None


def parse_scopes(
    value: object,
    *,
    limit: int | None = MAX_ENTRIES,
    bases: dict[str, dict[str, str]] | None = None,
    refused: list[Move] | None = None,
) -> dict[str, list[Entry]]:
    """``{"user": [entry, …], "project": …, "local": …}``, each id once a scope; at most
    ``limit`` entries (a push request's cap; None: a pull's answer, every entry a user
    has). ``bases`` (a push's body): an entry may carry :data:`BASE`, put there by scope
    and id. ``refused``: an entry whose id alone is not one (a path separator, a control
    character: :func:`check_entry_id`) is left out and given a ``refused`` move there, its
    other fields checked as ever; without it, such an id fails the whole body."""
    obj = _object(value, "scopes", SCOPES, ())
    count = sum(len(v) for v in obj.values() if isinstance(v, list))
    if limit is not None and count > limit:
        raise ValidationError(
            f"scopes hold {count} entries; a request takes at most {limit} "
            f"(memdir push sends them in batches)",
            field="scopes",
        )
    out: dict[str, list[Entry]] = {}
    for scope, items in obj.items():
        if not isinstance(items, list):
            raise ValidationError(f"scopes.{scope} must be a list of entries", field="scopes")
        entries = []
        for i, v in enumerate(items):
            what = f"scopes.{scope}[{i}]"
            base = None
            if bases is not None and isinstance(v, dict) and BASE in v:
                v = dict(v)
                base = v.pop(BASE)
                if not isinstance(base, str) or not _DIGEST.fullmatch(base):
                    raise ValidationError(f"{what}.base must be a SHA-256 in hex", field=BASE)
            try:
                entries.append(parse_entry(v, what))
            except ValidationError as exc:
                if refused is None or exc.field != "id" or not isinstance(v, dict):
                    raise
                if not isinstance(v.get("id"), str):  # not a memdir side's: the whole body
                    raise
                refused.append(_refused(scope, v, what, exc))
                continue
            if base is not None and bases is not None:
                bases.setdefault(scope, {})[entries[-1].id] = base
        seen: set[str] = set()
        for e in entries:
            if e.id in seen:
                raise ValidationError(f"scopes.{scope} has the id {e.id!r} twice", field="id")
            seen.add(e.id)
        out[scope] = entries
    return out


def _refused(scope: str, item: dict[str, Any], what: str, exc: ValidationError) -> Move:
    """The ``refused`` move of ``item``, whose id ``exc`` refused: its other fields checked
    (a broken entry fails the whole body, as without ``refused``), its id as sent, cut to
    200 characters."""
    other = parse_entry({**item, "id": "x"}, what)  # "x" passes: the rest is checked
    why = f"its id cannot be kept: {exc}; rename its file to <type>_<name>.md where it is"
    return Move(scope, "refused", str(item["id"])[:200], other.name, why)


class Push(NamedTuple):
    """A push's body, checked: entries per scope, whether to write, the local scope,
    and the sync base of each entry that sent one (per scope and id)."""

    scopes: dict[str, list[Entry]]
    apply: bool
    local: str | None
    bases: dict[str, dict[str, str]]
    #: an entry whose id the wire refuses, left out: its ``refused`` move (an older client
    #: reads it as any refusal; before ids62, 2026-12-07, the whole request was a 400)
    refused: list[Move]


def parse_push(value: object) -> Push:
    """A push's body: ``{"apply": bool, "scopes": {…}, "local_scope": slug}``; the slug
    of a checkout without a remote URL keys its local scope (the server keys the others
    itself: :func:`memdir.pg.names.url_slug`), sent only then."""
    keys = ("apply", "scopes", "local_scope")
    obj = _object(value, "the body", keys, keys[:2])
    if not isinstance(obj["apply"], bool):
        raise ValidationError("apply must be true or false", field="apply")
    local = obj.get("local_scope")
    if local is not None:
        local = local_slug_name(local)
    bases: dict[str, dict[str, str]] = {}
    refused: list[Move] = []
    scopes = parse_scopes(obj["scopes"], bases=bases, refused=refused)
    return Push(scopes, obj["apply"], local, bases, refused)


def _strings(value: object, what: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValidationError(f"{what} must be a list of strings", field=what)
    return value


def parse_transfer(value: object) -> Transfer:
    """A push's report as the server sent it (checked: the server may not be memdir)."""
    known = ("memdir", "applied", "counts", "notes", "moves", SAME_AS)
    obj = _object(value, "the answer", known, ())
    if not isinstance(obj.get("applied"), bool) or not isinstance(obj.get("moves"), list):
        raise ValidationError("the answer is not a transfer report", field="moves")
    done = Transfer(applied=obj["applied"], notes=_strings(obj.get("notes", []), "notes"))
    keys = ("scope", "action", "entry", "name", "reason")
    for m in obj["moves"]:
        move = _object(m, "a move", keys, keys)
        if not all(isinstance(move[k], str) for k in keys) or move["action"] not in ACTIONS:
            raise ValidationError("the answer holds a move that is not one", field="moves")
        done.moves.append(Move(**{k: move[k] for k in keys}))
    done.same_as = _same_as(obj.get(SAME_AS, {}), done)
    return done


def _same_as(value: object, done: Transfer) -> dict[str, dict[str, str]]:
    """:data:`SAME_AS` of an answer, checked: per scope, a pushed id and the server's, each
    an id this wire carries, for a ``same`` move of that answer only."""
    same = {(m.scope, m.entry) for m in done.moves if m.action == "same"}
    obj = _object(value, SAME_AS, SCOPES, ())
    out: dict[str, dict[str, str]] = {}
    for scope, ids in obj.items():
        if not isinstance(ids, dict):
            raise ValidationError(f"{SAME_AS}.{scope} must be a JSON object", field=SAME_AS)
        for sent, theirs in ids.items():
            sent = _entry_id(sent, f"{SAME_AS}.{scope}")
            theirs = _entry_id(theirs, f"{SAME_AS}.{scope}[{sent[:80]!r}]")
            if (scope, sent) not in same:
                raise ValidationError(
                    f"{SAME_AS}.{scope} names {sent[:80]!r}, no 'same' move", field=SAME_AS
                )
            out.setdefault(scope, {})[sent] = theirs
    return out


def renamed(e: Entry) -> bool:
    """Whether a side that makes an added entry's id from its name (no :data:`IDS_HEADER`)
    would store ``e`` under another id than its own."""
    from ..core.slug import ascii_slugify

    return e.id != f"{e.type.value}_{ascii_slugify(e.name)}"
