"""The PostgreSQL scope backend below the Store: the lock's timeout, append-only history,
names that could leave a scope, a read-only user."""

from __future__ import annotations

import json
import re
import threading
from datetime import timedelta
from pathlib import Path

import psycopg
import pytest

import memdir
from conftest import Clock, add, team_env
from memdir.core.config import load_settings
from memdir.core.errors import LockTimeoutError, PostgresError, ProviderError
from memdir.core.model import normalise
from memdir.core.storage.postgres import PgBackend, PgHistory, ScopeKey
from memdir.core.store import state_key
from memdir.engine import Memdir
from memdir.pg import users
from memdir.pg.db import PgDatabase, Schema
from memdir.pg.schema import MEMORY
from memdir.sessions.records import to_datetime
from memdir.sessions.usage import content_hash
from memdir.testing import ScriptedProvider, candidates_reply, entities_reply, ops_reply


def _user(db: PgDatabase, name: str) -> PgBackend:
    """The user scope of ``name``, a user of the team (step 0007: no scope of a non-user)."""
    users.add(db, name)
    return PgBackend(db, ScopeKey.user(name), name)


def test_a_held_scope_lock_times_out_with_a_clear_error(pg_url: str) -> None:
    db = PgDatabase(pg_url)
    backend = _user(db, "alice")
    held, release = threading.Event(), threading.Event()

    def holder() -> None:
        with backend.lock(5):
            held.set()
            release.wait(10)

    t = threading.Thread(target=holder)
    t.start()
    assert held.wait(10)
    other = PgBackend(db, ScopeKey.user("alice"), "alice")
    with pytest.raises(LockTimeoutError, match="Timed out after 0s"), other.lock(0.3):
        pass
    release.set()
    t.join()
    with other.lock(1):  # free again
        other.write("user_x.md", b"x")
    assert other.read("user_x.md") == b"x"


def test_history_rows_cannot_be_changed_or_deleted(pg_url: str) -> None:
    db = PgDatabase(pg_url)
    backend = _user(db, "alice")
    with backend.lock(5):
        backend.write("user_a.md", b"a")
        PgHistory(backend).record(["user_a.md"], "add a")
    for sql in (
        "UPDATE memdir_commits SET message = 'rewritten'",
        "DELETE FROM memdir_versions",
        "UPDATE memdir_versions SET data = 'x'",
    ):
        with (
            pytest.raises(psycopg.errors.RaiseException, match="append-only"),
            psycopg.connect(pg_url) as conn,
        ):
            conn.execute(sql)
    assert [c.subject for c in PgHistory(backend).log()] == ["add a"]


@pytest.mark.parametrize("name", ["../x.md", "archive/../../x.md", ".hidden.md", "a/b.md", "x"])
def test_names_that_could_leave_a_scope_are_refused(pg_url: str, name: str) -> None:
    backend = _user(PgDatabase(pg_url), "alice")
    with pytest.raises(ValueError, match="not a scope file name"):
        backend.read(name)
    with backend.lock(5), pytest.raises(ValueError, match="not a scope file name"):
        backend.write(name, b"x")


def test_a_scope_row_cannot_claim_another_users_scope(pg_url: str) -> None:
    db = PgDatabase(pg_url)
    db.ensure(MEMORY)
    with pytest.raises(memdir.MemdirError, match="check constraint"), db.transaction() as conn:
        conn.execute(
            "INSERT INTO memdir_scopes (key, kind, owner) VALUES ('user:alice', 'user', 'bob')"
        )


