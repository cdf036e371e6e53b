"""What every page shares: the signed-in viewer, the project a URL names, templates,
checked forms, and library calls run off the event loop."""

from __future__ import annotations

import hashlib
import re
import secrets
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar
from urllib.parse import urlencode

import anyio
from jinja2 import Environment, PackageLoader, select_autoescape
from markdown_it import MarkdownIt
from markupsafe import Markup, escape
from starlette.datastructures import FormData
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response

from ..core.errors import (
    AccessError,
    MemdirError,
    NotFoundError,
    ReadOnlyScopeError,
    UnknownRevisionError,
    UnknownSessionError,
)
from ..core.model import DESCRIPTION_MAX, NAME_MAX, EntryType
from ..sessions.analyzer import folded
from .advice import back, said
from .security import Keys, Viewer

if TYPE_CHECKING:
    from ..engine import Memdir
    from ..serve.workspaces import Workspaces
    from .team import TeamSignIn

_T = TypeVar("_T")
COOKIE = "memdir_web_{port}"  # cookies ignore ports: one name per server
MAX_FORM = 1 << 20
FLASH_SECONDS = 15 * 60  # how long a refused form's text is kept for the page after it
FLASHES = 64  # refused forms kept at most, of all browsers (the oldest go first)
FLASHES_EACH = 8  # of which one browser's at most (its own oldest go first)
TYPES = [t.value for t in EntryType]  # the entry forms' choice of type


def ago(when: datetime | None, now: datetime | None = None) -> str:
    """``3 d ago``, ``5 h ago``, ``just now`` (by memdir's clock, ``now``); ``never``."""
    if when is None:
        return "never"
    seconds = ((now or datetime.now(UTC)) - when).total_seconds()
    for unit, size in (("y", 365 * 86400), ("d", 86400), ("h", 3600), ("min", 60)):
        if seconds >= size:
            return f"{int(seconds // size)} {unit} ago"
    return "just now"


def when(value: datetime | float | None) -> str:
    """A time (or epoch seconds) as ``2026-12-01 22:49 UTC``."""
    if value is None:
        return "never"
    if not isinstance(value, datetime):
        value = datetime.fromtimestamp(value, UTC)
    return value.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC")


_MD = MarkdownIt("commonmark", {"html": False, "linkify": False}).enable("table")


def markdown(text: str) -> Markup:
    """An entry body as HTML: raw HTML is shown as text and links with unsafe schemes
    (``javascript:``, ``data:``…) are not made links (markdown-it's link check)."""
    return Markup(_MD.render(text))


def highlight(text: str, terms: list[str]) -> Markup:
    """``text`` escaped, with every case-insensitive occurrence of ``terms`` in <mark>."""
    words = sorted({t for t in terms if t.strip()}, key=len, reverse=True)
    if not words:
        return escape(text)
    # a stem ("bill" of "billing") marks the whole word; other scripts mark the match
    parts = [re.escape(w.casefold()) + (r"[a-z]*" if w.isascii() else "") for w in words]
    pattern = re.compile("|".join(parts), re.IGNORECASE)
    seen, where = folded(text)  # as the terms are: ｐｇｂｏｕｎｃｅｒ and ﾃﾞﾌﾟﾛｲ are marked
    spans: list[list[int]] = []
    for m in pattern.finditer(seen):
        start, end = where(m.start())[0], where(m.end() - 1)[1]
        if spans and start <= spans[-1][1]:  # 部门 and 聚餐 side by side: one mark
            spans[-1][1] = max(spans[-1][1], end)
        else:
            spans.append([start, end])
    out, last = [], 0
    for start, end in spans:
        out += [escape(text[last:start]), Markup("<mark>"), escape(text[start:end])]
        out.append(Markup("</mark>"))
        last = end
    out.append(escape(text[last:]))
    return Markup("").join(out)


