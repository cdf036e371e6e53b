"""rv61i: a review of ids61 (push and pull carry entry ids). Real PostgreSQL, a real
``memdir serve``, real CLI subprocesses, and a hostile team server as real HTTP on loopback.
Each strict xfail is a defect found and not fixed; its reason says what goes wrong."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

import pytest

import memdir
from memdir.core.changes import AddOp, ReplaceOp
from memdir.core.errors import ValidationError
from memdir.core.slug import check_id
from test_ids61 import _api, _entry, _ids
from test_walk58 import APP, Team, _machine, server, team  # noqa: F401 - fixtures
from test_walk60 import _cli, _env

pytestmark = pytest.mark.slow


def _projects(base: str, token: str) -> list[tuple[str, str]]:
    status, answer, _ = _api(base, token, "GET", "/api/entries")
    assert status == 200, answer
    return sorted((e["id"], e["name"]) for e in answer["scopes"]["project"])


def test_case_twins_in_one_push_are_one_conflict_and_the_rest_is_written(
    team: Team,  # noqa: F811 - test_walk58's fixture
    server: str,  # noqa: F811
) -> None:
    """Two pushed ids that differ only by case, neither on the server, reached one write:
    the plan's ConflictError failed the whole batch (409, nothing written, its message
    "An entry named ... already exists"). The later one is a conflict now, the rest written."""
    base, token = server.removesuffix("/mcp"), team.tokens["alice"]
    sent = [
        _entry("project_Foo", "Foo upper", "one"),
        _entry("project_foo", "Foo lower", "two"),
        _entry("project_good-one", "good one"),
    ]
    status, answer, _ = _api(base, token, "POST", "/api/push", {"apply": True,
                             "scopes": {"project": sent}})  # fmt: skip
    assert status == 200, answer
    moves = {m["entry"]: m["action"] for m in answer["moves"]}
    assert moves["project_good-one"] == "add", answer
    assert sorted([moves["project_Foo"], moves["project_foo"]]) == ["add", "conflict"], answer
    assert len(_projects(base, token)) == 2


def test_one_name_under_two_ids_in_one_push_is_no_second_copy(
    team: Team,  # noqa: F811 - test_walk58's fixture
    server: str,  # noqa: F811
) -> None:
    """Two entries of one name under two ids in one push, neither on the server, were both
    added (the name check looked at the server's entries only): a second copy there."""
    base, token = server.removesuffix("/mcp"), team.tokens["alice"]
    sent = [
        _entry("project_entry-0a1b2c", "Заметка", "old text"),
        _entry("project_заметка", "Заметка", "new text"),
    ]
    dry = _api(base, token, "POST", "/api/push", {"apply": False, "scopes": {"project": sent}})
    status, answer, _ = _api(base, token, "POST", "/api/push", {"apply": True,
                             "scopes": {"project": sent}})  # fmt: skip
    assert status == 200, answer
    assert dry[1]["moves"] == answer["moves"], (dry, answer)  # the dry run plans the same
    assert [m["action"] for m in answer["moves"]] == ["add", "conflict"], answer
    assert [n for _, n in _projects(base, token)] == ["Заметка"], answer


@pytest.mark.parametrize("eid", ["project_a-", "project_-", "project_a-b-"])
def test_check_id_refuses_a_trailing_hyphen(eid: str) -> None:
    """Archived, ``project_a-`` is ``project_a---<time>``: base_id (split at the first "--")
    takes it for an archived copy of ``project_a``."""
    with pytest.raises(ValidationError, match="hyphen"):
        check_id("project", eid)


def test_a_removed_id_ending_in_a_hyphen_keeps_no_other_entry_out(
    tmp_path: Path, pg_url: str
) -> None:
    """A home (cloned, or a file renamed by hand) holds ``project_a-``; once pushed and
    removed on the team database, its archived copy ``project_a---<time>`` was read as
    ``project_a``'s, so a later push of a real «A» (``project_a``) was ``kept`` ("removed on
    the server; not brought back") and never written. The id is refused now."""
    home, repo, other = tmp_path / "home", tmp_path / "repo", tmp_path / "other"
    for d in (home, repo, other):
        d.mkdir()
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    md = memdir.open(home=home / ".memdir", project=repo)
    try:
        [made] = md.store("local").apply([AddOp("project", "Dash", "about dash", "dash text")])
        folder = Path(str(md.store("local").backend.location))
    finally:
        md.close()
    (folder / f"{made.entry.id}.md").rename(folder / "project_a-.md")
    assert _cli(home, repo, "serve", "users", "add", "rv61i", "--database", pg_url).returncode == 0

    def run(at: Path, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "memdir", "-C", str(repo), *args, "--database", pg_url],
            env={**_env(at), "MEMDIR_USER": "rv61i"}, capture_output=True, text=True,
            timeout=180,
        )  # fmt: skip

    pushed = run(home, "push", "--apply", "--json")
    first = {m["entry"]: m for m in json.loads(pushed.stdout)["moves"]}
    # were it taken, its removal there (archived as project_a---<time>) would keep «A» out
    subprocess.run(
        [sys.executable, "-m", "memdir", "-C", str(repo), "rm", "project_a-", "--scope", "local"],
        env={**_env(home), "MEMDIR_USER": "rv61i", "MEMDIR_DATABASE_URL": pg_url},
        capture_output=True, text=True, timeout=180,
    )  # fmt: skip
    # were it taken: removed there, then «A» made elsewhere must still go through
    md = memdir.open(home=other / ".memdir", project=repo)
    try:
        md.store("local").apply([AddOp("project", "A", "about a", "a text")])
    finally:
        md.close()
    pushed = run(other, "push", "--apply", "--json")
    assert pushed.returncode == 0, pushed.stderr
    assert [(m["action"], m["entry"]) for m in json.loads(pushed.stdout)["moves"]] == [
        ("add", "project_a")
    ]
    assert first["project_a-"]["action"] == "refused", first
    assert "hyphen" in first["project_a-"]["reason"], first


