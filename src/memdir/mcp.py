"""The MCP server: memdir's tools, resources and prompts for any MCP harness.
See docs/design/serve.md."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
import signal
import time
import warnings
import weakref
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar
from urllib.parse import unquote, urlparse

import anyio
import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import MCPDeprecationWarning, MCPError, NoBackChannelError

from .core.errors import MemdirError
from .core.harness_reads import MCP_CLIENTS

if TYPE_CHECKING:
    from mcp.server.context import ServerRequestContext
    from mcp.server.streamable_http_manager import StreamableHTTPSessionManager

    from .conversation import MemorySession
    from .core.layers import Layers
    from .engine import Memdir
    from .pg.db import PgDatabase
    from .serve.workspaces import Workspaces

_T = TypeVar("_T")
log = logging.getLogger(__name__)
SESSION_HEADER = "mcp-session-id"  # the spec's Mcp-Session-Id (the SDK's MCP_SESSION_ID_HEADER)
PROJECT_HEADER = "x-memdir-project"  # a client without roots names its project folder here
ROOTS_TIMEOUT = 10.0  # seconds a client may take to answer roots/list
#: distinct roots of a client's list that are looked at (the first ones; the rest are
#: ignored): each is a look at the disk and, on a team server, a grant lookup per request
MAX_ROOTS = 64
#: A team server's refusal of a project folder a token holder named that is not a checkout
#: of a project they were granted: the same words whatever the reason (issue 17;
#: docs/design/team-server.md, "A folder named by argument or header")
NOT_YOURS = (
    "names no checkout on this team server of a project you were granted (whether that "
    "folder exists, is a repository or which is not said); name a project you were granted "
    "by its repository URL, or ask an admin to grant yours: memdir serve users grant "
    "<user> <repository URL>"
)
NO_PROJECT = (
    "this connection did not say which project it works in (its MCP client sent no roots "
    "that are folders on this machine, or on a team server checkouts of projects granted "
    "to you; no X-Memdir-Project header and no 'project' "
    'argument). Pass "project": '
    '"/path/to/your/checkout" in this call, or register memdir with the header '
    "X-Memdir-Project: /path/to/your/checkout (or with a client that sends MCP roots); "
    'or save it for every project with "scope": "user".'
)
PROJECT_PROPERTY: dict[str, Any] = {
    "type": "string",
    "description": "Absolute path of the project (checkout) this conversation works in; "
    "needed only when the client sends no MCP roots.",
}

INSTRUCTIONS = """\
memdir is long-term memory that persists across sessions as Markdown entries. Read the \
memdir://context resource (or the memdir-instructions prompt) at the start: it lists what \
is remembered. Call memory_search before you rely on or add a memory, memory_read to read \
one in full (it says how old it is and which files it names no longer exist: verify \
before you assert), and session_search when the user refers to an earlier conversation \
that memory does not cover.

Save with the memory tool only what a later session needs and cannot read from the code, \
docs or git history: corrections to how you work, stable preferences, facts about the \
user, project context, reference facts. Saving nothing is usually right. Replace an \
existing entry instead of adding a near-duplicate, never save secrets or task progress, \
and say which memories you used. Send each user and assistant message to the log tool if \
your harness does not record sessions itself, so later sessions can search them. A \
first answer's "warnings" are what opening memory could not repair: tell the user."""

PROMPT_INSTRUCTIONS = """\
How to use memdir memory in this conversation:

- When to save: the user corrects how you work, states a stable preference, tells you \
something about themselves, or gives project context or a reference fact that the code, \
docs and git history do not contain. Save nothing otherwise; that is the usual case.
- When not to save: task progress, temporary state, anything derivable from the \
repository or its instruction files, guesses, and secrets of any kind.
- Search before adding: call memory_search first; if an entry already covers it, replace \
that entry (memory action "replace") instead of adding a near-duplicate.
- Verify before asserting: memories are point-in-time observations. Read the entry with \
memory_read, heed its age and its notes on files or symbols that no longer exist, and \
check the current code before you state a remembered fact as true.
- Cite what you used: end an answer that relied on memory with \
<memory-citation>entry-id, …</memory-citation> naming the entries."""

REVIEW_PROMPT = """\
Below is memdir's review of this user's memory: proposals grouped by kind, each with an \
id. Present them to the user briefly, grouped as given, with your recommendation for \
each. Apply nothing yourself. When the user picks proposals, tell them to run \
`memdir review --apply ID …` with exactly the ids they chose (nothing is applied unless \
named).

"""

LOG_TOOL: dict[str, Any] = {
    "name": "log",
    "description": "Record one message of this conversation in memdir's session log, so "
    "later sessions can find it with session_search. Send user and "
    "assistant messages (and tool output worth finding) as they happen.",
    "inputSchema": {
        "type": "object",
        "properties": {
            "role": {"type": "string", "enum": ["user", "assistant", "tool", "system"]},
            "content": {"type": "string"},
            "tool_name": {"type": "string", "description": "role tool: which tool produced it"},
        },
        "required": ["role", "content"],
    },
}


@dataclass
class _Live:
    """One HTTP connection: its memdir session (once started), the project it is for and
    how that was learnt, its roots, and its HTTP activity."""

    session: MemorySession | None = None
    in_flight: int = 0
    idle_since: float = field(default_factory=time.monotonic)
    project: Path | None = None
    source: str = ""  # "roots", "header", "argument" or "" (none)
    roots: list[Path] | None = None  # None: not asked yet
    stale: bool = False  # the client said its roots changed: ask again
    # team server: roots not used for want of a grant, looked up again on each request
    ungranted: list[Path] = field(default_factory=list)
    plain: bool = False  # answered with plain JSON (no back-channel for roots/list)
    lock: anyio.Lock = field(default_factory=anyio.Lock)
    user: str | None = None  # the team user whose token started it
    token: str = ""  # the id (not the secret) of that token


