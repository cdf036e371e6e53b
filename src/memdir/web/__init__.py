"""The web page ``memdir serve`` serves at ``/``: browse, edit, review and undo memory.
See docs/design/web.md."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .security import Keys
from .security import Viewer as Viewer

if TYPE_CHECKING:
    from starlette.types import ASGIApp, Receive, Scope, Send

    from ..engine import Memdir
    from ..serve.workspaces import Workspaces

LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})


def build_app(
    md: Memdir,
    token: str,
    *,
    port: int = 0,
    loopback: bool = True,
    max_body: int = 1 << 20,
    workspaces: Workspaces,
) -> ASGIApp:
    """The web page's ASGI app over ``md`` for a server whose token is ``token`` (on the
    team backend, ``md.database``: each user's own tokens, ``token`` unused); a form over
    ``max_body`` bytes is refused (413). Projects' Memdirs come from ``workspaces``, MCP's
    table, on its limiter."""
    from starlette.applications import Starlette
    from starlette.exceptions import HTTPException
    from starlette.requests import Request
    from starlette.responses import Response
    from starlette.routing import Mount
    from starlette.staticfiles import StaticFiles

    from . import activity, context, entry, memory, review, sessions, signin
    from .security import secure_headers
    from .site import Site

    team = None
    if md.database is not None:  # each user's own tokens; the server has no token
        import secrets

        from .team import TeamSignIn

        team, token = TeamSignIn(md.database), secrets.token_urlsafe(32)
    site = Site(workspaces, Keys(token), port=port, team=team)
    pages = (signin, memory, entry, review, sessions, context, activity)
    routes = [
        *(route for page in pages for route in page.routes(site)),
        Mount("/static", StaticFiles(packages=[("memdir.web", "static")]), name="static"),
    ]

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        return site.error(request, Exception(exc.detail), exc.status_code)

    app = Starlette(routes=routes, exception_handlers={HTTPException: http_error})
    guarded = signin.require_viewer(app, site)
    return secure_headers(guarded, hosts=LOOPBACK_HOSTS if loopback else None, max_body=max_body)


def with_web(mcp: ASGIApp, web: ASGIApp, mcp_paths: tuple[str, ...] = ("/mcp", "/api")) -> ASGIApp:
    """One ASGI app: ``mcp_paths`` (MCP, the team server's push/pull routes) and the
    lifespan to the MCP app behind the token gate, the rest to the web page."""

    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "")
        if scope["type"] != "http" or any(path == p or path.startswith(p + "/") for p in mcp_paths):
            await mcp(scope, receive, send)
        else:
            await web(scope, receive, send)

    return app
