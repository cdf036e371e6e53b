"""Review rr59 of round 59's source change: what it found, each a test. Real HTTP on
loopback."""

from __future__ import annotations

import http.server
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from memdir.core.errors import MemdirError
from memdir.pg.remote import Server


class _LongLength(http.server.BaseHTTPRequestHandler):
    """An answer whose Content-Length has 5,000 digits (past Python's int() limit)."""

    protocol_version = "HTTP/1.1"

    def do_GET(self) -> None:
        self.send_response(int(self.server.status))  # type: ignore[attr-defined]
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", "9" * 5000)
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(b'{"memdir": 1}')

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(params=[200, 500])
def long_length(request: pytest.FixtureRequest) -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _LongLength)
    server.status = request.param  # type: ignore[attr-defined]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def test_a_content_length_of_5000_digits_is_a_memdir_error_not_a_value_error(
    long_length: str,
) -> None:
    """pg/remote.py Server._bounded: int() of a 5,000-digit Content-Length raised
    ValueError (Python's digit limit), which call() lets out as a traceback."""
    server = Server(long_length, "mdt_0123456789abcdef_" + "x" * 43)
    with pytest.raises(MemdirError):
        server.call("GET", "/api/entries", "https://github.com/acme/app")


def test_a_team_state_indexed_before_the_column_gap_is_indexed_again(pg_url: str) -> None:
    """pg/fts.py COLUMN_GAP (mend59p) changed the terms the analyzer makes of every row of
    two columns or more, with no state step to index old rows again (as 0014 did for
    marks): on a team database from before, `doctor --deep` calls each such row damaged,
    and a phrase still spans two of its columns."""
    import psycopg

    from memdir.pg.db import PgDatabase
    from memdir.pg.fts import COLUMN_GAP, analyzer
    from memdir.pg.sessions import PgStateDatabase, schema_name
    from memdir.sessions import SessionStore

    def opened() -> PgStateDatabase:
        return PgStateDatabase(PgDatabase(pg_url), user="older")

    db = opened()
    store = SessionStore(db)
    store.start("t", session_id="s0")
    store.log("s0", "assistant", "deploy kubernetes", tool_name="terraform")
    assert store.search_messages('"kubernetes terraform"', limit=5) == []
    db.pg.close()
    schema = schema_name(pg_url.rsplit("search_path%3D", 1)[1], "older")
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute(  # a database from before the step (gone where there is none)
            "DELETE FROM pg_migrations WHERE component = 'state/older' AND name = '0016_column_gap'"
        )
        conn.execute(f'SET search_path TO "{schema}"')
        (tsv,) = conn.execute("SELECT tsv::text FROM messages").fetchone() or ("",)
        assert "'-0'" in str(tsv)  # the gap, as rows are indexed now
        ((tsv_text, _),) = analyzer().vectors([("deploy kubernetes", "terraform", None)])
        conn.execute(  # as written before the gap: one run of terms
            "UPDATE messages SET tsv = to_tsvector('simple', %s)",
            (str(tsv_text).replace(COLUMN_GAP, " "),),
        )
    assert COLUMN_GAP.strip() == "-0"
    db = opened()
    health = db.health(repair=False, deep=True)
    assert health.text_disagreed == 0, health.damaged
    assert SessionStore(db).search_messages('"kubernetes terraform"', limit=5) == []
    db.pg.close()


def test_a_dry_run_pull_promises_no_move_the_apply_refuses(pg_url: str, tmp_path: Path) -> None:
    import memdir
    from memdir.core.scopes import project_slug
    from memdir.pg.names import remote_folder
    from test_team_push_server import _laptop, _run
    from test_team_server import SHARED, Team, serving_team

    t = Team(pg_url, tmp_path)
    t.tokens["alice"] = t.admin("add", "alice").stdout.strip()
    t.admin("grant", "alice", SHARED)
    md = memdir.open(tmp_path / "s", t.shared, database_url=pg_url, user="alice")
    old = md.store_at(md.home / "projects" / project_slug(t.shared))
    old.add(type="feedback", name="Old session", description="d", body="Old.")
    new = md.store_at(md.home / "projects" / project_slug(Path(remote_folder(SHARED))))
    new.add(type="feedback", name="New session", description="d", body="New.")
    md.close()
    with serving_team(t) as server:
        env = {**_laptop(t, tmp_path, "one", "alice", server), "MEMDIR_USER": "alice"}
        dry = _run(env, t.shared, "pull", "--json")
        applied = _run(env, t.shared, "pull", "--apply", "--json")
    said = [n for n in dry["notes"] if project_slug(t.shared) in n]
    assert len(said) == 1 and "1 of your entries" in said[0], dry["notes"]
    assert [n for n in applied["notes"] if "not moved" in n], applied["notes"]
    assert "`memdir pull --apply` moves them" not in said[0], said
    assert "moves nothing" in said[0] and "holds 1 entry already" in said[0], said