class HttpSessions:
    """One memdir session per streamable-HTTP connection, keyed by its ``Mcp-Session-Id``
    header, and ended with it (how it learns of the end: docs/design/serve.md)."""

    def __init__(self, idle_timeout: float | None) -> None:
        self.idle_timeout = idle_timeout
        self._live: dict[str, _Live] = {}
        self._opening: dict[str, int] = {}  # a team user's initializes being answered
        self._backend: _Backend | None = None  # set by build_server
        self.manager: StreamableHTTPSessionManager | None = None  # set by memdir.serve

    def answer_plain(self, sid: str, plain: bool) -> None:
        """Answer connection ``sid``'s next requests with one JSON body (``plain``) or an
        SSE stream, which can carry a roots/list request (docs/design/serve.md)."""
        live = self._live.get(sid)
        if live is None or live.plain == plain or self.manager is None:
            return
        # the SDK (mcp 2.3) has no public way to reach one connection's transport
        transport = getattr(self.manager, "_server_instances", {}).get(sid)
        if transport is not None:
            transport.is_json_response_enabled = live.plain = plain

    def settled(self, sid: str, user: str) -> bool:
        """Whether connection ``sid`` works in a started session of ``user``'s with its
        roots known (a tool call on it needs no roots/list and no new session)."""
        live = self._live.get(sid)
        return (
            live is not None
            and live.session is not None
            and live.user == user
            and live.plain
            and not live.stale
        )

    def own(self, sid: str, user: str, token: str) -> None:
        """Connection ``sid`` was just made (its ``initialize`` answered) for the token of
        team user ``user`` whose id is ``token``: every later request on it, whatever its
        method or body, must come with a token of theirs (:meth:`owner`, checked by
        :class:`memdir.serve.AuthGate`)."""
        live = self._slot(sid)
        live.user, live.token = user, token

    def tokens(self, user: str) -> set[str]:
        """The ids of the tokens that made team user ``user``'s connections."""
        return {x.token for x in self._live.values() if x.user == user}

    def expiry(self, user: str, *, unused: bool) -> float:
        """Seconds until the first of ``user``'s connections (never used ones only, with
        ``unused``) that no request holds expires, as far as the idle timeout says."""
        timeout = self.idle_timeout or 0.0
        idle = [
            x.idle_since
            for x in self._live.values()
            if x.user == user and not x.in_flight and (x.session is None or not unused)
        ]
        return max(0.0, min(idle, default=time.monotonic()) + timeout - time.monotonic())

    async def drop(self, sids: Sequence[str]) -> None:
        """Forget connections ``sids`` and end them (their memdir sessions, and the SDK's
        transports: a later request on one is a 404)."""
        gone = [self._live.pop(sid) for sid in sids if sid in self._live]
        transports = getattr(self.manager, "_server_instances", {})  # no public way (mcp 2.3)
        for sid in sids:
            transport = transports.get(sid)
            if transport is not None:
                with anyio.CancelScope(shield=True):
                    await transport.terminate()  # its server task then discards it
        await self._end(gone)

    async def revoked(self, user: str, tokens: set[str]) -> None:
        """Drop team user ``user``'s connections no request holds that were made by a
        token whose id is in ``tokens`` (revoked: they count against the user no more)."""
        await self.drop(
            [
                sid
                for sid, x in self._live.items()
                if x.user == user and x.token in tokens and not x.in_flight
            ]
        )

    def unused(self, user: str) -> int:
        """How many connections of team user ``user`` were made (or are being made: an
        initialize not answered yet) and never used: no request of theirs started a
        memdir session (a tool call, a tools/list, a resource read). Each holds the SDK's
        transport and task (~43 KiB, bench/README.md "team51") until ``idle_timeout``."""
        made = sum(1 for x in self._live.values() if x.user == user and x.session is None)
        return made + self._opening.get(user, 0)

    def held(self, user: str) -> int:
        """How many connections team user ``user`` holds (or is being given), used or not."""
        made = sum(1 for x in self._live.values() if x.user == user)
        return made + self._opening.get(user, 0)

    def opening(self, user: str, by: int) -> None:
        """An initialize of ``user``'s started (``by`` 1) or was answered (-1)."""
        left = self._opening.get(user, 0) + by
        if left > 0:
            self._opening[user] = left
        else:
            self._opening.pop(user, None)

    def owner(self, sid: str) -> str | None:
        """The team user connection ``sid`` was made for; None when this process knows no
        such connection (ended, expired, or never made here)."""
        live = self._live.get(sid)
        return None if live is None else live.user

    @property
    def open(self) -> int:
        """How many memdir sessions are open."""
        return sum(1 for live in self._live.values() if live.session is not None)

    def begin(self, sid: str) -> None:
        """An HTTP request for connection ``sid`` started."""
        live = self._slot(sid)
        live.in_flight += 1

    async def finish(self, sid: str, *, ended: bool) -> None:
        """That request finished; ``ended``: the SDK ended (or does not know) ``sid``."""
        live = self._live.get(sid)
        if live is None:
            return
        live.in_flight -= 1
        live.idle_since = time.monotonic()
        if ended:
            await self._end([self._live.pop(sid)])
        elif live.session is None and not live.in_flight and live.user is None:
            del self._live[sid]  # nothing to end, and no team user's connection to keep

    async def reap(self) -> None:
        """End the sessions of connections idle past ``idle_timeout``, until cancelled."""
        if self.idle_timeout is None:
            return
        while True:
            await anyio.sleep(min(self.idle_timeout / 4, 30.0))
            cut = time.monotonic() - self.idle_timeout
            idle = [
                sid
                for sid, live in self._live.items()
                if not live.in_flight and live.idle_since <= cut
            ]
            await self._end([self._live.pop(sid) for sid in idle])

    async def close(self) -> None:
        """End every session (the server is stopping)."""
        live, self._live = list(self._live.values()), {}
        await self._end(live)

    async def _end(self, live: list[_Live]) -> None:
        sessions = [x.session for x in live if x.session is not None]
        if sessions and self._backend is not None:
            await self._backend.end(sessions)

    def _slot(self, sid: str) -> _Live:
        live = self._live.get(sid)  # a _Live (with its lock) is made only when missing
        if live is None:
            live = self._live[sid] = _Live()
        return live


