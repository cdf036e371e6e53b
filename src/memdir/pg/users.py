"""Users, their tokens and project grants on the team server. A token is shown once; only
its scrypt hash is stored, and every request looks it up (a revoked token is refused by
every process at once). See docs/design/team-server.md."""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import sys
import threading
import time
from collections.abc import Sequence
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from ..core import forks
from ..core.errors import AccessError, MemdirError, PostgresError, ValidationError
from ..core.storage.base import INDEX_NAME, SOUL_NAME
from ..core.storage.postgres import AUTHOR_TRAILER
from .db import PgDatabase
from .names import SERVER_USER, project_key, token_id, user_name
from .schema import MEMORY

# scrypt parameters (RFC 7914's interactive set): ~50 ms and 16 MiB per check.
SCRYPT_N, SCRYPT_R, SCRYPT_P = 1 << 14, 8, 1


#: A token's label: what the admin calls the machine or job holding it.
LABEL_MAX = 40
#: How often (seconds) a process notes that a token was used: `users ls`'s "last used".
USED_EVERY = 300.0
#: The public part of a token, ``mdt_<16 hex>``, alone or leading a whole token.
_TOKEN_REF = re.compile(r"(?:mdt_)?([0-9a-fA-F]{16})(?:_.*)?", re.S)


@dataclass(frozen=True)
class Token:
    """One live token, by its public id (``mdt_<16 hex>``, the start of the token;
    never the secret)."""

    id: str
    label: str
    created: float
    last_used: float | None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready fields."""
        return {
            "id": self.id,
            "label": self.label,
            "created": self.created,
            "last_used": self.last_used,
        }


@dataclass(frozen=True)
class User:
    """A user of the team server, their projects and live tokens."""

    name: str
    admin: bool
    projects: tuple[str, ...]
    tokens: int
    live: tuple[Token, ...] = ()


def _hash(secret: str, salt: bytes) -> bytes:
    return hashlib.scrypt(
        secret.encode(), salt=salt, n=SCRYPT_N, r=SCRYPT_R, p=SCRYPT_P, maxmem=64 << 20, dklen=32
    )


# Tokens whose hash this process already checked, by a digest of the whole token. Only
# the (immutable) hash check is remembered; revocation is read from the database on
# every request, so nothing here can go stale.
_VERIFIED: dict[bytes, str] = {}
# When this process last noted each token id as used (at most every USED_EVERY seconds).
_NOTED: dict[str, float] = {}
_VERIFIED_LOCK = threading.Lock()
_VERIFIED_MAX = 4096


forks.renew(sys.modules[__name__], "_VERIFIED_LOCK")


def is_admin(db: PgDatabase, name: str) -> bool:
    """True when ``name`` is an admin."""
    db.ensure(MEMORY)
    with db.read("look up a user") as conn:
        row = conn.execute("SELECT admin FROM memdir_users WHERE name = %s", (name,)).fetchone()
    return bool(row and row[0])


def exists(db: PgDatabase, name: str) -> bool:
    """True when user ``name`` was added (``users add``), revoked tokens or not."""
    db.ensure(MEMORY)
    with db.read("look up a user") as conn:
        row = conn.execute("SELECT 1 FROM memdir_users WHERE name = %s", (name,)).fetchone()
    return row is not None


def is_granted(db: PgDatabase, name: str, project: str) -> bool:
    """True when ``name`` was granted the project scope of ``project`` (normalised)."""
    db.ensure(MEMORY)
    with db.read("look up a grant") as conn:
        row = conn.execute(
            "SELECT 1 FROM memdir_grants WHERE user_name = %s AND project = %s", (name, project)
        ).fetchone()
    return row is not None


def public_id(tid: str) -> str:
    """A token's public id, ``mdt_<16 hex>``: the start of the token, not its secret."""
    return f"mdt_{tid}"


def token_ref(text: str) -> str:
    """The token id (16 hex digits) ``text`` names: ``mdt_<id>`` as `users ls` prints
    it, the bare id, or a whole token; else a clear :class:`MemdirError`."""
    m = _TOKEN_REF.fullmatch(text.strip())
    if m is None:
        shown = "_".join(text.strip().split("_")[:2])[:40]  # a mistyped token: not its secret
        raise MemdirError(
            f"{shown!r} is not a token id; they look like mdt_<16 hex digits> "
            f"(`memdir serve users ls` lists each user's)"
        )
    return m.group(1).lower()


