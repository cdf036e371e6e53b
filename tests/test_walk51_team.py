"""walk51's team and server defects, fixed (items 1, 2 and 11 of a newcomer's
walkthrough): a hand edit after `push --apply` survives the next push and pull (the sync
base in pulled.json), `X-Memdir-Project` names a folder whose path is not ASCII, and
`push`/`pull` without a team name `--server` as well as `--database`. Real CLI
subprocesses, a real `memdir serve`, PostgreSQL where the team is involved."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

import anyio
import pytest
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client
from mcp.shared.exceptions import MCPError

import memdir
from usercli import cli as cli
from webserver import memdir_serving, print_token


@contextlib.contextmanager
def _serving(env: dict[str, str], cwd: Path, *extra: str) -> Iterator[tuple[str, str]]:
    """A real `memdir serve` (``extra``: its options) on a free loopback port: (MCP URL,
    token; none on the team backend). Its log must hold no traceback when it stops."""
    token = "" if extra else print_token(env, cwd)
    with memdir_serving(env, cwd, *extra) as (proc, base):
        yield f"{base}/mcp", token
        proc.terminate()
        _, err = proc.communicate(timeout=30)
        assert "Traceback" not in err, err


# --- item 1: a hand edit after push --apply ------------------------------------------


@dataclass
class Via:
    """One way to the team: ``--database`` as alice, or ``--server`` with her token."""

    name: str
    args: tuple[str, ...]
    env: dict[str, str]
    cli: Callable[..., Any]

    def push(self, *args: str) -> Any:
        return self.cli("push", *self.args, *args, extra_env=self.env)

    def pull(self, *args: str) -> Any:
        return self.cli("pull", *self.args, *args, extra_env=self.env)


@pytest.fixture(params=["database", "server"])
def via(
    request: pytest.FixtureRequest,
    cli: Callable[..., Any],
    pg_url: str,
    project: Path,
    tmp_path: Path,
) -> Iterator[Via]:
    from conftest import team_env
    from memdir.pg import users
    from memdir.pg.db import PgDatabase

    team_env(pg_url, project)  # alice, granted the checkout's origin
    if request.param == "database":
        yield Via("database", ("--database", pg_url), {"MEMDIR_USER": "alice"}, cli)
        return
    token = users.add(PgDatabase.shared(pg_url), "alice")  # another token of hers
    env = {
        **os.environ,
        "MEMDIR_HOME": str(tmp_path / "server-home"),
        "MEMDIR_MANAGED_DIR": str(tmp_path / "m"),
    }
    for name in ("MEMDIR_DATABASE_URL", "MEMDIR_USER", "MEMDIR_TOKEN", "MEMDIR_SERVER"):
        env.pop(name, None)
    with _serving(env, tmp_path, "--database", pg_url) as (url, _):
        yield Via("server", (), {"MEMDIR_SERVER": url, "MEMDIR_TOKEN": token}, cli)


def _add(cli: Callable[..., Any]) -> None:
    added = cli(
        "add", "--type", "feedback", "--name", "Use pnpm", "--description", "pnpm, not npm",
        "--body", "Use pnpm install.",
    )  # fmt: skip
    assert added.returncode == 0, added.stderr


def _entry(home: Path) -> Path:
    (entry,) = (home / "projects").glob("*/feedback_use-pnpm.md")
    return entry


def _hand_edit(entry: Path, new: str) -> None:
    """Edit ``entry``'s body in place, as an editor does: its ``updated:`` stays."""
    text = entry.read_text(encoding="utf-8")
    assert "Use pnpm install." in text
    entry.write_text(text.replace("Use pnpm install.", new), encoding="utf-8")


def _on_server(pg_url: str, project: Path, tmp_path: Path) -> str:
    """The body of alice's copy of the entry on the team database."""
    team = memdir.open(tmp_path / "elsewhere", project, database_url=pg_url, user="alice")
    try:
        return team.store("local").get("Use pnpm").body
    finally:
        team.close()


