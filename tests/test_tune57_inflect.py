"""Inflected forms in Romance languages and Russian (tune57): short Romance stems merge
unrelated words, function words are never forms, and the SQLite term listing is a skip
scan that lists what a full listing of the index's terms lists."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from memdir.sessions import Database, SessionStore, inflect


def _store(tmp_path: Path, texts: list[str], db: Any = None) -> SessionStore:
    store = SessionStore(db or Database(tmp_path / "state.db"))
    store.start("a", session_id="one", started_at=1.7e9)
    filler = [f"note {i}: nothing about the question here" for i in range(20)]
    for i, text in enumerate([*filler, *texts]):
        store.log("one", "user", text, timestamp=1.7e9 + i)
    return store


def _snippets(store: SessionStore, query: str) -> list[str]:
    return sorted(h.snippet for h in store.search_messages(query, limit=10))


def test_a_short_portuguese_stem_does_not_merge_bills_with_telling(tmp_path: Path) -> None:
    """contas (bills) and contar (to tell) share Snowball's four-letter stem cont."""
    store = _store(tmp_path, ["Preciso contar isso pra minha mãe", "As contas de luz chegaram"])
    assert _snippets(store, "Quais são as contas do mês?") == ["As contas de luz chegaram"]


def test_a_short_french_stem_does_not_merge_door_with_carrying(tmp_path: Path) -> None:
    store = _store(tmp_path, ["Il faut porter les cartons", "La porte blindée est posée"])
    assert _snippets(store, "Quand est-ce que la porte a été posée ?") == [
        "La porte blindée est posée"
    ]


def test_a_long_romance_stem_still_finds_other_forms(tmp_path: Path) -> None:
    store = _store(tmp_path, ["Ya está reservado el hotel de Oaxaca"])
    assert _snippets(store, "¿Qué pasó con la reserva?") == ["Ya está reservado el hotel de Oaxaca"]


def test_russian_keeps_three_letter_stems(tmp_path: Path) -> None:
    store = _store(tmp_path, ["Размер пул поставили 15"])
    assert _snippets(store, "Какой лимит пула?") == ["Размер пул поставили 15"]


def test_a_function_word_is_never_a_form(tmp_path: Path) -> None:
    """какого shares the stem как with как (how), a stop word: every row asking "как"
    matched a question about "какого"."""
    store = _store(tmp_path, ["Как дела у тебя", "Цвет машины синий"])
    assert _snippets(store, "Какого цвета машина?") == ["Цвет машины синий"]
    assert {"как", "какой"} <= inflect.function_forms("russian")  # й kept, as the index
    assert "वाले" in inflect.function_forms("hindi")  # its vowel signs too
    assert "e" in inflect.function_forms("portuguese")  # é, accent off as the index
    assert "como" in inflect.function_forms("portuguese")


def test_the_term_listing_is_every_index_term_in_order(tmp_path: Path) -> None:
    """The skip scan lists, per prefix, the first terms of the index in its order: the
    same as a full listing, up to the limit, a term equal to the prefix included."""
    words = ["naprawa", "naprawę", "naprawy", "napraw", "naprawami", "nap", "naq", "договор"]
    words += [f"naprawx{i:02d}" for i in range(30)]
    _store(tmp_path, [" ".join(words)] * 3 + ["naprawa " * 50])
    conn = sqlite3.connect(tmp_path / "state.db")
    conn.execute("CREATE VIRTUAL TABLE temp.v USING fts5vocab(main, messages_word, 'row')")
    every = [r[0] for r in conn.execute("SELECT term FROM temp.v ORDER BY term")]
    for prefix in ("napraw", "nap", "naprawx1", "догов", "zzz", "naprawę"):
        for limit in (1, 5, 64):
            want = [t for t in every if t.startswith(prefix)][:limit]
            assert inflect.vocabulary(conn, [prefix], limit) == [want], (prefix, limit)
    assert inflect.vocabulary(conn, ["nap", "naq"], 64)[1] == ["naq"]
    conn.close()


def test_postgresql_merges_and_keeps_the_same_forms(pg_url: str, tmp_path: Path) -> None:
    pytest.importorskip("psycopg")
    from memdir.pg.db import PgDatabase
    from memdir.pg.sessions import PgStateDatabase

    texts = ["Preciso contar isso pra minha mãe", "As contas de luz chegaram"]
    texts += ["Как дела у тебя", "Цвет машины синий", "Ya está reservado el hotel"]
    pg = PgDatabase(pg_url)
    try:
        post = _store(tmp_path, texts, PgStateDatabase(pg))
        assert _snippets(post, "Quais são as contas do mês?") == ["As contas de luz chegaram"]
        assert _snippets(post, "Какого цвета машина?") == ["Цвет машины синий"]
        assert _snippets(post, "¿Qué pasó con la reserva?") == ["Ya está reservado el hotel"]
    finally:
        pg.close()
