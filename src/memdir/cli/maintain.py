"""``memdir maintain`` and ``memdir jobs``: the background pipeline from the command line.
See docs/design/cli.md."""

from __future__ import annotations

import contextlib
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from ..core.printable import printable
from .app import State, cli, dump

if TYPE_CHECKING:  # the pipeline is imported only when these commands run
    from ..pipeline import Job, RunReport


def _summary(report: RunReport, *, dry: bool) -> list[str]:
    would = "would " if dry else ""
    lines = [
        f"sessions extracted: {report.extracted} ({report.empty} with nothing worth "
        f"saving, {report.skipped} skipped)",
        f"candidates kept: {report.candidates}",
    ]
    if report.dropped:
        lines.append(
            "candidates dropped: "
            + ", ".join(f"{n} {why}" for why, n in sorted(report.dropped.items()))
        )
    held = set(report.held)  # approval = ask: those wait in `memdir review`
    lines += [f"{would}apply: {op}" for op in report.ops if op not in held]
    proposed = "would propose" if dry else "proposed"
    lines += [f"{proposed} (approval = ask, see `memdir review`): {op}" for op in report.held]
    lines += [f"{would}archive (unused): {a}" for a in report.archived]
    lines += [f"review: {r}" for r in report.review]
    if report.deferred:
        lines.append("model-call budget spent: the rest waits for the next run")
    if report.embedded:
        lines.append(f"vectors computed: {report.embedded}")
    lines += [f"error: {e}" for e in report.errors]
    return lines


@cli.command()
@click.option("--dry-run", is_flag=True, help="Print the ops it would apply; write nothing.")
@click.option(
    "--all",
    "everything",
    is_flag=True,
    help="Redo every session of this project, not only those that grew.",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
@click.pass_obj
def maintain(state: State, dry_run: bool, everything: bool, as_json: bool) -> None:
    """Extract memories from finished sessions and consolidate them (cron-friendly)."""
    pipeline = state.md.pipeline
    if dry_run:
        report = pipeline.plan(everything=everything)
    else:
        rekeyed = pipeline.rekey()  # imported since under this checkout's path: queued too
        pipeline.scan(everything=everything)
        total = pipeline.due()
        if total:
            from .progress import bar

            with bar(as_json=as_json) as show:
                done = 0

                def step(job: Job) -> None:
                    nonlocal done
                    done += 1
                    show("memdir maintain", done, done + pipeline.due())

                show("memdir maintain", 0, total)
                report = pipeline.run(scan=False, progress=step)
        else:
            from ..pipeline import RunReport

            report = RunReport()
        report.errors = [*rekeyed, *(e for e in report.errors if e not in rekeyed)]
        report.archived = pipeline.archive_unused()
        report.review = pipeline.review()
        pipeline.embed(report)  # the semantic layer's vectors, when MEMDIR_EMBED is set
    if as_json:
        data: dict[str, Any] = {k: v for k, v in report.__dict__.items()}
        data["dropped"] = dict(report.dropped)
        dump(data)
    elif not report.did_anything and not report.ops:
        waiting = [] if dry_run else pipeline.waiting()
        if waiting:  # a failed job is not "nothing": say when it runs again
            now = datetime.now(UTC)
            click.echo(
                f"Nothing to do now: {len(waiting)} job(s) failed and wait to be retried, "
                f"the next {_age(waiting[0].retry_at, now)} (`memdir jobs` shows the error)."
            )
        else:
            click.echo("Nothing to do.")
    else:
        for line in _summary(report, dry=dry_run):
            click.echo(line)
    _unclaimed(state)
    if report.errors:
        sys.exit(1)


def _unclaimed(state: State) -> None:
    """One line on stderr when sessions keyed by this checkout's path record no checkout
    (logged before rows recorded it, or imported with nothing proving it was there) and
    wait unlearnt (team database): how many, the first ids, why, the command that claims
    them."""
    from ..core.errors import MemdirError
    from ..core.printable import shown
    from ..pipeline.upkeep import unclaimed

    try:
        ids = unclaimed(state.md)
    except MemdirError:  # an advisory line: the run above already said what it could not read
        return
    if ids:
        first = ", ".join(shown(i) for i in ids[:3]) + (", …" if len(ids) > 3 else "")
        click.echo(
            f"Not learnt: {len(ids)} session(s) keyed by this checkout's path record no "
            f"checkout ({first}): logged before sessions recorded it, or imported with "
            "nothing to show this checkout was here then (its git reflog expired or newer "
            "than the session, no start time); `memdir sessions claim` makes them this "
            "project's once you confirm they are this repository's.",
            err=True,
        )


def _age(when: datetime | None, now: datetime) -> str:
    if when is None:
        return "-"
    seconds = (when - now).total_seconds()
    sign = "in " if seconds > 0 else ""
    seconds = abs(seconds)
    text = (
        f"{seconds:.0f}s"
        if seconds < 90
        else f"{seconds / 60:.0f}m"
        if seconds < 5400
        else f"{seconds / 3600:.0f}h"
    )
    return sign + text + ("" if sign else " ago")


def _for(home: Path, project: str) -> str:
    """Which project a job is for, as a person names it (`` for ~/项目/支付服务``): its
    ``project``, a scope folder's slug, says nothing readable of a path not in ASCII;
    the folder's origin record has the path (none: nothing said)."""
    from ..core.origins import read_origin

    if not project or "/" in project or project.startswith("."):
        return ""
    origin = read_origin(home / "projects" / project)
    if origin is None:
        return ""
    path = Path(origin.path)
    with contextlib.suppress(ValueError, RuntimeError):
        path = Path("~") / path.relative_to(Path.home())
    return f" for {printable(str(path))}"


@cli.command()
@click.option(
    "--status",
    type=click.Choice(["pending", "running", "done", "error"]),
    help="Only jobs with this status.",
)
@click.option("--limit", default=50, show_default=True, help="How many jobs to show.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON (with raw model output).")
@click.pass_obj
def jobs(state: State, status: str | None, limit: int, as_json: bool) -> None:
    """Show the pipeline's job queue, most recently changed first."""
    found = state.md.pipeline.jobs.list(status=status, limit=limit)
    if as_json:
        dump([j.to_dict() for j in found])
        return
    if not found:
        click.echo("No jobs.")
        return
    now = datetime.now(UTC)
    for j in found:
        key = j.key if len(j.key) <= 40 else "…" + j.key[-39:]
        extra = ""
        if j.status == "pending" and j.retry_at > now:
            extra = f" retry {_age(j.retry_at, now)} ({j.retries_left} left)"
        elif j.status == "running":
            extra = f" by {j.worker}, lease ends {_age(j.lease_until, now)}"
        click.echo(
            f"{j.kind:11} {j.status:7} {j.outcome or '-':10} {key:40} "
            f"updated {_age(j.updated_at, now)}{extra}{_for(state.md.home, j.project)}"
        )
        if j.last_error:
            click.secho(f"            last error: {j.last_error[:300]}", fg="red")
