"""``memdir skills ls | show NAME | add NAME FILE | edit NAME FILE``: the procedures saved
as ``skills/<name>/SKILL.md``, listed and read, or written by hand through the guard."""

from __future__ import annotations

import click

from ..core.errors import MemdirError
from ..core.model import SCOPES
from ..core.skills import SKILL_MAX_BYTES, Skill, list_skills, render_skill, validate_name
from .app import State, cli, dump
from .files import read_input

_JSON = click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
_SCOPE = click.option(
    "--scope",
    type=click.Choice(SCOPES),
    default="local",
    show_default=True,
    help="The scope whose skills/ folder to write.",
)
_HOLDING = click.option(
    "--scope",
    type=click.Choice(SCOPES),
    help="The scope whose skill to replace (default: the most local one holding NAME).",
)
_DESCRIPTION = click.option(
    "--description",
    help="What the skill is for, when FILE is only the steps (no front matter).",
)


def _data(skill: Skill, body: bool = False) -> dict[str, object]:
    keys = ("name", "scope", "description", "when_to_use", "path", "withheld")
    out: dict[str, object] = {k: getattr(skill, k) for k in keys}
    out["path"] = str(skill.path)
    if body:
        out["text"] = skill.text
    return out


@cli.group()
def skills() -> None:
    """Skills: procedures saved as skills/<name>/SKILL.md (front matter with name,
    description and when_to_use; the steps after it). A session's system block lists
    each by name and description; the agent reads one with memory_read skill:<name>.
    Consolidation proposes new skills and edits in `memdir review`."""


@skills.command("ls")
@_JSON
@click.pass_obj
def ls(state: State, as_json: bool) -> None:
    """List the skills a session sees (a more local scope's shadows a less local one's)."""
    found = state.md.skills()
    if as_json:
        dump([_data(s) for s in found])
        return
    if not found:
        click.echo("No skills yet. Add one with `memdir skills add NAME FILE`.")
    for s in found:
        note = f"  [withheld by the guard: {s.withheld}]" if s.withheld else ""
        click.echo(f"{s.name:30} {s.scope:8} {s.hook}{note}")


@skills.command()
@click.argument("name")
@click.option(
    "--depth",
    metavar="overview|full",
    help="overview: its description and a summary, as memory_read gives them; full (default).",
)
@_JSON
@click.pass_obj
def show(state: State, name: str, depth: str | None, as_json: bool) -> None:
    """Print skill NAME's SKILL.md, as memory_read gives it to the agent."""
    from ..core.skills import skill_text
    from ..core.tiers import parse_depth

    skill = state.md.read_skill(name)
    if parse_depth(depth) == "overview":
        text = skill_text(skill, "overview")
        if as_json:
            dump({"name": skill.name, "scope": skill.scope, "depth": "overview", "content": text})
        else:
            click.echo(text)
    elif as_json:
        dump(_data(skill, body=True))
    else:
        click.echo(skill.text, nl=not skill.text.endswith("\n"))


def _write(
    state: State,
    name: str,
    file: str,
    scope: str | None,
    description: str | None,
    *,
    new: bool,
    as_json: bool,
) -> None:
    validate_name(name)
    text = read_input(file, SKILL_MAX_BYTES, f"skill {name!r}")
    if description is not None:
        if text.lstrip().startswith("---"):
            raise MemdirError("the file has front matter already; leave out --description")
        text = render_skill(name, description, text)
    md = state.md
    if scope is None:  # edit: the skill the session sees, from the most local scope
        scope = next((s for s in ("local", "project", "user") if _holds(state, s, name)), "local")
    exists = _holds(state, scope, name)
    if new and exists:
        raise MemdirError(
            f"the {scope} scope has a skill {name!r} already; change it with "
            f"`memdir skills edit {name} FILE`"
        )
    if not new and not exists:
        raise MemdirError(
            f"the {scope} scope has no skill {name!r} to edit; add it with "
            f"`memdir skills add {name} FILE` (or pick the scope with --scope)"
        )
    skill = md.write_skill_text(name, text, scope=scope)
    if as_json:
        dump(_data(skill))
        return
    verb = "Added" if new else "Saved"
    click.echo(f"{verb} skill:{skill.name} to the {scope} scope ({skill.path}).")


def _holds(state: State, scope: str, name: str) -> bool:
    """Whether ``scope`` has a skill ``name`` (a scope that cannot be opened has none)."""
    try:
        backend = state.md.store(scope).backend
    except MemdirError:
        return False
    return name in {s.name for s in list_skills(backend, scope)[0]}


@skills.command()
@click.argument("name")
@click.argument("file")
@_SCOPE
@_DESCRIPTION
@_JSON
@click.pass_obj
def add(
    state: State, name: str, file: str, scope: str, description: str | None, as_json: bool
) -> None:
    """Add skill NAME from FILE (a SKILL.md, or '-' for stdin). With --description, FILE
    is only the steps and the front matter is made for it. Checked by the memory guard
    and recorded in the scope's history; refused if the scope has a skill NAME already."""
    _write(state, name, file, scope, description, new=True, as_json=as_json)


@skills.command()
@click.argument("name")
@click.argument("file")
@_HOLDING
@_DESCRIPTION
@_JSON
@click.pass_obj
def edit(
    state: State, name: str, file: str, scope: str | None, description: str | None, as_json: bool
) -> None:
    """Replace skill NAME's SKILL.md with FILE ('-' for stdin), as add does; refused if
    the scope has no skill NAME (a typo never makes a second skill)."""
    _write(state, name, file, scope, description, new=False, as_json=as_json)
