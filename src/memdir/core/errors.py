"""One error tree. Every message says what went wrong and what to do about it.

Third-party errors (OSError, yaml, sqlite3, SDKs) are translated into these at the
boundary, so callers catch :class:`MemdirError` and nothing else::

    MemdirError
    ├── ValidationError ── LimitError       input that cannot become an entry
    ├── ParseError                           a file on disk that cannot be parsed
    ├── NotFoundError, AmbiguousError        a target that names no entry, or several
    ├── ConflictError                        another entry already has that name
    ├── StaleError                           the entry changed since the writer read it
    ├── GuardError                           the scanner refused a write
    ├── BudgetError                          pinned entries over their budget
    ├── ReadOnlyScopeError                   a write to managed (or a read-only folder)
    ├── UnreadableScopeError                 a scope with unreadable files: no writes
    ├── LockTimeoutError                     a scope lock or state.db held too long
    ├── StorageError                         the file system refused
    ├── HistoryError ── UnknownRevisionError git history: unknown revision, conflict
    ├── DatabaseError                        state.db refused
    ├── PostgresError                        the PostgreSQL server refused or is unreachable
    ├── AccessError                          a user's token does not allow that scope
    ├── UnknownSessionError                  no such session stored
    ├── UnknownSkillError                    no such skill (or one the guard withheld)
    ├── DisabledError                        memory is turned off
    ├── AdoptError                           a local scope cannot be re-attached
    ├── ProviderError                        an LLM provider cannot be set up or called
    ├── SchemaError                          model output that does not match the schema
    ├── LeaseLostError                       another worker took a job over
    └── EmbedError                           the embedder cannot be set up or called
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path


class MemdirError(Exception):
    """Root of every error memdir raises on purpose."""


class ValidationError(MemdirError):
    """Input that cannot become an entry (bad type, empty name, bad characters)."""

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class LimitError(ValidationError):
    """A field is longer than its limit. Nothing is cut silently."""

    def __init__(self, field: str, limit: int, actual: int, unit: str = "characters") -> None:
        how = "split the entry" if field == "body" else "move detail into the body"
        super().__init__(
            f"{field} is {actual:,} {unit}; the limit is {limit:,} {unit}. Shorten it ({how}).",
            field=field,
        )
        self.limit = limit
        self.actual = actual


class ParseError(MemdirError):
    """A file on disk could not be parsed. It is never overwritten while it is broken."""

    def __init__(
        self, path: Path | str, reason: str, line: int | None = None, advice: str = ""
    ) -> None:
        where = f"{path}:{line}" if line is not None else str(path)
        default = "Fix the file by hand (memdir will not overwrite it), then run `memdir doctor`."
        super().__init__(f"{where}: {reason}. {advice or default}")
        self.path = Path(path)
        self.reason = reason
        self.line = line


class NotFoundError(MemdirError):
    """No entry matches a target; lists what does exist."""

    def __init__(
        self, target: str, candidates: Sequence[str], archived: str = "", total: int | None = None
    ) -> None:
        total = len(candidates) if total is None else total  # candidates: the first ones
        if candidates:
            listing = "; ".join(candidates[:20])
            more = f" (+{total - 20} more)" if total > 20 else ""
            hint = f" Current entries: {listing}{more}."
        else:
            hint = " The scope has no entries."
        gone = f" It was removed or replaced (archived as {archived!r})." if archived else ""
        super().__init__(
            f"No entry matches {target!r}.{gone}{hint} Use an id or a unique substring."
        )
        self.target = target
        self.candidates = list(candidates)
        self.archived = archived  # the archived copy's id, if it was removed or replaced


class AmbiguousError(MemdirError):
    """A substring matches several entries; lists previews so the caller can pick one."""

    def __init__(self, target: str, previews: Sequence[str], total: int | None = None) -> None:
        listing = "; ".join(previews)
        total = len(previews) if total is None else total
        more = f" (and {total - len(previews)} more)" if total > len(previews) else ""
        super().__init__(
            f"{target!r} matches {total} entries: {listing}{more}. "
            f"Use the id or a longer substring that matches only one."
        )
        self.target = target
        self.previews = list(previews)


class ConflictError(MemdirError):
    """A different entry already uses this name (and so this file)."""

    def __init__(self, entry_id: str, name: str) -> None:
        super().__init__(
            f"An entry named {name!r} already exists ({entry_id}) with different content. "
            f"Replace it, supersede it, or choose another name."
        )
        self.entry_id = entry_id


class StaleError(MemdirError):
    """A write made from an older version of an entry than the one stored: someone else
    saved the entry after the writer read it (see ``if_match`` of
    :meth:`~memdir.Store.replace` and :attr:`~memdir.Entry.etag`)."""

    def __init__(self, entry_id: str) -> None:
        super().__init__(
            f"{entry_id} was changed by someone else after you read it; nothing was saved. "
            f"Read its newer version, then make your change to that one."
        )
        self.entry_id = entry_id


class GuardError(MemdirError):
    """The scanner refused a write: memory is loaded into future prompts, so it cannot
    hold instructions aimed at the model, ways to leak data, or secrets."""

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(
            f"Refused by memory guard (rule {rule}): {reason}. Memory is injected into "
            f"future system prompts, so it cannot hold this. Rephrase it as a plain fact "
            f"or preference, without the flagged content."
        )
        self.rule = rule
        self.reason = reason
        self.at: int | None = None  # which of a write's operations (Store.apply)


class BudgetError(MemdirError):
    """Pinned entries would exceed their character budget."""

    def __init__(self, used: int, budget: int, pinned: Sequence[str]) -> None:
        listing = "; ".join(pinned) if pinned else "none"
        super().__init__(
            f"Pinned entries would use {used:,} of {budget:,} chars. Unpin or shorten one "
            f"first. Currently pinned: {listing}."
        )
        self.used = used
        self.budget = budget
        self.pinned = list(pinned)


class ReadOnlyScopeError(MemdirError):
    """A write to a scope that agents may not change (managed, or a read-only folder)."""

    def __init__(self, scope: str, why: str = "it is read-only") -> None:
        super().__init__(
            f"Cannot write to scope {scope!r}: {why}. Write to the 'local' scope instead."
        )
        self.scope = scope


class UnreadableScopeError(MemdirError):
    """A scope holds files that cannot be read or parsed, so no write is allowed.

    Rewriting a scope we could not fully read could lose what we failed to read.
    """

    def __init__(self, scope: str, problems: Sequence[ParseError]) -> None:
        listing = "; ".join(str(p) for p in problems[:5])
        super().__init__(
            f"Refusing to write to scope {scope!r}: {len(problems)} file(s) cannot be "
            f"read. {listing}"
        )
        self.scope = scope
        self.problems = list(problems)


class LockTimeoutError(MemdirError):
    """Another process held the scope lock for too long."""

    def __init__(self, path: Path, seconds: float) -> None:
        super().__init__(
            f"Timed out after {seconds:.0f}s waiting for the lock {path}. Another memdir "
            f"process is writing; retry, or check for a hung process."
        )
        self.path = path


class StorageError(MemdirError):
    """The file system refused an operation (permissions, disk full, ...)."""

    def __init__(
        self, action: str, path: Path | str, error: OSError, *, advice: str | None = None
    ) -> None:
        super().__init__(
            f"Could not {action} {path}: {error.strerror or error}. "
            + (advice or "Check permissions and free space.")
        )
        self.path = Path(path)
        self.errno = error.errno


class DisabledError(MemdirError):
    """Memory is turned off: nothing is loaded or written."""

    def __init__(self, why: str) -> None:
        super().__init__(f"Memory is disabled ({why}).")
        self.why = why


class DatabaseError(MemdirError):
    """``state.db`` (sessions, messages and the search indexes) refused an operation.

    Raised in place of :mod:`sqlite3` errors, which never leave the sessions package.
    """

    def __init__(
        self, path: Path | str, action: str, reason: str, *, advice: str | None = None
    ) -> None:
        super().__init__(
            f"Could not {action} in {path}: {reason}. "
            + (
                advice
                or "Run `memdir doctor` to check it (`memdir doctor --repair` salvages a "
                "damaged file); check free space and permissions if this persists."
            )
        )
        self.path = Path(path)
        self.action = action
        self.reason = reason


class PostgresError(MemdirError):
    """The PostgreSQL database (the team backend) refused an operation or could not be
    reached. Raised in place of psycopg errors, which never leave ``memdir.pg``;
    ``sqlstate`` is the server's error code, if it answered with one."""

    def __init__(
        self,
        server: str,
        action: str,
        reason: str,
        *,
        reaching: bool = True,
        hint: str = "",
        sqlstate: str = "",
    ) -> None:
        hint = hint or (
            "Check that the server is running (`pg_isready`), that the URL names the right "
            "host, port, user and database, and that this user may connect."
            if reaching  # False: the server answered and refused the statement itself
            else "The server was reached and refused the statement."
        )
        super().__init__(f"Could not {action} on {server}: {reason}. {hint}")
        self.server = server
        self.action = action
        self.reason = reason
        self.reaching = reaching
        self.sqlstate = sqlstate


