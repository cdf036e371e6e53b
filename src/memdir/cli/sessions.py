"""``memdir sessions ls | show | search | prune`` and ``memdir search``: past sessions."""

from __future__ import annotations

import dataclasses
import json
import re
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

import click

from ..core.errors import DatabaseError, UnknownSessionError, ValidationError
from ..core.index import short
from ..core.printable import printable, readable, shown, unshown
from .app import State, cli, dump, examples
from .entries import _pad

if TYPE_CHECKING:
    from ..sessions.records import SessionInfo

JSON_OPTION = click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
_DURATION = re.compile(r"(\d+(?:\.\d+)?)\s*([smhdw])")
_UNITS = {"s": "seconds", "m": "minutes", "h": "hours", "d": "days", "w": "weeks"}


def _cutoff(text: str, now: datetime) -> datetime:
    """``90d``, ``12h``, ``2w``… before ``now``, or an ISO date/time."""
    match = _DURATION.fullmatch(text.strip())
    if match:
        return now - timedelta(**{_UNITS[match.group(2)]: float(match.group(1))})
    try:
        when = datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    except ValueError:
        raise click.BadParameter(
            f"{text!r}: use a duration such as 90d, 12h or 2w, or a date such as 2026-01-31"
        ) from None
    return when if when.tzinfo else when.replace(tzinfo=UTC)


@cli.group()
def sessions() -> None:
    """Logged sessions in $MEMDIR_HOME/state.db: list, read, search, prune and claim them."""


@sessions.command(name="ls")
@click.option("--limit", default=30, show_default=True, help="How many sessions to show.")
@click.option("--agent", help="Only sessions of this agent.")
@click.option("--this-project", is_flag=True, help="Only sessions of this project.")
@JSON_OPTION
@click.pass_obj
def ls(state: State, limit: int, agent: str | None, this_project: bool, as_json: bool) -> None:
    """List sessions, most recent first."""
    scope = _project_scope(state) if this_project else None
    found = state.md.sessions.list(limit=limit, agent=agent, scope=scope)
    if as_json:
        dump([s.to_dict() for s in found])
        return
    if not found:
        click.echo("No sessions logged yet.")
        return
    for s in found:
        flags = f" [{s.memory_mode}]" if s.memory_mode != "enabled" else ""
        child = f" (child of {shown(s.parent_id)})" if s.parent_id else ""
        click.echo(
            f"{shown(s.id)}  {s.started_at:%Y-%m-%d %H:%M}  {_pad(printable(s.agent), 12)} "
            f"{s.messages:5} msgs"
            f"{flags}{child}  {printable(short(s.title or '', 60))}"
        )


@sessions.command()
@click.argument("session_id")
@click.option(
    "--around",
    type=int,
    help="Show only the messages around this message id (one of a sub-agent's too, as "
    "`sessions search` shows it under this session).",
)
@click.option("--window", default=5, show_default=True, help="Messages either side of --around.")
@JSON_OPTION
@click.pass_obj
def show(state: State, session_id: str, around: int | None, window: int, as_json: bool) -> None:
    """Print a session's messages (SESSION_ID: memdir's id, its start, or the harness's
    own id or its start, e.g. the one `claude --resume` shows; the session, not its
    sub-agents, unless --around names a message of one; a whole id wins over ids that only
    start with it, which are named)."""
    store = state.md.sessions
    info = _resolve(state, session_id)  # an unambiguous prefix will do
    others, complete = store.others_starting_with(session_id, info.id)
    if others:  # an exact match won: the sessions it passed over are not hidden
        listed = ", ".join(map(shown, others[:5])) + (", …" if len(others) > 5 else "")
        how_many = str(len(others)) if complete else f"{len(others)} or more"  # bounded look
        click.echo(
            f"Note: {how_many} other session "
            + ("ids start" if len(others) > 1 or not complete else "id starts")
            + f" with {session_id!r} ({listed}); give more of it to open that session",
            err=True,
        )
    messages = store.around(around, window) if around is not None else store.messages(info.id)
    held = messages[0].session_id if messages else None
    if around is not None and held != info.id:
        if held is None or held not in store.lineage(info.id):
            raise click.BadParameter(
                f"message {around} is not in session {shown(info.id)}", param_hint="--around"
            )
        # a sub-agent's (or continuation's) message, as `sessions search` groups it
        click.echo(
            f"Note: message {around} is in {shown(held)}, a child session of {shown(info.id)}",
            err=True,
        )
        info = store.get(held)
    if as_json:
        dump({"session": info.to_dict(), "messages": [m.to_dict() for m in messages]})
        return
    click.secho(
        f"# session {shown(info.id)} ({printable(info.agent)}, {info.started_at:%Y-%m-%d %H:%M}, "
        f"{info.memory_mode})",
        dim=True,
    )
    for m in messages:
        tool = f" [{printable(m.tool_name)}]" if m.tool_name else ""
        click.secho(
            f"\n#{m.id} {printable(m.role)}{tool} · {m.timestamp:%Y-%m-%d %H:%M:%S}", bold=True
        )
        click.echo(readable(m.content))
        if m.tool_calls is not None:
            click.echo(printable(json.dumps(m.tool_calls, ensure_ascii=False, default=str)))


