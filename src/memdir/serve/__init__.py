"""``memdir serve``: the MCP server over streamable HTTP, behind a bearer token.
See docs/design/serve.md."""

from __future__ import annotations

import errno
import hmac
import json
import math
import os
import secrets
import stat
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import anyio

from ..core.errors import MemdirError
from ..core.storage.regular import read_text
from .workspaces import Workspaces

if TYPE_CHECKING:
    import socket

    from starlette.types import ASGIApp, Message, Receive, Scope, Send

    from ..engine import Memdir
    from ..mcp import HttpSessions, TokenCheck
    from ..pg.db import PgDatabase

TOKEN_NAME = "mcp-token"
MAX_BODY = 1 << 20  # bytes; a memory entry's body is at most 64 KiB
LOOPBACK = ("127.0.0.1", "localhost", "::1")
IDLE_TIMEOUT = 30 * 60.0  # seconds; the SDK's default session idle timeout
#: the connections a team user may hold that never made a call (initialized, nothing
#: after): one more is refused until one is used, closed or expires (``IDLE_TIMEOUT``).
#: Without it one token could open the SDK's 10,000 (its max_sessions, shared by every
#: user: then each new connection is refused) in under a minute (bench/README.md "team51")
UNUSED_PER_USER = 64
#: the connections a team user may hold at all (each used one holds a memdir session too,
#: ~65 KiB): one more is refused until one is closed or expires. A person's agents, or a
#: bot's parallel CI jobs, need one each while they run (the SDK's client closes its own)
PER_USER = 256


def load_token(home: Path) -> str:
    """The server's bearer token, created (mode 0600) on first use."""
    path = home / TOKEN_NAME
    try:
        home.mkdir(parents=True, exist_ok=True, mode=0o700)
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        except FileExistsError:
            st = os.lstat(path)
            if not stat.S_ISREG(st.st_mode):
                raise MemdirError(
                    f"{path} is not a regular file; remove it and run "
                    f"`memdir serve --print-token` to make a new token."
                ) from None
            if stat.S_IMODE(st.st_mode) & 0o077:
                os.chmod(path, 0o600)  # readable by others: tighten it before using it
            try:
                token = read_text(path, 4096).strip()
            except ValueError:  # not UTF-8, or far longer than a token
                token = ""
            if len(token) < 32:
                raise MemdirError(
                    f"{path} does not hold a usable token; delete it and run "
                    f"`memdir serve --print-token` to make a new one."
                ) from None
            return token
        token = secrets.token_urlsafe(32)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(token + "\n")
        return token
    except OSError as exc:
        why = "it is a symlink" if exc.errno == errno.ELOOP else exc.strerror
        raise MemdirError(
            f"Cannot use the token file {path}: {why}. Check the folder's permissions."
        ) from exc


async def _reply(
    send: Send, status: int, body: dict[str, Any], headers: tuple[tuple[bytes, bytes], ...] = ()
) -> None:
    data = json.dumps(body).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(data)).encode()),
                *headers,
            ],
        }
    )
    await send({"type": "http.response.body", "body": data})


MCP_PATH = "/mcp"
BAD_TOKEN = (
    "memdir: wrong or missing bearer token. Send the header 'Authorization: Bearer <token>' "
    "with the token `memdir serve --print-token` prints on the server's machine."
)
TOO_MANY_UNUSED = (
    "memdir: {n} connections of yours were initialized and never used; use one, close one "
    "(DELETE), or wait until they expire ({minutes} minutes idle) before opening another"
)
TOO_MANY_HELD = (
    "memdir: {n} connections of yours are open; close one (DELETE) or wait until one "
    "expires ({minutes} minutes idle) before opening another"
)
TEAM_NO_TOKEN = (
    "memdir: missing bearer token. Send the header 'Authorization: Bearer <token>' with "
    "your own token: an admin makes one with `memdir serve users add NAME` (the database "
    "URL in MEMDIR_DATABASE_URL)."
)


