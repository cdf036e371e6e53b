"""User paths the suite's coverage showed no test ran (cover52): a team server's MCP roots
and grants (several roots, a root not granted or not a checkout, roots changed mid
connection, the X-Memdir-Project header beside roots), the withheld-instructions note,
the web API's 4xx answers, ``memdir serve``'s own start-up and the ``.recover`` fallback
for a corrupt state.db. Real parts only: the MCP SDK's client over loopback HTTP, real
``memdir`` subprocesses, real SQLite and PostgreSQL."""

from __future__ import annotations

import json
import time
import warnings
from pathlib import Path
from typing import Any

import anyio
import pytest

from test_team_server import SECRET, SHARED, Team, _add, _client, _data
from test_team_server import one_server as one_server
from test_team_server import team as team

SECRET_RULE = "Secret builds use the gnu target."  # the secret checkout's AGENTS.md
SHARED_RULE = "Shared builds run make check."  # the shared checkout's AGENTS.md


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