def _resolve(state: State, session_id: str) -> SessionInfo:
    """The session ``session_id`` names as ``sessions ls`` printed it (control characters
    and backslashes escaped: :func:`shown`), else as given (:meth:`SessionStore.resolve`);
    when both name sessions, the printed one, with a note naming the other."""
    store = state.md.sessions
    raw = unshown(session_id)
    if raw is None:
        return store.resolve(session_id)
    try:
        printed = store.resolve(raw)
    except UnknownSessionError:
        try:
            return store.resolve(session_id)
        except UnknownSessionError:
            raise UnknownSessionError(session_id) from None
    try:
        given = store.resolve(session_id)
    except (UnknownSessionError, ValidationError):
        return printed
    if given.id != printed.id:
        click.echo(
            f"Note: {session_id!r} is read as `sessions ls` prints ids: {shown(printed.id)};"
            f" as given it would name {shown(given.id)}",
            err=True,
        )
    return printed


def _project_scope(state: State) -> str:
    """This project's sessions' scope; on the team backend the sessions this checkout
    keyed by its path are made the URL's first, as each maintain does, so they are found."""
    from ..pipeline.upkeep import key_by_url

    for error in key_by_url(state.md):
        click.secho(f"Warning: {error}", fg="yellow", err=True)
    return state.md.project


def _session_hits(
    state: State, query: str, limit: int, window: int, filters: dict[str, Any]
) -> list[dict[str, Any]]:
    hits = state.md.sessions.search(
        query, limit=limit, window=window, **{k: v for k, v in filters.items() if v is not None}
    )
    return [h.to_dict() for h in hits]


def _call(message: dict[str, Any]) -> str:
    """A tool call's text when its message has none: ``Name(input values…)``."""
    from ..sessions.records import calls_text

    calls = message.get("tool_calls")
    return "" if calls is None else calls_text(calls, message.get("tool_name"))


def _print_session_hits(hits: list[dict[str, Any]]) -> None:
    for h in hits:
        click.secho(
            f"{shown(h['session_id'])}  {h['timestamp']}  {printable(h['agent'])}  "
            f"score {h['score']:.3g}  ({h['matches']} matching)",
            bold=True,
        )
        if h["matched_session_id"] not in ("", h["session_id"]):  # a sub-agent's, say
            click.echo(f"    in child session {shown(h['matched_session_id'])}")
        for m in h["context"]:
            hit = m["id"] == h["message_id"]
            text = h["snippet"] if hit else m["content"] or _call(m)
            mark = ">" if hit else " "
            said = readable(f"{m['role']}: {short(text, 100)}")  # one line: short()
            click.echo(f"  {mark} #{m['id']} {said}")


