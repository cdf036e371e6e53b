"""An installed plugin whose import or hook never returns (a network call at import, a
sleep). memdir cannot leave it behind in-process: a Python thread cannot be stopped, and
an abandoned one keeps running the plugin's code inside memdir (holding its module's
import lock, printing into a command's --json, registering late). So memdir waits, but
says after ``hooks.SLOW_PLUGIN`` seconds which plugin it waits for and how to be rid of
it, and Ctrl-C stops it cleanly. The bounded wait itself is pinned below."""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from test_walk55 import _plugin_site

NAME = "memdir_left56_slow"
HANGS = {
    "import": "import time\ntime.sleep(600)\n",
    "hook": (
        "import time\nfrom memdir.hooks import hookimpl\n\n\n@hookimpl\n"
        "def register_harnesses(register):\n    time.sleep(600)\n"
    ),
}


def _env(tmp_path: Path, code: str) -> dict[str, str]:
    (tmp_path / "user-home").mkdir(exist_ok=True)
    return {
        **os.environ,
        **_plugin_site(tmp_path, NAME, code),
        "HOME": str(tmp_path / "user-home"),
        "MEMDIR_HOME": str(tmp_path / "home"),
        "MEMDIR_MANAGED_DIR": str(tmp_path / "managed"),
        "NO_COLOR": "1",
    }


def _memories(tmp_path: Path) -> Path:
    memories = tmp_path / "hermes" / "memories"
    memories.mkdir(parents=True)
    (memories / "MEMORY.md").write_text("Uses fish shell.", encoding="utf-8")
    return memories


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
        env=_env(tmp_path, HANGS[where]),
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
        deadline = time.monotonic() + 60  # a guard against hanging the suite, not a timing
        while not any("is waiting for it" in s for s in seen):
            seen.append(said.get(timeout=max(0.1, deadline - time.monotonic())))
    except queue.Empty:
        pytest.fail(f"no word on the plugin memdir waits for: {seen}")
    finally:
        proc.send_signal(signal.SIGINT)  # Ctrl-C
        out, _ = proc.communicate(timeout=60)
    warning = next(s for s in seen if "is waiting for it" in s)
    assert warning.startswith(f"Warning: plugin {NAME!r}"), warning
    assert f"pip uninstall {NAME}" in warning, warning
    time.sleep(0.2)  # the reader thread's last lines
    rest = "".join(seen) + "".join(said.queue)
    assert proc.returncode != 0 and "Traceback" not in rest, rest + out
    assert "1 add" not in out  # stopped before the import wrote anything


@pytest.mark.xfail(
    strict=True,
    reason="severity: medium — a plugin whose import or hook never returns hangs `memdir "
    "import`/`import-sessions`/`bootstrap` (and `maintain` once it makes a provider) until "
    "Ctrl-C; memdir names it after SLOW_PLUGIN seconds but cannot leave it behind "
    "in-process soundly (a thread cannot be stopped); a fix would load plugins with a "
    "deadline (e.g. a subprocess probe) and run the built-ins without the late one",
)
def test_a_hanging_plugin_is_left_behind_after_a_bounded_wait(
    tmp_path: Path, project: Path
) -> None:
    argv = [sys.executable, "-m", "memdir", "import", "hermes", "--from", str(_memories(tmp_path))]
    done = subprocess.run(
        argv,
        cwd=project,
        env=_env(tmp_path, HANGS["import"]),
        capture_output=True,
        text=True,
        timeout=30,  # SLOW_PLUGIN (10 s) and room to spare
    )
    assert done.returncode == 0 and "1 add" in done.stdout, done.stdout + done.stderr