def _lines(proc: Any, action: str) -> list[str]:
    return [x for x in proc.stdout.splitlines() if x.startswith(action)]


def test_hand_edit_after_push_survives_push_and_pull(
    via: Via, cli: Callable[..., Any], pg_url: str, project: Path, home: Path, tmp_path: Path
) -> None:
    # README: "Edit topic files in any editor"; push and pull never overwrite "an entry the
    # other side changed more recently". Here nobody else touched the server's copy.
    _add(cli)
    first = via.push("--apply")
    assert first.returncode == 0 and "add" in first.stdout, first.stdout + first.stderr
    entry = _entry(home)
    _hand_edit(entry, "Use pnpm 9 install.")
    pushed = via.push("--apply")
    pulled = via.pull("--apply")
    assert pushed.returncode == 0 and pulled.returncode in (0, 3), pushed.stderr + pulled.stderr
    # the edit is either on the server now, or reported as a conflict: never replaced
    assert "Use pnpm 9 install." in entry.read_text(encoding="utf-8"), pushed.stdout + pulled.stdout
    # ...and here it is sent: the server's copy was still the one pushed before
    assert _lines(pushed, "update"), pushed.stdout
    assert _on_server(pg_url, project, tmp_path) == "Use pnpm 9 install."
    assert pulled.returncode == 0 and "Pulled from the team server: 1 same" in pulled.stdout


def test_hand_edit_and_a_change_on_the_server_are_a_conflict(
    via: Via, cli: Callable[..., Any], pg_url: str, project: Path, home: Path, tmp_path: Path
) -> None:
    # (a) after the push, alice changes the server's copy elsewhere (another laptop, an
    # agent on the team server); here the file is edited by hand: both moved since
    _add(cli)
    assert via.push("--apply").returncode == 0
    team = memdir.open(tmp_path / "laptop-2", project, database_url=pg_url, user="alice")
    team.store("local").replace("Use pnpm", body="Use pnpm 8 install.")
    team.close()
    entry = _entry(home)
    _hand_edit(entry, "Use pnpm 9 install.")
    dry = via.push()
    assert dry.returncode == 3 and _lines(dry, "conflict"), dry.stdout + dry.stderr
    pushed = via.push("--apply")
    assert pushed.returncode == 3, pushed.stdout + pushed.stderr
    (line,) = _lines(pushed, "conflict")
    assert "changed too" in line and "memdir pull" in line, line
    assert _on_server(pg_url, project, tmp_path) == "Use pnpm 8 install."  # not written over
    pulled = via.pull("--apply")
    assert pulled.returncode == 3 and _lines(pulled, "conflict"), pulled.stdout + pulled.stderr
    assert "Use pnpm 9 install." in entry.read_text(encoding="utf-8")  # nothing lost
    # the way out the conflict names: keep mine, then push
    assert via.pull("--keep-mine", "--apply").returncode == 0
    again = via.push("--apply")
    assert again.returncode == 0 and _lines(again, "update"), again.stdout + again.stderr
    assert _on_server(pg_url, project, tmp_path) == "Use pnpm 9 install."


def test_untouched_after_push_is_same_both_ways(
    via: Via, cli: Callable[..., Any], home: Path
) -> None:
    # (b) nothing edited: push says same, pull changes nothing
    _add(cli)
    assert via.push("--apply").returncode == 0
    entry = _entry(home)
    before = entry.read_bytes()
    again = via.push("--apply")
    assert again.returncode == 0 and "Pushed to the team server: 1 same" in again.stdout
    pulled = via.pull("--apply")
    assert pulled.returncode == 0 and "Pulled from the team server: 1 same" in pulled.stdout
    assert entry.read_bytes() == before


