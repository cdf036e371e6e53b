"""One scope's entries and the write-path invariants, whatever the backend.
See docs/design/core.md."""

from __future__ import annotations

import builtins
import contextlib
import dataclasses
import threading
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from .changes import (
    ID_SHAPE,
    AddOp,
    Change,
    EditOp,
    Operation,
    Plan,
    RemoveOp,
    ReplaceOp,
    SupersedeOp,
    resolve,
)
from .errors import (
    BudgetError,
    GuardError,
    MemdirError,
    ParseError,
    ReadOnlyScopeError,
    StorageError,
    UnreadableScopeError,
)
from .frontmatter import import_yaml, parse_entry, render_read_back
from .index import (
    PINNED_BUDGET,
    pinned_cost,
    render_index,
    snapshot_entries,
)
from .model import Entry, EntryType, Source, utcnow
from .reader import ScopeReader, Snapshot
from .storage.base import INDEX_NAME, Backend, HistoryBackend, listed

if TYPE_CHECKING:
    from ..guard import SecondOpinion


SOURCE_TRAILER = "source: "


def source_trailer(source: Source | str) -> str:
    """The last line of every commit message memdir writes: who made the change."""
    return f"{SOURCE_TRAILER}{source}\n"  # a Source is a StrEnum: its value


#: The commit of an index :meth:`Store.repair` rebuilt on its own (a hand edit of the
#: index itself, recorded by the commit before it; a stale index already committed). An
#: index rebuilt after a file added, edited or deleted by hand goes into that hand edit's
#: commit instead.
REBUILT = f"rebuild {INDEX_NAME} (memdir)\n\n{INDEX_NAME}: rebuilt from the entry files\n" + (
    source_trailer("memdir")
)


def commit_source(message: str) -> str | None:
    """Who made a change, read back from its message's :func:`source_trailer` line;
    None for a commit memdir did not write."""
    for line in reversed(message.splitlines()):
        if line.startswith(SOURCE_TRAILER):
            return line[len(SOURCE_TRAILER) :].strip() or None
    return None


def commit_message(changes: Sequence[Change], source: Source) -> str:
    """One commit message for one write: action, entry and source on the first line (the
    first few when there are many), then one ``action: id`` line for every change."""
    done = [c for c in changes if c.action not in ("exists", "unchanged")]
    parts = [
        f"{c.action} {(c.previous or c.entry).id}"
        + (f" -> {c.entry.id}" if c.action == "supersede" else "")
        for c in done
    ]
    lines = [f"{c.action}: {(c.previous or c.entry).id}" for c in done]
    return (
        f"{listed(parts)} ({source.value})\n\n" + "\n".join(lines) + "\n" + source_trailer(source)
    )


def state_key(store: Store) -> str:
    """What the state (tombstones, held writes, the dream diary) names ``store``'s scope
    by: its folder on one machine; on the team backend its scope key, so every server
    names it alike whatever host name its URL reaches the database by."""
    from .storage.postgres import PgBackend

    backend = store.backend
    return backend.scope.key if isinstance(backend, PgBackend) else backend.location


#: ``Store.apply``'s ``capture``: called with the touched files' bytes before and after.
Capture = Callable[[Mapping[str, bytes | None], Mapping[str, bytes | None]], None]


@dataclass(frozen=True)
class RepairReport:
    """What :meth:`Store.repair` found and did."""

    index_rewritten: bool
    leftovers_removed: list[str]
    problems: list[ParseError]


