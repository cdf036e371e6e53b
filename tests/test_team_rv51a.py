"""The sync base for push (issue 17) where both sides changed an entry, and
X-Memdir-Project read as UTF-8 / Latin-1 / percent-encoded, or with a `..` part. Real CLI
subprocesses, a real `memdir serve`, real PostgreSQL where the team is involved; no
mocks."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import memdir
from test_walk51_team import (
    Via,
    _add,
    _added_in,
    _entry,
    _lines,
    _on_server,
    _serving,
    _tool_call,
)
from usercli import cli as cli
from usercli import user_cli


@pytest.fixture(params=["database", "server"])
def via(
    request: pytest.FixtureRequest,
    cli: Callable[..., Any],
    pg_url: str,
    project: Path,
    tmp_path: Path,
) -> Iterator[Via]:
    """As test_walk51_team's: alice by ``--database``, or by ``--server`` with a token."""
    serving, token = _team_server(pg_url, project, tmp_path)
    if request.param == "database":
        yield Via("database", ("--database", pg_url), {"MEMDIR_USER": "alice"}, cli)
        return
    with serving as (url, _):
        yield Via("server", (), {"MEMDIR_SERVER": url, "MEMDIR_TOKEN": token}, cli)


def _replace_here(home: Path, project: Path, body: str) -> None:
    """An edit of the entry through memdir in this home (its ``updated`` moves to now)."""
    md = memdir.open(home, project, database_url="")
    try:
        md.store("local").replace("Use pnpm", body=body)
    finally:
        md.close()


def _replace_on_server(pg_url: str, project: Path, where: Path, body: str) -> None:
    """alice's other laptop (or an agent on the team server) edits the server's copy."""
    team = memdir.open(where, project, database_url=pg_url, user="alice")
    try:
        team.store("local").replace("Use pnpm", body=body)
    finally:
        team.close()


def test_a_push_of_a_change_on_both_sides_stamped_later_here_is_a_conflict(
    via: Via, cli: Callable[..., Any], pg_url: str, project: Path, home: Path, tmp_path: Path
) -> None:
    # both sides changed since the recorded base (the other laptop's edit, then ours
    # through memdir, stamped later): the push writes nothing over theirs, reports a
    # conflict and exits 3, after a pull as before it (docs: --keep-mine first)
    _add(cli)
    assert via.push("--apply").returncode == 0  # the base: "Use pnpm install."
    _replace_on_server(pg_url, project, tmp_path / "laptop-2", "Use pnpm 8 install.")
    _replace_here(home, project, "Use pnpm 9 install.")  # through memdir, after laptop-2's
    pulled = via.pull("--apply")
    pushed = via.push("--apply")
    assert pulled.returncode in (0, 3), pulled.stdout + pulled.stderr  # kept, or conflict
    assert pushed.returncode == 3 and _lines(pushed, "conflict"), pulled.stdout + pushed.stdout
    assert _on_server(pg_url, project, tmp_path) == "Use pnpm 8 install."
    assert "Use pnpm 9 install." in _entry(home).read_text(encoding="utf-8")


@pytest.mark.parametrize("mine_newer", [True, False], ids=["memdir-edit", "hand-edit"])
def test_a_conflict_resolved_in_my_favour_by_keep_mine_then_push(
    via: Via,
    cli: Callable[..., Any],
    pg_url: str,
    project: Path,
    home: Path,
    tmp_path: Path,
    mine_newer: bool,
) -> None:
    # the whole way the conflict's messages give: push (conflict, exit 3), pull
    # (conflict, exit 3), pull --keep-mine --apply (mine, exit 0), push --apply (update,
    # exit 0): mine on the server; a later pull and push find both the same
    from test_walk51_team import _hand_edit

    _add(cli)
    assert via.push("--apply").returncode == 0
    _replace_on_server(pg_url, project, tmp_path / "laptop-2", "Use pnpm 8 install.")
    if mine_newer:
        _replace_here(home, project, "Use pnpm 9 install.")
    else:
        _hand_edit(_entry(home), "Use pnpm 9 install.")
    first = via.push("--apply")
    assert first.returncode == 3 and _lines(first, "conflict"), first.stdout + first.stderr
    assert "--keep-mine" in first.stdout, first.stdout
    pulled = via.pull("--apply")
    assert pulled.returncode == 3 and _lines(pulled, "conflict"), pulled.stdout + pulled.stderr
    mine = via.pull("--keep-mine", "--apply")
    assert mine.returncode == 0 and _lines(mine, "mine"), mine.stdout + mine.stderr
    pushed = via.push("--apply")
    assert pushed.returncode == 0 and _lines(pushed, "update"), pushed.stdout + pushed.stderr
    assert _on_server(pg_url, project, tmp_path) == "Use pnpm 9 install."
    again = [via.pull("--apply"), via.push("--apply")]
    assert [a.returncode for a in again] == [0, 0], [a.stdout for a in again]
    assert all(not _lines(a, "update") and not _lines(a, "conflict") for a in again)
    assert "Use pnpm 9 install." in _entry(home).read_text(encoding="utf-8")