class Flashes:
    """What a refused form sent and why it was refused, kept in this process's memory
    for the page its POST redirects to (post/redirect/get: Back and Reload never post it
    again), never in the URL, which the browser's history keeps (the text may be a secret
    the guard refused). Each is readable only by the browser that posted it (its sign-in
    cookie), for :data:`FLASH_SECONDS`; at most :data:`FLASHES_EACH` per browser (its own
    oldest make room for its next) and :data:`FLASHES` in all, so one browser refusing
    many forms pushes out its own kept text, not another's."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._kept: dict[str, tuple[float, str, dict[str, Any]]] = {}

    def put(self, owner: str, data: dict[str, Any]) -> str:
        """Keep ``data`` for ``owner``; the id to read it back with."""
        key = secrets.token_urlsafe(12)
        now = time.monotonic()
        with self._lock:
            for old in [k for k, (t, _, _) in self._kept.items() if t < now]:
                del self._kept[old]
            mine = [k for k, (_, o, _) in self._kept.items() if o == owner]  # oldest first
            for old in mine[: max(0, len(mine) - FLASHES_EACH + 1)]:
                del self._kept[old]
            while len(self._kept) >= FLASHES:
                del self._kept[next(iter(self._kept))]
            self._kept[key] = (now + FLASH_SECONDS, owner, data)
        return key

    def get(self, owner: str, key: str) -> dict[str, Any] | None:
        """What :meth:`put` kept under ``key`` for ``owner`` (kept till it expires, so a
        reload shows it again), or None: expired, another browser's, or unknown."""
        with self._lock:
            kept = self._kept.get(key)
        if kept is None or kept[0] < time.monotonic() or kept[1] != owner:
            return None
        return kept[2]


