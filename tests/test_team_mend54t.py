"""Leftovers of the team server (branch mend54t), on real PostgreSQL and a real
`memdir serve --database` process: who changed or removed an entry is the signed-in team
user (MCP and web), told by `memdir log`, the entry's history and the removed notice; the
persona's and the reader's messages on the team backend name no server path."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import anyio
import httpx2 as httpx
import pytest

import memdir
from conftest import pg_schema, team_env
from memdir.core.errors import (
    ParseError,
    UnknownSessionError,
    UnreadableScopeError,
    ValidationError,
)
from memdir.sessions import SessionStore
from memdir.sessions.db import Database
from test_team_server import Team, _add, _client, _data, make_team, serving_team

pytestmark = pytest.mark.slow

SHARED_URL = "git.example.test/acme/shared"  # alice's and bob's project


@pytest.fixture(scope="module")
def team(module_pg_url: str, tmp_path_factory: pytest.TempPathFactory) -> Team:
    """One team for the module (each test writes entries of its own names)."""
    return make_team(module_pg_url, tmp_path_factory.mktemp("team"))


@pytest.fixture(scope="module")
def server(team: Team) -> Iterator[str]:
    """One ``memdir serve`` process, its MCP address."""
    with serving_team(team) as url:
        yield url


def _sign_in(site: str, token: str) -> httpx.Client:
    client = httpx.Client(base_url=site, follow_redirects=False, timeout=60)
    r = client.post("/signin", data={"token": token, "next": "/"})
    assert r.status_code == 303, r.text
    return client


def _field(page: str, name: str) -> str:
    found = re.search(rf'name="{name}" value="([^"]*)"', page)
    assert found, page[:2000]
    return html.unescape(found.group(1))


def _mcp_add(url: str, token: str, folder: Any, args: dict[str, Any]) -> str:
    async def run() -> str:
        async with _client(url, token, roots=[folder]) as c:
            done = _data(await c.call_tool("memory", args))
        assert done["success"], done
        return str(done["results"][0]["id"])

    return anyio.run(run)


def test_who_changed_and_removed_an_entry_is_the_team_user(team: Team, server: str) -> None:
    """Alice adds an entry to the shared project through MCP; bob edits it and removes it
    on the web page while alice has its edit form open. `memdir log` (text and JSON), the
    entry's history, the archived copy's notice and alice's refused save all name who did
    what: the token's user, never `user`/`agent` alone."""
    site = server.removesuffix("/mcp")
    entry = _mcp_add(
        server,
        team.tokens["alice"],
        team.shared,
        _add("Mend54t kiwi rule", "Kiwi first.", scope="project"),
    )
    page = f"/entry/project/{entry}"
    q = {"project": SHARED_URL}
    alice, bob = _sign_in(site, team.tokens["alice"]), _sign_in(site, team.tokens["bob"])
    opened = alice.get(page, params=q)
    assert opened.status_code == 200, opened.text
    alice_form = {"csrf": _field(opened.text, "csrf"), "etag": _field(opened.text, "etag")}
    seen = bob.get(page, params=q)
    assert seen.status_code == 200, seen.text
    fields = {"name": "Mend54t kiwi rule", "description": "kiwi", "type": "feedback"}
    r = bob.post(
        f"{page}/save",
        params=q,
        data={
            **fields,
            "body": "Kiwi second.",
            "csrf": _field(seen.text, "csrf"),
            "etag": _field(seen.text, "etag"),
        },
    )
    assert r.status_code == 303, r.text
    r = bob.post(f"{page}/remove", params=q, data={"csrf": _field(seen.text, "csrf")})
    assert r.status_code == 303, r.text

    # alice saves from the form she opened before: refused, and told who removed it
    refused = alice.post(f"{page}/save", params=q, data={**fields, "body": "Mine.", **alice_form})
    assert refused.status_code == 422, refused.text
    notice = re.sub(r"\s+", " ", html.unescape(refused.text))
    assert "this entry was removed by bob " in notice, notice[:3000]
    assert "(by bob)" in notice  # the archived copy's own line
    for who in ("alice", "bob"):  # the history beside it
        assert f"by {who}</span>" in refused.text, refused.text[:3000]

    out = team.cli("log", "--scope", "project", user="alice", cwd=team.shared).stdout
    lines = [line for line in out.splitlines() if "Mend54t kiwi rule" in line or entry in line]
    assert len(lines) == 3, out
    assert lines[0].endswith("(by bob)") and lines[1].endswith("(by bob)"), lines
    assert lines[2].endswith("(by alice)"), lines
    got = json.loads(
        team.cli("log", entry, "--scope", "project", "--json", user="bob", cwd=team.shared).stdout
    )
    assert [c["author"] for c in got] == ["bob", "bob", "alice"], got


