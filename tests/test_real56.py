"""Real files, round real56 (tests/fixtures/real, see its INDEX.md): kinds not tried before.

* marot/spotter's transcripts: Claude Code 2.1.38 as its author used it (slash commands,
  Esc interrupts, a sub-agent that searched the web, compaction agents). Claude Code writes
  ``[Request interrupted by user]`` / ``… for tool use]`` itself when the person presses
  Esc, as a user line's text block; and a compaction agent's file
  (``subagents/agent-acompact-<id>.jsonl``, ``agentId: "acompact-<id>"``) holds only what
  Claude Code sent it (reminders, "Your task is to create a detailed summary…") and the
  summary it wrote back: no person types into it. Slash-command arguments and messages
  typed while Claude works (``queue-operation`` only) are the person's words, and a
  ``custom-title`` record names the session (pinned by real56, mended by mend56r).
* oneryalcin/fasthooks: a real Claude Code 2.0.76 session with ``/compact``, and the
  Explore sub-agent 2.0 opened by itself with the user message "Warmup".
* ``bootstrap --from`` a folder of transcripts says it read none of them.
* Codex: the user-role items Codex writes itself (``contextual_user_message.rs``) beside
  the environment and AGENTS.md ones: a skill's text, ``!`` shell commands, interrupts,
  sub-agent notifications, editor context; put into agent-history's real 0.135 rollout.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from memdir.core.config import load_settings
from memdir.engine import Memdir
from memdir.interop.transcripts import import_sessions
from test_corpus import REAL, person  # noqa: F401

pytestmark = pytest.mark.usefixtures("person")  # HOME: a scratch folder
SPOTTER = REAL / "marot__spotter-transcripts"
SLUG = "-home-marco-projects-spotter"
INTERRUPTS = {"[Request interrupted by user]", "[Request interrupted by user for tool use]"}
#: subagent.jsonl's first line: ``/handgemacht:create-beads`` given these arguments
TYPED = (
    "/handgemacht:create-beads websearch to learn how to fastest setup credo, dialyzer, "
    "mix_audit (basically all supported by https://github.com/bradleygolden/claude-"
    "marketplace-elixir)"
)
SUMMARY_PROMPT = "Your task is to create a detailed summary of the conversation so far"


def _projects(home: Path) -> Path:
    """spotter's kept transcripts under ``home/.claude/projects/<slug>/`` by their own
    names (``.txt`` taken off); the projects folder."""
    project = home / ".claude" / "projects" / SLUG
    for kept in sorted(SPOTTER.rglob("*.jsonl.txt")):
        if "excerpt" in kept.parts:
            continue
        dest = project / kept.relative_to(SPOTTER).with_suffix("")
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(kept, dest)
    return home / ".claude" / "projects"


def _md(tmp_path: Path) -> Memdir:
    work = tmp_path / "work"
    work.mkdir(exist_ok=True)
    subprocess.run(["git", "init", "-q", str(work)], check=True)
    return Memdir(load_settings(tmp_path / "memhome", work, environ={}))


def _cli(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MEMDIR_HOME": str(tmp_path / "memhome")}
    env["PYTHONPATH"] = str(Path(__file__).parent.parent / "src")
    return subprocess.run(
        [sys.executable, "-m", "memdir", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=120,
        check=False,
    )


def test_spotter_transcripts_import_once_without_a_bad_line(tmp_path: Path) -> None:
    """Six real files: six sessions (two stub parents whose main files are not kept), no
    malformed line, and a second run adds nothing."""
    projects = _projects(Path.home())
    md = _md(tmp_path)
    first = import_sessions(md, "claude-code", projects)
    again = import_sessions(md, "claude-code", projects)
    assert first.malformed == 0 and not first.problems
    assert first.sessions == 6 and first.messages_added > 100
    assert sorted(first.parents_missing) == [
        "claude-code:258c7280-ae70-4798-800f-63464d01a85d",
        "claude-code:ae4a77f8-aedd-4bc1-888f-c94edc91af04",
    ]
    assert again.messages_added == 0 and again.parents_missing == []


def test_spotter_esc_interrupts_are_harness_text_not_the_persons_words(tmp_path: Path) -> None:
    """Claude Code writes the interrupt markers itself: they are kept (system messages),
    never a user message, and never a session's title (subagent.jsonl starts with a slash
    command, so its first user-role line was the marker and titled the session; now the
    command as its person typed it titles it)."""
    projects = _projects(Path.home())
    md = _md(tmp_path)
    import_sessions(md, "claude-code", projects)
    sessions = md.sessions.list(limit=50)
    said = [m for s in sessions for m in md.sessions.messages(s.id)]
    markers = [m for m in said if m.content.strip() in INTERRUPTS]
    assert len(markers) == 4  # short 1, tool_heavy 2, subagent 1: none lost
    assert {m.role for m in markers} == {"system"}
    titles = {s.id: s.title for s in sessions}
    assert titles["claude-code:491e126e-1e71-469c-ade2-fcc8af567c74"] == TYPED[:80]
    assert not INTERRUPTS & set(titles.values())


def test_spotter_compaction_agent_prompt_is_harness_text(tmp_path: Path) -> None:
    """A compaction agent's user lines (reminders, the summary prompt) are Claude Code's:
    system messages, no title; the summary the model wrote stays an assistant message."""
    projects = _projects(Path.home())
    md = _md(tmp_path)
    import_sessions(md, "claude-code", projects)
    compactions = [
        "claude-code:258c7280-ae70-4798-800f-63464d01a85d:30f503b5-48b2-48d6-bb05-89e4fd58609c",
        "claude-code:ae4a77f8-aedd-4bc1-888f-c94edc91af04:0bfe3134-312c-453f-89e2-2cd38068e160",
    ]
    for sid in compactions:
        msgs = md.sessions.messages(sid)
        assert [m.role for m in msgs if m.role != "system"] == ["assistant"], sid
        assert any(m.content.startswith(SUMMARY_PROMPT) for m in msgs), sid  # kept
        assert "<analysis>" in msgs[-1].content  # the summary itself
        assert md.sessions.get(sid).title is None
    user_said = [
        m.content
        for s in md.sessions.list(limit=50)
        for m in md.sessions.messages(s.id)
        if m.role == "user"
    ]
    assert not [t for t in user_said if t.startswith(SUMMARY_PROMPT)]


def test_spotter_cli_lists_the_persons_words_as_titles(tmp_path: Path) -> None:
    """Through the CLI: ``import-sessions`` then ``sessions ls`` names each session by
    what its person typed first."""
    projects = _projects(Path.home())
    done = _cli(tmp_path, "import-sessions", "claude-code", "--from", str(projects), "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["malformed"] == 0 and report["sessions"] == 6
    listed = _cli(tmp_path, "sessions", "ls", "--limit", "20")
    assert listed.returncode == 0, listed.stderr
    out = listed.stdout
    assert TYPED[:40] in out and "mix phx.server doesnt seem to start" in out
    assert "Request interrupted" not in out and "Your task is to create" not in out


# -- Codex: the user-role messages Codex writes itself -----------------------------------

HIST = REAL / "kvsankar__agent-history"
CODEX_ID = "019e9625-802f-7e91-840a-cfe88d14117a"
#: user-role items Codex 0.1xx writes itself and never shows as the person's turn
#: (``codex-rs/core/src/contextual_user_message.rs``, openai/codex ``07247fbfe770``: a
#: content item that starts and ends with one of these marker pairs, any case)
CODEX_CONTEXT = {
    "turn_aborted": "<turn_aborted>\nThe user interrupted the previous turn on purpose. Any "
    "running unified exec processes may still be running in the background. If any "
    "tools/commands were aborted, they may have partially executed.\n</turn_aborted>",
    "skill": "<skill>\n<name>release-notes</name>\n<path>/home/ada/.codex/skills/release-notes"
    "/SKILL.md</path>\n---\nname: release-notes\ndescription: Draft release notes.\n---\n\n"
    "Always group changes by component.\n</skill>",
    "user_shell_command": "<user_shell_command>\n<command>\ngit status --short\n</command>\n"
    "<result>\nExit code: 0\nOutput:\n M src/app.py\n</result>\n</user_shell_command>",
    "subagent_notification": '<SUBAGENT_NOTIFICATION>\n{"agent_id":"019e","status":'
    '"completed"}\n</subagent_notification>',
    "additional_context": "<additional_context>\n<title>Context from my editor</title>\n"
    "open file: src/app.py\n</additional_context>",
}


def _codex_with_context(home: Path) -> Path:
    """agent-history's real Codex 0.135 rollout with, before its prompt, one user-role item
    of each kind Codex writes itself (the texts as Codex words them)."""
    lines = (HIST / "codex" / "session-01.jsonl.txt").read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if "[REDACTED_PROMPT]" in line)
    items = [
        json.dumps(
            {
                "timestamp": "2026-06-05T04:58:23.500Z",
                "type": "response_item",
                "payload": {
                    "type": "message",
                    "role": "user",
                    "content": [{"type": "input_text", "text": text}],
                },
            }
        )
        for text in CODEX_CONTEXT.values()
    ]
    day = home / ".codex" / "sessions" / "2026" / "06" / "05"
    day.mkdir(parents=True)
    rollout = day / f"rollout-2026-06-05T04-58-20-{CODEX_ID}.jsonl"
    rollout.write_text("\n".join([*lines[:at], *items, *lines[at:]]) + "\n", encoding="utf-8")
    return home / ".codex" / "sessions"


def test_codex_context_items_are_not_the_persons_words(tmp_path: Path) -> None:
    """Codex hides these from the person's turns (its history, ``codex resume``): memdir
    keeps each as a system message, so the one user message is the prompt, which titles
    the session, and nothing is lost."""
    md = _md(tmp_path)
    report = import_sessions(md, "codex", _codex_with_context(Path.home()))
    assert report.malformed == 0 and not report.problems
    sid = f"codex:{CODEX_ID}"
    msgs = md.sessions.messages(sid)
    assert [(m.role, m.content) for m in msgs if m.role != "system"] == [
        ("user", "[REDACTED_PROMPT]"),
        ("assistant", "[REDACTED_ASSISTANT_TEXT]"),
    ]
    assert [m.content for m in msgs if m.role == "system"] == list(CODEX_CONTEXT.values())
    assert md.sessions.get(sid).title == "[REDACTED_PROMPT]"


def test_spotter_slash_command_arguments_reach_extraction_as_the_persons_words(
    tmp_path: Path,
) -> None:
    """subagent.jsonl starts with ``/handgemacht:create-beads websearch to learn how to
    fastest setup credo, dialyzer, mix_audit …``: Claude Code shows that line as the
    person's prompt; memdir should keep what they typed as a user message."""
    md = _md(tmp_path)
    import_sessions(md, "claude-code", _projects(Path.home()))
    msgs = md.sessions.messages("claude-code:491e126e-1e71-469c-ade2-fcc8af567c74")
    said = [m.content for m in msgs if m.role == "user"]
    assert any("websearch to learn how to fastest setup credo" in t for t in said)


