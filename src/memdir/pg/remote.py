"""``memdir push/pull --server``: the client of the team server's JSON routes, with a
user's token and no database credentials (stdlib ``urllib``: memdir has no HTTP client
dependency of its own). Every failure is one line naming the server."""

from __future__ import annotations

import http.client
import json
import re
import urllib.error
import urllib.request
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any
from urllib.parse import quote, urlsplit

from ..core.errors import AccessError, MemdirError, ValidationError
from .wire import IDS_HEADER, MAX_BODY_HEADER, SAME_AS_HEADER, VERSION

if TYPE_CHECKING:
    from ..core.model import Entry
    from ..core.workspace import Workspace
    from ..sessions.maintenance import Progress
    from .transfer import Move, Transfer

TIMEOUT = 120.0  # seconds for one request (a push of many entries runs the guard on each)
BATCH = 512 * 1024  # bytes of entries a push sends at once (half the server's 1 MiB)
BATCH_ENTRIES = 200  # entries a push sends at once (wire.MAX_ENTRIES: 500); bench/push.py
#: the least --max-body `memdir serve` takes: a reset while a request no larger was sent
#: is never the server's limit
LEAST_MAX_BODY = 1024
#: the most bytes of one answer a client reads (a pull's: every entry of the token's user,
#: ~2,000 at the 64 KiB an entry's body may hold); past it the answer is refused unread
#: and nothing written, so a hostile or broken server cannot fill this process's memory
MAX_ANSWER = 128 << 20
#: the most bytes of an error answer read (its message is cut at 500 characters)
MAX_ERROR = 64 << 10
#: the bytes of a push request with no entry, as :meth:`Server.call` sends it
#: (``json.dumps``: ", " and ": " between items, ASCII-escaped); "false" is the longer
#: literal, so a dry run and an apply split their batches alike and refuse the same entries
ENVELOPE = len(json.dumps({"apply": False, "scopes": {}}))


_HEADER_ADVICE = " Send the header 'Authorization: Bearer <token>'."


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """A 30x is an error: following it would send the token to wherever it points."""

    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


_OPENER = urllib.request.build_opener(_NoRedirect)


GATEWAY = (502, 503, 504)  # a reverse proxy's answer while the server behind it is away


class Lost(MemdirError):
    """The team server could not be reached, stopped answering, or answered that it
    cannot serve the request now (HTTP 5xx): the same request may succeed later, where
    any other error (a refusal, a batch over its body limit) comes back the same."""


def _without_user(url: str) -> str:
    """``url`` with what stands before its last "@" (back to "//") as ``***``: a
    message never shows a password."""
    at = url.rfind("@")
    if at < 0:
        return url
    start = url.rfind("//", 0, at)
    start = start + 2 if start >= 0 else 0
    return url[:start] + "***" + url[at:]


