"""Fuzz pass (fuzz57) over what a cloned repository hands memdir: its ``.git`` files, rule
globs, ``claudeMdExcludes``, instruction files and their imports, Codex's config, and the
AGENTS.md memdir writes a section into. Bad input is a clear error, a skip with a notice
or the documented result, never a traceback, a hang or a loss of what was valid."""

from __future__ import annotations

import dataclasses
import fnmatch
import json
import os
import subprocess
import warnings
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import memdir
from fuzz57_parts import (
    FUZZ,
    _cli,
    _folder,
    _pieces,
    _quick,
    _write,
)
from memdir.core.codex_docs import _codex_docs
from memdir.core.globs import Excludes, glob_matches
from memdir.core.storage.git import git_dirs, head_commit, read_remote
from memdir.interop.agents_md import merge_section, remove_section, section_span

# -- memdir's own reader of a checkout's .git (core/storage/git.py) ----------------------


@pytest.mark.parametrize("pointer", ["gitdir: a\x00b", "gitdir: loop", "gitdir: loop/x"])
def test_a_git_file_naming_no_folder_is_outside_git(pointer: str) -> None:
    """A ``.git`` file whose ``gitdir:`` has a NUL or names a symlink loop: git_dirs raised
    UnboundLocalError (its fallback read the name the failed resolve never set), a
    traceback from every command run in that folder (``memdir ls``)."""
    with _folder() as folder:
        (folder / ".git").write_bytes(pointer.encode())
        os.symlink("loop", folder / "loop")
        assert git_dirs(folder) is None
        run = _cli(folder, "ls", home=folder / "home")
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr


_GIT = ["ref: ", "refs/heads/", "main", "HEAD", "\n", "a" * 40, "0" * 64, "../", "/", "\x00"]
_GIT += [" ", "\ud800", "refs/heads/x/", "ref: HEAD", "\r", "refs/heads/main"]
_CONFIG = ['[remote "origin"]', "[include]", "\tpath = config\n", "\turl = x\n", "[", "]"]
_CONFIG += ['"', "\\", "\n", "url", "=", ";", "#", "\x00", "\ud800", '[includeIf "gitdir:/"]']
_CONFIG += ["a" * 5_000, "\\\n", '[remote "origin"\n', "[remote.origin]", " path = ../c\n"]


@FUZZ
@given(_pieces(_GIT, 8), _pieces(_GIT, 8), _pieces(_GIT, 8), _pieces(_CONFIG))
def test_any_head_refs_and_config_read_as_a_commit_or_none(
    head: str, ref: str, packed: str, config: str
) -> None:
    with _folder() as git, _quick():
        _write(git / "HEAD", head)
        _write(git / "refs" / "heads" / "main", ref)
        _write(git / "packed-refs", packed)
        _write(git / "config", config)
        found = head_commit(git, git)
        remote = read_remote(git)
    assert found is None or len(found) in (40, 64)
    assert remote is None or isinstance(remote, str)


# -- globs from a cloned repository: a rule's paths:, claudeMdExcludes --------------------

#: 240 KB of ``[a``: each ``[`` opens a class that never closes
OPEN_CLASSES = "[a" * 60_000


def test_a_rule_glob_of_unclosed_classes_is_matched_in_linear_time() -> None:
    """A cloned repository's rule whose ``paths:`` is 120 KB of ``[a``: the glob tokenizer's
    regex looked for each ``[``'s ``]`` to the end of the glob (quadratic: ~23 s CPU at
    every session start working on a file; the 256 KB a rule may have, minutes)."""
    with _folder() as repo:
        rules = repo / ".claude" / "rules"
        rules.mkdir(parents=True)
        (rules / "r.md").write_text(f"---\npaths: '{OPEN_CLASSES}'\n---\nbody\n")
        (rules / "s.md").write_text("---\npaths: '*.py'\n---\nkept\n")
        md = memdir.open(repo / "home", repo)
        with _quick(5):
            found, _ = md.instructions(paths=["a.py"])
        md.close()
    assert [i.path.name for i in found if i.kind == "rule"] == ["s.md"]
    assert glob_matches("[a" * 3 + "/[ab]c", "[a[a[a/bc")  # an unclosed [ is itself


def test_claude_md_excludes_of_unclosed_classes_cost_little() -> None:
    """``claudeMdExcludes`` in a cloned repository's ``.claude/settings.json``: each
    4 KB pattern (the most memdir takes) in 64 brace expansions of ``[a``; 16 of them took
    ~27 s CPU in the tokenizer before the token limit dropped them (256: ~7 minutes)."""
    pattern = "{a,b}" * 6 + "[a" * 2_000
    with _folder() as repo:
        (repo / ".claude").mkdir()
        (repo / ".claude" / "settings.json").write_text(
            json.dumps({"claudeMdExcludes": [pattern + str(i) for i in range(16)]})
        )
        (repo / "CLAUDE.md").write_text("kept\n")
        md = memdir.open(repo / "home", repo)
        with _quick(5):
            found, notes = md.instructions()
        md.close()
    assert [i.text for i in found if i.path.name == "CLAUDE.md"] == ["kept\n"]
    assert any("patterns not used" in n.reason for n in notes)


