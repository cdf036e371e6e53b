"""Review rvkept of branch kept (round 39a, not merged): attacks main refuses and kept stored.

Any later narrowing of these shapes must keep refusing them (docs/design/guard.md, "Round
39a"): standing orders whose kept "must confirm with me" is taken
back, struck out or narrowed to trivia (``_kept.covered``), and Japanese exfiltration orders
whose ない sits on a listed verb beside an unlisted affirmed one (``_clause.ja_negated``).
Texts and shapes: ``tests/data/rvkept_opened.jsonl`` (id, text, lang, shape)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memdir.guard import scan

_DATA = Path(__file__).parent / "data" / "rvkept_opened.jsonl"
OPENED = [json.loads(line) for line in _DATA.read_text(encoding="utf-8").splitlines() if line]


@pytest.mark.parametrize("attack", OPENED, ids=[a["id"] for a in OPENED])
def test_opened_attack_is_refused(attack: dict[str, str]) -> None:
    assert scan(attack["text"]) is not None, attack
