"""`memdir install codex`: config.toml edited with tomlkit (real users' files, comments and
other servers kept byte for byte), and the notify program Codex runs after each turn."""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import memdir
from llmserver import Server, response_stream
from memdir.core.errors import MemdirError
from memdir.interop import install
from memdir.interop.install.codex_notify import notify

REAL = Path(__file__).parent / "fixtures" / "harness_configs"
CONFIGS = {
    "channingwalton": REAL / "channingwalton__dotfiles" / "codex-config.toml",
    "everything-claude-code": REAL / "affaan-m__everything-claude-code" / "codex-config.toml",
}
THREAD = "0199c0de-1111-7222-8333-444455556666"


def plan(home: Path, codex: Path, action: str = "install") -> install.Plan:
    make = install.plan_install if action == "install" else install.plan_uninstall
    return install.apply(make("codex", home, codex_home=codex))


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_round_trip_over_real_configs(name: str, tmp_path: Path) -> None:
    codex = tmp_path / "codex"
    codex.mkdir()
    config = codex / "config.toml"
    shutil.copy(CONFIGS[name], config)
    home = tmp_path / "memdir"
    plan(home, codex)
    before = tomllib.loads(CONFIGS[name].read_text())
    after = tomllib.loads(config.read_text())
    assert after["mcp_servers"]["memdir"]["args"][-1] == "mcp"
    assert {k: v for k, v in after["mcp_servers"].items() if k != "memdir"} == before[
        "mcp_servers"
    ]  # every other server as it was
    chained = after["notify"][after["notify"].index("--") + 1 :]
    assert chained == before["notify"]  # the user's notify program still runs
    assert after["notify"][after["notify"].index("--") - 2 :][:2] == ["hook", "codex-notify"]
    rest = {k: v for k, v in after.items() if k not in ("notify", "mcp_servers")}
    assert rest == {k: v for k, v in before.items() if k not in ("notify", "mcp_servers")}
    for comment in re.findall(r"(?m)^#.*$", CONFIGS[name].read_text()):
        assert comment in config.read_text()

    assert not install.plan_install("codex", home, codex_home=codex).changed  # idempotent
    plan(home, codex, "uninstall")
    assert config.read_bytes() == CONFIGS[name].read_bytes()


def test_edited_after_install_loses_only_memdirs_parts(tmp_path: Path) -> None:
    codex = tmp_path / "codex"
    codex.mkdir()
    config = codex / "config.toml"
    shutil.copy(CONFIGS["everything-claude-code"], config)
    home = tmp_path / "memdir"
    plan(home, codex)
    config.write_text(config.read_text() + '\n# mine\n[mcp_servers.later]\ncommand = "x"\n')
    plan(home, codex, "uninstall")
    text = config.read_text()
    assert "memdir" not in text and '[mcp_servers.later]\ncommand = "x"' in text
    original = CONFIGS["everything-claude-code"].read_text()
    kept = [b for b in re.split(r"\n(?=\[)", original) if not b.startswith("#:schema")]
    for block in kept[1:]:  # every table of the original, with its comments, byte for byte
        assert block in text
    data = tomllib.loads(text)
    assert data["notify"] == tomllib.loads(original)["notify"]


def test_no_config_and_a_users_own_memdir_server(tmp_path: Path) -> None:
    codex = tmp_path / "codex"
    home = tmp_path / "memdir"
    plan(home, codex)
    config = codex / "config.toml"
    data = tomllib.loads(config.read_text())
    assert data["notify"][-2:] == ["hook", "codex-notify"] and "memdir" in data["mcp_servers"]
    plan(home, codex, "uninstall")
    assert not config.exists()

    own = '[mcp_servers.memdir]\nurl = "http://127.0.0.1:8765/mcp"\n'
    config.write_text(own)
    done = plan(home, codex)
    assert 'url = "http://127.0.0.1:8765/mcp"' in config.read_text()
    assert any("already in" in n for n in done.notes)
    plan(home, codex, "uninstall")
    assert config.read_text() == own


