"""Chinese and Japanese search and recall (branch cjk60): one shared character is no match
when the query has more, a time word (上次, 前回) is no term, and Traditional characters
are found as the Simplified ones and the reverse (analyzer.fold), on both backends."""

from __future__ import annotations

import re
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memdir.engine import Memdir
from memdir.sessions import Database, SessionStore
from memdir.sessions import analyzer as analyzer_module
from memdir.sessions.analyzer import fold, index_text
from memdir.sessions.maintenance import check
from test_recall_marks import steps_before

pytestmark = pytest.mark.backends  # files + state.db, and PostgreSQL

WHEN = datetime(2026, 11, 20, tzinfo=UTC)


def _log(md: Memdir, sid: str, *turns: tuple[str, str]) -> None:
    with md.session(agent="hermes", session_id=sid, started_at=WHEN) as s:
        for i, (role, text) in enumerate(turns):
            s.log(role, text, timestamp=WHEN + timedelta(minutes=i))


def _memories(md: Memdir, *bodies: tuple[str, str]) -> None:
    store = md.store("local")
    for name, body in bodies:
        store.add(type="reference", name=name, description=name, body=body)


def _found(md: Memdir, query: str) -> list[str]:
    return [h.session_id for h in md.sessions.search(query, limit=5)]


# -- Traditional = Simplified ------------------------------------------------------------


def test_fold_writes_traditional_characters_as_simplified_ones() -> None:
    assert fold("數據庫遷移") == "数据库迁移"
    assert fold("数据库迁移") == "数据库迁移"
    assert fold("裡面") == fold("裏面") == "里面"  # the Taiwan variant too
    assert len(fold("會議で決めた")) == len("會議で決めた")  # one for one: snippets' spans


@pytest.mark.parametrize(
    ("said", "asked"),
    [
        ("数据库迁移脚本放在 migrations 目录。", "數據庫"),
        ("數據庫遷移腳本放在 migrations 目錄。", "数据库"),
    ],
)
def test_a_word_is_found_in_the_other_script(md: Memdir, said: str, asked: str) -> None:
    """No character of the query is written alike in the message (數 数, 據 据, 庫 库)."""
    _log(md, "mig", ("assistant", said))
    _log(md, "other", ("assistant", "库存还剩 3 台，庫存不足。"))  # 库 alone is no match
    assert _found(md, asked) == ["mig"]


def test_a_snippet_marks_a_match_written_in_the_other_script(md: Memdir) -> None:
    filler = "今天上午把監控面板重新看了一遍，調整了告警閾值。" * 6
    _log(md, "s", ("assistant", filler + "最後把資料庫連線改成經過 pgbouncer，埠號 6432。"))
    [hit] = md.sessions.search("数据库连线", limit=1, window=0)
    assert "6432" in hit.snippet, hit.snippet


def test_recall_brings_a_memory_written_in_the_other_script(md: Memdir) -> None:
    _memories(
        md, ("婚宴", "12 月 19 日表妹在台中結婚，禮金 3600 元。"), ("年终", "年终奖金三月发。")
    )
    with md.session(agent="probe") as s:
        recalled = s.recall("礼金包多少？", sessions=0) or ""
    assert "3600" in recalled  # 礼金 = 禮金
    assert "年终" not in recalled  # 金 alone


# -- one shared character ----------------------------------------------------------------


@pytest.mark.parametrize(
    "question",
    [
        "足球比赛几点开始？",  # 点 of 下午３点
        "眼科複診的結果出來了嗎？",  # 複 of 複製
        "娘のピアノ教室はどこ？",
        "上次说的报销流程走完了吗？",  # 上次, and 说 of 上次说
        "前回の面談で先生は何と言っていた？",
    ],
)
def test_a_question_whose_answer_is_absent_recalls_nothing(md: Memdir, question: str) -> None:
    """Each shares one character (or a time word) with what is there, never a word."""
    _memories(
        md,
        ("钢琴课", "女儿每周日下午３点上钢琴课，刘老师，每节 280 元。"),
        ("資料庫遷移", "300GB 先用 pgloader 做一次完整複製，再用 Debezium 追增量。"),
        ("スイミング", "息子は毎週水曜 17 時からスイミング、先月から月謝 7,500 円。"),
    )
    _log(md, "piano", ("user", "女儿的钢琴课改到周日下午了，上次说每天练半小时。"))
    _log(md, "swim", ("user", "息子が来月からスイミングスクールに通う。場所は駅前。"))
    with md.session(agent="probe") as s:
        assert s.recall(question) is None


@pytest.mark.parametrize(
    ("question", "memory"),
    [
        ("钢琴课学费现在多少钱一节？", "280"),
        ("洗牙預約在幾點？", "下午４点"),  # Traditional over Simplified
        ("スイミングの月謝はいくら？", "7,500"),
    ],
)
def test_a_question_whose_answer_is_there_recalls_it(
    md: Memdir, question: str, memory: str
) -> None:
    _memories(
        md,
        ("钢琴课", "女儿每周日下午３点上钢琴课，刘老师，每节 280 元。"),
        ("洗牙", "下周二下午４点去信义区的诊所洗牙。"),
        ("スイミング", "息子は毎週水曜 17 時からスイミング、月謝 7,500 円。"),
    )
    with md.session(agent="probe") as s:
        assert memory in (s.recall(question, sessions=0) or "")


