"""The PostgreSQL scope backend below the Store: the lock's timeout, append-only history,
names that could leave a scope, a read-only user."""

from __future__ import annotations

import threading

import psycopg
import pytest

import memdir
from memdir.core.errors import LockTimeoutError
from memdir.core.storage.postgres import PgBackend, PgHistory, ScopeKey
from memdir.pg.db import PgDatabase
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
