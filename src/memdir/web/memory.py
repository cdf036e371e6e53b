"""The memory page: scopes side by side, filters, full-text search, and a form to add."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ..core.errors import AccessError, MemdirError
from ..core.model import SCOPES, Source
from .entry import expired_change
from .site import TYPES, Site, text

if TYPE_CHECKING:
    from ..core.layers import EntryState
    from ..engine import Memdir

EXPIRED = (
    "An add was refused, but what it sent is no longer kept here (after a while, or after "
    "the server restarted): nothing was added. Fill in the form again."
)
SOURCES = [s.value for s in Source]


def writable(md: Memdir) -> list[str]:
    """Scopes the viewer can write from this page: those not read-only for them. The
    managed scope is read-only but on the team server to an admin (the org scope, as
    :meth:`Workspace.set_admin` sets it for this request); the store refuses a write to a
    read-only scope whatever a form posts."""
    return [name for name, loc in md.locations.items() if not loc.read_only and not loc.unavailable]


def _columns(md: Memdir, states: list[EntryState]) -> list[dict[str, Any]]:
    """One column per scope, ascending precedence, with its entries."""
    return [
        {
            "name": name,
            "location": md.locations[name],
            "entries": [s for s in states if s.scope == name],
        }
        for name in SCOPES
        if name in md.locations
    ]


def memory_context(md: Memdir, query: Mapping[str, str]) -> dict[str, Any]:
    """What the memory page shows for these filters (``type``, ``source``, ``stale``,
    ``q``): every state from :meth:`Memdir.overview`, or the ranked hits of
    :meth:`Memdir.search` for a query."""
    kind, source, q = query.get("type", ""), query.get("source", ""), query.get("q", "").strip()
    stale = query.get("stale") == "1"
    states = md.overview()
    total = len(states)
    if kind:
        states = [s for s in states if s.entry.type.value == kind]
    if source:
        states = [s for s in states if s.entry.source.value == source]
    if stale:
        states = [s for s in states if s.unused]
    hits = None
    if q:
        by_key = {(s.scope, s.entry.id): s for s in states}
        hits = [
            (h, by_key[(h.scope, h.entry.id)])
            for h in md.search(q, limit=50)
            if (h.scope, h.entry.id) in by_key
        ]
    return {
        "columns": _columns(md, states),
        "hits": hits,
        "total": total,
        "shown": len(states),
        "filters": {"type": kind, "source": source, "stale": stale, "q": q},
        "types": TYPES,
        "sources": SOURCES,
        "writable": writable(md),
        "max_unused_days": md.settings.max_unused_days,
        "warnings": list(md.warnings),
    }


def routes(site: Site) -> list[Route]:
    """``/`` and ``POST /entries``."""

    async def memory_page(request: Request) -> Response:
        # a refused add (see ``add``), or a pin/unpin/remove of an entry removed meanwhile
        # (entry.py sends it here): which one, the URL says when the flash is gone
        kept = site.refusal(request, expired_change(request) or {"add_error": EXPIRED})

        def build(md: Memdir) -> dict[str, Any]:
            return {**memory_context(md, request.query_params), **kept}

        return await site.page(request, "memory.html", build)

    async def add(request: Request) -> Response:
        form = await site.form(request)
        fields = {k: text(form, k) for k in ("scope", "type", "name", "description", "body")}
        pinned = text(form, "pinned") == "on"

        def run(md: Memdir) -> Response:
            try:
                entry = md.store(fields["scope"] or "local").add(
                    type=fields["type"],
                    name=fields["name"],
                    description=fields["description"],
                    body=fields["body"],
                    pinned=pinned,
                    source=Source.USER,
                )
            except AccessError:
                raise  # a scope this viewer may not use: 403, not a form to fix
            except MemdirError as exc:  # the form comes back with the text and the reason,
                # on a page of its own (post/redirect/get: Back never posts it again)
                kept = {"add_error": str(exc), "add": {**fields, "pinned": pinned}}
                return site.redirect(request, "/", refused=site.flash(request, kept))
            return site.redirect(request, f"/entry/{fields['scope'] or 'local'}/{entry.id}")

        return await site.page(request, "memory.html", run)

    return [
        Route("/", memory_page, methods=["GET"]),
        Route("/entries", add, methods=["POST"]),
    ]
