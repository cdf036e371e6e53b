"""Codex's layers below and above the user's config.toml (codex-rs/core/src/config_loader):
``/etc/codex/config.toml`` under ``$CODEX_HOME/config.toml``, ``managed_config.toml`` over
every layer, project ones too. ``MEMDIR_CODEX_SYSTEM_DIR`` stands in for ``/etc/codex``."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from memdir.core.config import load_settings
from memdir.engine import Memdir
from test_corpus import person  # noqa: F401

pytestmark = pytest.mark.usefixtures("person")  # HOME: a scratch folder


def _repo(tmp_path: Path) -> Path:
    root = (tmp_path / "repo").resolve()
    root.mkdir(parents=True, exist_ok=True)
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    (root / "AGENTS.md").write_text("a" * 100, encoding="utf-8")
    return root


def _open(tmp_path: Path, cwd: Path, *, user: str = "", system: str | None = None,
          managed: str | None = None, etc: Path | None = None) -> Memdir:  # fmt: skip
    cx = tmp_path / "cx"
    cx.mkdir(exist_ok=True)
    (cx / "config.toml").write_text(user, encoding="utf-8")
    etc = etc or tmp_path / "etc-codex"
    for name, text in (("config.toml", system), ("managed_config.toml", managed)):
        if text is not None:
            etc.mkdir(exist_ok=True)
            (etc / name).write_text(text, encoding="utf-8")
    env = {
        "MEMDIR_MANAGED_DIR": str(tmp_path / "managed"),
        "CODEX_HOME": str(cx),
        "MEMDIR_CODEX_SYSTEM_DIR": str(etc),
    }
    return Memdir(load_settings(tmp_path / "memhome", cwd, environ=env))


def _agents(md: Memdir) -> dict[str, str]:
    found, _ = md.instructions()
    return {
        i.path.relative_to(md.checkout_root).as_posix(): i.text
        for i in found
        if i.reader == "codex" and i.scope == "project"
    }


def _said(md: Memdir) -> str:
    _, notes = md.instructions()
    return "\n".join(f"{n.subject}: {n.reason}" for n in notes)


def test_the_system_config_is_under_the_users(tmp_path: Path) -> None:
    root = _repo(tmp_path)
    (root / "AGENTS.md").unlink()
    (root / "TEAM.md").write_text("t" * 100, encoding="utf-8")
    system = 'project_doc_max_bytes = 10\nproject_doc_fallback_filenames = ["TEAM.md"]\n'
    md = _open(tmp_path, root, system=system)
    assert _agents(md) == {"TEAM.md": "t" * 10}
    assert str(tmp_path / "etc-codex" / "config.toml") in _said(md)  # the budget's source
    assert _agents(_open(tmp_path, root, system=system, user="project_doc_max_bytes = 20\n")) == {
        "TEAM.md": "t" * 20
    }


def test_the_system_config_sets_root_markers_and_trust(tmp_path: Path) -> None:
    root = _repo(tmp_path)
    (root / "pkg").mkdir()
    (root / "pkg" / "marker").touch()
    (root / "pkg" / "AGENTS.md").write_text("p" * 100, encoding="utf-8")
    (root / "pkg" / ".codex").mkdir()
    (root / "pkg" / ".codex" / "config.toml").write_text("project_doc_max_bytes = 7\n")
    system = (
        f'project_root_markers = ["marker"]\n[projects."{root / "pkg"}"]\ntrust_level = "trusted"\n'
    )
    md = _open(tmp_path, root / "pkg", system=system)
    assert _agents(md) == {"pkg/AGENTS.md": "p" * 7}  # root: pkg; its config trusted


def test_the_managed_config_is_over_every_layer(tmp_path: Path) -> None:
    root = _repo(tmp_path)
    (root / ".codex").mkdir()
    (root / ".codex" / "config.toml").write_text("project_doc_max_bytes = 30\n")
    user = f'project_doc_max_bytes = 20\n[projects."{root}"]\ntrust_level = "trusted"\n'
    assert _agents(_open(tmp_path, root, user=user)) == {"AGENTS.md": "a" * 30}
    md = _open(tmp_path, root, user=user, managed="project_doc_max_bytes = 5\n")
    assert _agents(md) == {"AGENTS.md": "a" * 5}
    assert "managed_config.toml" in _said(md)


def test_an_unreadable_system_layer_is_a_note_and_the_users_config_stays(
    tmp_path: Path,
) -> None:
    root = _repo(tmp_path)
    user = "project_doc_max_bytes = 20\n"
    md = _open(tmp_path, root, user=user, system="not toml = = 1\n", managed="x = [\n")
    assert _agents(md) == {"AGENTS.md": "a" * 20}
    said = _said(md)
    assert "etc-codex/config.toml: cannot be read" in said
    assert "managed_config.toml: cannot be read" in said and "memdir leaves it out" in said
    bad = _open(tmp_path, root, user=user, system="project_doc_max_bytes = -1\n")
    assert _agents(bad) == {"AGENTS.md": "a" * 20}
    assert "project_doc_max_bytes is not a number of bytes; memdir leaves it out" in _said(bad)
    a_file = tmp_path / "a-file"
    a_file.write_text("not a folder\n", encoding="utf-8")
    md = _open(tmp_path, root, user=user, etc=a_file)  # the variable names a file
    assert _agents(md) == {"AGENTS.md": "a" * 20}
    assert f"{a_file}/config.toml: cannot be read" in _said(md)
