"""Sessions and search: state.db, logging, FTS query sanitising, ranking, upkeep.

* :mod:`.db` — the connection: WAL, migrations, retried transactions, error translation;
* :mod:`.schema` — the tables, FTS5 indexes and triggers, as named migrations;
* :mod:`.analyzer` — the text the word index sees (CJK as bigrams and characters);
* :mod:`.query` — any string into a safe FTS5 query (never raises);
* :mod:`.when` — dates, relative times and now/before in a question;
* :mod:`.rank` — the ranking, the one place to change it (:mod:`.candidates`, then
  :mod:`.bm25`);
* :mod:`.search` — filters, session trees, snippets and windows around the ranking;
* :mod:`.store` — :class:`SessionStore`: log, list, search, prune;
* :mod:`.bulk` — bulk import of whole sessions (``SessionStore.import_sessions``), given
  :mod:`.specs` (what an import is given and reports);
* :mod:`.provenance` — source keys of imported messages, removed imports, memory modes;
* :mod:`.entries` — the same search over memory entries;
* :mod:`.vectors` — the optional semantic layer (embedders, vectors, fusion);
* :mod:`.maintenance` — integrity check and index rebuild for ``memdir doctor``.
"""

from .db import Database
from .entries import EntryDoc, EntryIndex
from .maintenance import DbHealth, check
from .query import Query, sanitize
from .records import MEMORY_MODES, Message, MessageHit, SessionHit, SessionInfo
from .specs import ImportCounts, MemoryMode, SessionSpec
from .store import PruneReport, SessionStore

__all__ = [
    "MEMORY_MODES",
    "Database",
    "DbHealth",
    "EntryDoc",
    "EntryIndex",
    "ImportCounts",
    "MemoryMode",
    "Message",
    "MessageHit",
    "PruneReport",
    "Query",
    "SessionHit",
    "SessionInfo",
    "SessionSpec",
    "SessionStore",
    "check",
    "sanitize",
]
