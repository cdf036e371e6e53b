"""Review rr61 of the day's change: findings pinned or fixed with a test each."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

SRC = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "src")


def _run(code: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": SRC}
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")
def test_fork_that_first_imports_the_guard_releases_nothing_it_did_not_take() -> None:
    """forks' before-fork hook imports memdir.guard, whose hooks are then registered mid-fork:
    its after-in-parent hook ran without its before hook and released an unheld lock."""
    done = _run(
        """
        import os, sys
        from memdir.core import forks

        class F:
            def _forked(self):
                pass

        f = F()
        forks.renew_in_child(f)
        assert "memdir.guard" not in sys.modules
        pid = os.fork()
        if pid == 0:
            os._exit(0)
        os.waitpid(pid, 0)
        import memdir.guard as g
        assert g._LOCK.acquire(blocking=False), "the guard's load lock is left held"
        print("ok")
        """
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"
    assert "release unlocked lock" not in done.stderr, done.stderr
    assert done.stderr == ""
