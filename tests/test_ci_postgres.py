"""`.ci/postgres`, which `.ci/run` sources: its version check on the real PostgreSQL
binaries, and its refusal of a PostgreSQL older than 15 (a fake `postgres` on PATH that
says 14: the fake stands in for the external binary only)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
SCRIPT = ROOT / ".ci" / "postgres"


def _bash(script: str, **env: str) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if k not in ("PG_BIN", "MEMDIR_TEST_DATABASE_URL")}
    return subprocess.run(
        ["bash", "-c", script],
        cwd=ROOT,
        env={**base, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.fixture
def old_postgres(tmp_path: Path) -> Path:
    """A folder whose `postgres --version` says 14, as Debian's 14 does."""
    fake = tmp_path / "bin" / "postgres"
    fake.parent.mkdir()
    fake.write_text('#!/bin/sh\necho "postgres (PostgreSQL) 14.12 (Debian 14.12-1.pgdg120+1)"\n')
    fake.chmod(0o755)
    return fake.parent


def test_ci_run_takes_its_postgresql_from_ci_postgres() -> None:
    run = (ROOT / ".ci" / "run").read_text()
    assert "\n. .ci/postgres\n" in run and "initdb" not in run
    assert os.access(SCRIPT, os.X_OK)


def test_the_real_postgresql_passes_the_version_check() -> None:
    found = _bash(".ci/postgres pg_bin").stdout.strip()
    if not found:
        pytest.skip("no PostgreSQL binaries on this machine: nothing real to check")
    done = _bash(f'.ci/postgres pg_version_ok "{found}"')
    assert done.returncode == 0, done.stderr
    major = int(done.stdout.split()[2].split(".")[0])  # postgres (PostgreSQL) 15.18 (...)
    assert major >= 15


def test_a_postgresql_older_than_15_is_refused_saying_why(old_postgres: Path) -> None:
    on_path = _bash(
        '.ci/postgres pg_version_ok "$(dirname "$(command -v postgres)")"',
        PATH=f"{old_postgres}:{os.environ['PATH']}",
    )
    assert on_path.returncode == 1
    assert "PostgreSQL 14.12" in on_path.stderr and "needs PostgreSQL 15 or newer" in on_path.stderr
    missing = _bash(f'.ci/postgres pg_version_ok "{old_postgres.parent}"')
    assert missing.returncode == 1 and "no PostgreSQL server" in missing.stderr
    # sourced as .ci/run sources it: nothing is started, the tests are skipped, CI goes on
    sourced = _bash(
        'set -euo pipefail; . .ci/postgres; echo "url=${MEMDIR_TEST_DATABASE_URL-unset}"',
        PG_BIN=str(old_postgres),
    )
    assert sourced.returncode == 0, sourced.stderr
    assert sourced.stdout.strip() == "url=unset"
    assert "needs PostgreSQL 15" in sourced.stderr and "will be skipped" in sourced.stderr
