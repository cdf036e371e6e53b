"""The ``memdir`` command: a thin layer over the library. (docs/design/cli.md)."""

from __future__ import annotations

import json
import logging
import sys

import click

from .app import cli


class _WarningLine(logging.Handler):
    """memdir's logged warnings as one ``Warning: …`` line each on stderr (no traceback:
    a command's output is for people)."""

    def emit(self, record: logging.LogRecord) -> None:
        level = record.levelname.capitalize()
        click.secho(f"{level}: {record.getMessage()}", fg="yellow", err=True)


class _PoolLine(_WarningLine):
    """psycopg's warnings in a long-running server (``memdir serve``, ``memdir mcp``): the
    first of an outage as one line, those that follow it within :attr:`QUIET` seconds of
    the one before (every pooled connection found dead, each reconnect tried) dropped."""

    QUIET = 60.0
    last = -QUIET

    def emit(self, record: logging.LogRecord) -> None:
        before, self.last = self.last, record.created
        if record.created - before >= self.QUIET:
            line = f"Warning: database connection: {record.getMessage()} (repeats not shown)"
            click.secho(line, fg="yellow", err=True)


def main() -> None:
    """Console entry point."""
    logger = logging.getLogger("memdir")
    if not logger.handlers:
        logger.addHandler(_WarningLine(logging.WARNING))
        logger.propagate = False
    # psycopg's and its pool's warnings (a connection the server closed, a failed reconnect)
    # come before a command's own error, which says it for people: a one-shot command drops
    # them (a library user's logging keeps them); a server shows one line per outage
    command = _subcommand(sys.argv[1:])
    pool = _PoolLine(logging.WARNING) if command in ("serve", "mcp") else logging.NullHandler()
    logging.getLogger("psycopg").addHandler(pool)
    if command == "hook":
        _run_hook(sys.argv[1:])
    cli()


def _subcommand(args: list[str]) -> str | None:
    """The command ``args`` run, past the root options (``--home X``, ``-C X``)."""
    rest = iter(args)
    for arg in rest:
        if arg in ("--home", "-C", "--project"):
            next(rest, None)
        elif not arg.startswith("-"):
            return arg
    return None


def _run_hook(args: list[str]) -> None:
    """``memdir hook …``, run by a harness: a bad ``--home`` or argument is a one-line note
    and exit status 0, never click's 2 (to Claude Code, 2 blocks the prompt or the stop)."""
    try:
        cli.main(args, prog_name="memdir", standalone_mode=False)
    except click.ClickException as exc:
        note = f"memdir: {exc.format_message()}"
        if "claude-code" in args:
            click.echo(json.dumps({"systemMessage": note}, ensure_ascii=False))
        else:
            click.echo(note, err=True)
    except click.Abort:
        pass
    sys.exit(0)
