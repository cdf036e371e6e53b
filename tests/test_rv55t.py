"""rv55t: an attacker's review of mend55t (team backend: sessions and jobs keyed by the
project's URL, a checkout's path-keyed rows rekeyed by its runs). Isolation between users
sharing one project, a forged remote, path-slug collisions, the rekey's write lock, and a
job whose watermark is past its session's last message."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import memdir
from conftest import TEAM_PROJECT, team_env, use_team
from memdir.core.scopes import project_slug
from memdir.pg.names import project_url, url_slug
from memdir.pipeline import upkeep
from test_mend55t import _path, _path_keyed  # sessions keyed by the checkout's path
from test_origins import make_repo

SECRET = "Remember that we always deploy with the zebra-canary-42 pipeline, never by hand."
BOBS = "Remember that we always use ruff, never black, in this repo."
OTHER = "Remember that the unrelated repo uses the quokka-staging-7 cluster."
URL_KEY = url_slug(project_url(TEAM_PROJECT))


def _session(md: memdir.Memdir, said: str) -> str:
    with md.session(agent="my-agent") as s:
        s.log("user", said)
        s.log("assistant", "Noted.")
    return s.id


def _cli(
    project: Path, home: Path, user: str, url: str, *args: str
) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MEMDIR_HOME": str(home), "MEMDIR_DATABASE_URL": url}
    env.update(MEMDIR_USER=user, NO_COLOR="1", COLUMNS="200")
    proc = subprocess.run(
        [sys.executable, "-m", "memdir", "-C", str(project), *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stdout + proc.stderr
    return proc


def _everything(md: memdir.Memdir) -> str:
    """All text md can read: its entries in every scope it may read."""
    return "\n".join(e.body for _, e in md.entries())


# -- 1. isolation ----------------------------------------------------------------------------


def test_bob_on_the_same_project_and_path_never_claims_lists_or_rekeys_alices_sessions(
    tmp_path: Path, pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """alice and bob granted one project, both cloned at the very same path (two machines
    with /home/u/repo): one path slug, one URL slug. Sessions and jobs are in each user's
    own state schema, so bob's maintain, sessions ls/search --this-project and his search
    see none of alice's, and his rekey leaves her path-keyed rows alone."""
    repo = use_team(pg_url, tmp_path / "repo", monkeypatch)
    team_env(pg_url, repo, user="bob")
    alice = memdir.open(tmp_path / "alice-home", repo)
    live, old = _session(alice, SECRET), _path_keyed(alice, SECRET)
    alice.close()

    monkeypatch.setenv("MEMDIR_USER", "bob")
    bob = memdir.open(tmp_path / "bob-home", repo)
    assert bob.user == "bob" and bob.project == URL_KEY
    mine = _session(bob, BOBS)
    report = bob.pipeline.run()
    assert report.extracted == 1 and not report.errors, report
    assert "zebra" not in _everything(bob)
    assert [s.id for s in bob.sessions.list(limit=100)] == [mine]
    assert not bob.sessions.search("zebra canary")
    assert bob.pipeline.jobs.get("extract", live) is None
    bob.close()
    for args in (("sessions", "ls", "--this-project"), ("sessions", "search", "zebra")):
        out = _cli(repo, tmp_path / "bob-home", "bob", pg_url, *args).stdout
        assert live not in out and old not in out and "zebra" not in out, out

    monkeypatch.setenv("MEMDIR_USER", "alice")
    alice = memdir.open(tmp_path / "alice-home", repo)
    scopes = {s.id: s.scope for s in alice.sessions.list(limit=100)}
    assert scopes == {live: URL_KEY, old: _path(alice)}  # bob's rekey did not touch hers
    assert alice.pipeline.run().extracted == 2
    assert "zebra" in _everything(alice)