def test_a_dry_run_push_writes_no_ledger(
    via: Via, cli: Callable[..., Any], pg_url: str, project: Path, home: Path, tmp_path: Path
) -> None:
    # (c) a dry run writes nothing, the ledger included; an applied push records it
    _add(cli)
    ledger = home / "pulled.json"
    assert via.push().returncode == 0 and not ledger.exists()
    assert via.push("--apply").returncode == 0 and ledger.exists()
    recorded = ledger.read_bytes()
    _hand_edit(_entry(home), "Use pnpm 9 install.")
    dry = via.push()
    assert dry.returncode == 0 and _lines(dry, "update"), dry.stdout  # what an apply sends
    assert "Dry run: nothing written" in dry.stdout
    assert ledger.read_bytes() == recorded
    assert _on_server(pg_url, project, tmp_path) == "Use pnpm install."


def _older_src(tmp_path: Path) -> Path:
    from test_team_rvteam50 import _main_src

    return _main_src(tmp_path)


def test_a_pushed_ledger_reads_both_ways_with_d1c07a88(
    cli: Callable[..., Any], pg_url: str, project: Path, home: Path, tmp_path: Path
) -> None:
    # the same pulled.json, new records in it: d1c07a88's pull reads what this push
    # recorded (a hand edit is its conflict), and this push reads what that pull recorded
    from conftest import team_env

    team_env(pg_url, project)
    team = {"MEMDIR_USER": "alice"}
    older = {**team, "PYTHONPATH": str(_older_src(tmp_path)), "PYTHONDONTWRITEBYTECODE": "1"}
    _add(cli)
    assert cli("push", "--database", pg_url, "--apply", extra_env=team).returncode == 0
    entry = _entry(home)
    _hand_edit(entry, "Use pnpm 9 install.")
    old_pull = cli("pull", "--database", pg_url, "--apply", extra_env=older)
    assert old_pull.returncode in (0, 3) and _lines(old_pull, "conflict"), old_pull.stdout
    assert "Use pnpm 9 install." in entry.read_text(encoding="utf-8")
    # the other way: the older pull records the server's copy, this push sends a hand edit
    entry.write_text(
        entry.read_text(encoding="utf-8").replace("Use pnpm 9 install.", "Use pnpm install."),
        encoding="utf-8",
    )
    assert cli("pull", "--database", pg_url, "--apply", extra_env=older).returncode == 0
    _hand_edit(entry, "Use pnpm 10 install.")
    pushed = cli("push", "--database", pg_url, "--apply", extra_env=team)
    assert pushed.returncode == 0 and _lines(pushed, "update"), pushed.stdout + pushed.stderr
    assert _on_server(pg_url, project, tmp_path) == "Use pnpm 10 install."


