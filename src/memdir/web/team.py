"""Signing in to the web page of the team server (PostgreSQL, issue 17) with a user's own
token. The cookie names the token's id and is signed with a key made from that token's
stored hash, so every request reads the token's row: a revoked token's cookie stops
working at once on every process, and no key is shared outside the database.
See docs/design/web.md."""

from __future__ import annotations

import dataclasses
import hashlib
from typing import TYPE_CHECKING

from ..pg import users
from ..pg.names import token_id
from .security import Keys, Viewer, cookie_token

if TYPE_CHECKING:
    from ..pg.db import PgDatabase


def _keys(digest: bytes) -> Keys:
    return Keys("team:" + hashlib.sha256(b"memdir-web-team\0" + digest).hexdigest())


class TeamSignIn:
    """Tokens of the team database's users, checked by :mod:`memdir.pg.users`."""

    def __init__(self, db: PgDatabase) -> None:
        self.db = db

    def sign_in(self, token: str) -> tuple[Viewer, Keys]:
        """The viewer a live token signs in and the keys of its cookie;
        :class:`~memdir.core.errors.AccessError` for any other text."""
        user = users.authenticate(self.db, token)
        tid = token_id(token)[0]
        found = users.live_token(self.db, tid)
        if found is None or found[0] != user:  # revoked between the two reads
            from ..core.errors import AccessError

            raise AccessError("unknown or revoked token; ask an admin for a new one")
        return Viewer(user, tid), _keys(found[2])

    def check(self, cookie: str | None) -> tuple[Viewer, Keys] | None:
        """Who ``cookie`` signs in and its keys, while its token is live; else None."""
        tid = cookie_token(cookie)
        if len(tid) != 16 or not all(c in "0123456789abcdef" for c in tid):
            return None
        found = users.live_token(self.db, tid)
        if found is None:
            return None
        keys = _keys(found[2])
        viewer = keys.viewer(cookie)
        if viewer is None or viewer.token != tid or viewer.user != found[0]:
            return None
        return dataclasses.replace(viewer, admin=found[3]), keys

    def projects(self, user: str) -> tuple[str, ...]:
        """The projects ``user`` was granted (normalised URLs)."""
        for known in users.listing(self.db):
            if known.name == user:
                return known.projects
        return ()