class Server:
    """The team server at ``url`` (``http://host:port`` or its ``/mcp`` address), as the
    user ``token`` belongs to."""

    def __init__(self, url: str, token: str) -> None:
        given = url.strip().rstrip("/")
        shown = repr(_without_user(url)[:100])
        try:
            parts = urlsplit(given)
            parts.port  # noqa: B018 — raises on a port that is none
        except ValueError:  # an unclosed "[", a port out of range
            raise ValidationError(
                f"--server {shown} is not a URL; give the team server's http(s) URL",
                field="server",
            ) from None
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise ValidationError(
                f"--server must be the team server's http(s) URL, not {shown}",
                field="server",
            )
        if "@" in parts.netloc:  # urllib would take it as part of the host: never sent
            raise ValidationError(
                "--server must not hold a user name or password (the token is what signs "
                "you in); give the team server's address alone",
                field="server",
            )
        self.base = given.removesuffix("/mcp")
        token = token.strip()
        if not token or any(c.isspace() for c in token):
            raise ValidationError("the token is empty or holds spaces", field="token")
        self.token = token
        #: the server's body limit (bytes), as its answers announce it; None until one
        #: did, or from a server that announces none
        self.max_body: int | None = None
        #: a push sent a batch of entries (its answer may not have come): until then an
        #: interrupted push wrote nothing (its probe, a dry run of nothing, writes none)
        self.sending = False
        #: the server keeps a pushed entry's id (:data:`IDS_HEADER`); None until it answered
        self.keeps_ids: bool | None = None

    def _learn(self, headers: Any) -> None:
        """Keep the body limit an answer's ``headers`` announce (:data:`MAX_BODY_HEADER`),
        and whether the server keeps ids (:data:`IDS_HEADER`)."""
        if headers is not None and self.keeps_ids is not True:
            self.keeps_ids = str(headers.get(IDS_HEADER, "")) == "1"
        found = str(headers.get(MAX_BODY_HEADER, "") if headers is not None else "")
        # an ASCII decimal of at most 15 digits, else none announced (a proxy's garbage:
        # "²" is a digit to str.isdigit, 5,000 digits are past what int() parses)
        if re.fullmatch(r"[0-9]{1,15}", found, flags=re.ASCII) and int(found) > 0:
            self.max_body = int(found)

    def call(
        self,
        method: str,
        path: str,
        project: str | None,
        body: Any = None,
        *,
        checkout: str | None = None,
        apply: bool = False,
    ) -> Any:
        """The JSON answer of ``method path`` (``project``: the repository's URL;
        ``checkout``: the checkout's slug, X-Memdir-Checkout; ``apply``: a pull that
        writes, X-Memdir-Apply); MemdirError otherwise."""
        headers = {"Authorization": f"Bearer {self.token}", "Accept": "application/json"}
        headers[IDS_HEADER] = "1"  # a pull keeps the ids it is sent
        headers[SAME_AS_HEADER] = "1"  # a push answer's same_as is read (an older server:
        # no such field, nothing renamed here)
        if project is not None:  # percent-encoded: a header is ASCII (a CJK remote's path)
            headers["X-Memdir-Project"] = quote(project, safe="/:@+~")
        if checkout is not None:
            headers["X-Memdir-Checkout"] = checkout
        if apply:  # without it the server moves nothing (a dry run writes nothing there)
            headers["X-Memdir-Apply"] = "1"
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        request = urllib.request.Request(self.base + path, data, headers, method=method)
        try:
            with _OPENER.open(request, timeout=TIMEOUT) as answer:
                self._learn(answer.headers)
                return self._memdir(answer.status, self._bounded(answer, MAX_ANSWER))
        except urllib.error.HTTPError as exc:
            self._learn(exc.headers)
            if 300 <= exc.code < 400:
                raise MemdirError(
                    f"the team server at {self.base} answered with a redirect (HTTP "
                    f"{exc.code}) to {str(exc.headers.get('Location'))[:200]}: not followed, "
                    f"as it would take your token there; give --server that address"
                ) from None
            found = self._message(self._bounded(exc, MAX_ERROR, whole=False))
            if exc.code in (401, 403):
                raise AccessError(
                    f"the team server at {self.base} refused the token (HTTP {exc.code}): "
                    f"{found or 'no reason given'}"
                ) from None
            if found is None and exc.code in GATEWAY:  # a proxy's page: the server is away
                raise Lost(
                    f"the team server at {self.base} is not answering (HTTP {exc.code} from "
                    f"a proxy in front of it, no memdir answer: restarting, or down); try "
                    f"again later"
                ) from None
            if found is None:
                raise MemdirError(self._foreign(exc.code)) from None
            if exc.code == 400 and "unknown field 'local_scope'" in found:
                raise MemdirError(
                    f"the team server at {self.base} is older than this memdir client: it "
                    f"does not take the local scope of a checkout without a remote 'origin' "
                    f"(local_scope); update the server, or give the checkout an origin"
                ) from None
            kind = Lost if exc.code >= 500 else MemdirError
            raise kind(f"the team server answered HTTP {exc.code}: {found}") from None
        except http.client.HTTPException as exc:  # not HTTP, or the answer cut off
            raise Lost(
                f"the team server at {self.base} sent no complete HTTP answer "
                f"({type(exc).__name__}); check --server"
            ) from None
        except (urllib.error.URLError, OSError) as exc:
            why = getattr(exc, "reason", exc)
            if isinstance(why, TimeoutError):
                raise Lost(
                    f"the team server at {self.base} did not answer within {TIMEOUT:.0f} s; "
                    f"it may still be working on this request (a push: re-run it later, "
                    f"what was written is then 'same')"
                ) from None
            if data is not None and isinstance(why, BrokenPipeError | ConnectionResetError):
                # within the limit, not its 413: the server went away mid-upload, or a
                # proxy in front of it has a lower limit (nothing here can tell which)
                if self.max_body is not None and len(data) <= self.max_body:
                    raise Reset(
                        f"the team server at {self.base} closed the connection while this "
                        f"push was sent ({len(data):,} bytes, within its limit of "
                        f"{self.max_body:,}): it stopped or restarted, or a proxy in front "
                        f"of it takes less"
                    ) from None
                if len(data) <= LEAST_MAX_BODY:  # a push's probe: no server's limit is lower
                    raise Lost(
                        f"the team server at {self.base} closed the connection while this "
                        f"push was sent ({len(data):,} bytes, less than any server's "
                        f"limit): it stopped or restarted, or {self.base} is not a memdir "
                        f"team server; try again later"
                    ) from None
                limit = (
                    f"over its limit of {self.max_body:,} bytes (--max-body)"
                    if self.max_body is not None
                    else "its --max-body may be lower"
                )
                raise MemdirError(
                    f"the team server at {self.base} closed the connection while this push "
                    f"was sent ({len(data):,} bytes): {limit}"
                ) from None
            raise Lost(f"cannot reach the team server at {self.base}: {why}") from None

    def _bounded(self, answer: Any, most: int, *, whole: bool = True) -> bytes:
        """At most ``most`` bytes of ``answer``'s body; past them an error (``whole``:
        the answer is useless cut) or what was read (an error's message)."""
        length = str(answer.headers.get("Content-Length", "") if answer.headers else "")
        declared = None  # digits only; past 4,300 of them int() raises: over any bound
        if length.isascii() and length.isdigit():
            declared = int(length) if len(length) <= 30 else most + 1
        over = declared is not None and declared > most
        chunks: list[bytes] = []
        got = 0
        while not over:
            chunk = answer.read(min(1 << 16, most + 1 - got))
            if not chunk:  # read(n) says nothing of an answer cut short of its length
                if whole and declared is not None and got < declared:
                    raise http.client.IncompleteRead(b"".join(chunks), declared - got)
                return b"".join(chunks)
            chunks.append(chunk)
            got += len(chunk)
            over = got > most
        if not whole:
            return b"".join(chunks)[:most]
        raise MemdirError(
            f"the team server at {self.base} sent an answer of more than {most:,} bytes "
            f"({most >> 20} MiB, the most memdir reads of one answer); it was not read "
            f"further and nothing was written; check --server"
        )

    def _foreign(self, status: int) -> str:
        return (
            f"{self.base} is not a memdir team server (HTTP {status}, no memdir answer); "
            f"check --server (memdir serve --database … prints its address)"
        )

    def _memdir(self, status: int, data: bytes) -> Any:
        try:
            found = json.loads(data)
        except (ValueError, RecursionError):
            found = None
        if not isinstance(found, dict) or found.get("memdir") != VERSION:
            raise MemdirError(self._foreign(status))
        return found

    @staticmethod
    def _message(data: bytes) -> str | None:
        """The error a memdir server (or its token gate) sent, or None."""
        try:
            found = json.loads(data)
        except (ValueError, RecursionError):
            return None
        if not isinstance(found, dict):
            return None
        error = found.get("error")
        if isinstance(error, dict):
            error = error.get("message")
        if not isinstance(error, str):
            return None
        # the gate's advice to an MCP client on headers means nothing to a CLI user
        return error.removeprefix("memdir: ").removesuffix(_HEADER_ADVICE)[:500]


