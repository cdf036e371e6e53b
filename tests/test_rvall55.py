"""rvall55: the session's branches read together. Each test pins a disagreement between
two branches that each made sense alone (and failed before its fix)."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

from usercli import cli as cli


def test_the_command_import_codex_gives_for_codexs_own_agents_md_makes_memdir_read_it(
    cli: Callable[..., Any], tmp_path: Path
) -> None:
    """walk55's note (run this to read ~/.codex/AGENTS.md in memdir too) with cfg55's
    CODEX_HOME outside the home folder, in a folder whose name has a space: the line the
    command appends must be an include memdir follows, not one cut at the space or
    refused as outside the folders a user's file may import from."""
    codex = tmp_path / "codex home"
    (codex / "memories").mkdir(parents=True)
    (codex / "memories" / "memory_summary.md").write_text(
        "v1\n## User Profile\nWorks on billing.\n"
    )
    (codex / "AGENTS.md").write_text("Never push to main; open a PR.\n")
    env = {"CODEX_HOME": str(codex)}
    proc = cli("import", "codex", extra_env=env)
    assert proc.returncode == 0, proc.stderr
    found = re.search(r"run: (mkdir -p .*)$", proc.stdout + proc.stderr, re.M)
    assert found, proc.stdout + proc.stderr
    subprocess.run(["sh", "-c", found.group(1)], check=True)
    context = cli("context", extra_env=env)
    assert context.returncode == 0, context.stderr
    assert "Never push to main" in context.stdout, context.stdout + context.stderr


def test_import_sessions_hermes_reads_the_state_db_in_hermes_home(
    cli: Callable[..., Any], tmp_path: Path
) -> None:
    """cfg55 made every Claude Code and Codex reader follow the harness's variable; Hermes
    keeps state.db in ``$HERMES_HOME`` (hermes_state.DEFAULT_DB_PATH), which ``install`` and
    ``import``/``export hermes`` follow, but ``import-sessions hermes`` looked in
    ``~/.hermes`` only: the sessions of a moved Hermes were "not there"."""
    from test_interop_transcripts import hermes_db

    hermes = tmp_path / "hermes profile"
    hermes.mkdir()
    hermes_db(hermes / "state.db")
    proc = cli("import-sessions", "hermes", "--json", extra_env={"HERMES_HOME": str(hermes)})
    assert proc.returncode == 0, proc.stderr
    assert '"sessions_created": 2' in proc.stdout, proc.stdout
    missing = cli("import-sessions", "hermes", extra_env={"HERMES_HOME": str(tmp_path / "no")})
    assert missing.returncode != 0
    assert str(tmp_path / "no" / "state.db") in missing.stderr, missing.stderr


def test_the_scope_overview_finds_themes_in_hindi_as_dreaming_does(md: Any) -> None:
    """indic55 made combining marks part of a word for session search, rv55i for review
    and dreaming's themes (review.similar.tokens); the scope overview groups themes with
    its own word pattern (core.tiers), which still cut दवाई into द व and ई: no Hindi word
    of 3+ letters, so Hindi entries never made a theme there."""
    store = md.store("local")
    store.add(type="feedback", name="पापा की दवाई", description="पापा की दवाई सुबह", body="a")
    store.add(type="project", name="दवाई की सूची", description="पापा की दवाई शाम", body="b")
    store.add(type="reference", name="Grafana URL", description="dashboards host", body="g.x")
    with md.session() as s:
        text = s.call_tool("memory_read", {"scope": "local"})["content"]
    assert "## Theme " in text and "दवाई" in text.split("## Theme ", 1)[1].split("\n")[0], text


def test_import_codex_knows_its_own_export_kept_with_a_bom_and_crlf(
    cli: Callable[..., Any], tmp_path: Path
) -> None:
    """real55 keeps a Windows checkout's BOM and CRLF in what export writes and records
    those bytes as its own; walk55's import note ("export codex will not replace this
    file") asked the ledger about the decoded text (BOM gone): memdir's own export, still
    replaced by the next export, was called Codex's own index."""
    added = cli("add", "--type", "user", "--name", "Shell", "--description", "fish",
                "--body", "Uses fish shell.", "--scope", "user")  # fmt: skip
    assert added.returncode == 0, added.stderr
    assert cli("export", "codex", "--apply").returncode == 0
    summary = tmp_path / "user-home" / ".codex" / "memories" / "memory_summary.md"
    plain = cli("import", "codex")
    assert "will not replace this file" not in plain.stdout + plain.stderr
    data = summary.read_bytes()
    summary.write_bytes(b"\xef\xbb\xbf" + data.replace(b"\n", b"\r\n"))
    again = cli("export", "codex", "--apply")
    assert again.returncode == 0, again.stderr
    assert summary.read_bytes().startswith(b"\xef\xbb\xbf")  # kept as the checkout has it
    imported = cli("import", "codex")
    assert imported.returncode == 0, imported.stderr
    assert "will not replace this file" not in imported.stdout + imported.stderr
    replaced = cli("export", "codex", "--apply")  # and indeed it replaces it
    assert replaced.returncode == 0 and "refused" not in replaced.stdout, replaced.stdout
