"""rv56m: an attacker's review of mend56 (a session records the checkout it was logged in).

A transcript's ``cwd`` names any folder; the git files read under it (``.git``, HEAD, refs,
packed-refs, config and what it includes, commondir) may be a FIFO or a device, and must
neither block nor be read without bound."""

from __future__ import annotations

import json
import os
import resource
import sqlite3
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from conftest import TEAM_PROJECT, team_env
from memdir.core.origins import remote_key
from test_mend56s import _logged_before_checkouts  # a row recording no checkout
from test_origins import REMOTE, git, make_repo
from test_recall_marks import steps_before

MEMORY = 1 << 31  # address space the import may use: /dev/zero read whole would not fit


def _transcript(sid: str, cwd: str, at: str | None = None) -> str:
    """A Claude Code transcript of one message, at ``at`` (default: now, so after every
    checkout made before it: an import records that checkout)."""
    if at is None:
        at = datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")
    rows = [
        {"type": "user", "uuid": f"{sid}-1", "parentUuid": None, "sessionId": sid, "cwd": cwd,
         "timestamp": at,
         "message": {"role": "user", "content": "Deploy billing to the kiwi cluster."}},
    ]  # fmt: skip
    return "".join(json.dumps(r) + "\n" for r in rows)


def _bounded() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def _hostile(base: Path) -> dict[str, tuple[Path, tuple[str | None, str | None]]]:
    """Checkouts whose git files are FIFOs, /dev/zero or loops: each session's cwd and the
    checkout it must record (what can be read of it; nothing blocks)."""
    made: dict[str, tuple[Path, tuple[str | None, str | None]]] = {}
    base.mkdir()

    def plain(name: str, dotgit: object) -> None:
        folder = base / name
        folder.mkdir()
        if dotgit == "fifo":
            os.mkfifo(folder / ".git")
        else:
            (folder / ".git").symlink_to(str(dotgit))
        made[name] = (folder, (None, None))

    plain("dotgit-fifo", "fifo")
    plain("dotgit-zero", "/dev/zero")
    plain("dotgit-loop", base / "dotgit-loop" / ".git")

    def repo(name: str, file: str, how: str, *, head: str | None = None) -> None:
        folder = make_repo(base / name)
        sha = git("rev-parse", "HEAD", cwd=folder).strip()
        target = folder / ".git" / file
        if head is not None:
            (folder / ".git" / "HEAD").write_text(f"ref: {head}\n")
        target.unlink(missing_ok=True)
        if how == "fifo":
            os.mkfifo(target)
        else:
            target.symlink_to("/dev/zero")
        remote = None if file == "config" else remote_key(REMOTE)
        made[name] = (folder, (remote, None if file != "config" else sha))

    for how in ("fifo", "zero"):
        repo(f"head-{how}", "HEAD", how)
        repo(f"config-{how}", "config", how)
        repo(f"ref-{how}", "refs/heads/gone", how, head="refs/heads/gone")
        repo(f"packed-{how}", "packed-refs", how, head="refs/heads/gone")
    included = make_repo(base / "include-fifo")
    sha = git("rev-parse", "HEAD", cwd=included).strip()
    made["include-fifo"] = (included, (remote_key(REMOTE), sha))  # the include skipped
    os.mkfifo(base / "included")
    with (included / ".git" / "config").open("a") as f:
        f.write(f"[include]\n\tpath = {base / 'included'}\n")

    for how in ("fifo", "zero"):
        folder = base / f"commondir-{how}"
        (folder / "gd").mkdir(parents=True)
        (folder / ".git").write_text(f"gitdir: {folder / 'gd'}\n")
        if how == "fifo":
            os.mkfifo(folder / "gd" / "commondir")
        else:
            (folder / "gd" / "commondir").symlink_to("/dev/zero")
        made[folder.name] = (folder, (None, None))
    loop = make_repo(base / "ref-loop")
    (loop / ".git" / "HEAD").write_text("ref: refs/heads/a\n")
    (loop / ".git" / "refs" / "heads" / "a").write_text("ref: refs/heads/b\n")
    (loop / ".git" / "refs" / "heads" / "b").write_text("ref: refs/heads/a\n")
    made["ref-loop"] = (loop, (remote_key(REMOTE), None))
    return made


def _import_search_only(tmp_path: Path, transcripts: Path) -> Path:
    """``memdir import-sessions claude-code --from transcripts --search-only`` in a fresh
    home, memory bounded (:func:`_bounded`): it must end cleanly. Returns the home."""
    home, project = tmp_path / "home", tmp_path / "project"
    project.mkdir()
    env = {**os.environ, "MEMDIR_HOME": str(home), "MEMDIR_BACKGROUND": "0", "NO_COLOR": "1"}
    env.pop("MEMDIR_DATABASE_URL", None)
    proc = subprocess.run(
        [sys.executable, "-m", "memdir", "-C", str(project), "import-sessions", "claude-code",
         "--from", str(transcripts), "--search-only"],
        capture_output=True, text=True, env=env, timeout=60, preexec_fn=_bounded,
    )  # fmt: skip
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stdout + proc.stderr
    return home


