"""Where a local scope came from, so a checkout that moved can find its memory again.
See docs/design/core.md."""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from .errors import ParseError
from .index import INDEX_HEADER
from .storage.files import NOT_ENTRIES
from .storage.git import git_dirs, read_remote, root_commits
from .storage.regular import atomic_write, read_json

RECORD_NAME = ".origin.json"
MAX_FOLDERS = 500  # records read when looking for orphans: bounds the cost of a large home
_EMPTY_INDEX = len(INDEX_HEADER.encode("utf-8"))
#: A URL: user name and password (to its last @: git's curl takes an @ or / in them
#: unescaped) dropped, the host (IPv6 in brackets), the path; query and fragment dropped.
_URL = re.compile(
    r"[A-Za-z][A-Za-z0-9+.-]*://(?:[^?#]*@)?(\[[^\]/]*\]|[^/:?#\[]+)(?::\d*)?"
    r"(?:/([^?#]*))?(?:[?#].*)?"
)
_SCP = re.compile(r"(?:[^@/]*@)?([^/:]+):([^?#]*)(?:[?#].*)?")
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://")
_KEYED = re.compile(r"\[[^\]/]*\]/")  # a key's IPv6 host: git reads it as a path
_HEX = re.compile(r"[0-9a-f]{40}|[0-9a-f]{64}")


@dataclass(frozen=True)
class Origin:
    """What a local scope folder records about its checkout."""

    path: str
    remote: str | None = None
    root_commit: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The record's JSON fields."""
        return {"version": 1, **asdict(self)}


@dataclass(frozen=True)
class Orphan:
    """A local scope folder whose checkout moved, and why it is thought to be this one's."""

    folder: Path
    origin: Origin
    active: int
    archived: int
    reason: str  # "remote URL" or "first commit"

    def warning(self) -> str:
        """One line for ``md.warnings``, with the command that re-attaches it."""
        import shlex

        held = f"{self.active} {'entry' if self.active == 1 else 'entries'}"
        held += f" (+{self.archived} archived)" if self.archived else ""
        return (
            f"this project's local scope has no entries, but {self.folder} holds {held} "
            f"from {self.origin.path}, a checkout with the same {self.reason} that is "
            f"gone. Re-attach with: memdir scopes --adopt {shlex.quote(self.origin.path)}"
        )


def remote_key(url: str) -> str:
    """A remote URL reduced to host and path, so ``git@host:u/app.git`` and
    ``https://host/u/app`` compare equal. A URL that does not parse keeps no user name,
    password, query or fragment (everything to its last ``@``, and from a ``?`` or ``#``
    after it, dropped); a key (``[::1]/u/app`` too) is its own key."""
    url = url.strip()
    match = _URL.fullmatch(url)
    if match is not None and "@" in match[1]:
        match = None
    scheme = _SCHEME.match(url)
    if match is None and scheme is not None:
        rest = url[scheme.end() :].rpartition("@")[2]
        url = scheme[0] + re.split(r"[?#]", rest, maxsplit=1)[0]
        match = _URL.fullmatch(url)
    elif match is None and "/" not in url.split(":", 1)[0] and not _KEYED.match(url):
        match = _SCP.fullmatch(url)
    if match is None:
        return url.rstrip("/").removesuffix(".git")
    path = (match[2] or "").strip("/").removesuffix(".git")
    return f"{match[1].lower()}/{path}"


def identify(root: Path) -> tuple[Origin, bool]:
    """The record ``root`` should have, and whether it is complete (False while the
    repository has no commit, so that the first commit is filled in later)."""
    dirs = git_dirs(root)
    if dirs is None:
        return Origin(str(root)), True
    remote = read_remote(dirs[1])
    # A git folder without HEAD (an empty .git) holds no commit: known without dulwich's
    # repository module, which every open would otherwise import while the record waits.
    roots = root_commits(root) if (dirs[0] / "HEAD").is_file() else None
    if roots is None:  # no commit yet
        return Origin(str(root), remote), False
    return Origin(str(root), remote, roots[-1] if roots else None), True


# -- the record ------------------------------------------------------------------------------


def read_origin(folder: Path) -> Origin | None:
    """The record in a scope folder; None when it is missing or not a record."""
    path = folder / RECORD_NAME
    try:  # a symlink is not a record (a cloned repository may hold one)
        data = None if os.path.islink(path) else read_json(path, 65536)
    except ParseError:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("path"), str):
        return None
    remote, root = data.get("remote"), data.get("root_commit")
    return Origin(
        data["path"],
        remote if isinstance(remote, str) else None,
        root if isinstance(root, str) and _HEX.fullmatch(root) else None,
    )


def write_origin(folder: Path, origin: Origin) -> None:
    """Replace the record durably (temp file, fsync, rename, folder fsync). Raises OSError."""
    data = (json.dumps(origin.to_dict(), indent=2) + "\n").encode()  # ASCII: any path fits
    atomic_write(folder / RECORD_NAME, data)


def config_mtime(root: Path) -> int | None:
    """mtime of the repository's config file (one stat for a plain checkout); None
    outside git."""
    try:
        return os.stat(f"{root}/.git/config").st_mtime_ns
    except OSError:
        pass
    dirs = git_dirs(root)
    try:
        return os.stat(dirs[1] / "config").st_mtime_ns if dirs else None
    except OSError:
        return None


