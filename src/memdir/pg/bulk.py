"""The bulk path into PostgreSQL: sessions and messages by ``COPY``, each message with its
search vector computed on the way (no second pass). See docs/design/team-server.md."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from ..sessions.rows import message, text, title
from .fts import analyzer
from .sessions import PgStateDatabase

#: One session to load: (id, agent, started_at as UNIX seconds).
SessionRow = tuple[str, str, float]
#: One message: (session id, role, content, tool_name, tool_calls, timestamp); checked as
#: ``SessionStore.log_many`` checks its rows.
MessageRow = tuple[str, str, str, str | None, Any, float | None]

CHUNK = 5_000  # messages analysed per call (stems looked up together)


@dataclass(frozen=True)
class Loaded:
    """What :func:`copy` wrote."""

    sessions: int
    messages: int


def _chunks(rows: Iterable[MessageRow], size: int) -> Iterator[list[MessageRow]]:
    it = iter(rows)
    while chunk := list(itertools.islice(it, size)):
        yield chunk


def copy(
    db: PgStateDatabase, sessions: Iterable[SessionRow], messages: Iterable[MessageRow]
) -> Loaded:
    """Load new ``sessions`` and their ``messages`` in one transaction under the state write
    lock: ids continue after the newest message, titles come from each session's first
    user message. A session id that exists already is an error (nothing is written);
    re-imports that must skip what is there go through ``SessionStore.import_sessions``."""
    fts = analyzer()

    def body(c: Any) -> Loaded:
        raw = c.raw
        raw.execute("SELECT pg_advisory_xact_lock(%s)", (db.write_lock,))
        n_sessions = 0
        with raw.cursor().copy("COPY sessions (id, agent, started_at) FROM STDIN") as cp:
            for sid, agent, started in sessions:
                cp.write_row((text(sid, "session_id"), text(agent, "agent"), float(started)))
                n_sessions += 1
        next_id = int(raw.execute("SELECT coalesce(max(id), 0) FROM messages").fetchone()[0]) + 1
        raw.execute(
            "CREATE TEMP TABLE memdir_copy (id bigint, session_id text, role text, content "
            "text, tool_name text, tool_calls text, timestamp double precision, stems text, "
            "ntok integer) ON COMMIT DROP"
        )
        titles: dict[str, str] = {}
        n = 0
        with raw.cursor().copy("COPY memdir_copy FROM STDIN") as cp:
            for chunk in _chunks(messages, CHUNK):
                stored = [(r[0], message(r[1:], 0.0)) for r in chunk]
                vectors = fts.vectors([(m[1], m[2], m[3]) for _, m in stored])
                for (sid, m), (stems, ntok) in zip(stored, vectors, strict=True):
                    cp.write_row((next_id + n, sid, *m, stems, ntok))
                    n += 1
                    if sid not in titles and (t := title(m[0], m[1])):
                        titles[sid] = t
        raw.execute(
            "INSERT INTO messages (id, session_id, role, content, tool_name, tool_calls, "
            "timestamp, tsv, ntok) SELECT id, session_id, role, content, tool_name, "
            "tool_calls, timestamp, to_tsvector('simple', stems), ntok FROM memdir_copy "
            "ORDER BY id"
        )
        if titles:
            with raw.cursor() as cur:
                cur.executemany(
                    "UPDATE sessions SET title = %s WHERE id = %s AND title IS NULL",
                    [(t, sid) for sid, t in titles.items()],
                )
        return Loaded(n_sessions, n)

    return db.write(body, action="load sessions in bulk", serialise=False)
