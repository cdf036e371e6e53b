"""User paths the suite's coverage showed no test ran (cover52): a team server's MCP roots
and grants (several roots, a root not granted or not a checkout, roots changed mid
connection, the X-Memdir-Project header beside roots), the withheld-instructions note,
the web API's 4xx answers, ``memdir serve``'s own start-up and the ``.recover`` fallback
for a corrupt state.db. Real parts only: the MCP SDK's client over loopback HTTP, real
``memdir`` subprocesses, real SQLite and PostgreSQL."""

from __future__ import annotations

import json
import re
import shutil
import signal
import socket
import time
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import anyio
import pytest
from dulwich.repo import Repo

from memdir.engine import Memdir
from test_edges import Run, _sessions
from test_edges import cli as cli
from test_team_push_server import _http
from test_team_server import (
    SECRET,
    SHARED,
    Team,
    _add,
    _client,
    _data,
    make_team,
    serving_team,
)
from test_web import ENTRY, _csrf, _disk, _signed_in
from test_web import site as site
from usercli import user_cli
from webserver import TOKEN, free_port, memdir_serving, serve_env, web_server

SECRET_RULE = "Secret builds use the gnu target."  # the secret checkout's AGENTS.md
SHARED_RULE = "Shared builds run make check."  # the shared checkout's AGENTS.md


@pytest.fixture(scope="module")
def team(module_pg_url: str, tmp_path_factory: pytest.TempPathFactory) -> Team:
    """One team for the module's team tests: each writes entries of its own names and
    checks only those, so they share it (a team takes 15-30 s to set up here)."""
    return make_team(module_pg_url, tmp_path_factory.mktemp("team"))


@pytest.fixture(scope="module")
def one_server(team: Team) -> Iterator[str]:
    with serving_team(team) as url:
        yield url


def _text(result: object) -> str:
    return str(getattr(getattr(result, "contents", [None])[0], "text", ""))


def _rules(team: Team) -> None:
    (team.secret / "AGENTS.md").write_text(SECRET_RULE + "\n")
    (team.shared / "AGENTS.md").write_text(SHARED_RULE + "\n")


def _project_names(team: Team, folder: Path) -> set[str]:
    """The names in the project scope of ``folder``'s project, as alice (granted both)
    sees them through the CLI."""
    out = team.cli("ls", "--scope", "project", "--json", user="alice", cwd=folder).stdout
    return {e["name"] for e in json.loads(out)}


def _all_names(team: Team, scope: str) -> list[str]:
    """Every entry of ``scope`` as alice sees it in the shared checkout (names, with the
    time each was last changed)."""
    out = team.cli("ls", "--scope", scope, "--json", user="alice", cwd=team.shared).stdout
    return sorted(json.dumps(e, sort_keys=True) for e in json.loads(out))


async def _changed(client: Any) -> None:
    with warnings.catch_warnings():  # roots are deprecated from the 2026 protocol era on
        warnings.simplefilter("ignore")
        await client.send_roots_list_changed()


# -- 1. a team server's MCP roots and grants ---------------------------------------------


def test_of_several_roots_bob_works_in_the_one_granted_to_him_only(
    team: Team, one_server: str, tmp_path: Path
) -> None:
    """bob's client sends three roots: alice's checkout (not granted), a plain folder (no
    git checkout) and the shared one: his session works in the shared project; nothing of
    the secret one is read or written."""
    _rules(team)
    plain = tmp_path / "plain"
    plain.mkdir()

    async def as_bob() -> tuple[str, dict[str, Any]]:
        roots = [team.secret, plain, team.shared]
        async with _client(one_server, team.tokens["bob"], roots=roots) as b:
            context = _text(await b.read_resource("memdir://context"))
            done = _data(await b.call_tool("memory", _add("Bob roots note", "b", scope="project")))
            return context, done

    context, done = anyio.run(as_bob)
    assert done["success"], done
    assert SHARED_RULE in context and SECRET_RULE not in context, context
    assert str(team.secret) not in context and "acme/secret" not in context, context
    assert "Bob roots note" in _project_names(team, team.shared)
    assert "Bob roots note" not in _project_names(team, team.secret)


