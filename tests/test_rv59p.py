"""rv59p: an attacker's review of mend59p (a read that moved nothing on the team backend,
reverted after this review; a tracked file never ignored, glob classes, PostgreSQL phrases
across columns, chat export surrogates, code names of any script) and recall59's bounded
widening. Real git, real PostgreSQL, real `memdir` subprocesses."""

from __future__ import annotations

import io
import json
import os
import subprocess
from pathlib import Path

import pytest

import memdir
from memdir.core.scopes import project_slug
from memdir.core.storage.git import not_ignored
from memdir.interop.bootstrap.chats import ParseError, iter_json_items
from test_team_history58 import Machine, _add, _machine
from test_team_history58 import team as team

# -- 1. entries left under a checkout's slug follow it on open (mend59p's read-only open reverted)


def _left_behind(team: str, tmp_path: Path) -> tuple[Machine, str]:
    """A checkout whose local entry was kept under its slug (no remote then), now with a
    remote: its local scope is keyed by the URL and the entry is left behind."""
    a = _machine(tmp_path, team)
    origin = subprocess.run(
        ["git", "-C", str(a.checkout), "remote", "get-url", "origin"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    subprocess.run(["git", "-C", str(a.checkout), "remote", "remove", "origin"], check=True)
    _add(a, "local", "Oncall", "Grafana at grafana.acme.test.", "alice")
    subprocess.run(["git", "-C", str(a.checkout), "remote", "add", "origin", origin], check=True)
    return a, project_slug(a.checkout)


def test_the_pull_the_note_names_moves_the_entries_left_behind(team: str, tmp_path: Path) -> None:
    """With mend59p's read-only open, `pull --database` moved nothing, though the note
    named it; opening moves them again, so the pull finds them in place."""
    a, slug = _left_behind(team, tmp_path)
    pulled = a.run("pull", "--apply", user="alice")
    assert pulled.returncode == 0, pulled.stdout + pulled.stderr
    assert f"memdir scopes --adopt {slug}" not in pulled.stdout + pulled.stderr
    assert "reference_oncall" in a.ok("ls", "--scope", "local", user="alice")


def test_adopting_a_live_checkout_on_the_team_database_is_refused_as_on_files(
    team: str, tmp_path: Path
) -> None:
    """mend59p's `scopes --adopt` on the team database moved another live checkout's local
    entries (no --force read); gone with it: the embedded backend's refusal holds."""
    a = _machine(tmp_path, team)
    scratch = tmp_path / "m" / "src" / "scratch"  # alice's other checkout, no remote
    scratch.mkdir(parents=True)
    subprocess.run(["git", "-C", str(scratch), "init", "-q"], check=True)
    other = Machine(a.home, scratch, a.url)
    _add(other, "local", "Scratch note", "Only for scratch.", "alice")
    assert "reference_scratch-note" in other.ok("ls", "--scope", "local", user="alice")
    taken = a.run("scopes", "--adopt", str(scratch), user="alice")
    assert taken.returncode != 0, taken.stdout
    assert "reference_scratch-note" in other.ok("ls", "--scope", "local", user="alice")


def test_the_session_start_hook_shows_entries_left_under_the_slug(
    team: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The hook drops opening's warnings: under mend59p's read-only open an agent that only
    had the hook started without the entries left under the checkout's slug, and no one was
    told. Opening moves them, so the SessionStart context holds them."""
    from memdir.interop.install.claude_code_hook import answer

    a, _slug = _left_behind(team, tmp_path)
    monkeypatch.setenv("MEMDIR_DATABASE_URL", team)
    monkeypatch.setenv("MEMDIR_USER", "alice")
    monkeypatch.setenv("MEMDIR_MANAGED_DIR", str(a.home / "etc-memdir"))
    monkeypatch.setenv("MEMDIR_BACKGROUND", "0")
    raw = json.dumps({"hook_event_name": "SessionStart", "cwd": str(a.checkout)})
    said = answer(raw.encode(), a.home / ".memdir", budget=None).output
    assert "Oncall" in said, said


# -- 2. a tracked file is never ignored: a hostile .git/index -------------------------------


def _repo_ignoring_a_tracked_file(tmp_path: Path) -> Path:
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / ".gitignore").write_text("CLAUDE.local.md\n")
    (repo / "CLAUDE.local.md").write_text("Tracked though ignored.\n")
    git = ["git", "-C", str(repo), "-c", "user.name=a", "-c", "user.email=a@example.com"]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "-f", ".gitignore", "CLAUDE.local.md"], check=True)
    subprocess.run([*git, "commit", "-qm", "x"], check=True)
    return repo


def test_an_index_that_is_a_fifo_is_not_waited_on(tmp_path: Path) -> None:
    """A .git/index that is a FIFO (an unpacked or hand-made repository) blocked
    not_ignored for ever (dulwich opened it); git_dirs refuses such pointer files already.
    Run in a subprocess so the old code's hang is a failed timeout, not a stuck suite."""
    import sys

    repo = _repo_ignoring_a_tracked_file(tmp_path)
    index = repo / ".git" / "index"
    index.unlink()
    os.mkfifo(index)
    code = (
        "import sys; from pathlib import Path; from memdir.core.storage.git import not_ignored;"
        "print(not_ignored([Path(sys.argv[1])]))"
    )
    env = {**os.environ, "PYTHONPATH": str(Path(memdir.__file__).parents[1])}
    try:
        done = subprocess.run(
            [sys.executable, "-c", code, str(repo / "CLAUDE.local.md")],
            capture_output=True,
            text=True,
            timeout=60,
            env=env,
        )
    except subprocess.TimeoutExpired:
        pytest.fail("not_ignored waited on a FIFO .git/index")
    assert done.returncode == 0 and done.stdout.strip() == "[]", done.stdout + done.stderr


@pytest.mark.parametrize(
    "damage",
    [
        lambda b: b[:40],  # truncated
        lambda b: b[:4] + (9).to_bytes(4, "big") + b[8:],  # a future version
        lambda b: b[:8] + (2**32 - 1).to_bytes(4, "big") + b[12:],  # a huge entry count
        lambda b: b"DIRC" + os.urandom(4096),
    ],
)
def test_a_damaged_index_leaves_the_rules_to_decide(tmp_path: Path, damage: object) -> None:
    repo = _repo_ignoring_a_tracked_file(tmp_path)
    tracked = repo / "CLAUDE.local.md"
    assert not_ignored([tracked]) == [tracked]  # tracked: read
    index = repo / ".git" / "index"
    index.write_bytes(damage(index.read_bytes()))  # type: ignore[operator]
    assert not_ignored([tracked]) == []


# -- 6. chat exports: the raw surrogate's offset; memory_read's notes -------------------------


def test_a_raw_surrogate_is_placed_at_its_byte_in_a_file_with_a_bom() -> None:
    """The offset named is the file's: a BOM's three bytes were not counted."""
    data = b'\xef\xbb\xbf[{"a": 1}, {"a": "x\xed\xb0\x80"}]'
    with pytest.raises(ParseError) as caught:
        list(iter_json_items(io.BytesIO(data), "export.json"))
    at = data.index(b"\xed")
    assert f"raw bytes at byte {at}," in str(caught.value), caught.value


def test_memory_read_names_a_bounded_number_of_gone_symbols(tmp_path: Path) -> None:
    """A 64 KiB body of backticked code names (a cloned repository's project entry, a
    model's) made memory_read say one sentence per name: 5x the body (340 KB) into the
    agent's context. Now the first few and how many more."""
    from memdir.core.model import BODY_MAX_BYTES
    from memdir.core.prompt import missing_references

    names, size = [], 0
    while size < BODY_MAX_BYTES - 100:
        names.append(f"`在庫を更新{len(names)}()`")
        size += len(names[-1].encode()) + 1
    body = " ".join(names)
    (tmp_path / "code.py").write_text("def 在庫を更新0(): pass\n")
    notes = missing_references(body, tmp_path)
    assert "在庫を更新1()" in notes[0]
    assert not any("`在庫を更新0()`" in n for n in notes)  # found: not named
    assert len("\n".join(notes)) < 4096, len("\n".join(notes))
    assert f"{len(names) - 1 - 10:,} more" in notes[-1], notes[-1]


def test_a_read_command_writes_nothing_to_the_team_database_or_the_home(
    team: str, tmp_path: Path
) -> None:
    """The first `memdir ls` in a checkout recorded its first commits in
    memdir_project_roots and $MEMDIR_HOME/.team-roots (a read-only role or a standby
    warned on every read): now they go with the project scope's first write."""
    from memdir.pg.db import PgDatabase

    a = _machine(tmp_path, team)

    def roots() -> int:
        with PgDatabase.shared(team).read("count") as conn:
            return int(conn.execute("SELECT count(*) FROM memdir_project_roots").fetchone()[0])

    before = roots()
    a.ok("ls", user="alice")
    assert roots() == before
    assert not (a.home / ".memdir" / ".team-roots").exists()
    _add(a, "local", "Oncall", "Grafana at grafana.acme.test.", "alice")
    assert roots() == before  # not a write of the project scope
    _add(a, "project", "Build cmd", "Build with make release.", "alice")
    assert roots() == before + 1  # recorded with the project's first write
    assert len(list((a.home / ".memdir" / ".team-roots").iterdir())) == 1


def test_scopes_adopt_a_path_in_no_users_home_is_an_error_not_a_traceback(
    team: str, tmp_path: Path
) -> None:
    """`memdir scopes --adopt '~nobody/src'` raised RuntimeError ("Could not determine
    home directory") from Path.expanduser, on the team database and on files alike."""
    a = _machine(tmp_path, team)
    for m in (a, Machine(a.home, a.checkout, "")):  # Machine.run fails on a traceback
        said = m.run("scopes", "--adopt", "~nosuchuser-rv59p/src", user="alice")
        assert said.returncode == 1, said.stdout + said.stderr
        assert "~nosuchuser-rv59p/src is no path memdir can read" in said.stderr, said.stderr


def test_a_dry_run_pull_from_the_server_moves_nothing(pg_url: str, tmp_path: Path) -> None:
    """A dry-run `memdir pull --server` (no --apply: 'writes nothing') moved the user's
    entries left under the checkout's slug on the team server: GET /api/entries adopted
    them whatever the client applied. Now it says how many and what moves them."""
    from memdir.pg.names import remote_folder
    from test_team_push_server import _files, _laptop, _run
    from test_team_server import SHARED, Team, serving_team

    t = Team(pg_url, tmp_path)
    t.tokens["alice"] = t.admin("add", "alice").stdout.strip()
    t.admin("grant", "alice", SHARED)
    by_roots = memdir.open(tmp_path / "s", t.shared, database_url=pg_url, user="alice")
    old = by_roots.store_at(by_roots.home / "projects" / project_slug(t.shared))
    old.add(type="feedback", name="Old session", description="d", body="Old.")
    by_roots.close()
    before = _files(pg_url)
    with serving_team(t) as server:
        env = {**_laptop(t, tmp_path, "one", "alice", server), "MEMDIR_USER": "alice"}
        dry = _run(env, t.shared, "pull", "--json")
    assert not [n for n in dry["notes"] if "moved 1 entry" in n], dry["notes"]
    said = [n for n in dry["notes"] if project_slug(t.shared) in n]
    assert len(said) == 1 and "1 of your entries" in said[0], dry["notes"]
    assert "`memdir pull --apply` moves them" in said[0], said
    url_key = f"local:alice:{project_slug(Path(remote_folder(SHARED)))}"
    assert url_key not in {r[0] for r in _files(pg_url)}
    assert _files(pg_url) == before


# -- 3. glob classes ---------------------------------------------------------------------------


def test_an_escaped_bracket_in_a_class_is_a_member() -> None:
    from memdir.core.globs import glob_matches

    assert glob_matches("[\\]]", "]")
    assert not glob_matches("[\\]]", "\\]")


@pytest.mark.parametrize(
    ("glob", "path", "matches"),
    [("[\\\\]", "\\", True), ("[a\\-z]", "-", True), ("[a\\-z]", "b", False),
     ("[\\a-\\c]", "b", True), ("[\\!a]", "!", True), ("[\\!a]", "b", False),
     ("[!\\]]", "]", False), ("[!\\]]", "x", True), ("[\\[]", "[", True),
     ("x[\\]]y", "x]y", True), ("[\\]]", "\\", False)],
)  # fmt: skip
def test_an_escape_in_a_class_reads_as_minimatch_reads_it(
    glob: str, path: str, matches: bool
) -> None:
    """Each answer is minimatch 10.2.5's (npm's own copy, run under node here): in a class
    a backslash makes the next character a member (a ``]``, a ``-`` that makes no range,
    a ``!`` that negates nothing, a backslash)."""
    from memdir.core.globs import glob_matches

    assert glob_matches(glob, path) is matches


@pytest.mark.xfail(
    strict=True,
    reason="low: outside a class a backslash is itself here, where minimatch 10.2.5 reads "
    "it as an escape: 'a\\*b' matches 'a\\xb' instead of 'a*b' (and an unclosed '[\\]x' "
    "is not the literal '[]x')",
)
def test_an_escape_outside_a_class_reads_as_minimatch_reads_it() -> None:
    from memdir.core.globs import glob_matches

    assert glob_matches("a\\*b", "a*b") and not glob_matches("a\\*b", "a\\xb")
    assert glob_matches("[\\]x", "[]x")
