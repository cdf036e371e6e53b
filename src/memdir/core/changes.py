"""Write operations and the in-memory plan that applies them, without I/O.
See docs/design/core.md."""

from __future__ import annotations

import dataclasses
import itertools
import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from .derived import follow
from .errors import AmbiguousError, ConflictError, NotFoundError, StaleError, ValidationError
from .model import (
    Entry,
    EntryType,
    Source,
    normalise,
    validate_body,
    validate_description,
    validate_name,
)
from .slug import check_id, entry_id, id_key
from .tiers import OVERVIEW_KEY

ID_SHAPE = re.compile(rf"(?:{'|'.join(t.value for t in EntryType)})_\S+")  # an entry id's shape


def base_id(archived_id: str) -> str:
    """An archived copy's id (``<id>--<time>``, see ``Plan._archive_id``) without its
    ``--<time>`` suffix; an active id unchanged (slugs never hold "--")."""
    return archived_id.split("--", 1)[0]


@dataclass(frozen=True)
class AddOp:
    """Add a new entry (an equal one already present is returned instead: same type, and
    the same name, description and body up to case and whitespace). ``id``: the id it had
    elsewhere (push, pull), kept when :func:`~memdir.core.slug.check_id` takes it; else
    made from the name."""

    type: EntryType | str
    name: str
    description: str
    body: str
    pinned: bool = False
    origins: tuple[str, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)
    id: str | None = None


@dataclass(frozen=True)
class ReplaceOp:
    """Change fields of the entry ``target`` names (id or unique substring). A new body
    keeps the old version in the archive, with ``valid_until`` and ``superseded_by``."""

    target: str
    name: str | None = None
    description: str | None = None
    body: str | None = None
    type: EntryType | str | None = None
    pinned: bool | None = None
    extra: Mapping[str, Any] | None = None
    origins: Sequence[str] = ()  # provenance to add (e.g. the session that restated it)
    touch: bool = False  # written with ``updated`` now even when nothing else changes
    if_match: str | None = None  # the Entry.etag the writer read, else StaleError
    exact: bool = False  # ``target`` is an id only: never a name or substring of another
    keep_id: bool = False  # the id stays whatever the name or type becomes (push, pull)
    new_id: str | None = None  # the id becomes this one from elsewhere (checked as AddOp's):
    # a pull adopting the team server's id of an entry held here under another


@dataclass(frozen=True)
class RemoveOp:
    """Archive the entry ``target`` names, with ``removed_at``."""

    target: str


@dataclass(frozen=True)
class SupersedeOp:
    """Replace the fact ``target`` names with a new entry; the old one is archived with
    ``valid_until`` and ``superseded_by`` so history can still answer for it."""

    target: str
    name: str
    description: str
    body: str
    type: EntryType | str | None = None
    pinned: bool | None = None
    origins: tuple[str, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)  # e.g. the new fact's overview
    if_match: str | None = None  # the Entry.etag the writer read, else StaleError


@dataclass(frozen=True)
class EditOp:
    """Replace the entry ``target`` names with ``entry``, a whole file a person edited:
    every frontmatter field they set is kept; ``updated`` becomes now."""

    target: str
    entry: Entry
    if_match: str | None = None  # the Entry.etag the writer read, else StaleError


Operation = AddOp | ReplaceOp | RemoveOp | SupersedeOp | EditOp


@dataclass(frozen=True)
class Change:
    """What one operation did. ``action`` is add, exists, replace, unchanged, remove or
    supersede; ``entry`` is the current entry (for remove, the archived copy)."""

    action: str
    entry: Entry
    previous: Entry | None = None

    @property
    def created(self) -> bool:
        """False when an add found an equal entry already present."""
        return self.action != "exists"


