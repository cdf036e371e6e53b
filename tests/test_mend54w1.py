"""mend54w1: walk54's moved checkout (the first write records it; adopt carries the
pipeline's state) and a read-only home's warnings."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import memdir
from hostile import readonly, readonly_reason
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
