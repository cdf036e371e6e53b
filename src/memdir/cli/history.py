"""``memdir log | diff | revert`` and ``memdir show ENTRY@REV``: every change, undoable."""

from __future__ import annotations

import contextlib
import json
from datetime import UTC, datetime

import click

from ..core.errors import MemdirError
from ..core.model import SCOPES
from .app import State, cli, dump, examples

SCOPE_OPTION = click.option(
    "--scope",
    type=click.Choice(SCOPES),
    help="Only this scope (default: every scope with history).",
)


def _when(ts: float) -> str:
    return datetime.fromtimestamp(ts, UTC).strftime("%Y-%m-%d %H:%M")


@cli.command(
    name="log",
    epilog=examples(
        "memdir log",
        "memdir log deploy -n 5",
        "memdir log --scope local --json",
    ),
)
@click.argument("entry", required=False)
@SCOPE_OPTION
@click.option("-n", "--limit", type=click.IntRange(1), help="Show at most this many.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
@click.pass_obj
def log_cmd(
    state: State, entry: str | None, scope: str | None, limit: int | None, as_json: bool
) -> None:
    """List changes newest first (ENTRY: only those to one entry, id or substring)."""
    from ..review.versions import Versions

    revisions = Versions(state.md).log(entry, scope=scope, limit=limit)
    if as_json:
        dump(
            [
                {
                    "scope": r.scope,
                    "rev": r.commit.rev,
                    "time": _when(r.commit.time),
                    "message": r.commit.message,
                    "paths": list(r.commit.paths),
                    "author": r.commit.author or None,  # the team user (team backend)
                }
                for r in revisions
            ]
        )
        return
    if not revisions:
        click.echo(
            "No history yet: it starts with the first change."
            if entry is None
            else f"No change to {entry!r} in the history."
        )
        return
    for r in revisions:
        by = f"  (by {r.commit.author})" if r.commit.author else ""
        click.echo(
            f"{r.commit.short}  {_when(r.commit.time)}  {r.scope:<5}  {r.commit.subject}{by}"
        )


@cli.command(
    epilog=examples(
        "memdir diff                     # edits not recorded yet (index untouched)",
        "memdir diff HEAD --scope local  # the last change (an entry file added by hand)",
        "memdir diff HEAD~1 --scope local --json",
    ),
)
@click.argument("rev", required=False)
@SCOPE_OPTION
@click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
@click.pass_obj
def diff(state: State, rev: str | None, scope: str | None, as_json: bool) -> None:
    """Show what REV changed; without REV, edits not recorded yet (the next write
    commits them as hand edits). An edit that makes MEMORY.md stale (an entry file
    added, edited or deleted by hand) is recorded as soon as memdir opens the scope, with
    the index rebuilt: `memdir diff HEAD` shows it."""
    from ..review.versions import Versions, unified

    versions = Versions(state.md)
    if rev is None:
        pending = versions.pending(scope)
        if as_json:
            dump([{"scope": n, "rev": None, "diff": unified(c)} for n, c in pending.items()])
            return
        if not pending:
            click.echo("No unrecorded changes: every file matches its last commit.")
        for name, change in pending.items():
            click.secho(f"# {name} scope: not yet recorded", dim=True)
            click.echo(unified(change), nl=False)
        return
    revision, change = versions.change(rev, scope)
    if as_json:
        data = {"scope": revision.scope, "rev": revision.commit.rev, "diff": unified(change)}
        dump([data])
        return
    c = revision.commit
    by = f" (by {c.author})" if c.author else ""
    click.secho(f"# {c.short} {revision.scope}: {c.subject}{by}", dim=True)
    click.echo(unified(change), nl=False)


@cli.command(
    epilog=examples(
        "memdir revert HEAD --scope local   # undo the last change to the local scope",
        "memdir revert HEAD --scope local   # again: undo the undo",
        "memdir log --scope local -n 3",
    ),
)
@click.argument("rev")
@SCOPE_OPTION
@click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
@click.pass_obj
def revert(state: State, rev: str, scope: str | None, as_json: bool) -> None:
    """Undo one change with a new commit (itself undoable); the index is regenerated."""
    from ..review.versions import Versions

    head = Versions(state.md).revert(rev, scope)
    if as_json:
        click.echo(json.dumps({"reverted": rev, "rev": head}))
    else:
        click.echo(f"Reverted {rev} as {head[:8]}; `memdir revert {head[:8]}` undoes it.")


def show_at(state: State, target: str, scope: str | None, as_json: bool) -> bool:
    """``memdir show ENTRY@REV``; False when the text after ``@`` names no revision, so
    the caller treats the whole target as an entry substring."""
    from ..review.versions import Versions

    entry, _, rev = target.rpartition("@")
    versions = Versions(state.md)
    relative = rev.upper().startswith("HEAD")
    if relative and scope is None:  # HEAD~N of the scope holding the entry
        with contextlib.suppress(MemdirError):
            scope, _ = state.md.find(entry, include_archived=True)
    try:
        versions.find(rev, scope)
    except MemdirError:
        if relative:  # names a revision, not an entry: say what is wrong with it
            raise
        return False
    found_scope, path, data = versions.entry_at(entry, rev, scope)
    text = data.decode("utf-8", "replace")
    if as_json:
        dump({"scope": found_scope, "rev": rev, "path": path, "text": text})
    else:
        click.secho(f"# {path} at {rev} ({found_scope} scope)", dim=True)
        click.echo(text, nl=False)
    return True