def test_import_sessions_never_blocks_on_a_cwds_fifo_or_device(tmp_path: Path) -> None:
    """`memdir import-sessions` of transcripts whose cwds are checkouts with a FIFO or
    /dev/zero as .git, HEAD, a ref, packed-refs, config, an included config or commondir
    (a ref loop, a .git symlink loop): the import ends, every session is imported, and
    each records what can be read of its checkout; memory stays bounded."""
    hostile = _hostile(tmp_path / "cwds")
    transcripts = tmp_path / "transcripts"
    transcripts.mkdir()
    for n, (folder, _) in enumerate(hostile.values()):
        (transcripts / f"s{n}.jsonl").write_text(_transcript(f"s{n}", str(folder)))
    home = _import_search_only(tmp_path, transcripts)
    with sqlite3.connect(home / "state.db") as db:
        rows = {
            r[0]: (r[1], r[2])
            for r in db.execute("SELECT id, checkout_remote, checkout_commit FROM sessions")
        }
    expected = {f"claude-code:s{n}": want for n, (_, want) in enumerate(hostile.values())}
    assert rows == expected, {name: rows.get(f"claude-code:s{n}") for n, name in enumerate(hostile)}


@pytest.mark.parametrize(
    "url",
    [
        "https://bob:ghp_SECRET@git.example.test/acme/app.git",
        "https://bob:pa@SECRET@git.example.test/acme/app.git",  # an @ git's curl takes
        "https://bob:pa/SECRET@git.example.test/acme/app.git",
        "https://git.example.test/acme/app.git?private_token=SECRET",
        "https://git.example.test/acme/app.git#SECRET",
        "ssh://bob:SECRET@git.example.test:22/acme/app.git",
        "bob:SECRET@git.example.test:acme/app.git",
    ],
)
def test_no_credential_of_the_remote_is_recorded(tmp_path: Path, url: str) -> None:
    """The remote a session records (on the team server, for its users' sessions) has no
    user name, password or token: in the userinfo (with an @ or / in it) or the query."""
    from memdir.sessions.db import Database
    from memdir.sessions.log import SessionStore

    app = make_repo(tmp_path / "app", remote=url)
    store = SessionStore(Database(tmp_path / "state.db"))
    store.start("a", session_id="s", cwd=str(app))
    row = store.db.read(
        lambda c: c.execute("SELECT checkout_remote FROM sessions WHERE id = 's'").fetchone()
    )
    assert row[0] == "git.example.test/acme/app" and "SECRET" not in row[0]


def test_a_branch_named_in_any_letters_records_its_commit(tmp_path: Path) -> None:
    """HEAD on a branch with a non-ASCII name (loose, then packed) names its commit; a
    symbolic ref leaving the refs folder names none."""
    from memdir.sessions.checkouts import checkout_of

    app = make_repo(tmp_path / "app")
    head = git("rev-parse", "HEAD", cwd=app).strip()
    git("checkout", "-qb", "функция/ü", cwd=app)
    assert checkout_of(str(app)) == (remote_key(REMOTE), head)
    git("pack-refs", "--all", cwd=app)
    assert checkout_of(str(app)) == (remote_key(REMOTE), head)
    (tmp_path / "outside").write_text(head + "\n")
    (app / ".git" / "HEAD").write_text("ref: refs/../../../outside\n")
    assert checkout_of(str(app)) == (remote_key(REMOTE), None)


# -- the team backend: users, import time, upgrades ------------------------------------------


