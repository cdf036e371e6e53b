"""Session ranking v2 (memdir.sessions.rank / bm25) and schema step 0007."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from memdir.sessions import Database, SessionStore, when
from memdir.sessions.maintenance import check
from memdir.sessions.rank import RankParams, with_params
from memdir.sessions.schema import MIGRATIONS


def _store(tmp_path: Path, messages: list[str], **kw: object) -> tuple[SessionStore, list[int]]:
    """A store with one session per message (no next turns to bring along)."""
    store = SessionStore(Database(tmp_path / "state.db"), **kw)  # type: ignore[arg-type]
    ids = []
    for i, text in enumerate(messages):
        store.start("t", session_id=f"s{i}")
        ids.append(store.log(f"s{i}", "user", text))
    return store, ids


def _found(store: SessionStore, query: str, **filters: object) -> list[int]:
    return [h.message_id for h in store.search_messages(query, **filters)]


def test_two_character_chinese_word_at_the_very_end_is_found(tmp_path: Path) -> None:
    store, (end, middle, _) = _store(tmp_path, ["我们晚上去吃烤鸭", "烤鸭很好吃", "今天天气不错"])
    assert sorted(_found(store, "烤鸭")) == sorted([end, middle])
    assert _found(store, "不错") == [3]  # also the very end
    assert _found(store, "晚上") == [end]
    assert _found(store, "好") == [middle]  # one character (not at the very end)


def test_the_answer_to_an_assistant_question_comes_right_below_it(tmp_path: Path) -> None:
    """A hit brings its session's next turn even without a query term: the user's answer
    to the assistant's question ("And the database?" → "Postgres 16 on RDS.")."""
    store = SessionStore(Database(tmp_path / "state.db"))
    store.start("t", session_id="s")
    store.start("t", session_id="other")
    before = store.log("s", "user", "help me write the deploy checklist")
    asked = store.log("s", "assistant", "Sure. Which database does production run on?")
    answer = store.log("s", "user", "Postgres 16 on RDS.")
    elsewhere = store.log("other", "user", "the analytics database is on a cron schedule")
    found = _found(store, "which database runs production")
    assert found[:2] == [asked, answer] and elsewhere in found and before not in found
    assert _found(store, "deploy checklist") == [before]  # no question: no next turn
    hits = store.search_messages("which database runs production")
    assert hits[1].score <= hits[0].score  # scores follow the order
    plain = SessionStore(store.db, ranker=with_params(RankParams(next_turn=False)))
    assert answer not in _found(plain, "which database runs production")
    assert _found(store, "production", role="assistant") == [asked]  # filters still apply


def test_a_matching_neighbour_lifts_the_answer_turn(tmp_path: Path) -> None:
    store = SessionStore(Database(tmp_path / "state.db"))
    store.start("t", session_id="a")
    store.start("t", session_id="b")
    asked = store.log("b", "user", "how is the garden doing")
    answer = store.log("b", "assistant", "tomatoes in the garden need water")
    lone = store.log("a", "user", "tomatoes in the garden need water")  # newer, same text
    assert _found(store, "garden water") == [answer, lone, asked]


def test_a_tool_name_and_tool_call_arguments_are_searchable(tmp_path: Path) -> None:
    """A tool message is found by its tool's name (not in its text), an assistant message
    by the arguments of the tool it called; the name's parts are words too."""
    store = SessionStore(Database(tmp_path / "state.db"))
    store.start("t", session_id="s")
    in_name = store.log("s", "tool", "done", tool_name="deploy_frobnicator")
    in_calls = store.log(
        "s", "assistant", "ok", tool_calls=[{"name": "x", "args": {"q": "frobnicator"}}]
    )
    store.log("s", "user", "nothing about it here")
    assert sorted(_found(store, "frobnicator")) == sorted([in_name, in_calls])
    assert _found(store, "deploy_frobnicator")[0] == in_name
    assert in_name in _found(store, "which deploy ran?", role="tool")
    [group] = store.search("deploy_frobnicator", limit=5)
    assert group.message_id == in_name and group.session_id == "s"


def test_dates_named_in_the_query_boost_rows_logged_then(tmp_path: Path) -> None:
    store = SessionStore(Database(tmp_path / "state.db"))
    store.start("t", session_id="s")
    june = store.log("s", "user", "we went hiking", timestamp=datetime(2023, 6, 3, 12))
    later = store.log("s", "user", "we went hiking", timestamp=datetime(2023, 9, 1, 12))
    assert _found(store, "hiking") == [later, june]
    assert _found(store, "hiking on 3 June, 2023") == [june, later]
    assert len(when.ranges("in May 2023 and 2023-06-03 and June 3, 2023")) == 3
    assert when.ranges("2023-13-45 or 31 Febx 2023") == []


