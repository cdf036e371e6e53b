"""One table of open workspaces in a `memdir serve` process: MCP (the SDK's client), the
team server's /api and the web page, over real HTTP on loopback, take the same Memdir of a
user in a project; the bound, the refusals and the shutdown hold for all three; opens run
outside the table's lock (real threads, a real PostgreSQL lock)."""

from __future__ import annotations

import json
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import httpx2 as httpx
import pytest
from mcp.shared.exceptions import MCPError

import memdir
from memdir.serve.workspaces import Workspaces
from test_team_server import SHARED, Team, _add, _client, _data
from webserver import TOKEN, web_server

SHARED_URL = "git.example.test/acme/shared"  # SHARED as the page's ?project= names it


def _signed_in(url: str, token: str) -> httpx.Client:
    client = httpx.Client(base_url=url, follow_redirects=False, timeout=60)
    r = client.post("/signin", data={"token": token, "next": "/"})
    assert r.status_code == 303, r.text
    return client


def _until(done: Callable[[], bool]) -> None:
    """Wait for ``done`` (what another thread finishes after answering)."""
    deadline = time.monotonic() + 30
    while not done():
        assert time.monotonic() < deadline, "never happened"
        time.sleep(0.02)


def _mcp(url: str, token: str, header: str, *calls: tuple[str, dict[str, Any]]) -> list[Any]:
    """The answers of ``calls`` on one MCP connection naming ``header``."""

    async def main() -> list[Any]:
        async with _client(url + "/mcp", token, header=header) as c:
            return [_data(await c.call_tool(name, args)) for name, args in calls]

    return anyio.run(main)


def test_mcp_and_the_page_share_one_workspace_on_one_machine(home: Path, tmp_path: Path) -> None:
    """Files and SQLite, one user: a write through MCP is on the page at once, from the
    same Memdir (opened once: the page's request makes it the last used, before another
    project MCP opened after it); each is closed once when the server stops."""
    folder, other = tmp_path / "checkout", tmp_path / "other"
    for each in (folder, other):
        (each / ".git").mkdir(parents=True)
    md = memdir.open(home, tmp_path)
    workspaces = Workspaces(md)
    try:
        with web_server(md, TOKEN, workspaces) as url:
            [added] = _mcp(url, TOKEN, str(folder), ("memory", _add("Zebra crossing", "Z.")))
            assert added["success"], added
            _mcp(url, TOKEN, str(other), ("memory_search", {"query": "Zebra"}))
            keys = [(None, folder.resolve(), ""), (None, other.resolve(), "")]
            assert list(workspaces.kept()) == keys
            page = _signed_in(url, TOKEN).get("/", params={"project": str(folder)})
            assert page.status_code == 200 and "Zebra crossing" in page.text
            assert list(workspaces.kept()) == keys[::-1]  # the page took MCP's: the last used
            assert (workspaces.opened, workspaces.closed) == (2, 0)
        assert (workspaces.opened, workspaces.closed, len(workspaces.kept())) == (2, 2, 0)
        workspaces.close()
        assert workspaces.closed == 2  # once each
    finally:
        md.close()


def test_the_bound_closes_the_least_recently_used_never_one_a_session_holds(
    home: Path, tmp_path: Path
) -> None:
    """With room for one idle workspace: the project an MCP connection works in stays open
    (its session holds it, and does not count) while the page visits two others, the
    older closed for the newer; once the connection ends, it is closed (least recently
    used)."""
    folders = [tmp_path / name for name in ("a", "b", "c", "d")]
    for folder in folders:
        (folder / ".git").mkdir(parents=True)
    a, b, c, d = (f.resolve() for f in folders)
    md = memdir.open(home, tmp_path)
    workspaces = Workspaces(md, limit=1)

    def kept() -> list[Path | None]:
        return [folder for _, folder, _ in workspaces.kept()]

    async def held(url: str) -> None:
        async with _client(url + "/mcp", TOKEN, header=str(a)) as conn:
            assert _data(await conn.call_tool("memory", _add("Alpha", "A.")))["success"]
            for other in (b, c):
                r = await anyio.to_thread.run_sync(page.get, f"/?project={other}")
                assert r.status_code == 200
                assert kept() == [a, other]  # one kept beside the held a: b closed for c
            assert _data(await conn.call_tool("memory_search", {"query": "Alpha"}))["success"]
            assert (workspaces.opened, workspaces.closed) == (3, 1)  # a opened once

    try:
        with web_server(md, TOKEN, workspaces) as url:
            page = _signed_in(url, TOKEN)
            anyio.run(held, url)
            _until(lambda: kept() == [c])  # the connection ended: a, least recently used, closed
            assert page.get("/", params={"project": str(d)}).status_code == 200
            assert kept() == [d]
            assert (workspaces.opened, workspaces.closed) == (4, 3)
        assert (workspaces.opened, workspaces.closed, len(workspaces.kept())) == (4, 4, 0)
    finally:
        md.close()