class _Hostile(BaseHTTPRequestHandler):
    """A team server that is not memdir: its pull answer holds ``ENTRIES``."""

    ENTRIES: ClassVar[list[dict[str, Any]]] = []

    def do_GET(self) -> None:
        body = json.dumps({"memdir": 1, "scopes": {"user": self.ENTRIES}, "notes": []}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("x-memdir-ids", "1")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def hostile() -> Iterator[str]:
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Hostile)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/mcp"
    finally:
        httpd.shutdown()
        httpd.server_close()


def _pull(home: Path, repo: Path, url: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "memdir", "-C", str(repo), "pull", "--apply", "--json",
         "--server", url],
        env={**_env(home), "MEMDIR_TOKEN": "t0ken"}, capture_output=True, text=True,
        timeout=180,
    )  # fmt: skip


HOSTILE_CHECKED = [  # pass the wire's check, fail check_id
    "user_a--b",
    "user_..",
    "user_\u202eevil",
    "user_cafe\u0301",
    "project_wrong-type",
    "user_nul.",
    "user_" + "ж" * 120,
]


def test_a_hostile_servers_ids_are_refused_each_and_the_good_one_pulled(
    tmp_path: Path, hostile: str
) -> None:
    home, repo = tmp_path / "home", tmp_path / "repo"
    home.mkdir()
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    _Hostile.ENTRIES = [
        {**_entry(eid, f"bad {n}"), "type": "user"} for n, eid in enumerate(HOSTILE_CHECKED)
    ] + [{**_entry("user_good", "good"), "type": "user"}]
    proc = _pull(home, repo, hostile)
    assert "Traceback" not in proc.stderr, proc.stderr
    moves = {m["entry"]: m for m in json.loads(proc.stdout)["moves"]}
    for eid in HOSTILE_CHECKED:
        assert moves[eid]["action"] == "refused" and "cannot be kept" in moves[eid]["reason"]
    assert moves["user_good"]["action"] == "add", moves
    files = sorted(p.name for p in (home / ".memdir").rglob("*.md") if p.name != "MEMORY.md")
    assert files == ["user_good.md"], files


def test_a_hostile_servers_path_ids_are_refused_alone(tmp_path: Path, hostile: str) -> None:
    home, repo = tmp_path / "home", tmp_path / "repo"
    home.mkdir()
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    bad = ["user_../../x", "/etc/passwd", "user_a\\b", "user_a\x00b"]
    _Hostile.ENTRIES = [
        {**_entry(eid, f"bad {n}"), "type": "user"} for n, eid in enumerate(bad)
    ] + [{**_entry("user_good", "good"), "type": "user"}]
    proc = _pull(home, repo, hostile)
    assert proc.stdout, proc.stderr
    moves = {m["entry"]: m["action"] for m in json.loads(proc.stdout)["moves"]}
    assert moves["user_good"] == "add" and all(moves[b] == "refused" for b in bad), moves


def test_a_home_with_a_backslash_id_pushes_its_other_entries(
    tmp_path: Path,
    team: Team,  # noqa: F811 - test_walk58's fixture
    server: str,  # noqa: F811
) -> None:
    a1 = _machine(tmp_path, "alice-1")
    md = memdir.open(home=a1.home / ".memdir", project=a1.checkout)
    try:
        store = md.store("project")
        store.apply([AddOp("project", "Good", "about good", "good text")])
        [made] = store.apply([AddOp("project", "Slash", "about slash", "slash text")])
        folder = Path(str(store.backend.location))
    finally:
        md.close()
    (folder / f"{made.entry.id}.md").rename(folder / "project_a\\b.md")
    proc = a1.run("push", "--apply", "--json", "--server", server,
                  MEMDIR_TOKEN=team.tokens["alice"])  # fmt: skip
    assert proc.stdout, proc.stderr
    moves = {m["entry"]: m["action"] for m in json.loads(proc.stdout)["moves"]}
    assert moves.get("project_good") == "add", moves
    base = server.removesuffix("/mcp")
    assert ("project_good", "Good") in _projects(base, team.tokens["alice"])