def test_a_forged_remote_gets_the_user_nothing_of_the_project(
    tmp_path: Path, pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """mallory is not granted the project, yet her checkout's origin names its URL: her
    project key is the URL's slug, but her sessions, jobs and rekey are her own schema's;
    she learns nothing of alice's and cannot read the project scope."""
    from dulwich.repo import Repo

    from memdir.pg import users
    from memdir.pg.db import PgDatabase

    alices = use_team(pg_url, tmp_path / "alice", monkeypatch)
    alice = memdir.open(tmp_path / "alice-home", alices)
    live, old = _session(alice, SECRET), _path_keyed(alice, SECRET)
    alice.close()

    forged = tmp_path / "forged"
    repo = Repo.init(str(forged), mkdir=True)
    config = repo.get_config()
    config.set((b"remote", b"origin"), b"url", TEAM_PROJECT.encode())
    config.write_to_path()
    repo.close()
    users.add(PgDatabase.shared(pg_url), "mallory")
    monkeypatch.setenv("MEMDIR_USER", "mallory")
    mallory = memdir.open(tmp_path / "mallory-home", forged)
    assert mallory.project == URL_KEY
    assert mallory.locations["project"].unavailable
    report = mallory.pipeline.run()
    assert not report.extracted, report
    assert not mallory.sessions.list(limit=100)
    assert not mallory.sessions.search("zebra canary")
    assert "zebra" not in _everything(mallory)
    out = _cli(forged, tmp_path / "mallory-home", "mallory", pg_url, "sessions", "ls").stdout
    assert live not in out and old not in out, out
    mallory.close()

    monkeypatch.setenv("MEMDIR_USER", "alice")
    alice = memdir.open(tmp_path / "alice-home", alices)
    assert alice.pipeline.run().extracted == 2


# -- 2. rekey races and collisions -----------------------------------------------------------


def test_another_repos_sessions_at_the_same_path_are_not_learnt_into_this_project(
    tmp_path: Path, pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """severity: medium (fixed by mend56) — one user's two machines (or one machine over
    time) with the same checkout path share its path slug in that user's state: the run of
    the checkout with a remote rekeyed the other checkout's path-keyed sessions into its
    own project and learnt them into the URL's local scope. A session row records its
    checkout (remote, HEAD commit) now and the rekey claims only its own repository's
    (tests/test_mend56.py: with commits on both sides, and the same repository given a
    remote)."""
    from dulwich.repo import Repo

    use_team(pg_url, tmp_path / "elsewhere", monkeypatch)  # alice, her grant, the env
    app = tmp_path / "app"  # machine B: an unrelated repository, no remote
    Repo.init(str(app), mkdir=True).close()
    other = memdir.open(tmp_path / "home-b", app)
    assert other.project == _path(other)
    theirs = _session(other, OTHER)
    other.close()

    use_team(pg_url, app, monkeypatch)  # machine A: the same path, the team's project
    repo = Repo(str(app))
    config = repo.get_config()
    config.set((b"remote", b"origin"), b"url", TEAM_PROJECT.encode())
    config.write_to_path()
    repo.close()
    md = memdir.open(tmp_path / "home-a", app)
    assert md.project == URL_KEY
    md.store("local").add(type="feedback", name="Tabs", description="tabs", body="Tabs.")
    md.pipeline.run()
    assert md.sessions.get(theirs).scope == project_slug(app)
    assert "quokka" not in _everything(md)


def test_concurrent_rekeys_and_a_claimed_job_keep_their_rows_and_lease(
    tmp_path: Path, pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two processes' rekeys at once change each row once and fail neither; an extract job
    claimed (leased) under the path's project is rekeyed under its holder, who still
    finishes it (the lease is the row's id and token, not its project)."""
    repo = use_team(pg_url, tmp_path / "repo", monkeypatch)
    one, two = memdir.open(tmp_path / "h1", repo), memdir.open(tmp_path / "h2", repo)
    old = _path(one)
    sids = [_path_keyed(one, f"Remember that we use tool{i}, never tool{i}x.") for i in range(5)]
    one.pipeline.jobs.enqueue(
        "extract", sids[0], project=old, watermark=one.sessions.last_message_id(sids[0])
    )
    held = one.pipeline.jobs.claim("holder", projects=(old,))
    assert held is not None and held.key == sids[0]

    errors: list[list[str]] = []
    threads = [
        threading.Thread(target=lambda md=md: errors.append(upkeep.key_by_url(md)))
        for md in (one, two, one, two)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert errors == [[], [], [], []]
    assert {s.scope for s in two.sessions.list(limit=100)} == {URL_KEY}
    job = one.pipeline.jobs.get("extract", sids[0])
    assert job is not None and job.project == URL_KEY and job.status == "running"
    one.pipeline.jobs.finish(held, "nothing", watermark=held.input_watermark)
    job = one.pipeline.jobs.get("extract", sids[0])
    assert job is not None and job.status == "done"
    assert two.pipeline.run().extracted == 4  # the other four, once
    assert not one.pipeline.run().extracted


def test_the_embedded_backend_is_not_rekeyed(tmp_path: Path) -> None:
    """No database: key_by_url does nothing, a path-keyed session stays the project's."""
    repo = make_repo(tmp_path / "app")
    md = memdir.open(tmp_path / "home", repo)
    assert md.database is None and md.project == _path(md)
    sid = _path_keyed(md, SECRET)
    assert upkeep.key_by_url(md) == []
    assert md.sessions.get(sid).scope == _path(md)
    assert md.pipeline.run().extracted == 1


# -- 4. a watermark past the session's last message ------------------------------------------


def test_a_job_whose_watermark_is_past_the_last_message_ends_in_one_run(tmp_path: Path) -> None:
    """An extract job whose input watermark is past the session's newest message (messages
    an upgrade's de-duplication deleted, say) is claimed, learnt from once and done: the
    run ends instead of claiming it again for ever (a maintain that hung)."""
    home, project = tmp_path / "home", tmp_path / "project"
    project.mkdir()
    md = memdir.open(home, project)
    sid = _session(md, "Remember that we always use pnpm, never npm, in this repo.")
    last = md.sessions.last_message_id(sid)
    md.pipeline.jobs.enqueue("extract", sid, project=md.project, watermark=last + 5)
    md.close()
    env = {**os.environ, "MEMDIR_HOME": str(home)}
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "memdir", "-C", str(project), "maintain"],
            capture_output=True,
            text=True,
            env=env,
            timeout=60,
        )
    except subprocess.TimeoutExpired:
        pytest.fail("memdir maintain claimed the job again and again: it never ended")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    md = memdir.open(home, project)
    job = md.pipeline.jobs.get("extract", sid)
    assert job is not None and job.status == "done", job
    assert any("pnpm" in e.body for e in md.store("local").list())
    assert not md.pipeline.run().extracted


# -- 3. the rekey's write lock -------------------------------------------------------------


def test_nothing_to_rekey_takes_no_write_lock(
    tmp_path: Path, pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With no row keyed by this checkout's path, a run's (and sessions ls
    --this-project's) rekey reads only: it neither waits behind another writer of the
    user's state (a long import, a doctor repair) nor fails on its lock timeout."""
    repo = use_team(pg_url, tmp_path / "repo", monkeypatch)
    (tmp_path / "h1").mkdir()
    (tmp_path / "h1" / "config.toml").write_text("lock_timeout = 1\n")
    md, other = memdir.open(tmp_path / "h1", repo), memdir.open(tmp_path / "h2", repo)
    assert md.settings.lock_timeout == 1
    _session(md, SECRET)
    holding, release = threading.Event(), threading.Event()

    def hold(_c: object) -> None:
        holding.set()
        release.wait(30)

    writer = threading.Thread(target=lambda: other.sessions.db.write(hold, action="hold"))
    writer.start()
    try:
        assert holding.wait(30)
        assert upkeep.key_by_url(md) == []  # a wait would end in lock_timeout's error
    finally:
        release.set()
        writer.join(30)
