"""The suite's hypothesis profiles: `.ci/run` replays the same examples every run."""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import settings

ROOT = Path(__file__).parents[1]


def test_ci_run_selects_the_derandomized_profile() -> None:
    run = (ROOT / ".ci" / "run").read_text()
    assert "export HYPOTHESIS_PROFILE=ci" in run
    ci = settings.get_profile("ci")
    assert ci.derandomize is True
    assert ci.deadline is None


def test_the_profile_named_in_the_environment_is_loaded() -> None:
    chosen = os.environ.get("HYPOTHESIS_PROFILE", "memdir")
    assert settings.default.derandomize is (chosen == "ci")
    assert settings.default.deadline is None