class AccessError(MemdirError):
    """The user behind a token may not read or write that scope (or the token is unknown
    or revoked). Nothing was read or written. ``fact`` is the message without ``advice``,
    what to do in a terminal or the library (a web page gives its own)."""

    def __init__(self, fact: str, advice: str = "") -> None:
        super().__init__(f"{fact}. {advice}" if advice else fact)
        self.fact = fact
        self.advice = advice


class UnknownSessionError(MemdirError):
    """No session has this id (in ``state.db``, or the team server's sessions table)."""

    def __init__(self, session_id: str, near: Sequence[str] = ()) -> None:
        from .printable import shown

        close = f" Ids holding it: {', '.join(map(shown, near))}." if near else ""
        super().__init__(
            f"No session {session_id!r} stored.{close} List sessions with "
            f"`memdir sessions ls`, or start one with md.session()."
        )
        self.session_id = session_id
        self.near = list(near)


class UnknownSkillError(MemdirError):
    """No skill has this name (or the memory guard withheld it); lists those there are."""

    def __init__(
        self,
        name: str,
        names: Sequence[str],
        withheld: str | None = None,
        *,
        read: str = "memory_read",
    ) -> None:
        why = f" (withheld by the memory guard, rule {withheld})" if withheld else ""
        listing = ", ".join(f"skill:{n}" for n in names)
        super().__init__(
            f"No skill named {name!r}{why}. Skills: {listing or 'none'}; read one with "
            f"{read} and id skill:<name>."
        )
        self.name = name
        self.names = list(names)
        self.withheld = withheld


class AdoptError(MemdirError):
    """A local scope cannot be re-attached (``memdir scopes --adopt``); nothing was moved."""


class HistoryError(MemdirError):
    """A history operation could not be done (unknown revision, conflicting revert)."""


class UnknownRevisionError(HistoryError):
    """No scope the caller may read has that revision."""


class ProviderError(MemdirError):
    """A provider could not be set up or called; the message names the setting."""


class SchemaError(MemdirError):
    """Model output that does not match the schema; ``raw`` is kept for debugging."""

    def __init__(self, what: str, reason: str, raw: str) -> None:
        super().__init__(
            f"The model's {what} output does not match the schema ({reason}); "
            f"nothing was written. The raw output is kept on the job "
            f"(`memdir jobs --json`); try a stronger model if this repeats."
        )
        self.raw = raw


class LeaseLostError(MemdirError):
    """A worker tried to finish a job that another worker took over (its lease ran out)."""

    def __init__(self, kind: str, key: str) -> None:
        super().__init__(
            f"The lease on {kind} job {key!r} ran out and another worker "
            f"took it over; this run's result was dropped. Nothing to do: the "
            f"other worker finishes it."
        )


class EmbedError(MemdirError):
    """The embedder could not be set up or called; the message says what to fix."""
