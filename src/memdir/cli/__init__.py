"""The ``memdir`` command: a thin layer over the library.

Each command parses its input, makes one library call and prints the result. A
:class:`~memdir.MemdirError` becomes one readable line on stderr and exit code 1.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from ..errors import DisabledError, MemdirError

if TYPE_CHECKING:
    from ..engine import Memdir

__all__ = ["cli", "main"]


class State:
    """Options shared by every command; the Memdir is opened on first use."""

    def __init__(self, home: Path | None, project: Path | None) -> None:
        self.home = home
        self.project = project
        self._md: Memdir | None = None

    @property
    def md(self) -> Memdir:
        """The opened :class:`memdir.Memdir` (scopes repaired on open); an error when
        memory is disabled, saying how to turn it back on."""
        if self._md is None:
            self._md = self.open()
            if not self._md.enabled:
                raise DisabledError(self._md.settings.disabled_by or "disabled")
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

        return open_memdir(self.home, self.project, repair=repair)


class _Group(click.Group):
    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except MemdirError as exc:
            click.secho(f"Error: {exc}", fg="red", err=True)
            ctx.exit(1)


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
    """
    ctx.obj = State(home, project)


class _WarningLine(logging.Handler):
    """memdir's logged warnings as one ``Warning: …`` line each on stderr (no traceback:
    a command's output is for people)."""

    def emit(self, record: logging.LogRecord) -> None:
        level = record.levelname.capitalize()
        click.secho(f"{level}: {record.getMessage()}", fg="yellow", err=True)


def main() -> None:
    """Console entry point."""
    logger = logging.getLogger("memdir")
    if not logger.handlers:
        logger.addHandler(_WarningLine(logging.WARNING))
        logger.propagate = False
    from . import (  # noqa: F401  (registers the commands)
        bootstrap,
        context,
        demo,
        entries,
        history,
        install,
        interop,
        maintain,
        review,
        scopes,
        serve,
        sessions,
        transcripts,
    )

    cli()