def resolve(target: object, entries: Mapping[str, Entry]) -> Entry:
    """Find one entry by id, exact name, or unique case-insensitive substring of its id,
    name, description or body."""
    if not isinstance(target, str) or not target.strip():
        raise ValidationError("target must be a non-empty id or substring", field="target")
    if target in entries:
        return entries[target]
    wide = unicodedata.normalize("NFKC", target)  # as ids are made: ﾃﾞﾌﾟﾛｲ is デプロイ
    if wide in entries:
        return entries[wide]
    exact = target.strip().casefold()  # a name as typed first: API规范 beside ＡＰＩ规范
    named = [e for e in entries.values() if e.name.casefold() == exact]
    if len(named) == 1:
        return named[0]
    needle = _folded(wide.strip())
    named = [e for e in entries.values() if _folded(e.name) == needle]
    if len(named) == 1:
        return named[0]
    hits = [
        e
        for e in entries.values()
        if needle in e.id.casefold()
        or needle in _folded(e.name)
        or needle in _folded(e.description)
        or needle in _folded(e.body)
    ]
    if len(hits) == 1:
        return hits[0]
    if hits:
        raise AmbiguousError(target, [e.preview() for e in hits[:10]], total=len(hits))
    raise NotFoundError(target, *_listed(entries))


def _folded(text: str) -> str:
    """``text`` as a target is matched against it: NFKC (width), case-folded."""
    return unicodedata.normalize("NFKC", text).casefold()


def _listed(entries: Mapping[str, Entry]) -> tuple[list[str], str, int]:
    """:class:`NotFoundError`'s listing: the previews of the first 20 entries (all it
    shows: a scope of 50,000 is not 50,000 previews), no archived id, how many there are."""
    return [e.preview() for e in itertools.islice(entries.values(), 20)], "", len(entries)


