"""mend55t: on the team backend sessions and jobs are keyed by the project's remote URL,
as its local scope is; those a checkout keyed by its path (before, or imported since) are
rekeyed by that checkout's own runs."""

from __future__ import annotations

import json
from pathlib import Path

import psycopg
import pytest

import memdir
from conftest import TEAM_PROJECT, use_team
from memdir.core.scopes import project_slug
from memdir.core.store import state_key
from memdir.pg.names import project_url, url_slug
from test_mend54w1 import PNPM, _mv, _session

RUFF = "Remember that we always use ruff, never black, in this repo."
UV = "Remember that we always use uv, never pip, in this repo."
MAKE = "Remember that we always use make, never just, in this repo."


def _path_keyed(md: memdir.Memdir, said: str) -> str:
    """A session as memdir logged it on the team backend before mend55t: its scope the
    slug of the checkout's path. Ended, not queued."""
    sid = md.sessions.start("my-agent", cwd=str(md.project_root), scope=_path(md)).id
    md.sessions.log(sid, "user", said)
    md.sessions.log(sid, "assistant", "Noted.")
    md.sessions.end(sid)
    return sid


def _path(md: memdir.Memdir) -> str:
    return project_slug(md.project_root)


def _scopes(md: memdir.Memdir) -> dict[str, str | None]:
    return {s.id: s.scope for s in md.sessions.list(limit=100)}


def _bodies(md: memdir.Memdir) -> list[str]:
    return sorted(e.body for e in md.store("local").list())


def test_two_live_clones_learn_each_session_once_and_take_no_path_keyed_rows(
    tmp_path: Path, pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two clones of one remote, both there: one project, so one local scope and one key
    for their sessions; each session is learnt once, by whichever maintain runs first. A
    session the other clone keyed by its path stays its own until that clone runs."""
    one = use_team(pg_url, tmp_path / "one", monkeypatch)
    two = use_team(pg_url, tmp_path / "two", monkeypatch)
    home = tmp_path / "home"
    md1, md2 = memdir.open(home, one), memdir.open(home, two)
    assert md1.project == md2.project == url_slug(project_url(TEAM_PROJECT))
    md1.store("local").add(type="feedback", name="Tabs", description="tabs", body="Tabs.")
    live1, live2 = _session(md1, PNPM), _session(md2, RUFF)
    old1, old2 = _path_keyed(md1, UV), _path_keyed(md2, MAKE)

    assert md2.pipeline.run().extracted == 3  # both clones' live sessions and its own old one
    scopes = _scopes(md2)
    assert scopes[old1] == _path(md1)  # the other clone's path: not taken
    assert {scopes[s] for s in (live1, live2, old2)} == {md2.project}
    assert not any("uv" in b for b in _bodies(md2))

    assert md1.pipeline.run().extracted == 1  # its own old session; none learnt twice
    assert set(_scopes(md1).values()) == {md1.project}
    for md in (md2, md1):
        again = md.pipeline.run()
        assert not again.extracted and not again.ops and not again.errors, again
    bodies = _bodies(md1)
    assert bodies == _bodies(md2) and len(bodies) == 5, bodies
    for tool in ("pnpm", "ruff", "uv", "make"):
        assert sum(tool in b for b in bodies) == 1, (tool, bodies)


def test_path_keyed_sessions_and_jobs_are_learnt_once_then_survive_a_move(
    tmp_path: Path, pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """State an older memdir left, keyed by the checkout's path: an ended session not yet
    queued, one queued (its extract job of the path's project) and a candidate waiting in
    the local scope's consolidate job of that project. The first run rekeys and learns each
    once; a re-run changes nothing; after a move the rows still belong to the project."""
    from memdir.pipeline.answers import Candidate

    home, a = tmp_path / "home", use_team(pg_url, tmp_path / "a", monkeypatch)
    md = memdir.open(home, a)
    store = md.store("local")
    store.add(type="feedback", name="Tabs", description="tabs", body="Tabs.")
    old = _path(md)
    assert md.project != old
    scanned, queued = _path_keyed(md, PNPM), _path_keyed(md, RUFF)
    md.pipeline.jobs.enqueue(
        "extract", queued, project=old, watermark=md.sessions.last_message_id(queued)
    )
    staged = _path_keyed(md, "Hello there.")  # nothing to learn; a candidate staged
    cand = Candidate("feedback", "Use uv", "uv", "Use uv, never pip.", "local", (1,), 0.9, staged)
    found = [(state_key(store), json.dumps(cand.to_dict()), old)]
    md.sessions.db.write(lambda c: md.pipeline.jobs.stage(c, staged, found))

    report = md.pipeline.run()
    assert report.extracted == 3 and not report.errors, report
    bodies = _bodies(md)
    for tool in ("pnpm", "ruff", "uv"):
        assert sum(tool in b for b in bodies) == 1, (tool, bodies)
    assert set(_scopes(md).values()) == {md.project}
    schema = md.sessions.db.schema()  # type: ignore[attr-defined]
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute(f'SET search_path TO "{schema}"')
        projects = conn.execute("SELECT DISTINCT project FROM jobs").fetchall()
        waiting = conn.execute("SELECT count(*) FROM candidates").fetchone()
    assert projects == [(md.project,)] and waiting == (0,)
    again = md.pipeline.run()
    assert not again.extracted and not again.ops and not again.errors, again
    assert _bodies(md) == bodies
    md.close()

    moved = memdir.open(home, _mv(a, tmp_path / "c"))
    assert moved.project == md.project
    assert {scanned, queued, staged} <= {s.id for s in moved.sessions.list(scope=moved.project)}
    after = moved.pipeline.run()
    assert not after.extracted and not after.ops and not after.errors, after
    assert _bodies(moved) == bodies


def test_a_checkout_without_a_remote_keys_its_sessions_by_its_path(
    tmp_path: Path, pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No URL to key by: the path's slug, as before; nothing is rekeyed."""
    from dulwich.repo import Repo

    bare = tmp_path / "bare"
    Repo.init(str(bare), mkdir=True).close()
    use_team(pg_url, tmp_path / "elsewhere", monkeypatch)  # the user and the environment
    md = memdir.open(tmp_path / "home", bare)
    assert md.project == _path(md)
    md.store("local").add(type="feedback", name="Tabs", description="tabs", body="Tabs.")
    sid = _session(md, PNPM)
    assert md.pipeline.run().extracted == 1
    assert _scopes(md) == {sid: _path(md)}
    assert any("pnpm" in b for b in _bodies(md))
