"""memdir's reading of a checkout's ignore rules (core/storage/gitignore.py) against the
oracle, ``git check-ignore``: the same verdict for random and for real patterns, and a
bounded time whatever a cloned repository's ``.gitignore`` holds."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from fuzz57_parts import _cli
from memdir.core.storage import gitignore
from memdir.core.storage.git import not_ignored

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs git, the oracle")

FIXTURES = Path(__file__).parent / "fixtures" / "gitignore"


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """One checkout (with a folder ``d``) for every example; HOME and git's own config
    files kept out, so only the files a test writes hold rules."""
    base = tmp_path_factory.mktemp("gitignore")
    root = base / "repo"
    (root / "d").mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("HOME", str(base / "home"))
        mp.setenv("XDG_CONFIG_HOME", str(base / "home" / ".config"))
        mp.setenv("GIT_CONFIG_NOSYSTEM", "1")
        yield root


def _write(root: Path, top: list[bytes], sub: list[bytes], exclude: list[bytes]) -> None:
    (root / ".gitignore").write_bytes(b"".join(line + b"\n" for line in top))
    (root / "d" / ".gitignore").write_bytes(b"".join(line + b"\n" for line in sub))
    (root / ".git" / "info").mkdir(exist_ok=True)
    (root / ".git" / "info" / "exclude").write_bytes(b"".join(x + b"\n" for x in exclude))


def _git_ignored(root: Path, paths: list[str]) -> set[str]:
    """The paths ``git check-ignore`` says are ignored (their files need not exist)."""
    run = subprocess.run(
        ["git", "check-ignore", "--no-index", "--stdin", "-z"],
        cwd=root,
        input="".join(p + "\0" for p in paths).encode(),
        capture_output=True,
        check=False,
    )
    assert run.returncode in (0, 1), run.stderr
    return {p for p in run.stdout.decode().split("\0") if p}


def _memdir_ignored(root: Path, paths: list[str]) -> set[str]:
    kept = not_ignored([root / p for p in paths])
    return {p for p in paths if root / p not in kept}


def _agree(root: Path, paths: list[str]) -> None:
    paths = list(dict.fromkeys(paths))
    assert _memdir_ignored(root, paths) == _git_ignored(root, paths)


_ATOMS = ["a", "b", "d", "A", ".", "*", "**", "?", "/", "!", "#", " ", "\\ ", "\\*", "\\"]
_ATOMS += ["[a-b]", "[!a]", "[^b]", "[]a]", "[[:alpha:]]", "[[:bogus:]]", "[", "[a/b]"]
_LINE = st.lists(st.sampled_from(_ATOMS), min_size=1, max_size=7).map(lambda a: "".join(a))
_LINES = st.lists(_LINE.map(str.encode), max_size=4)
_PART = st.sampled_from(["a", "b", "ab", "ba", "aa", "a.b", ".a", "d", "A", "a b", "*"])
_PATH = st.lists(_PART, min_size=1, max_size=4).map("/".join)

#: The exponential case: a pattern of many stars, a folder named a…a (dulwich hung here).
HOSTILE = b"*a" * 14 + b"b"


@settings(
    max_examples=250,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(top=_LINES, sub=_LINES, exclude=_LINES, paths=st.lists(_PATH, min_size=1, max_size=6))
@example(top=[HOSTILE], sub=[], exclude=[], paths=["a" * 40 + "/CLAUDE.local.md", "aab"])
@example(top=[b"/**/a", b"!d/a"], sub=[b"!a"], exclude=[b"b"], paths=["d/a", "a/b", "b/d/a"])
@example(top=[b"a**/b", b"d/"], sub=[b"!b"], exclude=[], paths=["a/x/b", "ab/b", "d/b", "d"])
@example(top=[b"a\\\\ ", b"b\\ ", b"\\!a", b"\\#b"], sub=[], exclude=[], paths=["a\\", "b ", "!a"])
def test_the_verdict_is_git_check_ignores(
    repo: Path, top: list[bytes], sub: list[bytes], exclude: list[bytes], paths: list[str]
) -> None:
    """Random lines (stars, ``**``, ``?``, classes, escapes, a leading or trailing ``/``,
    ``!``) in the top ``.gitignore``, in ``d/.gitignore`` and in ``info/exclude``: each
    path ignored by memdir exactly when git ignores it."""
    _write(repo, top, sub, exclude)
    _agree(repo, [*paths, "d", "d/a"])


#: Paths a real project holds, for the real templates.
REAL_PATHS = [
    "src/app/__pycache__/x.cpython-311.pyc",
    "src/app/mod.pyc",
    "src/app/mod.py",
    "build/lib/x.py",
    "docs/_build/html/index.html",
    "docs/index.md",
    "pkg.egg-info/PKG-INFO",
    "node_modules/left-pad/index.js",
    "web/node_modules/x.js",
    "logs/today.txt",
    "npm-debug.log.1",
    "report.20240101.1.2.3.json",
    "report.x.json",
    ".env",
    ".env.local",
    "app/.env.production.local",
    ".yarn/cache/x.zip",
    "sub/.yarn/cache/x.zip",
    ".pnp.cjs",
    "Library/x.asset",
    "library/x.asset",
    "Game/Library/x.asset",
    "Assets/Plugins/Editor/JetBrainsRider.cs",
    "assets/AddressableAssetsData/OSX/state.bin",
    "Assets/AddressableAssetsData/OSX/deep/state.bin",
    "Assets/Unity.VisualScripting.Generated/VisualScripting.Core/Property Providers",
    "Assets/InitTestScene123.unity",
    "Assets/Scenes/Main.unity",
    "CLAUDE.local.md",
    "sub/CLAUDE.local.md",
    "Thumbs.db",
    "keep/keep.log",
]

#: Lines with the ``**`` and ``!`` real files use, on top of a template.
REAL_EXTRA = [b"**/keep/*", b"!**/keep/keep.log", b"docs/**/*.html", b"*.local.md", b"!/sub/**"]


@pytest.mark.parametrize("template", ["Python.gitignore", "Node.gitignore", "Unity.gitignore"])
def test_the_verdict_on_real_gitignore_files_is_git_check_ignores(
    repo: Path, template: str
) -> None:
    """GitHub's templates (fixtures, CC0) with a few ``**`` and ``!`` lines."""
    lines = (FIXTURES / template).read_bytes().splitlines()
    _write(repo, [*lines, *REAL_EXTRA], [], [])
    ignored = _git_ignored(repo, REAL_PATHS)
    assert 0 < len(ignored) < len(REAL_PATHS), ignored  # the case tells something
    assert _memdir_ignored(repo, REAL_PATHS) == ignored


