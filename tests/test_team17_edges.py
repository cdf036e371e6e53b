"""Issue 17 as a first-time team admin and their teammates meet it: the README's commands
and their hard edges through the real CLI (subprocesses), a real `memdir serve
--database` on loopback and PostgreSQL. Each test pins a defect a person saw: what they
saw is in its docstring."""

from __future__ import annotations

import json
import os
import re
import select
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from memdir.pg.db import PgDatabase
from test_team_server import SHARED, Team, run_cli
from test_team_server import one_server as one_server
from test_team_server import one_site as one_site

pytestmark = pytest.mark.slow


@pytest.fixture
def team(pg_url: str, tmp_path: Path) -> Team:
    t = Team(pg_url, tmp_path)
    t.tokens["alice"] = t.admin("add", "alice").stdout.strip()
    t.admin("grant", "alice", SHARED)
    return t


def _laptop(team: Team, home: Path, one_site: str | None = None) -> dict[str, str]:
    """A teammate's laptop: its own home; the server's address and alice's token, or
    (``server`` None) the database URL as alice."""
    env = {**team.env, "MEMDIR_HOME": str(home)}
    if one_site is None:
        env.update(MEMDIR_DATABASE_URL=team.url, MEMDIR_USER="alice")
    else:
        env.update(MEMDIR_SERVER=one_site, MEMDIR_TOKEN=team.tokens["alice"])
        for key in ("MEMDIR_DATABASE_URL", "MEMDIR_USER"):
            env.pop(key, None)
    return env


def _hand_written(home: Path, count: int, *, tail: str = "") -> None:
    """``count`` entries written by hand into the user scope of ``home`` (as a person
    or another tool leaves them: memdir reads and commits them on opening)."""
    folder = home / "user"
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(count):
        (folder / f"reference_fact-{i:04d}.md").write_text(
            f"---\nname: fact {i:04d}\ndescription: fact number {i} about the build\n"
            f"type: reference\ncreated: 2026-12-01T10:00:00Z\nupdated: 2026-12-01T10:00:00Z\n"
            f"source: user\npinned: false\n---\nThe build step {i} runs on runner r{i % 17}."
            f"{tail}\n"
        )


def _json(proc: subprocess.CompletedProcess[str]) -> Any:
    return json.loads(proc.stdout)


def _user_files(url: str, user: str) -> list[str]:
    with PgDatabase(url).transaction() as conn:
        rows = conn.execute(
            "SELECT name FROM memdir_files WHERE scope = %s ORDER BY name", (f"user:{user}",)
        ).fetchall()
    return [str(r[0]) for r in rows]


def test_a_pull_through_the_server_of_more_than_500_entries_works(
    team: Team, one_site: str, tmp_path: Path
) -> None:
    """Before: `memdir pull --server` of a user with more than 500 entries failed
    ("the team server's answer is not a list of entries: scopes hold 520 entries; a
    request takes at most 500"): the cap of a push request was applied to the pull's
    answer, so a pull never worked again once a push had sent that many."""
    laptop = tmp_path / "laptop"
    _hand_written(laptop, 520)
    pushed = _json(
        run_cli(_laptop(team, laptop, one_site), team.shared, "push", "--apply", "--json")
    )
    assert pushed["counts"] == {"add": 520}
    other = _laptop(team, tmp_path / "other", one_site)
    pulled = _json(run_cli(other, team.shared, "pull", "--apply", "--json"))
    assert pulled["counts"] == {"add": 520}
    again = _json(run_cli(other, team.shared, "pull", "--json"))
    assert again["counts"] == {"same": 520}


def test_pushing_unchanged_entries_again_says_same_not_kept(team: Team, tmp_path: Path) -> None:
    """Before: a hand-written entry whose body ended in spaces was stored without them
    (the write path strips a body's end), so every later push of the same unchanged home
    reported it `kept — the copy on the team server is newer` instead of `same`, and a
    pull replaced the local file with the server's copy."""
    laptop = tmp_path / "laptop"
    _hand_written(laptop, 3, tail="   \n\n")
    env = _laptop(team, laptop)
    assert _json(run_cli(env, team.shared, "push", "--apply", "--json"))["counts"] == {"add": 3}
    assert _json(run_cli(env, team.shared, "push", "--apply", "--json"))["counts"] == {"same": 3}
    assert _json(run_cli(env, team.shared, "pull", "--json"))["counts"] == {"same": 3}


