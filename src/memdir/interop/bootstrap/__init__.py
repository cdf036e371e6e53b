"""Day 1: gather candidate memories from what a new user already has; write only what they
approve. (docs/design/interop.md)."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ... import hooks
from ...core.changes import AddOp, Operation, ReplaceOp
from ...core.errors import MemdirError
from ...core.index import short
from ...core.model import Source, normalise
from ...review.apply import Action
from .._importing import ImportItem, Planned, plan_import
from ._extract import CACHE_NAME, Answers, extract_docs
from ._found import Found, Gathered, Progress

if TYPE_CHECKING:
    from ...core.layers import Layers
    from ...pipeline.providers import Provider

SHOWN = 30  # skipped candidates listed in the text report
_PREFIX = {
    "harness": "hrn",
    "instructions": "ins",
    "git": "git",
    "notes": "note",
    "chat": "chat",
}


@dataclass(frozen=True)
class Proposal:
    """One memory bootstrap would write, from one source; written only when named."""

    id: str
    kind: str  # source kind (see kinds())
    source: str  # the file, repository or harness it came from
    action: str  # "add", or "update" of an entry with its name
    scope: str  # "user", "local", or "local@<folder>" for another project
    entry: str  # the entry id it adds or updates
    type: str
    name: str
    description: str
    body: str
    detail: str  # the evidence
    origins: tuple[str, ...]
    actions: tuple[Action, ...] = field(default=(), repr=False)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form for ``memdir bootstrap --json``."""
        out = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "actions"}
        return {**out, "origins": list(self.origins)}


@dataclass
class Bootstrap:
    """The proposals of one bootstrap run, what was refused or skipped, and why."""

    proposals: list[Proposal] = field(default_factory=list)
    refused: list[tuple[Found, str]] = field(default_factory=list)
    skipped: list[tuple[Found, str, str]] = field(default_factory=list)  # (found, why, detail)
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    applied: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form for ``--json``."""

        def found(f: Found, **extra: str) -> dict[str, Any]:
            keys = ("kind", "source", "type", "name", "detail")
            return {**{k: getattr(f, k) for k in keys}, **extra}

        return {
            "proposals": [p.to_dict() for p in self.proposals],
            "refused": [found(f, reason=why) for f, why in self.refused],
            "skipped": [found(f, action=a, reason=why) for f, a, why in self.skipped],
            "problems": list(self.problems),
            "notes": list(self.notes),
            "applied": list(self.applied),
        }


def gather(
    md: Layers,
    paths: Sequence[Path | str] = (),
    *,
    provider: Provider | None = None,
    progress: Progress | None = None,
    answers: Answers | None = None,
) -> Gathered:
    """Every candidate the sources hold (``paths``: folders or files named by the user);
    reads only. ``provider`` defaults to the workspace's (``llm`` in the settings); a
    model's answers come from (and go to) ``answers`` when given."""
    g = Gathered()
    named = [Path(p) for p in paths]
    for source in hooks.bootstrap_sources():
        if source.gather is not None:
            source.gather(md, named, g, progress)
    if g.docs:
        extract_docs(
            provider or md.provider,
            g.docs,
            g,
            answers=answers,
            when=md.clock(),
            progress=progress,
        )
    return g


def kinds() -> dict[str, str]:
    """Every source kind and its title, in the order proposals are shown."""
    return {s.kind: s.title for s in hooks.bootstrap_sources()}


def cache_path(md: Layers) -> Path:
    """Where a model's proposed answers are kept between a dry run and ``--apply``."""
    return md.home / CACHE_NAME


def _scope(f: Found) -> str:
    return f.scope if f.folder is None else f"local@{f.folder.name}"


def _proposal(f: Found, p: Planned) -> Proposal:
    op: Operation = (
        AddOp(f.type, f.name, f.description, f.body, origins=f.origins)
        if p.action == "add"
        else ReplaceOp(p.entry_id, description=f.description, body=f.body, origins=f.origins)
    )
    what = [
        p.action,
        f.scope,
        str(f.folder or ""),
        f.type,
        f.name,
        f.description,
        f.body,
        list(f.origins),
        p.entry_id,
    ]
    digest = hashlib.sha1(
        json.dumps(what, ensure_ascii=False).encode("utf-8", "surrogatepass"), usedforsecurity=False
    ).hexdigest()[:8]
    action = Action(f.scope, (op,), None if f.folder is None else str(f.folder))
    return Proposal(
        f"{_PREFIX.get(f.kind, f.kind)}-{digest}",
        f.kind,
        f.source,
        p.action,
        _scope(f),
        p.entry_id,
        f.type,
        f.name,
        f.description,
        f.body,
        f.detail,
        f.origins,
        (action,),
    )


def _once(found: list[Found]) -> list[Found]:
    """The same candidate said several times in one source is one, its places counted."""
    seen: dict[tuple[str, ...], int] = {}
    out: list[Found] = []
    again: Counter[int] = Counter()
    for f in found:
        key = (
            f.kind,
            f.source,
            f.scope,
            str(f.folder),
            f.type,
            f.name,
            normalise(f.body),
            f.refused,
        )
        if key in seen:
            again[seen[key]] += 1
            continue
        seen[key] = len(out)
        out.append(f)
    for i, n in again.items():
        out[i] = replace(out[i], detail=f"{out[i].detail} (and {n} more time{'s' * (n > 1)})")
    return out


