"""Import planning shared by every harness: classify, guard, then apply in one batch.
See docs/design/interop.md."""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Callable, Container, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import guard
from ..core.changes import AddOp, Operation, ReplaceOp
from ..core.errors import MemdirError, ValidationError
from ..core.model import (
    NAME_MAX,
    Entry,
    EntryType,
    Source,
    normalise,
    validate_body,
    validate_description,
    validate_name,
)
from ..core.notices import warn_once
from ..core.slug import entry_id
from ..core.storage.records import TooLarge, load, locked
from ..core.store import state_key
from ..sessions.usage import content_hash

if TYPE_CHECKING:
    from ..core.layers import Layers
    from ..core.store import Store

ACTIONS = (
    "add",
    "update",
    "unchanged",
    "duplicate",
    "conflict",
    "removed",
    "promoted",
    "refused",
    "invalid",
)
LEDGER_NAME = "imports.json"
_WHAT = "what memdir imported from where"


@dataclass(frozen=True)
class ImportItem:
    """One memory read from another harness's files, not yet written anywhere; its
    ``origin``, ``folder`` and ``extra`` are in docs/design/interop.md."""

    type: EntryType | str
    name: str
    description: str
    body: str
    origin: str
    scope: str = "local"
    folder: Path | None = None
    pinned: bool = False
    extra: Mapping[str, Any] = field(default_factory=dict)  # frontmatter keys to keep
    replaces: str = ""  # the id of the entry whose source text this one was edited from


@dataclass(frozen=True)
class Planned:
    """What importing one item would do, and why."""

    item: ImportItem
    action: str  # one of ACTIONS
    entry_id: str = ""  # the entry it adds, updates or duplicates
    reason: str = ""  # for refused / invalid / removed / promoted / duplicate
    source_digest: str = ""  # what the source said (see :func:`digest`), once valid