class AuthGate:
    """ASGI middleware: bearer token, body size limit, handshake-era routing; and it tells
    ``sessions`` when each connection's requests start and end (see
    :class:`memdir.mcp.HttpSessions`)."""

    def __init__(
        self,
        app: ASGIApp,
        token: str,
        *,
        max_body: int = MAX_BODY,
        sessions: HttpSessions | None = None,
        team: PgDatabase | None = None,
    ) -> None:
        self.app = app
        self.token = token.encode()
        self.max_body = max_body
        self.sessions = sessions
        self.team = team  # tokens are users' (looked up per request), not the one token
        from ..pg.wire import MAX_BODY_HEADER

        self.announce = (MAX_BODY_HEADER.encode(), str(max_body).encode())

    async def _user(self, given: bytes, send: Send) -> str | None:
        """The team user a token belongs to, looked up in the database for this request
        (a revoked token is refused at once); None after answering 403 or 503."""
        from ..core.errors import AccessError, PostgresError
        from ..pg.users import authenticate

        assert self.team is not None
        team = self.team
        try:
            return await anyio.to_thread.run_sync(
                lambda: authenticate(team, given.strip().decode("latin-1"))
            )
        except AccessError as exc:
            message = f"memdir: {exc}. Send the header 'Authorization: Bearer <token>'."
            error = {"code": -32001, "message": message}
            await _reply(send, 403, {"jsonrpc": "2.0", "id": None, "error": error})
        except PostgresError as exc:  # before the token is known good: no database names
            from ..pg.db import unavailable

            error = {"code": -32603, "message": f"memdir: {unavailable(exc)}"}
            await _reply(send, 503, {"jsonrpc": "2.0", "id": None, "error": error})
        return None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope["headers"])
        auth = headers.get(b"authorization", b"")
        scheme, _, given = auth.partition(b" ")
        member: str | None = None  # a team token whose hash this process already checked
        if self.team is not None and scheme.lower() == b"bearer":
            from ..pg.users import checked

            token = given.strip().decode("latin-1")
            member = checked(token)
            if member is None:
                user = await self._user(given, send)
                if user is None:
                    return
                scope.setdefault("state", {})["memdir_user"] = user
        elif scheme.lower() != b"bearer" or not hmac.compare_digest(given.strip(), self.token):
            # 403 with a JSON-RPC error, not 401: MCP clients answer any 401 by starting
            # OAuth discovery (docs/design/serve.md), and memdir has no OAuth to offer.
            message = BAD_TOKEN if self.team is None else TEAM_NO_TOKEN  # no --print-token
            await _reply(
                send,
                403,
                {"jsonrpc": "2.0", "id": None, "error": {"code": -32001, "message": message}},
            )
            return
        # the body limit, on every answer (a 413 included) to a caller whose token passed
        # its live check for this request; not told to a caller without a token, nor to
        # one revoked since this process checked it
        live = _Live(member is None)
        send = _announcing(send, self.announce, live)
        length = headers.get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.max_body):
            if member is not None and not await self._live(scope, given, live, send):
                return
            await _reply(send, 413, {"error": f"request body over {self.max_body:,} bytes"})
            return
        from ..web.security import read_body  # the whole body first (docs/design/serve.md)

        replay, over, body = await read_body(receive, self.max_body)
        if over:  # a revoked token's 403 first: the 413 names the limit
            if member is None or await self._live(scope, given, live, send):
                await _reply(send, 413, {"error": f"request body over {self.max_body:,} bytes"})
            return
        if replay is None:  # the client left mid-body
            return
        receive = replay
        if member is not None and not await self._member(scope, headers, body, member, live, send):
            return
        version = headers.get(b"mcp-protocol-version", b"").decode("latin-1")
        if version and await self._modern(version, body, send):
            return
        sid = headers.get(b"mcp-session-id", b"").decode("latin-1")
        if self.team is not None and self.sessions is not None and _is_mcp(scope):
            user = scope["state"]["memdir_user"]
            if not sid:  # an initialize: the connection it makes is this user's
                await self._initialize(scope, receive, send, user)
                return
            if not await _owned(self.sessions, sid, user, send):
                return
        if not sid or self.sessions is None or not _is_mcp(scope):
            # only the MCP endpoint's answers say anything about a session (a 404 for
            # another path must not end one)
            await self.app(scope, receive, send)
            return
        status = 0

        async def watched(message: Any) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        self.sessions.begin(sid)
        try:
            await self.app(scope, receive, watched)
        finally:  # 404: the SDK does not know the id (ended, expired); DELETE: ended now
            ended = status == 404 or (scope["method"] == "DELETE" and 200 <= status < 300)
            with anyio.CancelScope(shield=True):
                await self.sessions.finish(sid, ended=ended)

    async def _initialize(self, scope: Scope, receive: Receive, send: Send, user: str) -> None:
        """A request without a connection id from team user ``user`` (an initialize): a
        429 when they hold :data:`UNUSED_PER_USER` connections never used, or
        :data:`PER_USER` in all (those of their revoked tokens dropped first), else the
        SDK's answer, the connection it keeps noted as theirs."""
        from ..pg.names import token_id

        sessions = self.sessions
        assert sessions is not None
        auth = dict(scope["headers"]).get(b"authorization", b"").partition(b" ")[2]
        token = token_id(auth.strip().decode("latin-1"))[0]  # its check passed: well-formed
        if await self._refused(sessions, user, token, send):
            return
        sessions.opening(user, 1)  # counted while answered: parallel ones see each other
        counted, noted = True, ""

        async def answering(message: Message) -> None:
            nonlocal counted, noted
            if message["type"] == "http.response.start":
                if counted:
                    counted = False  # from here the connection noted below counts it
                    sessions.opening(user, -1)
                noted = _owned_by(message, sessions, user, token)
            await send(message)

        kept = False
        try:
            await self.app(scope, receive, answering)
            kept = True
        finally:
            if counted:
                sessions.opening(user, -1)
            if noted and not kept:  # the SDK discards a connection whose answer failed
                with anyio.CancelScope(shield=True):
                    await sessions.drop([noted])

    async def _refused(self, sessions: HttpSessions, user: str, token: str, send: Send) -> bool:
        """Whether ``user`` holds :data:`UNUSED_PER_USER` connections never used, or
        :data:`PER_USER` in all, once those made by their revoked tokens are dropped (looked
        up only then); after answering 429 (a limit of one user's, not the server's 503)."""

        def full() -> bool:
            return sessions.unused(user) >= UNUSED_PER_USER or sessions.held(user) >= PER_USER

        if full():
            from ..core.errors import PostgresError
            from ..pg.users import live_ids

            team = self.team
            assert team is not None
            others = sorted(sessions.tokens(user) - {token})
            if others:
                try:
                    live = await anyio.to_thread.run_sync(lambda: live_ids(team, others))
                except PostgresError:
                    live = set(others)  # none known revoked: the limit stands
                await sessions.revoked(user, set(others) - live)
        if not full():
            return False
        minutes = round((sessions.idle_timeout or IDLE_TIMEOUT) / 60)
        unused = sessions.unused(user) >= UNUSED_PER_USER
        if unused:
            refusal = TOO_MANY_UNUSED.format(n=UNUSED_PER_USER, minutes=minutes)
        else:
            refusal = TOO_MANY_HELD.format(n=PER_USER, minutes=minutes)
        wait = max(1, math.ceil(sessions.expiry(user, unused=unused)))
        error = {"code": -32000, "message": refusal}
        body = {"jsonrpc": "2.0", "id": None, "error": error}
        await _reply(send, 429, body, ((b"retry-after", str(wait).encode()),))
        return True

    async def _live(self, scope: Scope, given: bytes, live: _Live, send: Send) -> bool:
        """The live check of a token this process checked before; False after a refusal."""
        checked = await self._user(given, send)
        if checked is None:
            return False
        scope.setdefault("state", {})["memdir_user"] = checked
        live.now = True
        return True

    async def _member(
        self,
        scope: Scope,
        headers: dict[bytes, bytes],
        body: bytes,
        user: str,
        live: _Live,
        send: Send,
    ) -> bool:
        """A team token whose hash was checked before: a tool call on a connection that
        user already works in leaves the live check (one query) to the worker thread that
        runs the call, before it (:class:`memdir.mcp.TokenCheck`: one thread hop a call,
        not two); any other request is checked here first. False after a refusal."""
        from ..mcp import TokenCheck

        assert self.team is not None
        token = headers.get(b"authorization", b"").partition(b" ")[2].strip()
        sid = headers.get(b"mcp-session-id", b"").decode("latin-1")
        if (
            scope["method"] == "POST"
            and self.sessions is not None
            and scope["path"].rstrip("/") == MCP_PATH
            and self.sessions.settled(sid, user)
            and _is_tool_call(body)
        ):
            state = scope.setdefault("state", {})
            state["memdir_user"] = user
            live.check = TokenCheck(self.team, token.decode("latin-1"), user)
            state["memdir_check"] = live.check
            return True
        return await self._live(scope, token, live, send)

    async def _modern(self, version: str, body: bytes, send: Send) -> bool:
        from mcp_types import UNSUPPORTED_PROTOCOL_VERSION
        from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS

        if version in HANDSHAKE_PROTOCOL_VERSIONS:
            return False
        try:
            request_id = json.loads(body).get("id")
        except (ValueError, AttributeError):
            request_id = None
        await _reply(
            send,
            200,
            {
                "jsonrpc": "2.0",
                "id": request_id,
                "error": {
                    "code": UNSUPPORTED_PROTOCOL_VERSION,
                    "message": "memdir serves the handshake era: one connection is one session",
                    "data": {"supported": list(HANDSHAKE_PROTOCOL_VERSIONS), "requested": version},
                },
            },
        )
        return True


