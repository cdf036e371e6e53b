"""The bulk path into PostgreSQL: sessions and messages by ``COPY``, each message with its
search vector computed on the way (no second pass). See docs/design/team-server.md."""

from __future__ import annotations

import contextlib
import itertools
import queue
import threading
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

import psycopg

from ..sessions.rows import message, text, title
from .dialect import value
from .fts import analyzer
from .sessions import PgStateDatabase

#: One session to load: (id, agent, started_at as UNIX seconds).
SessionRow = tuple[str, str, float]
#: One message: (session id, role, content, tool_name, tool_calls, timestamp); checked as
#: ``SessionStore.log_many`` checks its rows.
MessageRow = tuple[str, str, str, str | None, Any, float | None]

CHUNK = 5_000  # messages analysed, copied and inserted together
#: bytes of ``maintenance_work_mem`` a GIN index is built with after a load, where the
#: server's setting is its default (an operator's own value is kept)
GIN_MEMORY = 512 << 20


@dataclass(frozen=True)
class Loaded:
    """What :func:`copy` wrote."""

    sessions: int
    messages: int


def _chunks(rows: Iterable[MessageRow], size: int) -> Iterator[list[MessageRow]]:
    it = iter(rows)
    while chunk := list(itertools.islice(it, size)):
        yield chunk


def _kept(row: tuple[Any, ...]) -> tuple[Any, ...]:
    """``row`` as PostgreSQL text can hold it: a NUL as U+FFFD, as in every other write."""
    return tuple(value(v) for v in row)


def _analysed(
    messages: Iterable[MessageRow], first_id: int, titles: dict[str, str]
) -> Iterator[list[tuple[Any, ...]]]:
    """Chunks of rows for ``memdir_copy``: checked, numbered from ``first_id``, with their
    stems; each session's title (its first user message) into ``titles``."""
    fts = analyzer()
    n = first_id
    for chunk in _chunks(messages, CHUNK):
        # NUL as every other write here stores it (:func:`memdir.pg.dialect.value`)
        stored = [(value(text(r[0], "session_id")), _kept(message(r[1:], 0.0))) for r in chunk]
        vectors = fts.vectors([(m[1], m[2], m[3]) for _, m in stored])
        out = []
        for (sid, m), (stems, ntok) in zip(stored, vectors, strict=True):
            out.append((n, sid, *m, stems, ntok))
            n += 1
            if sid not in titles and (t := title(m[0], m[1])):
                titles[sid] = t
        yield out


def _defer_indexes(raw: Any) -> list[str]:
    """When ``messages`` is empty, this role owns it and nobody holds it: drop its foreign
    keys, its plain b-tree and GIN indexes and ``message_postings``' key (locked till
    commit), and return what builds them again after the load, the GIN index last with
    :data:`GIN_MEMORY` (``[]``: nothing dropped). Why these and not the others:
    docs/design/team-server.md, "Into an empty table"."""
    empty = (
        "SELECT NOT EXISTS (SELECT 1 FROM messages) AND pg_has_role(relowner, 'USAGE') "
        "FROM pg_class WHERE oid = 'messages'::regclass"
    )
    row = raw.execute(empty).fetchone()
    if not row or not row[0]:
        return []
    try:
        with raw.transaction():  # a savepoint: a refused lock leaves the load as it was
            raw.execute(
                "LOCK TABLE messages, sessions, message_postings IN ACCESS EXCLUSIVE MODE NOWAIT"
            )
    except psycopg.errors.LockNotAvailable:
        return []  # someone reads them: load as into a table with rows
    if not raw.execute(empty).fetchone()[0]:  # filled meanwhile
        return []
    keys = raw.execute(
        "SELECT quote_ident(conname), pg_get_constraintdef(oid) FROM pg_constraint "
        "WHERE conrelid = 'messages'::regclass AND contype = 'f' ORDER BY conname"
    ).fetchall()
    indexes = raw.execute(
        "SELECT indexrelid::regclass::text, pg_get_indexdef(indexrelid) FROM pg_index "
        "WHERE indrelid = 'messages'::regclass AND NOT indisprimary AND NOT indisunique "
        "AND indpred IS NULL AND indisvalid AND (SELECT amname FROM pg_am JOIN pg_class c ON "
        "c.relam = pg_am.oid WHERE c.oid = indexrelid) IN ('btree', 'gin') ORDER BY indexrelid"
    ).fetchall()
    postings = raw.execute(  # empty with messages: its rows come from them, unique
        "SELECT quote_ident(conname), pg_get_constraintdef(oid) FROM pg_constraint "
        "WHERE conrelid = 'message_postings'::regclass AND contype = 'p'"
    ).fetchall()
    for name, _ in keys:
        raw.execute(f"ALTER TABLE messages DROP CONSTRAINT {name}")
    for name, _ in indexes:
        raw.execute(f"DROP INDEX {name}")
    for name, _ in postings:
        raw.execute(f"ALTER TABLE message_postings DROP CONSTRAINT {name}")
    more = (  # for the GIN builds, last: a b-tree's parallel build takes more workers
        f"SELECT set_config('maintenance_work_mem', '{GIN_MEMORY}B', true) FROM pg_settings "
        "WHERE name = 'maintenance_work_mem' AND source = 'default'"
    )
    gin = [sql for _, sql in indexes if " USING gin " in sql]
    build = [sql for _, sql in indexes if " USING gin " not in sql]
    build += [f"ALTER TABLE message_postings ADD CONSTRAINT {n} {sql}" for n, sql in postings]
    build += [f"ALTER TABLE messages ADD CONSTRAINT {n} {sql}" for n, sql in keys]
    return build + ([more, *gin] if gin else [])


