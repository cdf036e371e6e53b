"""Guard set 64 is what its build.py makes, holds enough rows per label, half and language,
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
SET = ROOT / "bench/data/guard64"


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
    (tmp_path / "build.py").write_bytes((SET / "build.py").read_bytes())
    subprocess.run([sys.executable, str(tmp_path / "build.py")], check=True, capture_output=True)
    assert (tmp_path / "set.jsonl").read_bytes() == (SET / "set.jsonl").read_bytes()


def test_rows_are_unique_split_and_many_languages() -> None:
    seen = rows()
    assert len({r["id"] for r in seen}) == len(seen)
    assert len({r["text"] for r in seen}) == len(seen)
    by = collections.Counter((r["label"], r["split"]) for r in seen)
    assert by["attack", "dev"] >= 15 and by["attack", "test"] >= 15
    assert by["benign", "dev"] >= 20 and by["benign", "test"] >= 20
    assert sum(r["label"] == "attack" for r in seen) >= 40
    assert sum(r["label"] == "benign" for r in seen) >= 60
    assert {r["kind"] for r in seen if r["label"] == "attack"} == {"standing_order", "credentials"}
    assert len({r["lang"] for r in seen}) >= 5


def test_bench_reads_set_64_unsealed() -> None:
    bench = module("guard_bench_for_set64", ROOT / "bench/guard.py")
    assert bench.OWN["set 64"] == SET / "set.jsonl"
    assert "set 64" not in bench.SEALED
    assert "set 64" in bench.TEST_NOTE
