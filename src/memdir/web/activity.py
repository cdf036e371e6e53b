"""The activity page: recent changes across scopes with who made them (user, agent,
extractor, import), the writes the guard refused, and the pipeline's recent jobs."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ..core.errors import MemdirError
from ..core.store import commit_source
from .site import Site

if TYPE_CHECKING:
    from ..core.storage.base import Commit
    from ..engine import Memdir

CHANGES = 100
JOBS = 30
REFUSALS = 50


def source_of(commit: Commit) -> str:
    """Who made a change (the commit message's source line, :func:`commit_source`);
    ``hand edit`` for a file someone edited outside memdir."""
    found = commit_source(commit.message)
    if found is not None:
        return found
    return "hand edit" if commit.subject.startswith("hand edit") else "?"


def activity_context(md: Memdir, source: str) -> dict[str, Any]:
    """Recent commits of every scope with history (filtered by ``source``) and jobs."""
    try:
        revisions = md.history.log(limit=CHANGES)
        no_history = None
    except MemdirError as exc:
        revisions, no_history = [], str(exc)
    changes = [(r, source_of(r.commit)) for r in revisions]
    sources = sorted({s for _, s in changes})
    if source:
        changes = [(r, s) for r, s in changes if s == source]
    jobs = md.pipeline.jobs.list(limit=JOBS) if md.has_state else []
    return {
        "refusals": md.refusals(REFUSALS),
        "changes": changes,
        "sources": sources,
        "source": source,
        "no_history": no_history,
        "jobs": jobs,
    }


def routes(site: Site) -> list[Route]:
    """``/activity`` (``?source=``)."""

    async def activity_page(request: Request) -> Response:
        source = request.query_params.get("source", "")[:40]
        done = request.query_params.get("done") == "reverted"

        def build(md: Memdir) -> dict[str, Any]:
            return {**activity_context(md, source), "reverted": done}

        return await site.page(request, "activity.html", build)

    return [Route("/activity", activity_page, methods=["GET"])]
