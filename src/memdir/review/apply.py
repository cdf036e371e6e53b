"""Applying review proposals: every one named, or none of them. (docs/design/review.md)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from contextlib import nullcontext
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.changes import Change, EditOp, Operation, Plan, RemoveOp, ReplaceOp, SupersedeOp
from ..core.errors import GuardError, MemdirError, ReadOnlyScopeError, StaleError
from ..core.model import Source
from ..core.store import source_trailer, state_key
from ..sessions.usage import quietly

if TYPE_CHECKING:
    from ..core.layers import Layers
    from ..core.store import Store


PREFIX = "pending-"  # the id of a held write (approval = "ask"; review/approval.py)


@dataclass(frozen=True)
class Action:
    """One write a proposal makes: operations on one scope's store."""

    scope: str
    ops: tuple[Operation, ...]
    folder: str | None = None  # another project's local scope, by folder
    read: tuple[tuple[str, str] | None, ...] = ()  # a held write's versions read, per op


@dataclass(frozen=True)
class SkillWrite:
    """A ``SKILL.md`` a proposal writes: scope, skill name, the whole text."""

    scope: str
    name: str
    text: str


@dataclass(frozen=True)
class Proposal:
    """A change the review suggests; applied only when named by its id."""

    kind: str
    title: str
    detail: str
    entries: tuple[str, ...]  # "scope:id" of every entry it touches
    actions: tuple[Action, ...] = field(default=(), repr=False)
    id: str = ""
    exports: tuple[str, ...] = ()  # written after the actions: "agents-md"
    skills: tuple[SkillWrite, ...] = field(default=(), repr=False)  # written after them
    source: Source = Source.USER  # who wrote its entries: an approved agent write stays "agent"
    text: str = ""  # a held write's whole text, as applying it writes it (detail is cut)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form for ``memdir review --json``."""
        return {
            "id": self.id,
            "kind": self.kind,
            "title": self.title,
            "detail": self.detail,
            "entries": list(self.entries),
            "applies": bool(self.actions or self.skills),
            "scopes": list(
                dict.fromkeys([*(a.scope for a in self.actions), *(w.scope for w in self.skills)])
            ),
            "exports": list(self.exports),
            "skills": [{"scope": w.scope, "name": w.name, "text": w.text} for w in self.skills],
            **({"text": self.text} if self.text else {}),
        }


@dataclass
class _Batch:
    """The operations of every named proposal on one store, and who asked for each."""

    store: Store
    source: Source
    ops: list[Operation] = field(default_factory=list)
    owners: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class _Written:
    """A batch as written: what to put back, what it wrote (checked before undoing), and
    its changes (their tombstones are recorded once the batch is sure to stand)."""

    store: Store
    undo: dict[str, bytes | None]
    wrote: dict[str, bytes | None]
    changes: list[Change]


def pinned(ops: Sequence[Operation], read: Sequence[tuple[str, str] | None]) -> list[Operation]:
    """``ops`` as applied: each change onto the version of its entry read when it was held
    (``read``: ``approval._pins``), so one applied after the entry changed is refused as stale
    rather than written over the newer text."""
    if not read:
        return list(ops)
    return [
        replace(op, target=pin[0], if_match=pin[1])
        if pin is not None and isinstance(op, ReplaceOp | SupersedeOp) and op.if_match is None
        else op
        for op, pin in zip(ops, read, strict=True)
    ]


def _batches(md: Layers, proposals: Sequence[Proposal]) -> list[_Batch]:
    found: dict[tuple[str, str | None, Source], _Batch] = {}
    for proposal in proposals:
        for action in proposal.actions:
            key = (action.scope, action.folder, proposal.source)
            if key not in found:
                store = (
                    md.store(action.scope)
                    if action.folder is None
                    else md.store_at(Path(action.folder))
                )
                found[key] = _Batch(store, proposal.source)
            found[key].ops += pinned(action.ops, action.read)
            found[key].owners += [proposal.id] * len(action.ops)
    return list(found.values())


def _calls(batch: _Batch) -> set[int]:
    """Where each proposal's ops start after the first: each proposal is a separate write
    (a held one, a separate call of the agent), its ``if_match`` checked against the entry
    as the proposals before it leave it, so two made from one read cannot both apply."""
    return {i for i in range(1, len(batch.owners)) if batch.owners[i] != batch.owners[i - 1]}


