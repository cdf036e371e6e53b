"""``Clauses.has`` answers the same for the same window however often it was asked (issue 13:
it searched for a pattern's first 32 calls and looked whole-text matches up after, which can
differ at a window's edges, so a verdict depended on the order of the detectors' calls)."""

from __future__ import annotations

import re

import pytest

from memdir.guard._clause import _PAST, _STORY, Clauses


@pytest.mark.parametrize(
    ("rx", "s", "lo", "hi"),
    [
        # the window ends inside "talkedx": its end is a word boundary, the text's is not
        (_PAST, "they talkedx on", 0, 11),
        # "a old runbook" matches from 0 and hides "old runbook", which starts in the window
        (_STORY, "a old runbook", 2, 13),
        # a look-ahead sees the window's end, not the text after it
        (re.compile(r"run(?!book)"), "run runbook", 4, 7),
    ],
    ids=["word cut at the end", "hidden by a match before", "look-ahead at the end"],
)
def test_a_window_is_answered_alike_on_every_call(
    rx: re.Pattern[str], s: str, lo: int, hi: int
) -> None:
    cl = Clauses(s)
    answers = {cl.has(rx, lo, hi) for _ in range(40)}
    assert answers == {rx.search(s, lo, hi) is not None}
