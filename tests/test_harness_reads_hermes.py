"""What memdir leaves out of Hermes's block is what Hermes itself loads: checked against
Hermes's own ``build_context_files_prompt`` (hermes-agent 0.19.0) on every real
repository's tree (tests/fixtures/real), from every folder that holds an instruction file.

Runs where hermes-agent is importable: `make test-hermes` (the bench venv)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("agent.prompt_builder", reason="hermes-agent is not installed here")

from agent.prompt_builder import build_context_files_prompt

import memdir
from test_corpus import REPOS, _folders, materialize

pytestmark = pytest.mark.hermes  # needs hermes-agent: run by `make test-hermes`

_LEAD = "should be followed:\n\n"


def _hermes_file(cwd: Path) -> Path | None:
    """The project file Hermes's own prompt builder loads from ``cwd`` (None: none)."""
    prompt = build_context_files_prompt(cwd=str(cwd), skip_soul=True)
    if not prompt:
        return None
    section = prompt.split(_LEAD, 1)[1]
    for name in ("AGENTS.md", "agents.md", "CLAUDE.md", "claude.md"):
        if section.startswith(f"## {name}\n"):
            return (cwd / name).resolve()
    return Path("(another: .hermes.md or .cursorrules)")


def _section(path: Path) -> str:
    """The part Hermes cuts when it is over 20,000 characters (its floor)."""
    return f"## {path.name}\n\n{path.read_text(encoding='utf-8').strip()}"


@pytest.mark.parametrize("fixture", REPOS, ids=lambda p: p.name)
def test_memdir_spares_hermes_exactly_the_file_hermes_loads(
    fixture: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "person"))
    monkeypatch.setenv("HERMES_HOME", str(tmp_path / "hermes"))
    root = materialize(fixture, tmp_path / "checkout").resolve()
    checked = 0
    for cwd in _folders(root):
        found = memdir.open(tmp_path / "memhome", cwd).instructions()[0]
        theirs = [i for i in found if "hermes" in i.loaded_by]
        loaded = _hermes_file(cwd)
        shown = {i.path.resolve() for i in found}
        whole = loaded is not None and loaded.is_file() and len(_section(loaded)) <= 20_000
        if loaded in shown and whole:
            assert [i.path.resolve() for i in theirs] == [loaded], cwd
            prompt = build_context_files_prompt(cwd=str(cwd), skip_soul=True)
            assert theirs[0].text.strip() in prompt, cwd  # whole in Hermes's prompt
            checked += 1
        else:
            assert theirs == [], (cwd, loaded)
    long = [p for p in (root / "AGENTS.md", root / "CLAUDE.md") if p.is_file()]
    if long and len(_section(long[0])) <= 20_000 and not (root / "AGENTS.override.md").exists():
        assert checked  # from the root at least, Hermes loads a file memdir shows