def test_spotter_messages_typed_while_claude_works_are_kept_once(tmp_path: Path) -> None:
    """Lines 490–610 of a real 2.1.38 transcript: the model answers "The user interrupted
    the wait…" after an ``enqueue`` of "check again"; both queued messages should be the
    person's words, once each."""
    project = Path.home() / ".claude" / "projects" / SLUG
    project.mkdir(parents=True)
    name = "258c7280-ae70-4798-800f-63464d01a85d.jsonl"
    shutil.copyfile(SPOTTER / "excerpt" / f"{name}.txt", project / name)
    md = _md(tmp_path)
    report = import_sessions(md, "claude-code", project)
    assert report.malformed == 0
    said = [m.content for m in md.sessions.messages(f"claude-code:{name[:-6]}") if m.role == "user"]
    assert said.count("check again") == 1
    assert said.count("new beads for the epic were added. tackle them") == 1


def test_spotter_session_renamed_in_claude_code_keeps_that_title(tmp_path: Path) -> None:
    """short.jsonl with the two records Claude Code 2.1 appends after ``/rename``
    (``custom-title`` and ``agent-name``, as its transcripts hold them)."""
    projects = _projects(Path.home())
    sid = "55604662-cf2a-4331-851a-ec234028f8ca"
    short = projects / SLUG / "short.jsonl"
    renamed = projects / SLUG / f"{sid}.jsonl"
    records = [
        {"type": "custom-title", "customTitle": "phoenix startup fix", "sessionId": sid},
        {"type": "agent-name", "agentName": "phoenix startup fix", "sessionId": sid},
    ]
    tail = "".join(json.dumps(r, separators=(",", ":")) + "\n" for r in records)
    renamed.write_text(short.read_text(encoding="utf-8") + tail, encoding="utf-8")
    short.unlink()
    md = _md(tmp_path)
    import_sessions(md, "claude-code", renamed)
    assert md.sessions.get(f"claude-code:{sid}").title == "phoenix startup fix"


