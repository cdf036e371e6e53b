"""Review on seeded scopes: every planted problem is proposed, nothing changes until a
proposal is applied, and applying one touches only what it names."""

from __future__ import annotations

import json
import os
from pathlib import Path

import psycopg
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import memdir
from conftest import Clock, add, team_env
from memdir.core.config import load_settings
from memdir.core.errors import AccessError
from memdir.core.model import normalise
from memdir.core.storage.postgres import PgBackend
from memdir.core.store import state_key
from memdir.engine import Memdir
from memdir.review.proposals import (
    _SENTENCE,
    _units,
    apply,
    only_in,
    propose,
    rejected_path,
    report_text,
)
from memdir.review.proposals import (
    rejected as rejected_ids,
)
from memdir.review.versions import Versions

pytestmark = pytest.mark.backends


def _snapshot(*folders: Path) -> dict[str, bytes]:
    """Every memory file under ``folders``, and on PostgreSQL every stored file too."""
    found = {
        str(p): p.read_bytes()
        for f in folders
        if f.exists()
        for p in sorted(f.rglob("*"))
        if p.is_file() and ".git" not in p.parts and not p.name.startswith(".")
    }
    url = os.environ.get("MEMDIR_DATABASE_URL")
    if url:  # the postgres backend (set by team_env): the rows are the files
        from memdir.pg.db import PgDatabase

        with PgDatabase.shared(url).transaction() as conn:
            rows = conn.execute("SELECT scope, name, data FROM memdir_files").fetchall()
        found.update({f"pg:{scope}/{name}": bytes(data) for scope, name, data in rows})
    return found


def _by_hand(store: memdir.Store, name: str, text: str | None) -> None:
    """Another writer changes one file of ``store`` behind memdir's back (None: deletes
    it): the file in the scope folder, or on PostgreSQL its row, on its own connection."""
    if not isinstance(store.backend, PgBackend):
        path = Path(store.backend.location) / name
        path.unlink() if text is None else path.write_text(text)
        return
    with psycopg.connect(store.backend.db.url, autocommit=True) as conn:
        key = store.backend.scope.key
        if text is None:
            conn.execute("DELETE FROM memdir_files WHERE scope = %s AND name = %s", (key, name))
        else:
            conn.execute(
                "INSERT INTO memdir_files (scope, name, data, version, mtime) VALUES "
                "(%s, %s, %s, nextval('memdir_file_version'), 0) ON CONFLICT (scope, name) "
                "DO UPDATE SET data = EXCLUDED.data, version = EXCLUDED.version",
                (key, name, text.encode()),
            )


@pytest.fixture
def seeded(
    home: Path,
    project: Path,
    clock: Clock,
    tmp_path: Path,
    backend: str,
    request: pytest.FixtureRequest,
    monkeypatch: pytest.MonkeyPatch,
) -> Memdir:
    env = {"MEMDIR_MANAGED_DIR": str(tmp_path / "managed")}
    if backend == "postgres":
        env.update(team_env(request.getfixturevalue("pg_url"), project))
        for name in ("MEMDIR_DATABASE_URL", "MEMDIR_USER"):  # every Memdir the test opens
            monkeypatch.setenv(name, env[name])
    else:
        (project / ".git").mkdir()
    (project / "src").mkdir()
    (project / "src" / "app.py").write_text("def main():\n    return 1\n")
    md = Memdir(load_settings(home, project, environ=env), clock=clock)
    local = md.store("local")
    add(local, "Old habit", "Commit with a signed-off-by line.")  # stale by age
    clock.advance(days=40)
    add(local, "Run tests quietly", "Run pytest with -q to keep the output short.")
    add(local, "Run the tests quietly", "To keep the output short, run pytest with -q.")
    add(local, "Install with pnpm", "Use pnpm for every install.")
    clock.advance(minutes=1)
    add(local, "Install with npm", "Use npm for every install.")
    add(local, "App entry", "The entry point is `src/app.py` in `main()`.")
    add(local, "Old loader", "Settings load in `src/config_loader.py` via `load_all()`.")
    add(local, "PR titles", "Our pull requests use imperative titles.")
    # the same rule saved in another project's local scope -> the user scope
    other = tmp_path / "other"
    (other / ".git").mkdir(parents=True)
    md_other = Memdir(load_settings(home, other, environ=env), clock=clock)
    add(md_other.store("local"), "Reply in English", "Always answer in English.")
    add(local, "Reply in English", "Always answer in English.")
    return md


