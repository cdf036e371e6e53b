"""History: every scope folder is a git repository, one commit per change.

Built on dulwich (pure-Python git) rather than the git CLI: a commit happens in-process
under the scope lock that the write already holds, so it costs a few small object writes
(about 1–3 ms) instead of the 3–4 ``git`` subprocesses (add, write-tree, commit-tree,
update-ref) a CLI commit forks, and memdir works on machines without git installed. The
repository is an ordinary one (branch ``main``): ``git log``, ``git show`` and ``git diff
HEAD~1`` in the folder read the same history. memdir writes trees directly and keeps no git
index, so run ``memdir diff`` rather than ``git status`` there.

A write calls :meth:`History.absorb` under the lock before touching files (anything changed
by hand since the last commit is committed as a hand edit, so it is never folded into or
lost under memdir's own change), then :meth:`History.record` with the names it wrote.
Dotfiles (``.lock``, ``.changes``, temp files) are never tracked, except ``.gitignore``.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from ..errors import MemdirError, StorageError
from .base import INDEX_NAME

if TYPE_CHECKING:
    from dulwich.repo import Repo

__all__ = ["AUTHOR", "Commit", "History", "HistoryError"]

AUTHOR = b"memdir <memdir@localhost>"
_BRANCH = b"refs/heads/main"


class HistoryError(MemdirError):
    """A history operation could not be done (unknown revision, conflicting revert)."""


@dataclass(frozen=True)
class Commit:
    """One commit of a scope's history."""

    rev: str  # full hex id
    message: str
    time: float
    paths: tuple[str, ...]  # files it changed

    @property
    def short(self) -> str:
        """The first 8 hex digits: what the CLI prints and accepts."""
        return self.rev[:8]

    @property
    def subject(self) -> str:
        """The message's first line."""
        return self.message.split("\n", 1)[0]


def _oid(hex_id: str) -> Any:
    return hex_id.encode("ascii")


def _tracked(name: str) -> bool:
    return not name.startswith(".") or name == ".gitignore"


def _sig(st: os.stat_result) -> list[int]:
    return [st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns]


