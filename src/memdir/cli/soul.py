"""``memdir soul show | set FILE``: the persona (SOUL.md) that opens every session's
system block, read or written through the guard."""

from __future__ import annotations

import json

import click

from ..core.model import SCOPES
from ..core.persona import READ_MAX
from .app import State, cli, dump
from .files import read_input


@cli.group()
def soul() -> None:
    """The persona: SOUL.md in the user scope (and optionally a project's) says who the
    agent is and how it works. It comes first in the system block, within soul_budget
    characters (config.toml); the user's stated preferences in memory win over it."""


@soul.command()
@click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
@click.pass_obj
def show(state: State, as_json: bool) -> None:
    """Print every scope's SOUL.md with its budget use, most local last."""
    md = state.md
    budget = md.settings.soul_budget
    found = md.souls()
    if as_json:
        data = [
            {
                "scope": s.scope,
                "path": str(s.path),
                "chars": len(s.text),
                "budget": budget,
                "withheld": s.withheld,
                "text": s.text,
            }
            for s in found
        ]
        dump(data)
        return
    if not found:
        click.echo("No persona yet. Write one with `memdir soul set FILE`.")
    for s in found:
        state_note = f", withheld by the guard (rule {s.withheld})" if s.withheld else ""
        click.echo(f"## {s.scope}: {s.path} ({len(s.text):,}/{budget:,} chars{state_note})")
        click.echo(s.text + "\n")
    for warning in md.budget_warnings():
        if "persona" in warning:
            click.secho(f"Warning: {warning}", fg="yellow", err=True)


@soul.command("set")
@click.argument("file")
@click.option(
    "--scope",
    type=click.Choice(SCOPES),
    default="user",
    show_default=True,
    help="Whose SOUL.md: the user's (every project) or a project's.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
@click.pass_obj
def set_soul(state: State, file: str, scope: str, as_json: bool) -> None:
    """Replace a scope's SOUL.md with FILE ('-' for stdin): checked by the memory guard,
    refused over soul_budget characters, recorded in the scope's history."""
    text = read_input(file, READ_MAX, "the persona")
    state.md.write_soul(text, scope=scope)
    chars, budget = len(text.strip()), state.md.settings.soul_budget
    warnings = [w for w in state.md.budget_warnings() if "persona" in w]
    if as_json:
        data = {"scope": scope, "chars": chars, "budget": budget, "warnings": warnings}
        click.echo(json.dumps(data))
        return
    click.echo(f"Saved the {scope} persona ({chars:,}/{budget:,} chars).")
    for warning in warnings:
        click.secho(f"Warning: {warning}", fg="yellow", err=True)