@sessions.command(name="search")
@click.argument("query")
@click.option("--limit", default=10, show_default=True, help="Sessions to show.")
@click.option("--window", default=1, show_default=True, help="Messages either side of a match.")
@click.option(
    "--role",
    help="Only messages with this role (user, assistant, tool, system, or another a "
    "harness stored; a role no message has is named, with the roles stored).",
)
@click.option("--agent", help="Only sessions of this agent.")
@click.option("--since", help="Only messages from this date (ISO 8601).")
@click.option("--until", help="Only messages before this date (ISO 8601).")
@click.option("--this-project", is_flag=True, help="Only sessions of this project.")
@JSON_OPTION
@click.pass_obj
def search_sessions(
    state: State,
    query: str,
    limit: int,
    window: int,
    role: str | None,
    agent: str | None,
    since: str | None,
    until: str | None,
    this_project: bool,
    as_json: bool,
) -> None:
    """Search past sessions (tool calls and output included), grouped by session."""
    filters = {
        "role": role,
        "agent": agent,
        "since": since,
        "until": until,
        "scope": _project_scope(state) if this_project else None,
    }
    hits = _session_hits(state, query, limit, window, filters)
    why = state.md.sessions.role_note(role) if role is not None and not hits else None
    if as_json:
        dump(hits)
        if why:
            click.echo(f"Note: {why}", err=True)
    elif hits:
        _print_session_hits(hits)
    else:
        click.echo(f"No session matches: {why}." if why else "No session matches.")


@sessions.command()
@click.option(
    "--older-than",
    "older_than",
    required=True,
    help="Age (90d, 12h, 2w) or date (2026-01-31): sessions with no activity since "
    "then are deleted.",
)
@click.option("--yes", is_flag=True, help="Do not ask for confirmation.")
@JSON_OPTION
@click.pass_obj
def prune(state: State, older_than: str, yes: bool, as_json: bool) -> None:
    """Delete old sessions with their messages and index rows, then compact state.db.
    Imported sessions deleted here are not imported again (unless `memdir import-sessions
    --include-removed`)."""
    cutoff = _cutoff(older_than, datetime.now(UTC))
    if not yes:
        from ..sessions.records import iso

        click.confirm(
            f"Delete every session tree with no activity since {iso(cutoff)}?", abort=True
        )
    report = state.md.sessions.prune(cutoff)
    if as_json:
        dump(dataclasses.asdict(report))
        return
    click.echo(
        f"Deleted {report.sessions} session(s) and {report.messages} message(s); "
        f"state.db {report.bytes_before:,} → {report.bytes_after:,} bytes."
    )


@sessions.command(name="rm")
@click.argument("session_id")
@click.option("--yes", is_flag=True, help="Do not ask for confirmation.")
@JSON_OPTION
@click.pass_obj
def rm(state: State, session_id: str, yes: bool, as_json: bool) -> None:
    """Delete one session and forget what only it taught: memories whose only origin it
    was are removed (archived, with a tombstone so extraction never brings them back). An
    imported session is not imported again (unless `memdir import-sessions
    --include-removed`)."""
    md = state.md
    info = _resolve(state, session_id)  # unknown: an error saying how to find one
    if not yes:
        click.confirm(
            f"Delete session {shown(info.id)} ({info.messages} messages) and the memories "
            "only it taught?",
            abort=True,
        )
    removed = md.pipeline.delete_session(info.id)
    if as_json:
        dump({"deleted": info.id, "removed_entries": removed})
        return
    click.echo(
        f"Deleted session {shown(info.id)}; removed {len(removed)} memor"
        f"{'y' if len(removed) == 1 else 'ies'} only it taught"
        + (f": {', '.join(removed)}." if removed else ".")
    )


@sessions.command(name="mode")
@click.argument("session_id")
@click.argument("mode", type=click.Choice(["enabled", "disabled", "polluted"]))
@JSON_OPTION
@click.pass_obj
def mode(state: State, session_id: str, mode: str, as_json: bool) -> None:
    """Set a session's memory mode: polluted when it read web or third-party content
    (extraction skips it, and memories it alone taught are listed by `memdir maintain`
    for review), disabled to keep it out of memory."""
    md = state.md
    info = _resolve(state, session_id)
    md.sessions.set_memory_mode(info.id, mode)
    if as_json:
        dump({"session": info.id, "memory_mode": mode})
    else:
        click.echo(f"Session {shown(info.id)} is now {mode}.")


