"""Write approval: with ``approval = "ask"``, agent and extractor writes wait for the user:
in ``pending.json`` under the home on one machine; on the team backend rows of the user's
own state (every server sees them, no other user does). See docs/design/review.md."""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from typing import TYPE_CHECKING, Any

from ..core.changes import AddOp, Operation, RemoveOp, ReplaceOp, SupersedeOp
from ..core.errors import MemdirError, StaleError
from ..core.model import BODY_MAX_BYTES, Entry, Source
from ..core.notices import warn_once
from ..core.store import state_key

if TYPE_CHECKING:
    from ..core.layers import Layers
    from ..core.store import Store
    from .apply import Proposal

LEDGER_NAME = "pending.json"
MAX_SHOWN = 50  # operations of one held write shown in review (the tool's batch limit)
_WHAT = "writes waiting for your approval (approval = ask)"
_KINDS: dict[str, type] = {
    "AddOp": AddOp,
    "ReplaceOp": ReplaceOp,
    "SupersedeOp": SupersedeOp,
    "RemoveOp": RemoveOp,
}

#: fields only a push or pull sets (the id from elsewhere): never in a held write
_TRANSFER_ONLY = frozenset({"id", "new_id", "keep_id"})


def asks(md: Layers, store: Store, source: Source) -> bool:
    """Whether a write by ``source`` to ``store`` must wait for the user."""
    return source in (Source.AGENT, Source.EXTRACTOR) and store.scope in md.settings.approval


def _plain(op: Operation) -> dict[str, Any]:
    data = {k: v for k, v in dataclasses.asdict(op).items() if v not in (None, (), {})}
    if "type" in data:
        data["type"] = str(getattr(data["type"], "value", data["type"]))
    if "origins" in data:
        data["origins"] = list(data["origins"])
    return {"op": type(op).__name__, **data}


def _op(data: dict[str, Any]) -> Operation:
    fields = {k: v for k, v in data.items() if k != "op"}
    if "origins" in fields:
        fields["origins"] = tuple(fields["origins"])
    kind = _KINDS.get(str(data.get("op")))
    if kind is None:
        raise MemdirError(f"no operation {str(data.get('op'))[:40]!r}")
    chosen = sorted(k for k in _TRANSFER_ONLY if fields.get(k))  # keep_id: False is kept
    if chosen:  # a push's or pull's: review shows no id, so it would rename unseen
        raise MemdirError(f"no agent or extractor write sets {', '.join(chosen)}")
    op: Operation = kind(**fields)
    return op


def _describe(op: dict[str, Any]) -> str:
    what = {"AddOp": "add", "ReplaceOp": "change", "SupersedeOp": "supersede"}
    verb = what.get(op["op"], "remove")
    target = f" {op['target']}" if op.get("target") else ""
    named = f" {op['name']!r}" if op.get("name") else ""
    text = " ".join(str(op.get("body") or "").split())
    body = f": {text[:80]}{'…' if len(text) > 80 else ''}" if text else ""
    return f"{verb}{target}{' →' if target and named else ''}{named}{body}"


def _whole(op: dict[str, Any]) -> str:
    """What applying ``op`` writes, in full: the fields it sets, then its body."""
    fields = [f"{k}: {str(op[k])[:400]}" for k in ("name", "description", "type") if op.get(k)]
    body = str(op.get("body") or "")
    if len(body) > BODY_MAX_BYTES:  # edited by hand: refused when applied
        body = f"{body[:200]}… ({len(body):,} characters: over the body limit)"
    return "\n".join([f"{_describe({**op, 'body': ''})}", *fields, *([body] if body else [])])


_UNREADABLE = (AttributeError, TypeError, ValueError, KeyError, MemdirError)


def _read(record: Any) -> tuple[tuple[Operation, ...], str]:
    """A held write's operations and what they do; one of :data:`_UNREADABLE` when
    ``record`` cannot be read (edited by hand?)."""
    ops = tuple(_op(op) for op in record.get("ops", []))
    return ops, "; ".join(_describe(op) for op in record.get("ops", []))


def _texts(record: Any) -> str:
    """A held write's whole text (:func:`_whole` of each op), for the person deciding it."""
    ops = record.get("ops", [])
    more = [f"… and {len(ops) - MAX_SHOWN} more operations"] if len(ops) > MAX_SHOWN else []
    return "\n\n".join([*(_whole(op) for op in ops[:MAX_SHOWN]), *more])


