"""A checkout that moves keeps its memory: the record in each local scope, the orphan
warning on open, ``adopt``, and ``memdir scopes`` through the real CLI."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import memdir
from memdir.core.errors import AdoptError
from memdir.core.origins import RECORD_NAME, read_origin, remote_key
from memdir.core.scopes import project_slug
from memdir.core.storage.git import git_dirs, read_remote

REMOTE = "git@example.com:team/app.git"


def git(*args: str, cwd: Path) -> str:
    proc = subprocess.run(
        ["git", *args],
        cwd=cwd,
        check=True,
        capture_output=True,
        text=True,
        env={
            **os.environ,
            "GIT_AUTHOR_NAME": "t",
            "GIT_AUTHOR_EMAIL": "t@t",
            "GIT_COMMITTER_NAME": "t",
            "GIT_COMMITTER_EMAIL": "t@t",
        },
    )
    return proc.stdout.strip()


def make_repo(path: Path, *, remote: str | None = REMOTE, commit: str | None = "init") -> Path:
    """A real repository with a subfolder, an optional origin and an optional commit."""
    (path / "src").mkdir(parents=True)
    git("init", "-q", cwd=path)
    if remote:
        git("remote", "add", "origin", remote, cwd=path)
    if commit:
        (path / "f").write_text(commit)
        git("add", "f", cwd=path)
        git("commit", "-qm", commit, cwd=path)
    return path.resolve()


def local_dir(home: Path, root: Path) -> Path:
    return home / "projects" / project_slug(root.resolve())


def record(home: Path, root: Path) -> dict[str, object]:
    data: dict[str, object] = json.loads((local_dir(home, root) / RECORD_NAME).read_text())
    return data


def remember(home: Path, where: Path, *names: str) -> list[memdir.Entry]:
    """Add entries to ``where``'s local scope, then open again (which writes the record)."""
    store = memdir.open(home, where).store("local")
    entries = [
        store.add(type="feedback", name=n, description=f"about {n}", body=f"{n}.") for n in names
    ]
    memdir.open(home, where)
    return entries


def moved(tmp_path: Path, repo: Path) -> Path:
    """``mv`` the checkout to a new path."""
    new = tmp_path / "moved-app"
    shutil.move(repo, new)
    return new.resolve()


def test_record_names_path_remote_and_first_commit(tmp_path: Path) -> None:
    home, repo = tmp_path / "home", make_repo(tmp_path / "app")
    remember(home, repo / "src", "From a subfolder")
    assert memdir.open(home, repo).find("subfolder")[0] == "local"  # the root's scope
    first = git("rev-list", "--max-parents=0", "HEAD", cwd=repo)
    assert record(home, repo) == {
        "version": 1,
        "path": str(repo),
        "remote": REMOTE,
        "root_commit": first,
    }
    path = local_dir(home, repo) / RECORD_NAME
    assert path.stat().st_mode & 0o777 == 0o600
    assert [e.id for e in memdir.open(home, repo).store("local").list()] == [
        "feedback_from-a-subfolder"
    ]  # a dot-file is never an entry
    os.utime(repo / ".git" / "config", (1, 1))  # not written in the record's clock tick
    before = path.stat()
    memdir.open(home, repo)  # a current record is left alone
    assert path.stat().st_ino == before.st_ino and path.stat().st_mtime_ns == before.st_mtime_ns


def test_a_worktree_records_the_main_checkout(tmp_path: Path) -> None:
    home, repo = tmp_path / "home", make_repo(tmp_path / "app")
    git("worktree", "add", "-q", str(tmp_path / "wt"), cwd=repo)
    remember(home, tmp_path / "wt", "From a worktree")
    assert record(home, repo)["path"] == str(repo) and record(home, repo)["remote"] == REMOTE
    gitdir, common = git_dirs(tmp_path / "wt") or (None, None)  # `.git` is a file there
    assert gitdir is not None and gitdir.parent.name == "worktrees"
    assert common == repo / ".git" and read_remote(common) == REMOTE


def test_record_follows_the_remote_and_the_first_commit(tmp_path: Path) -> None:
    home, repo = tmp_path / "home", make_repo(tmp_path / "app", remote=None, commit=None)
    remember(home, repo, "Before any commit")
    assert record(home, repo)["root_commit"] is None and record(home, repo)["remote"] is None
    (repo / "f").write_text("x")
    git("add", "f", cwd=repo)
    git("commit", "-qm", "first", cwd=repo)  # the config is unchanged: the record knew
    memdir.open(home, repo)
    assert record(home, repo)["root_commit"] == git("rev-parse", "HEAD", cwd=repo)
    git("remote", "add", "origin", "https://example.com/team/app", cwd=repo)
    memdir.open(home, repo)
    assert record(home, repo)["remote"] == "https://example.com/team/app"