def test_each_planted_problem_is_proposed_and_nothing_changes(
    seeded: Memdir, home: Path, project: Path
) -> None:
    before = _snapshot(home, project / ".memdir")
    commits = len(Versions(seeded).log())
    proposals = propose(seeded)
    by_kind: dict[str, list[str]] = {}
    for p in proposals:
        by_kind.setdefault(p.kind, []).append(p.title)
    assert by_kind["merge"] == [
        "feedback_run-tests-quietly duplicates feedback_run-the-tests-quietly"
    ]
    assert by_kind["conflict"] == [
        "feedback_install-with-pnpm and feedback_install-with-npm disagree"
    ]
    stale = " ".join(by_kind["stale"])
    assert "feedback_old-loader" in stale and "feedback_old-habit" in stale
    assert "feedback_app-entry" not in stale  # its file and symbol exist
    promote = " ".join(by_kind["promote"])
    assert "feedback_pr-titles reads like a team convention" in promote
    assert "feedback_reply-in-english is the same rule in 2 projects" in promote
    assert [p.id for p in propose(seeded)] == [p.id for p in proposals]  # ids are stable
    text = report_text(seeded, proposals)
    assert "## Duplicates (merge)" in text and "## Conflicts" in text
    assert _snapshot(home, project / ".memdir") == before
    assert len(Versions(seeded).log()) == commits


def test_applying_one_proposal_touches_only_what_it_names(
    seeded: Memdir, home: Path, tmp_path: Path
) -> None:
    local = seeded.store("local")
    ids_before = {e.id for e in local.list()}
    merge = next(p for p in propose(seeded) if p.kind == "merge")
    apply(seeded, [merge.id])
    assert ids_before - {e.id for e in local.list()} == {"feedback_run-tests-quietly"}
    assert seeded.pipeline.tombstones.count() == 1  # the merged-away entry is forgotten
    assert "feedback_run-tests-quietly" not in {p.entries[0].split(":")[1] for p in propose(seeded)}
    with pytest.raises(memdir.MemdirError, match="run `memdir review` again"):
        apply(seeded, [merge.id])  # gone once applied
    promo = next(p for p in propose(seeded) if "2 projects" in p.title)
    apply(seeded, [promo.id])
    assert [e.name for e in seeded.store("user").list()] == ["Reply in English"]
    assert "feedback_reply-in-english" not in {e.id for e in local.list()}
    other = seeded.for_project(tmp_path / "other")  # on the same backend
    assert other.store("local").list() == []
    assert seeded.pipeline.tombstones.count() == 3  # and each project's promoted copy
    team = next(p for p in propose(seeded) if p.title.endswith("convention → project scope"))
    apply(seeded, [team.id])
    assert [e.name for e in seeded.store("project").list()] == ["PR titles"]
    assert not (seeded.checkout_root / "AGENTS.md").exists()


def test_index_near_budget_is_proposed(md: Memdir, store: memdir.Store) -> None:
    store.apply(
        [
            memdir.AddOp(
                "reference",
                f"Fact {i:03d}",
                f"A long description of fact {i} that goes on " + "x" * 100,
                f"Fact body {i}.",
            )
            for i in range(110)
        ]
    )
    index = [p for p in propose(md) if p.kind == "index"]
    assert len(index) == 1 and "of its budget" in index[0].title
    apply(md, [index[0].id])
    shortened = [e for e in store.list() if e.description.endswith("…")]
    assert len(shortened) == 5 and all(len(e.description) <= 60 for e in shortened)


def test_cli_review_json_and_apply(seeded: Memdir, run) -> None:
    def out(*args: str) -> str:
        return str(run(*args).stdout)

    rows = json.loads(out("review", "--json"))
    conflict = next(r for r in rows if r["kind"] == "conflict")
    assert "Applied " + conflict["id"] in out("review", "--apply", conflict["id"])
    assert conflict["id"] not in out("review")
    log = out("log", "-n", "1")
    assert "remove feedback_install-with-pnpm (user)" in log


