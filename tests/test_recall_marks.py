"""Combining marks are part of a word (branch indic55): Devanagari, Bengali, Tamil and Thai
vowel signs and viramas; Arabic harakat and Hebrew points are left out (a word is found
with or without them); Latin accents fold as before. Schema steps 0015 (SQLite) and 0014
(PostgreSQL) index an older database again."""

from __future__ import annotations

import re
import sqlite3
import sys
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest

from memdir.core.marks import MARKS, words
from memdir.sessions import Database, SessionStore
from memdir.sessions.analyzer import TOKENIZER, index_text, tokenize
from memdir.sessions.maintenance import check
from memdir.sessions.schema import MIGRATIONS
from memdir.sessions.stems import stem, tokens

#: (a word, a message holding it, a word that differs from it only in its marks, a message
#: holding that one, a message of the same script holding neither)
WORDS = {
    "hindi": ("पापा", "मेरे पापा कल दिल्ली गए थे", "पापी", "वह पापी नहीं है", "आज बारिश हुई"),
    "bengali": ("বাবা", "আমার বাবা কাল বাড়ি ফিরেছেন", "বাবু", "বাবু আজ স্কুলে যায়নি", "আজ বৃষ্টি হচ্ছে"),
    "tamil": ("அம்மா", "அம்மா சமையல் செய்தார்", "அம்மி", "அம்மி கல் பழையது", "நாளை மழை பெய்யும்"),
    "thai": ("ดี", "วันนี้ อากาศ ดี มาก", "ดู", "ไป ดู หนัง กัน", "ฉัน ชอบ กิน ข้าว"),
}


@pytest.fixture(params=["sqlite", "postgres"])
def open_store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[SessionStore]:
    """A session store on a fresh state.db, or on PostgreSQL (skipped without
    MEMDIR_TEST_DATABASE_URL)."""
    if request.param == "sqlite":
        store = SessionStore(Database(tmp_path / "state.db"))
        yield store
        store.db.close()
        return
    from memdir.pg.db import PgDatabase
    from memdir.pg.sessions import PgStateDatabase

    db = PgStateDatabase(PgDatabase(request.getfixturevalue("pg_url")))
    yield SessionStore(db)
    db.pg.close()


def _log(store: SessionStore, messages: list[str]) -> list[int]:
    """One session per message (no next turns brought along)."""
    ids = []
    for i, text in enumerate(messages):
        store.start("t", session_id=f"s{i}")
        ids.append(store.log(f"s{i}", "user", text))
    return ids


def _found(store: SessionStore, query: str) -> list[int]:
    return [h.message_id for h in store.search_messages(query, limit=50)]


@pytest.mark.parametrize("script", sorted(WORDS))
def test_a_word_with_vowel_signs_is_one_term(open_store: SessionStore, script: str) -> None:
    word, holding, near_word, near, other = WORDS[script]
    ids = _log(open_store, [holding, near, other])
    assert _found(open_store, word) == [ids[0]]  # not every message sharing a consonant
    assert _found(open_store, near_word) == [ids[1]]


def test_arabic_and_hebrew_words_are_found_with_or_without_their_marks(
    open_store: SessionStore,
) -> None:
    """Harakat, tatweel and niqqud are left out on both sides: a question typed without
    them (as most are) finds the word written with them, and the other way round."""
    ids = _log(
        open_store,
        [
            "كَتَبَ الوَلَدُ الدَّرْسَ",
            "قرأت الكتاب أمس",
            "الطقس جميل اليوم",
            "שָׁלוֹם לְכֻלָּם",
            "תודה רבה",
        ],
    )
    assert _found(open_store, "كتب") == [ids[0]]
    assert _found(open_store, "كَتَبَ") == [ids[0]]
    assert _found(open_store, "الكِتَابَ") == [ids[1]]
    assert _found(open_store, "الكتـــاب") == [ids[1]]  # tatweel
    assert _found(open_store, "שלום") == [ids[3]]
    assert _found(open_store, "תּוֹדָה") == [ids[4]]


def test_a_zero_width_joiner_inside_a_word_does_not_split_it(open_store: SessionStore) -> None:
    ids = _log(open_store, ["من می\u200cخواهم بروم", "کتاب خوبی است", "क्\u200dष नया है"])
    assert _found(open_store, "می\u200cخواهم") == [ids[0]]
    assert _found(open_store, "میخواهم") == [ids[0]]
    assert _found(open_store, "خواهم") == []  # a part of the word is not the word
    assert _found(open_store, "क्ष") == [ids[2]]


