"""Review rvall22 of 1e34677a..4e97d048 (team17's mends, round 48, the CI profile, set 23).
Each test pins a finding and fails on main; minor ones are strict xfails."""

from __future__ import annotations

from pathlib import Path

import pytest

import memdir
from memdir.core.errors import MemdirError
from memdir.pg.db import PgDatabase, check_url, redact

REFUSED_PORT = "127.0.0.1:1"  # nothing listens: libpq's "Connection refused" at once


def _said(url: str) -> str:
    """What memdir says when ``url`` does not connect (check_url, then a real connect)."""
    from memdir.pg.schema import MEMORY

    try:
        PgDatabase(check_url(url)).ensure(MEMORY)
    except MemdirError as exc:
        return str(exc)
    raise AssertionError(f"{url} connected")


# --- 1. passwords ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("password", "intact"),
    [
        ("server", "connection to server at"),  # the password blanked out of libpq's words
        ("127.0.0.1", 'at "127.0.0.1", port 1'),  # a password equal to the host hides the host
        ("refused", "Connection refused"),
        ("e", "Connection refused"),  # a one-letter password: every "e" blanked
    ],
)
def test_scrub_does_not_blank_the_passwords_word_out_of_the_message(
    password: str, intact: str
) -> None:
    # medium: scrub replaces every occurrence of the password in libpq's words, so the
    # message is mangled and the blanked word tells any reader what the password is
    said = _said(f"postgresql://u:{password}@{REFUSED_PORT}/db")
    assert intact in said, said


@pytest.mark.parametrize(
    "url",
    [
        f"postgresql://u@{REFUSED_PORT}/db?sslpassword=s3cret-key-pass",  # libpq's key passphrase
        f"postgresql://u@{REFUSED_PORT}/db?%70assword=s3cret-key-pass",  # libpq decodes the key
    ],
)
def test_every_password_parameter_is_redacted(url: str) -> None:
    # medium: redact knows only '?password=' (case-insensitive): sslpassword, and a
    # percent-encoded 'password' key libpq decodes, reach the error (and the serve banner)
    assert "s3cret" not in redact(url)
    try:
        said = _said(url)
    except MemdirError as exc:  # check_url may refuse it: then its words count
        said = str(exc)
    assert "s3cret" not in said, said


def test_a_password_parameter_with_an_ampersand_is_not_shown() -> None:
    # minor: '?password=se&cret' is refused by libpq, and the refusal quotes 'cret'
    with pytest.raises(MemdirError) as refused:
        check_url(f"postgresql://u@{REFUSED_PORT}/db?password=se&cret")
    assert "cret" not in str(refused.value), str(refused.value)


@pytest.mark.parametrize(
    "url",
    [
        "postgresql://u:pw@db.acme.internal:5432/app?application_name=me@laptop",
        "postgresql://db.acme.internal:5432/app?application_name=me@laptop",
    ],
)
def test_redact_keeps_the_host_when_the_query_holds_an_at(url: str) -> None:
    # minor: redact's greedy '.*@' runs to the query's '@': 'postgresql://u:***@laptop'
    # names a host that is not the one memdir could not reach
    assert "db.acme.internal:5432/app" in redact(url), redact(url)


def test_the_team_servers_token_advice_does_not_put_the_url_on_the_command_line() -> None:
    # minor: TEAM_NO_TOKEN (new in team17) says `memdir serve --database URL users add NAME`,
    # the form README's step 2 now warns `ps` shows; `memdir serve users add NAME` reads it
    from memdir.serve import TEAM_NO_TOKEN

    assert "--database URL" not in TEAM_NO_TOKEN, TEAM_NO_TOKEN
    assert "MEMDIR_DATABASE_URL" in TEAM_NO_TOKEN, TEAM_NO_TOKEN


# --- 2. push/pull's "at least N written" --------------------------------------------


def test_writing_progress_counts_only_entries_written(tmp_path: Path) -> None:
    # medium: transfer's ("Writing", n, total) counts every entry of a batch, refused
    # ones too, and _Tally turns n into "at least n entries were written ... they stay"
    from memdir.pg.transfer import entries_of, transfer

    laptop = memdir.open(tmp_path / "laptop", tmp_path, database_url="")
    for name, pinned in (("Short", True), ("Long", True), ("Loose", False)):
        body = f"{name} " * (40 if name == "Long" else 2)
        laptop.store("user").add(
            type="feedback", name=name, description="d", body=body, pinned=pinned
        )
    home = memdir.open(tmp_path / "home", tmp_path, database_url="")
    home.store("user").pinned_budget = 150
    told: list[tuple[str, int, int | None]] = []
    side, _ = entries_of(laptop)
    done = transfer(
        side, home, apply=True, progress=lambda s, n, t: told.append((s, n, t)), notes=[]
    )
    written = sum(m.action in ("add", "update") for m in done.moves)
    assert written == len(home.store("user").list()) == 2
    last = [n for s, n, _ in told if s == "Writing"][-1]
    assert last <= written, (told, done.counts())


