"""A library error as the web page says it: the advice one can follow in a browser (a
page, a link), not a command or a call to the library."""

from __future__ import annotations

from ..core.errors import AccessError, UnknownSessionError
from ..core.printable import shown


def said(exc: Exception) -> str:
    """``exc``'s message for an error page."""
    if isinstance(exc, UnknownSessionError):
        close = f" Ids holding it: {', '.join(map(shown, exc.near))}." if exc.near else ""
        return (
            f"No session {exc.session_id!r} stored.{close} The Sessions page lists them "
            f"and finds one by what was said in it."
        )
    if isinstance(exc, AccessError) and exc.advice:
        return (
            f"{exc.fact}. Back to memory shows what you may read (the org's and your own, "
            f"and the projects you were granted); ask the team's admin for this one."
        )
    return str(exc)


def back(exc: Exception) -> str | None:
    """Where the error page's "Back to memory" leads when not to the page's project: to
    memory without it, when that project is what was refused."""
    return "/" if isinstance(exc, AccessError) and exc.advice else None
