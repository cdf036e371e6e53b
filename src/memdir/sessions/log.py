"""SessionStore: logging sessions and messages to state.db, searching and pruning them.
See docs/design/sessions.md."""

from __future__ import annotations

import builtins
import dataclasses
import sqlite3
import uuid
from collections.abc import Callable, Iterable, Mapping
from dataclasses import KW_ONLY, dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from ..core.errors import DatabaseError, UnknownSessionError, ValidationError
from ..core.model import utcnow
from ..core.printable import shown
from . import bulk, checkouts, links
from . import rank as ranking
from .checkouts import Checkout
from .db import Database, file_size
from .provenance import remember_removed
from .query import sanitize
from .records import Message, MessageHit, SessionHit, SessionInfo, check_mode, to_epoch
from .rows import insert_staged as _insert_staged
from .rows import message as _message
from .rows import text as _text
from .rows import title as _title
from .schema import BARE_ID, HAS_HARNESS
from .search import Filters, Time, around, search_messages, search_sessions, tree
from .specs import ImportCounts, SessionSpec

MAX_LIMIT = 1000
MAX_WINDOW = 50
#: Sessions (the newest) a lookup that matched nothing searches for ids holding what was
#: given: its suggestions cost the same at any number of sessions (bench/session_prefix.py).
SUGGEST_AMONG = 2000
ALIKE = 50  # ids a prefix lookup of session ids reads (per kind of match; one more: "or more")
STAGE_MIN = 16  # log_many batches this big go through the staging table


@dataclass(frozen=True)
class PruneReport:
    """What :meth:`SessionStore.prune` removed."""

    sessions: int
    messages: int
    bytes_before: int
    bytes_after: int


def _escaped(text: str) -> str:
    """``text`` as a literal inside a LIKE pattern (``ESCAPE '\\'``)."""
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def _prefix_range(prefix: str) -> tuple[str, str | None]:
    """The strings starting with ``prefix`` as a range in code point order: ``prefix``
    and the least string after all of them (None: there is none, ``prefix`` is all
    U+10FFFF). Not LIKE, which ignores ASCII case on SQLite."""
    kept = prefix
    while kept:
        nxt = ord(kept[-1]) + 1
        if 0xD800 <= nxt <= 0xDFFF:  # surrogates cannot be stored: none sorts between
            nxt = 0xE000
        if nxt <= 0x10FFFF:
            return prefix, kept[:-1] + chr(nxt)
        kept = kept[:-1]
    return prefix, None


