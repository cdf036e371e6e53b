"""``memdir import`` and ``memdir export``: other harnesses' memory, in and out."""

from __future__ import annotations

from pathlib import Path

import click

from .app import Harnesses, State, cli, dump, examples

_LABELS = {
    "add": "add",
    "update": "update",
    "unchanged": "skip (unchanged)",
    "duplicate": "skip (duplicate)",
    "conflict": "skip (name conflict)",
    "removed": "skip (you removed it)",
    "promoted": "skip (promoted)",
    "refused": "refused by the guard",
    "invalid": "skip (invalid)",
}


@cli.command(
    "import",
    epilog=examples(
        "memdir import claude-code            # a dry run: what would be imported",
        "memdir import claude-code --apply",
        "memdir import hermes --apply --json",
    ),
)
@click.argument("harness", type=Harnesses("memory"))
@click.option(
    "--from",
    "source",
    type=click.Path(path_type=Path),
    help="Folder to read (default: the harness's own, e.g. ~/.hermes/memories); it must exist.",
)
@click.option("--apply", is_flag=True, help="Write the entries; without it, a dry run.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
@click.pass_obj
def import_(state: State, harness: str, source: Path | None, apply: bool, as_json: bool) -> None:
    """Import another harness's memories (HARNESS: claude-code, codex or hermes).

    A dry run by default: prints what would be added, updated, skipped as a duplicate,
    and refused by the guard. Re-run with --apply to write; running it again adds
    nothing. Imported entries carry `source: import` and the file they came from.
    """
    from ..interop import import_memories

    plan = import_memories(state.md, harness, source, apply=apply)
    if as_json:
        dump(plan.to_dict())
        return
    verb = "Imported" if plan.applied else "Would import"
    for problem in plan.problems:
        click.secho(f"Unreadable: {problem}", fg="yellow", err=True)
    for note in plan.notes:
        click.echo(f"Note: {note}")
    for p in plan.items:
        where = p.item.scope if p.item.folder is None else f"local@{p.item.folder.name}"
        line = f"{_LABELS[p.action]:<22} {where:<8} {p.item.name}"
        if p.reason:
            line += f" — {p.reason}"
        click.secho(line, fg={"refused": "red", "conflict": "yellow"}.get(p.action))
    counts = ", ".join(f"{n} {_LABELS[a]}" for a, n in plan.counts().items() if n)
    if plan.problems:  # not "nothing found": something was there, unread (on stderr)
        counts = f"{counts}, " if counts else ""
        counts += f"{len(plan.problems)} unreadable (see above)"
    click.echo(f"{verb} from {plan.source}: {counts or 'nothing found'}.")
    if not plan.applied and plan.by_action("add") + plan.by_action("update"):
        click.echo("Dry run: nothing written. Re-run with --apply to import.")


@cli.command(
    "export",
    epilog=examples(
        "memdir export claude-code            # a dry run: what would be written",
        "memdir export agents-md --apply      # memdir's section of ./AGENTS.md",
        "memdir export hermes --apply --force",
    ),
)
@click.argument("target", type=Harnesses("memory", "agents-md"))
@click.option(
    "--to",
    "destination",
    type=click.Path(path_type=Path),
    help="Folder (or AGENTS.md file) to write (default: the harness's own).",
)
@click.option("--apply", is_flag=True, help="Write the files; without it, a dry run.")
@click.option(
    "--force",
    is_flag=True,
    help="Overwrite files holding content memdir did not write (a timestamped "
    "backup is saved beside each first).",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
@click.pass_obj
def export(
    state: State, target: str, destination: Path | None, apply: bool, force: bool, as_json: bool
) -> None:
    """Export memories in another harness's format (claude-code, codex, hermes) or as a
    managed section of AGENTS.md (agents-md).

    A dry run by default. A file that holds content memdir did not write is never
    overwritten unless --force, and then only after a timestamped backup; when one is
    refused, nothing is written. A MEMORY.md that `memdir import --apply` stored in full
    counts as memdir's until it is edited. In AGENTS.md only the text between memdir's
    markers changes.
    """
    from ..interop import export_memories

    report = export_memories(state.md, target, destination, apply=apply, force=force)
    if as_json:
        dump(report.to_dict())
        if report.refused:
            raise SystemExit(1)
        return
    for note in report.notes:
        click.echo(f"Note: {note}")
    held = apply and not report.applied  # a file was refused: none was written
    for f in report.files:
        extra = f" (backup: {f.backup})" if f.backup else ""
        why = f" — {f.reason}" if f.reason and f.status != "backup" else ""
        status = f.status
        if held and status != "refused":
            status, why = "held back", f" — would {f.status}; not written, as a file was refused"
        click.secho(f"{status:<10} {f.path}{extra}{why}", fg="red" if status == "refused" else None)
    for entry, why in report.left_out:
        click.secho(f"left out   {entry} — {why}", fg="yellow")
    if not apply:
        click.echo("Dry run: nothing written. Re-run with --apply to write.")
    if report.refused:
        raise click.ClickException(
            f"{len(report.refused)} file(s) hold content memdir did "
            f"not write; nothing was written. Use --force to "
            f"back them up and overwrite"
        )