def _memdir(env: dict[str, str], project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run(
        [sys.executable, "-m", "memdir", "-C", str(project), *args],
        capture_output=True, text=True, env=env, timeout=120,
    )  # fmt: skip
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stdout + proc.stderr
    return proc


def _user(tmp_path: Path, url: str, project: Path, user: str) -> dict[str, str]:
    env = {**os.environ, **team_env(url, project, user), "NO_COLOR": "1"}
    env.update(MEMDIR_HOME=str(tmp_path / f"home-{user}"), MEMDIR_BACKGROUND="0")
    env["MEMDIR_MANAGED_DIR"] = str(tmp_path / f"managed-{user}")
    return env


def _ids(env: dict[str, str], project: Path, *flags: str) -> dict[str, str | None]:
    rows = json.loads(_memdir(env, project, "sessions", "ls", "--json", *flags).stdout)
    return {row["id"]: row.get("scope") for row in rows}


def test_bob_importing_alices_checkout_never_makes_his_sessions_hers(
    tmp_path: Path, pg_url: str
) -> None:
    """Alice and bob on one team database, one checkout (a shared machine), one remote:
    bob imports a transcript logged in alice's checkout and runs maintain (the rekey); the
    session is his alone, alice's runs claim nothing of his, and hers stay hers."""
    project = make_repo(tmp_path / "app", remote=TEAM_PROJECT)
    alice = _user(tmp_path, pg_url, project, "alice")
    bob = _user(tmp_path, pg_url, project, "bob")
    rolls = tmp_path / "bob-transcripts"
    rolls.mkdir()
    (rolls / "bobs.jsonl").write_text(_transcript("bobs", str(project)))
    _memdir(bob, project, "import-sessions", "claude-code", "--from", str(rolls))
    _memdir(alice, project, "sessions", "search", "kiwi")
    for env in (bob, alice, bob):
        _memdir(env, project, "maintain")
    assert list(_ids(bob, project, "--this-project")) == ["claude-code:bobs"]
    assert _ids(alice, project) == {}
    assert "kiwi" not in _memdir(alice, project, "sessions", "search", "kiwi").stdout


def test_a_transcript_older_than_the_checkout_at_its_cwd_is_not_claimed(
    tmp_path: Path, pg_url: str
) -> None:
    """A Claude Code transcript logged at /app on 2026-12-01 (another repository, gone);
    the team's repository is cloned at /app later (its only commit newer than every
    message), then the transcripts are imported: the session cannot be this repository's
    and stays keyed by the path."""
    project = make_repo(tmp_path / "app", remote=TEAM_PROJECT)
    alice = _user(tmp_path, pg_url, project, "alice")
    rolls = tmp_path / "transcripts"
    rolls.mkdir()
    (rolls / "old.jsonl").write_text(_transcript("old", str(project), "2026-12-01T10:00:00Z"))
    _memdir(alice, project, "import-sessions", "claude-code", "--from", str(rolls))
    _memdir(alice, project, "maintain")
    assert _ids(alice, project, "--this-project") == {}


def test_sessions_from_before_the_checkout_columns_are_not_silently_stranded(
    tmp_path: Path, pg_url: str
) -> None:
    """A session logged in this checkout, keyed by its path, from before rows recorded
    their checkout: maintain names it as not learnt (or claims it)."""
    project = make_repo(tmp_path / "app", remote=TEAM_PROJECT)
    alice = _user(tmp_path, pg_url, project, "alice")
    sid = _logged_before_checkouts(
        tmp_path / "home-alice", project, database_url=pg_url, user="alice"
    )
    said = _memdir(alice, project, "maintain")
    listed = _ids(alice, project, "--this-project")
    assert sid in listed or sid in said.stdout + said.stderr, said.stdout + said.stderr


def _before_0016(path: Path) -> None:
    """A state.db as memdir wrote it before 0016_session_checkouts (WAL, one session)."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    steps_before(conn, "0016")
    conn.execute("INSERT INTO sessions (id, agent, cwd, started_at) VALUES ('old', 'a', '/x', 0)")
    conn.close()


def test_a_write_after_reading_past_a_busy_upgrade_upgrades_first(tmp_path: Path) -> None:
    """A state.db from before 0016 opened while another process (an older memdir's long
    import) holds the write lock is read as it is; once the lock is free, starting a
    session applies the step first, not 'no column named checkout_remote' and advice to
    repair a damaged file."""
    from memdir.sessions.db import Database
    from memdir.sessions.log import SessionStore

    path = tmp_path / "state.db"
    _before_0016(path)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    store = SessionStore(Database(path, busy_timeout=0.2))
    try:
        assert [s.id for s in store.list()] == ["old"]
    finally:
        holder.execute("COMMIT")
        holder.close()
    app = make_repo(tmp_path / "app")
    store.start("a", session_id="new", cwd=str(app))
    assert "0016_session_checkouts" in [name for name, _ in store.db.migrations()]
    row = store.db.read(
        lambda c: c.execute("SELECT checkout_remote FROM sessions WHERE id = 'new'").fetchone()
    )
    assert row[0] == remote_key(REMOTE)


def test_a_cwd_of_a_hundred_thousand_folders_is_read_at_once(tmp_path: Path) -> None:
    """A transcript's cwd of 100k folders (no working directory is longer than PATH_MAX):
    the import records no checkout for it, without a walk up 100k parents (which took
    time and memory quadratic in them)."""
    transcripts = tmp_path / "transcripts"
    transcripts.mkdir()
    deep = "/" + "a/" * 100_000
    (transcripts / "deep.jsonl").write_text(_transcript("deep", deep))
    home = _import_search_only(tmp_path, transcripts)
    with sqlite3.connect(home / "state.db") as db:
        rows = db.execute("SELECT cwd, checkout_remote, checkout_commit FROM sessions").fetchall()
    assert rows == [(deep, None, None)]
