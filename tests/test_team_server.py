"""The team server on PostgreSQL: users and tokens through the real CLI, two real
`memdir serve --database` processes, the MCP SDK's HTTP client. Bob tries every tool,
resource, search and CLI path against alice's user scope and a project he was not
granted: nothing is read, nothing is written, every refusal says why."""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import anyio
import psycopg
import pytest
from dulwich.repo import Repo
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client

import memdir
from forkserver import Child, ForkServer, memdir_modules
from memdir.core.errors import AccessError, ReadOnlyScopeError
from memdir.core.storage.postgres import PgBackend, PgHistory, ScopeKey
from memdir.pg.db import PgDatabase
from webserver import free_port, start_server

pytestmark = pytest.mark.slow

SECRET = "https://git.example.test/acme/secret.git"  # granted to alice only
SHARED = "git@git.example.test:acme/shared.git"  # granted to alice and bob


def _checkout(folder: Path, remote: str) -> Path:
    folder.mkdir(parents=True)
    repo = Repo.init(str(folder))
    config = repo.get_config()
    config.set((b"remote", b"origin"), b"url", remote.encode())
    config.write_to_path()
    repo.close()
    return folder.resolve()


def run_cli(
    env: dict[str, str],
    cwd: Path | None,
    *args: str,
    ok: bool = True,
    forks: ForkServer | None = None,
) -> subprocess.CompletedProcess[str]:
    """``memdir [-C cwd] args`` as a subprocess (``forks``: forked by that server);
    asserts its exit status and no traceback."""
    where = ["-C", str(cwd)] if cwd is not None else []
    if forks is not None:
        proc = forks.run([*where, *args], module="memdir", env=env, timeout=120)
    else:
        proc = subprocess.run(
            [sys.executable, "-m", "memdir", *where, *args],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
    assert (proc.returncode == 0) == ok, proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc


_FORKS: list[ForkServer] = []


def fork_server() -> ForkServer:
    """The session's fork server (tests/forkserver.py): memdir, the team server and the
    PostgreSQL driver imported once; a run's environment is its own (memdir reads its
    variables on use)."""
    if not _FORKS:
        _FORKS.append(ForkServer([*memdir_modules(), "memdir.serve", "memdir.pg.db", "uvicorn"]))
        atexit.register(_FORKS[0].close)
    return _FORKS[0]


class Team:
    """A team database, its users' tokens, two checkouts and the CLI as a subprocess
    (``forked``: forked by :func:`fork_server`, except a call made with ``fresh``)."""

    def __init__(self, url: str, tmp: Path, *, forked: bool = False) -> None:
        self.url = url
        self.home = tmp / "server-home"
        self.env = {
            **os.environ,
            "MEMDIR_HOME": str(self.home),
            "MEMDIR_MANAGED_DIR": str(tmp / "managed"),
            "MEMDIR_BACKGROUND": "0",
            "NO_COLOR": "1",
            "COLUMNS": "200",
        }
        self.env.pop("MEMDIR_DATABASE_URL", None)
        self.secret = _checkout(tmp / "secret", SECRET)
        self.shared = _checkout(tmp / "shared", SHARED)
        self.tokens: dict[str, str] = {}
        self.forks = fork_server() if forked else None

    def cli(
        self,
        *args: str,
        user: str | None = None,
        ok: bool = True,
        cwd: Path | None = None,
        fresh: bool = False,
    ) -> subprocess.CompletedProcess[str]:
        env = dict(self.env)
        if user is not None:
            env.update(MEMDIR_DATABASE_URL=self.url, MEMDIR_USER=user)
        return run_cli(env, cwd, *args, ok=ok, forks=None if fresh else self.forks)

    def admin(
        self, *args: str, ok: bool = True, fresh: bool = False
    ) -> subprocess.CompletedProcess[str]:
        return self.cli("serve", "--database", self.url, "users", *args, ok=ok, fresh=fresh)

    def serve(self, *extra: str, log: Path | None = None) -> tuple[subprocess.Popen[bytes], str]:
        """``memdir serve`` on the team's database; its stderr a pipe, or the file ``log``
        (a server the test keeps running: a pipe nobody reads blocks it at ~64 KB)."""

        def start(port: int) -> subprocess.Popen[bytes]:
            args = ["serve", "--database", self.url, "--port", str(port), *extra]
            with contextlib.ExitStack() as files:
                err = files.enter_context(open(log, "wb")) if log else subprocess.PIPE
                return subprocess.Popen(
                    [sys.executable, "-m", "memdir", *args],
                    env=self.env,
                    stdout=subprocess.DEVNULL if log else subprocess.PIPE,
                    stderr=err,
                )

        proc, port = start_server(start)
        return proc, f"http://127.0.0.1:{port}/mcp"

    def fork_serve(self) -> tuple[Child, str]:
        """:meth:`serve` (no options of its own), forked by the fork server."""
        assert self.forks is not None
        forks = self.forks
        proc, port = start_server(
            lambda port: forks.spawn(
                ["serve", "--database", self.url, "--port", str(port)],
                module="memdir",
                env=self.env,
            )
        )
        return proc, f"http://127.0.0.1:{port}/mcp"


def make_team(url: str, tmp: Path) -> Team:
    """The team; its first command a fresh ``python -m memdir``, the others forked:
    alice granted both projects, bob the shared one, root an admin."""
    t = Team(url, tmp, forked=True)
    for name, extra in (("alice", ()), ("bob", ()), ("root", ("--admin",))):
        token = t.admin("add", name, *extra, fresh=name == "alice").stdout.strip()
        assert token.startswith("mdt_") and len(token) == 64
        t.tokens[name] = token
    assert "alice" in t.admin("grant", "alice", SECRET).stdout
    t.admin("grant", "alice", SHARED)
    t.admin("grant", "bob", SHARED)
    return t


@pytest.fixture
def team(pg_url: str, tmp_path: Path) -> Team:
    """:func:`make_team` for one test."""
    return make_team(pg_url, tmp_path)


@contextlib.contextmanager
def serving_team(team: Team) -> Iterator[str]:
    """One ``memdir serve`` process on the team's database, its MCP address (``…/mcp``);
    its log (a file) must hold no traceback when it stops."""
    log = team.home.parent / f"serve-{free_port()}.log"
    proc, url = team.serve(log=log)
    try:
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=30)
        err = log.read_text(errors="replace")
        assert "Traceback" not in err, err


