"""Copy memories between two workspaces of one project: a local home (files + git) and
the team server (PostgreSQL), either way. A dry run first; applied, every entry goes
through the target's write path (guard included), and a re-run changes nothing."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..core.changes import AddOp, ReplaceOp
from ..core.errors import GuardError, MemdirError
from ..core.model import Entry, Source

if TYPE_CHECKING:
    from ..core.workspace import Workspace

SCOPES = ("user", "project", "local")


@dataclass(frozen=True)
class Move:
    """What happens to one entry: add, update, same (already there), refused, skipped."""

    scope: str
    action: str
    entry: str
    name: str
    reason: str = ""


@dataclass
class Transfer:
    """Every entry's :class:`Move`, and whether they were written."""

    applied: bool
    moves: list[Move] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for m in self.moves:
            out[m.action] = out.get(m.action, 0) + 1
        return out

    def to_dict(self) -> dict[str, Any]:
        return {
            "applied": self.applied,
            "counts": self.counts(),
            "notes": self.notes,
            "moves": [m.__dict__ for m in self.moves],
        }


def _same(a: Entry, b: Entry) -> bool:
    return (a.type, a.name, a.description, a.body, a.pinned) == (
        b.type,
        b.name,
        b.description,
        b.body,
        b.pinned,
    )


def transfer(source: Workspace, target: Workspace, *, apply: bool = False) -> Transfer:
    """Copy the active entries of ``source``'s user, project and local scopes into the
    same scopes of ``target``: new ids are added, changed ones updated, equal ones left."""
    from .. import guard

    done = Transfer(applied=apply)
    for scope in SCOPES:
        have = {s.scope for s in source.stores()}
        if scope not in have:
            continue
        try:
            into = target.store(scope)
        except MemdirError as exc:
            done.notes.append(f"{scope} scope skipped: {exc}")
            continue
        there = {e.id: e for e in into.list()} if into.backend.exists() else {}
        for entry in source.store(scope).list():
            old = there.get(entry.id)
            if old is not None and _same(old, entry):
                done.moves.append(Move(scope, "same", entry.id, entry.name))
                continue
            action = "add" if old is None else "update"
            try:
                guard.check(f"{entry.name}\n{entry.description}\n{entry.body}")
                if apply:
                    op: AddOp | ReplaceOp = (
                        AddOp(
                            entry.type,
                            entry.name,
                            entry.description,
                            entry.body,
                            pinned=entry.pinned,
                            origins=entry.origins,
                        )
                        if old is None
                        else ReplaceOp(
                            entry.id,
                            name=entry.name,
                            description=entry.description,
                            body=entry.body,
                            type=entry.type,
                            pinned=entry.pinned,
                        )
                    )
                    change = into.apply([op], source=Source.IMPORT)[0]
                    if change.action in ("exists", "unchanged"):  # an equal entry, other id
                        action = "same"
            except GuardError as exc:
                done.moves.append(Move(scope, "refused", entry.id, entry.name, str(exc)))
                continue
            done.moves.append(Move(scope, action, entry.id, entry.name))
    return done