class Refused(MCPError):
    """A request's token, checked on the worker thread, is not (or no longer) live."""


class TokenCheck:
    """The live check of a team token whose hash this process already checked, left by
    :class:`memdir.serve.AuthGate` to the worker thread that runs the request's library
    call, which runs it first (one thread hop a call instead of two). Raises
    :class:`Refused` when the token was revoked meanwhile."""

    def __init__(self, team: PgDatabase, token: str, user: str) -> None:
        self.team, self.token, self.user, self.done = team, token, user, False

    def __call__(self) -> None:
        if self.done:
            return
        from .core.errors import AccessError, PostgresError
        from .pg.users import REVOKED, authenticate

        try:
            if authenticate(self.team, self.token) != self.user:  # the request's user
                raise AccessError(REVOKED)
        except AccessError as exc:
            message = f"memdir: {exc}. Send the header 'Authorization: Bearer <token>'."
            raise Refused(code=-32001, message=message) from None
        except PostgresError as exc:  # as the gate answers it (503 there)
            from .pg.db import unavailable

            raise Refused(code=-32603, message=f"memdir: {unavailable(exc)}") from None
        self.done = True


def _check_of(ctx: ServerRequestContext[Any]) -> Callable[[], None]:
    """The token check :class:`memdir.serve.AuthGate` left to this request's worker
    thread, or nothing to do."""
    check = getattr(getattr(ctx.request, "state", None), "memdir_check", None)
    return check if check is not None else _nothing


def _nothing() -> None:
    pass


def _harness(ctx: ServerRequestContext[Any]) -> str | None:
    """The harness the client said it is in ``initialize`` (``clientInfo.name``: Claude
    Code sends ``claude-code``, Codex ``codex-mcp-client``), else None: an unknown client
    gets every instruction file."""
    params = getattr(getattr(ctx, "session", None), "client_params", None)
    name = getattr(getattr(params, "client_info", None), "name", None)
    return MCP_CLIENTS.get(name) if isinstance(name, str) else None


