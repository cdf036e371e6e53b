"""mend54w1: walk54's moved checkout (the first write records it; adopt carries the
pipeline's state) and a read-only home's warnings."""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import memdir
import memdir.review.diary
from hostile import readonly, readonly_reason
from memdir.core.errors import AdoptError
from memdir.core.origins import RECORD_NAME, read_origin
from test_origins import git, local_dir, make_repo
from usercli import user_cli
from webserver import serve_env

# --- the first write records the checkout (walk54: `memdir add` then `mv`) ------------------


def _mv(src: Path, dst: Path) -> Path:
    shutil.move(src, dst)
    return dst.resolve()


@pytest.mark.parametrize("first", ["add", "init"])
def test_the_first_write_records_the_checkout_without_another_open(
    tmp_path: Path, first: str
) -> None:
    """The local folder is made by a write after open() looked: the record is written
    then, whatever made the folder (an entry, `memdir init`)."""
    home, repo = tmp_path / "home", make_repo(tmp_path / "app")
    store = memdir.open(home, repo).store("local")
    if first == "add":
        store.add(type="feedback", name="Use pnpm", description="pnpm", body="Use pnpm.")
    else:
        store.backend.create()
        store.repair()
    origin = read_origin(local_dir(home, repo))
    assert origin is not None and origin.path == str(repo), first
    if first == "add":  # moved now, with no open in between: the next open warns
        new = _mv(repo, tmp_path / "app2")
        (warning,) = memdir.open(home, new).warnings
        assert warning.endswith(f"memdir scopes --adopt {repo}")


def test_a_checkout_with_no_commit_is_recorded_and_found_by_its_remote(tmp_path: Path) -> None:
    home, repo = tmp_path / "home", make_repo(tmp_path / "app", commit=None)
    memdir.open(home, repo).store("local").add(
        type="feedback", name="Use pnpm", description="pnpm", body="Use pnpm."
    )
    record = local_dir(home, repo) / RECORD_NAME
    assert record.stat().st_mtime_ns == 0  # incomplete: the first commit is filled in later
    new = _mv(repo, tmp_path / "app2")
    assert "same remote URL" in memdir.open(home, new).warnings[0]


def test_two_moves_in_a_row_then_adopt_then_move_again(tmp_path: Path) -> None:
    """A written at A, moved to B and at once to C (no command at B): C is told about A's
    folder; after adopting it, a move to D names C, and adopting C brings it along."""
    home, a = tmp_path / "home", make_repo(tmp_path / "a")
    memdir.open(home, a).store("local").add(
        type="feedback", name="Use pnpm", description="pnpm", body="Use pnpm."
    )
    b = _mv(a, tmp_path / "b")
    c = _mv(b, tmp_path / "c")
    (warning,) = memdir.open(home, c).warnings
    assert warning.endswith(f"memdir scopes --adopt {a}")
    done = memdir.open(home, c).adopt(str(a))
    assert (done.old_folder, done.new_folder, done.active) == (
        local_dir(home, a),
        local_dir(home, c),
        1,
    )
    assert not local_dir(home, b).exists()  # nothing was ever made for B
    d = _mv(c, tmp_path / "d")
    (warning,) = memdir.open(home, d).warnings
    assert warning.endswith(f"memdir scopes --adopt {c}")
    memdir.open(home, d).adopt(str(c))
    md = memdir.open(home, d)
    assert md.warnings == [] and [e.name for e in md.store("local").list()] == ["Use pnpm"]


# --- a read-only home: one warning, naming no damage ---------------------------------------


@pytest.mark.skipif(readonly_reason() is not None, reason=str(readonly_reason()))
@pytest.mark.parametrize("checkout", ["plain folder", "git init, no commit"])
def test_reads_on_a_read_only_home_warn_once_at_most(
    tmp_path: Path, home: Path, project: Path, checkout: str
) -> None:
    """A checkout with no commit keeps its record incomplete (stale) until its first
    commit: on a read-only home every read would try to rewrite it and warn. Reads that do
    not open state.db say nothing; search says the read-only warning once."""
    if checkout != "plain folder":
        git("init", "-q", cwd=project)
    user_home = tmp_path / "user-home"
    user_home.mkdir()
    cli = user_cli(tmp_path, home, project, user_home)
    added = cli("add", "--type", "user", "--name", "Use pnpm", "--description", "pnpm",
                "--body", "We use pnpm.")  # fmt: skip
    assert added.returncode == 0 and cli("ls").returncode == 0, added.stderr
    for args, warned in ((["ls"], 0), (["context"], 0), (["search", "pnpm"], 1)):
        cmd = readonly(home, [sys.executable, "-m", "memdir", "-C", str(project), *args])
        assert cmd is not None
        ran = subprocess.run(
            cmd, env=serve_env(home, tmp_path), capture_output=True, text=True, timeout=60
        )
        assert ran.returncode == 0 and "pnpm" in ran.stdout, ran.stderr
        warnings = [line for line in ran.stderr.splitlines() if line.startswith("Warning")]
        assert len(warnings) == warned and "--repair" not in ran.stderr, (args, ran.stderr)
        assert all("cannot be written here" in w for w in warnings), ran.stderr