class Reset(Lost):
    """The connection reset while a push within the server's announced limit was sent:
    the server stopped or restarted (a re-run then finishes the rest), or a proxy in
    front of it has a lower body limit (a re-run meets the same reset): the client
    cannot tell the two apart, so it promises a re-run only on the first."""


#: how a push's report begins the reason of an entry it did not send (too big)
TOO_BIG = "too big for the team server"
#: the action of such an entry's move: its own, so that nothing reads the reason's words
#: (the exit status, a script reading --json); the server never answers with it
UNSENT = "unsent"


def checkout_url(ws: Workspace) -> tuple[str | None, str]:
    """The normalised remote URL of ``ws``'s checkout as the X-Memdir-Project header
    names it (``https://`` + the normalised form), or None and why not."""
    from ..core.storage.git import git_dirs, read_remote
    from .names import project_url

    dirs = git_dirs(ws.checkout_root)
    remote = read_remote(dirs[1]) if dirs else None
    if remote is None:
        return None, f"{ws.checkout_root} has no git remote 'origin'"
    try:
        return "https://" + project_url(remote), ""
    except ValidationError as exc:
        return None, str(exc)


def push(
    server: Server,
    local: Workspace,
    *,
    apply: bool,
    progress: Progress | None = None,
    unsent: list[Move] | None = None,
) -> Transfer:
    """Send ``local``'s entries to the server in batches under :data:`BATCH` bytes and
    :data:`BATCH_ENTRIES` entries, and under the body limit the server announces (asked
    first, with a dry run of nothing, when no answer told it yet; each request's size
    counted exactly: an entry whose request alone is over it is not sent, reported
    :data:`UNSENT`, and added to ``unsent`` before the first batch goes, so that an
    interrupted push can name it); the server runs the transfer into the token's user's
    scopes and reports it. A failed batch's error says what the earlier ones did.
    ``progress``: told ``("Sending", n, total)`` after each batch the server answered
    (with ``apply``, ``n`` entries the server added or replaced so far, not the 'same',
    'kept' or refused ones; without it, ``n`` entries checked so far). An entry changed
    here since the last push or pull carries its sync base (:func:`push_bases`); applied,
    what the server then holds is recorded in this home's ledger (:func:`pushed`) as soon
    as it answered each batch, so an interrupted or failed push keeps what it wrote."""
    from .transfer import Ledger, Move, Transfer, checkout_slug, entries_of, push_bases, pushed
    from .wire import BASE, check_entry_id, entry_json, parse_transfer, renamed

    ledger = Ledger(local.home, apply=apply)  # unreadable, or not writable: before anything
    side, notes = entries_of(local)
    url, why = checkout_url(local)
    if url is None and side.pop("project", None) is not None:
        notes.append(f"project scope skipped: {why}; the team server keys it by that URL")
    bases = push_bases(ledger, local, side)
    slug = checkout_slug(local)  # the local scope's key only when there is no URL
    if server.max_body is None or server.keeps_ids is None:  # a dry run of nothing: its
        # answer announces the limit, and whether the server keeps the ids it is sent
        server.call("POST", "/api/push", url, {"apply": False, "scopes": {}}, checkout=slug)
    limit = server.max_body  # None: an older server, which announces none
    most = BATCH if limit is None else min(BATCH, limit)  # bytes of a whole request
    local_scope = slug if url is None else None  # sent beside a batch with the local scope
    batches: list[dict[str, list[dict[str, Any]]]] = [{}]
    too_big: list[Move] = []  # not sent: each would be refused, and so would its batch
    kept_back: list[Move] = []  # not sent: an older server would give each a second id
    refused: list[Move] = []  # not sent: an id no file stem on the wire may be
    size, count = ENVELOPE, 0
    for scope, entries in side.items():
        for e in entries:
            try:  # the server would refuse the whole batch (a server before ids62)
                check_entry_id(e.id)
            except ValidationError as exc:
                why = f"its id cannot be sent: {exc}; rename its file to <type>_<name>.md here"
                refused.append(Move(scope, "refused", e.id, e.name, why))
                continue
            if not server.keeps_ids and renamed(e):  # it would add a second id
                kept_back.append(Move(scope, UNSENT, e.id, e.name, _RENAMED.format(entry_id(e))))
                continue
            item = entry_json(e)
            if e.id in bases.get(scope, {}):
                item[BASE] = bases[scope][e.id]
            length = len(json.dumps(item))
            first = _added({}, scope, length, local_scope)  # as a new batch's first entry
            alone = ENVELOPE + first
            if limit is not None and alone > limit:
                reason = (
                    f"{TOO_BIG}: a request with it alone is {alone:,} bytes, and the server "
                    f"takes at most {limit:,} (--max-body); not sent (shorten it, or raise "
                    f"the server's --max-body)"
                )
                too_big.append(Move(scope, UNSENT, e.id, e.name, reason))
                continue
            added = _added(batches[-1], scope, length, local_scope)
            if count and (size + added > most or count >= BATCH_ENTRIES):
                batches.append({})
                size, count, added = ENVELOPE, 0, first
            batches[-1].setdefault(scope, []).append(item)
            size += added
            count += 1
    done = Transfer(applied=apply, notes=notes)
    count_all = sum(len(items) for batch in batches for items in batch.values())
    if not count_all and (too_big or kept_back or refused):  # nothing else to send
        batches = []
    if unsent is not None:
        unsent += too_big
    said_unsent = not_sent(too_big, limit)
    for k, batch in enumerate(batches):
        try:
            body: dict[str, Any] = {"apply": apply, "scopes": batch}
            if local_scope is not None and "local" in batch:  # an older server takes none
                body["local_scope"] = local_scope
            server.sending = True
            got = parse_transfer(_send(server, url, body, slug, notes))
        except MemdirError as exc:
            error = exc
            if isinstance(exc, ValidationError):
                error = MemdirError(f"the team server's answer is not a push report: {exc}")
            said = str(error).rstrip(".")
            if k == 0:  # nothing done yet: the error as it is (a refused token stays one)
                if not too_big:
                    raise error from None
                raise type(error)(f"{said}. {said_unsent}") from None
            again = isinstance(exc, Lost)
            so_far = _so_far(
                done, k, len(batches), again=again, reset=isinstance(exc, Reset), but=len(too_big)
            )
            tail = f". {said_unsent}" if said_unsent else ""
            raise MemdirError(f"{said}. {so_far}{tail}") from None
        if any(n.startswith(_OLDER) for n in notes):  # it saw no base: an edit kept
            got.moves = [
                _edit_conflict(m) if m.entry in bases.get(m.scope, {}) else m for m in got.moves
            ]
        done.moves += got.moves
        done.notes += [n for n in got.notes if n not in done.notes]
        for scope, ids in got.same_as.items():  # renamed here after the push (adopt_pushed)
            done.same_as.setdefault(scope, {}).update(ids)
        # what the server holds now, recorded as soon as it answered: an interrupted or
        # failed later batch leaves this one's entries the sync base of the next push or pull
        pushed(ledger, local, side, Transfer(applied=apply, moves=got.moves))
        if progress is not None:
            written = sum(m.action in ("add", "update") for m in done.moves)
            progress("Sending", written if apply else len(done.moves), count_all)
    done.moves += too_big + kept_back + refused
    done.moves += left_out(side, done)
    return done


