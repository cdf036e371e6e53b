"""An installed plugin whose import or hook never returns (a network call at import, a
sleep). memdir runs it in a daemon thread and waits ``MEMDIR_SLOW_PLUGIN_SECONDS`` (10 s
unless set) for it; a late one is left behind: one warning names it, its hook and the
``pip uninstall`` that removes it, the command carries on with the built-ins, what the late
call registers afterwards is dropped, its hooks are not called again, and the process
still exits at the end. Ctrl-C while memdir waits stops it cleanly."""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

import memdir
from memdir.core import plugin_deadline
from test_walk55 import _plugin_site

NAME = "memdir_left56_slow"
_HOOK = (
    "import time\nfrom memdir.hooks import hookimpl\n\n\n"
    "@hookimpl\ndef register_harnesses(register):\n"
)
HANGS = {
    "import": "import sys, time\nprint('plugin started', flush=True)\ntime.sleep(600)\n",
    "hook": _HOOK + "    print('plugin started', flush=True)\n    time.sleep(600)\n",
}
#: A guard against hanging the suite, not a timing: the plugins sleep 600 s.
GUARD = 60


def _env(tmp_path: Path, code: str, seconds: str = "1") -> dict[str, str]:
    (tmp_path / "user-home").mkdir(exist_ok=True)
    return {
        **os.environ,
        **_plugin_site(tmp_path, NAME, code),
        "HOME": str(tmp_path / "user-home"),
        "MEMDIR_HOME": str(tmp_path / "home"),
        "MEMDIR_MANAGED_DIR": str(tmp_path / "managed"),
        "MEMDIR_SLOW_PLUGIN_SECONDS": seconds,
        "NO_COLOR": "1",
    }


def _memories(tmp_path: Path) -> Path:
    memories = tmp_path / "hermes" / "memories"
    memories.mkdir(parents=True)
    (memories / "MEMORY.md").write_text("Uses fish shell.", encoding="utf-8")
    return memories


