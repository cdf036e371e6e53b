"""``memdir mcp`` (stdio) and ``memdir serve`` (streamable HTTP): memory for MCP harnesses."""

from __future__ import annotations

import json
import shlex
import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from .app import State, cli, dump, examples, known_user

if TYPE_CHECKING:
    from ..pg.db import PgDatabase
    from ..pg.transfer import Move
    from ..pg.users import Leaving
    from ..sessions.maintenance import Progress

#: `memdir pull`'s exit status when it left an entry as a conflict (1 is an error's, 2 a
#: usage error's): a script or a cron job can tell it from a clean pull.
CONFLICT = 3
T = TypeVar("T")
#: `memdir push --server`'s exit status when it did not send an entry over the server's
#: body limit (everything else went): the same 3, "not everything went"
UNSENT = 3


@cli.command()
@click.option(
    "--agent",
    default="mcp",
    show_default=True,
    help="Agent name recorded for the session in state.db.",
)
@click.pass_obj
def mcp(state: State, agent: str) -> None:
    """Serve MCP over stdin/stdout (what Claude Code, Codex and Cursor launch).

    Ends when the client closes stdin, once every request it sent is answered; Ctrl-C,
    SIGTERM or SIGHUP stop it at once, stdin open or not (a write in flight completes).
    """
    import sys

    from ..mcp import run_stdio

    # a closed stdin or stdout (`<&-`) is None here, and a file opened later can take its fd
    for name, stream in (("stdin", sys.stdin), ("stdout", sys.stdout)):
        if stream is None:
            raise click.ClickException(
                f"memdir mcp talks to its client on stdin and stdout: {name} is closed"
            )
    # disabled memory still serves: with no tools and no resources; Ctrl-C while a team
    # database is still connecting (a server that hangs) stops it as Ctrl-C after does
    md = _until_ctrl_c("mcp", state.open)
    if md is None:
        return
    state.warn(md)
    _until_ctrl_c("mcp", lambda: run_stdio(md, agent=agent))


def _database(url: str | None) -> str:
    """The team database from --database or $MEMDIR_DATABASE_URL, else a usage error."""
    import os

    found = url or os.environ.get("MEMDIR_DATABASE_URL")
    if not found:
        raise click.UsageError(
            "name the team database: --database postgresql://USER@HOST:PORT/DB "
            "(or set MEMDIR_DATABASE_URL)"
        )
    return found


