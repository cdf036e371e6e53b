"""Full-text search over memory entries, with the same indexes and ranking as sessions.
See docs/design/sessions.md."""

from __future__ import annotations

import dataclasses
import hashlib
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..core.model import Entry
from . import rank as ranking
from .db import Database
from .links import link_entry
from .query import sanitize


@dataclass(frozen=True)
class EntryDoc:
    """One entry as the index sees it: where it lives (a scope folder) and its scope."""

    location: str
    scope: str
    entry: Entry


def _signature(entry: Entry) -> str:
    text = "\x00".join(
        (entry.name, entry.description, entry.body, str(entry.archived), entry.updated.isoformat())
    )
    return hashlib.blake2b(text.encode("utf-8", "replace"), digest_size=12).hexdigest()


class EntryIndex:
    """The search copy of memory entries in state.db."""

    def __init__(self, db: Database, *, ranker: ranking.Ranker = ranking.rank) -> None:
        self.db = db
        self.ranker = ranker
        self._synced: dict[tuple[str, bool], frozenset[tuple[str, str]]] = {}
        self._made = db.made

    def sync(self, docs: Sequence[EntryDoc], groups: Sequence[tuple[str, bool]]) -> None:
        """Make the index hold exactly ``docs`` for each ``(location, archived)`` group
        listed in ``groups`` (other groups, such as other projects' scopes, are left
        alone)."""
        if self._made != self.db.made:  # the state was made again: it holds nothing
            self._synced.clear()
            self._made = self.db.made
        by_group: dict[tuple[str, bool], dict[str, tuple[str, EntryDoc]]] = {g: {} for g in groups}
        for doc in docs:
            key = (doc.location, doc.entry.archived)
            by_group.setdefault(key, {})[doc.entry.id] = (_signature(doc.entry), doc)
        stale = {
            group: members
            for group, members in by_group.items()
            if self._synced.get(group) != frozenset((i, s) for i, (s, _) in members.items())
        }
        if not stale:
            return

        def write(c: sqlite3.Connection) -> None:
            for (location, archived), members in stale.items():
                have = dict(
                    c.execute(
                        "SELECT entry_id, sig FROM entries WHERE location = ? AND archived = ?",
                        (location, int(archived)),
                    ).fetchall()
                )
                gone = [i for i in have if i not in members]
                changed = [i for i, (sig, _) in members.items() if have.get(i) != sig]
                c.executemany(
                    "DELETE FROM entries WHERE location = ? AND entry_id = ?",
                    [(location, i) for i in (*gone, *changed)],
                )
                for entry_id in changed:
                    sig, doc = members[entry_id]
                    e = doc.entry
                    cur = c.execute(
                        "INSERT INTO entries (location, entry_id, scope, archived, updated, "
                        "sig, name, description, body) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (
                            location,
                            entry_id,
                            doc.scope,
                            int(archived),
                            e.updated.timestamp(),
                            sig,
                            e.name,
                            e.description,
                            e.body,
                        ),
                    )
                    link_entry(c, int(cur.lastrowid or 0), f"{e.name}\n{e.description}\n{e.body}")

        self.db.write(write, action="update the memory search index")
        for group, members in stale.items():
            self._synced[group] = frozenset((i, s) for i, (s, _) in members.items())

    def search(
        self,
        query: str,
        docs: Sequence[EntryDoc],
        locations: Sequence[str],
        *,
        include_archived: bool = False,
        limit: int = 10,
        strict: bool = False,
    ) -> list[tuple[EntryDoc, float]]:
        """``docs`` — every entry of the scope folders ``locations`` — ranked against
        ``query`` (best first, at most ``limit``); the index is synced with ``docs``
        first (``strict``: as session search's). Never raises on the query text."""
        q = dataclasses.replace(sanitize(query), strict=strict)
        locations = sorted(set(locations) | {d.location for d in docs})
        if q.empty or not locations:
            return []  # nothing to search for, or nowhere: state.db is not even opened
        groups = [
            (loc, archived)
            for loc in locations
            for archived in ((False, True) if include_archived else (False,))
        ]
        made = self.db.made
        self.sync(docs, groups)
        where = f"c.location IN ({', '.join('?' * len(locations))})" + (
            "" if include_archived else " AND c.archived = 0"
        )

        def found(c: Any) -> list[tuple[str, str, int, float]]:
            hits = self.ranker(c, ranking.ENTRIES, q, where=where, params=locations, limit=limit)
            ids = [r.rowid for r in hits]
            rows = (
                {  # every hit's entry in one query
                    row[0]: row[1:]
                    for row in c.execute(
                        f"SELECT id, location, entry_id, archived FROM entries WHERE id IN "
                        f"({', '.join('?' * len(ids))})",
                        ids,
                    )
                }
                if ids
                else {}
            )
            return [(*rows[r.rowid], r.score) for r in hits if r.rowid in rows]

        ranked = self.db.read(found, action="search memories")
        if self.db.made != made:  # made again meanwhile: index ``docs`` into it, search again
            self.sync(docs, groups)
            ranked = self.db.read(found, action="search memories")
        wanted = {(d.location, d.entry.id, d.entry.archived): d for d in docs}
        return [
            (wanted[(loc, eid, bool(arch))], score)
            for loc, eid, arch, score in ranked
            if (loc, eid, bool(arch)) in wanted
        ]