def _texts(op: Operation) -> str:
    holder = op.entry if isinstance(op, EditOp) else op
    return "\n".join(
        v for k in ("name", "description", "body") if isinstance(v := getattr(holder, k, None), str)
    )


def _where(store: Store) -> str:
    """The scope as its user knows it: on one machine with its folder; on the team
    backend by name only, never the server's database address or the scope's key."""
    shown = store.backend.shown()
    return f"the {store.scope} scope" + (f" ({shown})" if shown else "")


def _check(md: Layers, batch: _Batch, prior: Plan | None = None) -> Plan:
    """Plan ``batch`` on its scope as it is now (or as ``prior``, an earlier batch of
    another writer on the same store, leaves it), without writing; raise naming the
    proposal that cannot be applied."""
    from .. import guard

    store = batch.store
    where = _where(store)
    owners = ", ".join(dict.fromkeys(batch.owners))
    try:
        if store.read_only:
            raise ReadOnlyScopeError(store.scope, store.read_only_why)
        if not store.backend.writable():
            raise MemdirError(f"{where} is not writable; fix its permissions")
        store.refuse_unreadable()
    except MemdirError as exc:
        raise MemdirError(
            f"proposal {owners} cannot be applied: {exc} Nothing was applied."
        ) from exc
    active = dict(prior.active) if prior is not None else {e.id: e for e in store.list()}
    plan = Plan(active, lambda entry_id: (), now=md.clock(), source=batch.source)
    starts = _calls(batch)
    for i, (op, owner) in enumerate(zip(batch.ops, batch.owners, strict=True)):
        if i in starts:
            plan.new_call()
        try:
            if not isinstance(op, RemoveOp):
                guard.check(_texts(op))
            plan.apply(op)
        except GuardError as exc:  # its own text, whatever else was named
            drop = (
                f"; reject it with `memdir review --reject {owner}`"
                if owner.startswith(PREFIX)
                else ""
            )
            raise MemdirError(
                f"proposal {owner} cannot be applied to {where}: {exc} Nothing was applied{drop}."
            ) from exc
        except StaleError as exc:
            first = " (or another proposal named changed it first)" if starts else ""
            said = (
                f"the entry {exc.entry_id} changed since this was proposed{first}; review "
                f"it again, or reject it with `memdir review --reject {owner}`."
                if owner.startswith(PREFIX)
                else f"{exc} (another proposal named may have changed it first)."
            )
            raise MemdirError(
                f"proposal {owner} cannot be applied to {where}: {said} Nothing was applied."
            ) from exc
        except MemdirError as exc:
            raise MemdirError(
                f"proposal {owner} cannot be applied to {where}: {exc} "
                f"(another proposal named may have changed it first). Nothing "
                f"was applied."
            ) from exc
    before, after = store.pinned_used(active.values()), store.pinned_used(plan.active.values())
    if after > store.pinned_budget and after > before:
        raise MemdirError(
            f"proposal {owners} would put {after:,} chars of pinned entries in "
            f"{where}, over its budget of {store.pinned_budget:,}. Nothing was "
            f"applied."
        )
    return plan


def _write(batch: _Batch) -> _Written:
    store = batch.store
    seen: list[tuple[Mapping[str, bytes | None], Mapping[str, bytes | None]]] = []
    changes = store.apply(
        list(batch.ops),
        source=batch.source,
        capture=lambda before, after: seen.append((before, after)),
        calls=_calls(batch),
    )
    if not seen:  # nothing was written
        return _Written(store, {}, {}, changes)
    before, after = seen[0]
    return _Written(store, dict(before), dict(after), changes)


def _undo(md: Layers, done: Sequence[_Written], message: str) -> list[str]:
    """Put every written batch back, newest first; what could not be put back (its
    removals stand, so they leave their tombstones)."""
    failed = []
    for written in reversed(done):
        if not written.undo:
            continue
        try:
            written.store.restore(
                written.undo, message, expected=written.wrote, also=_unforget(md, written)
            )
        except MemdirError as exc:
            _forget(md, [written])
            failed.append(f"{_where(written.store)}: {exc}")
    return failed