def test_many_stars_against_a_long_folder_name_is_answered(repo: Path) -> None:
    """The exponential case at a size dulwich would never finish: git's answer. (git's own
    wildmatch is exponential for ``*a`` x 40 against ``a…ab``: over 20 s in git 2.39, so
    that verdict is checked against the rule, not against git.)"""
    _write(repo, [b"*a" * 40 + b"b"], [], [])
    paths = ["a" * 250 + "/x", "a" * 100 + "b/x", "a" * 79 + "b", "a" * 80]
    _agree(repo, paths)
    assert _memdir_ignored(repo, paths) == {"a" * 100 + "b/x", "a" * 79 + "b"}
    _write(repo, [b"*a" * 40], [], [])
    assert _memdir_ignored(repo, ["a" * 100 + "b/x", "a" * 39, "a" * 80]) == {"a" * 80}


def test_a_huge_gitignore_is_skipped_and_the_instruction_file_still_loads(
    repo: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A 100,000-line ``.gitignore`` and one 50 MB line are over the bound: each is skipped
    with a warning naming it (git skips a file only over 100 MiB), ``info/exclude`` still
    applies, and ``memdir context`` still loads the folder's CLAUDE.local.md."""
    many = b"".join(b"build-%d/*.log\n" % i for i in range(100_000))
    for data in (many, b"*a" * 25_000_000 + b"\n"):
        _write(repo, [], [], [b"d/CLAUDE.local.md"])
        (repo / ".gitignore").write_bytes(data + b"CLAUDE.local.md\n")
        assert len(data) > gitignore.MAX_FILE_BYTES
        local = repo / "d" / "CLAUDE.local.md"
        local.write_text("Use pnpm.\n")
        caplog.clear()
        assert not_ignored([local, repo / "CLAUDE.local.md"]) == [repo / "CLAUDE.local.md"]
        assert f"ignoring the ignore file {repo / '.gitignore'}" in caplog.text
        run = _cli(repo / "d", "context", home=repo.parent / "home", timeout=60)
        assert run.returncode == 0 and "Use pnpm." in run.stdout, run.stderr[-2000:]
        local.unlink()
    (repo / ".gitignore").write_bytes(b"")


def test_a_gitignore_that_is_a_fifo_or_a_symlink_holds_no_rules(repo: Path) -> None:
    """An in-tree ``.gitignore`` that is a symbolic link is not followed (as git), and one
    that is a FIFO holds no rules instead of blocking (git itself would block on it)."""
    _write(repo, [], [], [])
    (repo / "rules").write_bytes(b"a\n")
    (repo / "d" / ".gitignore").unlink()
    os.symlink(repo / "rules", repo / "d" / ".gitignore")
    try:
        _agree(repo, ["a", "d/a", "rules"])
        (repo / ".gitignore").write_bytes(b"b\n")
        assert _memdir_ignored(repo, ["d/a", "d/b"]) == {"d/b"}
        (repo / ".gitignore").unlink()
        os.mkfifo(repo / ".gitignore")
        assert _memdir_ignored(repo, ["a", "d/a", "d/b"]) == set()
    finally:
        (repo / ".gitignore").unlink()
        (repo / "d" / ".gitignore").unlink()
        (repo / "rules").unlink()


@pytest.mark.parametrize(
    ("pattern", "text", "matched"),
    [
        (b"a*b", b"axxb", True),
        (b"a*b", b"ax/b", False),
        (b"**/b", b"b", True),
        (b"**/b", b"x/y/b", True),
        (b"a/**/b", b"a/b", True),
        (b"a/**", b"a", False),
        (b"a/**", b"a/x/y", True),
        (b"[]a]", b"]", True),
        (b"[!a]", b"/", False),
        (b"a\\", b"a\\", False),
        (b"[[:bogus:]]", b"b", False),
    ],
)
def test_wildmatch(pattern: bytes, text: bytes, matched: bool) -> None:
    """The matcher alone, on cases gitignore(5) spells out."""
    tokens = gitignore._tokens(pattern, fold=False)
    assert (tokens is not None and gitignore.wildmatch(tokens, text)) is matched
