"""ids61: push and pull carry an entry's id. The receiving side keeps the id it is given
(when it is a valid one) instead of making one from the name, so an entry whose id is not
its name's (a file renamed by hand, or made under another slug rule) has one id everywhere.
Real PostgreSQL, real CLI subprocesses and a real ``memdir serve``; an older client is a
raw HTTP request without the ids header, as it sends them."""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

import memdir
from memdir.core.changes import AddOp, ReplaceOp
from memdir.core.errors import ValidationError
from memdir.core.slug import check_id, entry_id
from test_walk58 import APP, Machine, Team, _machine, server, team  # noqa: F401 - fixtures
from test_walk60 import _cli, _env

pytestmark = pytest.mark.slow


@pytest.fixture
def where(tmp_path: Path) -> tuple[Path, Path]:
    home, repo = tmp_path / "home", tmp_path / "repo"
    home.mkdir()
    repo.mkdir()
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    return home, repo


def _renamed_home(memory: Path, repo: Path, ids: dict[str, str], scope: str = "local") -> None:
    """Entries named as ``ids``' keys, each file then renamed to its value (an id that is
    not its name's, as a person or an earlier slug rule chose it)."""
    md = memdir.open(home=memory, project=repo)
    try:
        store = md.store(scope)
        for i, (name, eid) in enumerate(ids.items()):
            [change] = store.apply([AddOp("project", name, f"about {name}", f"text {i}")])
            made = change.entry.id
            if made != eid:
                folder = Path(str(store.backend.location))
                (folder / f"{made}.md").rename(folder / f"{eid}.md")
    finally:
        md.close()


def _ids(home: Path, repo: Path) -> list[str]:
    listed = _cli(home, repo, "ls", "--json")
    assert listed.returncode == 0, listed.stderr
    return sorted(e["id"] for e in json.loads(listed.stdout))


def _plan(proc: subprocess.CompletedProcess[str]) -> list[tuple[str, str, str]]:
    assert proc.returncode == 0, proc.stderr
    return sorted((m["scope"], m["action"], m["entry"]) for m in json.loads(proc.stdout)["moves"])


HAND = {"How we deploy": "project_deploy-notes", "Straße": "project_strasse-old"}


def test_push_and_pull_through_the_database_keep_the_ids(
    where: tuple[Path, Path], pg_url: str
) -> None:
    home, repo = where
    _renamed_home(home / ".memdir", repo, HAND)
    made = _cli(home, repo, "serve", "users", "add", "ids61", "--database", pg_url)
    assert made.returncode == 0, made.stderr

    def run(at: Path, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "memdir", "-C", str(repo), *args, "--database", pg_url],
            env={**_env(at), "MEMDIR_USER": "ids61"},
            capture_output=True,
            text=True,
            timeout=180,
        )

    want = sorted(HAND.values())
    dry = _plan(run(home, "push", "--json"))
    assert dry == [("local", "add", i) for i in want], dry
    assert _plan(run(home, "push", "--apply", "--json")) == dry  # as the dry run said
    assert _plan(run(home, "push", "--json")) == [("local", "same", i) for i in want]
    other = home.parent / "other"
    other.mkdir()
    assert _plan(run(other, "pull", "--apply", "--json")) == dry
    assert _ids(other, repo) == want
    assert _plan(run(other, "pull", "--apply", "--json")) == [("local", "same", i) for i in want]
    # an edit there (its id kept: not its name's) is an update here, under the same id
    md = memdir.open(home=other / ".memdir", project=repo)
    try:
        md.store("local").apply([ReplaceOp("project_deploy-notes", body="make deploy")])
    finally:
        md.close()
    assert ("local", "update", "project_deploy-notes") in _plan(
        run(other, "push", "--apply", "--json")
    )
    assert ("local", "update", "project_deploy-notes") in _plan(
        run(home, "pull", "--apply", "--json")
    )
    assert _ids(home, repo) == want


