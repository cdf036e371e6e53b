"""Bulk import of whole sessions (SessionStore.import_sessions): batches across sessions,
original times, idempotency, growth, streaming, validation, and other processes at once."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import memdir
from memdir.engine import Memdir
from memdir.sessions import (
    Database,
    ImportCounts,
    SessionSpec,
    SessionStore,
    SessionTitle,
    check,
)

pytestmark = pytest.mark.backends

T0 = 1_750_000_000.0


def rows(n: int, tag: str, start: int = 0) -> list[tuple[Any, ...]]:
    """n messages: user / assistant / tool turns, a Chinese line every fifth."""
    out: list[tuple[Any, ...]] = []
    for i in range(start, start + n):
        if i % 5 == 4:
            out.append(("user", f"{tag} 数据库迁移第{i}步", None, None, T0 + i))
        elif i % 3 == 2:
            out.append(("tool", f"{tag} output line {i} exit 0", "terminal", None, T0 + i))
        else:
            out.append(
                (
                    "user" if i % 3 == 0 else "assistant",
                    f"{tag} message {i} zebra{i}x",
                    None,
                    {"name": "read_file"} if i % 3 == 1 else None,
                    T0 + i,
                )
            )
    return out


def stream(sizes: dict[str, int], **spec: Any) -> Iterator[tuple[SessionSpec, Any]]:
    for sid, n in sizes.items():
        yield SessionSpec(sid, agent="importer", **spec), iter(rows(n, sid))


def test_bulk_messages_are_found_by_the_word_index(md: Memdir, backend: str) -> None:
    counts = md.sessions.import_sessions(stream({"alpha": 12, "beta": 7}), batch=5)
    assert (counts.sessions_created, counts.messages_added) == (2, 19)
    assert counts.batches == 4  # 19 rows in batches of 5, across the two sessions
    [hit] = md.sessions.search("zebra10x")  # only alpha has a 10th message
    assert (hit.session_id, hit.role) == ("alpha", "assistant")
    cjk = md.sessions.search_messages("迁移", limit=50)
    assert len(cjk) == 2 + 1  # alpha's 4th and 9th, beta's 4th
    assert {h.session_id for h in md.sessions.search("数据库")} == {"alpha", "beta"}
    assert md.sessions.search_messages("terminal", limit=50)  # tool name indexed
    health = check(md.sessions.db, repair=False)
    assert health.healthy and not health.problems  # the FTS index matches the table
    word, phrase = (  # CJK text is indexed as bigrams: a phrase of them
        (
            "SELECT count(*) FROM messages_word WHERE messages_word MATCH 'zebra10x'",
            "SELECT count(*) FROM messages_word WHERE messages_word MATCH '\"据库 库迁\"'",
        )
        if backend == "files"
        else (
            "SELECT count(*) FROM messages WHERE tsv @@ CAST('zebra10x' AS tsquery)",
            "SELECT count(*) FROM messages WHERE tsv @@ CAST('据库 <-> 库迁' AS tsquery)",
        )
    )
    direct = md.sessions.db.read(
        lambda c: (c.execute(word).fetchone()[0], c.execute(phrase).fetchone()[0])
    )
    assert direct == (1, 3)


def test_original_times_titles_and_spec_fields_are_kept(md: Memdir) -> None:
    specs = [
        (
            SessionSpec(
                "s1",
                agent="codex",
                cwd="/w/p",
                scope="-w-p",
                memory_mode="polluted",
                ended_at="2025-06-15T12:00:00Z",
            ),
            [
                ("assistant", "hello", None, None, T0 + 5),
                ("user", "  Fix the\nbuild  ", None, None, T0 + 9),
            ],
        ),
        (
            SessionSpec("s2", title="Named by spec", started_at=T0 - 100, parent_id="s1"),
            [("user", "first words", None, None, "2025-06-15T12:30:00Z")],
        ),
        (SessionSpec("empty"), []),
    ]
    counts = md.sessions.import_sessions(specs)
    assert counts.sessions_created == 3
    s1, s2, empty = (md.sessions.get(i) for i in ("s1", "s2", "empty"))
    assert (s1.agent, s1.cwd, s1.scope, s1.memory_mode) == ("codex", "/w/p", "-w-p", "polluted")
    assert s1.started_at.timestamp() == T0 + 5 and s1.title == "Fix the build"
    assert s1.ended_at is not None and s1.ended_at.isoformat() == "2025-06-15T12:00:00+00:00"
    assert [m.timestamp.timestamp() for m in md.sessions.messages("s1")] == [T0 + 5, T0 + 9]
    assert (s2.title, s2.started_at.timestamp(), s2.parent_id) == ("Named by spec", T0 - 100, "s1")
    assert md.sessions.messages("s2")[0].timestamp.isoformat() == "2025-06-15T12:30:00+00:00"
    assert empty.messages == 0 and empty.agent == "import"
    assert [h.session_id for h in md.sessions.search("first words")] == ["s1"]  # folded


def test_a_title_from_a_user_message_is_folded_and_cut_the_same_way_on_both_paths(
    md: Memdir,
) -> None:
    long = "  word\t" * 30  # 150 characters once folded
    want = " ".join(long.split())[:80]
    logged = md.sessions.start("agent").id
    md.sessions.log_many(
        logged,
        [
            ("assistant", "hi", None, None, None),
            ("user", "   ", None, None, None),
            ("user", long, None, None, None),
        ],
    )
    md.sessions.import_sessions(
        [
            (
                SessionSpec("imported"),
                [("user", " \n ", None, None, T0), ("user", long, None, None, T0)],
            )
        ],
        batch=1,
    )
    assert md.sessions.get(logged).title == want == md.sessions.get("imported").title
    assert len(want) == 80 and "\t" not in want


def test_a_title_row_names_its_session_over_any_title_and_the_last_wins(md: Memdir) -> None:
    """A :class:`SessionTitle` row (a harness's own name for a session: a rename) is the
    title, over the spec's and the first user message's, on import and on a re-import;
    the last one of a stream wins, a blank one changes nothing."""

    def once(*names: str) -> None:
        titled = [SessionTitle(n) for n in names]
        md.sessions.import_sessions(
            [(SessionSpec("r", title="Spec"), [("user", "first words", None, None, T0), *titled])],
            batch=1,
        )

    once()
    assert md.sessions.get("r").title == "Spec"
    once("  renamed\n once ", "  ")
    assert md.sessions.get("r").title == "renamed once"
    once("old name", "x" * 100)
    assert md.sessions.get("r").title == "x" * 80
    assert md.sessions.get("r").messages == 1  # a title row is no message
    with pytest.raises(memdir.ValidationError, match="session 'r': title must be a string"):
        md.sessions.import_sessions([(SessionSpec("r"), [SessionTitle(5)])])  # type: ignore[arg-type]


def test_reimport_adds_nothing(md: Memdir) -> None:
    sizes = {f"s{i}": 3 + i for i in range(6)}
    first = md.sessions.import_sessions(stream(sizes), batch=4)
    before = md.sessions.db.read(
        lambda c: c.execute("SELECT id, session_id, content FROM messages ORDER BY id").fetchall()
    )
    again = md.sessions.import_sessions(stream(sizes), batch=4)
    assert first.messages_added == again.messages_present == sum(sizes.values())
    assert again == ImportCounts(
        sessions_unchanged=6, messages_present=sum(sizes.values()), batches=again.batches
    )
    after = md.sessions.db.read(
        lambda c: c.execute("SELECT id, session_id, content FROM messages ORDER BY id").fetchall()
    )
    assert [tuple(r) for r in after] == [tuple(r) for r in before]
    assert len(md.sessions.search_messages("zebra0x", limit=50)) == 6


def test_a_grown_transcript_gets_only_its_new_messages(md: Memdir) -> None:
    md.sessions.import_sessions(
        [(SessionSpec("grow"), rows(5, "grow")), (SessionSpec("same"), rows(4, "same"))]
    )
    grown = md.sessions.import_sessions(
        [
            (SessionSpec("grow"), rows(9, "grow")),
            (SessionSpec("same"), rows(4, "same")),
            (SessionSpec("new"), rows(2, "new")),
        ],
        batch=3,
    )
    assert (grown.sessions_grown, grown.sessions_unchanged, grown.sessions_created) == (1, 1, 1)
    assert (grown.messages_added, grown.messages_present) == (4 + 2, 5 + 4)
    texts = [m.content for m in md.sessions.messages("grow")]
    assert texts == [r[1] for r in rows(9, "grow")]  # in order, none twice


def test_one_session_twice_in_a_stream_is_appended_once(md: Memdir) -> None:
    for batch in (100, 3):  # both copies in one batch; copies across batches
        counts = md.sessions.import_sessions(
            [
                (SessionSpec(f"dup{batch}"), rows(5, "d")),
                (SessionSpec("between"), rows(2, "b")),
                (SessionSpec(f"dup{batch}"), rows(7, "d")),
            ],
            batch=batch,
        )
        assert md.sessions.get(f"dup{batch}").messages == 7
        assert counts.messages_added == 7 + (2 if batch == 100 else 0)
    assert [m.content for m in md.sessions.messages("dup3")] == [r[1] for r in rows(7, "d")]


def test_rows_stream_through_a_bounded_buffer(md: Memdir) -> None:
    produced = 0
    seen: list[tuple[int, int]] = []

    def sessions() -> Iterator[tuple[SessionSpec, Iterator[tuple[Any, ...]]]]:
        def each(sid: str) -> Iterator[tuple[Any, ...]]:
            nonlocal produced
            for row in rows(37, sid):
                produced += 1
                yield row

        for i in range(30):
            yield SessionSpec(f"s{i}"), each(f"s{i}")

    def progress(counts: ImportCounts) -> None:
        seen.append((produced, counts.messages_added))

    counts = md.sessions.import_sessions(sessions(), batch=100, progress=progress)
    assert counts.messages_added == 30 * 37 and len(seen) == counts.batches == 12
    # each batch is written as soon as it is full: nothing read ahead of it
    assert all(p == written for p, written in seen)
    assert all(written % 100 == 0 for _, written in seen[:-1])


def test_routed_rows_open_child_sessions_within_one_transcript(md: Memdir) -> None:
    child = SessionSpec("main/agent-1", agent="claude-code", parent_id="main")
    other = SessionSpec("main/agent-2", agent="claude-code", parent_id="main")
    items = [
        ("user", "start the audit", None, None, T0),
        (child, ("user", "audit the lockfile", None, None, T0 + 1)),
        ("assistant", "delegated", None, None, T0 + 2),
        (other, ("user", "check licences quokka", None, None, T0 + 3)),
        (child, ("assistant", "lockfile is clean", None, None, T0 + 4)),
    ]
    counts = md.sessions.import_sessions([(SessionSpec("main"), items)], batch=2)
    assert counts.sessions_created == 3 and counts.messages_added == 5
    assert [m.content for m in md.sessions.messages("main/agent-1")] == [
        "audit the lockfile",
        "lockfile is clean",
    ]
    assert md.sessions.get("main/agent-2").parent_id == "main"
    [hit] = md.sessions.search("quokka")
    assert (hit.session_id, hit.matched_session_id) == ("main", "main/agent-2")
    again = md.sessions.import_sessions([(SessionSpec("main"), items)])
    assert (again.messages_added, again.sessions_unchanged) == (0, 3)


def test_bad_input_is_a_clear_error_and_earlier_batches_stay(md: Memdir) -> None:
    def bad_at(n: int, row: Any) -> list[tuple[SessionSpec, list[Any]]]:
        good = rows(10, "ok")
        return [(SessionSpec("ok"), [*good[:n], row, *good[n:]])]

    with pytest.raises(
        memdir.ValidationError, match=r"session 'ok', message 7: content must be a string"
    ):
        md.sessions.import_sessions(bad_at(6, ("user", None, None, None, T0)), batch=4)
    assert md.sessions.get("ok").messages == 4  # the first batch was written
    fixed = md.sessions.import_sessions([(SessionSpec("ok"), rows(10, "ok"))], batch=4)
    assert (fixed.messages_present, fixed.messages_added) == (4, 6)  # continues
    cases = [
        (bad_at(0, ("user", "x")), r"message 1: a message row is .* not 2 values"),
        (bad_at(0, "just text"), r"message 1: a message row is .* not str"),
        (bad_at(0, ("user", "x", None, None, "yesterday")), "not a date"),
        (bad_at(0, ("user", "x", 5, None, T0)), "tool_name must be a string"),
        ([(SessionSpec(""), [])], "session_id must not be empty"),
        ([(SessionSpec("m", memory_mode="odd"), [])], "memory_mode must be one of"),
        ([(SessionSpec("t", started_at="soon"), [])], r"session 't': started_at 'soon'"),
        ([("not a spec", [])], "each session is"),
        ([SessionSpec("lonely")], "each session is"),
        ([(SessionSpec("n"), None)], "session 'n': rows must be iterable, not NoneType"),
    ]
    for given_, message in cases:
        with pytest.raises(memdir.ValidationError, match=message):
            md.sessions.import_sessions(given_)  # type: ignore[arg-type]
    for batch in (0, -1, True, 10**7):
        with pytest.raises(memdir.ValidationError, match="batch must be"):
            md.sessions.import_sessions([], batch=batch)


def test_log_many_rows_are_checked_the_same_way(md: Memdir) -> None:
    md.sessions.start("a", session_id="x")
    with pytest.raises(memdir.ValidationError, match="not 3 values"):
        md.sessions.log_many("x", [("user", "hi", None)])


@given(
    st.lists(
        st.tuples(
            st.one_of(st.text(max_size=5), st.none(), st.integers()),
            st.one_of(st.text(max_size=20), st.none(), st.binary(max_size=3)),
            st.one_of(st.none(), st.text(max_size=5), st.floats()),
            st.one_of(st.none(), st.dictionaries(st.text(max_size=3), st.integers()), st.text()),
            st.one_of(st.none(), st.floats(), st.integers(), st.text(max_size=12)),
        ),
        max_size=6,
    )
)
def test_any_row_imports_or_raises_a_validation_error(
    tmp_path_factory: pytest.TempPathFactory, given_rows: list[tuple[Any, ...]]
) -> None:
    store = SessionStore(Database(tmp_path_factory.mktemp("fuzz") / "state.db"))
    try:
        counts = store.import_sessions([(SessionSpec("f"), given_rows)], batch=2)
    except memdir.ValidationError:
        return
    assert counts.messages_added == len(given_rows) == store.count()[1]


READER = textwrap.dedent("""
    import json, pathlib, sys, time
    from memdir.sessions import Database, SessionStore
    store = SessionStore(Database(sys.argv[1]))
    stop, seen, errors, searches = pathlib.Path(sys.argv[2]), [], [], 0
    pathlib.Path(sys.argv[3]).touch()
    while not stop.exists():
        try:
            seen.append(store.count()[1])
            store.search("zebra7x message", limit=5)
            store.search_messages("迁移", limit=20)
            searches += 1
        except Exception as exc:
            errors.append(repr(exc))
    seen.append(store.count()[1])  # read after the stop, so after the import's last commit
    print(json.dumps({"seen": seen, "errors": errors, "searches": searches}))
""")


@pytest.mark.slow
def test_a_reader_process_never_errors_while_a_bulk_import_runs(tmp_path: Path) -> None:
    db = tmp_path / "state.db"
    store = SessionStore(Database(db))
    store.count()  # schema in place before the reader opens it
    stop, ready = tmp_path / "stop", tmp_path / "ready"
    reader = subprocess.Popen(
        [sys.executable, "-c", READER, str(db), str(stop), str(ready)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 60
    while not ready.exists():
        assert reader.poll() is None and time.monotonic() < deadline, "the reader never started"
        time.sleep(0.01)
    counts = store.import_sessions(stream({f"s{i}": 400 for i in range(100)}), batch=2000)
    stop.touch()
    out, err = reader.communicate(timeout=60)
    assert reader.returncode == 0 and "Traceback" not in err, err
    report = json.loads(out)
    assert report["errors"] == [] and report["searches"] > 0
    assert counts.messages_added == 40_000 and report["seen"][-1] == 40_000
    seen = report["seen"]
    assert seen == sorted(seen) and len(set(seen)) > 2  # it read while the import ran
    assert all(n % 2000 == 0 for n in seen)  # a batch is seen whole or not at all


IMPORTER = textwrap.dedent("""
    import pathlib, sys, time
    sys.path.insert(0, sys.argv[3])
    from test_sessions_bulk import stream
    from memdir.sessions import Database, SessionStore
    go = pathlib.Path(sys.argv[2])
    while not go.exists():
        time.sleep(0.005)
    counts = SessionStore(Database(sys.argv[1])).import_sessions(
        stream({f"s{i}": 1500 for i in range(4)}), batch=500)
    print(counts.messages_added)
""")


@pytest.mark.slow
def test_two_processes_importing_one_transcript_append_it_once(tmp_path: Path) -> None:
    db, go = tmp_path / "state.db", tmp_path / "go"
    SessionStore(Database(db)).count()
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", IMPORTER, str(db), str(go), str(Path(__file__).parent)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    time.sleep(0.3)
    go.touch()
    added = []
    for proc in procs:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
        added.append(int(out))
    assert sum(added) == 6000
    store = SessionStore(Database(db))
    assert store.count() == (4, 6000)
    assert [m.content for m in store.messages("s2")] == [r[1] for r in rows(1500, "s2")]
