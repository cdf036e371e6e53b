"""The sessions pages: search across sessions with highlighted snippets, a session's
transcript (tool calls folded) with its lineage, and its memory mode."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ..core.errors import MemdirError, UnknownSessionError
from ..sessions import MEMORY_MODES, sanitize
from ..sessions.records import ROLES
from .site import Site, text

if TYPE_CHECKING:
    from ..engine import Memdir

PAGE = 200  # messages of a transcript per page


def sessions_context(md: Memdir, q: str, role: str) -> dict[str, Any]:
    """Hits for ``q`` (grouped by root session, as ``memdir sessions search``), or the
    most recent sessions when there is no query."""
    if not md.has_state:  # nothing logged: do not create state.db to say so
        return {"q": q, "role": role, "hits": None, "recent": [], "terms": [], "roles": ROLES}
    if q.strip():
        filters: dict[str, Any] = {"role": role} if role else {}
        hits = md.sessions.search(q, limit=20, window=1, **filters)
        terms = list(sanitize(q).highlights())
        return {"q": q, "role": role, "hits": hits, "terms": terms, "roles": ROLES}
    recent = md.sessions.list(limit=50)
    return {"q": q, "role": role, "hits": None, "recent": recent, "terms": [], "roles": ROLES}


def session_context(md: Memdir, session_id: str, page: int) -> dict[str, Any]:
    """One session: its messages (a page of them), parent, children and memory mode."""
    store = md.sessions
    info = store.resolve(session_id)
    kin = []
    for i in store.lineage(info.id) - {info.id}:
        try:
            kin.append(store.get(i))
        except UnknownSessionError:  # the tree of a child whose parent is not logged here
            continue
    children = sorted((s for s in kin if s.parent_id == info.id), key=lambda s: s.started_at)
    parent = None
    if info.parent_id:
        try:
            parent = store.get(info.parent_id)
        except MemdirError:  # a child imported before its parent: named, not linked
            parent = None
    messages = store.messages(info.id, limit=PAGE, offset=page * PAGE)
    return {
        "info": info,
        "parent": parent,
        "children": children,
        "messages": [(m, _calls(m.tool_calls)) for m in messages],
        "page": page,
        "more": info.messages > (page + 1) * PAGE,
        "modes": MEMORY_MODES,
    }


def _calls(calls: object) -> str | None:
    """Logged tool calls as indented JSON to fold under the message."""
    if calls is None:
        return None
    return json.dumps(calls, indent=2, ensure_ascii=False, default=str)


def routes(site: Site) -> list[Route]:
    """``/sessions``, ``/sessions/{id}`` and ``POST /sessions/{id}/mode``."""

    async def sessions_page(request: Request) -> Response:
        q = request.query_params.get("q", "")[:1000]
        role = request.query_params.get("role", "")
        return await site.page(request, "sessions.html", lambda md: sessions_context(md, q, role))

    async def session_page(request: Request) -> Response:
        session_id = request.path_params["session_id"]
        raw = request.query_params.get("page", "0")
        page = int(raw) if raw.isdigit() and len(raw) < 7 else 0
        changed = request.query_params.get("mode")

        def build(md: Memdir) -> dict[str, Any]:
            context = session_context(md, session_id, page)
            return {**context, "changed": changed if changed in MEMORY_MODES else None}

        return await site.page(request, "session.html", build)

    async def set_mode(request: Request) -> Response:
        form = await site.form(request)
        session_id, mode = request.path_params["session_id"], text(form, "mode")

        def run(md: Memdir) -> Response:
            info = md.sessions.resolve(session_id)
            md.sessions.set_memory_mode(info.id, mode)
            return site.redirect(request, f"/sessions/{info.id}", mode=mode)

        return await site.page(request, "error.html", run)

    return [
        Route("/sessions", sessions_page, methods=["GET"]),
        Route("/sessions/{session_id}", session_page, methods=["GET"]),
        Route("/sessions/{session_id}/mode", set_mode, methods=["POST"]),
    ]