def _api(base: str, token: str, method: str, path: str, body: Any = None, *, ids: bool = True,
         project: str = APP) -> tuple[int, dict[str, Any], dict[str, str]]:  # fmt: skip
    """A raw request to the team server's /api: status, JSON answer, headers. Without
    ``ids``, as a client from before the ids header sends it."""
    headers = {"Authorization": f"Bearer {token}", "X-Memdir-Project": project}
    if ids:
        headers["x-memdir-ids"] = "1"
    data = None if body is None else json.dumps(body).encode()
    if data is not None:
        headers["Content-Type"] = "application/json"
    request = urllib.request.Request(base + path, data, headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=120) as answer:
            return answer.status, json.loads(answer.read()), dict(answer.headers)
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read()), dict(exc.headers)


def _entry(eid: str, name: str, body: str = "some text", type_: str = "project") -> dict[str, Any]:
    return {"id": eid, "type": type_, "name": name, "description": f"about {name}",
            "body": body, "updated": "2026-12-07T10:00:00Z"}  # fmt: skip


def test_push_and_pull_through_the_server_keep_the_ids(
    tmp_path: Path,
    team: Team,  # noqa: F811 - test_walk58's fixture
    server: str,  # noqa: F811
) -> None:
    a1 = _machine(tmp_path, "alice-1")
    _renamed_home(a1.home / ".memdir", a1.checkout, HAND, scope="project")
    as_alice = {"MEMDIR_TOKEN": team.tokens["alice"]}
    want = sorted(HAND.values())

    def plan(m: Machine, *args: str) -> list[tuple[str, str, str]]:
        return _plan(m.run(*args, "--server", server, "--json", **as_alice))

    dry = plan(a1, "push")
    assert dry == [("project", "add", i) for i in want], dry
    assert plan(a1, "push", "--apply") == dry
    assert plan(a1, "push", "--apply") == [("project", "same", i) for i in want]
    a2 = _machine(tmp_path, "alice-2")
    assert plan(a2, "pull") == dry
    assert plan(a2, "pull", "--apply") == dry
    listed = a2.run("ls", "--json", "--scope", "project")
    assert sorted(e["id"] for e in json.loads(listed.stdout)) == want, listed.stderr
    assert plan(a2, "pull", "--apply") == [("project", "same", i) for i in want]

    # a client from before the ids header: it would add these under its name's id, so the
    # server leaves them out of its pull and says why (no second copy in that home)
    base = server.removesuffix("/mcp")
    status, answer, headers = _api(base, team.tokens["alice"], "GET", "/api/entries", ids=False)
    assert status == 200 and headers.get("x-memdir-ids") == "1", answer
    assert answer["scopes"]["project"] == [], answer
    assert any("older than the team server" in n and "project_deploy-notes" in n
               for n in answer["notes"]), answer["notes"]  # fmt: skip
    # …and takes its push under the ids it sends
    body = {"apply": True, "scopes": {"project": [_entry("project_old-client", "Old client")]}}
    status, answer, _ = _api(base, team.tokens["alice"], "POST", "/api/push", body, ids=False)
    assert status == 200 and [m["entry"] for m in answer["moves"]] == ["project_old-client"]
    assert plan(a2, "pull", "--apply").count(("project", "add", "project_old-client")) == 1


HOSTILE = [
    ("user_wrong-type", "the type"),
    ("project_a--b", "'--'"),
    ("project_dot.", "ends with a dot"),
    ("project_e\u0301", "NFC"),
    ("project_\u202eevil", "U+202E"),
    ("project_con:x", "U+003A"),
    ("project_" + "ж" * 150, "bytes"),
    ("project_tab\u00a0x", "U+00A0"),
]


def test_a_pushed_id_is_checked_as_untrusted_input(
    tmp_path: Path,
    team: Team,  # noqa: F811 - test_walk58's fixture
    server: str,  # noqa: F811
) -> None:
    """Each bad id is refused, said why; the good entry of the same request is written;
    nothing else lands on the server."""
    base = server.removesuffix("/mcp")
    sent = [_entry(eid, f"bad {n}") for n, (eid, _) in enumerate(HOSTILE)]
    sent.append(_entry("project_good-one", "good one"))
    body = {"apply": True, "scopes": {"project": sent}}
    status, answer, _ = _api(base, team.tokens["alice"], "POST", "/api/push", body)
    assert status == 200, answer
    moves = {m["entry"]: m for m in answer["moves"]}
    for eid, why in HOSTILE:
        assert moves[eid]["action"] == "refused" and why in moves[eid]["reason"], moves[eid]
    assert moves["project_good-one"]["action"] == "add"
    status, answer, _ = _api(base, team.tokens["alice"], "GET", "/api/entries")
    assert [e["id"] for e in answer["scopes"]["project"]] == ["project_good-one"], answer


