"""Codex's settings as Codex layers them (codex-rs/core/src/config_loader, agents_md.rs):
``project_root_markers`` from the system and user configs only, a trusted project's own
``.codex/config.toml`` on top (the closest folder wins), and fallback names joined to the
folder. A project's config may come from a stranger's clone: whatever it holds, memdir
says what it left out and never reads outside the project."""

from __future__ import annotations

import string
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
    (root / "sub").mkdir(parents=True, exist_ok=True)
    if not (root / ".git").exists():
        subprocess.run(["git", "init", "-q", str(root)], check=True)
    return root


def _open(tmp_path: Path, cwd: Path, user: str = "") -> Memdir:
    cx = tmp_path / "cx"
    cx.mkdir(exist_ok=True)
    (cx / "config.toml").write_text(user, encoding="utf-8")
    env = {"MEMDIR_MANAGED_DIR": str(tmp_path / "managed"), "CODEX_HOME": str(cx)}
    return Memdir(load_settings(tmp_path / "memhome", cwd, environ=env))


def _trusted(root: Path) -> str:
    return f'[projects."{root}"]\ntrust_level = "trusted"\n'


def _agents(md: Memdir) -> dict[str, str]:
    found, _ = md.instructions()
    root = md.checkout_root
    return {
        i.path.relative_to(root).as_posix(): i.text
        for i in found
        if i.reader == "codex" and i.scope == "project"
    }


def _said(md: Memdir) -> str:
    _, notes = md.instructions()
    return "\n".join(f"{n.subject}: {n.reason}" for n in notes)


def test_untrusted_project_config_is_not_read_and_the_note_says_how_to_trust_it(
    tmp_path: Path,
) -> None:
    root = _repo(tmp_path)
    (root / "AGENTS.md").write_text("x" * 100, encoding="utf-8")
    (root / ".codex").mkdir()
    (root / ".codex" / "config.toml").write_text("project_doc_max_bytes = 10\n")
    md = _open(tmp_path, root)
    assert _agents(md) == {"AGENTS.md": "x" * 100}
    said = _said(md)
    assert "not read, as Codex does not read it" in said and 'trust_level = "trusted"' in said
    untrusted = _trusted(root).replace('"trusted"\n', '"untrusted"\n')
    assert _agents(_open(tmp_path, root, untrusted)) == {"AGENTS.md": "x" * 100}
    assert _agents(_open(tmp_path, root, _trusted(root))) == {"AGENTS.md": "x" * 10}


def test_closest_trusted_layer_wins_and_the_git_root_trust_covers_subfolders(
    tmp_path: Path,
) -> None:
    root = _repo(tmp_path)
    (root / "AGENTS.md").write_text("r" * 50, encoding="utf-8")
    (root / "sub" / "AGENTS.md").write_text("s" * 50, encoding="utf-8")
    (root / ".codex").mkdir()
    (root / ".codex" / "config.toml").write_text("project_doc_max_bytes = 60\n")
    (root / "sub" / ".codex").mkdir()
    (root / "sub" / ".codex" / "config.toml").write_text("project_doc_max_bytes = 70\n")
    md = _open(tmp_path, root / "sub", _trusted(root))
    assert _agents(md) == {"AGENTS.md": "r" * 50, "sub/AGENTS.md": "s" * 20}
    assert "sub/.codex/config.toml" in _said(md)  # the budget's source is named


def test_project_root_markers_in_a_project_config_are_ignored_as_codex_ignores_them(
    tmp_path: Path,
) -> None:
    """Codex finds the project root from the system and user layers only: a repository
    cannot move its own root."""
    root = _repo(tmp_path)
    (root / "AGENTS.md").write_text("root", encoding="utf-8")
    (root / "sub" / "AGENTS.md").write_text("sub", encoding="utf-8")
    (root / ".codex").mkdir()
    (root / ".codex" / "config.toml").write_text("project_root_markers = []\n")
    md = _open(tmp_path, root / "sub", _trusted(root))
    assert list(_agents(md)) == ["AGENTS.md", "sub/AGENTS.md"]
    md = _open(tmp_path, root / "sub", "project_root_markers = []\n")
    assert list(_agents(md)) == ["sub/AGENTS.md"]


def test_no_marker_found_reads_only_the_working_folder(tmp_path: Path) -> None:
    root = _repo(tmp_path)
    (root / "AGENTS.md").write_text("root", encoding="utf-8")
    (root / "sub" / "AGENTS.md").write_text("sub", encoding="utf-8")
    md = _open(tmp_path, root / "sub", 'project_root_markers = ["no-such-marker"]\n')
    assert list(_agents(md)) == ["sub/AGENTS.md"]


