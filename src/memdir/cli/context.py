"""``memdir context`` and ``memdir doctor``: what an agent sees, and whether it is healthy."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import click

from ..core.errors import MemdirError
from ..core.harness_reads import HARNESSES
from ..core.prompt import approx_tokens as _tokens
from .app import State, cli, dump, examples, known_user

if TYPE_CHECKING:
    from ..core.layers import ScopeHealth
    from ..sessions import DbHealth
    from ..sessions.recovery import Recovery


@cli.command(
    epilog=examples(
        "memdir context",
        "memdir context --explain",
        "memdir context --path src/app.py --json",
        "memdir context --harness codex",
    ),
)
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
@click.option(
    "--harness",
    type=click.Choice(sorted(HARNESSES)),
    help="The block as that harness gets it: without the instruction files it loads "
    "itself (claude-code: its CLAUDE.md files, rules and imports; codex: its AGENTS.md "
    "files; hermes: the one project file it loads), named in one line.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
@click.pass_obj
def context(
    state: State, explain: bool, paths: tuple[str, ...], harness: str | None, as_json: bool
) -> None:
    """Print exactly the memory block an agent's system prompt would get now."""
    md = state.open()
    if not md.enabled:
        reason = md.settings.disabled_by or "disabled"
        if as_json:
            click.echo(json.dumps({"enabled": False, "reason": reason, "system_block": ""}))
        click.secho(f"Memory is disabled ({reason}). Nothing is loaded.", fg="yellow", err=True)
        return
    if md.database is not None:  # as `state.md` does: nothing made for a name never added
        known_user(md)
    found = md.explain(paths, harness=harness)
    state.warn(md)  # after explain: reading may add warnings (e.g. a damaged state.db)
    block = found.text
    for note in found.notes if not explain or as_json else ():  # --explain lists them
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
        dump(data)
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
            line = f"  {n.scope or '-':8} {n.subject}: {'Warning: ' * n.warning}{n.reason}"
            click.secho(line, fg="yellow" if n.warning else None)
    else:
        click.echo("\nNothing was left out.")