def test_common_terms_stay_bounded_and_rows_with_all_terms_come_first(tmp_path: Path) -> None:
    store = SessionStore(
        Database(tmp_path / "state.db"),
        ranker=with_params(RankParams(common_df=5, candidates=5, next_turn=False)),
    )
    store.start("t", session_id="s")
    rows = [("user", f"alpha note {i}", None, None, None) for i in range(30)]
    rows += [("user", f"beta note {i}", None, None, None) for i in range(30)]
    ids = store.log_many("s", rows)
    store.log("s", "user", "alpha and beta together, long ago")
    both = ids[3]
    store.db.write(
        lambda c: c.execute("UPDATE messages SET content = 'alpha beta old' WHERE id = ?", (both,))
    )
    found = _found(store, "alpha beta", limit=5)
    assert len(found) == 5 and {61, both} <= set(found)


def test_log_many_bulk_path_keeps_ids_order_and_indexes(tmp_path: Path) -> None:
    store = SessionStore(Database(tmp_path / "state.db"))
    store.start("t", session_id="s")
    rows = [
        (
            "user",
            f"bulk row token{i:03d} 中文{i}",
            "tool" if i % 2 else None,
            {"k": f"call{i}"} if i % 3 == 0 else None,
            None,
        )
        for i in range(200)
    ]
    ids = store.log_many("s", rows)
    assert ids == list(range(1, 201))
    assert [m.content for m in store.messages("s")][:2] == [
        "bulk row token000 中文0",
        "bulk row token001 中文1",
    ]
    assert _found(store, "token123") == [124]
    assert _found(store, "call99")[0] == 100
    assert check(store.db, repair=False).healthy


def _old_database(path: Path, before: str = "0007", n: int = 50) -> None:
    """A state.db as memdir wrote it before step ``before``, with ``n`` messages in it."""
    conn = sqlite3.connect(path)
    conn.execute(
        "CREATE TABLE migrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL "
        "UNIQUE, applied_at REAL NOT NULL)"
    )
    for migration in MIGRATIONS:
        if migration.name.startswith(before):
            break
        for statement in migration.statements:
            conn.execute(statement)
        conn.execute("INSERT INTO migrations (name, applied_at) VALUES (?, 0)", (migration.name,))
    conn.execute("INSERT INTO sessions (id, agent, started_at) VALUES ('old', 'a', 0)")
    for i in range(n):
        conn.execute(
            "INSERT INTO messages (session_id, role, content, tool_name, tool_calls, "
            "timestamp) VALUES ('old', 'user', ?, ?, ?, ?)",
            (
                f"legacy word{i:02d} 旧消息{i}",
                f"tool{i}" if i % 2 else None,
                f'{{"arg": "calls{i}"}}' if i % 5 == 0 else None,
                float(i),
            ),
        )
    conn.commit()
    conn.close()


def test_migration_from_the_old_schema_keeps_every_message_searchable(tmp_path: Path) -> None:
    path = tmp_path / "state.db"
    _old_database(path)
    db = Database(path)
    store = SessionStore(db)
    assert "0007_message_search_v2" in [name for name, _ in db.migrations()]
    for i in range(50):
        assert _found(store, f"word{i:02d}")[0] == i + 1
        assert _found(store, f"旧消息{i}")[0] == i + 1
    assert _found(store, "calls10")[0] == 11
    assert _found(store, "tool7")[0] == 8
    assert check(db, repair=False).healthy
    db.close()
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT count(*) FROM messages_word_docsize").fetchone()[0] == 50
    names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
    assert not {"message_text", "messages_tri", "messages_tri_src", "entries_tri"} & names
    conn.close()


