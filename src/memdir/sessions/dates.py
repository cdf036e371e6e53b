"""Explicit dates in a query ("3 June, 2023", "June 3, 2023", "2023-06-03", "May 2023",
"in 2023") as time ranges; the message ranking boosts rows logged inside them."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

__all__ = ["parse_dates"]

_MONTHS = {
    m: i + 1
    for i, names in enumerate(
        (
            "january jan",
            "february feb",
            "march mar",
            "april apr",
            "may",
            "june jun",
            "july jul",
            "august aug",
            "september sep sept",
            "october oct",
            "november nov",
            "december dec",
        )
    )
    for m in names.split()
}
_MON = "(" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?"
_DATES = (
    (
        "day",
        re.compile(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?{_MON},?\s+(\d{{4}})\b", re.I),
        (1, 2, 3),
    ),
    (
        "day",
        re.compile(rf"\b{_MON}\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})\b", re.I),
        (2, 1, 3),
    ),
    ("iso", re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b"), (3, 2, 1)),
    ("month", re.compile(rf"\b{_MON},?\s+(\d{{4}})\b", re.I), (0, 1, 2)),
    ("year", re.compile(r"\b(?:in|during|of|since)\s+((?:19|20)\d\d)\b", re.I), (0, 0, 1)),
)


def parse_dates(text: str, slack: float = 2.0) -> list[tuple[float, float]]:
    """Time ranges (epoch seconds, local time) for explicit dates in ``text``: a day ± 2
    days, a month with its year, a year. Never raises."""
    out: list[tuple[float, float]] = []
    covered: list[tuple[int, int]] = []
    for kind, rx, (di, mi, yi) in _DATES:
        for m in rx.finditer(text):
            if any(a <= m.start() < b for a, b in covered):
                continue
            try:
                if kind in ("day", "iso"):
                    d = (
                        datetime(int(m.group(1)), int(m.group(2)), int(m.group(3)))
                        if kind == "iso"
                        else datetime(
                            int(m.group(yi)), _MONTHS[m.group(mi).lower()], int(m.group(di))
                        )
                    )
                    lo, hi = d - timedelta(days=slack), d + timedelta(days=1 + slack)
                elif kind == "month":
                    y, mo = int(m.group(yi)), _MONTHS[m.group(mi).lower()]
                    lo, hi = datetime(y, mo, 1), datetime(y + (mo == 12), mo % 12 + 1, 1)
                else:
                    y = int(m.group(yi))
                    lo, hi = datetime(y, 1, 1), datetime(y + 1, 1, 1)
                out.append((lo.timestamp(), hi.timestamp()))
            except (ValueError, KeyError, OverflowError, OSError):
                continue
            covered.append((m.start(), m.end()))
    return out
