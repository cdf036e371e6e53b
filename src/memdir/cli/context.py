"""``memdir context`` and ``memdir doctor``: what an agent sees, and whether it is healthy."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import click

from . import State, cli

if TYPE_CHECKING:
    from ..engine import Memdir


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
    """Check every scope and state.db.

    Scopes: repair a stale index, remove leftover temp files, and list files that cannot
    be parsed (they are never touched; fix them by hand). state.db: run SQLite's integrity
    check, rebuild any damaged search index from the messages and entries tables, and
    report its size.
    """
    md = state.open(repair=False)
    health = md.check()
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
    state_ok = _doctor_state(md)
    if not all(scope.healthy for scope in health):
        click.echo("Writes to a scope are refused until its unreadable files are fixed.")
        raise SystemExit(1)
    if not state_ok:
        raise SystemExit(1)
    click.echo("All scopes healthy.")


def _doctor_state(md: Memdir) -> bool:
    """Check state.db, rebuild damaged search indexes, print its size; False if it is
    still damaged."""
    db = md.check_state(repair=True)
    if not db.exists:
        click.echo(f"{'state':8} no sessions logged yet ({db.path})")
        return True
    click.echo(f"{'state':8} {db.sessions} sessions, {db.messages} messages, "
               f"{db.size / 1e6:.1f} MB at {db.path}")
    for problem in db.problems:
        click.secho(f"         found: {problem}", fg="yellow")
    for fix in db.repaired:
        click.echo(f"         repaired: {fix}")
    for left in db.damaged:
        click.secho(f"         damaged: {left}", fg="red")
    return db.healthy
