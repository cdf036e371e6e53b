"""Review rv52cov of branch cover52: what its Ctrl-C fix and its doctor tests leave
open. Real parts only: ``memdir`` subprocesses started as a terminal starts them
(SIGINT at its default), a real SQLite file cut short, a TCP port that never answers
standing in for a PostgreSQL server that hangs."""

from __future__ import annotations

import shutil
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio
from mcp.shared.exceptions import MCPError

from test_cover52 import _truncated
from test_edges import Run
from test_edges import cli as cli
from test_team_server import Team, _add, _client, _data
from test_team_server import team as team
from webserver import hanging_postgresql, memdir_popen, memdir_serving, serve_env, start_server


# Ctrl-C while `memdir serve --database` is still connecting to PostgreSQL (a server that
# hangs) stops it as Ctrl-C after does: "memdir serve stopped (Ctrl-C).", exit status 0
# (it was click's "Aborted!" and 1: state.open() ran outside _until_ctrl_c).
def test_ctrl_c_while_connecting_to_postgresql_stops_like_ctrl_c_after(
    home: Path, project: Path, tmp_path: Path
) -> None:
    with hanging_postgresql() as postgresql:
        url = postgresql.url
        proc = memdir_popen(serve_env(home, tmp_path), project, "serve", "--database", url)
        err = postgresql.ctrl_c(proc)
    assert "Aborted!" not in err and "Traceback" not in err, err
    assert proc.returncode == 0 and "memdir serve stopped (Ctrl-C)." in err, (proc.returncode, err)


# A second Ctrl-C while the server shuts down (writers still connected) printed a
# traceback (asyncio.CancelledError from the lifespan) between the banner and
# "memdir serve stopped (Ctrl-C).": the fix caught the KeyboardInterrupt but not
# uvicorn's forced exit, which skipped the lifespan's shutdown and cancelled it.
def test_a_second_ctrl_c_during_shutdown_prints_no_traceback(
    home: Path, project: Path, tmp_path: Path
) -> None:
    """The second Ctrl-C is uvicorn's force quit: it stops waiting for the connected
    clients, and memdir still closes as after one Ctrl-C (sessions ended, workspaces
    closed, every acknowledged write kept). So it ends as one Ctrl-C does: the one line
    "memdir serve stopped (Ctrl-C)." and exit status 0, the person stopped the server
    the way its banner says; not 130 (killed by SIGINT) nor 1 (an error), which a script
    or a service manager would take for a failure."""
    with memdir_serving(serve_env(home, tmp_path), project) as (proc, base):
        token = (home / "mcp-token").read_text().strip()
        acked: list[str] = []

        async def writer(i: int) -> None:
            try:
                async with _client(f"{base}/mcp", token, roots=[project]) as c:
                    for j in range(10_000):
                        done = _data(await c.call_tool("memory", _add(f"N {i} {j}", "b")))
                        if done.get("success"):
                            acked.append(f"N {i} {j}")
            except (ExceptionGroup, MCPError, OSError):  # the server went away
                pass

        async def main() -> None:
            async with anyio.create_task_group() as tg:
                for i in range(4):
                    tg.start_soon(writer, i)
                while len(acked) < 20:
                    await anyio.sleep(0.05)
                proc.send_signal(signal.SIGINT)
                await anyio.sleep(0.05)
                proc.send_signal(signal.SIGINT)

        anyio.run(main)
        _, err = proc.communicate(timeout=60)
    import memdir

    names = {e.name for s in memdir.open(home, project).stores() for e in s.list()}
    assert set(acked) <= names  # acknowledged writes are kept (this part holds)
    assert "memdir serve stopped (Ctrl-C)." in err and proc.returncode == 0, err
    assert "Traceback" not in err, err
    # the last line; the MCP SDK may warn before it of a reply it could not send to a
    # client still connected ("… gave up: transport write blocked")
    assert err.splitlines()[-1] == "memdir serve stopped (Ctrl-C).", err


def _fake_sqlite3(tmp_path: Path) -> dict[str, str]:
    """PATH of git and a ``sqlite3`` shell whose ``.recover`` fails (as Debian's 3.40.1
    does), so the result does not depend on the machine's sqlite3."""
    bare = tmp_path / "bin"
    bare.mkdir()
    (bare / "git").symlink_to(shutil.which("git") or "/usr/bin/git")
    shell = bare / "sqlite3"
    shell.write_text("#!/bin/sh\necho 'Error: unknown command: .recover' >&2\nexit 1\n")
    shell.chmod(0o755)
    return {"PATH": str(bare)}


