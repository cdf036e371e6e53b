"""Entity links in state.db: which messages and entries name which entity, and the lift a
query naming one gives them. See docs/design/entities.md."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import asdict, dataclass

from .entities import Mention, key_of, mentions, query_keys

LINK_BATCH = 2000  # messages linked per search at most (the rest on the next ones)


def link_entry(c: sqlite3.Connection, rowid: int, text: str) -> None:
    """Links for one ``entries`` row (its old links go with the row: ON DELETE CASCADE)."""
    c.executemany(
        "INSERT INTO entity_links (entity, label, kind, entry_row) VALUES (?, ?, ?, ?)",
        [(m.key, m.label, m.kind, rowid) for m in mentions(text)],
    )


def link_messages(c: sqlite3.Connection, budget: int = LINK_BATCH) -> int:
    """Link up to ``budget`` messages not linked yet (oldest first); returns how many."""
    mark = c.execute("SELECT value FROM entity_marks WHERE name = 'messages'").fetchone()
    done = int(mark[0]) if mark else 0
    rows = c.execute(
        "SELECT id, content FROM messages WHERE id > ? ORDER BY id LIMIT ?", (done, budget)
    ).fetchall()
    if not rows:
        return 0
    c.executemany(
        "INSERT INTO entity_links (entity, label, kind, message_id) VALUES (?, ?, ?, ?)",
        [(m.key, m.label, m.kind, r[0]) for r in rows for m in mentions(r[1] or "")],
    )
    c.execute(
        "INSERT INTO entity_marks (name, value) VALUES ('messages', ?) "
        "ON CONFLICT(name) DO UPDATE SET value = excluded.value",
        (rows[-1][0],),
    )
    return len(rows)


def add_links(
    c: sqlite3.Connection, column: str, found: Sequence[tuple[int, Sequence[Mention]]]
) -> None:
    """More links (the model's) for rows of ``column`` (``message_id`` or ``entry_row``);
    a row gone since, or an entity a row links to already, is left out."""
    table = "messages" if column == "message_id" else "entries"
    for rowid, named in found:
        if c.execute(f"SELECT 1 FROM {table} WHERE id = ?", (rowid,)).fetchone() is None:
            continue
        have = {
            r[0] for r in c.execute(f"SELECT entity FROM entity_links WHERE {column} = ?", (rowid,))
        }
        c.executemany(
            f"INSERT INTO entity_links (entity, label, kind, {column}) VALUES (?, ?, ?, ?)",
            [(m.key, m.label, m.kind, rowid) for m in named if m.key not in have],
        )


_ASKED = "entity-asked:"  # an entity_marks name: the model read this entry row's version


def unasked_entries(
    c: sqlite3.Connection, locations: Sequence[str], limit: int
) -> list[tuple[int, str, str]]:
    """``(row, sig, text)`` of live entries of ``locations`` whose version the model has
    not been asked about, oldest row first."""
    marks = ", ".join("?" * len(locations)) or "NULL"
    rows = c.execute(
        f"""SELECT e.id, e.sig, e.name, e.description, e.body FROM entries e
        LEFT JOIN entity_marks m ON m.name = '{_ASKED}' || e.id || ':' || e.sig
        WHERE e.archived = 0 AND e.location IN ({marks}) AND m.name IS NULL
        ORDER BY e.id LIMIT ?""",
        [*locations, limit],
    ).fetchall()
    return [(r[0], r[1], f"{r[2]}\n{r[3]}\n{r[4]}") for r in rows]


def mark_asked(c: sqlite3.Connection, rows: Sequence[tuple[int, str]]) -> None:
    """Note that the model read these ``(row, sig)``; the marks of rows gone go."""
    c.executemany(
        "INSERT INTO entity_marks (name, value) VALUES (?, ?) ON CONFLICT(name) DO NOTHING",
        [(f"{_ASKED}{row}:{sig}", row) for row, sig in rows],
    )
    c.execute(
        f"DELETE FROM entity_marks WHERE name LIKE '{_ASKED}%' AND name NOT IN "
        f"(SELECT '{_ASKED}' || id || ':' || sig FROM entries)"
    )


def pending(c: sqlite3.Connection) -> bool:
    """Whether some message is not linked yet."""
    mark = c.execute("SELECT value FROM entity_marks WHERE name = 'messages'").fetchone()
    newest = c.execute("SELECT max(id) FROM messages").fetchone()[0] or 0
    return newest > (int(mark[0]) if mark else 0)


def named(c: sqlite3.Connection, text: str, column: str) -> list[str]:
    """The entity keys ``text`` names that some row of ``column`` (``message_id`` or
    ``entry_row``) links to."""
    keys = query_keys(text)
    if not keys:
        return []
    marks = ", ".join("?" * len(keys))
    return [
        r[0]
        for r in c.execute(
            f"SELECT DISTINCT entity FROM entity_links WHERE entity IN ({marks}) "
            f"AND {column} IS NOT NULL",
            keys,
        )
    ]


def lift(
    c: sqlite3.Connection,
    column: str,
    ranked: Sequence[tuple[int, float]],
    keys: Sequence[str],
    weight: float,
) -> list[tuple[int, float]]:
    """``ranked`` (row id, score), each row's score raised by ``weight`` × the best score
    × the share of ``keys`` it links to; best first."""
    if not ranked or not keys or weight <= 0:
        return list(ranked)
    ids = [r for r, _ in ranked]
    found = dict(
        c.execute(
            f"SELECT {column}, count(DISTINCT entity) FROM entity_links "
            f"WHERE {column} IN ({', '.join('?' * len(ids))}) "
            f"AND entity IN ({', '.join('?' * len(keys))}) GROUP BY {column}",
            [*ids, *keys],
        ).fetchall()
    )
    top = max((s for _, s in ranked), default=0.0) or 1.0
    lifted = [(r, s + weight * top * found.get(r, 0) / len(keys)) for r, s in ranked]
    return sorted(lifted, key=lambda rs: -rs[1])


@dataclass(frozen=True)
class EntityCount:
    """One entity and how many memory entries and messages name it."""

    key: str
    label: str
    kind: str
    entries: int
    messages: int

    def to_dict(self) -> dict[str, object]:
        """JSON form (``memdir entities --json``)."""
        return asdict(self)


def counts(c: sqlite3.Connection, locations: Sequence[str], limit: int) -> list[EntityCount]:
    """The entities named in the live entries of ``locations`` or in messages, most named
    first, at most ``limit``."""
    marks = ", ".join("?" * len(locations)) or "NULL"
    rows = c.execute(
        f"""SELECT l.entity, min(l.label), min(l.kind), count(DISTINCT e.id),
            count(DISTINCT l.message_id)
        FROM entity_links l LEFT JOIN entries e ON e.id = l.entry_row AND e.archived = 0
            AND e.location IN ({marks})
        WHERE l.message_id IS NOT NULL OR e.id IS NOT NULL
        GROUP BY l.entity
        ORDER BY count(DISTINCT e.id) + count(DISTINCT l.message_id) DESC, l.entity
        LIMIT ?""",
        [*locations, limit],
    ).fetchall()
    return [EntityCount(r[0], r[1], r[2], r[3], r[4]) for r in rows]


@dataclass(frozen=True)
class EntityLinks:
    """What names one entity: live entries ``(scope, entry id, entry name)`` and messages
    ``(message id, session id, first 200 characters)``, newest first."""

    key: str
    entries: list[tuple[str, str, str]]
    messages: list[tuple[int, str, str]]

    def to_dict(self) -> dict[str, object]:
        """JSON form (``memdir entities NAME --json``)."""
        return {
            "key": self.key,
            "entries": [{"scope": s, "id": i, "name": n} for s, i, n in self.entries],
            "messages": [{"id": i, "session": s, "text": t} for i, s, t in self.messages],
        }


def naming(c: sqlite3.Connection, name: str, locations: Sequence[str], limit: int) -> EntityLinks:
    """What names the entity ``name`` (entries of ``locations``), ``limit`` of each."""
    key = key_of(name)
    marks = ", ".join("?" * len(locations)) or "NULL"
    entries = c.execute(
        f"""SELECT DISTINCT e.scope, e.entry_id, e.name, e.updated FROM entity_links l
        JOIN entries e ON e.id = l.entry_row
        WHERE l.entity = ? AND e.archived = 0 AND e.location IN ({marks})
        ORDER BY e.updated DESC LIMIT ?""",
        [key, *locations, limit],
    ).fetchall()
    messages = c.execute(
        """SELECT DISTINCT m.id, m.session_id, substr(m.content, 1, 200) FROM entity_links l
        JOIN messages m ON m.id = l.message_id WHERE l.entity = ? ORDER BY m.id DESC LIMIT ?""",
        (key, limit),
    ).fetchall()
    return EntityLinks(
        key, [(r[0], r[1], r[2]) for r in entries], [(r[0], r[1], r[2] or "") for r in messages]
    )