def refresh_origin(root: Path, folder: Path) -> Origin:
    """Rewrite the record if it differs from what the repository says now, and mark it
    fresh: its mtime set to now by the file system's clock (the one that stamps git's
    writes too, coarser than ``time.time``), or to 0 while it is incomplete. Raises OSError
    when the folder cannot be written."""
    origin, complete = identify(root)
    rewrite = read_origin(folder) != origin
    if rewrite:
        write_origin(folder, origin)
    path = folder / RECORD_NAME
    try:
        if complete:
            os.utime(path, follow_symlinks=False)
        else:
            os.utime(path, ns=(0, 0), follow_symlinks=False)
    except OSError:
        # A record that already says what the repository says, on a home that cannot be
        # written (a read-only disk): nothing is lost but the freshness mark, so the next
        # open looks again; no warning on every read (a repository with no commit yet
        # keeps its record incomplete, and so stale, until its first commit).
        if rewrite:
            raise
    return origin


# -- open(): keep the record current, warn about orphans -------------------------------------


def _has_entries(folder: Path) -> bool:
    """True when a scope folder holds an entry file, active or archived; usually one stat
    (an index longer than its bare header lists something)."""
    try:
        if os.stat(f"{folder}/MEMORY.md").st_size > _EMPTY_INDEX:
            return True
    except OSError:
        if not folder.is_dir():
            return False
    return any(count_entries(folder))


def count_entries(folder: Path) -> tuple[int, int]:
    """Entry files (active, archived) in a scope folder, from directory reads alone."""
    counts = []
    for sub in (folder, folder / "archive"):
        try:
            names = os.listdir(sub) if not os.path.islink(sub) else []
        except OSError:
            names = []
        counts.append(
            sum(
                1
                for n in names
                if n.endswith(".md")
                and not n.startswith(".")
                and (sub != folder or n not in NOT_ENTRIES)
            )
        )
    return counts[0], counts[1]


def note_origin(home: Path, root: Path, folder: Path) -> list[str]:
    """What :func:`memdir.open` does for the local scope ``folder`` of ``root``: keep its
    record current (a few stats when it is), and when ``root`` is a git repository whose
    local scope is missing or empty, warn about orphans of it. Returns warnings."""
    warnings = []
    cfg_mtime = config_mtime(root)
    try:
        st = os.lstat(f"{folder}/{RECORD_NAME}")
        stale = st.st_mtime_ns == 0 or (cfg_mtime or 0) >= st.st_mtime_ns
        stale = stale or not stat.S_ISREG(st.st_mode)
    except FileNotFoundError:
        stale = folder.is_dir()
    except OSError:
        stale = True
    if stale:
        try:
            refresh_origin(root, folder)
        except OSError as exc:
            warnings.append(
                f"could not record this checkout's path in {folder / RECORD_NAME}"
                f" ({exc.strerror or exc}); check that folder's permissions."
            )
    if cfg_mtime is not None and not _has_entries(folder):
        warnings += [orphan.warning() for orphan in find_orphans(home, root, folder)]
    return warnings


def records(home: Path, limit: int = MAX_FOLDERS) -> Iterator[tuple[Path, Origin | None]]:
    """Local scope folders under ``home/projects`` with their records (at most ``limit``)."""
    try:
        it = os.scandir(home / "projects")
    except OSError:
        return
    with it:
        for n, dirent in enumerate(it):
            if n >= limit:
                return
            if not dirent.name.startswith(".") and dirent.is_dir(follow_symlinks=False):
                folder = Path(dirent.path)
                yield folder, read_origin(folder)


def is_gone(origin: Origin) -> bool:
    """True when the recorded checkout no longer exists, or is now another repository."""
    path = Path(origin.path)
    if not path.is_dir():
        return True
    dirs = git_dirs(path)
    if dirs is None:
        return origin.remote is not None or origin.root_commit is not None
    if origin.remote is not None:
        remote = read_remote(dirs[1])
        if remote is not None and remote_key(remote) == remote_key(origin.remote):
            return False
    if origin.root_commit is not None:  # a changed remote alone does not make it another
        return origin.root_commit not in (root_commits(path) or [origin.root_commit])
    return origin.remote is not None


def find_orphans(home: Path, root: Path, folder: Path) -> list[Orphan]:
    """Local scopes with entries whose checkout is gone and whose remote URL or first
    commit is ``root``'s. The first commit (a walk of the history) is asked for only when a
    gone checkout with entries is left to compare by it."""
    dirs = git_dirs(root)
    remote = read_remote(dirs[1]) if dirs else None
    mine = remote_key(remote) if remote else None
    roots: list[str] | None = None
    found = []
    for other, origin in records(home):
        if origin is None or other == folder:
            continue
        same_remote = mine is not None and origin.remote and remote_key(origin.remote) == mine
        if not (same_remote or origin.root_commit) or not is_gone(origin):
            continue
        active, archived = count_entries(other)
        if not active and not archived:
            continue
        if not same_remote:
            if roots is None:
                roots = root_commits(root) or []
            if origin.root_commit not in roots:
                continue
        reason = "remote URL" if same_remote else "first commit"
        found.append(Orphan(other, origin, active, archived, reason))
    return sorted(found, key=lambda o: str(o.folder))
