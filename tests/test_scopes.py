"""Where scopes live: project roots, worktrees, slugs, and the home/project overlap."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import memdir
from memdir.core.config import load_settings
from memdir.core.errors import BudgetError, MemdirError, ParseError
from memdir.core.scopes import find_project_root, project_slug


def git(*args: str, cwd: Path) -> None:
    subprocess.run(
        ["git", *args],
        cwd=cwd,
        check=True,
        capture_output=True,
        env={
            **os.environ,
            "GIT_AUTHOR_NAME": "t",
            "GIT_AUTHOR_EMAIL": "t@t",
            "GIT_COMMITTER_NAME": "t",
            "GIT_COMMITTER_EMAIL": "t@t",
        },
    )


def test_worktrees_and_subfolders_share_the_main_checkouts_scope(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    (repo / "src" / "deep").mkdir(parents=True)
    git("init", "-q", cwd=repo)
    (repo / "f").write_text("x")
    git("add", "f", cwd=repo)
    git("commit", "-qm", "init", cwd=repo)
    git("worktree", "add", "-q", str(tmp_path / "wt"), cwd=repo)
    assert find_project_root(repo / "src" / "deep") == repo.resolve()
    assert find_project_root(tmp_path / "wt") == repo.resolve()
    home = tmp_path / "home"
    memdir.open(home, tmp_path / "wt").store("local").add(
        type="user", name="Shared", description="d", body="seen from every worktree"
    )
    assert memdir.open(home, repo / "src").find("Shared")[1].body == "seen from every worktree"


def test_slugs_keep_different_projects_apart() -> None:
    pairs = [
        ("/home/u/项目", "/home/u/工作"),
        ("/home/u/my-app", "/home/u/my/app"),
        ("/srv/café", "/srv/cafè"),
        ("/a/" + "x" * 300, "/a/" + "x" * 299 + "y"),
    ]
    for a, b in pairs:
        assert project_slug(Path(a)) != project_slug(Path(b))
    assert project_slug(Path("/home/u/project")) == "-home-u-project"
    assert all(len(project_slug(Path(p))) <= 100 for pair in pairs for p in pair)


def test_project_scope_is_unavailable_where_it_would_be_the_home(tmp_path: Path) -> None:
    md = memdir.open(tmp_path / ".memdir", tmp_path)
    with pytest.raises(MemdirError, match="not available here"):
        md.store("project")
    md.store("local").add(type="user", name="n", description="d", body="b")
    assert not (tmp_path / ".memdir" / "user_n.md").exists()


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        (b"lock_timeout = nan\n", "positive"),
        (b"pinned_budget = -1\n", "positive"),
        (b"pinned_budget = true\n", "positive"),
        (b"colour = 'blue'\n", "unknown setting"),
        (b"pinned_budget = [\n", "invalid TOML"),
        (b"\xff\xfe = 1\n", "not UTF-8"),
        (b"pinned_budget = " + b"9" * 5000 + b"\n", "invalid TOML"),  # past int-to-str's limit
        (b"x = " + b"[" * 5000 + b"]" * 5000 + b"\n", "invalid TOML"),  # deeper than recursion
    ],
)
def test_bad_config_is_a_clear_error(tmp_path: Path, text: bytes, fragment: str) -> None:
    (tmp_path / "config.toml").write_bytes(text)
    with pytest.raises(ParseError, match=fragment):
        load_settings(tmp_path, tmp_path, environ={})


def test_config_is_applied(tmp_path: Path) -> None:
    (tmp_path / "config.toml").write_text("pinned_budget = 500\nlock_timeout = 2.5\n")
    settings = load_settings(tmp_path, tmp_path, environ={})
    assert settings.pinned_budget == 500 and settings.lock_timeout == 2.5


def test_another_projects_local_scope_keeps_the_users_pinned_budget(tmp_path: Path) -> None:
    """Imports and reviews write into other projects' local scopes through ``store_at``; it
    once re-created the store with the default budget."""
    home, project = tmp_path / "home", tmp_path / "project"
    home.mkdir()
    project.mkdir()
    (home / "config.toml").write_text("pinned_budget = 120\n")
    md = memdir.open(home, project)
    other = md.store_at(home / "projects" / "other")
    assert other.pinned_budget == 120
    with pytest.raises(BudgetError):
        other.add(type="user", name="Long", description="d", body="x" * 200, pinned=True)
    assert other.list() == []


@pytest.mark.parametrize("kept", [2, 8])
def test_other_projects_stores_are_shared_by_threads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kept: int
) -> None:
    """The server's threads share a workspace: ``store_at`` from four threads on four
    folders raises nothing, keeps at most OTHERS stores, and while a folder stays kept
    every thread gets the same store for it (review rvpushcpu2: 12 RuntimeErrors, and 11
    stores for one folder, without the lock)."""
    from memdir.core import workspace

    monkeypatch.setattr(workspace, "OTHERS", kept)
    interval = sys.getswitchinterval()
    home = tmp_path / "home"
    home.mkdir()
    md = memdir.open(home, tmp_path)
    folders = [home / "projects" / f"p{i}" for i in range(4)]
    seen: dict[Path, set[int]] = {f: set() for f in folders}
    errors: list[BaseException] = []

    def work() -> None:
        try:
            for i in range(600):
                seen[folders[i % 4]].add(id(md.store_at(folders[i % 4])))
        except BaseException as exc:  # noqa: BLE001 - the test reports any
            errors.append(exc)

    threads = [threading.Thread(target=work) for _ in range(4)]
    sys.setswitchinterval(1e-6)  # threads switch often: races show
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(interval)
    assert errors == []
    assert len(md._others) <= kept
    if kept >= len(folders):
        assert all(len(ids) == 1 for ids in seen.values()), seen


def test_reading_a_memory_never_blocks_on_a_fifo(tmp_path: Path) -> None:
    project = tmp_path / "project"
    project.mkdir()
    os.mkfifo(project / "pipe")
    md = memdir.open(tmp_path / "home", project)
    md.store("local").add(
        type="project",
        name="Symbols",
        description="d",
        body="Calls `do_the_thing()` in `helpers.py`.",
    )
    result: list[str] = []
    reader = threading.Thread(target=lambda: result.append(md.read("Symbols")), daemon=True)
    reader.start()
    reader.join(30)
    assert not reader.is_alive() and "`do_the_thing` appears in no file" in result[0]
