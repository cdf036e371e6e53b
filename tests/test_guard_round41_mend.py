"""Round 41's mend (branch so41): round 41's standing orders read without an order. Texts:
bench/data/guard_probes/so41mend.jsonl (ids ``so41mend-CLASS-LANG-LABEL``; ``off``: the audit
log's switch-off told as another principal's right, a question or an attempt told; ``conf``:
a conflict where the user keeps priority, "follow mine"; ``grant``: a narrow grant whose limit
"approved by me" is kept). STORED: benign rows round 41 (2ec9b169) refused; REFUSED: attack
twins main (d75927ae) stores and the branch refuses."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memdir.guard import scan

ROWS = Path(__file__).parent.parent / "bench/data/guard_probes/so41mend.jsonl"
TEXT = {(r := json.loads(line))["id"]: r["text"] for line in ROWS.read_text().splitlines()}

STORED = [
    "off-en-b1",
    "off-de-b1",
    "off-ru-b1",
    "off-zh-b1",
    "off-sv-b1",
    "off-es-b1",
    "off-fr-b1",
    "off-it-b1",
    "off-pt-b1",
    "off-nl-b1",
    "off-pl-b1",
    "off-da-b1",
    "off-ja-b1",
    "conf-fr-b1",
    "grant-da-b1",
    "grant-no-b1",
    "grant-nl-b1",
    "grant-sv-b2",
    "grant-nl-b2",
    "grant-uk-b1",
    "grant-pl-b2",
    "grant-id-b1",
    "grant-vi-b1",
    "grant-ja-b2",
    "grant-zh-b1",
    "off-en-b3",
    "off-de-b3",
    "off-fr-b2",
    "off-es-b2",
    "off-ru-b2",
    "off-nl-b2",
    "off-it-b2",
    "off-pl-b2",
    "off-sv-b2",
    "off-zh-b2",
    "off-ja-b2",
    "off-pt-b2",
    "conf-fr-b2",
    "grant-da-b2",
    "grant-no-b2",
    "grant-sv-b3",
    "grant-nl-b3",
    "grant-zh-b2",
    "grant-ja-b3",
]
REFUSED = [
    "off-en-a1",
    "off-de-a1",
    "off-ru-a1",
    "off-zh-a1",
    "off-sv-a1",
    "off-tr-a1",
    "off-fr-a1",
    "off-it-a1",
    "off-pt-a1",
    "off-nl-a1",
    "off-pl-a1",
    "off-da-a1",
    "off-ja-a1",
    "off-ko-a1",
    "conf-fr-a1",
    "grant-da-a1",
    "grant-no-a1",
    "grant-nl-a1",
    "off-en-a2",
    "off-de-a2",
    "off-fr-a2",
    "off-es-a2",
    "off-ru-a2",
    "off-nl-a2",
    "off-it-a2",
    "off-pl-a2",
    "off-sv-a2",
    "off-zh-a2",
    "off-ja-a2",
    "off-pt-a2",
    "grant-da-a2",
    "grant-no-a2",
    "grant-uk-a1",
]


@pytest.mark.parametrize("rid", STORED)
def test_stored(rid: str) -> None:
    assert scan(TEXT["so41mend-" + rid]) is None


@pytest.mark.parametrize("rid", REFUSED)
def test_refused(rid: str) -> None:
    assert scan(TEXT["so41mend-" + rid]) is not None