@pytest.fixture
def one_server(team: Team) -> Iterator[str]:
    """:func:`serving_team` for one test. The one server fixture of the team tests:
    import it (``as server`` where a module names it so)."""
    with serving_team(team) as url:
        yield url


@pytest.fixture
def one_site(one_server: str) -> str:
    """:func:`one_server`'s address without ``/mcp``: its web page's and ``/api``'s."""
    return one_server.removesuffix("/mcp")


@pytest.fixture
def servers(team: Team) -> Iterator[list[str]]:
    """Two ``memdir serve`` processes on the team's database, forked."""
    procs = [team.fork_serve() for _ in range(2)]
    try:
        yield [u for _, u in procs]
    finally:
        for proc, _ in procs:
            proc.terminate()
        for proc, _ in procs:
            proc.wait(timeout=30)


def _client(
    url: str, token: str, roots: Sequence[Path | str] | None = None, header: str | None = None
) -> Client:
    """The SDK's client; ``header``: X-Memdir-Project (a folder, or on the team server a
    repository URL, as a client on another machine names its project)."""
    headers = {"Authorization": f"Bearer {token}"}
    if header is not None:
        headers["X-Memdir-Project"] = header
    http = create_mcp_http_client(headers=headers)
    transport = streamable_http_client(url, http_client=http)

    async def list_roots(ctx: Any) -> Any:
        from mcp import types

        return types.ListRootsResult(
            roots=[
                types.Root.model_validate({"uri": f if isinstance(f, str) else f.as_uri()})
                for f in roots or []
            ]
        )

    return Client(transport, list_roots_callback=list_roots if roots else None)


def _data(result: Any) -> dict[str, Any]:
    return dict(json.loads(result.content[0].text))


def _add(name: str, body: str, **extra: str) -> dict[str, Any]:
    return {
        "action": "add",
        "type": "feedback",
        "name": name,
        "description": f"about {name}",
        "body": body,
        **extra,
    }


def _rows(db: PgDatabase) -> dict[str, Any]:
    """Everything stored for alice's scopes and the secret project (to prove no write)."""
    with db.transaction() as conn:
        mine = ("user:alice", "local:alice:%", "project:git.example.test/acme/secret", "org")
        where = "scope LIKE %s OR scope LIKE %s OR scope LIKE %s OR scope LIKE %s"
        files = conn.execute(
            f"SELECT scope, name, data, version FROM memdir_files WHERE {where} ORDER BY 1, 2",
            mine,
        ).fetchall()
        commits = conn.execute(
            f"SELECT scope, rev, message FROM memdir_commits WHERE {where} ORDER BY seq", mine
        ).fetchall()
    return {"files": files, "commits": commits}


