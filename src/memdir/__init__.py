"""memdir: a memory engine for AI agents.

Memory is plain Markdown in layered scopes, loaded into each session as a frozen snapshot
and changed through one guarded write path::

    import memdir

    md = memdir.open()
    md.store("local").add(type="feedback", name="Use pnpm, not npm",
                          description="This repo installs with pnpm", body="...")
    with md.session(agent="my-agent") as s:
        system = s.system_block()
"""

from .conversation import MemorySession
from .core.changes import AddOp, Change, EditOp, RemoveOp, ReplaceOp, SupersedeOp
from .core.errors import (
    AdoptError,
    AmbiguousError,
    BudgetError,
    ConflictError,
    DatabaseError,
    DisabledError,
    GuardError,
    LimitError,
    LockTimeoutError,
    MemdirError,
    NotFoundError,
    ParseError,
    ReadOnlyScopeError,
    StaleError,
    StorageError,
    UnknownSessionError,
    UnknownSkillError,
    UnreadableScopeError,
    ValidationError,
)
from .core.model import Entry, EntryType, Source
from .core.store import Store
from .engine import Memdir, open

__all__ = [
    "AddOp",
    "AdoptError",
    "AmbiguousError",
    "BudgetError",
    "Change",
    "ConflictError",
    "DatabaseError",
    "DisabledError",
    "EditOp",
    "Entry",
    "EntryType",
    "GuardError",
    "LimitError",
    "LockTimeoutError",
    "Memdir",
    "MemdirError",
    "MemorySession",
    "NotFoundError",
    "ParseError",
    "ReadOnlyScopeError",
    "RemoveOp",
    "ReplaceOp",
    "Source",
    "StaleError",
    "StorageError",
    "Store",
    "SupersedeOp",
    "UnknownSessionError",
    "UnknownSkillError",
    "UnreadableScopeError",
    "ValidationError",
    "open",
]
