"""Review rv54r of branch mend54r: a hostile cloned repository, a user upgrading a home
with sessions imported under the old keys, and the docs. Each test fails on mend54r."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest

from memdir.core.config import load_settings
from memdir.engine import Memdir
from memdir.interop.transcripts import import_sessions
from test_corpus import REAL, _open, person  # noqa: F401

HIST = REAL / "kvsankar__agent-history"
CLAUDE_ID = "06090cb1-3e64-433a-bc7e-a621c0f596d2"
pytestmark = pytest.mark.usefixtures("person")  # HOME: a scratch folder


def _md(tmp_path: Path) -> Memdir:
    work = tmp_path / "work"
    work.mkdir(exist_ok=True)
    subprocess.run(["git", "init", "-q", str(work)], check=True)
    return Memdir(load_settings(tmp_path / "memhome", work, environ={}))


# -- (b) a user upgrading ----------------------------------------------------------------


# Shows: a Claude Code transcript imported before the upgrade under a name that is no
# session id (session `claude-code:session-01`, as main names it) is imported again as
# `claude-code:<its id>`: the same two messages twice, nothing migrates the old session.
def test_claude_code_copy_imported_before_the_upgrade_is_not_duplicated(tmp_path: Path) -> None:
    copy = tmp_path / "shared" / "session-01.jsonl"
    copy.parent.mkdir()
    shutil.copyfile(HIST / "claude" / "session-01.jsonl.txt", copy)
    md = _md(tmp_path)
    import_sessions(md, "claude-code", copy)
    new, old = f"claude-code:{CLAUDE_ID}", "claude-code:session-01"

    def as_before(c: sqlite3.Connection) -> None:  # the session id main gave this file
        c.execute(
            "INSERT INTO sessions (id, parent_id, agent, cwd, scope, title, started_at, "
            "ended_at, memory_mode) SELECT ?, ?, agent, cwd, scope, title, started_at, "
            "ended_at, memory_mode FROM sessions WHERE id = ?",
            (old, new, new),
        )
        c.execute("UPDATE messages SET session_id = ? WHERE session_id = ?", (old, new))

    md.sessions.db.write(as_before)
    assert len(md.sessions.messages(old)) == 2 and not md.sessions.messages(new)
    md.close()
    md = _md(tmp_path)  # upgraded: every migration has run
    import_sessions(md, "claude-code", copy)
    total = sum(len(md.sessions.messages(s.id)) for s in md.sessions.list())
    assert total == 2
