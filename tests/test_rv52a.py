"""rv52a: review of mend52a (ls layout, 'promoted' imports, hermes --activate's value edit,
Store.repair's rebuild commit). Each test fails on mend52a for a finding; the minor ones
are strict xfails. All run the CLI as a user does (tests/usercli.py)."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from memdir.interop.claude_code.formats import project_slug
from usercli import cli as cli
from usercli import user_home as user_home


def _ok(proc: Any) -> Any:
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc


# -- hermes --activate: the kept spacing after `provider:` ---------------------------------


def _hermes(cli: Callable[..., Any], hermes: Path, *args: str) -> None:
    _ok(cli(*args, "hermes", "--hermes-home", str(hermes), "--yes"))


def _activated(cli: Callable[..., Any], tmp_path: Path, config: str | bytes) -> tuple[Path, Path]:
    """A Hermes home whose config.yaml holds ``config``, memdir installed into it with
    --activate: (the home, its config.yaml)."""
    hermes = tmp_path / "hermes"
    hermes.mkdir()
    path = hermes / "config.yaml"
    if isinstance(config, bytes):
        path.write_bytes(config)
    else:
        path.write_text(config)
    _hermes(cli, hermes, "install", "--activate")
    return hermes, path


@pytest.mark.parametrize("gap", ["       ", "\t"], ids=["aligned", "tab"])
def test_uninstall_hermes_gives_back_an_aligned_provider_after_another_edit(
    cli: Callable[..., Any], tmp_path: Path, gap: str
) -> None:
    # shows: the value edit keeps `provider:<gap>memdir`, which remove() no longer knows
    # as "provider: memdir", so uninstall leaves Hermes naming the plugin it deletes
    hermes, config = _activated(
        cli, tmp_path, f"model: x\nmemory:\n  provider:{gap}honcho\n  nudge_interval: 3\n"
    )
    assert "memdir" in config.read_text()
    config.write_text(config.read_text() + "display: compact\n")  # the user edits it later
    _hermes(cli, hermes, "uninstall")
    text = config.read_text()
    assert "memdir" not in text, text  # main gives `provider:<gap>honcho` back
    assert f"provider:{gap}honcho" in text and text.endswith("display: compact\n"), text


def test_uninstall_hermes_gives_back_a_provider_the_user_quoted_since(
    cli: Callable[..., Any], tmp_path: Path
) -> None:
    # mend52a2: memdir's value is read as YAML reads it, quotes and a comment included
    hermes, config = _activated(cli, tmp_path, "memory:\n  provider:   honcho\n")
    config.write_text(config.read_text().replace("memdir", "'memdir'  # quoted"))
    _hermes(cli, hermes, "uninstall")
    assert config.read_text() == "memory:\n  provider:   honcho  # quoted\n"
    assert not (hermes / "plugins" / "memdir").exists()


def test_uninstall_hermes_refuses_a_memdir_provider_it_cannot_edit_line_by_line(
    cli: Callable[..., Any], tmp_path: Path
) -> None:
    # mend52a2: Hermes still names memdir (a flow mapping now): uninstall says so, fails,
    # and keeps the plugin Hermes would load
    hermes, config = _activated(cli, tmp_path, "memory:\n  provider: honcho\n")
    config.write_text("memory: {provider: memdir}\n")
    proc = cli("uninstall", "hermes", "--hermes-home", str(hermes), "--yes")
    assert proc.returncode != 0, proc.stdout + proc.stderr
    assert "cannot edit line by line" in proc.stdout + proc.stderr, proc.stdout + proc.stderr
    assert (hermes / "plugins" / "memdir" / "__init__.py").exists()
    assert config.read_text() == "memory: {provider: memdir}\n"


def test_install_hermes_activates_a_crlf_config(cli: Callable[..., Any], tmp_path: Path) -> None:
    # shows: _MEMORY does not match `memory:\r\n`, so a CRLF config (Windows editors) is
    # refused as "not a block memdir can edit line by line"; the branch's kept CRLF tail
    # is never reached
    original = b"model: x\r\nmemory:\r\n  provider: honcho  # mine\r\n  nudge_interval: 3\r\n"
    hermes, config = _activated(cli, tmp_path, original)
    assert config.read_bytes() == original.replace(b"honcho", b"memdir")
    _hermes(cli, hermes, "uninstall")
    assert config.read_bytes() == original


def test_install_hermes_adds_a_provider_line_to_a_crlf_config_with_crlf(
    cli: Callable[..., Any], tmp_path: Path
) -> None:
    # mend52a2: a line memdir adds ends as the file's lines do; uninstall takes it out
    original = b"model: x\r\nmemory:\r\n  nudge_interval: 3\r\n"
    hermes, config = _activated(cli, tmp_path, original)
    assert config.read_bytes() == original.replace(
        b"memory:\r\n", b"memory:\r\n  provider: memdir\r\n"
    )
    config.write_bytes(config.read_bytes() + b"display: compact\r\n")
    _hermes(cli, hermes, "uninstall")
    assert config.read_bytes() == original + b"display: compact\r\n"


# -- 'promoted' on import/bootstrap --------------------------------------------------------


def _claude_feedback(user_home: Path, project: Path) -> None:
    folder = user_home / ".claude" / "projects" / project_slug(str(project)) / "memory"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "MEMORY.md").write_text("- [Testing style](feedback_testing.md) — real DB\n")
    (folder / "feedback_testing.md").write_text(
        "---\nname: Testing style\n"
        "description: Integration tests must hit a real database, not mocks\n"
        "type: feedback\n---\nIn this repo we make integration tests hit a real DB.\n"
    )


def test_a_removed_entry_is_not_called_promoted_for_another_scopes_same_id(
    cli: Callable[..., Any], user_home: Path, project: Path
) -> None:
    # shows: _forgotten calls any removal "promoted" when an unrelated entry with the same
    # id lives in another scope (ids are type_name), hiding a real removal from the user
    _claude_feedback(user_home, project)
    _ok(cli("bootstrap", "--all", "--yes"))  # feedback_testing-style in the local scope
    _ok(cli("add", "--scope", "user", "--type", "feedback", "--name", "Testing style",
            "--description", "Prefer table-driven tests",
            "--body", "I like table-driven unit tests."))  # fmt: skip
    _ok(cli("rm", "feedback_testing-style", "--scope", "local"))  # the user removes it
    (line,) = [s for s in _ok(cli("bootstrap")).stdout.splitlines() if "Testing style" in s]
    assert "you removed feedback_testing-style" in line, line  # not "promoted to the user"
    imported = _ok(cli("import", "claude-code")).stdout
    assert "skip (you removed it)" in imported and "promoted" not in imported, imported


# -- Store.repair's commit -----------------------------------------------------------------


def _log(folder: Path) -> list[str]:
    git = shutil.which("git")
    assert git is not None
    return subprocess.run(
        [git, "-C", str(folder), "log", "--format=%s"], capture_output=True, text=True, check=True
    ).stdout.splitlines()


def test_a_deleted_index_is_rebuilt_without_a_hand_edit_and_a_rebuild(
    cli: Callable[..., Any], home: Path
) -> None:
    # shows: MEMORY.md deleted by hand gives 'hand edit: MEMORY.md' (a deletion) and then
    # 'rebuild MEMORY.md (memdir)' putting back the same bytes; repair's comment says absorb
    # is a no-op for a missing index
    _ok(cli("add", "--type", "project", "--name", "Release day", "--description",
            "We release on Thursdays", "--body", "We release on Thursdays."))  # fmt: skip
    (index,) = (home / "projects").glob("*/MEMORY.md")
    before = index.read_bytes()
    log = _log(index.parent)
    index.unlink()
    _ok(cli("ls"))
    assert index.read_bytes() == before
    assert _log(index.parent) == log  # nothing changed, nothing to record


# -- memdir ls -----------------------------------------------------------------------------


def test_ls_measures_a_description_with_a_tab_as_it_prints_it(cli: Callable[..., Any]) -> None:
    # shows: _columns sizes the description column from the raw text (a tab is 0 cells),
    # then prints it with the tab made a space, so it wraps at 200 columns with room to spare
    description = "Deploys wait for canary\tthen roll out"
    _ok(cli("add", "--type", "project", "--name", "Deploy notes", "--description",
            description, "--body", "Deploys wait."))  # fmt: skip
    lines = _ok(cli("ls", extra_env={"COLUMNS": "200"})).stdout.splitlines()
    assert len(lines) == 2, lines  # the heading and the one entry's row


def test_uninstall_hermes_keeps_a_comment_written_on_the_provider_line_after_install(
    cli: Callable[..., Any], tmp_path: Path
) -> None:
    # shows: install now replaces only the value, but uninstall still restores the whole
    # recorded line, so a comment the user wrote on that line since is lost
    hermes, config = _activated(
        cli, tmp_path, "memory:\n  provider: honcho  # was\n  nudge_interval: 3\n"
    )
    edited = config.read_text().replace("# was", "# trying memdir since May, see ticket 42")
    config.write_text(edited)
    _hermes(cli, hermes, "uninstall")
    assert "# trying memdir since May, see ticket 42" in config.read_text(), config.read_text()


def test_an_index_rebuilt_while_git_is_locked_is_not_a_hand_edit_later(
    cli: Callable[..., Any], home: Path
) -> None:
    # shows: repair writes MEMORY.md before its commit; when the commit fails (a person's
    # git, an editor's git status, holds .git/index.lock) it warned "not repaired" though
    # the index was rewritten, and the next write recorded memdir's rewrite as a hand
    # edit. Now the index's bytes before are put back when the commit fails.
    _ok(cli("add", "--type", "project", "--name", "Release day", "--description",
            "We release on Thursdays", "--body", "We release on Thursdays."))  # fmt: skip
    (index,) = (home / "projects").glob("*/MEMORY.md")
    folder = index.parent
    index.write_text(index.read_text() + "MY NOTE\n")
    git = shutil.which("git")
    assert git is not None
    subprocess.run([git, "-C", str(folder), "-c", "user.name=me", "-c", "user.email=me@x",
                    "commit", "-qam", "my note"], check=True)  # fmt: skip
    lock = folder / ".git" / "index.lock"
    lock.touch()
    noted = index.read_bytes()
    locked = _ok(cli("ls"))
    assert "scope not repaired" in locked.stderr and "index.lock" in locked.stderr, locked.stderr
    assert index.read_bytes() == noted  # as it says: not repaired, the index as it was
    lock.unlink()
    _ok(cli("add", "--type", "project", "--name", "Second", "--description", "A second fact",
            "--body", "A second fact."))  # fmt: skip
    assert "hand edit: MEMORY.md" not in _log(folder), _log(folder)
    assert "MY NOTE" not in index.read_text() and "Second" in index.read_text()


def test_install_hermes_activate_keeps_a_utf8_bom(cli: Callable[..., Any], tmp_path: Path) -> None:
    # shows: config.yaml is read as utf-8-sig and written back as utf-8, so --activate drops
    # a byte-order mark (given back by uninstall only when the file was not edited since)
    _, config = _activated(cli, tmp_path, b"\xef\xbb\xbfmodel: x\nmemory:\n  provider: honcho\n")
    assert config.read_bytes() == b"\xef\xbb\xbfmodel: x\nmemory:\n  provider: memdir\n"


@pytest.mark.parametrize("hand_edit", [False, True], ids=["untouched", "edited-since"])
def test_install_hermes_keeps_a_bom_and_crlf_through_install_and_uninstall(
    cli: Callable[..., Any], tmp_path: Path, hand_edit: bool
) -> None:
    # mend53h: the BOM and CRLF stay, only the value changes; uninstall gives the file
    # back byte for byte (from the backup when untouched, by editing the line after a
    # hand edit elsewhere: the BOM kept there too)
    hermes = tmp_path / "hermes"
    hermes.mkdir()
    config = hermes / "config.yaml"
    original = b"\xef\xbb\xbf# mine\r\nmodel: x\r\nmemory:\r\n  provider: honcho  # hi\r\n"
    config.write_bytes(original)
    _hermes(cli, hermes, "install", "--activate")
    assert config.read_bytes() == original.replace(b"honcho", b"memdir")
    if hand_edit:
        config.write_bytes(config.read_bytes() + b"display: full\r\n")
        original += b"display: full\r\n"
    _hermes(cli, hermes, "uninstall")
    assert config.read_bytes() == original