def test_a_removal_and_its_tombstone_commit_together(
    pg_url: str, tmp_path: Path, project: Path
) -> None:
    """A removal and its tombstone are one transaction: when the tombstone cannot be
    written (a trigger refuses it here), the removal is rolled back with it, so no crash
    between the two can leave a removed memory the pipeline may learn again."""
    env = {**team_env(pg_url, project), "MEMDIR_MANAGED_DIR": str(tmp_path / "managed")}

    def opened() -> Memdir:
        return Memdir(load_settings(tmp_path / "home", project, environ=env))

    md = opened()
    store = md.store("local")
    gone = add(store, "Deploy on Fridays", "Never deploy on Fridays.")
    add(store, "Quiet tests", "Run pytest with -q.")
    assert store.history is not None
    commits = len(store.history.log())
    schema = md.tombstones.db.schema()  # type: ignore[attr-defined]
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute(
            f'CREATE FUNCTION "{schema}".refuse() RETURNS trigger LANGUAGE plpgsql AS '
            "$$ BEGIN RAISE EXCEPTION 'tombstones refused'; END $$"
        )
        conn.execute(
            f'CREATE TRIGGER refuse BEFORE INSERT ON "{schema}".tombstones '
            f'FOR EACH ROW EXECUTE FUNCTION "{schema}".refuse()'
        )
    told: list[object] = []  # observers hear of writes that stand, only
    store.observers.append(lambda s, changes, source: told.append(changes))
    with pytest.raises(memdir.MemdirError, match="tombstones refused"):
        store.remove(gone.id)
    assert told == []
    again = opened().store("local")  # what any other process sees
    assert [e.name for e in again.list()] == ["Deploy on Fridays", "Quiet tests"]
    assert again.history is not None and len(again.history.log()) == commits
    assert md.tombstones.count() == 0
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute(f'DROP TRIGGER refuse ON "{schema}".tombstones')
    seen: list[list[str]] = []  # the transaction reads its scope after the tombstone
    store.in_write.append(lambda s, changes, source: seen.append(sorted(s.backend.listing())))
    store.remove(gone.id)
    assert seen == [["feedback_quiet-tests.md"]] and len(told) == 1
    assert [e.name for e in opened().store("local").list()] == ["Quiet tests"]
    found = md.tombstones.forgotten(state_key(store), gone.body, gone.name)
    assert found is not None and found.entry_id == gone.id


@pytest.mark.parametrize(
    ("key", "owner"),
    [
        ("local:axb:app", "a_b"),
        ("local:bob:app", "%"),
        ("local:a:b:app", "a:b"),
        ("user:a:b", "a:b"),
    ],
)
def test_a_local_key_is_matched_by_every_character_of_its_owner(
    pg_url: str, key: str, owner: str
) -> None:
    """'_' and '%' in a user name are no wildcards: user a_b cannot own local:axb:…"""
    db = PgDatabase(pg_url)
    db.ensure(MEMORY)
    kind = key.split(":", 1)[0]
    with pytest.raises(memdir.MemdirError, match="check constraint"), db.transaction() as conn:
        conn.execute(
            "INSERT INTO memdir_scopes (key, kind, owner) VALUES (%s, %s, %s)", (key, kind, owner)
        )


def test_the_prefix_check_reaches_a_database_made_before_it(pg_url: str) -> None:
    """An existing database gets the new check from schema step 0002; a row the old
    LIKE check let in stops that step with the constraint's name (nothing is dropped)."""
    old = Schema(MEMORY.component, MEMORY.steps[:1])
    PgDatabase(pg_url).ensure(old)
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute(  # the old check takes '_' as a wildcard
            "INSERT INTO memdir_scopes (key, kind, owner) VALUES ('local:axb:app', 'local', 'a_b')"
        )
    with pytest.raises(PostgresError, match="memdir_scopes_owner"):
        PgDatabase(pg_url).ensure(MEMORY)
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("DELETE FROM memdir_scopes")
        conn.execute(
            "INSERT INTO memdir_scopes (key, kind, owner) VALUES ('local:axb:app', 'local', 'axb')"
        )
    db = PgDatabase(pg_url)
    db.ensure(MEMORY)
    assert [n for n, _ in db.migrations(MEMORY.component)] == [s.name for s in MEMORY.steps]
    with pytest.raises(memdir.MemdirError, match="check constraint"), db.transaction() as conn:
        conn.execute(
            "INSERT INTO memdir_scopes (key, kind, owner) VALUES ('local:axb:b', 'local', 'a_b')"
        )
    with db.transaction() as conn:
        assert conn.execute("SELECT key, owner FROM memdir_scopes").fetchall() == [
            ("local:axb:app", "axb")
        ]