def test_an_id_differing_only_by_case_or_a_name_held_under_another_id_is_no_second_copy(
    tmp_path: Path,
    team: Team,  # noqa: F811 - test_walk58's fixture
    server: str,  # noqa: F811
) -> None:
    base = server.removesuffix("/mcp")
    token = team.tokens["alice"]
    first = {"apply": True, "scopes": {"project": [_entry("project_foo", "Foo", "one")]}}
    assert _api(base, token, "POST", "/api/push", first)[0] == 200
    pushes = [
        (_entry("project_FOO", "Foo upper", "two"), "conflict", "case"),
        (_entry("project_foo-2", "Foo", "other text"), "conflict", "under another id"),
        (_entry("project_foo-3", "Foo", "one"), "same", "as project_foo"),
    ]
    for item, action, why in pushes:
        body = {"apply": True, "scopes": {"project": [item]}}
        status, answer, _ = _api(base, token, "POST", "/api/push", body)
        [move] = answer["moves"]
        assert (status, move["action"]) == (200, action) and why in move["reason"], answer
    status, answer, _ = _api(base, token, "GET", "/api/entries")
    assert [e["id"] for e in answer["scopes"]["project"]] == ["project_foo"], answer


@pytest.mark.parametrize(
    "eid", [e for e, _ in HOSTILE] + ["project_", "project", 7, "project_\ud800"]
)
def test_check_id_refuses(eid: object) -> None:
    with pytest.raises(ValidationError):
        check_id("project", eid)


TAKEN = ["project_deploy-notes", "project_привет-мир", "project_构建", "project_my notes",
         "project_v1.2", entry_id("project", "Straße")]  # fmt: skip


@pytest.mark.parametrize("eid", TAKEN)
def test_check_id_takes(eid: str) -> None:
    assert check_id("project", eid) == eid


def test_a_replace_that_keeps_the_id_keeps_it_whatever_the_name(where: tuple[Path, Path]) -> None:
    home, repo = where
    md = memdir.open(home=home / ".memdir", project=repo)
    try:
        store = md.store("local")
        store.apply([AddOp("project", "Foo", "d", "b", id="project_foo-given")])
        store.apply([AddOp("project", "Bar", "d", "b")])
        store.apply([ReplaceOp("project_bar", name="Baz", keep_id=True, exact=True)])
        assert sorted(e.id for e in store.list()) == ["project_bar", "project_foo-given"]
    finally:
        md.close()


