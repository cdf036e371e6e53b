"""The handle on one person's memory: every scope of one project, opened once."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from .changes import resolve
from .config import Settings, load_settings
from .errors import DatabaseError, DisabledError, GuardError, MemdirError, ValidationError
from .instructions import Instruction, Note, gather
from .model import SCOPES, Entry, Source, normalise, utcnow
from .notices import warn_once
from .prompt import ScopeView, Section, render_read, system_sections
from .scopes import ScopeLocation, find_checkout_root, find_project_root, locate_scopes
from .search import Hit
from .storage.files import FileBackend
from .store import RepairReport, Store
from .verdicts import Verdicts

if TYPE_CHECKING:
    from .adoption import Adoption, ScopeInfo
    from .changes import Change
    from .guard import SecondOpinion
    from .pipeline import Pipeline
    from .pipeline.state import Usage
    from .refusals import Refusal
    from .review import Proposal
    from .session import MemorySession
    from .sessions import DbHealth, EntryIndex, SessionStore
    from .sessions.rank import Ranker
    from .sessions.search import Time
    from .sessions.vectors import Embedder
    from .versions import Versions

__all__ = ["EntryState", "Explanation", "Memdir", "ScopeHealth", "open"]


@dataclass(frozen=True)
class ScopeHealth:
    """One scope as :meth:`Memdir.check` found it."""

    name: str
    path: Path
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
    """What :meth:`Memdir.explain` found: the block's sections and what was left out."""

    sections: list[Section]
    notes: list[Note]

    @property
    def text(self) -> str:
        """The system block these sections make."""
        return "".join(s.text for s in self.sections)


@dataclass(frozen=True)
class EntryState:
    """One active entry as a person browsing memory sees it (:meth:`Memdir.overview`):
    its use count and last use, and why an agent would not see it — shadowed by a more
    local entry, withheld by the guard, or left out of the index by usage decay."""

    scope: str
    entry: Entry
    uses: int = 0
    last_used: datetime | None = None
    shadowed: str | None = None  # why, e.g. "shadowed by the local entry …"
    withheld: str | None = None  # the guard's rule
    unused: bool = False