def _older(env: dict[str, str], *args: str) -> str:
    """What ``python ARGS`` printed with d1c07a88's code (``env`` runs that code)."""
    done = subprocess.run([sys.executable, *args], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout.strip()


def _on_older_server(env: dict[str, str], url: str, project: Path, tmp_path: Path) -> str:
    """:func:`_on_server` read by d1c07a88 (today's code would add its newer schema
    steps to the database, which the older server then refuses)."""
    read = (
        "import sys, memdir; t = memdir.open(sys.argv[1], sys.argv[2], database_url="
        "sys.argv[3], user='alice'); print(t.store('local').get('Use pnpm').body); t.close()"
    )
    return _older(env, "-c", read, str(tmp_path / "elsewhere"), str(project), url)


def test_a_server_before_the_sync_base_keeps_the_edit_for_pull(
    cli: Callable[..., Any], project: Path, home: Path, tmp_path: Path
) -> None:
    # a team server of d1c07a88 refuses an entry's `base` field: the push sends the batch
    # again without it (a note says so), the server keeps its copy, the push and the pull
    # report the hand edit as a conflict (exit 3): nothing lost; keep-mine then push sends it.
    # The database is d1c07a88's own: this memdir's schema steps are newer, which it refuses.
    from conftest import TEAM_PROJECT, pg_schema, team_clone

    env = {
        **os.environ,
        "MEMDIR_HOME": str(tmp_path / "server-home"),
        "MEMDIR_MANAGED_DIR": str(tmp_path / "m"),
        "PYTHONPATH": str(_older_src(tmp_path)),
        "PYTHONDONTWRITEBYTECODE": "1",
    }
    for name in ("MEMDIR_DATABASE_URL", "MEMDIR_USER", "MEMDIR_TOKEN", "MEMDIR_SERVER"):
        env.pop(name, None)
    with pg_schema() as pg_url:
        users = ("-m", "memdir", "serve", "--database", pg_url, "users")
        token = _older(env, *users, "add", "alice")
        _older(env, *users, "grant", "alice", TEAM_PROJECT)
        team_clone(project)  # and no user added by today's code
        _add(cli)
        with _serving(env, tmp_path, "--database", pg_url) as (url, _):
            team = {"MEMDIR_SERVER": url, "MEMDIR_TOKEN": token}
            assert cli("push", "--apply", extra_env=team).returncode == 0
            entry = _entry(home)
            _hand_edit(entry, "Use pnpm 9 install.")
            pushed = cli("push", "--apply", extra_env=team)
            # not sent: a conflict, exit 3, with the way to send it
            assert pushed.returncode == 3 and _lines(pushed, "conflict"), pushed.stdout
            assert "older than this memdir client" in pushed.stdout, pushed.stdout
            assert "--keep-mine" in pushed.stdout, pushed.stdout
            on_server = _on_older_server(env, pg_url, project, tmp_path)
            assert on_server == "Use pnpm install."  # not sent
            pulled = cli("pull", "--apply", extra_env=team)
            assert pulled.returncode == 3 and _lines(pulled, "conflict"), pulled.stdout
            assert "Use pnpm 9 install." in entry.read_text(encoding="utf-8")
            # the way it says: keep-mine, then push (the older server: newest wins)
            assert cli("pull", "--keep-mine", "--apply", extra_env=team).returncode == 0
            sent = cli("push", "--apply", extra_env=team)
            assert sent.returncode == 0 and _lines(sent, "update"), sent.stdout + sent.stderr
        assert _on_older_server(env, pg_url, project, tmp_path) == "Use pnpm 9 install."


# --- item 2: X-Memdir-Project names a folder whose path is not ASCII ---------------------


def _tool_call(url: str, token: str, project: bytes, name: str = "release day") -> dict[str, Any]:
    """The `memory` tool's answer to an add, the header X-Memdir-Project being
    ``project``'s bytes as sent; a protocol error as ``{"error": message}``."""
    headers: dict[str, Any] = {"Authorization": f"Bearer {token}", "X-Memdir-Project": project}

    async def main() -> dict[str, Any]:
        http = create_mcp_http_client(headers=headers)
        async with Client(streamable_http_client(url, http_client=http)) as c:
            try:
                result = await c.call_tool(
                    "memory",
                    {
                        "action": "add",
                        "type": "project",
                        "name": name,
                        "description": f"{name}: releases on Thursdays",
                        "body": f"{name}: we release on Thursdays.",
                    },
                )
            except MCPError as exc:
                return {"error": str(exc)}
            if result.is_error:
                return {"error": result.content[0].text}  # type: ignore[union-attr]
            return dict(json.loads(result.content[0].text))  # type: ignore[union-attr]

    return anyio.run(main)


@pytest.fixture(scope="module")
def non_ascii_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str, Path]]:
    """One `memdir serve` for the module's header tests (each adds entries of names of its
    own): MCP URL, token, a checkout with a non-ASCII name; the server's home is
    :func:`non_ascii_home`."""
    tmp = tmp_path_factory.mktemp("non-ascii")
    checkout = tmp / "src" / "my app ü"
    checkout.mkdir(parents=True)
    env = {**os.environ, "MEMDIR_HOME": str(tmp / "home"), "MEMDIR_MANAGED_DIR": str(tmp / "m")}
    with _serving(env, tmp) as (url, token):
        yield url, token, checkout


def non_ascii_home(server: tuple[str, str, Path]) -> Path:
    return server[2].parent.parent / "home"


def _added_in(home: Path, checkout: Path, name: str = "release day") -> bool:
    md = memdir.open(home, checkout, database_url="")
    try:
        return any(e.name == name for e in md.store("local").list())
    finally:
        md.close()


