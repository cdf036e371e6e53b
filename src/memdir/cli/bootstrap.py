"""``memdir bootstrap``: candidate memories from what a new user already has."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

import click

from .app import State, cli, dump


class _Progress:
    """What bootstrap is reading, as a rich status line on a terminal (never with --json or
    when stderr is piped), shown once a run has taken a second."""

    def __init__(self, *, as_json: bool) -> None:
        self.start = time.monotonic()
        self.status: Any = None
        self.shown = not as_json and sys.stderr.isatty()

    def __call__(self, line: str) -> None:
        if not self.shown or time.monotonic() - self.start < 1.0:
            return
        if self.status is None:
            from rich.console import Console

            self.status = Console(stderr=True).status(f"bootstrap: {line}")
            self.status.start()
        self.status.update(f"bootstrap: {line}")

    def stop(self) -> None:
        if self.status is not None:
            self.status.stop()


@cli.command()
@click.option(
    "--from",
    "paths",
    multiple=True,
    type=click.Path(exists=True, path_type=Path),
    help="A folder or file of notes, chat exports (.json) or git repositories to read "
    "(repeatable).",
)
@click.option(
    "--apply",
    "apply_ids",
    multiple=True,
    metavar="ID",
    help="Write this proposal (repeat, or list several ids after one --apply).",
)
@click.option("--all", "apply_all", is_flag=True, help="Write every proposal (asks first).")
@click.option("--yes", is_flag=True, help="With --all: do not ask.")
@click.option(
    "--fresh",
    is_flag=True,
    help="Ask the model again for every text, replacing the answers kept from "
    "earlier dry runs in $MEMDIR_HOME/bootstrap-cache.json.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
@click.argument("more_ids", nargs=-1, metavar="[ID]...")
@click.pass_obj
def bootstrap(
    state: State,
    paths: tuple[Path, ...],
    apply_ids: tuple[str, ...],
    apply_all: bool,
    yes: bool,
    fresh: bool,
    as_json: bool,
    more_ids: tuple[str, ...],
) -> None:
    """Propose memories from what you already have: your harnesses' memories and
    instruction files, git identity and commit conventions, and the notes and chat
    exports you name with --from.

    No memory is written: proposals are printed with ids, grouped by where they came
    from. `memdir bootstrap --apply ID …` writes exactly those (give the same --from
    paths); `--all` writes every one after asking. Text goes through the extractor (the
    offline rules, or the model `llm` names) and the guard; refusals are listed.

    With a model, its answers that became proposals are kept in
    $MEMDIR_HOME/bootstrap-cache.json, so that an id the dry run printed names the same
    proposal at --apply (a model may answer differently twice): --apply answers only from
    that file and never asks the model. --fresh asks the model again and replaces the file;
    delete the file to forget the answers.
    """
    from ..interop import bootstrap as boot

    ids = [*apply_ids, *more_ids]
    if more_ids and not apply_ids:
        raise click.UsageError("give proposal ids after --apply")
    if ids and apply_all:
        raise click.UsageError("use --apply ID … or --all, not both")
    if yes and not apply_all:
        raise click.UsageError("--yes only goes with --all")
    if fresh and ids:
        raise click.UsageError(
            "--apply ID answers from the dry run's kept answers; run the "
            "dry run with --fresh first, then --apply"
        )
    progress = _Progress(as_json=as_json)
    try:
        found = boot.propose(state.md, paths, progress=progress, cached_only=bool(ids), fresh=fresh)
    finally:
        progress.stop()
    if apply_all and found.proposals:
        if not yes:
            if not as_json:
                click.echo(boot.report_text(found), nl=False)
            click.confirm(f"Write all {len(found.proposals)} proposals?", abort=True, err=True)
        boot.apply(state.md, found)
    elif ids:
        boot.apply(state.md, found, ids)
    if as_json:
        dump(found.to_dict())
        return
    if found.applied:
        by_id = {p.id: p for p in found.proposals}
        for pid in found.applied:
            p = by_id[pid]
            click.echo(f"Applied {pid}: {p.action} {p.type} → {p.scope}: {p.name}")
        return
    click.echo(boot.report_text(found), nl=False)
