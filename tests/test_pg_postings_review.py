"""Review of branch pgsmall (reviewer rvpg): the postings trigger of step 0010 against a full
rebuild on write paths the branch's tests leave out, the upgrade of a state with data, and
the pool's socket check with a LISTENing connection. These pass on pgsmall: they guard
what was checked and found sound. Skipped without MEMDIR_TEST_DATABASE_URL."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from memdir.sessions import SessionStore

psycopg = pytest.importorskip("psycopg")

from memdir.pg.db import PgDatabase, Schema  # noqa: E402
from memdir.pg.sessions import PgStateDatabase, schema_name  # noqa: E402
from memdir.pg.state_schema import state_schema  # noqa: E402

#: (postings not in a rebuild, rebuild rows not in postings, nrows off, ntok off)
CHECK = """
WITH want AS (SELECT unnest(tsvector_to_array(tsv)) AS term, id FROM messages
              WHERE tsv IS NOT NULL)
SELECT (SELECT count(*) FROM (SELECT term, id FROM message_postings
                              EXCEPT ALL SELECT term, id FROM want) x),
       (SELECT count(*) FROM (SELECT term, id FROM want
                              EXCEPT ALL SELECT term, id FROM message_postings) y),
       (SELECT nrows FROM fts_stats WHERE base = 'messages') - (SELECT count(ntok) FROM messages),
       (SELECT ntok FROM fts_stats WHERE base = 'messages')
         - (SELECT coalesce(sum(ntok), 0) FROM messages)
"""


@pytest.fixture
def pg(pg_url: str) -> Iterator[PgStateDatabase]:
    db = PgStateDatabase(PgDatabase(pg_url))
    yield db
    db.pg.close()


def _raw(db: PgStateDatabase) -> Any:
    conn = psycopg.connect(db.pg.url, autocommit=True)
    conn.execute(f'SET search_path TO "{db.schema()}"')
    return conn


def _agree(db: PgStateDatabase) -> tuple[int, ...]:
    with _raw(db) as conn:
        return tuple(conn.execute(CHECK).fetchone())


def test_postings_equal_a_rebuild_after_a_blocked_update_of_the_same_row(
    pg: PgStateDatabase,
) -> None:
    """Two writers replace one row's terms; the second waits on the first's row lock and
    then updates the version the first committed (READ COMMITTED re-check): its trigger
    must diff against that version, not the one it first saw."""
    store = SessionStore(pg)
    store.start("a", session_id="s")
    (mid,) = store.log_many("s", [("user", "alpha beta gamma", None, None, None)])
    sql = "UPDATE messages SET tsv = to_tsvector('simple', %s), ntok = 3 WHERE id = %s"
    with _raw(pg) as one, _raw(pg) as two:
        one.execute("BEGIN")
        one.execute(sql, ("beta delta epsilon", mid))
        err: list[BaseException] = []

        def second() -> None:
            try:
                two.execute(sql, ("gamma epsilon zeta", mid))
            except BaseException as exc:  # noqa: BLE001
                err.append(exc)

        t = threading.Thread(target=second)
        t.start()
        time.sleep(0.5)  # the second is blocked on the row lock
        one.execute("COMMIT")
        t.join(10)
    assert not err, err
    assert _agree(pg) == (0, 0, 0, 0)
    with _raw(pg) as conn:
        terms = {
            t for (t,) in conn.execute("SELECT term FROM message_postings WHERE id = %s", (mid,))
        }
    assert terms == {"gamma", "epsilon", "zeta"}


def test_postings_follow_an_id_change_a_swap_and_a_no_op_update(pg: PgStateDatabase) -> None:
    """Rows renumbered, two rows' vectors swapped with a third's kept, ``tsv`` set to
    itself and another column changed: the postings stay a rebuild's."""
    store = SessionStore(pg)
    store.start("a", session_id="s")
    ids = store.log_many(
        "s", [("user", f"common word{i} shared{i % 2}", None, None, None) for i in range(4)]
    )
    with _raw(pg) as conn:
        conn.execute("UPDATE messages SET id = id + 100 WHERE id = ANY(%s)", (ids[:2],))
        conn.execute(
            "UPDATE messages m SET tsv = o.tsv, ntok = o.ntok FROM messages o "
            "WHERE m.id + o.id = %s AND m.id IN (%s, %s)",
            (ids[2] + ids[3], ids[2], ids[3]),
        )
        conn.execute("UPDATE messages SET tsv = tsv || '', role = 'assistant'")
    assert _agree(pg) == (0, 0, 0, 0)


def test_step_0010_upgrades_an_older_state_with_its_rows_in_place(pg_url: str) -> None:
    """A state made through step 0009 with indexed rows: opening it applies step 0010,
    loses no row, keeps postings and counters a rebuild's, and a deep repair after it
    (the path the step serves) keeps them so."""
    name = schema_name(pg_url.rsplit("search_path%3D", 1)[1], "older")
    full = state_schema(name, "state/older")
    assert full.steps[9].name == "0010_postings_by_difference"
    older = PgDatabase(pg_url)
    older.ensure(Schema(full.component, full.steps[:9]))
    older.close()
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute(f'SET search_path TO "{name}"')
        conn.execute("INSERT INTO sessions (id, agent, started_at) VALUES ('s', 'a', 0)")
        conn.execute(
            "INSERT INTO messages (session_id, role, content, timestamp, tsv, ntok) "
            "SELECT 's', 'user', 'older text ' || i, 0, to_tsvector('simple', 'older text ' "
            "|| i), 3 FROM generate_series(1, 30) i"
        )
    db = PgStateDatabase(PgDatabase(pg_url), user="older")
    try:
        assert _agree(db) == (0, 0, 0, 0)  # opens the state: its steps applied
        applied = [name for name, _ in db.pg.migrations("state/older")]
        assert applied[9:] == [s.name for s in full.steps[9:]]
        with _raw(db) as conn:
            assert conn.execute("SELECT count(*) FROM messages").fetchone()[0] == 30
            conn.execute("ALTER TABLE messages DISABLE TRIGGER messages_text")
            conn.execute(
                "UPDATE messages SET content = replace(content, 'older', 'quokka') WHERE id % 3 = 0"
            )
            conn.execute("ALTER TABLE messages ENABLE TRIGGER messages_text")
        fixed = db.health(repair=True, deep=True)
        assert (fixed.text_disagreed, fixed.text_repaired) == (10, 10)
        assert _agree(db) == (0, 0, 0, 0)
        assert len(SessionStore(db).search_messages("quokka", limit=50)) == 10
    finally:
        db.pg.close()


def test_the_pool_check_keeps_a_listening_connection_and_its_notification(
    pg_url: str,
) -> None:
    """A pooled connection whose socket is readable because of a NOTIFY (not death) is
    handed out again, the same one, and the notification is still there to read."""
    db = PgDatabase(pg_url, max_size=1)
    try:
        with db.read() as conn:
            conn.execute("LISTEN memdir_review")
            pid = conn.info.backend_pid
        with psycopg.connect(pg_url, autocommit=True) as other:
            other.execute("NOTIFY memdir_review, 'invalidate'")
        time.sleep(0.3)
        with db.read() as conn:
            assert conn.info.backend_pid == pid
            conn.execute("SELECT 1")
            got = [n.payload for n in conn.notifies(timeout=1, stop_after=1)]
        assert got == ["invalidate"]
    finally:
        db.close()