class _Live:
    """Whether a request's token passed its live check (:func:`memdir.pg.users.
    authenticate`) by the time its answer starts: at the gate (``now``), or in the worker
    thread that runs a tool call (``check``, :class:`memdir.mcp.TokenCheck`)."""

    def __init__(self, now: bool) -> None:
        self.now = now
        self.check: TokenCheck | None = None

    def __bool__(self) -> bool:
        return self.now or (self.check is not None and self.check.done)


def _announcing(send: Send, header: tuple[bytes, bytes], live: _Live) -> Send:
    """``send``, with ``header`` (the body limit, :data:`memdir.pg.wire.MAX_BODY_HEADER`)
    on the answer it starts when the token is ``live`` by then."""

    async def announcing(message: Message) -> None:
        if message["type"] == "http.response.start" and live:
            message = {**message, "headers": [*message.get("headers", ()), header]}
        await send(message)

    return announcing


def _is_mcp(scope: Scope) -> bool:
    return bool(scope["path"].rstrip("/") == MCP_PATH)


ANOTHER_USER = (
    "memdir: this connection was started with another user's token; send a token of its "
    "own user, or initialize a new connection"
)


def _owned_by(message: Message, sessions: HttpSessions, user: str, token: str) -> str:
    """The connection an initialize's answer (``message`` starts it) makes, noted as
    ``user``'s (made by token id ``token``) before the client can learn its id; "" when it
    makes none. The SDK keeps a new connection only when that answer's status is under
    400 (mcp/server/streamable_http_manager.py, ``_serve_opening_request``): a refused
    request's id (a GET's, a ping's 400) names nothing."""
    if message["status"] >= 400:
        return ""
    for key, value in message.get("headers", ()):
        if bytes(key).lower() == b"mcp-session-id":
            sid = bytes(value).decode("latin-1")
            sessions.own(sid, user, token)
            return sid
    return ""


