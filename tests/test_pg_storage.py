"""The PostgreSQL scope backend below the Store: the lock's timeout, append-only history,
names that could leave a scope, a read-only user."""

from __future__ import annotations

import threading
from pathlib import Path

import psycopg
import pytest

import memdir
from conftest import add, team_env
from memdir.core.config import load_settings
from memdir.core.errors import LockTimeoutError, PostgresError
from memdir.core.storage.postgres import PgBackend, PgHistory, ScopeKey
from memdir.engine import Memdir
from memdir.pg.db import PgDatabase, Schema
from memdir.pg.schema import MEMORY


def test_a_held_scope_lock_times_out_with_a_clear_error(pg_url: str) -> None:
    db = PgDatabase(pg_url)
    backend = PgBackend(db, ScopeKey.user("alice"), "alice")
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
    backend = PgBackend(db, ScopeKey.user("alice"), "alice")
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
    backend = PgBackend(PgDatabase(pg_url), ScopeKey.user("alice"), "alice")
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
    found = md.tombstones.forgotten(store.backend.location, gone.body, gone.name)
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


def test_an_add_holds_its_scope_lock_for_one_round_trip(pg_url: str) -> None:
    """What serialises the writers of one scope is the round trips made while its lock is
    held: an add sends its listing with the lock and its writes, history row and COMMIT
    together (bench/pg_calls.py counts libpq's sends; a count, not a timing)."""
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[1]
    done = subprocess.run(
        [sys.executable, str(root / "bench" / "pg_calls.py"), "--calls", "2", "--only",
         "memory add,memory replace"],
        env={**os.environ, "PYTHONPATH": str(root / "src")},
        capture_output=True, text=True, timeout=300, check=True,
    )  # fmt: skip
    held = {
        cells[0]: float(cells[2])
        for line in done.stdout.splitlines()
        if len(cells := [c.strip() for c in line.strip("|").split("|")]) == 3
        and cells[0].startswith("memory ")
    }
    # add: the writes with COMMIT; replace: and the archive's names (a new archived id)
    assert held == {"memory add": 1.0, "memory replace": 2.0}, done.stdout


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
    users.add(db, "carol", admin=True)
    backend = PgBackend(db, ScopeKey.org(), "carol")
    with backend.lock(5):
        backend.write("user_a.md", b"a")
    with pytest.raises(AccessError, match="may not write"), backend.lock(5):
        backend.write("user_b.md", b"b")
        users.set_admin(db, "carol", False)
        backend.write("user_c.md", b"c")
    assert set(backend.listing()) == {"user_a.md"}
