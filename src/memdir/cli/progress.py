"""Progress bars for long work: on a terminal only, never in ``--json`` or piped output.
See docs/design/cli.md."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..sessions.maintenance import Progress


def interrupted(kept: str, rest: str) -> str:
    """What a command stopped by Ctrl-C says (push, pull, import-sessions): ``kept``,
    what it wrote, stays, and the same command again does ``rest``."""
    return (
        f"Interrupted: {kept}; they stay. Run the same command again to {rest} (nothing is "
        f"written twice)."
    )


@contextmanager
def bar(*, as_json: bool = False) -> Iterator[Progress]:
    """A ``(stage, done, total)`` callback drawing rich progress bars on a terminal
    (``total`` None: a spinner) from its first call on; a no-op for JSON output or when
    stderr is not a tty."""
    if as_json or not sys.stderr.isatty():
        yield lambda stage, done, total: None
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        SpinnerColumn,
        TextColumn,
        TimeElapsedColumn,
    )

    columns: list[Any] = [
        SpinnerColumn(),
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
    ]
    tasks: dict[str, Any] = {}
    with ExitStack() as opened:  # the display opens at the first report: none without one
        shown: list[Progress] = []

        def report(stage: str, done: int, total: int | None) -> None:
            if not shown:
                console = Console(stderr=True)
                shown.append(opened.enter_context(Progress(*columns, console=console)))
            progress = shown[0]
            if stage not in tasks:
                for other in tasks.values():  # a new stage: the earlier ones are done
                    task = progress.tasks[other]
                    if task.total is not None:
                        progress.update(other, completed=task.total)
                    progress.stop_task(other)
                tasks[stage] = progress.add_task(stage, total=total)
            progress.update(tasks[stage], completed=done, total=total)

        yield report