class Site:
    """The web page's shared state over one :class:`~memdir.Memdir` (the server's)."""

    def __init__(
        self,
        workspaces: Workspaces,
        keys: Keys,
        *,
        port: int = 0,
        team: TeamSignIn | None = None,
    ) -> None:
        self.md = workspaces.md
        self.workspaces = workspaces  # the projects' Memdirs, shared with MCP and /api
        self.keys = keys
        self.team = team  # the team server: each user signs in with their own tokens
        self.cookie_name = COOKIE.format(port=port)
        self.flashes = Flashes()
        self.env = Environment(
            loader=PackageLoader("memdir.web", "templates"),
            autoescape=select_autoescape(default=True),
            trim_blocks=True,
            lstrip_blocks=True,
        )
        self.env.filters.update(ago=ago, datetime=when, markdown=markdown, highlight=highlight)
        # what the forms let be typed: the limits the library validates with
        self.env.globals["limits"] = {"name": NAME_MAX, "description": DESCRIPTION_MAX}
        self.env.globals["kinds_title"] = {
            "merge": "Duplicates",
            "conflict": "Conflicts",
            "stale": "Stale",
            "promote": "Promotions",
            "pending": "Writes awaiting approval",
            "synthesis": "Patterns",
            "skill": "Skills from repeated procedures",
            "index": "Index budget",
        }

    # -- who and where ---------------------------------------------------------------------

    async def viewer(self, request: Request) -> tuple[Viewer, Keys] | None:
        """The signed-in viewer of this request and the keys of its cookie, if any (on the
        team server: while its token is live, read from the database)."""
        cookie = request.cookies.get(self.cookie_name)
        if self.team is None:
            viewer = self.keys.viewer(cookie)
            return None if viewer is None else (viewer, self.keys)
        team = self.team
        return await anyio.to_thread.run_sync(lambda: team.check(cookie))

    def keys_of(self, request: Request) -> Keys:
        """The keys of this request's cookie (the server's, or its team token's)."""
        keys = request.scope.get("state", {}).get("keys")
        return keys if isinstance(keys, Keys) else self.keys

    def project(self, request: Request) -> Path | None:
        """The project folder the URL names (``?project=``), or None for the server's;
        on the team server a repository URL (its stand-in folder, as MCP's header)."""
        given = request.query_params.get("project")
        if not given:
            return None
        if self.team is not None:
            from ..core.errors import ValidationError
            from ..pg.names import remote_folder

            named = given if ":" in given else "https://" + given  # host/owner/repo too
            try:
                return Path(remote_folder(named))
            except ValidationError as exc:
                raise HTTPException(400, str(exc)) from None
        if "\x00" in given or not given.startswith("/") or len(given) > 4096:
            raise HTTPException(400, "project must be an absolute folder path")
        folder = Path(given)
        if not folder.is_dir():
            raise HTTPException(400, f"no folder {given}")
        return folder.resolve()  # as MCP names it: one Memdir for both

    @contextmanager
    def memdir(self, request: Request) -> Iterator[Memdir]:
        """The Memdir this request's viewer sees, for the project its URL names, held
        while the block runs (on the worker thread). On the team server, as the viewer's
        user: the one their MCP tools and pushes use (never the server's own Memdir)."""
        viewer = request.scope["state"]["viewer"]
        folder = self.project(request)
        if folder is None and self.team is None:
            yield self.md
            return
        # kept even when the project is not granted: the Memdir looks the grant up again
        # on use, so a grant made later shows on the next page
        why = "choose one of your projects at the top of the memory page"
        with self.workspaces.use(folder, viewer.user or None, why) as md:
            md.set_admin(viewer.admin)  # the role as of this request
            yield md

    # -- answers ---------------------------------------------------------------------------

    async def call(self, fn: Callable[[], _T]) -> _T:
        """Run a blocking library call on the worker thread."""
        return await anyio.to_thread.run_sync(fn, limiter=self.workspaces.limiter)

    def href(self, request: Request) -> Callable[..., str]:
        """A link maker that keeps the page's project: ``href('/review', q='x')``."""
        project = request.query_params.get("project")

        def make(path: str, **query: Any) -> str:
            params = {"project": project} if project else {}
            params.update({k: v for k, v in query.items() if v not in (None, "", False)})
            return path + ("?" + urlencode(params) if params else "")

        return make

    def render(
        self, request: Request, template: str, context: Mapping[str, Any], status: int = 200
    ) -> HTMLResponse:
        """A page from ``template`` with what every page needs (CSRF token, links)."""
        cookie = request.cookies.get(self.cookie_name, "")
        viewer = request.scope.get("state", {}).get("viewer")
        html = self.env.get_template(template).render(
            request=request,
            csrf=self.keys_of(request).csrf(cookie) if viewer else "",
            viewer=viewer,
            href=self.href(request),
            project=request.query_params.get("project", ""),
            path=request.url.path,
            team=self.team is not None,
            **context,
        )
        return HTMLResponse(html, status, headers={"cache-control": "no-store"})

    async def page(
        self,
        request: Request,
        template: str,
        build: Callable[[Memdir], Mapping[str, Any] | Response],
        status: int = 200,
    ) -> Response:
        """Build a page's context on the worker thread from this request's Memdir, then
        render it; a library error becomes an error page that says what to do."""

        def run() -> Mapping[str, Any] | Response:
            with self.memdir(request) as md:
                built = build(md)
                if isinstance(built, Response):
                    return built
                if self.team is not None:  # the projects this viewer may open, for the header
                    user = request.scope["state"]["viewer"].user
                    built = {"team_projects": self.team.projects(user), **built}
                return {"now": md.clock(), **built}

        try:
            context = await self.call(run)
        except MemdirError as exc:
            return self.error(request, exc)
        if isinstance(context, Response):
            return context
        return self.render(request, template, context, status)

    def error(self, request: Request, exc: Exception, status: int | None = None) -> Response:
        """An error page: 404 for something that does not exist, 403 for a scope this
        viewer may not use, else 400."""
        if status is None:
            missing = isinstance(exc, NotFoundError | UnknownSessionError | UnknownRevisionError)
            refused = isinstance(exc, AccessError | ReadOnlyScopeError)
            status = 404 if missing else 403 if refused else 400
        return self.render(request, "error.html", {"message": said(exc), "back": back(exc)}, status)

    def _owner(self, request: Request) -> str:
        cookie = request.cookies.get(self.cookie_name, "")
        return hashlib.sha256(cookie.encode()).hexdigest()

    def flash(self, request: Request, data: dict[str, Any]) -> str:
        """Keep what a refused form sent, for this browser's next page (:class:`Flashes`);
        the id its URL carries."""
        return self.flashes.put(self._owner(request), data)

    def refusal(self, request: Request, expired: dict[str, Any]) -> dict[str, Any]:
        """What :meth:`flash` kept for this browser under the page's ``?refused=`` key;
        ``expired`` when it is no longer kept (after a while, a restart, or another server
        process answering); nothing on a page shown without one."""
        key = request.query_params.get("refused")
        if not key:
            return {}
        return self.flashes.get(self._owner(request), key) or expired

    def redirect(self, request: Request, path: str, **query: Any) -> Response:
        """303 to another page of the same project (after a form post)."""
        return RedirectResponse(self.href(request)(path, **query), status_code=303)

    async def form(self, request: Request) -> FormData:
        """A posted form, after checking it came from one of our pages: its CSRF token
        matches the cookie, and the browser does not call it cross-site."""
        fetch_site = request.headers.get("sec-fetch-site", "same-origin")
        origin = request.headers.get("origin")
        own = f"{request.url.scheme}://{request.url.netloc}"
        if fetch_site not in ("same-origin", "none") or (origin and origin != own):
            raise HTTPException(403, "cross-site form post refused")
        form = await request.form(max_files=0, max_fields=50, max_part_size=MAX_FORM)
        given = form.get("csrf")
        cookie = request.cookies.get(self.cookie_name, "")
        if not isinstance(given, str) or not self.keys_of(request).check_csrf(cookie, given):
            raise HTTPException(403, "this form is out of date or was not sent by memdir's page")
        return form


def text(form: FormData, name: str, default: str = "") -> str:
    """A form field as text (a missing or file field gives ``default``)."""
    value = form.get(name)
    return value if isinstance(value, str) else default