def _readable(record: Any) -> bool:
    try:
        _read(record)
    except _UNREADABLE:
        return False
    return True


def _load(md: Layers) -> dict[str, dict[str, Any]]:
    """Every held write of this home (one machine) or of this user (team backend), by id."""
    if md.database is None:
        from ..core.storage.records import load

        return load(md.home / LEDGER_NAME, _WHAT)
    rows = md.sessions.db.read(
        lambda c: c.execute("SELECT id, record FROM pending_writes").fetchall(),
        action="read the held writes",
    )
    return {str(r[0]): json.loads(r[1]) for r in rows}


def _id(location: str, plain: Sequence[dict[str, Any]]) -> str:
    """A held write's id: what it would do where (not where it was learned, ``origins``)."""
    from .apply import PREFIX  # not at import: apply loads the sessions package

    what = [{k: v for k, v in op.items() if k != "origins"} for op in plain]
    digest = hashlib.sha1(json.dumps([location, what], sort_keys=True).encode()).hexdigest()
    return PREFIX + digest[:8]


def hold(
    md: Layers, store: Store, ops: Sequence[Operation], *, source: Source, session: str | None
) -> dict[str, Any]:
    """Keep a write for the user instead of making it; returns its record (with ``id``).
    The guard decides now, as it would for the write made at once (a refusal raises
    :class:`GuardError`, naming its rule): nothing it refuses is ever offered for review.
    The id hashes what the write would do, not where it was learned (``origins``), so the
    same write proposed from two sessions is one record (the first one's)."""
    plain = [_plain(op) for op in store.screen(ops, source)]
    location = state_key(store)
    record: dict[str, Any] = {
        "id": _id(location, plain),
        "scope": store.scope,
        "location": location,
        "source": source.value,
        "session": session,
        "ops": plain,
        "held_at": md.clock().isoformat(),
    }
    read = _read_now(store, ops)
    if any(read):  # beside the ops, which come back as held: applied only onto these
        record["read"] = read
    if md.database is not None:  # the same write held twice is one row, as in the file
        row = (record["id"], location, json.dumps(record), md.clock().timestamp())
        md.sessions.db.write(
            lambda c: c.execute(
                "INSERT OR IGNORE INTO pending_writes (id, location, record, held_at) "
                "VALUES (?, ?, ?, ?)",
                row,
            ),
            action="hold a write for approval",
            serialise=False,
        )
        return record
    from ..core.storage.records import locked

    with locked(md.home / LEDGER_NAME, _WHAT) as pending:
        pending.setdefault(record["id"], record)
    return record


def relocate(md: Layers, old: str, new: str) -> int:
    """Held writes of the scope keyed ``old`` (a local scope folder that
    :meth:`memdir.Memdir.adopt` moved) made writes of ``new``'s, with the ids :func:`hold`
    gives them there; returns how many. One machine's ledger only (the team backend keys
    local scopes by URL, not by folder)."""
    path = md.home / LEDGER_NAME
    if md.database is not None or not path.exists():
        return 0
    from ..core.storage.records import locked

    moved = 0
    with locked(path, _WHAT) as pending:
        for pid, record in list(pending.items()):
            if isinstance(record, dict) and record.get("location") == old:
                record["location"] = new
                moved += 1
                ops = record.get("ops")
                if not (isinstance(ops, list) and all(isinstance(o, dict) for o in ops)):
                    continue  # unreadable (edited by hand?): listed as it is
                # its id as hold names it here: the same write held again is this one
                del pending[pid]
                record["id"] = _id(new, ops)
                pending.setdefault(record["id"], record)
    return moved


