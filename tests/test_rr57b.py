"""Regression tests from the rr57b review of f310c470..HEAD."""

from __future__ import annotations

import pytest

from memdir.core.errors import ValidationError
from memdir.interop.transcripts._reading import seconds, time_of
from memdir.sessions.records import to_epoch


def test_huge_integer_time_is_no_time() -> None:
    """A transcript's JSON integer too large for a float (``1`` and 400 zeros) is not a
    time: None / the fallback, not an OverflowError that ends the import."""
    huge = 10**400
    with pytest.raises(ValidationError):
        to_epoch(huge)
    assert time_of(huge) is None
    assert seconds(huge, 5.0) == 5.0
