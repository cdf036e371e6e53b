"""``memdir import-sessions``: other harnesses' session transcripts into memdir's search."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import click

from ..core.errors import MemdirError
from ..core.printable import shown
from .app import Harnesses, State, cli, dump

if TYPE_CHECKING:
    from ..engine import Memdir


@contextmanager
def _bar(label: str, unit: str) -> Iterator[Callable[[int, int], None] | None]:
    """A progress bar on stderr when it is a terminal; otherwise nothing."""
    if not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, DownloadColumn, Progress, TaskProgressColumn

    columns = [*Progress.get_default_columns()[:1], BarColumn(), TaskProgressColumn()]
    if unit == "bytes":
        columns.append(DownloadColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task(label, total=None)

        def update(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        yield update


def _interrupted(md: Memdir, before: tuple[int, int]) -> str:
    """What an interrupted import wrote: the sessions and messages state.db gained."""
    from .progress import interrupted

    try:
        sessions, messages = (n - was for n, was in zip(md.sessions.count(), before, strict=True))
    except MemdirError:  # not to be counted now: the promise still holds
        return interrupted("the sessions imported so far were written", "import the rest")
    kept = (
        f"{sessions:,} new session{'s' if sessions != 1 else ''} and {messages:,} "
        f"message{'s' if messages != 1 else ''} were imported"
    )
    return interrupted(kept, "import the rest")


@cli.command("import-sessions")
@click.argument("harness", type=Harnesses("transcripts"))
@click.option(
    "--from",
    "source",
    type=click.Path(path_type=Path),
    help="Folder or file to read (default: ~/.claude/projects, ~/.codex/sessions "
    "or ~/.hermes/state.db; $CLAUDE_CONFIG_DIR, $CODEX_HOME and $HERMES_HOME move them).",
)
@click.option(
    "--search-only",
    is_flag=True,
    help="Import for search only: background extraction never learns from these "
    "sessions (also applied to sessions imported before).",
)
@click.option(
    "--include-removed",
    is_flag=True,
    help="Also import the sessions deleted with `memdir sessions rm` or `prune` "
    "since an earlier import (left out otherwise).",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
@click.pass_obj
def import_sessions(
    state: State,
    harness: str,
    source: Path | None,
    search_only: bool,
    include_removed: bool,
    as_json: bool,
) -> None:
    """Import another harness's session transcripts (HARNESS: claude-code, codex or hermes)
    so `memdir sessions search` finds them.

    Streams each transcript (large files too), keeps original times, roles and tool
    calls, and takes sub-agents and resumed sessions as child sessions. Imported
    sessions feed background extraction (memories learnt from them) unless
    --search-only; text the harness wrote itself is a system message, and a session
    that read the web is marked polluted (never learnt from). Running it again adds only
    what is new: messages a transcript gained, and those a harness re-wrote; a session
    whose stored history no longer matches its source is reported, never merged, and
    sessions you deleted are not brought back. Unreadable lines are counted and listed,
    never fatal. Hermes's database is opened read-only. Ctrl-C stops it: what it imported
    stays (it says how much), and running it again imports the rest.
    """
    from ..interop.transcripts import import_sessions as run

    md = state.md
    unit = "messages" if harness == "hermes" else "bytes"
    before = md.sessions.count()
    try:
        with _bar(f"Importing {harness} transcripts", unit) as update:
            report = run(
                md,
                harness,
                source,
                progress=update,
                include_removed=include_removed,
                memory_mode="disabled" if search_only else "enabled",
            )
    except KeyboardInterrupt:  # Ctrl-C: each batch written stays; say what that is
        raise MemdirError(_interrupted(md, before)) from None
    if as_json:
        dump(report.to_dict())
        return
    for problem in report.problems:
        click.secho(f"Skipped: {problem}", fg="yellow", err=True)
    if report.malformed > len(report.problems):
        click.secho(
            f"… and {report.malformed - len(report.problems)} more malformed lines",
            fg="yellow",
            err=True,
        )
    for sid in map(shown, report.diverged):
        click.secho(
            f"Diverged: {sid} holds messages that do not match its source; nothing "
            f"was added to it. To take the source's version: `memdir sessions rm "
            f"{sid}`, then import again with --include-removed.",
            fg="yellow",
            err=True,
        )
    for sid in map(shown, report.resynced):
        click.echo(
            f"Resynced: {sid} was rewritten in its source; its new messages were "
            f"added, the earlier ones kept.",
            err=True,
        )
    if report.parents_missing:
        click.echo(
            f"{len(report.parents_missing)} parent session(s) whose transcript was not "
            f"imported were created empty, so their sub-agents and continuations have a "
            f"parent to fold into (import their transcript to fill them).",
            err=True,
        )
    what = "file" if harness != "hermes" else "database"
    removed = (
        f", {report.sessions_skipped} deleted earlier and left out"
        if report.sessions_skipped
        else ""
    )
    click.echo(
        f"Imported {harness} transcripts from {report.source}: {report.files} {what}"
        f"{'s' if report.files != 1 and what == 'file' else ''}, {report.sessions} sessions "
        f"({report.sessions_created} new, {report.sessions_grown} grown, "
        f"{report.sessions_unchanged} unchanged{removed}), {report.messages_added:,} "
        f"messages added ({report.messages_present:,} already there), {report.malformed} "
        f"malformed line{'s' if report.malformed != 1 else ''} skipped."
    )