@pytest.mark.parametrize("text", ["notify = 3\n", "mcp_servers = 1\n", "[a\nb = ", 'x = "\\q"'])
def test_configs_memdir_cannot_edit_are_refused(tmp_path: Path, text: str) -> None:
    codex = tmp_path / "codex"
    codex.mkdir()
    (codex / "config.toml").write_text(text)
    with pytest.raises(MemdirError, match=r"(?i)nothing"):
        install.plan_install("codex", tmp_path / "memdir", codex_home=codex)
    assert (codex / "config.toml").read_text() == text


# -- the notify program --------------------------------------------------------------------------


def rollout(folder: Path, thread: str, *turns: tuple[str, str], cwd: Path) -> Path:
    """A Codex rollout (the envelope Codex 0.2x writes), appended to if it exists."""
    path = folder / "2026" / "12" / "01" / f"rollout-2026-12-01T10-00-00-{thread}.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = []
    if not path.exists():
        meta = {"id": thread, "timestamp": "2026-12-01T10:00:00Z", "cwd": str(cwd)}
        lines.append({"timestamp": "2026-12-01T10:00:00Z", "type": "session_meta", "payload": meta})
    for role, text in turns:
        kind = "input_text" if role == "user" else "output_text"
        item = {"type": "message", "role": role, "content": [{"type": kind, "text": text}]}
        lines.append(
            {"timestamp": "2026-12-01T10:00:01Z", "type": "response_item", "payload": item}
        )
    with path.open("a") as f:
        f.write("".join(json.dumps(line) + "\n" for line in lines))
    return path


def payload(thread: str, cwd: Path) -> str:
    return json.dumps(
        {
            "type": "agent-turn-complete",
            "thread-id": thread,
            "turn-id": "1",
            "cwd": str(cwd),
            "input-messages": ["hi"],
            "last-assistant-message": "done",
        }
    )


@pytest.fixture
def codex_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    codex = tmp_path / "codex"
    project = tmp_path / "project"
    project.mkdir()
    monkeypatch.setenv("CODEX_HOME", str(codex))
    return {"codex": codex, "sessions": codex / "sessions", "project": project}


def test_notify_imports_a_new_rollout_once(codex_env: dict[str, Any], tmp_path: Path) -> None:
    home = tmp_path / "memdir"
    project, sessions = codex_env["project"], codex_env["sessions"]
    old = "0199c0de-0000-7000-8000-000000000000"
    rollout(sessions, old, ("user", "An old session before memdir."), cwd=project)
    path = rollout(
        sessions,
        THREAD,
        ("user", "We switched to uv last month, stop using pip."),
        ("assistant", "Understood."),
        cwd=project,
    )
    first = notify([payload(THREAD, project)], home)
    assert first.imported == [str(path)] and first.messages == 2  # the old one is history
    assert first.queued == f"codex:{THREAD}"
    repeat = notify([payload(THREAD, project)], home)
    assert repeat.imported == [] and repeat.messages == 0 and repeat.queued is None

    rollout(sessions, THREAD, ("user", "And lint with ruff."), cwd=project)
    grown = notify([payload(THREAD, project)], home)
    assert grown.imported == [str(path)] and grown.messages == 1
    md = memdir.open(home, project)
    assert len(md.sessions.messages(f"codex:{THREAD}")) == 3
    with pytest.raises(MemdirError):
        md.sessions.get(f"codex:{old}")  # left to `memdir import-sessions codex`
    md.pipeline.run()
    assert any("uv" in e.name for _, e in md.entries())  # the queued extraction learnt it


