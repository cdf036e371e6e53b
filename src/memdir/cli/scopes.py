"""``memdir scopes [--adopt OLD]``: where each scope lives, and re-attaching a moved one."""

from __future__ import annotations

import click

from .app import State, cli, dump


@cli.command()
@click.option(
    "--adopt",
    "old",
    metavar="OLD",
    help="Re-attach the local scope of a checkout that moved, with the sessions logged "
    "there (what `maintain` had still to learn) and writes awaiting approval: its old "
    "path, or its folder name under $MEMDIR_HOME/projects.",
)
@click.option(
    "--force",
    is_flag=True,
    help="With --adopt: take the scope even though its checkout still exists.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
@click.pass_obj
def scopes(state: State, old: str | None, force: bool, as_json: bool) -> None:
    """List the scopes in ascending precedence (the most local wins) with their folders and
    entry counts, or adopt the local scope a moved checkout left behind."""
    from ..core.adoption import held

    if old is not None:
        # Opened without printing warnings: the orphan warning would only repeat this command.
        done = state.open().adopt(old, force=force)
        if as_json:
            dump(done.to_dict())
            return
        was = f" (recorded for {done.old_path})" if done.old_path else ""
        click.echo(
            f"Moved {done.old_folder}{was} to {done.new_folder}: "
            f"{held(done.active, done.archived)}, unchanged; index regenerated."
        )
        if done.sessions:
            one = done.sessions == 1
            click.echo(
                f"{done.sessions} session{'' if one else 's'} logged in the old checkout "
                f"now belong{'s' if one else ''} here: `memdir maintain` learns from "
                f"{'it' if one else 'them'} what it had not learnt yet."
            )
        if done.set_aside:
            click.echo(
                f"The previous, entry-less local folder is kept at {done.set_aside}; "
                f"delete it once you have looked at it."
            )
        return
    infos = state.md.scope_info()
    if as_json:
        dump([i.to_dict() for i in infos])
        return
    for info in infos:
        if not info.exists:
            status = info.note or "not created"
            click.echo(f"{info.name:8} {status} ({info.path})")
            continue
        mode = "read-only" if info.read_only else "writable"
        click.echo(
            f"{info.name:8} {info.active} active, {info.archived} archived, {mode} at {info.path}"
        )
        if info.name == "local" and not isinstance(info.path, str):  # str: team database
            recorded = info.origin.path if info.origin else "none (recorded on next open)"
            if info.origin and info.origin.remote:
                recorded += f" (remote {info.origin.remote})"
            click.echo(f"         checkout: {recorded}")