def test_a_rejected_proposal_is_not_made_again_but_another_change_is(
    seeded: Memdir,
    run,
    home: Path,
    clock: Clock,
    caplog: pytest.LogCaptureFixture,
    backend: str,
) -> None:
    rows = json.loads(run("review", "--json").stdout)
    conflict = next(r for r in rows if r["kind"] == "conflict")
    before = _snapshot(home)
    rejected = json.loads(run("review", "--reject", conflict["id"], "--json").stdout)
    assert [r["id"] for r in rejected] == [conflict["id"]]
    after = _snapshot(home)
    if backend == "files":  # on PostgreSQL: rows of the user's state (rejected_ids reads them)
        assert json.loads(after.pop(str(rejected_path(seeded)))) == [conflict["id"]]
    assert after == before  # rejecting changes no memory
    assert rejected_ids(seeded) == [conflict["id"]]
    assert conflict["id"] not in run("review").stdout
    assert conflict["id"] not in [p.id for p in seeded.review()]
    others = {r["id"] for r in rows} - {conflict["id"]}
    assert {r["id"] for r in json.loads(run("review", "--json").stdout)} == others
    assert conflict["id"] in [p.id for p in propose(seeded, include_rejected=True)]
    run("review", "--reject", conflict["id"])  # again: idempotent
    assert rejected_ids(seeded) == [conflict["id"]]
    assert "no proposal" in run("review", "--reject", "merge-000000", ok=False).stderr
    assert "--apply and --reject" in run("review", "--apply", "x", "--reject", "y", ok=False).stderr
    clock.advance(minutes=5)  # pnpm is now the newer: the proposal archives npm instead
    seeded.store("local").replace("install-with-pnpm", body="Use pnpm for every install, always.")
    fresh = [p for p in seeded.review() if p.kind == "conflict"]
    assert fresh and fresh[0].id != conflict["id"]
    seeded.reject_review([fresh[0].id])
    assert fresh[0].id not in [p.id for p in seeded.review()]
    assert rejected_ids(seeded) == [conflict["id"], fresh[0].id]
    if backend != "files":
        return
    rejected_path(seeded).write_text("{not json")  # damaged: warn, propose all
    assert fresh[0].id in [p.id for p in seeded.review()]
    assert "rejected review proposals not read" in caplog.text