def unchanged(
    store: Store, ops: Sequence[Operation], entries: Sequence[Entry], source: Source
) -> list[Entry | None]:
    """For each of ``ops`` (the pipeline's, for ``store`` holding ``entries``), planned as
    :meth:`Store.apply` plans them but without the provenance (origins) they bring: the
    entry it would leave as it is (an add of an entry held, an update to what the entry
    already says), or None for an op that changes some text. When the batch cannot be
    planned, every op counts as changing (applied, it says why). The one rule of what
    review holds (:func:`hold_changing`) and what ``memdir maintain`` reports written."""
    from ..core.changes import Plan

    plan = Plan({e.id: e for e in entries}, lambda _id: (), now=store.clock(), source=source)
    out: list[Entry | None] = []
    try:
        for op in ops:
            bare = (
                dataclasses.replace(op, origins=())
                if isinstance(op, AddOp | ReplaceOp | SupersedeOp)
                else op
            )
            done = plan.apply(bare)
            out.append(done.entry if done.action in ("exists", "unchanged") else None)
    except MemdirError:
        return [None] * len(ops)
    return out


def hold_changing(
    md: Layers,
    store: Store,
    ops: Sequence[Operation],
    entries: Sequence[Entry],
    source: Source,
    same: Sequence[Entry | None] | None = None,
) -> list[Operation]:
    """Hold for review the ``ops`` (the pipeline's, for ``store`` holding ``entries``) that
    change some text (:func:`unchanged` gives None); return them. Those that would change
    nothing but provenance are not held: they alter no text a person must approve, so the
    origins they bring (another session teaching the fact again) are written at once, as
    approval = "auto" writes them, and ``memdir sessions rm`` of the first session keeps
    the fact. Each fact is held as its own write (ops on one entry together), so the user
    can apply one and reject another. When the batch cannot be planned, every op is held
    (review says why when applied). ``same``: :func:`unchanged` of these ops, when the
    caller planned them already. An op that changes nothing but an entry an earlier op
    of the batch makes (the model adding one fact twice) is held with that op: alone, it
    would name an entry the store does not hold."""
    if same is None:
        same = unchanged(store, ops, entries, source)
    stored = {e.id: e.etag for e in entries}
    kept = [
        op
        for op, entry in zip(ops, same, strict=True)
        if entry is None or (isinstance(op, ReplaceOp) and stored.get(entry.id) != entry.etag)
    ]
    known = [  # only onto the version ``entries`` hold: never a text no one approved
        dataclasses.replace(op, target=entry.id, if_match=entry.etag)
        for op, entry in zip(ops, same, strict=True)
        if entry is not None
        and isinstance(op, ReplaceOp)
        and stored.get(entry.id) == entry.etag
        and op.origins  # an add adds none
    ]
    if known:  # changed meanwhile (stale): its next restatement brings the origin
        with suppress(StaleError):
            store.apply(known, source=source)
    # one pending write a fact: each kept or rejected alone
    for ops_of_one in _apart(_as_read(kept, entries)):
        hold(md, store, ops_of_one, source=source, session=None)
    return kept


def _as_read(ops: Sequence[Operation], entries: Sequence[Entry]) -> list[Operation]:
    """``ops`` made against the versions of ``entries`` the model read (``if_match``):
    applied after someone changed the entry, a held change is refused as stale rather
    than written over the newer text."""
    etags = {e.id: e.etag for e in entries}
    return [
        dataclasses.replace(op, if_match=etags[op.target])
        if isinstance(op, ReplaceOp | SupersedeOp) and op.if_match is None and op.target in etags
        else op
        for op in ops
    ]


def _read_now(store: Store, ops: Sequence[Operation]) -> list[list[str] | None]:
    """For each of ``ops``, the entry a change sent without ``if_match`` makes against, as
    it is now (``[id, etag]``; None: not such a change, or no such entry)."""
    out: list[list[str] | None] = []
    for op in ops:
        now = None
        if isinstance(op, ReplaceOp | SupersedeOp) and op.if_match is None:
            with suppress(MemdirError):
                entry = store.get(op.target)
                now = [entry.id, entry.etag]
        out.append(now)
    return out


def _pins(record: Any, ops: Sequence[Operation]) -> tuple[tuple[str, str] | None, ...]:
    """A held write's versions read (:func:`_read_now`), one per op; ValueError when
    ``record`` has them malformed (edited by hand?)."""
    read = record.get("read")
    if read is None:
        return ()
    if not isinstance(read, list) or len(read) != len(ops):
        raise ValueError("its versions read do not match its operations")
    out: list[tuple[str, str] | None] = []
    for pin in read:
        if pin is not None and not (
            isinstance(pin, list) and len(pin) == 2 and all(isinstance(x, str) for x in pin)
        ):
            raise ValueError(f"a version read is not an [id, etag] pair: {str(pin)[:40]}")
        out.append(None if pin is None else (pin[0], pin[1]))
    return tuple(out)


