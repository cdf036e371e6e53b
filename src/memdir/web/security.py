"""Sign-in cookies, CSRF tokens, one-time sign-in links, and the headers on every answer.
See docs/design/web.md."""

from __future__ import annotations

import base64
import hashlib
import hmac
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from starlette.types import ASGIApp, Message, Receive, Scope, Send

COOKIE_DAYS = 30
TICKET_SECONDS = 120
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
)
_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"same-origin"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
]


@dataclass(frozen=True)
class Viewer:
    """Who a signed-in browser is. ``user`` is empty on a one-person server (the token's
    owner); on the team server it is the token's user and ``token`` that token's id."""

    user: str = ""
    token: str = ""
    admin: bool | None = None  # the team user's role as this request's token lookup read it


async def read_body(receive: Receive, limit: int) -> tuple[Receive | None, bool, bytes]:
    """The request body read whole (at most ``limit`` bytes, a chunked one too) as a
    ``receive`` that replays it, whether it was larger, and the body; the ``receive`` is
    None when the body is too large or the client left mid-body."""
    chunks: list[bytes] = []
    size, more = 0, True
    while more:
        message = await receive()
        if message["type"] == "http.disconnect":
            return None, False, b""
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            return None, True, b""
        chunks.append(chunk)
        more = message.get("more_body", False)
    body = b"".join(chunks)
    pending: list[Message] = [{"type": "http.request", "body": body}]

    async def replay() -> Message:
        return pending.pop() if pending else await receive()

    return replay, False, body


def _mac(key: bytes, text: str) -> str:
    digest = hmac.new(key, text.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


class Keys:
    """Cookies, CSRF tokens and sign-in tickets for one server token."""

    def __init__(self, token: str) -> None:
        self.token = token
        self._key = hashlib.sha256(b"memdir-web\0" + token.encode()).digest()

    def check_token(self, given: str) -> bool:
        """Whether ``given`` is the server's token (constant time)."""
        return hmac.compare_digest(given.strip().encode(), self.token.encode())

    def cookie(self, viewer: Viewer, now: float | None = None) -> str:
        """A sign-in cookie's value for ``viewer``."""
        issued = int(time.time() if now is None else now)
        body = f"v1.{viewer.token}.{issued}.{viewer.user}"
        return f"{body}.{_mac(self._key, 'cookie:' + body)}"

    def viewer(self, cookie: str | None, now: float | None = None) -> Viewer | None:
        """Who the cookie signs in, or None (missing, forged, expired, malformed)."""
        if not cookie or len(cookie) > 512:
            return None
        body, _, mac = cookie.rpartition(".")
        parts = body.split(".", 3)  # a user name may hold dots: it comes last
        if len(parts) != 4 or parts[0] != "v1" or not parts[2].isdigit():
            return None
        if not hmac.compare_digest(mac, _mac(self._key, "cookie:" + body)):
            return None
        age = (time.time() if now is None else now) - int(parts[2])
        if not 0 <= age <= COOKIE_DAYS * 86400:
            return None
        return Viewer(parts[3], parts[1])

    def csrf(self, cookie: str) -> str:
        """The CSRF token every form of this signed-in browser carries."""
        return _mac(self._key, "csrf:" + cookie)

    def check_csrf(self, cookie: str, given: str) -> bool:
        """Whether ``given`` is this cookie's CSRF token."""
        return hmac.compare_digest(given.encode(), self.csrf(cookie).encode())

    def ticket(self, now: float | None = None) -> str:
        """A sign-in link's ticket, good for :data:`TICKET_SECONDS` (``memdir ui``)."""
        expires = int(time.time() if now is None else now) + TICKET_SECONDS
        return f"{expires}.{_mac(self._key, f'ticket:{expires}')}"

    def check_ticket(self, ticket: str) -> bool:
        """Whether ``ticket`` is one of ours and not expired."""
        expires, _, mac = ticket.partition(".")
        if not expires.isdigit() or len(ticket) > 128:
            return False
        if not hmac.compare_digest(mac, _mac(self._key, f"ticket:{expires}")):
            return False
        left = int(expires) - time.time()
        return 0 <= left <= TICKET_SECONDS


def cookie_token(cookie: str | None) -> str:
    """The token id a team cookie names (not yet checked: it says which key checks it)."""
    parts = (cookie or "").split(".", 2)
    return parts[1] if len(cookie or "") <= 512 and len(parts) == 3 else ""


async def _plain(send: Send, status: int, text: str) -> None:
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"text/plain; charset=utf-8"), *_HEADERS],
        }
    )
    await send({"type": "http.response.body", "body": text.encode()})


def secure_headers(
    app: ASGIApp, *, hosts: frozenset[str] | None, max_body: int = 1 << 20
) -> ASGIApp:
    """``app`` with the security headers on every answer, a 413 for a body over
    ``max_body`` bytes, and (on loopback, ``hosts`` given) a 421 for a Host header that
    names another site: a DNS-rebinding page cannot read this server through its own
    name."""

    async def wrapped(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return
        raw = dict(scope["headers"]).get(b"host", b"").decode("latin-1").lower()
        name = raw.rsplit(":", 1)[0] if not raw.endswith("]") else raw
        if hosts is not None and name.strip("[]") not in hosts:
            await _plain(send, 421, "memdir: unknown Host header; use 127.0.0.1 or localhost.")
            return
        if scope["method"] not in ("GET", "HEAD"):
            bounded, over, _ = await read_body(receive, max_body)
            if bounded is None:
                if over:
                    await _plain(send, 413, f"memdir: request body over {max_body:,} bytes.")
                return
            receive = bounded

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *_HEADERS]}
            await send(message)

        await app(scope, receive, send_with_headers)

    return wrapped
