"""Bulk import of whole sessions: many sessions, few transactions, bounded memory.
See docs/design/sessions.md."""

from __future__ import annotations

import functools
import sqlite3
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from ..core.errors import ValidationError
from . import provenance as prov
from .checkouts import NOWHERE, Checkout, Found, as_logged, found_at, named
from .db import Database
from .records import MEMORY_MODES, check_mode, to_epoch
from .rows import TITLE_CHARS, Stored, insert_staged, message, text, title
from .specs import ImportCounts, MemoryMode, SessionSpec, SessionTitle

BATCH_CHARS = 8_000_000  # flush early when a batch's text gets this big (memory bound)
MAX_KEY = 1000  # characters of a source key


@dataclass(eq=False, slots=True)  # eq=False: a track is its own key (identity)
class _Track:
    """One session while its rows stream in."""

    sid: str
    row: tuple[Any, ...]  # the sessions row to INSERT OR IGNORE (its checkout added last)
    titled: bool
    checkout: Checkout | None = None  # the one its source names (SessionSpec.remote, .commit)
    next: int = 0  # position of the next message in the session's stream
    added: int = 0
    created: bool = False
    keyed: bool | None = None  # whether its rows carry source keys
    legacy: int | None = None  # stored rows without a key not matched yet
    skip: str | None = None  # "removed" | "diverged": its rows are not written
    floor: str = "enabled"  # the strictest memory mode its rows asked for
    former: str | None = None  # the id an earlier import gave it (SessionSpec.former_id)
    named: str | None = None  # the title its last SessionTitle row gave it
    since: float | None = None  # the start that proves a checkout (None: none does)


class _Written:
    """What one batch transaction did (it may run more than once, so it only reports)."""

    def __init__(self, created: set[str], removed: set[str], size: int) -> None:
        self.created = created
        self.removed = removed  # removed since an earlier import: left out
        self.written = [False] * size  # per buffered row
        self.legacy: dict[_Track, int] = {}
        self.diverged: dict[_Track, str] = {}


def _where(sid: str, index: int | None = None) -> str:
    return f"session {sid!r}" + ("" if index is None else f", message {index + 1}")


def _track(spec: object) -> _Track:
    if not isinstance(spec, SessionSpec):
        raise ValidationError(
            f"each session is (SessionSpec, rows), not {type(spec).__name__}", field="session"
        )
    try:
        sid = text(spec.id, "session_id")
        if not sid.strip():
            raise ValidationError("session_id must not be empty", field="session_id")
        check_mode(spec.memory_mode)
        given = None if spec.title is None else " ".join(text(spec.title, "title").split())
        row: tuple[Any, ...] = (
            sid,
            None if spec.parent_id is None else text(spec.parent_id, "parent_id"),
            text(spec.agent, "agent"),
            None if spec.cwd is None else text(spec.cwd, "cwd"),
            None if spec.scope is None else text(spec.scope, "scope"),
            given or None,
            None if spec.started_at is None else to_epoch(spec.started_at, "started_at"),
            None if spec.ended_at is None else to_epoch(spec.ended_at, "ended_at"),
            spec.memory_mode,
        )
        checkout = named(
            None if spec.remote is None else text(spec.remote, "remote"),
            None if spec.commit is None else text(spec.commit, "commit"),
        )
    except ValidationError as exc:
        raise ValidationError(f"{_where(str(spec.id))}: {exc}", field=exc.field) from None
    former = spec.former_id if isinstance(spec.former_id, str) and spec.former_id else None
    former = None if former == sid else former
    since = None if spec.guessed_start is True else row[6]
    return _Track(sid, row, titled=bool(given), checkout=checkout, former=former, since=since)


