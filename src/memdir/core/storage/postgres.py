"""Scopes on PostgreSQL: one row per file, written in the lock's transaction, and an
append-only versions table in place of git. Every query carries the access rule of
:mod:`memdir.pg.schema` in its WHERE clause. See docs/design/team-server.md."""

from __future__ import annotations

import errno
import hashlib
import secrets
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import AccessError, HistoryError, LockTimeoutError, PostgresError
from .base import INDEX_NAME, SOUL_NAME, Commit, FileInfo, file_changes, is_skill_name

ARCHIVE_PREFIX = "archive/"
GRANTED = "grant:"  # in :meth:`PgBackend.present`'s answer: the user is granted the project

if TYPE_CHECKING:
    import psycopg

    from ...pg.db import PgDatabase


@dataclass(frozen=True)
class ScopeKey:
    """A scope in the database: its key, kind, owner (user, local) or project URL."""

    key: str
    kind: str
    owner: str | None = None
    project: str | None = None

    @classmethod
    def org(cls) -> ScopeKey:
        return cls("org", "org")

    @classmethod
    def user(cls, name: str) -> ScopeKey:
        return cls(f"user:{name}", "user", owner=name)

    @classmethod
    def for_project(cls, url: str) -> ScopeKey:
        return cls(f"project:{url}", "project", project=url)

    @classmethod
    def local(cls, name: str, slug: str) -> ScopeKey:
        return cls(f"local:{name}:{slug}", "local", owner=name)


def local_slugs(db: PgDatabase, user: str) -> list[str]:
    """The projects (slugs) of ``user``'s local scopes, sorted: only that user's."""
    from ...pg.schema import MEMORY

    db.ensure(MEMORY)
    prefix = ScopeKey.local(user, "").key
    with db.read("list the local scopes") as conn:
        rows = conn.execute(
            "SELECT key FROM memdir_scopes WHERE kind = 'local' AND owner = %s "
            "AND starts_with(key, %s)",
            (user, prefix),
        ).fetchall()
    return sorted(str(r[0])[len(prefix) :] for r in rows)


def _is_entry_name(name: str) -> bool:
    folder, _, base = name.rpartition("/")
    return (
        name == INDEX_NAME
        or is_skill_name(name)
        or (
            folder in ("", "archive")
            and base.endswith(".md")
            and not base.startswith(".")
            and "\x00" not in base
            and len(base.encode("utf-8", "surrogateescape")) <= 255
        )
    )