def test_keep_mine_then_a_new_change_on_the_server_is_a_conflict_again(
    via: Via, cli: Callable[..., Any], pg_url: str, project: Path, home: Path, tmp_path: Path
) -> None:
    # after keep-mine the base is the server's copy then; the server changing
    # again before the push is a conflict again, not written over
    _add(cli)
    assert via.push("--apply").returncode == 0
    _replace_on_server(pg_url, project, tmp_path / "laptop-2", "Use pnpm 8 install.")
    _replace_here(home, project, "Use pnpm 9 install.")
    assert via.pull("--keep-mine", "--apply").returncode == 0
    _replace_on_server(pg_url, project, tmp_path / "laptop-2", "Use pnpm 10 install.")
    pushed = via.push("--apply")
    assert pushed.returncode == 3 and _lines(pushed, "conflict"), pushed.stdout + pushed.stderr
    assert _on_server(pg_url, project, tmp_path) == "Use pnpm 10 install."


def _team_server(pg_url: str, project: Path, tmp_path: Path) -> Any:
    """A `memdir serve --database` (a context manager: its MCP URL) and a token of alice,
    granted ``project``'s origin."""
    from conftest import team_env
    from memdir.pg import users
    from memdir.pg.db import PgDatabase

    team_env(pg_url, project)
    token = users.add(PgDatabase.shared(pg_url), "alice")
    env = {
        **os.environ,
        "MEMDIR_HOME": str(tmp_path / "server-home"),
        "MEMDIR_MANAGED_DIR": str(tmp_path / "m"),
    }
    for name in ("MEMDIR_DATABASE_URL", "MEMDIR_USER", "MEMDIR_TOKEN", "MEMDIR_SERVER"):
        env.pop(name, None)
    return _serving(env, tmp_path, "--database", pg_url), token


def test_a_team_header_through_dotdot_answers_alike_whether_the_folder_exists(
    pg_url: str, project: Path, tmp_path: Path
) -> None:
    # "<a folder>/../<her granted checkout>" gets the same answer whether that folder
    # exists or not: a token holder learns nothing of the server's disk (NOT_YOURS)
    there = tmp_path / "a-folder-that-exists"
    there.mkdir()
    serving, token = _team_server(pg_url, project, tmp_path)
    with serving as (url, _):
        assert _tool_call(url, token, str(project).encode()).get("success")  # hers
        answers = []
        for i, probe in enumerate((there, tmp_path / "no-such-folder")):
            header = f"{probe}/../{project.name}".encode()
            answers.append(_tool_call(url, token, header, f"probe {i}"))
    ok = [bool(a.get("success")) for a in answers]
    assert ok[0] == ok[1], answers
    assert answers[0].get("error") == answers[1].get("error"), answers


def test_header_bytes_name_their_own_folder_before_a_latin_1_reading(
    tmp_path: Path, home: Path
) -> None:
    # `$(pwd)` in a folder named b"caf\xe9" (a legacy Latin-1 name) sends those bytes;
    # with "café" beside it, the memory goes to the folder the bytes name, not to "café"
    src = tmp_path / "src"
    src.mkdir()
    os.mkdir(os.fsencode(src) + b"/caf\xe9")
    other = src / "café"
    other.mkdir()
    env = {**os.environ, "MEMDIR_HOME": str(home), "MEMDIR_MANAGED_DIR": str(tmp_path / "m")}
    with _serving(env, tmp_path) as (url, token):
        answer = _tool_call(url, token, os.fsencode(src) + b"/caf\xe9")
    assert not (answer.get("success") and _added_in(home, other)), answer
    mine = src / os.fsdecode(b"caf\xe9")
    assert answer.get("success") and _added_in(home, mine), answer


