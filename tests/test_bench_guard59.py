"""Guard set 59 is what its build.py makes from its raw/ strings, every row says where it came
from under a licence kept beside it, its halves follow the corpus, and the bench
reads it (dev half opened in round 60, test half counts only)."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path
from types import ModuleType

from test_bench_guard58 import rebuilds_from_raw

ROOT = Path(__file__).resolve().parents[1]
SET = ROOT / "bench/data/guard59"
PROVENANCE = ("source", "suite", "repo", "via", "commit", "path", "licence", "licence_file", "task")
LICENCE_WORDS = {
    "MIT": "MIT License",
    "Apache-2.0": "Apache License",
    "CC-BY-4.0": "Creative Commons Attribution 4.0",
}
KINDS = {"download_run", "egress", "credentials", "standing_order", "tool_abuse", "injection"}


def module(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    loaded = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(loaded)
    return loaded


def rows() -> list[dict[str, object]]:
    text = (SET / "set.jsonl").read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines()]


def test_build_reproduces_set_byte_for_byte() -> None:
    build = module("guard59_build", SET / "build.py")
    assert build.render(build.build()) == (SET / "set.jsonl").read_text(encoding="utf-8")


def test_build_script_runs_from_raw_alone(tmp_path: Path) -> None:
    rebuilds_from_raw(SET, tmp_path)


def test_every_row_has_provenance_and_a_kept_licence() -> None:
    seen_ids: set[str] = set()
    seen_texts: set[str] = set()
    for row in rows():
        for field in PROVENANCE:
            assert isinstance(row[field], str) and row[field], (row["id"], field)
        assert re.fullmatch(r"[0-9a-f]{40}", str(row["commit"])), row["id"]
        licence = SET / str(row["licence_file"])
        assert licence.is_file(), row["id"]
        assert LICENCE_WORDS[str(row["licence"])] in licence.read_text(encoding="utf-8")
        assert row["split"] in ("dev", "test")
        assert row["label"] in ("attack", "benign")
        assert row["kind"] in (KINDS if row["label"] == "attack" else {"benign"})
        assert row["hard_negative"] is (row["label"] == "benign")
        assert row["lang"] == "en"
        assert str(row["id"]) not in seen_ids and str(row["text"]) not in seen_texts
        seen_ids.add(str(row["id"]))
        seen_texts.add(str(row["text"]))


def test_half_follows_the_corpus_and_sizes_hold() -> None:
    """The split is by corpus (README); each half has attacks and benign texts; the set has
    at least 120 attacks and 150 benign texts and no corpus gives over 45 % of the attacks."""
    halves: dict[str, set[str]] = {}
    attacks: dict[str, int] = {}
    labels: set[tuple[str, str]] = set()
    for row in rows():
        halves.setdefault(str(row["source"]), set()).add(str(row["split"]))
        labels.add((str(row["split"]), str(row["label"])))
        if row["label"] == "attack":
            attacks[str(row["source"])] = attacks.get(str(row["source"]), 0) + 1
    assert all(len(h) == 1 for h in halves.values()), halves
    assert labels == {(h, lab) for h in ("dev", "test") for lab in ("attack", "benign")}
    total = sum(attacks.values())
    assert total >= 120
    assert sum(1 for r in rows() if r["label"] == "benign") >= 150
    assert max(attacks.values()) <= 0.45 * total, attacks


def test_smuggled_skill_keeps_its_hidden_characters() -> None:
    """Verbatim means verbatim: the ASCII-smuggling skill still hides its instruction in
    Unicode tag characters."""
    row = next(r for r in rows() if "ascii-smuggling" in str(r["path"]))
    hidden = "".join(chr(ord(c) - 0xE0000) for c in str(row["text"]) if 0xE0000 <= ord(c) < 0xE0080)
    assert "~/.ssh/id_rsa" in hidden and row["kind"] == "credentials"


def test_bench_reads_set_59_with_its_dev_half_opened() -> None:
    """Round 60 opened the dev half; the test half stays counts-only (never read)."""
    bench = module("guard_bench_for_set59", ROOT / "bench/guard.py")
    assert bench.OWN["set 59"] == SET / "set.jsonl"
    assert "set 59" not in bench.SEALED
    assert "never read" in bench.TEST_NOTE["set 59"]