def label_of(text: str) -> str:
    """A token label, checked: up to :data:`LABEL_MAX` printable characters."""
    label = text.strip()
    if len(label) > LABEL_MAX or not label.isprintable():
        raise MemdirError(
            f"a token label is up to {LABEL_MAX} printable characters (no tabs or "
            f"newlines), like 'alice-laptop' or 'ci runner 2'"
        )
    return label


def add(db: PgDatabase, name: str, *, admin: bool = False, label: str = "") -> str:
    """Create user ``name`` (or give an existing one another token); the new token,
    which is never stored and cannot be shown again. ``label``: what `users ls` calls
    it (the machine or job holding it)."""
    name, label = user_name(name), label_of(label)
    if name == SERVER_USER:
        raise ValidationError(
            f"{SERVER_USER} is the name the team server opens its own memdir as: choose "
            f"another user name",
            field="user",
        )
    db.ensure(MEMORY)
    tid, secret = secrets.token_hex(8), secrets.token_urlsafe(32)
    salt = secrets.token_bytes(16)
    digest = _hash(secret, salt)
    now = time.time()
    with db.transaction("add a user") as conn:
        left = conn.execute(  # made before step 0007 by a write racing a removal
            "SELECT key FROM memdir_scopes s WHERE owner = %s AND NOT EXISTS "
            "(SELECT 1 FROM memdir_users u WHERE u.name = s.owner) ORDER BY key LIMIT 1",
            (name,),
        ).fetchone()
        if left is not None:
            raise MemdirError(
                f"memories of an earlier user named {name} are left ({left[0]}), which the "
                f"new one would read; nothing was added. Delete them first: memdir serve "
                f"users rm {name}"
            )
        conn.execute(
            "INSERT INTO memdir_users (name, admin, created) VALUES (%s, %s, %s) "
            "ON CONFLICT (name) DO UPDATE SET admin = memdir_users.admin OR EXCLUDED.admin",
            (name, admin, now),
        )
        conn.execute(
            "INSERT INTO memdir_tokens (id, user_name, salt, hash, created, label) "
            "VALUES (%s, %s, %s, %s, %s, %s)",
            (tid, name, salt, digest, now, label),
        )
    return f"mdt_{tid}_{secret}"


def _known(conn: Any, name: str, hint: str) -> None:
    """Refuse a user name nobody added (``hint``: what to do instead)."""
    if conn.execute("SELECT 1 FROM memdir_users WHERE name = %s", (name,)).fetchone() is None:
        raise MemdirError(f"no user {name!r}; {hint}")


def revoke(db: PgDatabase, name: str) -> int:
    """Revoke every live token of ``name``; how many. Every server refuses them at once."""
    name = user_name(name)
    db.ensure(MEMORY)
    with db.transaction("revoke tokens") as conn:
        _known(conn, name, "`memdir serve users ls` lists them")
        cur = conn.execute(
            "UPDATE memdir_tokens SET revoked = %s WHERE user_name = %s AND revoked IS NULL",
            (time.time(), name),
        )
        return cur.rowcount


def revoke_tokens(db: PgDatabase, name: str, refs: Sequence[str]) -> tuple[list[str], int]:
    """Revoke the tokens of ``name`` that ``refs`` name (:func:`token_ref`), leaving
    their others live: the public ids revoked now (one revoked before is not), and how
    many of theirs stay live. A ref that is no token of theirs revokes nothing at all."""
    name = user_name(name)
    tids = list(dict.fromkeys(token_ref(r) for r in refs))
    db.ensure(MEMORY)
    with db.transaction("revoke tokens") as conn:
        _known(conn, name, "`memdir serve users ls` lists them")
        rows = conn.execute(
            "SELECT id, revoked FROM memdir_tokens WHERE user_name = %s AND id = ANY(%s) "
            "FOR UPDATE",
            (name, tids),
        ).fetchall()
        found = {str(r[0]): r[1] for r in rows}
        missing = [public_id(t) for t in tids if t not in found]
        if missing:
            raise MemdirError(
                f"{name} has no token {', '.join(missing)}; nothing was revoked "
                f"(`memdir serve users ls` lists each user's token ids)"
            )
        live = [t for t in tids if found[t] is None]
        conn.execute(
            "UPDATE memdir_tokens SET revoked = %s WHERE id = ANY(%s) AND revoked IS NULL",
            (time.time(), live),
        )
        left = conn.execute(
            "SELECT count(*) FROM memdir_tokens WHERE user_name = %s AND revoked IS NULL",
            (name,),
        ).fetchone()
    return [public_id(t) for t in live], int(left[0]) if left else 0


