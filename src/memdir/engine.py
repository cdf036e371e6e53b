"""The handle on one person's memory: the composition root. (docs/design/architecture.md)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from .core.config import load_settings
from .core.errors import MemdirError
from .core.layers import Layers

if TYPE_CHECKING:
    from .conversation import MemorySession
    from .core.adoption import Adoption, ScopeInfo
    from .pipeline import Pipeline
    from .review.apply import Proposal
    from .review.versions import Versions
    from .sessions.search import Time


class Memdir(Layers):
    """All scopes of one project. Build it with :func:`memdir.open`."""

    _pipeline: Pipeline | None = None

    @property
    def pipeline(self) -> Pipeline:
        """Background extraction and consolidation (see :mod:`memdir.pipeline`)."""
        if self._pipeline is None:
            with self._building:  # once: a server's threads share this Memdir
                if self._pipeline is None:
                    from .pipeline import Pipeline

                    self._pipeline = Pipeline(self)
        return self._pipeline

    def drain(self, timeout: float | None = 30.0) -> bool:
        """Let the worker thread finish queued extraction (call at shutdown); False if
        ``timeout`` seconds were not enough."""
        return self._pipeline is None or self._pipeline.drain(timeout)

    def _forked(self) -> None:
        """In a forked child: the worker thread and its run are the parent's; a new
        pipeline is made on first use."""
        super()._forked()
        self._pipeline = None

    def close(self) -> None:
        """Stop the worker thread (after the job in hand; queued jobs stay queued), then
        close state.db (it reopens on next use)."""
        if self._pipeline is not None:
            self._pipeline.stop()
        super().close()

    def session(
        self,
        agent: str = "agent",
        *,
        session_id: str | None = None,
        parent_id: str | None = None,
        started_at: Time | None = None,
        write_scope: str = "local",
        paths: Sequence[str | Path] | None = None,
        tools: Mapping[str, str] | None = None,
        harness: str | None = None,
    ) -> MemorySession:
        """Start a session: its system block is frozen now.

        ``session_id`` continues (or names) a logged session; ``parent_id`` makes this a
        child of another (compaction, delegation), so its messages are found under that
        session's root; ``started_at`` lets importers keep the original time; ``paths``
        (files the session works on) select the path-scoped rules; ``tools`` maps
        memdir's tool names to the harness's where it renames them (the system block and
        the tools' answers name the tools the model has); ``harness`` (``claude-code``,
        ``codex``, ``hermes``) leaves out of its block the instruction files that harness
        loads itself.
        """
        from .conversation import MemorySession

        return MemorySession(
            self,
            lambda: self.pipeline,
            agent=agent,
            session_id=session_id,
            parent_id=parent_id,
            started_at=started_at,
            write_scope=write_scope,
            paths=paths,
            tools=tools,
            harness=harness,
        )

    def for_project(
        self, project: Path | None, *, why_not: str = "", user: str | None = None
    ) -> Memdir:
        """The same memory home opened for another ``project`` folder (as :func:`open`
        would); with no project, only the managed and user scopes, the others refusing
        with ``why_not`` (a server connection that did not say where it works). ``user``:
        as another user of the team backend (a token's owner), who is shown the folder's
        files only when granted its project (:meth:`Workspace.folder_withheld`)."""
        base = self.settings if user is None else dataclasses.replace(self.settings, user=user)
        if project is None:
            missing = self.settings.home / "no-project"  # no files: nothing to read there
            settings = dataclasses.replace(base, project=missing)
            return Memdir(settings, clock=self.clock, projectless=why_not or "no project")
        settings = dataclasses.replace(base, project=project.absolute())
        md = Memdir(settings, clock=self.clock)
        md.served = user is not None  # a token's user: the folder's files as granted
        return _opened(md)

    def scope_info(self) -> list[ScopeInfo]:
        """Every scope in ascending precedence: path, whether it exists, read-only or not,
        entry counts, and for the local scope the checkout path recorded in its folder."""
        from .core.adoption import scope_info

        self._require_enabled()  # it brings the local scope's record up to date
        if self.database is not None:
            return self._team_scope_info()
        return scope_info(self.locations.values(), self.project_root)

    def _team_scope_info(self) -> list[ScopeInfo]:
        """:meth:`scope_info` on the team database: its rows this user may read, counted
        there (the folders of this home hold nothing of them)."""
        from .core.adoption import ScopeInfo

        present = {s.scope for s in self.stores()}
        infos = []
        for name, loc in self.locations.items():
            if loc.unavailable or name not in present:
                where = loc.path if loc.unavailable else self.store(name).backend.location
                infos.append(ScopeInfo(name, where, False, loc.read_only, note=loc.unavailable))
                continue
            store = self.store(name)
            backend = store.backend
            active, archived = len(backend.listing()), len(backend.listing(archive=True))
            read_only = loc.read_only or not backend.writable()
            infos.append(ScopeInfo(name, backend.location, True, read_only, active, archived))
        return infos

    def adopt(self, old: str, *, force: bool = False) -> Adoption:
        """Re-attach the local scope a moved checkout left behind: ``old`` is its former
        path or its folder name under ``projects/``. Moves that folder here (refused when
        this project's local scope has entries), regenerates its index, notes the old folder
        in the new one's ``.adopted.json`` (so that each pipeline run carries what a
        process that outlived the move, or a carry that failed here, keyed by it) and
        carries what the pipeline keyed by the old folder
        (:func:`memdir.pipeline.upkeep.carry`: sessions, jobs, held writes, the dream
        diary; ``Adoption.sessions`` counts the sessions)."""
        from .core.adoption import adopt

        self._require_enabled()
        done = adopt(
            self.home,
            self.project_root,
            self.locations["local"].path,
            old,
            lock_timeout=self.settings.lock_timeout,
            force=force,
        )
        self.forget_store("local")  # its cached listing described the old folder
        self.store("local").repair()
        from .core.adoption import note_adopted
        from .core.errors import StorageError
        from .pipeline.upkeep import carry

        unnoted = None
        try:  # noted first: what is not carried now (state.db busy) each run carries later
            note_adopted(done.new_folder, done.old_folder.name, str(done.old_folder), done.old_path)
        except OSError as exc:
            unnoted = StorageError("note the adoption in", done.new_folder, exc)
        try:  # sessions logged there before the move are learnt from here
            sessions = carry(self, done.old_folder.name, str(done.old_folder))
        except MemdirError as exc:
            later = "the next `memdir maintain` carries them" if unnoted is None else unnoted
            raise MemdirError(
                f"Moved {done.old_folder} to {done.new_folder}, but the sessions logged "
                f"there were not carried along yet ({exc}); {later}"
            ) from exc
        if unnoted is not None:
            raise unnoted
        return dataclasses.replace(done, sessions=sessions)

    # -- browsing and review (the CLI's history and review commands, the web page) ---------

    @property
    def history(self) -> Versions:
        """Log, diff, an entry at a revision, and revert, across the scopes with history."""
        from .review.versions import Versions

        return Versions(self)

    def review(self) -> list[Proposal]:
        """The proposals of ``memdir review`` (nothing is changed)."""
        from .review.proposals import propose

        return propose(self)

    def apply_review(self, ids: Sequence[str]) -> list[Proposal]:
        """Apply exactly the proposals named, all or none, as ``memdir review --apply``."""
        from .review.proposals import apply

        return apply(self, ids)

    def reject_review(self, ids: Sequence[str]) -> list[Proposal]:
        """Reject the proposals named: ``review()`` leaves them out from now on."""
        from .review.proposals import reject

        return reject(self, ids)


def open(
    home: Path | str | None = None,
    project: Path | str | None = None,
    *,
    repair: bool = True,
    database_url: str | None = None,
    user: str | None = None,
) -> Memdir:
    """Open memory for ``project`` (default: the current directory).

    ``home`` defaults to ``$MEMDIR_HOME`` or ``~/.memdir``. Scopes an interrupted write left
    inconsistent are repaired here, unless ``repair`` is false. ``database_url`` (or
    ``$MEMDIR_DATABASE_URL``) keeps the entries in PostgreSQL as ``user`` (or
    ``$MEMDIR_USER``, else the login name), and the state (sessions, usage, jobs) in
    the same database: the team backend. ``database_url=""``: the files and state.db,
    even with ``$MEMDIR_DATABASE_URL`` set.
    """
    settings = load_settings(home, project, database_url=database_url, user=user)
    return _opened(Memdir(settings), repair=repair)


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
    if md.enabled and md.database is None:  # record the checkout in the local scope folder
        from .core.origins import note_origin

        md.warnings += note_origin(md.home, md.project_root, md.locations["local"].path)
    return md