def test_the_cjk_analyzer_step_reindexes_a_big_database_with_progress(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "state.db"
    _old_database(path, before="0010", n=120)  # the last release's schema, trigram index
    monkeypatch.setattr("memdir.sessions.db.PROGRESS_ROWS", 100)
    monkeypatch.setattr("memdir.sessions.schema.FILL_CHUNK", 50)
    db = Database(path)
    store = SessionStore(db)
    assert "0010_cjk_analyzer" in [name for name, _ in db.migrations()]
    err = capsys.readouterr().err
    assert "50 of 120 rows done" in err and "120 of 120 rows done (100%)" in err
    assert [m.id for m in store.messages("old")] == list(range(1, 121))  # nothing lost
    for i in (0, 7, 119):
        assert _found(store, f"word{i:02d}")[0] == i + 1
        assert _found(store, f"旧消息{i}")[0] == i + 1  # found by its bigrams now
    assert check(db, repair=False).healthy


def test_update_and_delete_keep_both_indexes_in_step(tmp_path: Path) -> None:
    store, ids = _store(tmp_path, ["plain english", "中文内容在这里", "mixed 中文 text"])
    store.db.write(
        lambda c: c.execute("UPDATE messages SET content = 'now english' WHERE id = ?", (ids[1],))
    )
    store.db.write(lambda c: c.execute("DELETE FROM messages WHERE id = ?", (ids[2],)))
    assert _found(store, "中文") == []
    assert _found(store, "english") == [ids[1], ids[0]]
    assert check(store.db, repair=False).healthy
    now = datetime.now(UTC)
    assert store.search("english")[0].timestamp <= now


def test_neighbours_are_the_same_sessions_turns_when_sessions_interleave(tmp_path: Path) -> None:
    store = SessionStore(Database(tmp_path / "state.db"))
    for sid in ("a", "b"):
        store.start("t", session_id=sid)
    asked = store.log("a", "user", "where did we put the kayak?")
    store.log("b", "user", "unrelated chatter in another session")
    answer = store.log("a", "assistant", "in the garage, behind the bikes")
    found = _found(store, "kayak")
    assert found == [asked, answer]  # b's row sits between them by id, but is not a neighbour


def test_limit_means_what_it_says(tmp_path: Path) -> None:
    """search(limit=5) gives 5 groups whenever 5 sessions match, search_messages(limit=50)
    50 messages whenever 50 match — also when one long session holds most matches and
    when the question shares only a few terms with each message."""
    store = SessionStore(Database(tmp_path / "state.db"))
    store.start("t", session_id="long")
    store.log_many(
        "long",
        [("user", f"deploy step {i} of the billing service", None, None, None) for i in range(301)],
    )
    for i in range(6):
        store.start("t", session_id=f"s{i}")
        store.log(f"s{i}", "user", f"we talked about the deploy window number {i}")
        store.log(f"s{i}", "user", f"部门聚餐第{i}次改到了周五")
    groups = store.search("how do we deploy the billing service?", limit=5)
    assert len(groups) == 5 and len({g.session_id for g in groups}) == 5
    assert len(store.search_messages("deploy", limit=50)) == 50
    assert len(store.search_messages("deploy", limit=1000)) == 307  # 301 + 6
    chinese = store.search_messages("部门聚餐在哪家餐厅？", limit=50)
    assert len(chinese) == 6  # every message that shares a term, no more
    assert len(store.search("部门聚餐在哪家餐厅？", limit=5)) == 5


def test_column_weights_go_by_name_whatever_the_columns_order(tmp_path: Path) -> None:
    """A text column's weight is looked up by its name in the schema, so listing the
    columns in another order (or adding one) cannot shift a weight onto another column;
    a weight for a column the table lacks is refused, not dropped."""
    import dataclasses

    from memdir.sessions.bm25 import rank_rows
    from memdir.sessions.candidates import MESSAGE_TABLE, Table
    from memdir.sessions.query import sanitize

    store = SessionStore(Database(tmp_path / "state.db"))
    store.start("t", session_id="s")
    in_text = store.log("s", "user", "the frobnicator failed again")
    in_tool = store.log("s", "tool", "done", tool_name="frobnicator")
    query = sanitize("frobnicator")
    moved = dataclasses.replace(MESSAGE_TABLE, columns=MESSAGE_TABLE.columns[::-1])

    def ranked(table: Table, weights: dict[str, float]) -> list[tuple[int, float]]:
        p = RankParams(weights=weights, neighbour_weight=0, session_weight=0, next_turn=False)
        return store.db.read(lambda c: rank_rows(c, table, query, p=p))

    tool_first = ranked(MESSAGE_TABLE, {"tool_name": 5.0})
    assert [rid for rid, _ in tool_first] == [in_tool, in_text]
    assert ranked(moved, {"tool_name": 5.0}) == tool_first
    assert [rid for rid, _ in ranked(moved, {"content": 5.0})] == [in_text, in_tool]
    with pytest.raises(ValueError, match="no column tool"):
        ranked(MESSAGE_TABLE, {"tool": 5.0})
    with pytest.raises(ValueError, match=r"no column 3\.0"):  # positional weights, as before
        ranked(MESSAGE_TABLE, (3.0,))  # type: ignore[arg-type]


def test_stems_are_the_word_index_terms_batch_after_batch() -> None:
    """Each word's term is the porter tokenizer's own (the first of its terms, "" for
    none), the same whichever batch asks and whatever an earlier batch held: each
    lookup starts and ends with an empty stemming table."""
    from memdir.sessions.stems import Stems

    words = ["running", "ponies", "E54913", "caresses", "部门", "naïve", "x", "", "a1b2"]
    conn = sqlite3.connect(":memory:")
    want: dict[str, str] = {}
    for w in words:  # one fresh table per word: the reference
        ref = sqlite3.connect(":memory:")
        ref.execute(
            "CREATE VIRTUAL TABLE t USING fts5(w, tokenize='porter unicode61 remove_diacritics 2')"
        )
        ref.execute("CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance')")
        ref.execute("INSERT INTO t(w) VALUES (?)", (w,))
        want[w] = min((r[0] for r in ref.execute("SELECT term FROM v")), default="")
    assert want["running"] == "run" and want["ponies"] == "poni" and want[""] == ""
    stems = Stems()
    for batch in (words[:4], words[2:7], words):  # overlapping batches, one connection
        got = stems.lookup(conn, batch)
        assert {w: got[w] for w in batch} == {w: want[w] for w in batch}
    assert Stems().lookup(conn, words[::-1]) == want  # a new cache, the same table


def test_a_full_stem_cache_still_answers_every_word_asked() -> None:
    """A lookup that overflows the cache clears it and stems all its words again, not
    only the new ones: a word cached before must not come back as no term."""
    from memdir.sessions.stems import Stems

    conn = sqlite3.connect(":memory:")
    stems = Stems()
    stems.MAX = 10
    stems.lookup(conn, ["running"])
    got = stems.lookup(conn, iter(["running"] + [f"pony{i}" for i in range(10)]))
    assert got["running"] == "run" and got["pony3"] == "pony3"


def test_a_search_scores_the_same_whatever_was_searched_before(tmp_path: Path) -> None:
    """No stem cache outlives a ranking (abl58): with one kept per connection, a word
    stemmed for an earlier query counted in stage 2 where a fresh process left it out, so
    "bao" scored "bảo hiểm" 0.0 or 0.47 depending on what had been searched before."""
    store, (hit,) = _store(tmp_path, ["bảo hiểm xe hết hạn"])
    fresh = [(h.message_id, h.score) for h in store.search_messages("bao")]
    store.search_messages("bảo")  # stems "bảo" on this connection
    assert [(h.message_id, h.score) for h in store.search_messages("bao")] == fresh
    assert [m for m, _ in fresh] == [hit]


def test_a_query_without_vietnamese_marks_counts_the_word_the_index_found(
    tmp_path: Path,
) -> None:
    """abl58's pin: ả is U+1EA3 (Latin Extended Additional), which the fold missed."""
    store, (hit,) = _store(tmp_path, ["bảo hiểm xe hết hạn"])
    hits = store.search_messages("bao")
    assert [h.message_id for h in hits] == [hit]
    assert hits[0].score > 0


def test_vietnamese_typed_without_marks_ranks_the_message_that_has_every_word_first(
    tmp_path: Path,
) -> None:
    """A phone with no Vietnamese keyboard types "hop dong" for "hợp đồng": each folded
    word counts, so the message with both ranks above one with only "hợp"."""
    store, (both, one, _) = _store(
        tmp_path,
        ["ký hợp đồng thuê nhà vào thứ sáu", "hợp tác với đội thiết kế", "thời tiết hôm nay đẹp"],
    )
    hits = store.search_messages("hop dong thue nha")
    assert [h.message_id for h in hits][:2] == [both, one]
    assert hits[0].score > hits[1].score > 0


def test_a_vietnamese_word_and_a_longer_one_with_its_prefix_stay_apart(tmp_path: Path) -> None:
    """Folding marks does not merge words: "người" (người) is not "ngủ" nor "ngươi"
    with a letter more; the unaccented query finds only the word it spells."""
    store, (person, sleep) = _store(tmp_path, ["người bạn cũ gọi điện", "ngủ sớm để mai dậy"])
    assert _found(store, "nguoi") == [person]
    assert _found(store, "ngu") == [sleep]
    (alone,) = store.search_messages("nguoi")
    (with_ban,) = store.search_messages("nguoi ban")  # bạn: only ạ (U+1EA1) is marked
    assert with_ban.score > alone.score


def test_a_welsh_letter_of_latin_extended_additional_folds_too(tmp_path: Path) -> None:
    """ẁ ẃ ỳ (U+1E81, U+1E83, U+1EF3) are Welsh letters in the same block as Vietnamese."""
    store, (hit, _) = _store(tmp_path, ["mae'r ẃyn yn y cae", "mae'r ci yn y tŷ"])
    hits = store.search_messages("wyn")
    assert [h.message_id for h in hits] == [hit] and hits[0].score > 0
