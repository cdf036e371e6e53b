"""The ``memdir`` command group and what every command shares (options, errors)."""

from __future__ import annotations

import difflib
import importlib
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from ..core.errors import DisabledError, MemdirError, UnknownSessionError, UnknownSkillError

if TYPE_CHECKING:
    from ..engine import Memdir


class State:
    """Options shared by every command; the Memdir is opened on first use."""

    def __init__(self, home: Path | None, project: Path | None) -> None:
        self.home = home
        self.project = project
        self.database: str | None = None  # --database of serve and push (the team backend)
        self._md: Memdir | None = None

    @property
    def md(self) -> Memdir:
        """The opened :class:`memdir.Memdir` (scopes repaired on open); an error when
        memory is disabled, saying how to turn it back on."""
        if self._md is None:
            self._md = self.open()
            if not self._md.enabled:
                raise DisabledError(self._md.settings.disabled_by or "disabled")
            if self._md.database is not None:
                known_user(self._md)
            self.warn(self._md)
        return self._md

    @staticmethod
    def warn(md: Memdir) -> None:
        """Print what opening found but could not repair."""
        for warning in md.warnings:
            click.secho(f"Warning: {warning}", fg="yellow", err=True)

    def open(self, *, repair: bool = True) -> Memdir:
        """Open a fresh :class:`memdir.Memdir` with these options."""
        from ..engine import open as open_memdir

        return open_memdir(self.home, self.project, repair=repair, database_url=self.database)


def known_user(team: Memdir) -> None:
    """Refuse the team database as a user nobody added: $MEMDIR_USER unset is the login
    name, and no token reads that user's scopes (a write there reached nobody)."""
    import os

    from ..pg.users import exists, listing

    assert team.database is not None and team.user is not None
    if exists(team.database, team.user):
        return
    how = "" if os.environ.get("MEMDIR_USER") else " (MEMDIR_USER is not set: your login name)"
    names = [u.name for u in listing(team.database)]
    close = difflib.get_close_matches(team.user, names, n=1)
    meant = f" (did you mean {close[0]!r}?)" if close else ""
    raise MemdirError(
        f"no user {team.user!r} on the team database{how}{meant}. Set MEMDIR_USER to your "
        f"user name (`memdir serve users ls` lists them), or have an admin add it: memdir "
        f"serve users add {team.user}"
    )


def examples(*lines: str) -> str:
    """A command's epilog: ``Examples:`` and ``lines`` kept as written (click's ``\\b``).
    Each line runs as given in a shell (tests/test_walk52.py runs them)."""
    return "\b\nExamples:\n" + "\n".join(f"  {line}" for line in lines)


def dump(data: Any) -> None:
    """Print ``data`` as indented JSON (``--json``)."""
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


class Harnesses(click.Choice):  # type: ignore[type-arg]
    """The registered harnesses that have ``part`` (plugins' too), looked up on use, so
    that starting the CLI loads no plugin."""

    def __init__(self, part: str, *extra: str) -> None:
        self.part, self.extra = part, extra
        super().__init__([])

    @property  # type: ignore[override]
    def choices(self) -> list[str]:
        from ..interop import harness_names

        return [*harness_names(self.part), *self.extra]

    @choices.setter
    def choices(self, value: object) -> None:
        pass


# The module of each command, imported when the command is looked up (click's lazy
# subcommands): `memdir context`, run at every session start, loads only its own module.
COMMANDS = {
    **dict.fromkeys(["add", "edit", "init", "ls", "rm", "show"], "entries"),
    **dict.fromkeys(["context", "doctor"], "context"),
    **dict.fromkeys(["diff", "log", "revert"], "history"),
    **dict.fromkeys(["export", "import"], "interop"),
    **dict.fromkeys(["hook", "install", "uninstall"], "install"),
    **dict.fromkeys(["jobs", "maintain"], "maintain"),
    **dict.fromkeys(["mcp", "pull", "push", "serve", "ui"], "serve"),
    **dict.fromkeys(["search", "sessions"], "sessions"),
    "bootstrap": "bootstrap",
    "demo": "demo",
    "entities": "entities",
    "import-sessions": "transcripts",
    "review": "review",
    "scopes": "scopes",
    "skills": "skills",
    "soul": "soul",
}


class _Group(click.Group):
    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in COMMANDS:
            importlib.import_module(f"{__package__}.{COMMANDS[cmd_name]}")
        return super().get_command(ctx, cmd_name)

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        try:
            return super().resolve_command(ctx, args)
        except click.UsageError as exc:  # `memdir improt`: name the command meant
            close = difflib.get_close_matches(args[0] if args else "", [*COMMANDS], n=1)
            if close and exc.message.startswith("No such command"):
                raise click.UsageError(f"{exc.message} Did you mean {close[0]!r}?", ctx) from None
            raise

    def list_commands(self, ctx: click.Context) -> list[str]:
        for module in sorted(set(COMMANDS.values())):
            importlib.import_module(f"{__package__}.{module}")
        return super().list_commands(ctx)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except MemdirError as exc:
            click.secho(f"Error: {_message(exc)}", fg="red", err=True)
            ctx.exit(1)


def _message(exc: MemdirError) -> str:
    """``exc``'s message for a shell user: the library's own names the API or the MCP
    tools (``md.session()``, ``memory_read``), so those it raises are said here with the
    commands to run instead."""
    if isinstance(exc, UnknownSessionError):
        from ..core.printable import shown

        near = f" Ids holding it: {', '.join(map(shown, exc.near))}." if exc.near else ""
        return (
            f"No session {exc.session_id!r} stored.{near} List sessions with "
            f"`memdir sessions ls`, or find one with `memdir sessions search QUERY`."
        )
    if isinstance(exc, UnknownSkillError):
        why = f" (withheld by the memory guard, rule {exc.withheld})" if exc.withheld else ""
        return (
            f"No skill named {exc.name!r}{why}. Skills: {', '.join(exc.names) or 'none'}; "
            f"print one with `memdir skills show NAME`, list them with `memdir skills ls`."
        )
    return str(exc)


@click.group(cls=_Group)
@click.option(
    "--home",
    type=click.Path(file_okay=False, path_type=Path),
    envvar="MEMDIR_HOME",
    help="Memory home (default: $MEMDIR_HOME or ~/.memdir).",
)
@click.option(
    "-C",
    "--project",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    help="Project directory whose memory to use (default: the current directory).",
)
@click.version_option(package_name="memdir")
@click.pass_context
def cli(ctx: click.Context, home: Path | None, project: Path | None) -> None:
    """Memory for AI agents, kept as plain Markdown you can read, edit and diff.

    Scopes, most local last: managed (/etc/memdir), user ($MEMDIR_HOME/user), project
    (<repo>/.memdir) and local ($MEMDIR_HOME/projects/<slug>, the default).

    Installed plugins (the `memdir` entry point group) each get
    $MEMDIR_SLOW_PLUGIN_SECONDS (default 10) to import and register; a late one is left
    behind with a warning and the command carries on without it.
    """
    ctx.obj = State(home, project)
