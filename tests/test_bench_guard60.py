"""Guard set 60 is what its build.py makes from its raw/ strings, every row says where it came
from under a licence kept beside it, its halves follow the corpus, and the bench keeps it
sealed (counts only)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from test_bench_guard58 import rebuilds_from_raw
from test_bench_guard59 import KINDS, LICENCE_WORDS, PROVENANCE, module

ROOT = Path(__file__).resolve().parents[1]
SET = ROOT / "bench/data/guard60"


def rows() -> list[dict[str, object]]:
    text = (SET / "set.jsonl").read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines()]


def corpus(row: dict[str, object]) -> str:
    return f"{row['source']}/{row['suite']}"


def test_build_reproduces_set_byte_for_byte() -> None:
    build = module("guard60_build", SET / "build.py")
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
        assert row["lang"] in ("en", "zh")
        assert str(row["id"]) not in seen_ids and str(row["text"]) not in seen_texts
        seen_ids.add(str(row["id"]))
        seen_texts.add(str(row["text"]))


def test_half_follows_the_corpus_and_sizes_hold() -> None:
    """The split is by corpus (source and suite, README); each half has attacks and benign
    texts; the set has at least 150 attacks and 150 benign texts and no corpus gives half of
    the attacks."""
    halves: dict[str, set[str]] = {}
    attacks: dict[str, int] = {}
    labels: set[tuple[str, str]] = set()
    for row in rows():
        halves.setdefault(corpus(row), set()).add(str(row["split"]))
        labels.add((str(row["split"]), str(row["label"])))
        if row["label"] == "attack":
            attacks[corpus(row)] = attacks.get(corpus(row), 0) + 1
    assert all(len(h) == 1 for h in halves.values()), halves
    assert labels == {(h, lab) for h in ("dev", "test") for lab in ("attack", "benign")}
    total = sum(attacks.values())
    assert total >= 150
    assert sum(1 for r in rows() if r["label"] == "benign") >= 150
    assert max(attacks.values()) < 0.5 * total, attacks


def test_rule_drops_fixed_replies_and_keeps_clean_trajectories_benign() -> None:
    """The harness's "reply with exactly" objectives are left out (rule), and a SkillJack
    trajectory is an attack exactly when its file is not a clean one."""
    texts = [str(r["text"]) for r in rows()]
    assert not any(t.startswith("reply with exactly") for t in texts)
    for row in rows():
        if str(row["suite"]).startswith("skilljack"):
            clean = "/clean_trajectories" in str(row["path"])
            assert (row["label"] == "benign") is clean, row["id"]


def test_bench_reads_set_60_with_its_dev_half_opened() -> None:
    """Round 61 opened set 60's dev half; its test half stays counts only."""
    bench = module("guard_bench_for_set60", ROOT / "bench/guard.py")
    assert bench.OWN["set 60"] == SET / "set.jsonl"
    assert "set 60" not in bench.SEALED
    assert "counts only" in bench.TEST_NOTE["set 60"]