def test_latin_accents_fold_as_before(open_store: SessionStore) -> None:
    """Composed or decomposed, an accented word is found with or without its accents; a
    spacing accent alone is no term (it would be an empty one, in every row holding it)."""
    ids = _log(
        open_store,
        ["un café au lait", "une cafe\u0301 noire", "naïve résumé", "it´s done", "¸ ´ ¨"],
    )
    assert sorted(_found(open_store, "cafe")) == [ids[0], ids[1]]
    assert sorted(_found(open_store, "café")) == [ids[0], ids[1]]
    assert _found(open_store, "naive resume") == [ids[2]]
    assert _found(open_store, "résumé") == [ids[2]]
    assert _found(open_store, "done") == [ids[3]]
    assert _found(open_store, "´") == []
    assert _found(open_store, "¸ x") == []


def test_the_marks_table_is_every_combining_mark() -> None:
    table = re.compile(f"[{MARKS}]")
    marks = {
        chr(c) for c in range(sys.maxunicode + 1) if unicodedata.category(chr(c)) in ("Mn", "Mc")
    }
    listed = {chr(c) for c in range(sys.maxunicode + 1) if table.fullmatch(chr(c))}
    assert listed <= marks  # a mark stays a mark in later Unicode versions
    if unicodedata.unidata_version == "14.0.0":  # Python 3.11: the version it was made from
        assert listed == marks


def test_python_words_agree_with_the_index_tokenizer_on_every_mark() -> None:
    """``tokens`` and their stems (the ranking's and PostgreSQL's reading) and FTS5 with
    :data:`TOKENIZER` (SQLite's index) read ``a<mark>b`` alike after the analyzer, for
    every mark listed: one word holding the mark, or ``ab`` for the marks the analyzer
    leaves out (Latin diacritics, which FTS5 would fold into empty terms; harakat)."""
    marks = [chr(c) for c in range(sys.maxunicode + 1) if re.fullmatch(f"[{MARKS}]", chr(c))]
    conn = sqlite3.connect(":memory:")
    conn.execute(f"CREATE VIRTUAL TABLE t USING fts5(x, {tokenize()})")
    conn.execute("CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance')")

    def index(texts: list[str]) -> dict[int, list[str]]:
        conn.execute("DELETE FROM t")
        conn.executemany("INSERT INTO t(rowid, x) VALUES (?, ?)", enumerate(texts))
        got: dict[int, list[str]] = {}
        for term, doc in conn.execute("SELECT term, doc FROM v ORDER BY doc, offset"):
            got.setdefault(doc, []).append(term)
        return got

    raw = index([f"a{m}b" for m in marks])
    assert {m for i, m in enumerate(marks) if raw[i] != [f"a{m}b"]} <= set(
        map(chr, range(0x300, 0x370))
    )  # the marks FTS5 folds: Latin ones only
    seen = [index_text(f"a{m}b") or "" for m in marks]
    fts = index(seen)
    kept = 0
    for i, m in enumerate(marks):
        toks = tokens(seen[i])  # PostgreSQL's terms: these, stemmed by FTS5
        assert fts[i] == [stem(toks)[t] for t in toks], hex(ord(m))
        kept += fts[i] == words(seen[i]) == [f"a{m}b"]
    assert kept > 2000 and len(marks) - kept < 200
    assert "Mc Mn" in TOKENIZER
    assert stem(["पापा"]) == {"पापा": "पापा"}


# -- an older database -----------------------------------------------------------------------

OLD = [
    "मेरे पापा कल दिल्ली गए थे",
    "वह पापी नहीं है",
    "วันนี้ อากาศ ดี มาก",
    "আমার বাবা কাল বাড়ি ফিরেছেন",
    "বাবু আজ স্কুলে যায়নি",
    "அம்மா சமையல் செய்தார்",
    "அம்மி கல் பழையது",
    "كَتَبَ الوَلَدُ الدَّرْسَ",
    "plain english words and a café",
    "中文消息在这里",
]
QUERIES = ["पापा", "पापी", "বাবা", "அம்மா", "ดี", "كتب", "cafe", "english", "消息"]


def _old_terms(text: str | None) -> str | None:
    """The analyzer before step 0015 (NFKC; these texts' CJK has no run to spell that the
    test needs), registered on a raw connection so the old triggers can run."""
    if not isinstance(text, str) or text.isascii():
        return text
    return (
        index_text(text)
        if re.search("[\u4e00-\u9fff]", text)
        else unicodedata.normalize("NFKC", text)
    )