def propose(
    md: Layers,
    paths: Sequence[Path | str] = (),
    *,
    provider: Provider | None = None,
    progress: Progress | None = None,
    cached_only: bool = False,
    fresh: bool = False,
) -> Bootstrap:
    """What bootstrap would write, as proposals; writes no memory. ``cached_only``: the
    model's answers only from :func:`cache_path`; ``fresh``: ask it again and replace them
    (docs/design/interop.md)."""
    if cached_only and fresh:
        raise MemdirError(
            "bootstrap: cached_only (--apply) answers from the last dry run's "
            "answers; fresh discards them — use one or the other"
        )
    model = provider or md.provider
    answers = Answers(cache_path(md) if model.uses_model else None, only=cached_only, fresh=fresh)
    g = gather(md, paths, provider=model, progress=progress, answers=answers)
    order = list(kinds())
    found = _once(sorted(g.found, key=lambda f: order.index(f.kind)))  # stable within a kind
    out = Bootstrap(problems=g.problems, notes=g.notes)
    out.refused = [(f, f.refused) for f in found if f.refused]
    candidates = [f for f in found if not f.refused]
    items = [
        ImportItem(
            f.type,
            f.name,
            f.description,
            f.body,
            f.origins[0] if f.origins else "bootstrap",
            f.scope,
            f.folder,
        )
        for f in candidates
    ]
    plan = plan_import(md, "bootstrap", Path.home(), items)
    proposed: dict[str, set[int]] = {}
    for f, planned in zip(candidates, plan.items, strict=True):
        if planned.action in ("add", "update"):
            out.proposals.append(_proposal(f, planned))
            if f.answer is not None:
                proposed.setdefault(f.answer[0], set()).add(f.answer[1])
        elif planned.action == "refused":
            out.refused.append((f, planned.reason))
        else:
            out.skipped.append((f, planned.action, planned.reason))
    answers.save(proposed)
    return out


def apply(md: Layers, found: Bootstrap, ids: Sequence[str] | None = None) -> Bootstrap:
    """Write the proposals named by ``ids`` (all when None): one all-or-nothing batch per
    scope through :meth:`memdir.Store.apply`, ``source: import``."""
    by_id = {p.id: p for p in found.proposals}
    wanted = list(dict.fromkeys(by_id if ids is None else ids))
    unknown = [i for i in wanted if i not in by_id]
    if unknown:
        raise MemdirError(
            f"no bootstrap proposal {', '.join(unknown)}: run the dry run "
            f"(`memdir bootstrap` with the same --from paths, without --apply) "
            f"again for the current ids"
        )
    batches: dict[tuple[str, str | None], list[Operation]] = {}
    for pid in wanted:
        for action in by_id[pid].actions:
            batches.setdefault((action.scope, action.folder), []).extend(action.ops)
    for (scope, folder), ops in batches.items():
        store = md.store(scope) if folder is None else md.store_at(Path(folder))
        store.apply(ops, source=Source.IMPORT)
    found.applied = wanted
    return found


def report_text(found: Bootstrap) -> str:
    """The proposals as text, grouped by source kind and source, then what was refused,
    skipped or unreadable."""
    out: list[str] = []
    n = len(found.proposals)
    out.append(
        f"Bootstrap found {n} proposal{'s' * (n != 1)}; nothing is written until you "
        f"apply {'it' if n == 1 else 'them'}.\n"
        if n
        else "Bootstrap found nothing new to propose.\n"
    )
    for kind, title in kinds().items():
        group = [p for p in found.proposals if p.kind == kind]
        if not group:
            continue
        out.append(f"\n## {title}\n")
        for source in dict.fromkeys(p.source for p in group):
            out.append(f"{source}\n")
            for p in (p for p in group if p.source == source):
                verb = "add" if p.action == "add" else f"update {p.entry}"
                about = "" if p.description == p.name else f" — {short(p.description, 100)}"
                out.append(f"  [{p.id}] {verb} {p.type} → {p.scope}: {p.name}{about}\n")
                if p.detail:
                    out.append(f"      evidence: {short(p.detail, 110)}\n")
    if found.refused:
        out.append("\n## Refused by the guard (not proposed)\n")
        out += [f"  {f.kind} {f.source}: {f.name} — {why}\n" for f, why in found.refused]
    if found.skipped:
        out.append("\n## Skipped\n")
        out += [
            f"  {a}: {f.name} ({f.kind} {f.source}) — {why}\n"
            for f, a, why in found.skipped[:SHOWN]
        ]
        if len(found.skipped) > SHOWN:
            out.append(f"  … and {len(found.skipped) - SHOWN} more (see --json)\n")
    if found.problems:
        out.append("\n## Could not read\n")
        out += [f"  {p}\n" for p in found.problems]
    if found.notes:
        out.append("\n## Also noted\n")
        out += [f"  {n}\n" for n in found.notes]
    if found.applied:
        out.append(f"\nApplied {len(found.applied)}: {', '.join(found.applied)}.\n")
    elif n:
        out.append(
            "\nApply with `memdir bootstrap --apply ID …` (with the same --from "
            "paths), or all with `--all`.\n"
        )
    return "".join(out)