def test_a_root_with_a_dotdot_part_is_collapsed_by_url_parsing_or_not_used_at_all(
    team: Team, one_server: str
) -> None:
    """A root's URL loses its '..' parts to URL parsing (the SDK's FileUrl, on both
    sides) before the server sees it, so secret/../shared is the shared checkout: alice
    (granted) works there; bob's shared/../secret is alice's checkout, not used for him.
    A '..' that URL parsing keeps (behind a percent-encoded '/') reaches the server's
    own guard: that root is not used even for alice, granted the folder it leads to
    (the disk is not looked at for it)."""
    _rules(team)

    async def as_user(user: str, root: Path | str) -> tuple[str, dict[str, Any]]:
        async with _client(one_server, team.tokens[user], roots=[root]) as c:
            context = _text(await c.read_resource("memdir://context"))
            note = _add(f"{user} dotted {root}", "x", scope="project")
            return context, _data(await c.call_tool("memory", note))

    context, done = anyio.run(as_user, "alice", team.secret / ".." / team.shared.name)
    assert SHARED_RULE in context and done["success"], (context, done)
    context, done = anyio.run(as_user, "bob", team.shared / ".." / team.secret.name)
    assert SECRET_RULE not in context and "acme/secret" not in context, context
    assert not done.get("success") and "did not say which project" in done["error"], done
    assert not {n for n in _project_names(team, team.secret) if n.startswith("bob dotted")}

    hidden = f"{team.shared.as_uri()}%2F..%2F{team.secret.name}"  # kept by URL parsing
    context, done = anyio.run(as_user, "alice", hidden)
    assert SECRET_RULE not in context and SHARED_RULE not in context, context
    assert not done.get("success") and "did not say which project" in done["error"], done


def test_roots_changed_to_an_ungranted_project_mid_connection_are_not_followed(
    team: Team, one_server: str
) -> None:
    """bob's client says its roots changed from the shared checkout to alice's secret
    one: the connection stops working in the shared project (it no longer names it) and
    never starts working in the secret one; alice's connection making the same change
    follows it."""
    _rules(team)

    async def moving(user: str) -> tuple[str, dict[str, Any]]:
        roots = [team.shared]
        async with _client(one_server, team.tokens[user], roots=roots) as c:
            assert SHARED_RULE in _text(await c.read_resource("memdir://context"))
            roots[:] = [team.secret]
            await _changed(c)
            deadline = time.monotonic() + 10
            while SHARED_RULE in (context := _text(await c.read_resource("memdir://context"))):
                assert time.monotonic() < deadline, "roots/list_changed was not followed"
                await anyio.sleep(0.05)
            note = _add(f"{user} after the change", "x", scope="project")
            return context, _data(await c.call_tool("memory", note))

    context, done = anyio.run(moving, "bob")
    assert SECRET_RULE not in context and "acme/secret" not in context, context
    assert not done.get("success") and "did not say which project" in done["error"], done
    assert "bob after the change" not in _project_names(team, team.shared)
    assert "bob after the change" not in _project_names(team, team.secret)

    context, done = anyio.run(moving, "alice")
    assert SECRET_RULE in context and done["success"], (context, done)
    assert "alice after the change" in _project_names(team, team.secret)


