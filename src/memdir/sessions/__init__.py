"""Sessions and search: state.db, logging, FTS query sanitising, ranking, upkeep.
See docs/design/sessions.md."""

from .db import Database
from .entries import EntryDoc, EntryIndex
from .log import PruneReport, SessionStore
from .maintenance import DbHealth, check
from .query import Query, sanitize
from .records import MEMORY_MODES, Message, MessageHit, SessionHit, SessionInfo
from .specs import ImportCounts, MemoryMode, SessionSpec

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