def steps_before(conn: sqlite3.Connection, step: str) -> None:
    """Every SQLite step before ``step`` (its number) applied to ``conn`` and recorded, as
    the memdir of that time left a state.db."""
    conn.execute(
        "CREATE TABLE migrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL "
        "UNIQUE, applied_at REAL NOT NULL)"
    )
    for migration in MIGRATIONS:
        if migration.name.startswith(step):
            break
        for statement in migration.statements:
            conn.execute(statement)
        conn.execute("INSERT INTO migrations (name, applied_at) VALUES (?, 0)", (migration.name,))


def _database_before_0015(path: Path, n: int) -> None:
    """A state.db as the last release wrote it (every step before 0015), with ``n`` rounds
    of :data:`OLD` logged through its triggers."""
    conn = sqlite3.connect(path)
    conn.create_function("memdir_terms", 1, _old_terms, deterministic=True)
    steps_before(conn, "0015")
    for r in range(n):
        for i, text in enumerate(OLD):
            sid = f"s{r}-{i}"
            conn.execute("INSERT INTO sessions (id, agent, started_at) VALUES (?, 'a', 0)", (sid,))
            conn.execute(
                "INSERT INTO messages (session_id, role, content, timestamp) "
                "VALUES (?, 'user', ?, ?)",
                (sid, text, float(r * len(OLD) + i)),
            )
    conn.commit()
    old = conn.execute(
        "SELECT count(*) FROM messages_word WHERE messages_word MATCH '\"पापा\"'"
    ).fetchone()[0]
    assert old == 2 * n  # the old index: पापा is प प, in पापी too
    conn.close()


def test_step_0015_indexes_an_old_database_again_with_progress(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    n = 12  # rounds of OLD: 120 messages
    _database_before_0015(tmp_path / "old.db", n)
    monkeypatch.setattr("memdir.sessions.db.PROGRESS_ROWS", 100)
    monkeypatch.setattr("memdir.sessions.schema.FILL_CHUNK", 50)
    old = SessionStore(Database(tmp_path / "old.db"))
    assert "0015_marks_in_words" in [name for name, _ in old.db.migrations()]
    err = capsys.readouterr().err
    assert "0015_marks_in_words" in err and "120 of 120 rows done (100%)" in err
    fresh = SessionStore(Database(tmp_path / "fresh.db"))
    for r in range(n):
        for i, text in enumerate(OLD):
            fresh.start("a", session_id=f"s{r}-{i}", started_at=0)
            fresh.log(f"s{r}-{i}", "user", text, timestamp=float(r * len(OLD) + i))
    assert [m.id for m in old.messages("s11-9")] == [120]  # nothing lost
    for q in QUERIES:
        assert _found(old, q) == _found(fresh, q), q
    assert {m % len(OLD) for m in _found(old, "पापा")} == {1}  # ids 1, 11, 21, …
    assert check(old.db, repair=False).healthy


def test_postgres_step_0014_indexes_old_terms_again(pg_url: str) -> None:
    """A team state whose rows hold the terms the analyzer made before (पापा as प प):
    step 0014 makes them again, the postings and counters follow, and the search is the
    one a fresh state gives."""
    import psycopg

    from memdir.pg.db import PgDatabase
    from memdir.pg.sessions import PgStateDatabase, schema_name

    def opened() -> PgStateDatabase:
        return PgStateDatabase(PgDatabase(pg_url), user="older")

    db = opened()
    store = SessionStore(db)
    _log(store, OLD)
    fresh = {q: _found(store, q) for q in QUERIES}
    assert fresh["पापा"] == [1]
    db.pg.close()
    schema = schema_name(pg_url.rsplit("search_path%3D", 1)[1], "older")
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute(
            "DELETE FROM pg_migrations WHERE component = 'state/older' "
            "AND name = '0014_marks_in_words'"
        )
        conn.execute(f'SET search_path TO "{schema}"')
        rows = conn.execute("SELECT id, content FROM messages ORDER BY id").fetchall()
        for mid, content in rows:  # the old reading: words cut at their marks
            split = re.findall(r"[^\W_]+", unicodedata.normalize("NFKC", content).lower())
            old = [t for t in (stem(split)[w] for w in split) if t]
            conn.execute(
                "UPDATE messages SET tsv = to_tsvector('simple', %s), ntok = %s WHERE id = %s",
                (" ".join(old), len(split), mid),
            )
    db = opened()
    store = SessionStore(db)
    assert _found(store, "पापा") == [1]  # the step ran at open
    assert {q: _found(store, q) for q in QUERIES} == fresh
    health = db.health(repair=False, deep=True)
    assert health.healthy and health.text_disagreed == 0
    db.pg.close()
