"""Sessions and search: state.db, logging, FTS query sanitising, ranking, upkeep.
See docs/design/sessions.md."""

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .db import Database
    from .entries import EntryDoc, EntryIndex
    from .log import PruneReport, SessionStore
    from .maintenance import DbHealth, check
    from .query import Query, sanitize
    from .records import MEMORY_MODES, Message, MessageHit, SessionHit, SessionInfo
    from .specs import ImportCounts, MemoryMode, SessionSpec

# Imported on first use (PEP 562), as in memdir.pipeline: `memdir context` reads usage from
# state.db and must not pay for search, ranking, embeddings and their plugins.
_WHERE = {
    "MEMORY_MODES": "records",
    "Database": "db",
    "DbHealth": "maintenance",
    "EntryDoc": "entries",
    "EntryIndex": "entries",
    "ImportCounts": "specs",
    "MemoryMode": "specs",
    "Message": "records",
    "MessageHit": "records",
    "PruneReport": "log",
    "Query": "query",
    "SessionHit": "records",
    "SessionInfo": "records",
    "SessionSpec": "specs",
    "SessionStore": "log",
    "check": "maintenance",
    "sanitize": "query",
}


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)


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
