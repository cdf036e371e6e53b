"""An attacker's review of session search's inflected forms (memdir.sessions.inflect):
long index terms, German's ß cue, filters and the two engines' agreement on widened words."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from memdir.sessions import Database, SessionStore, inflect


def _store(db: Any, rows: list[tuple[str, str]], sid: str = "one") -> SessionStore:
    store = SessionStore(db)
    store.start("a", session_id=sid, started_at=1.7e9)
    for i, (role, text) in enumerate(rows):
        store.log(sid, role, text, timestamp=1.7e9 + i)
    return store


def _filler() -> list[tuple[str, str]]:
    return [("user", f"note {i}: nothing about the question here") for i in range(20)]


def test_long_index_terms_are_not_stemmed(tmp_path: Path) -> None:
    """Index terms sharing a query word's prefix but thousands of letters long (a pasted
    blob) were each run through Snowball: 64 of 16k letters, 3 s a German word."""
    blobs = [("user", f"reparatur{i:03d}x" + "en" * 2000) for i in range(64)]
    store = _store(Database(tmp_path / "state.db"), [*_filler(), *blobs])
    store.log("one", "user", "Wir haben die Reparaturen bezahlt", timestamp=1.8e9)
    before = inflect._stemmer("german").cache_info()  # type: ignore[attr-defined]
    hits = store.search_messages("Wann ist die Reparatur fertig", limit=5)
    after = inflect._stemmer("german").cache_info()  # type: ignore[attr-defined]
    assert [h.snippet for h in hits] == ["Wir haben die Reparaturen bezahlt"]
    assert after.misses - before.misses < 8, (before, after)


def test_a_german_question_known_by_its_sharp_s_widens_its_words(tmp_path: Path) -> None:
    """ß is German's cue letter, but the query was case-folded first (ß → ss): "Grüße
    zur Reparatur" had one cue (zur) and was left as English."""
    rows = [*_filler(), ("user", "Wir haben die Reparaturen bezahlt")]
    store = _store(Database(tmp_path / "state.db"), rows)
    hits = store.search_messages("Grüße zur Reparatur", limit=5)
    assert [h.snippet for h in hits] == ["Wir haben die Reparaturen bezahlt"]


@pytest.mark.xfail(
    strict=True,
    reason="severity: medium — the query sanitizer case-folds (ß → ss) but the index's "
    "unicode61 tokenizer keeps ß: a word with ß never finds itself (query.py casefold)",
)
def test_a_word_with_sharp_s_finds_itself(tmp_path: Path) -> None:
    store = _store(Database(tmp_path / "state.db"), [*_filler(), ("user", "Die Straße ist zu")])
    assert [h.snippet for h in store.search_messages("Straße", limit=5)] == ["Die Straße ist zu"]