def test_users_a_b_and_axb_see_nothing_of_each_other(pg_url: str, tmp_path: Path) -> None:
    """Search, list, show (read), log, history at a revision and the local scopes of
    other projects: each of two users whose names differ by a LIKE wildcard sees only
    their own."""
    from memdir.pg import users

    db = PgDatabase.shared(pg_url)
    project = tmp_path / "app"
    project.mkdir()
    words = {"a_b": "zebra", "axb": "walrus"}
    opened, ids, revs = {}, {}, {}
    for name, word in words.items():
        users.add(db, name)
        md = memdir.open(tmp_path / "home", project, database_url=pg_url, user=name)
        for scope in ("user", "local"):
            entry = md.store(scope).add(
                type="user", name=f"{word} {scope}", description=f"the {word}", body=word
            )
            ids[name, scope] = entry.id
        other = md.store_at(md.home / "projects" / "other-app")
        other.add(type="user", name=f"{word} elsewhere", description="d", body=word)
        revs[name] = [r.commit.rev for r in md.history.log()]
        assert len(revs[name]) >= 2
        opened[name] = md
    for name, md in opened.items():
        other = next(n for n in words if n != name)
        theirs = words[other]
        assert {h.entry.name for h in md.search(words[name])} == {
            f"{words[name]} user",
            f"{words[name]} local",
        }
        assert md.search(theirs) == []
        for scope in ("user", "local"):
            assert {e.name for e in md.store(scope).list()} == {f"{words[name]} {scope}"}
            with pytest.raises(memdir.MemdirError):
                md.read(ids[other, scope])
        assert [f.name for f in md.local_folders()] == sorted([md.project, "other-app"])
        assert {e.name for e in md.store_at(md.home / "projects" / "other-app").list()} == {
            f"{words[name]} elsewhere"
        }
        mine = [r.commit.rev for r in md.history.log()]
        assert mine == revs[name] and not set(mine) & set(revs[other])
        for rev in revs[other]:
            with pytest.raises(memdir.MemdirError):
                md.history.entry_at(ids[other, "user"], rev)
        for key in (ScopeKey.user(other), ScopeKey.local(other, md.project)):
            backend = PgBackend(db, key, name)
            assert backend.listing() == {} and not backend.exists()
            assert PgHistory(backend).log() == []


def test_a_write_holds_its_scope_lock_for_one_round_trip(pg_url: str) -> None:
    """What serialises the writers of one scope is the round trips made while its lock is
    held: a write sends its listing (and, for a replace or remove, the archive's) with the
    lock and its writes, history row, tombstone and COMMIT together (bench/pg_calls.py
    counts libpq's sends; a count, not a timing)."""
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[1]
    done = subprocess.run(
        [sys.executable, str(root / "bench" / "pg_calls.py"), "--calls", "2", "--only",
         "memory add,memory replace,memory remove"],
        env={**os.environ, "PYTHONPATH": str(root / "src")},
        capture_output=True, text=True, timeout=300, check=True,
    )  # fmt: skip
    held = {
        cells[0]: float(cells[2])
        for line in done.stdout.splitlines()
        if len(cells := [c.strip() for c in line.strip("|").split("|")]) == 3
        and cells[0].startswith("memory ")
    }
    assert held == {"memory add": 1.0, "memory replace": 1.0, "memory remove": 1.0}, done.stdout