_GLOB = ["*", "**", "**/", "?", "[", "]", "[!", "[a-z]", "[z-a]", "{", "}", ",", "/", "a"]
_GLOB += ["\x00", "\\", "^", ".", "..", "[[:alpha:]]", "{a,{b,c}}", "\ud800", "é"]


@FUZZ
@given(_pieces(_GLOB, 30), _pieces(["a", "/", "b", ".", "[", "é", "*"], 12))
def test_any_glob_matches_or_not(glob: str, path: str) -> None:
    with _quick(2):
        hit = glob_matches(glob, path)
        Excludes([(glob, Path("s.json"))]).first("/" + path)
    if glob.strip() == path and path and not set(glob) & set("*?[{\\"):
        assert hit  # a plain name matches itself


_CLASS_ITEMS = ["a-z", "0-9", "+--", "&&", "||", "~~", "&", "^", "[", "\\", ".", "b"]


@FUZZ
@given(
    st.sampled_from(["", "!"]),
    st.lists(st.sampled_from(_CLASS_ITEMS), min_size=1, max_size=4),
    st.sampled_from(["", "-"]),
    st.sampled_from("az09+,-&|~^[\\.b!"),
)
def test_a_bracket_class_means_what_it_means_to_fnmatch_and_warns_of_nothing(
    negate: str, items: list[str], end: str, char: str
) -> None:
    """A class in a cloned repository's glob (``[a-z--]``, ``[&&x]``): Python warned that
    ``--`` or ``&&`` in a regex class may one day be a set operation (a FutureWarning in
    the person's terminal); each item is escaped now, and the class means what it means
    to :mod:`fnmatch`, but for a leading ``^``: a negation to picomatch and minimatch
    (Claude Code's), a member to fnmatch, and a backslash, which escapes the next character
    there and is itself to fnmatch (test_rv59p checks those classes against minimatch)."""
    body = negate + "".join(items) + end
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        hit = glob_matches(f"[{body}]", char)
    oracle = "!" + body[1:] if body.startswith("^") else body
    if "\\" not in body:
        assert hit == fnmatch.fnmatchcase(char, f"[{oracle}]")


# -- instruction files of a cloned repository: imports, links, FIFOs, Codex's config -------

SECRET = "secret-outside-the-checkout"
_INCLUDES = ["@../secret.md", "@/etc/hostname", "@~/.aws/credentials", "@loop.md", "@fifo"]
_INCLUDES += ["@CLAUDE.md", "@AGENTS.md", "@sub/AGENTS.md", "@a.md", "@link", "@\x00", "@ "]
_INCLUDES += ["@" + "a" * 5_000, "@sub/../../secret.md", "@./a.md", "\n", " ", "text ", "`@a.md`"]
_INCLUDES += ["```\n", "@a.md\\ b", "@\ud800", "@\u202e.md", "<!-- @a.md -->", "# h\n"]


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    st.lists(_pieces(_INCLUDES, 8), min_size=4, max_size=4),
    _pieces(['project_doc_fallback_filenames = ["', "../secret.md", '"]', "\n", ", ", '"']),
)
def test_any_instruction_tree_of_a_clone_loads_without_reading_outside(
    texts: list[str], codex_config: str
) -> None:
    """AGENTS.md / CLAUDE.md / rules / imports of a cloned repository pointing outside it,
    at themselves, a link loop or a FIFO: loaded or noted, never a hang, never a file
    outside the checkout."""
    with _folder() as folder:
        (folder / "secret.md").write_text(SECRET)
        repo = folder / "repo"
        (repo / ".git").mkdir(parents=True)
        (repo / "sub").mkdir()
        (repo / ".claude" / "rules").mkdir(parents=True)
        (repo / ".codex").mkdir()
        os.symlink("loop.md", repo / "loop.md")
        os.symlink("../secret.md", repo / "link")
        os.mkfifo(repo / "fifo")
        for name, text in zip(
            ["AGENTS.md", "CLAUDE.md", "sub/AGENTS.md", ".claude/rules/r.md"], texts, strict=True
        ):
            _write(repo / name, text)
        _write(repo / "a.md", texts[0])
        _write(repo / ".codex" / "config.toml", codex_config)
        md = memdir.open(folder / "home", repo / "sub")
        with _quick(20):
            found, notes = md.instructions(paths=["sub/x.py"])
        md.close()
    assert not [i for i in found if SECRET in i.text]
    assert all(isinstance(n.reason, str) for n in notes)


@pytest.mark.parametrize("name", ["CLAUDE.md", "AGENTS.md", ".claude/rules/r.md"])
def test_an_import_of_a_name_too_long_is_left_as_written(name: str) -> None:
    """``@aaa…`` (300 letters: over the 255 bytes a file name may have) in a cloned
    repository's instruction file: ``is_file()`` raised ENAMETOOLONG, a traceback from
    ``memdir context`` (and every session start) in that checkout."""
    line = "@" + "a" * 300
    with _folder() as folder:
        repo = folder / "repo"
        (repo / ".git").mkdir(parents=True)
        _write(repo / name, f"Use pnpm.\n{line}\n")
        run = _cli(repo, "context", home=folder / "home")
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr[-2000:]
    assert "Use pnpm." in run.stdout and line in run.stdout


