"""One scope's entries and the write-path invariants, whatever the backend.

Every write: validate, scan with the guard, take the scope lock, re-read under the lock,
refuse if any file cannot be parsed, write topic files atomically, then regenerate the
index. Reads re-list the folder each time, so a file a person edits by hand is seen by the
next read; parsed files are cached by their stat signature so this stays cheap.
"""

from __future__ import annotations

import builtins
import dataclasses
import errno
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from .changes import (
    AddOp,
    Change,
    Operation,
    Plan,
    RemoveOp,
    ReplaceOp,
    SupersedeOp,
    resolve,
)
from .errors import (
    BudgetError,
    MemdirError,
    ParseError,
    ReadOnlyScopeError,
    UnreadableScopeError,
)
from .formats.frontmatter import parse_entry, render_entry
from .formats.index import PINNED_BUDGET, pinned_cost, render_index, snapshot_entries
from .model import Entry, EntryType, Source, utcnow
from .storage.base import INDEX_NAME, Backend, FileInfo, Staged

__all__ = ["RepairReport", "Store"]


@dataclass(frozen=True)
class _Snapshot:
    active: dict[str, Entry]
    archived: dict[str, Entry]  # empty unless the archive was asked for
    problems: list[ParseError]  # active files: these block writes
    archive_problems: list[ParseError]


@dataclass(frozen=True)
class RepairReport:
    """What :meth:`Store.repair` found and did."""

    index_rewritten: bool
    leftovers_removed: list[str]
    problems: list[ParseError]