def grant(db: PgDatabase, name: str, project: str) -> str:
    """Let ``name`` read and write the project scope of ``project``; its normalised URL."""
    name, url = user_name(name), project_key(project)
    db.ensure(MEMORY)
    with db.transaction("grant a project") as conn:
        _known(conn, name, f"add them first: memdir serve users add {name}")
        conn.execute(
            "INSERT INTO memdir_grants (user_name, project) VALUES (%s, %s) ON CONFLICT DO NOTHING",
            (name, url),
        )
    return url


def ungrant(db: PgDatabase, name: str, project: str) -> tuple[str, bool]:
    """Take the project scope of ``project`` away from ``name`` (the opposite of
    :func:`grant`): its normalised URL, and whether ``name`` had it. Every server refuses
    it from that user's next call; the scope's memories stay for the users still granted."""
    name, url = user_name(name), project_key(project)
    db.ensure(MEMORY)
    with db.transaction("take a project away") as conn:
        _known(conn, name, "`memdir serve users ls` lists them")
        cur = conn.execute(
            "DELETE FROM memdir_grants WHERE user_name = %s AND project = %s", (name, url)
        )
        return url, cur.rowcount > 0


_USERS = (
    "SELECT u.name, u.admin, "
    "coalesce((SELECT array_agg(project ORDER BY project) FROM memdir_grants g "
    "WHERE g.user_name = u.name), '{}'), "
    "(SELECT count(*) FROM memdir_tokens t WHERE t.user_name = u.name "
    "AND t.revoked IS NULL) FROM memdir_users u"
)


def listing(db: PgDatabase) -> list[User]:
    """Every user with their granted projects and live tokens."""
    db.ensure(MEMORY)
    with db.transaction("list users") as conn:
        rows = conn.execute(
            "SELECT u.name, u.admin, "
            "coalesce((SELECT array_agg(project ORDER BY project) FROM memdir_grants g "
            "WHERE g.user_name = u.name), '{}') FROM memdir_users u ORDER BY u.name"
        ).fetchall()
        tokens = conn.execute(
            "SELECT user_name, id, label, created, last_used FROM memdir_tokens "
            "WHERE revoked IS NULL ORDER BY created, id"
        ).fetchall()
    live: dict[str, list[Token]] = {}
    for who, tid, label, created, used in tokens:
        live.setdefault(who, []).append(Token(public_id(tid), label, created, used))
    return [
        User(r[0], bool(r[1]), tuple(r[2]), len(live.get(r[0], ())), tuple(live.get(r[0], ())))
        for r in rows
    ]


def find(db: PgDatabase, name: str) -> User | None:
    """User ``name`` (its projects and live token count), or None when nobody added it."""
    db.ensure(MEMORY)
    with db.read("look up a user") as conn:
        r = conn.execute(_USERS + " WHERE u.name = %s", (name,)).fetchone()
    return None if r is None else User(r[0], bool(r[1]), tuple(r[2]), int(r[3]))


def set_admin(db: PgDatabase, name: str, admin: bool) -> None:
    """Make ``name`` an admin (or not); every server applies it from the next request.
    The team's last admin keeps the role (the org scope would have no writer)."""
    name = user_name(name)
    db.ensure(MEMORY)
    with db.transaction("change a user's role") as conn:
        if not admin:  # two at once: the admins' rows locked, the second sees the first
            _not_last_admin(conn, name, " FOR UPDATE", "lose the role")
        cur = conn.execute("UPDATE memdir_users SET admin = %s WHERE name = %s", (admin, name))
        if cur.rowcount == 0:
            raise MemdirError(f"no user {name!r}; `memdir serve users ls` lists them")


