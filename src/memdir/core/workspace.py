"""One project's workspace: its scopes' stores, state.db, settings and clock.
See docs/design/core.md."""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import threading
from collections import OrderedDict
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import (
    AccessError,
    DisabledError,
    EmbedError,
    GuardError,
    MemdirError,
    ReadOnlyScopeError,
    StorageError,
    ValidationError,
)
from .forks import renew_in_child
from .model import SCOPES, Source, utcnow
from .notices import warn_once
from .scopes import ScopeLocation, find_checkout_root, find_project_root, locate_scopes
from .storage.base import Backend, HistoryBackend
from .storage.files import FileBackend
from .store import Store, state_key
from .verdicts import Verdicts

if TYPE_CHECKING:
    from ..guard import SecondOpinion
    from ..pg.db import PgDatabase
    from ..pipeline.providers import Provider
    from ..sessions import Database, SessionStore
    from ..sessions.rank import Ranker
    from ..sessions.usage import Tombstones, Usage
    from ..sessions.vectors import Embedder
    from .changes import Change
    from .config import Settings
    from .refusals import Refusal, RefusalLog, StateRefusals
    from .storage.postgres import ScopeKey

#: Other projects' local stores a workspace keeps (:meth:`Workspace.store_at`): a server's
#: requests name them, so a workspace kept between requests must not keep every one.
OTHERS = 64
#: Why a team member's write to the org scope (managed on the team server) is refused
ORG_WHY = (
    "it is read-only for you: on the team server only an admin writes it (an admin makes "
    "you one with `memdir serve users admin NAME`)"
)
#: What to do about a scope not available here, in a terminal or the library
OPEN_A_PROJECT = "Use the 'local' scope, or open memdir in a project folder."


