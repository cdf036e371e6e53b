"""``memdir review``: proposals to keep memory healthy; only the named ones are applied."""

from __future__ import annotations

import click

from .app import State, cli, dump


@cli.command()
@click.option(
    "--apply",
    "apply_ids",
    multiple=True,
    metavar="ID",
    help="Apply this proposal (repeat, or list several ids after one --apply).",
)
@click.option(
    "--reject",
    "reject_ids",
    multiple=True,
    metavar="ID",
    help="Reject this proposal: it is not proposed again (a different change is); a "
    "rejected pending write (approval = ask) is dropped and never extracted again.",
)
@click.option(
    "--diary",
    "show_diary",
    is_flag=True,
    help="Print each scope's dream diary (DREAMS.md: what each consolidation run did and "
    "why), on one machine or the team server.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
@click.argument("more_ids", nargs=-1, metavar="[ID]...")
@click.pass_obj
def review(
    state: State,
    apply_ids: tuple[str, ...],
    reject_ids: tuple[str, ...],
    show_diary: bool,
    as_json: bool,
    more_ids: tuple[str, ...],
) -> None:
    """Audit every scope: duplicates, conflicts, stale entries, promotions, index budget,
    and writes waiting for approval (approval = "ask").

    Prints proposals with ids and changes nothing; `memdir review --apply ID …` applies
    exactly the proposals named, through the normal write path, all or none: every one is
    checked before any is written.

    A proposal is applied as proposed, never edited here: to change one, apply it and then
    `memdir edit` the entry, or reject it and `memdir add` your own version.
    """
    from ..review.proposals import apply, propose, report_text

    ids = [*apply_ids, *more_ids]
    if more_ids and not apply_ids:
        raise click.UsageError("give proposal ids after --apply")
    if reject_ids and ids:
        raise click.UsageError("--apply and --reject do not go together")
    if show_diary:
        if reject_ids or ids:
            raise click.UsageError("--diary does not go with --apply or --reject")
        _diaries(state, as_json)
        return
    if reject_ids or ids:
        verb = "Rejected" if reject_ids else "Applied"
        done = state.md.reject_review(reject_ids) if reject_ids else apply(state.md, ids)
        if as_json:
            dump([p.to_dict() for p in done])
            return
        for p in done:
            click.echo(f"{verb} {p.id}: {p.title}.")
        return
    proposals = propose(state.md)
    if as_json:
        dump([p.to_dict() for p in proposals])
        return
    click.echo(report_text(state.md, proposals), nl=False)
    from ..core.store import state_key
    from ..review import diary

    if state.md.database is not None:
        click.echo(
            f"Dream diaries ({diary.NAME}): kept in the team database; "
            "`memdir review --diary` prints them."
        )
        return
    kept = [
        f"{s.scope} {path}"
        for s in state.md.stores()
        if not s.read_only and (path := diary.path_for(state.md, state_key(s))).exists()
    ]
    if kept:
        click.echo(f"Dream diaries ({diary.NAME}, what each run did and why): {'; '.join(kept)}")


def _diaries(state: State, as_json: bool) -> None:
    """Each writable scope's whole dream diary, on either backend (docs/design/dreaming.md)."""
    from ..review import diary

    kept = {
        s.scope: t for s in state.md.stores() if not s.read_only and (t := diary.text(state.md, s))
    }
    if as_json:
        dump(kept)
        return
    if not kept:
        click.echo("No dream diary yet: `memdir maintain` writes one when it consolidates.")
        return
    # each run's heading names its scope: "## Dream <time> (<scope>)"
    click.echo("\n".join(kept.values()), nl=False)
