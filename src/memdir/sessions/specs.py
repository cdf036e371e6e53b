"""What a bulk import is given and what it reports (see :mod:`.bulk`): a
:class:`SessionSpec` per session, :class:`MemoryMode` rows among its messages, and the
:class:`ImportCounts` it returns."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass(frozen=True)
class SessionSpec:
    """A session to import: its id (the idempotency key) and what is known about it.

    ``started_at`` defaults to the first message's time; ``title`` to the first user
    message, as :meth:`SessionStore.log` sets it. These apply when the session is created;
    an existing session keeps its own. ``former_id``, ``remote``, ``commit``: see below.
    """

    id: str
    agent: str = "import"
    parent_id: str | None = None
    cwd: str | None = None
    scope: str | None = None
    title: str | None = None
    started_at: Any = None  # datetime, date, ISO string or UNIX seconds
    ended_at: Any = None
    memory_mode: str = "enabled"
    #: An id earlier imports gave this session (a harness that names it differently now):
    #: while that one exists and this one does not, or holds no message
    #: (:func:`memdir.sessions.provenance.rename_session`), that one is renamed to ``id``
    #: (its messages, children and the rest move with it), so nothing is imported twice.
    former_id: str | None = None
    #: The git checkout the source says the session was logged in (Codex's ``session_meta``
    #: names it): the remote URL (``origin``) and the commit id. The session records it;
    #: a session naming none records the checkout at ``cwd`` only when that one was there
    #: when the session began (:func:`memdir.sessions.checkouts.as_logged`).
    remote: str | None = None
    commit: str | None = None
    #: True: ``started_at`` stands in for a start the source does not give (a file's
    #: mtime): it proves no checkout, so a session naming none records none.
    guessed_start: bool = False


@dataclass(frozen=True)
class MemoryMode:
    """A row that makes its session's memory mode at least ``mode`` (``enabled`` <
    ``disabled`` < ``polluted``): how a reader that meets a web tool call mid-stream marks
    its session polluted. It never loosens a mode."""

    mode: str


@dataclass(frozen=True)
class SessionTitle:
    """A row that names its session ``title`` (the harness's own name for it, such as a
    session renamed in Claude Code), over any title it has; the last one wins."""

    title: str


@dataclass
class ImportCounts:
    """What :func:`import_sessions` did (so far, when handed to ``progress``)."""

    sessions_created: int = 0  # new sessions
    sessions_grown: int = 0  # already there, got messages appended
    sessions_unchanged: int = 0  # already there with every message
    sessions_skipped: int = 0  # removed since an earlier import (sessions rm / prune)
    messages_added: int = 0
    messages_present: int = 0  # rows skipped because their session already held them
    messages_skipped: int = 0  # rows of skipped or diverged sessions, not written
    batches: int = 0  # transactions committed
    #: sessions whose stored history does not match the source: nothing was added to them
    diverged: list[str] = field(default_factory=list)
    #: sessions whose source no longer holds messages imported earlier (rewound, undone,
    #: compressed): their new messages were added, the earlier ones kept
    resynced: list[str] = field(default_factory=list)

    @property
    def sessions(self) -> int:
        """Sessions seen (finished ones)."""
        return (
            self.sessions_created
            + self.sessions_grown
            + self.sessions_unchanged
            + self.sessions_skipped
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON-serialisable form."""
        return asdict(self)
