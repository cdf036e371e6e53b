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


# A Claude Code session renamed on re-import (rename_session: `claude-code:session-01`, as
# an import named a copy before, to the id inside) left its extract job keyed by the old
# id: an orphan job, and the renamed session's next scan extracted it again from the start
def test_a_renamed_sessions_extract_job_goes_with_it(tmp_path: Path) -> None:

    from memdir.interop.transcripts import import_sessions
    from test_rv54r import CLAUDE_ID, HIST, _md

    copy = tmp_path / "shared" / "session-01.jsonl"
    copy.parent.mkdir()
    shutil.copyfile(HIST / "claude" / "session-01.jsonl.txt", copy)
    md = _md(tmp_path)
    import_sessions(md, "claude-code", copy)
    new, old = f"claude-code:{CLAUDE_ID}", "claude-code:session-01"

    def as_before(c: sqlite3.Connection) -> None:  # as an import before named it, learnt from
        c.execute(
            "INSERT INTO sessions (id, agent, cwd, scope, title, started_at, ended_at, "
            "memory_mode) SELECT ?, agent, cwd, scope, title, started_at, ended_at, "
            "memory_mode FROM sessions WHERE id = ?",
            (old, new),
        )
        c.execute("UPDATE messages SET session_id = ? WHERE session_id = ?", (old, new))
        c.execute("DELETE FROM sessions WHERE id = ?", (new,))
        c.execute(
            "INSERT INTO jobs (kind, key, project, status, retries_left, input_watermark, "
            "done_watermark, created_at, updated_at) "
            "VALUES ('extract', ?, 'p', 'done', 5, 99, 99, 0, 0)",
            (old,),
        )

    md.sessions.db.write(as_before)
    md.close()
    md = _md(tmp_path)
    import_sessions(md, "claude-code", copy)
    jobs = md.sessions.db.read(
        lambda c: [tuple(r) for r in c.execute("SELECT key, done_watermark FROM jobs")]
    )
    md.close()
    assert jobs == [(new, 99)], jobs  # main: [("claude-code:session-01", 99)]
