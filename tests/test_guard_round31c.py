"""The guard's slowest inputs, part four (issue 13, branch slow3): a write anchor and a hidden
frame's anchor, repeated along one long clause, each searched its ~800-character window
though the windows hold the same characters (docs/design/guard.md, "Round 31", part four).
Characters read are counted at two sizes (never timed)."""

from __future__ import annotations

import re

import pytest

from memdir.guard import _clause, _frames, _orders, _threats, _vocab, scan
from memdir.guard._clause import Clauses
from test_guard_round31b import _Searched

# 1.0-1.7 s of CPU at 64 KiB on main (load ~4): each '@reboot' or '.hermes/' target searched
# its clause for a payload, a tool call and git hosts; each 'cover up' its clause for an
# audience and the user. Characters searched per character of text at 8 KiB, now at most
# (main: 360, 308, 252, 386; now 180, 152, 156, 225).
UNITS = {"> @reboot ": 200, "ใส่ @reboot ": 170, "> .hermes/ ": 175, "cover up ": 250}


@pytest.mark.parametrize("unit", UNITS)
def test_a_repeated_unit_searches_each_window_once(
    unit: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Characters searched at 1 and 8 KiB: on main 15-18% more per character at 8 KiB (each
    anchor's window searched again), now no more."""
    per = searched_per_character(unit, monkeypatch)
    assert per[1] <= 1.05 * per[0] and per[1] <= UNITS[unit], (unit, per)


def searched_per_character(unit: str, monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """Characters the guard's patterns search per character of ``unit`` repeated to 1 and
    8 KiB (a stored text: every detector runs)."""
    tally = [0]
    _clause._quote_marks.cache_clear()
    for module in (_clause, _frames, _orders, _threats, _vocab):
        for name, value in vars(module).items():
            if isinstance(value, re.Pattern):
                monkeypatch.setattr(module, name, _Searched(value, tally))
    per = []
    for size in (1024, 8192):
        tally[0] = 0
        text = unit * (size // len(unit))
        assert scan(text) is None
        per.append(tally[0] / len(text))
    return per


def test_the_window_key_answers_as_a_search_in_every_window() -> None:
    """``_Seen.has`` keys a search by its window and the characters before it that the
    pattern reads: one memory asked every window answers as ``rx.search`` does, for the
    frame's patterns and for look-behinds a shorter key would get wrong."""
    behinds = (re.compile(r"(?<=\bvia )x|\bab"), re.compile(r"(?<![\w.]{3})cd"))
    for s in (
        "via x, zvia x; ab, zab. cd, a.cd, xy cd, via x",
        "don't tell the user; hide it from them, the user doesn't know. cover up x",
    ):
        seen = _frames._Seen(Clauses(s))
        for rx in (_frames._AUDIENCE, _frames._RISKY, _frames._USER, _frames._SELF, *behinds):
            for lo in range(len(s)):
                for hi in range(lo, len(s) + 1):
                    assert seen.has(rx, s, lo, hi) == (rx.search(s, lo, hi) is not None)


def test_a_clause_window_asked_again_is_answered_from_memory(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """'cronjob .online/ ' (0.94 s at 64 KiB on main): each target asked ``Clauses.has``
    whether its window reads a file or calls a tool; the windows hold the same characters.
    Characters the lexicon's patterns search per character: main 43 at 1 KiB, 51 at 8 KiB;
    now 40 and 9 (each distinct window searched once)."""
    tally = [0]
    counted = {k: _Searched(v, tally) for k, v in _threats._compiled().items()}
    monkeypatch.setattr(_threats, "_compiled", lambda: counted)
    per = []
    for size in (1024, 8192):
        tally[0] = 0
        text = "cronjob .online/ " * (size // 17)
        assert scan(text) is None
        per.append(tally[0] / len(text))
    assert per[1] <= 20, per
