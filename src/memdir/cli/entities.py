"""``memdir entities [NAME]``: the people, projects, repositories, hosts and packages that
memories and sessions name, or what names one of them."""

from __future__ import annotations

import click

from .app import State, cli, dump
from .entries import _pad


@cli.command()
@click.argument("name", required=False)
@click.option("--limit", default=30, show_default=True, type=click.IntRange(1, 1000))
@click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
@click.pass_obj
def entities(state: State, name: str | None, limit: int, as_json: bool) -> None:
    """List the entities named in memory entries and session messages, most named first;
    with NAME, the entries and messages that name it. A search naming an entity ranks the
    memories that name it higher."""
    if name is None:
        found = state.md.entities(limit=limit)
        if as_json:
            dump([e.to_dict() for e in found])
            return
        if not found:
            click.echo("No entities named yet.")
        for e in found:
            click.echo(
                f"{_pad(e.label, 30)} {e.kind:8} {e.entries:4} entries {e.messages:6} messages"
            )
        return
    links = state.md.entity(name, limit=limit)
    if as_json:
        dump(links.to_dict())
        return
    if not (links.entries or links.messages):
        click.echo(f"Nothing names {name!r}.")
        return
    for scope, entry_id, entry_name in links.entries:
        click.echo(f"entry    {scope}:{entry_id}  {entry_name}")
    for msg_id, session, text in links.messages:
        click.echo(f"message  #{msg_id} in {session}  {' '.join(text.split())[:100]}")