class _Importer:
    def __init__(
        self,
        db: Database,
        batch: int,
        batch_chars: int,
        progress: Callable[[ImportCounts], None] | None,
        now: float,
        include_removed: bool,
        live: bool,
    ) -> None:
        self.db = db
        self.live = live
        self.batch = batch
        self.batch_chars = batch_chars
        self.progress = progress
        self.now = now
        self.include_removed = include_removed
        self.counts = ImportCounts()
        self.buffer: list[tuple[_Track, int, Stored, str | None]] = []
        self.chars = 0
        self.unsaved: list[_Track] = []  # sessions not yet created in the database
        self.done: list[_Track] = []  # sessions whose stream ended, counted after a flush
        self.raising: list[_Track] = []  # sessions whose memory mode is to be raised
        self.naming: list[_Track] = []  # sessions a SessionTitle row names
        self.pending: set[str] = set()  # ids that may have rows not yet written
        self.seen: dict[str, int] = {}  # keyed session -> rows its streams had (-1: done)
        self.current: dict[str, _Track] = {}  # the tracks of the item being read
        #: each working directory's checkout, read once per import
        self.found: Callable[[str | None], Found] = functools.lru_cache(maxsize=256)(found_at)

    def add(self, track: _Track, row: object) -> None:
        key = None
        if type(row) is not tuple or len(row) != 5:
            if isinstance(row, MemoryMode):
                self._raise(track, row.mode)
                return
            if isinstance(row, SessionTitle):
                self._name(track, row.title)
                return
            if isinstance(row, tuple | list) and len(row) == 6:
                key = None if row[5] is None else self._key(track, row[5])
                row = row[:5]
        keyed = key is not None
        if track.keyed is not keyed:
            if track.keyed is not None:
                raise ValidationError(
                    f"{_where(track.sid, track.next)}: the rows of a "
                    f"session must all carry a source key, or none",
                    field="source_key",
                )
            track.keyed = keyed
        if track.skip is not None:
            track.next += 1
            self.counts.messages_skipped += 1
            return
        try:
            stored = message(row, self.now)
        except ValidationError as exc:
            raise ValidationError(
                f"{_where(track.sid, track.next)}: {exc}", field=exc.field
            ) from None
        if track.next == 0 and track.row[6] is None and isinstance(row, tuple | list):
            track.since = None if row[4] is None else stored[4]  # its own time, not now
        self.buffer.append((track, track.next, stored, key))
        track.next += 1
        self.chars += len(stored[1]) + len(stored[3] or "")
        if len(self.buffer) >= self.batch or self.chars >= self.batch_chars:
            self.flush()

    def _key(self, track: _Track, value: object) -> str:
        if type(value) is str and 0 < len(value) <= MAX_KEY and value.isascii():
            return value  # the usual case
        key = text(value, "source_key") if isinstance(value, str) else None
        if not key or len(key) > MAX_KEY:
            raise ValidationError(
                f"{_where(track.sid, track.next)}: a source key is a "
                f"string of 1 to {MAX_KEY} characters",
                field="source_key",
            )
        return key

    def _raise(self, track: _Track, mode: object) -> None:
        if not isinstance(mode, str) or mode not in prov.MODE_RANK:
            raise ValidationError(
                f"{_where(track.sid)}: memory_mode must be one of {', '.join(MEMORY_MODES)}",
                field="memory_mode",
            )
        if prov.MODE_RANK[mode] > prov.MODE_RANK[track.floor]:
            track.floor = mode
            if track not in self.raising:
                self.raising.append(track)

    def _name(self, track: _Track, value: object) -> None:
        try:
            named = " ".join(text(value, "title").split())[:TITLE_CHARS]
        except ValidationError as exc:
            raise ValidationError(f"{_where(track.sid)}: {exc}", field=exc.field) from None
        if named:
            track.named, track.titled = named, True
            if track not in self.naming:
                self.naming.append(track)

    def flush(self) -> None:
        if not (self.buffer or self.unsaved or self.raising or self.naming):
            self._finish()
            return
        self._complete()
        out = self.db.write(self._write, action="import sessions")
        for track in self.unsaved:
            track.created = track.sid in out.created
            if track.sid in out.removed:
                track.skip = "removed"
        for track, legacy in out.legacy.items():
            track.legacy = legacy
        for track in out.diverged:
            track.skip = "diverged"
            sid = track.sid
            if sid not in self.seen or self.seen[sid] >= 0:
                self.counts.diverged.append(sid)
                self.seen[sid] = -1  # reported: not checked again
        added = skipped = 0
        for (track, _, stored, _), written in zip(self.buffer, out.written, strict=True):
            if not written:
                skipped += track.skip is not None
                continue
            added += 1
            track.added += 1
            if not track.titled and title(stored[0], stored[1]):
                track.titled = True
        self.counts.messages_added += added
        self.counts.messages_skipped += skipped
        self.counts.messages_present += len(self.buffer) - added - skipped
        self.counts.batches += 1
        self.buffer, self.unsaved, self.raising, self.naming, self.chars = [], [], [], [], 0
        self.pending = set(self.current)  # the open item's sessions go on
        self._finish()
        if self.progress is not None:
            self.progress(self.counts)

    def _complete(self) -> None:
        """Finish the rows of the sessions about to be created: the start (the first
        message's time when the source gave none) and the checkout: the one the source
        names; else, for sessions logged now (``live``), the one at the cwd; else that one
        only when it was there when the session began (:func:`.checkouts.as_logged`), a
        start the source gave (not a stand-in: a file's mtime, the import's time)."""
        first_at: dict[str, float] = {}
        for track, _, stored, _ in self.buffer:
            first_at.setdefault(track.sid, stored[4])
        for track in self.unsaved:
            row = track.row
            started = first_at.get(track.sid, self.now) if row[6] is None else row[6]
            checkout = track.checkout
            if checkout is None and self.live:
                checkout = self.found(row[3])[0]
            elif checkout is None:
                since = track.since
                checkout = NOWHERE if since is None else as_logged(self.found(row[3]), since)
            track.row = (*row[:6], started, *row[7:9], *checkout)

    def _save(self, c: sqlite3.Connection) -> tuple[set[str], set[str]]:
        """Create the unsaved sessions (see :func:`.provenance.save_session`)."""
        created: set[str] = set()
        removed: set[str] = set()
        for track in self.unsaved:
            row = track.row
            if track.former is not None:
                prov.rename_session(c, track.former, track.sid)
            state = prov.save_session(c, row, self.include_removed)
            if state != "present":
                (created if state == "created" else removed).add(track.sid)
        return created, removed

    def _write(self, c: sqlite3.Connection) -> _Written:
        """One transaction; may run more than once, so it changes nothing in Python."""
        created, removed = self._save(c)
        out = _Written(created, removed, len(self.buffer))
        present: dict[str, int] = {}
        plain: list[tuple[Any, ...]] = []
        keyed: dict[_Track, list[prov.Keyed]] = {}
        written = out.written
        for pos, (track, index, stored, key) in enumerate(self.buffer):
            sid = track.sid
            if key is not None:
                if track.skip is None and sid not in removed:
                    keyed.setdefault(track, []).append((pos, stored, key))
                continue
            held = present.get(sid)
            if held is None:  # positional: a session holding n rows skips n
                held = present[sid] = (
                    -1
                    if track.skip is not None or sid in removed
                    else 0
                    if sid in created
                    else c.execute(
                        "SELECT count(*) FROM messages WHERE session_id = ?", (sid,)
                    ).fetchone()[0]
                )
            if index >= held >= 0:
                written[pos] = True
                plain.append((sid, *stored))
        if plain:
            insert_staged(c, "session_id, role, content, tool_name, tool_calls, timestamp", plain)
        fresh: list[tuple[Any, ...]] = []
        for track, rows in keyed.items():
            sid = track.sid
            found = prov.match_keyed(c, sid, rows, new=sid in created, legacy=track.legacy)
            out.legacy[track] = found.legacy
            if found.diverged is not None:
                out.diverged[track] = found.diverged
            for pos, stored, key in found.fresh:
                written[pos] = True
                fresh.append((sid, *stored, key))
        if fresh:
            prov.insert_keyed(c, fresh)
        titles: dict[str, str] = {}
        for (track, _, stored, _), kept in zip(self.buffer, out.written, strict=True):
            if kept and not track.titled and track.sid not in titles:
                first = title(stored[0], stored[1])
                if first is not None:
                    titles[track.sid] = first
        c.executemany(
            "UPDATE sessions SET title = ? WHERE id = ? AND title IS NULL",
            [(t, sid) for sid, t in titles.items()],
        )
        c.executemany(
            "UPDATE sessions SET title = ? WHERE id = ?",
            [(t.named, t.sid) for t in self.naming if t.sid not in removed],
        )
        for track in self.raising:
            if track.sid not in removed:
                prov.raise_mode(c, track.sid, track.floor)
        return out

    def _finish(self) -> None:
        """Count the sessions whose stream ended and whose rows are all written."""
        for track in self.done:
            if track.keyed and self.seen.get(track.sid, 0) >= 0:
                # rows seen across the import; -1: created or reported, nothing to check
                self.seen[track.sid] = (
                    -1 if track.created or track.skip else self.seen.get(track.sid, 0) + track.next
                )
            if track.skip == "removed":
                self.counts.sessions_skipped += 1
            elif track.created:
                self.counts.sessions_created += 1
            elif track.added:
                self.counts.sessions_grown += 1
            else:
                self.counts.sessions_unchanged += 1
        self.done = []

    def run(self, sessions: Iterable[tuple[SessionSpec, Iterable[Any]]]) -> ImportCounts:
        for item in sessions:
            if not isinstance(item, tuple | list) or len(item) != 2:
                raise ValidationError("each session is (SessionSpec, rows)", field="session")
            tracks: dict[str, _Track] = {}
            self.current = tracks
            main = self._open(item[0], tracks)
            try:
                rows = iter(item[1])
            except TypeError:
                raise ValidationError(
                    f"{_where(main.sid)}: rows must be iterable, not {type(item[1]).__name__}",
                    field="rows",
                ) from None
            routed: SessionSpec | None = None
            target = main
            for row in rows:
                if isinstance(row, tuple) and len(row) == 2 and isinstance(row[0], SessionSpec):
                    spec, inner = row  # a row routed to another session
                    if spec is not routed:
                        routed = spec
                        target = tracks.get(spec.id) or self._open(spec, tracks)
                    self.add(target, inner)
                else:
                    self.add(main, row)
            # finished: counted once a flush has written their last rows
            self.done.extend(tracks.values())
        self.current = {}
        self.flush()
        self._settle()
        return self.counts

    def _settle(self) -> None:
        """Once every stream is imported: which keyed sessions the source no longer
        matches (see :func:`.provenance.finished`)."""
        todo = [(sid, seen) for sid, seen in self.seen.items() if seen >= 0]
        if not todo:
            return
        found = self.db.read(
            lambda c: [(sid, *prov.finished(c, sid, seen)) for sid, seen in todo],
            action="check imports",
        )
        for sid, why, dropped in found:
            if why is not None:
                self.counts.diverged.append(sid)
            elif dropped:
                self.counts.resynced.append(sid)

    def _open(self, spec: object, tracks: dict[str, _Track]) -> _Track:
        track = _track(spec)
        if track.sid in self.pending:
            # the same session again in this import (a copied transcript): write what is
            # buffered first, so what it holds includes the earlier rows
            self.flush()
        tracks[track.sid] = track
        self.unsaved.append(track)
        self.pending.add(track.sid)
        return track


def import_sessions(
    db: Database,
    sessions: Iterable[tuple[SessionSpec, Iterable[Any]]],
    *,
    now: float,
    batch: int = 20_000,
    batch_chars: int = BATCH_CHARS,
    progress: Callable[[ImportCounts], None] | None = None,
    include_removed: bool = False,
    live: bool = False,
) -> ImportCounts:
    """Import ``(spec, rows)`` pairs into ``db`` (see :meth:`SessionStore.import_sessions`);
    ``now`` is the time of rows logged without one; ``live``: the sessions are being
    logged now (a harness hook following its transcript), so each records the checkout at
    its cwd as it is."""
    if isinstance(batch, bool) or not isinstance(batch, int) or not 1 <= batch <= 1_000_000:
        raise ValidationError("batch must be an integer from 1 to 1,000,000", field="batch")
    return _Importer(db, batch, batch_chars, progress, now, include_removed, live).run(sessions)