def test_the_header_names_the_project_only_when_no_granted_root_does(
    team: Team, one_server: str
) -> None:
    """Roots come before the X-Memdir-Project header: bob's granted root wins over a
    header naming alice's project; with only an ungranted root, the header's project
    (granted) is used; a header naming an ungranted project is refused with nothing
    written."""
    _rules(team)

    async def as_bob(roots: list[Path], header: str, name: str) -> tuple[str, dict[str, Any]]:
        async with _client(one_server, team.tokens["bob"], roots=roots, header=header) as b:
            context = _text(await b.read_resource("memdir://context"))
            done = _data(await b.call_tool("memory", _add(name, "x", scope="project")))
            return context, done

    context, done = anyio.run(as_bob, [team.shared], SECRET, "Bob root over header")
    assert done["success"] and SHARED_RULE in context and SECRET_RULE not in context
    context, done = anyio.run(as_bob, [team.shared], str(team.secret), "Bob root over path")
    assert done["success"] and SECRET_RULE not in context, (context, done)
    context, done = anyio.run(as_bob, [team.secret], SHARED, "Bob header after root")
    assert done["success"] and SECRET_RULE not in context, (context, done)
    context, done = anyio.run(as_bob, [team.secret], SECRET, "Bob header of secret")
    assert not done.get("success") and "acme/secret" not in context, (context, done)
    assert SECRET_RULE not in context, context

    shared, secret = _project_names(team, team.shared), _project_names(team, team.secret)
    assert {"Bob root over header", "Bob root over path", "Bob header after root"} <= shared
    assert not {n for n in secret if n.startswith("Bob")}, secret


def test_a_project_argument_that_contradicts_the_roots_is_refused(
    team: Team, one_server: str
) -> None:
    """alice's connection works in the shared checkout (its root); a call naming the
    secret checkout as its 'project' argument is refused, saying to open a new
    connection, and writes nothing there."""

    async def as_alice() -> dict[str, Any]:
        async with _client(one_server, team.tokens["alice"], roots=[team.shared]) as a:
            note = _add("Alice contradiction", "x", scope="project", project=str(team.secret))
            return _data(await a.call_tool("memory", note))

    done = anyio.run(as_alice)
    assert not done.get("success") and "open a new connection" in done["error"], done
    assert str(team.shared) in done["error"] and str(team.secret) in done["error"], done
    assert "Alice contradiction" not in _project_names(team, team.secret)
    assert "Alice contradiction" not in _project_names(team, team.shared)


# -- 3. memdir serve's own start-up --------------------------------------------------------


@pytest.fixture
def newcomer(tmp_path: Path, home: Path, project: Path) -> Callable[..., Any]:
    return user_cli(tmp_path, home, project, tmp_path / "user-home")


def _refused(proc: Any, *words: str) -> None:
    """A start-up refused: exit status 1 or 2, each of ``words`` on stderr, no banner
    claiming a server runs (user_cli asserts no traceback)."""
    assert proc.returncode in (1, 2), proc.stdout + proc.stderr
    for word in words:
        assert word in proc.stderr, proc.stderr
    assert "Ctrl-C stops it" not in proc.stderr, proc.stderr


def test_serve_on_a_port_in_use_says_so_before_any_banner(
    newcomer: Callable[..., Any], pg_url: str
) -> None:
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        held.listen()
        port = str(held.getsockname()[1])
        _refused(newcomer("serve", "--port", port), f"Port {port} on 127.0.0.1 is in use")
        team = newcomer("serve", "--database", pg_url, "--port", port)
        _refused(team, f"Port {port} on 127.0.0.1 is in use")


def test_serve_on_a_host_it_cannot_bind_says_which(newcomer: Callable[..., Any]) -> None:
    port = str(free_port())
    _refused(
        newcomer("serve", "--host", "no-such-host.invalid", "--port", port), "Cannot listen on"
    )
    _refused(newcomer("serve", "--host", "192.0.2.7", "--port", port), f"Port {port} on 192.0.2.7")


def test_serve_with_a_database_it_cannot_reach_says_so(newcomer: Callable[..., Any]) -> None:
    port = str(free_port())
    with socket.socket() as closed:  # a port nothing listens on
        closed.bind(("127.0.0.1", 0))
        dead = f"postgresql://memdir:hunter2@127.0.0.1:{closed.getsockname()[1]}/none"
        proc = newcomer("serve", "--database", dead, "--port", port)
    _refused(proc, "127.0.0.1")
    assert "hunter2" not in proc.stderr + proc.stdout, proc.stderr
    _refused(newcomer("serve", "--database", "mysql://x@y/z", "--port", port), "postgresql://")


