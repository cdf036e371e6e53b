"""Copy memories into a workspace of one project from the entries of another side: a
local home (files + git), the team database, or the team server's HTTP answer. A dry run
first; applied, every entry goes through the target's write path (guard included), and a
re-run changes nothing. What the target changed later, or removed, is kept
(docs/design/team-server.md, "Push and pull")."""

from __future__ import annotations

import hashlib
import json
import os
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.changes import AddOp, ReplaceOp, base_id
from ..core.errors import (
    BudgetError,
    GuardError,
    MemdirError,
    NotFoundError,
    ParseError,
    StaleError,
    StorageError,
    ValidationError,
)
from ..core.model import (
    Entry,
    EntryType,
    Source,
    validate_body,
    validate_description,
    validate_name,
)
from ..core.notices import warn_once
from ..core.scopes import project_slug
from ..core.slug import check_id, id_key
from ..core.storage.records import advice, load, locked

if TYPE_CHECKING:
    from ..core.store import Store
    from ..core.workspace import Workspace
    from ..sessions.maintenance import Progress

SCOPES = ("user", "project", "local")
BATCH = 200  # entries a write holds: one transaction, one index, one history commit
WRITES = ("add", "update", "mine")  # the moves that write


@dataclass(frozen=True)
class Move:
    """What happens to one entry: add, update, same (already there), kept (the target's
    copy is newer, or the target removed it), conflict (a pull's target copy was edited
    since the last push or pull, though its ``updated`` says otherwise: kept; a push's
    entry changed on both sides since then, or the target's while comparing: neither
    written), mine (such a copy kept by
    ``pull --keep-mine``, its ``updated`` set to now), refused (by the guard or the write
    path), unsent (push --server: too big for the server's body limit, not sent;
    :data:`memdir.pg.remote.UNSENT`)."""

    scope: str
    action: str
    entry: str
    name: str
    reason: str = ""


@dataclass
class Transfer:
    """Every entry's :class:`Move`, and whether they were written."""

    applied: bool
    moves: list[Move] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    #: per scope, a source entry's id -> the target's id of the same entry ("same" under
    #: another id): a push renames this home's to it (:func:`adopt_pushed`); not in
    #: :meth:`to_dict` (the team server sends it apart, to a client that asks)
    same_as: dict[str, dict[str, str]] = field(default_factory=dict)

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for m in self.moves:
            out[m.action] = out.get(m.action, 0) + 1
        return out

    def to_dict(self) -> dict[str, Any]:
        return {
            "applied": self.applied,
            "counts": self.counts(),
            "notes": self.notes,
            "moves": [m.__dict__ for m in self.moves],
        }


def _as_written(e: Entry) -> tuple[Any, ...]:
    """What the write path would store of ``e``: name, description and body as its
    validators give them back (a body's trailing spaces and blank lines dropped), so an
    entry written before compares equal to the file or request it came from."""
    out: list[Any] = [e.type, e.pinned]
    for check, value in (
        (validate_name, e.name),
        (validate_description, e.description),
        (validate_body, e.body),
    ):
        try:
            out.append(check(value))
        except ValidationError:  # the write path refuses it: compared as it is
            out.append(value)
    return tuple(out)