def left_out(side: Mapping[str, Sequence[Entry]], done: Transfer) -> list[Move]:
    """A :data:`UNSENT` move for each entry of ``side`` that ``done`` skipped with its
    whole scope (a note "<scope> scope skipped: why", as a user not granted the project
    is answered), saying why: a push that left them is not complete."""
    from ..core.workspace import OPEN_A_PROJECT
    from .transfer import Move

    moved = {(m.scope, m.entry) for m in done.moves}
    out: list[Move] = []
    for scope, entries in side.items():
        head = f"{scope} scope skipped: "
        why = next((n[len(head) :] for n in done.notes if n.startswith(head)), None)
        if why is None:
            continue
        why = why.replace(OPEN_A_PROJECT, "").strip()
        why = why.removeprefix(f"The {scope} scope is not available here: ")
        out += [
            Move(scope, UNSENT, e.id, e.name, f"not sent: the {scope} scope was skipped: {why}")
            for e in entries
            if (scope, e.id) not in moved
        ]
    return out


_OLDER = "the team server is older than this memdir client"
_RENAMED = (
    f"{_OLDER}: it makes an added entry's id from its name, {{}}, not this one's (a second "
    f"copy under another id after the next pull); not sent: update the server"
)


def entry_id(e: Entry) -> str:
    """The id a side that makes ids from names (by the rule before 2026-12-07) gives ``e``."""
    from ..core.slug import ascii_slugify

    return f"{e.type.value}_{ascii_slugify(e.name)}"