class _Backend:
    """Each connection's session: over stdio in ``md``, over HTTP in the Memdir of its
    project (and user) from ``workspaces``, held while the session lasts."""

    def __init__(
        self,
        md: Memdir,
        agent: str,
        *,
        http: HttpSessions | None,
        projects_under: Sequence[Path] = (),
        workspaces: Workspaces | None = None,
    ) -> None:
        self.md = md
        self.agent = agent
        self.http = http  # None: stdio, where the pipe is the one connection
        self.only: MemorySession | None = None
        self.workspaces = workspaces
        self.limiter = workspaces.limiter if workspaces else anyio.CapacityLimiter(1)
        self.starting = anyio.Lock()  # two first requests over stdio: one session
        self.told: weakref.WeakSet[MemorySession] = weakref.WeakSet()  # warnings said
        self.under = tuple(p.resolve() for p in projects_under)  # () : any folder
        if http is not None:
            http._backend = self

    async def run(self, fn: Callable[[], _T]) -> _T:
        return await anyio.to_thread.run_sync(fn, limiter=self.limiter)

    async def session(
        self, ctx: ServerRequestContext[Any], project: object = None
    ) -> MemorySession:
        """This connection's session, started (snapshot frozen) on its first request;
        ``project`` is a tool call's argument (docs/design/serve.md)."""
        if self.http is None:
            async with self.starting:
                if self.only is None:
                    harness = _harness(ctx)
                    self.only = await self.run(
                        lambda: self.md.session(agent=self.agent, harness=harness)
                    )
                return self.only
        headers = getattr(ctx.request, "headers", None)
        sid = headers.get(SESSION_HEADER) if headers is not None else None
        if not sid:
            raise MCPError(
                code=types.INVALID_REQUEST,
                message="memdir serves one session "
                "per connection: initialize first and send its Mcp-Session-Id",
            )
        live = self.http._slot(sid)
        state = getattr(ctx.request, "state", None)
        user = getattr(state, "memdir_user", None) if self.md.database is not None else None
        async with live.lock:
            if live.user != user:
                if live.session is not None:  # a connection belongs to one user
                    raise MCPError(
                        code=types.INVALID_REQUEST,
                        message="this connection was started with another user's token; "
                        "initialize a new one",
                    )
                live.user = user
            folder, source = await self._project(ctx, live, headers, project, user)
            self.http.answer_plain(sid, live.roots is not None and not live.stale)
            if live.session is not None and folder == live.project:
                return live.session
            check = _check_of(ctx)  # before anything of the user's is read
            harness = _harness(ctx)

            def start() -> MemorySession:
                check()
                return self._start(folder, user, harness)

            session = await self.run(start)
            if self.http._live.get(sid) is not live:
                # the connection ended (a DELETE, a 404) while this started: end it now
                # rather than leave a session no table holds
                await self.end([session])
                raise MCPError(
                    code=types.INVALID_REQUEST,
                    message="this connection ended while its memory session started; "
                    "initialize a new one",
                )
            old, live.session, live.project, live.source = live.session, session, folder, source
            if old is not None:
                await self.end([old])
            return session

    async def _project(
        self,
        ctx: ServerRequestContext[Any],
        live: _Live,
        headers: Any,
        argument: object,
        user: str | None = None,
    ) -> tuple[Path | None, str]:
        """The connection's project folder and where it came from (see the module
        docstring); MCPError when a ``project`` argument contradicts the client. On the
        team backend a folder named by the argument or the header must be a checkout of
        a project ``user`` was granted (:meth:`_granted`)."""
        given = None
        if argument is not None:
            what = "the 'project' argument"
            given = _folder(argument, what) if self.md.database is None else None
            if given is None and isinstance(argument, str) and _by_url(argument):
                given = _remote(argument)  # its Memdir looks the grant up on use
            if given is None:
                given = await self._granted(argument, what, user, live)
        roots = await self._roots(ctx, live, user)
        if roots and self.under:
            allowed = [r for r in roots if self._allowed(r)]
            if not allowed:
                self._refuse(roots[0], "roots")
            roots = allowed
        if roots:
            found, source = roots[0], "roots"
        elif headers is not None and headers.get(PROJECT_HEADER):
            found = await self._named(*_header_text(headers, PROJECT_HEADER), user, live)
            source = "header"
        elif given is not None:
            if not self._allowed(given):
                self._refuse(given, "argument")
            return given, "argument"
        elif live.source == "argument":
            return live.project, "argument"  # named by an earlier call of this connection
        else:
            return None, ""
        if not self._allowed(found):
            self._refuse(found, source)
        if given is not None and given != found:
            raise MCPError(
                code=types.INVALID_PARAMS,
                message=f"this connection works in {found} (from its {source}), not "
                f"{given}; open a new connection for that project",
            )
        return found, source

    async def _roots(
        self, ctx: ServerRequestContext[Any], live: _Live, user: str | None = None
    ) -> list[Path]:
        """The client's roots that are local folders (asked once per connection, and
        again after it said they changed); none when it has no roots capability. On the
        team backend only checkouts of projects ``user`` was granted: any other root is
        dropped as a missing one is (the server's log says why), so what the connection
        is then told is the same whether it exists, is a repository or was not granted."""
        caps = ctx.session.client_capabilities
        if caps is None or caps.roots is None:
            live.roots = []
            return []
        if live.roots is None or live.stale:
            from mcp.shared.message import ServerMessageMetadata

            try:
                with warnings.catch_warnings():  # roots are deprecated from the 2026 era
                    warnings.simplefilter("ignore", MCPDeprecationWarning)
                    found = await ctx.session.send_request(
                        types.ListRootsRequest(),
                        types.ListRootsResult,
                        request_read_timeout_seconds=ROOTS_TIMEOUT,
                        metadata=ServerMessageMetadata(related_request_id=ctx.request_id),
                    )
            except NoBackChannelError:
                # this request's answer is plain JSON (it arrived before the change
                # did): keep the roots known so far, ask on the next (SSE) request
                return live.roots or []
            except (MCPError, TimeoutError, ValueError):
                found = types.ListRootsResult(roots=[])
            team = self.md.database is not None  # a root with ".." is not looked up
            uris = list(dict.fromkeys(str(r.uri) for r in found.roots))[:MAX_ROOTS]
            folders = (_root_folder(uri, team) for uri in uris)
            live.roots = list(dict.fromkeys(f for f in folders if f))
            live.ungranted = list(live.roots) if self.md.database is not None else []
            live.roots = [] if live.ungranted else live.roots
            live.stale = asked = False
        else:
            asked = True  # looked up before: why not is logged once
        if live.ungranted:  # granted since? (a query on the refusal path only)
            now = await self.run(lambda: self._granted_roots(live.ungranted, user, not asked))
            live.ungranted = [r for r in live.ungranted if r not in now]
            live.roots = [r for r in [*live.roots, *now] if r not in live.ungranted]
        return live.roots

    async def _named(self, value: str, utf8: bool, user: str | None, live: _Live) -> Path:
        """The folder the X-Memdir-Project header names (its text, and whether its bytes
        were UTF-8: :func:`_header_text`), maybe percent-encoded (:func:`_unescaped`); on
        the team backend it may be the repository's URL instead (a client on another
        machine). Bytes that are not UTF-8 name the folder whose name is those bytes
        first (on Linux a name is bytes), then, only when that is none, their Latin-1
        reading."""
        what = "the X-Memdir-Project header"
        latin = os.fsencode(value).decode("latin-1") if not utf8 else value
        readings = [value] if utf8 else [value, latin]
        if self.md.database is None:
            for reading in readings:
                try:
                    return _folder(_unescaped(reading), what)
                except MCPError:
                    if utf8:
                        raise
            raise MCPError(
                code=types.INVALID_PARAMS,
                message=f"{what} is not UTF-8 text, and neither as its bytes nor read as "
                f"Latin-1 it names a folder ({latin!r}); send the folder's path as UTF-8, "
                f"or percent-encoded (%C3%BC for ü)",
            ) from None
        if _by_url(value):
            return _remote(value)
        # a path with ".." is refused as it is: not unescaped (a look at the disk)
        named = [r if _dotdot(r) else _unescaped(r) for r in readings]
        return await self._granted(named[0], what, user, live, also=named[1:])

    def _granted_roots(self, roots: list[Path], user: str | None, say: bool) -> list[Path]:
        """Those of ``roots`` that are checkouts of projects ``user`` was granted (each
        as it is in ``roots``); why each other one is not used goes to the log (``say``)."""
        assert self.md.database is not None
        kept, refused = [], []
        for root in roots:
            folder, why = _granted_checkout(str(root), self.md.database, user or "")
            if folder is not None and not why:
                kept.append(root)
            else:
                refused.append(f"{root} ({why})")
        if say and refused:  # one line per request, however many roots
            shown = "; ".join(refused[:5]) + (f"; {len(refused) - 5} more" if refused[5:] else "")
            log.warning(
                "memdir serve: user %r sent %d root(s) not used: %s", user, len(refused), shown
            )
        return kept

    async def _granted(
        self, value: object, what: str, user: str | None, live: _Live, also: Sequence[str] = ()
    ) -> Path:
        """The folder a token holder's argument or header names on the team server: a
        checkout on this disk of a project ``user`` was granted. Anything else is refused
        in the same words (:data:`NOT_YOURS`) whether the folder does not exist, is no
        repository with a remote 'origin', or holds one the user was not granted: a token
        holder learns nothing of this disk, not even what is there. Why goes to the
        server's log, for the admin. The folder this connection already works in is not
        looked up again (its Memdir looks its grant up on every use). ``also``: other
        readings of the same value (a header's bytes as Latin-1), each looked up alike:
        the first that is such a checkout is taken, so the answer is the same whichever
        of them exist."""
        if not isinstance(value, str) or not value.strip() or "\x00" in value:
            raise MCPError(code=types.INVALID_PARAMS, message=f"{what} must be a folder path")
        assert self.md.database is not None
        database = self.md.database
        for reading in (value, *also):

            def look(reading: str = reading) -> tuple[Path | None, str]:
                return _granted_checkout(reading, database, user or "")

            folder, why = await self.run(look)
            if folder is not None and (folder == live.project or not why):
                return folder
            log.warning("memdir serve: user %r named the project folder %r: %s", user, reading, why)
        raise MCPError(code=types.INVALID_PARAMS, message=f"{what} {NOT_YOURS}")

    def _allowed(self, folder: Path) -> bool:
        """Whether ``--projects-under`` lets a client work in ``folder`` (never in the
        file system's root, which is nobody's project)."""
        if _is_root(folder):
            return False
        return not self.under or any(d == folder or d in folder.parents for d in self.under)

    def _refuse(self, folder: Path, source: str) -> NoReturn:
        if _is_root(folder):
            raise MCPError(
                code=types.INVALID_PARAMS,
                message=f"{folder} (from the connection's {source}) is the file system's "
                f"root, not a project folder; name the project's own folder",
            )
        under = ", ".join(map(str, self.under))
        raise MCPError(
            code=types.INVALID_PARAMS,
            message=f"this server serves projects under {under} only (memdir serve "
            f"--projects-under), not {folder} (from the connection's {source})",
        )

    def _start(
        self, folder: Path | None, user: str | None, harness: str | None = None
    ) -> MemorySession:
        """A session in ``folder``'s Memdir (one with no project scopes for None), as
        ``user`` on the team backend; the session holds that Memdir until :meth:`end`.
        ``harness``: the client's (:func:`_harness`), whose own instruction files its
        block leaves out."""
        assert self.workspaces is not None
        md = self.workspaces.take(folder, user, NO_PROJECT)
        try:
            return md.session(agent=self.agent, harness=harness)
        except BaseException:
            self.workspaces.give(md)
            raise

    async def end(self, sessions: list[MemorySession]) -> None:
        """Close HTTP sessions and give their Memdirs back, even when a close fails (the
        first failure is raised after)."""

        def close() -> None:
            failed: list[MemdirError] = []
            for session in sessions:
                try:
                    session.close()
                except MemdirError as exc:
                    failed.append(exc)
                finally:
                    assert self.workspaces is not None
                    self.workspaces.give(session.md)
            if failed:
                raise failed[0]

        with anyio.CancelScope(shield=True):  # a cancelled request still gives them back
            await self.run(close)

    async def close(self) -> None:
        """End every session still open."""
        if self.http is not None:
            await self.http.close()
        if self.only is not None:
            only, self.only = self.only, None
            await self.run(only.close)


