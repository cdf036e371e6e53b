"""Users, their tokens and project grants on the team server. A token is shown once; only
its scrypt hash is stored, and every request looks it up (a revoked token is refused by
every process at once). See docs/design/team-server.md."""

from __future__ import annotations

import hashlib
import hmac
import secrets
import sys
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..core import forks
from ..core.errors import AccessError, MemdirError
from .db import PgDatabase
from .names import project_key, token_id, user_name
from .schema import MEMORY

# scrypt parameters (RFC 7914's interactive set): ~50 ms and 16 MiB per check.
SCRYPT_N, SCRYPT_R, SCRYPT_P = 1 << 14, 8, 1


@dataclass(frozen=True)
class User:
    """A user of the team server, their projects and live tokens."""

    name: str
    admin: bool
    projects: tuple[str, ...]
    tokens: int


def _hash(secret: str, salt: bytes) -> bytes:
    return hashlib.scrypt(
        secret.encode(), salt=salt, n=SCRYPT_N, r=SCRYPT_R, p=SCRYPT_P, maxmem=64 << 20, dklen=32
    )


# Tokens whose hash this process already checked, by a digest of the whole token. Only
# the (immutable) hash check is remembered; revocation is read from the database on
# every request, so nothing here can go stale.
_VERIFIED: dict[bytes, str] = {}
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


def add(db: PgDatabase, name: str, *, admin: bool = False) -> str:
    """Create user ``name`` (or give an existing one another token); the new token,
    which is never stored and cannot be shown again."""
    name = user_name(name)
    db.ensure(MEMORY)
    tid, secret = secrets.token_hex(8), secrets.token_urlsafe(32)
    salt = secrets.token_bytes(16)
    digest = _hash(secret, salt)
    now = time.time()
    with db.transaction("add a user") as conn:
        conn.execute(
            "INSERT INTO memdir_users (name, admin, created) VALUES (%s, %s, %s) "
            "ON CONFLICT (name) DO UPDATE SET admin = memdir_users.admin OR EXCLUDED.admin",
            (name, admin, now),
        )
        conn.execute(
            "INSERT INTO memdir_tokens (id, user_name, salt, hash, created) "
            "VALUES (%s, %s, %s, %s, %s)",
            (tid, name, salt, digest, now),
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
    """Every user with their granted projects and live token count."""
    db.ensure(MEMORY)
    with db.transaction("list users") as conn:
        rows = conn.execute(_USERS + " ORDER BY u.name").fetchall()
    return [User(r[0], bool(r[1]), tuple(r[2]), int(r[3])) for r in rows]


def find(db: PgDatabase, name: str) -> User | None:
    """User ``name`` (its projects and live token count), or None when nobody added it."""
    db.ensure(MEMORY)
    with db.read("look up a user") as conn:
        r = conn.execute(_USERS + " WHERE u.name = %s", (name,)).fetchone()
    return None if r is None else User(r[0], bool(r[1]), tuple(r[2]), int(r[3]))


def set_admin(db: PgDatabase, name: str, admin: bool) -> None:
    """Make ``name`` an admin (or not); every server applies it from the next request."""
    name = user_name(name)
    db.ensure(MEMORY)
    with db.transaction("change a user's role") as conn:
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
    if checked(token) == name:
        return name
    if not hmac.compare_digest(_hash(secret, salt), digest):
        raise AccessError(REVOKED)
    key = hashlib.sha256(token.encode()).digest()
    with _VERIFIED_LOCK:
        if len(_VERIFIED) >= _VERIFIED_MAX:
            _VERIFIED.clear()
        _VERIFIED[key] = name
    return name