def _apart(ops: Sequence[Operation]) -> list[list[Operation]]:
    """``ops`` as the writes a person approves one by one: each on its own, except those
    on one entry, which stay together, in their order (an op's ``target``, or the entry an
    add or a supersede makes: a later op of the batch may change it), and the removals
    right after a supersede, which go with it (a merge: applied alone, a removal would
    drop a fact the merged text keeps)."""
    from ..core.slug import entry_id

    out: list[list[Operation]] = []
    at: dict[str, list[Operation]] = {}
    for op in ops:
        target = getattr(op, "target", None)
        made = None  # the entry an add or a supersede of known type makes
        if isinstance(op, AddOp | SupersedeOp) and op.type is not None:
            made = entry_id(str(op.type), op.name)
        group = next((at[k] for k in (target, made) if k and k in at), None)
        if group is not None:
            group.append(op)
        elif isinstance(op, RemoveOp) and out and isinstance(out[-1][0], SupersedeOp):
            group = out[-1]  # to_operations's merge: the supersede, then the removals
            group.append(op)
        else:
            group = [op]
            out.append(group)
        for key in (target, made):
            if key:
                at.setdefault(key, group)
    return out


def message(md: Layers, record: dict[str, Any]) -> str:
    """What the model is told about a held write: how its user decides it. On one machine
    the CLI; on the team server (``md.served``: a token's user, who may have nothing but
    the token) the server's web page, whose Review applies or rejects it."""
    if md.served:
        from urllib.parse import urlencode

        from ..pg.names import remote_url

        project = remote_url(md.project_root) or str(md.project_root)
        page = "/review" + ("" if md.projectless else "?" + urlencode({"project": project}))
        how = (
            f"on this memory server's web page, under Review ({page}, signed in with their "
            f"token), where it is listed as {record['id']}"
        )
    else:
        how = f"with `memdir review --apply {record['id']}`"
    return (
        f"Not saved yet: this memory write awaits the user's approval (approval = ask). "
        f"The user can accept it {how} or reject it there; do not repeat it. Mention it to "
        f"the user if it matters now."
    )


def _mine(md: Layers) -> dict[str, str]:
    """location → scope for this workspace's scopes, created or not (a write held before
    a scope's first write names a folder that does not exist yet)."""
    return {
        state_key(md.store(name)): name for name, loc in md.locations.items() if not loc.unavailable
    }


def proposals(md: Layers) -> list[Proposal]:
    """The held writes of ``md``'s scopes, as review proposals of kind ``pending``."""
    from .apply import Action, Proposal

    mine = _mine(md)
    found = []
    for pid, record in sorted(_load(md).items()):
        try:
            scope = mine.get(str(record.get("location")))
            if scope is None:
                continue
            ops, detail = _read(record)
            read = _pins(record, ops)
            text = _texts(record)
        except _UNREADABLE as exc:
            why = f"cannot be read ({str(exc)[:160]}), so it is never applied"
            warn_once(
                f"held write {pid} in {md.home / LEDGER_NAME} {why}; drop it with "
                f"`memdir review --reject {pid}`"
            )
            found.append(Proposal("pending", "held write", f"{why}; reject it", (), (), pid))
            continue  # edited by hand? the others stay reviewable
        writer = record.get("source")  # an applied write keeps it: decays as its writer's
        source = Source(writer) if writer in (Source.AGENT, Source.EXTRACTOR) else None
        if source is None:  # listed to be rejected, never applied under a guessed writer
            detail = (
                f"cannot be applied: it names the writer {writer!r}, but only agent and "
                f"extractor writes are held (edited by hand?); reject it. It would: {detail}"
            )
        found.append(
            Proposal(
                "pending",
                f"{writer} write to the {scope} scope",
                detail,
                tuple(
                    f"{scope}:{getattr(op, 'target', '')}" for op in ops if hasattr(op, "target")
                ),
                () if source is None else (Action(scope, ops, read=read),),
                pid,
                source=source or Source.AGENT,
                text=text,
            )
        )
    return found