class Plan:
    """Operations applied to an in-memory copy of one scope."""

    def __init__(
        self,
        active: Mapping[str, Entry],
        archived_ids: Callable[[str], Iterable[str]],
        *,
        now: datetime,
        source: Source,
    ) -> None:
        self.active = dict(active)
        self.now = now
        self.source = source
        self.writes: dict[str, Entry] = {}
        self.deletes: set[str] = set()
        # An entry id's archived copies (``<id>--<time>``), read only when needed.
        self._list_archived = archived_ids
        self._archived_of: dict[str, set[str]] = {}
        # An entry this plan changed: the etag of its version before the plan (what a
        # writer read), which each of the plan's ops on it checks its ``if_match`` against.
        self._read_as: dict[str, str] = {}

    def new_call(self) -> None:
        """The ops from here on are another call's (a held write the agent made
        separately): their ``if_match`` is checked against the entry as it is now,
        with what earlier ops of this plan changed, not as it was before the plan."""
        self._read_as.clear()

    def apply(self, op: Operation) -> Change:
        """Apply one operation to the plan, or raise without changing the plan."""
        if isinstance(op, AddOp):
            return self._add(op)
        if isinstance(op, ReplaceOp):
            return self._replace(op)
        if isinstance(op, RemoveOp):
            return self._remove(op)
        if isinstance(op, SupersedeOp):
            return self._supersede(op)
        if isinstance(op, EditOp):
            return self._edit(op)
        raise ValidationError(f"unknown operation {op!r}")

    def _write(self, entry: Entry) -> None:
        self.writes[entry.filename] = entry
        self.deletes.discard(entry.filename)

    def _delete(self, entry: Entry) -> None:
        self.writes.pop(entry.filename, None)
        self.deletes.add(entry.filename)

    def _new_id(self, type_: EntryType, name: str, *, replacing: str | None = None) -> str:
        new_id = entry_id(type_.value, name, self.active)
        if new_id in self.active and new_id != replacing:
            raise ConflictError(new_id, self.active[new_id].name)
        return new_id

    def _given_id(self, type_: EntryType, value: str) -> str:
        """``value``, an id from elsewhere, when it is one and no entry here has it (nor one
        that differs only by case or normalisation: one file on some disk)."""
        given = check_id(type_.value, value)
        folded = id_key(given)
        for held, existing in self.active.items():
            if id_key(held) == folded:
                raise ConflictError(held, existing.name)
        return given

    def _archived(self, entry_id_: str) -> set[str]:
        """The archived ids of ``entry_id_``'s copies (with those this plan chose)."""
        if entry_id_ not in self._archived_of:
            copies = {a for a in self._list_archived(entry_id_) if a.startswith(f"{entry_id_}--")}
            self._archived_of[entry_id_] = copies
        return self._archived_of[entry_id_]

    def _resolve(self, target: object) -> Entry:
        """:func:`resolve`, except that the id of an entry removed or replaced since the
        caller looked is an error, never a substring of another entry's id."""
        if isinstance(target, str) and target not in self.active and ID_SHAPE.fullmatch(target):
            gone = sorted(self._archived(target))
            if gone:
                shown, _, total = _listed(self.active)
                raise NotFoundError(target, shown, gone[-1], total)
        return resolve(target, self.active)

    def _archive_id(self, entry_id_: str) -> str:
        archived = self._archived(entry_id_)
        base = f"{entry_id_}--{self.now:%Y%m%dT%H%M%SZ}"
        candidate, n = base, 1
        while candidate in archived:
            n += 1
            candidate = f"{base}-{n}"
        archived.add(candidate)
        return candidate

    def _add(self, op: AddOp) -> Change:
        type_ = EntryType.parse(op.type)
        name = validate_name(op.name)
        description = validate_description(op.description)
        body = validate_body(op.body)
        key = normalise(body)
        for existing in self.active.values():  # the same entry, not only the same body
            if (
                existing.body_key == key
                and existing.type is type_
                and normalise(existing.name) == normalise(name)
                and normalise(existing.description) == normalise(description)
            ):
                return Change("exists", existing)
        entry = Entry(
            id=self._new_id(type_, name) if op.id is None else self._given_id(type_, op.id),
            name=name,
            description=description,
            type=type_,
            body=body,
            created=self.now,
            updated=self.now,
            source=self.source,
            origins=tuple(op.origins),
            pinned=bool(op.pinned),
            extra=dict(op.extra),
        )
        self.active[entry.id] = entry
        self._write(entry)
        return Change("add", entry)

    def _matching(self, target: str, if_match: str | None, *, exact: bool = False) -> Entry:
        """The entry ``target`` names, if it is still the version ``if_match`` (its
        :attr:`Entry.etag` when the writer read it; None: any version): the version before
        this plan, so two ops of one batch on an entry both send the etag read; with
        ``exact``, only the entry whose id is ``target`` (gone: :class:`NotFoundError`)."""
        if exact and target not in self.active:
            raise NotFoundError(target, *_listed(self.active))
        old = self._resolve(target)
        if if_match is not None and self._read_as.get(old.id, old.etag) != if_match:
            raise StaleError(old.id)
        return old

    def _replace(self, op: ReplaceOp) -> Change:
        old = self._matching(op.target, op.if_match, exact=op.exact)
        type_ = EntryType.parse(op.type) if op.type is not None else old.type
        name = validate_name(op.name) if op.name is not None else old.name
        description = (
            validate_description(op.description) if op.description is not None else old.description
        )
        body = validate_body(op.body) if op.body is not None else old.body
        pinned = bool(op.pinned) if op.pinned is not None else old.pinned
        extra = dict(op.extra) if op.extra is not None else dict(old.extra)
        followed_name = False  # a name or description stated from the old body follows it
        if body != old.body and (op.name is None or op.description is None):
            named, said = follow(
                old.name, old.description, old.body, body, self._other_names(old.id)
            )
            if op.name is None:
                followed_name, name = named != old.name, named
            if op.description is None:
                description = said
        if op.extra is None and body != old.body:
            extra.pop(OVERVIEW_KEY, None)  # an L1 overview of the old body would mislead
        origins = old.origins + tuple(dict.fromkeys(o for o in op.origins if o not in old.origins))
        given = op.new_id if op.new_id != old.id else None
        if (
            not op.touch
            and given is None
            and (type_, name, description, body, pinned, extra, origins)
            == (
                old.type,
                old.name,
                old.description,
                old.body,
                old.pinned,
                dict(old.extra),
                old.origins,
            )
        ):
            return Change("unchanged", old, old)
        if given is not None:  # history keeps the rename: the old file deleted, this one added
            new_id = self._given_id(type_, given)
        else:
            # the id stays as the name follows the body (an id says its type: not across one)
            keep = op.keep_id or (followed_name and type_ is old.type)
            new_id = old.id if keep else self._renamed_id(old, type_, name)
        new = dataclasses.replace(
            old,
            id=new_id,
            type=type_,
            name=name,
            description=description,
            body=body,
            pinned=pinned,
            extra=extra,
            updated=self.now,
            source=self.source,
            origins=origins,
        )
        self._keep_previous(old, new)
        return self._swap(old, new)

    def _edit(self, op: EditOp) -> Change:
        old = self._matching(op.target, op.if_match)
        edited = op.entry
        name = validate_name(edited.name)
        description = validate_description(edited.description) if edited.description else ""
        body = validate_body(edited.body)
        # what the person left as it was follows the body they changed; the id stays
        named, said = follow(old.name, old.description, old.body, body, self._other_names(old.id))
        followed_name = name == old.name != named and edited.type is old.type
        name = named if followed_name else name
        description = said if description == old.description else description
        new = dataclasses.replace(
            edited,
            id=old.id if followed_name else self._renamed_id(old, edited.type, name),
            name=name,
            description=description,
            body=body,
            archived=False,
            updated=self.now,
        )
        if dataclasses.replace(new, updated=old.updated) == old:
            return Change("unchanged", old, old)
        self._keep_previous(old, new)
        return self._swap(old, new)

    def _other_names(self, entry_id_: str) -> Iterator[str]:
        """The names of the active entries other than ``entry_id_`` (read when needed)."""
        return (e.name for i, e in self.active.items() if i != entry_id_)

    def _keep_previous(self, old: Entry, new: Entry, *, always: bool = False) -> None:
        """A new body (``always``: a new fact) keeps the old one in the archive
        (``valid_until``, ``superseded_by``), so "what did we use before?" has an answer."""
        if always or new.body != old.body:
            self._write(
                dataclasses.replace(
                    old,
                    id=self._archive_id(old.id),
                    archived=True,
                    valid_until=self.now,
                    superseded_by=new.id,
                )
            )

    def _renamed_id(self, old: Entry, type_: EntryType, name: str) -> str:
        """A generated id follows a new name or type; a hand-chosen file name stays."""
        if old.id != entry_id(old.type.value, old.name, (old.id,)):
            return old.id
        return self._new_id(type_, name, replacing=old.id)

    def _swap(self, old: Entry, new: Entry) -> Change:
        self._read_as[new.id] = self._read_as.pop(old.id, old.etag)
        del self.active[old.id]
        if new.id != old.id:
            self._delete(old)
        self.active[new.id] = new
        self._write(new)
        return Change("replace", new, old)

    def _remove(self, op: RemoveOp) -> Change:
        old = self._resolve(op.target)
        gone = dataclasses.replace(
            old, id=self._archive_id(old.id), archived=True, removed_at=self.now
        )
        del self.active[old.id]
        self._read_as.pop(old.id, None)  # an entry added under its id later is another
        self._write(gone)
        self._delete(old)
        return Change("remove", gone, old)

    def _supersede(self, op: SupersedeOp) -> Change:
        old = self._matching(op.target, op.if_match)
        type_ = EntryType.parse(op.type) if op.type is not None else old.type
        name = validate_name(op.name)
        new = Entry(
            id=self._new_id(type_, name, replacing=old.id),
            name=name,
            description=validate_description(op.description),
            type=type_,
            body=validate_body(op.body),
            created=self.now,
            updated=self.now,
            source=self.source,
            origins=tuple(op.origins),
            pinned=old.pinned if op.pinned is None else bool(op.pinned),
            supersedes=(old.id,),
            valid_from=self.now,
            extra=dict(op.extra),
        )
        self._keep_previous(old, new, always=True)
        self._swap(old, new)
        return Change("supersede", new, old)