class PgBackend:
    """One scope's files in ``memdir_files``, as user ``user``. Writes happen only under
    :meth:`lock`, in its transaction: a write and its history commit land together."""

    transactional = True

    def __init__(self, db: PgDatabase, scope: ScopeKey, user: str) -> None:
        from ...pg.schema import MEMORY

        self.db = db
        self.scope = scope
        self.user = user
        self._held = threading.local()
        # Versions of entry files whose bytes a listing under the lock already handed
        # over (the reader keeps them parsed): the next listing skips their bytes.
        self._known: set[int] = set()
        # Bookkeeping sent with this backend's next write, not before (a read writes
        # nothing): asked for its statement before the lock is taken (None: nothing to
        # send), dropped once committed, when ``first_written`` runs.
        self.with_first_write: Callable[[], tuple[str, Any] | None] | None = None
        self.first_written: Callable[[], None] | None = None
        db.ensure(MEMORY)

    def __repr__(self) -> str:
        return f"PgBackend({self.scope.key!r}, user={self.user!r})"

    @property
    def location(self) -> str:
        """The server and the scope key (never a password)."""
        from ...pg.db import redact

        return f"{redact(self.db.url).split('?', 1)[0]}#{self.scope.key}"

    def shown(self, name: str = "") -> str | None:
        """None: the location is the server's address, never shown to a team user."""
        return None

    def _args(self, **more: Any) -> dict[str, Any]:
        return {"scope": self.scope.key, "user": self.user, **more}

    @contextmanager
    def _conn(self, action: str) -> Iterator[psycopg.Connection[Any]]:
        held = getattr(self._held, "conn", None)
        if held is not None:
            self._flush()  # a read sees the writes queued before it
            yield held
            return
        with self.db.read(action) as conn:  # one statement: no transaction needed
            yield conn

    def _denied(self, verb: str) -> AccessError:
        if self.scope.project is not None:  # the one scope a user may lose: say how
            return AccessError(
                f"user {self.user!r} is not granted the project {self.scope.project}; "
                f"nothing was {'read' if verb == 'read' else 'written'}. An admin runs "
                f"`memdir serve users grant {self.user} https://{self.scope.project}`."
            )
        return AccessError(
            f"user {self.user!r} may not {verb} the {self.scope.kind} scope "
            f"{self.scope.key!r}; nothing was {'read' if verb == 'read' else 'written'}. "
            f"An admin grants projects with `memdir serve users grant NAME PROJECT-URL`."
        )

    def _no_owner(self, exc: psycopg.errors.ForeignKeyViolation) -> Exception:
        """The refusal of a new scope row whose owner is no user (step ``0007``): the
        user was removed while this process still served them, or never added."""
        from ...pg.schema import OWNER_IS_A_USER

        if exc.diag.constraint_name != OWNER_IS_A_USER:
            return exc
        if self.scope.owner != self.user:  # not theirs either way: the usual refusal
            return self._denied("write")
        return AccessError(
            f"user {self.user!r} is not a user of this team server (removed, or never "
            f"added), so the {self.scope.kind} scope cannot be made; nothing was written",
            f"An admin adds it: memdir serve users add {self.user}",
        )

    def exists(self) -> bool:
        """True when the scope has a row (and this user may read it)."""
        from ...pg.schema import READABLE

        with self._conn("look up a scope") as conn:
            row = conn.execute(
                f"SELECT 1 FROM memdir_scopes WHERE key = %(scope)s AND {READABLE}",
                self._args(),
            ).fetchone()
        return row is not None

    def present(self, others: Iterable[PgBackend], *, grant: str | None = None) -> set[str]:
        """Keys of this scope and ``others`` (this user's, this database's) that exist and
        that this user may read: :meth:`exists` for many scopes in one query; with
        ``grant`` (a project URL), also :data:`GRANTED` when this user is granted it."""
        from ...pg.schema import GRANT_OF, READABLE_KEYS

        keys = [self.scope.key, *(b.scope.key for b in others)]
        sql = READABLE_KEYS if grant is None else f"{READABLE_KEYS} UNION ALL {GRANT_OF}"
        with self._conn("look up scopes") as conn:
            rows = conn.execute(sql, {"keys": keys, "user": self.user, "project": grant})
        return {str(r[0]) for r in rows.fetchall()}

    def create(self) -> None:
        """Create the scope's row if this user may write it."""
        held = getattr(self._held, "conn", None)
        if held is not None:
            self._flush()
            self.create_in(held)
            return
        with self.db.transaction("create a scope") as conn:  # a refused row is rolled back
            self.create_in(conn)

    def writable(self) -> bool:
        """True when this user may write the scope (an uncreated one: would be allowed)."""
        s = self.scope
        if s.owner == self.user:
            return True
        with self._conn("check access") as conn:
            if s.kind == "project":
                row = conn.execute(
                    "SELECT 1 FROM memdir_grants WHERE user_name = %s AND project = %s",
                    (self.user, s.project),
                ).fetchone()
            else:
                row = conn.execute(
                    "SELECT 1 FROM memdir_users WHERE name = %s AND admin", (self.user,)
                ).fetchone()
        return row is not None

    @contextmanager
    def lock(self, timeout: float, *, archive: Iterable[str] = ()) -> Iterator[None]:
        """The scope's advisory lock, in a transaction that commits when the block ends.

        Round trips while it is held are what serialises a scope's writers: BEGIN, the
        lock, the scope row, the access check and the listing (with the bytes of the
        files that changed and the index, see :meth:`listing`; with ``archive``, the
        names of those entries' archived copies) go in one; writes, the history row and statements
        :meth:`also` queued are sent with the COMMIT (a refused write raises:
        :data:`MAY_WRITE`), so a write holds the lock for about one round trip."""
        import psycopg

        if getattr(self._held, "conn", None) is not None:  # re-entrant within a thread
            yield
            return
        ask = self.with_first_write
        extra = ask() if ask is not None else None
        if extra is None:
            self.with_first_write = None
        with self.db.read(f"write to the {self.scope.kind} scope") as conn:
            try:
                try:  # the lock's wait bounded by lock_timeout, then reset
                    with conn.pipeline():
                        conn.execute("BEGIN")
                        conn.execute(
                            "SELECT set_config('lock_timeout', %s, true), "
                            "pg_advisory_xact_lock(hashtextextended(%s, 0)), "
                            "set_config('lock_timeout', '0', true)",
                            (f"{int(timeout * 1000)}ms", self.scope.key),
                        )
                        may = self._create(conn)
                        listed = self._list_held(conn)  # what a write reads first
                        prefixes = sorted({f"{ARCHIVE_PREFIX}{i}--" for i in archive})
                        archived = self._list_archive(conn, prefixes) if prefixes else None
                except psycopg.errors.LockNotAvailable:
                    # the scope by name: its location is the server's address
                    where = Path(f"of the {self.scope.kind} scope")
                    raise LockTimeoutError(where, timeout) from None
                except psycopg.errors.ForeignKeyViolation as exc:
                    raise self._no_owner(exc) from None
                if may.fetchone() != (True,):
                    raise self._denied("write")
                self._held.conn, self._held.files = conn, {}
                self._held.queue = [] if extra is None else [extra]
                self._held.listed = listed
                self._held.archived = None if archived is None else (prefixes, archived)
                try:
                    yield
                    self._flush(commit=True)
                    if extra is not None and self.with_first_write is ask:
                        self.with_first_write, done = None, self.first_written
                        if done is not None:
                            done()
                finally:
                    self._held.conn = self._held.queue = self._held.files = None
                    self._held.listed = self._held.archived = None
            except BaseException:
                if not conn.closed and conn.info.transaction_status != 0:  # not IDLE
                    with suppress(psycopg.Error):
                        conn.execute("ROLLBACK")
                raise

    def _flush(self, *, commit: bool = False) -> None:
        """Send the queued writes in one round trip (with ``commit``, and COMMIT); a write
        the access rule refuses raises (:data:`MAY_WRITE`) as :class:`AccessError`."""
        import psycopg

        queue: list[tuple[str, dict[str, Any]]] = self._held.queue
        if not queue and not commit:
            return
        self._held.queue = []
        conn = self._held.conn
        try:
            with conn.pipeline():
                for sql, args in queue:
                    conn.execute(sql, args)
                done = conn.execute("COMMIT") if commit else None
        except psycopg.errors.InsufficientPrivilege:
            raise self._denied("write") from None
        if done is not None and done.statusmessage != "COMMIT":  # an error was caught in it
            from ...pg.db import redact

            raise PostgresError(
                redact(self.db.url),
                "commit the write",
                "the server rolled the transaction back after an error inside it was caught",
                reaching=False,
            )

    def _queue(self, sql: str, args: Any) -> None:
        self._writing()
        self._held.queue.append((sql, args))
        self._held.listed = self._held.archived = None  # listings sent with the lock: stale

    def also(self, sql: str, args: Any) -> None:
        """Run ``sql`` in the lock's transaction, sent with the next read or the COMMIT
        (no round trip of its own): its failure rolls the whole write back."""
        self._queue(sql, args)

    def create_in(self, conn: psycopg.Connection[Any]) -> None:
        """:meth:`create` on ``conn`` (the lock's transaction)."""
        import psycopg

        try:
            with conn.pipeline():  # both statements sent at once, one wait
                may = self._create(conn)
        except psycopg.errors.ForeignKeyViolation as exc:
            raise self._no_owner(exc) from None
        if may.fetchone() != (True,):
            raise self._denied("write")

    def _create(self, conn: psycopg.Connection[Any]) -> psycopg.Cursor[Any]:
        """Queue the scope row's insert and the access check (in a pipeline); the
        check's cursor, read once the pipeline is synced."""
        from ...pg.schema import WRITABLE

        s = self.scope
        conn.execute(
            "INSERT INTO memdir_scopes (key, kind, owner, project) VALUES (%s, %s, %s, %s) "
            "ON CONFLICT (key) DO NOTHING",
            (s.key, s.kind, s.owner, s.project),
        )
        return conn.execute(f"SELECT {WRITABLE}", self._args())

    def listing(self, *, archive: bool = False) -> dict[str, FileInfo]:
        """Active (or archived) entry files with their version as the signature. Under
        the lock, the active listing also brings the index's bytes and those of files
        whose version no listing under the lock brought before (see :meth:`read`)."""
        from ...pg.schema import READABLE

        if archive or getattr(self._held, "conn", None) is None:
            where = "name LIKE 'archive/%%'" if archive else "name NOT LIKE '%%/%%'"
            with self._conn("list a scope") as conn:
                rows = conn.execute(
                    f"SELECT name, version, mtime FROM memdir_files WHERE scope = %(scope)s "
                    f"AND name <> %(index)s AND name <> %(soul)s AND {where} AND {READABLE}",
                    self._args(index=INDEX_NAME, soul=SOUL_NAME),
                ).fetchall()
            return {r[0]: FileInfo((int(r[1]),), float(r[2])) for r in rows}
        listed, self._held.listed = self._held.listed, None
        if listed is None:  # else sent with the lock, and nothing written since
            with self._conn("list a scope") as conn:
                listed = self._list_held(conn)
        rows = listed.fetchall()
        files: dict[str, bytes | None] = self._held.files
        files[INDEX_NAME] = None  # absent unless listed
        out: dict[str, FileInfo] = {}
        for name, version, mtime, data in rows:
            if data is not None:
                files[name] = bytes(data)
            if name != INDEX_NAME:
                out[name] = FileInfo((int(version),), float(mtime))
        self._known = {int(info.signature[0]) for info in out.values()}
        return out

    def _list_held(self, conn: psycopg.Connection[Any]) -> psycopg.Cursor[Any]:
        """:meth:`listing`'s query under the lock (in a pipeline: queued)."""
        from ...pg.schema import READABLE

        return conn.execute(
            f"SELECT name, version, mtime, CASE WHEN name = %(index)s "
            f"OR NOT version = ANY(%(known)s) THEN data END FROM memdir_files "
            f"WHERE scope = %(scope)s AND name <> %(soul)s AND name NOT LIKE '%%/%%' "
            f"AND {READABLE}",
            self._args(index=INDEX_NAME, soul=SOUL_NAME, known=sorted(self._known)),
        )

    def _list_archive(
        self, conn: psycopg.Connection[Any], prefixes: list[str]
    ) -> psycopg.Cursor[Any]:
        """The archived files' names that start with one of ``prefixes`` (``archive/…``;
        in a pipeline: queued)."""
        from ...pg.schema import READABLE

        return conn.execute(
            f"SELECT name FROM memdir_files WHERE scope = %(scope)s "
            f"AND name ^@ ANY(%(prefixes)s::text[]) AND {READABLE}",
            self._args(prefixes=prefixes),
        )

    def skill_names(self) -> list[str]:
        """Every ``skills/<name>/SKILL.md`` row this user may read."""
        from ...pg.schema import READABLE

        with self._conn("list the skills") as conn:
            rows = conn.execute(
                f"SELECT name FROM memdir_files WHERE scope = %(scope)s "
                f"AND name LIKE 'skills/%%/SKILL.md' AND {READABLE} ORDER BY name",
                self._args(),
            ).fetchall()
        return [str(r[0]) for r in rows]

    def archive_names(self, prefix: str = "") -> set[str]:
        """Names of the archived entry files whose id starts with ``prefix`` (under the
        lock, those of the entries it was taken for come with it)."""
        want = f"{ARCHIVE_PREFIX}{prefix}"
        sent = getattr(self._held, "archived", None)
        if sent is not None and any(want.startswith(p) for p in sent[0]):
            prefixes, cursor = sent
            if not isinstance(cursor, set):  # the lock's pipeline: read its rows once
                cursor = {str(r[0]) for r in cursor.fetchall()}
                self._held.archived = (prefixes, cursor)
            return {n for n in cursor if n.startswith(want)}
        with self._conn("list the archive") as conn:
            return {str(r[0]) for r in self._list_archive(conn, [want]).fetchall()}

    def leftovers(self) -> list[str]:
        """None: a write is one transaction, it leaves no temp files."""
        return []

    def remove_leftover(self, name: str) -> None:
        """Nothing to remove (see :meth:`leftovers`)."""
        raise ValueError(f"not a temp file: {name!r}")

    def read_index(self) -> bytes | None:
        """The index bytes, or None."""
        files = getattr(self._held, "files", None)
        if files is not None and INDEX_NAME in files:  # as listed or written under the lock
            return files[INDEX_NAME]  # type: ignore[no-any-return]
        try:
            return self.read(INDEX_NAME)
        except FileNotFoundError:
            return None

    def read(self, name: str) -> bytes:
        """One file's bytes; FileNotFoundError when absent or not readable by this user."""
        from ...pg.schema import READABLE

        if not _is_entry_name(name):
            raise ValueError(f"not a scope file name: {name!r}")
        files = getattr(self._held, "files", None)
        if files is not None and name in files:  # listed or written under the lock: no
            data = files[name]  # other writer can have changed it since
            if data is None:
                raise FileNotFoundError(errno.ENOENT, "no such entry", name)
            return data  # type: ignore[no-any-return]
        with self._conn("read an entry") as conn:
            row = conn.execute(
                f"SELECT data FROM memdir_files WHERE scope = %(scope)s AND name = %(name)s "
                f"AND {READABLE}",
                self._args(name=name),
            ).fetchone()
        if row is None:
            raise FileNotFoundError(errno.ENOENT, "no such entry", name)
        return bytes(row[0])

    def read_each(self, others: Iterable[PgBackend], name: str) -> dict[str, bytes]:
        """:meth:`read` of ``name`` in this scope and ``others`` (this user's, this
        database's) in one query: the bytes by scope key, of the scopes that have the
        file and that this user may read."""
        from ...pg.schema import READABLE_KEYS

        if not _is_entry_name(name):
            raise ValueError(f"not a scope file name: {name!r}")
        keys = [self.scope.key, *(b.scope.key for b in others)]
        with self._conn("read a file of each scope") as conn:
            rows = conn.execute(
                f"SELECT scope, data FROM memdir_files WHERE name = %(name)s "
                f"AND scope IN ({READABLE_KEYS})",
                {"keys": keys, "user": self.user, "name": name},
            ).fetchall()
        return {str(r[0]): bytes(r[1]) for r in rows}

    def connection(self) -> psycopg.Connection[Any]:
        """The lock's connection, in its open transaction (only under :meth:`lock`), with
        the queued writes sent."""
        conn = self._writing()
        self._flush()
        return conn

    def _writing(self) -> psycopg.Connection[Any]:
        conn = getattr(self._held, "conn", None)
        if conn is None:
            raise RuntimeError("PgBackend writes only under lock()")
        return conn  # type: ignore[no-any-return]

    def write(self, name: str, data: bytes, *, sync: bool = True) -> None:
        """Insert or replace one file in the lock's transaction (queued: sent with the
        next read or at the lock's end)."""
        from ...pg.schema import MAY_WRITE

        if not _is_entry_name(name):
            raise ValueError(f"not a scope file name: {name!r}")
        now = time.time()
        self._queue(
            f"INSERT INTO memdir_files (scope, name, data, version, mtime) "
            f"SELECT %(scope)s, %(name)s, %(data)s, nextval('memdir_file_version'), %(now)s "
            f"WHERE {MAY_WRITE} ON CONFLICT (scope, name) DO UPDATE SET data = EXCLUDED.data, "
            f"version = EXCLUDED.version, mtime = EXCLUDED.mtime",
            self._args(name=name, data=data, now=now),
        )
        self._held.files[name] = data

    def write_all(
        self, files: Sequence[tuple[str, bytes]], *, sync: bool = True
    ) -> dict[str, FileInfo]:
        """:meth:`write` for each file, in order (one transaction holds them all); no
        listing info is told (the version is the commit's)."""
        for name, data in files:
            self.write(name, data)
        return {}

    def sync(self, names: Iterable[str]) -> None:
        """Nothing to do: the transaction's commit makes a write durable."""

    def delete(self, name: str, *, sync: bool = True) -> None:
        """Remove one file in the lock's transaction (a missing file is not an error;
        queued as :meth:`write`)."""
        from ...pg.schema import MAY_WRITE

        if not _is_entry_name(name):
            raise ValueError(f"not a scope file name: {name!r}")
        self._queue(
            f"DELETE FROM memdir_files WHERE scope = %(scope)s AND name = %(name)s AND {MAY_WRITE}",
            self._args(name=name),
        )
        self._held.files[name] = None