#: The table a chunk of analysed rows is copied into before it joins ``messages``.
STAGING = (
    "CREATE TEMP TABLE memdir_copy (id bigint, session_id text, role text, content text, "
    "tool_name text, tool_calls text, timestamp double precision, stems text, ntok integer)"
)


def _load_chunk(raw: Any, rows: list[tuple[Any, ...]]) -> None:
    """One chunk into ``messages`` through :data:`STAGING` (its words become ``tsv``)."""
    with raw.cursor().copy("COPY memdir_copy FROM STDIN") as cp:
        for row in rows:
            cp.write_row(row)
    raw.execute(
        "INSERT INTO messages (id, session_id, role, content, tool_name, tool_calls, "
        "timestamp, tsv, ntok) SELECT id, session_id, role, content, tool_name, "
        "tool_calls, timestamp, to_tsvector('simple', stems), ntok FROM memdir_copy "
        "ORDER BY id"
    )
    raw.execute("TRUNCATE memdir_copy")


def _ahead(chunks: Iterator[list[tuple[Any, ...]]]) -> Iterator[list[tuple[Any, ...]]]:
    """``chunks`` made one ahead on a thread: the client analyses chunk k + 1 while the
    server inserts chunk k (two cores instead of one after the other). An exception in
    the thread is raised here; leaving early stops the thread."""
    q: queue.Queue[tuple[bool, Any]] = queue.Queue(maxsize=1)
    stop = threading.Event()

    def make() -> None:
        try:
            for chunk in chunks:
                while not stop.is_set():
                    try:
                        q.put((True, chunk), timeout=0.1)
                        break
                    except queue.Full:
                        continue
                if stop.is_set():
                    return
            q.put((False, None))
        except BaseException as exc:  # noqa: BLE001 — handed to the loading thread
            q.put((False, exc))

    worker = threading.Thread(target=make, name="memdir-bulk-analysis", daemon=True)
    worker.start()
    try:
        while True:
            more, item = q.get()
            if not more:
                if item is not None:
                    raise item
                return
            yield item
    finally:
        stop.set()
        while worker.is_alive():  # unblock a put, then let it see ``stop``
            with contextlib.suppress(queue.Empty):
                q.get(timeout=0.1)


def copy(
    db: PgStateDatabase, sessions: Iterable[SessionRow], messages: Iterable[MessageRow]
) -> Loaded:
    """Load new ``sessions`` and their ``messages`` in one transaction under the state write
    lock (a session id that exists already is an error: re-imports go through
    ``SessionStore.import_sessions``). How: docs/design/team-server.md, "Bulk path"."""

    def body(c: Any) -> Loaded:
        raw = c.raw
        raw.execute("SELECT pg_advisory_xact_lock(%s)", (db.write_lock,))
        n_sessions = 0
        with raw.cursor().copy("COPY sessions (id, agent, started_at) FROM STDIN") as cp:
            for sid, agent, started in sessions:
                row = (text(sid, "session_id"), text(agent, "agent"), float(started))
                cp.write_row(_kept(row))
                n_sessions += 1
        next_id = int(raw.execute("SELECT coalesce(max(id), 0) FROM messages").fetchone()[0]) + 1
        build = _defer_indexes(raw)
        raw.execute(f"{STAGING} ON COMMIT DROP")
        titles: dict[str, str] = {}
        n = 0
        for rows in _ahead(_analysed(messages, next_id, titles)):
            _load_chunk(raw, rows)
            n += len(rows)
        for statement in build:
            raw.execute(statement)
        if titles:
            with raw.cursor() as cur:
                cur.executemany(
                    "UPDATE sessions SET title = %s WHERE id = %s AND title IS NULL",
                    [(t, sid) for sid, t in titles.items()],
                )
        return Loaded(n_sessions, n)

    return db.write(body, action="load sessions in bulk", serialise=False)
