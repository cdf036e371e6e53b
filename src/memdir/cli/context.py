"""``memdir context`` and ``memdir doctor``: what an agent sees, and whether it is healthy."""

from __future__ import annotations

import json

import click

from . import State, cli


@cli.command()
@click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
@click.pass_obj
def context(state: State, as_json: bool) -> None:
    """Print exactly the memory block an agent's system prompt would get now."""
    md = state.md
    views = md.scope_views()
    block = md.system_block()
    if as_json:
        scopes = [{"scope": v.name, "path": v.location, "entries": len(v.entries)}
                  for v in views]
        click.echo(json.dumps({"system_block": block, "scopes": scopes}, indent=2,
                              ensure_ascii=False))
        return
    click.echo(block, nl=False)


@cli.command()
@click.pass_obj
def doctor(state: State) -> None:
    """Check every scope: repair a stale index, remove leftover temp files, and list files
    that cannot be parsed (they are never touched; fix them by hand)."""
    health = state.open(repair=False).check()
    for scope in health:
        if not scope.exists:
            click.echo(f"{scope.name:8} {scope.note or 'not created'} ({scope.path})")
        elif scope.error or scope.report is None:
            click.secho(f"{scope.name:8} error: {scope.error}", fg="red")
        else:
            noun = "entry" if scope.entries == 1 else "entries"
            click.echo(f"{scope.name:8} {scope.entries} {noun} at {scope.path}")
            if scope.report.index_rewritten:
                click.echo("         repaired: MEMORY.md regenerated from the topic files")
            for leftover in scope.report.leftovers_removed:
                click.echo(f"         repaired: removed temp file {leftover}")
            for problem in scope.report.problems:
                line = f":{problem.line}" if problem.line else ""
                click.secho(f"         unreadable: {problem.path}{line}: {problem.reason}",
                            fg="red")
    if not all(scope.healthy for scope in health):
        click.echo("Writes to a scope are refused until its unreadable files are fixed.")
        raise SystemExit(1)
    click.echo("All scopes healthy.")