def _import(tmp_path: Path, project: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    argv = [sys.executable, "-m", "memdir", "import", "hermes", "--from", str(_memories(tmp_path))]
    return subprocess.run(argv, cwd=project, env=env, capture_output=True, text=True, timeout=GUARD)


def _lines(stream: object, into: queue.Queue[str]) -> None:
    for line in stream:  # type: ignore[attr-defined]
        into.put(line)


@pytest.mark.parametrize("where", ["import", "hook"])
def test_a_hanging_plugin_is_named_while_memdir_waits_and_ctrl_c_stops_it(
    tmp_path: Path, project: Path, where: str
) -> None:
    argv = [sys.executable, "-m", "memdir", "import", "hermes", "--from", str(_memories(tmp_path))]
    proc = subprocess.Popen(
        argv,
        cwd=project,
        env=_env(tmp_path, HANGS[where], seconds="600"),  # Ctrl-C comes first
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # as a terminal's Ctrl-C finds it: a suite run in the background ignores SIGINT,
        # and a Python started so never turns SIGINT into KeyboardInterrupt
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    said: queue.Queue[str] = queue.Queue()
    threading.Thread(target=_lines, args=(proc.stderr, said), daemon=True).start()
    seen: list[str] = []
    try:
        deadline = time.monotonic() + GUARD
        # what the plugin prints goes to stderr, not to the command's output
        while not any("plugin started" in s for s in seen):
            seen.append(said.get(timeout=max(0.1, deadline - time.monotonic())))
    except queue.Empty:
        pytest.fail(f"the plugin never started: {seen}")
    finally:
        proc.send_signal(signal.SIGINT)  # Ctrl-C
        out, _ = proc.communicate(timeout=GUARD)
    time.sleep(0.2)  # the reader thread's last lines
    rest = "".join(seen) + "".join(said.queue)
    assert proc.returncode != 0 and "Traceback" not in rest, rest + out
    assert "1 add" not in out and "plugin started" not in out  # stopped before the import


@pytest.mark.parametrize("where", ["import", "hook"])
def test_a_hanging_plugin_is_left_behind_after_a_bounded_wait(
    tmp_path: Path, project: Path, where: str
) -> None:
    # returning within GUARD while the plugin's thread sleeps 600 s: the process exits
    done = _import(tmp_path, project, _env(tmp_path, HANGS[where]))
    assert done.returncode == 0 and "1 add" in done.stdout, done.stdout + done.stderr
    assert "plugin started" not in done.stdout and "Traceback" not in done.stderr
    warnings = [line for line in done.stderr.splitlines() if line.startswith("Warning:")]
    assert len(warnings) == 1, done.stderr  # once, though the harnesses are looked up again
    hook = "import" if where == "import" else "register_harnesses"
    assert warnings[0].startswith(f"Warning: plugin {NAME!r}: its {hook} did not return in 1 s")
    assert "left it behind" in warnings[0] and f"pip uninstall {NAME}" in warnings[0]
    assert "MEMDIR_SLOW_PLUGIN_SECONDS" in warnings[0]


def test_the_other_entry_points_of_a_package_left_behind_are_not_waited_for(
    tmp_path: Path, project: Path
) -> None:
    env = _env(tmp_path, HANGS["import"])
    info = tmp_path / "site" / f"{NAME}-0.1.dist-info" / "entry_points.txt"
    info.write_text(f"[memdir]\n{NAME} = {NAME}\n{NAME}_too = {NAME}\n")  # one module
    done = _import(tmp_path, project, env)
    assert done.returncode == 0 and "1 add" in done.stdout, done.stdout + done.stderr
    # the second would wait on the stuck module's import lock, and be left behind again
    assert done.stderr.count("did not return") == 1, done.stderr


_SCRIPT = """
import json, sys, threading, time
from pathlib import Path
from memdir import hooks
from memdir.interop import _harness

marker = Path(sys.argv[1])
names = [_harness.harness_names() for _ in range(5)]  # a lookup per item
if len(sys.argv) > 2:  # wait until the late call has returned and registered
    for _ in range(600):
        if marker.with_suffix(".done").exists():
            break
        time.sleep(0.1)
    time.sleep(0.2)
hermes = hooks.harness("hermes", "memory")
print(json.dumps({
    "names": names,
    "hermes": type(hermes).__module__,
    "calls": marker.read_text().count("x"),
    "threads": threading.active_count(),
}))
"""


def _script(tmp_path: Path, code: str, *late: str) -> tuple[dict[str, Any], str]:
    script = tmp_path / "lookups.py"
    script.write_text(_SCRIPT)
    marker = tmp_path / "calls"
    marker.write_text("")
    argv = [sys.executable, str(script), str(marker), *late]
    env = _env(tmp_path, code.replace("MARKER", str(marker)))
    done = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=GUARD)
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads(done.stdout), done.stderr  # stdout is the JSON alone


_EVERY_CALL_HANGS = _HOOK + (
    "    with open('MARKER', 'a') as f:\n        f.write('x')\n    time.sleep(600)\n"
)


def test_a_hook_called_per_item_that_hangs_is_waited_for_once(tmp_path: Path) -> None:
    got, stderr = _script(tmp_path, _EVERY_CALL_HANGS)
    assert got["calls"] == 1, stderr  # left behind, not called (and waited for) again
    assert all("hermes" in names for names in got["names"])
    assert stderr.count("did not return") == 1, stderr


_LATE = (
    _HOOK
    + """    with open('MARKER', 'a') as f:
        f.write('x')
    first = not hasattr(register_harnesses, 'called')
    register_harnesses.called = True
    if first:
        time.sleep(1.5)  # past the 1 s deadline
    print('late', flush=True)
    register('hermes', memory=object())  # would replace memdir's own
    if first:
        open('MARKER.done', 'w').close()
"""
)


def test_what_a_late_hook_registers_after_the_deadline_is_dropped(tmp_path: Path) -> None:
    got, stderr = _script(tmp_path, _LATE, "late")
    assert (tmp_path / "calls.done").exists()  # it did return, late
    assert got["hermes"].startswith("memdir."), got
    assert got["calls"] == 1, stderr  # not called again: its registration never applied
    assert "replaces memdir's own" not in stderr and stderr.count("did not return") == 1
    assert "late" in stderr  # what it printed late went to stderr, not the JSON on stdout


_CALLS_BACK = (
    _HOOK
    + """    from memdir import hooks
    hooks.harnesses()  # back into memdir, from its own hook
    time.sleep(600)
"""
)


def test_a_hook_that_calls_back_into_memdir_runs_in_one_thread(tmp_path: Path) -> None:
    got, stderr = _script(tmp_path, _CALLS_BACK.replace("MARKER", "unused"))
    assert got["hermes"].startswith("memdir."), got
    assert got["threads"] <= 3, got  # not a thread per level of its recursion
    assert "Traceback" not in stderr


@pytest.mark.parametrize("value", ["soon", "0", "-1", "nan", "inf", "1e9"])
def test_a_bad_slow_plugin_value_is_ignored_with_a_warning(
    monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    monkeypatch.setenv("MEMDIR_SLOW_PLUGIN_SECONDS", value)
    seconds, warning = plugin_deadline.seconds()
    assert seconds == plugin_deadline.SLOW_PLUGIN
    assert warning.startswith(f"MEMDIR_SLOW_PLUGIN_SECONDS={value!r} is not a number"), warning


def test_a_bad_slow_plugin_value_is_said_once_and_the_command_runs(
    tmp_path: Path, project: Path
) -> None:
    code = _HOOK + "    pass\n"
    done = _import(tmp_path, project, _env(tmp_path, code, seconds="soon"))
    assert done.returncode == 0 and "1 add" in done.stdout, done.stdout + done.stderr
    assert done.stderr.count("MEMDIR_SLOW_PLUGIN_SECONDS='soon'") == 1, done.stderr


_SLOW_FACTORY = """
import time
from memdir.hooks import hookimpl


@hookimpl
def register_providers(register):
    register("slow", lambda model, **_: time.sleep(600), "slow:MODEL")
"""


@pytest.mark.xfail(
    strict=True,
    reason="severity: low — an installed llm factory runs in memdir's own thread (what it "
    "makes may be bound to it: rv57p's SQLite cache), so one that never returns hangs "
    "`maintain` until Ctrl-C; bounding it would need the factory's objects made elsewhere",
)
def test_an_llm_factory_that_hangs_is_left_behind_and_named(tmp_path: Path, project: Path) -> None:
    with memdir.open(tmp_path / "home", project).session(agent="left56") as s:
        s.log("user", "We deploy on Tuesdays now, not Fridays.")
    env = {**_env(tmp_path, _SLOW_FACTORY), "MEMDIR_LLM": "slow:m"}
    argv = [sys.executable, "-m", "memdir", "maintain"]
    done = subprocess.run(
        argv, cwd=project, env=env, capture_output=True, text=True, timeout=15
    )  # with the knob at 1 s: seconds
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stdout + done.stderr
    assert done.stderr.count("did not return") == 2, done.stderr  # the warning, the error
    assert f"Warning: plugin {NAME!r}: its llm factory did not return in 1 s" in done.stderr
    assert "Error: " in done.stderr and "'slow:m'" in done.stderr, done.stderr


def test_the_slow_plugin_knob_is_in_the_help(tmp_path: Path) -> None:
    argv = [sys.executable, "-m", "memdir", "--help"]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=GUARD)
    assert "$MEMDIR_SLOW_PLUGIN_SECONDS (default 10)" in done.stdout, done.stdout
