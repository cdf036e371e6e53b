"""Shared fixtures: real temp folders, a real Memdir, a clock we can move."""

from __future__ import annotations

import contextlib
import os
import re
import subprocess
import sys
from collections.abc import Callable, Generator, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from hypothesis import settings

import memdir
from memdir.core.config import load_settings
from memdir.engine import Memdir

# Fuzzing checks what inputs do, not how fast: a loaded CI machine must not fail a test
# on hypothesis's per-example deadline. Wall-clock goals live in bench/.
# HYPOTHESIS_PROFILE=ci (.ci/run sets it) replays the same examples every run, so a red
# build can be reproduced; other runs keep exploring new ones. "memdir" starts from
# hypothesis's own defaults, not from whatever profile it loaded itself (it loads its own
# derandomized "ci" profile wherever a CI variable such as CI=true is set).
settings.register_profile("memdir", settings.get_profile("default"), deadline=None)
settings.register_profile("ci", settings.get_profile("memdir"), derandomize=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "memdir"))


class Clock:
    """A settable UTC clock for tests that care about time."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 29, 21, 40, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **kwargs: float) -> None:
        self.now += timedelta(**kwargs)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return tmp_path / "home"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    path = tmp_path / "project"
    path.mkdir()
    return path


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Modules marked ``backends`` run every test that opens a Memdir twice: on files +
    git and on PostgreSQL (skipped without MEMDIR_TEST_DATABASE_URL)."""
    if "backend" in metafunc.fixturenames and metafunc.definition.get_closest_marker("backends"):
        only = metafunc.definition.get_closest_marker("files_only")
        metafunc.parametrize("backend", ["files"] if only else ["files", "postgres"], indirect=True)


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    """Where entries and state live: "files" (files + git + state.db, the default) or
    "postgres"; a test marked ``sqlite_only`` checks the state.db file itself."""
    chosen = str(getattr(request, "param", "files"))
    if chosen == "postgres" and request.node.get_closest_marker("sqlite_only"):
        pytest.skip("checks the SQLite state.db file itself")
    return chosen


TEAM_PROJECT = "https://git.example.test/acme/app.git"


def team_clone(project: Path) -> None:
    """Make ``project`` a clone of :data:`TEAM_PROJECT` (its origin), unless it is a
    checkout already."""
    from dulwich.repo import Repo

    if not (project / ".git").exists():
        repo = Repo.init(str(project))
        config = repo.get_config()
        config.set((b"remote", b"origin"), b"url", TEAM_PROJECT.encode())
        config.write_to_path()
        repo.close()


def team_env(url: str, project: Path, user: str = "alice") -> dict[str, str]:
    """Make ``project`` a clone of :data:`TEAM_PROJECT`, add ``user`` with a grant on it,
    and return the environment that opens memdir on ``url`` as that user."""
    from memdir.pg import users
    from memdir.pg.db import PgDatabase

    team_clone(project)
    db = PgDatabase.shared(url)
    users.add(db, user)
    users.grant(db, user, TEAM_PROJECT)
    return {"MEMDIR_DATABASE_URL": url, "MEMDIR_USER": user}