def test_a_rename_of_an_entry_of_before_pushed_and_pulled_keeps_one_copy_per_home(
    tmp_path: Path, pg_url: str
) -> None:
    """A home of before (``entry-<hash>`` for «Привет мир») pushes; a second home pulls it;
    the first renames it (its generated id follows the new name) and pushes again. The
    server and the second home then hold the renamed entry once, and its old id once (a
    rename is an add there, as for any name; the old copy is not lost)."""
    from test_rv60w import _old_home

    home, repo, other = tmp_path / "home", tmp_path / "repo", tmp_path / "other"
    for d in (home, repo, other):
        d.mkdir()
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    ids = _old_home(home, repo, ["Привет мир"])
    assert _cli(home, repo, "serve", "users", "add", "rv61i", "--database", pg_url).returncode == 0

    def run(at: Path, *args: str) -> list[tuple[str, str]]:
        proc = subprocess.run(
            [sys.executable, "-m", "memdir", "-C", str(repo), *args, "--json", "--database",
             pg_url],
            env={**_env(at), "MEMDIR_USER": "rv61i"}, capture_output=True, text=True,
            timeout=180,
        )  # fmt: skip
        assert proc.returncode == 0, proc.stderr
        return sorted((m["action"], m["entry"]) for m in json.loads(proc.stdout)["moves"])

    old = ids["Привет мир"]
    assert run(home, "push", "--apply") == [("add", old)]
    assert run(other, "pull", "--apply") == [("add", old)]
    md = memdir.open(home=home / ".memdir", project=repo)
    try:
        md.store("local").apply([ReplaceOp(old, name="Привет всем")])
    finally:
        md.close()
    assert _ids(home, repo) == ["project_привет-всем"]
    assert ("add", "project_привет-всем") in run(home, "push", "--apply")
    pulled = run(other, "pull", "--apply")
    assert ("add", "project_привет-всем") in pulled, pulled
    assert sorted(_ids(other, repo)) == sorted([old, "project_привет-всем"])
    assert run(other, "pull", "--apply") == run(other, "pull")


def one_note_pushed_and_an_old_home(
    tmp_path: Path, pg_url: str, user: str
) -> tuple[Path, Path, Path, str, Callable[..., subprocess.CompletedProcess[str]]]:
    """«Заметка» ("text 0") pushed as ``project_заметка`` by a newer home, and a home of
    before ids61 holding the same text under its id of then: the two homes, the checkout,
    that id, and the CLI on the database as ``user`` (``run(home, *args)``)."""
    from test_rv60w import _old_home

    newer, repo, old_home = tmp_path / "newer", tmp_path / "repo", tmp_path / "old"
    for d in (newer, repo, old_home):
        d.mkdir()
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    md = memdir.open(home=newer / ".memdir", project=repo)
    try:
        md.store("local").apply([AddOp("project", "Заметка", "about Заметка", "text 0")])
    finally:
        md.close()
    assert _cli(newer, repo, "serve", "users", "add", user, "--database", pg_url).returncode == 0

    def run(at: Path, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "memdir", "-C", str(repo), *args, "--json", "--database",
             pg_url],
            env={**_env(at), "MEMDIR_USER": user}, capture_output=True, text=True,
            timeout=180,
        )  # fmt: skip

    assert run(newer, "push", "--apply").returncode == 0
    [old] = _old_home(old_home, repo, ["Заметка"]).values()  # text 0, as the server's
    return newer, repo, old_home, old, run


def test_an_entry_found_same_under_another_id_gets_the_servers_later_edits(
    tmp_path: Path, pg_url: str
) -> None:
    newer, repo, old_home, old, run = one_note_pushed_and_an_old_home(tmp_path, pg_url, "rv61i")
    assert run(old_home, "pull", "--apply").returncode == 0  # "same", as project_заметка
    log = _cli(old_home, repo, "log", "project_заметка", "--json")  # renamed, in history
    assert log.returncode == 0, log.stderr
    paths = [set(c["paths"]) for c in json.loads(log.stdout)]
    assert any({f"{old}.md", "project_заметка.md"} <= p for p in paths), paths
    md = memdir.open(home=newer / ".memdir", project=repo)
    try:
        md.store("local").apply([ReplaceOp("project_заметка", body="text 0, and more")])
    finally:
        md.close()
    assert run(newer, "push", "--apply").returncode == 0
    pulled = run(old_home, "pull", "--apply")
    assert pulled.returncode == 0, pulled.stdout
    md = memdir.open(home=old_home / ".memdir", project=repo)
    try:
        assert [e.body for e in md.store("local").list()] == ["text 0, and more"], old
    finally:
        md.close()