def test_serve_with_a_token_file_it_cannot_use_names_it(
    newcomer: Callable[..., Any], home: Path, tmp_path: Path
) -> None:
    port = str(free_port())
    home.mkdir(parents=True, exist_ok=True)
    token = home / "mcp-token"
    token.mkdir()
    _refused(newcomer("serve", "--port", port), f"{token} is not a regular file")
    token.rmdir()
    token.symlink_to(tmp_path / "elsewhere")
    _refused(newcomer("serve", "--port", port), f"{token} is not a regular file")
    assert not (tmp_path / "elsewhere").exists()  # no token written through the link
    token.unlink()
    token.write_text("short\n")
    _refused(newcomer("serve", "--print-token"), f"{token} does not hold a usable token")


def test_ctrl_c_stops_serve_cleanly_with_a_connection_open(
    home: Path, project: Path, tmp_path: Path
) -> None:
    """The banner says where MCP is, where the token is kept and how to stop; Ctrl-C
    with a client's session open ends the server, exit status 0 and no traceback, and
    what the client wrote is kept."""
    import memdir

    with memdir_serving(serve_env(home, tmp_path), project) as (proc, base):
        token = (home / "mcp-token").read_text().strip()

        async def write() -> None:
            async with _client(f"{base}/mcp", token, roots=[project]) as c:
                done = _data(await c.call_tool("memory", _add("Kept over Ctrl-C", "k")))
                assert done["success"], done
                proc.send_signal(signal.SIGINT)
                proc.wait(timeout=60)

        anyio.run(write)
        _, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    assert "Traceback" not in err, err
    assert f"memdir MCP on {base}/mcp" in err and f"kept in {home / 'mcp-token'}" in err, err
    assert "serve --print-token" in err and "Ctrl-C stops it" in err, err
    assert "not loopback" not in err, err
    assert "Aborted" not in err and "memdir serve stopped (Ctrl-C)." in err, err
    stores = memdir.open(home, project).stores()
    assert "Kept over Ctrl-C" in {e.name for s in stores for e in s.list()}


def test_serve_off_loopback_warns_and_a_team_banner_names_no_password(
    home: Path, project: Path, tmp_path: Path, pg_url: str
) -> None:
    def stopped(*args: str, host: str = "127.0.0.1") -> tuple[str, str]:
        with memdir_serving(serve_env(home, tmp_path), project, *args, host=host) as (proc, base):
            proc.send_signal(signal.SIGINT)
            _, err = proc.communicate(timeout=60)
        assert proc.returncode == 0 and "stopped (Ctrl-C)" in err, err
        assert "Traceback" not in err, err
        return base, err

    _, err = stopped("--host", "127.0.0.2", host="127.0.0.2")
    assert "Warning: listening on 127.0.0.2, not loopback" in err, err

    parts = urlsplit(pg_url)  # the test server's URL, with a password whatever it has
    password = parts.password or "pw-hunter2"  # (a server that trusts loopback ignores it)
    netloc = f"{parts.username or 'memdir'}:{password}@{parts.hostname}:{parts.port or 5432}"
    base, err = stopped("--database", urlunsplit(parts._replace(netloc=netloc)))
    assert f"memdir team MCP on {base}/mcp, web page on {base}/" in err, err
    assert password not in err and "serve users add NAME" in err, err


# -- 2. the web API's error statuses ---------------------------------------------------------