def use_team(url: str, project: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Make ``project`` (made here when absent) a team clone as :func:`team_env` does and
    set its environment: every Memdir the test opens is on ``url``, as alice."""
    project.mkdir(exist_ok=True)
    for name, value in team_env(url, project).items():
        monkeypatch.setenv(name, value)
    return project


@pytest.fixture
def md(
    home: Path,
    project: Path,
    clock: Clock,
    tmp_path: Path,
    backend: str,
    request: pytest.FixtureRequest,
) -> Iterator[Memdir]:
    env = {"MEMDIR_MANAGED_DIR": str(tmp_path / "managed"), "MEMDIR_BACKGROUND": "0"}
    if backend == "postgres":
        env.update(team_env(request.getfixturevalue("pg_url"), project))
        monkeypatch = request.getfixturevalue("monkeypatch")
        for name in ("MEMDIR_DATABASE_URL", "MEMDIR_USER"):  # every Memdir the test opens
            monkeypatch.setenv(name, env[name])
    opened = Memdir(load_settings(home, project, environ=env), clock=clock)
    yield opened
    opened.close()


@pytest.fixture
def store(md: Memdir) -> memdir.Store:
    return md.store("local")


@pytest.fixture
def scope_dir(store: memdir.Store, backend: str) -> Path:
    """The local scope's folder (tests that edit files by hand: files backend only)."""
    if backend != "files":
        pytest.skip("reads or edits the scope folder by hand: the files backend only")
    return Path(store.backend.location)


class DiskEvents(list[tuple[str, ...]]):
    """The fsyncs (``("fsync", path)``) and renames (``("rename", src, dst)``) a test made."""

    def assert_durable(self, path: Path) -> None:
        """``path`` was renamed into place after its temp file's fsync, and its folder was
        fsynced after the rename: a crash leaves the old bytes or the new ones."""
        dst = os.path.realpath(path)
        at = next(i for i, e in enumerate(self) if e[0] == "rename" and e[2] == dst)
        assert ("fsync", self[at][1]) in self[:at], self
        assert ("fsync", os.path.dirname(dst)) in self[at:], self


@pytest.fixture
def disk_events(monkeypatch: pytest.MonkeyPatch) -> DiskEvents:
    """Record every ``os.fsync``, ``os.replace`` and ``os.rename`` (dulwich's) the test
    makes from here on."""
    events = DiskEvents()
    real_fsync, real_replace, real_rename = os.fsync, os.replace, os.rename

    def fsync(fd: int) -> None:
        events.append(("fsync", os.path.realpath(f"/proc/self/fd/{fd}")))
        real_fsync(fd)

    def replace(src: str, dst: str) -> None:
        events.append(("rename", *(os.path.realpath(os.fsdecode(p)) for p in (src, dst))))
        real_replace(src, dst)

    def rename(src: str, dst: str) -> None:
        events.append(("rename", *(os.path.realpath(os.fsdecode(p)) for p in (src, dst))))
        real_rename(src, dst)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    monkeypatch.setattr(os, "rename", rename)
    return events


@pytest.fixture(autouse=True)
def _no_real_home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """Nothing a test does may touch the real ~/.memdir or /etc/memdir."""
    monkeypatch.setenv("MEMDIR_HOME", str(tmp_path / "env-home"))
    monkeypatch.setenv("MEMDIR_MANAGED_DIR", str(tmp_path / "managed"))
    monkeypatch.setenv("MEMDIR_BACKGROUND", "0")  # tests of the worker thread turn it on
    monkeypatch.delenv("MEMDIR_LLM", raising=False)
    monkeypatch.delenv("CLAUDE_CONFIG_DIR", raising=False)  # the harnesses' real folders
    monkeypatch.delenv("CODEX_HOME", raising=False)
    monkeypatch.delenv("HERMES_HOME", raising=False)
    monkeypatch.setenv("MEMDIR_CODEX_SYSTEM_DIR", str(tmp_path / "etc-codex"))  # not /etc/codex
    yield


def open_under_ask(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> memdir.Memdir:
    """A Memdir on files (home and project under ``tmp_path``) with approval = "ask"."""
    monkeypatch.setenv("MEMDIR_APPROVAL", "ask")
    (tmp_path / "project").mkdir()
    return memdir.open(tmp_path / "home", tmp_path / "project")


def add(store: memdir.Store, name: str, body: str | None = None, **kw: object) -> memdir.Entry:
    """Add an entry with sensible defaults."""
    fields: dict[str, object] = {"type": "feedback", "description": f"about {name}"}
    fields.update(kw)
    return store.add(name=name, body=body or f"The body of {name}.", **fields)  # type: ignore[arg-type]


@pytest.fixture
def run(
    tmp_path: Path, home: Path, project: Path, backend: str, request: pytest.FixtureRequest
) -> Callable[..., subprocess.CompletedProcess[str]]:
    """The ``memdir`` CLI as a real subprocess on this test's home and project (and, for
    the postgres backend, on the test database); asserts the exit status (``ok``) and
    that no traceback leaked."""
    team = team_env(request.getfixturevalue("pg_url"), project) if backend == "postgres" else {}
    env = {
        **os.environ,
        "MEMDIR_HOME": str(home),
        "MEMDIR_MANAGED_DIR": str(tmp_path / "m"),
        "NO_COLOR": "1",
        "COLUMNS": "200",
        **team,
    }
    env.pop("EDITOR", None)
    env.pop("VISUAL", None)
    env.pop("MEMDIR_DISABLE", None)

    def _run(
        *args: str,
        input: str | None = None,
        ok: bool = True,
        extra_env: dict[str, str] | None = None,
    ) -> subprocess.CompletedProcess[str]:
        proc = subprocess.run(
            [sys.executable, "-m", "memdir", "-C", str(project), *args],
            input=input,
            capture_output=True,
            text=True,
            env={**env, **(extra_env or {})},
            timeout=60,
        )
        assert (proc.returncode == 0) == ok, proc.stdout + proc.stderr
        assert "Traceback" not in proc.stderr
        return proc

    return _run


# -- PostgreSQL (the team backend) ---------------------------------------------------------

PG_SKIP = "MEMDIR_TEST_DATABASE_URL is not set: no PostgreSQL server to test against"

#: a skip for want of hermes-agent (its modules ``tools.*``, ``agent.*``, ``plugins.*``)
_WANTS_HERMES = re.compile(r"hermes|could not import '(?:tools|agent|plugins)[.']", re.I)
_UNMARKED = (
    "skipped for want of hermes-agent but not marked `@pytest.mark.hermes`, so "
    "`make test-hermes` (the bench venv, which has it) would never run it: "
)


def _hermes_skip(report: pytest.CollectReport | pytest.TestReport) -> str:
    """The reason of a skip for want of hermes-agent, else ``""``."""
    reason = report.longrepr[2] if report.skipped and isinstance(report.longrepr, tuple) else ""
    return reason if _WANTS_HERMES.search(reason) else ""


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """A test skipped because Hermes is missing must carry the ``hermes`` marker."""
    report: pytest.TestReport = yield
    if (reason := _hermes_skip(report)) and item.get_closest_marker("hermes") is None:
        report.outcome, report.longrepr = "failed", _UNMARKED + reason
    return report


@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report(
    collector: pytest.Collector,
) -> Generator[None, pytest.CollectReport, pytest.CollectReport]:
    """The same for a module skipped whole: its file must say ``pytest.mark.hermes``."""
    report: pytest.CollectReport = yield
    marked = isinstance(collector, pytest.Module) and "pytest.mark.hermes" in (
        collector.path.read_text(encoding="utf-8")
    )
    if (reason := _hermes_skip(report)) and not marked:
        report.outcome, report.longrepr = "failed", _UNMARKED + reason
    return report


_SERVER = pytest.StashKey[tuple[str, str]]()  # (server URL, this worker's database)


def pytest_configure(config: pytest.Config) -> None:
    """Under pytest-xdist each worker gets a database of its own on the test server (named
    for the run, so two runs share a server), so a test that counts or kills the cluster's
    sessions sees only its worker's; dropped when the worker ends."""
    base = os.environ.get("MEMDIR_TEST_DATABASE_URL")
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if not base or not worker:
        return
    import psycopg

    name = f"memdir_test_{worker}_{os.environ.get('PYTEST_XDIST_TESTRUNUID', '')[:12]}"
    try:
        with psycopg.connect(base, autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
    except psycopg.Error:  # no server there: each test that needs one fails saying why
        return
    os.environ["MEMDIR_TEST_DATABASE_URL"] = urlsplit(base)._replace(path=f"/{name}").geturl()
    config.stash[_SERVER] = (base, name)


def pytest_unconfigure(config: pytest.Config) -> None:
    base, name = config.stash.get(_SERVER, ("", ""))
    if name:
        import psycopg

        with psycopg.connect(base, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@contextlib.contextmanager
def pg_schema() -> Iterator[str]:
    """A URL on the test server whose ``search_path`` is a fresh schema of its own, dropped
    afterwards; skips when ``MEMDIR_TEST_DATABASE_URL`` is not set."""
    base = os.environ.get("MEMDIR_TEST_DATABASE_URL")
    if not base:
        pytest.skip(PG_SKIP)
    import secrets

    import psycopg

    schema = f"t_{secrets.token_hex(6)}"
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    sep = "&" if "?" in base else "?"
    yield f"{base}{sep}options=-csearch_path%3D{schema}"
    from memdir.pg.db import close_shared

    close_shared()
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f"DROP SCHEMA {schema} CASCADE")
        for (other,) in conn.execute(  # each user's state schema beside it
            "SELECT nspname FROM pg_namespace WHERE starts_with(nspname, %s)", (f"{schema}_",)
        ).fetchall():
            conn.execute(f'DROP SCHEMA "{other}" CASCADE')


@pytest.fixture
def pg_url() -> Iterator[str]:
    """:func:`pg_schema` for one test; the test is skipped when ``MEMDIR_TEST_DATABASE_URL``
    is not set."""
    with pg_schema() as url:
        yield url


@pytest.fixture(scope="module")
def module_pg_url() -> Iterator[str]:
    """:func:`pg_schema` shared by a module's tests (those that do not interfere)."""
    with pg_schema() as url:
        yield url


def dream_diary(md: Memdir, store: memdir.Store) -> str:
    """The whole dream diary of ``store``'s scope as Markdown ("" when no run wrote one):
    the file on one machine, the scope's rows of ``dream_runs`` on the team backend."""
    from memdir.review import diary

    return diary.text(md, store)


def guard_patterns() -> list[re.Pattern[str]]:
    """Every compiled pattern the guard's detectors search with, once each: module globals,
    their tables (``_compiled()``, ``_rules()``) and the engine's rules."""
    from memdir import guard
    from memdir.guard import _engine

    found: dict[int, re.Pattern[str]] = {}

    def add(value: object) -> None:
        if isinstance(value, re.Pattern):
            found[id(value)] = value
        elif isinstance(value, dict):
            for v in value.values():
                add(v)
        elif isinstance(value, (tuple, list)):
            for v in value:
                add(v)
        elif isinstance(value, _engine.RuleSet):
            for r in value.rules:
                add(r.regex())

    for module in vars(guard).values():
        if getattr(module, "__name__", "").startswith("memdir.guard."):
            for name, value in vars(module).items():
                add(value() if name in ("_compiled", "_rules") else value)
    return list(found.values())
