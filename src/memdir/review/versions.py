"""History across a Layers's scopes: log, diff, an entry at a revision, and revert.
See docs/design/review.md."""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..core.changes import base_id
from ..core.config import WRITABLE_SCOPES
from ..core.errors import HistoryError, MemdirError, NotFoundError, UnknownRevisionError
from ..core.storage.base import INDEX_NAME, Commit, HistoryBackend
from ..core.store import source_trailer

if TYPE_CHECKING:
    from ..core.layers import Layers
    from ..core.store import Store

FileChanges = Mapping[str, tuple[bytes | None, bytes | None]]


@dataclass(frozen=True)
class Revision:
    """A commit and the scope it belongs to."""

    scope: str
    commit: Commit


def unified(change: FileChanges) -> str:
    """A change as a unified diff."""
    out: list[str] = []
    for path, (before, after) in change.items():
        old = (before or b"").decode("utf-8", "replace").splitlines(keepends=True)
        new = (after or b"").decode("utf-8", "replace").splitlines(keepends=True)
        a = f"a/{path}" if before is not None else "/dev/null"
        b = f"b/{path}" if after is not None else "/dev/null"
        lines = list(difflib.unified_diff(old, new, a, b))
        out.extend(
            line if line.endswith("\n") else line + "\n\\ No newline at end of file\n"
            for line in lines
        )
    return "".join(out)


