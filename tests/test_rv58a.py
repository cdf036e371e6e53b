"""Review of the 58 merges as an attacker: a checkout's ignore rules (gi58) against
``git check-ignore`` and a cloned repository's worst case, and bracket classes in globs
(lead) against Claude Code's picomatch and minimatch."""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import memdir
from memdir import Memdir
from memdir.core.config import load_settings
from memdir.core.errors import ParseError, StorageError, ValidationError
from memdir.core.globs import glob_matches
from memdir.core.storage import gitignore
from memdir.core.storage.git import not_ignored
from memdir.pg.remote import Server

needs_git = pytest.mark.skipif(shutil.which("git") is None, reason="needs git, the oracle")


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty checkout; HOME and git's own config files kept out."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "home" / ".config"))
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    root = tmp_path / "repo"
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    yield root


def _git(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@example.org", "-C", str(root), *args],
        capture_output=True,
        text=True,
        check=False,
    )


@needs_git
def test_excludes_file_of_an_unknown_user_is_read_as_none(repo: Path) -> None:
    """``core.excludesFile = ~nobody/ignore`` made ``Path.expanduser`` raise RuntimeError
    through ``not_ignored``: a traceback at every session start that has a
    CLAUDE.local.md or an import. Now that file is read as missing (git stops on it)."""
    _git(repo, "config", "core.excludesFile", "~no-such-user-rv58a/ignore")
    (repo / ".gitignore").write_text("secret.md\n")
    kept, ignored = repo / "CLAUDE.local.md", repo / "secret.md"
    kept.write_text("x")
    ignored.write_text("x")
    assert not_ignored([kept, ignored]) == [kept]


