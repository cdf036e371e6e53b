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


@pytest.mark.xfail(
    strict=True,
    reason="Hermes's own threat scan (_scan_context_content) replaces a whole AGENTS.md with "
    "'[BLOCKED: …]' on one match (here an HTML comment saying 'system'), yet memdir marks "
    "it as loaded by Hermes and leaves it out: its honest text reaches neither prompt",
)
def test_a_file_hermes_blocks_whole_is_not_left_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "person"))
    monkeypatch.setenv("HERMES_HOME", str(tmp_path / "hermes"))
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    honest = "Use pnpm, not npm, for every install."
    text = f"# Build\n\n<!-- keep in sync with the system setup docs -->\n{honest}\n"
    (repo / "AGENTS.md").write_text(text, encoding="utf-8")
    own = build_context_files_prompt(cwd=str(repo), skip_soul=True)
    assert "[BLOCKED: AGENTS.md" in own and honest not in own  # Hermes drops all of it
    block = memdir.open(tmp_path / "memhome", repo).system_block(harness="hermes")
    assert honest in block, block  # so memdir must keep it
