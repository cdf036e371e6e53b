"""``memdir install`` / ``memdir uninstall``: wire memdir into a harness, and take it out."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from .app import State, cli, examples

_HARNESSES = click.Choice(["claude-code", "codex", "hermes"])


def _options(f: Any) -> Any:
    for option in reversed(
        [
            click.argument("harness", type=_HARNESSES),
            click.option(
                "--settings",
                type=click.Path(dir_okay=False, path_type=Path),
                help="claude-code: the settings file to add hooks to (default "
                "~/.claude/settings.json, or $CLAUDE_CONFIG_DIR's; a project's "
                ".claude/settings.local.json is a --project install, its "
                ".claude/settings.json needs --shared).",
            ),
            click.option(
                "--project",
                type=click.Path(file_okay=False, path_type=Path),
                help="claude-code: for this project only, in your own files: hooks in its "
                ".claude/settings.local.json, the MCP server in ~/.claude.json (or "
                "$CLAUDE_CONFIG_DIR's) for it.",
            ),
            click.option(
                "--shared",
                is_flag=True,
                help="claude-code, with --project: the files a team commits instead "
                "(.claude/settings.json and .mcp.json), naming memdir as found on PATH.",
            ),
            click.option(
                "--codex-home",
                type=click.Path(file_okay=False, path_type=Path),
                help="codex: Codex's folder (default $CODEX_HOME or ~/.codex).",
            ),
            click.option(
                "--hermes-home",
                type=click.Path(file_okay=False, path_type=Path),
                help="hermes: Hermes's folder (default $HERMES_HOME or ~/.hermes).",
            ),
            click.option("--yes", is_flag=True, help="Write without asking (for scripts)."),
            click.option("--dry-run", is_flag=True, help="Show the changes; write nothing."),
            click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts."),
        ]
    ):
        f = option(f)
    return f


def _home(state: State) -> Path:
    from ..core.config import load_settings

    return load_settings(state.home, Path.cwd()).home


def _run(plan: Any, yes: bool, dry_run: bool, as_json: bool) -> None:
    from ..interop import install

    verb = "Install" if plan.action == "install" else "Uninstall"
    if plan.changed and not dry_run:
        if not yes:
            if as_json:
                raise click.UsageError("--json writes only with --yes (or use --dry-run)")
            click.echo(plan.diff(), nl=False)
            click.confirm(f"{verb} memdir for {plan.harness}: write these changes?", abort=True)
        install.apply(plan)
    if as_json:
        click.echo(json.dumps({**plan.to_dict(), "written": bool(plan.changed) and not dry_run}))
        return
    if dry_run or yes:
        click.echo(plan.diff(), nl=False)
    if not plan.changed:
        state = "installed" if plan.action == "install" else "not installed"
        click.echo(f"memdir is already {state} for {plan.harness}: nothing to change.")
    elif dry_run:
        click.echo("Dry run: nothing was written.")
    else:
        done = "Installed" if plan.action == "install" else "Uninstalled"
        click.echo(f"{done} memdir for {plan.harness}: {len(plan.changed)} file(s) changed.")
        for backup in plan.backups:
            click.echo(f"Backup: {backup}")
    for note in plan.notes:
        click.echo(f"Note: {note}")


def _harness_options(harness: str, **given: Any) -> dict[str, Any]:
    wanted = {
        "claude-code": ("settings", "project", "shared"),
        "codex": ("codex_home", "required"),
        "hermes": ("hermes_home", "activate"),
    }[harness]
    for name, value in given.items():
        if value and name not in wanted:
            flag = "--" + name.replace("_", "-")
            raise click.UsageError(f"{flag} is not an option of {harness}")
    return {k: v for k, v in given.items() if k in wanted and v not in (None, False)}


@cli.command(
    epilog=examples(
        "memdir install claude-code --dry-run",
        "memdir install claude-code --project .   # this project only",
        "memdir install codex --required --yes",
        "memdir install hermes --activate --yes",
    ),
)
@_options
@click.option(
    "--activate",
    is_flag=True,
    help="hermes: also set memory.provider to memdir in Hermes's config.yaml.",
)
@click.option(
    "--required",
    is_flag=True,
    help="codex: mark memdir's MCP server required, so that Codex waits for it before the "
    "first turn (codex exec does not wait otherwise) and stops if memdir cannot start.",
)
@click.pass_obj
def install(
    state: State,
    /,
    harness: str,
    activate: bool,
    required: bool,
    yes: bool,
    dry_run: bool,
    as_json: bool,
    **given: Any,
) -> None:
    """Wire memdir into a harness (HARNESS: claude-code, codex or hermes).

    claude-code: the MCP server, and hooks that give each session memdir's context, recall
    before each prompt, and import the transcript (queueing extraction) after each turn,
    before compaction and at the end. codex: the MCP server and the notify program that
    imports new rollouts. hermes: a memory-provider plugin (--activate selects it).
    Prints the diff and asks before writing (--yes for scripts); every changed file is
    backed up beside itself; running it again changes nothing.
    """
    from ..interop import install as installer

    options = _harness_options(harness, **given)  # --settings, --project, … as given
    if activate:
        _harness_options(harness, activate=True)
        options["activate"] = True
    if required:
        _harness_options(harness, required=True)
        options["required"] = True
    _run(installer.plan_install(harness, _home(state), **options), yes, dry_run, as_json)


@cli.command(
    epilog=examples(
        "memdir uninstall claude-code --dry-run",
        "memdir uninstall claude-code --project . --yes",
        "memdir uninstall codex --yes",
    ),
)
@_options
@click.pass_obj
def uninstall(
    state: State, /, harness: str, yes: bool, dry_run: bool, as_json: bool, **given: Any
) -> None:
    """Take memdir out of a harness: each file changed by `memdir install` goes back to
    what it was, or, when edited since, loses only memdir's parts."""
    from ..interop import install as installer

    options = _harness_options(harness, **given)  # --settings, --project, … as given
    if harness == "hermes":
        options["activate"] = True  # memory.provider: memdir would name a missing plugin
    _run(installer.plan_uninstall(harness, _home(state), **options), yes, dry_run, as_json)