def test_rejections_on_the_team_backend_reach_every_server_but_no_other_user(
    pg_url: str, tmp_path: Path, project: Path, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On PostgreSQL rejected ids are rows of the user's own state: a server on another
    machine (another home) leaves out what this one rejected; another user of the same
    project is still shown it; the newest MAX_REJECTED are kept."""
    from memdir.review import proposals

    def opened(home: str, user: str) -> Memdir:
        env = {"MEMDIR_MANAGED_DIR": str(tmp_path / "m"), **team_env(pg_url, project, user)}
        return Memdir(load_settings(tmp_path / home, project, environ=env), clock=clock)

    here, there = opened("server-1", "alice"), opened("server-2", "alice")
    add(here.store("project"), "Install with pnpm", "Use pnpm for every install.")
    clock.advance(minutes=1)
    add(here.store("project"), "Install with npm", "Use npm for every install.")
    [conflict] = [p.id for p in propose(here) if p.kind == "conflict"]
    assert conflict in [p.id for p in propose(there)]
    there.reject_review([conflict])
    assert conflict not in [p.id for p in propose(here)]
    assert conflict in [p.id for p in propose(opened("server-1", "bob"))]
    monkeypatch.setattr(proposals, "MAX_REJECTED", 2)
    proposals._remember_rejected(here, ["merge-000001", "merge-000002", conflict])
    assert rejected_ids(there) == ["merge-000001", "merge-000002"]


def test_stale_means_unused_not_unedited(md: Memdir, store: memdir.Store, clock: Clock) -> None:
    """An entry read every week is not stale however old its last edit; one nobody reads
    is, after max_unused_days (the same usage the index's decay uses)."""
    add(store, "Read often", "Deploys go through Helm.")
    add(store, "Never read", "The old cron host was decommissioned.")
    session = md.session()
    for _ in range(6):
        clock.advance(days=7)
        assert session.call_tool("memory_read", {"id": "feedback_read-often"})["success"]
    stale = {p.title for p in propose(md) if p.kind == "stale"}
    assert stale == {"feedback_never-read looks stale"}


def test_merge_folds_what_only_the_older_entry_says_into_the_newer(
    md: Memdir, store: memdir.Store, clock: Clock
) -> None:
    """A merge is one write: the kept (newer) entry gains the older one's distinct lines,
    sentences and origins, then the older one is archived."""
    store.add(
        type="feedback",
        name="Quiet pytest",
        description="pytest -q",
        body="Run pytest with -q.\n**Why:** CI logs are capped. Output over 4 MB is cut.\n"
        "```\npytest -q tests/\n```",
        origins=["session:old"],
    )
    clock.advance(minutes=1)
    store.add(
        type="feedback",
        name="Quiet pytest runs",
        description="pytest -q, always",
        body="Run pytest with -q.\n**Why:** CI logs are capped.",
        origins=["session:new"],
    )
    commits = len(Versions(md).log())
    merge = next(p for p in propose(md) if p.kind == "merge")
    assert "add to it 2 lines only 'feedback_quiet-pytest' has" in merge.detail
    assert "session:old" in merge.detail
    apply(md, [merge.id])
    [kept] = store.list()
    assert kept.id == "feedback_quiet-pytest-runs" and kept.description == "pytest -q, always"
    assert kept.body == (
        "Run pytest with -q.\n**Why:** CI logs are capped.\n\n"
        "Output over 4 MB is cut.\n```\npytest -q tests/\n```"
    )
    assert kept.origins == ("session:new", "session:old")
    archived = {e.name: e for e in store.list(include_archived=True) if e.archived}
    assert sorted(archived) == ["Quiet pytest", "Quiet pytest runs"]
    # a new body keeps the previous version as history (issue 15)
    assert archived["Quiet pytest runs"].superseded_by == kept.id
    assert archived["Quiet pytest runs"].body == "Run pytest with -q.\n**Why:** CI logs are capped."
    log = Versions(md).log()
    assert len(log) == commits + 1  # one batch, one commit
    assert log[0].commit.subject == (
        "replace feedback_quiet-pytest-runs, remove feedback_quiet-pytest (user)"
    )


def test_merge_of_an_exact_duplicate_only_archives(
    md: Memdir, store: memdir.Store, clock: Clock
) -> None:
    add(store, "Use pnpm", "Install with pnpm, never npm.")
    clock.advance(minutes=1)
    newer = add(store, "Use pnpm here", "install with  PNPM, never npm.\nLockfile stays.")
    merge = next(p for p in propose(md) if p.kind == "merge")
    assert "already says all of it; archive 'feedback_use-pnpm'" in merge.detail
    apply(md, [merge.id])
    [kept] = store.list()
    assert kept == newer  # untouched: same body, same updated time
    assert Versions(md).log()[0].commit.subject == "remove feedback_use-pnpm (user)"


_texts = st.text(st.sampled_from("ab .!?\n`~-*Ab1"), max_size=60)


@given(_texts, _texts)
@example("Uses fish shell.", "Uses fish shell")
def test_only_in_loses_nothing_the_older_text_says(older: str, newer: str) -> None:
    merged = normalise(newer + "\n\n" + "\n".join(only_in(older, newer)))
    for unit in _units(older):
        for part in [unit] if "\n" in unit else _SENTENCE.split(unit):
            assert normalise(part).rstrip(".!?;:。！？ ") in merged  # a final period aside
    assert only_in(older, older) == []


def _other_folder(seeded: Memdir, tmp_path: Path) -> Path:
    """The local scope folder of the seeded home's second project (on PostgreSQL the
    folder names the scope: ``Memdir.store_at`` opens the user's row for it)."""
    return seeded.for_project(tmp_path / "other").locations["local"].path


def test_a_removal_in_another_projects_local_scope_leaves_a_tombstone(
    seeded: Memdir, tmp_path: Path
) -> None:
    """Stores opened for other projects' folders tell the pipeline what they forget, as
    the current project's stores do: extraction and import must not bring it back."""
    folder = _other_folder(seeded, tmp_path)
    store = seeded.store_at(folder)
    (entry,) = store.list()
    store.remove(entry.id)
    forgotten = seeded.pipeline.tombstones.forgotten(state_key(store), entry.body, entry.name)
    assert forgotten is not None and forgotten.entry_id == entry.id


def test_another_users_local_scopes_are_never_opened(
    pg_url: str, home: Path, project: Path, tmp_path: Path, clock: Clock
) -> None:
    """On PostgreSQL the other projects' local scopes are the user's own rows: bob, on the
    same home and project folders as alice, lists, reads and writes only his, so alice's
    rule in two projects is no promotion of his; SQL refuses alice's rows to him."""
    other = tmp_path / "other"
    (other / ".git").mkdir(parents=True)
    managed = {"MEMDIR_MANAGED_DIR": str(tmp_path / "managed")}

    def opened(user: str) -> Memdir:
        env = {**managed, **team_env(pg_url, project, user)}
        return Memdir(load_settings(home, project, environ=env), clock=clock)

    alice, bob = opened("alice"), opened("bob")
    folder = alice.for_project(other).locations["local"].path
    assert folder == bob.for_project(other).locations["local"].path  # one slug, two users
    add(alice.store_at(folder), "Reply in English", "Always answer in English.")
    add(alice.store("local"), "Reply in English", "Always answer in English.")
    assert any("in 2 projects" in p.title for p in propose(alice))
    add(bob.store("local"), "Reply in English", "Always answer in English.")
    assert bob.local_folders() == [bob.locations["local"].path]
    assert bob.store_at(folder).list() == []
    assert not any("projects" in p.title for p in propose(bob))
    add(bob.store_at(folder), "Bob's rule", "Tabs, never spaces.")
    assert [e.name for e in alice.store_at(folder).list()] == ["Reply in English"]
    with pytest.raises(memdir.MemdirError, match="not a project's local scope"):
        bob.store_at(Path(alice.store("local").backend.location))
    alices = alice.store_at(folder).backend
    assert isinstance(alices, PgBackend)
    as_bob = PgBackend(alices.db, alices.scope, "bob")
    assert as_bob.listing() == {} and not as_bob.exists()
    with pytest.raises(FileNotFoundError):
        as_bob.read("feedback_reply-in-english.md")
    with pytest.raises(AccessError), as_bob.lock(5):
        as_bob.write("feedback_x.md", b"x")
    assert [e.name for e in alice.store_at(folder).list()] == ["Reply in English"]


def test_apply_checks_every_named_proposal_before_writing_any(
    seeded: Memdir, home: Path, project: Path, tmp_path: Path, run
) -> None:
    """One proposal that cannot be applied (a scope it writes has a file that cannot be
    read) stops all of them, named, before anything is written."""
    proposals = propose(seeded)
    merge = next(p for p in proposals if p.kind == "merge")
    promo = next(p for p in proposals if "2 projects" in p.title)
    other = seeded.store_at(_other_folder(seeded, tmp_path))
    _by_hand(other, "feedback_broken.md", "---\nname: [\n")
    before = _snapshot(home, project / ".memdir")
    commits = len(Versions(seeded).log())
    with pytest.raises(memdir.MemdirError, match=f"proposal {promo.id} cannot be applied"):
        apply(seeded, [merge.id, promo.id])
    assert _snapshot(home, project / ".memdir") == before
    assert len(Versions(seeded).log()) == commits
    failed = run("review", "--apply", merge.id, promo.id, ok=False)
    assert f"proposal {promo.id} cannot be applied" in failed.stderr
    assert _snapshot(home, project / ".memdir") == before


def test_two_proposals_that_touch_the_same_entry_are_refused_together(
    md: Memdir, store: memdir.Store, project: Path, clock: Clock
) -> None:
    (project / ".git").mkdir(exist_ok=True)
    add(store, "Old loader", "Settings load in `src/config_loader.py`, always.")
    clock.advance(minutes=1)
    add(store, "The old loader", "Settings load in `src/config_loader.py`, always, really.")
    proposals = propose(md)
    merge = next(p for p in proposals if p.kind == "merge")
    stale = next(p for p in proposals if p.title == "feedback_old-loader looks stale")
    with pytest.raises(
        memdir.MemdirError, match=f"proposal {stale.id} cannot be applied.*feedback_old-loader"
    ):
        apply(md, [merge.id, stale.id])
    assert len(store.list()) == 2
    apply(md, [stale.id])  # alone it applies


def test_a_write_that_fails_part_way_leaves_nothing_applied(
    seeded: Memdir, home: Path, project: Path, tmp_path: Path
) -> None:
    """The promotion writes three scopes. Another writer breaks the last one after the check
    and after the first was written: the first two are put back byte for byte."""
    add(seeded.store("user"), "Terse", "Keep answers short.")  # the user scope exists
    promo = next(p for p in propose(seeded) if "2 projects" in p.title)
    assert [a.scope for a in promo.actions] == ["user", "local", "local"]
    stores = [seeded.store_at(Path(a.folder)) if a.folder else seeded.store(a.scope)
              for a in promo.actions]  # fmt: skip
    before = _snapshot(home, project / ".memdir")
    commits = len(Versions(seeded).log())

    def another_writer(store: memdir.Store, changes: object, source: object) -> None:
        _by_hand(stores[-1], "feedback_broken.md", "---\nname: [\n")  # after the check

    seeded.store("user").observers.append(another_writer)
    with pytest.raises(
        memdir.MemdirError, match="the 2 writes already made were put back, so nothing was applied"
    ):
        apply(seeded, [promo.id])
    _by_hand(stores[-1], "feedback_broken.md", None)
    assert _snapshot(home, project / ".memdir") == before
    assert seeded.pipeline.tombstones.count() == 0  # a removal put back forgets nothing
    assert [e.name for e in seeded.store("user").list()] == ["Terse"]
    assert "Reply in English" in {e.name for e in seeded.store("local").list()}
    for store in stores[:2]:  # written, then put back
        assert store.history is not None
        subjects = [c.subject for c in store.history.log()]
        assert subjects[0].startswith(f"undo review --apply {promo.id}: a later write failed")
        assert subjects[1] in (
            "add feedback_reply-in-english (user)",
            "remove feedback_reply-in-english (user)",
        )
    # each write and its undo; the other project's local scope keeps its own history
    assert len(Versions(seeded).log()) == commits + (4 if promo.actions[1].folder is None else 2)


def test_a_rollback_never_undoes_an_edit_made_after_the_write(seeded: Memdir) -> None:
    """What a rollback may undo is recorded under the write's lock: an edit that lands
    right after memdir's write (here: by hand, before the later scope fails) is kept, and
    the failure says what could not be put back."""
    add(seeded.store("user"), "Terse", "Keep answers short.")
    promo = next(p for p in propose(seeded) if "2 projects" in p.title)
    folder = promo.actions[-1].folder
    last = seeded.store_at(Path(folder)) if folder else seeded.store("local")
    user = seeded.store("user")
    edited = (
        "---\nname: Reply in English\ndescription: edited by hand\ntype: feedback\n"
        "---\nReply in English, edited by hand right after memdir wrote it.\n"
    )

    def another_writer(store: memdir.Store, changes: object, source: object) -> None:
        _by_hand(user, "feedback_reply-in-english.md", edited)
        _by_hand(last, "feedback_broken.md", "---\nname: [\n")

    seeded.store("user").observers.append(another_writer)
    with pytest.raises(memdir.MemdirError, match="could not be put back"):
        apply(seeded, [promo.id])
    assert user.backend.read("feedback_reply-in-english.md").decode() == edited


def test_promotion_to_agents_md_keeps_hand_written_content_byte_for_byte(
    seeded: Memdir, project: Path
) -> None:
    agents = project / "AGENTS.md"
    head = b"# Agents\r\n\nHand-written: run `make check` first.  \n\n"
    agents.write_bytes(head)
    proposals = propose(seeded)
    promo = next(
        p
        for p in proposals
        if p.title == "feedback_pr-titles reads like a team convention → AGENTS.md"
    )
    assert promo.to_dict()["exports"] == ["agents-md"]
    assert promo.to_dict()["scopes"] == ["project", "local"]
    assert (
        f"[{promo.id}] feedback_pr-titles reads like a team convention → AGENTS.md: move "
        f"it to the project scope, then refresh the memdir section of {agents}"
        in report_text(seeded, proposals)
    )
    assert agents.read_bytes() == head  # nothing until applied
    apply(seeded, [promo.id])
    assert [e.name for e in seeded.store("project").list()] == ["PR titles"]
    assert "PR titles" not in {e.name for e in seeded.store("local").list()}
    text = agents.read_bytes()
    # one line end more than the file's own blank line: the one removing the section takes
    # away, so the file comes back byte for byte (interop.md; test_rv52b)
    assert text.startswith(head + b"\n<!-- memdir:begin")
    assert (
        b"- **PR titles** \xe2\x80\x94 about PR titles\n  Our pull requests use "
        b"imperative titles." in text
    )
    tail = b"\n## After the section\nAlso by hand, no final newline"
    agents.write_bytes(text + tail)
    add(seeded.store("local"), "Squash merges", "We squash pull requests when merging.")
    promo = next(
        p
        for p in propose(seeded)
        if p.title == "feedback_squash-merges reads like a team convention → AGENTS.md"
    )
    apply(seeded, [promo.id])
    text = agents.read_bytes()
    assert text.startswith(head) and text.endswith(b"<!-- memdir:end -->\n" + tail)
    assert text.index(b"**PR titles**") < text.index(b"**Squash merges**")


def test_agents_md_that_cannot_be_updated_stops_the_promotion(
    seeded: Memdir, project: Path
) -> None:
    agents = project / "AGENTS.md"
    agents.write_text("<!-- memdir:begin -->\nhalf a section, no end marker\n")
    before = agents.read_bytes()
    promo = next(p for p in propose(seeded) if p.title.endswith("→ AGENTS.md"))
    with pytest.raises(
        memdir.MemdirError, match=f"proposal {promo.id} cannot be applied: AGENTS.md has unbalanced"
    ):
        apply(seeded, [promo.id])
    assert agents.read_bytes() == before
    assert seeded.store("project").list() == []
    assert "PR titles" in {e.name for e in seeded.store("local").list()}


def test_only_in_adds_nothing_for_sentences_said_in_another_order() -> None:
    assert only_in("Run ruff. Then run pytest.", "Then run pytest. Run ruff.") == []
    assert only_in("Run ruff. Then run mypy.", "Run ruff first.\nRun ruff.") == ["Then run mypy."]
    assert only_in("Uses fish shell.", "Uses fish shell") == []  # a final period aside
    assert only_in("Deploy on Tuesdays.", "Deploy on Tuesdays is wrong.") == [
        "Deploy on Tuesdays."
    ]  # a sentence that only opens another is not said by it


def test_on_the_team_backend_a_review_removal_commits_with_its_tombstones(
    seeded: Memdir, backend: str, home: Path, project: Path
) -> None:
    """review --apply on PostgreSQL: each batch's removals and their tombstones are one
    transaction. A tombstone that cannot be written (a trigger refuses it) rolls the
    removal back, so no crash in between can leave a forgotten fact without one."""
    if backend != "postgres":
        pytest.skip("the files backend records tombstones after the writes that stand")
    url = seeded.settings.database_url
    assert url is not None
    local = seeded.store("local")
    before = sorted(e.id for e in local.list())
    merge = next(p for p in propose(seeded) if p.kind == "merge")
    schema = seeded.tombstones.db.schema()  # type: ignore[attr-defined]
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(
            f'CREATE FUNCTION "{schema}".refuse() RETURNS trigger LANGUAGE plpgsql AS '
            "$$ BEGIN RAISE EXCEPTION 'tombstones refused'; END $$"
        )
        conn.execute(
            f'CREATE TRIGGER refuse BEFORE INSERT ON "{schema}".tombstones '
            f'FOR EACH ROW EXECUTE FUNCTION "{schema}".refuse()'
        )
    with pytest.raises(memdir.MemdirError, match="tombstones refused"):
        apply(seeded, [merge.id])
    again = Memdir(load_settings(home, project))  # what another server sees
    assert sorted(e.id for e in again.store("local").list()) == before
    assert again.tombstones.count() == 0
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f'DROP TRIGGER refuse ON "{schema}".tombstones')
    apply(seeded, [merge.id])
    assert "feedback_run-tests-quietly" not in {e.id for e in again.store("local").list()}
    assert again.tombstones.count() == 1
