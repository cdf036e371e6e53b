"""A team server reads a checkout's files (instruction files, memory_read's reference
checks) only for a user granted its project, and looks no reference up outside the project
folder (review rviso48, issue 17; docs/design/team-server.md, "Isolation mends, review
rviso48: folders"). What a refused user is told, that a grant opens the files on the next
session with no restart, and that a granted user's checks still work. The findings'
reproducers are in test_team_rviso48.py."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote

import anyio
import pytest

from memdir.core.prompt import missing_references
from test_team_server import SECRET, Team, _add, _client, _data
from test_team_server import one_server as one_server
from test_team_server import team as team

pytestmark = pytest.mark.slow


def _resource(text: object) -> str:
    return str(getattr(getattr(text, "contents", [None])[0], "text", ""))


def test_an_ungranted_root_is_not_used_and_a_grant_opens_the_files(
    team: Team, one_server: str
) -> None:
    """bob's root is alice's checkout: not used (issue 17: the project it holds is not
    named to him, nor its files read); once granted, the next session works in it."""
    (team.secret / "AGENTS.md").write_text("Build with the gnu target.\n")
    (team.secret / "deploy.py").write_text("gnuDeployKey = 1\n")
    body = "Use `gnuDeployKey` in `deploy.py`, not `gone.py`."

    async def as_bob() -> tuple[str, str]:
        async with _client(one_server, team.tokens["bob"], roots=[team.secret]) as b:
            context = _resource(await b.read_resource("memdir://context"))
            done = _data(await b.call_tool("memory", _add("Bob probe", body, scope="user")))
            read = _data(await b.call_tool("memory_read", {"id": done["results"][0]["id"]}))
            return context, str(read["content"])

    context, read = anyio.run(as_bob)
    for text in (context, read):
        assert "gnu target" not in text and "git.example" not in text, text
        assert str(team.secret) not in text, text
    notes = read.split(body, 1)[1]
    assert "gone.py" not in notes and "does not exist" not in notes, notes

    team.admin("grant", "bob", SECRET)  # the same server, no restart: the next session
    context, read = anyio.run(as_bob)
    assert "gnu target" in context and "not granted" not in context, context
    notes = read.split(body, 1)[1]
    assert "`gone.py` is named in this memory but does not exist" in notes, notes
    assert "deploy.py" not in notes and "gnuDeployKey" not in notes, notes


def test_a_granted_user_is_told_which_paths_were_not_looked_up(
    team: Team, one_server: str, tmp_path: Path
) -> None:
    outside = tmp_path / "elsewhere.txt"
    outside.write_text("x")
    body = f"See `{outside}`, `~/.bashrc`, `../shared/x.py` and `absent.py`."

    async def as_alice() -> str:
        async with _client(one_server, team.tokens["alice"], roots=[team.secret]) as a:
            done = _data(await a.call_tool("memory", _add("Alice paths", body, scope="user")))
            read = _data(await a.call_tool("memory_read", {"id": done["results"][0]["id"]}))
            return str(read["content"])

    notes = anyio.run(as_alice).split(body, 1)[1]
    assert "`absent.py` is named in this memory but does not exist" in notes, notes
    said = notes.split("Not checked, being outside the project folder: ", 1)[1]
    for path in (str(outside), "~/.bashrc", "../shared/x.py"):
        assert f"`{path}`" in said, notes
    assert notes.count("does not exist") == 1, notes


def test_one_persons_checks_still_look_everywhere(tmp_path: Path) -> None:
    """The CLI's and a single-machine server's notes (no ``inside_only``): an absolute
    path is still looked up, as before."""
    (tmp_path / "here.py").write_text("x")
    body = f"`{tmp_path / 'here.py'}` and `{tmp_path / 'gone.py'}`"
    notes = missing_references(body, tmp_path)
    assert len(notes) == 1 and "gone.py" in notes[0] and "here.py" not in notes[0]
    served = missing_references(body, tmp_path, inside_only=True)
    assert len(served) == 1 and "Not checked" in served[0] and "does not exist" not in served[0]


def test_a_project_named_by_url_has_no_folder_to_withhold(team: Team, one_server: str) -> None:
    """A client on another machine names the project by URL: no folder of it is on the
    server's disk, so nothing is said withheld (bob is still refused the project scope)."""
    body = "Use `someHelper_fn` in `deploy.py`."

    async def as_bob() -> tuple[str, str, str]:
        async with _client(one_server, team.tokens["bob"], header=SECRET) as b:
            context = _resource(await b.read_resource("memdir://context"))
            done = _data(await b.call_tool("memory", _add("Bob remote", body, scope="user")))
            read = _data(await b.call_tool("memory_read", {"id": done["results"][0]["id"]}))
            refused = _data(await b.call_tool("memory", _add("In secret", "x", scope="project")))
            return context, str(read["content"]), str(refused["error"])

    context, read, refused = anyio.run(as_bob)
    assert "were not read" not in context, context
    assert read.split(body, 1)[1].strip() == "", read
    assert "not granted the project git.example.test/acme/secret" in refused