def _unforget(md: Layers, written: _Written) -> Callable[[], None] | None:
    """On the team backend, where a batch's tombstones commit with it: dropping them, in
    the transaction that puts the batch back."""
    if md.database is None:
        return None
    from ..pg.sessions import PgStateDatabase

    def drop() -> None:
        db, backend = md.tombstones.db, written.store.backend
        assert isinstance(db, PgStateDatabase)
        with db.joining(backend.connection()):  # type: ignore[attr-defined]
            md.tombstones.unrecord(state_key(written.store), written.changes)

    return drop


def _forget(md: Layers, done: Sequence[_Written]) -> None:
    """Record the tombstones of batches that stand (held back while they might be put
    back: a removal that was undone forgets nothing). On the team backend each batch
    recorded its own in its transaction (a crash between the two can lose neither)."""
    if md.database is not None:
        return
    for written in done:
        md.record_forgetting(written.store, written.changes, Source.USER)


def _exports(md: Layers, proposals: Sequence[Proposal], plans: dict[str, Plan]) -> list[str]:
    """Plan every export the proposals ask for, on the entries their writes will leave."""
    from ..core.model import EntryType
    from ..interop.agents_md import export_agents_md

    wanted = list(dict.fromkeys(x for p in proposals for x in p.exports))
    for export in wanted:
        owners = ", ".join(p.id for p in proposals if export in p.exports)
        if export != "agents-md":
            raise MemdirError(f"proposal {owners} asks for an unknown export {export!r}")
        plan = plans.get("project")
        rules = (
            None
            if plan is None
            else sorted(
                (e for e in plan.active.values() if e.type is EntryType.FEEDBACK),
                key=lambda e: (e.created, e.id),
            )
        )
        try:
            report = export_agents_md(md, apply=False, entries=rules)
        except MemdirError as exc:
            raise MemdirError(
                f"proposal {owners} cannot be applied: {exc}. Nothing was applied."
            ) from exc
        if report.refused:
            raise MemdirError(
                f"proposal {owners} cannot be applied: {report.refused[0].path} "
                f"{report.refused[0].reason}. Nothing was applied."
            )
    return wanted


def apply_all(md: Layers, proposals: Sequence[Proposal]) -> None:
    """Check every proposal's writes and exports, then write them all; on a failure
    part-way, put back what was written and raise."""
    batches = _batches(md, proposals)
    plans: dict[str, Plan] = {}
    on_store: dict[str, Plan] = {}  # batches of several writers on one store plan in turn
    for batch in batches:
        where = batch.store.backend.location
        plan = on_store[where] = _check(md, batch, on_store.get(where))
        if batch.store.scope == "project":
            plans["project"] = plan
    exports = _exports(md, proposals, plans)
    from .. import guard
    from ..core.skills import check_skill

    for p in proposals:  # every skill they write, checked as its write will check it
        for w in p.skills:
            try:
                if md.store(w.scope).read_only:
                    raise ReadOnlyScopeError(w.scope)
                check_skill(w.name, w.text)
                guard.check(w.text)
            except MemdirError as exc:
                raise MemdirError(
                    f"proposal {p.id} cannot be applied: {exc} Nothing was applied."
                ) from exc
    ids = ", ".join(p.id for p in proposals)
    done: list[_Written] = []
    try:
        # one machine: tombstones recorded below, for the writes that stand; the team
        # backend records them in each write's transaction (undone with it, _unforget)
        with quietly() if md.database is None else nullcontext():
            for batch in batches:
                done.append(_write(batch))
        if "agents-md" in exports:
            from ..interop.agents_md import export_agents_md

            if refused := export_agents_md(md, apply=True).refused:
                raise MemdirError(f"{refused[0].path} was not written: {refused[0].reason}")
        for w in (w for p in proposals for w in p.skills):
            md.write_skill_text(w.name, w.text, scope=w.scope)
    except MemdirError as exc:
        failed = _undo(
            md,
            done,
            f"undo review --apply {ids}: a later write failed\n\n{exc}\n"
            + source_trailer(Source.USER),
        )
        if failed:
            raise MemdirError(
                f"applying {ids} failed part-way ({exc}), and these writes "
                f"could not be put back: {'; '.join(failed)}. See `memdir log` "
                f"and `memdir revert`."
            ) from exc
        undone = (
            ""
            if not done
            else " the write already made was put back, so"
            if len(done) == 1
            else f" the {len(done)} writes already made were put back, so"
        )
        raise MemdirError(
            f"applying {ids} failed ({exc});{undone} nothing was applied. Run "
            f"`memdir review` again."
        ) from exc
    _forget(md, done)
