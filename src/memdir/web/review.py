"""The review page: ``memdir review``'s proposals, each applied through the same code as
``memdir review --apply``, or rejected as ``--reject`` does."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ..core.errors import AccessError, MemdirError
from ..review.proposals import KINDS, UnknownProposalError
from .site import Site

REFUSED = (
    "A review decision was refused, but why is no longer kept here (after a while, or "
    "after the server restarted): nothing was applied or rejected."
)

LISTED_AGAIN = "nothing was changed by this decision; the proposals below are the current ones"

if TYPE_CHECKING:
    from ..engine import Memdir


def review_context(md: Memdir) -> dict[str, Any]:
    """The proposals grouped by kind, in ``memdir review``'s order."""
    proposals = md.review()
    groups = [(kind, [p for p in proposals if p.kind == kind]) for kind in KINDS]
    names = {f"{s.scope}:{s.entry.id}": s.entry.name for s in md.overview()}
    return {
        "groups": [(k, ps) for k, ps in groups if ps],
        "count": len(proposals),
        "names": names,
    }


def routes(site: Site) -> list[Route]:
    """``/review``, ``POST /review/apply`` and ``POST /review/reject``."""

    async def review_page(request: Request) -> Response:
        applied = request.query_params.get("applied")
        rejected = request.query_params.get("rejected")
        kept = site.refusal(request, {"error": REFUSED})  # a refused decision (see decide)

        def build(md: Memdir) -> dict[str, Any]:
            return {
                **review_context(md),
                "applied": applied,
                "rejected": rejected,
                **kept,
            }

        return await site.page(request, "review.html", build)

    def decide(verb: str) -> Callable[[Request], Awaitable[Response]]:
        """``apply``: through md.apply_review (what ``--apply`` runs); ``reject``:
        md.reject_review, so it is not proposed again. Refused, a redirect to the review
        page, which says why (post/redirect/get: Reload never posts the decision again)."""

        async def endpoint(request: Request) -> Response:
            form = await site.form(request)
            ids = [v for v in form.getlist("id") if isinstance(v, str) and v]

            def run(md: Memdir) -> Response:
                act = md.apply_review if verb == "apply" else md.reject_review
                try:
                    done = act(ids)
                except AccessError:
                    raise  # a scope this viewer may not use: 403, not a decision to redo
                except UnknownProposalError as exc:  # decided elsewhere: this page is current
                    kept = {"error": str(UnknownProposalError(exc.ids, LISTED_AGAIN))}
                    return site.redirect(request, "/review", refused=site.flash(request, kept))
                except MemdirError as exc:
                    kept = {"error": str(exc)}
                    return site.redirect(request, "/review", refused=site.flash(request, kept))
                names = ", ".join(p.id for p in done)
                said = "applied" if verb == "apply" else "rejected"
                return site.redirect(request, "/review", **{said: names})

            return await site.page(request, "review.html", run)

        return endpoint

    return [
        Route("/review", review_page, methods=["GET"]),
        Route("/review/apply", decide("apply"), methods=["POST"]),
        Route("/review/reject", decide("reject"), methods=["POST"]),
    ]
