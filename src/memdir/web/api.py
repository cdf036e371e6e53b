"""The team server's JSON routes for ``memdir push/pull --server``, behind the same token
gate as MCP: ``GET /api/entries`` (a pull's source) and ``POST /api/push`` (entries and
``apply``), as the token's user in the project the X-Memdir-Project header names
(docs/design/team-server.md, "Push and pull through the server")."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import anyio

from ..core.errors import (
    AccessError,
    LockTimeoutError,
    MemdirError,
    PostgresError,
    ValidationError,
)
from ..pg.wire import IDS_HEADER, SAME_AS, SAME_AS_HEADER, VERSION

if TYPE_CHECKING:
    from starlette.types import Receive, Scope, Send

    from ..core.model import Entry
    from ..core.workspace import Workspace
    from ..serve.workspaces import Workspaces

API_PATH = "/api"
NO_PROJECT = (
    "the request named no project: send the header X-Memdir-Project with the "
    "repository's remote URL (memdir push/pull send the checkout's 'origin')"
)
#: The slug of the client's checkout: the key of its local scope when the project has no
#: remote URL (a push sends it as local_scope too); else where older sessions kept it.
CHECKOUT_HEADER = "x-memdir-checkout"
#: "1" when the client applies its pull: only then does the server move the user's entries
#: left under the checkout's slug; without it (a dry run, or a client before 2026-12-07) it
#: only says how many there are, so a GET writes nothing unasked.
APPLY_HEADER = "x-memdir-apply"
NO_LOCAL = (
    "the request named neither a project URL nor a checkout (X-Memdir-Checkout, which "
    "memdir pull sends from 2026-12-04 on): update memdir"
)
log = logging.getLogger(__name__)


def _status(exc: MemdirError) -> int:
    if isinstance(exc, ValidationError):
        return 400
    if isinstance(exc, AccessError):
        return 403
    if isinstance(exc, PostgresError | LockTimeoutError):
        return 503
    return 409


def _renamed(side: dict[str, list[Entry]]) -> list[str]:
    """For a client that makes a pulled entry's id from its name (no :data:`IDS_HEADER`):
    each scope's entries it would store under another id taken out of ``side`` (a second
    copy there, and again on each pull), and a note saying so."""
    from ..pg.wire import renamed

    notes = []
    for scope, entries in side.items():
        out = [e.id for e in entries if renamed(e)]
        if out:
            side[scope] = [e for e in entries if not renamed(e)]
            shown = ", ".join(out[:10]) + (f" and {len(out) - 10} more" if len(out) > 10 else "")
            notes.append(
                f"{scope} scope: {len(out)} entr{'y' if len(out) == 1 else 'ies'} not sent "
                f"({shown}): this memdir client is older than the team server and would "
                f"store {'it' if len(out) == 1 else 'them'} under another id; update memdir"
            )
    return notes


class Api:
    """The ASGI app of :data:`API_PATH`. A request works in the token's user's Memdir of
    its project from ``workspaces``, the table MCP takes from too (kept for the next
    requests: its listings then parse only what changed), on its limiter (``--threads``:
    a push waits its turn)."""

    def __init__(self, workspaces: Workspaces) -> None:
        self.workspaces = workspaces

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        from starlette.requests import Request
        from starlette.responses import JSONResponse

        request = Request(scope, receive)
        route = {"/api/entries": "GET", "/api/push": "POST"}.get(request.url.path.rstrip("/"))
        user = scope.get("state", {}).get("memdir_user")
        status, body = 200, {}
        if self.workspaces.md.database is None or not isinstance(user, str):
            status, body = 404, {"error": "push and pull need a team server (--database)"}
        elif route is None:
            status, body = 404, {"error": "no such route: use /api/entries or /api/push"}
        elif request.method != route:
            status, body = 405, {"error": f"{request.url.path} takes {route}"}
        else:
            try:
                data = await request.body()
                header = request.headers.get("x-memdir-project")
                checkout = request.headers.get(CHECKOUT_HEADER)
                apply = request.headers.get(APPLY_HEADER) == "1"
                ids = request.headers.get(IDS_HEADER) == "1"
                same_as = request.headers.get(SAME_AS_HEADER) == "1"

                def work() -> dict[str, Any]:
                    if route == "POST":
                        return self._push(user, header, checkout, data, same_as=same_as)
                    return self._pull(user, header, checkout, apply=apply, ids=ids)

                body = await anyio.to_thread.run_sync(work, limiter=self.workspaces.limiter)
            except MemdirError as exc:
                status, body = _status(exc), {"error": f"memdir: {exc}"}
            except Exception:  # never a traceback to the client; the log has it
                log.exception("memdir: %s %s failed", request.method, request.url.path)
                status, body = 500, {"error": "memdir: internal error (see the server's log)"}
        answer = JSONResponse({"memdir": VERSION, **body}, status_code=status)
        answer.headers[IDS_HEADER] = "1"  # a pushed entry keeps its id here
        await answer(scope, receive, send)

    @contextmanager
    def _open(self, user: str, header: str | None) -> Iterator[Workspace]:
        """``user``'s Memdir in the project ``header`` names by its repository URL, held
        for this request: what another process changed is read from the database, the
        grant looked up again here (docs/design/team-server.md)."""
        from ..pg.names import remote_folder

        if header is not None and header.strip().startswith(("/", "~")):
            raise ValidationError(
                "X-Memdir-Project must be the repository's remote URL here, not a folder",
                field="project",
            )
        folder = Path(remote_folder(header)) if header is not None and header.strip() else None
        with self.workspaces.use(folder, user, NO_PROJECT) as md:
            md.stores()  # a grant given or taken away since shows now (one query)
            yield md

    def _pull(
        self, user: str, header: str | None, checkout: str | None, *, apply: bool, ids: bool = True
    ) -> dict[str, Any]:
        from ..pg.names import local_slug_name, url_slug
        from ..pg.transfer import entries_of
        from ..pg.wire import scopes_json

        slug = local_slug_name(checkout) if checkout is not None else None
        with self._open(user, header) as ws:
            url = ws.project_url  # with one, it keys the local scope (pg.names.url_slug)
            # the user's own, of this checkout: no loss; a dry run (or an older client)
            # writes nothing: it says what the apply would do
            left = ws.adopt_left_behind(slug) if apply else ws.would_adopt(slug)
            side, notes = entries_of(ws, local=slug if url is None else None)
            if not ids:  # an older client: it would add these under another id
                notes += _renamed(side)
            if url is None and slug is None:
                side.pop("local", None)
                notes = [n for n in notes if not n.startswith("local scope")]
                notes.append(f"local scope skipped: {NO_LOCAL}")
            return {
                "user": user,
                "project": url,
                "local_scope": slug if url is None else url_slug(url),
                "scopes": scopes_json(side),
                "notes": notes + left,
            }

    def _push(
        self,
        user: str,
        header: str | None,
        checkout: str | None,
        data: bytes,
        *,
        same_as: bool = False,
    ) -> dict[str, Any]:
        from ..pg.names import local_slug_name
        from ..pg.transfer import transfer
        from ..pg.wire import parse_push

        try:
            given = json.loads(data)
        except (ValueError, RecursionError):
            raise ValidationError("the body is not JSON", field="body") from None
        push = parse_push(given)
        slug = local_slug_name(checkout) if checkout is not None else push.local
        with self._open(user, header) as ws:
            local = None
            if ws.project_url is None:  # no URL: the checkout's slug keys the local scope
                local = push.local
                if "local" in push.scopes and local is None:
                    raise ValidationError(
                        "scopes.local needs local_scope, the slug of the checkout, when "
                        "the request names no project URL (X-Memdir-Project)",
                        field="local_scope",
                    )
            left = ws.adopt_left_behind(slug) if push.apply else ws.left_behind(slug)
            done = transfer(
                push.scopes,
                ws,
                apply=push.apply,
                where="on the team server",
                local=local,
                bases=push.bases,
            )
            done.moves += push.refused  # its id refused alone (HTTP 400 for all before)
            done.notes += left
            if same_as:  # a client that reads it (an older one refuses an unknown field)
                return {**done.to_dict(), SAME_AS: done.same_as}
            return done.to_dict()
