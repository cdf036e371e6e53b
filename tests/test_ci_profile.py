"""The suite's hypothesis profiles: `.ci/run` replays the same examples every run."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import settings

ROOT = Path(__file__).parents[1]


def test_ci_run_selects_the_derandomized_profile() -> None:
    run = (ROOT / ".ci" / "run").read_text()
    assert "export HYPOTHESIS_PROFILE=ci" in run
    ci = settings.get_profile("ci")
    assert ci.derandomize is True
    assert ci.deadline is None


PLUGINS = ("-p", "conftest", "-p", "no:cacheprovider", "-p", "no:xdist")
TINY = """
from hypothesis import settings


def test_profile() -> None:
    print(f"derandomize={settings.default.derandomize} deadline={settings.default.deadline}")
"""


# Hypothesis loads a derandomized profile of its own where one of these is set.
CI_VARIABLES = ("CI", "GITHUB_ACTIONS", "GITLAB_CI", "BUILDKITE", "CIRCLECI", "TF_BUILD")


@pytest.mark.parametrize("on_ci", [True, False], ids=["CI=true", "no-CI"])
@pytest.mark.parametrize(("profile", "derandomized"), [("ci", True), (None, False)])
def test_the_profile_named_in_the_environment_is_loaded(
    profile: str | None, derandomized: bool, on_ci: bool, tmp_path: Path
) -> None:
    """A pytest run of its own, with the suite's conftest, under HYPOTHESIS_PROFILE=ci and
    without it, with and without CI=true: each way checked wherever this runs."""
    (tmp_path / "test_tiny.py").write_text(TINY)
    drop = {"HYPOTHESIS_PROFILE", *CI_VARIABLES}
    env = {k: v for k, v in os.environ.items() if k not in drop}
    if profile is not None:
        env["HYPOTHESIS_PROFILE"] = profile
    if on_ci:
        env["CI"] = "true"
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "tests"), str(ROOT / "src")])
    ran = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-s", "test_tiny.py", *PLUGINS],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert f"derandomize={derandomized} deadline=None" in ran.stdout, ran.stdout
