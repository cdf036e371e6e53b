"""Sign in with the server's token (a form, or a one-time link from ``memdir ui``), sign
out, and the gate that sends every other request without a valid cookie to sign in."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING
from urllib.parse import urlencode, urlsplit

import anyio
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from ..core.errors import AccessError, PostgresError
from .security import COOKIE_DAYS, Keys, Viewer
from .site import Site, text

if TYPE_CHECKING:
    from starlette.types import ASGIApp, Receive, Scope, Send

PUBLIC = ("/signin", "/ping", "/static/")
ENDED = (
    "Your sign-in here has ended (its token was revoked, or the cookie expired or was "
    "replaced): what the page sent was not saved, and memdir kept none of it. Sign in "
    "again to go back to that page."
)


def _next(value: str | None) -> str:
    """Where to go after signing in: a path on this server only (no open redirect)."""
    if not value or not value.startswith("/") or value.startswith("//") or "\\" in value:
        return "/"
    return value


def _sign_in_first(request: Request, target: str, ended: bool = False) -> Response:
    """To the sign-in page, then back to ``target``; ``ended``: a form from one of our
    pages was posted after its sign-in ended (the page says that nothing was kept)."""
    where = "/signin?" + urlencode({"next": target, **({"ended": "1"} if ended else {})})
    if ended and request.headers.get("hx-request"):  # htmx would swap the page in place
        return Response(status_code=204, headers={"hx-redirect": where})
    return RedirectResponse(where, status_code=303)


def _from_own_page(request: Request) -> str | None:
    """The page a POST's form was on (its ``Referer``), if the browser says the form is
    one of this server's pages (``Sec-Fetch-Site``, ``Origin``); else None."""
    own = f"{request.url.scheme}://{request.url.netloc}"
    fetch_site, origin = request.headers.get("sec-fetch-site"), request.headers.get("origin")
    if fetch_site != "same-origin" and not (fetch_site is None and origin == own):
        return None
    if origin not in (None, own):
        return None
    referer = urlsplit(request.headers.get("referer", ""))
    if f"{referer.scheme}://{referer.netloc}" != own:
        return "/"
    return _next(referer.path + ("?" + referer.query if referer.query else ""))


def _signed_in(
    site: Site,
    request: Request,
    target: str,
    viewer: Viewer | None = None,
    keys: Keys | None = None,
) -> Response:
    response = RedirectResponse(_next(target), status_code=303)
    response.set_cookie(
        site.cookie_name,
        (keys or site.keys).cookie(viewer or Viewer()),
        max_age=COOKIE_DAYS * 86400,
        httponly=True,
        samesite="strict",
        secure=request.url.scheme == "https",
    )
    return response


def routes(site: Site) -> list[Route]:
    """``/signin`` (GET form or ticket link, POST token), ``/signout``, ``/ping``."""

    async def signin_form(request: Request) -> Response:
        target = _next(request.query_params.get("next"))
        ticket = request.query_params.get("ticket")
        if request.query_params.get("ended") and ticket is None:
            return site.render(request, "signin.html", {"next": target, "failed": ENDED})
        if ticket is not None:
            if site.keys.check_ticket(ticket):
                return _signed_in(site, request, target)
            context = {
                "next": target,
                "failed": "This sign-in link has expired. Run "
                "`memdir ui` again, or paste the token below.",
            }
            return site.render(request, "signin.html", context, 403)
        return site.render(request, "signin.html", {"next": target})

    async def signin_post(request: Request) -> Response:
        origin = request.headers.get("origin")
        if origin and origin != f"{request.url.scheme}://{request.url.netloc}":
            raise HTTPException(403, "cross-site sign-in refused")
        form = await request.form(max_files=0, max_fields=5, max_part_size=4096)
        target = _next(text(form, "next"))
        if site.team is not None:
            return await _team_sign_in(request, text(form, "token"), target)
        if not site.keys.check_token(text(form, "token")):
            context = {
                "next": target,
                "failed": "That is not this server's token. `memdir serve --print-token` "
                "prints it on the server's machine.",
            }
            return site.render(request, "signin.html", context, 403)
        return _signed_in(site, request, target)

    async def _team_sign_in(request: Request, token: str, target: str) -> Response:
        """Sign in with one of the user's own tokens (``memdir serve users add``)."""
        team = site.team
        assert team is not None
        try:
            viewer, keys = await anyio.to_thread.run_sync(lambda: team.sign_in(token))
        except PostgresError as exc:  # not the token's fault; and no database names
            from ..pg.db import unavailable

            context = {"next": target, "failed": f"Cannot sign in: {unavailable(exc)}."}
            return site.render(request, "signin.html", context, 503)
        except AccessError as exc:
            context = {
                "next": target,
                "failed": f"That token does not sign in here: {exc}. Each person signs in "
                "with their own token (`memdir serve users add NAME`, with the database URL "
                "in MEMDIR_DATABASE_URL).",
            }
            return site.render(request, "signin.html", context, 403)
        return _signed_in(site, request, target, viewer, keys)

    async def signout(request: Request) -> Response:
        await site.form(request)
        response = RedirectResponse("/signin", status_code=303)
        response.delete_cookie(site.cookie_name, httponly=True, samesite="strict")
        return response

    async def ping(request: Request) -> Response:
        """For ``memdir ui``: which home this server serves, to a caller with the token."""
        scheme, _, given = request.headers.get("authorization", "").partition(" ")
        if scheme.lower() != "bearer" or not site.keys.check_token(given):
            return Response(json.dumps({"error": "token required"}), 403)
        body = json.dumps({"memdir": "web", "home": str(site.md.home)})
        return Response(body, media_type="application/json")

    return [
        Route("/signin", signin_form, methods=["GET"]),
        Route("/signin", signin_post, methods=["POST"]),
        Route("/signout", signout, methods=["POST"]),
        Route("/ping", ping, methods=["GET"]),
    ]


def require_viewer(app: ASGIApp, site: Site) -> ASGIApp:
    """Every path but sign-in and static files needs a valid cookie: a GET without one is
    sent to sign in, and so is a form posted from one of this server's pages (back to
    that page; its text is not kept); anything else is refused with 403. The viewer goes
    into the request state (``request.scope['state']['viewer']``) with its cookie's keys
    (``'keys'``); on the team server a revoked token's cookie is sent to sign in from the
    next request on."""

    async def gate(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"].startswith(PUBLIC):
            await app(scope, receive, send)
            return
        request = Request(scope)
        try:
            found = await site.viewer(request)
        except PostgresError as exc:  # the team database is down: say so, show nothing
            from ..pg.db import unavailable

            message = unavailable(exc)
            down = site.render(request, "error.html", {"message": message}, status=503)
            await down(scope, receive, send)
            return
        if found is None:
            back = _from_own_page(request) if scope["method"] not in ("GET", "HEAD") else None
            if scope["method"] in ("GET", "HEAD"):
                target = scope["path"] + ("?" + request.url.query if request.url.query else "")
                response: Response = _sign_in_first(request, target)
            elif back is not None:  # a form of our page, posted after its sign-in ended
                response = _sign_in_first(request, back, ended=True)
            else:  # a script's or another site's post: refused
                response = site.render(
                    request, "error.html", {"message": "Sign in first."}, status=403
                )
            await response(scope, receive, send)
            return
        scope.setdefault("state", {}).update(viewer=found[0], keys=found[1])
        await app(scope, receive, send)

    return gate