class Workspace:
    """The scopes of one project (``settings.project``) in one memory home. With
    ``projectless`` (why there is no project), only the managed and user scopes."""

    _verdicts: Verdicts | None = None  # the guard's, on texts a cloned repository brought

    def __init__(
        self,
        settings: Settings,
        *,
        clock: Callable[[], datetime] = utcnow,
        projectless: str | None = None,
    ) -> None:
        self.settings = settings
        self.clock = clock
        self.projectless = projectless
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
        self.warnings: list[str] = []  # what opening could not repair
        # the checkout was there when opened (one machine): a local scope folder is not
        # made for it once it is gone (:meth:`_refuse_if_gone`)
        self._checkout_seen = (
            projectless is None and not settings.database_url and self.project_root.is_dir()
        )
        self.project_url: str | None = None  # the normalised remote (team backend)
        self.embedder: Embedder | None = None  # the semantic layer's, once sessions opened
        self.embed_error: str | None = None  # why the configured embedder cannot be made
        self._stores: dict[str, Store] = {}
        self._others: OrderedDict[Path, Store] = OrderedDict()  # the last OTHERS used
        self._others_lock = threading.Lock()  # the server's threads share a workspace
        self._building = threading.Lock()  # what a first use builds, built once (a pipeline)
        self._usage: Usage | None = None
        self.database: PgDatabase | None = None  # the team backend, when a URL is set
        self.user: str | None = None
        self.admin = False
        self._ungranted = False  # the project scope is refused for want of a grant only
        self._roots_of: str | None = None  # the project a first write records roots of
        self._recorded: list[str] = []  # those roots, for this home's marker
        # opened by a team server for a token's user (Memdir.for_project): the checkout's
        # files are read only as :meth:`folder_withheld` allows
        self.served = False
        if settings.database_url and settings.enabled:
            self._open_database(settings.database_url)
        renew_in_child(self)

    def _forked(self) -> None:
        """In a forked child: stores are opened again (a parent's thread may have held
        their locks at the fork); state.db renews its own connection."""
        self._stores = {}
        self._others = OrderedDict()
        self._others_lock = threading.Lock()
        self._building = threading.Lock()

    def _open_database(self, url: str) -> None:
        """Entries in PostgreSQL as ``settings.user``: the managed scope is the org's
        (writable by admins), the project scope is keyed by the checkout's remote URL."""
        import getpass

        from ..pg.db import PgDatabase
        from ..pg.names import project_url, remote_url, user_name
        from ..pg.users import is_admin, is_granted
        from .storage.git import git_dirs, read_remote

        self.database = PgDatabase.shared(url)
        try:
            self.user = user_name(self.settings.user or getpass.getuser())
        except ValidationError as exc:
            if self.settings.user:
                raise
            raise ValidationError(  # a login name such as 张伟 or 김민준: say where it came from
                f"{exc} (MEMDIR_USER is not set: that is your login name). Set MEMDIR_USER to "
                f"the user name `memdir serve users add` made for you",
                field="user",
            ) from None
        self.admin = is_admin(self.database, self.user)
        managed = self.locations["managed"]
        self.locations["managed"] = dataclasses.replace(managed, read_only=not self.admin)
        project = self.locations["project"]
        if project.unavailable is None:
            self.project_url = remote_url(self.checkout_root)  # a client elsewhere: by URL
            dirs = git_dirs(self.checkout_root) if self.project_url is None else None
            remote = read_remote(dirs[1]) if dirs else None
            why = f"{self.checkout_root} has no git remote 'origin'"
            if remote is not None:
                try:
                    self.project_url = project_url(remote)
                except ValidationError as exc:
                    why = str(exc)
            if self.project_url is None:
                self.locations["project"] = dataclasses.replace(
                    project,
                    unavailable=f"{why}; the team server keys project scopes by that URL",
                )
            elif not is_granted(self.database, self.user, self.project_url):
                self._grant(False)
            elif remote is not None:  # a checkout here: its repository may have been renamed
                self._note_rename(self.project_url)
        if self.project_url is not None:
            self._key_local(self.project_url)

    def _note_rename(self, url: str) -> None:
        """Warn when the project holds no entries but another one this user is granted,
        of the same repository (a first commit this checkout holds), does: renamed on its
        host; the admin's command that moves them. Reads only: this checkout's first
        commits are recorded as the project's with its first write (:meth:`_roots`)."""
        from ..pg import rekey
        from .storage.git import git_dirs, head_commit

        assert self.database is not None and self.user is not None
        self._roots_of = url
        dirs = git_dirs(self.checkout_root)
        if dirs is None or head_commit(*dirs) is None:  # no commit: none shared, no query
            return
        try:
            old = rekey.renamed_here(self.database, self.user, url, self.checkout_root)
        except MemdirError as exc:
            self.warnings.append(f"project scope: its old keys not looked up: {exc}")
            return
        for project in old:
            self.warnings.append(
                f"project scope: {url} holds no entries, but {project} (the same repository, "
                f"renamed on its host?) does; an admin moves them with their history: "
                f"`memdir serve projects rename https://{project} https://{url}`"
            )

    def _roots_marker(self) -> Path | None:
        from ..pg.names import url_slug

        url = self._roots_of
        return None if url is None else self.home / ".team-roots" / url_slug(url)

    def _roots(self) -> tuple[str, Any] | None:
        """The statement recording this checkout's first commits as its project's, sent
        with the project scope's first write; None once this home recorded them (its
        marker) or when there are none. Walks the history: not under the scope's lock."""
        from ..pg import rekey

        marker = self._roots_marker()
        if marker is None or marker.exists():
            return None
        roots = rekey.roots_of(self.checkout_root)
        self._recorded = roots
        return rekey.roots_statement(self._roots_of, roots) if self._roots_of and roots else None

    def _roots_recorded(self) -> None:
        """The marker that this home recorded them, once they are (a read-only home:
        walked again with a later write, recorded again, nothing lost)."""
        marker = self._roots_marker()
        if marker is not None:
            with contextlib.suppress(OSError):
                marker.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
                marker.write_text("\n".join(self._recorded) + "\n", encoding="ascii")

    def _key_local(self, url: str) -> None:
        """On the team backend the local scope of a project with a remote URL is keyed by
        the URL (:func:`memdir.pg.names.url_slug`): its folder says so, for every reader
        of ``locations["local"]``; a warning when entries are left under the checkout's."""
        from ..pg.names import url_slug

        local = self.locations["local"]
        key = url_slug(url)
        if key == local.path.name:  # a client elsewhere: its stand-in folder is the URL's
            return
        self.locations["local"] = dataclasses.replace(local, path=local.path.with_name(key))
        try:
            self.warnings += self.adopt_left_behind(local.path.name)
        except MemdirError as exc:
            self.warnings.append(f"local scope: entries under {local.path.name} unread: {exc}")

    def adopt_left_behind(self, checkout: str | None) -> list[str]:
        """This user's entries under the local key of the ``checkout``'s slug moved to
        the URL's key (their own data, the same checkout) when that holds none; else
        :meth:`left_behind`'s note."""
        from ..pg.names import url_slug
        from ..pg.rekey import move

        notes = self.left_behind(checkout)
        if not notes or checkout is None or self.project_url is None or self.database is None:
            return notes
        old = f"local:{self.user}:{checkout}"
        new = f"local:{self.user}:{url_slug(self.project_url)}"
        try:
            moved = move(self.database, old, new)
        except MemdirError as exc:  # both hold entries: neither is overwritten
            return [f"{notes[0]}; not moved: {exc}"]
        return [
            f"local scope: moved {moved.entries} entr{'y' if moved.entries == 1 else 'ies'} "
            f"with their history and what was "
            f"forgotten from {old} (where MCP sessions kept them before 2026-12-04) to "
            f"{new}, this project's local scope keyed by its URL {self.project_url}"
        ]

    def would_adopt(self, checkout: str | None) -> list[str]:
        """:meth:`left_behind`'s note with what :meth:`adopt_left_behind` would do (a dry
        run's): move them, or nothing when the URL's local scope holds entries already."""
        from ..pg.names import url_slug

        notes = self.left_behind(checkout)
        if not notes or self.project_url is None:
            return notes
        key = url_slug(self.project_url)
        held = self._entry_count(key)
        if held:
            return [
                f"{notes[0]}; `memdir pull --apply` moves nothing: local:{self.user}:{key} "
                f"holds {held} entr{'y' if held == 1 else 'ies'} already (nothing is ever "
                f"overwritten: both stay as they are)"
            ]
        return [f"{notes[0]}; `memdir pull --apply` moves them"]

    def _entry_count(self, slug: str) -> int:
        """Entry files, active and archived, of this user's local scope keyed ``slug``."""
        loc = ScopeLocation("local", self.home / "projects" / slug, False)
        backend = self._open_store(loc).backend
        names = [*backend.listing(), *backend.listing(archive=True)]
        return sum(
            1 for n in names if n.endswith(".md") and not n.rsplit("/", 1)[-1].startswith(".")
        )

    def left_behind(self, checkout: str | None) -> list[str]:
        """A note when this user holds entries in the local scope keyed by the slug of the
        ``checkout`` (where `memdir serve` sessions with readable roots put them before
        2026-12-04) though this project's is keyed by its URL: left there, nothing moved or
        deleted. One query of names (no entry read), through a store not kept (the
        checkout is the client's to name)."""
        from ..pg.names import url_slug

        url = self.project_url
        if self.database is None or url is None or checkout in (None, url_slug(url)):
            return []
        assert checkout is not None
        loc = ScopeLocation("local", self.home / "projects" / checkout, False)
        names = self._open_store(loc).backend.listing()
        count = sum(1 for n in names if n.endswith(".md") and not n.startswith("."))
        if not count:
            return []
        return [
            f"local scope: {count} of your entries are in local:{self.user}:{checkout}, where "
            f"MCP sessions in this checkout kept them before 2026-12-04; this project's local "
            f"scope is keyed by its URL {url} now: left there (nothing moved or deleted)"
        ]

    def _grant(self, granted: bool) -> None:
        """The project scope as the team database says now: readable and writable when
        the user is ``granted`` it, else refused naming the grant an admin runs. Never
        cached for good: :meth:`store` and :meth:`stores` look again (a grant or an
        ungrant shows on the next call of every process)."""
        project = self.locations["project"]
        why = None
        if not granted:
            why = (
                f"user {self.user!r} is not granted the project {self.project_url}; an "
                f"admin runs `memdir serve users grant {self.user} https://{self.project_url}`"
            )
            self._stores.pop("project", None)
        self.locations["project"] = dataclasses.replace(project, unavailable=why)
        self._ungranted = not granted

    def __repr__(self) -> str:
        return f"{type(self).__name__}(home={str(self.home)!r}, project={str(self.project_root)!r})"

    def set_admin(self, admin: bool | None) -> None:
        """The team user's role as a server learnt it with this request's token (None:
        not known, kept): the org scope becomes writable or read-only from the next write,
        with no query of its own (the database refuses a non-admin's write regardless).
        Its store is reopened as the role says when next asked (:meth:`store` compares the
        flags: one opened on another thread meanwhile from the old role is not kept)."""
        if admin is None or self.database is None or admin == self.admin:
            return
        with self._others_lock:  # MCP, /api and the page share it: one role change at once
            self.admin = admin
            managed = self.locations["managed"]
            self.locations["managed"] = dataclasses.replace(managed, read_only=not admin)

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
    def project(self) -> str:
        """This project's slug: the name of its local scope folder, its sessions' scope and
        its jobs' project. The checkout's path's slug; on the team backend, for a project
        with a remote URL, the URL's (:meth:`_key_local`), so a moved checkout or another
        clone keeps them (docs/design/team-server.md, "Sessions and jobs by the URL")."""
        return self.locations["local"].path.name

    # -- stores ----------------------------------------------------------------------------

    def store(self, scope: str = "local") -> Store:
        """The store of one scope: "managed", "user", "project" or "local"."""
        self._require_enabled()
        if scope not in self.locations:
            raise ValidationError(
                f"unknown scope {scope!a}; use one of {', '.join(SCOPES)}", field="scope"
            )
        loc = self.locations[scope]
        if loc.unavailable and scope == "project" and self._ungranted:
            self._look_up_grant()  # granted since? (a query on the refusal path only)
            loc = self.locations[scope]
        if loc.unavailable:  # on the team server: not granted (AccessError, web's 403)
            fact = f"The {scope} scope is not available here: {loc.unavailable}"
            advice = "" if self.projectless is not None else OPEN_A_PROJECT
            if self.database is None:
                raise MemdirError(f"{fact}. {advice}" if advice else fact)
            raise AccessError(fact, advice)
        store = self._stores.get(scope)  # one read: another thread may drop it meanwhile
        if store is None:
            store = self._stores.setdefault(scope, self._open_store(loc))
        if store.read_only != loc.read_only:  # opened before set_admin changed the role
            store = self._stores[scope] = self._open_store(loc)
        return store

    @property
    def stand_in(self) -> bool:
        """Whether the checkout is the stand-in folder of a project a client named by its
        URL (team backend: no folder of the project on this disk, none read)."""
        from ..pg.names import remote_url

        return self.database is not None and remote_url(self.checkout_root) is not None

    def project_refused(self) -> str | None:
        """Why the project scope is left out for want of a grant (taken away or never
        given, as the last :meth:`stores` found), or None."""
        return self.locations["project"].unavailable if self._ungranted else None

    def folder_withheld(self) -> str | None:
        """Why no file of this checkout is read for this workspace's user (instruction
        files, memory_read's reference checks), or None when they may be. Only a team
        server withholds (:attr:`served`): it reads a folder a token holder names only for a
        user granted that folder's project, by the normalised remote URL the project scope
        is keyed by (a refusal looks the grant up again, as :meth:`store` does). The CLI and
        a single-machine server read their own user's disk as before."""
        if not self.served or self.projectless is not None or self.database is None:
            return None
        if self.project_url is None:
            return (
                f"{self.checkout_root} has no git remote 'origin', so it is no project of "
                f"this team server"
            )
        if self._ungranted:
            self._look_up_grant()
        if self._ungranted:
            return f"user {self.user!r} is not granted the project {self.project_url}"
        return None

    def _look_up_grant(self) -> None:
        from ..pg.users import is_granted

        assert self.database is not None and self.user and self.project_url
        self._grant(is_granted(self.database, self.user, self.project_url))

    def store_at(self, folder: Path) -> Store:
        """The local scope kept in ``folder`` (another project's, under ``home/projects``),
        with this workspace's settings; on the team backend, this user's local scope of
        the project that folder names (:meth:`local_folders`)."""
        self._require_enabled()
        if self.database is not None and folder.parent != self.home / "projects":
            raise MemdirError(
                f"{folder} is not a project's local scope; on the team backend they are "
                f"named {self.home / 'projects'}/<project>"
            )
        with self._others_lock:
            store = self._others.get(folder)
            if store is not None:
                self._others.move_to_end(folder)  # the last used last
                return store
        opened = self._open_store(ScopeLocation("local", folder, False))  # outside the lock
        with self._others_lock:
            store = self._others.setdefault(folder, opened)
            if len(self._others) > OTHERS:  # the oldest goes (a holder may keep using it)
                self._others.popitem(last=False)
        return store

    def local_folders(self) -> list[Path]:
        """The local scope folder of every project in this home, as :meth:`store_at`
        opens them; on the team backend, those of this user's local scopes."""
        if self.database is None:
            return sorted((self.home / "projects").glob("*/"))
        from .storage.postgres import local_slugs

        assert self.user is not None
        return [self.home / "projects" / s for s in local_slugs(self.database, self.user)]

    def _scope_key(self, loc: ScopeLocation) -> ScopeKey:
        from .storage.postgres import ScopeKey

        assert self.user is not None
        if loc.name == "managed":
            return ScopeKey.org()
        if loc.name == "user":
            return ScopeKey.user(self.user)
        if loc.name == "project":
            assert self.project_url is not None
            return ScopeKey.for_project(self.project_url)
        return ScopeKey.local(self.user, loc.path.name)  # the folder's name: the slug

    def _open_store(self, loc: ScopeLocation) -> Store:
        if self.database is not None:
            from .storage.postgres import PgBackend, PgHistory

            pg = PgBackend(self.database, self._scope_key(loc), self.user or "")
            if loc.name == "project" and self._roots_of is not None:
                pg.with_first_write, pg.first_written = self._roots, self._roots_recorded
            versions = None
            # project and org always: shared, so who changed what must be seen (and
            # reverted, by whoever may write it); the org's history is readable by all
            if loc.name in ("project", "managed") or (
                not loc.read_only and loc.name in self.settings.history_scopes
            ):
                versions = PgHistory(pg)
            return self._store(loc, pg, versions)
        private = loc.path.is_relative_to(self.home)
        backend = (
            FileBackend(loc.path, file_mode=0o600, dir_mode=0o700)
            if private
            else FileBackend(loc.path)
        )
        if loc.name == "local" and self.projectless is None and loc == self.locations["local"]:
            backend.created = lambda: self._record_checkout(loc.path)
            backend.creating = lambda: self._refuse_if_gone(loc.path)
        history = None
        if loc.name in self.settings.history_scopes and not loc.read_only:
            from .storage.git import History

            history = History(loc.path, lock_timeout=self.settings.lock_timeout)
        return self._store(loc, backend, history)

    def _refuse_if_gone(self, folder: Path) -> None:
        """No local scope folder is made for a checkout that is gone: a process that
        outlived a move (a maintain running meanwhile) would strand what it learnt in a
        folder no checkout opens, after ``scopes --adopt`` took the old one along. A
        project folder that did not exist when opened is no move (a library's choice)."""
        if self._checkout_seen and not self.project_root.is_dir():
            import errno
            import shlex

            why = f"its checkout {self.project_root} is gone (moved?)"
            advice = (
                f"In its new place, `memdir scopes --adopt "
                f"{shlex.quote(str(self.project_root))}` brings its memory and what is "
                f"waiting to be learnt."
            )
            gone = OSError(errno.ENOENT, why)
            raise StorageError("create the scope folder", folder, gone, advice=advice)

    def _record_checkout(self, folder: Path) -> None:
        """The local scope folder was just made (by any write, whatever the command):
        record the checkout it belongs to, as :func:`memdir.open` does for a folder that
        exists (:func:`memdir.core.origins.note_origin`), so that a move of the checkout
        before the next open is noticed. A folder that cannot take the record is named by
        the next open's warning."""
        from .origins import refresh_origin

        with contextlib.suppress(OSError):
            refresh_origin(self.project_root, folder)

    def _store(self, loc: ScopeLocation, backend: Backend, history: HistoryBackend | None) -> Store:
        org = self.database is not None and loc.name == "managed"
        store = Store(
            backend,
            history=history,
            scope=loc.name,
            read_only=loc.read_only,
            read_only_why=ORG_WHY if org else "it is read-only",
            pinned_budget=self.settings.pinned_budget,
            lock_timeout=self.settings.lock_timeout,
            clock=self.clock,
        )
        if self.database is None:
            store.observers.append(self.record_forgetting)
        else:  # in the write's transaction: no crash can keep the removal and lose its tombstone
            store.in_write.append(self._forget_in_write)
        store.refusals.append(self._record_refusal)
        store.second_opinion = self._second_opinion()
        return store

    def stores(self) -> list[Store]:
        """Stores of the scopes that exist, in ascending precedence (none when disabled)."""
        if not self.settings.enabled:
            return []
        names = [name for name, loc in self.locations.items() if not loc.unavailable]
        if self.database is not None and names:  # one query for every scope
            from .storage.postgres import GRANTED, PgBackend

            stores = [self.store(n) for n in names]
            pg = [s.backend for s in stores if isinstance(s.backend, PgBackend)]
            if len(pg) == len(stores):
                grant = self.project_url  # set: a project on the team backend
                keys = pg[0].present(pg[1:], grant=grant)
                if grant is not None and (GRANTED in keys) == self._ungranted:
                    self._grant(GRANTED in keys)  # granted or taken away since: look again
                    return self.stores()
                return [s for s, b in zip(stores, pg, strict=True) if b.scope.key in keys]
        return [self.store(name) for name in names if self._present(name, self.locations[name])]

    def _present(self, name: str, loc: ScopeLocation) -> bool:
        if self.database is None:
            return loc.path.is_dir()
        return self.store(name).backend.exists()

    def forget_store(self, scope: str) -> None:
        """Drop the cached store of ``scope`` (its folder was moved under it)."""
        self._stores.pop(scope, None)

    # -- state.db --------------------------------------------------------------------------

    @property
    def state_path(self) -> Path:
        """``$MEMDIR_HOME/state.db``: sessions, messages and the search indexes. On the
        team backend the state is in PostgreSQL (:meth:`_pg_state`, a schema per user);
        this per-user path only names where a state.db would be."""
        if self.database is not None and self.user is not None:
            return self.home / "users" / self.user / "state.db"
        return self.home / "state.db"

    @property
    def has_state(self) -> bool:
        """Whether there is state to read: state.db exists, or it is kept in PostgreSQL
        (reads that must not create state.db ask this first)."""
        return self.settings.database_url is not None or self.state_path.exists()

    @functools.cached_property
    def state_db(self) -> Database:
        """state.db (or this user's state tables in PostgreSQL), created on first use;
        usage and tombstones read it without building search (``memdir context``)."""
        from ..sessions.db import Database

        if self.settings.database_url is None:
            return Database(self.state_path, busy_timeout=self.settings.lock_timeout)
        return self._pg_state()

    @functools.cached_property
    def sessions(self) -> SessionStore:
        """Logged sessions and search over them (state.db is created on first use)."""
        from ..sessions.log import SessionStore

        return SessionStore(self.state_db, clock=self.clock, ranker=self._ranker())

    def _pg_state(self) -> Database:
        """The state tables in ``settings.database_url`` (PostgreSQL): this user's own."""
        from ..pg.db import PgDatabase
        from ..pg.sessions import PgStateDatabase

        assert self.settings.database_url is not None
        database = self.database or PgDatabase.shared(self.settings.database_url)
        return PgStateDatabase(database, user=self.user, busy_timeout=self.settings.lock_timeout)

    def _ranker(self) -> Ranker:
        """The keyword ranking, fused with the semantic layer when ``embed`` is set."""
        from ..sessions import rank, vectors

        s = self.settings
        try:
            self.embedder = vectors.make_embedder(s.embed, s.embed_base_url, s.embed_api_key)
        except EmbedError as exc:  # said once: sessions open after the CLI printed warnings
            self.embed_error = str(exc)
            self.warnings.append(f"semantic search is off: {exc}")
            warn_once(self.warnings[-1])
        return vectors.fused(rank.rank, self.embedder) if self.embedder else rank.rank

    def usage(self) -> Usage:
        """Usage counts of entries (reads, citations) in state.db."""
        if self._usage is None:
            from ..sessions.usage import Usage

            self._usage = Usage(self.state_db, clock=self.clock)
        return self._usage

    @functools.cached_property
    def tombstones(self) -> Tombstones:
        """What was forgotten, so extraction never brings it back (and agent-write marks)."""
        from ..sessions.usage import Tombstones

        return Tombstones(self.state_db, clock=self.clock)

    def record_forgetting(self, store: Store, changes: list[Change], source: Source) -> None:
        """Removed and superseded entries leave tombstones (every store's observer)."""
        if any(c.action in ("remove", "supersede") for c in changes):
            try:
                self.tombstones.record(state_key(store), changes)
            except MemdirError as exc:  # the change is on disk: report, do not undo it
                warn_once(
                    f"saved, but the tombstone that keeps extraction from bringing it "
                    f"back was not recorded: {exc}"
                )

    def _forget_in_write(self, store: Store, changes: list[Change], source: Source) -> None:
        """:meth:`record_forgetting` on the team backend, in the write's transaction and
        sent with its COMMIT: a tombstone that cannot be recorded rolls the write back."""
        from ..pg.sessions import PgStateDatabase
        from ..sessions.usage import COLUMNS
        from .storage.postgres import PgBackend

        if rows := self.tombstones.rows(state_key(store), changes):
            db, backend = self.tombstones.db, store.backend
            assert isinstance(db, PgStateDatabase) and isinstance(backend, PgBackend)
            assert db.pg is backend.db  # one database: one transaction can hold both
            db.insert_with(backend, "tombstones", COLUMNS, rows)

    def _refusal_log(self) -> RefusalLog | StateRefusals:
        """Where refused writes are kept: a file under the home on one machine; on the
        team backend this user's own rows (never the server home's file, which every
        user's writes would share)."""
        from .refusals import RefusalLog, StateRefusals

        if self.settings.database_url is not None:
            return StateRefusals(self.state_db, clock=self.clock)
        return RefusalLog(self.home, clock=self.clock)

    def _record_refusal(self, store: Store, error: GuardError, source: Source, name: str) -> None:
        self.record_refusal(store.scope, source, error, name)

    def record_refusal(self, scope: str, source: Source, error: GuardError, name: str) -> None:
        """Keep a write the guard refused before it reached a store (the extractor's
        candidate, refused at extraction) where every other refusal is kept, for
        :meth:`refusals` (the web page's Activity) to list."""
        self._refusal_log().record(scope, source.value, error, name)

    def refusals(self, limit: int = 50) -> list[Refusal]:
        """The newest writes the memory guard refused in this home, or of this user on
        the team backend (rule, reason, scope, writer, entry name; never the refused
        text), newest first."""
        return self._refusal_log().recent(limit)

    def close(self) -> None:
        """Close state.db (it reopens on next use). Files need no closing."""
        if "state_db" in self.__dict__:  # opened
            self.state_db.close()

    # -- the model ---------------------------------------------------------------------------

    @functools.cached_property
    def provider(self) -> Provider:
        """The LLM provider ``llm`` / ``MEMDIR_LLM`` names (a plugin; built on first use,
        or set)."""
        from .. import hooks

        s = self.settings
        made: Provider = hooks.make_provider(
            s.llm, api_key=s.llm_api_key, base_url=s.llm_base_url, timeout=s.llm_timeout
        )
        return made

    def _judged(self, text: str) -> str | None:
        """The guard's rule for a text a cloned repository brought (None: clean), cached
        in ``.cache/guard-verdicts.json`` so the guard is built only for new texts."""
        if self._verdicts is None:
            self._verdicts = Verdicts(self.home / ".cache" / "guard-verdicts.json")
        known, rule = self._verdicts.get(text)
        if not known:
            from .. import guard  # built only when a text has not been judged before

            finding = guard.scan(text)
            rule = finding.rule if finding else None
            self._verdicts.put(text, rule)
        return rule

    def _writable(self, scope: str) -> Store:
        """The store of ``scope``, refused when an administrator set it read-only."""
        store = self.store(scope)
        if store.read_only:
            raise ReadOnlyScopeError(scope, "it is set by an administrator")
        return store

    def _write_file(self, store: Store, file: str, text: str, message: str, end: str = "") -> Path:
        """Write ``text + end`` to a file beside a scope's entries (``SOUL.md``, a
        ``SKILL.md``): ``text`` scanned by the guard, the write recorded in its history."""
        from .. import guard

        guard.check(text)
        path = Path(store.backend.shown(file) or file)  # never the server's address
        with store.backend.lock(self.settings.lock_timeout):
            if store.history is not None:
                store.history.absorb()
            try:
                store.backend.write(file, (text + end).encode("utf-8"))
            except OSError as exc:
                raise StorageError("write", path, exc) from exc
            if store.history is not None:
                store.history.record([file], message)
        return path

    def _save_verdicts(self) -> None:
        if self._verdicts is not None:
            self._verdicts.save()

    def _second_opinion(self) -> SecondOpinion | None:
        """The model that judges the guard's grey band when ``llm`` names one (offline:
        None); its verdicts are cached in ``.cache/guard-second-opinion.json``."""
        if self.settings.llm.strip().lower() in ("", "rules"):
            return None
        from ..guard import SecondOpinion

        def complete(system: str, user: str) -> str:
            provider = self.provider
            complete = getattr(provider, "complete", None)
            if complete is None:
                raise MemdirError(f"{provider.name} cannot judge text; set llm to a chat model")
            return str(complete(system, user))

        cache = Verdicts(self.home / ".cache" / "guard-second-opinion.json")
        return SecondOpinion(complete, cache=cache, key=self.settings.llm)