def test_each_wrong_api_request_gets_its_own_4xx_and_a_message(team: Team, one_server: str) -> None:
    """/api as a client gets it wrong: an unknown route, the wrong method, a folder or
    no URL at all in X-Memdir-Project, a body over the limit, no token or a wrong one.
    Each is a 4xx JSON answer saying what to do, never a 500 or a traceback; nothing is
    written."""
    tok = team.tokens["alice"]
    shared = {"X-Memdir-Project": SHARED}
    before = {s: _all_names(team, s) for s in ("user", "project", "local")}
    cases: list[tuple[str, bytes | None, dict[str, str], int, str]] = [
        ("/api/nope", None, {}, 404, "no such route: use /api/entries or /api/push"),
        ("/api", None, {}, 404, "no such route"),
        ("/api/push", None, {}, 405, "/api/push takes POST"),
        ("/api/entries", b"{}", {}, 405, "/api/entries takes GET"),
        ("/api/entries", None, {"X-Memdir-Project": str(team.shared)}, 400, "not a folder"),
        ("/api/entries", None, {"X-Memdir-Project": "~/src/app"}, 400, "remote URL here"),
        ("/api/entries", None, {"X-Memdir-Project": "no url"}, 400, "not a shared repository URL"),
        ("/api/push", b"\xff\xfe", shared, 400, "the body is not JSON"),
        ("/api/push", b"[" * 100_000, shared, 400, "the body is not JSON"),
        ("/api/push", b"x" * (2 << 20), shared, 413, "request body over 1,048,576 bytes"),
    ]
    for path, body, headers, status, words in cases:
        got, answer = _http(one_server, tok, path, body, **headers)
        assert got == status, (path, headers, got, answer)
        assert words in answer["error"] and "Traceback" not in json.dumps(answer), answer
    for token, words in (("", "Authorization"), ("mdt_" + "0" * 60, "token")):
        got, answer = _http(one_server, token, "/api/entries", **shared)
        assert got == 403 and words in answer["error"]["message"], answer
    assert {s: _all_names(team, s) for s in ("user", "project", "local")} == before


def test_the_api_of_a_one_person_server_says_it_needs_a_team_server(md: Memdir) -> None:
    with web_server(md) as url:
        for path, body in (("/api/entries", None), ("/api/push", b"{}")):
            got, answer = _http(f"{url}/mcp", TOKEN, path, body)
            assert got == 404, answer
            assert answer["error"] == "push and pull need a team server (--database)", answer


# -- 4. the .recover fallback for a corrupt state.db ----------------------------------------