@cli.command(
    name="search",
    epilog=examples(
        "memdir search deploy",
        'memdir search "test runner" --all',
        "memdir search pytest --limit 3 --json",
    ),
)
@click.argument("query")
@click.option("--limit", default=5, show_default=True, help="Results of each kind.")
@click.option("--all", "archived", is_flag=True, help="Include removed and superseded entries.")
@JSON_OPTION
@click.pass_obj
def search(state: State, query: str, limit: int, archived: bool, as_json: bool) -> None:
    """Search memories and past sessions together."""
    md = state.md
    entries = md.search(query, limit=limit, include_archived=archived)
    try:
        hits = _session_hits(state, query, limit, 1, {})
    except DatabaseError as exc:  # a damaged or unreadable state.db: memories still answer
        hits = []
        click.secho(f"Warning: sessions not searched: {exc}", fg="yellow", err=True)
    if as_json:
        dump(
            {
                "entries": [
                    {"scope": h.scope, "score": h.score, **h.entry.to_dict()} for h in entries
                ],
                "sessions": hits,
            }
        )
        return
    click.secho("Memories", underline=True)
    if not entries:
        click.echo("  none match")
    for h in entries:
        flag = " (archived)" if h.entry.archived else ""
        click.echo(
            f"  {h.entry.id} [{h.scope}]{flag}: {h.entry.name} — {short(h.entry.description, 80)}"
        )
    click.secho("Sessions", underline=True)
    if not hits:
        click.echo("  none match")
    _print_session_hits(hits)


CLAIM_SHOWN = 20  # ids ``sessions claim`` lists before "and N more"


@sessions.command(name="claim")
@click.option("--dry-run", is_flag=True, help="List the sessions it would claim; change nothing.")
@click.option("--yes", is_flag=True, help="Claim without asking (for scripts).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
@click.pass_obj
def claim(state: State, dry_run: bool, yes: bool, as_json: bool) -> None:
    """Make this project's the sessions keyed by this checkout's path that record no
    checkout (team database only).

    Why they are not learnt: on a team database sessions are keyed by the remote URL, and
    `maintain` moves a session keyed by this checkout's path to it only when the session
    records this repository (its remote or a commit). Sessions logged before sessions
    recorded their checkout record nothing; so do imported transcripts that nothing shows
    were logged in this checkout (its git reflog expired or begins after the session, or
    the transcript gives no start time). Another repository may once have stood at this
    path, so no run claims them. They stay searchable meanwhile.

    Is it safe: claim them only if every session listed was logged in this repository;
    the next `maintain` learns from them. A session recording a checkout is never touched.
    """
    from ..pipeline.upkeep import unclaimed

    if as_json and not (yes or dry_run):
        raise click.UsageError("--json claims only with --yes (or use --dry-run)")
    ids = unclaimed(state.md)
    moved = 0
    if not as_json:
        for sid in ids[:CLAIM_SHOWN]:
            click.echo(shown(sid))
        if len(ids) > CLAIM_SHOWN:
            click.echo(f"… and {len(ids) - CLAIM_SHOWN} more")
    if ids and not dry_run:
        if not yes:
            click.confirm(
                f"Were these {len(ids)} session(s) logged in this repository? Claim them",
                abort=True,
                err=True,
            )
        from ..core.scopes import project_slug

        path_key = project_slug(state.md.project_root)
        moved = state.md.sessions.claim(path_key, state.md.project, ids)
    if as_json:
        dump({"sessions": ids, "claimed": moved, "dry_run": dry_run})
    elif not ids:
        click.echo("No sessions wait to be claimed here.")
    elif dry_run:
        click.echo(f"Would claim {len(ids)} session(s) for this project.")
    else:
        click.echo(f"Claimed {moved} session(s): the next `memdir maintain` learns from them.")