# doctor --repair of a truncated state.db (6 sessions, 900 messages) salvages 0 sessions
# and 0 messages and lists 13 tables with damaged ranges: it says nothing was salvaged
# and exits 1 (on cover52 it ended "All scopes healthy." with exit status 0: the loss of
# every session read as a clean bill of health). Output on cover52 (paths shortened):
#   state    salvaged with SQLite reads, skipping what fails; damaged file kept at
#            .../state.db.damaged-…
#            sessions: ? (unreadable) readable before, 0 after
#            messages: ? (unreadable) readable before, 0 after
#            sessions: 1 damaged range(s) could not be read
#            messages: 1 damaged range(s) could not be read
#            (… the same line for 11 more tables)
#   state    0 sessions, 0 messages, 0.2 MB at .../state.db
#   All scopes healthy.
def test_a_repair_that_salvaged_nothing_does_not_end_all_scopes_healthy(
    cli: Run, home: Path, project: Path, tmp_path: Path
) -> None:
    path = _fake_sqlite3(tmp_path)
    _truncated(home, project)
    repaired = cli("doctor", "--repair", ok=False, extra_env=path)  # exit status 1
    out = repaired.stdout
    assert "salvaged with SQLite reads, skipping what fails" in out, out  # .recover was refused
    assert "messages: ? (unreadable) readable before, 0 after" in out, out
    assert "0 sessions, 0 messages" in out, out
    assert "All scopes healthy." not in out, out
    assert "state.db: nothing could be salvaged" in out, out
    assert "the new state.db holds 0 sessions and 0 messages" in out, out


# One connection whose client lists 1,000 roots of a checkout bob was not granted (and
# the one he was) made the server log 1,000 warning lines, one per root, from one
# request, and every later request of that connection looked all 1,000 up again
# (measured on cover52: 1.2-1.4 s a tool call against 0.03 s with one root, 2026-12-06
# 14:45 UTC, load ~3): a token holder's cheap amplification. Now the same root listed
# twice is looked at once, only the first 64 distinct roots are looked at (a granted
# 65th is not used), and a request logs one line whatever the number of roots.
def test_a_thousand_ungranted_roots_do_not_flood_the_servers_log(
    team: Team, tmp_path: Path
) -> None:
    with open(tmp_path / "server.log", "wb") as log:
        serve = [sys.executable, "-m", "memdir", "serve", "--database", team.url, "--port"]
        proc, port = start_server(
            lambda port: subprocess.Popen(
                [*serve, str(port)],
                env=team.env,
                stdout=subprocess.DEVNULL,
                stderr=log,
            )
        )
    try:
        roots = [team.secret] * 1000 + [team.shared]

        async def as_bob() -> dict[str, Any]:
            async with _client(f"http://127.0.0.1:{port}/mcp", team.tokens["bob"], roots) as b:
                return _data(await b.call_tool("memory", _add("Bob many", "x", scope="project")))

        assert anyio.run(as_bob)["success"]  # the granted root, last, is used
        plain = [tmp_path / f"plain-{i}" for i in range(70)]  # no checkouts: not used
        for folder in plain:
            folder.mkdir()
        roots = [*plain, team.shared]

        async def as_bob_again() -> dict[str, Any]:
            async with _client(f"http://127.0.0.1:{port}/mcp", team.tokens["bob"], roots) as b:
                return _data(await b.call_tool("memory", _add("Bob past 64", "x", scope="project")))

        done = anyio.run(as_bob_again)
        assert not done.get("success") and "did not say which project" in done["error"], done
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    lines = (tmp_path / "server.log").read_text().splitlines()
    assert not any("Traceback" in line for line in lines), lines[-20:]
    refused = [line for line in lines if "not used" in line]
    assert len(refused) == 2, refused
    assert "user 'bob' sent 1 root(s) not used: " in refused[0], refused
    assert "user 'bob' sent 64 root(s) not used: " in refused[1], refused
    assert "; 59 more" in refused[1] and str(team.shared) not in refused[1], refused