def test_outside_git_the_record_holds_the_folder_and_nothing_warns(tmp_path: Path) -> None:
    home, plain = tmp_path / "home", tmp_path / "plain"
    plain.mkdir()
    remember(home, plain, "Plain")
    assert record(home, plain) == {
        "version": 1,
        "path": str(plain.resolve()),
        "remote": None,
        "root_commit": None,
    }
    other = tmp_path / "other"
    other.mkdir()
    shutil.rmtree(plain)
    assert memdir.open(home, other).warnings == []


def test_moved_checkout_is_found_by_its_remote(tmp_path: Path) -> None:
    home, repo = tmp_path / "home", make_repo(tmp_path / "app")
    remember(home, repo, "Use pnpm", "Tabs")
    new = moved(tmp_path, repo)
    (warning,) = memdir.open(home, new).warnings
    assert f"{local_dir(home, repo)} holds 2 entries from {repo}" in warning
    assert "same remote URL" in warning and warning.endswith(f"memdir scopes --adopt {repo}")
    init = memdir.open(home, new).store("local")  # `memdir init`: a folder, no entries
    init.backend.create()
    init.repair()
    assert memdir.open(home, new).warnings == [warning]
    git("remote", "set-url", "origin", "https://example.com/team/app", cwd=new)
    assert "same remote URL" in memdir.open(home, new / "src").warnings[0]
    git("remote", "set-url", "origin", "https://example.com/team/fork", cwd=new)
    assert "same first commit" in memdir.open(home, new).warnings[0]  # a fork: same history


def test_moved_checkout_without_remote_is_found_by_its_first_commit(tmp_path: Path) -> None:
    home, repo = tmp_path / "home", make_repo(tmp_path / "app", remote=None)
    remember(home, repo, "Use pnpm")
    stranger = make_repo(tmp_path / "stranger", remote=None, commit="something else")
    new = moved(tmp_path, repo)
    assert memdir.open(home, stranger).warnings == []  # a different first commit
    (warning,) = memdir.open(home, new).warnings
    assert "same first commit" in warning and str(repo) in warning


def test_a_checkout_still_in_place_is_no_orphan(tmp_path: Path) -> None:
    home, repo = tmp_path / "home", make_repo(tmp_path / "app")
    remember(home, repo, "Use pnpm")
    clone = tmp_path / "clone"
    git("clone", "-q", str(repo), str(clone), cwd=tmp_path)
    git("remote", "set-url", "origin", REMOTE, cwd=clone)
    assert memdir.open(home, clone).warnings == []
    git("remote", "set-url", "origin", "git@example.com:me/fork.git", cwd=repo)
    assert memdir.open(home, clone).warnings == []  # same first commit: still that checkout
    shutil.rmtree(repo)
    make_repo(repo, remote=None, commit="another project now lives here")
    assert "same remote URL" in memdir.open(home, clone).warnings[0]
    path = local_dir(home, repo) / RECORD_NAME  # a record from before git was installed:
    path.write_text(json.dumps({**record(home, repo), "root_commit": None}))
    assert "same remote URL" in memdir.open(home, clone).warnings[0]  # the remote tells


def test_disabled_memory_records_and_warns_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home, repo = tmp_path / "home", make_repo(tmp_path / "app")
    remember(home, repo, "Use pnpm")
    path = local_dir(home, repo) / RECORD_NAME
    path.unlink()
    monkeypatch.setenv("MEMDIR_DISABLE", "1")
    memdir.open(home, repo)
    assert not path.exists()
    monkeypatch.delenv("MEMDIR_DISABLE")
    memdir.open(home, repo)
    assert path.exists()
    new = moved(tmp_path, repo)
    monkeypatch.setenv("MEMDIR_DISABLE", "1")
    md = memdir.open(home, new)
    assert md.warnings == []  # enabled, it warns (see above)
    with pytest.raises(memdir.DisabledError):
        md.adopt(str(repo))
    assert local_dir(home, repo).is_dir() and not local_dir(home, new).exists()