class Store:
    """The entries of one scope.

    ``read_only`` scopes (managed, or a folder this process cannot write) raise
    :class:`ReadOnlyScopeError` on every write. ``clock`` returns the current UTC time.
    ``recheck_seconds`` bounds how long a burst of writes may skip stat'ing every file
    (0: every write checks every file).
    """

    def __init__(
        self,
        backend: Backend,
        *,
        scope: str = "local",
        read_only: bool = False,
        pinned_budget: int = PINNED_BUDGET,
        lock_timeout: float = 30.0,
        clock: Callable[[], datetime] = utcnow,
        recheck_seconds: float = 1.0,
    ) -> None:
        self.backend = backend
        self.scope = scope
        self.read_only = read_only
        self.pinned_budget = pinned_budget
        self.lock_timeout = lock_timeout
        self.clock = clock
        self.recheck_seconds = recheck_seconds
        self._cache: dict[str, tuple[FileInfo, Entry | ParseError]] = {}
        self._position: tuple[int, int] | None = None  # change-log end the cache reflects
        self._full_at = float("-inf")  # monotonic time of the last full listing
        self._prefetched: tuple[int, int] | None = None  # log end the prefetch has read
        self._mutex = threading.RLock()

    def __repr__(self) -> str:
        return f"Store(scope={self.scope!r}, location={self.backend.location!r})"

    # -- reading ---------------------------------------------------------------------------

    def _parse(self, name: str, info: FileInfo) -> Entry | ParseError:
        where = f"{self.backend.location}/{name}"
        try:
            data = self.backend.read(name)
        except OSError as exc:
            reason = "is a symlink, which memdir never follows" if exc.errno == errno.ELOOP else (
                f"cannot be read ({exc.strerror or exc})"
            )
            return ParseError(where, reason)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            return ParseError(where, f"is not UTF-8 (bad byte at offset {exc.start})")
        archived = name.startswith("archive/")
        stem = name.rsplit("/", 1)[-1][: -len(".md")]
        mtime = datetime.fromtimestamp(info.mtime, UTC).replace(microsecond=0)
        try:
            return parse_entry(text, stem, archived=archived, path=where, mtime=mtime)
        except ParseError as exc:
            return exc

    def _load(self, *, archive: bool = False, full: bool = True) -> _Snapshot:
        """Re-read the scope (and its archive, if asked), re-parsing only files whose stat
        signature changed. Unreadable files are returned as problems, never skipped.

        ``full=False`` is the writers' fast path under the lock, for bursts of writes: it
        reads the folder's names and stats only new files and those the change log says
        memdir writers touched, so a write does not stat the whole scope. It cannot see an
        in-place hand edit of an existing file, so it is used only within
        ``recheck_seconds`` of a full listing, and :meth:`apply` checks every file it
        overwrites or deletes.
        """
        with self._mutex:
            delta = None
            recent = time.monotonic() - self._full_at < self.recheck_seconds
            if not full and not archive and recent and self._position is not None:
                delta = self.backend.changes_since(self._position)
            if delta is None:
                position = self.backend.log_position()
                listing = self.backend.listing()
                if archive:
                    listing.update(self.backend.listing(archive=True))
                for gone in [n for n in self._cache if n not in listing and (
                        archive or not n.startswith("archive/"))]:
                    del self._cache[gone]
                for name, info in listing.items():
                    self._refresh(name, info)
                self._position = position
                self._full_at = time.monotonic()
                names: Iterable[str] = listing
            else:
                logged, self._position = delta
                present = self.backend.names()
                for name in [n for n in self._cache if not n.startswith("archive/")]:
                    if name not in present:
                        del self._cache[name]
                for name in (present - self._cache.keys()) | (logged & present):
                    found = self.backend.stat(name)
                    if found is None:
                        self._cache.pop(name, None)
                    else:
                        self._refresh(name, found)
                names = [n for n in self._cache if not n.startswith("archive/")]
            return self._snapshot(names)

    def _prefetch(self) -> bool:
        """Parse, without the lock, the files other writers logged since this process
        last looked, so the locked re-read finds them cached. Runs before a write and while
        waiting for the lock; returns True when there was something new.

        It never advances the position the locked re-read starts from: a writer logs names
        before it writes them, so only a reader holding the lock may move past them.
        """
        recent = time.monotonic() - self._full_at < self.recheck_seconds
        start = self._prefetched or self._position
        if not recent or start is None or self._position is None:
            return False
        delta = self.backend.changes_since(start)
        if delta is None or delta[1] == start:
            return False
        self._prefetched = delta[1]
        for name in delta[0]:
            found = self.backend.stat(name)
            if found is not None:
                self._refresh(name, found)
        return True

    def _refresh(self, name: str, info: FileInfo) -> None:
        cached = self._cache.get(name)
        if cached is None or cached[0].signature != info.signature:
            self._cache[name] = (info, self._parse(name, info))

    def _snapshot(self, names: Iterable[str]) -> _Snapshot:
        active: dict[str, Entry] = {}
        archived: dict[str, Entry] = {}
        problems: list[ParseError] = []
        archive_problems: list[ParseError] = []
        for name in names:
            item = self._cache[name][1]
            if isinstance(item, ParseError):
                (archive_problems if name.startswith("archive/") else problems).append(item)
            elif item.archived:
                archived[item.id] = item
            else:
                active[item.id] = item
        return _Snapshot(active, archived, problems, archive_problems)

    def list(self, *, include_archived: bool = False) -> builtins.list[Entry]:
        """Active entries oldest first; with ``include_archived``, history follows."""
        snap = self._load(archive=include_archived)
        result = sorted(snap.active.values(), key=lambda e: (e.created, e.id))
        if include_archived:
            result += sorted(snap.archived.values(), key=lambda e: (e.updated, e.id))
        return result

    def get(self, target: str, *, include_archived: bool = False) -> Entry:
        """The entry with id ``target``, or the one entry a unique substring matches."""
        snap = self._load(archive=include_archived)
        if include_archived and target in snap.archived:
            return snap.archived[target]
        return resolve(target, snap.active)

    def problems(self) -> builtins.list[ParseError]:
        """Files of this scope, archive included, that cannot be read or parsed. Those
        among the active files block writes; a broken archived file is only reported (no
        write ever rewrites an archived file)."""
        snap = self._load(archive=True)
        return snap.problems + snap.archive_problems

    def render_index(self, entries: Iterable[Entry] | None = None) -> str:
        """The MEMORY.md text for the given (default: current) entries."""
        chosen = self._load().active.values() if entries is None else entries
        return render_index(snapshot_entries(chosen))

    def pinned_used(self, entries: Iterable[Entry] | None = None) -> int:
        """Characters the pinned entries take in the system block."""
        chosen = self._load().active.values() if entries is None else entries
        return sum(pinned_cost(e) for e in chosen
                   if e.pinned and not e.archived and e.source is not Source.EXTERNAL)

    # -- writing ---------------------------------------------------------------------------

    def add(
        self,
        *,
        type: EntryType | str,
        name: str,
        description: str,
        body: str,
        pinned: bool = False,
        source: Source | str = Source.USER,
        origins: Sequence[str] = (),
    ) -> Entry:
        """Add an entry; an exact or whitespace/case-normalised duplicate returns the
        existing entry instead (see :meth:`apply` to tell the two apart)."""
        op = AddOp(type, name, description, body, pinned=pinned, origins=tuple(origins))
        return self.apply([op], source=source)[0].entry

    def replace(
        self,
        target: str,
        *,
        name: str | None = None,
        description: str | None = None,
        body: str | None = None,
        type: EntryType | str | None = None,
        pinned: bool | None = None,
        source: Source | str = Source.USER,
    ) -> Entry:
        """Change fields of one entry in place (id or unique substring)."""
        op = ReplaceOp(target, name=name, description=description, body=body, type=type,
                       pinned=pinned)
        return self.apply([op], source=source)[0].entry

    def remove(self, target: str, *, source: Source | str = Source.USER) -> Entry:
        """Move one entry to ``archive/`` with ``removed_at``; returns the archived copy."""
        return self.apply([RemoveOp(target)], source=source)[0].entry

    def supersede(
        self,
        target: str,
        *,
        name: str,
        description: str,
        body: str,
        type: EntryType | str | None = None,
        pinned: bool = False,
        source: Source | str = Source.USER,
        origins: Sequence[str] = (),
    ) -> Entry:
        """Replace a fact with a new entry; the old one is archived with ``valid_until``."""
        op = SupersedeOp(target, name, description, body, type=type, pinned=pinned,
                         origins=tuple(origins))
        return self.apply([op], source=source)[0].entry

    def _screen(self, ops: Sequence[Operation], source: Source) -> builtins.list[Operation]:
        """Guard every text an operation would write; extractor output gets secrets
        redacted, every other writer has them refused."""
        from . import guard  # imported on the first write: reads never pay for it
        screened: builtins.list[Operation] = []
        for op in ops:
            if isinstance(op, RemoveOp):
                screened.append(op)
                continue
            fields: dict[str, Any] = {
                k: getattr(op, k) for k in ("name", "description", "body")
                if isinstance(getattr(op, k), str)
            }
            if source is Source.EXTRACTOR:
                fields = {k: guard.redact_secrets(v) for k, v in fields.items()}
                op = dataclasses.replace(op, **fields)
            guard.check("\n".join(fields.values()), allow_secrets=source is Source.EXTRACTOR)
            screened.append(op)
        return screened

    def apply(self, ops: Sequence[Operation], *, source: Source | str = Source.USER
              ) -> builtins.list[Change]:
        """Apply operations all-or-nothing: every one is validated, guarded and planned,
        and the pinned budget checked on the final state, before any file is written."""
        if self.read_only:
            raise ReadOnlyScopeError(self.scope)
        writer = Source.parse(source)
        ops = self._screen(ops, writer)
        now = self.clock()
        staged = self._stage(ops, writer, now)
        try:
            with self._mutex, self.backend.lock(self.lock_timeout, idle=self._prefetch):
                self._prefetched = None
                for full in (False, True):
                    snap = self._load(full=full)
                    if snap.problems:
                        raise UnreadableScopeError(self.scope, snap.problems)
                    archived_ids = (n[len("archive/"):-len(".md")]
                                    for n in self.backend.archive_names())
                    plan = Plan(snap.active, archived_ids, now=now, source=writer)
                    changes = [plan.apply(op) for op in ops]
                    if full or self._targets_unchanged(plan):
                        break
                self._check_budget(snap.active, plan.active)
                self._position = self.backend.log_changes(set(plan.writes) | plan.deletes)
                self._execute(plan, staged)
        finally:
            for _, pending in staged.values():
                self.backend.discard(pending)
        return changes

    def _targets_unchanged(self, plan: Plan) -> bool:
        """True when every file the plan overwrites or deletes is exactly as cached (or,
        for a new file, still absent): then no hand edit can be lost."""
        for name in set(plan.writes) | plan.deletes:
            on_disk = self.backend.stat(name)
            cached = self._cache.get(name)
            if (on_disk is None) != (cached is None) or (
                on_disk is not None and cached is not None
                and on_disk.signature != cached[0].signature
            ):
                return False
        return True

    def _stage(self, ops: Sequence[Operation], writer: Source, now: datetime
               ) -> dict[str, tuple[Entry, Staged]]:
        """Guess the plan from what this process last read, without the lock, and write
        the files it would produce to durable temp files.

        Rendering and fsyncing then happen outside the lock; under the lock the plan is
        made again from disk and a staged file is used only if its entry came out the same.
        """
        with self._mutex:
            self._prefetch()
            known = {item.id: item for _, item in self._cache.values()
                     if isinstance(item, Entry) and not item.archived}
        if not known:
            return {}
        guess = Plan(known, (), now=now, source=writer)
        try:
            for op in ops:
                guess.apply(op)
        except MemdirError:
            return {}  # the plan under the lock raises it with the current state
        return {
            name: (entry, self.backend.stage(name, render_entry(entry).encode("utf-8")))
            for name, entry in guess.writes.items()
        }

    def _check_budget(self, before: Mapping[str, Entry], after: Mapping[str, Entry]) -> None:
        used_before = self.pinned_used(before.values())
        used_after = self.pinned_used(after.values())
        if used_after > self.pinned_budget and used_after > used_before:
            pinned = [
                f"{e.preview(60)} ({pinned_cost(e):,} chars)"
                for e in before.values() if e.pinned
            ]
            raise BudgetError(used_after, self.pinned_budget, pinned)

    def _execute(self, plan: Plan, staged: dict[str, tuple[Entry, Staged]]) -> None:
        """Write the plan in the order that can never lose an entry to a crash: archive
        copies (made durable) before anything they preserve is overwritten, new files
        (made durable) before anything is deleted, the index last. Its folder fsync makes
        the topic renames durable too, so an add costs one folder fsync, not two."""
        archive = sorted(n for n, e in plan.writes.items() if e.archived)
        current = sorted(n for n, e in plan.writes.items() if not e.archived)
        for name in archive:
            self._commit(name, plan.writes[name], staged)
        if archive:
            self.backend.sync(archive)
        for name in current:
            self._commit(name, plan.writes[name], staged)
        if plan.deletes:
            self.backend.sync(current)
            for name in sorted(plan.deletes):
                self.backend.delete(name, sync=False)
                self._cache.pop(name, None)
        if not self._write_index(plan.active.values()) and (current or plan.deletes):
            self.backend.sync([*current, *plan.deletes])

    def _commit(self, name: str, entry: Entry, staged: dict[str, tuple[Entry, Staged]]
                ) -> None:
        guess = staged.get(name)
        if guess is not None and guess[0] == entry and guess[0].layout == entry.layout:
            del staged[name]
            info = self.backend.commit(guess[1], sync=False)
        else:
            info = self.backend.write(name, render_entry(entry).encode("utf-8"), sync=False)
        self._cache[name] = (info, entry)

    def _write_index(self, entries: Iterable[Entry]) -> bool:
        """Regenerate the index if it changed (durably: this fsyncs the scope folder)."""
        text = self.render_index(entries).encode("utf-8")
        if self.backend.read_index() == text:
            return False
        self.backend.write(INDEX_NAME, text)
        return True

    # -- repair ----------------------------------------------------------------------------

    def needs_repair(self) -> bool:
        """True when the index is stale or an interrupted write left a temp file."""
        if not self.backend.exists():
            return False
        snap = self._load()
        if snap.problems:
            return False
        index = self.backend.read_index()
        stale = index is not None or snap.active
        return bool(self.backend.leftovers()) or bool(
            stale and index != self.render_index(snap.active.values()).encode("utf-8")
        )

    def repair(self) -> RepairReport:
        """Remove leftover temp files and regenerate a stale index, under the lock.

        Leaves the index alone while an active file cannot be parsed; reports every
        unreadable file, archived ones included.
        """
        if self.read_only or not self.backend.exists() or not self.backend.writable():
            return RepairReport(False, [], self.problems() if self.backend.exists() else [])
        with self._mutex, self.backend.lock(self.lock_timeout):
            leftovers = self.backend.leftovers()
            for name in leftovers:
                self.backend.remove_leftover(name)
            snap = self._load(archive=True)
            rewritten = False
            if not snap.problems:
                rewritten = self._write_index(snap.active.values())
            return RepairReport(rewritten, leftovers, snap.problems + snap.archive_problems)
