"""The repository a session was logged or imported in, recorded on its row: the checkout's
remote (as :func:`memdir.core.origins.remote_key` reduces it) and the commit checked out.
A team run makes the sessions keyed by its checkout's path its URL's only when this
record proves them its repository's (:meth:`SessionStore.rekey`); another repository
once at that path keeps its own. An imported transcript records the checkout it names, or
the one at its cwd only when that one was there when the session began (:func:`as_logged`).
Why: docs/design/team-server.md (sessions by the URL)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from ..core.errors import ValidationError
from ..core.origins import remote_key
from ..core.scopes import PATH_MAX, find_checkout_root, is_folder
from ..core.storage.git import (
    first_logged,
    git_dirs,
    head_commit,
    held_commits,
    read_remote,
)

#: What a session row records of its checkout: (remote key, commit id), each None unknown.
Checkout = tuple[str | None, str | None]
NOWHERE: Checkout = (None, None)


#: What an import reads of a working directory: its :data:`Checkout` and since when that
#: checkout has been there (:func:`~..core.storage.git.first_logged`; None: unknown).
Found = tuple[Checkout, float | None]
_SHA = re.compile(r"[0-9a-f]{40}|[0-9a-f]{64}")
MAX_REMOTE = 4096  # characters of a remote URL a transcript names: git's are far shorter


def checkout_of(cwd: str | None) -> Checkout:
    """The remote and HEAD commit of the git checkout ``cwd`` is in; :data:`NOWHERE`
    outside git, for a relative or unusable path, or what cannot be read."""
    return found_at(cwd)[0]


def found_at(cwd: str | None) -> Found:
    """:func:`checkout_of` ``cwd``, and since when that checkout has been there (None when
    ``cwd`` itself is gone: a repository deleted inside the one found may have been it)."""
    if not cwd or "\0" in cwd or not cwd.startswith("/") or len(cwd) > PATH_MAX:
        return NOWHERE, None
    try:
        dirs = git_dirs(find_checkout_root(Path(cwd)))
    except (OSError, RuntimeError, ValueError):  # unreadable parents, symlink loops
        return NOWHERE, None
    if dirs is None:
        return NOWHERE, None
    remote = read_remote(dirs[1])
    checkout = (remote_key(remote) if remote else None), head_commit(*dirs)
    here = checkout != NOWHERE and is_folder(cwd)
    return checkout, (first_logged(dirs[0]) if here else None)


def as_logged(found: Found, started: float) -> Checkout:
    """The checkout a transcript's session that began at ``started`` (UNIX seconds) and
    names none itself records: the one now at its cwd (``found``, :func:`found_at`) only
    when that checkout's reflog shows it there by then; else :data:`NOWHERE` (another
    repository may have stood at that path, since deleted)."""
    checkout, since = found
    return checkout if since is not None and since <= started else NOWHERE


def named(remote: str | None, commit: str | None) -> Checkout | None:
    """The checkout a transcript says its session was logged in (Codex's ``git`` of
    ``session_meta``): ``remote`` reduced by :func:`remote_key`, and ``commit``; None
    when it names neither. :class:`ValidationError` for a commit that is no commit id or
    a remote of more than :data:`MAX_REMOTE` characters."""
    if commit is not None and not _SHA.fullmatch(commit := commit.strip().lower()):
        raise ValidationError("commit must be a commit id (40 or 64 hex digits)", field="commit")
    if remote is not None and len(remote) > MAX_REMOTE:
        raise ValidationError(f"remote is over {MAX_REMOTE} characters", field="remote")
    key = remote_key(remote) if remote is not None and remote.strip() else None
    return None if key is None and commit is None else (key or None, commit)


def ours(root: Path, recorded: Iterable[Checkout]) -> set[Checkout]:
    """Those of the ``recorded`` checkouts that are the repository at ``root``: the same
    remote, or no remote and a commit this repository holds (so it shares that history).
    A row recording nothing (logged before rows recorded it, or outside git) is nobody's:
    leaving it unlearnt is better than learning another repository's session."""
    recorded = set(recorded)
    dirs = git_dirs(root)
    if dirs is None or not recorded:
        return set()
    remote = read_remote(dirs[1])
    mine = remote_key(remote) if remote else None
    commits = {c for r, c in recorded if r is None and c is not None}
    held = held_commits(root, commits) if commits else set()
    return {
        (r, c)
        for r, c in recorded
        if (r is not None and r == mine) or (r is None and c is not None and c in held)
    }
