"""Fuzz pass (fuzz58) over the PostgreSQL backend with what models, users and other
machines send: any text as an entry's name, description and body, a search query, a
session message, a user name, a project's remote URL. Each is stored and read back byte
for byte as on the SQLite/files backend (the same operations on both, compared), or
refused with memdir's own error on both alike; never a psycopg exception. A home of odd
entries pushed and pulled back is the same, and a second push writes nothing. Skipped
without MEMDIR_TEST_DATABASE_URL."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from conftest import Clock, team_env
from memdir.core.config import load_settings
from memdir.core.errors import MemdirError, ValidationError
from memdir.engine import Memdir
from memdir.pg import users, wire
from memdir.pg.db import PgDatabase
from memdir.pg.names import user_name
from memdir.pg.transfer import Ledger, entries_of, push_bases, transfer

FUZZ = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
#: pieces of hostile text: NUL, lone surrogates, line separators, bidi, combining marks,
#: SQL/tsquery and LIKE metacharacters, JSON, emoji, CJK
_ODD = ["a", " ", "\x00", "\ud800", "\udfff", "\u2028", "\u2029", "\u202e", "\u200f", "e\u0301"]
_ODD += ["&", "|", "!", "<->", ":*", "(", ")", "'", "\\", "%", "_", '"', "--", ";", "$$"]
_ODD += ['{"a": [1]}', "😀", "部门聚餐", "\ufeff", "\r", "\n", "\t", "NULL", "E'\\\\x00'"]
_ODD += ["\uffff", "\U0010ffff", "ǅ", "İ", "ß", "Ω", "\x85", "\x7f", "\u00a0", "a" * 300]
ODD = st.lists(st.sampled_from(_ODD), min_size=1, max_size=10).map("".join)
_serial = itertools.count()


@dataclass
class Pair:
    """One project opened twice: on files + git + state.db, and on PostgreSQL."""

    files: Memdir
    pg: Memdir

    def both(self) -> tuple[Memdir, Memdir]:
        return self.files, self.pg


def _open(root: Path, env: dict[str, str]) -> Memdir:
    base = {"MEMDIR_MANAGED_DIR": str(root / "managed"), "MEMDIR_BACKGROUND": "0", **env}
    return Memdir(load_settings(root / "home", root / "project", environ=base), clock=Clock())


@pytest.fixture(scope="module")
def pair(module_pg_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Pair]:
    root = tmp_path_factory.mktemp("fuzz58pg")
    for side in ("files", "pg"):
        (root / side / "project").mkdir(parents=True)
    both = Pair(
        _open(root / "files", {}),
        _open(root / "pg", team_env(module_pg_url, root / "pg" / "project")),
    )
    yield both
    both.files.close()
    both.pg.close()


def _outcome(call: Callable[[], Any]) -> tuple[str, Any]:
    """("ok", what ``call`` returned) or ("refused", its MemdirError's type and text);
    any other exception fails the test."""
    try:
        return "ok", call()
    except MemdirError as exc:
        return "refused", (type(exc).__name__, str(exc))


# -- entries: stored, read and found alike --------------------------------------------------


@pytest.mark.parametrize("name", ["\ud800\u202e", "\u202e\udfff x"])
def test_a_refused_name_with_a_lone_surrogate_is_a_guard_error_not_an_encode_error(
    pair: Pair, name: str
) -> None:
    """A name the guard refuses (a bidi control) that also holds a lone surrogate (JSON's
    ``\\ud800`` from a model, a non-UTF-8 argument in the CLI): recording the refusal
    (guard-refusals.jsonl; the user's state on PostgreSQL) raised UnicodeEncodeError, a
    traceback in place of the refusal. (medium: a traceback on a plausible input)"""
    for md in pair.both():
        with pytest.raises(MemdirError, match=r"unicode\.bidi"):
            md.store("local").add(type="project", name=name, description="d", body="b")
        newest = md.refusals(1)[0]
        assert newest.rule == "unicode.bidi" and "\ufffd" in newest.name, md


@FUZZ
@given(name=ODD, description=ODD, body=ODD)
@example(name="a", description="a", body="x\x00y")
@example(name="a", description="a\u2028b", body="'); DROP TABLE memdir_files; --")
@example(name="a%_", description="b", body="\\x00 E'\\\\' $$ $q$")
@example(name="b", description="b", body="\uffff\t_!\xa0")  # the last line trimmed (CI)
def test_any_entry_text_is_kept_byte_for_byte_as_on_sqlite_or_refused_alike(
    pair: Pair, name: str, description: str, body: str
) -> None:
    results = []
    before = {e.id for e in pair.both()[0].store("local").list()}  # earlier examples' entries
    for md in pair.both():

        def add(md: Memdir = md) -> tuple[str, str, str, str]:
            added = md.store("local").add(
                type="project", name=name, description=description, body=body
            )
            got = md.store("local").get(added.id)
            return got.id, got.name, got.description, got.body

        results.append(_outcome(add))
    assert results[0] == results[1], (name, description, body)
    if results[0][0] == "ok" and results[0][1][0] not in before:  # not a duplicate's
        assert results[0][1][3] == body.rstrip()  # as sent (a body's last line is trimmed)


@FUZZ
@given(query=ODD)
@example(query="a & !b | c:* <-> (d)")
@example(query="%_\\")
@example(query="\x00")
def test_any_search_query_finds_the_same_entries_on_both_backends(pair: Pair, query: str) -> None:
    for md in pair.both():
        if not md.store("user").list():
            for name, body in (("Deploy & ship", "pnpm <-> yarn: 100% _done_"), ("部门", "聚餐")):
                md.store("user").add(type="user", name=name, description="d", body=body)
    found = []
    for md in pair.both():
        found.append(_outcome(lambda md=md: sorted(h.entry.id for h in md.search(query))))
    assert found[0] == found[1], query


@pytest.mark.parametrize("query", ["a\u202ea", "a\u200ba", "a.a", "a-a"])
def test_a_format_character_inside_a_query_word_finds_the_same_on_both_backends(
    pg_url: str, tmp_path: Path, query: str
) -> None:
    """A format character (U+202E, U+200B) splits a query word on both backends, as a
    "." does: "a<U+202E>a" asks for the phrase "a a". PostgreSQL found the entry named "a"
    described "a" too: its stems of the three columns were one run of positions, so a
    phrase spanned two columns, which FTS5's never do (mend59p: pg/fts.COLUMN_GAP)."""
    found = []
    for side, env in (("files", {}), ("pg", None)):
        (tmp_path / side / "project").mkdir(parents=True)
        if env is None:
            env = team_env(pg_url, tmp_path / side / "project")
        md = _open(tmp_path / side, env)
        md.store("local").add(type="project", name="a", description="a", body="a")
        md.store("local").add(type="project", name="alpha aa", description="d", body="a a a")
        found.append(sorted(h.entry.id for h in md.search(query)))
        md.close()
    assert found[0] == found[1]


# -- session messages ------------------------------------------------------------------------


def _as_stored_on_postgresql(row: tuple[Any, ...]) -> tuple[Any, ...]:
    """A message's (role, content, tool name, tool calls) as PostgreSQL keeps them: NUL
    in its text columns as U+FFFD (its text cannot hold NUL; docs/design/team-server.md);
    the tool calls' JSON escapes it."""
    *texts, calls = row
    return (*(t if t is None else t.replace("\x00", "\ufffd") for t in texts), calls)


@FUZZ
@given(role=ODD, content=ODD, tool=st.none() | ODD, calls=st.none() | st.lists(ODD, max_size=3))
@example(role="user", content="a\x00b", tool=None, calls=None)
@example(role="user", content="x", tool="t", calls=["\ud800"])
@example(role="user", content="\ud800 \U0001f600 \u2028", tool="t\x00", calls=["a\x00"])
def test_any_session_message_is_kept_as_on_sqlite_or_refused_alike(
    pair: Pair, role: str, content: str, tool: str | None, calls: list[str] | None
) -> None:
    sid = f"fuzz58-{next(_serial)}"
    results = []
    for md in pair.both():

        def log(md: Memdir = md) -> tuple[Any, ...]:
            md.sessions.start("fuzz58", session_id=sid)
            md.sessions.log(sid, role, content, tool_name=tool, tool_calls=calls)
            (m,) = md.sessions.messages(sid)
            return m.role, m.content, m.tool_name, m.tool_calls

        results.append(_outcome(log))
    files, pg = results
    if files[0] == "ok":
        files = ("ok", _as_stored_on_postgresql(files[1]))
    assert files == pg, (role, content, tool, calls)


@pytest.mark.parametrize("content", ["bad \ud800 surrogate", "\udfff", "a\udcffb?"])
def test_a_lone_surrogate_in_a_message_is_stored_as_u_fffd_as_documented(
    pair: Pair, content: str
) -> None:
    """sessions/rows.py says a lone surrogate is stored as U+FFFD; it was stored as "?"
    (``str.encode(errors="replace")``), a real question mark: the message then matched
    a search for "?" and read as a question. (low: text changed otherwise than said)"""
    for md in pair.both():
        sid = md.sessions.start("fuzz58").id
        md.sessions.log(sid, "user", content)
        (m,) = md.sessions.messages(sid)
        assert m.content == content.replace("\ud800", "\ufffd").replace("\udfff", "\ufffd").replace(
            "\udcff", "\ufffd"
        ), md


# -- users and project URLs (team only) ----------------------------------------------------


@FUZZ
@given(name=ODD, remote=ODD)
@example(name="alice", remote="https://git.example.test/a'b/c%_d.git")
@example(name="alice", remote="git@git.example.test:o/\x00.git")
@example(name="bob'; --", remote="https://git.example.test/o/r\u202e.git")
def test_any_user_name_or_remote_url_is_kept_or_refused_with_memdirs_error(
    pair: Pair, module_pg_url: str, name: str, remote: str
) -> None:
    db = PgDatabase.shared(module_pg_url)
    added = _outcome(lambda: users.add(db, name))
    if added[0] == "ok":
        kept = user_name(name)
        assert users.exists(db, kept)
        assert kept in [u.name for u in users.listing(db)]
    granted = _outcome(lambda: users.grant(db, "alice", remote))
    if granted[0] == "ok":
        url = granted[1]
        assert users.is_granted(db, "alice", url)
        assert url in next(u for u in users.listing(db) if u.name == "alice").projects


# -- push and pull ---------------------------------------------------------------------------


def test_an_entry_on_the_wire_reads_back_as_sent(pair: Pair) -> None:
    entry = pair.files.store("user").add(
        type="user", name="Wire é 😀 <->", description="d \u2028 e", body="x\ty 部门 '%_' \\ $$"
    )
    parsed = wire.parse_entry(wire.entry_json(entry), "entry")
    assert (parsed.id, parsed.name, parsed.description, parsed.body) == (
        entry.id,
        entry.name,
        entry.description,
        entry.body,
    )


@settings(max_examples=4, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(st.tuples(ODD, ODD, ODD), min_size=1, max_size=3))
@example([("Deploy & ship <->", "d \u2028 e", "x\ty 部门 '%_' \\ $$"), ("ǅİß 😀", "Ω", ":*")])
def test_a_home_of_odd_entries_pushed_and_pulled_back_is_the_same(
    module_pg_url: str, tmp_path_factory: pytest.TempPathFactory, texts: list[tuple[str, str, str]]
) -> None:
    """``memdir push --database`` then ``pull --database`` into another home, as the CLI
    runs them: what was pushed comes back as it was; a second push writes nothing."""
    root = tmp_path_factory.mktemp("pushpull")
    for side in ("laptop", "server", "other"):
        (root / side / "project").mkdir(parents=True)
    team = team_env(module_pg_url, root / "server" / "project", user=f"u{next(_serial)}")
    laptop, server, other = (_open(root / side, {}) for side in ("laptop", "server", "other"))
    server.close()
    server = _open(root / "server", team)
    try:
        for name, description, body in texts:
            _outcome(
                lambda n=name, d=description, b=body: laptop.store("user").add(
                    type="user", name=n, description=d, body=b
                )
            )
        sent = {(e.id, e.name, e.description, e.body) for e in laptop.store("user").list()}
        ledger = Ledger(laptop.home, apply=True)

        def push() -> set[str]:
            side, notes = entries_of(laptop)
            bases = push_bases(ledger, laptop, side)
            done = transfer(
                side, server, apply=True, notes=notes, bases=bases, pushed_from=(ledger, laptop)
            )
            return {m.action for m in done.moves}

        assert push() <= {"add"}
        side, _ = entries_of(server)
        pulled = transfer(side, other, apply=True, ledger=Ledger(other.home, apply=True))
        assert {m.action for m in pulled.moves} <= {"add"}, pulled.moves
        back = {(e.id, e.name, e.description, e.body) for e in other.store("user").list()}
        assert back == sent
        assert push() <= {"same"}  # a second push writes nothing
    finally:
        for md in (laptop, server, other):
            md.close()


_FIELD = st.one_of(ODD, st.none(), st.integers(), st.booleans(), st.lists(ODD, max_size=2))
_NEAR_ENTRY = st.fixed_dictionaries(
    {},
    optional={
        "id": st.sampled_from(["user_a", ".x", "a/b", "", "a" * 201]) | ODD,
        "type": st.sampled_from(["user", "feedback", "project", "reference", "x"]) | _FIELD,
        "name": _FIELD,
        "description": _FIELD,
        "body": _FIELD,
        "pinned": _FIELD,
        "origins": _FIELD,
        "updated": st.sampled_from(["2026-01-01T00:00:00Z", "0000-01-01", "9999-12-31T23:59:60"])
        | _FIELD,
        "base": st.sampled_from(["0" * 64, "G" * 64]) | _FIELD,
    },
)


@settings(max_examples=300, deadline=None)
@given(
    scopes=st.dictionaries(
        st.sampled_from(["user", "project", "local", "other", ""]),
        st.lists(_NEAR_ENTRY, max_size=3) | _FIELD,
        max_size=3,
    ),
    moves=st.lists(
        st.dictionaries(
            st.sampled_from(["scope", "action", "entry", "name", "reason", "x"]),
            st.sampled_from(["add", "same", "refused", "nope"]) | _FIELD,
        ),
        max_size=3,
    ),
)
def test_a_pull_answer_or_push_report_from_any_server_parses_or_is_a_validation_error(
    scopes: dict[str, Any], moves: list[dict[str, Any]]
) -> None:
    """What ``memdir pull --server`` and ``push --server`` read from a server that may not
    be memdir: entries and a report checked, each fault memdir's ValidationError."""
    for parse in (
        lambda: wire.parse_scopes(scopes, limit=None),
        lambda: wire.parse_push({"apply": True, "scopes": scopes}),
        lambda: wire.parse_transfer({"applied": True, "moves": moves}),
    ):
        try:
            parse()
        except ValidationError as exc:
            assert str(exc)


_REMOTES = [
    "https://git.example.test/a'b/c%_d.git",
    "https://git.example.test/o/部门.git",
    "git@git.example.test:o/r\u202e.git",
    "https://git.example.test/o/r.git?x=1#f",
    "https://git.example.test/o/%00.git",
    "https://git.example.test/o/%ff.git",
    "https://user:pa ss@git.example.test/o/r2",
    "file:///tmp/x",
    "https://git.example.test/" + "a" * 5000,
    "ssh://[::1]:22/o/r",
    "https://GIT.example.test/O/R3.GIT",
    "https://git.example.test/o/r\x7f",
    "https://git.example.test/o/\u2028.git",
]


@pytest.mark.parametrize("remote", _REMOTES)
def test_a_checkout_of_any_remote_opens_the_scope_its_grant_names_or_says_why(
    module_pg_url: str, tmp_path: Path, remote: str
) -> None:
    """A cloned repository's ``origin`` (any text) on the team backend: the project scope
    a checkout of it opens is the one ``serve users grant`` names for that URL; when the
    grant refuses the URL, the checkout's project scope is unavailable with the reason,
    never a psycopg error, never another project's scope."""
    from dulwich.repo import Repo

    db = PgDatabase.shared(module_pg_url)
    user = f"g{next(_serial)}"
    users.add(db, user)
    granted = _outcome(lambda: users.grant(db, user, remote))
    (tmp_path / "project").mkdir()
    repo = Repo.init(str(tmp_path / "project"))
    config = repo.get_config()
    config.set((b"remote", b"origin"), b"url", remote.encode())
    config.write_to_path()
    repo.close()
    md = _open(tmp_path, {"MEMDIR_DATABASE_URL": module_pg_url, "MEMDIR_USER": user})
    try:
        opened = _outcome(
            lambda: md.store("project").add(type="project", name="n", description="d", body="b")
        )
        if granted[0] == "ok":
            assert opened[0] == "ok", (remote, opened)
            assert md.project_url == granted[1]
        else:
            assert opened[0] == "refused" and opened[1][0] == "AccessError", (remote, opened)
            assert "not available" in opened[1][1]
    finally:
        md.close()


@pytest.mark.parametrize(
    ("sid", "agent", "content", "tool"),
    [
        ("bulk-1", "bulk", "binary \x00 output", None),
        ("bulk-2", "bu\x00lk", "x", None),
        ("bulk\x003", "bulk", "x", None),
        ("bulk-4", "bulk", "x", "t\x00"),
    ],
)
def test_the_bulk_path_stores_a_nul_as_every_other_write_on_postgresql_does(
    pg_url: str, sid: str, agent: str, content: str, tool: str | None
) -> None:
    """``memdir.pg.bulk.copy`` (checked "as SessionStore.log_many checks its rows"): a NUL
    in a message (a tool's binary output), an agent, a session id or a tool name refused
    the whole load with "PostgreSQL text fields cannot contain NUL characters", where
    ``log_many`` on PostgreSQL stores it as U+FFFD (docs/design/team-server.md) and
    SQLite stores it as is. (medium: a load of many sessions refused for one byte)"""
    from memdir.pg.bulk import copy
    from memdir.pg.sessions import PgStateDatabase

    db = PgStateDatabase(PgDatabase(pg_url))
    try:
        copy(db, [(sid, agent, 1.7e9)], [(sid, "user", content, tool, None, None)])
        rows = db.read(
            lambda c: c.execute(
                "SELECT s.id, s.agent, m.content, m.tool_name FROM messages m "
                "JOIN sessions s ON s.id = m.session_id"
            ).fetchall()
        )
        stored = [tuple(r) for r in rows]
        expected = (sid, agent, content, tool)
        assert stored == [tuple(v if v is None else db.as_stored(v) for v in expected)]
    finally:
        db.pg.close()


def _logged(md: Memdir, role: str, content: str) -> Any:
    """The message ``role`` and ``content`` make in a new session, as read back."""
    sid = md.sessions.start("fuzz58").id
    md.sessions.log(sid, role, content)
    return md.sessions.messages(sid)[0]


SESSION_CALLS: dict[str, Callable[[Memdir], Any]] = {
    "a session id of 10,000 characters": lambda md: (
        md.sessions.start("a", session_id="s" * 10_000).id
    ),
    "an agent of 100,000 characters": lambda md: md.sessions.start("a" * 100_000).agent,
    "a role of 100,000 characters": lambda md: _logged(md, "r" * 100_000, "c").role,
    "a 2 MB message": lambda md: (
        md.sessions.log(md.sessions.start("x").id, "user", "w " * 10**6) and None
    ),
    "an id of LIKE wildcards": lambda md: md.sessions.resolve("%_\x00'").id,
    "an id of one %": lambda md: md.sessions.resolve("%").id,
    "a role filter of %": lambda md: md.sessions.search("c", role="%"),
    "an agent filter with NUL": lambda md: md.sessions.search("c", agent="\x00"),
    "a scope filter of quotes": lambda md: md.sessions.search("c", scope="'\\"),
    "a since of NUL": lambda md: md.sessions.search("c", since="\x00"),
    "a role filter with a lone surrogate": lambda md: md.sessions.search_messages(
        "w", role="\ud800"
    ),
}


@pytest.mark.parametrize("call", list(SESSION_CALLS), ids=list(SESSION_CALLS))
def test_a_session_call_with_odd_arguments_answers_as_on_sqlite(pair: Pair, call: str) -> None:
    files, pg = (_outcome(lambda md=md: SESSION_CALLS[call](md)) for md in pair.both())
    assert files == pg


def test_a_value_the_driver_refuses_is_not_blamed_on_reaching_the_server() -> None:
    """A value psycopg itself refuses to send (a DataError with no SQLSTATE: a NUL in a
    ``COPY`` row, an integer out of range) was told as a connection problem: "Check that
    the server is running (`pg_isready`), that the URL names the right host…". (low:
    wording that sends the admin to the wrong place)"""
    import psycopg

    db = object.__new__(PgDatabase)
    db.url = "postgresql://bob:s3cret@h:5/db"
    nul = psycopg.DataError("PostgreSQL text fields cannot contain NUL (0x00) bytes")
    said = str(db.error("load sessions in bulk", nul))
    assert "cannot contain NUL" in said and "pg_isready" not in said and "s3cret" not in said
    assert said.endswith("The driver refused a value before sending it.")
    assert "pg_isready" in str(db.error("connect", psycopg.OperationalError("no route")))


@pytest.mark.parametrize(
    ("server", "said"),
    [
        ("http://[::1/", "is not a URL"),  # a typo'd IPv6 address: urlsplit's ValueError
        ("http://127.0.0.1:99999999", "is not a URL"),  # was "sent no complete HTTP answer"
        ("http://u:s3cret@127.0.0.1:9", "user name or password"),  # never sent, shown
    ],
)
@pytest.mark.parametrize("command", ["push", "pull"])
def test_a_server_url_that_is_no_url_or_holds_a_password_is_a_clear_error(
    tmp_path: Path, command: str, server: str, said: str
) -> None:
    """``memdir push/pull --server URL``: an unclosed IPv6 bracket was a ValueError
    traceback (medium); a password in the URL was not used (urllib took it as part of
    the host name) and every error then showed it (low)."""
    import subprocess
    import sys

    token = tmp_path / "token"
    token.write_text("mdt_0123456789abcdef_" + "x" * 43 + "\n")
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "MEMDIR_HOME": str(tmp_path / "h")}
    env["PYTHONPATH"] = str(Path(__file__).resolve().parents[1] / "src")
    run = subprocess.run(
        [sys.executable, "-m", "memdir", command, "--server", server, "--token-file", str(token)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode != 0 and "Traceback" not in run.stderr, run.stderr
    assert said in run.stderr and "s3cret" not in run.stderr + run.stdout, run.stderr
