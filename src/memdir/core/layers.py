"""Reading across scopes: a more local entry shadows a less local one of the same name,
project-scope entries the guard flags are withheld, and find, search, read and the system
block see memory that way."""

from __future__ import annotations

import dataclasses
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import harness_reads
from .budgets import Budget
from .changes import resolve
from .errors import DatabaseError, MemdirError, NotFoundError
from .harness_reads import HARNESSES
from .index import INDEX_MAX_LINES
from .instruction_guard import warned, withhold
from .instructions import MAX_FILE_BYTES, MAX_INCLUDED_BYTES, Instruction, Note, gather
from .model import Entry, Source, normalise
from .notices import warn_once
from .persona import PersonaLayer
from .prompt import (
    ScopeView,
    Section,
    display_path,
    render_read,
    system_sections,
    withheld_files,
)
from .skills import SkillsLayer
from .skills import listing as skill_listing
from .store import RepairReport, Store, state_key

if TYPE_CHECKING:
    from ..sessions import DbHealth, EntryIndex
    from ..sessions.links import EntityCount, EntityLinks
    from ..sessions.maintenance import Progress


@dataclass(frozen=True)
class Hit:
    """One search result: the entry, its scope and a relevance score (higher is better)."""

    entry: Entry
    scope: str
    score: float


@dataclass(frozen=True)
class ScopeHealth:
    """One scope as :meth:`Layers.check` found it."""

    name: str
    path: Path | str  # str: a scope on the team database (its URL and key)
    exists: bool
    entries: int = 0
    report: RepairReport | None = None
    error: str | None = None
    note: str | None = None

    @property
    def healthy(self) -> bool:
        """No error and no unreadable file."""
        return self.error is None and not (self.report and self.report.problems)


@dataclass(frozen=True)
class Explanation:
    """What :meth:`Layers.explain` found: the block's sections and what was left out."""

    sections: list[Section]
    notes: list[Note]

    @property
    def text(self) -> str:
        """The system block these sections make."""
        return "".join(s.text for s in self.sections)


@dataclass(frozen=True)
class EntryState:
    """One active entry as a person browsing memory sees it (:meth:`Layers.overview`):
    its use count and last use, and why an agent would not see it — shadowed by a more
    local entry, withheld by the guard, or left out of the index by usage decay."""

    scope: str
    entry: Entry
    uses: int = 0
    last_used: datetime | None = None
    shadowed: str | None = None  # why, e.g. "shadowed by the local entry …"
    withheld: str | None = None  # the guard's rule
    unused: bool = False


_Merged = list[tuple[Store, list[Entry], list[tuple[str, str]]]]


