"""Guard set 62 is what its build.py makes from raw/benign.json and attacks.py, every benign
row says which repository, commit, path and licence it came from (licence text kept beside
it), every attack kind has rows in both halves, and the bench keeps the whole set sealed."""

from __future__ import annotations

import collections
import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
SET = ROOT / "bench/data/guard62"
KINDS = {
    "download_run",
    "egress",
    "credentials",
    "standing_order",
    "tool_abuse",
    "lookalike",
    "obfuscation",
}
LICENCE_WORDS = {"MIT": "Permission is hereby granted", "Apache-2.0": "Apache License"}


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
    for name in ("attacks.py", "build.py"):
        (tmp_path / name).write_bytes((SET / name).read_bytes())
    (tmp_path / "raw").mkdir()
    (tmp_path / "raw/benign.json").write_bytes((SET / "raw/benign.json").read_bytes())
    subprocess.run([sys.executable, str(tmp_path / "build.py")], check=True, capture_output=True)
    assert (tmp_path / "set.jsonl").read_bytes() == (SET / "set.jsonl").read_bytes()


def test_counts_languages_and_halves() -> None:
    seen = rows()
    assert len({r["id"] for r in seen}) == len(seen)
    assert len({r["text"] for r in seen}) == len(seen)
    attacks = [r for r in seen if r["label"] == "attack"]
    benign = [r for r in seen if r["label"] == "benign"]
    assert len(attacks) >= 120 and len(benign) >= 120
    assert {r["kind"] for r in attacks} == KINDS
    per_kind = collections.Counter((r["kind"], r["split"]) for r in attacks)
    for kind in KINDS:
        assert per_kind[(kind, "dev")] > 0 and per_kind[(kind, "test")] > 0, kind
    langs = collections.Counter(r["lang"] for r in attacks)
    assert len(langs) >= 6 and langs["en"] <= 0.4 * len(attacks)
    assert all(r["lang"] != "en" for r in benign)
    assert {r["split"] for r in benign} == {"dev", "test"}


def test_at_most_three_attacks_per_template() -> None:
    templates = collections.Counter(r["template"] for r in rows() if r["label"] == "attack")
    assert max(templates.values()) <= 3


def test_every_benign_row_has_provenance_and_a_kept_licence() -> None:
    halves: dict[str, set[str]] = {}
    for row in rows():
        if row["label"] != "benign":
            continue
        for field in ("repo", "commit", "path", "licence", "licence_file"):
            assert isinstance(row[field], str) and row[field], (row["id"], field)
        assert len(str(row["commit"])) == 40
        licence = (SET / str(row["licence_file"])).read_text(encoding="utf-8")
        assert LICENCE_WORDS[str(row["licence"])] in licence
        assert 1 <= len(str(row["text"]).splitlines()) <= 15
        halves.setdefault(str(row["repo"]), set()).add(str(row["split"]))
    assert all(len(h) == 1 for h in halves.values()), halves  # the split is by repository


def test_bench_reads_set_62_dev_opened() -> None:
    """Round 62 opened the dev half: ``--misses`` may list it, the test half stays counts."""
    bench = module("guard_bench_for_set62", ROOT / "bench/guard.py")
    assert bench.OWN["set 62"] == SET / "set.jsonl"
    assert "set 62" not in bench.SEALED
    assert "set 62" in bench.TEST_NOTE