def test_bootstrap_from_a_folder_of_transcripts_says_it_read_none(tmp_path: Path) -> None:
    """``bootstrap --from ~/.claude/projects`` (real transcripts, no notes): the person is
    told none of its files is read and what reads them, not just "nothing new"."""
    projects = _projects(Path.home())
    work = tmp_path / "work"
    subprocess.run(["git", "init", "-q", str(work)], check=True)
    one = projects / SLUG / "short.jsonl"
    done = _cli(tmp_path, "-C", str(work), "bootstrap", "--from", str(one), "--from", str(projects))
    assert done.returncode == 0, done.stderr
    out = done.stdout + done.stderr
    assert f"{projects}: no file bootstrap reads" in out
    assert "6 .jsonl files" in out and "memdir import-sessions" in out
    assert f"{one}: not a kind of file bootstrap reads (.md, .txt, .json); a .jsonl file" in out
    assert "Traceback" not in out


# -- fasthooks: Claude Code 2.0.76, a /compact and a "Warmup" sub-agent --------------------

FASTHOOKS = REAL / "oneryalcin__fasthooks"
FH_ID = "c45af7b1-cb7c-4e51-93db-8cbb250a877a"


def test_fasthooks_warmup_sub_agent_is_harness_text(tmp_path: Path) -> None:
    """Claude Code 2.0 starts an Explore sub-agent by itself with the user message
    "Warmup" (to warm the prompt cache): kept, as a system message, so the child session
    has no user words and no "Warmup" title; the main session reads as the person typed
    it, the compaction's texts system messages."""
    project = Path.home() / ".claude" / "projects" / "-workspace"
    for kept in FASTHOOKS.rglob("*.jsonl.txt"):
        dest = project / kept.relative_to(FASTHOOKS).with_suffix("")
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(kept, dest)
    md = _md(tmp_path)
    report = import_sessions(md, "claude-code", project)
    assert report.malformed == 0 and report.sessions == 2
    (child,) = [s for s in md.sessions.list() if s.parent_id == f"claude-code:{FH_ID}"]
    msgs = md.sessions.messages(child.id)
    assert [(m.role, m.content) for m in msgs[:1]] == [("system", "Warmup")]
    assert [m.role for m in msgs[1:]] == ["assistant"]
    assert child.title is None
    main = md.sessions.messages(f"claude-code:{FH_ID}")
    assert [m.content.strip() for m in main if m.role == "user"] == [
        "can you run a command ls -la",
        "ok can you create a hello_world.py file and add a minimal code in it?",
        "can you read it back with Read tool?",
        "can you run `cat nonexistent.txt`",
        "do something requiring multiple tools in one turn,",
    ]