@cli.group(
    invoke_without_command=True,
    epilog=examples(
        "memdir serve                          # MCP at /mcp and the web page, on 127.0.0.1:8765",
        "memdir serve --print-token            # the bearer token for clients",
        "memdir serve --port 8800 --projects-under ~/src",
        "memdir serve --database postgresql://memdir@db.internal/memdir --host 0.0.0.0",
    ),
)
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Address to bind. Anything but loopback exposes memory to the network "
    "(the bearer token still applies).",
)
@click.option("--port", default=8765, show_default=True, type=click.IntRange(1, 65535))
@click.option(
    "--max-body",
    default=1 << 20,
    show_default=True,
    type=click.IntRange(1024),
    help="Largest request body accepted, in bytes.",
)
@click.option(
    "--print-token", is_flag=True, help="Print the bearer token (made on first use) and exit."
)
@click.option(
    "--projects-under",
    multiple=True,
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    help="Serve only projects in this folder (repeatable); a client naming another "
    "folder gets a tool error. Default: any folder.",
)
@click.option(
    "--database",
    metavar="URL",
    help="Serve a team from PostgreSQL (postgresql://… or libpq's host=… dbname=…; or "
    "MEMDIR_DATABASE_URL): every "
    "user has tokens (`memdir serve users add`), many processes can share the database.",
)
@click.option(
    "--threads",
    default=16,
    show_default=True,
    type=click.IntRange(1, 256),
    help="With --database: library calls run at once (each on a pooled connection).",
)
@click.pass_context
def serve(
    ctx: click.Context,
    host: str,
    port: int,
    max_body: int,
    print_token: bool,
    projects_under: tuple[Path, ...],
    database: str | None,
    threads: int,
) -> None:
    """Serve MCP over streamable HTTP at http://HOST:PORT/mcp, behind a bearer token
    kept in $MEMDIR_HOME/mcp-token (mode 0600), or with --database, behind each team
    user's own tokens."""
    from ..engine import open as open_memdir
    from ..pg.db import redact
    from ..pg.names import SERVER_USER
    from ..serve import LOOPBACK, TOKEN_NAME, check_port, load_token
    from ..serve import serve as run

    state: State = ctx.obj
    if database is not None:
        state.database = _database(database)
    if ctx.invoked_subcommand is not None:
        return
    # disabled memory still serves: with no tools and no resources; Ctrl-C while a team
    # database is still connecting (a server that hangs) stops it as Ctrl-C after does
    md = _until_ctrl_c(  # as no one: the team server acts as each token's user
        "serve",
        lambda: open_memdir(
            state.home, state.project, database_url=state.database, user=SERVER_USER
        ),
    )
    if md is None:
        return
    state.warn(md)
    if md.database is not None:
        if print_token:
            raise click.UsageError("a team server has one token per user: memdir serve users add")
        check_port(host, port)
        click.echo(
            f"memdir team MCP on http://{host}:{port}/mcp, web page on http://{host}:{port}/ "
            f"(database {redact(md.database.url)}, {threads} threads); tokens: `{command()} "
            f"serve users add NAME`. "
            f"Ctrl-C stops it.",
            err=True,
        )
        _until_ctrl_c(
            "serve",
            lambda: run(
                md,
                host=host,
                port=port,
                max_body=max_body,
                threads=threads,
                projects_under=projects_under,
            ),
        )
        return
    token = load_token(md.home)
    if print_token:
        click.echo(token)
        return
    check_port(host, port)  # before the banner: a second server must not claim to run
    if host not in LOOPBACK:
        click.secho(
            f"Warning: listening on {host}, not loopback: anyone who can reach it "
            f"and has the token can read and change memory.",
            fg="yellow",
            err=True,
        )
    click.echo(
        f"memdir MCP on http://{host}:{port}/mcp, web page on http://{host}:{port}/ (token: "
        f"`{command()} serve --print-token`, kept in {md.home / TOKEN_NAME}). Ctrl-C stops it.",
        err=True,
    )
    _until_ctrl_c(
        "serve",
        lambda: run(md, host=host, port=port, max_body=max_body, projects_under=projects_under),
    )


def _until_ctrl_c(name: str, run: Callable[[], T]) -> T | None:
    """``run()`` (the server, or the database's open before it), its result; Ctrl-C, the
    way the banner says to stop it, ends ``memdir NAME`` with a word and exit status 0
    (None), not click's "Aborted!" and 1 (uvicorn shuts down on the signal, then raises
    it again; anyio's run of the stdio server raises it)."""
    try:
        return run()
    except KeyboardInterrupt:
        click.echo(f"memdir {name} stopped (Ctrl-C).", err=True)
        return None


@serve.group()
def users() -> None:
    """The team server's users: tokens, admins and project grants (needs --database URL,
    here or before `users`, or MEMDIR_DATABASE_URL)."""


def _database_option(fn: Any) -> Any:
    """``--database URL`` on a ``users`` command too, where a person types it
    (``memdir serve users ls --database URL``), as well as before ``users``."""

    def remember(ctx: click.Context, _param: click.Parameter, value: str | None) -> None:
        state = ctx.find_object(State)
        if value is not None and state is not None:
            state.database = value

    return click.option(
        "--database",
        metavar="URL",
        expose_value=False,
        callback=remember,
        help="The team database (or MEMDIR_DATABASE_URL).",
    )(fn)


def _db(state: State) -> PgDatabase:
    from ..pg.db import PgDatabase

    return PgDatabase.shared(_database(state.database))