#: The last line of every commit message :meth:`PgHistory.record` writes: the team user.
AUTHOR_TRAILER = "author: "


def commit_author(message: str) -> str:
    """The team user who made a commit (:data:`AUTHOR_TRAILER`, its message's last line);
    "" for a commit recorded before it was written there."""
    last = message.rstrip("\n").rpartition("\n")[2]
    return last[len(AUTHOR_TRAILER) :].strip() if last.startswith(AUTHOR_TRAILER) else ""


class PgHistory:
    """A scope's versions: one commit row per write with the bytes of every file it
    touched (NULL: deleted). Append-only (a trigger refuses UPDATE and DELETE)."""

    def __init__(self, backend: PgBackend) -> None:
        self.backend = backend

    def __repr__(self) -> str:
        return f"PgHistory({self.backend.scope.key!r})"

    def _read(self, action: str) -> Any:
        return self.backend._conn(action)

    def _args(self, **more: Any) -> dict[str, Any]:
        return self.backend._args(**more)

    def exists(self) -> bool:
        """True when the scope has a commit."""
        return self.head() is not None

    def absorb(self, message: str = "hand edit", *, rewritten: Iterable[str] = ()) -> str | None:
        """Nothing to absorb: no one edits rows behind memdir's back."""
        return None

    def record(self, names: Iterable[str], message: str, *, sync: Iterable[str] = ()) -> str | None:
        """Commit the files just written or deleted (in the lock's transaction, queued
        with them); the first commit of a scope holds every file it has. ``sync`` is
        nothing to do here: the transaction makes the files durable."""
        backend = self.backend
        backend._writing()
        key = backend.scope.key
        now = time.time()
        # who: the user this process writes as (the team server's: the token's), the last
        # line, which only this method writes (commit_author reads it back)
        message = message.rstrip("\n") + f"\n{AUTHOR_TRAILER}{backend.user}\n"
        rev = hashlib.sha1(  # unique: the sequence orders commits, not the id
            f"{key}\0{secrets.token_hex(16)}\0{now!r}\0{message}".encode(),
            usedforsecurity=False,
        ).hexdigest()
        # The files need no access rule (the writer may write, so read, the scope); the
        # commit does: a right taken away mid-write must not leave a commit behind.
        from ...pg.schema import MAY_WRITE

        backend._queue(
            "WITH p AS (SELECT CASE WHEN EXISTS (SELECT 1 FROM memdir_commits "
            "WHERE scope = %(scope)s) THEN %(names)s::text[] ELSE ARRAY(SELECT n FROM "
            "unnest(%(names)s::text[]) AS n UNION SELECT name FROM memdir_files "
            "WHERE scope = %(scope)s ORDER BY 1) END AS paths), "
            "c AS (INSERT INTO memdir_commits (scope, rev, message, time, paths) "
            f"SELECT %(scope)s, %(rev)s, %(message)s, %(now)s, p.paths FROM p WHERE {MAY_WRITE} "
            "RETURNING seq, paths) "
            "INSERT INTO memdir_versions (seq, scope, name, data) "
            "SELECT c.seq, %(scope)s, n, f.data FROM c, unnest(c.paths) AS n "
            "LEFT JOIN memdir_files f ON f.scope = %(scope)s AND f.name = n",
            backend._args(rev=rev, message=message, now=now, names=sorted(set(names))),
        )
        return rev

    def log(
        self, match: Callable[[str], bool] | None = None, *, limit: int | None = None
    ) -> list[Commit]:
        """Commits newest first; with ``match``, those that changed a file it accepts."""
        from ...pg.schema import READABLE

        with self._read("read the history") as conn:
            cur = conn.execute(
                f"SELECT rev, message, time, paths FROM memdir_commits "
                f"WHERE scope = %(scope)s AND {READABLE} ORDER BY seq DESC",
                self._args(),
            )
            out: list[Commit] = []
            for rev, message, when, paths in cur:
                if match is not None and not any(match(p) for p in paths):
                    continue
                out.append(Commit(rev, message, float(when), tuple(paths), commit_author(message)))
                if limit is not None and len(out) >= limit:
                    break
        return out

    def _seq(self, rev: str) -> int:
        from ...pg.schema import READABLE

        with self._read("read the history") as conn:
            row = conn.execute(
                f"SELECT seq FROM memdir_commits WHERE scope = %(scope)s AND rev = %(rev)s "
                f"AND {READABLE}",
                self._args(rev=rev),
            ).fetchone()
        if row is None:
            raise HistoryError(f"no revision {rev!r} in the {self.backend.scope.kind} scope")
        return int(row[0])

    def resolve(self, rev: str) -> str | None:
        """The full id ``rev`` (hex prefix of 4+, ``HEAD`` or ``HEAD~N``) names, or None."""
        from ...pg.schema import READABLE

        if rev == "HEAD" or rev.startswith("HEAD~"):
            steps = rev[5:] if rev != "HEAD" else "0"
            if not steps.isdigit() or len(steps) > 9:
                return None
            with self._read("read the history") as conn:
                row = conn.execute(
                    f"SELECT rev FROM memdir_commits WHERE scope = %(scope)s AND {READABLE} "
                    f"ORDER BY seq DESC OFFSET %(n)s LIMIT 1",
                    self._args(n=int(steps)),
                ).fetchone()
            return None if row is None else str(row[0])
        if not 4 <= len(rev) <= 40 or any(ch not in "0123456789abcdef" for ch in rev.lower()):
            return None
        with self._read("read the history") as conn:
            rows = conn.execute(
                f"SELECT rev FROM memdir_commits WHERE scope = %(scope)s AND {READABLE} "
                f"AND rev LIKE %(prefix)s LIMIT 2",
                self._args(prefix=rev.lower() + "%"),
            ).fetchall()
        if len(rows) > 1:
            raise HistoryError(f"revision {rev!r} is ambiguous; give more hex digits")
        return str(rows[0][0]) if rows else None

    def _files_at(self, seq: int) -> dict[str, bytes]:
        from ...pg.schema import READABLE

        with self._read("read the history") as conn:
            rows = conn.execute(
                f"SELECT DISTINCT ON (name) name, data FROM memdir_versions "
                f"WHERE scope = %(scope)s AND seq <= %(seq)s AND {READABLE} "
                f"ORDER BY name, seq DESC",
                self._args(seq=seq),
            ).fetchall()
        return {r[0]: bytes(r[1]) for r in rows if r[1] is not None}

    def files(self, rev: str) -> dict[str, bytes]:
        """Every file of the scope at ``rev`` and its bytes."""
        return self._files_at(self._seq(rev))

    def change(self, rev: str) -> dict[str, tuple[bytes | None, bytes | None]]:
        """What ``rev`` changed: ``{path: (before, after)}``, None where absent."""
        seq = self._seq(rev)
        before, after = self._files_at(seq - 1), self._files_at(seq)
        return file_changes(before, after)

    def head(self) -> str | None:
        """The newest commit id, or None."""
        return self.resolve("HEAD")

    def worktree_changes(self) -> dict[str, tuple[bytes | None, bytes | None]]:
        """None: every write is committed with its history."""
        return {}