# A password in the database URL, in every form libpq takes it (percent-encoded or not,
# in the query), and the pieces a mistyped one would show: never printed. Port 1 on
# loopback refuses the connection at once; no PostgreSQL is needed.
PASSWORD_URLS = [
    ("postgresql://memdir:hunter2?x@127.0.0.1:1/memdir", ["hunter2?x"]),
    ("postgresql://memdir:hunter3#x@127.0.0.1:1/memdir", ["hunter3#x"]),
    ("postgresql://127.0.0.1:1/memdir?password=hunter4", ["hunter4"]),
    ("postgresql://memdir:hun@ter5@127.0.0.1:1/memdir", ["hun@ter5", "ter5"]),
    ("postgresql://memdir:hun/ter6@127.0.0.1:1/memdir", ["hun/ter6", "ter6"]),
    ("postgresql://memdir:hun%zzter7@127.0.0.1:1/memdir", ["hun%zzter7", "zzter7"]),
    ("postgresql://memdir:hunter8@[::1:1/memdir", ["hunter8"]),
]


@pytest.mark.parametrize(("url", "secrets"), PASSWORD_URLS)
def test_a_password_in_the_database_url_is_never_printed(
    url: str, secrets: list[str], tmp_path: Path
) -> None:
    """Before: `memdir serve --database URL users ls` printed the password of a URL that
    does not connect when it held '?' or '#' (`Could not connect on
    postgresql://memdir:hunter2?x@…`), when it came as `?password=`, or when a libpq
    parse error quoted the URL; with an unencoded '@' or '/', part of it showed as the
    host or port libpq took it for ("failed to resolve host 'ter5'")."""
    env = {**os.environ, "MEMDIR_HOME": str(tmp_path / "home"), "NO_COLOR": "1"}
    env.pop("MEMDIR_DATABASE_URL", None)
    for args in (
        ["serve", "--database", url, "users", "ls"],
        ["-C", str(tmp_path), "push", "--database", url],
    ):
        proc = subprocess.run(
            [sys.executable, "-m", "memdir", *args],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        said = proc.stdout + proc.stderr
        assert proc.returncode != 0 and "Traceback" not in said, said
        assert len(proc.stderr.strip().splitlines()) == 1, said  # one line
        for secret in secrets:
            assert secret not in said, said
        if "@ter5" in url or "/ter6" in url:
            assert "percent-encode" in said, said


def test_users_commands_take_database_after_the_command_too(team: Team) -> None:
    """Before: `memdir serve users ls --database URL`, where a person puts it, was
    "No such option '--database'", and `users ls` without it answered "name the team
    database: --database postgresql://…", which they then added there, to the same
    error; --database was only taken before `users`."""
    env = {k: v for k, v in team.env.items() if k != "MEMDIR_DATABASE_URL"}
    listed = run_cli(env, None, "serve", "users", "ls", "--json", "--database", team.url)
    assert [u["name"] for u in json.loads(listed.stdout)] == ["alice"]
    added = run_cli(env, None, "serve", "users", "add", "bob", "--database", team.url)
    assert added.stdout.startswith("mdt_")
    run_cli(env, None, "serve", "users", "grant", "bob", SHARED, "--database", team.url)
    run_cli(env, None, "serve", "users", "revoke", "bob", "--database", team.url)
    found = {u["name"]: u for u in _json(team.admin("ls", "--json"))}
    assert found["bob"]["tokens"] == 0 and found["bob"]["projects"] == [
        "git.example.test/acme/shared"
    ]


def test_adding_a_user_who_exists_says_so(team: Team) -> None:
    """Before: `users add alice` for an alice who existed printed the same "Token for
    alice (shown once; keep it secret)." as for a new user: an admin adding a second
    person of that name could not tell they had given the first one's memory away."""
    again = team.admin("add", "Alice")
    assert again.stdout.startswith("mdt_")
    assert "exists already" in again.stderr and "revoke" in again.stderr, again.stderr
    assert "exists already" not in team.admin("add", "carol").stderr
    found = {u["name"]: u for u in _json(team.admin("ls", "--json"))}
    assert found["alice"]["tokens"] == 2  # the first token stays live, as the line says


def test_a_database_push_as_a_user_nobody_added_is_refused(team: Team, tmp_path: Path) -> None:
    """Before: `memdir push --database URL --apply` without MEMDIR_USER pushed as the
    login name (here root), a user `users ls` does not list and no token can read:
    "Pushed to the team server: 3 add." and the memories reached nobody; a pull as that
    name "pulled nothing"."""
    laptop = tmp_path / "laptop"
    _hand_written(laptop, 3)
    env = {**_laptop(team, laptop), "MEMDIR_USER": ""}
    env.pop("MEMDIR_USER")
    for command in ("push", "pull"):
        proc = run_cli(env, team.shared, command, "--apply", ok=False)
        assert "MEMDIR_USER" in proc.stderr and "users ls" in proc.stderr, proc.stderr
        assert len(proc.stderr.strip().splitlines()) == 1
    with PgDatabase(team.url).transaction() as conn:
        assert conn.execute("SELECT count(*) FROM memdir_files").fetchone() == (0,)
    named = _json(run_cli({**env, "MEMDIR_USER": "alice"}, team.shared, "push", "--json"))
    assert named["counts"] == {"add": 3}


def test_a_team_server_asked_without_a_token_names_the_team_command(
    team: Team, one_site: str
) -> None:
    """Before: a request without a token to a team server was told to use "the token
    `memdir serve --print-token` prints on the server's machine", which a team server
    refuses ("a team server has one token per user")."""
    for path, body in (("/mcp", b"{}"), ("/api/entries", None)):
        request = urllib.request.Request(
            one_site + path, body, {"Content-Type": "application/json"}
        )
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=60)
        assert refused.value.code == 403
        message = json.loads(refused.value.read())["error"]["message"]
        assert "--print-token" not in message and "users add" in message, message


