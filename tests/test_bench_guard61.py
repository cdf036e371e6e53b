"""Guard set 61 is what its build.py makes, holds enough rows per label, half and language,
and the bench reads it unsealed."""

from __future__ import annotations

import collections
import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
SET = ROOT / "bench/data/guard61"


def module(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    loaded = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(loaded)
    return loaded


def rows() -> list[dict[str, object]]:
    text = (SET / "set.jsonl").read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines()]


def test_build_reproduces_set_byte_for_byte(tmp_path: Path) -> None:
    for name in ("lib.py", "b1.py", "b2.py", "build.py"):
        (tmp_path / name).write_bytes((SET / name).read_bytes())
    subprocess.run([sys.executable, str(tmp_path / "build.py")], check=True, capture_output=True)
    assert (tmp_path / "set.jsonl").read_bytes() == (SET / "set.jsonl").read_bytes()


def test_rows_are_unique_split_and_many_languages() -> None:
    seen = rows()
    assert len({r["id"] for r in seen}) == len(seen)
    assert len({r["text"] for r in seen}) == len(seen)
    count = collections.Counter((r["label"], r["split"]) for r in seen)
    for label in ("attack", "benign"):
        assert count[(label, "dev")] >= 40 and count[(label, "test")] >= 40
        assert len({r["lang"] for r in seen if r["label"] == label}) >= 5
    assert {r["frame"] for r in seen} == {"code_task", "shadowing"}


def test_bench_reads_set_61_unsealed() -> None:
    bench = module("guard_bench_for_set61", ROOT / "bench/guard.py")
    assert bench.OWN["set 61"] == SET / "set.jsonl"
    assert "set 61" not in bench.SEALED
    assert "set 61" in bench.TEST_NOTE