class Memdir:
    """All scopes of one project. Build it with :func:`memdir.open`."""

    def __init__(
        self,
        settings: Settings,
        *,
        clock: Callable[[], datetime] = utcnow,
        projectless: str | None = None,
    ) -> None:
        self.settings = settings
        self.clock = clock
        self.projectless = projectless  # why there is no project (then no project scopes)
        self.project_root = settings.project
        self.checkout_root = settings.project
        if projectless is None:
            self.project_root = find_project_root(settings.project)
            self.checkout_root = find_checkout_root(settings.project)
        self.locations: dict[str, ScopeLocation] = {
            loc.name: loc
            if projectless is None or loc.name in ("managed", "user")
            else dataclasses.replace(loc, unavailable=projectless)
            for loc in locate_scopes(
                settings.home, self.project_root, settings.managed_dir, self.checkout_root
            )
        }
        self._stores: dict[str, Store] = {}
        self.warnings: list[str] = []  # what open() could not repair
        self._verdicts: Verdicts | None = None  # the guard's, on project-scope entries
        self._sessions: SessionStore | None = None
        self.embedder: Embedder | None = None  # the semantic layer's, once sessions opened
        self._entry_index: EntryIndex | None = None
        self._scratch_index: EntryIndex | None = None  # in memory, when state.db fails
        self._pipeline: Pipeline | None = None

    def __repr__(self) -> str:
        return f"Memdir(home={str(self.home)!r}, project={str(self.project_root)!r})"

    @property
    def home(self) -> Path:
        """``$MEMDIR_HOME``, resolved once when opened."""
        return self.settings.home

    @property
    def enabled(self) -> bool:
        """False when ``MEMDIR_DISABLE`` or ``enabled = false`` turned memory off."""
        return self.settings.enabled

    def _require_enabled(self) -> None:
        if not self.settings.enabled:
            raise DisabledError(self.settings.disabled_by or "disabled")

    @property
    def state_path(self) -> Path:
        """``$MEMDIR_HOME/state.db``: sessions, messages and the search indexes."""
        return self.home / "state.db"

    @property
    def sessions(self) -> SessionStore:
        """Logged sessions and search over them (state.db is created on first use)."""
        if self._sessions is None:
            from .sessions import Database, SessionStore

            db = Database(self.state_path, busy_timeout=self.settings.lock_timeout)
            self._sessions = SessionStore(db, clock=self.clock, ranker=self._ranker())
        return self._sessions

    def _ranker(self) -> Ranker:
        """The keyword ranking, fused with the semantic layer when ``embed`` is set."""
        from .sessions import rank, vectors

        s = self.settings
        try:
            self.embedder = vectors.make_embedder(s.embed, s.embed_base_url, s.embed_api_key)
        except vectors.EmbedError as exc:
            self.warnings.append(f"semantic search is off: {exc}")
        return vectors.fused(rank.rank, self.embedder) if self.embedder else rank.rank

    def close(self) -> None:
        """Close state.db (it reopens on next use). Files need no closing."""
        if self._sessions is not None:
            self._sessions.db.close()

    def store(self, scope: str = "local") -> Store:
        """The store of one scope: "managed", "user", "project" or "local"."""
        self._require_enabled()
        if scope not in self.locations:
            raise ValidationError(
                f"unknown scope {scope!r}; use one of {', '.join(SCOPES)}", field="scope"
            )
        loc = self.locations[scope]
        if loc.unavailable:
            raise MemdirError(
                f"The {scope} scope is not available here: {loc.unavailable}"
                if self.projectless is not None
                else f"The {scope} scope is not available here: {loc.unavailable}. "
                f"Use the 'local' scope, or open memdir in a project folder."
            )
        if scope not in self._stores:
            private = loc.path.is_relative_to(self.home)
            backend = (
                FileBackend(loc.path, file_mode=0o600, dir_mode=0o700)
                if private
                else FileBackend(loc.path)
            )
            history = None
            if scope in self.settings.history_scopes and not loc.read_only:
                from .storage.history import History

                history = History(loc.path)
            self._stores[scope] = Store(
                backend,
                history=history,
                scope=scope,
                read_only=loc.read_only,
                pinned_budget=self.settings.pinned_budget,
                lock_timeout=self.settings.lock_timeout,
                clock=self.clock,
            )
            self._stores[scope].observers.append(self._record_forgetting)
            self._stores[scope].refusals.append(self._record_refusal)
            self._stores[scope].second_opinion = self._second_opinion()
        return self._stores[scope]

    def _second_opinion(self) -> SecondOpinion | None:
        """The model that judges the guard's grey band when ``llm`` names one (offline: None).

        The provider is built on the first grey-band text; verdicts are cached in
        ``.cache/guard-second-opinion.json`` like the guard's other verdicts."""
        if self.settings.llm.strip().lower() in ("", "rules"):
            return None
        from .guard import SecondOpinion
        from .pipeline.providers import ChatProvider

        def complete(system: str, user: str) -> str:
            provider = self.pipeline.provider
            if not isinstance(provider, ChatProvider):
                raise MemdirError(f"{provider.name} cannot judge text; set llm to a chat model")
            return provider.complete(system, user)

        cache = Verdicts(self.home / ".cache" / "guard-second-opinion.json")
        return SecondOpinion(complete, cache=cache, key=self.settings.llm)

    @property
    def pipeline(self) -> Pipeline:
        """Background extraction and consolidation (see :mod:`memdir.pipeline`)."""
        if self._pipeline is None:
            from .pipeline import Pipeline

            self._pipeline = Pipeline(self)
        return self._pipeline

    def drain(self, timeout: float | None = 30.0) -> bool:
        """Let the worker thread finish queued extraction (call at shutdown); False if
        ``timeout`` seconds were not enough."""
        return self._pipeline is None or self._pipeline.drain(timeout)

    def _record_forgetting(self, store: Store, changes: list[Change], source: Source) -> None:
        """Removed and superseded entries leave tombstones, so extraction never brings
        them back from the sessions they came from."""
        if any(c.action in ("remove", "supersede") for c in changes):
            try:
                self.pipeline.tombstones.record(store.backend.location, changes)
            except MemdirError as exc:  # the change is on disk: report, do not undo it
                warn_once(
                    f"saved, but the tombstone that keeps extraction from bringing it "
                    f"back was not recorded: {exc}"
                )

    def _record_refusal(self, store: Store, error: GuardError, source: Source, name: str) -> None:
        from .refusals import RefusalLog

        RefusalLog(self.home, clock=self.clock).record(store.scope, source.value, error, name)

    def refusals(self, limit: int = 50) -> list[Refusal]:
        """The newest writes the memory guard refused in this home (rule, reason, scope,
        writer, entry name; never the refused text), newest first."""
        from .refusals import RefusalLog

        return RefusalLog(self.home, clock=self.clock).recent(limit)

    def stores(self) -> list[Store]:
        """Stores of the scopes that exist, in ascending precedence (none when disabled)."""
        if not self.settings.enabled:
            return []
        return [
            self.store(name)
            for name, loc in self.locations.items()
            if not loc.unavailable and loc.path.is_dir()
        ]

    def _visible(
        self, store: Store, *, include_archived: bool = False
    ) -> tuple[list[Entry], list[tuple[str, str]]]:
        """A scope's entries an agent may see, and ``(id, rule)`` of those withheld.

        The project scope arrives with a cloned repository, not through memdir's write
        path, so its entries are scanned by the guard before any of them reaches a model.
        """
        entries = store.list(include_archived=include_archived)
        if store.scope != "project":
            return entries, []
        if self._verdicts is None:
            self._verdicts = Verdicts(self.home / ".cache" / "guard-verdicts.json")
        shown, withheld = [], []
        for entry in entries:
            text = f"{entry.name}\n{entry.description}\n{entry.body}"
            known, rule = self._verdicts.get(text)
            if not known:
                from . import guard  # built only when a text has not been judged before

                finding = guard.scan(text)
                rule = finding.rule if finding else None
                self._verdicts.put(text, rule)
            if rule is None:
                shown.append(entry)
            else:
                withheld.append((entry.id, rule))
        self._verdicts.save()
        return shown, withheld

    def _merged(self) -> tuple[list[tuple[Store, list[Entry], list[tuple[str, str]]]], list[Note]]:
        """Each scope's visible entries with those shadowed by a more local entry of the
        same name (or id) left out, the guard's withheld ones, and notes on the shadowing."""
        scopes = [(store, *self._visible(store)) for store in self.stores()]
        owner: dict[str, tuple[str, Entry]] = {}  # name key or id -> (scope, entry)
        for store, shown, _ in scopes:
            for entry in shown:
                owner[normalise(entry.name)] = owner[entry.id] = (store.scope, entry)
        notes: list[Note] = []
        merged = []
        for store, shown, withheld in scopes:
            kept = []
            for entry in shown:
                winner = owner[normalise(entry.name)]
                if winner[1] is not entry or owner[entry.id][1] is not entry:
                    by = winner if winner[1] is not entry else owner[entry.id]
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
                if target in archived:
                    return store.scope, archived[target]
        pairs = self.entries()
        scope_of = {e.id: s for s, e in pairs}
        entry = resolve(target, {e.id: e for _, e in pairs})
        return scope_of[entry.id], entry

    def search(self, query: str, *, limit: int = 10, include_archived: bool = False) -> list[Hit]:
        """Entries across scopes ranked against ``query`` (full-text, the same ranking as
        session search); history too if asked. Never raises on the query text."""
        self._require_enabled()
        from .sessions import EntryDoc, EntryIndex

        stores = self.stores()
        docs = [
            EntryDoc(store.backend.location, store.scope, entry)
            for store in stores
            for entry in self._visible(store, include_archived=include_archived)[0]
        ]
        if self._entry_index is None:
            self._entry_index = EntryIndex(self.sessions.db, ranker=self.sessions.ranker)
        locations = [s.backend.location for s in stores]
        try:
            ranked = self._entry_index.search(
                query, docs, locations, include_archived=include_archived, limit=limit
            )
        except DatabaseError as exc:  # damaged, or read-only: the index is only a copy
            warn_once(f"memory search used a temporary index: {exc}")
            if self._scratch_index is None:
                from .sessions import Database

                self._scratch_index = EntryIndex(Database(":memory:"))
            ranked = self._scratch_index.search(
                query, docs, locations, include_archived=include_archived, limit=limit
            )
        return [Hit(doc.entry, doc.scope, round(score, 4)) for doc, score in ranked]

    def scope_views(self) -> list[ScopeView]:
        """Each existing scope's current entries (shadowed ones left out), for rendering
        the snapshot."""
        return [
            ScopeView(store.scope, store.backend.location, kept, store.pinned_budget, withheld)
            for store, kept, withheld in self._merged()[0]
        ]

    def usage(self) -> Usage:
        """Usage counts in state.db, without loading the rest of the pipeline."""
        if self._pipeline is not None:
            return self._pipeline.usage
        from .pipeline.state import Usage

        return Usage(self.sessions.db, clock=self.clock)

    def _decayed(self, view: ScopeView) -> ScopeView:
        """The view without entries unused for ``max_unused_days`` (listed as unused)."""
        days = self.settings.max_unused_days
        if days <= 0 or not view.entries:
            return view
        from .decay import stale

        used = {}
        if self.state_path.exists():
            try:
                used = {eid: t for (_, eid), t in self.usage().last_used([view.location]).items()}
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
        self, paths: Sequence[str | Path] | None = None
    ) -> tuple[list[Instruction], list[Note]]:
        """Instruction files and rules that apply (for a session working on ``paths``), in
        ascending precedence, and notes on what was left out."""
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
        )

    def _sections(
        self, paths: Sequence[str | Path] | None
    ) -> tuple[list[Section], list[ScopeView], list[Note]]:
        merged, notes = self._merged()
        views = [
            self._decayed(ScopeView(s.scope, s.backend.location, kept, s.pinned_budget, withheld))
            for s, kept, withheld in merged
        ]
        instructions, instruction_notes = self.instructions(paths)
        sections = system_sections(views, instructions, checkout=self.checkout_root)
        return sections, views, notes + instruction_notes

    def explain(self, paths: Sequence[str | Path] | None = None) -> Explanation:
        """The system block part by part (scope, source, include chains) and everything
        left out of it: shadowed entries, a full index, withheld entries, rules for other
        paths, overridden rules, includes that failed."""
        if not self.settings.enabled:
            why = self.settings.disabled_by or "disabled"
            return Explanation([], [Note(None, "memdir", f"memory is disabled ({why})")])
        sections, views, notes = self._sections(paths)
        notes += [
            Note(None, i, "left out of the index: no room (200 lines / 25,000 bytes)")
            for s in sections
            if s.kind == "index"
            for i in s.omitted
        ]
        notes += [
            Note(
                None,
                i,
                f"left out of the index: not read or cited for "
                f"{self.settings.max_unused_days:g} days (usage decay)",
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

    def system_block(self, paths: Sequence[str | Path] | None = None) -> str:
        """The block a session started now would get ("" when memory is disabled)."""
        if not self.settings.enabled:
            return ""
        return "".join(s.text for s in self._sections(paths)[0])

    def read(self, target: str) -> str:
        """An entry's body with its staleness reminder and missing-reference notes."""
        self._require_enabled()
        scope, entry = self.find(target)
        return render_read(entry, scope, self.clock(), self.project_root)

    def check(self) -> list[ScopeHealth]:
        """Check and repair every scope (stale index, leftover temp files), and report
        what cannot be read. One scope failing does not stop the others."""
        self._require_enabled()
        health = []
        for name, loc in self.locations.items():
            if loc.unavailable or not loc.path.is_dir():
                health.append(ScopeHealth(name, loc.path, False, note=loc.unavailable))
                continue
            store = self.store(name)
            try:
                report = store.repair()
                count = len(store.list())
            except MemdirError as exc:
                health.append(ScopeHealth(name, loc.path, True, error=str(exc)))
                continue
            health.append(ScopeHealth(name, loc.path, True, count, report))
        return health

    def check_state(self, *, repair: bool = True) -> DbHealth:
        """Check state.db (integrity, search indexes) and, with ``repair``, rebuild damaged
        search indexes from their tables. A missing state.db is reported, not created."""
        from .sessions import check

        return check(self.sessions.db, repair=repair, embedder=self.embedder)

    def session(
        self,
        agent: str = "agent",
        *,
        session_id: str | None = None,
        parent_id: str | None = None,
        started_at: Time | None = None,
        write_scope: str = "local",
        paths: Sequence[str | Path] | None = None,
    ) -> MemorySession:
        """Start a session: its system block is frozen now.

        ``session_id`` continues (or names) a logged session; ``parent_id`` makes this a
        child of another (compaction, delegation), so its messages are found under that
        session's root; ``started_at`` lets importers keep the original time; ``paths``
        (files the session works on) select the path-scoped rules.
        """
        from .session import MemorySession

        return MemorySession(
            self,
            agent=agent,
            session_id=session_id,
            parent_id=parent_id,
            started_at=started_at,
            write_scope=write_scope,
            paths=paths,
        )

    def for_project(self, project: Path | None, *, why_not: str = "") -> Memdir:
        """The same memory home opened for another ``project`` folder (as :func:`open`
        would); with no project, only the managed and user scopes, the others refusing
        with ``why_not`` (a server connection that did not say where it works)."""
        if project is None:
            missing = self.settings.home / "no-project"  # no files: nothing to read there
            settings = dataclasses.replace(self.settings, project=missing)
            return Memdir(settings, clock=self.clock, projectless=why_not or "no project")
        settings = dataclasses.replace(self.settings, project=project.absolute())
        return _opened(Memdir(settings, clock=self.clock))

    def scope_info(self) -> list[ScopeInfo]:
        """Every scope in ascending precedence: path, whether it exists, read-only or not,
        entry counts, and for the local scope the checkout path recorded in its folder."""
        from .adoption import scope_info

        self._require_enabled()  # it brings the local scope's record up to date
        return scope_info(self.locations.values(), self.project_root)

    def adopt(self, old: str, *, force: bool = False) -> Adoption:
        """Re-attach the local scope a moved checkout left behind: ``old`` is its former
        path or its folder name under ``projects/``. Moves that folder here (refused when
        this project's local scope has entries) and regenerates its index."""
        from .adoption import adopt

        self._require_enabled()
        done = adopt(
            self.home,
            self.project_root,
            self.locations["local"].path,
            old,
            lock_timeout=self.settings.lock_timeout,
            force=force,
        )
        self._stores.pop("local", None)  # its cached listing described the old folder
        self.store("local").repair()
        return done

    # -- browsing and review (the CLI's history and review commands, the web page) ---------

    @property
    def history(self) -> Versions:
        """Log, diff, an entry at a revision, and revert, across the scopes with history."""
        from .versions import Versions

        return Versions(self)

    def review(self) -> list[Proposal]:
        """The proposals of ``memdir review`` (nothing is changed)."""
        from .review import propose

        return propose(self)

    def apply_review(self, ids: Sequence[str]) -> list[Proposal]:
        """Apply exactly the proposals named, all or none, as ``memdir review --apply``."""
        from .review import apply

        return apply(self, ids)

    def reject_review(self, ids: Sequence[str]) -> list[Proposal]:
        """Reject the proposals named: ``review()`` leaves them out from now on."""
        from .review import reject

        return reject(self, ids)

    def overview(self) -> list[EntryState]:
        """Every active entry of every scope (ascending precedence), shadowed and withheld
        ones included and marked, with usage counts."""
        self._require_enabled()
        merged, notes = self._merged()
        shadowed = {(n.scope, n.subject): n.reason for n in notes}
        views = {
            s.scope: self._decayed(
                ScopeView(s.scope, s.backend.location, kept, s.pinned_budget, withheld)
            )
            for s, kept, withheld in merged
        }
        counts: dict[tuple[str, str], tuple[int, datetime | None]] = {}
        if self.state_path.exists():  # a browse must not create state.db
            try:
                counts = self.usage().counts([s.backend.location for s, _, _ in merged])
            except MemdirError as exc:  # damaged: show the entries, without counts
                warn_once(f"usage counts not shown: {exc}")
        out = []
        for store, _, withheld in merged:
            rules = dict(withheld)
            unused = {e.id for e in views[store.scope].unused}
            for entry in store.list():
                uses, last = counts.get((store.backend.location, entry.id), (0, None))
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
            *missing_references(entry.body, self.project_root),
        ]


def open(
    home: Path | str | None = None,
    project: Path | str | None = None,
    *,
    repair: bool = True,
) -> Memdir:
    """Open memory for ``project`` (default: the current directory).

    ``home`` defaults to ``$MEMDIR_HOME`` or ``~/.memdir``. Scopes an interrupted write left
    inconsistent are repaired here, unless ``repair`` is false.
    """
    return _opened(Memdir(load_settings(home, project)), repair=repair)


def _opened(md: Memdir, *, repair: bool = True) -> Memdir:
    """``md`` after what :func:`open` does on opening: repair what an interrupted write
    left, record the checkout in the local scope."""
    if repair and md.enabled:
        for store in md.stores():
            try:
                if store.needs_repair():
                    store.repair()
            except MemdirError as exc:  # one broken scope must not keep the others closed
                md.warnings.append(f"{store.scope} scope not repaired: {exc}")
    if md.enabled:  # record the checkout path in the local scope; warn about orphans
        from .origins import note_origin

        md.warnings += note_origin(md.home, md.project_root, md.locations["local"].path)
    return md
