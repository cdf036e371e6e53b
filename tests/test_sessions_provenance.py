"""Where imported messages came from (memdir.sessions.provenance): source keys make a
re-import insert exactly what is new, stored history that disagrees with the source is
reported and left alone, deleted imports stay deleted, memory modes only get stricter."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import memdir
from memdir.engine import Memdir
from memdir.sessions import Database, MemoryMode, SessionSpec, SessionStore, check
from memdir.sessions.schema import MIGRATIONS

pytestmark = pytest.mark.backends

T0 = 1_750_000_000.0


def keyed(*texts: str, role: str = "user") -> list[tuple[Any, ...]]:
    """One row per text, its source key the text's first word."""
    return [(role, t, None, None, T0 + i, t.split()[0]) for i, t in enumerate(texts)]


def held(md: Memdir, sid: str) -> list[str]:
    return [m.content for m in md.sessions.messages(sid)]


def test_keys_insert_exactly_the_missing_messages(md: Memdir) -> None:
    # a resumed transcript repeats the records it continues; two continuations of one id
    first = md.sessions.import_sessions(
        [(SessionSpec("s"), keyed("a1 rotate keys", "a2 run make"))]
    )
    assert first.messages_added == 2
    counts = md.sessions.import_sessions(
        [
            (SessionSpec("s"), keyed("a1 rotate keys", "a2 run make", "b3 webhook secret")),
            (SessionSpec("s"), keyed("a1 rotate keys", "a2 run make", "c3 revert staging")),
        ],
        batch=2,
    )
    assert held(md, "s") == [
        "a1 rotate keys",
        "a2 run make",
        "b3 webhook secret",
        "c3 revert staging",
    ]  # counting rows would have lost c3
    assert (counts.messages_added, counts.messages_present) == (2, 4)
    assert counts.sessions_grown == 2 and not counts.diverged and not counts.resynced
    again = md.sessions.import_sessions(
        [(SessionSpec("s"), keyed("a1 rotate keys", "c3 revert staging"))]
    )
    assert again.messages_added == 0
    assert again.resynced == ["s"]  # the source no longer holds a2 and b3: kept, reported
    assert check(md.sessions.db, repair=False).healthy


def test_a_rewritten_source_adds_its_new_messages_and_is_reported(md: Memdir) -> None:
    md.sessions.import_sessions([(SessionSpec("h"), keyed("k1 port 80", "k2 ok", "k3 tls"))])
    counts = md.sessions.import_sessions(
        [(SessionSpec("h"), keyed("k1 port 80", "k9 cert in vault"))]
    )
    assert counts.messages_added == 1 and counts.resynced == ["h"]
    assert held(md, "h")[-1] == "k9 cert in vault"
    assert [h.session_id for h in md.sessions.search("vault")] == ["h"]


def test_legacy_rows_take_keys_or_the_session_is_reported_diverged(md: Memdir) -> None:
    plain = [("user", t, None, None, T0) for t in ("m1 one", "m2 two")]
    md.sessions.import_sessions(
        [
            (SessionSpec("old"), plain),
            (SessionSpec("bad"), plain),
            (SessionSpec("long"), [*plain, ("user", "m3", None, None, T0)]),
        ]
    )
    counts = md.sessions.import_sessions(
        [
            (SessionSpec("old"), keyed("m1 one", "m2 two", "m3 three", role="assistant")),
            (SessionSpec("bad"), keyed("m1 one", "x2 other", "x3 more")),
            (SessionSpec("long"), keyed("m1 one", "m2 two")),
        ]
    )
    assert held(md, "old") == ["m1 one", "m2 two", "m3 three"]  # matched, then one added
    assert {m.role for m in md.sessions.messages("old")} == {"assistant"}  # the reader's now
    keys = md.sessions.db.read(
        lambda c: [
            r[0]
            for r in c.execute(
                "SELECT source_key FROM messages WHERE session_id = 'old' ORDER BY id"
            )
        ]
    )
    assert keys == ["m1", "m2", "m3"]
    assert counts.diverged == ["bad", "long"]  # never merged: nothing added to them
    assert held(md, "bad") == ["m1 one", "m2 two"] and held(md, "long")[-1] == "m3"
    assert counts.messages_added == 1 and counts.messages_skipped == 3  # "bad"'s rows
    again = md.sessions.import_sessions([(SessionSpec("bad"), keyed("m1 one", "x2 other"))])
    assert again.diverged == ["bad"] and again.messages_added == 0  # reported every time


def test_rows_of_one_session_are_all_keyed_or_none(md: Memdir) -> None:
    with pytest.raises(memdir.ValidationError, match="all carry a source key, or none"):
        md.sessions.import_sessions(
            [(SessionSpec("m"), [*keyed("a b"), ("user", "c", None, None, T0)])]
        )
    for bad in ("", 7, "x" * 1001):
        with pytest.raises(memdir.ValidationError, match="a source key is a string"):
            md.sessions.import_sessions([(SessionSpec("k"), [("user", "c", None, None, T0, bad)])])
    with pytest.raises(memdir.ValidationError, match="memory_mode must be one of"):
        md.sessions.import_sessions([(SessionSpec("k"), [MemoryMode("sometimes")])])