@cli.group(hidden=True)
def hook() -> None:
    """Commands a harness runs (installed by `memdir install`), not meant for people."""


@hook.command("claude-code")
@click.option("--no-budget", is_flag=True, help="Finish the work however long it takes.")
@click.option("--budget", type=float, default=2.0, hidden=True, help="Seconds to answer in.")
@click.pass_obj
def claude_code_hook(state: State, no_budget: bool, budget: float) -> None:
    """Answer one Claude Code hook event: its JSON on stdin, memdir's JSON on stdout.

    Exits 0 whatever happens (a failure is a one-line systemMessage); work that takes
    longer than 2 s goes on in a detached process."""
    import os
    import subprocess
    import sys

    from ..interop.install._command import detached, memdir_command
    from ..interop.install.claude_code_hook import MAX_INPUT, answer

    raw = sys.stdin.buffer.read(MAX_INPUT + 1)
    home = state.home
    done = answer(raw, home, budget=None if no_budget else budget)
    if done.output:
        click.echo(done.output)
    if not done.hand_off:
        return
    home_path = Path(home) if home is not None else Path.home() / ".memdir"  # no config read
    argv = [*memdir_command(home_path), "hook", "claude-code", "--no-budget"]
    child = detached(argv, stdin=subprocess.PIPE)
    assert child.stdin is not None
    child.stdin.write(raw)
    child.stdin.close()
    sys.stdout.flush()
    os._exit(0)  # the import still running on a thread is the child's to finish


@hook.command(
    "codex-notify",
    context_settings={"ignore_unknown_options": True, "allow_interspersed_args": False},
)
@click.argument("args", nargs=-1, type=click.UNPROCESSED)
@click.pass_obj
def codex_notify_hook(state: State, args: tuple[str, ...]) -> None:
    """Codex's notify program: [-- YOUR-NOTIFY-PROGRAM…] PAYLOAD.

    Starts your own notify program (if one was chained) with the payload, imports the
    rollouts that are new or grew, queues the turn's session for extraction, and prints
    what it did as JSON. Exits 0 whatever happens."""
    from ..core.errors import MemdirError
    from ..interop.install.codex_notify import notify

    try:
        done = notify(list(args), state.home)
    except MemdirError as exc:
        click.echo(f"memdir: {exc}", err=True)
        return
    except Exception as exc:  # noqa: BLE001  (a bug must not show up as a Codex error)
        click.echo(f"memdir: unexpected {type(exc).__name__}: {exc}", err=True)
        return
    click.echo(json.dumps(done.to_dict()))
