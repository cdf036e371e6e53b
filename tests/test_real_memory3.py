"""Issue 13, bench/data/real_memory3: the third held-out set of real instruction files parses,
matches its manifest and SOURCES3, and keeps its split honest: no repository on both sides,
none from an earlier set. Only ids, repositories, paths and halves are read, never a text
shown (the test half is counts only)."""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "bench/data/real_memory3"
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
    assert len(rows) >= 400
    assert [r["id"] for r in rows] == [f"real3-{i:04d}" for i in range(1, len(rows) + 1)]
    for r in rows:
        assert list(r) == FIELDS, r["id"]
        assert r["half"] in ("dev", "test"), r["id"]
        assert re.fullmatch(r"[0-9a-f]{40}", r["commit"]), r["id"]
        assert len(r["text"].strip()) >= 40 and r["text"] == r["text"].strip(), r["id"]
        assert all(part in PERMISSIVE for part in r["license"].split(" OR ")), r["id"]


def test_manifest_readme_and_sources3_agree() -> None:
    rm = _module()
    rows = _rows()
    manifest = json.loads((DATA / "manifest.json").read_text(encoding="utf-8"))
    per_file = Counter((r["repo"], r["path"]) for r in rows)
    assert {(m["repo"], m["path"]): m["entries"] for m in manifest} == dict(per_file)
    listed = [(repo, lic, path) for repo, lic, paths in rm.SOURCES3 for path in paths]
    assert [(m["repo"], m["license"], m["path"]) for m in manifest] == listed
    assert rm.SETS["real_memory3"] == ("real3", rm.SOURCES3)
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
    earlier = {repo for repo, _, _ in rm.SOURCES + rm.SOURCES2}
    for name in ("real_memory", "real_memory2"):
        with (ROOT / f"bench/data/{name}/texts.jsonl").open(encoding="utf-8") as f:
            earlier |= {json.loads(line)["repo"] for line in f}
    ours = {repo.lower() for repo in sides}  # GitHub names are case-insensitive
    assert len(ours) == len(sides)
    assert not {repo.lower() for repo in earlier} & ours, sorted(earlier & set(sides))


def test_at_least_a_hundred_texts_are_not_in_english() -> None:
    """Counted by script only (Han, kana, Hangul, Cyrillic): the Latin-script languages of the
    set (Portuguese, Spanish, German) come on top."""
    script = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af\u0400-\u04ff]")
    assert sum(len(script.findall(r["text"])) >= 20 for r in _rows()) >= 100
