"""Upkeep: usage decay, archiving per policy, review of polluted origins, session deletion,
carrying the pipeline's state of a local scope ``scopes --adopt`` moved (:func:`carry`,
docs/design/core.md), and on the team backend a checkout's sessions from its path's key to
its URL's (:func:`key_by_url`). See docs/design/pipeline.md."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.changes import RemoveOp
from ..core.decay import stale
from ..core.errors import MemdirError, StorageError
from ..core.model import Source
from ..core.store import state_key
from ..sessions.usage import Usage, quietly

if TYPE_CHECKING:
    from ..core.layers import Layers
    from ..core.store import Store


def usable(md: Layers, scope: str) -> bool:
    """Whether the pipeline may write to ``scope`` here."""
    loc = md.locations.get(scope)
    return loc is not None and not loc.unavailable and not loc.read_only


def writable(md: Layers) -> list[Store]:
    """The existing scopes the pipeline writes to (local and user)."""
    return [
        md.store(s) for s in ("local", "user") if usable(md, s) and md.store(s).backend.exists()
    ]


def archive_unused(md: Layers, usage: Usage, *, dry_run: bool = False) -> list[str]:
    """Archive extracted entries unused for ``archive_unused_days``; returns
    ``"scope: id"`` of each (what would be archived, when ``dry_run``)."""
    days = md.settings.archive_unused_days
    done: list[str] = []
    for store in writable(md) if days > 0 else []:
        used = {eid: t for (_, eid), t in usage.last_used([state_key(store)]).items()}
        old = stale(store.list(), used, md.clock(), days, extractor_only=True)
        if old and not dry_run:
            with quietly():
                store.apply([RemoveOp(e.id) for e in old], source=Source.EXTRACTOR)
        done += [f"{store.scope}: {e.id}" for e in old]
    return done


def review(md: Layers) -> list[str]:
    """Entries whose only origin is a session marked polluted."""
    polluted = md.sessions.polluted()
    return [
        f"{scope}: {e.id} (only from polluted session {e.origins[0][8:]})"
        for scope, e in md.entries()
        if len(e.origins) == 1 and e.origins[0].removeprefix("session:") in polluted
    ]


def delete_session(md: Layers, session_id: str) -> list[str]:
    """Delete a session, its messages and queued work; remove (with tombstones) the
    entries whose only origin it was. Returns the removed entry ids."""
    removed = []
    origin = f"session:{session_id}"
    for store in writable(md):
        doomed = [e.id for e in store.list() if e.origins == (origin,)]
        if doomed:
            store.apply([RemoveOp(i) for i in doomed], source=Source.USER)
            removed += doomed

    md.sessions.delete(session_id)
    return removed


def carry(md: Layers, old_project: str, old_location: str) -> int:
    """After :meth:`memdir.Memdir.adopt` moved the local scope folder ``old_location`` of
    the project slug ``old_project`` here: the pipeline's rows keyed by them are this
    project's now, so what was logged before the move is learnt from here, once.

    State.db's rows in one transaction (:meth:`SessionStore.carry`), then the held writes
    (pending.json) and the dream diary's folder. Returns the sessions carried. A home
    without state.db carries no rows; the team backend (whose local scopes, sessions and
    jobs are keyed by URL, not by folder: :func:`key_by_url`) carries nothing."""
    import os

    from .jobs import RETRIES

    if md.database is not None:
        return 0
    new_project, new_location = md.project, state_key(md.store("local"))
    if (old_project, old_location) == (new_project, new_location):
        return 0

    sessions = 0
    if md.has_state:  # reads that find no state.db must not create one
        sessions = md.sessions.carry(
            old_project, new_project, old_location, new_location, retries=RETRIES
        )
    from ..review import approval, diary

    approval.relocate(md, old_location, new_location)  # held writes (approval = "ask")

    old_diary, new_diary = (diary.path_for(md, loc).parent for loc in (old_location, new_location))
    if old_diary.is_dir() and not os.path.lexists(new_diary):
        try:
            os.rename(old_diary, new_diary)  # the same filesystem: both under the home
        except OSError as exc:
            raise StorageError(f"move the dream diary {old_diary} to", new_diary, exc) from exc
    return sessions


def carry_adopted(md: Layers) -> list[str]:
    """:func:`carry` again for every folder adopted into this local scope (its
    ``.adopted.json``): a process that outlived the move (a maintain running meanwhile)
    may have keyed sessions, jobs or candidates by the old folder since. Not once a
    checkout is at the old place again, or the old folder was made again: the slug is a
    live project's then, whose sessions are its own. One stat when nothing was adopted; a
    repeat changes nothing. Returns errors (tried again next run)."""
    if md.database is not None or not usable(md, "local"):
        return []
    import os
    from pathlib import Path

    from ..core.adoption import adopted_from

    errors = []
    for slug, location, checkout in adopted_from(md.locations["local"].path):
        if os.path.lexists(location) or (checkout and Path(checkout).is_dir()):
            continue  # reused: a checkout there again (a new clone) owns that slug now
        try:
            carry(md, slug, location)
        except MemdirError as exc:
            errors.append(f"carry what was learnt under the adopted {location}: {exc}")
    return errors


def due_by_path(md: Layers, idle_before: float) -> list[tuple[str, int, int]]:
    """The due sessions (as :meth:`~memdir.sessions.SessionStore.due`) that
    :func:`key_by_url` would make this project's, read without rekeying them: a dry run
    writes nothing, yet plans the sessions just imported under this checkout's path."""
    if md.database is None or md.projectless is not None:
        return []
    from ..core.scopes import project_slug

    path_key = project_slug(md.project_root)
    if path_key == md.project:
        return []
    ids = md.sessions.rekeyable(path_key, md.project_root)
    return [due for due in md.sessions.due(path_key, idle_before) if due[0] in ids] if ids else []


def key_by_url(md: Layers) -> list[str]:
    """On the team backend, the sessions and jobs keyed by this checkout's path (logged
    before they were keyed by its remote URL, or imported from its transcripts since) made
    the URL's, as :attr:`~memdir.core.workspace.Workspace.project` keys them now: learnt
    from here, and after a move from the new place. This checkout's own path only: another
    path may be another live clone's, whose rows its own runs rekey; and at this path only
    the sessions this repository logged (their recorded checkout: another repository once
    at the same path, on another machine or here before, keeps its own). Returns errors
    (tried again next run)."""
    if md.database is None or md.projectless is not None:
        return []
    from ..core.scopes import project_slug

    path_key = project_slug(md.project_root)
    if path_key == md.project:  # no remote URL (keyed by the path), or a client elsewhere
        return []
    try:
        local: str | None = state_key(md.store("local"))
    except MemdirError:  # no local scope to consolidate into: its jobs stay
        local = None
    try:
        md.sessions.rekey(path_key, md.project, md.project_root, location=local)
    except MemdirError as exc:
        return [f"key the sessions logged under {path_key} by the project's URL: {exc}"]
    return []


def unclaimed(md: Layers) -> list[str]:
    """On the team backend, the sessions keyed by this checkout's path that record no
    checkout (logged before rows recorded it, or imported unproven): :func:`key_by_url`
    never claims them, so they wait unlearnt until ``memdir sessions claim``. Empty on the
    files backend (sessions are keyed by the path there by design) and for a checkout
    without a URL."""
    if md.database is None or md.projectless is not None:
        return []
    from ..core.scopes import project_slug

    path_key = project_slug(md.project_root)
    return [] if path_key == md.project else md.sessions.unrecorded(path_key)
