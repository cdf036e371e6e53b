"""The small interfaces a scope backend and its history implement (files + git, or
PostgreSQL)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import NamedTuple, Protocol

INDEX_NAME = "MEMORY.md"
SOUL_NAME = "SOUL.md"  # the persona (core/persona.py); never an entry
SKILLS_DIR = "skills"  # skills/<name>/SKILL.md (core/skills.py)
SKILL_FILE = "SKILL.md"
_SKILL = re.compile(rf"{SKILLS_DIR}/[A-Za-z0-9][A-Za-z0-9._-]{{0,63}}/{SKILL_FILE}")


def is_skill_name(name: str) -> bool:
    """True for ``skills/<name>/SKILL.md`` with a valid skill name."""
    return _SKILL.fullmatch(name) is not None and ".." not in name


class FileInfo(NamedTuple):
    """What a listing knows about one file. ``signature`` changes whenever the bytes may have."""

    signature: tuple[int, ...]
    mtime: float


class Backend(Protocol):
    """Byte storage for one scope. Names are ``<id>.md``, ``archive/<id>.md``, the index,
    ``SOUL.md`` or ``skills/<name>/SKILL.md`` (the last two never listed as entries).

    Implementations make ``write`` atomic and durable, ``lock`` exclusive across processes,
    and refuse names that could leave the scope.
    """

    #: True when everything written under :meth:`lock` commits or rolls back as one.
    transactional: bool

    @property
    def location(self) -> str:
        """Where the scope lives (a path or a URL): its identity, for this process.
        What a message may show its user is :meth:`shown`."""
        ...

    def shown(self, name: str = "") -> str | None:
        """Where the scope (or, with ``name``, that file of it) is, as the scope's user
        may be told: its path on this machine; None on the team backend, whose location
        is the server's database address and the scope's key, none of a team user's
        business (say the scope's name instead). The one place that decides it."""
        ...

    def exists(self) -> bool:
        """True when the scope has been created."""
        ...

    def create(self) -> None:
        """Create the scope if it does not exist."""
        ...

    def writable(self) -> bool:
        """True when this process may write to the scope."""
        ...

    def lock(self, timeout: float, *, archive: Iterable[str] = ()) -> AbstractContextManager[None]:
        """Hold the scope's exclusive write lock, or raise LockTimeoutError. ``archive``:
        entry ids whose archived copies the holder may look up (:meth:`archive_names`
        with ``<id>--``; a backend may fetch them with the lock)."""
        ...

    def listing(self, *, archive: bool = False) -> dict[str, FileInfo]:
        """The active entry files (or, with ``archive``, the archived ones), by name."""
        ...

    def skill_names(self) -> list[str]:
        """The scope's ``skills/<name>/SKILL.md`` files, sorted."""
        ...

    def archive_names(self, prefix: str = "") -> set[str]:
        """Names of the archived entry files (``archive/<id>.md``) whose id starts with
        ``prefix``, without reading them."""
        ...

    def leftovers(self) -> list[str]:
        """Temporary files an interrupted write left behind."""
        ...

    def remove_leftover(self, name: str) -> None:
        """Delete one temp file found by :meth:`leftovers` (only under the lock)."""
        ...

    def read_index(self) -> bytes | None:
        """The index bytes, or None when there is none."""
        ...

    def read(self, name: str) -> bytes:
        """The bytes of one file. Never follows a symlink."""
        ...

    def write(self, name: str, data: bytes, *, sync: bool = True) -> None:
        """Replace one file (or the index) atomically and durably. With ``sync`` false the
        rename is made durable by a later :meth:`sync`."""
        ...

    def write_all(
        self, files: Sequence[tuple[str, bytes]], *, sync: bool = True
    ) -> Mapping[str, FileInfo]:
        """:meth:`write` for several files, in the order given (a backend may make them
        durable together). Returns what :meth:`listing` will show for those of them it
        can tell (possibly none), as long as nothing else writes them."""
        ...

    def sync(self, names: Iterable[str]) -> None:
        """Make earlier renames and deletions of ``names`` durable."""
        ...

    def delete(self, name: str, *, sync: bool = True) -> None:
        """Remove one file durably (a missing file is not an error)."""
        ...


@dataclass(frozen=True)
class Commit:
    """One commit of a scope's history."""

    rev: str  # full hex id
    message: str
    time: float
    paths: tuple[str, ...]  # files it changed
    author: str = ""  # the team user who made it (the team backend's); "" when not known

    @property
    def short(self) -> str:
        """The first 8 hex digits: what the CLI prints and accepts."""
        return self.rev[:8]

    @property
    def subject(self) -> str:
        """The message's first line."""
        return self.message.split("\n", 1)[0]


FileChanges = dict[str, tuple[bytes | None, bytes | None]]


def file_changes(before: Mapping[str, bytes], after: Mapping[str, bytes]) -> FileChanges:
    """``{path: (before, after)}`` for each path whose bytes differ, None where absent."""
    paths = sorted(set(before) | set(after))
    return {p: (before.get(p), after.get(p)) for p in paths if before.get(p) != after.get(p)}


#: A commit subject names at most this many changes (the body names every one).
SUBJECT_ITEMS = 5


def listed(parts: Sequence[str], most: int = SUBJECT_ITEMS) -> str:
    """``parts`` joined for a one-line subject: all of them, or the first few and how
    many more, so a large import stays one readable line in ``memdir log``."""
    if len(parts) <= most:
        return ", ".join(parts)
    return f"{', '.join(parts[: most - 2])} and {len(parts) - most + 2} more"


class HistoryBackend(Protocol):
    """A scope's history: git in the scope folder, or the versions table."""

    def exists(self) -> bool:
        """True when the scope has a history."""
        ...

    def absorb(self, message: str = "hand edit", *, rewritten: Iterable[str] = ()) -> str | None:
        """Commit changes made outside memdir (under the lock); the new id, or None."""
        ...

    def record(self, names: Iterable[str], message: str, *, sync: Iterable[str] = ()) -> str | None:
        """Commit the files just written or deleted (under the lock). ``sync``: names
        whose renames or deletions still need their folder's fsync, made durable here."""
        ...

    def log(
        self, match: Callable[[str], bool] | None = None, *, limit: int | None = None
    ) -> list[Commit]:
        """Commits newest first; with ``match``, those that changed a file it accepts."""
        ...

    def resolve(self, rev: str) -> str | None:
        """The full id a hex prefix, ``HEAD`` or ``HEAD~N`` names, or None."""
        ...

    def files(self, rev: str) -> dict[str, bytes]:
        """Every file at ``rev`` and its bytes."""
        ...

    def change(self, rev: str) -> FileChanges:
        """What ``rev`` changed: ``{path: (before, after)}``."""
        ...

    def head(self) -> str | None:
        """The newest commit id, or None."""
        ...

    def worktree_changes(self) -> FileChanges:
        """Files that differ from the newest commit (edits not yet recorded)."""
        ...
