"""``Clauses.has`` answers the same for the same window however often it was asked (issue 13:
it searched for a pattern's first 32 calls and looked whole-text matches up after, which can
differ at a window's edges, so a verdict depended on the order of the detectors' calls)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memdir.guard import _orders
from memdir.guard._clause import _ADVERSARY, _ORDER_WORD, _PAST, _STORY, Clauses


@pytest.mark.parametrize(
    ("rx", "s", "lo", "hi"),
    [
        # the window ends inside "talkedx": its end is a word boundary, the text's is not
        (_PAST, "they talkedx on", 0, 11),
        # "a old runbook" matches from 0 and hides "old runbook", which starts in the window
        (_STORY, "a old runbook", 2, 13),
        # a look-ahead sees the window's end, not the text after it
        (re.compile(r"run(?!book)"), "run runbook", 4, 7),
        # "walked" starts in the window and ends after it: no match there
        (_PAST, "they walked", 0, 8),
        # no literal every match holds is known (case-insensitive): the window is searched
        (re.compile(r"[a-z]+ed\b", re.IGNORECASE), "they talkedx on", 0, 11),
        # "main" at a word's start, cut from "mainly" by the window's end: no whole-text
        # match starts there, the cut pattern's does (slowfix)
        (re.compile(r"\bmain\b"), "domains mainly", 0, 12),
    ],
    ids=[
        "word cut at the end",
        "hidden by a match before",
        "look-ahead at the end",
        "cut",
        "no literal",
        "cut after a literal",
    ],
)
def test_a_window_is_answered_alike_on_every_call(
    rx: re.Pattern[str], s: str, lo: int, hi: int
) -> None:
    cl = Clauses(s)
    answers = {cl.has(rx, lo, hi) for _ in range(40)}
    assert answers == {rx.search(s, lo, hi) is not None}


_WORDS = ["they", "walked", "talkedx", "a", "old", "runbook", "last", "year", "you", "youth", "."]


@given(st.lists(st.sampled_from(_WORDS), min_size=1, max_size=40).map(" ".join), st.data())
def test_every_call_answers_as_a_search_of_its_window(s: str, data: st.DataObject) -> None:
    """Whatever windows were asked before (past the 32nd call too), each answer is the
    window's search (windows inside the text: review rvguardclause)."""
    edge = st.integers(0, len(s))
    windows = data.draw(st.lists(st.tuples(edge, edge), min_size=40, max_size=60))
    cl = Clauses(s)
    for rx in (_PAST, _STORY, _ORDER_WORD, _ADVERSARY):
        for lo, hi in windows:
            assert cl.has(rx, lo, hi) == (rx.search(s, lo, hi) is not None), (rx, lo, hi)


# Required literals inside words ("any" in "tanya", "系统" in "统系统系", "지" in "하지"), or
# at a word's start with no match ("anything"): answered without a search past the 32nd
# call, as the search would (issue 13, slowfix).
_INSIDE = [
    "tanya",
    "any",
    "anyway",
    "all",
    "files",
    "x-y",
    "-y",
    "统系",
    "系统",
    "配置",
    "하지",
    "지우",
]
# and words a window's end may cut into a match ("main" of "mainly", "any dialog" of "dialogs")
_INSIDE += ["anything", "mainly", "main", "dialogs", "prod", "production", "to"]


@given(st.lists(st.sampled_from(_INSIDE), min_size=1, max_size=40).map(" ".join), st.data())
def test_a_literal_inside_a_word_is_answered_as_a_search(s: str, data: st.DataObject) -> None:
    edge = st.integers(0, len(s))
    windows = data.draw(st.lists(st.tuples(edge, edge), min_size=40, max_size=60))
    cl = Clauses(s)
    _, scope_rx, risky_rx = _orders._compiled()
    for rx in (risky_rx, scope_rx):
        for lo, hi in windows:
            found = rx.search(s, lo, hi) is not None
            assert cl.has(rx, lo, hi) == found, (lo, hi)
            assert cl._literal_in(rx, lo, hi) or not found, (lo, hi)  # never a match missed