@pytest.mark.skipif(readonly_reason() is not None, reason=str(readonly_reason()))
def test_a_write_refused_on_a_read_only_state_db_advises_no_repair(
    tmp_path: Path, home: Path, project: Path
) -> None:
    """The error a write to a read-only state.db raises says nothing is damaged (it gave
    `doctor --repair`'s advice, as for a damaged file)."""
    md = memdir.open(home, project)
    md.sessions.db.read(lambda conn: None)  # state.db exists, closed cleanly
    md.close()
    script = (
        "import sys, memdir\n"
        "db = memdir.open(sys.argv[1], sys.argv[2]).sessions.db\n"
        "try:\n"
        "    db.write(lambda conn: None, action='update the index')\n"
        "except memdir.MemdirError as exc:\n"
        "    print(exc)\n"
    )
    cmd = readonly(home, [sys.executable, "-c", script, str(home), str(project)])
    assert cmd is not None
    ran = subprocess.run(cmd, env=serve_env(home, tmp_path), capture_output=True, text=True)
    assert "Could not update the index" in ran.stdout, ran.stdout + ran.stderr
    assert "--repair" not in ran.stdout and "Nothing is damaged" in ran.stdout, ran.stdout


# --- adopt carries the pipeline's state (walk54: a session from before the move) -------------

PNPM = "Remember that we always use pnpm, never npm, in this repo."


def _session(md: memdir.Memdir, said: str) -> str:
    with md.session(agent="my-agent") as s:
        s.log("user", said)
        s.log("assistant", "Noted.")
    return s.id


def _rows(home: Path, sql: str) -> list[tuple[object, ...]]:
    conn = sqlite3.connect(home / "state.db")
    try:
        return [tuple(r) for r in conn.execute(sql).fetchall()]
    finally:
        conn.close()


def test_adopt_carries_sessions_jobs_usage_tombstones_and_the_diary_once(tmp_path: Path) -> None:
    home, a = tmp_path / "home", make_repo(tmp_path / "a")
    md = memdir.open(home, a)
    first = _session(md, "Remember that we always use tabs, never spaces, in this repo.")
    assert md.pipeline.run().extracted == 1  # learnt at A: its entry, usage, the diary
    (learnt,) = md.store("local").list()
    md.pipeline.note_read("local", learnt.id)
    gone = md.store("local").add(type="feedback", name="Old rule", description="x", body="Old.")
    md.store("local").remove(gone.id)  # the user removed it: a tombstone at A
    pending = _session(md, PNPM)  # ended, queued, not yet extracted
    old_location = str(local_dir(home, a))
    diary = memdir.review.diary.path_for(md, old_location)
    assert diary.is_file()
    md.close()

    c = _mv(a, tmp_path / "c")
    md = memdir.open(home, c)
    done = md.adopt(str(a))
    assert done.sessions == 2 and done.to_dict()["sessions"] == 2
    new_location = str(local_dir(home, c))
    assert {r[0] for r in _rows(home, "SELECT scope FROM sessions")} == {md.project}
    assert _rows(
        home, f"SELECT count(*) FROM jobs WHERE project = '{local_dir(home, a).name}'"
    ) == [(0,)]
    assert _rows(home, "SELECT DISTINCT location FROM usage") == [(new_location,)]
    assert _rows(home, "SELECT DISTINCT location FROM tombstones") == [(new_location,)]
    assert memdir.review.diary.path_for(md, new_location).is_file() and not diary.exists()
    report = md.pipeline.run()
    assert report.extracted == 1, report  # the pending session, not the learnt one again
    names = [e.name for e in md.store("local").list()]
    assert len(names) == 2 and any("pnpm" in e.body for e in md.store("local").list()), names
    again = md.pipeline.run()
    assert not again.extracted and not again.ops, again
    assert {first, pending} <= {s.id for s in md.sessions.list(scope=md.project)}


def test_adopt_merges_waiting_candidates_into_this_folders_consolidation(tmp_path: Path) -> None:
    """Candidates waiting for the old folder and for this (entry-less) one: one
    consolidate job here consolidates both."""
    from memdir.pipeline.answers import Candidate

    home, a = tmp_path / "home", make_repo(tmp_path / "a")

    def stage(md: memdir.Memdir, name: str) -> None:
        sid = _session(md, f"Remember {name}.")
        cand = Candidate("feedback", name, name, f"{name}.", "local", (1,), 0.9, sid)
        found = [(str(md.locations["local"].path), json.dumps(cand.to_dict()), md.project)]
        md.sessions.db.write(lambda c: md.pipeline.jobs.stage(c, sid, found))

    md = memdir.open(home, a)
    md.store("local").add(type="feedback", name="Tabs", description="tabs", body="Tabs.")
    stage(md, "Use pnpm")
    md.close()
    c = _mv(a, tmp_path / "c")
    md = memdir.open(home, c)
    stage(md, "Use ruff")  # at C before adopting: no entry here yet
    md.adopt(str(a))
    jobs = _rows(home, "SELECT key, status FROM jobs WHERE kind = 'consolidate'")
    assert jobs == [(str(local_dir(home, c)), "pending")]
    md.pipeline.run(scan=False)
    names = sorted(e.name for e in md.store("local").list())
    assert names == ["Tabs", "Use pnpm", "Use ruff"], names
    assert _rows(home, "SELECT count(*) FROM candidates") == [(0,)]