def _header_text(headers: Any, name: str) -> tuple[str, bool]:
    """The header ``name``'s value as text, and whether its bytes were UTF-8: read as
    UTF-8 (a shell's ``$(pwd)``, curl, Codex), else as a file name of those bytes
    (:func:`os.fsdecode`; :meth:`_Backend._named` then tries their Latin-1 reading,
    HTTP's old default: Node's fetch, so Claude Code, sends a character up to U+00FF as
    that one byte). Headers without their bytes (not Starlette's) as they are."""
    key = name.lower().encode("latin-1")
    for k, v in getattr(headers, "raw", None) or ():
        if isinstance(k, bytes) and isinstance(v, bytes) and k.lower() == key:
            try:
                return v.decode("utf-8"), True
            except UnicodeDecodeError:  # the bytes as a file name (surrogateescape)
                return os.fsdecode(v), False
    return str(headers.get(name)), True


def _unescaped(value: str) -> str:
    """``value``, or the path its percent-escapes spell (UTF-8) when it holds some and is
    not a folder as it is: the README's form for a client that cannot send the path's
    UTF-8 bytes."""
    if not _ESCAPE.search(value):
        return value
    try:
        if Path(value.strip()).expanduser().is_dir():  # a folder named "100%25" stays one
            return value
        return unquote(value, errors="strict")
    except (UnicodeDecodeError, RuntimeError, OSError, ValueError):
        return value


