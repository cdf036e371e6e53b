"""Import planning shared by every harness: classify, guard, then apply in one batch.

A harness module turns its native files into :class:`ImportItem` values (pure parsing);
:func:`plan_import` decides, per item, whether it would be added, update an entry of the
same name, be skipped as a duplicate or as something the user removed, or be refused by the
guard. Nothing is written until :func:`apply_import`, which goes through
:meth:`memdir.Store.apply` (the normal write path) with ``source: import``, one
all-or-nothing batch per target scope. Running the same import twice adds nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from .. import guard
from ..changes import AddOp, Operation, ReplaceOp
from ..errors import ValidationError
from ..formats.slug import entry_id
from ..model import (
    Entry,
    EntryType,
    Source,
    normalise,
    validate_body,
    validate_description,
    validate_name,
)

if TYPE_CHECKING:
    from ..engine import Memdir
    from ..store import Store

__all__ = ["ImportItem", "ImportPlan", "Planned", "apply_import", "plan_import"]

ACTIONS = ("add", "update", "duplicate", "removed", "refused", "invalid")


@dataclass(frozen=True)
class ImportItem:
    """One memory read from another harness's files, not yet written anywhere.

    ``origin`` names where it came from (``<harness>:<absolute path>[#part]``) and becomes
    the entry's ``origins``. ``folder`` targets the local scope of another project of
    this home (a Codex task group that ``applies_to`` that project); None means ``scope``.
    """

    type: EntryType | str
    name: str
    description: str
    body: str
    origin: str
    scope: str = "local"
    folder: Path | None = None
    pinned: bool = False


@dataclass(frozen=True)
class Planned:
    """What importing one item would do, and why."""

    item: ImportItem
    action: str  # one of ACTIONS
    entry_id: str = ""  # the entry it adds, updates or duplicates
    reason: str = ""  # for refused / invalid / removed / duplicate


@dataclass
class ImportPlan:
    """Every item of one import and its fate; ``applied`` once written."""

    harness: str
    source: Path
    items: list[Planned] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # files that could not be read
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
            "harness": self.harness, "source": str(self.source), "applied": self.applied,
            "counts": self.counts(), "problems": list(self.problems),
            "notes": list(self.notes),
            "items": [{"action": p.action, "entry": p.entry_id, "reason": p.reason,
                       "type": str(p.item.type), "name": p.item.name,
                       "scope": p.item.scope if p.item.folder is None else str(p.item.folder),
                       "origin": p.item.origin} for p in self.items],
        }


def _store_for(md: Memdir, item: ImportItem) -> Store:
    if item.folder is None:
        return md.store(item.scope)
    from ..review import local_store

    return local_store(md, item.folder)


def _removed(md: Memdir, store: Store, item: ImportItem) -> str | None:
    """Why this item must not come back: the user removed the same text or name here."""
    if not md.state_path.exists():
        return None
    found = md.pipeline.tombstones.removed(store.backend.location, item.body, item.name)
    return None if found is None else f"you removed {found.entry_id} on {found.created_at:%Y-%m-%d}"


def _classify(item: ImportItem, active: dict[str, Entry], by_body: dict[str, str],
              planned_ids: set[str]) -> Planned:
    try:
        kind = EntryType.parse(item.type)
        name = validate_name(item.name)
        validate_description(item.description)
        validate_body(item.body)
    except ValidationError as exc:
        return Planned(item, "invalid", reason=str(exc))
    finding = guard.scan("\n".join((item.name, item.description, item.body)))
    if finding is not None:
        return Planned(item, "refused", reason=f"{finding.rule}: {finding.reason}")
    eid = entry_id(kind, name)
    key = normalise(item.body)
    if key in by_body:
        return Planned(item, "duplicate", by_body[key], "the same text is already stored")
    if eid in planned_ids:
        return Planned(item, "duplicate", eid, "an earlier item of this import has its name")
    if eid in active:
        return Planned(item, "update", eid)
    return Planned(item, "add", eid)


def plan_import(md: Memdir, harness: str, source: Path, items: Iterable[ImportItem],
                problems: Sequence[str] = (), notes: Sequence[str] = ()) -> ImportPlan:
    """Decide what importing ``items`` would do; writes nothing."""
    plan = ImportPlan(harness, source, problems=list(problems), notes=list(notes))
    # The same text in any scope this project sees is a duplicate, wherever it would go.
    seen = {normalise(e.body): f"{scope}:{e.id}" for scope, e in md.entries()}
    state: dict[tuple[str, Path | None], tuple[Store, dict[str, Entry], dict[str, str],
                                              set[str]]] = {}
    for item in items:
        key = (item.scope, item.folder)
        if key not in state:
            store = _store_for(md, item)
            active = {e.id: e for e in store.list()}
            bodies = {normalise(e.body): e.id for e in active.values()}
            state[key] = (store, active, bodies if item.folder else {**seen, **bodies}, set())
        store, active, by_body, planned_ids = state[key]
        planned = _classify(item, active, by_body, planned_ids)
        if planned.action in ("add", "update"):
            why = _removed(md, store, item)
            if why is not None and planned.action == "add":
                planned = Planned(item, "removed", planned.entry_id, why)
            else:
                by_body[normalise(item.body)] = planned.entry_id
                planned_ids.add(planned.entry_id)
        plan.items.append(planned)
    return plan


def _operation(p: Planned) -> Operation:
    item = p.item
    if p.action == "add":
        return AddOp(type=item.type, name=item.name, description=item.description,
                     body=item.body, pinned=item.pinned, origins=(item.origin,))
    return ReplaceOp(target=p.entry_id, description=item.description, body=item.body,
                     origins=(item.origin,))


def apply_import(md: Memdir, plan: ImportPlan) -> ImportPlan:
    """Write the plan's adds and updates: one all-or-nothing batch per target scope."""
    batches: dict[tuple[str, Path | None], list[Planned]] = {}
    for p in plan.items:
        if p.action in ("add", "update"):
            batches.setdefault((p.item.scope, p.item.folder), []).append(p)
    for group in batches.values():
        store = _store_for(md, group[0].item)
        store.apply([_operation(p) for p in group], source=Source.IMPORT)
    plan.applied = True
    return plan
