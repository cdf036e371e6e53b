"""Real worker processes sharing one state.db: no job is done twice, a killed worker's
job is finished by another once its lease runs out."""

from __future__ import annotations

import getpass
import os
import signal
import subprocess
import sys
import textwrap
import time
from collections import Counter
from pathlib import Path

import pytest

from memdir.core.config import load_settings
from memdir.engine import Memdir
from memdir.pipeline import Pipeline, RulesProvider

pytestmark = [pytest.mark.slow, pytest.mark.backends]

WORKER = textwrap.dedent("""
    import os, pathlib, re, sys, time
    from memdir.core.config import load_settings
    from memdir.engine import Memdir
    from memdir.pipeline import Pipeline, RulesProvider

    home, project, managed, log, delay, lease, go, url = sys.argv[1:9]

    class Slow(RulesProvider):
        def extract(self, transcript):
            with open(log, "a") as f:  # one short O_APPEND write per line: atomic
                f.write(f"{os.getpid()} {transcript.session_id}\\n")
            time.sleep(float(delay))
            return super().extract(transcript)

    env = {"MEMDIR_MANAGED_DIR": managed, "MEMDIR_BACKGROUND": "0"}
    if url:
        env["MEMDIR_DATABASE_URL"] = url
    md = Memdir(load_settings(home, project, environ=env))
    pipeline = Pipeline(md, Slow(), worker=f"w{os.getpid()}", lease=float(lease))
    pathlib.Path(f"{go}.ready.{os.getpid()}").touch()
    while not pathlib.Path(go).exists():
        time.sleep(0.005)
    report = pipeline.run(scan=False)
    print("done", report.extracted, len(report.errors), flush=True)
""")


@pytest.fixture
def url(backend: str, request: pytest.FixtureRequest) -> str:
    """The state database the workers share: "" for state.db, else a PostgreSQL URL, where
    the login name the workers open as is a user (a scope's owner must be one)."""
    if backend == "files":
        return ""
    from memdir.pg import users
    from memdir.pg.db import PgDatabase

    url = str(request.getfixturevalue("pg_url"))
    users.add(PgDatabase.shared(url), getpass.getuser())
    return url


def _memdir(tmp_path: Path, url: str) -> Memdir:
    env = {"MEMDIR_MANAGED_DIR": str(tmp_path / "managed"), "MEMDIR_BACKGROUND": "0"}
    if url:
        env["MEMDIR_DATABASE_URL"] = url
    (tmp_path / "project").mkdir(exist_ok=True)
    return Memdir(load_settings(tmp_path / "home", tmp_path / "project", environ=env))


def _spawn(tmp_path: Path, delay: float, lease: float, go: Path, url: str) -> subprocess.Popen[str]:
    args = [
        str(tmp_path / "home"),
        str(tmp_path / "project"),
        str(tmp_path / "managed"),
        str(tmp_path / "log"),
        str(delay),
        str(lease),
        str(go),
        url,
    ]
    return subprocess.Popen(
        [sys.executable, "-c", WORKER, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_two_worker_processes_never_take_the_same_job(tmp_path: Path, url: str) -> None:
    md = _memdir(tmp_path, url)
    ids = []
    for i in range(24):
        with md.session(agent="a") as s:
            s.log("user", f"Remember that service number {i} runs on port {8000 + i}.")
        ids.append(s.id)
    go = tmp_path / "go"
    workers = [_spawn(tmp_path, 0.03, 60, go, url) for _ in range(2)]
    deadline = time.monotonic() + 60  # both up, then released together (after a fixed
    for proc in workers:  # pause, a worker that started late found every job taken)
        while not Path(f"{go}.ready.{proc.pid}").exists():
            assert time.monotonic() < deadline and proc.poll() is None, proc.communicate()
            time.sleep(0.01)
    go.touch()
    for proc in workers:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0 and out.startswith("done"), err
    lines = (tmp_path / "log").read_text().split()
    pids, sessions = lines[0::2], lines[1::2]
    assert Counter(sessions) == Counter(ids)  # every session extracted exactly once
    assert len(set(pids)) == 2  # and both workers took part
    entries = md.store("local").list()
    assert len(entries) == 24 and len({e.name for e in entries}) == 24
    assert {j.status for j in md.pipeline.jobs.list()} == {"done"}


def test_a_worker_killed_mid_job_is_taken_over_when_its_lease_expires(
    tmp_path: Path, url: str
) -> None:
    md = _memdir(tmp_path, url)
    with md.session(agent="a") as s:
        s.log("user", "Remember that the release branch is cut on Tuesdays.")
    go = tmp_path / "go"
    go.touch()
    victim = _spawn(tmp_path, 60, 2.0, go, url)  # takes the job, then hangs inside the provider
    deadline = time.monotonic() + 30
    while not (tmp_path / "log").exists():
        assert time.monotonic() < deadline and victim.poll() is None
        time.sleep(0.02)
    os.kill(victim.pid, signal.SIGKILL)
    victim.communicate(timeout=30)
    held = md.pipeline.jobs.get("extract", s.id)
    assert held is not None and held.status == "running" and held.lease_until is not None
    rescuer = Pipeline(md, RulesProvider(), worker="rescuer", lease=2.0)
    # The clock is read after the run, whose claim read it before: a check before the run
    # failed when a stall between the two outlasted its 0.3 s margin.
    report = rescuer.run(scan=False)
    if time.time() < held.lease_until.timestamp():
        assert report.extracted == 0  # the lease still holds
    if not report.extracted:
        while time.time() <= held.lease_until.timestamp() + 1.1:  # clocks tick in whole seconds
            time.sleep(0.05)
        report = rescuer.run(scan=False)
    assert report.extracted == 1 and not report.errors
    job = md.pipeline.jobs.get("extract", s.id)
    assert job is not None and (job.status, job.worker, job.attempts) == ("done", "rescuer", 2)
    assert [e.name for e in md.store("local").list()] == ["The release branch is cut on Tuesdays"]