def test_readable_ids_for_new_names_and_a_home_of_before_keeps_its_ids(
    tmp_path: Path, pg_url: str
) -> None:
    """Readable ids (ids61) beside a home written before them: an entry of before keeps its
    ``entry-<hash>`` id through add, rename of another, push, pull and re-runs; a new name
    gets letters; a home of before that pulls holds one id per entry."""
    from test_rv60w import _old_home

    home, repo, other, third = (tmp_path / n for n in ("home", "repo", "other", "third"))
    for d in (home, repo, other, third):
        d.mkdir()
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    ids = _old_home(home, repo, ["Привет мир", "Заметка"])
    assert all(i.startswith("project_entry-") for i in ids.values()), ids
    added = _cli(home, repo, "add", "--type", "project", "--name", "Новая заметка",
                 "--description", "d", "--body", "new text", "--scope", "local")  # fmt: skip
    assert added.returncode == 0, added.stderr
    again = _cli(home, repo, "add", "--type", "project", "--name", "Привет мир",
                 "--description", "d", "--body", "other", "--scope", "local")  # fmt: skip
    assert again.returncode != 0 and ids["Привет мир"] in again.stderr, again.stderr
    want = sorted([*ids.values(), "project_новая-заметка"])
    assert _ids(home, repo) == want
    made = _cli(home, repo, "serve", "users", "add", "ids61", "--database", pg_url)
    assert made.returncode == 0, made.stderr

    def run(at: Path, *args: str) -> list[tuple[str, str, str]]:
        return _plan(
            subprocess.run(
                [sys.executable, "-m", "memdir", "-C", str(repo), *args, "--json",
                 "--database", pg_url],
                env={**_env(at), "MEMDIR_USER": "ids61"},
                capture_output=True,
                text=True,
                timeout=180,
            )
        )  # fmt: skip

    assert run(home, "push", "--apply") == [("local", "add", i) for i in want]
    assert run(home, "push", "--apply") == [("local", "same", i) for i in want]
    assert run(other, "pull", "--apply") == [("local", "add", i) for i in want]
    assert _ids(other, repo) == want
    # a third home of before made «Привет мир» (same text) and «Заметка» (its own text) apart,
    # and «Новая заметка» before the rule, under an entry-<hash> id: no second id pulled
    _old_home(third, repo, ["Привет мир", "Заметка"])
    md = memdir.open(home=third / ".memdir", project=repo)
    try:
        store = md.store("local")
        store.apply([ReplaceOp(ids["Заметка"], body="third's own")])
    finally:
        md.close()
    pulled = run(third, "pull", "--apply")
    assert ("local", "add", "project_новая-заметка") in pulled, pulled
    assert ("local", "kept", ids["Заметка"]) in pulled or (
        "local", "update", ids["Заметка"]) in pulled, pulled  # fmt: skip
    assert len(_ids(third, repo)) == 3
    assert run(third, "pull", "--apply") == run(third, "pull")  # the dry run plans the same
    # a rename of an entry of before: one entry, its generated id follows the new name
    md = memdir.open(home=home / ".memdir", project=repo)
    try:
        store = md.store("local")
        store.apply([ReplaceOp(ids["Привет мир"], name="Привет всем")])
        assert sorted(e.id for e in store.list()) == sorted(
            [ids["Заметка"], "project_новая-заметка", "project_привет-всем"]
        )
    finally:
        md.close()


def test_a_name_pulled_under_another_id_is_no_second_copy(tmp_path: Path, pg_url: str) -> None:
    """A home of before holds «Заметка» under ``entry-<hash>``, never pushed; a new client
    made it under ``project_заметка`` on the server. A pull finds the home's by its name:
    the same text is renamed to the server's id (ids62), another text a ``conflict``;
    neither adds a second id."""
    from test_rv60w import _old_home

    newer, repo, old_same, old_other = (
        tmp_path / n for n in ("newer", "repo", "old-same", "old-other")
    )
    for d in (newer, repo, old_same, old_other):
        d.mkdir()
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    md = memdir.open(home=newer / ".memdir", project=repo)
    try:
        md.store("local").apply([AddOp("project", "Заметка", "about Заметка", "text 0")])
    finally:
        md.close()
    assert _ids(newer, repo) == ["project_заметка"]
    made = _cli(newer, repo, "serve", "users", "add", "ids61", "--database", pg_url)
    assert made.returncode == 0, made.stderr

    def run(at: Path, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "memdir", "-C", str(repo), *args, "--json", "--database",
             pg_url],
            env={**_env(at), "MEMDIR_USER": "ids61"}, capture_output=True, text=True, timeout=180,
        )  # fmt: skip

    assert _plan(run(newer, "push", "--apply")) == [("local", "add", "project_заметка")]
    [old] = _old_home(old_same, repo, ["Заметка"]).values()  # text 0, as the server's
    # the same text: this home's copy takes the server's id (ids62), no second copy
    assert _plan(run(old_same, "pull", "--apply")) == [("local", "update", "project_заметка")]
    assert _ids(old_same, repo) == ["project_заметка"] != [old]
    assert _plan(run(old_same, "pull", "--apply")) == [("local", "same", "project_заметка")]
    _old_home(old_other, repo, ["Другое", "Заметка"])  # «Заметка» says "text 1" here
    proc = run(old_other, "pull", "--apply")
    assert proc.returncode == 3, proc.stderr  # a conflict: said, nothing written
    moves = json.loads(proc.stdout)["moves"]
    assert [(m["action"], m["entry"]) for m in moves] == [("conflict", "project_заметка")]
    assert old in moves[0]["reason"], moves
    assert len(_ids(old_other, repo)) == 2