@pytest.fixture
def team(pg_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Team:
    t = Team(pg_url, tmp_path)
    for name in ("alice", "bob"):
        t.tokens[name] = t.admin("add", name).stdout.strip()
    t.admin("grant", "alice", SHARED)
    t.admin("grant", "bob", SHARED)
    for key in ("MEMDIR_MANAGED_DIR", "MEMDIR_BACKGROUND"):
        monkeypatch.setenv(key, t.env[key])
    return t


def _api(url: str, token: str, path: str = "/api/entries") -> tuple[int, Any]:
    r = httpx.get(
        url + path, headers={"Authorization": f"Bearer {token}", "X-Memdir-Project": SHARED}
    )
    return r.status_code, r.json()


def test_mcp_the_api_and_the_page_share_one_workspace_and_refuse_at_once(team: Team) -> None:
    """The team server: alice's write through MCP is in /api's pull and on her page at
    once, from one Memdir (opened once: /api's request and the page's each make it the
    last used, after bob's MCP call in his); a grant taken away and a token revoked are
    refused on the next request of each, the workspace still kept; the shutdown closes it
    once."""
    md = memdir.open(team.home, team.shared, database_url=team.url)
    workspaces = Workspaces(md, 4)
    alice, bob = team.tokens["alice"], team.tokens["bob"]

    def last() -> list[str | None]:  # the users of the kept workspaces, last used last
        return [user for user, _, _ in workspaces.kept()]

    try:
        with web_server(md, "", workspaces) as url:
            [added] = _mcp(url, alice, SHARED, ("memory", _add("Zebra crossing", "Z.")))
            assert added["success"], added
            bobs = ("memory_search", {"query": "Zebra"})
            _mcp(url, bob, SHARED, bobs)
            assert last() == ["alice", "bob"]
            status, pulled = _api(url, alice)
            assert status == 200
            assert [e["name"] for e in pulled["scopes"]["local"]] == ["Zebra crossing"]
            assert last() == ["bob", "alice"]  # /api took MCP's alice workspace
            _mcp(url, bob, SHARED, bobs)
            page = _signed_in(url, alice)
            shown = page.get("/", params={"project": SHARED_URL})
            assert shown.status_code == 200 and "Zebra crossing" in shown.text
            assert last() == ["bob", "alice"]  # and so did the page
            key = next(k for k in workspaces.kept() if k[0] == "alice")
            assert key[:2] == ("alice", Path("/memdir-remote-project") / SHARED_URL)
            assert workspaces.opened == 2  # alice's, bob's

            team.admin("ungrant", "alice", SHARED)
            project = _add("Deploys", "Fridays.", scope="project")
            [refused] = _mcp(url, alice, SHARED, ("memory", project))
            assert not refused["success"] and "not granted" in refused["error"], refused
            status, pulled = _api(url, alice)
            assert status == 200 and "project" not in pulled["scopes"]
            assert any("not granted" in note for note in pulled["notes"]), pulled["notes"]
            shown = page.get("/", params={"project": SHARED_URL})
            assert shown.status_code == 200 and "not granted" in shown.text

            [searched, call] = anyio.run(_revoked_between, url, team)
            assert searched["success"] and isinstance(call, Exception), call
            status, answer = _api(url, alice)
            assert status == 403 and "revoked" in json.dumps(answer), answer
            gone = page.get("/", params={"project": SHARED_URL})
            assert gone.status_code == 303 and gone.headers["location"].startswith("/signin")
            assert (workspaces.opened, workspaces.closed, len(workspaces.kept())) == (2, 0, 2)
        assert (workspaces.opened, workspaces.closed, len(workspaces.kept())) == (2, 2, 0)
    finally:
        md.close()


async def _revoked_between(url: str, team: Team) -> list[Any]:
    """Two searches on one live MCP connection of alice's, her token revoked between."""
    out: list[Any] = []
    async with _client(url + "/mcp", team.tokens["alice"], header=SHARED) as c:
        out.append(_data(await c.call_tool("memory_search", {"query": "Zebra"})))
        await anyio.to_thread.run_sync(lambda: team.admin("revoke", "alice"))
        try:
            out.append(await c.call_tool("memory_search", {"query": "Zebra"}))
        except MCPError as exc:  # the SDK raises the JSON-RPC error
            out.append(exc)
    return out


def test_an_open_runs_outside_the_table_and_once_per_key(team: Team) -> None:
    """While alice's first open waits on the database (a lock on the grants table), bob's
    open goes through, and three more takers of alice's key wait for that one open."""
    import psycopg

    from memdir.pg.names import remote_folder

    md = memdir.open(team.home, team.shared, database_url=team.url)
    workspaces = Workspaces(md, 4)
    folder = Path(remote_folder(SHARED))
    got: list[memdir.Memdir] = []

    def take() -> None:
        got.append(workspaces.take(folder, "alice"))

    takers = [threading.Thread(target=take) for _ in range(4)]
    try:
        with (
            psycopg.connect(team.url) as locker,  # the lock is held until the block ends
            psycopg.connect(team.url, autocommit=True) as watcher,
        ):
            locker.execute("LOCK TABLE memdir_grants IN ACCESS EXCLUSIVE MODE")
            takers[0].start()
            waiting = (
                "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                "AND datname = current_database()"
            )
            _until(lambda: watcher.execute(waiting).fetchone() == (1,))  # alice's is_granted
            for each in takers[1:]:
                each.start()
            _until(lambda: workspaces._slots[("alice", folder, "")].held == 4)
            bob = threading.Thread(target=lambda: workspaces.take(None, "bob", "no project"))
            bob.start()
            bob.join(timeout=30)
            assert not bob.is_alive()  # bob's open did not wait for alice's
            assert got == [] and workspaces.opened == 1
        for each in takers:
            each.join(timeout=30)
        assert len(got) == 4 and all(each is got[0] for each in got)
        assert workspaces.opened == 2  # alice's once, bob's
    finally:
        workspaces.close()
        md.close()


def test_a_connection_ended_and_cancelled_while_its_session_starts_gives_it_back(
    team: Team,
) -> None:
    """alice's first call waits on the database (a lock on the grants table) while its
    session starts; she cancels it and ends the connection: once the open goes through,
    the session is closed and the workspace given back (none held)."""
    import psycopg

    md = memdir.open(team.home, team.shared, database_url=team.url)
    workspaces = Workspaces(md, 4)
    waiting = (
        "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
        "AND datname = current_database()"
    )

    async def cancelled(url: str, watcher: Any) -> None:
        async with _client(url + "/mcp", team.tokens["alice"], header=SHARED) as c:
            with anyio.CancelScope() as scope:

                async def cancel() -> None:
                    await anyio.to_thread.run_sync(
                        _until, lambda: watcher.execute(waiting).fetchone() == (1,)
                    )
                    scope.cancel()

                async with anyio.create_task_group() as tg:
                    tg.start_soon(cancel)
                    await c.call_tool("memory_search", {"query": "Zebra"})
            assert scope.cancelled_caught

    try:
        with web_server(md, "", workspaces) as url:
            with (
                psycopg.connect(team.url) as locker,
                psycopg.connect(team.url, autocommit=True) as watcher,
            ):
                locker.execute("LOCK TABLE memdir_grants IN ACCESS EXCLUSIVE MODE")
                anyio.run(cancelled, url, watcher)
            _until(lambda: workspaces.opened == 1)
            [key] = workspaces.kept()
            _until(lambda: workspaces._slots[key].held == 0)
    finally:
        md.close()


@dataclass
class _Stuck:
    """``takers`` of alice's workspace of ``folder``, the first one's open waiting on a lock
    on the grants table (``locker``'s, till its transaction ends), the rest waiting for that
    open; ``got`` what each took or raised (``frames``: each error's traceback as caught);
    ``waiting`` the query (on ``watcher``) counting the backends that wait on the lock."""

    workspaces: Workspaces
    folder: Path
    takers: list[threading.Thread]
    got: list[Any]
    locker: Any
    watcher: Any
    frames: list[list[str]]
    waiting: str = (
        "FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()"
    )


@contextmanager
def _stuck_open(team: Team, n: int) -> Iterator[_Stuck]:
    import psycopg

    from memdir.pg.names import remote_folder

    md = memdir.open(team.home, team.shared, database_url=team.url)
    workspaces = Workspaces(md, 4)
    folder = Path(remote_folder(SHARED))
    got: list[Any] = []
    frames: list[list[str]] = []  # each error's traceback as its taker caught it

    def taker() -> None:
        try:
            got.append(workspaces.take(folder, "alice"))
        except memdir.MemdirError as exc:
            got.append(exc)
            frames.append([f.name for f in traceback.extract_tb(exc.__traceback__)])

    takers = [threading.Thread(target=taker) for _ in range(n)]
    locker = psycopg.connect(team.url)
    locker.execute("LOCK TABLE memdir_grants IN ACCESS EXCLUSIVE MODE")
    watcher = psycopg.connect(team.url, autocommit=True)
    stuck = _Stuck(workspaces, folder, takers, got, locker, watcher, frames)
    try:
        takers[0].start()
        _until(lambda: watcher.execute("SELECT count(*) " + stuck.waiting).fetchone() == (1,))
        for each in takers[1:]:
            each.start()
        _until(lambda: workspaces._slots[("alice", folder, "")].held == n)
        yield stuck
    finally:
        locker.close()
        for each in takers:
            each.join(timeout=30)
        watcher.close()
        workspaces.close()
        md.close()


def test_a_failed_open_is_each_waiters_error_and_the_next_take_tries_again(team: Team) -> None:
    """alice's open waits on the database (a lock on the grants table) with three more
    takers of her key waiting for it; the open fails (its query cancelled): the three
    get that error at once, the lock still held, rather than each trying again in turn,
    each its own copy (chained to the opener's: one object raised on four threads would
    carry every raise's frames); once the lock is gone, the next take opens it."""
    from memdir.core.errors import PostgresError

    with _stuck_open(team, 4) as stuck:
        workspaces, got = stuck.workspaces, stuck.got
        stuck.watcher.execute("SELECT pg_cancel_backend(pid) " + stuck.waiting)
        for each in stuck.takers:
            each.join(timeout=30)
        assert not any(each.is_alive() for each in stuck.takers)  # none opened again
        assert len(got) == 4 and all(isinstance(each, PostgresError) for each in got), got
        opener = next(e for e in got if e.__cause__ is None)
        waiters = [e for e in got if e is not opener]
        assert len({id(e) for e in got}) == 4 and {str(e) for e in got} == {str(opener)}
        assert all(e.__cause__ is opener and e.reason == opener.reason for e in waiters)
        # a waiter's traceback is its own raise: the taker and take, none of the open's
        # frames nor another waiter's
        assert sorted(stuck.frames, key=len)[:3] == [["taker", "take"]] * 3, stuck.frames
        assert workspaces.kept() == {} and workspaces.opened == 0
        stuck.locker.rollback()
        assert workspaces.take(stuck.folder, "alice") in workspaces.kept().values()


def test_a_table_closed_during_an_open_closes_what_it_opened_and_says_so(team: Team) -> None:
    """The server stops while alice's open waits on the database: her open and a taker
    waiting for it are refused with MemdirError (memdir serve is stopping), the Memdir
    opened after the close is closed, and a take after the close is refused at once."""
    from memdir.serve.workspaces import STOPPING

    with _stuck_open(team, 2) as stuck:
        workspaces, got = stuck.workspaces, stuck.got
        workspaces.close()
        stuck.locker.rollback()  # the open goes through, after the close
        for each in stuck.takers:
            each.join(timeout=30)
        assert [str(each) for each in got] == [STOPPING, STOPPING], got
        assert (workspaces.opened, workspaces.closed, workspaces.kept()) == (1, 1, {})
        with pytest.raises(memdir.MemdirError, match="stopping"):
            workspaces.take(None, "bob", "no project")
        assert workspaces.opened == 1


def test_a_close_that_fails_is_logged_and_leaves_no_hold(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The bound lowered under two idle workspaces, the older one's close fails: a take
    of a third neither closes nor raises, its give closes both old ones (the failure
    logged, not raised) and the third stays, given back."""
    folders = [tmp_path / name for name in ("a", "b", "c")]
    for folder in folders:
        (folder / ".git").mkdir(parents=True)
    a, b, c = (f.resolve() for f in folders)
    md = memdir.open(home, tmp_path)
    workspaces = Workspaces(md, limit=2)
    try:
        for folder in (a, b):
            with workspaces.use(folder, None):
                pass
        older = workspaces.kept()[(None, a, "")]

        def close() -> None:
            type(older).close(older)
            raise memdir.MemdirError("the disk went away")

        monkeypatch.setattr(older, "close", close)
        workspaces.limit = 1
        with workspaces.use(c, None) as third:
            assert workspaces.closed == 0  # a take closes nothing
        assert workspaces.kept() == {(None, c, ""): third}
        assert workspaces._slots[(None, c, "")].held == 0  # given back
        assert "the disk went away" in caplog.text and workspaces.closed == 2
    finally:
        workspaces.close()
        md.close()


def test_a_store_opened_across_a_role_change_is_not_kept(team: Team) -> None:
    """A request that learnt alice is an admin opens her org store, writable, on one
    thread when a request on another learns she is not any more (``set_admin``): the
    store that open made is not kept, so the next ask gets it read-only (as the role
    says, not the old flag until the role changes again)."""
    import sys

    from memdir.core.workspace import Workspace

    md = memdir.open(team.home, team.shared, database_url=team.url, user="alice")
    inside, go = threading.Event(), threading.Event()
    got: list[Any] = []

    def paused(frame: Any, event: str, arg: Any) -> None:  # holds the thread in the open
        if event == "call" and frame.f_code is Workspace._open_store.__code__:
            inside.set()
            go.wait(30)

    def ask() -> None:
        sys.settrace(paused)  # this thread only
        try:
            got.append(md.store("managed"))
        finally:
            sys.settrace(None)

    asking = threading.Thread(target=ask)
    try:
        assert md.store("managed").read_only  # opened as a non-admin
        md.set_admin(True)  # a request with an admin's token
        asking.start()
        assert inside.wait(30)  # its open read the role: an admin
        md.set_admin(False)  # another request's token: no longer
        go.set()
        asking.join(timeout=30)
        assert [s.read_only for s in got] == [False]  # that request's, as it began
        assert md.store("managed").read_only is True
        assert md.store("managed") is md.store("managed")  # kept from now on
    finally:
        go.set()
        asking.join(timeout=30)
        md.close()


def test_a_workspaces_pipeline_is_built_once_by_threads_sharing_it(
    home: Path, tmp_path: Path
) -> None:
    """The activity page and an MCP session's first write, on two threads, both ask a new
    workspace for its pipeline (extraction's queue, its one-run-at-a-time lock, its worker
    thread): the one built while the other waits is both's, not two."""
    import sys

    from memdir.pipeline import Pipeline

    (tmp_path / ".git").mkdir()
    md = memdir.open(home, tmp_path)
    inside, go, built = threading.Event(), threading.Event(), threading.Event()
    got: list[Pipeline] = []

    def paused(frame: Any, event: str, arg: Any) -> None:  # holds the first in the build
        if event == "call" and frame.f_code is Pipeline.__init__.__code__:
            inside.set()
            go.wait(30)

    def seen(frame: Any, event: str, arg: Any) -> None:  # says when the second builds one
        if event == "call" and frame.f_code is Pipeline.__init__.__code__:
            built.set()

    def ask(tracer: Any) -> None:
        sys.settrace(tracer)  # this thread only
        try:
            got.append(md.pipeline)
        finally:
            sys.settrace(None)

    first = threading.Thread(target=ask, args=(paused,))
    second = threading.Thread(target=ask, args=(seen,))
    try:
        first.start()
        assert inside.wait(30)
        second.start()
        built.wait(1)  # a second build starts at once, if it does (else it waits)
        go.set()
        for each in (first, second):
            each.join(timeout=30)
        assert not built.is_set()
        assert len(got) == 2 and got[0] is got[1] is md.pipeline
    finally:
        go.set()
        md.close()