def test_a_write_under_the_lock_plans_on_another_writers_changes(
    pg_url: str, tmp_path: Path
) -> None:
    """The listing a write reads under the lock brings the bytes of every file another
    user changed since this process last read them, and the index as it is: alice's add
    after bob's replace keeps bob's text in the entry and in MEMORY.md."""
    project = tmp_path / "app"
    project.mkdir()
    team_env(pg_url, project, "alice")
    team_env(pg_url, project, "bob")
    alice = memdir.open(tmp_path / "a", project, database_url=pg_url, user="alice")
    bob = memdir.open(tmp_path / "b", project, database_url=pg_url, user="bob")
    mine, theirs = alice.store("project"), bob.store("project")
    first = add(mine, "Deploy days", "Deploy on Tuesdays.", type="project")
    add(mine, "Test runner", "Run pytest.", type="project")  # alice has parsed both
    theirs.replace(first.id, description="when we ship", body="Deploy on Thursdays.")
    add(mine, "Linter", "Run ruff.", type="project")
    index = mine.backend.read_index()
    assert index is not None and b"when we ship" in index and b"about Deploy days" not in index
    assert mine.get(first.id).body == "Deploy on Thursdays."
    assert mine.history is not None
    assert mine.history.files(mine.history.head() or "")["MEMORY.md"] == index


def test_an_unchanged_index_is_not_written_again(pg_url: str, tmp_path: Path) -> None:
    """A write that leaves MEMORY.md as it was (a body changed) does not rewrite it: the
    index the listing brought under the lock is compared, not a stale copy."""
    project = tmp_path / "app"
    project.mkdir()
    team_env(pg_url, project, "alice")
    md = memdir.open(tmp_path / "a", project, database_url=pg_url, user="alice")
    store = md.store("project")
    entry = add(store, "Deploy days", "Deploy on Tuesdays.", type="project")

    def version() -> int:
        with psycopg.connect(pg_url) as conn:
            row = conn.execute(
                "SELECT version FROM memdir_files WHERE name = 'MEMORY.md'"
            ).fetchone()
        assert row is not None
        return int(row[0])

    before = version()
    store.replace(entry.id, body="Deploy on Thursdays.")
    assert version() == before
    store.replace(entry.id, description="when we ship")
    assert version() > before


def test_a_write_refused_while_the_lock_is_held_writes_nothing(pg_url: str) -> None:
    """Writes are sent with the COMMIT; one the access rule refuses by then (an admin's
    right taken away meanwhile) raises in SQL, so the transaction rolls back whole."""
    from memdir.core.errors import AccessError
    from memdir.pg import users

    db = PgDatabase.shared(pg_url)
    users.add(db, "ops", admin=True)  # the team's last admin keeps the role
    users.add(db, "carol", admin=True)
    backend = PgBackend(db, ScopeKey.org(), "carol")
    with backend.lock(5):
        backend.write("user_a.md", b"a")
    with pytest.raises(AccessError, match="may not write"), backend.lock(5):
        backend.write("user_b.md", b"b")
        users.set_admin(db, "carol", False)
        backend.write("user_c.md", b"c")
    assert set(backend.listing()) == {"user_a.md"}


def test_a_commit_made_after_a_right_is_taken_away_is_refused(pg_url: str) -> None:
    """A write that changes no file (a missing file deleted) still records a commit: the
    commit is checked by the access rule too, so history gains nothing it refused."""
    from memdir.core.errors import AccessError
    from memdir.core.storage.postgres import PgHistory
    from memdir.pg import users

    db = PgDatabase.shared(pg_url)
    users.add(db, "ops", admin=True)  # the team's last admin keeps the role
    users.add(db, "dave", admin=True)
    backend = PgBackend(db, ScopeKey.org(), "dave")
    history = PgHistory(backend)
    with backend.lock(5):
        backend.write("user_a.md", b"a")
        history.record(["user_a.md"], "first")
    with pytest.raises(AccessError, match="may not write"), backend.lock(5):
        users.set_admin(db, "dave", False)
        backend.delete("user_zz.md")
        history.record(["user_zz.md"], "after the right was taken")
    assert [(c.subject, c.author) for c in history.log()] == [("first", "dave")]