def test_two_users_project_scope_a_later_edit_over_a_teammates_is_a_conflict(
    pg_url: str, tmp_path: Path
) -> None:
    # the same on a shared project scope: bob pulled alice's entry (the base), alice
    # changed it and pushed, bob then changed it through memdir and pushes: a conflict
    # (exit 3), alice's text stays on the team server
    from conftest import team_env

    checkouts = {}
    for who in ("alice", "bob"):
        checkouts[who] = tmp_path / f"{who}-checkout"
        checkouts[who].mkdir()
        team_env(pg_url, checkouts[who], who)
        (tmp_path / f"{who}-user-home").mkdir()
    a = user_cli(
        tmp_path, tmp_path / "alice-home", checkouts["alice"], tmp_path / "alice-user-home"
    )
    b = user_cli(tmp_path, tmp_path / "bob-home", checkouts["bob"], tmp_path / "bob-user-home")
    alice, bob = {"MEMDIR_USER": "alice"}, {"MEMDIR_USER": "bob"}
    added = a(
        "add", "--scope", "project", "--type", "project", "--name", "Release day",
        "--description", "when we release", "--body", "We release on Thursdays.",
    )  # fmt: skip
    assert added.returncode == 0, added.stderr
    assert a("push", "--database", pg_url, "--apply", extra_env=alice).returncode == 0
    assert b("pull", "--database", pg_url, "--apply", extra_env=bob).returncode == 0
    for who, body in (("alice", "We release on Fridays."), ("bob", "We release on Mondays.")):
        md = memdir.open(tmp_path / f"{who}-home", checkouts[who], database_url="")
        try:
            md.store("project").replace("Release day", body=body)
        finally:
            md.close()
        if who == "alice":
            assert a("push", "--database", pg_url, "--apply", extra_env=alice).returncode == 0
    pushed = b("push", "--database", pg_url, "--apply", extra_env=bob)
    team = memdir.open(
        tmp_path / "elsewhere", checkouts["alice"], database_url=pg_url, user="alice"
    )
    try:
        on_server = team.store("project").get("Release day").body
    finally:
        team.close()
    assert pushed.returncode == 3 and _lines(pushed, "conflict"), pushed.stdout + pushed.stderr
    assert on_server == "We release on Fridays."


def test_latin_1_reading_still_names_a_folder_when_the_bytes_name_none(
    tmp_path: Path, home: Path
) -> None:
    # the Latin-1 reading is the fallback: b"caf\xe9" with only "café" there
    src = tmp_path / "src"
    src.mkdir()
    other = src / "café"
    other.mkdir()
    env = {**os.environ, "MEMDIR_HOME": str(home), "MEMDIR_MANAGED_DIR": str(tmp_path / "m")}
    with _serving(env, tmp_path) as (url, token):
        answer = _tool_call(url, token, os.fsencode(src) + b"/caf\xe9")
    assert answer.get("success") and _added_in(home, other), answer


def test_a_folder_named_with_a_percent_escape_stays_itself(tmp_path: Path, home: Path) -> None:
    # a folder literally named "100%25" is that folder, not
    # "100%" beside it (percent-decoding only when the value as given is no folder)
    literal, decoded = tmp_path / "100%25", tmp_path / "100%"
    literal.mkdir()
    decoded.mkdir()
    env = {**os.environ, "MEMDIR_HOME": str(home), "MEMDIR_MANAGED_DIR": str(tmp_path / "m")}
    with _serving(env, tmp_path) as (url, token):
        answer = _tool_call(url, token, str(literal).encode())
    assert answer.get("success"), answer
    assert _added_in(home, literal) and not _added_in(home, decoded)


def test_a_team_root_with_dotdot_is_not_looked_up(tmp_path: Path) -> None:
    # an MCP root "<any folder>/../<checkout>" on a team server is dropped unread
    # (as the header and the argument are refused), so whether the folder exists is not
    # told by which project the connection gets; a single-user server resolves it
    from memdir.mcp import _root_folder

    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    for probe in ("a", "no-such-folder"):
        uri = f"file://{tmp_path}/{probe}/../b"
        assert _root_folder(uri, team=True) is None
    assert _root_folder(f"file://{tmp_path}/a/../b") == (tmp_path / "b").resolve()
