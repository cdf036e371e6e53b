"""`memdir install claude-code`: hooks in real users' settings.json files and the MCP
registration, in and out; and, where a `claude` binary is at hand, Claude Code itself."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import memdir
from llmserver import Server, message_stream
from memdir.core.errors import MemdirError
from memdir.interop import install
from memdir.interop.install import claude_code
from memdir.interop.install.claude_code import EVENTS, is_ours

REAL = Path(__file__).parent / "fixtures" / "harness_configs"
SETTINGS = {
    "channingwalton": REAL / "channingwalton__dotfiles" / "claude-settings.json",
    "langfuse": REAL / "langfuse__langfuse" / "claude-settings.json",
    "posthog": REAL / "PostHog__posthog" / "claude-settings.json",
}


@pytest.fixture
def user_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "user"
    (home / ".claude").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("CLAUDE_CONFIG_DIR", raising=False)
    return home


def without_memdir(data: dict[str, object]) -> dict[str, object]:
    """``data`` with memdir's hooks taken out (to compare with the user's own)."""
    hooks = json.loads(json.dumps(data.get("hooks", {})))
    for groups in hooks.values():
        for group in list(groups):
            group["hooks"] = [h for h in group["hooks"] if not is_ours(h)]
            if not group["hooks"]:
                groups.remove(group)
    return {**data, "hooks": hooks}


@pytest.mark.parametrize("name", sorted(SETTINGS))
def test_round_trip_over_real_user_settings(name: str, user_home: Path, tmp_path: Path) -> None:
    settings = user_home / ".claude" / "settings.json"
    shutil.copy(SETTINGS[name], settings)
    claude_json = user_home / ".claude.json"
    claude_json.write_text('{\n  "numStartups": 3,\n  "theme": "dark"\n}')
    original = {p: p.read_bytes() for p in (settings, claude_json)}
    home = tmp_path / "memdir"

    plan = install.apply(install.plan_install("claude-code", home))
    data = json.loads(settings.read_text())
    user = json.loads(SETTINGS[name].read_text())
    for event, timeout in EVENTS.items():
        mine = [h for g in data["hooks"][event] for h in g["hooks"] if is_ours(h)]
        assert len(mine) == 1 and mine[0]["timeout"] == timeout
        assert "hook claude-code" in mine[0]["command"] and str(home) in mine[0]["command"]
    assert without_memdir(data) == {**user, "hooks": {**user.get("hooks", {}), **{
        e: user.get("hooks", {}).get(e, []) for e in EVENTS
    }}}  # fmt: skip
    assert list(data) == [*user, *([] if "hooks" in user else ["hooks"])]  # key order kept
    server = json.loads(claude_json.read_text())["mcpServers"]["memdir"]
    assert server["args"][-1] == "mcp" and server["type"] == "stdio"
    assert sorted(p.name.split(".memdir-backup")[0] for p in plan.backups) == [
        ".claude.json",
        "settings.json",
    ]

    again = install.plan_install("claude-code", home)
    assert not again.changed  # idempotent

    install.apply(install.plan_uninstall("claude-code", home))
    assert {p: p.read_bytes() for p in original} == original  # byte for byte


def test_edits_made_after_install_survive_uninstall(user_home: Path, tmp_path: Path) -> None:
    settings = user_home / ".claude" / "settings.json"
    shutil.copy(SETTINGS["channingwalton"], settings)
    home = tmp_path / "memdir"
    install.apply(install.plan_install("claude-code", home))
    data = json.loads(settings.read_text())
    data["permissions"]["allow"].append("Bash(make:*)")  # the user's later edit
    data["hooks"]["Stop"][0]["hooks"].append({"type": "command", "command": "say done"})
    settings.write_text(json.dumps(data, indent=2) + "\n")
    claude_json = user_home / ".claude.json"
    later = json.loads(claude_json.read_text())
    later["numStartups"] = 4  # Claude Code rewrites this file all the time
    claude_json.write_text(json.dumps(later, indent=2))

    install.apply(install.plan_uninstall("claude-code", home))
    after = json.loads(settings.read_text())
    user = json.loads(SETTINGS["channingwalton"].read_text())
    assert "Bash(make:*)" in after["permissions"]["allow"]
    assert after["hooks"]["Stop"][0]["hooks"][-1]["command"] == "say done"
    assert not any(is_ours(h) for gs in after["hooks"].values() for g in gs for h in g["hooks"])
    text = settings.read_text()
    after["permissions"]["allow"].remove("Bash(make:*)")
    after["hooks"]["Stop"][0]["hooks"].pop()
    assert after == user
    layout = json.dumps(user, indent=2, ensure_ascii=False) + "\n"
    assert SETTINGS["channingwalton"].read_text() == layout  # how Claude Code writes it …
    assert text == json.dumps(json.loads(text), indent=2, ensure_ascii=False) + "\n"  # … kept
    assert json.loads(claude_json.read_text()) == {"numStartups": 4}


@pytest.fixture
def memdir_on_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A ``memdir`` program on PATH (a shell script: only its being found matters)."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    program = bin_dir / "memdir"
    program.write_text("#!/bin/sh\nexit 0\n")
    program.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}")
    return program


def test_shared_project_install_names_memdir_on_path(
    user_home: Path, tmp_path: Path, memdir_on_path: Path
) -> None:
    project = tmp_path / "repo"
    settings = project / ".claude" / "settings.json"
    settings.parent.mkdir(parents=True)
    shutil.copy(SETTINGS["posthog"], settings)
    mcp = project / ".mcp.json"
    mcp.write_text('{"mcpServers": {"sentry": {"type": "http", "url": "https://x"}}}\n')
    home = tmp_path / "memdir"
    named = install.plan_install("claude-code", home, settings=settings)  # asked for by name
    assert {e.path for e in named.edits} == {settings, mcp}  # … so it is a shared install
    assert any("--project" in n and "commit" in n for n in named.notes), named.notes
    plan = install.apply(install.plan_install("claude-code", home, project=project, shared=True))
    assert any("approve memdir" in note for note in plan.notes), plan.notes  # else: pending
    assert any(str(memdir_on_path) in n and "PATH" in n for n in plan.notes), plan.notes
    assert any(f"--home {home}" in n for n in plan.notes), plan.notes  # machine-specific
    servers = json.loads(mcp.read_text())["mcpServers"]
    assert set(servers) == {"sentry", "memdir"}
    assert servers["memdir"]["command"] == "memdir"  # by name, not this venv's path
    hooks = json.loads(settings.read_text())["hooks"]
    (mine,) = [h for g in hooks["Stop"] for h in g["hooks"] if is_ours(h)]
    assert mine["command"].startswith("memdir --home ")
    assert not (user_home / ".claude.json").exists()  # the user's file is not touched
    assert not (project / ".claude" / "settings.local.json").exists()
    assert settings.read_text().startswith('{\n    "hooks"')  # four spaces, as it was
    assert not install.plan_install("claude-code", home, project=project, shared=True).changed
    install.apply(install.plan_uninstall("claude-code", home, project=project, shared=True))
    assert settings.read_bytes() == SETTINGS["posthog"].read_bytes()
    assert mcp.read_text() == '{"mcpServers": {"sentry": {"type": "http", "url": "https://x"}}}\n'


def test_shared_without_memdir_on_path_says_the_path_is_this_machines(
    user_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    project = tmp_path / "repo"
    project.mkdir()
    plan = install.plan_install("claude-code", tmp_path / "memdir", project=project, shared=True)
    (mcp,) = [e for e in plan.edits if e.path.name == ".mcp.json"]
    command = json.loads(mcp.after or b"")["mcpServers"]["memdir"]["command"]
    assert os.path.isabs(command)
    assert any("not on PATH" in n and command in n for n in plan.notes), plan.notes


CLAUDE_JSON = (
    '{\n  "numStartups": 12,\n  "projects": {\n    "/elsewhere": {\n      "allowedTools": [],\n'
    '      "mcpServers": {\n        "db": {\n          "type": "stdio",\n'
    '          "command": "pg-mcp",\n          "args": []\n        }\n      }\n    }\n'
    '  },\n  "theme": "dark"\n}'
)  # the layout Claude Code writes (JSON.stringify, two spaces, no final newline)


def test_project_install_writes_nothing_a_team_commits(
    user_home: Path, tmp_path: Path, memdir_on_path: Path
) -> None:
    """The default for a project: hooks in its settings.local.json, the server in the
    user's ~/.claude.json under the project; the team's files are not touched."""
    project = tmp_path / "repo"
    (project / ".claude").mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(project)], check=True)
    shared = project / ".claude" / "settings.json"
    shutil.copy(SETTINGS["posthog"], shared)
    mcp = project / ".mcp.json"
    mcp.write_text('{"mcpServers": {}}\n')
    claude_json = user_home / ".claude.json"
    claude_json.write_text(CLAUDE_JSON)
    local = project / ".claude" / "settings.local.json"
    home = tmp_path / "memdir"

    plan = install.apply(install.plan_install("claude-code", home, project=project))
    assert sorted(e.path for e in plan.changed) == sorted([claude_json, local])
    assert shared.read_bytes() == SETTINGS["posthog"].read_bytes()
    assert mcp.read_text() == '{"mcpServers": {}}\n'
    data = json.loads(claude_json.read_text())
    key = os.path.realpath(project)
    assert data["projects"][key]["mcpServers"]["memdir"]["args"][-1] == "mcp"
    assert data["projects"]["/elsewhere"]["mcpServers"]["db"]["command"] == "pg-mcp"
    assert "mcpServers" not in data  # not the user scope
    assert claude_json.read_text().startswith('{\n  "numStartups": 12,\n  "projects"')
    hooks = json.loads(local.read_text())["hooks"]
    assert all(any(is_ours(h) for g in hooks[e] for h in g["hooks"]) for e in EVENTS)
    assert any(".gitignore" in n for n in plan.notes), plan.notes  # git would commit it
    assert not any("approve" in n for n in plan.notes)  # local servers need no approval
    assert not install.plan_install("claude-code", home, project=project).changed

    same = install.plan_install("claude-code", home, settings=local)  # --settings: same scope
    assert not same.changed
    (project / ".gitignore").write_text(".claude/settings.local.json\n")
    assert not any(
        ".gitignore" in n for n in install.plan_install("claude-code", home, project=project).notes
    )

    install.apply(install.plan_uninstall("claude-code", home, project=project))
    assert claude_json.read_text() == CLAUDE_JSON  # byte for byte
    assert not local.exists()

    install.apply(install.plan_install("claude-code", home, project=project, shared=True))
    notes = install.plan_install("claude-code", home, project=project).notes
    assert any("--shared` takes them out" in n for n in notes), notes  # hooks would run twice


def test_user_and_project_installs_share_claude_json(user_home: Path, tmp_path: Path) -> None:
    """Two installs edit ~/.claude.json; taking either out keeps the other, in any order."""
    claude_json = user_home / ".claude.json"
    claude_json.write_text(CLAUDE_JSON)
    project = tmp_path / "repo"
    project.mkdir()
    home = tmp_path / "memdir"
    key = os.path.realpath(project)
    for first, second in (({}, {"project": project}), ({"project": project}, {})):
        install.apply(install.plan_install("claude-code", home, **first))
        install.apply(install.plan_install("claude-code", home, **second))
        data = json.loads(claude_json.read_text())
        assert "memdir" in data["mcpServers"] and "memdir" in data["projects"][key]["mcpServers"]
        install.apply(install.plan_uninstall("claude-code", home, **first))
        data = json.loads(claude_json.read_text())
        user_left = "project" not in second  # the second install is still in
        assert ("memdir" in data.get("mcpServers", {})) == user_left
        assert ("memdir" in data["projects"].get(key, {}).get("mcpServers", {})) != user_left
        install.apply(install.plan_uninstall("claude-code", home, **second))
        assert claude_json.read_text() == CLAUDE_JSON


def test_project_key_is_claude_codes(tmp_path: Path) -> None:
    """What Claude Code 2.1.197 wrote for `claude mcp add --scope local` run in: a folder
    inside a checkout (its root), a git worktree (the main checkout), a symlink (its target),
    a folder outside git (itself)."""
    main = tmp_path / "main"
    (main / ".git" / "worktrees" / "wt").mkdir(parents=True)
    (main / "sub").mkdir()
    (main / ".git" / "worktrees" / "wt" / "commondir").write_text("../..\n")
    worktree = tmp_path / "wt"
    worktree.mkdir()
    (worktree / ".git").write_text(f"gitdir: {main}/.git/worktrees/wt\n")
    plain = tmp_path / "plain" / "inner"
    plain.mkdir(parents=True)
    link = tmp_path / "link"
    link.symlink_to(plain)
    real = os.path.realpath
    assert claude_code.project_key(main / "sub") == real(main)
    assert claude_code.project_key(worktree) == real(main)
    assert claude_code.project_key(link) == real(plain)
    assert claude_code.project_key(plain) == real(plain)


def test_a_users_own_memdir_server_and_new_files(user_home: Path, tmp_path: Path) -> None:
    claude_json = user_home / ".claude.json"
    own = {"type": "http", "url": "http://127.0.0.1:8765/mcp"}
    claude_json.write_text(json.dumps({"mcpServers": {"memdir": own}}))
    home = tmp_path / "memdir"
    plan = install.apply(install.plan_install("claude-code", home))
    assert json.loads(claude_json.read_text())["mcpServers"]["memdir"] == own
    assert any("already registered" in n for n in plan.notes)
    settings = user_home / ".claude" / "settings.json"
    assert settings.exists()  # created
    install.apply(install.plan_uninstall("claude-code", home))
    assert not settings.exists()  # memdir made it: gone again
    assert json.loads(claude_json.read_text())["mcpServers"]["memdir"] == own


def test_symlinked_settings_are_written_through(user_home: Path, tmp_path: Path) -> None:
    dotfiles = tmp_path / "dotfiles" / "settings.json"
    dotfiles.parent.mkdir()
    shutil.copy(SETTINGS["langfuse"], dotfiles)
    link = user_home / ".claude" / "settings.json"
    link.symlink_to(dotfiles)
    home = tmp_path / "memdir"
    install.apply(install.plan_install("claude-code", home))
    assert link.is_symlink() and "hook claude-code" in dotfiles.read_text()
    install.apply(install.plan_uninstall("claude-code", home))
    assert link.is_symlink() and dotfiles.read_bytes() == SETTINGS["langfuse"].read_bytes()


@pytest.mark.parametrize(
    "text",
    ['{"hooks": [1]}', '{"hooks": {"Stop": {}}}', "[]", "{not json", '{"mcpServers": 3}'],
)
def test_settings_memdir_cannot_read_are_refused(
    user_home: Path, tmp_path: Path, text: str
) -> None:
    target = user_home / (".claude.json" if "mcp" in text else ".claude/settings.json")
    target.write_text(text)
    with pytest.raises(MemdirError, match=r"(?i)nothing"):
        install.plan_install("claude-code", tmp_path / "memdir")
    assert target.read_text() == text


@pytest.mark.parametrize(
    "text", ["{not json", '{"projects": []}', '{"projects": {"KEY": 3}}', "[]", '{"a": 1,}']
)
def test_a_claude_json_memdir_cannot_read_is_refused(
    user_home: Path, tmp_path: Path, text: str
) -> None:
    project = tmp_path / "repo"
    project.mkdir()
    text = text.replace("KEY", os.path.realpath(project))
    claude_json = user_home / ".claude.json"
    claude_json.write_text(text)
    with pytest.raises(MemdirError, match=r"(?i)nothing"):
        install.plan_install("claude-code", tmp_path / "memdir", project=project)
    assert claude_json.read_text() == text


def test_shared_is_only_for_a_project(user_home: Path, tmp_path: Path) -> None:
    with pytest.raises(MemdirError, match="--project"):
        install.plan_install("claude-code", tmp_path / "memdir", shared=True)
    with pytest.raises(MemdirError, match="not both"):
        install.plan_install(
            "claude-code", tmp_path / "m", project=tmp_path, settings=tmp_path / "s.json"
        )


def _claude() -> str | None:
    return os.environ.get("CLAUDE_BIN") or shutil.which("claude")


def _imported(home: Path, project: Path, session: str) -> Any:
    """The session once SessionEnd's import has ended it: a hook that takes over 2 s (a
    loaded machine) hands the import to a detached process, still running when Claude
    Code exits. Polled up to 2 min: a guard, not a timing."""
    import time

    from memdir.core.errors import UnknownSessionError

    for _ in range(240):
        try:
            info = memdir.open(home, project).sessions.get(session)
            if info.ended_at is not None:
                return info
        except UnknownSessionError:
            pass
        time.sleep(0.5)
    return memdir.open(home, project).sessions.get(session)


@pytest.mark.skipif(_claude() is None, reason="no `claude` binary (set CLAUDE_BIN)")
def test_real_claude_code_runs_the_hooks_and_sees_the_server(tmp_path: Path) -> None:
    """Both scopes, one after the other (two Claude Codes at once load a two-core machine
    past the hooks' 2 s budget more often)."""
    for scope in ("user", "project"):
        (tmp_path / scope).mkdir()
        _real_claude_code(tmp_path / scope, scope)


ANSWER = "Use pnpm: this repo installs with it."


def _scripted_claude(path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any] | str]:
    """The model behind ``ANTHROPIC_BASE_URL``: search memdir (a tool Claude Code runs over
    MCP), then answer. Other requests (token counts, side queries) get a plain answer."""
    if not path.startswith("/v1/messages") or "count_tokens" in path:
        return 200, {"input_tokens": 1}
    results = [
        block
        for message in body.get("messages", [])
        if isinstance(message.get("content"), list)
        for block in message["content"]
        if block.get("type") == "tool_result"
    ]
    search = {"type": "tool_use", "id": "toolu_memdir_1", "name": "mcp__memdir__memory_search",
              "input": {"query": "pnpm"}}  # fmt: skip
    block = search if body.get("tools") and not results else {"type": "text", "text": ANSWER}
    if body.get("stream"):
        return 200, message_stream(block)
    return 200, {"id": "msg-1", "type": "message", "role": "assistant", "content": [block],
                 "model": "claude-scripted", "stop_reason": "end_turn", "stop_sequence": None,
                 "usage": {"input_tokens": 1, "output_tokens": 1}}  # fmt: skip