def test_a_commit_the_server_rolled_back_is_never_reported_as_written(pg_url: str) -> None:
    """An error inside the lock's transaction that a caller caught leaves it aborted; the
    COMMIT then comes back as ROLLBACK, which is raised, not taken as written."""
    from memdir.core.errors import PostgresError

    backend = _user(PgDatabase.shared(pg_url), "erin")
    with pytest.raises(PostgresError, match="rolled the transaction back"), backend.lock(5):
        backend.write("user_b.md", b"b")
        with pytest.raises(psycopg.Error):
            backend.connection().execute("SELECT 1/0")
    assert "user_b.md" not in set(backend.listing())


def _other_host(url: str) -> str:
    """``url`` naming the same server by another host name (127.0.0.1 ↔ localhost, or a
    host name's address)."""
    import socket
    from urllib.parse import urlsplit, urlunsplit

    parts = urlsplit(url)
    host = parts.hostname or ""
    other = {"127.0.0.1": "localhost", "localhost": "127.0.0.1"}.get(host)
    other = other or socket.gethostbyname(host)
    if other == host:
        pytest.skip(f"no second name for the test server's host {host}")
    user, _, place = parts.netloc.rpartition("@")
    netloc = (f"{user}@" if user else "") + place.replace(host, other, 1)
    return urlunsplit(parts._replace(netloc=netloc))


def test_an_entry_forgotten_through_one_host_name_stays_forgotten_through_another(
    pg_url: str, tmp_path: Path, project: Path
) -> None:
    """Two servers reach one database as 127.0.0.1 and as localhost: what the user
    removed through one is not imported again through the other (the tombstone names
    the scope by its key, not by the server's URL)."""
    from memdir.interop import ImportItem
    from memdir.interop._importing import apply_import, plan_import

    team_env(pg_url, project)
    one = memdir.open(tmp_path / "home", project, database_url=pg_url, user="alice")
    two = memdir.open(tmp_path / "home2", project, database_url=_other_host(pg_url), user="alice")
    assert one.store("local").backend.location != two.store("local").backend.location
    items = [
        ImportItem(
            name="Use pnpm",
            body="Install with pnpm.",
            type="feedback",
            description="about pnpm",
            origin="test:/fixtures/pnpm.md",
        )
    ]
    apply_import(one, plan_import(one, "test", Path("/f"), items))
    assert [e.name for e in two.store("local").list()] == ["Use pnpm"]
    one.store("local").remove("feedback_use-pnpm")
    plan = plan_import(two, "test", Path("/f"), items)  # home2: no import ledger of it
    assert [p.action for p in plan.items] == ["removed"]
    assert "you removed feedback_use-pnpm" in plan.items[0].reason
    apply_import(two, plan)
    assert one.store("local").list() == [] and two.store("local").list() == []


def test_step_0006_names_the_tombstones_of_an_older_database_by_scope_key(
    pg_url: str, tmp_path: Path, project: Path
) -> None:
    """Tombstones an older memdir recorded under the server's URL are renamed to their
    scope key by state step 0006, so they keep the entry out through any host name;
    a row of another shape is left as it was."""
    from memdir.pg.sessions import schema_name
    from memdir.pg.state_schema import state_schema

    team_env(pg_url, project)
    md = memdir.open(tmp_path / "home", project, database_url=_other_host(pg_url), user="alice")
    base = pg_url.rsplit("search_path%3D", 1)[1]
    name = schema_name(base, "alice")
    full = state_schema(name, "state/alice")
    assert full.steps[5].name == "0006_tombstones_by_scope_key"
    PgDatabase(pg_url).ensure(Schema(full.component, full.steps[:5]))
    old = memdir.open(tmp_path / "home", project, database_url=pg_url, user="alice")
    rows = [
        (old.store("local").backend.location, "Use pnpm", "Install with pnpm."),
        ("/home/someone/.memdir/scope", "Use yarn", "Install with yarn."),
    ]
    with psycopg.connect(pg_url, autocommit=True) as conn:
        for location, title, body in rows:
            conn.execute(
                f'INSERT INTO "{name}".tombstones (location, entry_id, kind, content_hash, '
                "name_key, origins, created_at) VALUES (%s, 'x', 'removed', %s, %s, '[]', 0)",
                (location, content_hash(body), normalise(title)),
            )
    store = md.store("local")  # reached through the other host name
    assert md.tombstones.forgotten(state_key(store), "Install with pnpm.", "") is not None
    assert "0006_tombstones_by_scope_key" in [n for n, _ in md.tombstones.db.migrations()]
    with psycopg.connect(pg_url, autocommit=True) as conn:
        kept = conn.execute(f'SELECT location FROM "{name}".tombstones ORDER BY id').fetchall()
    assert kept == [(state_key(store),), ("/home/someone/.memdir/scope",)]
    assert state_key(store).startswith("local:alice:")


