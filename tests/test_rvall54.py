"""rvall54: review of the whole of session 54's merged change (319fe762..main)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import memdir
from test_origins import local_dir, make_repo


def _session(md: memdir.Memdir, said: str) -> str:
    with md.session(agent="my-agent") as s:
        s.log("user", said)
        s.log("assistant", "Noted.")
    return s.id


def _scopes(home: Path) -> dict[str, str]:
    conn = sqlite3.connect(home / "state.db")
    try:
        return dict(conn.execute("SELECT id, scope FROM sessions").fetchall())
    finally:
        conn.close()


# severity: high — carry_adopted re-carries every run: a new checkout at the adopted
# folder's old path has its sessions taken by the project that adopted the old folder
def test_a_new_checkout_at_an_adopted_path_keeps_its_sessions(tmp_path: Path) -> None:
    home, a = tmp_path / "home", make_repo(tmp_path / "a")
    md = memdir.open(home, a)
    md.store("local").add(type="feedback", name="Tabs", description="tabs", body="Tabs.")
    md.close()
    c = tmp_path / "c"
    a.rename(c)
    md = memdir.open(home, c.resolve())
    md.adopt(str(a))
    md.close()
    a2 = make_repo(tmp_path / "a")  # a fresh clone where the old checkout was
    other = memdir.open(home, a2)
    sid = _session(other, "Remember that we always use pnpm, never npm, in this repo.")
    slug = other.project
    other.close()
    md = memdir.open(home, c.resolve())
    md.pipeline.run()
    md.close()
    assert _scopes(home)[sid] == slug