ALICE_WORDS = ("zebra", "walrus", "okapi")


def _no_alice(text: str) -> None:
    for word in ALICE_WORDS:
        assert word not in text.lower(), f"{word!r} leaked: {text[:500]}"


def test_bob_reads_and_writes_nothing_of_alices(team: Team, servers: list[str]) -> None:
    one, two = servers
    tok = team.tokens

    async def as_alice() -> dict[str, str]:
        ids = {}
        async with _client(one, tok["alice"], roots=[team.secret]) as a:
            for key, args in (
                ("user", _add("Alice zebra preference", "Zebra stripes.", scope="user")),
                ("project", _add("Secret walrus plan", "The walrus plan.", scope="project")),
                ("local", _add("Local okapi note", "Okapi.", scope="local")),
            ):
                done = _data(await a.call_tool("memory", args))
                assert done["success"], done
                ids[key] = done["results"][0]["id"]
            assert _data(await a.call_tool("log", {"role": "user", "content": "zebra talk"}))[
                "success"
            ]
        async with _client(two, tok["alice"], roots=[team.secret]) as a2:  # another process
            found = _data(await a2.call_tool("memory_search", {"query": "walrus"}))
            assert found["success"] and "walrus" in json.dumps(found).lower()
        return ids

    ids = anyio.run(as_alice)
    db = PgDatabase(team.url)
    before = _rows(db)

    async def as_bob() -> list[str]:
        errors = []
        async with _client(two, tok["bob"], roots=[team.secret]) as b:
            tools = {t.name for t in (await b.list_tools()).tools}
            assert {"memory", "memory_read", "memory_search", "session_search"} <= tools
            wrote = await b.call_tool("memory", _add("Bob in secret", "x", scope="project"))
            assert wrote.is_error
            errors.append(_data(wrote)["error"])
            for target in ids.values():
                for action in ("replace", "remove", "supersede"):
                    args: dict[str, Any] = {"action": action, "target": target}
                    if action != "remove":
                        args.update(name="Bob took it", description="d", body="bob")
                    for scope in ("user", "project", "local"):
                        tried = await b.call_tool("memory", {**args, "scope": scope})
                        assert tried.is_error, (action, scope, _data(tried))
                        errors.append(_data(tried)["error"])
                read = await b.call_tool("memory_read", {"id": target})
                assert read.is_error
                errors.append(_data(read)["error"])
                with pytest.raises(Exception) as err:  # the SDK raises the server's error
                    await b.read_resource(f"memdir://entry/{target}")
                errors.append(str(err.value))
            batch = await b.call_tool(
                "memory",
                {"operations": [{"action": "remove", "target": ids["user"]}], "scope": "user"},
            )
            assert batch.is_error
            for word in ALICE_WORDS:
                hits = _data(await b.call_tool("memory_search", {"query": word}))
                _no_alice(json.dumps(hits))
                past = _data(await b.call_tool("session_search", {"query": word}))
                _no_alice(json.dumps(past))
            listed = await b.list_resources()
            _no_alice(json.dumps([r.model_dump(mode="json") for r in listed.resources]))
            for uri in ("memdir://index", "memdir://context"):
                _no_alice(str((await b.read_resource(uri)).contents[0].text))
            mine = await b.call_tool("memory", _add("Bob likes tea", "Tea.", scope="user"))
            assert _data(mine)["success"]  # his own scope works
        async with _client(two, tok["bob"], header=SECRET) as b3:  # named by URL: refused
            refused = await b3.call_tool("memory", _add("By URL", "x", scope="project"))
            assert refused.is_error and "not granted" in _data(refused)["error"]
            errors.append(_data(refused)["error"])
            _no_alice(json.dumps(_data(await b3.call_tool("memory_search", {"query": "walrus"}))))
        async with _client(one, tok["bob"], roots=[team.shared]) as b2:  # granted: shared
            shared = await b2.call_tool("memory", _add("Shared build", "make.", scope="project"))
            assert _data(shared)["success"]
            _no_alice(str((await b2.read_resource("memdir://context")).contents[0].text))
        return errors

    errors = anyio.run(as_bob)
    assert _rows(db) == before  # 0 writes to alice's scopes or the secret project
    joined = "\n".join(errors)
    assert "not granted the project git.example.test/acme/secret" in joined
    assert all(e.strip() for e in errors)

    async def from_elsewhere() -> str:  # alice on another machine: the project by its URL
        async with _client(one, tok["alice"], header="https://GIT.example.test/acme/shared") as a:
            return str((await a.read_resource("memdir://context")).contents[0].text)

    assert "Shared build" in anyio.run(from_elsewhere)
    # alice sees the shared project memory bob wrote; bob's own user memory stays his
    alice = memdir.open(team.home, team.shared, database_url=team.url, user="alice")
    assert {e.name for e in alice.store("project").list()} == {"Shared build"}
    assert "Bob likes tea" not in {e.name for e in alice.store("user").list()}


