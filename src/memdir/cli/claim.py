"""``memdir sessions claim``: this checkout's sessions from before rows recorded their
checkout, made this project's once the user confirms. See docs/design/team-server.md."""

from __future__ import annotations

import click

from ..core.printable import shown
from .app import State, dump
from .sessions import sessions

SHOWN = 20  # ids listed before "and N more"


@sessions.command(name="claim")
@click.option("--dry-run", is_flag=True, help="List the sessions it would claim; change nothing.")
@click.option("--yes", is_flag=True, help="Claim without asking (for scripts).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
@click.pass_obj
def claim(state: State, dry_run: bool, yes: bool, as_json: bool) -> None:
    """Make this project's the sessions logged in this checkout before sessions recorded
    their checkout (team database only).

    Why they are not learnt: on a team database sessions are keyed by the remote URL, and
    `maintain` moves a session keyed by this checkout's path to it only when the session
    records this repository (its remote or a commit). Older sessions record nothing, and
    another repository may once have stood at this path, so no run claims them. They stay
    searchable meanwhile.

    Is it safe: claim them only if every session listed was logged in this repository;
    the next `maintain` learns from them. A session recording a checkout is never touched.
    """
    from ..pipeline.upkeep import unclaimed

    if as_json and not (yes or dry_run):
        raise click.UsageError("--json claims only with --yes (or use --dry-run)")
    ids = unclaimed(state.md)
    moved = 0
    if not as_json:
        for sid in ids[:SHOWN]:
            click.echo(shown(sid))
        if len(ids) > SHOWN:
            click.echo(f"… and {len(ids) - SHOWN} more")
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