_ESCAPE = re.compile(r"%[0-9A-Fa-f]{2}")


def _folder(value: object, what: str) -> Path:
    """An existing absolute folder named by a client; MCPError saying what is wrong."""
    if not isinstance(value, str) or not value.strip() or "\x00" in value:
        raise MCPError(code=types.INVALID_PARAMS, message=f"{what} must be a folder path")
    try:
        path = Path(value.strip()).expanduser()
        usable = path.is_absolute() and path.is_dir()
    except (RuntimeError, OSError, ValueError):  # ~nobody, a name too long
        usable = False
    if not usable:
        raise MCPError(
            code=types.INVALID_PARAMS,
            message=f"{what} must be the absolute path of an existing folder, not {value!r}",
        )
    return path.resolve()


def _granted_checkout(value: str, database: PgDatabase, user: str) -> tuple[Path | None, str]:
    """The folder ``value`` names (resolved) and "" when it is a checkout, on this disk,
    of a project ``user`` was granted in ``database``; else the folder (or None) and why
    not, for the server's log only."""
    from .core.errors import ValidationError
    from .core.scopes import find_checkout_root
    from .core.storage.git import git_dirs, read_remote
    from .pg.names import project_url, remote_url
    from .pg.users import is_granted

    if _dotdot(value):  # refused unread: the kernel would look at the folder before ".."
        return None, "a path with '..' (refused without looking at the disk)"
    try:
        path = Path(value.strip()).expanduser()
        if not path.is_absolute() or not path.is_dir():
            return None, "no such folder on this machine (or not an absolute path)"
        folder = path.resolve()
        checkout = find_checkout_root(folder)
        url = remote_url(checkout)  # the stand-in folder of a project named by URL
        if url is None:
            dirs = git_dirs(checkout)
            remote = read_remote(dirs[1]) if dirs else None
            if remote is None:
                return folder, f"{checkout} has no git remote 'origin'"
            url = project_url(remote)
    except (RuntimeError, OSError, ValueError) as exc:  # ~nobody, a loop, a name too long
        return None, f"not a usable folder: {exc}"
    except ValidationError as exc:  # an origin that is no repository URL
        return folder, str(exc)
    if not is_granted(database, user, url):
        return folder, f"not granted the project {url}"
    return folder, ""


def _by_url(value: str) -> bool:
    """Whether a team client's header or ``project`` argument names its project by the
    repository's URL (or ``host/owner/repo``) rather than by a folder on the server."""
    return not value.strip().startswith(("/", "~"))


def _remote(value: str) -> Path:
    """The stand-in folder of the project ``value`` names by URL; MCPError saying why not."""
    from .core.errors import ValidationError
    from .pg.names import remote_folder

    try:
        return Path(remote_folder(value))
    except ValidationError as exc:
        raise MCPError(code=types.INVALID_PARAMS, message=str(exc)) from None


def _dotdot(value: str) -> bool:
    """Whether the path ``value`` has a ``..`` part. A team server refuses such a path
    without looking at the disk: resolving it there would tell whether the folder before
    the ``..`` exists, and collapsing it lexically can name another folder than the one
    the kernel would where that folder is a link; ``$(pwd)`` and MCP roots carry none."""
    return ".." in Path(value.strip()).parts


def _is_root(folder: Path) -> bool:
    """Whether ``folder`` is the file system's root, which is nobody's project."""
    return folder.is_absolute() and folder.parent == folder


def _root_folder(uri: str, team: bool = False) -> Path | None:
    """The local folder of a ``file://`` root (None for other roots or missing folders;
    ``team``: for one with a ``..`` part too, unread, as :func:`_dotdot` says why)."""
    try:
        parsed = urlparse(uri)
        if parsed.scheme != "file" or parsed.netloc not in ("", "localhost"):
            return None
        # escapes of bytes that are no UTF-8 (Path.as_uri of such a name) as those bytes,
        # as os.fsdecode has them: not U+FFFD, another folder's name
        named = unquote(parsed.path, errors="surrogateescape")
        if team and _dotdot(named):
            return None
        path = Path(named)
        return path.resolve() if path.is_absolute() and path.is_dir() else None
    except (OSError, ValueError, RuntimeError):  # not a URL, a NUL, a loop
        return None


def _text(
    uri: str, text: str, mime: str = "text/markdown", meta: dict[str, Any] | None = None
) -> types.ReadResourceResult:
    return types.ReadResourceResult(
        contents=[types.TextResourceContents(uri=uri, mime_type=mime, text=text, _meta=meta)]
    )


def build_server(
    md: Memdir,
    *,
    agent: str = "mcp",
    http: HttpSessions | None = None,
    review: Callable[[Layers], str] | None = None,
    projects_under: Sequence[Path] = (),
    workspaces: Workspaces | None = None,
) -> Server[Any]:
    """The MCP server over ``md``. ``http``: one session per HTTP connection, kept there
    (without it, every request is one connection: stdio). ``review`` renders the report
    the ``memdir-review`` prompt hands to the model (default:
    :func:`memdir.review.report_text`). ``projects_under``: over HTTP, the folders a
    client's project must be in (none: any folder). ``workspaces``: over HTTP (and there
    only), where each connection's Memdir comes from, and the limiter its library calls
    run on."""
    if (http is None) != (workspaces is None):
        raise ValueError("build_server: over HTTP give both http and workspaces, else neither")
    backend = _Backend(md, agent, http=http, projects_under=projects_under, workspaces=workspaces)
    return _server(backend, review)