def decided(ids: Sequence[str]) -> MemdirError:
    """The error for held writes ``ids`` that are no longer held."""
    return MemdirError(
        f"held write {', '.join(ids)} was already applied or rejected (by another "
        f"process or server); nothing was done. Run `memdir review` for current ids"
    )


@contextmanager
def claimed(md: Layers, ids: Sequence[str]) -> Iterator[None]:
    """Hold the held writes ``ids`` for the block (which applies them) and forget them
    when it ends; a failing block leaves them held (docs/design/review.md)."""
    named = list(dict.fromkeys(ids))
    if not named:
        yield
        return
    if md.database is None:
        from ..core.storage.records import locked

        with locked(md.home / LEDGER_NAME, _WHAT) as pending:
            gone = [i for i in named if i not in pending]
            if gone:
                raise decided(gone)
            yield
            for pid in named:
                del pending[pid]
        return
    from ..pg.sessions import PgStateDatabase

    db = md.sessions.db
    assert isinstance(db, PgStateDatabase)
    wait = int(db.busy_timeout * 1000)
    setup = f"SET LOCAL search_path TO \"{db.schema()}\"; SET LOCAL lock_timeout = '{wait}ms'"
    with db.pg.begun(setup.encode(), "claim the held writes") as raw:
        rows = raw.execute(
            "SELECT id FROM pending_writes WHERE id = ANY(%s) FOR UPDATE", (named,)
        ).fetchall()
        gone = sorted(set(named) - {str(r[0]) for r in rows})
        if gone:
            raise decided(gone)
        yield
        raw.execute("DELETE FROM pending_writes WHERE id = ANY(%s)", (named,))


def _bury(md: Layers, pid: str, record: dict[str, Any], mine: dict[str, str]) -> None:
    """A tombstone for each entry the held write ``record`` would have written."""
    scope = mine.get(str(record.get("location")))
    if scope is None:  # its scope is not this workspace's any more
        return
    location = state_key(md.store(scope))
    for op in record.get("ops", []):
        if op.get("body") is None and op.get("name") is None:
            continue  # a rejected removal: the entry simply stays
        md.tombstones.reject(  # str(): a readable record edited by hand may hold a number
            location,
            str(op.get("target") or pid),
            str(op.get("name") or ""),
            str(op.get("body") or ""),
            op.get("origins", []),
        )


def reject(md: Layers, ids: Sequence[str]) -> list[str]:
    """Drop the held writes ``ids``, leaving a tombstone of each entry they would have
    written so extraction never proposes it again (on the team backend in the same
    transaction); returns the ids dropped. One another process applied or rejected since
    (:func:`decided`) drops none of them."""
    known = {p.id for p in proposals(md)}
    unknown = [i for i in ids if i not in known]
    if unknown:
        raise MemdirError(
            f"no pending write {', '.join(unknown)}; run `memdir review` for current ids"
        )
    mine, named = _mine(md), list(dict.fromkeys(ids))
    if md.database is not None:
        from ..pg.sessions import PgStateDatabase

        db = md.sessions.db
        assert isinstance(db, PgStateDatabase)

        def drop(c: Any) -> None:
            marks = ", ".join("?" * len(named))
            rows = c.execute(
                f"SELECT id, record FROM pending_writes WHERE id IN ({marks}) FOR UPDATE", named
            ).fetchall()
            records = {str(r[0]): json.loads(r[1]) for r in rows}
            gone = [i for i in named if i not in records]
            if gone:  # another process decided it meanwhile
                raise decided(gone)
            for pid in named:
                if _readable(records[pid]):  # an unreadable one (listed so) has no tombstone
                    with db.joining(c.raw):
                        _bury(md, pid, records[pid], mine)  # committed with the deletion
                c.execute("DELETE FROM pending_writes WHERE id = ?", (pid,))

        db.write(drop, action="reject held writes")
        return named
    from ..core.storage.records import locked

    with locked(md.home / LEDGER_NAME, _WHAT) as pending:
        gone = [i for i in named if i not in pending]
        if gone:  # another process decided it meanwhile
            raise decided(gone)
        for pid in named:
            if _readable(pending[pid]):  # an unreadable one (listed so) has no tombstone
                _bury(md, pid, pending[pid], mine)
            del pending[pid]  # after its tombstones: a failure leaves it pending
    return named