def test_adopt_twice_and_two_moves_carry_once(tmp_path: Path) -> None:
    """A session at A, moved to B and then C with no command at B: adopting A at C carries
    it; adopting again is refused and changes nothing."""
    home, a = tmp_path / "home", make_repo(tmp_path / "a")
    md = memdir.open(home, a)
    md.store("local").add(type="feedback", name="Tabs", description="tabs", body="Tabs.")
    _session(md, PNPM)
    md.close()
    c = _mv(_mv(a, tmp_path / "b"), tmp_path / "c")
    md = memdir.open(home, c)
    assert md.adopt(str(a)).sessions == 1
    with pytest.raises(AdoptError):
        md.adopt(str(a))
    assert md.pipeline.run().extracted == 1
    assert md.pipeline.run().extracted == 0
    assert any("pnpm" in e.body for e in md.store("local").list())


def _held_then_adopted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> memdir.Memdir:
    """Under approval = "ask", a write learnt from PNPM's session in checkout ``a`` and
    held; the checkout moved to ``c`` and adopted there: the Memdir open at ``c``."""
    monkeypatch.setenv("MEMDIR_APPROVAL", "ask")
    home, a = tmp_path / "home", make_repo(tmp_path / "a")
    md = memdir.open(home, a)
    md.store("local").add(type="feedback", name="Tabs", description="tabs", body="Tabs.")
    _session(md, PNPM)
    assert md.pipeline.run().held  # waits for the user, keyed by A's folder
    md.close()
    md = memdir.open(home, _mv(a, tmp_path / "c"))
    md.adopt(str(a))
    return md


def test_a_write_held_for_approval_before_the_move_is_reviewable_after_adopt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    md = _held_then_adopted(tmp_path, monkeypatch)
    (held,) = [p for p in md.review() if p.kind == "pending"]
    md.apply_review([held.id])
    assert any("pnpm" in e.body for e in md.store("local").list())


def test_team_backend_a_session_from_before_a_move_is_learnt_from(
    tmp_path: Path, pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from conftest import use_team

    a = use_team(pg_url, tmp_path / "a", monkeypatch)
    home = tmp_path / "home"
    md = memdir.open(home, a)
    md.store("local").add(type="feedback", name="Tabs", description="tabs", body="Tabs.")
    _session(md, PNPM)
    md.close()
    c = _mv(a, tmp_path / "c")
    md = memdir.open(home, c)
    assert [e.name for e in md.store("local").list()] == ["Tabs"]  # keyed by the URL: kept
    md.pipeline.run()
    assert any("pnpm" in e.body for e in md.store("local").list())


def test_a_move_and_adopt_while_a_maintain_runs_strands_nothing(tmp_path: Path) -> None:
    """The checkout moves and is adopted while a maintain that began before is extracting
    (its provider's call): that process keys its candidates by the old folder and cannot
    write there (the folder is not made again for a checkout that is gone); the next
    maintain in the new place carries them and saves the fact there, once."""
    from memdir.pipeline.providers import Consolidation, Extraction, Provider

    home, a = tmp_path / "home", make_repo(tmp_path / "a")
    md = memdir.open(home, a)
    md.store("local").add(type="feedback", name="Tabs", description="tabs", body="Tabs.")
    _session(md, PNPM)
    rules = md.provider
    moved: list[memdir.Memdir] = []

    class MovedMeanwhile(Provider):  # the rules provider; the user moves during its call
        uses_model = False

        def extract(self, transcript: Any) -> Extraction:
            found = rules.extract(transcript)
            there = memdir.open(home, _mv(a, tmp_path / "c"))
            assert there.adopt(str(a)).sessions == 1
            moved.append(there)
            return found

        def consolidate(self, candidates: Any, entries: Any) -> Consolidation:
            return rules.consolidate(candidates, entries)

    md.provider = MovedMeanwhile()
    stale = md.pipeline.run()
    assert stale.extracted == 1 and "is gone (moved?)" in " ".join(stale.errors), stale
    assert not local_dir(home, a).exists()  # not made again, nothing stranded there
    (there,) = moved
    report = there.pipeline.run()
    assert len(report.ops) == 1 and not report.errors, report
    assert any("pnpm" in e.body for e in there.store("local").list())
    again = there.pipeline.run()
    assert not again.ops and not again.extracted, again
