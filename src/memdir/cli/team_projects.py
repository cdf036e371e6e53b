"""`memdir serve projects`: a project's data on the team database moved to its new key
when its repository is renamed on its host. See docs/design/team-server.md."""

from __future__ import annotations

import json

import click

from .app import State, examples
from .serve import _database_option, _db, serve


@serve.group()
def projects() -> None:
    """The team database's projects (needs --database URL, here or before `projects`,
    or MEMDIR_DATABASE_URL; the database's operator, like `serve users`)."""


@projects.command(
    "rename",
    epilog=examples(
        "memdir serve projects rename https://github.com/acme/app https://github.com/acme/webapp",
        "memdir serve projects rename local:alice:-home-alice-src-app "
        "local:alice:github-com-acme-app --json",
    ),
)
@_database_option
@click.argument("old")
@click.argument("new")
@click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
@click.pass_obj
def projects_rename(state: State, old: str, new: str, as_json: bool) -> None:
    """Move the project OLD's memories to NEW (repository URLs, as `users grant` takes
    them): entries with their history, what was forgotten (it stays forgotten), usage and
    the grants, in one transaction; every server reads them under NEW from its next
    call. Also a user's local scope (local:USER:OLDSLUG local:USER:NEWSLUG). Refused
    when NEW holds entries already: nothing is ever overwritten."""
    from ..pg.rekey import move

    moved = move(_db(state), old, new)
    if as_json:
        click.echo(json.dumps(moved.to_dict()))
        return
    click.echo(
        f"Moved {moved.old} to {moved.new}: {moved.entries} entries ({moved.files} "
        f"files, archived and index too), {moved.commits} "
        f"versions, {moved.grants} grants, {moved.state_rows} rows of state (forgotten, "
        f"usage, candidates)."
    )