def test_deleted_imports_are_not_imported_again(md: Memdir) -> None:
    items = [
        (SessionSpec("gone"), keyed("g1 old news")),
        (SessionSpec("kept"), keyed("k1 x")),
        (SessionSpec("ancient"), [("user", "from 2020", None, None, 1_590_000_000.0)]),
    ]
    md.sessions.import_sessions(items)
    md.pipeline.delete_session("gone")
    assert md.sessions.prune(older_than=1_600_000_000.0).sessions == 1  # "ancient"
    live = md.sessions.start("me", session_id="live", started_at=1_500_000_000.0)
    md.pipeline.delete_session(live.id)  # not an import: nothing to remember
    counts = md.sessions.import_sessions(items)
    assert (counts.sessions_skipped, counts.sessions_unchanged, counts.messages_skipped) == (
        2,
        1,
        2,
    )
    assert sorted(s.id for s in md.sessions.list()) == ["kept"]
    removed = md.sessions.db.read(
        lambda c: sorted(r[0] for r in c.execute("SELECT session_id FROM removed_imports"))
    )
    assert removed == ["ancient", "gone"]
    back = md.sessions.import_sessions(items, include_removed=True)
    assert back.sessions_created == 2 and held(md, "gone") == ["g1 old news"]
    assert md.sessions.import_sessions(items).sessions_skipped == 0  # wanted again


def test_memory_modes_only_get_stricter(md: Memdir) -> None:
    rows = keyed("q1 question")
    md.sessions.import_sessions([(SessionSpec("s"), rows), (SessionSpec("t"), rows)])
    md.sessions.import_sessions([(SessionSpec("s", memory_mode="disabled"), rows)])
    assert md.sessions.get("s").memory_mode == "disabled"  # search-only after a normal import
    md.sessions.import_sessions([(SessionSpec("s"), rows)])
    assert md.sessions.get("s").memory_mode == "disabled"  # never loosened
    md.sessions.import_sessions(
        [
            (
                SessionSpec("t"),
                [MemoryMode("disabled"), *rows, MemoryMode("polluted"), MemoryMode("enabled")],
            )
        ]
    )
    assert md.sessions.get("t").memory_mode == "polluted"
    counts = md.sessions.import_sessions([(SessionSpec("n"), [MemoryMode("polluted")])])
    assert counts.sessions_created == 1 and md.sessions.get("n").memory_mode == "polluted"


def test_step_0009_marks_the_sessions_imported_before_it(tmp_path: Path) -> None:
    path = tmp_path / "state.db"
    conn = sqlite3.connect(path)
    conn.execute(
        "CREATE TABLE migrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, "
        "applied_at REAL NOT NULL)"
    )
    for step in MIGRATIONS[:8]:
        for statement in step.statements:
            conn.execute(statement)
        conn.execute("INSERT INTO migrations (name, applied_at) VALUES (?, 0)", (step.name,))
    for sid, agent in (
        ("codex:0197", "codex"),
        ("hermes:s1", "hermes"),
        ("4f2e", "claude-code"),
        ("claude-code:8f0c", "claude-code"),
    ):
        conn.execute("INSERT INTO sessions (id, agent, started_at) VALUES (?, ?, 0)", (sid, agent))
        conn.execute(
            "INSERT INTO messages (session_id, role, content, timestamp) VALUES "
            "(?, 'user', 'legacy text', 0)",
            (sid,),
        )
    conn.commit()
    conn.close()
    store = SessionStore(Database(path))
    marked = store.db.read(
        lambda c: sorted(r[0] for r in c.execute("SELECT id FROM sessions WHERE imported = 1"))
    )
    assert marked == ["claude-code:8f0c", "codex:0197", "hermes:s1"]  # not the live one
    counts = store.import_sessions(
        [(SessionSpec("codex:0197"), [("user", "legacy text", None, None, 0, "f:1:0")])]
    )
    assert counts.messages_present == 1 and not counts.diverged
    assert check(store.db, repair=False).healthy


@given(
    st.lists(
        st.tuples(st.sampled_from("abcdef"), st.sampled_from(["k1", "k2", "k3", "k4", "k5"])),
        max_size=12,
    ),
    st.integers(1, 4),
)
def test_any_keyed_stream_holds_each_key_once(
    tmp_path_factory: pytest.TempPathFactory, pairs: list[tuple[str, str]], batch: int
) -> None:
    store = SessionStore(Database(tmp_path_factory.mktemp("keys") / "state.db"))
    items = [
        (SessionSpec(sid), [("user", f"{sid} {key}", None, None, T0, key)]) for sid, key in pairs
    ]
    counts = store.import_sessions(items, batch=batch)
    distinct = set(pairs)
    assert counts.messages_added == len(distinct) == store.count()[1]
    assert counts.messages_added + counts.messages_present == len(pairs)
    again = store.import_sessions(items, batch=batch)
    assert again.messages_added == 0 and again.messages_present == len(pairs)