def test_bob_on_the_cli_and_the_library_gets_nothing_either(team: Team) -> None:
    alice = memdir.open(team.home, team.secret, database_url=team.url, user="alice")
    alice.store("user").add(type="user", name="Alice zebra", description="d", body="zebra")
    alice.store("project").add(type="project", name="Walrus plan", description="d", body="b")
    db = PgDatabase(team.url)
    before = _rows(db)
    for args in (
        ("ls",),
        ("ls", "--scope", "project"),
        ("search", "walrus"),
        ("search", "zebra"),
        ("context",),
        ("log",),
    ):
        out = team.cli(*args, user="bob", cwd=team.secret, ok=args[-1] != "project")
        _no_alice(out.stdout + out.stderr)
    for args in (
        ("show", "user_alice-zebra"),
        ("rm", "walrus", "--scope", "project"),
        (
            "add",
            "--scope",
            "project",
            "--type",
            "project",
            "--name",
            "n",
            "--description",
            "d",
            "--body",
            "b",
        ),
    ):
        out = team.cli(*args, user="bob", cwd=team.secret, ok=False)
        assert out.stderr.startswith("Error: "), out.stderr
    assert _rows(db) == before
    # below the API: bob's queries on alice's scope keys return nothing, in SQL
    for key in (ScopeKey.user("alice"), ScopeKey.for_project("git.example.test/acme/secret")):
        backend = PgBackend(db, key, "bob")
        assert backend.listing() == {} and backend.listing(archive=True) == {}
        assert backend.read_index() is None and not backend.exists()
        with pytest.raises(FileNotFoundError):
            backend.read("user_alice-zebra.md")
        with pytest.raises(AccessError), backend.lock(5):
            pass
        with pytest.raises(AccessError):
            backend.create()
        assert PgHistory(backend).log() == [] and PgHistory(backend).head() is None
        # every scope's presence in one query: alice's key is not among bob's
        assert backend.present([PgBackend(db, ScopeKey.org(), "bob")]) <= {"org"}
    assert _rows(db) == before
    with pytest.raises(AccessError):  # a refused create leaves no scope row behind
        PgBackend(db, ScopeKey.user("carol"), "bob").create()
    with db.transaction() as conn:
        assert (
            conn.execute("SELECT key FROM memdir_scopes WHERE key = 'user:carol'").fetchall() == []
        )
    org = memdir.open(team.home, team.shared, database_url=team.url, user="root")
    org.store("managed").add(type="reference", name="Org rule", description="d", body="b")
    before = _rows(db)  # root (an admin) wrote the org scope
    bob = memdir.open(team.home, team.shared, database_url=team.url, user="bob")
    assert [e.name for e in bob.store("managed").list()] == ["Org rule"]  # readable by all
    with pytest.raises(ReadOnlyScopeError):
        bob.store("managed").add(type="reference", name="Bob rule", description="d", body="b")
    with pytest.raises(AccessError), PgBackend(db, ScopeKey.org(), "bob").lock(5):
        pass
    assert _rows(db) == before


