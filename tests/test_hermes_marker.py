"""A test skipped for want of hermes-agent must be marked ``hermes``, or ``make test-hermes``
(which selects by that marker) would never run it; tests/conftest.py fails it otherwise."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent

CASES = """
import pytest

def test_unmarked():
    pytest.importorskip("tools.no_such_hermes_module")

@pytest.mark.hermes
def test_marked():
    pytest.importorskip("tools.no_such_hermes_module")

def test_other_skip():
    pytest.skip("no PostgreSQL here")
"""


def _run(folder: Path) -> str:
    ran = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-rA", "-q",
         "--continue-on-collection-errors", str(folder)],
        capture_output=True, text=True, cwd=folder, timeout=120,
    )  # fmt: skip
    return ran.stdout + ran.stderr


def test_an_unmarked_hermes_skip_fails_and_a_marked_one_skips(tmp_path: Path) -> None:
    shutil.copy(TESTS / "conftest.py", tmp_path / "conftest.py")
    shutil.copy(TESTS.parent / "pyproject.toml", tmp_path / "pyproject.toml")
    (tmp_path / "test_cases.py").write_text(CASES, encoding="utf-8")
    (tmp_path / "test_whole.py").write_text(
        'import pytest\npytest.importorskip("agent.no_such_hermes_module")\n', encoding="utf-8"
    )
    out = _run(tmp_path)
    assert "FAILED test_cases.py::test_unmarked" in out, out
    assert "1 failed, 2 skipped, 1 error" in out, out  # the marked one and the other skip
    assert "ERROR test_whole.py" in out and "not marked `@pytest.mark.hermes`" in out, out
    (tmp_path / "test_whole.py").write_text(
        'import pytest\npytest.importorskip("agent.no_such_hermes_module")\n'
        "pytestmark = pytest.mark.hermes\n",
        encoding="utf-8",
    )
    out = _run(tmp_path)
    assert "1 failed, 3 skipped in" in out, out