def live_token(db: PgDatabase, tid: str) -> tuple[str, bytes, bytes, bool] | None:
    """``(user, salt, hash, admin)`` of the token whose id is ``tid``, or None when it is
    unknown or revoked; read from the database on every call (so is the user's role)."""
    db.ensure(MEMORY)
    with db.read("check a token") as conn:
        row = conn.execute(
            "SELECT t.user_name, t.salt, t.hash, u.admin FROM memdir_tokens t "
            "JOIN memdir_users u ON u.name = t.user_name WHERE t.id = %s AND t.revoked IS NULL",
            (tid,),
        ).fetchone()
    return None if row is None else (str(row[0]), bytes(row[1]), bytes(row[2]), bool(row[3]))


def live_ids(db: PgDatabase, tids: Sequence[str]) -> set[str]:
    """Those of the token ids ``tids`` that are live (not revoked, not unknown)."""
    db.ensure(MEMORY)
    with db.read("check tokens") as conn:
        rows = conn.execute(
            "SELECT id FROM memdir_tokens WHERE id = ANY(%s) AND revoked IS NULL", (list(tids),)
        ).fetchall()
    return {str(row[0]) for row in rows}


REVOKED = "unknown or revoked token; ask an admin for a new one"


def checked(token: str) -> str | None:
    """The user whose token this is, when this process has already checked its hash
    (no I/O); None otherwise. Says nothing about whether the token is still live: only
    :func:`authenticate` reads that."""
    key = hashlib.sha256(token.encode()).digest()
    with _VERIFIED_LOCK:
        return _VERIFIED.get(key)


def forget(token: str) -> None:
    """Drop a token from :func:`checked`'s memory (it was refused)."""
    key = hashlib.sha256(token.encode()).digest()
    with _VERIFIED_LOCK:
        _VERIFIED.pop(key, None)


def authenticate(db: PgDatabase, token: str) -> str:
    """The user a live token belongs to, else :class:`AccessError`. Looked up in the
    database on every call (revocation holds at once everywhere)."""
    try:
        tid, secret = token_id(token)
    except MemdirError:
        raise AccessError("not a memdir token; ask an admin for one") from None
    row = live_token(db, tid)
    if row is None:
        forget(token)
        raise AccessError(REVOKED)
    name, salt, digest, _ = row
    if checked(token) != name:
        if not hmac.compare_digest(_hash(secret, salt), digest):
            raise AccessError(REVOKED)
        key = hashlib.sha256(token.encode()).digest()
        with _VERIFIED_LOCK:
            if len(_VERIFIED) >= _VERIFIED_MAX:
                _VERIFIED.clear()
            _VERIFIED[key] = name
    _note_used(db, tid)
    return name


def _note_used(db: PgDatabase, tid: str) -> None:
    """Note that token ``tid`` was used (`users ls`'s "last used"): one write per token
    and process every :data:`USED_EVERY` seconds, so a request rarely pays for it. Only
    a hint: a failed write does not refuse the token."""
    now = time.time()
    with _VERIFIED_LOCK:
        if now - _NOTED.get(tid, 0.0) < USED_EVERY:
            return
        if len(_NOTED) >= _VERIFIED_MAX:
            _NOTED.clear()
        _NOTED[tid] = now
    with suppress(PostgresError), db.transaction("note a token's use") as conn:
        conn.execute(
            "UPDATE memdir_tokens SET last_used = %s WHERE id = %s "
            "AND (last_used IS NULL OR last_used < %s)",
            (now, tid, now),
        )


@dataclass(frozen=True)
class Leaving:
    """What `users rm` deletes of a person (or deleted), and what it keeps."""

    name: str
    admin: bool
    tokens: int  # live
    projects: tuple[str, ...]  # granted
    scopes: dict[str, tuple[int, int]] = field(default_factory=dict)  # key: active, archived
    sessions: int = 0
    messages: int = 0
    kept: int = 0  # their commits to project and org scopes, which stay
    head: int = 0  # the last commit to their user and local scopes (0: none)

    @property
    def entries(self) -> int:
        """Active entries of their user and local scopes."""
        return sum(a for a, _ in self.scopes.values())

    @property
    def archived(self) -> int:
        """Archived entries of their user and local scopes."""
        return sum(b for _, b in self.scopes.values())

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready fields."""
        return {
            "name": self.name,
            "admin": self.admin,
            "tokens": self.tokens,
            "projects": list(self.projects),
            "scopes": {k: {"active": a, "archived": b} for k, (a, b) in self.scopes.items()},
            "entries": self.entries,
            "archived": self.archived,
            "sessions": self.sessions,
            "messages": self.messages,
            "kept_commits": self.kept,
        }


def _own_scopes(conn: Any, name: str) -> list[str]:
    """Keys of ``name``'s user and local scopes (the check ties owner to key)."""
    rows = conn.execute(
        "SELECT key FROM memdir_scopes WHERE owner = %s AND kind IN ('user', 'local') ORDER BY key",
        (name,),
    ).fetchall()
    return [str(r[0]) for r in rows]


