"""Consolidation in three phases: light (stage candidates), REM (group themes), deep
(check promotion rules, then write); patterns across ≥ 3 entries, worded by a model,
become proposals for review. See docs/design/dreaming.md."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..core import tiers
from ..core.changes import AddOp, Operation, RemoveOp, ReplaceOp, SupersedeOp
from ..core.errors import MemdirError, SchemaError
from ..core.model import Entry
from ..core.slug import entry_id
from ..review.diary import Run, Synthesis
from ..review.similar import covers, tokens
from .answers import Candidate, load_object
from .providers import SYNTHESIZE_PROMPT

MIN_PATTERN = 3  # entries a synthesis is drawn from, at least
MAX_GROUPED = 400  # entries REM groups at most (the newest): pairs grow as the square
MAX_LEFT = 10  # themes over the REM limit the diary names, at most (the rest counted)


@dataclass(frozen=True)
class Limits:
    """Per run and scope: candidates staged, themes grouped, existing entries changed,
    patterns proposed, skills proposed (local scope)."""

    light: int = 40
    rem: int = 8
    deep: int = 20
    synthesis: int = 3
    skills: int = 2


@dataclass(frozen=True)
class Theme:
    """Entries and candidates that share words."""

    label: str
    entries: tuple[str, ...]
    candidates: tuple[int, ...]


def light(
    candidates: Sequence[Candidate],
    entries: Sequence[Entry],
    run: Run,
    *,
    waiting: int = 0,
    limit: int = Limits.light,
) -> list[Candidate]:
    """Stage the candidates (the run fetches at most ``limit``; the ``waiting`` rest wait
    for the next run, as the diary says); one an entry (or an earlier candidate of the
    batch) already says in full is rejected here, before any model sees it."""
    if waiting:
        run.left.append(
            f"{_n(waiting, 'candidate')}: over the light limit ({limit} a run); "
            "they wait in the queue"
        )
    staged: list[Candidate] = []
    taken = {e.id for e in entries}
    for c in candidates:
        said = next((e.id for e in entries if covers(e.body, c.body)), None)
        said = said or next((s.name for s in staged if covers(s.body, c.body)), None)
        if said is not None:
            run.rejected.append(f"candidate {c.name!r} (session {c.session_id}): {said} says it")
        else:
            staged.append(c)
            made = entry_id(c.type, c.name, taken)
            run.staged.append(f"{made} from session {c.session_id}")
    return staged


def _words(text: str) -> frozenset[str]:
    return frozenset(t for t in tokens(text) if len(t) > 2 or not t.isascii())


def rem(
    candidates: Sequence[Candidate], entries: Sequence[Entry], limit: int, run: Run
) -> list[Theme]:
    """Group entries and candidates whose names and descriptions share at least two words
    and a quarter of their words into themes (connected groups; bodies are left out, their
    boilerplate would join everything), the ``limit`` largest, each labelled with its most
    shared words."""
    newest = sorted(entries, key=lambda e: e.updated, reverse=True)[:MAX_GROUPED]
    items = [(e.id, _words(f"{e.name} {e.description}")) for e in newest] + [
        (f"#{i}", _words(f"{c.name} {c.description}")) for i, c in enumerate(candidates)
    ]
    words = [w for _, w in items]
    found = tiers.themes(words)
    themes = []
    for rank, group in enumerate(found[: max(0, limit) + MAX_LEFT]):
        label = tiers.theme_label(words, group)
        if rank >= limit:
            why = f"over the REM limit ({limit} a run)"
            run.left.append(f"theme {label!r} ({len(group)} items): {why}")
            continue
        ids = tuple(items[i][0] for i in group if not items[i][0].startswith("#"))
        cands = tuple(int(items[i][0][1:]) for i in group if items[i][0].startswith("#"))
        themes.append(Theme(label, ids, cands))
        named = [*ids, *(candidates[i].name for i in cands)]
        run.themes.append(f"{label!r}: {', '.join(named)}")
    if len(found) > max(0, limit) + MAX_LEFT:
        more = len(found) - max(0, limit) - MAX_LEFT
        run.left.append(f"{_n(more, 'smaller theme')} more: over the REM limit")
    return themes


def deep(
    ops: Sequence[Operation],
    entries: Sequence[Entry],
    limit: int,
    run: Run,
    sources: Sequence[Candidate | None] = (),
) -> tuple[list[Operation], list[Candidate]]:
    """The ops that pass the promotion rules (at most ``limit`` changes to existing
    entries), and the candidates to stage again (``sources[i]``: the candidate op ``i``
    came from); each op recorded with its reason. The rules: docs/design/dreaming.md."""
    kept: list[Operation] = []
    taken = {e.id for e in entries}  # a name's id of before is the one its entry keeps
    over: list[tuple[Operation, Candidate | None]] = []
    used: set[int] = set()  # id() of the candidates an op kept came from
    changed = 0
    for i, op in enumerate(ops):
        if isinstance(op, AddOp):
            said = next((e.id for e in entries if covers(e.body, op.body)), None)
            new_id = entry_id(str(op.type), op.name)
            if said is not None:
                run.merged.append(f"{new_id} into {said}: {said} already says it")
                continue
        elif changed >= limit:
            over.append((op, sources[i] if i < len(sources) else None))
            continue
        else:
            changed += 1
        kept.append(op)
        c = sources[i] if i < len(sources) else None
        by = f"candidate {c.name!r} (session {c.session_id})" if c else "the model"
        if c is not None:
            used.add(id(c))
        if isinstance(op, AddOp):
            run.promoted.append(f"{entry_id(str(op.type), op.name)}: new ({op.description})")
        elif isinstance(op, SupersedeOp):
            new_id = entry_id(str(op.type or op.target.split("_", 1)[0]), op.name, taken)
            run.superseded.append(f"{op.target} by {new_id}: {by} replaces it")
        elif isinstance(op, ReplaceOp):
            run.merged.append(f"{op.target}: {by} refines it")
        elif isinstance(op, RemoveOp):
            run.superseded.append(f"{op.target}: removed by {by} (merged or now wrong)")
    again: list[Candidate] = []
    why = f"over the deep limit ({limit} changes a run)"
    for op, c in over:
        if c is None or id(c) in used or limit < 1:
            run.rejected.append(f"{_what(op)}: {why}")
        else:
            run.left.append(f"{_what(op)}: {why}; candidate {c.name!r} waits for the next run")
            if all(c is not a for a in again):
                again.append(c)
    return kept, again


def _n(count: int, thing: str) -> str:
    return f"{count} {thing}{'' if count == 1 else 's'}"


def _what(op: Operation) -> str:
    if isinstance(op, AddOp):
        return f"add {entry_id(str(op.type), op.name)}"
    return f"{type(op).__name__.removesuffix('Op').lower()} {getattr(op, 'target', '')}"


def parse_pattern(raw: str, members: Sequence[Entry]) -> Synthesis | None:
    """A model's synthesis reply; ``{"none": true}`` is None; anything malformed raises
    SchemaError (raw kept)."""
    data = load_object(raw, "synthesis")
    if data.get("none") is True:
        return None
    found = Synthesis.from_dict(
        {
            "kind": "synthesis",
            **data,
            "sources": [e.id for e in members],
        }
    )
    if found is None:
        raise SchemaError("synthesis", "not the shape asked for", raw)
    return found


def synthesize(
    complete: Callable[[str, str], str] | None,
    themes: Sequence[Theme],
    entries: Sequence[Entry],
    limit: int,
    run: Run,
) -> int:
    """Propose a pattern for each theme of ≥ :data:`MIN_PATTERN` entries (at most
    ``limit``), worded by the model ``complete`` (a chat call) calls; without one the diary
    notes the theme and nothing is proposed. Returns the model calls made."""
    by_id = {e.id: e for e in entries}
    names = {e.name.casefold() for e in entries}
    calls = 0
    for theme in themes:
        members = sorted((by_id[i] for i in theme.entries if i in by_id), key=lambda e: e.id)
        if len(members) < MIN_PATTERN:
            continue
        if complete is None:  # a list of descriptions is no pattern: nothing to review
            ids = ", ".join(e.id for e in members)
            run.noticed.append(
                f"{theme.label!r} ({ids}): theme noticed; a model is needed to word a pattern"
            )
            continue
        if len(run.proposals) >= limit:
            run.left.append(
                f"pattern of theme {theme.label!r} ({len(members)} entries): over the "
                f"synthesis limit ({limit} a run)"
            )
            continue
        text = "\n\n".join(
            json.dumps(
                {"id": e.id, "description": e.description, "body": e.body[:600]},
                ensure_ascii=False,
            )
            for e in members
        )
        calls += 1
        try:
            found = parse_pattern(complete(SYNTHESIZE_PROMPT, text), members)
        except MemdirError as exc:
            run.rejected.append(f"pattern {theme.label!r}: {exc}")
            continue
        if found is None:
            run.rejected.append(f"pattern {theme.label!r}: the model saw none")
        elif found.name.casefold() in names:
            run.rejected.append(f"pattern {found.name!r}: an entry of that name exists")
        else:
            run.proposals.append(found)
    return calls