@users.command("add")
@_database_option
@click.argument("name")
@click.option("--admin", is_flag=True, help="May write the org scope and manage nothing else.")
@click.option(
    "--label",
    default="",
    help="What `users ls` calls this token: the machine or job holding it (e.g. "
    "'alice-laptop', 'ci'), so a lost one can be revoked alone. Up to 40 characters.",
)
@click.pass_obj
def users_add(state: State, name: str, admin: bool, label: str) -> None:
    """Add user NAME and print their token once: only its scrypt hash is stored. NAME:
    1-63 of a-z, 0-9, '.', '_', '-', starting with a letter (lower-cased). A user who
    exists already gets another token; their others stay live (`users revoke` ends them
    all), and --admin makes them an admin. The token's public id, mdt_<16 hex> (its start,
    not its secret), is what `users ls` lists and `users revoke NAME --token ID` ends
    alone."""
    from ..pg import users as team
    from ..pg.names import user_name

    db = _db(state)
    who = user_name(name)
    before = team.find(db, who)
    token = team.add(db, who, admin=admin, label=label)
    click.echo(token)
    if before is None:
        click.echo(f"Token for {who} (shown once; keep it secret).", err=True)
    else:
        made = " They are an admin now (they may write the org scope)." if admin else ""
        if before.admin:
            made = " They were an admin already." if admin else ""
        others = (
            f"their {before.tokens} earlier token(s) stay live (`users revoke {who}` ends them all)"
            if before.tokens
            else "they had no live token (all were revoked)"
        )
        click.echo(
            f"Another token for {who}, who exists already; {others}.{made} "
            f"Shown once; keep it secret.",
            err=True,
        )
    called = f", labelled {label.strip()!r}" if label.strip() else ""
    public = team.public_id(team.token_ref(token))  # mdt_<id>: not the secret
    click.echo(f"Its id: {public}{called} (`users ls` lists it).", err=True)


@users.command("ls")
@_database_option
@click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
@click.pass_obj
def users_ls(state: State, as_json: bool) -> None:
    """List users, whether they are admins, their projects and live tokens: under each
    user a line per token with its id (mdt_<16 hex>, for `users revoke NAME --token
    ID`), label, when it was made and when a server last took it (to 5 minutes). Times
    are UTC."""
    import json

    from ..pg import users as team
    from ..pg.names import shown_key

    found = team.listing(_db(state))
    if as_json:
        keys = ("name", "admin", "projects", "tokens")
        click.echo(
            json.dumps(
                [
                    {
                        **{k: getattr(u, k) for k in keys},
                        "live_tokens": [t.to_dict() for t in u.live],
                    }
                    for u in found
                ]
            )
        )
        return
    for u in found:
        role = "admin" if u.admin else "user"
        projects = ", ".join(map(shown_key, u.projects)) or "no projects"
        click.echo(f"{u.name}\t{role}\t{u.tokens} token(s)\t{projects}")
        for t in u.live:
            used = f"last used {_utc(t.last_used)}" if t.last_used else "never used"
            label = t.label or "(no label)"
            click.echo(f"  {t.id}\t{label}\tmade {_utc(t.created)}\t{used}")
    if not found:
        click.echo("No users yet: memdir serve --database URL users add NAME", err=True)


def _utc(when: float) -> str:
    from datetime import UTC, datetime

    return datetime.fromtimestamp(when, UTC).strftime("%Y-%m-%d %H:%M")


@users.command("revoke")
@_database_option
@click.argument("name")
@click.option(
    "--token",
    "tokens",
    multiple=True,
    metavar="ID",
    help="Revoke only this token (its id, mdt_<16 hex>, as `users ls` lists it), e.g. a "
    "lost laptop's; NAME's other tokens stay live. Repeatable.",
)
@click.pass_obj
def users_revoke(state: State, name: str, tokens: tuple[str, ...]) -> None:
    """Revoke every token of NAME (or, with --token ID, only those); every server
    refuses them from the next request, NAME stays a user (`users add NAME` gives a new
    token; `users rm NAME` removes a person who left)."""
    from ..pg import users as team

    who = name.strip().lower()
    if not tokens:
        count = team.revoke(_db(state), name)
        click.echo(f"Revoked {count} token(s) of {who}.")
        return
    done, left = team.revoke_tokens(_db(state), name, tokens)
    if done:
        click.echo(f"Revoked {', '.join(done)} of {who}; {left} other token(s) stay live.")
    else:
        click.echo(f"Nothing to revoke: {who}'s token(s) named were revoked already.")