def test_every_other_cli_path_as_bob_shows_and_changes_nothing_of_alices(
    team: Team, tmp_path: Path
) -> None:
    """History, export, pull, review, sessions, entities, skills, soul and edit, as bob in a
    project he was not granted: nothing of alice's shows, nothing of hers changes."""
    zebra, walrus = tmp_path / "soul.md", tmp_path / "skill.md"
    zebra.write_text("I answer like a zebra would.\n")
    walrus.write_text("---\nname: walrus-plan\ndescription: the walrus plan\n---\n1. Walrus.\n")
    for args in (
        ("add", "--scope", "user", "--type", "user", "--name", "Alice zebra", "--body", "zebra"),
        ("add", "--scope", "project", "--type", "project", "--name", "Walrus plan", "--body", "w"),
        ("soul", "set", str(zebra)),
        ("skills", "add", "walrus-plan", str(walrus), "--scope", "user"),
    ):
        team.cli(*args, "--description", "d", user="alice", cwd=team.secret) if args[
            0
        ] == "add" else team.cli(*args, user="alice", cwd=team.secret)
    # on the team backend SOUL.md and skills are rows of the database, seen by any process
    assert "like a zebra" in team.cli("soul", "show", user="alice", cwd=team.shared).stdout
    assert "walrus-plan" in team.cli("skills", "ls", user="alice", cwd=team.shared).stdout
    assert not list(Path.cwd().glob("postgresql:*"))  # and never a folder named after the URL
    alice = memdir.open(team.home, team.secret, database_url=team.url, user="alice")
    with alice.session() as talk:
        talk.log("user", "Where does the okapi sleep tonight?")
        session_id = talk.id
    changes = json.loads(team.cli("log", "--json", user="alice", cwd=team.secret).stdout)
    rev = next(c for c in changes if c["scope"] == "project")["rev"]
    entry = alice.store("project").list()[0].id
    db = PgDatabase(team.url)
    before = _rows(db)
    seen = []
    for args, ok in (
        (("diff", rev), False),
        (("show", f"{entry}@{rev}"), False),
        (("revert", rev), False),
        (("revert", rev, "--scope", "project"), False),
        (("export", "claude-code", "--to", str(tmp_path / "out"), "--apply"), True),
        (("pull", "--database", team.url, "--apply"), True),
        (("review",), True),
        (("sessions", "ls"), True),
        (("sessions", "search", "okapi"), True),
        (("sessions", "show", session_id), False),
        (("sessions", "rm", session_id, "--yes"), False),
        (("sessions", "mode", session_id, "polluted"), False),
        (("entities",), True),
        (("entities", "walrus"), True),
        (("skills", "ls"), True),
        (("skills", "show", "walrus-plan"), False),
        (("soul", "show"), True),
        (("edit", entry), False),
    ):
        out = team.cli(*args, user="bob", cwd=team.secret, ok=ok)
        shown = out.stdout + out.stderr
        for arg in args:  # an error may echo what bob typed; that is not a leak
            shown = shown.replace(arg, "")
        _no_alice(shown)
        if not ok:
            assert out.stderr.startswith("Error: "), (args, out.stderr)
        seen.append(args[0])
    assert _rows(db) == before
    written = [p.read_text() for p in tmp_path.rglob("*.md") if p not in (zebra, walrus)]
    assert written, "export and pull wrote nothing to look at"
    _no_alice("\n".join(written))
    with alice.session(session_id=session_id) as again:  # alice's session is untouched
        assert again.memory_mode != "polluted"
    assert len(seen) == 18


def test_a_revoked_token_is_refused_by_every_process_at_once(
    team: Team, servers: list[str]
) -> None:
    one, two = servers

    async def call(url: str) -> Any:
        async with _client(url, team.tokens["bob"]) as b:
            return await b.call_tool("memory", _add("Tea", "Tea.", scope="user"))

    assert _data(anyio.run(call, two))["success"]
    assert _data(anyio.run(call, one))["success"]

    async def held_open() -> tuple[Any, BaseException | None]:
        async with _client(two, team.tokens["bob"]) as b:
            first = await b.call_tool("memory_search", {"query": "tea"})
            team.admin("revoke", "bob")  # another process revokes, mid-connection
            try:
                await b.call_tool("memory_search", {"query": "tea"})
            except Exception as exc:  # noqa: BLE001 — the refusal, as the SDK reports it
                return first, exc
            return first, None

    first, refused = anyio.run(held_open)
    assert _data(first)["success"]
    assert refused is not None
    for url in servers:
        with pytest.raises(Exception) as err:
            anyio.run(call, url)
        assert "403" in repr(err.value) or "revoked" in repr(err.value)
    listed = json.loads(team.admin("ls", "--json").stdout)
    assert {u["name"]: u["tokens"] for u in listed} == {"alice": 1, "bob": 0, "root": 1}


