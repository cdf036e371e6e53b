"""The entry page: its body with the reminders ``memory_read`` gives, edit, pin, remove,
supersede, and its history (every version's diff, each one revertible)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ..core.changes import base_id
from ..core.config import WRITABLE_SCOPES
from ..core.errors import AccessError, HistoryError, MemdirError, NotFoundError, StaleError
from ..core.model import Entry, Source
from ..review.versions import unified
from .site import TYPES, Site, ago, text

if TYPE_CHECKING:
    from ..engine import Memdir

HISTORY = 30  # versions listed on an entry's page
INLINE_DIFFS = 5  # of which the newest this many show their diff in place
DONE = {
    "saved": "Saved.",
    "pinned": "Pinned: it is loaded in full at the start of every session.",
    "unpinned": "Unpinned.",
    "removed": "Removed: moved to the archive. Revert the removal below to bring it back.",
    "superseded": "Saved as the new version; the old one is in the archive.",
    "reverted": "Reverted; the revert is itself a change you can revert.",
    "unchanged": "Nothing changed.",
}
STALE = (
    "Not saved: someone else saved a newer version of this entry after this page was "
    "opened. Their version is shown on this page; your text is kept in the form. Save "
    "again to replace theirs with yours."
)
REFUSED = (
    "An entry was not {verb}, and why is no longer kept here (after a while, or after the "
    "server restarted): nothing was changed."
)
GONE = (
    "{id} was removed or replaced meanwhile (in another tab, or by an agent), so it was not "
    "{verb}: nothing was changed."
)
REMOVED = (
    "Not saved: this entry was {what} {when}, after this page was opened. Its last version "
    "is shown on this page, from the archive; your text is kept in the form below: add it "
    "again as a new entry."
)
TYPED = ("saved", "superseded")  # the forms with text typed in: refused, the POST's own page
UNTYPED = ("pinned", "unpinned", "removed")  # refused: a redirect, its kind in the URL
Form = Mapping[str, str]  # a posted entry form's fields


def diff_lines(diff: str) -> list[tuple[str, str]]:
    """A unified diff as ``(css class, line)`` pairs."""
    out = []
    for line in diff.splitlines():
        kind = ""
        if line.startswith(("+++", "---")):
            kind = "d-file"
        elif line.startswith("+"):
            kind = "d-add"
        elif line.startswith("-"):
            kind = "d-del"
        elif line.startswith("@@"):
            kind = "d-hunk"
        out.append((kind, line))
    return out


def no_history(md: Memdir, scope: str) -> str | None:
    """Why ``scope`` shows no history, or None if it keeps one. On the team server without
    the server's config path, which is not the viewer's to edit (an admin gets the hint)."""
    store = md.store(scope)
    if store.history is not None:
        return None
    if scope not in WRITABLE_SCOPES:  # managed: history_scopes cannot name it
        return f"The {scope} scope keeps no history."
    if md.database is None:  # the one-person server: the viewer's own home
        return f"The {scope} scope keeps no history; add it to history_scopes in " + str(
            md.home / "config.toml"
        )
    admin = " (history_scopes in the server's config.toml turns it on)" if md.admin else ""
    return f"The {scope} scope keeps no history on this server{admin}."


def _history(md: Memdir, scope: str, entry: Entry) -> tuple[list[dict[str, Any]], str | None]:
    """An entry's versions, newest first, the newest few with their diff; or why none."""
    why = no_history(md, scope)
    if why is not None:
        return [], why
    versions = md.history
    try:
        revisions = versions.log(entry.id, scope=scope, limit=HISTORY)
    except MemdirError as exc:
        return [], str(exc)
    out = []
    for i, r in enumerate(revisions):
        item: dict[str, Any] = {"revision": r, "lines": None}
        if i < INLINE_DIFFS:
            _, change = versions.change(r.commit.rev, scope)
            files = {p: c for p, c in change.items() if p.endswith(".md") and p != "MEMORY.md"}
            item["lines"] = diff_lines(unified(files))  # the index follows from the files
        out.append(item)
    return out, None


def removed_by(entry: Entry, history: list[dict[str, Any]]) -> str:
    """Who removed or superseded the archived ``entry``: the team user of the newest
    commit that changed it (its removal); "" when not archived or not known (one
    machine's history records no team user)."""
    if not entry.archived or not history:
        return ""
    return str(history[0]["revision"].commit.author)