def test_a_single_character_still_finds_it(md: Memdir) -> None:
    """A query of one character, two characters of a query apart, one character beside a
    turn of its session that holds a word of the query: still matches."""
    _log(md, "docker", ("user", "把 Docker 镜像的构建时间优化到３分钟，用了什么办法？"))
    _log(md, "cat", ("user", "房东问养宠物的事"), ("assistant", "对，我有只猫，叫土豆，英短。"))
    assert _found(md, "法") == ["docker"]
    assert _found(md, "构时") == ["docker"]  # no shared word, both characters
    assert _found(md, "我家猫叫什么名字？") == ["cat"]  # 猫 and 叫
    hits = md.sessions.search_messages("养宠物要注意什么？土豆几岁", limit=5)
    assert ("cat", "assistant") in [(h.session_id, h.role) for h in hits]  # 土豆: a word


def test_a_weekday_is_found_however_it_is_written(md: Memdir) -> None:
    _log(md, "fri", ("user", "部门聚餐定在星期五晚上。"))
    _log(md, "other", ("user", "五个人够了。"))
    for asked in ("周五的聚餐", "礼拜五的聚餐", "週五", "星期五"):
        assert _found(md, asked) == ["fri"], asked


# -- an index from before the fold -------------------------------------------------------


def _unfolded(text: str | None) -> str | None:
    """The analyzer before step 0017: CJK runs spelled as written."""
    if not isinstance(text, str) or text.isascii():
        return text
    spell = analyzer_module.run_terms
    return analyzer_module.CJK_RUN.sub(
        lambda m: " " + " ".join(spell(m.group(0))) + " ", analyzer_module.normalize(text)
    )


OLD = ["資料庫遷移腳本放在 migrations 目錄。", "周五晚上７点在鼎泰豐聚餐。", "plain english"]


def test_step_0017_indexes_an_old_database_again(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    conn = sqlite3.connect(path)
    conn.create_function("memdir_terms", 1, _unfolded, deterministic=True)
    steps_before(conn, "0017")
    for i, text in enumerate(OLD):
        conn.execute("INSERT INTO sessions (id, agent, started_at) VALUES (?, 'a', 0)", (f"s{i}",))
        conn.execute(
            "INSERT INTO messages (session_id, role, content, timestamp) VALUES (?, 'user', ?, ?)",
            (f"s{i}", text, float(i)),
        )
    conn.commit()
    assert conn.execute("SELECT count(*) FROM messages_word('\"资料\"')").fetchone() == (0,)
    conn.close()
    old = SessionStore(Database(path))
    assert "0017_folded_alike" in [name for name, _ in old.db.migrations()]
    assert [h.message_id for h in old.search_messages("资料库", limit=5)] == [1]
    assert [h.message_id for h in old.search_messages("資料庫", limit=5)] == [1]
    assert [h.message_id for h in old.search_messages("鼎泰丰", limit=5)] == [2]
    old.log("s0", "assistant", "好的")  # a write after: the index takes it
    assert check(old.db, repair=False).healthy


def test_postgres_step_0017_indexes_old_terms_again(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import psycopg

    from memdir.pg.db import PgDatabase
    from memdir.pg.fts import analyzer
    from memdir.pg.sessions import PgStateDatabase, schema_name

    def opened() -> PgStateDatabase:
        return PgStateDatabase(PgDatabase(pg_url), user="older")

    db = opened()
    store = SessionStore(db)
    for i, text in enumerate(OLD):
        store.start("t", session_id=f"s{i}")
        store.log(f"s{i}", "user", text)
    assert [h.session_id for h in store.search("资料库", limit=5)] == ["s0"]
    db.pg.close()
    with monkeypatch.context() as m:  # the terms the analyzer made before the fold
        m.setattr(analyzer_module, "fold", lambda run: run)
        assert index_text("資料") == " 資料 資 料 "
        old = analyzer().vectors([(text, None, None) for text in OLD])
    schema = schema_name(pg_url.rsplit("search_path%3D", 1)[1], "older")
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute(
            "DELETE FROM pg_migrations"
            " WHERE component = 'state/older' AND name = '0017_folded_alike'"
        )
        conn.execute(f'SET search_path TO "{schema}"')
        ids = [r[0] for r in conn.execute("SELECT id FROM messages ORDER BY id").fetchall()]
        for mid, (tsv, ntok) in zip(ids, old, strict=True):
            conn.execute(
                "UPDATE messages SET tsv = to_tsvector('simple', %s), ntok = %s WHERE id = %s",
                (str(tsv), ntok, mid),
            )
        (tsv,) = conn.execute("SELECT tsv::text FROM messages WHERE id = %s", (ids[0],)).fetchone()
        assert re.search("資料", tsv)
    db = opened()
    store = SessionStore(db)
    assert [h.session_id for h in store.search("资料库", limit=5)] == ["s0"]  # step ran
    assert [h.session_id for h in store.search("資料庫", limit=5)] == ["s0"]
    health = db.health(repair=False, deep=True)
    assert health.healthy and health.text_disagreed == 0
    db.pg.close()
