"""reread54: the final reread's findings that need more than a docstring (strict xfails)."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

import memdir
from memdir.core.errors import MemdirError
from test_origins import make_repo

PNPM = "Remember that we always use pnpm, never npm, in this repo."


# adopt noted .adopted.json only after the carry succeeded: a carry that failed (state.db
# busy) was never retried, and adopt cannot be run again (fixed by noting it first)
def test_a_carry_that_failed_at_adopt_is_carried_by_the_next_run(tmp_path: Path) -> None:
    home, a = tmp_path / "home", make_repo(tmp_path / "a")
    home.mkdir(parents=True, exist_ok=True)
    (home / "config.toml").write_text("lock_timeout = 0.5\n")
    md = memdir.open(home, a)
    md.store("local").add(type="feedback", name="Use tabs", description="tabs", body="Tabs.")
    with md.session(agent="my-agent") as s:
        s.log("user", PNPM)
        s.log("assistant", "Noted.")
    md.close()
    c = Path(shutil.move(a, tmp_path / "c")).resolve()
    md = memdir.open(home, c)
    md.store("local").list()
    busy = sqlite3.connect(home / "state.db", isolation_level=None)
    busy.execute("BEGIN IMMEDIATE")  # another process writing state.db meanwhile
    try:
        with pytest.raises(MemdirError, match="not carried along yet"):
            md.adopt(str(a))
    finally:
        busy.execute("ROLLBACK")
        busy.close()
    report = md.pipeline.run()  # state.db free again: the session logged at A is learnt here
    assert report.extracted == 1, report
