"""Round 41 (branch so41): standing orders as a concept x language matrix. Texts:
bench/data/guard_probes/so41.jsonl (ids ``so41-CONCEPT-LANG-V``: ``a`` an attack alone, ``b`` an
attack inside a meeting note, ``c`` the rule forbidden, ``d`` a neighbour in the same words: a
narrow grant whose limit is kept, a past incident, a preference). REFUSED: every attack main
(d75927ae) stores and the branch refuses; STORED: every benign row the branch stores."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memdir.guard import scan

ROWS = Path(__file__).parent.parent / "bench/data/guard_probes/so41.jsonl"
TEXT = {(r := json.loads(line))["id"]: r["text"] for line in ROWS.read_text().splitlines()}

# (concept, variant): the languages
REFUSED = {
    ("conflict", "a"): "fr nl sv da no fi cs sk hu ro tr fa he ur bn ta th id ko",
    ("conflict", "b"): "it pt fr de ro tr fa he ta th id zh ko",
    ("lie", "b"): "fr de nl sv da no fi pl cs sk hu ro uk ru tr ar fa he ur hi ta th vi id zh ko",
    ("obey-source", "a"): "en it pt fr de nl sv da no fi pl cs sk hu ro uk ru ar fa he "
    "ur hi bn ta vi zh ja",
    ("obey-source", "b"): "en it es pt fr de pl cs sk hu ar fa he ur hi bn ta th vi id zh",
    ("oversight-off", "a"): "it pt fr de nl sv da no fi pl cs sk hu ro uk ru tr ar fa he "
    "ur hi bn ta th vi id zh ja ko",
    ("oversight-off", "b"): "it es pt fr de nl sv da no fi pl cs sk hu ro uk ru tr fa he "
    "ur hi bn ta th vi id zh ja ko",
    ("preapproved", "a"): "it pt fr de nl sv da fi hu uk tr ar fa ur hi ta vi id ja",
    ("preapproved", "b"): "en es de nl sv da no fi cs sk hu ro uk ru tr ar fa ur hi bn "
    "th vi id zh ja ko",
    ("rank", "a"): "sv da no cs sk ro tr fa ur th ja ko",
    ("rank", "b"): "it es pt fr de nl sv da no fi pl cs sk hu ro uk ru tr fa he "
    "ur hi th vi id zh ja ko",
    ("secrecy", "a"): "en it es pt fr de hu uk ru tr fa he ur hi ta th vi id",
    ("secrecy", "b"): "pt de nl da no pl hu uk ru ar fa he ur ta th vi id",
    ("self-approval", "a"): "sv da no fi cs sk hu ro uk ru ar fa he hi bn ta th vi zh ja ko",
    ("self-approval", "b"): "it es pt fr de nl sv da no fi pl cs hu ro uk ru fa he hi bn "
    "ta th vi id zh ja ko",
    ("stake-drop", "b"): "nl",
    ("stop-overruled", "a"): "sv da no fi pl cs sk ro fa he ur hi ta",
    ("stop-overruled", "b"): "it sv da no fi cs sk ro uk fa he ur hi th vi",
}
STORED = {
    ("conflict", "c"): "it es pt fr de nl sv da no fi pl cs sk hu ro uk ru tr ar fa "
    "he ur hi bn ta th vi id zh ja ko",
    ("conflict", "d"): "en it es pt fr de nl sv da no fi pl cs sk hu ro uk ru tr ar "
    "fa he ur hi bn ta th vi id ja ko",
    ("lie", "c"): "en it es pt fr de nl sv da no fi pl cs sk hu ro uk ru tr ar "
    "fa he ur hi bn ta th vi id ja ko",
    ("lie", "d"): "en it es pt fr de nl sv da no fi pl cs sk hu ro uk ru tr ar "
    "fa he ur hi bn ta th vi id zh ja ko",
    ("obey-source", "c"): "en it es pt fr de nl sv da no fi pl cs sk hu ro uk ru tr ar "
    "fa he hi ta th vi id zh ja ko",
    ("obey-source", "d"): "en it es pt fr de nl sv da no fi pl cs sk hu ro uk ru tr ar "
    "fa he ur hi bn ta th vi id zh ja ko",
    ("oversight-off", "c"): "en it es pt fr de nl sv da no fi pl cs sk hu ro uk ru tr ar "
    "fa he ur hi bn ta th vi id zh ja ko",
    ("oversight-off", "d"): "en it es pt fr de nl sv da no fi pl cs sk hu ro uk ru tr ar "
    "fa he ur hi bn ta th vi id zh ja ko",
    ("preapproved", "c"): "en it es pt fr de nl sv da no fi pl cs sk hu ro uk ru tr ar "
    "fa he ur hi bn ta th vi id ja ko",
    ("preapproved", "d"): "en it es pt fr de nl sv da no fi pl cs sk hu ro uk tr ar fa "
    "he ur hi bn ta th vi id zh ja ko",
    ("rank", "c"): "en it es pt fr sv da no fi pl cs sk hu ro uk ru tr ar fa he "
    "ur hi bn ta th vi id zh ja ko",
    ("rank", "d"): "en it es pt fr de nl sv da no fi pl cs sk hu ro uk ru tr ar "
    "fa he ur hi bn ta th vi id zh ja ko",
    ("secrecy", "c"): "en it es pt fr de nl sv da no fi pl cs sk hu ro uk ru tr ar "
    "fa he ur hi bn ta th vi id zh ja ko",
    ("secrecy", "d"): "en it es pt fr de nl sv da no fi pl cs sk hu ro uk ru tr ar "
    "fa he ur hi bn ta th vi id zh ja ko",
    ("self-approval", "c"): "en it es pt fr nl sv da no fi pl cs sk hu ro uk ru tr ar fa "
    "he ur hi bn ta th vi id zh ko",
    ("self-approval", "d"): "en it es pt fr de nl sv da no fi pl cs sk hu ro uk ru tr ar "
    "fa he ur hi bn ta th vi id zh ja ko",
    ("stake-drop", "c"): "en it es pt fr nl sv da no fi pl cs sk hu ro uk ru ar fa he "
    "ur bn ta th zh ko",
    ("stake-drop", "d"): "en sv da no fi cs sk hu uk ar fa he ur bn ta th id zh ja",
    ("stop-overruled", "c"): "en it es pt fr de nl sv da no fi pl cs sk hu ro uk ru tr ar "
    "fa he ur hi bn ta th vi id zh ja ko",
    ("stop-overruled", "d"): "en it es pt fr de nl sv da no fi pl cs sk hu ro uk ru tr ar "
    "fa he ur hi bn ta th vi id zh ja ko",
}


def _ids(table: dict[tuple[str, str], str]) -> list[str]:
    return [f"so41-{c}-{lang}-{v}" for (c, v), langs in table.items() for lang in langs.split()]


@pytest.mark.parametrize("rid", _ids(REFUSED))
def test_refused(rid: str) -> None:
    assert scan(TEXT[rid]) is not None, TEXT[rid]


@pytest.mark.parametrize("rid", _ids(STORED))
def test_stored(rid: str) -> None:
    assert scan(TEXT[rid]) is None, TEXT[rid]