# --- 3. round 48: 11 of a user's own backup/sync notes that round 48 refused and main
# (1e34677a) stored (6 of 60 fresh notes in 14 languages, then 5 of 11 at the shape found):
# mended by mend22g; they are tests/test_guard_mend48.py's RVALL22 (stored) and its atuin
# note (a strict xfail).


# --- 2 (team server, PostgreSQL) ----------------------------------------------------


@pytest.mark.slow
def test_sending_progress_counts_only_entries_written(pg_url: str, tmp_path: Path) -> None:
    # medium: push --server's ("Sending", n, total) counts the server's moves, 'same' and
    # 'kept' ones too; Ctrl-C then says "at least n entries were written" when none were
    from memdir.pg import remote
    from test_team_server import SHARED, Team

    team = Team(pg_url, tmp_path)
    token = team.admin("add", "alice").stdout.strip()
    team.admin("grant", "alice", SHARED)
    proc, url = team.serve()
    try:
        laptop = memdir.open(tmp_path / "laptop", team.shared, database_url="")
        for i in range(3):
            laptop.store("user").add(
                type="reference", name=f"fact {i}", description="d", body=f"Fact {i}."
            )
        server = remote.Server(url, token)
        remote.push(server, laptop, apply=True)
        told: list[tuple[str, int, int | None]] = []
        again = remote.push(
            server, laptop, apply=True, progress=lambda s, n, t: told.append((s, n, t))
        )
    finally:
        proc.terminate()
        proc.communicate(timeout=30)
    written = sum(m.action in ("add", "update") for m in again.moves)
    assert written == 0, again.counts()
    assert [n for s, n, _ in told if s == "Sending"][-1] <= written, told


@pytest.mark.slow
def test_a_rerun_does_what_the_half_written_error_promises(pg_url: str, tmp_path: Path) -> None:
    # medium: any MemdirError after a first write (here a name clash in the project scope,
    # after the user scope was written) is told "running the same command again writes the
    # rest"; the re-run meets the same clash and writes nothing more
    from test_team_server import SHARED, Team, run_cli

    team = Team(pg_url, tmp_path)
    team.admin("add", "alice")
    team.admin("grant", "alice", SHARED)
    there = memdir.open(tmp_path / "server", team.shared, database_url=pg_url, user="alice")
    there.store("project").add(type="feedback", name="Tabs", description="d", body="Hard tabs.")
    home = tmp_path / "laptop"
    laptop = memdir.open(home, team.shared, database_url="")
    laptop.store("user").add(type="reference", name="fact", description="d", body="A fact.")
    made = laptop.store("project").add(type="feedback", name="Zz", description="d", body="Tabs.")
    path = team.shared / ".memdir" / f"{made.id}.md"
    path.write_text(path.read_text().replace("name: Zz", "name: Tabs"))  # renamed by hand
    env = {**team.env, "MEMDIR_HOME": str(home), "MEMDIR_DATABASE_URL": pg_url}
    env["MEMDIR_USER"] = "alice"
    # Since push carries ids (ids61), the clash is no error half-way: the hand-renamed entry
    # is one conflict, told with what to do, the rest is written, and a re-run writes nothing
    # more and says the same (before: an error after the user scope was written).
    first = run_cli(env, team.shared, "push", "--apply", ok=False)
    assert first.returncode == 3, first.stdout + first.stderr
    assert "Traceback" not in first.stderr, first.stderr
    told = first.stdout + first.stderr
    assert "1 add, 1 conflict" in told and "rename one of them" in told, told
    again = run_cli(env, team.shared, "push", "--apply", ok=False)
    assert again.returncode == 3, again.stdout + again.stderr
    assert "add" not in (again.stdout + again.stderr).split("team server:")[-1], again.stdout
    project = there.store("project").list()
    assert [(e.id, e.body) for e in project] == [("feedback_tabs", "Hard tabs.")], project