@pytest.mark.parametrize(
    "name",
    ["../outside.md", "/etc/hostname", "sub/../../outside.md", "~/outside.md", "..\\outside.md"],
)
def test_fallback_names_leaving_the_folder_are_refused_with_a_note(
    tmp_path: Path, name: str
) -> None:
    root = _repo(tmp_path)
    (tmp_path / "outside.md").write_text("SECRET outside the project", encoding="utf-8")
    (root / "sub" / ".codex").mkdir()
    (root / "sub" / ".codex" / "config.toml").write_text(
        f"project_doc_fallback_filenames = [{name!r}]\n".replace("'", '"').replace("\\", "\\\\")
    )
    md = _open(tmp_path, root / "sub", _trusted(root))
    found, notes = md.instructions()
    assert not any("SECRET" in i.text for i in found)
    assert any("not used" in n.reason and "no '..'" in n.reason and n.warning for n in notes)


def test_a_nested_fallback_name_through_a_link_out_of_the_checkout_is_refused(
    tmp_path: Path,
) -> None:
    root = _repo(tmp_path)
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "AGENTS.md").write_text("SECRET", encoding="utf-8")
    (root / ".agents").symlink_to(tmp_path / "elsewhere")
    md = _open(tmp_path, root, 'project_doc_fallback_filenames = [".agents/AGENTS.md"]\n')
    found, notes = md.instructions()
    assert not any("SECRET" in i.text for i in found)
    assert any("outside the folders" in n.reason for n in notes)


_VALUES = st.recursive(
    st.none().map(lambda _: "true")
    | st.integers(min_value=-(2**70), max_value=2**70).map(str)
    | st.text(alphabet=string.printable, max_size=12).map(
        lambda t: '"' + t.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
    ),
    lambda inner: st.lists(inner, max_size=4).map(lambda xs: "[" + ", ".join(xs) + "]"),
    max_leaves=8,
)


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    key=st.sampled_from(
        ["project_doc_max_bytes", "project_doc_fallback_filenames", "project_root_markers"]
    ),
    value=_VALUES,
)
def test_any_value_in_a_trusted_clone_config_gives_notes_not_tracebacks(
    tmp_path: Path, key: str, value: str
) -> None:
    root = _repo(tmp_path)
    (root / "AGENTS.md").write_text("kept", encoding="utf-8")
    (root / ".codex").mkdir(exist_ok=True)
    (root / ".codex" / "config.toml").write_text(f"{key} = {value}\n", encoding="utf-8")
    md = _open(tmp_path, root, _trusted(root))
    found, notes = md.instructions()  # never raises
    assert all(n.reason for n in notes)
    for item in found:
        assert root in item.path.resolve().parents or item.scope != "project"


def test_huge_lists_are_cut_with_a_note(tmp_path: Path) -> None:
    root = _repo(tmp_path)
    names = ", ".join(f'"F{i}.md"' for i in range(5_000))
    (root / ".codex").mkdir()
    (root / ".codex" / "config.toml").write_text(f"project_doc_fallback_filenames = [{names}]\n")
    (root / "F3.md").write_text("three", encoding="utf-8")
    md = _open(tmp_path, root, _trusted(root))
    assert _agents(md) == {"F3.md": "three"}
    assert "lists 5,000 names; memdir uses the first 256" in _said(md)
    markers = ", ".join(f'"m{i}"' for i in range(5_000))
    md = _open(tmp_path, root, f"project_root_markers = [{markers}]\n")
    assert "project_root_markers lists 5,000 names" in _said(md)
    md = _open(tmp_path, root, 'project_root_markers = ".git"\n')
    assert "project_root_markers must be a list of names" in _said(md)


def test_codex_home_inside_the_project_is_the_user_layer_not_a_project_one(
    tmp_path: Path,
) -> None:
    """Codex skips a folder's .codex when it is $CODEX_HOME (someone working in their home
    folder): its config.toml is the user's, read once, with no trust asked."""
    root = _repo(tmp_path)
    (root / "AGENTS.md").write_text("x" * 100, encoding="utf-8")
    (root / ".codex").mkdir()
    (root / ".codex" / "config.toml").write_text("project_doc_max_bytes = 10\n")
    env = {"MEMDIR_MANAGED_DIR": str(tmp_path / "managed"), "CODEX_HOME": str(root / ".codex")}
    md = Memdir(load_settings(tmp_path / "memhome", root, environ=env))
    assert _agents(md) == {"AGENTS.md": "x" * 10}
    assert "not a trusted project" not in _said(md)