def _digest(e: Entry) -> str:
    """A hash of what :func:`_as_written` compares of ``e``."""
    text = json.dumps([str(v) for v in _as_written(e)], ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


class Ledger:
    """The sync base of a home's files: what pulls last wrote into them, or found there equal,
    and what pushes last sent from them, or found equal on the other side (both sides then
    held that text): per entry (its scope folder, relative to the home when inside it, and
    id), the :func:`_digest` of its text then, and under its own key (:data:`STAMP` and that
    key: no scope folder is empty, so no digest's key starts with NUL) that digest again
    with the ``updated:`` its copy here had then. A pull reads it to tell a copy edited here
    since (by hand, keeping ``updated:``, which memdir's clock cannot see) from one it may
    replace, and an edit through memdir (``updated:`` moved) from one by hand; a push reads
    it to send such an edit over a server copy stamped later that is still the base
    (:meth:`base`); a stamp whose digest is not the entry's record (written by an older
    memdir since, which keeps the stamps but does not update them) is none. Kept as
    ``pulled.json`` in the home; one that cannot be read, or holds a record that is not a
    string, is an error before anything is written, and so is (``apply``) a home where it
    cannot be written; a dry run needs no write. Saved under a lock, merged into what
    another push or pull saved meanwhile (docs/design/team-server.md, "The pull ledger")."""

    NAME = "pulled.json"
    #: a stamp's key: this, then the digest's key
    STAMP = "\0updated\0"
    WHAT = (
        "what `memdir pull` and `memdir push` last found the same here and on the team "
        "server, so that a file you edited by hand since is sent or kept, never overwritten"
    )

    def __init__(self, home: Path, *, apply: bool = True) -> None:
        self.home = home
        self.path = home / self.NAME
        found = load(self.path, self.WHAT)  # a clear error (ParseError) when unreadable
        for key, value in found.items():  # a wrong record dropped would let a pull
            if not isinstance(value, str):  # replace the hand edit it kept
                shown = key.replace("\0", " ")[:200]
                raise ParseError(
                    self.path,
                    f"the record {shown!r} is not a string: {value!r:.100}",
                    advice=advice(self.WHAT),
                )
        self.seen: dict[str, str] = dict(found)
        self.saved: dict[str, str] = {}  # what this pull records: merged on save
        if apply and not os.access(home if home.is_dir() else home.parent, os.W_OK):
            exc = PermissionError(13, "Permission denied")
            raise StorageError("write", self.path, exc)

    def key(self, into: Store, entry_id: str) -> str:
        where = Path(str(into.backend.location))
        if where.is_relative_to(self.home):  # a home moved keeps its records
            where = where.relative_to(self.home)
        return f"{where.as_posix()}\0{entry_id}"

    def edited(self, into: Store, old: Entry) -> bool:
        """Whether ``into``'s copy ``old`` differs from what a pull last left there."""
        last = self.seen.get(self.key(into, old.id))
        return last is not None and last != _digest(old)

    def base(self, store: Store, entry: Entry) -> str | None:
        """For a push: the digest recorded for ``store``'s ``entry`` when its text changed
        here since (what both sides held at the last push or pull), else None (unchanged,
        or no record: ``updated`` alone decides)."""
        last = self.seen.get(self.key(store, entry.id))
        return last if last is not None and last != _digest(entry) else None

    def stamp(self, into: Store, entry_id: str) -> datetime | None:
        """The ``updated:`` ``into``'s copy had when a pull last left it there (None: not
        recorded, by an older memdir's pull, or not for the text recorded now)."""
        key = self.key(into, entry_id)
        digest, _, when = self.seen.get(self.STAMP + key, "").partition(" ")
        if not digest or digest != self.seen.get(key):  # an older memdir's pull since
            return None
        return _stamp(when)

    def saw(self, into: Store, entry: Entry, updated: datetime) -> None:
        """Record ``entry``'s text as what ``into`` holds now, its copy there stamped
        ``updated``."""
        key = self.key(into, entry.id)
        digest = _digest(entry)
        self.seen[key] = self.saved[key] = digest
        stamp = f"{digest} {updated.replace(microsecond=0).isoformat()}"
        self.seen[self.STAMP + key] = self.saved[self.STAMP + key] = stamp

    def based(self, into: Store, entry: Entry) -> None:
        """Record ``entry`` (the other side's copy) as the sync base of ``into``'s copy,
        which ``pull --keep-mine`` kept: that copy stays edited since (a pull keeps it), a
        push sends it as long as the other side still holds ``entry``, and a conflict
        again when that changed too. Its stamp is none (how it was edited is not known)."""
        key = self.key(into, entry.id)
        self.seen[key] = self.saved[key] = _digest(entry)
        self.seen[self.STAMP + key] = self.saved[self.STAMP + key] = ""

    def save(self) -> None:
        """Record what this pull saw, re-reading the file under its lock (another pull's
        records stay); written atomically (a temporary file renamed)."""
        with locked(self.path, self.WHAT) as files:
            files.update(self.saved)
        self.saved = {}


def _stamp(value: str) -> datetime | None:
    try:
        return datetime.fromisoformat(value).replace(microsecond=0)
    except ValueError:
        return None


def _edited(entry: Entry, old: Entry, into: Store, where: str, ledger: Ledger, apply: bool) -> str:
    """The reason a pull keeps ``old``, edited {where} since the last push or pull; applied, the
    edit is committed to the scope's history first, so that deleting the file loses
    nothing."""
    file = Path(str(into.backend.location)) / old.filename
    if into.history is None:
        take = f"move {file} out of its folder (it is in no history) and pull again"
    elif apply:
        with into.backend.lock(into.lock_timeout):
            into.history.absorb()
        take = f"delete {file} (your edit is in memdir's history now: `memdir log`) and pull again"
    else:
        take = (
            "run this pull with --apply (it commits your edit to memdir's history), then "
            f"delete {file} and pull again"
        )
    changed = ledger.seen.get(ledger.key(into, old.id)) != _digest(entry)
    then = ledger.stamp(into, old.id)
    if then is None:  # recorded before the stamps: how it was edited is not known
        how = ""
    elif then == old.updated.replace(microsecond=0):
        how = ", with the same `updated:` as then (by hand?)"
    else:  # memdir moved `updated:` (after the server's copy too: both changed)
        later = old.updated > entry.updated
        how = (
            f", its `updated:` moved since ({_when(then)} then, {_when(old.updated)} now: "
            f"an edit through memdir?), {'after' if later else 'not after'} the server's copy"
        )
    theirs = (
        f"the server's copy changed too (its `updated:` {_when(entry.updated)})"
        if changed
        else "the server's copy is still the one pulled then"
    )
    return (
        f"edited {where} since the last push or pull{how}; {theirs}. Yours is kept, the server's "
        f"not written. To keep yours and send it, run `memdir pull --keep-mine --apply` "
        f"(its `updated:` becomes now), then `memdir push --apply`; to take the server's, {take}"
    )


def _both(old: Entry, where: str) -> str:
    """The reason a push leaves an entry changed on both sides since the last sync."""
    return (
        f"edited here since the last push or pull, and the copy {where} changed too (its "
        f"`updated:` {_when(old.updated)}): neither is written over, yours is not sent. "
        f"To keep yours and send it, run `memdir pull --keep-mine --apply` (its `updated:` "
        f"becomes now), then `memdir push --apply`; to take the server's, run "
        f"`memdir pull --apply` (a conflict there too) and do as it says"
    )


def _removed_both(removed: str) -> str:
    """The reason a push does not send an entry edited here since the last push or pull
    that the target removed since (``removed``: :func:`_kept`'s reason)."""
    return (
        f"edited here since the last push or pull, and {removed.removesuffix('; not brought back')}"
        f" since: yours is not sent, and no push brings the removed entry back. To send "
        f"yours, add it again under a new name (`memdir add`, then `memdir rm` this one "
        f"here) and push; to accept the removal, `memdir rm` it here"
    )


def push_bases(ledger: Ledger, source: Workspace, side: Side) -> dict[str, dict[str, str]]:
    """For a push of ``side`` (:func:`entries_of` ``source``, this home's files): the
    :meth:`Ledger.base` of each entry changed here since the last push or pull, per
    scope and id (:func:`transfer`'s ``bases``; sent to the server as each entry's
    ``base``)."""
    out: dict[str, dict[str, str]] = {}
    for scope, entries in side.items():
        store = _store(source, scope, None)
        for e in entries:
            base = ledger.base(store, e)
            if base is not None:
                out.setdefault(scope, {})[e.id] = base
    return out


def pushed(ledger: Ledger, source: Workspace, side: Side, done: Transfer) -> None:
    """Record in ``ledger`` each entry of ``side`` that the push ``done`` sent or found
    equal (the server holds its text now), stamped with its ``updated`` here; saved when
    the push was applied (a dry run writes no ledger)."""
    if not done.applied:
        return
    by_id = {(scope, e.id): e for scope, entries in side.items() for e in entries}
    for m in done.moves:
        e = by_id.get((m.scope, m.entry))
        if e is not None and m.action in ("add", "update", "same"):
            ledger.saw(_store(source, m.scope, None), e, e.updated)
    ledger.save()


def adopt_pushed(ledger: Ledger, source: Workspace, side: Side, done: Transfer) -> None:
    """After a push ``done`` of ``side`` (this home's entries of ``source``): each entry
    the target holds the same under another id (:attr:`Transfer.same_as`) renamed here to
    that id, as a pull renames it (its history kept; the id checked, guarded and never
    over another entry's by the write path), recorded in ``ledger`` as synced and told in
    its move's reason; a dry run renames nothing and says so
    (docs/design/team-server.md, "Entry ids")."""
    by_id = {(scope, e.id): e for scope, entries in side.items() for e in entries}
    renamed = False
    for n, m in enumerate(done.moves):
        twin = done.same_as.get(m.scope, {}).get(m.entry)
        e = by_id.get((m.scope, m.entry))
        if m.action != "same" or twin is None or e is None or twin == e.id:
            continue
        if not done.applied:
            why = f"{m.reason}; --apply renames this home's {e.id} to that id"
            done.moves[n] = replace(m, reason=why)
            continue
        store = _store(source, m.scope, None)
        rename = ReplaceOp(e.id, new_id=twin, if_match=e.etag, exact=True)
        try:
            [change] = store.apply([rename], source=Source.IMPORT)
        except MemdirError as exc:  # a taken id, one that is none, the guard's refusal
            why = f"{m.reason}; not renamed here to that id: {exc}"
            done.moves[n] = replace(m, reason=why[:2000])
            continue
        ledger.saw(store, change.entry, change.entry.updated)
        renamed = True
        why = (
            f"the same entry {m.reason}: this home's {e.id} renamed to that id (its history "
            "kept), so that your later changes of it go there and the server's come here"
        )
        done.moves[n] = replace(m, entry=change.entry.id, reason=why)
    if renamed:
        ledger.save()


def _when(at: datetime) -> str:
    return f"{at:%Y-%m-%d %H:%M:%S} UTC"


def _kept(entry: Entry, old: Entry | None, gone: dict[str, Entry] | None, where: str) -> str:
    """Why the target's state of ``entry`` wins ("" when it does not): its copy was
    changed after the source's, or it was removed there (an archived copy and no active
    one: removed, superseded or archived as unused). ``gone``: the target's archive by
    entry id, read once when first needed; ``where`` names the target in the reason."""
    if old is not None:
        if old.updated > entry.updated:
            return (
                f"the copy {where} is newer (changed {_when(old.updated)}, this one "
                f"{_when(entry.updated)})"
            )
        return ""
    removed = (gone or {}).get(entry.id)
    if removed is None:
        return ""
    at = removed.removed_at or removed.valid_until or removed.updated
    return f"removed {where} ({_when(at)}); not brought back"


def _name_key(name: str) -> str:
    """``name`` up to width, case and spaces (not casefolded: Straße is not Strasse)."""
    return " ".join(unicodedata.normalize("NFKC", name).lower().split())


def _unkept(
    entry: Entry, named: Mapping[tuple[EntryType | None, str], Entry], where: str
) -> tuple[str, str]:
    """For ``entry``, not on the target by its id: ``("", "")`` when it is added there under
    its id; else the move and its reason. Its id is not one (``refused``:
    :func:`~memdir.core.slug.check_id`, a cloned or hostile side sends anything); another
    entry's id there differs from it only by case (``conflict``: one file on a case-blind
    disk); the target holds it under another id (``same``); or holds another text of that
    name under another id (``conflict``, made on each side apart: neither written over, no
    second copy). ``named``: the target's entries by type and :func:`_name_key`, and by
    ``None`` and casefolded id."""
    try:
        check_id(entry.type.value, entry.id)
    except ValidationError as exc:
        why = f"its id cannot be kept: {exc}; rename its file to <type>_<name>.md where it is"
        return "refused", why
    cased = named.get((None, id_key(entry.id)))
    if cased is not None:
        return "conflict", (
            f"its id differs only by case or Unicode normalisation from {cased.id}'s "
            f"{where} (one file on a case-blind or normalising disk): not written; rename "
            "one of them"
        )
    twin = named.get((entry.type, _name_key(entry.name)))
    if twin is None:
        return "", ""
    if _as_written(twin) == _as_written(entry):
        return "same", f"{where} as {twin.id}"
    return "conflict", (
        f"an entry of that name is {where} under another id, {twin.id}, with other text: "
        f"neither is written over and no second copy made; rename one of them"
    )


def _adopt(entry: Entry, named: dict[tuple[EntryType | None, str], Entry]) -> None:
    """In ``named``, ``entry`` (the source's) in place of the twin a pull renames to its
    id: a later entry of that name or id is compared with it."""
    named[(entry.type, _name_key(entry.name))] = entry
    named[(None, id_key(entry.id))] = entry


def _adopted(twin: Entry, where: str) -> str:
    """The reason of a pull's move that renames ``twin`` to the server's id of the same
    entry (docs/design/team-server.md, "Entry ids")."""
    return (
        f"the same entry is {where} as {twin.id}: renamed to the server's id (its history "
        "kept), so that the server's later changes of it come here and yours go there"
    )


def _archive(into: Store) -> dict[str, Entry]:
    """An archived copy (``<id>--<time>``) of each entry id ``into`` ever archived."""
    out: dict[str, Entry] = {}
    for e in into.list(include_archived=True):
        if e.archived and "--" in e.id:
            out[base_id(e.id)] = e
    return out


def _write(
    into: Store,
    writes: Sequence[tuple[int, AddOp | ReplaceOp]],
    done: Transfer,
    wrote: dict[int, Entry],
    where: str,
) -> None:
    """Apply ``writes`` (each with the index of its move in ``done``) in one write, each
    entry as written put in ``wrote`` by that index. An
    entry the guard refuses is marked refused (logged once, by that write) and the others
    written again; one written by someone else since it was compared (its ``if_match``
    no longer matches) or removed since is marked conflict (``where``: where the target
    is, for the reason), the others written again; when the pinned
    budget refuses the write, each alone: one refused entry keeps no other out, as one
    write each did. Any other error is no entry's."""
    writes = list(writes)
    while writes:
        try:
            changes = into.apply([op for _, op in writes], source=Source.IMPORT)
        except (StaleError, NotFoundError) as exc:
            gone = isinstance(exc, NotFoundError)
            target = exc.target if isinstance(exc, NotFoundError) else exc.entry_id
            at = next(  # each ReplaceOp names its entry by exact id: the error's own
                (
                    n
                    for n, (_, op) in enumerate(writes)
                    if isinstance(op, ReplaceOp) and op.exact and op.target == target
                ),
                None,
            )
            if at is None:  # not one of the compared entries: no entry's to report
                raise
            i, _ = writes.pop(at)
            why = (
                f"{'removed' if gone else 'changed'} {where} while this was comparing: "
                "that change is kept, not written over; run it again to compare with it"
            )
            done.moves[i] = replace(done.moves[i], action="conflict", reason=why)
            continue
        except (GuardError, BudgetError) as exc:
            at = 0 if len(writes) == 1 else exc.at if isinstance(exc, GuardError) else None
            if at is None:
                for one in writes:
                    _write(into, [one], done, wrote, where)
                return
            i, _ = writes.pop(at)
            done.moves[i] = replace(done.moves[i], action="refused", reason=str(exc))
            continue
        for (i, _), change in zip(writes, changes, strict=True):
            wrote[i] = change.entry
            if change.action in ("exists", "unchanged"):  # an equal entry, other id
                done.moves[i] = replace(done.moves[i], action="same")
        return


Side = Mapping[str, Sequence[Entry]]  # a source: each scope's active entries


def checkout_slug(checkout: Workspace) -> str:
    """The slug of ``checkout``'s project root (a linked worktree: its main checkout's),
    its local scope's key on one machine; on the team backend only when the project has
    no remote URL (:func:`memdir.pg.names.url_slug`)."""
    return project_slug(checkout.project_root)


def _store(ws: Workspace, scope: str, local: str | None) -> Store:
    """``ws``'s store of ``scope``; on the team backend, the local scope ``local`` names
    (a checkout without a remote URL, named by a request) rather than ``ws``'s own."""
    if scope == "local" and local is not None and ws.database is not None:
        return ws.store_at(ws.home / "projects" / local)
    return ws.store(scope)


def entries_of(
    source: Workspace, *, local: str | None = None
) -> tuple[dict[str, list[Entry]], list[str]]:
    """The active entries of ``source``'s user, project and local scopes that exist, and
    a note for each of them it cannot read (not granted, no project). ``local``: on the
    team backend, the slug of the local scope to read instead of ``source``'s own (a
    checkout without a remote URL, named by a request)."""
    have = {s.scope for s in source.stores()}
    out: dict[str, list[Entry]] = {}
    notes: list[str] = []
    for scope in SCOPES:
        named = scope == "local" and local is not None  # which store: _store decides
        if scope in have or named:
            store = _store(source, scope, local)
            if not named or store.backend.exists():
                out[scope] = store.list()
            continue
        why = source.locations[scope].unavailable
        if why:
            notes.append(f"{scope} scope skipped: {why}")
    return out, notes


def transfer(
    source: Side,
    target: Workspace,
    *,
    apply: bool = False,
    where: str = "on the target",
    notes: Sequence[str] = (),
    local: str | None = None,
    progress: Progress | None = None,
    ledger: Ledger | None = None,
    keep_mine: bool = False,
    bases: Mapping[str, Mapping[str, str]] | None = None,
    pushed_from: tuple[Ledger, Workspace] | None = None,
) -> Transfer:
    """Copy ``source`` (each scope's active entries: :func:`entries_of` a workspace, or
    a push's JSON body) into the same scopes of ``target``: new ids are added, changed
    ones updated, equal ones left; one the target changed later or removed is kept as
    the target has it (``where``: where the target is, for the reasons given).
    ``notes``: the source's own (a scope it could not read); ``local``: as in
    :func:`entries_of`, on a team target. ``progress``: told ``("Comparing", n, total)``
    as entries are compared and ``("Writing", n, total)`` after each write (``n``
    entries added or replaced so far, which stay when a later write fails or is
    interrupted, of ``total`` planned; one the write refused or found equal is not
    counted). ``ledger`` (a pull into this home's files): a copy edited here since the
    last pull is not replaced but reported (``conflict``), or with ``keep_mine`` kept and
    its ``updated`` set to now (``mine``: a push then sends it); applied, what was written
    or found equal is recorded there. ``bases`` (a push): per scope and id, the
    :meth:`Ledger.base` of a source entry changed since the last push or pull; whatever
    the clocks say, when the target's copy is still that base the source's change is
    written over it, and when the target's copy changed since too, neither is written
    (``conflict``). A pull (``ledger``) likewise reports a copy here newer by ``updated``
    as a ``conflict`` when both it and the source's changed since the record; its
    ``mine`` records the source's copy as the new base (:meth:`Ledger.based`).
    ``pushed_from`` (a push from this home's files, applied): the home's ledger and
    workspace, where each entry found equal or written is recorded as :func:`pushed` does,
    after each write and saved even when a later write fails or is interrupted."""
    from .. import guard

    done = Transfer(applied=apply, notes=list(notes))
    tell: Progress = progress or (lambda stage, done, total: None)
    total = sum(len(source[s]) for s in SCOPES if s in source)
    seen = 0
    planned: list[tuple[Store, list[tuple[int, AddOp | ReplaceOp]]]] = []
    sent: dict[int, Entry] = {}  # each planned write's source entry, by its move's index
    theirs: dict[int, Entry] = {}  # a ``mine`` move's source entry: the new sync base

    def synced(scope: str, entry: Entry) -> None:  # the target holds ``entry``'s text now
        if pushed_from is not None and apply:
            home, source_ws = pushed_from
            home.saw(_store(source_ws, scope, None), entry, entry.updated)

    for scope in SCOPES:
        if scope not in source:
            continue
        try:
            into = _store(target, scope, local)
        except MemdirError as exc:
            done.notes.append(f"{scope} scope skipped: {exc}")
            continue
        exists = into.backend.exists()
        there = {e.id: e for e in into.list()} if exists else {}
        named: dict[tuple[EntryType | None, str], Entry]
        named = {(e.type, _name_key(e.name)): e for e in there.values()}
        named.update({(None, id_key(i)): e for i, e in there.items()})  # one file: id_key
        gone: dict[str, Entry] | None = None  # the target's archive, read when needed
        writes: list[tuple[int, AddOp | ReplaceOp]] = []  # each with its move's index
        ids = {e.id for e in source[scope]}
        for entry in source[scope]:
            seen += 1
            if seen % 100 == 0 or seen == total:
                tell("Comparing", seen, total)
            old = there.get(entry.id)
            if old is not None and _as_written(old) == _as_written(entry):
                done.moves.append(Move(scope, "same", entry.id, entry.name))
                if ledger is not None:
                    ledger.saw(into, entry, old.updated)
                synced(scope, entry)
                continue
            if old is None and gone is None:
                gone = _archive(into) if exists else {}
            why = _kept(entry, old, gone, where)
            base = bases.get(scope, {}).get(entry.id) if bases else None
            if old is None and base is not None and why:  # removed there, edited here
                why = _removed_both(why)
                done.moves.append(Move(scope, "conflict", entry.id, entry.name, why))
                continue
            if old is not None and base is not None:  # whatever the clocks say
                if _digest(old) != base:  # both changed since the last push or pull
                    why = _both(old, where)
                    done.moves.append(Move(scope, "conflict", entry.id, entry.name, why))
                    continue
                why = ""  # the target's copy is the base: only the source changed it
            edited = old is not None and ledger is not None and ledger.edited(into, old)
            if (  # newer here by the clock, but the server's changed since too: a conflict
                why
                and edited
                and ledger is not None
                and old is not None
                and ledger.seen.get(ledger.key(into, old.id)) != _digest(entry)
            ):
                why = ""
            if why:
                done.moves.append(Move(scope, "kept", entry.id, entry.name, why))
                continue
            if old is not None and ledger is not None and edited:
                if keep_mine:  # yours, made newer than the server's: a push sends it
                    if apply:
                        writes.append((len(done.moves), ReplaceOp(old.id, touch=True, exact=True)))
                        sent[len(done.moves)] = old
                        theirs[len(done.moves)] = entry
                    why = (
                        f"edited {where} since the last push or pull: yours kept, its "
                        "`updated:` now"
                    )
                    done.moves.append(Move(scope, "mine", entry.id, entry.name, why))
                    continue
                why = _edited(entry, old, into, where, ledger, apply)
                done.moves.append(Move(scope, "conflict", entry.id, entry.name, why))
                continue
            action = "add" if old is None else "update"
            if old is None:  # the id comes along: checked as any input from elsewhere
                act, why = _unkept(entry, named, where)
                twin = named.get((entry.type, _name_key(entry.name)))
                if (  # a pull takes the server's id of this home's copy (not one it has too)
                    act == "same"
                    and ledger is not None
                    and twin is not None
                    and there.get(twin.id) is twin
                    and twin.id not in ids
                ):
                    try:  # the id is shown to the model: guarded as the text is
                        guard.check(entry.id)
                    except GuardError as exc:
                        done.moves.append(Move(scope, "refused", entry.id, entry.name, str(exc)))
                        continue
                    _adopt(entry, named)
                    if apply:
                        rename = ReplaceOp(twin.id, new_id=entry.id, if_match=twin.etag, exact=True)
                        writes.append((len(done.moves), rename))
                        sent[len(done.moves)] = entry
                    why = _adopted(twin, where)
                    done.moves.append(Move(scope, "update", entry.id, entry.name, why))
                    continue
                if act:
                    if (  # a push renames this home's to the target's id (adopt_pushed)
                        act == "same"
                        and twin is not None
                        and there.get(twin.id) is twin
                        and twin.id not in ids
                    ):
                        done.same_as.setdefault(scope, {})[entry.id] = twin.id
                    done.moves.append(Move(scope, act, entry.id, entry.name, why))
                    continue
            try:
                guard.check(f"{entry.id}\n{entry.name}\n{entry.description}\n{entry.body}")
            except GuardError as exc:
                done.moves.append(Move(scope, "refused", entry.id, entry.name, str(exc)))
                continue
            if old is None:  # a later entry of this transfer is checked against it too: its
                # case twin or its name under another id is no second copy (rv61i)
                named.setdefault((None, id_key(entry.id)), entry)
                named.setdefault((entry.type, _name_key(entry.name)), entry)
            if apply:
                op: AddOp | ReplaceOp = (
                    AddOp(
                        entry.type,
                        entry.name,
                        entry.description,
                        entry.body,
                        pinned=entry.pinned,
                        origins=entry.origins,
                        id=entry.id,  # the other side's id, not one made from the name
                    )
                    if old is None
                    else ReplaceOp(
                        entry.id,
                        name=entry.name,
                        description=entry.description,
                        body=entry.body,
                        type=entry.type,
                        pinned=entry.pinned,
                        if_match=old.etag,  # as compared: else a write since is lost
                        exact=True,  # that entry only, never one its id is a substring of
                        keep_id=True,  # as the other side has it, whatever the name
                    )
                )
                writes.append((len(done.moves), op))
                sent[len(done.moves)] = entry
            done.moves.append(Move(scope, action, entry.id, entry.name))
        planned.append((into, writes))
    count, written = sum(len(w) for _, w in planned), 0
    wrote: dict[int, Entry] = {}  # each write's entry as written, by its move's index
    try:
        for into, writes in planned:
            for at in range(0, len(writes), BATCH):
                batch = writes[at : at + BATCH]
                _write(into, batch, done, wrote, where)  # may mark some refused/same/conflict
                written += sum(done.moves[i].action in WRITES for i, _ in batch)
                if ledger is not None:  # "mine" stays edited since the last push or pull: a
                    for i, _ in batch:  # newer server copy is a conflict again, not an update
                        if done.moves[i].action in ("add", "update"):
                            ledger.saw(into, sent[i], wrote[i].updated)
                        elif done.moves[i].action == "mine":  # the server's copy is the
                            ledger.based(into, theirs[i])  # base: a push then sends yours
                for i, _ in batch:
                    if done.moves[i].action in ("add", "update", "same"):
                        synced(done.moves[i].scope, sent[i])
                tell("Writing", written, count)  # after the records: an interruption keeps them
    except BaseException:  # what was written stays known; the write's error is the one
        for kept in (ledger, pushed_from[0] if pushed_from is not None else None):
            if kept is not None and apply:
                try:
                    kept.save()
                except MemdirError as lost:
                    warn_once(str(lost))
        raise
    for kept in (ledger, pushed_from[0] if pushed_from is not None else None):
        if kept is not None and apply:
            kept.save()  # a clear StorageError when it cannot be written (checked at start)
    return done