def _real_claude_code(tmp_path: Path, scope: str) -> None:
    """Claude Code itself, offline, its model a scripted server on loopback: `claude mcp
    list` connects to memdir's server, and `claude -p` runs SessionStart and
    UserPromptSubmit (whose answers land in its transcript as hook context), calls
    memdir's memory_search over MCP, and runs Stop and SessionEnd, which import it all. A
    project install is Claude Code's local scope: seen in the project (a subfolder too),
    not elsewhere."""
    user = tmp_path / "user"
    user.mkdir()
    project = tmp_path / "project"
    (project / "src").mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(project)], check=True)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    link = tmp_path / "link"  # installed through a symlink, found from the real folder
    link.symlink_to(project)
    home = tmp_path / "memdir"
    env = {
        **os.environ,
        "HOME": str(user),
        "MEMDIR_BACKGROUND": "0",
        "DISABLE_AUTOUPDATER": "1",  # CI has a network: the pinned version stays as it is
        "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
    }
    env.pop("CLAUDE_CONFIG_DIR", None)
    env.pop("ANTHROPIC_API_KEY", None)
    memdir_cli = [sys.executable, "-m", "memdir", "--home", str(home)]
    for args in (
        ["-C", str(project), "add", "--type", "feedback", "--name", "Use pnpm, not npm",
         "--description", "This repo installs with pnpm", "--body", "Use pnpm install."],
        ["install", "claude-code", "--yes",
         *(["--project", str(link)] if scope == "project" else [])],
    ):  # fmt: skip
        done = subprocess.run([*memdir_cli, *args], env=env, capture_output=True, check=False)
        assert done.returncode == 0, done.stderr
    claude = str(_claude())

    def claude_mcp(*args: str, cwd: Path) -> str:
        done = subprocess.run(
            [claude, "mcp", *args], env=env, cwd=cwd, capture_output=True, text=True, timeout=120
        )
        return done.stdout

    for folder in (project, project / "src"):
        listed = claude_mcp("list", cwd=folder)
        assert "memdir:" in listed and "Connected" in listed, listed
    where = "Local config" if scope == "project" else "User config"
    assert where in claude_mcp("get", "memdir", cwd=project)
    assert ("memdir:" in claude_mcp("list", cwd=elsewhere)) == (scope == "user")
    if scope == "project":
        assert not (user / ".claude" / "settings.json").exists()
        assert {p.name for p in project.rglob("*") if ".git" not in p.parts} == {
            "src",
            ".claude",
            "settings.local.json",
        }  # nothing a team would commit
    model = Server(_scripted_claude)  # a model turn, so Stop runs and a tool call is made
    try:
        subprocess.run(
            [claude, "-p", "Should I install with pnpm or npm?", "--allowedTools", "mcp__memdir"],
            env={**env, "ANTHROPIC_BASE_URL": model.url, "ANTHROPIC_API_KEY": "sk-ant-scripted"},
            cwd=project, stdin=subprocess.DEVNULL, capture_output=True, timeout=180, check=False,
        )  # fmt: skip
    finally:
        model.close()
    (transcript,) = (user / ".claude" / "projects").glob("*/*.jsonl")
    added = [
        json.loads(line)["attachment"]
        for line in transcript.read_text().splitlines()
        if '"hook_additional_context"' in line
    ]
    text = json.dumps(added)
    assert "Use pnpm, not npm" in text and "memory-context" in text  # context, then recall
    info = _imported(home, project, f"claude-code:{transcript.stem}")
    assert info.ended_at is not None  # SessionEnd imported it
    messages = memdir.open(home, project).sessions.messages(info.id)
    (found,) = [m for m in messages if m.role == "tool"]  # memdir's server answered
    assert found.tool_name == "mcp__memdir__memory_search" and "Use pnpm, not npm" in found.content
    assert messages[-1].role == "assistant" and messages[-1].content == ANSWER
    if scope != "project":
        return
    rewritten = json.loads((user / ".claude.json").read_text())  # Claude Code's own keys now
    assert set(rewritten) > {"projects"}  # e.g. firstStartTime, userID
    done = subprocess.run(
        [*memdir_cli, "uninstall", "claude-code", "--yes", "--project", str(link)],
        env=env,
        capture_output=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "memdir:" not in claude_mcp("list", cwd=project)
    assert not (project / ".claude" / "settings.local.json").exists()
    left = json.loads((user / ".claude.json").read_text())
    mine = rewritten["projects"][os.path.realpath(project)]
    assert list(rewritten["projects"]) == [os.path.realpath(project)]
    assert list(mine) == ["mcpServers"] and list(mine["mcpServers"]) == ["memdir"]
    del rewritten["projects"]  # memdir made it; Claude Code's own keys stay
    assert left == rewritten


_HOOK = st.fixed_dictionaries(
    {
        "type": st.just("command"),
        "command": st.text(max_size=20).filter(lambda c: "memdir" not in c),
    }
)
_GROUPS = st.lists(
    st.fixed_dictionaries(
        {"hooks": st.lists(_HOOK, max_size=3)}, optional={"matcher": st.text(max_size=5)}
    ),
    max_size=3,
)
_SETTINGS = st.fixed_dictionaries(
    {},
    optional={
        "hooks": st.dictionaries(st.sampled_from([*EVENTS, "PreToolUse"]), _GROUPS, max_size=4),
        "permissions": st.dictionaries(st.text(max_size=5), st.lists(st.text(max_size=9))),
        "env": st.dictionaries(st.text(max_size=5), st.text(max_size=9), max_size=3),
    },
)


@example({"hooks": {}, "env": {", ": ""}}, "compact")  # ", " inside a key is no layout
@given(_SETTINGS, st.sampled_from([2, 4, "\t", None, "compact"]))
def test_any_settings_come_back_exactly(data: dict[str, Any], indent: int | str | None) -> None:
    """Whatever the user's settings and layout: memdir's hooks go in, and taking them out
    gives back exactly the text that was there."""
    if indent == "compact":
        text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    else:
        text = json.dumps(data, indent=indent, ensure_ascii=False) + "\n"
    target = claude_code._Settings(Path("/x/settings.json"), "/bin/memdir hook claude-code")
    state: dict[str, Any] = {}
    added = target.add(text, state)
    assert added is not None
    hooks = json.loads(added)["hooks"]
    assert all(any(is_ours(h) for g in hooks[e] for h in g["hooks"]) for e in EVENTS)
    assert target.add(added, dict(state)) == added  # installing again changes nothing
    assert target.remove(added, state) == text


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=8,
)
_CLAUDE_JSON = st.fixed_dictionaries(
    {},
    optional={
        "numStartups": st.integers(),
        "mcpServers": st.dictionaries(st.text(max_size=5).filter(lambda k: k != "memdir"), _JSON),
        "projects": st.dictionaries(
            st.sampled_from(["/p", "/q", "/r"]),
            st.dictionaries(
                st.sampled_from(["allowedTools", "mcpServers", "history"]),
                st.dictionaries(st.text(max_size=5).filter(lambda k: k != "memdir"), _JSON),
            ),
        ),
    },
)


