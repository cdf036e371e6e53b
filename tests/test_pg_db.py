"""The PostgreSQL connection layer: URLs, errors, transactions, schema steps across
processes. Real server (MEMDIR_TEST_DATABASE_URL); skipped without one."""

from __future__ import annotations

import socket
import subprocess
import sys
import textwrap

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memdir.core.errors import MemdirError, PostgresError, ValidationError
from memdir.pg.db import PgDatabase, Schema, Step, check_url, redact

STEPS = Schema(
    "demo",
    (
        Step("0001-notes", ("CREATE TABLE notes (id serial PRIMARY KEY, text text NOT NULL)",)),
        Step("0002-tag", ("ALTER TABLE notes ADD COLUMN tag text",)),
    ),
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.parametrize(
    "url", ["", "   ", "mysql://x@y/z", "sqlite:///tmp/x", "postgresql://h/db?sslmode", "x" * 5000]
)
def test_bad_urls_are_validation_errors(url: str) -> None:
    with pytest.raises(ValidationError) as err:
        check_url(url)
    assert "database URL" in str(err.value) or "PostgreSQL URL" in str(err.value)


def test_password_never_in_messages() -> None:
    assert redact("postgresql://bob:s3cret@h:5/db") == "postgresql://bob:***@h:5/db"
    with pytest.raises(PostgresError) as err:
        PgDatabase(f"postgresql://bob:s3cret@127.0.0.1:{free_port()}/db", connect_timeout=2)
    assert "s3cret" not in str(err.value)
    assert "pg_isready" in str(err.value)


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("postgresql://h/db?PassWord=se#cret&sslmode=require", "h/db?PassWord=***&sslmode=require"),
        ("postgresql://h/db?sslpassword=a&b&port=5", "h/db?sslpassword=***&port=5"),
        ("postgresql://h/db?%50ASSWORD=x&application_name=me", "?%50ASSWORD=***&application_name"),
        ("postgresql://u:p@ss@h:5/db?application_name=a@b", "u:***@h:5/db?application_name=a@b"),
        ("postgresql://u:pw@h?application_name=me@laptop", "u:***@h?application_name=me@laptop"),
    ],
)
def test_redact_hides_each_password_piece_and_keeps_the_rest(url: str, shown: str) -> None:
    assert shown in redact(url), redact(url)
    for secret in ("cret", "a&b", "x&", "ss@", "pw"):
        assert secret not in redact(url), redact(url)


def test_a_keyword_connection_string_is_read_as_the_same_url(pg_url: str) -> None:
    from psycopg import conninfo

    parts = conninfo.conninfo_to_dict(pg_url)
    dsn = " ".join(f"{k}='{v}'" for k, v in parts.items())  # host='…' port='…' options='…'
    assert not dsn.startswith("postgresql")
    db = PgDatabase(dsn)
    assert db.url.startswith("postgresql://") and conninfo.conninfo_to_dict(db.url) == (
        conninfo.conninfo_to_dict(dsn)
    )
    with db.read() as conn:
        assert conn.execute("SELECT 1").fetchone() == (1,)
    db.close()


@pytest.mark.parametrize(
    "dsn",
    [
        "host=127.0.0.1 port=9 user=u password=hunter2-s3cret dbname=db",
        "host=h password='hunter2 s3cret' dbname=db",
        "host=h password = hunter2-s3cret sslmode=bogus",
        "host=h password=hunter2 s3cret dbname=db",  # a space unquoted: libpq cannot parse it
        "host=h PassWord=hunter2-s3cret port=x",
    ],
)
def test_a_keyword_connection_string_never_shows_its_password(dsn: str) -> None:
    assert "hunter2" not in redact(dsn) and "s3cret" not in redact(dsn), redact(dsn)
    try:
        said = redact(check_url(dsn))
        PgDatabase(dsn, connect_timeout=2)
    except MemdirError as exc:
        said = str(exc)
    assert "hunter2" not in said and "s3cret" not in said, said


def test_a_refused_statement_is_not_blamed_on_reaching_the_server() -> None:
    import psycopg

    db = object.__new__(PgDatabase)
    db.url = "postgresql://bob:s3cret@h:5/db"
    refused = str(db.error("apply step 0007", psycopg.errors.UniqueViolation("dup key")))
    assert (
        "dup key" in refused and "refused the statement" in refused and "pg_isready" not in refused
    )
    assert "pg_isready" in str(db.error("connect", psycopg.OperationalError("no route")))