def entry_context(
    md: Memdir, scope: str, entry_id: str, form: Mapping[str, str] | None = None
) -> dict[str, Any]:
    """What the entry page shows; ``form`` keeps what a refused save sent."""
    _, entry = md.find(entry_id, scope=scope, include_archived=True)
    state = next((s for s in md.overview() if s.scope == scope and s.entry.id == entry.id), None)
    history, no_history = _history(md, scope, entry)
    store = md.store(scope)
    return {
        "scope": scope,
        "entry": entry,
        "removed_by": removed_by(entry, history),
        "state": state,
        "reminders": md.reminders(entry),
        "history": history,
        "no_history": no_history,
        "writable": not store.read_only and not entry.archived,
        "form": form
        or {
            "name": entry.name,
            "description": entry.description,
            "type": entry.type.value,
            "body": entry.body,
        },
        "types": TYPES,
        "etag": entry.etag,  # the version the forms are made from
    }


def archived_copy(md: Memdir, scope: str, entry_id: str) -> Entry | None:
    """The newest archived copy of the entry ``entry_id`` was (removed or superseded)."""
    copies = [
        e
        for e in md.store(scope).list(include_archived=True)
        if e.archived and base_id(e.id) == entry_id
    ]
    return max(copies, key=lambda e: (e.removed_at or e.updated, e.id), default=None)


def gone_context(md: Memdir, scope: str, entry_id: str, fields: Form) -> dict[str, Any] | None:
    """The entry page for a save or supersede of ``entry_id``, which someone removed or
    superseded after the form was opened: its archived copy, the typed text in a form that
    adds it again; None if no archived copy is left (or it is still there)."""
    if any(e.id == entry_id for e in md.store(scope).list()):
        return None  # still there: refused for another reason
    old = archived_copy(md, scope, entry_id)
    if old is None:
        return None
    form = {**fields, "type": fields["type"] or old.type.value}
    context = entry_context(md, scope, old.id, form)
    what = f"superseded by {old.superseded_by}" if old.superseded_by else "removed"
    if context["removed_by"]:
        what += f" by {context['removed_by']}"
    when = ago(old.removed_at or old.updated, md.clock())
    return {**context, "error": REMOVED.format(what=what, when=when), "gone": True}


def expired_change(request: Request) -> dict[str, str] | None:
    """What a page says for a refused pin, unpin or remove whose flash is no longer kept
    (:meth:`Site.refusal`): the refusal's kind is in the URL (``failed``) it redirected
    to, the entry page's or the memory page's; None if the URL names no such kind."""
    verb = request.query_params.get("failed", "")
    return {"error": REFUSED.format(verb=verb)} if verb in UNTYPED else None


