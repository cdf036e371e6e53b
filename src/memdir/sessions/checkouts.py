"""The repository a session was logged or imported in, recorded on its row: the checkout's
remote (as :func:`memdir.core.origins.remote_key` reduces it) and the commit checked out.
A team run makes the sessions keyed by its checkout's path its URL's only when this
record proves them its repository's (:meth:`SessionStore.rekey`); another repository
once at that path keeps its own. Why: docs/design/team-server.md (sessions by the URL)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from ..core.origins import remote_key
from ..core.scopes import PATH_MAX, find_checkout_root
from ..core.storage.git import git_dirs, head_commit, held_commits, read_remote

#: What a session row records of its checkout: (remote key, commit id), each None unknown.
Checkout = tuple[str | None, str | None]
NOWHERE: Checkout = (None, None)


def checkout_of(cwd: str | None) -> Checkout:
    """The remote and HEAD commit of the git checkout ``cwd`` is in; :data:`NOWHERE`
    outside git, for a relative or unusable path, or what cannot be read."""
    if not cwd or "\0" in cwd or not cwd.startswith("/") or len(cwd) > PATH_MAX:
        return NOWHERE
    try:
        dirs = git_dirs(find_checkout_root(Path(cwd)))
    except (OSError, RuntimeError, ValueError):  # unreadable parents, symlink loops
        return NOWHERE
    if dirs is None:
        return NOWHERE
    remote = read_remote(dirs[1])
    return (remote_key(remote) if remote else None), head_commit(*dirs)


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
