"""Issue 13, bench/data/real_memory4: the fourth held-out set of real instruction files parses,
matches its manifest and SOURCES4, and keeps its split honest: no repository on both sides,
none from an earlier set, only permissive licences. Only ids, repositories, paths, licences
and halves are read, never a text shown (the test half is counts only)."""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "bench/data/real_memory4"
PERMISSIVE = {"MIT", "Apache-2.0", "BSD-2-Clause", "BSD-3-Clause", "ISC", "CC0-1.0", "Unlicense"}
FIELDS = ["id", "repo", "commit", "path", "license", "kind", "part", "half", "text"]


def _rows() -> list[dict[str, Any]]:
    with (DATA / "texts.jsonl").open(encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def _module() -> Any:
    sys.path.insert(0, str(ROOT / "bench"))
    import real_memory  # type: ignore[import-not-found]

    return real_memory


def test_every_row_parses_with_the_set_schema() -> None:
    rows = _rows()
    assert 1500 <= len(rows) <= 2500
    assert [r["id"] for r in rows] == [f"real4-{i:04d}" for i in range(1, len(rows) + 1)]
    for r in rows:
        assert list(r) == FIELDS, r["id"]
        assert r["half"] in ("dev", "test"), r["id"]
        assert re.fullmatch(r"[0-9a-f]{40}", r["commit"]), r["id"]
        assert len(r["text"].strip()) >= 40 and r["text"] == r["text"].strip(), r["id"]
        assert all(part in PERMISSIVE for part in r["license"].split(" OR ")), r["id"]


def test_manifest_readme_and_sources4_agree() -> None:
    rm = _module()
    rows = _rows()
    manifest = json.loads((DATA / "manifest.json").read_text(encoding="utf-8"))
    per_file = Counter((r["repo"], r["path"]) for r in rows)
    assert {(m["repo"], m["path"]): m["entries"] for m in manifest} == dict(per_file)
    listed = [(repo, lic, path) for repo, lic, paths in rm.SOURCES4 for path in paths]
    assert [(m["repo"], m["license"], m["path"]) for m in manifest] == listed
    assert rm.SETS["real_memory4"] == ("real4", rm.SOURCES4)
    readme = (DATA / "README.md").read_text(encoding="utf-8")
    assert f"{len(rows)} texts cut from {len(manifest)} files" in readme
    for m in manifest:
        assert f"| {m['repo']} | `{m['commit'][:12]}` | `{m['path']}` | {m['license']} |" in readme


def test_split_is_by_repository_and_no_repository_is_reused() -> None:
    rm = _module()
    rows = _rows()
    sides: dict[str, set[str]] = {}
    for r in rows:
        sides.setdefault(r["repo"], set()).add(r["half"])
        assert r["half"] == rm.half(r["repo"]), r["id"]
    assert all(len(s) == 1 for s in sides.values())  # no repository in both halves
    assert {h for s in sides.values() for h in s} == {"dev", "test"}
    assert len(sides) >= 25
    earlier = {repo for repo, _, _ in rm.SOURCES + rm.SOURCES2 + rm.SOURCES3}
    for name in ("real_memory", "real_memory2", "real_memory3"):
        with (ROOT / f"bench/data/{name}/texts.jsonl").open(encoding="utf-8") as f:
            earlier |= {json.loads(line)["repo"] for line in f}
    ours = {repo.lower() for repo in sides}  # GitHub names are case-insensitive
    assert len(ours) == len(sides)
    assert not {repo.lower() for repo in earlier} & ours, sorted(earlier & set(sides))


def test_at_least_a_hundred_texts_are_not_in_english() -> None:
    """Counted by script only (Han, kana, Hangul, Cyrillic): the Latin-script languages of the
    set (German, Portuguese) come on top."""
    script = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af\u0400-\u04ff]")
    assert sum(len(script.findall(r["text"])) >= 20 for r in _rows()) >= 200


def test_licences_are_permissive_and_the_same_for_every_file_of_a_repository() -> None:
    rm = _module()
    manifest = json.loads((DATA / "manifest.json").read_text(encoding="utf-8"))
    per_repo: dict[str, set[str]] = {}
    for m in manifest:
        per_repo.setdefault(m["repo"], set()).add(m["license"])
    assert all(len(lics) == 1 for lics in per_repo.values()), per_repo
    listed = {repo: lic for repo, lic, _ in rm.SOURCES4}
    assert listed == {repo: next(iter(lics)) for repo, lics in per_repo.items()}
    for lic in {lic for _, lic, _ in rm.SOURCES4}:
        assert all(part in PERMISSIVE - {"CC0-1.0", "Unlicense"} for part in lic.split(" OR "))