def routes(site: Site) -> list[Route]:
    """``/entry/{scope}/{id}`` and its actions, ``/history/{scope}/{rev}`` and revert."""

    async def entry_page(request: Request) -> Response:
        scope, entry_id = request.path_params["scope"], request.path_params["entry_id"]
        done = DONE.get(request.query_params.get("done", ""))
        kept = site.refusal(  # a refused pin/unpin/remove
            request, expired_change(request) or {"error": REFUSED.format(verb="changed")}
        )
        return await site.page(
            request,
            "entry.html",
            lambda md: {**entry_context(md, scope, entry_id), "done": done, **kept},
        )

    def action(
        name: str, act: Callable[[Memdir, str, str, Mapping[str, str], str | None], str]
    ) -> Callable[[Request], Any]:
        """A POST on an entry: ``act`` returns the entry id to show next. A refused save or
        supersede (text typed in) is answered by the entry page again with the reason and
        the text that was sent, 422; a refused pin, unpin or remove by a redirect to the
        entry page, which shows the reason (post/redirect/get: Reload never posts it
        again). A form sends the :attr:`~memdir.Entry.etag` it was made from: a save or
        supersede from it is refused if someone else has written the entry since
        (``if_match``)."""

        async def endpoint(request: Request) -> Response:
            form = await site.form(request)
            fields = {k: text(form, k) for k in ("name", "description", "type", "body")}
            # the version the form was made from; "revision" was its name before it became
            # Entry.etag: a tab opened before the upgrade sends the same digest under it
            etag = text(form, "etag") or text(form, "revision") or None
            scope, entry_id = request.path_params["scope"], request.path_params["entry_id"]

            def run(md: Memdir) -> Mapping[str, Any] | Response:
                try:
                    shown = act(md, scope, entry_id, fields, etag)
                except AccessError:
                    raise  # a scope this viewer may not use: 403, not a form to fix
                except MemdirError as exc:
                    if name in UNTYPED:  # nothing typed to keep: the reason, redirected
                        kept = {"error": str(exc), "failed": name}
                        where = f"/entry/{scope}/{entry_id}"
                        if isinstance(exc, NotFoundError):  # no page to show it
                            if not exc.archived:  # never here (or another's): a 404 as GET
                                raise
                            kept = {"error": GONE.format(id=entry_id, verb=name)}
                            where = "/"  # removed meanwhile: said on the memory page
                        key = site.flash(request, kept)  # the kind in the URL too: kept longer
                        return site.redirect(request, where, refused=key, failed=name)
                    if isinstance(exc, NotFoundError):  # removed meanwhile: text kept to add
                        gone = gone_context(md, scope, entry_id, fields)
                        if gone is None:  # no archived copy (or never an entry): 404
                            raise
                        return {**gone, "failed": name}
                    context = entry_context(md, scope, entry_id, fields)
                    stale = isinstance(exc, StaleError)
                    error = STALE if stale else str(exc)
                    # refused as stale: the form is re-armed with the newest version (saving
                    # again is a deliberate overwrite); refused for any other reason, it
                    # keeps the version it was made from, so a later save is still checked
                    if not stale and etag:
                        context["etag"] = etag
                    return {**context, "error": error, "failed": name, "stale": stale}
                return site.redirect(request, f"/entry/{scope}/{shown}", done=name)

            return await site.page(request, "entry.html", run, status=422)

        return endpoint

    def save(md: Memdir, scope: str, entry_id: str, f: Form, etag: str | None) -> str:
        entry = md.store(scope).replace(
            entry_id,
            name=f["name"],
            description=f["description"],
            type=f["type"],
            body=f["body"],
            source=Source.USER,
            if_match=etag,
        )
        return entry.id

    def pin(md: Memdir, scope: str, entry_id: str, f: Form, etag: str | None) -> str:
        return md.store(scope).replace(entry_id, pinned=True, source=Source.USER).id

    def unpin(md: Memdir, scope: str, entry_id: str, f: Form, etag: str | None) -> str:
        return md.store(scope).replace(entry_id, pinned=False, source=Source.USER).id

    def remove(md: Memdir, scope: str, entry_id: str, f: Form, etag: str | None) -> str:
        return md.store(scope).remove(entry_id, source=Source.USER).id

    def supersede(md: Memdir, scope: str, entry_id: str, f: Form, etag: str | None) -> str:
        entry = md.store(scope).supersede(
            entry_id,
            name=f["name"],
            description=f["description"],
            body=f["body"],
            type=f["type"] or None,
            source=Source.USER,
            if_match=etag,
        )
        return entry.id

    async def diff_page(request: Request) -> Response:
        scope, rev = request.path_params["scope"], request.path_params["rev"]

        def build(md: Memdir) -> dict[str, Any]:
            why = no_history(md, scope)
            if why is not None:
                raise HistoryError(why)
            revision, change = md.history.change(rev, scope)
            return {
                "scope": scope,
                "revision": revision,
                "lines": diff_lines(unified(change)),
                "back": request.query_params.get("entry"),
            }

        return await site.page(request, "diff.html", build)

    async def revert(request: Request) -> Response:
        form = await site.form(request)
        scope, rev = request.path_params["scope"], request.path_params["rev"]
        back = text(form, "entry")

        def run(md: Memdir) -> Response:
            why = no_history(md, scope)
            if why is not None:
                raise HistoryError(why)
            md.history.revert(rev, scope, source=Source.USER.value)
            if back:
                try:  # the entry may have come back under its own id (a removal undone)
                    _, entry = md.find(base_id(back), scope=scope)
                    back_id = entry.id
                except MemdirError:
                    back_id = back
                return site.redirect(request, f"/entry/{scope}/{back_id}", done="reverted")
            return site.redirect(request, "/activity", done="reverted")

        return await site.page(request, "error.html", run)

    base = "/entry/{scope}/{entry_id}"
    return [
        Route(base, entry_page, methods=["GET"]),
        Route(base + "/save", action("saved", save), methods=["POST"]),
        Route(base + "/pin", action("pinned", pin), methods=["POST"]),
        Route(base + "/unpin", action("unpinned", unpin), methods=["POST"]),
        Route(base + "/remove", action("removed", remove), methods=["POST"]),
        Route(base + "/supersede", action("superseded", supersede), methods=["POST"]),
        Route("/history/{scope}/{rev}", diff_page, methods=["GET"]),
        Route("/history/{scope}/{rev}/revert", revert, methods=["POST"]),
    ]