def test_a_database_from_a_newer_memdir_says_to_upgrade_not_that_it_refused(
    team: Team,
) -> None:
    """Before: "Could not open the memory schema on …: it was written by a newer memdir
    (unknown steps: 0999-from-the-future); upgrade memdir. The server was reached and
    refused the statement." — the server refused nothing, memdir did, and which memdir
    to upgrade to was left to guess."""
    with PgDatabase(team.url).transaction() as conn:
        conn.execute(
            "INSERT INTO pg_migrations (component, name, applied_at) "
            "VALUES ('memory', '0999-from-the-future', 0)"
        )
    proc = team.admin("ls", ok=False)
    said = proc.stderr
    assert "0999-from-the-future" in said and "Upgrade memdir here (this is memdir " in said
    assert "refused the statement" not in said and len(said.strip().splitlines()) == 1


def _push_on_a_terminal(
    env: dict[str, str], cwd: Path, *args: str
) -> tuple[subprocess.Popen[bytes], int]:
    """``memdir push`` with a terminal as its stderr (a person's), Ctrl-C as a terminal
    sends it; and the terminal's side to read."""
    import pty

    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "memdir", "-C", str(cwd), "push", *args],
        env={**env, "TERM": "xterm", "COLUMNS": "120"},
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=slave,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    os.close(slave)
    return proc, master


def _read(master: int, proc: subprocess.Popen[bytes], until: re.Pattern[str]) -> str:
    """What the terminal showed, until ``until`` matches it or the process ends."""
    seen = b""
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # the process closed its side
                break
            if not chunk:
                break
            seen += chunk
            if until.search(seen.decode(errors="replace")):
                break
        elif proc.poll() is not None:
            break
    return seen.decode(errors="replace")