def _truncated(home: Path, project: Path) -> tuple[Path, bytes]:
    """A state.db of 6 sessions of 150 messages cut to its first 60 % (a disk that
    filled up, a copy cut short), and the bytes left."""
    _sessions(home, project, sessions=6, each=150)
    db = home / "state.db"
    data = db.read_bytes()
    cut = data[: (len(data) * 6 // 10) // 4096 * 4096]
    db.write_bytes(cut)
    return db, cut


def test_a_truncated_state_db_is_named_then_salvaged_with_the_damaged_file_kept(
    cli: Run, home: Path, project: Path, tmp_path: Path
) -> None:
    """doctor names the damage and the command that salvages it; doctor --repair without
    the sqlite3 shell on PATH (so the same path on every machine: Debian's shell cannot
    ``.recover`` either) says how, where the damaged file is kept (byte for byte), how
    many rows each table had readable before and has after, and that it salvaged
    nothing (exit status 1, not "All scopes healthy."); memory is
    untouched, and a later doctor finds the new file sound."""
    import memdir

    cli("add", "--type", "user", "--name", "Kept entry", "--description", "d", "--body", "b")
    _, cut = _truncated(home, project)
    bare = tmp_path / "bin"  # the sqlite3 shell is not installed: only git on PATH
    bare.mkdir()
    (bare / "git").symlink_to(shutil.which("git") or "/usr/bin/git")
    path = {"PATH": str(bare)}
    doctor = cli("doctor", ok=False, extra_env=path)
    assert "damaged" in doctor.stdout and "memdir doctor --repair" in doctor.stdout, doctor.stdout
    out = cli("doctor", "--repair", ok=False, extra_env=path).stdout
    assert "salvaged with SQLite reads, skipping what fails; damaged file kept at" in out, out
    kept = Path(out.split("damaged file kept at", 1)[1].split()[0])
    assert kept.parent == home and kept.read_bytes() == cut
    rows = re.findall(
        r"\n\s+(\w+): ([\d,]+|\? \(unreadable\)) readable before, ([\d,]+) after", out
    )
    assert {t for t, _, _ in rows} >= {"sessions", "messages"}, out
    # the schema's pages are past the cut: nothing is readable, and it says so
    assert "messages: ? (unreadable) readable before, 0 after" in out, out
    assert "messages: 1 damaged range(s) could not be read" in out, out
    assert "state.db: nothing could be salvaged" in out and "All scopes healthy" not in out, out
    assert f"The damaged file is kept at {kept}." in out, out
    md = memdir.open(home, project)
    assert [e.name for s in md.stores() for e in s.list()] == ["Kept entry"]
    assert "All scopes healthy" in cli("doctor").stdout


# -- 5. a team server's withheld-instructions note ------------------------------------------


def test_a_team_session_in_a_checkout_not_granted_says_its_files_were_not_read(
    team: Team, tmp_path: Path
) -> None:
    """The server's own table of workspaces (what MCP, /api and the page take from):
    bob's session in alice's checkout and alice's in a checkout with no remote leave the
    checkout's AGENTS.md out of the system block and say so, naming the folder and why
    (not a silent drop); alice's in her granted checkout reads it, with no such note.
    Over MCP the connection's filters refuse such folders first; this is the session's
    own guard behind them."""
    import memdir
    from memdir.serve.workspaces import Workspaces

    _rules(team)
    bare = tmp_path / "no-origin"
    Repo.init(str(bare), mkdir=True).close()
    (bare / "AGENTS.md").write_text("No origin rule.\n")
    server = memdir.open(team.home, team.shared, database_url=team.url, user="root")
    table = Workspaces(server)

    def block(folder: Path, user: str) -> str:
        md = table.take(folder.resolve(), user)
        try:
            with md.session(agent="cover52") as s:
                return s.system_block()
        finally:
            table.give(md)

    note = "(AGENTS.md, CLAUDE.md and their local and nested variants) were not read: "
    only = ". A team server reads a project folder's files only for the users granted its project."
    bobs = block(team.secret, "bob")
    assert SECRET_RULE not in bobs, bobs
    why = "user 'bob' is not granted the project git.example.test/acme/secret"
    assert f"The instruction files of {team.secret} {note}{why}{only}" in bobs, bobs
    alices = block(bare, "alice")
    assert "No origin rule" not in alices, alices
    why = f"{bare.resolve()} has no git remote 'origin', so it is no project of this team server"
    assert f"{note}{why}{only}" in alices, alices
    granted = block(team.secret, "alice")
    assert SECRET_RULE in granted and "were not read" not in granted, granted
    table.close()


def test_the_pages_wrong_methods_and_reverts_are_clear_pages_never_tracebacks(
    site: str, md: Memdir
) -> None:
    """The web page as a person's browser (or a stale bookmark) gets it wrong: a GET of
    a form's address, a POST to a page, a revert of a change that does not exist. Each
    is an error page with its status (405, 404) and a message; a revert from the
    activity page (no entry to go back to) goes back to the activity page."""
    client = _signed_in(site)
    before = _disk(md)
    for method, path in (
        ("GET", f"/entry/local/{ENTRY}/save"),
        ("GET", "/history/local/HEAD/revert"),
        ("POST", "/activity"),
        ("PUT", f"/entry/local/{ENTRY}"),
    ):
        r = client.request(method, path)
        assert r.status_code == 405, (method, path, r.status_code, r.text[:300])
        assert "Something went wrong" in r.text and "Method Not Allowed" in r.text, r.text
        assert "Traceback" not in r.text
    csrf = _csrf(client, "/activity")
    r = client.post("/history/local/0123456789abcdef/revert", data={"csrf": csrf})
    assert r.status_code == 404 and "Something went wrong" in r.text, r.text[:500]
    assert _disk(md) == before
    md.store("local").replace(ENTRY, body="Use `pnpm install --frozen-lockfile`.")
    (rev,) = [r.commit.rev for r in md.history.log(ENTRY, scope="local", limit=1)]
    r = client.post(f"/history/local/{rev}/revert", data={"csrf": csrf})
    assert r.status_code == 303 and r.headers["location"] == "/activity?done=reverted", r.text
    assert md.store("local").get(ENTRY).body.strip() == "Use `pnpm install`."