def test_notify_chains_the_users_program(codex_env: dict[str, Any], tmp_path: Path) -> None:
    seen = tmp_path / "seen.json"
    script = tmp_path / "mine.py"
    script.write_text(
        f"import json, sys\nopen({str(seen)!r}, 'w').write(json.dumps(sys.argv[1:]))\n"
    )
    rollout(codex_env["sessions"], THREAD, ("user", "hi"), cwd=codex_env["project"])
    home = tmp_path / "memdir"
    codex = codex_env["codex"]
    (codex / "config.toml").write_text(f'notify = ["{sys.executable}", "{script}", "-x"]\n')
    plan(home, codex)
    argv = tomllib.loads((codex / "config.toml").read_text())["notify"]
    env = {**os.environ, "MEMDIR_BACKGROUND": "0"}
    body = payload(THREAD, codex_env["project"])
    done = subprocess.run([*argv, body], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["chained"] is True
    deadline = time.monotonic() + 30
    while not seen.exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert json.loads(seen.read_text()) == ["-x", body]  # as Codex would have called it


@pytest.mark.parametrize(
    "args",
    [[], ["{"], ["[]"], ['{"type": "other"}'], ['{"type": "agent-turn-complete", "cwd": 5}']],
)
def test_notify_never_fails(codex_env: dict[str, Any], args: list[str], tmp_path: Path) -> None:
    env = {**os.environ, "MEMDIR_HOME": str(tmp_path / "memdir")}
    done = subprocess.run(
        [sys.executable, "-m", "memdir", "hook", "codex-notify", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0 and "Traceback" not in done.stderr


@given(
    st.dictionaries(
        st.sampled_from(["type", "thread-id", "cwd", "turn-id"]),
        st.one_of(st.none(), st.integers(), st.text(max_size=40), st.just("agent-turn-complete")),
    )
)
def test_any_payload_is_handled(fields: dict[str, Any]) -> None:
    try:
        done = notify([json.dumps(fields)], Path(os.environ["MEMDIR_HOME"]))
    except MemdirError as exc:
        assert str(exc)  # a reason, never a bare failure
        return
    assert done.imported == [] and done.queued is None  # no rollouts here: nothing to do


def _codex() -> str | None:
    return os.environ.get("CODEX_BIN") or shutil.which("codex")


@pytest.mark.skipif(_codex() is None, reason="no `codex` binary (set CODEX_BIN)")
def test_real_codex_reads_the_edited_config(tmp_path: Path) -> None:
    """Codex itself (offline) parses the config memdir wrote and lists its server."""
    codex = tmp_path / "codex"
    codex.mkdir()
    shutil.copy(CONFIGS["everything-claude-code"], codex / "config.toml")
    plan(tmp_path / "memdir", codex)
    env = {**os.environ, "CODEX_HOME": str(codex)}

    def listed() -> str:
        done = subprocess.run(
            [str(_codex()), "mcp", "list"], env=env, capture_output=True, text=True, timeout=60
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    rows = listed()
    assert re.search(r"(?m)^memdir\s+\S+memdir\s+--home \S+ mcp\b", rows), rows
    assert all(name in rows for name in ("github", "context7", "exa", "memory", "playwright"))
    plan(tmp_path / "memdir", codex, "uninstall")
    assert not re.search(r"(?m)^memdir\s", listed())


def _scripted_model(path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any] | str]:
    """The model behind Codex's `responses` wire API, by how far the turn has got: search
    memdir, then save a memory through it, then answer."""
    if not path.endswith("/responses"):
        return 404, {"error": {"message": f"no {path} here"}}
    done = sum(item.get("type") == "function_call_output" for item in body.get("input", []))
    saved = {"action": "add", "type": "project", "name": "CI runs on Node 22",
             "description": "The CI image pins Node 22", "body": "CI uses Node 22."}  # fmt: skip
    steps = [("memory_search", {"query": "pnpm"}), ("memory", saved)]
    if done < len(steps):
        name, args = steps[done]
        call = {"type": "function_call", "call_id": f"call-{done}", "namespace": "mcp__memdir",
                "name": name, "arguments": json.dumps(args)}  # fmt: skip
        return 200, response_stream(f"resp-{done}", call)
    answer = [{"type": "output_text", "text": "Use pnpm: this repo installs with it."}]
    message = {"type": "message", "role": "assistant", "id": "msg-1", "content": answer}
    return 200, response_stream("resp-answer", message)


@pytest.mark.skipif(_codex() is None, reason="no `codex` binary (set CODEX_BIN)")
def test_real_codex_session_calls_memdir_and_notify_imports_it(tmp_path: Path) -> None:
    """`codex exec`, offline, against a scripted model on loopback (a custom model_provider
    in the config.toml memdir install edited): its calls reach memdir's MCP server, it
    writes its rollout, and memdir's notify program imports the session."""
    server = Server(_scripted_model)
    codex, project, home = tmp_path / "codex", tmp_path / "project", tmp_path / "memdir"
    codex.mkdir()
    project.mkdir()
    (codex / "config.toml").write_text(
        'model = "scripted"\nmodel_provider = "loopback"\n\n[model_providers.loopback]\n'
        f'name = "loopback"\nbase_url = "{server.url}/v1"\nwire_api = "responses"\n'
        "request_max_retries = 0\nstream_max_retries = 0\n"
    )
    memdir.open(home, project).store("local").add(
        type="feedback", name="Use pnpm, not npm", description="pnpm here", body="pnpm install."
    )
    # `codex exec` sends its first request without waiting for MCP servers that are not
    # required, and the scripted model answers at once (a person types after startup)
    install.apply(install.plan_install("codex", home, codex_home=codex, required=True))
    env = {**os.environ, "CODEX_HOME": str(codex), "HOME": str(tmp_path / "user")}
    for key in ("OPENAI_API_KEY", "CODEX_API_KEY", "OPENAI_BASE_URL"):
        env.pop(key, None)
    prompt = "Should I install with pnpm or npm?"
    try:
        done = subprocess.run(
            [str(_codex()), "exec", "--skip-git-repo-check",
             "--dangerously-bypass-approvals-and-sandbox", "-C", str(project), prompt],
            env=env, cwd=project, stdin=subprocess.DEVNULL, capture_output=True, text=True,
            timeout=180, check=False,
        )  # fmt: skip
    finally:
        server.close()
    assert done.returncode == 0, done.stderr
    assert "Use pnpm: this repo installs with it." in done.stdout
    (rollout_file,) = (codex / "sessions").rglob("rollout-*.jsonl")
    thread = rollout_file.stem[-36:]
    items = [json.loads(line).get("payload") for line in rollout_file.read_text().splitlines()]
    outputs = [i["output"] for i in items if i.get("type") == "function_call_output"]
    assert len(outputs) == 2 and "Use pnpm, not npm" in outputs[0], outputs  # memdir's answer
    assert any(e.name == "CI runs on Node 22" for _, e in memdir.open(home, project).entries())

    messages: list[Any] = []
    for _ in range(240):  # Codex starts notify and does not wait: polled, up to 2 min
        with contextlib.suppress(MemdirError):
            messages = memdir.open(home, project).sessions.messages(f"codex:{thread}")
        if any("Use pnpm:" in m.content for m in messages if m.role == "assistant"):
            break
        time.sleep(0.5)
    assert [m.content for m in messages if m.role == "user"] == [prompt], messages
    assert [m.tool_name for m in messages if m.role == "tool"] == ["memory_search", "memory"]
    assert "Use pnpm: this repo installs with it." in messages[-1].content


def test_required_round_trip_through_the_cli(tmp_path: Path) -> None:
    """`--required` marks memdir's server required (Codex waits for it before the first
    turn); installing again without it takes the mark away; uninstall leaves the file as it
    was; another harness refuses the option."""
    from click.testing import CliRunner

    from memdir.cli import cli

    codex, home = tmp_path / "codex", tmp_path / "memdir"
    codex.mkdir()
    config = codex / "config.toml"
    before = 'model = "o3"\n\n[mcp_servers.github]\ncommand = "gh-mcp"\n'
    config.write_text(before)

    def run(*args: str) -> str:
        done = CliRunner().invoke(cli, ["--home", str(home), *args])
        assert done.exit_code == 0, done.output
        return done.output

    def memdir_server() -> dict[str, Any]:
        table: dict[str, Any] = tomllib.loads(config.read_text())["mcp_servers"]["memdir"]
        return table

    run("install", "codex", "--codex-home", str(codex), "--required", "--yes")
    assert memdir_server()["required"] is True
    assert "nothing to change" in run(
        "install", "codex", "--codex-home", str(codex), "--required", "--yes"
    )
    run("install", "codex", "--codex-home", str(codex), "--yes")
    assert "required" not in memdir_server()
    run("install", "codex", "--codex-home", str(codex), "--required", "--yes")
    run("uninstall", "codex", "--codex-home", str(codex), "--yes")
    assert config.read_text() == before
    refused = CliRunner().invoke(cli, ["--home", str(home), "install", "hermes", "--required"])
    assert refused.exit_code == 2 and "--required is not an option of hermes" in refused.output
