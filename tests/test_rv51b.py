"""Review of mend51b (rv51b): reproducers for what the branch gets wrong. Each test fails
on mend51b; see the one-line comment above each for what it shows."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from memdir.interop.claude_code.formats import project_slug
from usercli import cli as cli
from usercli import user_cli


def _memory(tmp_path: Path, project: Path, extra: str) -> Path:
    """Claude Code's memory folder for ``project``: MEMORY.md (title, summary, one link,
    then ``extra``) and its topic file; returns MEMORY.md."""
    folder = tmp_path / "user-home" / ".claude" / "projects" / project_slug(str(project))
    folder = folder / "memory"
    folder.mkdir(parents=True)
    (folder / "feedback_testing.md").write_text(
        "---\nname: Testing style\ndescription: Integration tests hit a real database\n"
        "type: feedback\n---\nIntegration tests must hit a real database, not mocks.\n",
        encoding="utf-8",
    )
    index = folder / "MEMORY.md"
    index.write_text(
        "# Project memory\n\nNotes for the acme app.\n\n"
        "- [Testing style](feedback_testing.md) — integration tests hit a real database\n" + extra,
        encoding="utf-8",
    )
    return index


def _import_then_export(cli: Callable[..., Any], index: Path, kept: str) -> None:
    """import --apply, then export --apply: either the export refuses MEMORY.md (and
    leaves it as it was) or the MEMORY.md it writes still holds ``kept``."""
    before = index.read_bytes()
    imported = cli("import", "claude-code", "--apply")
    assert imported.returncode == 0, imported.stdout + imported.stderr
    exported = cli("export", "claude-code", "--apply")
    after = index.read_text(encoding="utf-8")
    if exported.returncode != 0:
        assert index.read_bytes() == before
        return
    assert kept in after, f"{kept!r} lost from MEMORY.md:\n{after}\n{exported.stdout}"


# MEMORY.md with an HTML comment the user wrote: parse_index drops comments, so the import
# "stored every entry" and the export replaces the file, the comment's text gone for good
def test_export_does_not_drop_a_comment_in_an_imported_memory_md(
    cli: Callable[..., Any], tmp_path: Path, project: Path
) -> None:
    note = "<!-- staging DB password rotates on the 1st; ask Dana -->"
    _import_then_export(cli, _memory(tmp_path, project, f"\n{note}\n"), "ask Dana")


# a link to a web page in MEMORY.md (filename None): neither an item nor a problem, so
# _all_stored is True and the export replaces MEMORY.md without the user's runbook link
def test_export_does_not_drop_a_url_link_in_an_imported_memory_md(
    cli: Callable[..., Any], tmp_path: Path, project: Path
) -> None:
    line = "- [On-call runbook](https://wiki.example.com/oncall) — pager steps\n"
    _import_then_export(cli, _memory(tmp_path, project, line), "wiki.example.com/oncall")


# a link to a topic file that is gone is only a note at import; its title and hook (the
# only copy of that memory left) are not stored, yet the export replaces MEMORY.md
def test_export_does_not_drop_a_dangling_link_in_an_imported_memory_md(
    cli: Callable[..., Any], tmp_path: Path, project: Path
) -> None:
    line = "- [Deploy freeze](project_freeze.md) — no deploys Fridays after 3pm\n"
    _import_then_export(cli, _memory(tmp_path, project, line), "no deploys Fridays")


# a "## Billing service" heading with only links under it (and a second link to the same
# topic file) is neither stored nor kept: the export rewrites MEMORY.md without it
def test_export_keeps_a_heading_over_links_in_an_imported_memory_md(
    cli: Callable[..., Any], tmp_path: Path, project: Path
) -> None:
    extra = "\n## Billing service\n\n- [Testing style](feedback_testing.md) — again\n"
    _import_then_export(cli, _memory(tmp_path, project, extra), "Billing service")


def _agents_round_trip(cli: Callable[..., Any], agents: Path, original: bytes) -> bytes:
    """AGENTS.md holding ``original``; a feedback rule exported into it, then removed and
    exported again: returns the bytes left."""
    agents.write_bytes(original)
    added = cli(
        "add", "--scope", "project", "--type", "feedback", "--name", "Use pnpm",
        "--description", "pnpm, not npm", "--body", "Use `pnpm install`.",
    )  # fmt: skip
    assert added.returncode == 0, added.stderr
    assert cli("export", "agents-md", "--apply").returncode == 0
    assert b"Use pnpm" in agents.read_bytes()
    assert cli("rm", "pnpm").returncode == 0
    proc = cli("export", "agents-md", "--apply")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return agents.read_bytes()


# an AGENTS.md with no final newline: removing the stale section leaves a "\n" the team
# never wrote (not "the rest kept byte for byte", as the README promises)
def test_removing_the_section_keeps_an_agents_md_without_final_newline(
    cli: Callable[..., Any], project: Path
) -> None:
    original = b"# Agents\nRun `make check` before committing."
    assert _agents_round_trip(cli, project / "AGENTS.md", original) == original


# a library caller logging its own role ("developer", as OpenAI's API names it) could
# filter on it before; now session_search refuses the role the stored messages carry
def test_session_search_finds_a_stored_role_outside_the_four(home: Path, project: Path) -> None:
    import memdir

    md = memdir.open(home, project)
    with md.session() as earlier:
        earlier.log("developer", "Deploy billing to the kiwi cluster.")
    with md.session() as s:
        found = s.call_tool("session_search", {"query": "kiwi", "role": "developer"})
        assert found["success"] is True and found["results"], found
    md.close()


# a 6-character start of a Claude Code session id that also starts a memdir session id:
# `sessions show` silently opens memdir's session instead of saying two match
def test_sessions_show_by_a_start_shared_by_a_native_and_a_harness_id(
    cli: Callable[..., Any], home: Path, project: Path
) -> None:
    import memdir

    md = memdir.open(home, project)
    md.sessions.start("agent", session_id="3f2a1b" + "0" * 26)
    harness = md.sessions.start(
        "claude-code", session_id="claude-code:3f2a1b9c-1111-4222-8333-944445555666"
    )
    md.sessions.log(harness.id, "user", "Deploy billing to the kiwi cluster.")
    md.close()
    shown = cli("sessions", "show", "3f2a1b")
    assert shown.returncode != 0 or "kiwi" in shown.stdout, shown.stdout + shown.stderr


# AGENTS.md checked out with CRLF line ends (git's autocrlf converts memdir's section
# too): removing the stale section leaves the blank line memdir had put before it
def test_removing_the_section_from_a_crlf_agents_md_leaves_no_blank_line(
    cli: Callable[..., Any], project: Path
) -> None:
    agents = project / "AGENTS.md"
    original = b"# Agents\r\nRun `make check` before committing.\r\n"
    agents.write_bytes(original)
    added = cli(
        "add", "--scope", "project", "--type", "feedback", "--name", "Use pnpm",
        "--description", "pnpm, not npm", "--body", "Use `pnpm install`.",
    )  # fmt: skip
    assert added.returncode == 0, added.stderr
    assert cli("export", "agents-md", "--apply").returncode == 0
    crlf = agents.read_bytes().replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
    agents.write_bytes(crlf)  # as `git checkout` with core.autocrlf=true leaves it
    assert cli("rm", "pnpm").returncode == 0
    assert cli("export", "agents-md", "--apply").returncode == 0
    assert agents.read_bytes() == original


# Codex: its memory_summary.md's "What's in Memory" index (desc/learnings lines) is not
# imported, yet the import counts as storing every entry and the export replaces the file
def test_codex_export_keeps_the_learnings_of_an_imported_summary(
    tmp_path: Path, home: Path, project: Path
) -> None:
    import shutil

    user_home = tmp_path / "codex-home"
    shutil.copytree(Path(__file__).parent / "fixtures" / "codex" / "home", user_home)
    for path in user_home.rglob("*.md"):
        text = path.read_text("utf-8").replace("/home/ada/code/app", str(project))
        path.write_text(text.replace("/home/ada", str(user_home)), "utf-8")
    notes = user_home / ".codex" / "memories" / "extensions" / "ad_hoc" / "notes"
    (poisoned,) = notes.glob("*helpful-shortcut.md")
    poisoned.unlink()
    summary = user_home / ".codex" / "memories" / "memory_summary.md"
    before = summary.read_bytes()
    cli = user_cli(tmp_path, home, project, user_home)
    assert cli("import", "codex", "--apply").returncode == 0
    exported = cli("export", "codex", "--apply")
    kept = "run the slow marker separately"
    assert (exported.returncode != 0 and summary.read_bytes() == before) or (
        kept in summary.read_text("utf-8")
    ), exported.stdout


# the start of a Claude Code session id ("or its start", as the branch documents) is
# refused as ambiguous as soon as the session ran a sub-agent: the child's id
# (claude-code:<id>:<root>) holds it too, though it is plainly the parent meant
def test_sessions_show_by_the_start_of_a_harness_id_with_a_sub_agent(
    cli: Callable[..., Any], home: Path, project: Path
) -> None:
    import memdir

    sid = "3f2a1b9c-1111-4222-8333-944445555666"
    md = memdir.open(home, project)
    parent = md.sessions.start("claude-code", session_id=f"claude-code:{sid}")
    md.sessions.log(parent.id, "user", "Deploy billing to the kiwi cluster.")
    child = md.sessions.start(
        "claude-code",
        session_id=f"claude-code:{sid}:7d1e0c2a-aaaa-4bbb-8ccc-0123456789ab",
        parent_id=parent.id,
    )
    md.sessions.log(child.id, "assistant", "Searching the repository for the deploy script.")
    md.close()
    full = cli("sessions", "show", sid)  # the whole id works
    assert full.returncode == 0 and "kiwi" in full.stdout, full.stdout + full.stderr
    start = cli("sessions", "show", sid[:8])
    assert start.returncode == 0 and "kiwi" in start.stdout, start.stdout + start.stderr