def _state_schema(conn: Any, name: str) -> str | None:
    """The schema holding ``name``'s sessions and jobs, when it was made."""
    from .sessions import schema_name

    row = conn.execute("SELECT current_schema()").fetchone()
    if row is None or row[0] is None:
        return None
    schema = schema_name(str(row[0]), name)
    made = conn.execute("SELECT 1 FROM pg_namespace WHERE nspname = %s", (schema,)).fetchone()
    return schema if made else None


def _count(conn: Any, schema: str, table: str) -> int:
    if conn.execute("SELECT to_regclass(%s)", (f'"{schema}".{table}',)).fetchone()[0] is None:
        return 0
    return int(conn.execute(f'SELECT count(*) FROM "{schema}".{table}').fetchone()[0])


def _leaving(conn: Any, name: str) -> Leaving:
    """:class:`Leaving` read on ``conn``; a name with neither a user row nor data is
    an error."""
    user = conn.execute("SELECT admin FROM memdir_users WHERE name = %s", (name,)).fetchone()
    keys = _own_scopes(conn, name)
    schema = _state_schema(conn, name)
    if user is None and not keys and schema is None:
        raise MemdirError(f"no user {name!r}; `memdir serve users ls` lists them")
    tokens = conn.execute(
        "SELECT count(*) FROM memdir_tokens WHERE user_name = %s AND revoked IS NULL", (name,)
    ).fetchone()
    projects = conn.execute(
        "SELECT project FROM memdir_grants WHERE user_name = %s ORDER BY project", (name,)
    ).fetchall()
    counted = conn.execute(
        "SELECT scope, count(*) FILTER (WHERE name NOT LIKE '%%/%%' AND name LIKE '%%.md' "
        "AND name <> %s AND name <> %s), count(*) FILTER (WHERE name LIKE 'archive/%%') "
        "FROM memdir_files WHERE scope = ANY(%s) GROUP BY scope",
        (INDEX_NAME, SOUL_NAME, keys),
    ).fetchall()
    scopes = {k: (0, 0) for k in keys} | {str(r[0]): (int(r[1]), int(r[2])) for r in counted}
    head = conn.execute(
        "SELECT coalesce(max(seq), 0) FROM memdir_commits WHERE scope = ANY(%s)", (keys,)
    ).fetchone()
    trailer = f"\n{AUTHOR_TRAILER}{name}\n"
    kept = conn.execute(
        "SELECT count(*) FROM memdir_commits c JOIN memdir_scopes s ON s.key = c.scope "
        "WHERE s.kind IN ('project', 'org') AND right(c.message, %s) = %s",
        (len(trailer), trailer),
    ).fetchone()
    return Leaving(
        name,
        bool(user and user[0]),
        int(tokens[0]) if tokens else 0,
        tuple(str(p[0]) for p in projects),
        scopes,
        _count(conn, schema, "sessions") if schema else 0,
        _count(conn, schema, "messages") if schema else 0,
        int(kept[0]) if kept else 0,
        int(head[0]) if head else 0,
    )


def _not_last_admin(conn: Any, name: str, lock: str = "", what: str = "be removed") -> None:
    admins = conn.execute(f"SELECT name FROM memdir_users WHERE admin ORDER BY name{lock}")
    if [r[0] for r in admins.fetchall()] == [name]:
        raise MemdirError(
            f"{name} is the team's last admin (only admins write the org scope), so they "
            f"cannot {what}; make another one first: memdir serve users admin NAME"
        )


def leaving(db: PgDatabase, name: str) -> Leaving:
    """What :func:`remove` would delete of ``name`` now (nothing is changed); the
    team's last admin is refused here already."""
    name = user_name(name)
    db.ensure(MEMORY)
    with db.transaction("count a user's memories") as conn:
        _not_last_admin(conn, name)
        return _leaving(conn, name)


