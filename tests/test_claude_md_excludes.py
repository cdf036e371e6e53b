"""Claude Code's ``claudeMdExcludes`` (code.claude.com/docs/en/memory, large-codebases):
globs matched against absolute paths, the arrays of the user, project and local settings
merged; they skip Claude Code's own files (CLAUDE.md, .claude/CLAUDE.md, rules), never
Codex's AGENTS.md, and a cloned repository's settings can only leave files out."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memdir.core.config import load_settings
from memdir.engine import Memdir
from test_corpus import person  # noqa: F401

pytestmark = pytest.mark.usefixtures("person")  # HOME: a scratch folder


def _repo(tmp_path: Path) -> Path:
    root = (tmp_path / "repo").resolve()
    (root / "pkg" / "web").mkdir(parents=True, exist_ok=True)
    (root / ".claude" / "rules").mkdir(parents=True, exist_ok=True)
    if not (root / ".git").exists():
        subprocess.run(["git", "init", "-q", str(root)], check=True)
    for rel in ("CLAUDE.md", "AGENTS.md", "pkg/CLAUDE.md", "pkg/web/CLAUDE.md"):
        (root / rel).write_text(f"text of {rel}\n", encoding="utf-8")
    (root / ".claude" / "rules" / "style.md").write_text("style rule\n", encoding="utf-8")
    return root


def _loaded(tmp_path: Path, cwd: Path) -> tuple[list[str], str]:
    env = {"MEMDIR_MANAGED_DIR": str(tmp_path / "managed"), "CODEX_HOME": str(tmp_path / "cx")}
    md = Memdir(load_settings(tmp_path / "memhome", cwd, environ=env))
    found, notes = md.instructions()
    root = md.checkout_root
    rels = [i.path.relative_to(root).as_posix() for i in found if i.scope == "project"]
    return rels, "\n".join(f"{n.subject}: {n.reason}" for n in notes)


def _settings(folder: Path, name: str, value: object) -> None:
    (folder / ".claude").mkdir(parents=True, exist_ok=True)
    (folder / ".claude" / name).write_text(json.dumps({"claudeMdExcludes": value}), "utf-8")


def test_every_layer_adds_patterns_and_agents_md_stays(tmp_path: Path) -> None:
    root = _repo(tmp_path)
    start = root / "pkg" / "web"
    got, _ = _loaded(tmp_path, start)
    assert got == [
        "AGENTS.md",
        "CLAUDE.md",
        ".claude/rules/style.md",
        "pkg/CLAUDE.md",
        "pkg/web/CLAUDE.md",
    ]
    _settings(root, "settings.json", ["**/web/CLAUDE.md"])
    _settings(root, "settings.local.json", ["**/.claude/rules/*.md"])
    _settings(Path.home(), "settings.json", [f"{root}/pkg/CLAUDE.md"])
    got, said = _loaded(tmp_path, start)
    assert got == ["AGENTS.md", "CLAUDE.md"]
    assert "claudeMdExcludes '**/web/CLAUDE.md'" in said and "settings.json" in said
    _settings(root, "settings.json", ["**/AGENTS.md", "**/CLAUDE.md"])  # Codex's file stays
    got, _ = _loaded(tmp_path, start)
    assert got == ["AGENTS.md"]


def test_bad_values_give_a_note_and_huge_lists_are_cut(tmp_path: Path) -> None:
    root = _repo(tmp_path)
    _settings(root, "settings.json", "**/CLAUDE.md")
    got, said = _loaded(tmp_path, root)
    assert "CLAUDE.md" in got and "claudeMdExcludes must be a list of globs" in said
    _settings(root, "settings.json", [f"**/nothing{i}/CLAUDE.md" for i in range(3_000)])
    got, said = _loaded(tmp_path, root)
    assert "CLAUDE.md" in got and "3,000 patterns; memdir uses the first 256" in said
    (root / ".claude" / "settings.json").write_text("{not json", encoding="utf-8")
    got, _ = _loaded(tmp_path, root)
    assert "CLAUDE.md" in got


_JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=10,
)


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(value=_JSONISH)
def test_any_value_from_a_clone_gives_notes_not_tracebacks(tmp_path: Path, value: object) -> None:
    root = _repo(tmp_path)
    _settings(root, "settings.json", value)
    got, _ = _loaded(tmp_path, root)
    assert "AGENTS.md" in got


def test_a_pattern_matches_the_whole_path_as_claude_codes_glob(tmp_path: Path) -> None:
    """A folder's path without ``/**`` is no pattern for the files under it (Claude Code
    matches the glob against the whole absolute path), so --explain never says Claude
    Code skips a file it reads; ``/**`` does skip them."""
    root = _repo(tmp_path)
    start = root / "pkg" / "web"
    _settings(root, "settings.json", [f"{root}/pkg"])
    got, said = _loaded(tmp_path, start)
    assert "pkg/web/CLAUDE.md" in got and "Claude Code skips" not in said
    _settings(root, "settings.json", [f"{root}/pkg/**"])
    got, said = _loaded(tmp_path, start)
    assert got == ["AGENTS.md", "CLAUDE.md", ".claude/rules/style.md"]
    assert "Claude Code skips" in said


def test_patterns_past_the_token_budget_give_a_note(tmp_path: Path) -> None:
    root = _repo(tmp_path)
    start = root / "pkg" / "web"
    _settings(root, "settings.json", ["**/web/CLAUDE.md", "?" * 4000 + "{a,b}"])
    got, said = _loaded(tmp_path, start)
    assert "pkg/web/CLAUDE.md" not in got and "1 patterns not used" in said
