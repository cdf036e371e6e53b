"""A reviewer's reread of round 60's source changes: what it found, each pinned or fixed."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from memdir.engine import Memdir

pytestmark = pytest.mark.backends  # files + state.db, and PostgreSQL

WHEN = datetime(2026, 11, 20, tzinfo=UTC)


def _log(md: Memdir, sid: str, *turns: tuple[str, str]) -> None:
    with md.session(agent="hermes", session_id=sid, started_at=WHEN) as s:
        for i, (role, text) in enumerate(turns):
            s.log(role, text, timestamp=WHEN + timedelta(minutes=i))


def _found(md: Memdir, query: str) -> list[str]:
    return [h.session_id for h in md.sessions.search(query, limit=5)]


@pytest.mark.parametrize("stop", ["的", "么"])
def test_a_bigram_of_the_stop_character_me_is_no_word(md: Memdir, stop: str) -> None:
    """么 is a one-character stop word like 的, but OpenCC folds it to 幺: the one-character
    rule must read a bigram holding it (幺猫 of 要么猫) as a stop bigram, as it reads 的猫,
    so a row tied by it and one character alone is no match either way."""
    _log(md, "pets", ("user", f"要{stop}猫，要{stop}狗。"))
    assert _found(md, f"那{stop}猫吃什么？") == []