class Layers(PersonaLayer, SkillsLayer):
    """A workspace read as one memory: every scope, most local last (persona and skills
    in :mod:`.persona` and :mod:`.skills`)."""

    _entry_index: EntryIndex | None = None
    _scratch_index: EntryIndex | None = None  # in memory, when state.db fails

    def _visible(
        self, store: Store, *, include_archived: bool = False, listed: list[Entry] | None = None
    ) -> tuple[list[Entry], list[tuple[str, str]]]:
        """A scope's entries (``listed``: its active ones, already read) an agent may see,
        and ``(id, rule)`` of those withheld: the project scope arrives with a cloned
        repository, so the guard scans it first."""
        entries = store.list(include_archived=include_archived) if listed is None else listed
        if store.scope != "project":
            return entries, []
        shown, withheld = [], []
        for entry in entries:
            rule = self._judged(f"{entry.name}\n{entry.description}\n{entry.body}")
            if rule is None:
                shown.append(entry)
            else:
                withheld.append((entry.id, rule))
        self._save_verdicts()
        return shown, withheld

    def _merged(
        self, listed: list[tuple[Store, list[Entry]]] | None = None
    ) -> tuple[_Merged, list[Note]]:
        """Each scope's visible entries with those shadowed by a more local entry of the
        same name (or id) left out, the guard's withheld ones, and notes on the shadowing
        (``listed``: the stores and their active entries, already read)."""
        if listed is None:
            listed = [(store, store.list()) for store in self.stores()]
        scopes = [(store, *self._visible(store, listed=entries)) for store, entries in listed]
        owner: dict[str, tuple[str, Entry]] = {}  # name key or id -> (scope, entry)
        for store, shown, _ in scopes:
            for entry in shown:
                owner[normalise(entry.name)] = owner[entry.id] = (store.scope, entry)
        notes: list[Note] = []
        merged = []
        for store, shown, withheld in scopes:
            kept = []
            for entry in shown:
                winner, by_id = owner[normalise(entry.name)], owner[entry.id]
                # a twin in the same scope (Deploy, deploy) shadows nothing: both are read
                if (winner[1] is not entry and winner[0] != store.scope) or (
                    by_id[1] is not entry and by_id[0] != store.scope
                ):
                    by = winner if winner[1] is not entry and winner[0] != store.scope else by_id
                    notes.append(
                        Note(
                            store.scope,
                            entry.id,
                            f"shadowed by the {by[0]} entry {by[1].id} ({by[1].name!r})",
                        )
                    )
                else:
                    kept.append(entry)
            merged.append((store, kept, withheld))
        return merged, notes

    def entries(self) -> list[tuple[str, Entry]]:
        """Active entries of every scope as ``(scope, entry)``; a more local entry with the
        same name (or id) shadows a less local one."""
        return [(store.scope, e) for store, kept, _ in self._merged()[0] for e in kept]

    def find(
        self, target: str, *, scope: str | None = None, include_archived: bool = False
    ) -> tuple[str, Entry]:
        """One entry and its scope, by id or unique substring of an active entry (a more
        local scope shadows a less local one). With ``include_archived``, an archived id
        matches too."""
        self._require_enabled()
        if scope is not None:
            return scope, self.store(scope).get(target, include_archived=include_archived)
        if include_archived:
            for store in reversed(self.stores()):
                archived = {
                    e.id: e for e in self._visible(store, include_archived=True)[0] if e.archived
                }
                key = target if target in archived else unicodedata.normalize("NFKC", target)
                if key in archived:  # typed as it is made, or in half width (ﾃﾞﾌﾟﾛｲ)
                    return store.scope, archived[key]
        pairs = self.entries()
        scope_of = {e.id: s for s, e in pairs}
        try:
            entry = resolve(target, {e.id: e for _, e in pairs})
        except NotFoundError as exc:
            if self._ungranted:  # it may be the project's: say why that is not searched
                why = self.locations["project"].unavailable
                exc.args = (f"{exc} The project scope is not available here: {why}.",)
            raise
        return scope_of[entry.id], entry

    def withheld_entries(self) -> dict[str, tuple[Entry, str]]:
        """The project scope's active entries the guard withholds from agents:
        id → (entry, rule)."""
        self._require_enabled()
        for store in self.stores():
            if store.scope == "project":
                listed = store.list()
                rules = dict(self._visible(store, listed=listed)[1])
                return {e.id: (e, rules[e.id]) for e in listed if e.id in rules}
        return {}

    def find_including_withheld(
        self, target: str, *, scope: str | None = None, include_archived: bool = False
    ) -> tuple[str, Entry, str | None]:
        """:meth:`find`, or else a project entry the guard withholds from agents, with the
        guard's rule (None when not withheld): a person may read or remove what a cloned
        repository brought, also when ``scope="project"`` found it."""
        try:
            found, entry = self.find(target, scope=scope, include_archived=include_archived)
        except NotFoundError as exc:
            held = self.withheld_entries() if scope is None else {}
            try:
                entry = resolve(target, {i: e for i, (e, _) in held.items()})
            except NotFoundError:
                raise exc from None
            return "project", entry, held[entry.id][1]
        if found == "project" and entry.id in (held := self.withheld_entries()):
            return found, entry, held[entry.id][1]
        return found, entry, None

    def entities(self, *, limit: int = 50) -> list[EntityCount]:
        """The entities (people, projects, repositories, hosts, packages) the live entries
        and the logged messages name, most named first."""
        from ..sessions import links

        locations = self._link_entities()
        return self.sessions.db.read(lambda c: links.counts(c, locations, limit))

    def entity(self, name: str, *, limit: int = 20) -> EntityLinks:
        """The live entries and the messages that name the entity ``name``."""
        from ..sessions import links

        locations = self._link_entities()
        return self.sessions.db.read(lambda c: links.naming(c, name, locations, limit))

    def _link_entities(self) -> list[str]:
        """Bring the entity links up to date (entries and messages); the scope folders."""
        locations = self.sync_entry_index()
        while self.sessions.link_entities():
            pass
        return locations

    def sync_entry_index(self) -> list[str]:
        """Bring the search index of the live entries (and their links) up to date; the
        scope folders."""
        self._require_enabled()
        from ..sessions import EntryDoc, EntryIndex

        stores = self.stores()
        locations = [s.backend.location for s in stores]
        if self._entry_index is None:
            self._entry_index = EntryIndex(self.sessions.db, ranker=self.sessions.ranker)
        docs = [EntryDoc(s.backend.location, s.scope, e) for s in stores for e in s.list()]
        self._entry_index.sync(docs, [(loc, False) for loc in locations])
        return locations

    def search(
        self, query: str, *, limit: int = 10, include_archived: bool = False, strict: bool = False
    ) -> list[Hit]:
        """Entries across scopes ranked against ``query`` (full-text, the same ranking as
        session search); history too if asked; ``strict`` (recall): an entry sharing only
        bare numbers or stop words with it is no match. Never raises on the query text."""
        self._require_enabled()
        from ..sessions import Database, EntryDoc, EntryIndex

        stores = self.stores()
        docs = [
            EntryDoc(store.backend.location, store.scope, entry)
            for store in stores
            for entry in self._visible(store, include_archived=include_archived)[0]
        ]
        if self._entry_index is None:
            self._entry_index = EntryIndex(self.sessions.db, ranker=self.sessions.ranker)
        locations = [s.backend.location for s in stores]
        args = (query, docs, locations)
        try:
            ranked = self._entry_index.search(
                *args, include_archived=include_archived, limit=limit, strict=strict
            )
        except DatabaseError as exc:  # damaged, or read-only: the index is only a copy
            if not getattr(self.sessions.db, "read_only", False):  # said once on opening
                warn_once(f"memory search used a temporary index: {exc}")
            if self._scratch_index is None:
                self._scratch_index = EntryIndex(Database(":memory:"))
            ranked = self._scratch_index.search(
                *args, include_archived=include_archived, limit=limit, strict=strict
            )
        return [Hit(doc.entry, doc.scope, round(score, 4)) for doc, score in ranked]

    def read(self, target: str, *, depth: str = "full") -> str:
        """An entry's body (``depth="overview"``: its L1 overview) with its staleness
        reminder and missing-reference notes."""
        self._require_enabled()
        from .tiers import parse_depth

        depth = parse_depth(depth)
        scope, entry = self.find(target)
        return render_read(entry, scope, self.clock(), depth=depth, **self._reference_check())

    def scope_overview(self, scope: str, *, search: str = "memory_search") -> str:
        """L1 of one scope: its visible entries grouped by theme (docs/design/tiers.md);
        ``search``: the search tool by the name the model calls it."""
        self._require_enabled()
        from .tiers import scope_overview

        self.store(scope)  # an unknown or unavailable scope raises here
        merged = self._merged()[0]
        self.store(scope)  # and one the listing found taken away (a project ungranted)
        kept = next((k for s, k, _ in merged if s.scope == scope), [])
        return scope_overview(scope, kept, search=search)

    # -- the system block ------------------------------------------------------------------

    def scope_views(self) -> list[ScopeView]:
        """Each existing scope's current entries (shadowed ones left out), for rendering
        the snapshot."""
        return self._views(self._merged()[0], decayed=False)

    def _views(self, merged: _Merged, *, decayed: bool = True) -> list[ScopeView]:
        """The scopes of :meth:`_merged` as views (by default without unused entries)."""
        views = [  # where each scope is as its user may be told (never a server's address)
            ScopeView(s.scope, s.backend.shown() or f"the {s.scope} scope", k, s.pinned_budget, w)
            for s, k, w in merged
        ]
        return [self._decayed(v) for v in views] if decayed else views

    def _decayed(self, view: ScopeView) -> ScopeView:
        """The view without entries unused for ``max_unused_days`` (listed as unused)."""
        days = self.settings.max_unused_days
        if days <= 0 or not view.entries:
            return view
        from .decay import stale

        used = {}
        if self.has_state:
            try:
                key = state_key(self.store(view.name))
                used = {eid: t for (_, eid), t in self.usage().last_used([key]).items()}
            except MemdirError as exc:  # a damaged state.db must not keep memory out
                note = f"usage decay skipped: {exc}"
                if note not in self.warnings:
                    self.warnings.append(note)
                return view
        old = stale(view.entries, used, self.clock(), days)
        if not old:
            return view
        gone = {e.id for e in old}
        return dataclasses.replace(
            view,
            entries=[e for e in view.entries if e.id not in gone],
            unused=old,
            unused_days=days,
        )

    def instructions(
        self, paths: Sequence[str | Path] | None = None, *, withheld: str | None = None
    ) -> tuple[list[Instruction], list[Note]]:
        """Instruction files and rules that apply (for a session working on ``paths``), in
        ascending precedence, and notes on what was left out. On a team server, none of
        the checkout's when its user may not read its project (``withheld``: why, when the
        caller asked :meth:`folder_withheld` already)."""
        if not self.settings.enabled:
            return [], []
        return gather(
            [loc for loc in self.locations.values() if not (self.projectless and loc.unavailable)],
            checkout=self.checkout_root,
            start=self.settings.project,
            names=self.settings.instruction_files,
            include_dirs=self.settings.include_dirs,
            paths=paths,
            project_root=self.project_root,
            codex=self.settings.codex_docs,
            withheld=withheld or self.folder_withheld(),
            claude_home=self.settings.claude_home,
            hermes_home=self.settings.hermes_home,
        )

    def _sections(
        self,
        paths: Sequence[str | Path] | None,
        tools: Mapping[str, str] | None = None,
        harness: str | None = None,
    ) -> tuple[list[Section], list[ScopeView], list[Note]]:
        merged, notes = self._merged()
        views = self._views(merged)
        withheld = self.folder_withheld()
        instructions, instruction_notes = self.instructions(paths, withheld=withheld)
        harness = harness_reads.harness(harness)  # checked: an unknown name is an error
        theirs = [i for i in instructions if harness in i.loaded_by]  # none for None
        instructions = [i for i in instructions if harness not in i.loaded_by]
        shown = [display_path(i.path, self.checkout_root) for i in theirs]

        def where_is(item: Instruction) -> str:
            return display_path(item.path, self.checkout_root)

        left_out = None
        if harness is not None and theirs:
            line = harness_reads.left_out_line(harness, shown)
            flagged, flagged_notes = warned(theirs, self._judged, where_is, HARNESSES[harness])
            left_out = Section("harness", None, HARNESSES[harness], line + flagged)
            instruction_notes += [
                Note(i.scope, where, f"left out: {HARNESSES[harness]} loads it itself")
                for i, where in zip(theirs, shown, strict=True)
            ] + flagged_notes
        instructions, guarded = withhold(instructions, self._judged, where_is)
        self._save_verdicts()
        instruction_notes += guarded
        sections = system_sections(
            views, instructions, checkout=self.checkout_root, tools=tools, harness_line=left_out
        )
        if withheld is not None and not self.stand_in:  # said where they are: no silent drop
            where = str(self.checkout_root)
            sections.append(Section("withheld", "project", where, withheld_files(where, withheld)))
        persona, persona_notes = self._persona()
        if persona:  # seed 004's order: persona, then the user's memory, then the rules
            sections.insert(0, Section("soul", None, "SOUL.md", persona))
        skills, problems = self._skills()
        listed = skill_listing(skills, tools)
        if listed:  # after memory, before the instruction files
            at = next(
                (i for i, x in enumerate(sections) if x.kind in ("heading", "harness")),
                len(sections),
            )
            sections.insert(at, Section("skills", None, "skills/*/SKILL.md", listed))
        skill_notes = [
            Note(s.scope, f"skill:{s.name}", f"withheld by the memory guard (rule {s.withheld})")
            for s in skills
            if s.withheld
        ]
        skill_notes += [Note(None, "skills", p) for p in problems]
        return sections, views, notes + instruction_notes + persona_notes + skill_notes

    # -- the budgets (docs/design/tiers.md) -----------------------------------------------

    def budgets(
        self,
        *,
        kept: Sequence[Budget] | None = None,
        listed: list[tuple[Store, list[Entry]]] | None = None,
        share: float | None = None,
    ) -> list[Budget]:
        """Each always-loaded budget's use: every SOUL.md, every scope's pinned entries,
        the index (lines), every instruction file and what imports add (bytes; the files
        past those caps are left out); :meth:`Budget.warning` says when one nears its limit.

        ``kept``: :meth:`fixed_budgets` as read before (no memory write changes them);
        ``listed``: the stores and their active entries, already read; ``share``: the
        index's lines are counted only when the scopes' entries could reach that share of
        its limit (below it their number, an upper bound, stands in)."""
        fixed = self.fixed_budgets() if kept is None else list(kept)
        if listed is None:
            listed = [(st, st.list()) for st in self.stores()]  # each scope read once
        out = [b for b in fixed if b.kind == "soul"]
        out += [
            Budget("pinned", st.scope, st.pinned_used(active), st.pinned_budget)
            for st, active in listed
        ]
        lines = sum(len(active) for _, active in listed)  # shadowed or withheld: no line
        if share is None or lines / INDEX_MAX_LINES >= share:  # as Budget.share compares
            lines = sum(len(shown) for _, shown, _ in self._merged(listed)[0])
        out.append(Budget("index", None, lines, INDEX_MAX_LINES, "lines"))
        return out + [b for b in fixed if b.kind != "soul"]

    def fixed_budgets(self) -> list[Budget]:
        """The budgets no memory write changes: each SOUL.md, each instruction file and
        what imports add."""
        out = [
            Budget("soul", s.scope, len(s.text), self.settings.soul_budget) for s in self.souls()
        ]
        found = self.instructions()[0]
        out += [
            Budget("rules", i.scope, i.size, MAX_FILE_BYTES, "bytes", i.path.name) for i in found
        ]
        imported = sum(i.size for i in found if i.includes)
        out.append(Budget("imports", None, imported, MAX_INCLUDED_BYTES, "bytes"))
        return out

    def budget_warnings(
        self,
        *,
        kept: Sequence[Budget] | None = None,
        listed: list[tuple[Store, list[Entry]]] | None = None,
    ) -> list[str]:
        """The budgets at or past ``budget_warning`` of their limit, one sentence each
        (``kept`` and ``listed`` as in :meth:`budgets`)."""
        share = self.settings.budget_warning
        found = self.budgets(kept=kept, listed=listed, share=share)
        return [w for b in found if (w := b.warning(share))]

    def explain(
        self, paths: Sequence[str | Path] | None = None, harness: str | None = None
    ) -> Explanation:
        """The system block part by part (scope, source, include chains) and everything
        left out of it: shadowed entries, a full index, withheld entries, rules for other
        paths, overridden rules, includes that failed, the files ``harness`` loads itself."""
        if not self.settings.enabled:
            why = self.settings.disabled_by or "disabled"
            return Explanation([], [Note(None, "memdir", f"memory is disabled ({why})")])
        sections, views, notes = self._sections(paths, harness=harness)
        days = self.settings.max_unused_days
        notes += [
            Note(None, i, "left out of the index: no room (200 lines / 25,000 bytes)")
            for s in sections
            if s.kind == "index"
            for i in s.omitted
        ]
        notes += [
            Note(
                None, i, f"left out of the index: not read or cited for {days:g} days (usage decay)"
            )
            for s in sections
            if s.kind == "unused"
            for i in s.omitted
        ]
        notes += [
            Note(v.name, i, f"withheld by the memory guard (rule {rule})")
            for v in views
            for i, rule in v.withheld
        ]
        notes += [
            Note(v.name, e.id, "kept out of the system block: from an external source")
            for v in views
            for e in v.entries
            if not e.archived and e.source is Source.EXTERNAL
        ]
        return Explanation(sections, notes)

    def system_block(
        self,
        paths: Sequence[str | Path] | None = None,
        tools: Mapping[str, str] | None = None,
        *,
        harness: str | None = None,
    ) -> str:
        """The block a session started now would get ("" when memory is disabled);
        ``tools`` maps memdir's tool names to the harness's, where it renames them;
        ``harness`` (one of :data:`~memdir.core.harness_reads.HARNESSES`) leaves out the
        instruction files that harness loads itself, naming them in one line."""
        if not self.settings.enabled:
            harness_reads.harness(harness)  # a wrong name is an error even when disabled
            return ""
        return "".join(s.text for s in self._sections(paths, tools, harness)[0])

    # -- browsing (the web page) ----------------------------------------------------------

    def overview(self) -> list[EntryState]:
        """Every active entry of every scope (ascending precedence), shadowed and withheld
        ones included and marked, with usage counts."""
        self._require_enabled()
        merged, notes = self._merged()
        shadowed = {(n.scope, n.subject): n.reason for n in notes}
        views = {v.name: v for v in self._views(merged)}
        counts: dict[tuple[str, str], tuple[int, datetime | None]] = {}
        if self.has_state:  # a browse must not create state.db
            try:
                counts = self.usage().counts([state_key(s) for s, _, _ in merged])
            except MemdirError as exc:  # damaged: show the entries, without counts
                warn_once(f"usage counts not shown: {exc}")
        out = []
        for store, _, withheld in merged:
            rules = dict(withheld)
            unused = {e.id for e in views[store.scope].unused}
            for entry in store.list():
                uses, last = counts.get((state_key(store), entry.id), (0, None))
                out.append(
                    EntryState(
                        store.scope,
                        entry,
                        uses,
                        last,
                        shadowed.get((store.scope, entry.id)),
                        rules.get(entry.id),
                        entry.id in unused,
                    )
                )
        return out

    def reminders(self, entry: Entry) -> list[str]:
        """What ``memory_read`` says around an entry's body: its staleness reminder and a
        line for each file or symbol it names that this project no longer has."""
        from .prompt import missing_references, staleness_reminder

        return [
            staleness_reminder(entry, self.clock()),
            *missing_references(entry.body, **self._reference_check()),
        ]

    def _reference_check(self) -> dict[str, Any]:
        """How the missing-reference notes look names up (``root``): on a team server only
        in the project folder (``inside_only``), and only for a user granted its project
        (``withheld``: why not); elsewhere as on one person's machine."""
        if self.stand_in:  # a project named by URL: no folder of it here, nothing to say
            return {"root": None, "withheld": None, "inside_only": True}
        withheld = self.folder_withheld()
        return {"root": self.project_root, "withheld": withheld, "inside_only": self.served}

    # -- health ----------------------------------------------------------------------------

    def _where(self, name: str) -> Path | str:
        """Where scope ``name`` is kept, to show: its folder, or on the team database its
        URL (no password) and key."""
        loc = self.locations[name]
        if self.database is None or loc.unavailable:
            return loc.path
        return self.store(name).backend.location

    def check(self) -> list[ScopeHealth]:
        """Check and repair every scope (stale index, leftover temp files), and report
        what cannot be read. One scope failing does not stop the others."""
        self._require_enabled()
        health = []
        for name, loc in self.locations.items():
            if loc.unavailable or not self._present(name, loc):  # team: its row, not a folder
                health.append(ScopeHealth(name, self._where(name), False, note=loc.unavailable))
                continue
            store = self.store(name)
            try:
                report = store.repair()
                count = len(store.list())
            except MemdirError as exc:
                health.append(ScopeHealth(name, self._where(name), True, error=str(exc)))
                continue
            health.append(ScopeHealth(name, self._where(name), True, count, report))
        return health

    def check_state(
        self, *, repair: bool = True, deep: bool = False, progress: Progress | None = None
    ) -> DbHealth:
        """Check state.db (integrity, search indexes; ``deep``: their terms too) and, with
        ``repair``, rebuild damaged search indexes from their tables. A missing state.db is
        reported, not created."""
        from ..sessions import check
        from ..sessions.maintenance import INVALID

        health = check(
            self.sessions.db,
            repair=repair,
            embedder=self.embedder,
            deep=deep,
            progress=progress,
        )
        if self.embed_error is None:
            return health
        return dataclasses.replace(health, semantic=f"{INVALID}{self.embed_error}")