def test_project_header_names_a_non_ascii_folder(non_ascii_server: tuple[str, str, Path]) -> None:
    # README: for a harness that sends no roots, add `--header "X-Memdir-Project: $(pwd)"`;
    # the shell, curl and Codex send the path's UTF-8 bytes
    url, token, checkout = non_ascii_server
    home = non_ascii_home(non_ascii_server)
    answer = _tool_call(url, token, str(checkout).encode("utf-8"))
    assert answer.get("success"), answer  # before: the folder's name read as Latin-1
    assert _added_in(home, checkout)


def test_project_header_percent_encoded_and_latin_1(
    non_ascii_server: tuple[str, str, Path],
) -> None:
    # percent-encoded (the README's way for a client that cannot send the path's UTF-8:
    # Node's fetch, so Claude Code, refuses a header character past U+00FF) ...
    url, token, checkout = non_ascii_server
    home = non_ascii_home(non_ascii_server)
    answer = _tool_call(url, token, quote(str(checkout)).encode("ascii"), "percent")
    assert answer.get("success"), answer
    assert _added_in(home, checkout, "percent")
    # ... and as Node's fetch sends a character up to U+00FF: one Latin-1 byte (not UTF-8)
    answer = _tool_call(url, token, str(checkout).encode("latin-1"), "latin")
    assert answer.get("success"), answer
    assert _added_in(home, checkout, "latin")


def test_project_header_that_is_not_utf_8_is_a_clear_error(
    non_ascii_server: tuple[str, str, Path],
) -> None:
    # bytes that are neither UTF-8 nor a folder's name: one clear error naming the header
    url, token, checkout = non_ascii_server
    answer = _tool_call(url, token, str(checkout).encode("utf-8") + b"/\xff\xfe")
    error = str(answer.get("error") or answer)
    assert "X-Memdir-Project" in error and "UTF-8" in error, answer
    assert "Traceback" not in error


# --- item 11: push/pull without a team name --server too ----------------------------------


def test_push_without_server_names_server(cli: Callable[..., Any]) -> None:
    # README: a user gets a token and the server's address, "not the URL"; forgetting
    # --server must point them at --server, not at the database they should never hold
    for command in ("push", "pull"):
        proc = cli(command, extra_env={"MEMDIR_TOKEN": "mdt_0123456789abcdef_x"})
        assert proc.returncode == 2, proc.stderr
        for way in ("--server", "MEMDIR_SERVER", "--database", "MEMDIR_TOKEN is set"):
            assert way in proc.stderr, (command, proc.stderr)
        bare = cli(command)
        assert "--server" in bare.stderr and "--database" in bare.stderr, bare.stderr
        assert "MEMDIR_TOKEN is set" not in bare.stderr
        shown = cli(command, "--help")
        assert "--server" in shown.stdout and "--database" in shown.stdout


def test_a_pushed_base_is_checked() -> None:
    # the server takes a base that is a SHA-256 in hex, on a push's entry only
    from memdir.core.errors import ValidationError
    from memdir.pg.wire import parse_push, parse_scopes

    item = {
        "id": "user_note",
        "type": "user",
        "name": "Note",
        "description": "d",
        "body": "One.",
        "updated": "2026-12-01T10:00:00+00:00",
    }
    good = "ab" * 32
    push = parse_push({"apply": False, "scopes": {"user": [{**item, "base": good}]}})
    assert push.bases == {"user": {"user_note": good}}
    assert parse_push({"apply": False, "scopes": {"user": [item]}}).bases == {}
    for bad in ("AB" * 32, "ab" * 31, 7, None):
        with pytest.raises(ValidationError, match=r"scopes\.user\[0\]\.base must be a SHA-256"):
            parse_push({"apply": False, "scopes": {"user": [{**item, "base": bad}]}})
    with pytest.raises(ValidationError, match="unknown field 'base'"):  # a pull's answer
        parse_scopes({"user": [{**item, "base": good}]}, limit=None)