def test_a_long_push_shows_progress_and_ctrl_c_says_what_it_wrote(
    team: Team, tmp_path: Path
) -> None:
    """Before: `memdir push --apply` of 1,500 entries showed nothing until it ended, and
    Ctrl-C printed "Aborted!" and nothing else, with hundreds of entries already written
    and no word of whether a re-run was safe."""
    laptop = tmp_path / "laptop"
    _hand_written(laptop, 1500)
    env = _laptop(team, laptop)
    run_cli(env, team.shared, "ls")  # the hand-written files read and committed
    proc, master = _push_on_a_terminal(env, team.shared, "--apply")
    try:
        shown = _read(master, proc, re.compile(r"Writing[^\r\n]*?\b[1-9]\d*/1500"))
        assert re.search(r"Writing[^\r\n]*?\b[1-9]\d*/1500", shown), shown[-2000:]
        proc.send_signal(signal.SIGINT)
        rest = _read(master, proc, re.compile(r"nothing is written twice"))
        proc.wait(timeout=120)
    finally:
        proc.kill()
        os.close(master)
    said = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", rest)
    assert proc.returncode == 1 and "Traceback" not in said, said
    found = re.search(r"Interrupted: at least ([\d,]+) of 1,500 entries were written", said)
    assert found, said
    stored = [n for n in _user_files(team.url, "alice") if n != "MEMORY.md"]
    assert int(found.group(1).replace(",", "")) <= len(stored) < 1500
    again = _json(run_cli(env, team.shared, "push", "--apply", "--json"))
    assert again["counts"] == {"same": len(stored), "add": 1500 - len(stored)}
    names = _user_files(team.url, "alice")
    assert len(names) == len(set(names)) == 1501


def test_push_and_pull_take_dry_run_as_other_commands_do(team: Team, tmp_path: Path) -> None:
    """Before: `memdir push --dry-run`, as `memdir install` and `memdir maintain` take
    it, was "No such option '--dry-run'" (the dry run is the default, unnamed)."""
    laptop = tmp_path / "laptop"
    _hand_written(laptop, 2)
    env = _laptop(team, laptop)
    for command in ("push", "pull"):
        run_cli(env, team.shared, command, "--dry-run")
        both = run_cli(env, team.shared, command, "--dry-run", "--apply", ok=False)
        assert "not both" in both.stderr
    dry = _json(run_cli(env, team.shared, "push", "--dry-run", "--json"))
    assert dry == {**dry, "applied": False, "counts": {"add": 2}}
    assert _user_files(team.url, "alice") == []


def test_a_push_whose_database_connection_dies_says_what_it_wrote(
    team: Team, tmp_path: Path
) -> None:
    """Before: a `push --database --apply` whose connection died half-way (the server
    restarted, an admin ended it) said only "Could not write to the user scope on …:
    terminating connection due to administrator command", not that hundreds of entries
    were written already and that a re-run finishes the rest."""
    import psycopg

    from test_team_server import _kill, _now

    base = os.environ["MEMDIR_TEST_DATABASE_URL"]
    laptop = tmp_path / "laptop"
    _hand_written(laptop, 1500)
    env = _laptop(team, laptop)
    run_cli(env, team.shared, "ls")
    started = _now(base)
    proc, master = _push_on_a_terminal(env, team.shared, "--apply")
    try:
        progress = re.compile(r"Writing[^\r\n]*?\b[1-9]\d*/1500")
        assert progress.search(_read(master, proc, progress))
        with psycopg.connect(team.url) as hold:  # the next write waits on this lock
            hold.execute("LOCK TABLE memdir_files IN ACCESS EXCLUSIVE MODE")
            for _ in range(1200):  # up to a minute of polls: the push's write waits
                if _kill(base, started, " AND wait_event_type = 'Lock'"):
                    break
                assert proc.poll() is None, "the push ended before its write waited"
                time.sleep(0.05)
            else:
                pytest.fail("the push's write never waited on the held lock")
        rest = _read(master, proc, re.compile(r"nothing is written twice"))
        proc.wait(timeout=120)
    finally:
        proc.kill()
        os.close(master)
    said = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", rest)
    assert proc.returncode == 1 and "Traceback" not in said, said
    assert "Could not write to the user scope" in said, said
    found = re.search(r"at least ([\d,]+) of 1,500 entries were written to the team", said)
    assert found, said
    stored = [n for n in _user_files(team.url, "alice") if n != "MEMORY.md"]
    assert 0 < int(found.group(1).replace(",", "")) <= len(stored) < 1500
    again = _json(run_cli(env, team.shared, "push", "--apply", "--json"))
    assert again["counts"] == {"same": len(stored), "add": 1500 - len(stored)}