@cli.command()
@click.option(
    "--repair",
    is_flag=True,
    help="Salvage a damaged state.db into a new file (the damaged one is kept beside it) "
    "and report the rows before and after; exit status 1 when damage left no session "
    "and no message to salvage. Stop agents using memdir first.",
)
@click.option(
    "--deep",
    is_flag=True,
    help="Also check each message's indexed words against its text and repair those that "
    "disagree (slower: reads all the text).",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
@click.pass_obj
def doctor(state: State, repair: bool, deep: bool, as_json: bool) -> None:
    """Check every scope and state.db.

    Scopes: repair a stale index, remove leftover temp files, and list files that cannot
    be parsed (they are never touched; fix them by hand). state.db: run SQLite's integrity
    check, rebuild any damaged search index from the messages and entries tables, and
    report its size; with --deep, check the index's terms too; with --repair, salvage a
    damaged file.
    """
    md = state.open(repair=False)
    if md.database is not None:
        known_user(md)
    health = md.check()
    try:
        budgets, soul_problem = md.budget_warnings(), None
    except MemdirError as exc:  # an unreadable SOUL.md
        budgets, soul_problem = [], str(exc)
    from .progress import bar

    with bar(as_json=as_json) as report:  # told only by a team server's --deep
        db = md.check_state(repair=True, deep=deep, progress=report)
    recovery = None
    if repair and db.salvage and not db.read_only:
        from ..sessions.recovery import recover

        md.close()
        with bar(as_json=as_json) as report:
            recovery = recover(md.state_path, progress=report)
        db = md.check_state(repair=True, deep=deep)
    if as_json:
        out = _doctor_json(health, db, recovery, deep)
        out.update(budget_warnings=budgets, persona_error=soul_problem)
        out["healthy"] = out["healthy"] and soul_problem is None
        out["healthy"] = out["healthy"] and not _salvaged_nothing(recovery)
        dump(out)
    else:
        _print_scopes(health)
        for warning in budgets:
            click.secho(f"{'budget':8} {warning}", fg="yellow")
        if soul_problem:
            click.secho(f"{'persona':8} unreadable: {soul_problem}", fg="red")
        _print_state(db, recovery, repair, deep)
    if soul_problem:
        raise SystemExit(1)
    if not all(scope.healthy for scope in health):
        if not as_json:
            click.echo("Writes to a scope are refused until its unreadable files are fixed.")
        raise SystemExit(1)
    if not db.healthy:
        raise SystemExit(1)
    if recovery is not None and _salvaged_nothing(recovery):  # a sound file, but empty
        if not as_json:
            _print_loss(recovery)
        raise SystemExit(1)
    if not as_json:
        click.echo("All scopes healthy.")


def _salvaged_nothing(recovery: Recovery | None) -> bool:
    """A salvage that stepped over damaged ranges and kept no session and no message:
    every past conversation is gone from the new file, which is no "healthy"."""
    return bool(
        recovery is not None
        and recovery.skipped
        and not recovery.after.get("sessions")
        and not recovery.after.get("messages")
    )


def _print_loss(recovery: Recovery) -> None:
    ranges = sum(recovery.skipped.values())
    click.secho(
        f"state.db: nothing could be salvaged: {ranges:,} damaged range(s) in "
        f"{len(recovery.skipped)} table(s) could not be read, and the new state.db holds "
        f"0 sessions and 0 messages. The damaged file is kept at {recovery.kept}.",
        fg="red",
    )


def _print_scopes(health: list[ScopeHealth]) -> None:
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


def _count(n: int | None) -> str:
    return "? (unreadable)" if n is None else f"{n:,}"


def _print_state(db: DbHealth, recovery: Recovery | None, repair: bool, deep: bool) -> None:
    """state.db's health, what was repaired and what is still damaged."""
    if not db.exists:
        click.echo(f"{'state':8} no sessions logged yet ({db.path})")
        return
    if recovery is not None:
        click.echo(f"{'state':8} salvaged with {recovery.method}; damaged file kept at")
        click.echo(f"{'':9}{recovery.kept}")
        for table in recovery.after:
            click.echo(
                f"{'':9}{table}: {_count(recovery.before[table])} readable before, "
                f"{recovery.after[table]:,} after"
            )
        for table, ranges in recovery.skipped.items():
            click.secho(f"{'':9}{table}: {ranges} damaged range(s) could not be read", fg="yellow")
    ro = ""
    if db.read_only:
        plain = " without --deep (it needs a writable home)" if deep else ""
        ro = f" (read-only here: checked{plain}, nothing repaired)"
    where = (  # a str: the team database's URL, which has no size to show
        f" in {db.path}" if isinstance(db.path, str) else f", {db.size / 1e6:.1f} MB at {db.path}"
    )
    click.echo(
        f"{'state':8} {_count(db.sessions)} sessions, {_count(db.messages)} messages{where}{ro}"
    )
    from ..sessions.maintenance import INVALID

    if db.semantic:
        click.secho(
            f"{'semantic':8} {db.semantic}", fg="red" if db.semantic.startswith(INVALID) else None
        )
    if db.text_disagreed is not None:
        click.echo(
            f"{'':9}search terms against the text: {db.text_disagreed:,} rows disagreed, "
            f"{db.text_repaired:,} indexed again"
        )
    for problem in db.problems:
        click.secho(f"         found: {problem}", fg="yellow")
    for fix in db.repaired:
        click.echo(f"         repaired: {fix}")
    label = "damaged" if db.salvage or db.sessions is not None else "unreadable"
    for left in db.damaged:
        click.secho(f"         {label}: {left}", fg="red")
    if repair and db.salvage and db.read_only:
        click.secho("         not salvaged: the home cannot be written here", fg="red")


def _doctor_json(
    health: list[ScopeHealth], db: DbHealth, recovery: Recovery | None, deep: bool
) -> dict[str, Any]:
    return {
        "healthy": all(s.healthy for s in health) and db.healthy,
        "scopes": [
            {
                "scope": s.name,
                "path": str(s.path),
                "exists": s.exists,
                "entries": s.entries,
                "error": s.error,
                "note": s.note,
                "index_rewritten": bool(s.report and s.report.index_rewritten),
                "leftovers_removed": list(s.report.leftovers_removed) if s.report else [],
                "unreadable": [
                    {"path": str(p.path), "line": p.line, "reason": p.reason}
                    for p in (s.report.problems if s.report else [])
                ],
            }
            for s in health
        ],
        "state": {
            "path": str(db.path),
            "exists": db.exists,
            "size": db.size,
            "sessions": db.sessions,
            "messages": db.messages,
            "read_only": db.read_only,
            "deep": deep and not db.read_only,  # whether --deep's check ran
            "text_disagreed": db.text_disagreed,  # None: not compared (SQLite, no --deep)
            "text_repaired": db.text_repaired,
            "problems": db.problems,
            "repaired": db.repaired,
            "damaged": db.damaged,
            "semantic": db.semantic,
        },
        "recovery": None
        if recovery is None
        else {
            "method": recovery.method,
            "kept": str(recovery.kept),
            "before": recovery.before,
            "after": recovery.after,
            "skipped_ranges": recovery.skipped,
        },
    }