def test_adopt_moves_the_entries_intact(tmp_path: Path) -> None:
    home, repo = tmp_path / "home", make_repo(tmp_path / "app")
    kept, gone = remember(home, repo, "Use pnpm", "Old rule")
    memdir.open(home, repo).store("local").remove(gone.id)
    old_dir = local_dir(home, repo)
    files = {
        p.relative_to(old_dir): p.read_bytes()
        for p in old_dir.rglob("*.md")
        if p.name != "MEMORY.md"
    }
    (old_dir / "MEMORY.md").write_text("# stale\n")
    new = moved(tmp_path, repo)
    md = memdir.open(home, new)
    memdir.open(home, new).store("local").backend.create()  # an empty current folder
    for name in ("archive", ".staging"):
        (local_dir(home, new) / name).mkdir()
    done = md.adopt(str(repo))
    assert (done.old_folder, done.new_folder) == (old_dir, local_dir(home, new))
    assert (done.old_path, done.active, done.archived, done.set_aside) == (str(repo), 1, 1, None)
    assert not old_dir.exists()
    new_dir = local_dir(home, new)
    assert {
        p.relative_to(new_dir): p.read_bytes()
        for p in new_dir.rglob("*.md")
        if p.name != "MEMORY.md"
    } == files
    store = md.store("local")
    assert [e.id for e in store.list()] == [kept.id]
    assert (new_dir / "MEMORY.md").read_text() == store.render_index()
    assert record(home, new)["path"] == str(new)
    assert not list((home / "projects").glob(".replaced-*"))
    reopened = memdir.open(home, new)
    assert reopened.warnings == [] and reopened.find("pnpm")[1].id == kept.id


def test_adopt_by_folder_name_keeps_an_unknown_file_aside(tmp_path: Path) -> None:
    home, repo = tmp_path / "home", make_repo(tmp_path / "app")
    remember(home, repo, "Use pnpm")
    new = moved(tmp_path, repo)
    memdir.open(home, new).store("local").backend.create()
    (local_dir(home, new) / "notes.txt").write_text("mine")
    done = memdir.open(home, new).adopt(local_dir(home, repo).name)
    assert done.set_aside is not None and (done.set_aside / "notes.txt").read_text() == "mine"
    assert memdir.open(home, new).find("pnpm")[0] == "local"


def test_adopt_refuses_to_mix_two_scopes(tmp_path: Path) -> None:
    home, repo = tmp_path / "home", make_repo(tmp_path / "app")
    remember(home, repo, "Use pnpm", "Tabs")
    new = moved(tmp_path, repo)
    remember(home, new, "Fresh")
    with pytest.raises(AdoptError) as info:
        memdir.open(home, new).adopt(str(repo))
    message = str(info.value)
    assert f"{local_dir(home, new)} already holds 1 entry" in message
    assert f"{local_dir(home, repo)} holds 2 entries" in message and "by hand" in message
    assert len(list(local_dir(home, repo).glob("*_*.md"))) == 2  # untouched
    assert [e.name for e in memdir.open(home, new).store("local").list()] == ["Fresh"]


def test_adopt_errors_name_what_to_do(tmp_path: Path) -> None:
    home, repo = tmp_path / "home", make_repo(tmp_path / "app")
    remember(home, repo, "Use pnpm")
    new = moved(tmp_path, repo)
    md = memdir.open(home, new)
    with pytest.raises(AdoptError) as info:
        md.adopt(str(tmp_path / "never-was-here"))
    assert f"{local_dir(home, repo).name} (was {repo}, 1 entry) [matches this repository]" in str(
        info.value
    )
    with pytest.raises(AdoptError, match="is this project"):
        md.adopt(str(new))
    remember(home, new, "Fresh")
    with pytest.raises(AdoptError, match="own local scope"):
        md.adopt(local_dir(home, new).name)
    assert local_dir(home, repo).is_dir()


@pytest.mark.parametrize(
    "url",
    [
        "git@example.com:team/app.git",
        "https://example.com/team/app",
        "ssh://git@EXAMPLE.com:22/team/app.git/",
        "https://user@example.com/team/app.git",
    ],
)
def test_remote_forms_of_one_repository_compare_equal(url: str) -> None:
    assert remote_key(url) == "example.com/team/app"
    assert remote_key("/srv/git/app.git") == "/srv/git/app" != remote_key(url)