def test_a_revoked_token_on_the_cli_and_the_servers_banner_read_for_people(
    team: Team, tmp_path: Path
) -> None:
    """Before: `memdir push --server` with a revoked token ended "…ask an admin for a new
    one. Send the header 'Authorization: Bearer <token>'." (advice for an MCP client's
    configuration, not for the CLI's user), and `memdir serve --database` announced
    itself with a Python repr, "(PgDatabase('postgresql://…'), 16 threads)"."""
    scheme, _, rest = team.url.partition("://")
    user, at, place = rest.partition("@")
    assert at and ":" not in user, team.url  # the test cluster's URL names a user, no password
    team.url = f"{scheme}://{user}:banner-s3cret@{place}"  # trust login: libpq never sends it
    proc, url = team.serve()
    try:
        env = _laptop(team, tmp_path / "laptop", url.removesuffix("/mcp"))
        team.admin("revoke", "alice")
        refused = run_cli(env, team.shared, "push", ok=False)
        assert "revoked" in refused.stderr and "Send the header" not in refused.stderr
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=30)
    banner = err.decode().splitlines()[0]
    assert "PgDatabase(" not in banner and "banner-s3cret" not in err.decode(), banner
    assert f"(database {scheme}://{user}:***@{place}, 16 threads)" in banner, banner


def test_a_database_outage_shows_no_database_names_before_sign_in(tmp_path: Path) -> None:
    """Before: while the team database was unreachable, anyone sending a well-formed
    token (or the sign-in form) was answered with the database's host, port, user and
    name ("Could not check a token on postgresql://memdir:***@db-host:5432/memdir: …"),
    and the sign-in page said "That token does not sign in here" (403), as if the token
    were wrong. Now: a 503 saying the database cannot be reached, the detail in the
    server's log."""
    import secrets
    from urllib.parse import urlsplit

    import psycopg

    base = os.environ.get("MEMDIR_TEST_DATABASE_URL")
    if not base:
        pytest.skip("MEMDIR_TEST_DATABASE_URL is not set: no PostgreSQL server to test against")
    name = f"memdir_gone_{secrets.token_hex(4)}"
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    url = urlsplit(base)._replace(path=f"/{name}").geturl()
    try:
        team = Team(url, tmp_path)
        token = team.admin("add", "alice").stdout.strip()
        proc, one_site = team.serve()
        with psycopg.connect(base, autocommit=True) as conn:  # the database goes away
            conn.execute(f"DROP DATABASE {name} WITH (FORCE)")
        answers = []
        for path, body, kind in (
            ("/mcp", b"{}", "application/json"),
            ("/signin", f"token={token}&next=/".encode(), "application/x-www-form-urlencoded"),
        ):
            request = urllib.request.Request(
                one_site.removesuffix("/mcp") + path,
                body,
                {"Authorization": f"Bearer {token}", "Content-Type": kind},
            )
            with pytest.raises(urllib.error.HTTPError) as failed:
                urllib.request.urlopen(request, timeout=120)
            answers.append((failed.value.code, failed.value.read().decode()))
        proc.terminate()
        _, err = proc.communicate(timeout=30)
    finally:
        with psycopg.connect(base, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
    host = f"{urlsplit(url).hostname}:{urlsplit(url).port}"
    for code, said in answers:
        assert code == 503, said
        assert "cannot be reached" in said and host not in said and name not in said, said
        assert "does not sign in here" not in said
    assert name in err.decode() and "Traceback" not in err.decode()  # the server's log