def _server(backend: _Backend, review: Callable[[Layers], str] | None) -> Server[Any]:
    md = backend.md

    async def list_tools(ctx: Any, params: Any) -> types.ListToolsResult:
        session = await backend.session(ctx)
        tools = [*session.tools("mcp"), LOG_TOOL] if md.enabled else []
        if backend.http is not None:  # one server, many projects: a client may name its own
            tools = [_with_project(t) for t in tools]
        return types.ListToolsResult(
            tools=[
                types.Tool(
                    name=t["name"], description=t["description"], input_schema=t["inputSchema"]
                )
                for t in tools
            ]
        )

    async def call_tool(ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
        args = dict(params.arguments or {})
        project = args.pop("project", None) if backend.http is not None else None
        try:
            session = await backend.session(ctx, project)
        except MCPError as exc:
            if backend.http is None or isinstance(exc, Refused):
                raise
            if (check := _check_of(ctx)) is not _nothing:
                await backend.run(check)  # no error answer before the token's check
            result = {"success": False, "error": exc.error.message}
            return types.CallToolResult(
                content=[types.TextContent(type="text", text=json.dumps(result))],
                structured_content=result,
                is_error=True,
            )
        check = _check_of(ctx)  # the token's live check, on the call's own thread hop

        def call() -> dict[str, Any]:
            check()
            return (
                _log(session, args)
                if params.name == "log"
                else session.call_tool(params.name, args)
            )

        result = await backend.run(call)
        if session not in backend.told:  # a session's first answer: what opening left
            backend.told.add(session)
            if session.md.warnings:
                result = {**result, "warnings": list(session.md.warnings)}
        return types.CallToolResult(
            content=[types.TextContent(type="text", text=json.dumps(result, ensure_ascii=False))],
            structured_content=result,
            is_error=not result.get("success", False),
        )

    async def list_resources(ctx: Any, params: Any) -> types.ListResourcesResult:
        fixed = [
            types.Resource(
                name="index",
                uri="memdir://index",
                mime_type="text/markdown",
                description="The memory index of every scope, as it is now",
            ),
            types.Resource(
                name="context",
                uri="memdir://context",
                mime_type="text/markdown",
                description="This session's system block, frozen when it started",
            ),
        ]
        mine = (await backend.session(ctx)).md  # over HTTP, the connection's project
        entries = await backend.run(mine.entries) if mine.enabled else []
        return types.ListResourcesResult(
            resources=fixed
            + [
                types.Resource(
                    name=e.id,
                    uri=f"memdir://entry/{e.id}",
                    title=e.name,
                    description=f"{scope}: {e.description}",
                    mime_type="text/markdown",
                )
                for scope, e in entries
            ]
        )

    async def list_templates(ctx: Any, params: Any) -> types.ListResourceTemplatesResult:
        return types.ListResourceTemplatesResult(
            resource_templates=[
                types.ResourceTemplate(
                    name="entry",
                    uri_template="memdir://entry/{id}",
                    mime_type="text/markdown",
                    description="One memory in full, with its age and missing-reference notes",
                )
            ]
        )

    async def read_resource(
        ctx: Any, params: types.ReadResourceRequestParams
    ) -> types.ReadResourceResult:
        session = await backend.session(ctx)
        uri = str(params.uri)
        if uri == "memdir://context":
            return _text(uri, session.system_block())
        if uri == "memdir://index":
            return _text(uri, await backend.run(lambda: _index(session.md)))
        if uri.startswith("memdir://entry/"):
            target = uri[len("memdir://entry/") :]
            result = await backend.run(lambda: session.call_tool("memory_read", {"id": target}))
            if result["success"]:  # an entry's etag, as memory_read gives it, for if_match
                etag = result.get("etag")  # a skill (skill:<name>) has none
                return _text(uri, result["content"], meta={"etag": etag} if etag else None)
            raise MCPError(code=types.INVALID_PARAMS, message=result["error"])
        raise MCPError(
            code=types.INVALID_PARAMS,
            message=f"unknown resource {uri!r}; use "
            f"memdir://index, memdir://context or memdir://entry/<id>",
        )

    async def list_prompts(ctx: Any, params: Any) -> types.ListPromptsResult:
        return types.ListPromptsResult(
            prompts=[
                types.Prompt(
                    name="memdir-instructions",
                    description="When to save memory and "
                    "when not to, search before adding, verify, cite",
                ),
                types.Prompt(
                    name="memdir-review",
                    description="Review this memory: duplicates, "
                    "conflicts, stale entries, promotions, index budget",
                ),
            ]
        )

    async def get_prompt(ctx: Any, params: types.GetPromptRequestParams) -> types.GetPromptResult:
        if params.name == "memdir-instructions":
            text = PROMPT_INSTRUCTIONS
        elif params.name == "memdir-review":
            from .review.proposals import report_text

            render = review or report_text
            mine = (await backend.session(ctx)).md
            text = REVIEW_PROMPT + await backend.run(lambda: render(mine))
        else:
            raise MCPError(
                code=types.INVALID_PARAMS,
                message=f"unknown prompt {params.name!r}; use memdir-instructions or memdir-review",
            )
        return types.GetPromptResult(
            messages=[
                types.PromptMessage(role="user", content=types.TextContent(type="text", text=text))
            ]
        )

    async def roots_changed(ctx: Any, params: Any) -> None:
        """The client's roots changed: ask again on its next request (its project, and
        with it the snapshot, may change)."""
        headers = getattr(ctx.request, "headers", None)
        sid = headers.get(SESSION_HEADER) if headers is not None else None
        if backend.http is not None and sid and sid in backend.http._live:
            backend.http._live[sid].stale = True
            backend.http.answer_plain(sid, False)  # saves one request on the old roots

    @contextlib.asynccontextmanager
    async def lifespan(_: Server[Any]) -> AsyncIterator[dict[str, Any]]:
        """Entered once while the server runs: reaps idle HTTP connections' sessions, and
        ends every session left when it stops."""
        async with anyio.create_task_group() as tg:
            if backend.http is not None:
                tg.start_soon(backend.http.reap)
            try:
                yield {}
            finally:
                tg.cancel_scope.cancel()
                with anyio.CancelScope(shield=True):
                    await backend.close()

    from .version import installed

    with warnings.catch_warnings():  # roots are deprecated from the 2026 protocol era on
        warnings.simplefilter("ignore", MCPDeprecationWarning)
        server = Server(
            "memdir",
            version=installed() or "unknown",
            instructions=INSTRUCTIONS,
            lifespan=lifespan,
            on_list_tools=list_tools,
            on_call_tool=call_tool,
            on_list_resources=list_resources,
            on_list_resource_templates=list_templates,
            on_read_resource=read_resource,
            on_list_prompts=list_prompts,
            on_get_prompt=get_prompt,
            on_roots_list_changed=roots_changed,
        )
    # The SDK wraps every request in an OpenTelemetry span, a no-op unless an exporter is
    # installed (memdir installs none); its list is the SDK's documented opt-out.
    server.middleware = [
        m for m in server.middleware if type(m).__name__ != "OpenTelemetryMiddleware"
    ]
    return server


def _with_project(tool: dict[str, Any]) -> dict[str, Any]:
    """A tool schema that also takes the optional ``project`` argument."""
    schema = dict(tool["inputSchema"])
    schema["properties"] = {**schema.get("properties", {}), "project": PROJECT_PROPERTY}
    return {**tool, "inputSchema": schema}


def _index(md: Layers) -> str:
    """Every scope's index as an agent may see it: what the guard withholds (the project
    scope arrives with a cloned repository) and shadowed entries are left out, as in the
    system block and the entry resources. On the team backend no location (the server's
    database address)."""
    parts = []
    for v in md.scope_views():
        store = md.store(v.name)
        shown = store.backend.shown()
        where = f" ({shown})" if shown else ""
        parts.append(f"## {v.name} scope{where}\n\n{store.render_index(v.entries)}")
    return "\n".join(parts) or "No memory yet."


def _log(session: MemorySession, args: dict[str, Any]) -> dict[str, Any]:
    """The ``log`` tool: one message into state.db; bad input is a tool error."""
    from .tools import check_arguments

    try:
        check_arguments(args, "log", list(LOG_TOOL["inputSchema"]["properties"]))
    except MemdirError as exc:
        return {"success": False, "error": str(exc)}
    role, content, tool = args.get("role"), args.get("content"), args.get("tool_name")
    if role not in ("user", "assistant", "tool", "system"):
        return {"success": False, "error": "'role' must be user, assistant, tool or system"}
    if not isinstance(content, str):
        return {"success": False, "error": "'content' must be a string"}
    if tool is not None and not isinstance(tool, str):
        return {"success": False, "error": "'tool_name' must be a string"}
    try:
        message_id = session.log(role, content, tool_name=tool)
    except MemdirError as exc:
        return {"success": False, "error": str(exc)}
    return {"success": True, "message_id": message_id, "session_id": session.id}


def run_stdio(md: Memdir, *, agent: str = "mcp") -> None:
    """Serve one connection over stdin/stdout until the client closes it (every request it
    sent before is run to its end and answered first), or until Ctrl-C (then
    KeyboardInterrupt is raised) or SIGTERM or SIGHUP (then the process ends by it, as
    uvicorn ends ``memdir serve``): at once, stdin open or not, once a write in flight
    completed (a second Ctrl-C meanwhile does not cut it short; a third signal, or a
    second SIGTERM or SIGHUP, ends the process at once: :func:`serve.stdio.stop_on`)."""
    from mcp.server.stdio import stdio_server

    from .serve import stdio

    backend = _Backend(md, agent, http=None)
    server = _server(backend, None)
    stopped: list[int] = []  # the signal that stopped it
    ours = stdio.signals_ours()  # before asyncio's run sets its own Ctrl-C handler

    async def main() -> None:
        with contextlib.ExitStack() as taken:  # held until the server stopped
            async with anyio.create_task_group() as tg:
                serving = anyio.CancelScope()
                if ours:
                    signals = taken.enter_context(anyio.open_signal_receiver(*ours))
                    tg.start_soon(stdio.stop_on, signals, serving, stopped)
                with serving, stdio.stdin_lines() as lines:
                    async with stdio_server(stdin=lines) as (read, write):
                        owed = stdio.Owed()  # the end of input waits for every answer owed
                        await server.run(
                            owed.reading(read),
                            owed.writing(write),
                            server.create_initialization_options(),
                        )
                tg.cancel_scope.cancel()  # the client closed: no signal to wait for

    try:
        try:
            anyio.run(main)
        except* BrokenPipeError:  # the client went away with answers unread: as at EOF
            pass
    finally:  # the lifespan ends the session; this covers a run that never started
        if backend.only is not None:
            backend.only.close()
    ending = [signum for signum in stopped if signum in stdio.ENDING_SIGNALS]
    if ending:  # shut down: now end as SIGTERM (or SIGHUP) ends a process
        signal.raise_signal(ending[0])  # (its default is back)
    if stopped:
        raise KeyboardInterrupt