def _team_md(url: str, tmp: Path) -> memdir.Memdir:
    """Alice's memory on the team backend (the library, as the server opens it)."""
    folder = tmp / "project"
    folder.mkdir()
    team_env(url, folder, "alice")
    return memdir.open(tmp / "home", folder, database_url=url, user="alice")


def _no_server(text: str, url: str) -> None:
    """No server address (host, port, scheme) nor a scope key in ``text``."""
    where = urlsplit(url)
    for said in (f"{where.hostname}:{where.port}", "postgresql", "user:alice", "#user"):
        assert said not in text, f"{said!r} in {text!r}"


def test_persona_messages_on_the_team_backend_name_no_server_path(
    pg_url: str, tmp_path: Path
) -> None:
    """A SOUL.md cut at its budget says where to read the rest, and one that is not
    UTF-8 says which: by the scope's name, not the database address and scope key."""
    from memdir.core.persona import render

    md = _team_md(pg_url, tmp_path)
    try:
        md.write_soul("Be brief and kind. " * 20, scope="user")
        text, notes = render(md.souls(), 40)
        assert "read the rest in SOUL.md of the user scope]" in text, text
        _no_server(text + "".join(notes), pg_url)
        backend = md.store("user").backend
        with backend.lock(5):
            backend.write("SOUL.md", b"\xffnot utf-8")
        with pytest.raises(ParseError) as caught:
            md.souls()
        assert str(caught.value).startswith("SOUL.md of the user scope: is not UTF-8"), caught
        _no_server(str(caught.value), pg_url)
        notes = md.explain().notes  # the system block's note says it too
        said = [n.reason for n in notes if n.subject == "SOUL.md"]
        assert said and said[0].startswith("SOUL.md of the user scope"), notes
        _no_server(json.dumps(said), pg_url)
    finally:
        md.close()


def test_reader_messages_on_the_team_backend_name_no_server_path(
    pg_url: str, tmp_path: Path
) -> None:
    """An entry row that is not UTF-8 blocks writes to its scope: the refusal names the
    file and the scope, not the database address and scope key; the index lists it."""
    md = _team_md(pg_url, tmp_path)
    try:
        store = md.store("user")
        store.add(type="user", name="Kiwi fact", description="kiwi", body="Kiwi.")
        with store.backend.lock(5):
            store.backend.write("user_broken.md", b"---\nname: \xff\n---\n")
        problems = store.problems()
        assert [str(p).split(":")[0] for p in problems] == ["user_broken.md"], problems
        with pytest.raises(UnreadableScopeError) as caught:
            store.add(type="user", name="Another", description="d", body="B.")
        said = str(caught.value)
        assert "scope 'user'" in said and "user_broken.md: is not UTF-8" in said, said
        _no_server(said, pg_url)
        assert "user_broken.md" in store.render_index()
    finally:
        md.close()