@dataclass
class ImportPlan:
    """Every item of one import and its fate; ``applied`` once written."""

    harness: str
    source: Path
    items: list[Planned] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # files that could not be read
    sources: list[ImportItem] = field(default_factory=list, repr=False)  # as read
    applied: bool = False
    notes: list[str] = field(default_factory=list)  # what else was found, and what to do

    def by_action(self, action: str) -> list[Planned]:
        """The planned items with this action, in input order."""
        return [p for p in self.items if p.action == action]

    def counts(self) -> dict[str, int]:
        """How many items took each action (every action listed, zeros included)."""
        return {a: len(self.by_action(a)) for a in ACTIONS}

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form for ``--json``."""
        return {
            "harness": self.harness,
            "source": str(self.source),
            "applied": self.applied,
            "counts": self.counts(),
            "problems": list(self.problems),
            "notes": list(self.notes),
            "items": [
                {
                    "action": p.action,
                    "entry": p.entry_id,
                    "reason": p.reason,
                    "type": str(p.item.type),
                    "name": p.item.name,
                    "scope": p.item.scope if p.item.folder is None else str(p.item.folder),
                    "origin": p.item.origin,
                }
                for p in self.items
            ],
        }


def _store_for(md: Layers, item: ImportItem) -> Store:
    if item.folder is None:
        return md.store(item.scope)

    return md.store_at(item.folder)


def ids_in_place(md: Layers, scope: str, folder: Path | None) -> set[str]:
    """The ids of the entries a scope (``folder``: another project's local scope) holds."""
    return {e.id for e in (md.store(scope) if folder is None else md.store_at(folder)).list()}


def digest(item: ImportItem) -> str:
    """What an item said at its source, as a short hash (type, name, description, body).
    The ledger keeps, per :func:`ledger_key`, the digests the last applied import read."""
    said = [str(item.type), item.name, item.description, item.body]
    if item.extra:  # (items without extra keep the digests earlier imports recorded)
        said.append(json.dumps(item.extra, sort_keys=True, default=str))
    text = json.dumps(said)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def ledger_key(item: ImportItem) -> str:
    """The ledger's key for a source item: its origin and name (one origin, a summary
    section say, can hold several items)."""
    return said_key(item.origin, item.name)


def said_key(origin: str, name: str) -> str:
    """The ledger's key for what ``origin`` said under ``name``."""
    return f"{origin}\n{name}"


def imported_keys(md: Layers) -> set[str]:
    """The ledger's keys (:func:`said_key`): which origin gave which name; empty when the
    ledger cannot be read (the caller then knows less, and says so in what it writes)."""
    try:
        return set(load(md.home / LEDGER_NAME, _WHAT))
    except MemdirError:
        return set()


def _forgotten(md: Layers, store: Store, item: ImportItem) -> tuple[str, str] | None:
    """Why this item must not come back, as (action, reason): the user removed the same
    text or name here, or superseded the same text ("removed"); or the entry left this
    scope for another one this project sees, as ``memdir review`` promotes a team
    convention ("promoted": it was moved, not forgotten). A promotion removes the entry
    here and adds its copy there, same id, same text: the tombstone's text hash is what
    tells a move from a removal while another scope happens to hold an entry of that id."""
    if not md.has_state:
        return None
    found = md.tombstones.forgotten(state_key(store), item.body, item.name)
    if found is None:
        return None
    when = f"{found.created_at:%Y-%m-%d}"
    if found.kind == "removed":
        moved = [
            s
            for s, e in md.entries()
            if e.id == found.entry_id
            and s != store.scope
            and content_hash(e.body) == found.content_hash
        ]
        if moved:
            return "promoted", f"{found.entry_id} was promoted to the {moved[0]} scope on {when}"
    verb = "removed" if found.kind == "removed" else "superseded"
    return "removed", f"you {verb} {found.entry_id} on {when}"


def _valid(item: ImportItem, active: Container[str]) -> Planned | str:
    """The item's entry id (the one in ``active`` its name had before), or why it cannot
    be imported."""
    try:
        kind = EntryType.parse(item.type)
        name = validate_name(item.name)
        validate_description(item.description)
        validate_body(item.body)
    except ValidationError as exc:
        return Planned(item, "invalid", reason=str(exc))
    return entry_id(kind, name, active)


def _refused(item: ImportItem) -> Planned | None:
    finding = guard.scan("\n".join((item.name, item.description, item.body)))
    if finding is not None:
        return Planned(item, "refused", reason=f"{finding.rule}: {finding.reason}")
    return None


def numbered(name: str, n: int) -> str:
    """``name (n)``, ``name`` cut so that the whole still fits memdir's name limit."""
    suffix = f" ({n})"
    return name[: NAME_MAX - len(suffix)].rstrip() + suffix


def unique(name: str, taken: set[Any], key: Callable[[str], Any] = normalise) -> str:
    """``name``, or ``name (2)``, ``(3)``… when an earlier item of this import already has
    its ``key``; the name chosen is added to ``taken``."""
    candidate, n = name, 1
    while key(candidate) in taken:
        n += 1
        candidate = numbered(name, n)
    taken.add(key(candidate))
    return candidate


@dataclass
class _Target:
    """One destination scope while planning: its entries and what the plan adds to it."""

    store: Store
    active: dict[str, Entry]
    bodies: dict[str, str]
    planned: set[str] = field(default_factory=set)


def _classify(md: Layers, item: ImportItem, t: _Target, last: Sequence[str]) -> Planned:
    found = _valid(item, t.active)
    if isinstance(found, Planned):
        return found
    eid = found
    said = digest(item)
    planned = _decide(md, item, eid, t, said in last)
    if planned.action == "refused":  # not recorded: the next import lists it again
        return planned
    return dataclasses.replace(planned, source_digest=said)


def _decide(md: Layers, item: ImportItem, eid: str, t: _Target, unchanged: bool) -> Planned:
    key = normalise(item.body)
    # text the scope holds already writes nothing: not refused again (memdir's own export
    # read back holds notes its owner wrote by hand, which the guard may refuse)
    refused = None if key in t.bodies else _refused(item)
    if refused is not None:
        return refused
    edited = t.active.get(item.replaces) if item.replaces else None
    followed = edited is not None and edited.source is Source.IMPORT and edited.id not in t.planned
    if unchanged and not followed:  # followed: the source went back to a text it said before
        return Planned(item, "unchanged", eid, "unchanged since the last import")
    if key in t.bodies:
        return Planned(item, "duplicate", t.bodies[key], "the same text is already stored")
    if eid in t.planned:  # a different text under a name this import already uses: Name (n)
        kind = EntryType.parse(item.type)
        # the Name (n) an earlier import gave this origin is its own, not taken
        mine = {i for i, e in t.active.items() if item.origin in e.origins}
        taken = t.planned | (set(t.active) - mine)
        name = unique(item.name, taken, lambda n: entry_id(kind, n, t.active))
        item, eid = dataclasses.replace(item, name=name), entry_id(kind, name, t.active)
    forgotten = _forgotten(md, t.store, item)
    if forgotten is not None and eid not in t.active:
        return Planned(item, forgotten[0], eid, forgotten[1])
    if edited is not None and followed:
        return Planned(
            item,
            "update",
            edited.id,
            f"edited at its source since the last import: replaces {edited.name!r} "
            "(its old text kept in the entry's history)",
        )
    existing = t.active.get(eid)
    if existing is None:
        maybe = "" if edited is None else f"possibly replaces {edited.id} (changed since)"
        return Planned(item, "add", eid, maybe)
    if existing.source is Source.IMPORT and item.origin in existing.origins:
        return Planned(item, "update", eid)
    return Planned(
        item,
        "conflict",
        eid,
        f"{t.store.scope}:{eid} has this name but other "
        f"text (written by {existing.source.value}); it is kept — rename or "
        "remove one, then import again",
    )


def plan_import(
    md: Layers,
    harness: str,
    source: Path,
    items: Iterable[ImportItem],
    problems: Sequence[str] = (),
    notes: Sequence[str] = (),
) -> ImportPlan:
    """Decide what importing ``items`` would do; writes nothing."""
    plan = ImportPlan(harness, source, problems=list(problems), notes=list(notes))
    last = load(md.home / LEDGER_NAME, _WHAT)
    # The same text in any scope this project sees is a duplicate, wherever it would go.
    seen = {normalise(e.body): f"{scope}:{e.id}" for scope, e in md.entries()}
    targets: dict[tuple[str, Path | None], _Target] = {}
    for item in items:
        key = (item.scope, item.folder)
        if key not in targets:
            store = _store_for(md, item)
            active = {e.id: e for e in store.list()}
            bodies = {normalise(e.body): e.id for e in active.values()}
            targets[key] = _Target(store, active, bodies if item.folder else {**seen, **bodies})
        t = targets[key]
        recorded = last.get(ledger_key(item), [])
        planned = _classify(md, item, t, recorded if isinstance(recorded, list) else [])
        if planned.action in ("add", "update"):
            t.bodies[normalise(planned.item.body)] = planned.entry_id
            t.planned.add(planned.entry_id)
        plan.items.append(planned)
        plan.sources.append(item)
    return plan


def _operation(p: Planned, existing: Mapping[str, Entry]) -> Operation:
    item = p.item
    if p.action == "add":
        return AddOp(
            type=item.type,
            name=item.name,
            description=item.description,
            body=item.body,
            pinned=item.pinned,
            origins=(item.origin,),
            extra=dict(item.extra),
        )
    return ReplaceOp(
        target=p.entry_id,
        name=item.name if item.replaces == p.entry_id else None,  # it follows the text
        description=item.description,
        body=item.body,
        origins=(item.origin,),
        keep_id=item.replaces == p.entry_id,
        extra={**existing[p.entry_id].extra, **item.extra}
        if item.extra and p.entry_id in existing
        else None,
    )


def apply_import(md: Layers, plan: ImportPlan) -> ImportPlan:
    """Write the plan's adds and updates (one all-or-nothing batch per target scope) and
    record what each origin said, so the next import knows what is unchanged."""
    batches: dict[tuple[str, Path | None], list[Planned]] = {}
    for p in plan.items:
        if p.action in ("add", "update"):
            batches.setdefault((p.item.scope, p.item.folder), []).append(p)
    said: dict[str, list[str]] = {}
    for item, p in zip(plan.sources, plan.items, strict=True):
        if p.source_digest:
            said.setdefault(ledger_key(item), []).append(p.source_digest)
    try:
        with locked(md.home / LEDGER_NAME, _WHAT) as ledger:
            for group in batches.values():
                store = _store_for(md, group[0].item)
                existing = {e.id: e for e in store.list()}
                store.apply([_operation(p, existing) for p in group], source=Source.IMPORT)
            ledger.update(said)
    except TooLarge as exc:  # raised only once every batch is stored (a failed one's wins)
        warn_once(f"the import is stored; only its record of where it came from is not: {exc}")
    plan.applied = True
    return plan
