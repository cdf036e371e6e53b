"""rvall54: review of the whole of session 54's merged change (319fe762..main)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

import memdir
from conftest import open_under_ask, use_team
from test_mend54w1 import PNPM, _held_then_adopted, _session
from test_origins import make_repo


def _scopes(home: Path) -> dict[str, str]:
    conn = sqlite3.connect(home / "state.db")
    try:
        return dict(conn.execute("SELECT id, scope FROM sessions").fetchall())
    finally:
        conn.close()


# high: each maintain's carry_adopted took the sessions of a fresh checkout at an adopted path
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


# medium: _apart held a merge's removals apart from it (a removal applied alone drops a fact)
def test_a_held_merge_is_one_pending_write(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from memdir.core.model import Source
    from memdir.pipeline.answers import OpSpec
    from memdir.pipeline.consolidate import to_operations
    from memdir.review import approval

    md = open_under_ask(tmp_path, monkeypatch)
    store = md.store("local")
    a = store.add(type="feedback", name="Use pnpm", description="pnpm", body="Use pnpm.")
    b = store.add(type="feedback", name="No npm", description="npm", body="Never npm.")
    spec = OpSpec("merge", targets=(a.id, b.id), name="Package manager",
                  description="pnpm, never npm", body="Use pnpm, never npm.")  # fmt: skip
    ops = to_operations([spec], [], store.list())
    assert len(ops) == 2
    approval.hold_changing(md, store, ops, store.list(), Source.EXTRACTOR)
    held = [p for p in md.review() if p.kind == "pending"]
    assert len(held) == 1, [p.detail for p in held]


# low: a held write carried by adopt kept its old-folder id: taught again, a second one
def test_a_held_write_taught_again_after_adopt_is_one_pending_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    md = _held_then_adopted(tmp_path, monkeypatch)
    _session(md, PNPM)  # the same fact, taught again in the new place
    md.pipeline.run()
    held = [p for p in md.review() if p.kind == "pending"]
    assert len(held) == 1, [p.detail for p in held]


# medium: an unreadable skill on the team backend named the server's database address
def test_team_backend_an_unreadable_skill_names_no_server_address(
    tmp_path: Path, pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    project = use_team(pg_url, tmp_path / "p", monkeypatch)
    md = memdir.open(tmp_path / "home", project)
    backend = md.store("user").backend
    with backend.lock(5):
        backend.write("skills/deploy/SKILL.md", b"\xff not utf-8")
    notes = [n.reason for n in md.explain().notes if n.subject == "skills"]
    assert notes and all("deploy" in n for n in notes), notes
    assert not any("postgresql" in n or "#" in n for n in notes), notes


# low: adopt promised to learn from sessions already learnt from; "1 session ... belong"
def test_adopt_does_not_promise_to_learn_again_from_learnt_sessions(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from memdir.cli import cli

    home, a = tmp_path / "home", make_repo(tmp_path / "a")
    md = memdir.open(home, a)
    _session(md, PNPM)
    assert md.pipeline.run().extracted == 1  # learnt at A
    md.close()
    c = tmp_path / "c"
    a.rename(c)
    ran = CliRunner().invoke(cli, ["--home", str(home), "-C", str(c), "scopes", "--adopt", str(a)])
    assert ran.exit_code == 0, ran.output
    assert "1 session logged in the old checkout now belongs here" in ran.output, ran.output
    assert "learns from them." not in ran.output, ran.output


# low: a write for a gone checkout advised "Check permissions and free space"
def test_a_write_for_a_gone_checkout_gives_no_permission_advice(tmp_path: Path) -> None:
    from memdir.core.errors import StorageError

    home, a = tmp_path / "home", make_repo(tmp_path / "a")
    md = memdir.open(home, a)
    a.rename(tmp_path / "c")
    with pytest.raises(StorageError) as refused:
        md.store("local").add(type="feedback", name="Tabs", description="tabs", body="Tabs.")
    assert "scopes --adopt" in str(refused.value), refused.value
    assert "permissions" not in str(refused.value), refused.value


# low: an add and a replace of the entry it makes were held apart (the replace fails alone)
def test_an_add_and_the_replace_of_what_it_adds_are_one_pending_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from memdir.core.model import Source
    from memdir.pipeline.answers import Candidate, OpSpec
    from memdir.pipeline.consolidate import to_operations
    from memdir.review import approval

    md = open_under_ask(tmp_path, monkeypatch)
    store = md.store("local")
    store.add(type="feedback", name="Tabs", description="tabs", body="Tabs.")
    found = [
        Candidate("feedback", "Use pnpm", "pnpm", body, "local", (1,), 0.9, "s")
        for body in ("Use pnpm.", "Use pnpm, never npm.")
    ]
    ops = to_operations([OpSpec("add", candidate=0), OpSpec("add", candidate=1)], found, [])
    assert [type(op).__name__ for op in ops] == ["AddOp", "ReplaceOp"]
    approval.hold_changing(md, store, ops, store.list(), Source.EXTRACTOR)
    held = [p for p in md.review() if p.kind == "pending"]
    assert len(held) == 1, [p.detail for p in held]


# medium: explain (the web page's Context) named a scope by the server's database address
def test_team_backend_explain_names_no_server_address(
    tmp_path: Path, pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    project = use_team(pg_url, tmp_path / "p", monkeypatch)
    md = memdir.open(tmp_path / "home", project)
    md.store("user").add(
        type="feedback", name="Tabs", description="tabs", body="Use tabs.", pinned=True
    )
    sources = [s.source for s in md.explain().sections]
    assert any(s.kind == "pinned" for s in md.explain().sections), sources
    assert not any("postgresql" in s for s in sources), sources