def remove(
    db: PgDatabase, name: str, *, lock_timeout: float = 30.0, expect: Leaving | None = None
) -> Leaving:
    """Remove user ``name`` for good, in one transaction: their tokens (every server
    refuses them from the next request), grants, user and local scopes with their
    history, and their sessions, jobs and usage. What they wrote in project and org
    scopes stays, their name on its history. The team's last admin is refused.
    ``expect``: what :func:`leaving` said (and an export wrote); when their memories
    changed since, nothing is removed (a MemdirError)."""
    name = user_name(name)
    db.ensure(MEMORY)
    with db.transaction("remove a user") as conn:
        conn.execute(
            "SELECT set_config('lock_timeout', %s, true), "
            "set_config('memdir.removing_user', %s, true)",
            (f"{int(lock_timeout * 1000)}ms", name),
        )
        _not_last_admin(conn, name, " FOR UPDATE")  # two removals at once: one is refused
        # A scope of theirs being made now waits for this (step 0007), then fails; one
        # made just before is committed first, so it is counted and deleted below.
        conn.execute("SELECT 1 FROM memdir_users WHERE name = %s FOR UPDATE", (name,))
        keys = list(_leaving(conn, name).scopes)
        for key in keys:  # a write in flight to one of them ends first
            conn.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", (key,))
        gone = _leaving(conn, name)  # as it is now that those writes ended
        if expect is not None and (gone.head, list(gone.scopes)) != (
            expect.head,
            list(expect.scopes),
        ):
            raise MemdirError(
                f"{name}'s memories changed since they were counted (a token of theirs "
                f"is still live), so nothing was removed; run it again (`users revoke "
                f"{name}` first stops their writes)"
            )
        keys = list(gone.scopes)
        for table, column in (
            ("memdir_versions", "scope"),
            ("memdir_commits", "scope"),
            ("memdir_files", "scope"),
            ("memdir_scopes", "key"),
        ):
            conn.execute(f"DELETE FROM {table} WHERE {column} = ANY(%s)", (keys,))
        for table in ("memdir_grants", "memdir_tokens"):
            conn.execute(f"DELETE FROM {table} WHERE user_name = %s", (name,))
        conn.execute("DELETE FROM memdir_users WHERE name = %s", (name,))
        schema = _state_schema(conn, name)
        if schema is not None:
            conn.execute(f'DROP SCHEMA "{schema}" CASCADE')
        conn.execute("DELETE FROM pg_migrations WHERE component = %s", (f"state/{name}",))
    return gone


def export(db: PgDatabase, name: str, folder: Path) -> int:
    """Write ``name``'s user and local scopes' files (entries, archive, index) into
    ``folder`` (new or empty) as a memdir home lays them out: ``user/``,
    ``projects/<project>/``. How many files; nothing is deleted."""
    name = user_name(name)
    try:  # a name too long, a folder not readable: said, not a traceback
        crowded = folder.exists() and (not folder.is_dir() or any(folder.iterdir()))
    except OSError as exc:
        raise MemdirError(f"cannot export into {folder}: {exc.strerror or exc}") from None
    if crowded:
        raise MemdirError(f"{folder} is not an empty folder; name a new one to export into")
    db.ensure(MEMORY)
    with db.transaction("export a user's memories") as conn:
        keys = _own_scopes(conn, name)
        rows = conn.execute(
            "SELECT scope, name, data FROM memdir_files WHERE scope = ANY(%s) ORDER BY 1, 2",
            (keys,),
        ).fetchall()
    local = f"local:{name}:"
    files: list[tuple[Path, bytes]] = []
    for key, file, data in rows:  # every name checked before anything is written
        where = PurePosixPath("user") if key == f"user:{name}" else None
        slug = key[len(local) :] if key.startswith(local) else ""
        if where is None and slug and "/" not in slug and slug not in (".", ".."):
            where = PurePosixPath("projects", slug)
        rel = PurePosixPath(file)
        if where is None or rel.is_absolute() or any(p in ("", ".", "..") for p in rel.parts):
            raise MemdirError(f"cannot export {key}/{file}: not a safe file name; nothing written")
        files.append((folder.joinpath(*where.parts, *rel.parts), bytes(data)))
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        for target, data in files:
            target.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            target.write_bytes(data)
            target.chmod(0o600)
    except OSError as exc:
        raise MemdirError(f"cannot export into {folder}: {exc.strerror or exc}") from None
    return len(files)
