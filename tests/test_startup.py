"""What `memdir context` (run at every session start) imports: none of the machinery it
does not use. Counts modules, never time (HOUSE.md); bench/README.md has the times."""

from __future__ import annotations

import json
import os
import pkgutil
import subprocess
import sys
from pathlib import Path

import memdir
import memdir.cli
from conftest import add

# Each was on the context path once, together worth ~150 ms of a 330 ms start.
HEAVY = (
    "memdir.sessions.log",  # search, ranking, entities, bulk import
    "memdir.sessions.vectors",  # urllib.request, http.client, ssl
    "memdir.hooks",  # pluggy and the plugin entry points
    "memdir.guard",  # built only for a project-scope text it has not judged
    "memdir.pipeline.run",
    "memdir.mcp",
    "memdir.serve",
    "pluggy",
    "ssl",
    "urllib.request",
    "mcp",
    "starlette",
    "psycopg",
    "jieba",
)

# Runs the CLI in this interpreter, then writes the names of the imported modules.
WRAPPER = """
import json, sys
out, sys.argv = sys.argv[1], ["memdir", *sys.argv[2:]]
try:
    from memdir.cli import main
    main()
finally:
    with open(out, "w") as f:
        json.dump(sorted(sys.modules), f)
"""


def _run(tmp_path: Path, home: Path, *args: str) -> tuple[str, set[str]]:
    out = tmp_path / "modules.json"
    env = {**os.environ, "MEMDIR_HOME": str(home), "NO_COLOR": "1"}
    env.pop("MEMDIR_DISABLE", None)
    done = subprocess.run(
        [sys.executable, "-c", WRAPPER, str(out), *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=True,
    )
    assert "Traceback" not in done.stderr
    return done.stdout, set(json.loads(out.read_text()))


def test_context_imports_none_of_search_the_guard_or_the_servers(
    tmp_path: Path, home: Path
) -> None:
    """Every layer present: entries in three scopes (one the guard must judge), an
    instruction file with an @import in a git checkout, and a state.db with a session (so
    usage decay reads it)."""
    repo = tmp_path / "repo"
    repo.mkdir()
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    (repo / "CLAUDE.md").write_text("Build with make. @docs/style.md\n")
    (repo / "docs").mkdir()
    (repo / "docs" / "style.md").write_text("Short functions.\n")
    md = memdir.open(home, repo)
    add(md.store("user"), "Editor", body="Uses helix.")
    add(md.store("local"), "Package manager", body="Use pnpm here.")
    add(md.store("project"), "Release", body="Tag, then push the tag.")
    with md.session(agent="test") as s:
        s.log("user", "how do we release?")
    assert md.state_path.exists()
    expected = memdir.open(home, repo).system_block()

    _run(tmp_path, home, "-C", str(repo), "context")  # judges the project entry once
    printed, modules = _run(tmp_path, home, "-C", str(repo), "context")

    assert printed == expected
    assert "Use pnpm here." in printed or "Package manager" in printed
    assert "memdir.sessions.usage" in modules  # the check sees what it looks for
    assert sorted(m for m in HEAVY if m in modules) == []


def test_context_in_a_folder_with_an_empty_git_folder_does_not_open_git(
    tmp_path: Path, home: Path
) -> None:
    """No instruction file imports anything and the ``.git`` folder is empty (as in
    bench/core.py): nothing needs dulwich's repository or ignore modules."""
    project = tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    (project / "AGENTS.md").write_text("Run the tests.\n")
    md = memdir.open(home, project)
    add(md.store("local"), "Package manager", body="Use pnpm here.")
    expected = memdir.open(home, project).system_block()
    printed, modules = _run(tmp_path, home, "-C", str(project), "context")
    assert printed == expected and "Run the tests." in printed
    assert sorted(m for m in ("dulwich.repo", "dulwich.ignore", *HEAVY) if m in modules) == []


def test_import_memdir_imports_no_sessions_module(tmp_path: Path) -> None:
    out = tmp_path / "modules.json"
    code = f"import json, sys, memdir; json.dump(sorted(sys.modules), open({str(out)!r}, 'w'))"
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)
    modules = set(json.loads(out.read_text()))
    assert "memdir.engine" in modules
    assert sorted(m for m in modules if m.startswith("memdir.sessions")) == []
    assert sorted(m for m in HEAVY if m in modules) == []


def test_every_command_is_found_in_the_module_named_for_it() -> None:
    """The CLI imports a command's module only when the command is asked for."""
    import click

    from memdir.cli.app import COMMANDS, cli

    names = cli.list_commands(click.Context(cli))
    assert sorted(names) == sorted(COMMANDS)
    # a new command module must be named in COMMANDS, or its commands are never found
    plain = {"app", "files", "progress"}  # helpers, no command of their own
    package = Path(memdir.cli.__file__).parent
    modules = {m.name for m in pkgutil.iter_modules([str(package)])} - plain
    assert modules == set(COMMANDS.values())
    for name in names:
        callback = cli.commands[name].callback
        assert callback is not None
        assert callback.__module__ == f"memdir.cli.{COMMANDS[name]}", name