class Store:
    """The entries of one scope.

    ``read_only`` scopes (managed) raise :class:`ReadOnlyScopeError` on every write, saying
    ``read_only_why``.
    ``clock`` returns the current UTC time.
    ``history`` (optional) records every change (a git commit, or a versions row), under
    the same lock.
    """

    def __init__(
        self,
        backend: Backend,
        *,
        scope: str = "local",
        read_only: bool = False,
        read_only_why: str = "it is read-only",
        pinned_budget: int = PINNED_BUDGET,
        lock_timeout: float = 30.0,
        clock: Callable[[], datetime] = utcnow,
        history: HistoryBackend | None = None,
    ) -> None:
        self.backend = backend
        self.scope = scope
        self.read_only = read_only
        self.read_only_why = read_only_why
        self.pinned_budget = pinned_budget
        self.lock_timeout = lock_timeout
        self.clock = clock
        self._reader = ScopeReader(backend)
        self._mutex = threading.RLock()
        # Called after every successful apply with (store, changes, source): how the layer
        # above records tombstones in state.db without this module knowing of it.
        self.observers: builtins.list[Callable[[Store, builtins.list[Change], Source], None]] = []
        # Called the same way under the lock, before the write is final: on a transactional
        # backend (PostgreSQL) what they write commits with it, and their error rolls it back.
        self.in_write: builtins.list[Callable[[Store, builtins.list[Change], Source], None]] = []
        # Called with (store, error, source, entry name) when the guard refuses a write.
        self.refusals: builtins.list[Callable[[Store, GuardError, Source, str], None]] = []
        self.history = history
        # Judges standing orders in the guard's grey band (set by the engine when a model
        # is configured; None keeps the offline decision).
        self.second_opinion: SecondOpinion | None = None

    def __repr__(self) -> str:
        return f"Store(scope={self.scope!r}, location={self.backend.location!r})"

    # -- reading ---------------------------------------------------------------------------

    def _load(self, *, archive: bool = False) -> Snapshot:
        return self._reader.load(archive=archive)

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
        if include_archived:  # an archived id typed as it is made, or in half width
            for key in (target, unicodedata.normalize("NFKC", target)):
                if key in snap.archived:
                    return snap.archived[key]
        return resolve(target, snap.active)

    def problems(self) -> builtins.list[ParseError]:
        """Files of this scope, archive included, that cannot be read or parsed. Those
        among the active files block writes; a broken archived file is only reported (no
        write ever rewrites an archived file)."""
        snap = self._load(archive=True)
        return snap.problems + snap.archive_problems

    def refuse_unreadable(self, snap: Snapshot | None = None) -> None:
        """Raise :class:`UnreadableScopeError` if an active file of this scope (of ``snap``,
        a load made under the write lock, else now) cannot be read: the one rule of which
        broken files block a write (:meth:`apply`, ``review --apply``). A broken archived
        file does not: no write ever rewrites one."""
        problems = (snap if snap is not None else self._load()).problems
        if problems:
            raise UnreadableScopeError(self.scope, problems)

    def render_index(
        self, entries: Iterable[Entry] | None = None, problems: Sequence[ParseError] | None = None
    ) -> str:
        """The MEMORY.md text for the given (default: current) entries and unreadable
        files."""
        if entries is None or problems is None:
            snap = self._load()
            entries = snap.active.values() if entries is None else entries
            problems = snap.problems if problems is None else problems
        unreadable = [p.path.name for p in problems]
        return render_index(snapshot_entries(entries), unreadable=unreadable)

    def pinned_used(self, entries: Iterable[Entry] | None = None) -> int:
        """Characters the pinned entries take in the system block."""
        chosen = self._load().active.values() if entries is None else entries
        return sum(
            pinned_cost(e)
            for e in chosen
            if e.pinned and not e.archived and e.source is not Source.EXTERNAL
        )

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
        if_match: str | None = None,
    ) -> Entry:
        """Change fields of one entry in place (id or unique substring). ``if_match``:
        the :attr:`Entry.etag` the caller read; a newer one stored raises
        :class:`StaleError` and nothing is written."""
        op = ReplaceOp(
            target,
            name=name,
            description=description,
            body=body,
            type=type,
            pinned=pinned,
            if_match=if_match,
        )
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
        if_match: str | None = None,
    ) -> Entry:
        """Replace a fact with a new entry; the old one is archived with ``valid_until``.
        ``if_match``: as for :meth:`replace`."""
        op = SupersedeOp(
            target,
            name,
            description,
            body,
            type=type,
            pinned=pinned,
            origins=tuple(origins),
            if_match=if_match,
        )
        return self.apply([op], source=source)[0].entry

    def edit(
        self,
        target: str,
        text: str,
        *,
        source: Source | str = Source.USER,
        if_match: str | None = None,
    ) -> Change:
        """Replace one entry with ``text``, a whole topic file a person edited: every
        frontmatter field they changed is kept (``updated`` is set to now). ``if_match``:
        as for :meth:`replace`."""
        old = self.get(target)
        try:
            edited = parse_entry(text, old.id, path="<edited text>")
        except ParseError as exc:  # the entry's file is untouched: nothing to fix on disk
            raise ParseError(
                exc.path, exc.reason, exc.line, advice=f"Nothing was saved; {old.id} is unchanged."
            ) from None
        return self.apply([EditOp(old.id, edited, if_match=if_match)], source=source)[0]

    def screen(self, ops: Sequence[Operation], source: Source) -> builtins.list[Operation]:
        """Guard every text an operation would write; extractor output gets secrets
        redacted, every other writer has them refused. A write held for approval is
        screened here too, when it is held (:func:`memdir.review.approval.hold`)."""
        from .. import guard  # imported on the first write: reads never pay for it

        screened: builtins.list[Operation] = []
        for at, op in enumerate(ops):
            if isinstance(op, RemoveOp):
                screened.append(op)
                continue
            holder: Any = op.entry if isinstance(op, EditOp) else op
            fields: dict[str, Any] = {
                k: getattr(holder, k)
                for k in ("name", "description", "body")
                if isinstance(getattr(holder, k), str)
            }
            if source is Source.EXTRACTOR:
                fields = {k: guard.redact_secrets(v) for k, v in fields.items()}
                op = (
                    dataclasses.replace(op, entry=dataclasses.replace(op.entry, **fields))
                    if isinstance(op, EditOp)
                    else dataclasses.replace(op, **fields)
                )
            ids = [i for i in (getattr(op, "id", None), getattr(op, "new_id", None)) if i]
            try:  # an id from elsewhere is shown to the model too (the index): guarded
                guard.check(
                    "\n".join([*ids, *fields.values()]),
                    allow_secrets=source is Source.EXTRACTOR,
                    second_opinion=self.second_opinion,
                )
            except GuardError as exc:
                for refused in self.refusals:
                    refused(self, exc, source, str(fields.get("name", "")))
                exc.at = at
                raise
            screened.append(op)
        return screened

    def check(self, ops: Sequence[Operation], source: Source | str) -> None:
        """Raise what :meth:`apply` would raise when planning ``ops`` (an ``if_match`` no
        longer the entry's, a target removed meanwhile or not found, a name taken),
        writing nothing: a write held for review is refused at once if it could never
        apply. The guard is :meth:`screen`'s; the pinned budget is checked at apply."""
        writer = Source.parse(source)
        plan = Plan(
            {e.id: e for e in self.list()}, self._archived_ids, now=self.clock(), source=writer
        )
        for op in ops:
            plan.apply(op)

    def apply(
        self,
        ops: Sequence[Operation],
        *,
        source: Source | str = Source.USER,
        capture: Capture | None = None,
        calls: Iterable[int] = (),
    ) -> builtins.list[Change]:
        """Apply operations all-or-nothing: every one is validated, guarded and planned,
        and the pinned budget checked on the final state, before any file is written.

        ``ops`` are one call's, whose ``if_match`` all name the version read before it,
        unless ``calls`` gives the index of each op that starts another call (``review
        --apply`` of several held writes): that op and the rest check the entry as the
        ops before them left it (:meth:`Plan.new_call`).

        ``capture`` (for callers that may have to undo this write, e.g. ``review
        --apply``) is called under the lock with the bytes of every file the write
        touches, before and after (None: absent), so nothing another writer does can
        slip in between what it records and what was written."""
        if self.read_only:
            raise ReadOnlyScopeError(self.scope, self.read_only_why)
        writer = Source.parse(source)
        ops = self.screen(ops, writer)
        now = self.clock()
        unsynced: builtins.list[str] = []
        written = False
        # Whose archived copies the plan may look up (an archive id must be new): targets
        # given by id (one by name or substring is looked up when the plan resolves it).
        targets = [
            t
            for op in ops
            if isinstance(t := getattr(op, "target", None), str) and ID_SHAPE.fullmatch(t)
        ]
        import_yaml()  # not under the lock: docs/design/storage.md
        try:
            with self._mutex, self.backend.lock(self.lock_timeout, archive=targets):
                snap = self._reader.load()
                self.refuse_unreadable(snap)
                plan = Plan(snap.active, self._archived_ids, now=now, source=writer)
                starts = set(calls)
                changes: builtins.list[Change] = []
                for i, op in enumerate(ops):
                    if i in starts:
                        plan.new_call()
                    changes.append(plan.apply(op))
                touched = set(plan.writes) | plan.deletes
                if any(e.pinned for e in plan.writes.values()):  # else it cannot grow
                    self._check_budget(snap.active, plan.active)
                if self.history is not None:
                    self.history.absorb()
                prior = self._bytes(touched) if capture is not None else {}
                unsynced = self._execute(plan)
                written = not self.backend.transactional  # files: on disk from here
                if capture is not None:
                    capture(prior, self._bytes(touched))
                if self.history is not None and any(
                    c.action not in ("exists", "unchanged") for c in changes
                ):
                    self.history.record(
                        [*sorted(touched), INDEX_NAME],
                        commit_message(changes, writer),
                        sync=unsynced,  # in the commit's fsync batch, before its branch
                    )
                    unsynced = []
                for hook in self.in_write:
                    hook(self, changes, writer)
            written = True
        finally:
            if written:  # on disk, even if recording it in history failed
                self._settle(unsynced, changes, writer)
        return changes

    def _settle(
        self, unsynced: Sequence[str], changes: builtins.list[Change], writer: Source
    ) -> None:
        """Make a written change durable (outside the lock, without holding the next
        writer up) and tell the observers (tombstones), whatever else failed."""
        try:
            if unsynced:
                self.backend.sync(list(unsynced))
        finally:
            for observer in self.observers:
                observer(self, changes, writer)

    def _bytes(self, names: Iterable[str]) -> dict[str, bytes | None]:
        out: dict[str, bytes | None] = {}
        for name in sorted(names):
            try:
                out[name] = self.backend.read(name)
            except FileNotFoundError:
                out[name] = None
            except OSError as exc:
                raise StorageError("read", name, exc) from None
        return out

    def restore(
        self,
        files: Mapping[str, bytes | None],
        message: str,
        *,
        expected: Mapping[str, bytes | None] | None = None,
        also: Callable[[], object] | None = None,
    ) -> None:
        """Put exact bytes back (None: delete) for entry files, then regenerate the index
        and record one commit: how a revert writes. Every file must parse. ``expected``
        (the bytes each file had when the revert was planned; None: absent) is checked
        under the lock, so a write that landed in between is never silently undone.
        ``also`` runs under the lock last (transactional backend: in the same commit)."""
        if self.read_only:
            raise ReadOnlyScopeError(self.scope, self.read_only_why)
        for name, data in files.items():
            if data is not None:
                try:
                    text = data.decode("utf-8")
                except UnicodeDecodeError as exc:
                    raise ParseError(
                        name, f"is not UTF-8 (bad byte at offset {exc.start})"
                    ) from None
                parse_entry(text, name.rsplit("/", 1)[-1][:-3], path=name)
        with self._mutex, self.backend.lock(self.lock_timeout):
            for name, want in (expected or {}).items():
                try:
                    have: bytes | None = self.backend.read(name)
                except FileNotFoundError:
                    have = None
                except OSError as exc:
                    raise StorageError("read", name, exc) from exc
                if have != want:
                    raise MemdirError(
                        f"{name} in the {self.scope} scope changed while the "
                        f"revert was being prepared; nothing was changed. Look "
                        f"at `memdir log`, then run the revert again."
                    )
            if self.history is not None:
                self.history.absorb()
            for name, data in sorted(files.items()):
                if data is None:
                    self.backend.delete(name)
                else:
                    self.backend.write(name, data)
            snap = self._reader.load()
            if (index := self._index_bytes(snap.active, snap.problems)) is not None:  # changed
                self.backend.write(INDEX_NAME, index)
            if self.history is not None:
                self.history.record([*sorted(files), INDEX_NAME], message)
            if also is not None:
                also()

    def _archived_ids(self, entry_id_: str) -> builtins.list[str]:
        """The archived ids of ``entry_id_``'s copies (``<id>--<time>``)."""
        names = self.backend.archive_names(f"{entry_id_}--")
        return [n[len("archive/") : -len(".md")] for n in names]

    def _check_budget(self, before: Mapping[str, Entry], after: Mapping[str, Entry]) -> None:
        used_before = self.pinned_used(before.values())
        used_after = self.pinned_used(after.values())
        if used_after > self.pinned_budget and used_after > used_before:
            pinned = [
                f"{e.preview(60)} ({pinned_cost(e):,} chars)" for e in before.values() if e.pinned
            ]
            raise BudgetError(used_after, self.pinned_budget, pinned)

    def _execute(self, plan: Plan) -> builtins.list[str]:
        """Write the plan in the order that can never lose an entry to a crash: archive
        copies (made durable) before anything they preserve is overwritten, new files
        (made durable) before anything is deleted, the index last (its temp file fsynced
        together with the topic files', renamed after them). Returns the names whose
        folder still needs its fsync: the caller does it after releasing the lock (one
        folder fsync makes the topic renames and the index rename durable)."""
        archive = sorted(n for n, e in plan.writes.items() if e.archived)
        current = sorted(n for n, e in plan.writes.items() if not e.archived)
        read_back: dict[str, Entry] = {}
        if archive:
            self._write_all(self._rendered(plan, archive, read_back), read_back)
            self.backend.sync(archive)
        files = self._rendered(plan, current, read_back)
        index = self._index_bytes(plan.active)
        if plan.deletes:
            self._write_all(files, read_back)
            self.backend.sync(current)
            for name in sorted(plan.deletes):
                self.backend.delete(name, sync=False)
            files = []
        if index is not None:
            files.append((INDEX_NAME, index))
        self._write_all(files, read_back)
        if index is not None:
            return [INDEX_NAME]
        return [*current, *plan.deletes]

    def _write_all(
        self, files: Sequence[tuple[str, bytes]], read_back: Mapping[str, Entry]
    ) -> None:
        """Write ``files`` (folder fsync left to the caller) and hand the reader what it
        would parse from those it can skip reading back (docs/design/storage.md)."""
        for name, info in self.backend.write_all(files, sync=False).items():
            if name in read_back:
                self._reader.remember(name, info, read_back[name])

    @staticmethod
    def _rendered(
        plan: Plan, names: Iterable[str], read_back: dict[str, Entry]
    ) -> builtins.list[tuple[str, bytes]]:
        """The bytes of each named file; ``read_back`` gets the entry a parse of them
        gives, where that is known without parsing."""
        out = []
        for name in names:
            entry = plan.writes[name]
            text, back = render_read_back(entry)
            if back is not None and name == entry.filename:
                read_back[name] = back
            out.append((name, text.encode()))
        return out

    def _index_bytes(
        self, entries: Mapping[str, Entry], problems: Sequence[ParseError] = ()
    ) -> bytes | None:
        """The index for ``entries``, or None when MEMORY.md already holds it."""
        unreadable = [p.path.name for p in problems]
        text = render_index(snapshot_entries(entries.values()), unreadable=unreadable).encode()
        return None if self.backend.read_index() == text else text

    # -- repair ----------------------------------------------------------------------------

    def needs_repair(self) -> bool:
        """True when the index is stale or an interrupted write left a temp file."""
        if not self.backend.exists():
            return False
        snap = self._load()
        if self.backend.read_index() is None and not snap.active and not snap.problems:
            return bool(self.backend.leftovers())
        leftovers = bool(self.backend.leftovers())  # then no need to render the index
        return leftovers or self._index_bytes(snap.active, snap.problems) is not None

    def _rewrite_index(self, index: bytes) -> None:
        """Write the regenerated index (under the lock) and record it: with the hand edit
        that made it stale, as one commit (``memdir revert HEAD`` then undoes that edit);
        after a hand edit of the index itself, which stays in history, as memdir's own
        commit; not at all when it puts back the bytes of the last commit (an index
        deleted by hand)."""
        history = self.history
        if history is None or history.head() is None:
            if history is not None:
                history.absorb()  # a history's first commit holds every file
            self.backend.write(INDEX_NAME, index)
            if history is not None and history.head() is not None:
                history.record([INDEX_NAME], REBUILT)
            return
        pending = history.worktree_changes()  # hand edits not recorded yet ({} on PG)
        committed, on_disk = pending.get(INDEX_NAME, (self.backend.read_index(), None))
        if INDEX_NAME in pending and on_disk is not None:
            history.absorb()  # a note typed into the index stays in history
            # memdir's, not a hand edit
            self._index_then(index, lambda: history.record([INDEX_NAME], REBUILT))
        elif set(pending) - {INDEX_NAME}:  # the edit and the index it staled
            self._index_then(index, lambda: history.absorb(rewritten=[INDEX_NAME]))
        elif committed != index:  # a stale index that was committed
            self._index_then(index, lambda: history.record([INDEX_NAME], REBUILT))
        else:
            self.backend.write(INDEX_NAME, index)

    def _index_then(self, index: bytes, commit: Callable[[], object]) -> None:
        """Write ``index`` and ``commit()`` it. When the commit fails (git's index.lock
        held by a person's git, say) the index's bytes before are put back: the repair
        did not happen, as its warning says, and the next commit does not record memdir's
        rebuild as a hand edit (the next repair or write rebuilds it again)."""
        before = self.backend.read_index()
        self.backend.write(INDEX_NAME, index)
        try:
            commit()
        except MemdirError:
            with contextlib.suppress(MemdirError):  # the commit's error is the one to say
                if before is None:
                    self.backend.delete(INDEX_NAME)
                else:
                    self.backend.write(INDEX_NAME, before)
            raise

    def repair(self) -> RepairReport:
        """Remove leftover temp files and regenerate a stale index, under the lock.

        Files that cannot be parsed are never touched: the index leaves them out with a
        warning that names them, so it never points at a missing file. Every unreadable
        file is reported, archived ones included.
        """
        if self.read_only or not self.backend.exists() or not self.backend.writable():
            return RepairReport(False, [], self.problems() if self.backend.exists() else [])
        import_yaml()  # not under the lock, as in apply: docs/design/storage.md
        with self._mutex, self.backend.lock(self.lock_timeout):
            leftovers = self.backend.leftovers()
            for name in leftovers:
                self.backend.remove_leftover(name)
            snap = self._load(archive=True)
            index = self._index_bytes(snap.active, snap.problems)  # rendered once
            if index is not None:
                self._rewrite_index(index)
            return RepairReport(index is not None, leftovers, snap.problems + snap.archive_problems)
