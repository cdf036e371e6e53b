"""rv52b: review of mend52b (unknown scope in MCP `memory`, the role note beside a deep
answer, AGENTS.md section round trips, `sessions show` naming other ids starting alike).
Each test that fails on mend52b pins one finding; the strict xfails are the minor ones."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memdir import Memdir
from memdir.interop.agents_md import (
    BEGIN,
    END,
    merge_section,
    remove_section,
    section_span,
)
from test_mend52b import _rule, _section
from usercli import cli as cli

# --- item 3: AGENTS.md round trips ------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["agents-md", "codex"])
@pytest.mark.parametrize("hand", [b"foo", b"# Agents\r\n\r\nfoo"], ids=["lf", "crlf"])
def test_agents_md_exported_by_main_to_a_file_without_final_newline_gains_only_a_newline(
    cli: Callable[..., Any], project: Path, kind: str, hand: bytes
) -> None:
    # decided (docs/design/interop.md): such a file reads exactly like a section placed by
    # hand after "foo\n", whose line end is kept, so it gains a final newline, nothing lost
    agents = project / "AGENTS.md"
    _rule(cli, "Run make check")
    section = _section(cli, project)
    agents.write_bytes(hand + b"\n" + section)  # byte for byte what main's export wrote
    _rule(cli, "Run ruff")  # this branch rewrites the section
    assert cli("export", kind, "--apply").returncode == 0
    assert b"Run ruff" in agents.read_bytes()
    assert cli("rm", "make check").returncode == 0
    assert cli("rm", "ruff").returncode == 0
    removed = cli("export", kind, "--apply")  # no rules: the section goes
    assert removed.returncode == 0, removed.stdout + removed.stderr
    assert agents.read_bytes() == hand + b"\n"


_SECTION = f"{BEGIN}\n## Team rules (from memdir)\n\n- **Run make** — make, always\n{END}\n"
_LINE = st.text(alphabet=st.sampled_from(list("ab #-<>!\t\ufeffé日")), max_size=6)


@settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    lines=st.lists(_LINE, max_size=5),
    eol=st.sampled_from(["\n", "\r\n"]),
    final=st.booleans(),
    crlf_later=st.booleans(),
)
def test_agents_md_export_rewrite_remove_gives_the_bytes_back(
    lines: list[str], eol: str, final: bool, crlf_later: bool
) -> None:
    # checked fine on mend52b: random text, LF/CRLF, with/without final newline (ending
    # in a blank line too since mend53c: see the test below), the section appended,
    # rewritten, optionally converted to CRLF by git, then removed: the original bytes
    # come back
    text = eol.join(lines) + (eol if final and lines else "")
    merged = merge_section(text, _SECTION)
    merged = merge_section(merged, _SECTION.replace("make, always", "ruff, always"))
    if crlf_later and eol == "\r\n":  # git's autocrlf converts the section's lines too
        tail = merged[len(text) :]
        merged = text + tail.replace("\r\n", "\n").replace("\n", "\r\n")
    span = section_span(merged)
    assert span is not None
    assert remove_section(merged, span) == text


@pytest.mark.parametrize("text", ["foo\n\n", "foo\n\n\n", "\n\n", "foo\r\n\r\n"])
def test_agents_md_file_ending_in_a_blank_line_is_given_back(text: str) -> None:
    # merge added no blank line to a file already ending in one, yet removal took one
    # line end away as if memdir had put it there (pre-existing on main); now merge adds
    # one more line end, the one removal takes away
    merged = merge_section(text, _SECTION)
    span = section_span(merged)
    assert span is not None
    assert remove_section(merged, span) == text


# --- item 4: `sessions show` naming the other sessions starting alike -------------------


@pytest.mark.slow
def test_sessions_show_note_does_not_understate_how_many_ids_start_alike(
    cli: Callable[..., Any], home: Path, project: Path
) -> None:
    # 120 sessions start with "feed": the stderr note says "49 other session ids start
    # with 'feed'" (the LIMIT 50 of _ids_like), a wrong count; it should say 120 or
    # "more than"
    import memdir

    md = memdir.open(home, project)
    md.sessions.start("agent", session_id="feed")
    for i in range(120):
        md.sessions.start("agent", session_id=f"feed{i:04d}")
    md.close()
    shown = cli("sessions", "show", "feed")
    assert shown.returncode == 0, shown.stdout + shown.stderr
    assert "other session ids start with 'feed'" in shown.stderr, shown.stderr
    assert len(shown.stderr) < 1000, shown.stderr  # bounded: five ids named at most
    # mend52b2: the look stays bounded (51 ids read), and says so
    assert "Note: 50 or more other session ids start with 'feed'" in shown.stderr, shown.stderr


@pytest.mark.slow
def test_sessions_show_note_names_only_ids_that_start_with_the_text(
    cli: Callable[..., Any], home: Path, project: Path
) -> None:
    # "abcd1234" is a whole id; "claude-code:ABCD1234x" does not start with it (ids are
    # case-sensitive: `get` is), yet the note names it on the files backend
    import memdir

    md = memdir.open(home, project)
    md.sessions.start("agent", session_id="abcd1234")
    md.sessions.start("claude-code", session_id="claude-code:ABCD1234x")
    md.close()
    shown = cli("sessions", "show", "abcd1234")
    assert shown.returncode == 0, shown.stdout + shown.stderr
    assert "ABCD1234x" not in shown.stderr, shown.stderr


@pytest.mark.backends
@pytest.mark.parametrize("given", ["ab_d", "ab%d", "a\\bcd", "ab\\%d"])
def test_also_starting_with_takes_like_wildcards_literally(md: Memdir, given: str) -> None:
    # checked fine on mend52b (files and PostgreSQL): %, _ and \ in the id are literal
    for sid in ["ab_d", "abxd", "abxdzz", "ab%d", "ab%dzz", "a\\bcd", "a\\bcdzz", "ab\\%d"]:
        md.sessions.start("agent", session_id=sid)
    md.sessions.start("agent", session_id="ab_dzz")
    chosen = md.sessions.resolve(given).id
    assert chosen == given
    others = md.sessions.also_starting_with(given, chosen)
    assert others == [i for i in [given + "zz"] if i in {"ab_dzz", "ab%dzz", "a\\bcdzz"}]


@pytest.mark.backends
def test_prefix_lookup_is_case_sensitive_on_both_backends(md: Memdir) -> None:
    # mend52b2: resolve's prefix lookup and the note match case as `get` does, on SQLite
    # (whose LIKE ignored ASCII case) as on PostgreSQL
    from memdir.core.errors import UnknownSessionError

    for sid in ["ABCD1234", "claude-code:ABCD5678", "abcd9999", "codex:abcd0000x"]:
        md.sessions.start("agent", session_id=sid)
    with pytest.raises(UnknownSessionError):
        md.sessions.resolve("abcd1234")
    with pytest.raises(UnknownSessionError):
        md.sessions.resolve("abcd5678")
    assert md.sessions.resolve("ABCD12").id == "ABCD1234"
    assert md.sessions.resolve("ABCD56").id == "claude-code:ABCD5678"
    assert md.sessions.also_starting_with("abcd", "abcd9999") == ["codex:abcd0000x"]


@pytest.mark.slow
def test_sessions_show_json_stdout_is_the_session_alone(
    cli: Callable[..., Any], home: Path, project: Path
) -> None:
    # checked fine on mend52b: with the note on stderr, --json's stdout still parses and
    # holds only the chosen session
    import memdir

    md = memdir.open(home, project)
    md.sessions.start("agent", session_id="c0ffee00")
    md.sessions.log("c0ffee00", "user", "Whole id session.")
    md.sessions.start("agent", session_id="c0ffee00beef")
    md.close()
    shown = cli("sessions", "show", "c0ffee00", "--json")
    assert shown.returncode == 0, shown.stdout + shown.stderr
    assert json.loads(shown.stdout)["session"]["id"] == "c0ffee00"
    assert "c0ffee00beef" in shown.stderr and "c0ffee00beef" not in shown.stdout


# --- item 1: a scope that is no scope ---------------------------------------------------

_ADD = {"type": "feedback", "name": "Use pnpm", "description": "pnpm", "body": "Run pnpm."}


@pytest.mark.parametrize(
    "scope", ["projcet", "Project", " project", "project\n", "", "org", "MANAGED"]
)
def test_mcp_memory_a_name_that_is_no_scope_is_unknown(md: Memdir, scope: str) -> None:
    # checked fine on mend52b: case, whitespace, "" and the team server's kind names are
    # unknown scopes with the writable ones listed, never "not allowed", nothing written
    from memdir.tools import Dispatcher

    answer = Dispatcher(md).call("memory", {"action": "add", **_ADD, "scope": scope})
    assert answer["success"] is False, answer
    assert f"unknown scope {scope!r}; use one of local, user, project" in answer["error"]
    assert "not allowed" not in answer["error"] and "config.toml" not in answer["error"]
    assert md.search("pnpm") == []


def test_mcp_memory_a_look_alike_scope_shows_what_differs(md: Memdir) -> None:
    # an agent (or user) reading the error cannot see why 'prоject' is not 'project'
    from memdir.tools import Dispatcher

    answer = Dispatcher(md).call("memory", {"action": "add", **_ADD, "scope": "pr\u043eject"})
    assert answer["success"] is False, answer
    assert "pr\u043eject" not in answer["error"], answer["error"]  # e.g. ascii(): '\u043e'
    assert "unknown scope 'pr\\u043eject'; use one of local" in answer["error"], answer["error"]


@pytest.mark.backends
def test_team_backend_unknown_scope_error_names_no_server_path(md: Memdir, backend: str) -> None:
    # with agent_write_scopes = [] the new message said "(agent_write_scopes in
    # <server home>/config.toml is empty)": a server-side path a team user cannot edit
    # (and so did the "not allowed" one); now "the team server's agent_write_scopes"
    import dataclasses

    from memdir.tools import Dispatcher

    if backend != "postgres":
        pytest.skip("files backend: the user's own config path is fine to name")
    answers = []
    for scopes, scope in (((), "projcet"), (("local",), "user")):
        closed = Memdir(dataclasses.replace(md.settings, agent_write_scopes=scopes), clock=md.clock)
        try:
            add = {"action": "add", **_ADD, "scope": scope}
            answers.append(Dispatcher(closed).call("memory", add))
        finally:
            closed.close()
    unknown, refused = answers
    assert unknown["success"] is False, unknown
    assert "unknown scope 'projcet'" in unknown["error"], unknown
    assert "(the team server's agent_write_scopes is empty)" in unknown["error"], unknown
    assert refused["success"] is False, refused
    assert "(allowed: local; the team server's agent_write_scopes)" in refused["error"], refused
    for answer in answers:
        assert str(md.home) not in answer["error"] and "config.toml" not in answer["error"]