def _two_servers(pg_url: str, tmp_path: Path, project: Path, clock: Clock) -> tuple[Memdir, Memdir]:
    """alice's memdir reached through the test server's host name and through another."""
    env = {"MEMDIR_MANAGED_DIR": str(tmp_path / "managed"), "MEMDIR_BACKGROUND": "0"}
    team_env(pg_url, project)
    one, two = (
        Memdir(load_settings(tmp_path / h, project, env, database_url=u, user="alice"), clock=clock)
        for h, u in (("home", pg_url), ("home2", _other_host(pg_url)))
    )
    assert one.store("local").backend.location != two.store("local").backend.location
    return one, two


def _extracted(md: Memdir, name: str) -> str:
    return (
        md.store("local")
        .add(
            type="feedback",
            name=name,
            description=f"about {name}",
            body=f"{name} body.",
            source="extractor",
            origins=["session:x"],
        )
        .id
    )


def test_a_use_counted_through_one_host_name_counts_through_another(
    pg_url: str, tmp_path: Path, project: Path, clock: Clock
) -> None:
    """A read through localhost keeps the entry in 127.0.0.1's snapshot, usage counts
    and archiving policy (usage names the scope by its key, not the server's URL)."""
    one, two = _two_servers(pg_url, tmp_path, project, clock)
    used, idle = _extracted(one, "Used"), _extracted(one, "Idle")
    clock.advance(days=80)
    with two.session() as s:
        assert s.call_tool("memory_read", {"id": used})["success"]
    clock.advance(days=11)  # 91 days after creation, 11 after the read
    block = one.system_block()
    assert f"({used}.md)" in block and f"({idle}.md)" not in block
    counts = {e.entry.id: (e.uses, e.last_used) for e in one.overview()}
    assert counts[used] == (1, clock.now - timedelta(days=11)) and counts[idle] == (0, None)
    assert one.pipeline.archive_unused() == [f"local: {idle}"]
    assert [e.id for e in two.store("local").list()] == [used]
    one.close()
    two.close()


def test_a_consolidation_queued_through_one_host_name_runs_through_another(
    pg_url: str, tmp_path: Path, project: Path, clock: Clock
) -> None:
    """Extraction through 127.0.0.1 queues the consolidation; its model fails there, and
    the retry is claimed through localhost, which finds the scope and writes the entry."""
    one, two = _two_servers(pg_url, tmp_path, project, clock)

    def model(kind: str, user: str) -> str:
        said = [int(i) for i in re.findall(r"\[#(\d+) user\]", user)]
        return candidates_reply(
            {"name": "Tabs", "description": "Prefers tabs", "body": "Use tabs.", "evidence": said}
        )

    one.pipeline.provider = ScriptedProvider(
        lambda kind, user: model(kind, user) if kind == "extract" else ProviderError("down")
    )
    with one.session(agent="a") as s:
        s.log("user", "I like tabs")
        s.log("assistant", "ok")
    first = one.pipeline.run()
    assert any("consolidate local" in e for e in first.errors), first.errors
    assert one.store("local").list() == []
    clock.advance(hours=2)  # past the retry's back-off
    two.pipeline.provider = ScriptedProvider(
        [ops_reply({"op": "add", "candidate": 0}), entities_reply()]  # then the entries pass
    )
    second = two.pipeline.run()
    assert second.errors == []
    assert [e.name for e in one.store("local").list()] == ["Tabs"]
    key = state_key(two.store("local"))
    job = two.pipeline.jobs.get("consolidate", key)
    assert job is not None and job.status == "done" and job.outcome == "written"
    one.close()
    two.close()