async def _owned(sessions: HttpSessions, sid: str, user: str, send: Send) -> bool:
    """Whether connection ``sid`` is ``user``'s; else answers 403 (another user's: no
    request, response, notification or DELETE of theirs reaches it) or 404 (a connection
    this process does not know, as the SDK answers one). A dict lookup: no database."""
    owner = sessions.owner(sid)
    if owner == user:
        return True
    if owner is None:
        error = {"code": -32600, "message": "Session not found"}
        await _reply(send, 404, {"jsonrpc": "2.0", "id": None, "error": error})
    else:
        error = {"code": -32001, "message": ANOTHER_USER}
        await _reply(send, 403, {"jsonrpc": "2.0", "id": None, "error": error})
    return False


def _is_tool_call(body: bytes) -> bool:
    """Whether a request body is one JSON-RPC ``tools/call`` request."""
    if b'"tools/call"' not in body:
        return False
    try:
        message = json.loads(body)
    except ValueError:
        return False
    return isinstance(message, dict) and message.get("method") == "tools/call"


def make_app(
    md: Memdir,
    token: str,
    *,
    host: str = "127.0.0.1",
    max_body: int = MAX_BODY,
    idle_timeout: float | None = IDLE_TIMEOUT,
    projects_under: Sequence[Path] = (),
    workspaces: Workspaces,
) -> ASGIApp:
    """The ASGI app: MCP at ``/mcp`` and the team server's ``/api`` behind
    :class:`AuthGate`, taking their Memdirs from ``workspaces`` (the page's too), which the
    server closes when it stops; their library calls run on the table's limiter
    (``Workspaces(md, threads)``: that many at once on the team backend, ``md.database``,
    where each user's tokens open their own scopes). A connection with no request for
    ``idle_timeout`` seconds is ended, by the SDK and here (None: never); ``projects_under``:
    the folders a client's project must be in (none: any)."""
    from ..mcp import HttpSessions, build_server

    sessions = HttpSessions(idle_timeout)
    server = build_server(
        md, agent="mcp-http", http=sessions, projects_under=projects_under, workspaces=workspaces
    )
    app = server.streamable_http_app(
        host=host if host in LOOPBACK else "0.0.0.0",
        max_request_body_size=max_body,
        json_response=False,  # SSE: a roots/list request can ride the answer's stream
        session_idle_timeout=idle_timeout,
    )
    sessions.manager = server.session_manager  # plain JSON once the roots are known
    return AuthGate(
        _with_api(app, workspaces), token, max_body=max_body, sessions=sessions, team=md.database
    )