def _send(
    server: Server, url: str | None, body: dict[str, Any], slug: str, notes: list[str]
) -> Any:
    """The server's answer to the push ``body``. A server older than the sync base
    refuses an entry that carries one (``base``): it gets the batch again without them
    (and every later batch), and ``notes`` says what that means."""
    if not any(n.startswith(_OLDER) for n in notes):
        try:
            return server.call("POST", "/api/push", url, body, checkout=slug)
        except MemdirError as exc:
            if "unknown field 'base'" not in str(exc):
                raise
        notes.append(
            f"{_OLDER}: an entry edited here since the last push or pull is not sent "
            f"when the server's copy is newer (a conflict: `memdir pull` reports it "
            f"too); update the server"
        )
    scopes = body["scopes"]
    plain = {
        s: [{k: v for k, v in e.items() if k != "base"} for e in es] for s, es in scopes.items()
    }
    return server.call("POST", "/api/push", url, {**body, "scopes": plain}, checkout=slug)


def _edit_conflict(move: Move) -> Move:
    """A move of an entry edited here since the last push or pull that a server older
    than the sync base kept as it has it: a conflict (the push exits 3), with the way to
    send it."""
    from dataclasses import replace

    if move.action != "kept":
        return move
    return replace(
        move,
        action="conflict",
        reason=f"edited here since the last push or pull; {_OLDER} and cannot tell whether "
        f"its copy changed too, so yours is not sent ({move.reason}). To keep yours and "
        f"send it, run `memdir pull --keep-mine --apply` (its `updated:` becomes now), "
        f"then `memdir push --apply`; to take the server's, run `memdir pull --apply` (a "
        f"conflict there too) and do as it says; or update the server",
    )


