"""Sessions and search: state.db, logging, FTS query sanitising, ranking, upkeep.
See docs/design/sessions.md."""

from typing import TYPE_CHECKING

from ..core.lazy import lazy

if TYPE_CHECKING:
    from .db import Database
    from .entries import EntryDoc, EntryIndex
    from .log import PruneReport, SessionStore
    from .maintenance import DbHealth, check
    from .query import Query, sanitize
    from .records import MEMORY_MODES, Message, MessageHit, SessionHit, SessionInfo
    from .specs import ImportCounts, MemoryMode, SessionSpec, SessionTitle

# Imported on first use, as in memdir.pipeline: `memdir context` reads usage from state.db
# and must not pay for search, ranking, embeddings and their plugins.
__getattr__ = lazy(
    __name__,
    {
        ".db": ("Database",),
        ".entries": ("EntryDoc", "EntryIndex"),
        ".log": ("PruneReport", "SessionStore"),
        ".maintenance": ("DbHealth", "check"),
        ".query": ("Query", "sanitize"),
        ".records": ("MEMORY_MODES", "Message", "MessageHit", "SessionHit", "SessionInfo"),
        ".specs": ("ImportCounts", "MemoryMode", "SessionSpec", "SessionTitle"),
    },
)

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
    "SessionTitle",
    "check",
    "sanitize",
]
