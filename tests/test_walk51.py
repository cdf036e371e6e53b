"""walk51: a newcomer's walkthrough of the README (quick start, entries and history,
harness import/export and installs, session search, web page, MCP, team server). Each test
pins one defect found on the way, as a strict xfail: it fails today for that defect's
reason and passes once it is fixed. docs/walk51.md lists them with what a user expected."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from memdir.interop.claude_code.formats import project_slug

Run = Callable[..., subprocess.CompletedProcess[str]]


def _cli(tmp_path: Path, home: Path, project: Path, user_home: Path) -> Callable[..., Any]:
    """The CLI as a real subprocess with ``HOME`` moved to ``user_home`` (where the
    harnesses keep their files); returns the finished process, exit status unchecked, and
    asserts that no traceback leaked."""
    env = {
        **os.environ,
        "HOME": str(user_home),
        "MEMDIR_HOME": str(home),
        "MEMDIR_MANAGED_DIR": str(tmp_path / "m"),
        "NO_COLOR": "1",
        "COLUMNS": "200",
    }
    for name in ("EDITOR", "VISUAL", "MEMDIR_DISABLE", "MEMDIR_TOKEN", "MEMDIR_SERVER"):
        env.pop(name, None)
    for name in ("MEMDIR_DATABASE_URL", "MEMDIR_USER", "CODEX_HOME", "HERMES_HOME"):
        env.pop(name, None)

    def run(*args: str, extra_env: dict[str, str] | None = None) -> Any:
        proc = subprocess.run(
            [sys.executable, "-m", "memdir", "-C", str(project), *args],
            capture_output=True,
            text=True,
            env={**env, **(extra_env or {})},
            timeout=60,
        )
        assert "Traceback" not in proc.stderr, proc.stderr
        return proc

    return run


@pytest.fixture
def cli(tmp_path: Path, home: Path, project: Path) -> Callable[..., Any]:
    user_home = tmp_path / "user-home"
    user_home.mkdir()
    return _cli(tmp_path, home, project, user_home)


def _claude_memory_folder(user_home: Path, project: Path) -> Path:
    """A Claude Code memory folder for ``project`` as Claude Code leaves it: MEMORY.md
    (title, summary, links) and one typed topic file."""
    folder = user_home / ".claude" / "projects" / project_slug(str(project)) / "memory"
    folder.mkdir(parents=True)
    (folder / "MEMORY.md").write_text(
        "# Project memory\n\nNotes for the acme app.\n\n"
        "- [Testing style](feedback_testing.md) — integration tests hit a real database\n",
        encoding="utf-8",
    )
    (folder / "feedback_testing.md").write_text(
        "---\nname: Testing style\n"
        "description: Integration tests must hit a real database, not mocks\n"
        "type: feedback\n---\nIntegration tests must hit a real database, not mocks.\n\n"
        "**Why:** mocked tests passed while the prod migration failed.\n",
        encoding="utf-8",
    )
    return folder


@pytest.mark.xfail(
    strict=True,
    reason="walk51: the README's `memdir export claude-code --apply` fails (exit 1) right "
    "after `memdir import claude-code --apply` of the same folder",
)
def test_readme_claude_code_import_then_export_as_written(
    cli: Callable[..., Any], tmp_path: Path, project: Path
) -> None:
    # README, "Moving from Claude Code": import claude-code (dry run), --apply, then
    # export claude-code --apply, each as written (default folders under $HOME)
    _claude_memory_folder(tmp_path / "user-home", project)
    assert cli("import", "claude-code").returncode == 0
    assert cli("import", "claude-code", "--apply").returncode == 0
    exported = cli("export", "claude-code", "--apply")
    assert exported.returncode == 0, exported.stdout + exported.stderr


@pytest.mark.xfail(
    strict=True,
    reason="walk51: a refused `export claude-code --apply` (Error, exit 1) still writes the "
    "new topic files, which the MEMORY.md it refused to touch does not list",
)
def test_refused_export_writes_nothing(
    cli: Callable[..., Any], tmp_path: Path, project: Path
) -> None:
    folder = _claude_memory_folder(tmp_path / "user-home", project)
    before = sorted(p.name for p in folder.iterdir())
    added = cli(
        "add", "--type", "feedback", "--name", "Use pnpm", "--description", "pnpm, not npm",
        "--body", "Use `pnpm install`.",
    )  # fmt: skip
    assert added.returncode == 0, added.stderr
    refused = cli("export", "claude-code", "--apply")
    assert refused.returncode == 1 and "Error:" in refused.stderr  # MEMORY.md is not memdir's
    # the export was refused: the folder is as Claude Code left it
    assert sorted(p.name for p in folder.iterdir()) == before


@pytest.mark.xfail(
    strict=True,
    reason="walk51: `memdir import HARNESS --from MISSING --apply` exits 0 "
    "('Imported from …: nothing found.') instead of failing",
)
def test_import_from_a_missing_folder_is_an_error(cli: Callable[..., Any], tmp_path: Path) -> None:
    # a typo in --from (~/.hermes/memorie) must not look like a successful import to a
    # script; `import-sessions codex --from MISSING` already exits 1 with an Error: line
    missing = tmp_path / "no such folder"
    for harness in ("claude-code", "codex", "hermes"):
        proc = cli("import", harness, "--from", str(missing), "--apply")
        assert proc.returncode == 1, (harness, proc.stdout, proc.stderr)
        assert proc.stderr.startswith("Error:"), (harness, proc.stderr)


@pytest.mark.xfail(
    strict=True,
    reason="walk51: after `memdir init`, the first write records memdir's own .gitignore "
    "and MEMORY.md as `hand edit: .gitignore, MEMORY.md` in `memdir log`",
)
def test_init_then_add_records_no_hand_edit(cli: Callable[..., Any]) -> None:
    assert cli("init").returncode == 0
    added = cli(
        "add", "--type", "feedback", "--name", "Use pnpm", "--description", "pnpm, not npm",
        "--body", "Use `pnpm install`.",
    )  # fmt: skip
    assert added.returncode == 0, added.stderr
    log = cli("log")
    assert log.returncode == 0
    assert "add feedback_use-pnpm" in log.stdout
    assert "hand edit" not in log.stdout, log.stdout  # nobody edited anything by hand


@pytest.mark.xfail(
    strict=True,
    reason="walk51: `memdir sessions search QUERY --role usr` (a typo) is accepted and "
    "answers 'No session matches.' with exit 0",
)
def test_sessions_search_role_typo_is_an_error(cli: Callable[..., Any], tmp_path: Path) -> None:
    # --scope and --type reject a typo and list the choices; --role should too
    transcripts = tmp_path / "transcripts" / "p"
    transcripts.mkdir(parents=True)
    (transcripts / "3f1c6a52-0000-4000-8000-000000000001.jsonl").write_text(
        _transcript("3f1c6a52-0000-4000-8000-000000000001", str(tmp_path)), encoding="utf-8"
    )
    imported = cli("import-sessions", "claude-code", "--from", str(tmp_path / "transcripts"))
    assert imported.returncode == 0, imported.stderr
    right = cli("sessions", "search", "kiwi", "--role", "user")
    assert right.returncode == 0 and "kiwi cluster" in right.stdout
    typo = cli("sessions", "search", "kiwi", "--role", "usr")
    assert typo.returncode != 0, typo.stdout
    assert "usr" in typo.stderr and "user" in typo.stderr


def _transcript(session_id: str, cwd: str) -> str:
    rows = [
        {
            "type": "user",
            "uuid": "a1",
            "parentUuid": None,
            "sessionId": session_id,
            "cwd": cwd,
            "timestamp": "2026-12-01T10:00:00Z",
            "message": {"role": "user", "content": "Deploy billing to the kiwi cluster."},
        },
        {
            "type": "assistant",
            "uuid": "a2",
            "parentUuid": "a1",
            "sessionId": session_id,
            "cwd": cwd,
            "timestamp": "2026-12-01T10:00:05Z",
            "message": {
                "role": "assistant",
                "content": [{"type": "text", "text": "Deployed: rollout R-7731 on kiwi."}],
            },
        },
    ]
    return "".join(json.dumps(r) + "\n" for r in rows)


@pytest.mark.xfail(
    strict=True,
    reason="walk51: `memdir sessions show <Claude Code's own session id>` says 'No session' "
    "without naming claude-code:<id>, the session that id imported as",
)
def test_sessions_show_by_the_harness_session_id(cli: Callable[..., Any], tmp_path: Path) -> None:
    sid = "803d6fdb-6a12-4abb-a4c5-24c869d15248"  # what `claude --resume` shows
    transcripts = tmp_path / "transcripts" / "p"
    transcripts.mkdir(parents=True)
    (transcripts / f"{sid}.jsonl").write_text(_transcript(sid, str(tmp_path)), encoding="utf-8")
    assert (
        cli("import-sessions", "claude-code", "--from", str(tmp_path / "transcripts")).returncode
        == 0
    )
    assert cli("sessions", "show", f"claude-code:{sid[:8]}").returncode == 0  # memdir's id works
    shown = cli("sessions", "show", sid)
    # either it is shown, or the error points at the one session that id names
    assert shown.returncode == 0 or f"claude-code:{sid}" in shown.stderr, shown.stderr


@pytest.mark.xfail(
    strict=True,
    reason="walk51: a refused `memdir edit` says 'Fix the file by hand (memdir will not "
    "overwrite it), then run `memdir doctor`' though the entry file is untouched",
)
def test_refused_edit_does_not_send_the_user_to_fix_a_file(
    cli: Callable[..., Any], tmp_path: Path
) -> None:
    added = cli(
        "add", "--type", "project", "--name", "release day", "--description", "Thursdays",
        "--body", "We release on Thursdays.",
    )  # fmt: skip
    assert added.returncode == 0, added.stderr
    editor = tmp_path / "bad-editor.py"
    editor.write_text(
        "import re, sys\np = sys.argv[1]\nt = open(p, encoding='utf-8').read()\n"
        "open(p, 'w', encoding='utf-8').write(re.sub(r'(?m)^type: .*$', 'type: bogus', t))\n",
        encoding="utf-8",
    )
    proc = cli("edit", "release", extra_env={"EDITOR": f"{sys.executable} {editor}"})
    assert proc.returncode == 1
    assert "recovery" in proc.stderr  # the text is kept: good
    assert "We release on Thursdays." in cli("show", "release").stdout  # the entry is intact
    # ...so nothing needs fixing by hand, and doctor has nothing to find
    assert "Fix the file by hand" not in proc.stderr, proc.stderr
    assert "memdir doctor" not in proc.stderr, proc.stderr


@pytest.mark.xfail(
    strict=True,
    reason="walk51: offline, `bootstrap --from NOTES` whose notes hold plain facts answers "
    "'found nothing new' without naming the notes or saying a model is needed",
)
def test_bootstrap_names_the_notes_it_could_not_use(
    cli: Callable[..., Any], tmp_path: Path
) -> None:
    notes = tmp_path / "my notes"
    notes.mkdir()
    (notes / "work.md").write_text(
        "# Work notes\n\n- We always use Postgres 16 in production.\n"
        "- I prefer terse commit messages.\n",
        encoding="utf-8",
    )
    proc = cli("bootstrap", "--from", str(notes))
    assert proc.returncode == 0, proc.stderr
    # it reads the file (a "remember that …" line there is proposed): the report must say
    # what became of it, as it does for AGENTS.md ("not mined")
    assert "work.md" in proc.stdout + proc.stderr, proc.stdout


@pytest.mark.xfail(
    strict=True,
    reason="walk51: `export agents-md --apply` with no team rules notes 'no feedback "
    "entries' yet writes an empty memdir section into the committed AGENTS.md",
)
def test_export_agents_md_with_nothing_to_export_leaves_it_alone(
    cli: Callable[..., Any], project: Path
) -> None:
    agents = project / "AGENTS.md"
    agents.write_text("# Agents\nRun `make check` before committing.\n", encoding="utf-8")
    before = agents.read_bytes()
    proc = cli("export", "agents-md", "--apply")
    assert proc.returncode == 0, proc.stderr
    assert "no feedback entries" in proc.stdout + proc.stderr
    assert agents.read_bytes() == before, agents.read_text(encoding="utf-8")
