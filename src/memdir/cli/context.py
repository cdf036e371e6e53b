"""``memdir context`` and ``memdir doctor``: what an agent sees, and whether it is healthy."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import click

from . import State, cli

if TYPE_CHECKING:
    from ..engine import Memdir


def _tokens(text: str) -> int:
    """A rough token count (about four characters per token for English and code)."""
    return (len(text) + 3) // 4


@cli.command()
@click.option(
    "--explain",
    is_flag=True,
    help="Show every part of the block: scope, source file, import chain, size "
    "in bytes and tokens, and what was left out and why.",
)
@click.option(
    "--path",
    "paths",
    multiple=True,
    metavar="PATH",
    help="A file the session works on (repeatable): loads the rules whose `paths:` globs match it.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
@click.pass_obj
def context(state: State, explain: bool, paths: tuple[str, ...], as_json: bool) -> None:
    """Print exactly the memory block an agent's system prompt would get now."""
    md = state.open()
    if not md.enabled:
        reason = md.settings.disabled_by or "disabled"
        if as_json:
            click.echo(json.dumps({"enabled": False, "reason": reason, "system_block": ""}))
        click.secho(f"Memory is disabled ({reason}). Nothing is loaded.", fg="yellow", err=True)
        return
    found = md.explain(paths)
    state.warn(md)  # after explain: reading may add warnings (e.g. a damaged state.db)
    block = found.text
    for note in found.notes:
        if note.warning:
            click.secho(f"Warning: {note.subject} {note.reason}", fg="yellow", err=True)
    if as_json:
        data: dict[str, Any] = {
            "enabled": True,
            "system_block": block,
            "bytes": len(block.encode()),
            "tokens": _tokens(block),
        }
        if explain:
            data["sections"] = [
                {
                    "kind": s.kind,
                    "scope": s.scope,
                    "source": s.source,
                    "bytes": len(s.text.encode()),
                    "tokens": _tokens(s.text),
                    "includes": list(s.includes),
                }
                for s in found.sections
            ]
            data["left_out"] = [
                {"scope": n.scope, "subject": n.subject, "reason": n.reason} for n in found.notes
            ]
        else:
            data["scopes"] = [
                {"scope": v.name, "path": v.location, "entries": len(v.entries)}
                for v in md.scope_views()
            ]
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    if not explain:
        click.echo(block, nl=False)
        return
    click.echo(
        f"Memory block: {len(block.encode()):,} bytes, ~{_tokens(block):,} tokens, "
        f"{len(found.sections)} parts (most local last)\n"
    )
    click.echo(f"{'#':>3}  {'scope':8} {'kind':12} {'bytes':>7} {'tokens':>7}  source")
    for i, s in enumerate(found.sections, 1):
        click.echo(
            f"{i:>3}  {s.scope or '-':8} {s.kind:12} {len(s.text.encode()):>7,} "
            f"{_tokens(s.text):>7,}  {s.source}"
        )
        for chain in s.includes:
            click.echo(f"{'':44}imported: {chain}")
    if found.notes:
        click.echo("\nLeft out or changed:")
        for n in found.notes:
            click.echo(f"  {n.scope or '-':8} {n.subject}: {n.reason}")
    else:
        click.echo("\nNothing was left out.")


@cli.command()
@click.pass_obj
def doctor(state: State) -> None:
    """Check every scope and state.db.

    Scopes: repair a stale index, remove leftover temp files, and list files that cannot
    be parsed (they are never touched; fix them by hand). state.db: run SQLite's integrity
    check, rebuild any damaged search index from the messages and entries tables, and
    report its size.
    """
    md = state.open(repair=False)
    health = md.check()
    for scope in health:
        if not scope.exists:
            click.echo(f"{scope.name:8} {scope.note or 'not created'} ({scope.path})")
        elif scope.error or scope.report is None:
            click.secho(f"{scope.name:8} error: {scope.error}", fg="red")
        else:
            noun = "entry" if scope.entries == 1 else "entries"
            click.echo(f"{scope.name:8} {scope.entries} {noun} at {scope.path}")
            if scope.report.index_rewritten:
                click.echo("         repaired: MEMORY.md regenerated from the topic files")
            for leftover in scope.report.leftovers_removed:
                click.echo(f"         repaired: removed temp file {leftover}")
            for problem in scope.report.problems:
                line = f":{problem.line}" if problem.line else ""
                click.secho(
                    f"         unreadable: {problem.path}{line}: {problem.reason}", fg="red"
                )
    state_ok = _doctor_state(md)
    if not all(scope.healthy for scope in health):
        click.echo("Writes to a scope are refused until its unreadable files are fixed.")
        raise SystemExit(1)
    if not state_ok:
        raise SystemExit(1)
    click.echo("All scopes healthy.")


def _doctor_state(md: Memdir) -> bool:
    """Check state.db, rebuild damaged search indexes, print its size; False if it is
    still damaged."""
    db = md.check_state(repair=True)
    if not db.exists:
        click.echo(f"{'state':8} no sessions logged yet ({db.path})")
        return True
    click.echo(
        f"{'state':8} {db.sessions} sessions, {db.messages} messages, "
        f"{db.size / 1e6:.1f} MB at {db.path}"
    )
    click.echo(f"{'semantic':8} {db.semantic}")
    for problem in db.problems:
        click.secho(f"         found: {problem}", fg="yellow")
    for fix in db.repaired:
        click.echo(f"         repaired: {fix}")
    for left in db.damaged:
        click.secho(f"         damaged: {left}", fg="red")
    return db.healthy