def _added(
    batch: dict[str, list[dict[str, Any]]], scope: str, length: int, local_scope: str | None
) -> int:
    """The bytes an entry of ``length`` (its ``json.dumps``) adds to ``batch``'s request
    body in ``scope``: exact, as :meth:`Server.call` encodes it."""
    if scope in batch:
        return len(", ") + length
    added = len(", ") * bool(batch) + len(json.dumps(scope)) + len(": [") + length + len("]")
    if scope == "local" and local_scope is not None:  # the body's local_scope comes with it
        added += len(', "local_scope": ') + len(json.dumps(local_scope))
    return added


def not_sent(too_big: list[Move], limit: int | None) -> str:
    """What a failed or interrupted push says of the entries it did not send as too big
    ("": none)."""
    if not too_big or limit is None:
        return ""
    n = len(too_big)
    named = ", ".join(f"{m.scope} {m.entry}" for m in too_big[:10])
    more = f" and {n - 10:,} more" if n > 10 else ""
    return (
        f"{n:,} entr{'y' if n == 1 else 'ies'} too big for the server's limit of {limit:,} "
        f"bytes (--max-body) {'was' if n == 1 else 'were'} not sent, and no re-run sends "
        f"{'it' if n == 1 else 'them'} (shorten {'it' if n == 1 else 'them'}, or raise the "
        f"server's --max-body): {named}{more}"
    )


