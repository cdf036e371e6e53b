"""``memdir mcp`` (stdio) and ``memdir serve`` (streamable HTTP): memory for MCP harnesses."""

from __future__ import annotations

import shlex
import shutil
import sys
from pathlib import Path

import click

from .app import State, cli


@cli.command()
@click.option(
    "--agent",
    default="mcp",
    show_default=True,
    help="Agent name recorded for the session in state.db.",
)
@click.pass_obj
def mcp(state: State, agent: str) -> None:
    """Serve MCP over stdin/stdout (what Claude Code, Codex and Cursor launch)."""
    from ..mcp import run_stdio

    md = state.open()  # disabled memory still serves: with no tools and no resources
    state.warn(md)
    run_stdio(md, agent=agent)


@cli.command()
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
@click.pass_obj
def serve(
    state: State,
    host: str,
    port: int,
    max_body: int,
    print_token: bool,
    projects_under: tuple[Path, ...],
) -> None:
    """Serve MCP over streamable HTTP at http://HOST:PORT/mcp, behind a bearer token
    kept in $MEMDIR_HOME/mcp-token (mode 0600)."""
    from ..serve import LOOPBACK, TOKEN_NAME, check_port, load_token
    from ..serve import serve as run

    md = state.open()  # disabled memory still serves: with no tools and no resources
    state.warn(md)
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
        f"memdir MCP on http://{host}:{port}/mcp (token: `{command()} serve --print-token`,"
        f" kept in {md.home / TOKEN_NAME}). Ctrl-C stops it.",
        err=True,
    )
    run(md, host=host, port=port, max_body=max_body, projects_under=projects_under)


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


@cli.command()
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