def test_a_tool_call_checks_its_token_on_the_calls_own_thread_hop(
    team: Team, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Once a connection works in a session, a tool call's live token check runs on the
    worker thread of the call itself: one thread hop a call, not two (the check, then
    the call). A token revoked meanwhile is still refused on the connection's next call,
    and then at the HTTP gate (403) on a new connection."""
    import threading

    import uvicorn

    from memdir.serve import make_app
    from memdir.serve.workspaces import Workspaces

    for key in ("MEMDIR_MANAGED_DIR", "MEMDIR_BACKGROUND"):
        monkeypatch.setenv(key, team.env[key])
    md = memdir.open(team.home, team.shared, database_url=team.url)
    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(
            make_app(md, "", workspaces=Workspaces(md, 4)),
            host="127.0.0.1",
            port=port,
            lifespan="on",
        )
    )
    thread = threading.Thread(target=server.run, daemon=True)
    hops: list[str] = []
    real = anyio.to_thread.run_sync

    async def counted(fn: Any, *args: Any, **options: Any) -> Any:
        if threading.current_thread() is thread:  # the server's event loop, not the client's
            hops.append(getattr(fn, "__name__", repr(fn)))
        return await real(fn, *args, **options)

    monkeypatch.setattr(anyio.to_thread, "run_sync", counted)
    thread.start()
    url = f"http://127.0.0.1:{port}/mcp"

    async def calls() -> tuple[list[int], BaseException | None]:
        counts = []
        async with _client(url, team.tokens["bob"], [team.shared]) as b:
            await b.call_tool("memory", _add("Tea", "Tea.", scope="user"))  # starts it
            for _ in range(3):
                before = len(hops)
                assert _data(await b.call_tool("memory_search", {"query": "tea"}))["success"]
                counts.append(len(hops) - before)
            team.admin("revoke", "bob")
            try:
                await b.call_tool("memory_search", {"query": "tea"})
            except Exception as exc:  # noqa: BLE001 — the refusal, as the SDK reports it
                return counts, exc
        return counts, None

    try:
        deadline = time.monotonic() + 30
        while not server.started:
            assert thread.is_alive() and time.monotonic() < deadline, "did not start"
            time.sleep(0.02)
        counts, refused = anyio.run(calls)
        assert counts == [1, 1, 1]
        assert refused is not None and "revoked" in repr(refused)
        from memdir.pg.users import checked

        assert checked(team.tokens["bob"]) is None  # forgotten: the gate checks it again

        async def again() -> Any:
            async with _client(url, team.tokens["bob"]) as b:
                return await b.call_tool("memory_search", {"query": "tea"})

        with pytest.raises(Exception) as err:
            anyio.run(again)
        assert "403" in repr(err.value) or "revoked" in repr(err.value)
    finally:
        server.should_exit = True
        thread.join(timeout=30)
        md.close()


def test_only_the_hash_of_a_token_is_stored(team: Team) -> None:
    with PgDatabase(team.url).transaction() as conn:
        rows = conn.execute("SELECT id, salt, hash FROM memdir_tokens").fetchall()
    for token in team.tokens.values():
        tid, secret = token[4:20], token[21:]
        assert any(r[0] == tid for r in rows)
        assert all(secret.encode() not in bytes(r[2]) + bytes(r[1]) for r in rows)
    bad = team.cli("serve", "--database", team.url, "users", "add", "Not A Name", ok=False)
    assert "not a user name" in bad.stderr
    bad = team.admin("grant", "alice", "/srv/local/repo", ok=False)
    assert "not a shared repository URL" in bad.stderr
    bad = team.admin("revoke", "nobody", ok=False)
    assert "no user 'nobody'" in bad.stderr
    bad = team.cli("serve", "--database", "mysql://x", "users", "ls", ok=False)
    assert "not a PostgreSQL URL" in bad.stderr


def test_a_session_that_cannot_start_yet_holds_up_no_other(team: Team) -> None:
    """Sessions start on worker threads at once: while alice's first call waits inside her
    session's start (her usage table locked by another connection), bob's first call on
    the same process is answered; alice's is too once the table is free."""
    import psycopg

    proc, url = team.serve()
    try:
        alice = memdir.open(team.home / "alice", team.shared, database_url=team.url, user="alice")
        alice.store("user").add(type="user", name="Tea", description="drinks", body="Tea.")
        schema = alice.tombstones.db.schema()  # type: ignore[attr-defined]
        alice.close()
        with psycopg.connect(team.url) as held:
            held.execute(f'LOCK TABLE "{schema}".usage IN ACCESS EXCLUSIVE MODE')

            def waiting() -> bool:
                with psycopg.connect(team.url, autocommit=True) as c:
                    row = c.execute(
                        "SELECT count(*) FROM pg_locks WHERE NOT granted AND relation = "
                        "%s::regclass",
                        (f'"{schema}".usage',),
                    ).fetchone()
                return bool(row and row[0])

            async def main() -> tuple[Any, Any]:
                answers: dict[str, Any] = {}

                async def first_call(who: str) -> None:
                    async with _client(url, team.tokens[who], [team.shared]) as c:
                        answers[who] = await c.call_tool("memory_search", {"query": "tea"})

                async with anyio.create_task_group() as tg:
                    tg.start_soon(first_call, "alice")
                    with anyio.fail_after(60):  # a guard against a hang, not a timing
                        while not await anyio.to_thread.run_sync(waiting):
                            await anyio.sleep(0.05)
                        await first_call("bob")  # alice's start still waits on the table
                    assert "alice" not in answers
                    await anyio.to_thread.run_sync(held.rollback)
                return answers["alice"], answers["bob"]

            mine, theirs = anyio.run(main)
        assert _data(mine)["success"] and _data(theirs)["success"]
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_a_grant_shows_on_a_process_that_refused_before(team: Team, servers: list[str]) -> None:
    """Bob's root, the secret project's checkout, is not used by a running process; an
    admin grants it; the next request on that very process (his connection, and a new
    one) reads and writes it, with no restart and no refusal remembered."""
    one, two = servers
    tok = team.tokens

    async def refused_then_granted() -> tuple[dict[str, Any], ...]:
        async with _client(two, tok["bob"], roots=[team.secret]) as b:
            first = _data(await b.call_tool("memory", _add("Bob walrus", "W.", scope="project")))
            overview = _data(await b.call_tool("memory_read", {"scope": "project"}))
            team.admin("grant", "bob", SECRET)  # another process grants, mid-connection
            again = _data(await b.call_tool("memory", _add("Bob walrus", "W.", scope="project")))
            found = _data(await b.call_tool("memory_search", {"query": "walrus"}))
        async with _client(two, tok["bob"], roots=[team.secret]) as b2:  # a new connection
            read = _data(await b2.call_tool("memory_read", {"scope": "project"}))
        async with _client(one, tok["alice"], roots=[team.secret]) as a:
            hers = _data(await a.call_tool("memory_search", {"query": "walrus"}))
        return first, overview, again, found, read, hers

    first, overview, again, found, read, hers = anyio.run(refused_then_granted)
    for refusal in (first, overview):  # his root is not used (issue 17): no project named
        assert not refusal["success"] and "did not say which project" in refusal["error"]
        assert "git.example" not in refusal["error"], refusal
    assert again["success"], again
    assert "Bob walrus" in json.dumps(found) and "Bob walrus" in read["content"]
    assert "Bob walrus" in json.dumps(hers)  # written to the shared project scope


def test_an_ungrant_is_refused_by_every_process_at_once(team: Team, servers: list[str]) -> None:
    """`users ungrant` takes a project away: every process, on connections that had it
    open, refuses it from the next request, saying bob is not granted it (not that the
    scope is empty), and reads none of it."""
    tok = team.tokens
    db = PgDatabase(team.url)

    async def main() -> list[tuple[dict[str, Any], ...]]:
        async with contextlib.AsyncExitStack() as stack:
            bobs = [
                await stack.enter_async_context(_client(url, tok["bob"], roots=[team.shared]))
                for url in servers
            ]
            for n, b in enumerate(bobs):  # each process has the project open for bob
                done = await b.call_tool("memory", _add(f"Okapi rule {n}", "O.", scope="project"))
                assert _data(done)["success"]
                assert (
                    "Okapi rule"
                    in _data(await b.call_tool("memory_search", {"query": "okapi"}))["results"][0][
                        "name"
                    ]
                )
            before = _rows_of(db, "project:git.example.test/acme/shared")
            out = team.admin("ungrant", "bob", SHARED).stdout
            assert "bob may no longer" in out
            answers = []
            for b in bobs:
                answers.append(
                    (
                        _data(await b.call_tool("memory", _add("After", "A.", scope="project"))),
                        _data(await b.call_tool("memory_read", {"scope": "project"})),
                        _data(await b.call_tool("memory_read", {"id": "project_okapi-rule-0"})),
                        _data(await b.call_tool("memory_search", {"query": "okapi"})),
                    )
                )
            assert _rows_of(db, "project:git.example.test/acme/shared") == before
            return answers

    for wrote, overview, read, found in anyio.run(main):
        for refusal in (wrote, overview, read):
            assert not refusal["success"], refusal
            assert "not granted the project git.example.test/acme/shared" in refusal["error"]
            assert "holds no memories" not in refusal["error"]
        assert "okapi" not in json.dumps(found).lower()
    listed = {u["name"]: u["projects"] for u in json.loads(team.admin("ls", "--json").stdout)}
    assert listed["bob"] == [] and "git.example.test/acme/shared" in listed["alice"]
    again = team.admin("ungrant", "bob", SHARED)  # nothing left to take: said, not an error
    assert "was not granted" in again.stdout
    assert "no user 'carol'" in team.admin("ungrant", "carol", SHARED, ok=False).stderr
    helped = team.cli("serve", "users", "ungrant", "--help").stdout
    assert "grant" in helped and "every server" in helped


def _rows_of(db: PgDatabase, scope: str) -> list[Any]:
    with db.transaction() as conn:
        return conn.execute(
            "SELECT name, data, version FROM memdir_files WHERE scope = %s ORDER BY name",
            (scope,),
        ).fetchall()


POOL_NOISE = ("discarding", "error ignored", "psycopg.Connection")  # psycopg's own warnings


def _kill(base: str, since: Any, where: str = "") -> int:
    """Terminate memdir's backends that started after ``since`` (and match ``where``);
    return once they have exited (their sockets closed)."""
    with psycopg.connect(base, autocommit=True) as conn:
        pids = [
            pid
            for pid, _ in conn.execute(
                "SELECT pid, pg_terminate_backend(pid) FROM pg_stat_activity WHERE "
                "application_name = 'memdir' AND pid <> pg_backend_pid() AND "
                "datname = current_database() AND "
                f"backend_start > %s{where}",
                (since,),
            ).fetchall()
        ]
        deadline = time.monotonic() + 30
        while conn.execute(
            "SELECT 1 FROM pg_stat_activity WHERE pid = ANY(%s)", (pids,)
        ).fetchone():
            assert time.monotonic() < deadline, pids
            time.sleep(0.02)
        return len(pids)


def _now(base: str) -> Any:
    with psycopg.connect(base, autocommit=True) as conn:
        return conn.execute("SELECT now()").fetchone()[0]  # type: ignore[index]


def test_tool_calls_after_the_servers_connections_were_killed_work_at_once(team: Team) -> None:
    """The server's idle pooled connections killed (pg_terminate_backend, as a restart of
    the cluster does): the pool's check finds them dead before handing one out, so the next
    calls work on new connections, with no error or traceback; the operator sees one line
    for the outage (three kills within seconds), not one a dead connection."""
    base = os.environ["MEMDIR_TEST_DATABASE_URL"]
    started = _now(base)
    proc, server = team.serve()  # its connections: memdir's, opened after ``started``

    async def run() -> None:
        async with _client(server, team.tokens["alice"], roots=[team.shared]) as c:
            for _ in range(3):  # every pooled connection killed between calls
                ok = await c.call_tool("memory_search", {"query": "anything"})
                assert not ok.is_error, _data(ok)
                assert _kill(base, started) > 0
            for _ in range(5):
                ok = await c.call_tool("memory_search", {"query": "anything"})
                assert not ok.is_error, _data(ok)

    try:
        anyio.run(run)
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=30)
    assert b"Traceback" not in err, err.decode()
    told = [line for line in err.decode().splitlines() if "database connection" in line]
    assert len(told) == 1 and told[0].startswith("Warning: "), err.decode()
    assert "discarding broken connection" in told[0], err.decode()


