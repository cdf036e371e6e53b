"""The ``memdir`` command: a thin layer over the library. (docs/design/cli.md)."""

from __future__ import annotations

import logging

import click

from .app import cli


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
        entities,
        entries,
        history,
        install,
        interop,
        maintain,
        review,
        scopes,
        serve,
        sessions,
        skills,
        soul,
        transcripts,
    )

    cli()
