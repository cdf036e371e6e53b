"""From validated consolidation ops to store operations. (docs/design/pipeline.md)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..core.changes import AddOp, Operation, RemoveOp, ReplaceOp, SupersedeOp
from ..core.errors import GuardError, ValidationError
from ..core.model import Entry, Source
from ..core.slug import entry_id
from .answers import Candidate, OpSpec

if TYPE_CHECKING:
    from ..core.store import Store


def _origins(c: Candidate) -> tuple[str, ...]:
    return (f"session:{c.session_id}",) if c.session_id else ()


def to_operations(
    specs: Sequence[OpSpec],
    candidates: Sequence[Candidate],
    entries: Sequence[Entry],
    sources: list[Candidate | None] | None = None,
) -> list[Operation]:
    """Store operations for ``specs``. An add whose name is taken becomes a replace of
    that entry, so one model slip cannot sink the whole batch. ``sources``, an empty list if
    given, gets the candidate each op came from (None: none), in step with the ops."""
    taken = {e.id for e in entries}
    ops: list[Operation] = []
    for spec in specs:
        c = candidates[spec.candidate] if spec.candidate is not None else None
        if spec.op == "noop":
            continue
        if spec.op == "add" and c is not None:
            new_id = entry_id(c.type, c.name, taken)
            if new_id in taken:
                ops.append(
                    ReplaceOp(new_id, description=c.description, body=c.body, origins=_origins(c))
                )
            else:
                extra = {"overview": c.overview} if c.overview else {}
                ops.append(
                    AddOp(c.type, c.name, c.description, c.body, origins=_origins(c), extra=extra)
                )
                taken.add(new_id)
        elif spec.op == "update" and spec.target is not None:
            ops.append(
                ReplaceOp(
                    spec.target,
                    name=spec.name,
                    description=spec.description,
                    body=spec.body,
                    origins=_origins(c) if c else (),
                )
            )
        elif spec.op == "supersede" and spec.target is not None and c is not None:
            ops.append(
                SupersedeOp(
                    spec.target,
                    c.name,
                    c.description,
                    c.body,
                    type=c.type,
                    origins=_origins(c),
                    extra={"overview": c.overview} if c.overview else {},
                )
            )
            made = entry_id(c.type, c.name, taken)  # by the same name: the id it had
            taken.discard(spec.target)
            taken.add(made)
        elif spec.op == "merge":
            first, *rest = spec.targets
            name = spec.name or (c.name if c else None)
            description = spec.description or (c.description if c else None)
            body = spec.body or (c.body if c else None)
            if not (name and description and body):
                raise ValidationError("merge needs a candidate or name, description and body")
            ops.append(
                SupersedeOp(
                    first,
                    name,
                    description,
                    body,
                    type=c.type if c else None,
                    origins=_origins(c) if c else (),
                )
            )
            ops.extend(RemoveOp(t) for t in rest)
            taken.difference_update(spec.targets)
        elif spec.op == "delete" and spec.target is not None:
            ops.append(RemoveOp(spec.target))
            taken.discard(spec.target)
        if sources is not None:
            sources.extend([c] * (len(ops) - len(sources)))
    return ops


def screened(store: Store, ops: Sequence[Operation]) -> tuple[list[Operation], int]:
    """``ops`` but those the guard refuses (each recorded as a refused write by
    :meth:`Store.screen`, as at extraction), and how many it refused: one op cannot sink
    the batch. With a refused op go the removals right after a refused supersede (a
    merge's) and the later ops on an entry a refused op would have made."""
    kept: list[Operation] = []
    refused = 0
    gone: set[str] = set()  # entries a refused op would have made
    merged = False  # the op before was a refused supersede (a merge's removals follow)
    for op in ops:
        target = getattr(op, "target", None)
        if (isinstance(op, RemoveOp) and merged) or (target is not None and target in gone):
            continue
        merged = False
        try:
            store.screen([op], Source.EXTRACTOR)
        except GuardError:
            refused += 1
            merged = isinstance(op, SupersedeOp)
            if isinstance(op, AddOp | SupersedeOp) and op.type is not None:
                gone.add(entry_id(str(op.type), op.name))
            continue
        kept.append(op)
    return kept, refused


def describe(op: Operation) -> str:
    """One line for ``memdir maintain --dry-run``."""
    if isinstance(op, AddOp):
        return f"add {entry_id(str(op.type), op.name)}: {op.name} — {op.description}"
    if isinstance(op, ReplaceOp):
        fields = [k for k in ("name", "description", "body") if getattr(op, k) is not None]
        return f"update {op.target}: {', '.join(fields)}"
    if isinstance(op, SupersedeOp):
        return f"supersede {op.target} with {op.name} — {op.description}"
    if isinstance(op, RemoveOp):
        return f"remove {op.target}"
    return repr(op)
