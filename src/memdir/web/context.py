"""The context page: what a new session in a chosen project folder would load — the
``memdir context --explain`` breakdown as a stacked bar, and what was left out and why."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ..prompt import approx_tokens
from .site import Site

if TYPE_CHECKING:
    from ..engine import Memdir

__all__ = ["routes"]

BAR_WIDTH = 1000  # the bar's SVG user units


def context_context(md: Memdir, paths: list[str]) -> dict[str, Any]:
    """Sections of the block with their size and place on the bar, and the notes."""
    found = md.explain(paths or None)
    total = sum(len(s.text.encode()) for s in found.sections) or 1
    parts, x = [], 0.0
    for i, s in enumerate(found.sections, 1):
        size = len(s.text.encode())
        width = BAR_WIDTH * size / total
        parts.append(
            {
                "n": i,
                "section": s,
                "bytes": size,
                "tokens": approx_tokens(s.text),
                "x": round(x, 2),
                "width": round(width, 2),
            }
        )
        x += width
    block = found.text
    return {
        "parts": parts,
        "notes": found.notes,
        "bytes": len(block.encode()),
        "tokens": approx_tokens(block),
        "paths": "\n".join(paths),
        "folder": str(md.settings.project) if md.projectless is None else "",
        "enabled": md.enabled,
        "bar_width": BAR_WIDTH,
    }


def routes(site: Site) -> list[Route]:
    """``/context`` (``?project=FOLDER&paths=…``)."""

    async def context_page(request: Request) -> Response:
        raw = request.query_params.get("paths", "")[:8192]
        paths = [p.strip() for p in raw.splitlines() if p.strip()][:50]
        return await site.page(request, "context.html", lambda md: context_context(md, paths))

    return [Route("/context", context_page, methods=["GET"])]