def _so_far(
    done: Transfer, k: int, n: int, *, again: bool, reset: bool = False, but: int = 0
) -> str:
    """What a push that failed at batch ``k`` (from 0, not the first) of ``n`` did.
    ``again``: the server was lost (:class:`Lost`), so a re-run may finish the rest; any
    other error (a refusal, a batch too big) a re-run meets again, so none is promised.
    ``reset``: lost to a reset (:class:`Reset`), which a proxy's lower limit also gives:
    the promise names its condition. ``but``: how many entries were not sent as too big
    (no re-run sends them: the promise leaves them out)."""
    counts = ", ".join(f"{c} {a}" for a, c in done.counts().items()) or "nothing"
    did = "written" if done.applied else "checked (dry run, nothing written)"
    rest = "the rest"
    if but:  # not those: no re-run sends them
        rest += f" but the {'entry' if but == 1 else f'{but:,} entries'} too big (below)"
    if reset:
        then = (
            f"; if the server restarted, running it again finishes {rest} (what is there "
            f"already is 'same'); if batch {k + 1} fails again, a proxy in front of the "
            "server takes less than the server's limit"
        )
    elif again:
        then = f"; a re-run finishes {rest} (what is there already is 'same')"
    else:
        then = f"; nothing from batch {k + 1} on was written" if done.applied else ""
    return f"Batch {k + 1} of {n} failed; batches 1 to {k} were {did} ({counts}){then}"


def pull(
    server: Server,
    local: Workspace,
    *,
    apply: bool,
    progress: Progress | None = None,
    keep_mine: bool = False,
) -> Transfer:
    """The token's user's entries on the server, written into ``local`` (a dry run
    unless ``apply``) by the same transfer as every other direction; the local scope is
    the one the server keys (:func:`memdir.pg.names.url_slug`), as on every route.
    ``keep_mine``: as :func:`memdir.pg.transfer.transfer`'s."""
    from .transfer import Ledger, checkout_slug, transfer
    from .wire import parse_scopes

    url, why = checkout_url(local)
    slug = checkout_slug(local)
    # unreadable, or (applied) not writable: an error before anything; a dry run writes
    ledger = Ledger(local.home, apply=apply)  # nothing, so a read-only home gets the report
    answer = server.call("GET", "/api/entries", url, checkout=slug, apply=apply)
    refused: list[Move] = []  # an entry whose id the wire refuses: that one alone
    try:
        side: dict[str, list[Entry]] = parse_scopes(
            answer.get("scopes"), limit=None, refused=refused
        )
        notes = answer.get("notes", [])
        if not isinstance(notes, list) or not all(isinstance(n, str) for n in notes):
            raise ValidationError("notes must be a list of strings", field="notes")
    except ValidationError as exc:
        raise MemdirError(f"the team server's answer is not a list of entries: {exc}") from None
    if url is None:
        notes = [n for n in notes if not n.startswith("project scope")]
        notes += [f"project scope skipped: {why}; the team server keys it by that URL"]
        if answer.get("local_scope") != slug:  # a server before 2026-12-04: none by slug
            side.pop("local", None)
            notes = [n for n in notes if not n.startswith("local scope")]
            notes += [
                "local scope skipped: the team server is older than this memdir client and "
                "keys local scopes by the repository's URL only; update the server"
            ]
    done = transfer(
        side,
        local,
        apply=apply,
        where="in this home",
        notes=notes,
        progress=progress,
        ledger=ledger,
        keep_mine=keep_mine,
    )
    done.moves += [m for m in refused if m.scope in side]  # a scope skipped: its note says
    return done
