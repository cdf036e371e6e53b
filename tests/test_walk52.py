"""walk52: a newcomer's walkthrough of what walk51 did not walk (the web page in Chromium,
Hermes through its own loader, the Claude Code hooks, Codex's notify, the CLI's help).
Each test pins one defect found on the way, as a strict xfail until it is mended."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from memdir.engine import Memdir
from test_claude_code_hooks import Hook
from test_web_browser import _css, _sign_in, _submit
from usercli import cli as cli
from webserver import chromium, quit_chromium, web_server

BENCH_PYTHON = Path(__file__).resolve().parents[1] / ".venv-bench" / "bin" / "python"


# --- CLI help -------------------------------------------------------------------------

# the commands a newcomer reaches for first (README, "The CLI at a glance")
EVERYDAY = ("add", "search", "show", "edit", "log", "diff", "revert", "rm", "ls",
            "context", "install", "uninstall", "import", "export", "serve", "ui")  # fmt: skip


def test_every_everyday_command_help_shows_an_example(cli: Callable[..., Any]) -> None:
    without = []
    for command in EVERYDAY:
        done = cli(command, "--help")
        assert done.returncode == 0, done.stderr
        lines = done.stdout.splitlines()
        if not any("example" in line.lower() or line.strip().startswith("memdir ")
                   for line in lines):  # fmt: skip
            without.append(command)
    assert without == []


def _examples(help_text: str) -> list[str]:
    """The commands under ``Examples:`` in a ``--help`` (a line ending in ``\\`` goes on
    in the next, as in a shell)."""
    lines = help_text.splitlines()
    start = [i for i, line in enumerate(lines) if line.strip() == "Examples:"]
    assert len(start) == 1, help_text
    found: list[str] = []
    for line in lines[start[0] + 1 :]:
        if not line.strip():
            break
        if found and found[-1].endswith("\\"):
            found[-1] += "\n" + line
        else:
            found.append(line.strip())
    return found


# ui and serve start servers: of theirs only `memdir serve --print-token` runs here
@pytest.mark.parametrize("command", [c for c in EVERYDAY if c != "ui"])
def test_every_example_in_a_commands_help_runs_as_written(
    command: str, md: Memdir, cli: Callable[..., Any], tmp_path: Path, home: Path, project: Path
) -> None:
    """Each example `memdir COMMAND --help` shows runs in a shell, in order, exit 0, in a
    scratch home holding the entries the examples name (README's "Deploy target"), with
    HOME a scratch folder (install, import and export touch only it) and $EDITOR
    answering at once."""
    if command != "add":  # add's examples write these themselves
        local = md.store("local")
        local.add(type="project", name="Deploy target", description="where we deploy",
                  body="fly.io, region ams")  # fmt: skip
        local.add(type="feedback", name="Test runner", description="how to run the tests",
                  body="Use pytest -q, never unittest.")  # fmt: skip
    shown = cli(command, "--help")
    assert shown.returncode == 0, shown.stderr
    examples = _examples(shown.stdout)
    assert 2 <= len(examples) <= 4, examples
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "memdir").write_text(f'#!/bin/sh\nexec "{sys.executable}" -m memdir "$@"\n')
    (bin_dir / "memdir").chmod(0o755)
    env = {**os.environ, "HOME": str(tmp_path / "user-home"), "MEMDIR_HOME": str(home),
           "MEMDIR_MANAGED_DIR": str(tmp_path / "managed"), "MEMDIR_BACKGROUND": "0",
           "NO_COLOR": "1", "EDITOR": "true"}  # fmt: skip
    env["PATH"] = f"{bin_dir}:{os.environ['PATH']}"  # `memdir` is this checkout's
    for name in ("VISUAL", "MEMDIR_DISABLE", "MEMDIR_TOKEN", "MEMDIR_SERVER", "CODEX_HOME",
                 "HERMES_HOME", "MEMDIR_DATABASE_URL", "MEMDIR_USER"):  # fmt: skip
        env.pop(name, None)
    for example in examples:
        assert example.startswith("memdir ") or "| memdir " in example, example
        if command == "serve" and "--print-token" not in example:
            continue
        ran = subprocess.run(["bash", "-c", example], cwd=project, env=env, input="y\n",
                             capture_output=True, text=True, timeout=120)  # fmt: skip
        assert ran.returncode == 0, (example, ran.stdout, ran.stderr)
        assert "Traceback" not in ran.stderr, (example, ran.stderr)


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("skills", "show", "nosuch"), "No skill named 'nosuch'"),
        (("sessions", "show", "nosuch"), "No session 'nosuch'"),
        (("sessions", "rm", "nosuch", "--yes"), "No session 'nosuch'"),
        (("sessions", "mode", "nosuch", "polluted"), "No session 'nosuch'"),
    ],
)
def test_a_cli_error_names_cli_commands_not_the_api(
    cli: Callable[..., Any], args: tuple[str, ...], says: str
) -> None:
    done = cli(*args)
    assert done.returncode != 0
    assert says in done.stderr
    assert "memory_read" not in done.stderr and "md." not in done.stderr
    assert f"`memdir {args[0]} ls`" in done.stderr  # what to run instead


# --- the web page ---------------------------------------------------------------------


@pytest.fixture
def signed_in(md: Memdir, project: Path) -> Iterator[tuple[Any, str, Memdir]]:
    """Chromium signed in to the page of ``project``'s memory: (driver, site, md)."""
    (project / ".git").mkdir()
    md = md.for_project(project)
    md.store("local").add(type="project", name="Deploy target", description="where we deploy",
                          body="fly.io, region ams")  # fmt: skip
    driver = chromium()
    try:
        with web_server(md) as site:
            _sign_in(driver, site)
            yield driver, site, md
    finally:
        quit_chromium(driver)


def test_a_save_from_a_stale_tab_does_not_overwrite_a_newer_edit(
    signed_in: tuple[Any, str, Memdir],
) -> None:
    """walk52: two tabs open the same entry, the second saves, then the first saves its
    stale form: the page said 'Saved.' and the second tab's edit was silently overwritten
    (only the history kept it). The stale save is refused, saying someone else saved a
    newer version and showing it, with the first tab's text kept; saving again then is a
    deliberate overwrite."""
    driver, site, md = signed_in
    local = md.store("local")
    local.add(type="project", name="Cache host", description="cache server name",
              body="The cache server is walrus-cache-7.")  # fmt: skip
    entry = site + "/entry/local/project_cache-host"
    driver.get(entry)
    first = driver.current_window_handle
    driver.switch_to.new_window("tab")
    driver.get(entry)
    body = _css(driver, "#e-body")
    body.clear()
    body.send_keys("The cache server is walrus-cache-8.")
    _submit(driver, "form[action*='/save']")
    assert local.get("project_cache-host").body == "The cache server is walrus-cache-8."

    driver.switch_to.window(first)  # still shows walrus-cache-7
    body = _css(driver, "#e-body")
    body.clear()
    body.send_keys("The cache server is walrus-cache-9.")
    _submit(driver, "form[action*='/save']")
    assert local.get("project_cache-host").body == "The cache server is walrus-cache-8."
    assert _css(driver, "[role=alert]").text
    assert "someone else saved a newer version" in _css(driver, "[role=alert]").text
    assert "walrus-cache-8" in _css(driver, "#current").text  # their version, shown
    assert _css(driver, "#e-body").get_attribute("value") == "The cache server is walrus-cache-9."
    _submit(driver, "form[action*='/save']")  # again, knowing: now it replaces theirs
    assert local.get("project_cache-host").body == "The cache server is walrus-cache-9."
    assert "Saved." in _css(driver, "[role=status]").text


def test_the_add_form_limits_what_can_be_typed_to_memdirs_limits(
    signed_in: tuple[Any, str, Memdir],
) -> None:
    """walk52: the add form let a name of 200 characters and a description of any length
    be typed, while memdir's limits are 80 and 150: the user learnt it only from the
    refusal after submitting. The edit and supersede forms likewise. (In characters, as
    memdir counts: page.js keeps data-maxchars; maxlength, in UTF-16 units, is twice it,
    tests/test_rv52c.py.)"""
    driver, site, _ = signed_in
    assert _css(driver, "#add-name").get_attribute("data-maxchars") == "80"
    assert _css(driver, "#add-description").get_attribute("data-maxchars") == "150"
    driver.get(site + "/entry/local/project_deploy-target")
    for field in ("#e-name", "#s-name"):
        assert _css(driver, field).get_attribute("data-maxchars") == "80"
    for field in ("#e-description", "#s-description"):
        assert _css(driver, field).get_attribute("data-maxchars") == "150"
    name = _css(driver, "#e-name")
    name.clear()
    name.send_keys("N" * 100)
    assert name.get_attribute("value") == "N" * 80  # Chromium stops at the limit


def test_back_after_a_refused_add_returns_to_a_page(signed_in: tuple[Any, str, Memdir]) -> None:
    """walk52: after a refused add (the refusal was the POST's own answer, not a
    redirect), going on to an entry and pressing Back showed Chromium's 'Confirm Form
    Resubmission' (ERR_CACHE_MISS) page instead of the memory page. The refusal is now a
    page of its own (post/redirect/get) that still shows the reason and the typed text."""
    driver, site, md = signed_in
    _css(driver, "details.add summary").click()
    _css(driver, "#add-type").send_keys("project")
    # the form takes it; memdir refuses it (a name too long no longer: the form stops it)
    _css(driver, "#add-name").send_keys("Deploy target")
    _css(driver, "#add-description").send_keys("a second entry of that name")
    _css(driver, "#add-body").send_keys("kept")
    _submit(driver, "details.add form")
    assert "An entry named 'Deploy target' already exists" in _css(driver, "[role=alert]").text
    assert "kept" not in driver.current_url  # the text is never in the URL (history)
    assert _css(driver, "#add-body").get_attribute("value") == "kept"
    assert _css(driver, "#add-description").get_attribute("value") == "a second entry of that name"
    driver.get(site + "/entry/local/project_deploy-target")
    driver.back()
    assert "Deploy target" in _css(driver, "body").text
    assert "Resubmission" not in _css(driver, "body").text
    assert "already exists" in _css(driver, "[role=alert]").text  # the refusal, still
    assert _css(driver, "#add-body").get_attribute("value") == "kept"
    assert [e.name for e in md.store("local").list()] == ["Deploy target"]  # nothing added


# --- Hermes ---------------------------------------------------------------------------

# what Hermes 0.19's agent_init does for memory.provider (plugins.memory's loader, a
# MemoryManager, initialize_all with the primary context)
_HERMES_LOAD = """
import json
from agent.memory_manager import MemoryManager
from hermes_constants import get_hermes_home
from plugins.memory import load_memory_provider

provider = load_memory_provider("memdir")
manager = MemoryManager()
manager.add_provider(provider)
manager.initialize_all(session_id="h1", platform="cli",
                       hermes_home=str(get_hermes_home()), agent_context="primary")
"""


def _hermes_python() -> Path:
    if not BENCH_PYTHON.exists():
        pytest.skip(f"no hermes-agent venv at {BENCH_PYTHON}")
    probe = subprocess.run(
        [str(BENCH_PYTHON), "-c", "import agent.memory_provider, plugins.memory"],
        capture_output=True,
        timeout=120,
    )
    if probe.returncode != 0:
        pytest.skip("hermes-agent is not installed in .venv-bench")
    return BENCH_PYTHON


def _in_hermes(
    cli: Callable[..., Any], tmp_path: Path, project: Path, script: str
) -> dict[str, Any]:
    """`memdir install hermes --activate` into a scratch Hermes home, then ``script`` run by
    Hermes's own Python (its loader, its MemoryManager); the JSON of its last line."""
    python = _hermes_python()
    extra = {"HERMES_HOME": str(tmp_path / "hermes")}
    done = cli("install", "hermes", "--activate", "--yes", extra_env=extra)
    assert done.returncode == 0, done.stderr
    src = Path(__file__).resolve().parents[1] / "src"
    env = {**os.environ, **extra, "HOME": str(tmp_path / "user-home"),
           "MEMDIR_HOME": str(tmp_path / "home"), "MEMDIR_BACKGROUND": "0",
           "PYTHONPATH": str(src), "TERMINAL_CWD": str(project)}  # fmt: skip
    ran = subprocess.run(
        [str(python), "-c", _HERMES_LOAD + script],
        capture_output=True,
        text=True,
        env=env,
        cwd=project,
        timeout=180,
    )
    assert ran.returncode == 0, ran.stderr
    return dict(json.loads(ran.stdout.strip().splitlines()[-1]))


@pytest.mark.hermes
def test_hermes_system_prompt_names_only_tools_hermes_has(
    cli: Callable[..., Any], tmp_path: Path, project: Path
) -> None:
    assert cli("add", "--type", "project", "--name", "Deploy target", "--description",
               "where we deploy", "--body", "fly.io, region ams").returncode == 0  # fmt: skip
    script = """
tools = [schema["name"] for schema in manager.get_all_tool_schemas()]
print(json.dumps({"block": manager.build_system_prompt(), "tools": tools}))
manager.shutdown_all()
"""
    answer = _in_hermes(cli, tmp_path, project, script)
    assert "memdir_read" in answer["tools"]
    assert "Deploy target" in answer["block"]  # the provider Hermes loaded is memdir's
    assert "memory_read" not in answer["block"]


# Hermes's context compressor (agent/context_compressor.py) keeps the conversation's head
# and its last turns around a summary, and conversation_compression.py then moves the agent
# to a child session id (on_session_switch, reset=False); a turn later the session ends with
# that compacted list. The worker thread sync_all uses calls provider.sync_turn: called here
# directly so the test needs no waiting.
_COMPRESSION = """
system = {"role": "system", "content": "You are Hermes."}
first = [{"role": "user", "content": "the kiln runs at 1200 degrees"},
         {"role": "assistant", "content": "noted the kiln temperature"}]
later = [{"role": "user", "content": "glaze number four is celadon"},
         {"role": "assistant", "content": "noted the celadon glaze"}]
history = [system, *first]
provider.sync_turn(first[0]["content"], first[1]["content"], session_id="h1",
                   messages=list(history))
history += later
provider.sync_turn(later[0]["content"], later[1]["content"], session_id="h1",
                   messages=list(history))
manager.on_pre_compress(list(history))
summary = {"role": "user", "content": "[CONTEXT COMPACTION] the kiln and the glazes",
           "_compressed_summary": True}  # Hermes marks its summary so
manager.on_session_switch("h2", parent_session_id="h1", reset=False, reason="compression")
compacted = [system, *first, summary, *later]
turn = [{"role": "user", "content": "fire the kiln on friday"},
        {"role": "assistant", "content": "friday firing booked"}]
compacted += turn
provider.sync_turn(turn[0]["content"], turn[1]["content"], session_id="h2",
                   messages=list(compacted))
manager.on_session_end(list(compacted))
manager.shutdown_all()
print(json.dumps({}))
"""


@pytest.mark.hermes
def test_hermes_compression_child_session_holds_only_its_own_turns(
    cli: Callable[..., Any], tmp_path: Path, project: Path
) -> None:
    _in_hermes(cli, tmp_path, project, _COMPRESSION)

    def said(session: str) -> list[str]:
        shown = cli("sessions", "show", session, "--json")
        assert shown.returncode == 0, shown.stderr
        return [m["content"] for m in json.loads(shown.stdout)["messages"]]

    parent, child = said("hermes:h1"), said("hermes:h2")
    assert parent == ["the kiln runs at 1200 degrees", "noted the kiln temperature",
                      "glaze number four is celadon", "noted the celadon glaze"]  # fmt: skip
    assert [c for c in child if c in parent] == []
    assert child[-2:] == ["fire the kiln on friday", "friday firing booked"]


# --- Claude Code hooks ----------------------------------------------------------------


def test_a_prompt_sharing_only_a_number_recalls_nothing(tmp_path: Path) -> None:
    hook = Hook(tmp_path)
    hook.logged(
        "How do I release version 2 of the billing service?",
        "Step 1: tag the release. Step 2: run the migrations. Step 3: deploy.",
    )
    relevant = hook.prompt_later("how do we release billing?")
    assert "release version 2 of the billing service" in relevant  # recall works
    for prompt in ("what is 2+2", "write a haiku about 2 cats", "convert 3 km to miles"):
        assert hook.prompt_later(prompt) == "", prompt