def test_a_command_whose_connection_dies_says_so_in_memdirs_words_only(
    team: Team, pg_url: str
) -> None:
    """A connection killed under a running command (it waits on a table another session
    locked): stderr holds memdir's one-line error, not psycopg's or the pool's warnings,
    which a library user's logging still gets."""
    base = os.environ["MEMDIR_TEST_DATABASE_URL"]
    env = {**team.env, "MEMDIR_DATABASE_URL": pg_url, "MEMDIR_USER": "alice"}

    def killed(argv: list[str]) -> str:
        started = _now(base)
        with psycopg.connect(pg_url) as hold:  # the test's schema: its memdir_files
            hold.execute("LOCK TABLE memdir_files IN ACCESS EXCLUSIVE MODE")
            proc = subprocess.Popen(
                argv, env=env, cwd=team.shared, stderr=subprocess.PIPE, text=True
            )
            deadline = time.monotonic() + 60
            while not _kill(base, started, " AND wait_event_type = 'Lock'"):
                assert proc.poll() is None and time.monotonic() < deadline
                time.sleep(0.05)
        return proc.communicate(timeout=60)[1]

    err = killed([sys.executable, "-m", "memdir", "ls"])
    assert "Traceback" not in err, err
    assert "Could not list a scope" in err and "administrator command" in err, err
    assert not any(noise in err for noise in POOL_NOISE), err
    library = "import memdir; print(memdir.open().warnings)"  # no logging configured
    err = killed([sys.executable, "-c", library])
    assert "discarding closed connection" in err, err