class History:
    """The git history of one scope folder (created on the first write).

    Commits are built straight from the files, without git's index: a stat cache
    (``.git/memdir-stat.json``, path -> signature and blob id; a cache, never trusted
    over the files) means only files whose signature changed are read and hashed.
    """

    def __init__(self, root: Path | str) -> None:
        self.root = Path(root)
        self._repo: Repo | None = None
        self._cache: dict[str, list[Any]] | None = None
        self._tree: dict[str, str] = {}  # path -> blob hex of the commit below
        self._tree_of: str | None = None  # which commit _tree describes
        self._base: dict[str, str] | None = None  # absorb() left the first commit to record()

    def __repr__(self) -> str:
        return f"History({str(self.root)!r})"

    def exists(self) -> bool:
        """True when the folder has a repository."""
        return (self.root / ".git").is_dir()

    def repo(self, *, create: bool = False) -> Repo:
        """The dulwich repository; created when ``create`` is true and missing."""
        from dulwich.errors import NotGitRepository
        from dulwich.repo import Repo

        if self._repo is None:
            try:
                self._repo = Repo(str(self.root))
            except NotGitRepository:
                if not create:
                    raise HistoryError(f"{self.root} has no history yet: it starts with the "
                                       f"first change memdir writes there.") from None
                try:
                    self._repo = Repo.init(str(self.root), default_branch=b"main")
                except OSError as exc:
                    raise StorageError("create the history repository", self.root, exc
                                       ) from exc
        return self._repo

    # -- writing (call under the scope lock) -----------------------------------------------

    def _walk(self) -> Iterator[tuple[str, os.stat_result]]:
        stack = [("", str(self.root))]
        while stack:
            prefix, folder = stack.pop()
            with os.scandir(folder) as it:
                for d in it:
                    if not _tracked(d.name):
                        continue
                    st = d.stat(follow_symlinks=False)
                    if stat.S_ISDIR(st.st_mode):
                        stack.append((prefix + d.name + "/", d.path))
                    elif stat.S_ISREG(st.st_mode):
                        yield prefix + d.name, st

    def _cache_path(self) -> Path:
        return self.root / ".git" / "memdir-stat.json"

    def _load_cache(self) -> dict[str, list[Any]]:
        if self._cache is None:
            try:
                data = json.loads(self._cache_path().read_bytes())
                self._cache = data if isinstance(data, dict) else {}
            except (OSError, ValueError):
                self._cache = {}
        return self._cache

    def _blob(self, path: str, st: os.stat_result, *, store: bool) -> str:
        """The blob id of one file, hashed only when its signature changed."""
        cache = self._load_cache()
        sig = _sig(st)
        known = cache.get(path)
        if not store and known is not None and known[0] == sig:
            return str(known[1])
        from dulwich.objects import Blob

        with open(os.path.join(self.root, path), "rb") as f:
            blob = Blob.from_string(f.read())
        if store:
            self._add(blob)
        cache[path] = [sig, blob.id.decode("ascii")]
        return str(cache[path][1])

    def _head_tree(self, repo: Repo) -> dict[str, str]:
        head = self._head(repo)
        if head is None:
            return {}
        if self._tree_of != head.decode():
            self._tree = {k: v.decode("ascii") for k, v in self._flat(repo, head).items()}
            self._tree_of = head.decode()
        return dict(self._tree)

    @staticmethod
    def _flat(repo: Repo, rev: bytes) -> dict[str, bytes]:
        from dulwich.object_store import iter_tree_contents

        tree = repo[rev].tree  # type: ignore[attr-defined]
        return {os.fsdecode(e.path): e.sha for e in iter_tree_contents(repo.object_store, tree)
                if e.path is not None and e.sha is not None}

    def absorb(self, message: str = "hand edit") -> str | None:
        """Commit whatever changed in the folder since the last commit (edits made outside
        memdir, or a write that died before its commit); returns the new commit id, or
        None when nothing changed."""
        try:
            fresh = not self.exists()
            repo = self.repo(create=True)
            before = self._head_tree(repo)
            now = {path: self._blob(path, st, store=False) for path, st in self._walk()}
            changed = sorted(p for p in set(before) | set(now) if before.get(p) != now.get(p))
            if not changed and not fresh:
                return None
            for path in changed:
                if path in now:  # store what was only hashed
                    self._blob(path, os.lstat(self.root / path), store=True)
            if fresh and set(now) <= {".gitignore", INDEX_NAME}:
                self._base = now  # a new scope: its first change is its first commit
                return None
            subject = "start history" if fresh else f"{message}: {', '.join(changed)}"
            return self._commit(repo, now, subject + "\n\nsource: outside memdir\n")
        except OSError as exc:
            raise StorageError("record history", self.root, exc) from exc

    def record(self, names: Iterable[str], message: str) -> str | None:
        """Commit the files memdir just wrote or deleted (after :meth:`absorb`)."""
        try:
            repo = self.repo(create=True)
            files = self._head_tree(repo) if self._base is None else self._base
            self._base = None
            for name in names:
                try:
                    files[name] = self._blob(name, os.lstat(self.root / name), store=True)
                except FileNotFoundError:
                    files.pop(name, None)
            if files == self._tree and self._tree_of is not None:
                return None
            return self._commit(repo, files, message)
        except OSError as exc:
            raise StorageError("record history", self.root, exc) from exc

    def _add(self, obj: Any) -> None:
        """Store one object. A ``.lock`` file a killed writer left beside it is stale (we
        hold the scope lock), so it is removed and the write tried again."""
        from dulwich.file import FileLocked

        try:
            self.repo().object_store.add_object(obj)
        except FileLocked as exc:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(exc.lockfilename)
            self.repo().object_store.add_object(obj)

    def _commit(self, repo: Repo, files: dict[str, str], message: str) -> str:
        from dulwich.objects import Commit as GitCommit
        from dulwich.objects import Tree

        trees: dict[str, Tree] = {"": Tree()}
        for path in sorted(files):
            folder, _, base = path.rpartition("/")
            parts = folder.split("/") if folder else []
            for i in range(len(parts)):
                sub = "/".join(parts[: i + 1])
                if sub not in trees:
                    trees[sub] = Tree()
            trees[folder].add(os.fsencode(base), 0o100644, _oid(files[path]))
        for sub in sorted(trees, key=lambda t: -t.count("/") if t else 1):  # leaves first
            if sub:
                parent, _, base = sub.rpartition("/")
                self._add(trees[sub])
                trees[parent].add(os.fsencode(base), stat.S_IFDIR, trees[sub].id)
        self._add(trees[""])
        head = self._head(repo)
        commit = GitCommit()
        commit.tree = trees[""].id
        commit.parents = [head] if head is not None else []
        commit.author = commit.committer = AUTHOR
        commit.author_time = commit.commit_time = int(time.time())
        commit.author_timezone = commit.commit_timezone = 0
        commit.message = message.encode("utf-8")
        self._add(commit)
        self._set_head(commit.id.decode("ascii"))
        self._tree, self._tree_of = dict(files), commit.id.decode("ascii")
        self._save_cache()
        return str(self._tree_of)

    def _save_cache(self) -> None:
        """Write the stat cache. Unlink-then-rename, not a rename over the old file: ext4
        flushes data on the latter (auto_da_alloc), which would cost a write ~2 ms, and
        a reader that finds no cache just hashes the files."""
        path = self._cache_path()
        tmp = path.with_name(f".memdir-stat.{os.getpid()}.tmp")
        tmp.write_text(json.dumps(self._cache), encoding="utf-8")
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)
        os.replace(tmp, path)

    def _set_head(self, sha: str) -> None:
        """Point the branch at ``sha``: its 41 bytes rewritten in place (a single-page
        write; no rename, which ext4 would flush). Not fsynced: the files are the record,
        and a commit a machine crash loses is re-made by the next write's absorb."""
        ref = self.root / ".git" / os.fsdecode(_BRANCH)
        data = sha.encode("ascii") + b"\n"
        try:
            fd = os.open(ref, os.O_WRONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
        except FileNotFoundError:
            ref.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(ref, os.O_WRONLY | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644)
        try:
            os.pwrite(fd, data, 0)
            os.ftruncate(fd, len(data))
        finally:
            os.close(fd)

    def _head(self, repo: Repo) -> Any:
        ref = self.root / ".git" / os.fsdecode(_BRANCH)
        try:
            return ref.read_bytes().strip() or None
        except FileNotFoundError:
            pass
        try:
            return repo.refs[_BRANCH]  # type: ignore[index]  # packed by a `git gc` run by hand
        except KeyError:
            return None

    # -- reading ---------------------------------------------------------------------------

    def log(self, match: Callable[[str], bool] | None = None, *, limit: int | None = None
            ) -> list[Commit]:
        """Commits newest first; with ``match``, only those that changed a file whose
        path it accepts."""
        if not self.exists():
            return []
        repo = self.repo()
        head = self._head(repo)
        if head is None:
            return []
        out: list[Commit] = []
        for walk in repo.get_walker(include=[head]):
            c = walk.commit
            changed = self._changed(repo, c)
            if match is not None and not any(match(p) for p in changed):
                continue
            out.append(Commit(c.id.decode(), c.message.decode("utf-8", "replace"),
                              float(c.commit_time), tuple(changed)))
            if limit is not None and len(out) >= limit:
                break
        return out

    @staticmethod
    def _changed(repo: Repo, c: Any) -> list[str]:
        from dulwich.diff_tree import tree_changes

        parent = cast(Any, repo[c.parents[0]]).tree if c.parents else None
        found = []
        for ch in tree_changes(repo.object_store, parent, c.tree):
            side = ch.new if ch.new is not None and ch.new.path else ch.old
            if side is not None and side.path is not None:
                found.append(os.fsdecode(side.path))
        return sorted(found)

    def resolve(self, rev: str) -> str | None:
        """The full commit id ``rev`` (a hex prefix of at least 4, ``HEAD`` or ``HEAD~N``)
        names here, or None."""
        if not self.exists():
            return None
        repo = self.repo()
        head = self._head(repo)
        if head is None:
            return None
        if rev == "HEAD" or rev.startswith("HEAD~"):
            steps = rev[5:] if rev != "HEAD" else "0"
            if not steps.isdigit():
                return None
            sha = head
            for _ in range(int(steps)):
                parents = cast(Any, repo[sha]).parents
                if not parents:
                    return None
                sha = parents[0]
            return str(sha.decode())
        if len(rev) < 4 or any(ch not in "0123456789abcdef" for ch in rev.lower()):
            return None
        matches = [w.commit.id.decode() for w in repo.get_walker(include=[head])
                   if w.commit.id.decode().startswith(rev.lower())]
        if len(matches) > 1:
            raise HistoryError(f"revision {rev!r} is ambiguous; give more hex digits")
        return matches[0] if matches else None

    def files(self, rev: str) -> dict[str, bytes]:
        """Every file of the tree at ``rev`` and its bytes."""
        from dulwich.object_store import iter_tree_contents

        repo = self.repo()
        tree = repo[rev.encode()].tree  # type: ignore[attr-defined]
        return {os.fsdecode(e.path): repo[e.sha].as_raw_string()
                for e in iter_tree_contents(repo.object_store, tree)}

    def change(self, rev: str) -> dict[str, tuple[bytes | None, bytes | None]]:
        """What ``rev`` changed: ``{path: (before, after)}``, None where absent."""
        repo = self.repo()
        c: Any = repo[rev.encode()]
        before = self.files(c.parents[0].decode()) if c.parents else {}
        after = self.files(rev)
        return {p: (before.get(p), after.get(p))
                for p in sorted(set(before) | set(after)) if before.get(p) != after.get(p)}

    def head(self) -> str | None:
        """The newest commit id, or None."""
        if not self.exists():
            return None
        head = self._head(self.repo())
        return None if head is None else str(head.decode())

    def worktree_changes(self) -> dict[str, tuple[bytes | None, bytes | None]]:
        """Files that differ from the newest commit (edits not yet recorded)."""
        head = self.head()
        before = self.files(head) if head else {}
        after: dict[str, bytes] = {}
        for path, _ in self._walk():
            with open(self.root / path, "rb") as f:
                after[path] = f.read()
        return {p: (before.get(p), after.get(p))
                for p in sorted(set(before) | set(after)) if before.get(p) != after.get(p)}