@given(_CLAUDE_JSON, st.sampled_from(["/p", "/new"]), st.sampled_from([2, None, "compact"]))
def test_any_claude_json_comes_back_exactly(
    data: dict[str, Any], project: str, indent: int | str | None
) -> None:
    """Whatever ~/.claude.json holds: the local-scope server goes in under the project, every
    other key keeps its value, and taking it out gives back exactly the text there was."""
    if indent == "compact":
        text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    else:
        text = json.dumps(data, indent=indent, ensure_ascii=False)
    target = claude_code._Servers(Path("/u/.claude.json"), ["/bin/memdir"], 0o600, project)
    state: dict[str, Any] = {}
    added = target.add(text, state)
    assert added is not None
    after = json.loads(added)
    assert after["projects"][project]["mcpServers"]["memdir"] == target.entry
    del after["projects"][project]["mcpServers"]["memdir"]
    assert {k: v for k, v in after.items() if k != "projects"} == {
        k: v for k, v in data.items() if k != "projects"
    }
    assert target.add(added, dict(state)) == added
    assert target.remove(added, state) == text


def test_a_teams_odd_settings_json_never_breaks_a_project_install(
    user_home: Path, tmp_path: Path
) -> None:
    """The committed settings.json comes with a clone: any JSON shape is read, not raised."""
    project = tmp_path / "repo"
    (project / ".claude").mkdir(parents=True)
    (project / ".claude" / "settings.json").write_text('{"hooks": {"Stop": [{"hooks": 1}]}}')
    plan = install.plan_install("claude-code", tmp_path / "memdir", project=project)
    assert plan.changed and not any("runs memdir's hooks" in n for n in plan.notes)