class Versions:
    """The history of every scope of one :class:`~memdir.Memdir`."""

    def __init__(self, md: Layers) -> None:
        self.md = md

    def stores(self, scope: str | None = None) -> list[Store]:
        """Stores that keep history (of one scope, if named)."""
        if scope is not None:
            store = self.md.store(scope)
            self._history(store)  # a named scope without history: say how to turn it on
            return [store]
        return [s for s in self.md.stores() if s.history is not None]

    def _history(self, store: Store) -> HistoryBackend:
        if store.history is None:
            if store.scope not in WRITABLE_SCOPES:  # managed: history_scopes cannot name it
                raise HistoryError(f"the {store.scope} scope keeps no history")
            raise HistoryError(
                f"the {store.scope} scope keeps no history; add it to "
                f"history_scopes in {self.md.home / 'config.toml'}"
            )
        return store.history

    def _matcher(self, target: str, scope: str | None) -> Callable[[str], bool]:
        """Which file paths belong to an entry: the one ``target`` finds now, or else
        (removed, or renamed away) any entry file whose id contains it."""
        try:
            _, entry = self.md.find(target, scope=scope, include_archived=True)
        except NotFoundError:
            needle = target.casefold()
            return lambda p: (
                p != INDEX_NAME
                and p.endswith(".md")
                and needle in base_id(p.rsplit("/", 1)[-1][:-3]).casefold()
            )
        base = base_id(entry.id)
        return lambda p: p == f"{base}.md" or p.startswith(f"archive/{base}--")

    def log(
        self, entry: str | None = None, *, scope: str | None = None, limit: int | None = None
    ) -> list[Revision]:
        """Commits of every scope with history (or one), newest first; with ``entry``
        (id or unique substring; archived copies count), only those that changed it."""
        match = self._matcher(entry, scope) if entry else None
        found = [
            Revision(s.scope, c)
            for s in self.stores(scope)
            for c in self._history(s).log(match, limit=limit)
        ]
        found.sort(key=lambda r: r.commit.time, reverse=True)  # stable: per-scope order kept
        return found[:limit] if limit is not None else found

    def find(self, rev: str, scope: str | None = None) -> tuple[Store, str]:
        """The store and full commit id ``rev`` names (a hex prefix of 4+ digits, or
        ``HEAD``/``HEAD~N`` when one scope is named or only one keeps history)."""
        stores = self.stores(scope)
        if rev.upper().startswith("HEAD") and len(stores) > 1:
            raise HistoryError(
                f"{rev} is ambiguous across scopes; add --scope "
                f"({', '.join(s.scope for s in stores)})"
            )
        hits = [
            (s, full)
            for s in stores
            if (
                full := self._history(s).resolve(
                    rev.upper() if rev.upper().startswith("HEAD") else rev
                )
            )
            is not None
        ]
        if not hits:
            raise UnknownRevisionError(
                f"no revision {rev!r} in "
                f"{', '.join(s.scope for s in stores) or 'any scope'}; "
                f"`memdir log` lists them"
            )
        if len(hits) > 1:
            raise HistoryError(
                f"revision {rev!r} is in several scopes; give more hex digits or --scope"
            )
        return hits[0]

    def change(self, rev: str, scope: str | None = None) -> tuple[Revision, FileChanges]:
        """What one commit changed, file by file."""
        store, full = self.find(rev, scope)
        history = self._history(store)
        commit = next(c for c in history.log() if c.rev == full)
        return Revision(store.scope, commit), history.change(full)

    def pending(self, scope: str | None = None) -> dict[str, FileChanges]:
        """Per scope, files that differ from its last commit (hand edits not recorded
        yet; the next write commits them)."""
        return {
            s.scope: ch for s in self.stores(scope) if (ch := self._history(s).worktree_changes())
        }

    def entry_at(self, target: str, rev: str, scope: str | None = None) -> tuple[str, str, bytes]:
        """``(scope, path, bytes)`` of an entry's file as it was at ``rev``: the active
        file if there was one, else its newest archived copy."""
        store, full = self.find(rev, scope)
        files = self._history(store).files(full)
        paths: dict[str, str] = {}  # entry id -> its file; active ones win over archived
        for path in sorted(files, key=lambda p: (not p.startswith("archive/"), p)):
            folder, _, base = path.rpartition("/")
            if folder in ("", "archive") and base.endswith(".md") and path != INDEX_NAME:
                paths[base_id(base[:-3])] = path
        wanted = base_id(target)
        hits = (
            [wanted]
            if wanted in paths
            else sorted(i for i in paths if wanted.casefold() in i.casefold())
        )
        if len(hits) == 1:
            return store.scope, paths[hits[0]], files[paths[hits[0]]]
        if hits:
            raise MemdirError(
                f"{target!r} matches several entries at {rev}: {', '.join(hits)}; give the id"
            )
        raise NotFoundError(target, sorted(paths))

    def revert(self, rev: str, scope: str | None = None, *, source: str = "user") -> str:
        """Undo one commit with a new commit: every entry file it changed goes back to
        its state before it, and the index is regenerated. Refused when a later change
        touched the same file (revert that one first)."""
        store, full = self.find(rev, scope)
        history = self._history(store)
        change = history.change(full)
        later = history.log()
        newer = later[: next(i for i, c in enumerate(later) if c.rev == full)]
        files: dict[str, bytes | None] = {}
        expected: dict[str, bytes | None] = {}
        for path, (before, after) in change.items():
            if path in (INDEX_NAME, ".gitignore"):
                continue
            current = self._current(store, path)
            if current != after:
                by = next((c for c in newer if path in c.paths), None)
                why = f"commit {by.short} ({by.subject})" if by else "an edit not yet recorded"
                raise HistoryError(
                    f"{path} was changed again after {full[:8]} by {why}; "
                    f"revert that first, newest first"
                )
            files[path] = before
            expected[path] = after
        if not files:
            raise HistoryError(f"{full[:8]} changed no entry file; nothing to revert")
        subject = next(c.subject for c in later if c.rev == full)
        ids = sorted({base_id(p.rsplit("/", 1)[-1][:-3]) for p in files})
        store.restore(
            files,
            f"revert {full[:8]}: {', '.join(ids)} ({source})\n\n"
            f"reverts: {subject}\n" + source_trailer(source),
            expected=expected,
        )
        head = history.head()
        assert head is not None
        return head

    @staticmethod
    def _current(store: Store, path: str) -> bytes | None:
        try:
            return store.backend.read(path)
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise MemdirError(
                f"Cannot read {path} in the {store.scope} scope: "
                f"{exc.strerror}. Check its permissions."
            ) from exc