def test_a_codex_fallback_name_too_long_is_not_a_traceback() -> None:
    """A ``project_doc_fallback_filenames`` entry over 255 bytes in Codex's config:
    ``exists()`` raised ENAMETOOLONG while picking a folder's AGENTS.md."""
    with _folder() as folder:
        codex = folder / "codex"
        codex.mkdir()
        (codex / "config.toml").write_text(f'project_doc_fallback_filenames = ["{"n" * 300}"]\n')
        repo = folder / "repo"
        (repo / ".git").mkdir(parents=True)
        (repo / "AGENTS.md").write_text("Use pnpm.\n")
        (repo / "sub").mkdir()
        docs = _codex_docs({"CODEX_HOME": str(codex)})
        md = memdir.open(folder / "home", repo / "sub")
        md.settings = dataclasses.replace(md.settings, codex_docs=docs)
        found, _ = md.instructions()
        md.close()
    assert [i.text for i in found if i.path.name == "AGENTS.md"] == ["Use pnpm.\n"]


def test_a_git_file_naming_a_fifo_pointer_is_not_a_hang() -> None:
    """A ``.git`` file (an unpacked archive's, not git's) whose ``gitdir:`` folder holds a
    FIFO named ``gitdir``: Codex's trust lookup read it with ``read_text()``, and
    ``memdir context`` (every session start reading AGENTS.md) blocked for good."""
    with _folder() as folder:
        repo = folder / "repo"
        (repo / "sub").mkdir(parents=True)
        (folder / "evil").mkdir()
        os.mkfifo(folder / "evil" / "gitdir")
        (repo / ".git").write_text("gitdir: ../evil\n")
        (repo / "AGENTS.md").write_text("Use pnpm.\n")
        (repo / "sub" / ".codex").mkdir()
        (repo / "sub" / ".codex" / "config.toml").write_text("project_doc_max_bytes = 10\n")
        try:
            run = _cli(repo / "sub", "context", home=folder / "home", timeout=60)
        except subprocess.TimeoutExpired:
            pytest.fail("memdir context hung on a FIFO named by a .git file")
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr[-2000:]
    assert "Use pnpm." in run.stdout


def test_a_gitignore_pattern_of_many_stars_does_not_hang_a_session_start() -> None:
    """dulwich's .gitignore patterns were Python regexes that backtrack exponentially: this
    line and a CLAUDE.local.md under a folder named ``aaa…`` hung every session start."""
    with _folder() as folder:
        repo = folder / "repo"
        sub = repo / ("a" * 40)
        sub.mkdir(parents=True)
        subprocess.run(["git", "init", "-q", str(repo)], check=True)
        (repo / ".gitignore").write_text("*a" * 14 + "b\n")
        (sub / "CLAUDE.local.md").write_text("Use pnpm.\n")
        try:
            run = _cli(sub, "context", home=folder / "home", timeout=20)
        except subprocess.TimeoutExpired:
            pytest.fail("memdir context did not finish in 20 s")
    assert run.returncode == 0 and "Use pnpm." in run.stdout, run.stderr[-2000:]


# -- AGENTS.md: memdir's section added, then taken away again ------------------------------

SECTION = "<!-- memdir:begin x -->\n- Use pnpm.\n<!-- memdir:end -->\n"


@settings(max_examples=300, deadline=None)
@given(st.text(st.sampled_from("a\n\r #\u2028\x0c\x85"), max_size=12))
@example("\r")  # lost its CR
@example("\r\n\r\n\n")  # gained a CRLF
def test_a_section_added_then_removed_gives_the_file_back(text: str) -> None:
    """What ``export codex`` does to the person's AGENTS.md when its rules come, then all
    go: the file back byte for byte. Removal took a CR the person wrote (a last line ending
    in a lone CR) for memdir's, and left one memdir wrote before a file of mixed ends."""
    merged = merge_section(text, SECTION)
    span = section_span(merged)
    assert span is not None
    assert remove_section(merged, span) == text or not text


@pytest.mark.parametrize("which", ["home", "project"])
def test_a_folder_name_with_a_nul_is_a_memdir_error_that_names_it(which: str) -> None:
    """``memdir.open`` with a NUL in the project (a ValueError from ``resolve``) or the home
    (a ParseError that told the person to fix config.toml by hand)."""
    with _folder() as folder:
        paths = {"home": folder / "home", "project": folder}
        paths[which] = Path(str(paths[which]) + "\x00x")
        with pytest.raises(memdir.StorageError, match=rf"the {which} folder .*\\0x: .*NUL"):
            memdir.open(paths["home"], paths["project"])
        assert not (folder / "home").exists()