@given(st.text(max_size=300))
def test_fuzzed_urls_never_raise_anything_else(url: str) -> None:
    try:
        assert check_url(url).lower().startswith(("postgresql://", "postgres://"))
    except ValidationError as exc:
        assert exc.field == "database_url"


@given(st.text(max_size=60))
def test_fuzzed_url_tails_never_raise_anything_else(tail: str) -> None:
    try:
        check_url("postgresql://" + tail)
    except ValidationError as exc:
        assert exc.field == "database_url"


def test_unreachable_server_is_a_clear_error() -> None:
    with pytest.raises(PostgresError) as err:
        PgDatabase(f"postgresql://memdir@127.0.0.1:{free_port()}/nothing", connect_timeout=2)
    assert "Could not connect" in str(err.value)
    assert isinstance(err.value, MemdirError)


def test_unknown_database_is_a_clear_error(pg_url: str) -> None:
    url = pg_url.split("?")[0].rsplit("/", 1)[0] + "/no_such_db_here"
    with pytest.raises(PostgresError) as err:
        PgDatabase(url)
    assert "no_such_db_here" in str(err.value)


def test_steps_apply_once_in_order(pg_url: str) -> None:
    db = PgDatabase(pg_url)
    db.ensure(STEPS)
    db.ensure(STEPS)
    assert [n for n, _ in db.migrations("demo")] == ["0001-notes", "0002-tag"]
    with db.transaction() as conn:
        conn.execute("INSERT INTO notes (text, tag) VALUES ('a', 'b')")
    # a later memdir appends a step: only that one runs
    more = Schema("demo", (*STEPS.steps, Step("0003-idx", ("CREATE INDEX ON notes (tag)",))))
    db2 = PgDatabase(pg_url)
    db2.ensure(more)
    assert [n for n, _ in db2.migrations("demo")][-1] == "0003-idx"
    with db2.transaction() as conn:
        assert conn.execute("SELECT count(*) FROM notes").fetchone() == (1,)
    # an older memdir refuses the newer database
    with pytest.raises(PostgresError, match="newer memdir"):
        PgDatabase(pg_url).ensure(STEPS)
    db.close()
    db2.close()


def test_transaction_rolls_back_and_translates(pg_url: str) -> None:
    db = PgDatabase(pg_url)
    db.ensure(STEPS)
    with pytest.raises(RuntimeError), db.transaction() as conn:
        conn.execute("INSERT INTO notes (text) VALUES ('gone')")
        raise RuntimeError("boom")
    with pytest.raises(PostgresError, match="null value"), db.transaction("add") as conn:
        conn.execute("INSERT INTO notes (text) VALUES (NULL)")
    with db.transaction() as conn:
        assert conn.execute("SELECT count(*) FROM notes").fetchone() == (0,)
    db.close()


def test_a_failing_step_leaves_nothing(pg_url: str) -> None:
    bad = Schema("bad", (Step("0001", ("CREATE TABLE half (x int)", "SELECT nonsense()")),))
    db = PgDatabase(pg_url)
    with pytest.raises(PostgresError, match="apply schema step bad/0001"):
        db.ensure(bad)
    assert db.migrations("bad") == []
    with db.transaction() as conn:
        assert conn.execute("SELECT to_regclass('half')").fetchone() == (None,)


def test_concurrent_processes_agree_on_the_steps(pg_url: str) -> None:
    code = textwrap.dedent(
        f"""
        import sys
        from memdir.pg.db import PgDatabase, Schema, Step
        steps = tuple(
            Step(f"{{i:04d}}", (f"CREATE TABLE race_{{i}} (x int)",)) for i in range(12)
        )
        PgDatabase({pg_url!r}).ensure(Schema("race", steps))
        print("ok")
        """
    )
    procs = [
        subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
        for _ in range(4)
    ]
    outs = [p.communicate(timeout=60)[0] for p in procs]
    assert [p.returncode for p in procs] == [0, 0, 0, 0], outs
    names = [n for n, _ in PgDatabase(pg_url).migrations("race")]
    assert names == [f"{i:04d}" for i in range(12)]
