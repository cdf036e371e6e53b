"""Review: audit every scope and propose changes; apply only the proposals named.
See docs/design/review.md."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.changes import AddOp, Operation, RemoveOp, ReplaceOp
from ..core.errors import MemdirError, ParseError
from ..core.index import INDEX_MAX_BYTES, INDEX_MAX_LINES
from ..core.model import Entry, normalise
from ..core.notices import warn_once
from ..core.prompt import gone_references
from ..core.storage.regular import atomic_write, read_json
from ..core.store import state_key
from . import approval, diary
from .apply import PREFIX, Action, Proposal, SkillWrite, apply_all
from .choices import CHOICES, preferred
from .similar import near_duplicate, similarity

if TYPE_CHECKING:
    from ..core.layers import Layers
    from ..core.skills import SkillDraft
    from ..core.store import Store

KINDS = ("pending", "merge", "conflict", "stale", "promote", "synthesis", "skill", "index")
BUDGET_SHARE = 0.8  # an index past this share of its line or byte budget is reported
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9`*\"'(\[])")
_TEAM = re.compile(
    r"\b(we|our|the team|this repo(?:sitory)?|everyone|convention|"
    r"code review|CI|pull requests?)\b",
    re.IGNORECASE,
)


def _make(
    kind: str,
    title: str,
    detail: str,
    entries: Sequence[str],
    actions: Sequence[Action],
    exports: Sequence[str] = (),
    skills: Sequence[SkillWrite] = (),
) -> Proposal:
    digest = hashlib.sha1(
        repr(
            (kind, sorted(entries), [(a.scope, a.folder, a.ops) for a in actions], *exports)
            + ((tuple(skills),) if skills else ())
        ).encode()
    ).hexdigest()
    return Proposal(
        kind,
        title,
        detail,
        tuple(entries),
        tuple(actions),
        f"{kind}-{digest[:6]}",
        tuple(exports),
        tuple(skills),
    )


def _preferred(entry: Entry, group: tuple[str, ...]) -> frozenset[str]:
    return preferred(f"{entry.name}\n{entry.body}", group)


def _pairs(store: Store, entries: list[Entry]) -> list[Proposal]:
    out: list[Proposal] = []
    done: set[str] = set()
    for i, a in enumerate(entries):
        for b in entries[i + 1 :]:
            if a.id in done or b.id in done:
                continue
            old, new = (a, b) if (a.updated, a.id) <= (b.updated, b.id) else (b, a)
            keys = [f"{store.scope}:{old.id}", f"{store.scope}:{new.id}"]
            remove = (Action(store.scope, (RemoveOp(old.id),)),)
            conflict = next(
                (
                    (pa, pb)
                    for g in CHOICES
                    if len(pa := _preferred(old, g)) == 1
                    and len(pb := _preferred(new, g)) == 1
                    and pa != pb
                ),
                None,
            )
            if conflict is not None:  # different values of one choice: not a duplicate
                done.add(old.id)
                out.append(
                    _make(
                        "conflict",
                        f"{old.id} and {new.id} disagree",
                        f"{old.id!r} prefers {min(conflict[0])}, {new.id!r} prefers "
                        f"{min(conflict[1])}; keep the newer, archive {old.id!r}",
                        keys,
                        remove,
                    )
                )
                continue
            if normalise(a.name) == normalise(b.name) or near_duplicate(a.body, b.body):
                score = similarity(a.body, b.body)
                done.add(old.id)
                out.append(_merge(store.scope, old, new, score, keys))
    return out


def _units(body: str) -> list[str]:
    """A body as lines, a fenced code block kept whole."""
    units: list[str] = []
    fence: list[str] | None = None
    for line in body.splitlines():
        if line.lstrip().startswith(("```", "~~~")):
            if fence is None:
                fence = [line]
                continue
            units.append("\n".join([*fence, line]))
            fence = None
        elif fence is not None:
            fence.append(line)
        elif line.strip():
            units.append(line)
    if fence:
        units.append("\n".join(fence))
    return units


_END = ".!?;:。！？ "


def _bare(text: str) -> str:
    return normalise(text).rstrip(_END)


def _said(text: str, have: str, sentences: set[str]) -> bool:
    """Whether ``have`` (normalised) says ``text``, or one of its ``sentences`` (lines and
    sentences, :func:`_bare`) is ``text`` but for a final period or the like."""
    return normalise(text) in have or _bare(text) in sentences


def only_in(older: str, newer: str) -> list[str]:
    """What ``older`` says that ``newer`` does not: its lines (or, where a line is partly
    covered, its sentences) whose whitespace- and case-insensitive form (a final period
    aside) is not in ``newer``, in order."""
    have = normalise(newer)
    units = _units(newer)
    sentences = {_bare(x) for u in units for x in (u, *_SENTENCE.split(u))} - {""}
    missing: list[str] = []
    for unit in _units(older):
        if _said(unit, have, sentences):
            continue
        if "\n" in unit:
            missing.append(unit)
            continue
        parts = _SENTENCE.split(unit)
        new = [p for p in parts if not _said(p, have, sentences)]
        if new:  # every sentence said already (in another order): nothing to add
            missing.append(unit if len(new) == len(parts) else " ".join(new))
    return list(dict.fromkeys(missing))


def _merge(scope: str, old: Entry, new: Entry, score: float, keys: list[str]) -> Proposal:
    """Fold ``old`` into ``new`` (what only ``old`` says, its origins), archive ``old``."""
    extra = only_in(old.body, new.body)
    origins = tuple(o for o in old.origins if o not in new.origins)
    ops: list[Operation] = []
    if extra or origins:
        body = new.body.rstrip() + "\n\n" + "\n".join(extra) if extra else None
        ops.append(ReplaceOp(new.id, body=body, origins=origins))
    ops.append(RemoveOp(old.id))
    gains = []
    if extra:
        gains.append(
            f"{len(extra)} line{'s' if len(extra) > 1 else ''} only {old.id!r} has "
            f"({'; '.join(_shorten(x, 50) for x in extra[:3])}"
            f"{'; …' if len(extra) > 3 else ''})"
        )
    if origins:
        gains.append(f"its origins ({', '.join(origins)})")
    what = (
        f"keep the newer {new.id!r}, add to it {' and '.join(gains)}, then archive {old.id!r}"
        if gains
        else f"{new.id!r} already says all of it; archive {old.id!r}"
    )
    return _make(
        "merge",
        f"{old.id} duplicates {new.id}",
        f"{score:.0%} alike in the {scope} scope; {what}",
        keys,
        [Action(scope, tuple(ops))],
    )


def _across(entries: dict[str, list[Entry]], writable: set[str]) -> list[Proposal]:
    """A local entry another scope of this project already says all of (the same fact
    imported into the user scope and the local one: every session reads it twice):
    archive the local copy. Nothing is folded into the other scope, which other
    projects (or the team) read too."""
    out: list[Proposal] = []
    if "local" not in writable:
        return out
    for e in entries.get("local", []):
        for scope, others in entries.items():
            kept = next(
                (
                    o
                    for o in ([] if scope == "local" else others)
                    if o.type is e.type
                    and (normalise(o.name) == normalise(e.name) or near_duplicate(o.body, e.body))
                    and not only_in(e.body, o.body)
                ),
                None,
            )
            if kept is not None:
                out.append(
                    _make(
                        "merge",
                        f"local:{e.id} duplicates {scope}:{kept.id}",
                        f"{similarity(e.body, kept.body):.0%} alike; the {scope} scope's "
                        f"{kept.id!r} already says all of it and is read in this project "
                        f"too; archive the local copy {e.id!r}",
                        [f"local:{e.id}", f"{scope}:{kept.id}"],
                        [Action("local", (RemoveOp(e.id),))],
                    )
                )
                break
    return out


def _stale(md: Layers, store: Store, entries: list[Entry]) -> list[Proposal]:
    """Entries naming files or symbols that are gone, and entries neither read, cited nor
    changed for ``max_unused_days`` (the same usage the index's decay uses)."""
    from ..core.decay import stale

    out = []
    root = md.project_root if store.scope in ("project", "local") else None
    if root is not None and md.folder_withheld() is not None:
        root = None  # a team server's user not granted the folder's project: not looked up
    used = {}
    if md.has_state:
        used = {eid: t for (_, eid), t in md.usage().last_used([state_key(store)]).items()}
    unused = {e.id for e in stale(entries, used, md.clock(), md.settings.max_unused_days)}
    for e in entries:
        why = "; ".join(
            f"{what} is gone" for what, _ in gone_references(e.body, root, inside_only=md.served)
        )
        if not why and e.id in unused:
            last = max(e.updated, used.get(e.id, e.updated))
            why = f"not read, cited or changed for {(md.clock() - last).days} days"
        if why:
            out.append(
                _make(
                    "stale",
                    f"{e.id} looks stale",
                    f"{why}; archive it",
                    [f"{store.scope}:{e.id}"],
                    [Action(store.scope, (RemoveOp(e.id),))],
                )
            )
    return out


def _copy(e: Entry) -> AddOp:
    return AddOp(e.type, e.name, e.description, e.body, pinned=e.pinned)


def _promotions(md: Layers, entries: dict[str, list[Entry]]) -> list[Proposal]:
    out = []
    project_ok = "project" in md.locations and not md.locations["project"].unavailable
    for e in entries.get("local", []):
        if project_ok and e.type.value in ("feedback", "project") and _TEAM.search(e.body):
            move = [Action("project", (_copy(e),)), Action("local", (RemoveOp(e.id),))]
            out.append(
                _make(
                    "promote",
                    f"{e.id} reads like a team convention → project scope",
                    "move it to the project scope (.memdir/, shared with the repository)",
                    [f"local:{e.id}"],
                    move,
                )
            )
            if e.type.value == "feedback":
                agents = md.checkout_root / "AGENTS.md"
                out.append(
                    _make(
                        "promote",
                        f"{e.id} reads like a team convention → AGENTS.md",
                        f"move it to the project scope, then refresh the memdir section of "
                        f"{agents} (the project scope's feedback rules, for every harness that "
                        f"reads AGENTS.md); the rest of that file is kept byte for byte",
                        [f"local:{e.id}"],
                        move,
                        exports=("agents-md",),
                    )
                )
    here = Path(md.locations["local"].path) if "local" in md.locations else None
    user_names = {normalise(e.name) for e in entries.get("user", [])}
    seen: dict[str, list[tuple[Path, Entry]]] = {}
    for folder in md.local_folders():
        try:
            others = md.store_at(folder).list()
        except MemdirError:
            continue
        for e in others:
            seen.setdefault(normalise(e.name) + "\n" + normalise(e.body), []).append((folder, e))
    for found in seen.values():
        if len(found) < 2 or normalise(found[0][1].name) in user_names:
            continue
        e = found[0][1]
        actions = [Action("user", (_copy(e),))] + [
            Action("local", (RemoveOp(x.id),), None if f == here else str(f)) for f, x in found
        ]
        out.append(
            _make(
                "promote",
                f"{e.id} is the same rule in {len(found)} projects",
                "move it to the user scope, which every project loads",
                [f"local:{x.id}@{f.name}" for f, x in found],
                actions,
            )
        )
    return out


def _patterns(md: Layers, store: Store, entries: list[Entry]) -> list[Proposal]:
    """The last dreaming run's synthesis proposals (DREAMS.md) whose sources all still
    exist and whose name is still free."""
    ids = {e.id for e in entries}
    names = {normalise(e.name) for e in entries}
    out = []
    for p in diary.proposals(md, store):
        if not isinstance(p, diary.Synthesis):
            continue
        if not set(p.sources) <= ids or normalise(p.name) in names:
            continue
        out.append(
            _make(
                "synthesis",
                f"a pattern across {len(p.sources)} entries: {p.name}",
                f"{p.description}; add it to the {store.scope} scope "
                f"(from {', '.join(p.sources)}; the last dreaming run's DREAMS.md)",
                [f"{store.scope}:{s}" for s in p.sources],
                [Action(store.scope, (AddOp(p.type, p.name, p.description, p.body),))],
            )
        )
    return out


def skill_proposal(scope: str, d: SkillDraft) -> Proposal:
    """The review proposal that writes draft ``d`` into ``scope`` (its id depends only on
    the scope, name and text, so consolidation can tell a draft rejected before)."""
    seen = f"seen in {len(d.sessions)} sessions ({', '.join(d.sessions[:5])})"
    title = (
        f"edit skill:{d.name}: steps {seen}"
        if d.base
        else f"new skill:{d.name}, a procedure {seen}"
    )
    return _make(
        "skill",
        title,
        f"write skills/{d.name}/SKILL.md in the {scope} scope (the last dreaming run's "
        f"DREAMS.md; the text is shown below it)",
        [f"{scope}:skill:{d.name}"],
        [],
        skills=[SkillWrite(scope, d.name, d.text)],
    )


def _skills(md: Layers, store: Store) -> list[Proposal]:
    """The last dreaming run's skill drafts (DREAMS.md): a new skill while no scope has
    one of that name, an edit while the skill's text is still the one it was drafted on."""
    from ..core.skills import fingerprint, list_skills

    drafts = [p for p in diary.proposals(md, store) if not isinstance(p, diary.Synthesis)]
    if not drafts:
        return []
    here = {s.name: s for s in list_skills(store.backend, store.scope)[0]}
    visible = {s.name for s in md.skills()}
    out = []
    for d in drafts:
        if d.base:
            current = here.get(d.name)
            if current is None or fingerprint(current.text) != d.base:
                continue
        elif d.name in visible:
            continue
        out.append(skill_proposal(store.scope, d))
    return out


def _index(store: Store, entries: list[Entry]) -> list[Proposal]:
    text = store.render_index(entries, [])
    lines, size = text.count("\n"), len(text.encode("utf-8"))
    share = max(lines / INDEX_MAX_LINES, size / INDEX_MAX_BYTES)
    if share < BUDGET_SHARE:
        return []
    longest = sorted(entries, key=lambda e: len(e.description), reverse=True)[:5]
    ops = tuple(
        ReplaceOp(e.id, description=_shorten(e.description))
        for e in longest
        if _shorten(e.description) != e.description
    )
    return [
        _make(
            "index",
            f"the {store.scope} index is at {share:.0%} of its budget",
            f"{lines} lines, {size:,} bytes (limits {INDEX_MAX_LINES} lines, "
            f"{INDEX_MAX_BYTES:,} bytes); shorten the longest lines: "
            f"{', '.join(e.id for e in longest)}",
            [f"{store.scope}:{e.id}" for e in longest],
            [Action(store.scope, ops)] if ops else [],
        )
    ]


def _indented(text: str, lines: int | None = 40) -> str:
    """A SKILL.md (or a held write) shown under its proposal: indented, at most ``lines``
    lines (None: all)."""
    shown = text.splitlines()
    out = [f"      {line}\n" for line in shown[:lines]]
    if lines is not None and len(shown) > lines:
        out.append(f"      … {len(shown) - lines} more lines\n")
    return "".join(out)


def _shorten(text: str, width: int = 60) -> str:
    if len(text) <= width:
        return text
    cut = text[: width - 1].rsplit(" ", 1)[0].rstrip(",;:.- ")
    return cut + "…"


REJECTED = "review-rejected.json"  # in the memory home: ids of rejected proposals
MAX_REJECTED = 1000


def rejected_path(md: Layers) -> Path:
    """Where rejected ids are kept on one machine: in the memory home (on the team
    backend they are rows of the user's own state, which every server reads)."""
    return md.home / REJECTED


def rejected(md: Layers, *, strict: bool = False) -> list[str]:
    """Ids of the proposals rejected so far (oldest first); a file not read is a warning,
    or with ``strict`` (before it is written over) a :class:`MemdirError`."""
    if md.database is not None:
        rows = md.sessions.db.read(
            lambda c: c.execute("SELECT id FROM review_rejected ORDER BY seq").fetchall(),
            action="read the rejected review proposals",
        )
        return [str(r[0]) for r in rows]
    path = rejected_path(md)
    advice = (  # the user's earlier rejections are kept, never written over
        "It holds the ids of the proposals you rejected; fix it, or move it aside (those "
        "proposals are then offered again), and reject again."
    )
    try:
        ids = read_json(path, 1 << 20, kind=list, advice=advice) or []
    except ParseError as exc:
        if strict:
            raise
        warn_once(f"rejected review proposals not read from {path}: {exc.reason}")
        return []
    return [i for i in ids if isinstance(i, str)]


class UnknownProposalError(MemdirError):
    """No current proposal has these ids (``ids``): decided already, or its entries
    changed since the review listed it. The message says to list them again."""

    def __init__(
        self, ids: Sequence[str], again: str = "run `memdir review` again for current ids"
    ) -> None:
        self.ids = list(ids)
        held = any(i.startswith(PREFIX) for i in ids)
        super().__init__(
            f"no proposal {', '.join(ids)} ("
            + ("a held write already applied or rejected is no longer held; " if held else "")
            + f"entries may have changed since the review); {again}"
        )


def reject(md: Layers, ids: Sequence[str]) -> list[Proposal]:
    """Reject the proposals named: they are not proposed again. An id is a hash of what
    the proposal would do, so a different change to the same entries is a new proposal.
    A rejected pending write is dropped and leaves a tombstone (:func:`approval.reject`)."""
    proposals = {p.id: p for p in propose(md, include_rejected=True)}
    unknown = [i for i in ids if i not in proposals]
    if unknown:
        raise UnknownProposalError(unknown)
    named = list(dict.fromkeys(ids))
    held = [i for i in named if proposals[i].kind == "pending"]
    if held:
        approval.reject(md, held)
    others = [i for i in named if i not in held]
    if others:
        _remember_rejected(md, others)
    return [proposals[i] for i in named]


def _remember_rejected(md: Layers, ids: Sequence[str]) -> None:
    if md.database is not None:  # the newest MAX_REJECTED are kept, as in the file
        now = md.clock().timestamp()

        def insert(c: Any) -> None:
            c.executemany(
                "INSERT OR IGNORE INTO review_rejected (id, rejected_at) VALUES (?, ?)",
                [(i, now) for i in ids],
            )
            c.execute(
                "DELETE FROM review_rejected WHERE seq NOT IN (SELECT seq FROM "
                "review_rejected ORDER BY seq DESC LIMIT ?)",
                (MAX_REJECTED,),
            )

        md.sessions.db.write(insert, action="record the rejected review proposals")
        return
    kept = list(dict.fromkeys([*rejected(md, strict=True), *ids]))[-MAX_REJECTED:]
    path = rejected_path(md)
    try:
        atomic_write(path, json.dumps(kept).encode())
    except OSError as exc:
        raise MemdirError(f"Cannot record the rejection in {path}: {exc.strerror}") from exc


def propose(md: Layers, *, include_rejected: bool = False) -> list[Proposal]:
    """Every proposal for every scope, grouped by kind (see :data:`KINDS`); those
    rejected (:func:`reject`) are left out unless ``include_rejected``."""
    found: list[Proposal] = []
    entries: dict[str, list[Entry]] = {}
    writable: set[str] = set()
    for store in md.stores():
        listed = sorted(store.list(), key=lambda e: (e.created, e.id))
        entries[store.scope] = listed
        if store.read_only:
            continue
        writable.add(store.scope)
        found += _pairs(store, listed) + _stale(md, store, listed) + _index(store, listed)
        found += _patterns(md, store, listed) + _skills(md, store)
    found += _promotions(md, entries) + _across(entries, writable)
    if not include_rejected:
        gone = set(rejected(md))
        found = [p for p in found if p.id not in gone]
    found += approval.proposals(md)  # writes held by approval = "ask" (rejecting drops them)
    return sorted(found, key=lambda p: (KINDS.index(p.kind), p.title))


def apply(md: Layers, ids: Sequence[str]) -> list[Proposal]:
    """Apply exactly the proposals named by ``ids`` through the normal write path, all or
    none: every one is checked before any is written (see :mod:`memdir.review.apply`)."""

    proposals = {p.id: p for p in propose(md)}
    unknown = [i for i in ids if i not in proposals]
    if unknown:
        raise UnknownProposalError(unknown)
    chosen = [proposals[pid] for pid in dict.fromkeys(ids)]
    advice = [p.id for p in chosen if not p.actions and not p.skills]
    odd = next((p for p in chosen if p.id in advice and p.kind == "pending"), None)
    if odd is not None:  # a held write of an unknown writer (approval.proposals)
        raise MemdirError(f"Nothing was applied: {odd.id} {odd.detail}")
    if advice:
        raise MemdirError(
            f"{', '.join(advice)} {'is' if len(advice) == 1 else 'are'} advice "
            f"only; change the entries named by hand. Nothing was applied."
        )
    with approval.claimed(md, [p.id for p in chosen if p.kind == "pending"]):
        apply_all(md, chosen)
    return chosen


def report_text(md: Layers, proposals: Sequence[Proposal] | None = None) -> str:
    """The review as text, grouped by kind, one proposal per paragraph."""
    proposals = propose(md) if proposals is None else proposals
    if not proposals:
        return (
            "Nothing to review: no duplicates, conflicts, stale entries, promotions, "
            "or index near its budget.\n"
        )
    titles = {
        "pending": "Writes awaiting your approval (--apply ID or --reject ID)",
        "merge": "Duplicates (merge)",
        "conflict": "Conflicts",
        "stale": "Stale",
        "promote": "Promotions",
        "synthesis": "Patterns from the last dreaming run (DREAMS.md)",
        "skill": "Skills from procedures repeated across sessions (DREAMS.md)",
        "index": "Index budget",
    }
    out = []
    for kind in KINDS:
        group = [p for p in proposals if p.kind == kind]
        if group:
            out.append(f"## {titles[kind]}\n")
            for p in group:
                out.append(f"- [{p.id}] {p.title}: {p.detail}\n")
                out += [_indented(w.text) for w in p.skills]
                if p.text:  # a held write: all of what applying it writes, never cut
                    out.append(_indented(p.text, lines=None))
            out.append("\n")
    out.append("Apply with `memdir review --apply ID …`; nothing changes until then.\n")
    return "".join(out)