def test_step_0007_merges_the_location_keyed_usage_and_jobs_of_an_older_database(
    pg_url: str, tmp_path: Path, project: Path, clock: Clock
) -> None:
    """Usage rows, candidates and consolidate jobs an older memdir keyed by the server's
    URL are renamed to the scope key by state step 0007: the uses counted under two host
    spellings (and under the key) add up, the latest use wins, one job is left and runs;
    a row of another shape is left as it was."""
    from memdir.pg.sessions import schema_name
    from memdir.pg.state_schema import state_schema

    one, md = _two_servers(pg_url, tmp_path, project, clock)
    name = schema_name(pg_url.rsplit("search_path%3D", 1)[1], "alice")
    full = state_schema(name, "state/alice")
    assert [s.name for s in full.steps[5:7]] == [
        "0006_tombstones_by_scope_key",
        "0007_usage_by_scope_key",
    ]
    PgDatabase(pg_url).ensure(Schema(full.component, full.steps[:6]))
    key = state_key(md.store("local"))
    spellings = [one.store("local").backend.location, md.store("local").backend.location]
    cand = {"type": "feedback", "name": "Tabs", "description": "Prefers tabs"}
    cand |= {"body": "Use tabs.", "scope": "local", "evidence": [1], "confidence": 0.9}
    cand |= {"session_id": "s1"}
    project_key = md.pipeline.project
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute(f'SET search_path TO "{name}"')
        for location, count, last in (
            (spellings[0], 2, 100.0),
            (spellings[1], 3, 300.0),
            (key, 4, 200.0),
            ("/home/someone/.memdir/scope", 7, 50.0),
        ):
            conn.execute(
                "INSERT INTO usage (location, entry_id, usage_count, last_used) "
                "VALUES (%s, 'feedback_tabs', %s, %s)",
                (location, count, last),
            )
        conn.execute("INSERT INTO sessions (id, agent, started_at) VALUES ('s1', 'a', 0)")
        for location, status in ((spellings[0], "error"), (spellings[1], "done")):
            row = conn.execute(
                "INSERT INTO candidates (location, session_id, data, created_at) "
                "VALUES (%s, 's1', %s, 0) RETURNING id",
                (location, json.dumps(cand)),
            ).fetchone()
            assert row is not None
            conn.execute(
                "INSERT INTO jobs (kind, key, project, status, retries_left, input_watermark, "
                "done_watermark, created_at, updated_at) "
                "VALUES ('consolidate', %s, %s, %s, 0, %s, %s, 0, 0)",
                (location, project_key, status, row[0], row[0] if status == "done" else 0),
            )
    # reached through the other host name: the first state use brings the schema along
    assert md.pipeline.usage.get(key, "feedback_tabs") == (9, to_datetime(300.0))
    assert md.pipeline.usage.get("/home/someone/.memdir/scope", "feedback_tabs")[0] == 7
    assert "0007_usage_by_scope_key" in [n for n, _ in md.pipeline.jobs.db.migrations()]
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute(f'SET search_path TO "{name}"')
        usage = conn.execute("SELECT location FROM usage ORDER BY location").fetchall()
        jobs = conn.execute("SELECT key, status FROM jobs WHERE kind = 'consolidate'").fetchall()
        cands = conn.execute("SELECT DISTINCT location FROM candidates").fetchall()
    assert sorted(usage) == sorted([("/home/someone/.memdir/scope",), (key,)])
    assert jobs == [(key, "pending")] and cands == [(key,)]
    md.pipeline.provider = ScriptedProvider(
        [ops_reply({"op": "add", "candidate": 0}), entities_reply()]  # then the entries pass
    )
    assert md.pipeline.run(scan=False).errors == []
    assert [e.name for e in one.store("local").list()] == ["Tabs"]
    one.close()
    md.close()