@users.command("rm")
@_database_option
@click.argument("name")
@click.option(
    "--export",
    "folder",
    type=click.Path(file_okay=False, path_type=Path),
    metavar="DIR",
    help="First write their user and local memories (entries, archive, index) into DIR, "
    "a new or empty folder, as Markdown laid out as a memdir home (DIR/user, "
    "DIR/projects/<project>).",
)
@click.option("--yes", is_flag=True, help="Delete without asking (for scripts).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
@click.pass_obj
def users_rm(state: State, name: str, folder: Path | None, yes: bool, as_json: bool) -> None:
    """Remove NAME, a person who left: their tokens end at once on every server, and
    their grants, user and local memories (with their history) and sessions are deleted
    for good. What they wrote in project and org scopes stays for the others, their name
    on its history. Says what it will delete and asks first (--yes: without asking); to
    keep a copy, --export DIR (or, before, `MEMDIR_USER=NAME memdir pull --database URL
    --apply` in a home of theirs). The team's last admin cannot be removed; to only cut
    NAME off, `users revoke NAME`."""
    from ..pg import users as team

    db = _db(state)
    plan = team.leaving(db, name)  # an unknown user or the last admin: refused here
    exported = None
    if folder is not None:
        exported = team.export(db, plan.name, folder)
        click.echo(f"Exported {exported} file(s) of {plan.name} into {folder}.", err=True)
    if not yes:
        click.echo(_leaving_text(plan, exported is not None), err=True)
        click.confirm(f"Remove {plan.name} and delete all this?", abort=True, err=True)
    gone = team.remove(db, plan.name, expect=plan)  # what was said and exported
    if as_json:
        dump({**gone.to_dict(), "exported": exported, "export_dir": folder and str(folder)})
        return
    click.echo(
        f"Removed {gone.name}: {gone.tokens} token(s) ended, {_held(gone)} and "
        f"{gone.sessions} session(s) deleted; {gone.kept} change(s) they made to project "
        f"and org memories stay."
    )


def _held(gone: Leaving) -> str:
    archived = f" (+{gone.archived} archived)" if gone.archived else ""
    return f"{gone.entries} memor{'y' if gone.entries == 1 else 'ies'}{archived}"


def _scope_named(key: str) -> str:
    """``user`` for ``user:NAME``, ``local <project>`` for ``local:NAME:<project>``."""
    kind, _, rest = key.partition(":")
    return f"local {rest.partition(':')[2]}" if kind == "local" else kind


def _leaving_text(plan: Leaving, exported: bool) -> str:
    """What `users rm` will delete and keep, before it asks."""
    scopes = ", ".join(
        f"{_scope_named(k)} {a}" + (f" (+{b} archived)" if b else "")
        for k, (a, b) in plan.scopes.items()
    )
    lines = [
        f"Removing {plan.name} deletes for good:",
        f"  {plan.tokens} live token(s) (refused at once by every server)",
        f"  {len(plan.projects)} project grant(s): {', '.join(plan.projects) or 'none'}",
        f"  {_held(plan)} in their user and local scopes, with their history"
        + (f": {scopes}" if scopes else ""),
        f"  {plan.sessions} session(s) with {plan.messages} message(s), their jobs and usage",
        f"It keeps the {plan.kept} change(s) they made to project and org memories "
        f"(their name stays on that history).",
    ]
    if not exported and plan.scopes:
        lines.append(
            f"Not exported: `memdir serve users rm {plan.name} --export DIR` first writes "
            f"their memories as Markdown into DIR."
        )
    return "\n".join(lines)


@users.command("admin")
@_database_option
@click.argument("name")
@click.option("--off", is_flag=True, help="Take the admin role away instead.")
@click.pass_obj
def users_admin(state: State, name: str, off: bool) -> None:
    """Make NAME an admin (or, with --off, not); running servers apply it from the next
    request."""
    from ..pg import users as team

    team.set_admin(_db(state), name, not off)
    click.echo(f"{name.strip().lower()} is {'not ' if off else ''}an admin now.")


@users.command("grant")
@_database_option
@click.argument("name")
@click.argument("project_url", metavar="PROJECT-URL")
@click.pass_obj
def users_grant(state: State, name: str, project_url: str) -> None:
    """Share the project scope of PROJECT-URL (the repository's remote, or host/owner/repo
    as `users ls` prints it) with NAME."""
    from ..pg import users as team
    from ..pg.names import shown_key

    url = shown_key(team.grant(_db(state), name, project_url))
    click.echo(f"{name.strip().lower()} may read and write the project scope of {url}.")


@users.command("ungrant")
@_database_option
@click.argument("name")
@click.argument("project_url", metavar="PROJECT-URL")
@click.pass_obj
def users_ungrant(state: State, name: str, project_url: str) -> None:
    """Take the project scope of PROJECT-URL away from NAME (the opposite of grant):
    every server refuses it from NAME's next call; its memories stay for the others."""
    from ..pg import users as team
    from ..pg.names import shown_key

    url, had = team.ungrant(_db(state), name, project_url)
    url, who = shown_key(url), name.strip().lower()
    if had:
        click.echo(f"{who} may no longer read or write the project scope of {url}.")
    else:
        click.echo(f"{who} was not granted the project scope of {url}; nothing changed.")


def command() -> str:
    """How to run this memdir again: ``memdir`` when the PATH finds this very command,
    else its full path (``make serve`` runs ``.venv/bin/memdir``, which is not on it)."""
    for script in (Path(sys.argv[0]), Path(sys.executable).with_name("memdir")):
        if script.name == "memdir" and script.is_file():
            found = shutil.which("memdir")
            if found is not None and Path(found).resolve() == script.resolve():
                return "memdir"
            return shlex.quote(str(script.absolute()))
    return f"{shlex.quote(sys.executable)} -m memdir"


@cli.command(
    epilog=examples(
        "memdir ui",
        "memdir ui --no-open --port 8766",
    ),
)
@click.option("--port", default=8765, show_default=True, type=click.IntRange(1, 65535))
@click.option("--no-open", is_flag=True, help="Print the sign-in link instead of opening it.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts (implies --no-open).")
@click.pass_obj
def ui(state: State, port: int, no_open: bool, as_json: bool) -> None:
    """Open the web page of this memory home for the current project, starting a
    loopback `memdir serve` in the background when none runs on PORT."""
    import json
    import webbrowser

    from ..web.launch import launch

    md = state.md
    done = launch(md.home, md.project_root, port=port)
    if as_json:
        click.echo(json.dumps({"url": done.url, "started_pid": done.started_pid}))
        return
    if done.started_pid is not None:
        click.echo(
            f"Started memdir serve on port {port} (pid {done.started_pid}); "
            f"`kill {done.started_pid}` stops it.",
            err=True,
        )
    if no_open or not webbrowser.open(done.url):
        click.echo(f"Open this link within two minutes to sign in: {done.url}")


def _transfer_options(fn: Any) -> Any:
    fn = click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")(fn)
    fn = click.option(
        "--dry-run",
        is_flag=True,
        help="Show what would be written and write nothing (the default without --apply).",
    )(fn)
    fn = click.option("--apply", is_flag=True, help="Write; without it, a dry run.")(fn)
    fn = click.option(
        "--token-file",
        type=click.Path(dir_okay=False, path_type=Path),
        help="With --server: a file holding your token (or set MEMDIR_TOKEN; never on the "
        "command line, where `ps` shows it).",
    )(fn)
    fn = click.option(
        "--server",
        metavar="URL",
        help="The team server's address (or MEMDIR_SERVER), with your token from "
        "`memdir serve users add`: no database credentials needed.",
    )(fn)
    return click.option(
        "--database", metavar="URL", help="The team database (or MEMDIR_DATABASE_URL)."
    )(fn)


def _server(server: str | None, database: str | None, token_file: Path | None) -> Any:
    """The team server to go through (a :class:`memdir.pg.remote.Server`), or None for
    the database path; a usage error when both, or a server without a token, are given."""
    import os

    from ..pg.remote import Server

    if server and database:
        raise click.UsageError("give --server (with a token) or --database, not both")
    url = server or (None if database else os.environ.get("MEMDIR_SERVER"))
    if not url:
        if token_file is not None:
            raise click.UsageError("--token-file goes with --server URL (or MEMDIR_SERVER)")
        return None
    if token_file is not None:
        from ..core.storage.regular import read_text

        try:  # bounded, a regular file only: never a hang on a FIFO or /dev/zero
            token = read_text(token_file, 4096)
        except (OSError, ValueError) as exc:
            raise click.UsageError(f"cannot read the token file {token_file}: {exc}") from None
        if not token.strip().isprintable() or not token.isascii():  # sent in a header
            raise click.UsageError(f"the token file {token_file} does not hold a token")
    else:
        token = os.environ.get("MEMDIR_TOKEN", "")
    if not token.strip():
        raise click.UsageError(
            "the team server needs your token: set MEMDIR_TOKEN or pass --token-file PATH "
            "(the one `memdir serve users add` printed)"
        )
    return Server(url, token)


def _team_database(url: str | None) -> str:
    """A push's or pull's team database (--database or $MEMDIR_DATABASE_URL); when there
    is none, a usage error naming both ways to the team: most users hold a token and the
    server's address, not the database's URL."""
    import os

    if url or os.environ.get("MEMDIR_DATABASE_URL"):
        return _database(url)
    token = " (MEMDIR_TOKEN is set)" if os.environ.get("MEMDIR_TOKEN", "").strip() else ""
    raise click.UsageError(
        f"name the team: --server URL (or MEMDIR_SERVER) with your token{token}, or "
        f"--database postgresql://USER@HOST:PORT/DB (or MEMDIR_DATABASE_URL)"
    )


class _Tally:
    """A push's or pull's progress: drawn as a bar on a terminal, and kept to say what
    an interrupted one wrote."""

    def __init__(self) -> None:
        self.report: Progress = lambda stage, done, total: None
        self.stage, self.done, self.total = "", 0, 0

    def __call__(self, stage: str, done: int, total: int | None) -> None:
        self.stage, self.done, self.total = stage, done, total or 0
        self.report(stage, done, total)

    def interrupted(
        self,
        apply: bool,
        pushing: bool,
        *,
        server: bool,
        unsent: list[Move],
        limit: int | None,
        sent: bool = True,
    ) -> str:
        """What an interrupted push or pull wrote; ``unsent``: the entries a push --server
        did not send as too big for the server's ``limit`` (named as a failed push names
        them: no re-run sends them, so the promise leaves them out); ``sent``: whether a
        push --server sent a batch yet (not while it waits for its probe)."""
        from ..pg.remote import not_sent
        from .progress import interrupted

        tail = f" {not_sent(unsent, limit)}" if unsent else ""
        if not apply:
            return f"Interrupted: nothing was written (a dry run).{tail}"
        where = "to the team server" if pushing else "into this home"
        n = len(unsent)
        but = f" but the {'entry' if n == 1 else f'{n:,} entries'} too big (below)" if n else ""
        if server and pushing and not sent:  # it was asking the server's limit
            return (
                f"Interrupted before any entry was sent: nothing was written {where}. Run "
                f"the same command again to push the entries{but}.{tail}"
            )
        wrote = self.done if self.stage in ("Sending", "Writing") else 0
        of = f" of {self.total:,}" if self.total else ""
        maybe = " (the batch being sent may be written too)" if server and pushing else ""
        kept = f"at least {wrote:,}{of} entries were written {where}{maybe}"
        return interrupted(kept, f"write the rest{but}") + tail


def _by_ctrl_c(exc: BaseException) -> bool:
    """True when ``exc`` was raised while a KeyboardInterrupt was being handled (psycopg
    leaving a pipeline it was interrupted in: "cannot exit pipeline mode while busy")."""
    seen: BaseException | None = exc
    while seen is not None:
        if isinstance(seen, KeyboardInterrupt):
            return True
        seen = seen.__context__
    return False


def _transfer(state: State, pushing: bool, options: dict[str, Any]) -> None:
    """Push this home's memories to the team server, or pull them from it (a progress
    bar on a terminal; Ctrl-C says what was written)."""
    from ..core.errors import MemdirError, PostgresError
    from ..core.printable import printable
    from ..engine import open as open_memdir
    from ..pg import remote
    from ..pg.transfer import Ledger, adopt_pushed, entries_of, push_bases, transfer
    from .progress import bar

    if options.pop("dry_run") and options["apply"]:
        raise click.UsageError("give --apply (write) or --dry-run (write nothing), not both")
    to = _server(options["server"], options["database"], options["token_file"])
    apply, as_json = options["apply"], options["as_json"]
    mine = bool(options.get("keep_mine"))
    url = None if to is not None else _team_database(options["database"])
    # this home's files even when MEMDIR_DATABASE_URL is exported (it names the server)
    local = open_memdir(state.home, state.project, database_url="")
    tally = _Tally()
    unsent: list[Move] = []  # a push --server's entries too big for the server, not sent

    def interrupted() -> str:
        limit = None if to is None else to.max_body  # as the push learnt it
        sent = to is None or to.sending
        return tally.interrupted(
            apply, pushing, server=url is None, unsent=unsent, limit=limit, sent=sent
        )

    try:
        with bar(as_json=as_json) as tally.report:
            if url is None:
                if pushing:
                    done = remote.push(to, local, apply=apply, progress=tally, unsent=unsent)
                else:
                    done = remote.pull(to, local, apply=apply, progress=tally, keep_mine=mine)
            else:
                team = open_memdir(state.home, state.project, database_url=url)
                known_user(team)
                side, notes = entries_of(local if pushing else team)  # local: as the server keys it
                notes += [w for w in team.warnings if w.startswith("local scope:")]  # opening's
                where = "on the team server" if pushing else "in this home"
                into = team if pushing else local
                # this home's files only (a push's source); a dry run needs no write
                ledger = Ledger(local.home, apply=apply)
                done = transfer(
                    side,
                    into,
                    apply=apply,
                    where=where,
                    notes=notes,
                    progress=tally,
                    ledger=None if pushing else ledger,
                    keep_mine=mine,
                    bases=push_bases(ledger, local, side) if pushing else None,
                    # what the server holds now, recorded as each write lands (an
                    # interrupted push too): a later hand edit there is a change
                    pushed_from=(ledger, local) if pushing else None,
                )
                if pushing:
                    done.moves += remote.left_out(side, done)
            if pushing and done.same_as:  # this home's copy takes the server's id of it
                adopt_pushed(Ledger(local.home, apply=apply), local, entries_of(local)[0], done)
    except KeyboardInterrupt:  # Ctrl-C: what was written stays; say what that is
        raise MemdirError(interrupted()) from None
    except MemdirError as exc:  # a write failed (a push --server's error says it already)
        if _by_ctrl_c(exc):  # Ctrl-C inside the driver: its cleanup failed in its place
            raise MemdirError(interrupted()) from None
        if not apply or tally.stage != "Writing" or not tally.done:
            raise
        where = "to the team server" if pushing else "into this home"
        # a lost connection may pass on a re-run; another error (a name clash, a refused
        # statement) the same command meets again: no promise then
        lost = isinstance(exc, PostgresError) and exc.reaching
        again = (
            ", and running the same command again writes the rest (nothing is written twice)"
            if lost
            else ""
        )
        raise MemdirError(
            f"{exc} Before it, at least {tally.done:,} of {tally.total:,} entries were "
            f"written {where}; they stay{again}."
        ) from None
    conflicts = any(m.action == "conflict" for m in done.moves)
    left = any(m.action == remote.UNSENT for m in done.moves)  # its own action: no wording
    status = CONFLICT if conflicts else UNSENT if left else 0
    _say_left_out(done.moves)
    if as_json:
        dump(done.to_dict())
        if status:
            raise SystemExit(status)
        return
    said = {
        m.scope for m in done.moves if m.action == remote.UNSENT and "scope was skip" in m.reason
    }
    for note in done.notes:
        if note.split(" ", 1)[0] not in said or " scope skipped: " not in note:  # said below
            click.echo(f"Note: {printable(note)}")
    for m in done.moves:  # ids and reasons from a server or a cloned home: no ESC, NUL
        line = f"{m.action:<8} {m.scope:<8} {printable(m.entry)}" + (
            f" — {printable(m.reason)}" if m.reason else ""
        )
        color = {"refused": "red", "unsent": "red", "conflict": "yellow", "mine": "yellow"}.get(
            m.action
        )
        click.secho(line, fg=color)
    counts = ", ".join(f"{n} {a}" for a, n in done.counts().items())
    verb, where = (
        ("Pushed", "to the team server") if pushing else ("Pulled", "from the team server")
    )
    click.echo(
        f"{verb if done.applied else 'Would ' + verb.lower()[:4]} {where}: {counts or 'nothing'}."
    )
    if not done.applied and any(m.action in ("add", "update", "mine") for m in done.moves):
        click.echo("Dry run: nothing written. Re-run with --apply.")
    if status:  # after everything else was written: a script can tell it from a clean run
        raise SystemExit(status)


def _say_left_out(moves: list[Move]) -> None:
    """On stderr (beside --json too), the entries a push did not send because their
    whole scope was skipped: named, with why, since the exit status alone names none."""
    from ..pg.remote import UNSENT as LEFT

    skipped = [m for m in moves if m.action == LEFT and "scope was skipped" in m.reason]
    for reason in dict.fromkeys(m.reason for m in skipped):
        names = ", ".join(m.entry for m in skipped if m.reason == reason)
        click.secho(f"Not sent: {names} ({reason.removeprefix('not sent: ')})", fg="red", err=True)


@cli.command()
@_transfer_options
@click.pass_obj
def push(state: State, /, **options: Any) -> None:
    """Copy this home's user, project and local memories into the team server: with
    --server and your token, as the token's user; with --database, as $MEMDIR_USER (a
    user `memdir serve users add` made; unset: your login name). A dry
    run by default; a re-run adds nothing; the guard applies on the server.

    A file edited here since the last push or pull (by hand or through memdir) is sent
    even when the server's copy is stamped later, as long as that copy is the one both
    sides held then; when it changed too, neither is written over, whatever the clocks
    say (a conflict: `pull --keep-mine --apply`, then push, sends yours).

    Exit status: 0 when done, 3 when an entry was left as a conflict, or was not sent
    because its scope was skipped (a project not granted to you: named on stderr) or
    (--server) it is too big for the server's body limit (everything else was; a dry
    run exits 3 too when an apply would), 1 on an error. An entry is too big when the
    request that carries it alone is over the server's --max-body: its JSON
    (ASCII-escaped: a non-ASCII character takes 6 or 12 bytes) plus 40 to 43 bytes
    around it (more for a local entry of a checkout without an origin: the scope's key)."""
    _transfer(state, True, options)


@cli.command()
@_transfer_options
@click.option(
    "--keep-mine",
    is_flag=True,
    help="A file you edited since the last push or pull (a conflict): keep it, set its "
    "`updated:` to now and record the server's copy as the one it replaces, so that "
    "`memdir push` sends it (unless the server's copy changes again first).",
)
@click.pass_obj
def pull(state: State, /, **options: Any) -> None:
    """Write your memories on the team server (user, project, local) into this home as
    Markdown files (--server with your token, or --database as $MEMDIR_USER). A dry run
    by default; a re-run writes nothing; an entry changed here more recently is kept, and
    so is a file edited here since the last push or pull (a conflict; --keep-mine).

    Exit status: 0 when done, 3 when an entry was left as a conflict (everything else
    was written; a dry run exits 3 too when an apply would leave one), 1 on an error."""
    _transfer(state, False, options)


# --- serve projects: a project's data moved to its new key (a repository renamed) ---


@serve.group()
def projects() -> None:
    """The team database's projects (needs --database URL, here or before `projects`,
    or MEMDIR_DATABASE_URL; the database's operator, like `serve users`)."""


@projects.command(
    "rename",
    epilog=examples(
        "memdir serve projects rename https://github.com/acme/app https://github.com/acme/webapp",
        "memdir serve projects rename local:alice:-home-alice-src-app "
        "local:alice:github-com-acme-app --json",
    ),
)
@_database_option
@click.argument("old")
@click.argument("new")
@click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
@click.pass_obj
def projects_rename(state: State, old: str, new: str, as_json: bool) -> None:
    """Move the project OLD's memories to NEW (repository URLs, as `users grant` takes
    them): entries with their history, what was forgotten (it stays forgotten), usage and
    the grants, in one transaction; every server reads them under NEW from its next
    call. Also a user's local scope (local:USER:OLDSLUG local:USER:NEWSLUG). Refused
    when NEW holds entries already: nothing is ever overwritten."""
    from ..pg.rekey import move

    moved = move(_db(state), old, new)
    if as_json:
        click.echo(json.dumps(moved.to_dict()))
        return
    click.echo(
        f"Moved {moved.old} to {moved.new}: {moved.entries} entries ({moved.files} "
        f"files, archived and index too), {moved.commits} "
        f"versions, {moved.grants} grants, {moved.state_rows} rows of state (forgotten, "
        f"usage, candidates)."
    )