@pytest.fixture(params=["sqlite", "postgres"])
def sessions(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[SessionStore]:
    """A session store on SQLite (state.db) or on PostgreSQL (a user's state schema)."""
    if request.param == "sqlite":
        db = Database(tmp_path / "state.db")
        yield SessionStore(db)
        db.close()
        return
    from memdir.pg.db import PgDatabase
    from memdir.pg.sessions import PgStateDatabase

    with pg_schema() as url:
        pg = PgStateDatabase(PgDatabase(url))
        yield SessionStore(pg)
        pg.pg.close()


def _stored(store: SessionStore, *rows: tuple[str, float]) -> None:
    """Sessions (id, started_at) as an import leaves them."""
    store.db.write(
        lambda c: c.executemany(
            "INSERT INTO sessions (id, agent, started_at) VALUES (?, 'claude-code', ?)",
            list(rows),
        )
    )


def test_suggestions_for_an_unknown_id_read_the_newest_sessions_only(
    sessions: SessionStore,
) -> None:
    """An id that matches nothing gets ids holding it as suggestions, looked for among
    the SUGGEST_AMONG newest sessions (bounded work at any size), not in every session:
    the oldest one holding it is not read."""
    from memdir.sessions import log

    among = 2000  # log.SUGGEST_AMONG
    _stored(
        sessions,
        ("claude-code:aaaa-kiwi-oldest", 1.0),
        *((f"codex:s{i:06d}", 10.0 + i) for i in range(among - 1)),
        ("claude-code:zzzz-kiwi-newest", 1e6),
        ("codex:mmmm-kiwi-newer", 1e6 + 1),
    )
    with pytest.raises(UnknownSessionError) as caught:
        sessions.resolve("kiwi")
    assert caught.value.near == ["claude-code:zzzz-kiwi-newest", "codex:mmmm-kiwi-newer"]
    assert among == log.SUGGEST_AMONG


NUL_IDS = ("claude-code:abcd\x00efgh", "codex:wxyz\x00", "plain\x00idxx", "codex:12345678")


@pytest.mark.parametrize(
    ("given", "found"),
    [
        ("abcd\x00efgh", 0),  # a harness's whole id, after `harness:`
        ("abcd\x00e", 0),  # its start
        ("wxyz\x00", 1),
        ("abcd", 0),
        ("plain\x00i", 2),
        ("claude-code:abcd\x00efgh", 0),
        ("1234", 3),
    ],
)
def test_an_id_holding_nul_is_found_after_its_harness_prefix(
    sessions: SessionStore, given: str, found: int
) -> None:
    """`memdir sessions show ID` (SessionStore.resolve) finds an id holding NUL by what
    follows its `harness:` prefix, whole or its start, as any other id (SQLite's
    substr() stops at a NUL, so the index of bare ids holds them cut there); on
    PostgreSQL, which stores NUL as U+FFFD, too."""
    _stored(sessions, *((sid, 1.0 + i) for i, sid in enumerate(NUL_IDS)))
    want = sessions.db.as_stored(NUL_IDS[found])
    assert sessions.resolve(given).id == want
    assert sessions.others_starting_with(given, want) == ([], True)


def test_ids_cut_alike_at_a_nul_are_told_apart(sessions: SessionStore) -> None:
    """Ids alike up to a NUL (all `abcd` in SQLite's index of bare ids) are told apart by
    what follows it, and one without a NUL is none of them."""
    ids = ("claude-code:abcd\x00x1", "codex:abcd\x00y2", "claude-code:abcdzz", "codex:abcd")
    _stored(sessions, *((sid, 1.0 + i) for i, sid in enumerate(ids)))
    stored = [sessions.db.as_stored(i) for i in ids]
    assert sessions.resolve("abcd\x00x").id == stored[0]
    assert sessions.resolve("abcd\x00y2").id == stored[1]
    with pytest.raises(ValidationError) as caught:
        sessions.resolve("abcd\x00")
    assert "matches 2 session ids" in str(caught.value), caught.value
    assert sessions.others_starting_with("abcd\x00", stored[0]) == ([stored[1]], True)