def _with_api(mcp: ASGIApp, workspaces: Workspaces) -> ASGIApp:
    """``mcp``, with ``/api/…`` (the team server's push and pull) sent to :class:`Api`;
    ``workspaces`` are closed when the server stops (the lifespan's end, after MCP's
    sessions)."""
    from ..web.api import API_PATH, Api

    api = Api(workspaces)

    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "")
        if scope["type"] == "http" and (path == API_PATH or path.startswith(API_PATH + "/")):
            await api(scope, receive, send)
        elif scope["type"] == "lifespan":

            async def closing(message: Message) -> None:
                if message["type"].startswith("lifespan.shutdown."):  # complete or failed
                    workspaces.close()
                await send(message)

            await mcp(scope, receive, closing)
        else:
            await mcp(scope, receive, send)

    return app


def check_port(host: str, port: int) -> None:
    """Raise :class:`MemdirError` when ``host:port`` cannot be listened on (another
    ``memdir serve`` holds it, say), before anything claims the server runs."""
    import socket

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError as exc:
        raise MemdirError(f"Cannot listen on {host}: {exc.strerror or exc}.") from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn does
        try:
            probe.bind(address)
        except OSError as exc:
            why = (
                "is in use (another memdir serve?)"
                if exc.errno == errno.EADDRINUSE
                else (f"cannot be used: {exc.strerror}")
            )
            raise MemdirError(
                f"Port {port} on {host} {why}. Stop the other server or pick another port "
                f"with --port."
            ) from None


def serve(
    md: Memdir,
    *,
    host: str = "127.0.0.1",
    port: int = 8765,
    max_body: int = MAX_BODY,
    threads: int = 16,
    projects_under: Sequence[Path] = (),
) -> None:
    """Run the HTTP server until interrupted: MCP at ``/mcp``, the web page at ``/``
    (on the team server, PostgreSQL, each user signs in with their own token and
    ``threads`` MCP calls run at once)."""
    import uvicorn

    from ..guard import warm
    from ..web import build_app, with_web  # the web page at / (docs/design/web.md)

    warm()  # before the worker threads: else the first writes all build the guard at once

    team = md.database is not None  # users' own tokens, not the home's one token
    token = "" if team else load_token(md.home)
    workspaces = Workspaces(md, threads)  # one table for MCP, /api and the page
    web = build_app(
        md, token, port=port, loopback=host in LOOPBACK, max_body=max_body, workspaces=workspaces
    )
    mcp = make_app(
        md,
        token,
        host=host,
        max_body=max_body,
        projects_under=projects_under,
        workspaces=workspaces,
    )
    app: ASGIApp = with_web(mcp, web)
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="warning",
        lifespan="on",
        h11_max_incomplete_event_size=max_body,
    )

    class Server(uvicorn.Server):
        """uvicorn's server, whose force quit (a second Ctrl-C while clients are still
        connected: it stops waiting for them) still ends the app's lifespan as one
        Ctrl-C does, its sessions and workspaces closed; uvicorn skips it then, and the
        lifespan task it cancels instead logs a traceback as a failed shutdown."""

        async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
            await super().shutdown(sockets)
            if self.force_exit:  # skipped by uvicorn (or run already: then a no-op)
                await self.lifespan.shutdown()

    Server(config).run()