def cli(home: Path, project: Path, *args: str, ok: bool = True) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MEMDIR_HOME": str(home), "NO_COLOR": "1", "COLUMNS": "200"}
    proc = subprocess.run(
        [sys.executable, "-m", "memdir", "-C", str(project), *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert (proc.returncode == 0) == ok, proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr
    return proc


def test_scopes_command_lists_and_adopts(tmp_path: Path) -> None:
    home, repo = tmp_path / "home", make_repo(tmp_path / "app")
    remember(home, repo, "Use pnpm")
    rows = json.loads(cli(home, repo, "scopes", "--json").stdout)
    assert [r["scope"] for r in rows] == ["managed", "user", "project", "local"]
    assert rows[0]["read_only"] and not rows[0]["exists"]
    local = rows[3]
    assert (local["path"], local["exists"], local["active"], local["archived"]) == (
        str(local_dir(home, repo)),
        True,
        1,
        0,
    )
    assert local["origin"]["path"] == str(repo) and local["origin"]["remote"] == REMOTE
    text = cli(home, repo, "scopes").stdout
    assert f"local    1 active, 0 archived, writable at {local_dir(home, repo)}" in text
    assert f"checkout: {repo} (remote {REMOTE})" in text
    new = moved(tmp_path, repo)
    listing = cli(home, new, "scopes")
    assert f"memdir scopes --adopt {repo}" in listing.stderr
    assert "local    not created" in listing.stdout
    unknown = cli(home, new, "scopes", "--adopt", "/nowhere", ok=False)
    assert unknown.stderr.startswith("Error: Found no local scope for /nowhere: ")
    assert f"{local_dir(home, repo).name} (was {repo}, 1 entry)" in unknown.stderr
    adopted = cli(home, new, "scopes", "--adopt", str(repo))
    assert f"to {local_dir(home, new)}: 1 entry, unchanged" in adopted.stdout
    assert adopted.stderr == ""
    after = cli(home, new, "scopes", "--json")
    assert after.stderr == "" and json.loads(after.stdout)[3]["origin"]["path"] == str(new)


def test_the_origin_url_is_read_from_the_git_config(tmp_path: Path) -> None:
    (tmp_path / "config").write_text(
        '[core]\n\tbare = false\n[remote "upstream"]\n\turl = git@example.com:them/app.git\n'
        '[Remote "origin"]\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n'
        '\tURL = "git@example.com:team/a;b.git" ; a comment\n'
    )
    assert read_remote(tmp_path) == "git@example.com:team/a;b.git"
    (tmp_path / "config").write_text('[remote "upstream"]\n\turl = elsewhere\n')
    assert read_remote(tmp_path) is None


def test_adopt_refuses_a_scope_whose_checkout_still_exists_unless_forced(tmp_path: Path) -> None:
    home = tmp_path / "home"
    repo, other = make_repo(tmp_path / "app"), make_repo(tmp_path / "other")
    remember(home, repo, "Use pnpm")
    md = memdir.open(home, other)
    with pytest.raises(AdoptError, match=r"which is still there.*--force"):
        md.adopt(str(repo))
    assert [e.name for e in memdir.open(home, repo).store("local").list()] == ["Use pnpm"]
    done = md.adopt(str(repo), force=True)
    assert done.active == 1 and not local_dir(home, repo).exists()


def test_a_symlinked_record_is_not_read(tmp_path: Path) -> None:
    """A record that is a symlink (a cloned repository may hold one) is no record, even to
    a valid one; a FIFO in its place is none either, without a hang."""
    real, folder = tmp_path / "real.json", tmp_path / "scope"
    real.write_text(json.dumps({"path": "/x"}))
    folder.mkdir()
    (folder / RECORD_NAME).symlink_to(real)
    assert read_origin(folder) is None
    (folder / RECORD_NAME).unlink()
    os.mkfifo(folder / RECORD_NAME)
    assert read_origin(folder) is None


def test_scopes_adopt_json_says_what_moved(tmp_path: Path) -> None:
    """``memdir scopes --adopt OLD --json``: the fields a script reads after a move."""
    home, repo = tmp_path / "home", make_repo(tmp_path / "app")
    remember(home, repo, "Use pnpm", "Use ruff")
    new = moved(tmp_path, repo)
    done = cli(home, new, "scopes", "--adopt", str(repo), "--json")
    assert done.stderr == ""
    assert json.loads(done.stdout) == {
        "old_folder": str(local_dir(home, repo)),
        "new_folder": str(local_dir(home, new)),
        "old_path": str(repo),
        "active": 2,
        "archived": 0,
        "set_aside": None,
        "sessions": 0,  # logged in the old checkout, carried here (mend54w1)
    }
