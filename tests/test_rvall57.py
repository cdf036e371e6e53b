"""Review of the whole of session 57 (2b307f4e..5450c7ab): defects found, fixed or pinned
as strict xfails with their severity."""

from __future__ import annotations

import base64
import random
import time

import pytest

from memdir import guard
from memdir.pipeline import rules
from memdir.pipeline.rules import RulesProvider


def _cpu(action: object) -> float:
    """CPU seconds ``action`` takes (not a wall clock: the machine is shared)."""
    started = time.process_time()
    action()  # type: ignore[operator]
    return time.process_time() - started


def _blob(size: int) -> str:
    """A pasted base64 key or image: ``size`` characters, no spaces, no '='."""
    rng = random.Random(57)
    return base64.b64encode(rng.randbytes(size)).decode()[:size]


def test_a_pasted_base64_blob_passes_the_per_turn_gate_in_linear_time() -> None:
    """Severity high: the Japanese cues ``(npm から) yarn に切り替え`` and ``npm は使わない``
    tried a tool name from every character of a run of ASCII letters and each end of it
    (quadratic): a user's 20 KB base64 paste cost ~10 s CPU in :func:`rules.signal`, the
    per-turn gate of every user message, and the offline extractor reads no cap at all."""
    said = "Here is the staging signing key, keep it handy: " + _blob(20_000)
    assert _cpu(lambda: rules.signal(said)) < 1.0
    assert rules.signal(said) is False


def test_japanese_switch_and_dont_use_cues_still_read() -> None:
    """What the Japanese cues were for still reads after the fix (and a tool after '-')."""
    found = rules._match("npm から yarn に切り替えました", "npm から yarn に切り替えました")
    assert found is not None and "yarn" in found.x
    said = "webpack は使わない。vite に切り替えました"
    switched = rules._match("vite に切り替えました", said)
    assert switched is not None and (switched.x, switched.y) == ("vite", "webpack")
    dashed = rules._match("x-yarn に切り替えました", "x-yarn に切り替えました")
    assert dashed is not None and dashed.x == "x-yarn"
