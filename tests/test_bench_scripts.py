"""Every bench script still imports and parses its arguments: ``bench/X.py --help`` in a
fresh process, so a module move in ``src/memdir`` cannot silently break a benchmark (the
benchmarks themselves are not run here: they are not tests)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = sorted((ROOT / "bench").glob("*.py"))


def test_the_bench_folder_has_scripts() -> None:
    assert len(SCRIPTS) >= 10 and ROOT / "bench" / "ui.py" in SCRIPTS


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_help_runs_without_a_traceback(script: Path) -> None:
    proc = subprocess.run(
        [sys.executable, str(script), "--help"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "Traceback" not in proc.stderr and "Traceback" not in proc.stdout
    assert proc.stdout.startswith("usage: "), proc.stdout[:500]
    assert "-h, --help" in proc.stdout