def _bounded(value: int, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValidationError(f"{name} must be an integer from {low} to {high}", field=name)
    return value


@dataclass(eq=False, repr=False)
class SessionStore:
    """Sessions and messages in ``state.db``, and search over them.

    ``ranker`` and ``folder`` are the ranking (see :mod:`memdir.sessions.rank`); pass
    others to try a different ranking without touching anything else.
    """

    db: Database
    _: KW_ONLY
    clock: Callable[[], datetime] = utcnow
    ranker: ranking.Ranker = ranking.rank
    folder: ranking.Folder = ranking.fold

    def __repr__(self) -> str:
        return f"SessionStore({str(self.db.path)!r})"

    def _now(self, value: Time | None, name: str) -> float:
        return self.clock().timestamp() if value is None else to_epoch(value, name)

    # -- sessions --------------------------------------------------------------------------

    def start(
        self,
        agent: str = "agent",
        *,
        session_id: str | None = None,
        parent_id: str | None = None,
        cwd: str | None = None,
        scope: str | None = None,
        started_at: Time | None = None,
        memory_mode: str = "enabled",
    ) -> SessionInfo:
        """Record a session (or return the existing one when ``session_id`` is taken).

        ``parent_id`` links a child (a compacted continuation, a delegated sub-task): its
        messages are found under the root session. The git checkout ``cwd`` is in is
        recorded with it (:func:`.checkouts.checkout_of`).
        """
        sid = _text(session_id, "session_id") if session_id is not None else uuid.uuid4().hex
        if not sid.strip():
            raise ValidationError("session_id must not be empty", field="session_id")
        check_mode(memory_mode)
        values = (
            sid,
            None if parent_id is None else _text(parent_id, "parent_id"),
            _text(agent, "agent"),
            cwd,
            scope,
            self._now(started_at, "started_at"),
            memory_mode,
            *checkouts.checkout_of(cwd),
        )
        self.db.write(
            lambda c: c.execute(
                "INSERT OR IGNORE INTO sessions (id, parent_id, agent, cwd, scope, started_at, "
                "memory_mode, checkout_remote, checkout_commit) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                values,
            ),
            action="start a session",
        )
        return self.get(sid)

    def get(self, session_id: str) -> SessionInfo:
        """One session with its message count."""
        row = self.db.read(
            lambda c: c.execute(
                "SELECT s.*, (SELECT count(*) FROM messages m WHERE m.session_id = s.id) AS "
                "messages FROM sessions s WHERE s.id = ?",
                (session_id,),
            ).fetchone()
        )
        if row is None:
            raise UnknownSessionError(session_id)
        return SessionInfo.from_row(row)

    def resolve(self, session_id: str) -> SessionInfo:
        """The session whose id is ``session_id`` or, failing that, the one session whose
        id starts with it (as ``memdir sessions ls`` and git print them, cut short), or
        whose id after a ``harness:`` prefix is (or starts with) it: the id the harness
        itself shows. A whole id wins: memdir's, then one ``harness:<id>`` (over its
        sub-agents' ``harness:<id>:<root>``, which only extend it, and over other ids
        starting alike: :meth:`also_starting_with` names those); when ids still differ (a
        memdir id and a harness's starting alike), they are listed in the error."""
        try:
            return self.get(session_id)
        except UnknownSessionError:
            if not session_id or len(session_id) < 4:
                raise
        ids, _ = self._starting_with(session_id)
        given = self.db.as_stored(session_id)  # as the ids read back are
        exact = [i for i in ids if i.partition(":")[2] == given]  # harness:<given>
        if len(exact) == 1:
            return self.get(exact[0])
        # a sub-agent's id (harness:<id>:<root>) only extends its parent's, when that matched
        ids = [i for i in ids if not any(i.startswith(j + ":") for j in ids if j != i)]
        if len(ids) == 1:
            return self.get(ids[0])
        if ids:
            raise ValidationError(
                f"{session_id!r} matches {'more than 5' if len(ids) > 5 else len(ids)} "
                f"session ids ({', '.join(map(shown, ids[:5]))}); give more of the id"
            )
        raise UnknownSessionError(session_id, self._holding(session_id))

    def also_starting_with(self, session_id: str, chosen: str) -> builtins.list[str]:
        """The ids besides ``chosen`` (and its sub-agents') that start with ``session_id``,
        or whose id after a ``harness:`` prefix does: the sessions an exact match in
        :meth:`resolve` passed over (``memdir sessions show`` names them). A bounded
        look (:data:`ALIKE`): :meth:`others_starting_with` says whether that is all."""
        return self.others_starting_with(session_id, chosen)[0]

    def others_starting_with(self, session_id: str, chosen: str) -> tuple[builtins.list[str], bool]:
        """:meth:`also_starting_with`'s ids, and whether they are all of them (False:
        more than :data:`ALIKE` ids start alike; the rest were not read)."""
        if len(session_id) < 4:
            return [], True
        found, complete = self._starting_with(session_id)
        ids = [chosen, *(i for i in found if i != chosen)]
        # a sub-agent's id (harness:<id>:<root>) only extends its parent's, as in resolve
        others = [i for i in ids[1:] if not any(i.startswith(j + ":") for j in ids if j != i)]
        return others, complete

    def _starting_with(self, session_id: str) -> tuple[builtins.list[str], bool]:
        """The ids starting with ``session_id`` or whose id after a ``harness:`` prefix
        does (read among at most :data:`ALIKE` + 1 of each), and whether that is all."""
        # case-sensitive on both backends, as ids are (not LIKE: SQLite's ignores ASCII
        # case): prefix ranges in code point order, one on the primary key, one on the
        # index of the ids after their harness: prefix (schema step 0013_session_bare_ids,
        # not a sub-agent's root after a second colon); each a search, not a scan
        given = self.db.as_stored(session_id)
        start = self._ids_starting("id", given)
        # SQLite's substr() and instr() stop at a NUL (PostgreSQL stores it as U+FFFD):
        # the index holds a bare id cut there. So for a given id holding one the range is
        # of what comes before it: the ids cut to exactly that come first, and of those
        # the ones whose whole bare id starts as given are kept
        head = given.partition("\x00")[0]
        after = self._ids_starting(BARE_ID, head, HAS_HARNESS)
        complete = len(start) <= ALIKE and len(after) <= ALIKE
        if head != given:
            bare = {i: i.partition(":")[2] for i in after}
            cut = [i for i in after if bare[i] == head or bare[i].startswith(head + "\x00")]
            # all of them read when the range went on past them, or was not cut short
            complete = len(start) <= ALIKE and (len(cut) < len(after) or len(after) <= ALIKE)
            after = [i for i in cut if bare[i].startswith(given)]
        return list(dict.fromkeys(start + sorted(after))), complete  # in order, once each

    def _ids_starting(self, key: str, prefix: str, *where: str) -> builtins.list[str]:
        """The first :data:`ALIKE` + 1 ids (``where`` holds) whose ``key`` starts with
        ``prefix``: a range of ``key`` in code point order (BINARY; "C" on PostgreSQL)."""
        low, high = _prefix_range(prefix)
        ordered = f"{key} COLLATE BINARY"
        conditions = [*where, f"{ordered} >= ?"] + ([] if high is None else [f"{ordered} < ?"])
        order = ordered if key == "id" else f"{ordered}, id COLLATE BINARY"
        sql = (
            f"SELECT id FROM sessions WHERE {' AND '.join(conditions)} "
            f"ORDER BY {order} LIMIT {ALIKE + 1}"
        )
        bounds = (low,) if high is None else (low, high)
        return self.db.read(lambda c: [r[0] for r in c.execute(sql, bounds)])

    def _holding(self, session_id: str) -> builtins.list[str]:
        """Up to 5 ids holding ``session_id`` anywhere (SQLite's LIKE ignores ASCII case),
        among the :data:`SUGGEST_AMONG` newest sessions: suggestions for an id that
        matched nothing. A substring is no index's order, so every id looked at is read:
        bounded by the newest (the ``started_at`` index), not a scan of every session."""
        like = f"%{_escaped(session_id)}%"
        sql = (
            "SELECT id FROM (SELECT id FROM sessions ORDER BY started_at DESC "
            f"LIMIT {SUGGEST_AMONG}) AS newest WHERE id LIKE ? ESCAPE '\\' ORDER BY id LIMIT 5"
        )
        return self.db.read(lambda c: [r[0] for r in c.execute(sql, (like,))])

    def end(self, session_id: str, ended_at: Time | None = None) -> None:
        """Mark a session ended (now, unless ``ended_at`` is given)."""
        when = self._now(ended_at, "ended_at")
        self.db.write(
            lambda c: c.execute(
                "UPDATE sessions SET ended_at = ? WHERE id = ?", (when, session_id)
            ),
            action="end a session",
        )

    def set_memory_mode(self, session_id: str, mode: str) -> None:
        """``enabled``, ``disabled``, or ``polluted`` (the session read web or third-party
        content, so background extraction must not learn from it)."""
        check_mode(mode)
        changed = self.db.write(
            lambda c: (
                c.execute(
                    "UPDATE sessions SET memory_mode = ? WHERE id = ?", (mode, session_id)
                ).rowcount
            ),
            action="set the memory mode",
        )
        if not changed:
            raise UnknownSessionError(session_id)

    def list(
        self,
        *,
        limit: int = 50,
        agent: str | None = None,
        scope: str | None = None,
        roots_only: bool = False,
    ) -> builtins.list[SessionInfo]:
        """Sessions, most recently started first."""
        where, params = ["1"], []
        for column, value in (("agent", agent), ("scope", scope)):
            if value is not None:
                where.append(f"s.{column} = ?")
                params.append(value)
        if roots_only:
            where.append("(s.parent_id IS NULL OR s.parent_id NOT IN (SELECT id FROM sessions))")
        sql = (
            "SELECT s.*, (SELECT count(*) FROM messages m WHERE m.session_id = s.id) AS "
            f"messages FROM sessions s WHERE {' AND '.join(where)} "
            "ORDER BY s.started_at DESC, s.rowid DESC LIMIT ?"
        )
        rows = self.db.read(lambda c: c.execute(sql, (*params, limit)).fetchall())
        return [SessionInfo.from_row(r) for r in rows]

    def lineage(self, session_id: str) -> set[str]:
        """The ids of every session in ``session_id``'s tree (root and descendants)."""
        return self.db.read(lambda c: tree(c, session_id))

    # -- messages --------------------------------------------------------------------------

    def log(
        self,
        session_id: str,
        role: str,
        content: str,
        *,
        tool_name: str | None = None,
        tool_calls: object = None,
        timestamp: Time | None = None,
    ) -> int:
        """Append a message to a session; returns its id. The session must exist."""
        return self.log_many(session_id, [(role, content, tool_name, tool_calls, timestamp)])[0]

    def log_many(self, session_id: str, rows: Iterable[tuple[Any, ...]]) -> builtins.list[int]:
        """Append many messages in one transaction (importers, bulk loads). Each row is
        ``(role, content, tool_name, tool_calls, timestamp)`` as :meth:`log` takes them
        (``None`` for the defaults). Returns the new ids in order."""
        now = self.clock().timestamp()
        batch = [(session_id, *_message(row, now)) for row in rows]

        def insert(c: sqlite3.Connection) -> builtins.list[int]:
            if c.execute("SELECT 1 FROM sessions WHERE id = ?", (session_id,)).fetchone() is None:
                raise UnknownSessionError(session_id)
            # Under BEGIN IMMEDIATE nobody else inserts, so the ids are ours to number.
            first = c.execute("SELECT coalesce(max(id), 0) + 1 FROM messages").fetchone()[0]
            ids = builtins.list(range(first, first + len(batch)))
            values = [(i, *v) for i, v in zip(ids, batch, strict=True)]
            if len(values) < STAGE_MIN:
                c.executemany(
                    "INSERT INTO messages (id, session_id, role, content, "
                    "tool_name, tool_calls, timestamp) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    values,
                )
            else:
                _insert_staged(
                    c, "id, session_id, role, content, tool_name, tool_calls, timestamp", values
                )
            title = next((t for v in batch if (t := _title(v[1], v[2]))), None)
            if title is not None:
                c.execute(
                    "UPDATE sessions SET title = ? WHERE id = ? AND title IS NULL",
                    (title, session_id),
                )
            return ids

        return self.db.write(insert, action="log a message")

    def import_sessions(
        self,
        sessions: Iterable[tuple[SessionSpec, Iterable[Any]]],
        *,
        batch: int = 20_000,
        progress: Callable[[ImportCounts], None] | None = None,
        include_removed: bool = False,
        live: bool = False,
    ) -> ImportCounts:
        """Import whole sessions in bulk, idempotently: ``(SessionSpec, rows)`` pairs, each
        row ``(role, content, tool_name, tool_calls, timestamp)`` as :meth:`log_many` takes
        them, optionally with the message's source key last; written ``batch`` rows per
        transaction and streamed, ``progress`` called after each batch. Keys, divergence,
        sub-agent rows and memory modes: docs/design/sessions.md (``memdir.sessions.bulk``).
        A bad value is a :class:`~memdir.ValidationError`; batches before it stay written.
        Each session records the checkout its spec names (``remote``, ``commit``), else the
        one at its ``cwd`` when that one's reflog shows it there by the session's start
        (``live``: a harness hook importing a session while it is logged: as it is now)."""
        return bulk.import_sessions(
            self.db,
            sessions,
            now=self.clock().timestamp(),
            batch=batch,
            progress=progress,
            include_removed=include_removed,
            live=live,
        )

    def messages(
        self, session_id: str, *, limit: int | None = None, offset: int = 0
    ) -> builtins.list[Message]:
        """A session's messages in order."""
        rows = self.db.read(
            lambda c: c.execute(
                "SELECT * FROM messages WHERE session_id = ? ORDER BY id LIMIT ? OFFSET ?",
                (session_id, -1 if limit is None else limit, offset),
            ).fetchall()
        )
        return [Message.from_row(r) for r in rows]

    def roles(self) -> builtins.list[str]:
        """The roles stored messages have, sorted (``log`` takes any role string)."""
        rows = self.db.read(
            lambda c: c.execute("SELECT DISTINCT role FROM messages ORDER BY role").fetchall(),
            action="list message roles",
        )
        return [r[0] for r in rows]

    def role_note(self, role: str) -> str | None:
        """Why a search filtered on ``role`` can find nothing: no stored message has that
        role (a typo?), naming the roles stored; None when some message has it."""
        stored = self.roles()
        if role in stored:
            return None
        return f"no message has role {role!r}; stored roles: {', '.join(stored) or 'none'}"

    def around(self, message_id: int, window: int = 3) -> builtins.list[Message]:
        """Message ``message_id`` and up to ``window`` messages of its session either
        side (empty when there is no such message)."""
        window = _bounded(window, "window", 0, MAX_WINDOW)
        return self.db.read(lambda c: around(c, message_id, window))

    # -- search ----------------------------------------------------------------------------

    def link_entities(self, budget: int = links.LINK_BATCH) -> int:
        """Record the entity mentions of up to ``budget`` messages not linked yet (``memdir
        maintain`` and ``memdir entities`` do; search does not: the lift is off for
        messages, docs/design/entities.md); how many."""
        try:
            if not self.db.read(links.pending, action="look for unlinked messages"):
                return 0
            return self.db.write(
                lambda c: links.link_messages(c, budget), action="link entity mentions"
            )
        except DatabaseError:  # read-only here: the links there are stay
            return 0

    def search(
        self,
        query: str,
        *,
        limit: int = 10,
        window: int = 1,
        strict: bool = False,
        **filters: Any,
    ) -> builtins.list[SessionHit]:
        """Root sessions matching ``query``, best first, each with its best message, a
        snippet and ``window`` neighbouring messages either side.

        Filters: ``role``, ``agent``, ``scope``, ``since``, ``until`` (exclusive),
        ``exclude`` (session ids; :meth:`MemorySession.recall` passes its lineage) and
        ``memory_modes``. ``strict`` (recall): a message sharing only bare numbers or stop
        words with ``query`` is no match. Never raises on the query text.
        """
        limit = _bounded(limit, "limit", 1, MAX_LIMIT)
        window = _bounded(window, "window", 0, MAX_WINDOW)
        flt = _filters(filters)
        q = dataclasses.replace(sanitize(query), strict=strict)
        if q.empty:
            return []
        return self.db.read(
            lambda c: search_sessions(
                c, q, flt, limit, window, self.ranker, self.folder, self.clock()
            ),
            action="search sessions",
        )

    def search_messages(
        self, query: str, *, limit: int = 50, **filters: Any
    ) -> builtins.list[MessageHit]:
        """Individual messages matching ``query``, best first (same ranking and filters
        as :meth:`search`)."""
        limit = _bounded(limit, "limit", 1, MAX_LIMIT * 10)
        flt = _filters(filters)
        q = sanitize(query)
        if q.empty:
            return []
        return self.db.read(
            lambda c: search_messages(c, q, flt, limit, self.ranker, self.clock()),
            action="search messages",
        )

    # -- upkeep ----------------------------------------------------------------------------

    def prune(self, older_than: Time) -> PruneReport:
        """Delete session trees with no activity since ``older_than`` — no session started
        and no message logged since — with their messages and index rows, then compact
        the file. Activity is judged by the logged times (an imported session keeps its
        original ones), not by when it was closed. A tree goes as a whole, so a child
        never outlives its root's history. Pruned imported sessions are not imported
        again."""
        cutoff = to_epoch(older_than, "older_than")
        before = self.size()

        def delete(c: sqlite3.Connection) -> tuple[int, int]:
            rows = c.execute(
                "SELECT s.id, s.parent_id, max(s.started_at, coalesce((SELECT max(timestamp) "
                "FROM messages m WHERE m.session_id = s.id), 0)) FROM sessions s"
            ).fetchall()
            parent = {r[0]: r[1] for r in rows}
            root: dict[str, str] = {}
            for sid in parent:
                at, seen = sid, {sid}
                while parent.get(at) in parent and parent[at] not in seen:
                    at = parent[at]
                    seen.add(at)
                root[sid] = at
            latest: dict[str, float] = {}
            for sid, _, last in rows:
                latest[root[sid]] = max(latest.get(root[sid], 0.0), last)
            doomed = [sid for sid in parent if latest[root[sid]] < cutoff]
            remember_removed(c, doomed, self.clock().timestamp())
            messages = 0
            for i in range(0, len(doomed), 500):
                part = doomed[i : i + 500]
                marks = ", ".join("?" * len(part))
                messages += c.execute(
                    f"DELETE FROM messages WHERE session_id IN ({marks})", part
                ).rowcount
                c.execute(f"DELETE FROM sessions WHERE id IN ({marks})", part)
            if doomed and isinstance(c, sqlite3.Connection):
                c.execute("INSERT INTO messages_word(messages_word) VALUES ('optimize')")
            return len(doomed), messages

        sessions, messages = self.db.write(delete, action="prune sessions")
        self.db.execute_outside("VACUUM", action="compact the database")
        self.db.execute_outside("PRAGMA wal_checkpoint(TRUNCATE)", action="compact the log")
        return PruneReport(sessions, messages, before, self.size())

    def delete(self, session_id: str) -> None:
        """Delete one session with its messages and the work queued on it (candidates,
        agent-write marks, its extraction job); it is not imported again."""

        def delete(c: sqlite3.Connection) -> None:
            remember_removed(c, [session_id], self.clock().timestamp())
            for sql in (
                "DELETE FROM messages WHERE session_id = ?",
                "DELETE FROM candidates WHERE session_id = ?",
                "DELETE FROM memory_writes WHERE session_id = ?",
                "DELETE FROM jobs WHERE kind = 'extract' AND key = ?",
                "DELETE FROM sessions WHERE id = ?",
            ):
                c.execute(sql, (session_id,))

        self.db.write(delete, action="delete a session")

    def carry(
        self, old_project: str, new_project: str, old_location: str, new_location: str,
        *, retries: int,
    ) -> int:  # fmt: skip
        """What the pipeline keyed by a local scope :meth:`memdir.Memdir.adopt` moved (the
        project slug ``old_project``, the folder ``old_location``) made the new one's, in
        one transaction: sessions (their scope), extract jobs (their project), candidates,
        the consolidate job (merged into the new folder's when it has one, ``retries``
        left), tombstones and usage counts (the adopted folder's win: its entries are the
        ones here now). Returns the sessions carried."""

        def body(c: sqlite3.Connection) -> int:
            sessions = c.execute(
                "UPDATE sessions SET scope = ? WHERE scope = ?", (new_project, old_project)
            ).rowcount
            c.execute(
                "UPDATE jobs SET project = ? WHERE kind = 'extract' AND project = ?",
                (new_project, old_project),
            )
            for table in ("candidates", "tombstones"):
                c.execute(
                    f"UPDATE {table} SET location = ? WHERE location = ?",
                    (new_location, old_location),
                )
            c.execute(
                "DELETE FROM usage WHERE location = ? AND entry_id IN "
                "(SELECT entry_id FROM usage WHERE location = ?)",
                (new_location, old_location),
            )
            c.execute(
                "UPDATE usage SET location = ? WHERE location = ?", (new_location, old_location)
            )
            _carry_consolidation(c, old_location, new_location, new_project, retries)
            return int(sessions)

        return int(self.db.write(body, action="carry the adopted scope's sessions and jobs"))

    def rekey(
        self, old_project: str, new_project: str, root: Path, *, location: str | None = None
    ) -> int:
        """The sessions of the project slug ``old_project`` that the repository at ``root``
        logged (their recorded checkout: :func:`.checkouts.ours`) made ``new_project``'s
        with their extract jobs, and ``old_project``'s jobs on ``location`` (the checkout's
        local scope: a consolidation its sessions queued), in one transaction (on the team
        backend: a checkout's, keyed by its path, as its remote URL's;
        :func:`memdir.pipeline.upkeep.key_by_url`). Another repository's sessions at that
        path, and those recording no checkout, stay. Returns the sessions rekeyed. Looks
        first, in a read: with nothing to rekey (every run but the first) no write lock is
        taken, so no other writer is waited for (rv55t)."""

        def look(c: sqlite3.Connection) -> tuple[set[Checkout], bool]:
            found = {
                (r[0], r[1])
                for r in c.execute(
                    "SELECT DISTINCT checkout_remote, checkout_commit FROM sessions "
                    "WHERE scope = ?",
                    (old_project,),
                )
            }
            queued = (
                location is not None
                and c.execute(
                    "SELECT EXISTS (SELECT 1 FROM jobs WHERE project = ? AND kind <> 'extract' "
                    "AND key = ?)",
                    (old_project, location),
                ).fetchone()[0]
            )
            return found, bool(queued)

        found, queued = self.db.read(look)
        claimed = checkouts.ours(root, found) if found else set()
        if not claimed and not queued:
            return 0
        remotes = sorted({r for r, _ in claimed if r is not None})
        commits = sorted({c for r, c in claimed if r is None and c is not None})
        claims = [("checkout_remote = ?", (r,)) for r in remotes] + [
            (
                f"checkout_remote IS NULL AND checkout_commit IN ({', '.join('?' * len(part))})",
                tuple(part),
            )
            for part in (commits[i : i + 500] for i in range(0, len(commits), 500))
        ]

        def body(c: sqlite3.Connection) -> int:
            moved = 0
            for where, args in claims:
                c.execute(
                    "UPDATE jobs SET project = ? WHERE project = ? AND kind = 'extract' AND "
                    f"key IN (SELECT id FROM sessions WHERE scope = ? AND {where})",
                    (new_project, old_project, old_project, *args),
                )
                moved += c.execute(
                    f"UPDATE sessions SET scope = ? WHERE scope = ? AND {where}",
                    (new_project, old_project, *args),
                ).rowcount
            if location is not None:
                c.execute(
                    "UPDATE jobs SET project = ? WHERE project = ? AND kind <> 'extract' "
                    "AND key = ?",
                    (new_project, old_project, location),
                )
            return moved

        return int(self.db.write(body, action="key this checkout's sessions by its URL"))

    def last_message_id(self, session_id: str) -> int:
        """The id of the session's newest message (0: none)."""
        return int(
            self.db.read(
                lambda c: (
                    c.execute(
                        "SELECT max(id) FROM messages WHERE session_id = ?", (session_id,)
                    ).fetchone()[0]
                    or 0
                )
            )
        )

    def memory_modes(self, session_ids: Iterable[str]) -> dict[str, str]:
        """The memory mode of each of these sessions that exists."""
        ids = sorted(set(session_ids))

        def read(c: sqlite3.Connection) -> dict[str, str]:
            found: dict[str, str] = {}
            for i in range(0, len(ids), 500):
                part = ids[i : i + 500]
                marks = ", ".join("?" * len(part))
                sql = f"SELECT id, memory_mode FROM sessions WHERE id IN ({marks})"
                found.update((r[0], r[1]) for r in c.execute(sql, part))
            return found

        return self.db.read(read)

    def polluted(self) -> set[str]:
        """Ids of the sessions marked ``polluted``."""
        return set(
            self.db.read(
                lambda c: [
                    r[0]
                    for r in c.execute("SELECT id FROM sessions WHERE memory_mode = 'polluted'")
                ]
            )
        )

    def rekeyable(self, old_project: str, root: Path) -> builtins.set[str]:
        """The ids of the sessions :meth:`rekey` would move from ``old_project`` (the
        repository at ``root`` logged them), read without moving any: what a dry run
        plans."""
        rows = self.db.read(
            lambda c: c.execute(
                "SELECT id, checkout_remote, checkout_commit FROM sessions WHERE scope = ?",
                (old_project,),
            ).fetchall()
        )
        claimed = checkouts.ours(root, {(r[1], r[2]) for r in rows}) if rows else set()
        return {r[0] for r in rows if (r[1], r[2]) in claimed}

    def unrecorded(self, scope: str) -> builtins.list[str]:
        """The ids of the sessions of ``scope`` recording no checkout (logged before rows
        recorded it, imported with no proof of it, or outside git), oldest first: no
        :meth:`rekey` claims them."""
        rows = self.db.read(
            lambda c: c.execute(
                "SELECT id FROM sessions WHERE scope = ? AND checkout_remote IS NULL "
                "AND checkout_commit IS NULL ORDER BY started_at, id",
                (scope,),
            ).fetchall(),
            action="list the sessions recording no checkout",
        )
        return [r[0] for r in rows]

    def claim(self, old_scope: str, new_scope: str, ids: Iterable[str]) -> int:
        """The sessions ``ids`` of ``old_scope`` that record no checkout made
        ``new_scope``'s with their extract jobs, in one transaction (``memdir sessions
        claim``: the user said they are this repository's). Returns how many moved."""
        ids = sorted(set(ids))
        unrecorded = "checkout_remote IS NULL AND checkout_commit IS NULL"

        def body(c: sqlite3.Connection) -> int:
            moved = 0
            for i in range(0, len(ids), 500):
                part = ids[i : i + 500]
                marks = ", ".join("?" * len(part))
                c.execute(
                    "UPDATE jobs SET project = ? WHERE project = ? AND kind = 'extract' AND "
                    f"key IN (SELECT id FROM sessions WHERE scope = ? AND {unrecorded} "
                    f"AND id IN ({marks}))",
                    (new_scope, old_scope, old_scope, *part),
                )
                moved += c.execute(
                    f"UPDATE sessions SET scope = ? WHERE scope = ? AND {unrecorded} "
                    f"AND id IN ({marks})",
                    (new_scope, old_scope, *part),
                ).rowcount
            return moved

        return int(self.db.write(body, action="claim this checkout's sessions")) if ids else 0

    def due(self, scope: str, idle_before: float) -> builtins.list[tuple[str, int, int]]:
        """``(id, newest message id, extracted up to)`` of the sessions of ``scope`` with
        memory mode enabled that ended, or whose newest message is older than
        ``idle_before`` (a UNIX time)."""
        return [
            (r[0], r[1], r[2])
            for r in self.db.read(
                lambda c: c.execute(
                    "SELECT s.id, max(m.id), coalesce(max(j.done_watermark), 0) FROM sessions s "
                    "JOIN messages m ON m.session_id = s.id LEFT JOIN jobs j ON "
                    "j.kind = 'extract' AND j.key = s.id WHERE s.scope = ? AND "
                    "s.memory_mode = 'enabled' GROUP BY s.id HAVING "
                    "(max(s.ended_at) IS NOT NULL OR max(m.timestamp) <= ?)",
                    (scope, idle_before),
                ).fetchall()
            )
        ]

    def size(self) -> int:
        """Bytes on disk: the database file and its write-ahead log."""
        return file_size(self.db.path)

    def count(self) -> tuple[int, int]:
        """``(sessions, messages)``."""
        return self.db.read(
            lambda c: (
                c.execute("SELECT count(*) FROM sessions").fetchone()[0],
                c.execute("SELECT count(*) FROM messages").fetchone()[0],
            )
        )


_FILTERS = ("role", "agent", "scope", "since", "until", "exclude", "memory_modes")


def _filters(given: Mapping[str, Any]) -> Filters:
    unknown = sorted(set(given) - set(_FILTERS))
    if unknown:
        raise ValidationError(
            f"unknown filter {unknown[0]!r}; use {', '.join(_FILTERS)}", field=unknown[0]
        )
    return Filters.build(**given)


def _carry_consolidation(
    c: sqlite3.Connection, old: str, new: str, project: str, retries: int
) -> None:
    """The consolidate job of the folder ``old`` as the one of ``new``: renamed, or merged
    into ``new``'s (pending when candidates wait; the lower done mark, so the next stage
    reopens it)."""
    moved = c.execute(
        "SELECT id, input_watermark, done_watermark FROM jobs "
        "WHERE kind = 'consolidate' AND key = ?",
        (old,),
    ).fetchone()
    if moved is None:
        return
    kept = c.execute(
        "SELECT id FROM jobs WHERE kind = 'consolidate' AND key = ?", (new,)
    ).fetchone()
    if kept is None:  # renamed; then, like a merged one, due now when candidates wait
        c.execute("UPDATE jobs SET key = ?, project = ? WHERE id = ?", (new, project, moved[0]))
        kept = moved
    else:
        c.execute("DELETE FROM jobs WHERE id = ?", (moved[0],))
    waiting = c.execute("SELECT count(*) FROM candidates WHERE location = ?", (new,)).fetchone()[0]
    c.execute(
        "UPDATE jobs SET input_watermark = max(input_watermark, ?), "
        "done_watermark = min(done_watermark, ?), project = ?, "
        "status = CASE WHEN ? > 0 AND status != 'running' THEN 'pending' ELSE status END, "
        "retry_at = CASE WHEN ? > 0 AND status != 'running' THEN 0 ELSE retry_at END, "
        "retries_left = CASE WHEN ? > 0 AND status != 'running' THEN ? ELSE retries_left END "
        "WHERE id = ?",
        (moved[1], moved[2], project, waiting, waiting, waiting, retries, kept[0]),
    )