def test_a_folder_bob_names_is_refused_in_the_same_words_whatever_is_there(
    team: Team, tmp_path: Path
) -> None:
    """bob names, by the 'project' argument and by the X-Memdir-Project header, a folder
    that does not exist, one that is no repository and alice's checkout of a project he
    was not granted: each is refused in the same words, none naming the origin, its host
    or whether the folder exists (issue 17); as an MCP root, each is not used (the
    connection has no project, in the same words). The web page and /api take a repository URL,
    never a folder: their answers for the three are the same too. The server's log has
    the reason for the admin."""
    from mcp.shared.exceptions import MCPError

    from test_web_team import _sign_in

    plain = tmp_path / "plain"
    plain.mkdir()
    paths = {"missing": str(tmp_path / "missing"), "plain": str(plain), "secret": str(team.secret)}
    proc, url = team.serve()

    async def as_bob(path: str) -> list[str]:
        said = []
        async with _client(url, team.tokens["bob"]) as b:
            for call in (
                ("memory_search", {"query": "walrus", "project": path}),
                ("memory", {**_add("Bob probe", "x", scope="project"), "project": path}),
                ("memory", {**_add("Bob own", "x", scope="user"), "project": path}),
            ):
                answer = await b.call_tool(*call)
                assert answer.is_error, answer
                said.append(_data(answer)["error"])
        async with _client(url, team.tokens["bob"], header=path) as b:
            for uri in ("memdir://context", "memdir://index"):
                with pytest.raises(MCPError) as caught:
                    await b.read_resource(uri)
                said.append(str(caught.value))
        async with _client(url, team.tokens["bob"], roots=[Path(path)]) as b:  # not used
            said.append(_resource(await b.read_resource("memdir://context")))
            answer = await b.call_tool("memory", _add("Bob root", "x", scope="project"))
            said.append(_data(answer)["error"])
        return said

    try:
        said = {kind: anyio.run(as_bob, path) for kind, path in paths.items()}
        web = _sign_in(url.removesuffix("/mcp"), team.tokens["bob"])
        for kind, path in paths.items():
            page = web.get("/", params={"project": path})
            api = web.get("/api/entries", headers={"X-Memdir-Project": path})
            same = [f"{r.status_code} {r.text}" for r in (page, api)]  # the path as given
            said[kind] += [t.replace(path, "P").replace(quote(path, safe=""), "P") for t in same]
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=30)
    assert said["missing"] == said["plain"] == said["secret"], said
    for text in said["secret"]:
        for hint in ("git.example", "acme", "secret", "not granted the project", "origin"):
            assert hint not in text, (hint, text)
        assert "existing folder" not in text and "does not exist" not in text, text
    log = err.decode()
    assert f"{paths['missing']!r}: no such folder" in log, log
    assert "has no git remote 'origin'" in log, log
    assert "not granted the project git.example.test/acme/secret" in log, log
    assert f"sent 1 root(s) not used: {team.secret} (not granted the project" in log, log
