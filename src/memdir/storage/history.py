"""History: every scope folder is a git repository, one commit per change.

Why not the git CLI: a commit happens in-process, under the scope lock the write already
holds, where forking ``git add -A`` and ``git commit`` took ~29 ms here; and memdir keeps
working where git is not installed. Why the objects are written by
:mod:`memdir.storage.gitobjects` rather than by dulwich's object store: both were measured
with every commit durable before its branch moves, add by add in turn on one 2-core machine
(3 runs of 200 adds, load ~3; the index alone, no history: p50 1.6-3.7 ms):

=========================================================  ============  ==========
how the commit's objects are written                        add p50 (ms)  p95 (ms)
=========================================================  ============  ==========
loose objects here, not fsynced (before)                    3.0-5.1       16-20
dulwich ``add_object``, ``fsync_object_files`` (serial)     4.5-12.8      48-60
loose objects here, fsynced one after the other             3.8-10.5      51-56
loose objects here, fsynced together (chosen)               3.8-7.5       20-28
=========================================================  ============  ==========

dulwich writes each object through a lock file, fsynced and renamed one after the other,
and costs ~40 ms to import per process; its ``add_objects`` writes a pack per call, which
would leave one pack per commit. Fsyncs issued together let the journal commit them at
once, which is what keeps the tail short. dulwich reads the history (log, diff, show,
revert); the write path does not import it. The test suite checks what is written with
``git fsck --strict``.

The repository is an ordinary one (branch ``main``): ``git log``, ``git show`` and ``git
diff HEAD~1`` in the folder read the same history. memdir writes trees directly and keeps
no git index, so use ``memdir diff`` there rather than ``git status``.

A write calls :meth:`History.absorb` under the lock before touching files: anything
changed since the last commit (a hand edit, or a write killed before its commit) is
committed first as a hand edit, so it is never folded into memdir's own change. Then
:meth:`History.record` commits the names the write touched. A stat cache (path ->
signature and blob id; saved to ``.git/memdir-stat.json`` every ~16 writes for the next
process) means only files whose signature changed are read and hashed, and a commit made
by another process is read from its tree objects, not from the files. The price is one
``stat`` per file of the scope on each write, archive included: an edit written in place
changes nothing but the file's own signature, so that is what catches a hand edit
anywhere in the folder on the very next write. It is kept cheap: each folder is listed
once and its files stat'ed relative to it (``fstatat``), ~20 % less than stat'ing each
path. Dotfiles (``.lock``, ``.changes``, temp files) are never tracked, except
``.gitignore``.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from ..errors import MemdirError, StorageError
from .base import INDEX_NAME
from .gitobjects import BRANCH, GitDir, object_id

if TYPE_CHECKING:
    from dulwich.repo import Repo

__all__ = ["Commit", "History", "HistoryError"]

_BRANCH = BRANCH.encode()


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


def _bin(hex_id: str) -> Any:
    """A hex id as dulwich takes it."""
    return hex_id.encode("ascii")


def _sig(st: os.stat_result) -> tuple[int, int, int, int]:
    return (st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


class History:
    """The git history of one scope folder (created on the first write).

    Commits are built straight from the files, without git's index: a stat cache
    (``.git/memdir-stat.json``, path -> signature and blob id; a cache, never trusted
    over the files) means only files whose signature changed are read and hashed.
    """

    def __init__(self, root: Path | str) -> None:
        self.root = Path(root)
        self._path = str(self.root)
        self._repo: Repo | None = None
        self._cache: dict[str, tuple[Any, str]] | None = None
        self._tree: dict[str, str] = {}  # path -> blob hex of the commit below
        self._tree_of: str | None = None  # which commit _tree describes
        self._base: dict[str, str] | None = None  # absorb() left the first commit to record()
        self._git = GitDir(self.root / ".git")
        self._folders: dict[str, tuple[dict[bytes, tuple[bytes, str]], str]] = {}
        self._hashed = 0  # files hashed since the cache file was last saved
        self._names: dict[str, bytes] = {}  # file name -> its bytes, for tree entries
        self._damaged: str | None = None  # a head commit that cannot be read (a crash)

    def __repr__(self) -> str:
        return f"History({str(self.root)!r})"

    def exists(self) -> bool:
        """True when the folder has a repository."""
        return (self.root / ".git").is_dir()

    def repo(self) -> Repo:
        """The dulwich repository, for reading history."""
        from dulwich.errors import NotGitRepository
        from dulwich.repo import Repo

        if self._repo is None:
            try:
                self._repo = Repo(str(self.root))
            except NotGitRepository:
                raise HistoryError(
                    f"{self.root} has no history yet: it starts with the "
                    f"first change memdir writes there."
                ) from None
        return self._repo

    # -- writing (call under the scope lock) -----------------------------------------------

    def _walk(self) -> Iterator[tuple[str, os.stat_result]]:
        stack = [("", str(self.root))]
        while stack:
            prefix, folder = stack.pop()
            with os.scandir(folder) as it:
                for d in it:
                    name = d.name
                    if name[0] == "." and name != ".gitignore":
                        continue
                    if d.is_dir(follow_symlinks=False):  # from the directory read: no stat
                        stack.append((prefix + name + "/", d.path))
                        continue
                    st = d.stat(follow_symlinks=False)
                    if stat.S_ISREG(st.st_mode):
                        yield prefix + name, st

    def _scan(self) -> dict[str, str]:
        """Every tracked file's blob id: one ``fstatat`` per file, relative to its open
        folder (no path resolved twice), and only files whose signature changed are read
        and hashed. The hot loop of every write: kept tight."""
        cache = self._load_cache()
        now: dict[str, str] = {}
        flags = os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC
        isreg, isdir = stat.S_ISREG, stat.S_ISDIR
        stack = [""]
        while stack:
            prefix = stack.pop()
            fd = os.open(os.path.join(self._path, prefix), flags)
            try:
                for name in os.listdir(fd):
                    if name[0] == "." and name != ".gitignore":
                        continue
                    try:
                        st = os.stat(name, dir_fd=fd, follow_symlinks=False)
                    except FileNotFoundError:  # deleted by hand while listed: it is gone
                        continue
                    if not isreg(st.st_mode):
                        if isdir(st.st_mode):
                            stack.append(prefix + name + "/")
                        continue
                    path = prefix + name
                    known = cache.get(path)
                    if known is not None and known[0] == (
                        st.st_ino,
                        st.st_size,
                        st.st_mtime_ns,
                        st.st_ctime_ns,
                    ):
                        now[path] = known[1]
                    else:
                        now[path] = self._blob(path, st, store=False)
            finally:
                os.close(fd)
        return now

    def _cache_path(self) -> Path:
        return self.root / ".git" / "memdir-stat.json"

    def _load_cache(self) -> dict[str, tuple[Any, str]]:
        """path -> [signature, blob id], loaded once per process from the file the last
        cold writer left (signatures are checked on use, so a stale file is harmless)."""
        if self._cache is None:
            try:
                data = json.loads(self._cache_path().read_bytes())
                self._cache = {p: (tuple(v[0]), str(v[1])) for p, v in data.items()}
            except (OSError, ValueError, AttributeError, TypeError, IndexError):
                self._cache = {}
        return self._cache

    def _blob(self, path: str, st: os.stat_result, *, store: bool) -> str:
        """The blob id of one file, hashed only when its signature changed."""
        cache = self._load_cache()
        sig = _sig(st)
        known = cache.get(path)
        if not store and known is not None and known[0] == sig:
            return str(known[1])
        with open(os.path.join(self._path, path), "rb") as f:
            data = f.read()
        self._hashed += 1
        blob = self._git.write(b"blob", data) if store else object_id(b"blob", data)[0]
        cache[path] = (sig, blob)
        return blob

    def _head_tree(self) -> dict[str, str]:
        head = self._head()
        if head is None:
            return {}
        if self._damaged == head:
            return {}
        if self._tree_of != head:  # another process committed since: read its tree
            try:
                try:
                    self._tree = self._git.flatten(self._git.tree_of(head))
                except (FileNotFoundError, ValueError):  # packed by a `git gc` run by hand
                    self._tree = {
                        k: v.decode("ascii")
                        for k, v in self._flat(self.repo(), head.encode()).items()
                    }
            except Exception:  # noqa: BLE001 — a damaged history must never block a write
                # A machine crash can leave the branch pointing at an object that was never
                # written out. The files are the record: history restarts from them.
                self._damaged, self._tree, self._tree_of = head, {}, None
                return {}
            self._tree_of = head
        return dict(self._tree)

    @staticmethod
    def _flat(repo: Repo, rev: bytes) -> dict[str, bytes]:
        from dulwich.object_store import iter_tree_contents

        tree = repo[rev].tree  # type: ignore[attr-defined]
        return {
            os.fsdecode(e.path): e.sha
            for e in iter_tree_contents(repo.object_store, tree)
            if e.path is not None and e.sha is not None
        }

    def absorb(self, message: str = "hand edit") -> str | None:
        """Commit whatever changed in the folder since the last commit (edits made outside
        memdir, or a write that died before its commit); returns the new commit id, or
        None when nothing changed."""
        try:
            fresh = self._git.init()
            before = self._head_tree()
            now = self._scan()
            if now == before and not fresh:
                return None
            changed = sorted(p for p in set(before) | set(now) if before.get(p) != now.get(p))
            if not changed and not fresh:
                return None
            for path in changed:
                if path in now:  # store what was only hashed
                    self._blob(path, os.lstat(os.path.join(self._path, path)), store=True)
            if fresh and set(now) <= {".gitignore", INDEX_NAME}:
                self._base = now  # a new scope: its first change is its first commit
                return None
            subject = "start history" if fresh else f"{message}: {', '.join(changed)}"
            if self._damaged is not None:
                subject = (
                    f"history restarted: the last commit ({self._damaged[:12]}) could "
                    f"not be read, so this records the files as they are"
                )
            return self._commit(now, subject + "\n\nsource: outside memdir\n")
        except OSError as exc:
            raise StorageError("record history", self.root, exc) from exc

    def record(self, names: Iterable[str], message: str) -> str | None:
        """Commit the files memdir just wrote or deleted (after :meth:`absorb`)."""
        try:
            self._git.init()
            files = self._head_tree() if self._base is None else self._base
            self._base = None
            for name in names:
                try:
                    st = os.lstat(os.path.join(self._path, name))
                    files[name] = self._blob(name, st, store=True)
                except FileNotFoundError:
                    files.pop(name, None)
            if files == self._tree and self._tree_of is not None:
                return None
            return self._commit(files, message)
        except OSError as exc:
            raise StorageError("record history", self.root, exc) from exc

    def _commit(self, files: dict[str, str], message: str) -> str:
        children: dict[str, dict[bytes, tuple[bytes, str]]] = {"": {}}
        names = self._names
        for path, blob in files.items():
            folder, _, base = path.rpartition("/")
            if folder not in children:
                parts = folder.split("/")
                for i in range(len(parts)):
                    children.setdefault("/".join(parts[: i + 1]), {})
            name = names.get(base)
            if name is None:
                name = names[base] = os.fsencode(base)
            children[folder][name] = (b"100644", blob)
        try:
            for sub in sorted(children, key=lambda t: -t.count("/") - 1 if t else 1):  # leaves
                last = self._folders.get(sub)
                if last is not None and last[0] == children[sub]:
                    tree = last[1]  # unchanged since this process's last commit (archive/)
                else:
                    tree = self._git.tree(children[sub])
                    self._folders[sub] = (children[sub], tree)
                if not sub:
                    root = tree
                    continue
                parent, _, base = sub.rpartition("/")
                children[parent][os.fsencode(base)] = (b"40000", tree)
            head = None if self._damaged is not None else self._head()
            sha = self._git.commit(root, head, message)
            self._git.set_head(sha)  # the objects durable first, then the branch
        except BaseException:  # trees remembered above may never have reached the disk
            self._git.discard()
            self._folders.clear()
            raise
        self._damaged = None
        self._tree, self._tree_of = dict(files), sha
        if self._hashed > 32:  # started cold, or 16 writes since: spare the next process
            self._save_cache()
        return sha

    def _save_cache(self) -> None:
        """Write the stat cache. Unlink-then-rename, not a rename over the old file: ext4
        flushes data on the latter (auto_da_alloc), which would cost a write ~2 ms, and
        a reader that finds no cache just hashes the files."""
        path = self._cache_path()
        tmp = path.with_name(f".memdir-stat.{os.getpid()}.tmp")
        tmp.write_text(json.dumps(self._load_cache()), encoding="utf-8")
        self._hashed = 0
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)
        os.replace(tmp, path)

    def _head(self) -> str | None:
        """The branch's commit id (hex), or None before the first commit."""
        head = self._git.head()
        if head is not None or not (self.root / ".git" / "packed-refs").exists():
            return head
        try:  # packed by a `git gc` run by hand
            return str(self.repo().refs[_BRANCH].decode())  # type: ignore[index]
        except KeyError:
            return None

    # -- reading ---------------------------------------------------------------------------

    def log(
        self, match: Callable[[str], bool] | None = None, *, limit: int | None = None
    ) -> list[Commit]:
        """Commits newest first; with ``match``, only those that changed a file whose
        path it accepts."""
        if not self.exists():
            return []
        repo = self.repo()
        head = self._head()
        if head is None:
            return []
        out: list[Commit] = []
        for walk in repo.get_walker(include=[_bin(head)]):
            c = walk.commit
            changed = self._changed(repo, c)
            if match is not None and not any(match(p) for p in changed):
                continue
            out.append(
                Commit(
                    c.id.decode(),
                    c.message.decode("utf-8", "replace"),
                    float(c.commit_time),
                    tuple(changed),
                )
            )
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
        head = self._head()
        if head is None:
            return None
        if rev == "HEAD" or rev.startswith("HEAD~"):
            steps = rev[5:] if rev != "HEAD" else "0"
            if not steps.isdigit():
                return None
            sha = _bin(head)
            for _ in range(int(steps)):
                parents = cast(Any, repo[sha]).parents
                if not parents:
                    return None
                sha = parents[0]
            return str(sha.decode())
        if len(rev) < 4 or any(ch not in "0123456789abcdef" for ch in rev.lower()):
            return None
        matches = [
            w.commit.id.decode()
            for w in repo.get_walker(include=[_bin(head)])
            if w.commit.id.decode().startswith(rev.lower())
        ]
        if len(matches) > 1:
            raise HistoryError(f"revision {rev!r} is ambiguous; give more hex digits")
        return matches[0] if matches else None

    def files(self, rev: str) -> dict[str, bytes]:
        """Every file of the tree at ``rev`` and its bytes."""
        from dulwich.object_store import iter_tree_contents

        repo = self.repo()
        tree = repo[rev.encode()].tree  # type: ignore[attr-defined]
        return {
            os.fsdecode(e.path): repo[e.sha].as_raw_string()
            for e in iter_tree_contents(repo.object_store, tree)
        }

    def change(self, rev: str) -> dict[str, tuple[bytes | None, bytes | None]]:
        """What ``rev`` changed: ``{path: (before, after)}``, None where absent."""
        repo = self.repo()
        c: Any = repo[rev.encode()]
        before = self.files(c.parents[0].decode()) if c.parents else {}
        after = self.files(rev)
        return {
            p: (before.get(p), after.get(p))
            for p in sorted(set(before) | set(after))
            if before.get(p) != after.get(p)
        }

    def head(self) -> str | None:
        """The newest commit id, or None."""
        if not self.exists():
            return None
        return self._head()

    def worktree_changes(self) -> dict[str, tuple[bytes | None, bytes | None]]:
        """Files that differ from the newest commit (edits not yet recorded)."""
        head = self.head()
        before = self.files(head) if head else {}
        after: dict[str, bytes] = {}
        for path, _ in self._walk():
            with open(self.root / path, "rb") as f:
                after[path] = f.read()
        return {
            p: (before.get(p), after.get(p))
            for p in sorted(set(before) | set(after))
            if before.get(p) != after.get(p)
        }