@needs_git
def test_nested_large_ignore_files_cost_a_bounded_work(
    repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """N nested 1 MiB .gitignore files (one git blob: a small clone) and every folder above
    a path matched again against each of them: N*N/2 MiB of wildmatch, 32 s CPU for one
    path at depth 6 (git check-ignore: 0.2 s). Past gitignore.MAX_MATCHES patterns the
    path reads as not ignored, as the checkout's own rules could have said."""
    line = b"*[q]*\n"  # no literal head or tail: every rule runs wildmatch
    data = line * ((gitignore.MAX_FILE_BYTES - 1) // len(line))
    folder = repo
    for _ in range(5):
        (folder / ".gitignore").write_bytes(data)
        folder = folder / "d"
        folder.mkdir()
    target = folder / "CLAUDE.local.md"
    target.write_text("x")
    budget, calls = 500_000, [0]  # 2.9x the rules of one file; today ~15 files' worth
    original = gitignore.wildmatch

    class OverBudget(Exception):
        pass

    def counted(tokens: list[gitignore._Token], text: bytes) -> bool:
        calls[0] += 1
        if calls[0] > budget:  # stop early: the rest would only cost time
            raise OverBudget
        return original(tokens, text)

    monkeypatch.setattr(gitignore, "wildmatch", counted)
    try:
        verdict = not_ignored([target])
    except OverBudget:
        pytest.fail(f"over {budget} wildmatch calls for one path")
    assert verdict == [target]


@needs_git
def test_a_tracked_file_is_not_ignored(repo: Path) -> None:
    """A tracked file is never ignored by git (check-ignore says so without --no-index),
    but not_ignored read the rules alone, so a committed CLAUDE.local.md listed in
    .gitignore afterwards got no 'not ignored by git' warning though every clone shares
    it (mend59p). Untracked, the same rule ignores it; a corrupt index leaves the rules."""
    local = repo / "CLAUDE.local.md"
    local.write_text("my private notes\n")
    assert _git(repo, "add", "CLAUDE.local.md").returncode == 0
    assert _git(repo, "commit", "-q", "-m", "x").returncode == 0
    (repo / ".gitignore").write_text("CLAUDE.local.md\n")
    assert _git(repo, "check-ignore", "-q", "CLAUDE.local.md").returncode == 1  # git: not
    assert not_ignored([local]) == [local]
    other = repo / "other.local.md"
    other.write_text("untracked\n")
    (repo / ".gitignore").write_text("CLAUDE.local.md\n*.local.md\n")
    assert _git(repo, "check-ignore", "-q", "other.local.md").returncode == 0
    assert not_ignored([local, other]) == [local]
    (repo / ".git" / "index").write_bytes(b"DIRC\0\0\0\x02garbage")
    assert not_ignored([local, other]) == []  # the rules alone, no traceback


@needs_git
def test_a_local_file_above_the_checkout_does_not_hide_the_warning_of_one_inside(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A CLAUDE.local.md in a folder above the checkout (loaded, as Claude Code does) came
    first, so ``not_ignored`` looked for a repository above it, found none and said
    nothing of the checkout's own CLAUDE.local.md, which git would commit."""
    monkeypatch.setenv("HOME", str(tmp_path / "person"))
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    outer = tmp_path / "outer"
    repo = outer / "repo"
    repo.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    (outer / "CLAUDE.local.md").write_text("outer notes\n")
    (repo / "CLAUDE.local.md").write_text("repo notes\n")
    environ = {"MEMDIR_MANAGED_DIR": str(tmp_path / "managed")}
    found = Memdir(load_settings(tmp_path / "memhome", repo, environ=environ)).explain()
    assert "outer notes" in found.text and "repo notes" in found.text
    warned = {n.subject for n in found.notes if "not ignored by git" in n.reason}
    assert warned == {str(repo / "CLAUDE.local.md")}
    assert not_ignored([outer / "CLAUDE.local.md", repo / "CLAUDE.local.md"]) == [
        repo / "CLAUDE.local.md"
    ]


# Bracket classes: verdicts of picomatch 4.0.4 and minimatch 10.2.5 (npm's own copies, run
# with node), which agree on each case below.


def test_caret_negates_a_bracket_class_as_picomatch_and_minimatch_do() -> None:
    """``[^a]`` was read as the class of ``^`` and ``a``: the opposite verdict."""
    assert glob_matches("[^a]x.md", "bx.md")
    assert not glob_matches("[^a]x.md", "ax.md")
    assert glob_matches("[!a]x.md", "bx.md")


def test_close_bracket_first_in_a_class_is_a_member() -> None:
    """A ']' first in a class is a member in picomatch and minimatch ('[]a]x' matches
    ']x' and 'ax'); memdir ended the class at it and read '[]' literally (mend59p)."""
    assert glob_matches("[]a]x", "ax")
    assert glob_matches("[]a]x", "]x")
    assert not glob_matches("[]a]x", "bx")
    assert not glob_matches("[!]a]x", "]x") and not glob_matches("[^]a]x", "ax")
    assert glob_matches("[]-a]x", "^x") and not glob_matches("[]-a]x", "bx")
    assert glob_matches("[]]]x", "]]x") and glob_matches("[][]x", "[x")
    assert glob_matches("[]x", "[]x") and not glob_matches("[]x", "]x")
    assert glob_matches("[!]x", "[!]x")


def test_posix_class_in_a_glob() -> None:
    """picomatch and minimatch read '[[:alpha:]]' as a POSIX class; memdir read
    '[[:alpha:]' as a class of '[', ':', 'a', 'l', 'p', 'h' then ']' (mend59p). Where the
    two read Unicode apart (minimatch: any letter), picomatch's ASCII."""
    assert glob_matches("[[:alpha:]]x", "bx")
    for glob, text in [("[[:alpha:]]x", "1x"), ("[[:alpha:]]x", ":x"), ("[[:alpha:]]x", "]x")]:
        assert not glob_matches(glob, text), (glob, text)
    assert glob_matches("[a[:digit:]]x", "5x") and glob_matches("[a[:digit:]]x", "ax")
    assert not glob_matches("[a[:digit:]]x", "bx")
    assert glob_matches("[[:upper:]]x", "Ax") and not glob_matches("[[:upper:]]x", "ax")
    assert glob_matches("[[:space:]]x", " x") and glob_matches("[[:alnum:]_]x", "_x")
    assert glob_matches("[[:digit:]-z]x", "-x") and glob_matches("[[:word:]]x", "_x")
    assert glob_matches("[[:punct:]]x", "!x") and glob_matches("[[:xdigit:]]x", "fx")
    assert not glob_matches("[[:alpha:]/]x", "a/x") and glob_matches("[[:alpha:]]/x", "a/x")
    assert not glob_matches("[[:bogus:]]x", "bx") and not glob_matches("[a-[:digit:]]x", "5x")
    assert glob_matches("a[[:digit:]]b", "a1b") and glob_matches("[:alpha:]x", "lx")


def test_bracket_edge_cases_agree_with_picomatch_and_minimatch() -> None:
    assert glob_matches("[a-]x", "-x") and glob_matches("[a-]x", "ax")
    assert not glob_matches("[a-]x", "bx")
    # "\\]" is an escaped "]": the class never closes (minimatch 10.2.5 matches neither)
    assert not glob_matches("[\\]x", "\\x") and not glob_matches("[\\]x", "x")


@pytest.mark.parametrize(
    "url",
    [
        "http://u:s3cret@host:99999",
        "ftp://u:s3cret@host",
        "http://u:s3cret@[host/x",
        "u:s3cret@host",
        "http://u:" + "s3cret" * 40 + "@host:0x",
    ],
)
def test_a_refused_server_url_never_shows_its_password(url: str) -> None:
    """fuzz58 refused a URL with a password without showing it, but a bad port, an
    unclosed "[" or another scheme were refused with the URL as typed, password and all
    (a terminal, a CI log)."""
    with pytest.raises(ValidationError, match="--server") as caught:
        Server(url, "token")
    assert "s3cret" not in str(caught.value)


def _memdir_cli(tmp_path: Path, *args: str, **extra: str) -> subprocess.CompletedProcess[str]:
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path / "person"), **extra}
    env["PYTHONPATH"] = str(Path(__file__).resolve().parents[1] / "src")
    return subprocess.run(
        [sys.executable, "-m", "memdir", *args],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.mark.parametrize("how", ["--home", "env"])
def test_a_home_of_no_such_user_is_a_clear_error(tmp_path: Path, how: str) -> None:
    """``--home '~bob/m'`` (or MEMDIR_HOME so, quoted in a unit file) was a RuntimeError
    traceback from ``Path.expanduser``; the lead's NUL check sits right beside it."""
    home = "~no-such-user-rv58a/m"
    with pytest.raises(StorageError, match="no user of that name"):
        memdir.open(home=home, project=tmp_path)
    if how == "env":
        run = _memdir_cli(tmp_path, "ls", MEMDIR_HOME=home)
    else:
        run = _memdir_cli(tmp_path, "--home", home, "ls")
    assert run.returncode != 0 and "Traceback" not in run.stderr, run.stderr
    assert "no user of that name" in run.stderr


@pytest.mark.parametrize("folder", ["~no-such-user-rv58a/x", "/tmp/a\\u0000b"])
def test_include_dirs_of_no_such_user_or_with_a_nul_is_a_parse_error(
    tmp_path: Path, folder: str
) -> None:
    home = tmp_path / "h"
    home.mkdir()
    (home / "config.toml").write_text(f'include_dirs = ["{folder}"]\n')
    with pytest.raises(ParseError, match="include_dirs names"):
        memdir.open(home=home, project=tmp_path)
    run = _memdir_cli(tmp_path, "--home", str(home), "context")
    assert run.returncode != 0 and "Traceback" not in run.stderr, run.stderr
    assert "include_dirs names" in run.stderr
