"""Issue 13, bench/data/real_memory3, real_memory4 and real_memory5: the held-out sets of real
instruction files parse, match their manifests and SOURCES3/4/5, and keep their splits honest: no
repository on both sides, none from an earlier set, one permissive licence per repository.
Only ids, repositories, paths, licences and halves are read, never a text shown (the test
halves are counts only)."""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
PERMISSIVE = {"MIT", "Apache-2.0", "BSD-2-Clause", "BSD-3-Clause", "ISC", "CC0-1.0", "Unlicense"}
FIELDS = ["id", "repo", "commit", "path", "license", "kind", "part", "half", "text"]
# set: (id prefix, sources' name, the sets before it, least texts, least texts not in Latin)
SETS = {
    "real_memory3": ("real3", "SOURCES3", ("real_memory", "real_memory2"), 400, 100),
    "real_memory4": (
        "real4",
        "SOURCES4",
        ("real_memory", "real_memory2", "real_memory3"),
        1500,
        200,
    ),
    "real_memory5": (
        "real5",
        "SOURCES5",
        ("real_memory", "real_memory2", "real_memory3", "real_memory4"),
        1500,
        300,
    ),
}
ALL_SETS = ("real_memory", "real_memory2", "real_memory3", "real_memory4", "real_memory5")
each_set = pytest.mark.parametrize("name", sorted(SETS))


def _rows(name: str) -> list[dict[str, Any]]:
    with (ROOT / "bench/data" / name / "texts.jsonl").open(encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def _manifest(name: str) -> list[dict[str, Any]]:
    text = (ROOT / "bench/data" / name / "manifest.json").read_text(encoding="utf-8")
    return list(json.loads(text))


def _module() -> Any:
    sys.path.insert(0, str(ROOT / "bench"))
    import real_memory  # type: ignore[import-not-found]

    return real_memory


def _sources(name: str) -> list[tuple[str, str, list[str]]]:
    return list(getattr(_module(), SETS[name][1]))


@each_set
def test_every_row_parses_with_the_set_schema(name: str) -> None:
    short, _, _, least, _ = SETS[name]
    rows = _rows(name)
    assert least <= len(rows) <= 2500
    assert [r["id"] for r in rows] == [f"{short}-{i:04d}" for i in range(1, len(rows) + 1)]
    for r in rows:
        assert list(r) == FIELDS, r["id"]
        assert r["half"] in ("dev", "test"), r["id"]
        assert re.fullmatch(r"[0-9a-f]{40}", r["commit"]), r["id"]
        assert len(r["text"].strip()) >= 40 and r["text"] == r["text"].strip(), r["id"]
        assert all(part in PERMISSIVE for part in r["license"].split(" OR ")), r["id"]


@each_set
def test_manifest_readme_and_sources_agree(name: str) -> None:
    rows, manifest, sources = _rows(name), _manifest(name), _sources(name)
    per_file = Counter((r["repo"], r["path"]) for r in rows)
    assert {(m["repo"], m["path"]): m["entries"] for m in manifest} == dict(per_file)
    listed = [(repo, lic, path) for repo, lic, paths in sources for path in paths]
    assert [(m["repo"], m["license"], m["path"]) for m in manifest] == listed
    assert _module().SETS[name] == (SETS[name][0], getattr(_module(), SETS[name][1]))
    readme = (ROOT / "bench/data" / name / "README.md").read_text(encoding="utf-8")
    assert f"{len(rows)} texts cut from {len(manifest)} files" in readme
    for m in manifest:
        assert f"| {m['repo']} | `{m['commit'][:12]}` | `{m['path']}` | {m['license']} |" in readme


@each_set
def test_split_is_by_repository_and_no_repository_is_reused(name: str) -> None:
    rm = _module()
    sides: dict[str, set[str]] = {}
    for r in _rows(name):
        sides.setdefault(r["repo"], set()).add(r["half"])
        assert r["half"] == rm.half(r["repo"]), r["id"]
    assert all(len(s) == 1 for s in sides.values())  # no repository in both halves
    assert {h for s in sides.values() for h in s} == {"dev", "test"}
    assert len(sides) >= 25
    before = SETS[name][2]
    earlier = {repo for n in before if n in SETS for repo, _, _ in _sources(n)}
    earlier |= {repo for repo, _, _ in rm.SOURCES + rm.SOURCES2}
    for n in before:
        earlier |= {r["repo"] for r in _rows(n)}
    ours = {repo.lower() for repo in sides}  # GitHub names are case-insensitive
    assert len(ours) == len(sides)
    assert not {repo.lower() for repo in earlier} & ours, sorted(earlier & set(sides))


@each_set
def test_enough_texts_are_not_in_english(name: str) -> None:
    """Counted by script only (Han, kana, Hangul, Cyrillic): the Latin-script languages of a
    set (Portuguese, Spanish, German) come on top."""
    script = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af\u0400-\u04ff]")
    assert sum(len(script.findall(r["text"])) >= 20 for r in _rows(name)) >= SETS[name][4]


@each_set
def test_one_permissive_licence_per_repository(name: str) -> None:
    per_repo: dict[str, set[str]] = {}
    for m in _manifest(name):
        per_repo.setdefault(m["repo"], set()).add(m["license"])
    assert all(len(lics) == 1 for lics in per_repo.values()), per_repo
    listed = {repo: lic for repo, lic, _ in _sources(name)}
    assert listed == {repo: next(iter(lics)) for repo, lics in per_repo.items()}
    for lic in set(listed.values()):
        assert all(part in PERMISSIVE - {"CC0-1.0", "Unlicense"} for part in lic.split(" OR "))


@pytest.mark.parametrize("name", ALL_SETS)
def test_every_rows_kind_is_the_kind_of_its_path(name: str) -> None:
    """kind() grew with each set; an earlier set's rows must keep the kind they were cut with."""
    kind = _module().kind
    wrong = [(r["id"], r["path"]) for r in _rows(name) if kind(r["path"]) != r["kind"]]
    assert not wrong, wrong[:5]


def test_fifth_set_names_no_repository_of_the_guard_and_real_fixtures() -> None:
    """real_memory5 was also kept clear of guard62's sources and tests/fixtures/real."""
    named = (ROOT / "bench/data/guard62/README.md").read_text(encoding="utf-8").lower()
    real = ROOT / "tests/fixtures/real"
    named += "\n".join(p.name.replace("__", "/", 1) for p in real.iterdir()).lower()
    for readme in real.glob("README*"):
        named += readme.read_text(encoding="utf-8").lower()
    repos = {repo.lower() for repo, _, _ in _sources("real_memory5")}
    assert len(repos) >= 25
    assert not {repo for repo in repos if repo in named}
