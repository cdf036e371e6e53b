"""A small, tolerant reader of iCalendar (RFC 5545) text: the events and how they recur.

Only what says something about a person is read: each ``VEVENT``'s ``UID``, ``SUMMARY``,
``DTSTART`` (with its ``TZID``), ``RRULE``, ``STATUS`` and whether it overrides one
occurrence (``RECURRENCE-ID``). A rule's ``UNTIL`` or ``COUNT`` tells when a series ended
(:meth:`Recurrence.ended`). Folded lines are unfolded and text values unescaped;
lines that are not content lines, unknown properties and nested components (alarms) are
skipped, and what was skipped is counted, never fatal. Text that is not a calendar at all
raises :class:`~memdir.errors.ParseError`. Pure: no I/O.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta

from ..errors import ParseError

__all__ = ["Calendar", "Event", "Recurrence", "parse_ics", "recurrence", "start_date"]

MAX_EVENTS = 20_000  # a calendar holding more is cut here (and says so)
_NAME = re.compile(r"[A-Za-z0-9-]+")
_DATE = re.compile(r"([0-9]{4})([0-9]{2})([0-9]{2})(?:T([0-9]{2})([0-9]{2})([0-9]{2})?(Z)?)?$")
_COUNT = re.compile(r"[0-9]{1,4}")
_DAYS = {
    "MO": "Monday",
    "TU": "Tuesday",
    "WE": "Wednesday",
    "TH": "Thursday",
    "FR": "Friday",
    "SA": "Saturday",
    "SU": "Sunday",
}
_FREQ = {
    "DAILY": ("daily", "days"),
    "WEEKLY": ("weekly", "weeks"),
    "MONTHLY": ("monthly", "months"),
    "YEARLY": ("yearly", "years"),
}
_PERIOD_DAYS = {"DAILY": 1, "WEEKLY": 7, "MONTHLY": 31, "YEARLY": 366}  # at the longest


@dataclass(frozen=True)
class Event:
    """One ``VEVENT`` as written (values unescaped, nothing interpreted yet)."""

    uid: str = ""
    summary: str = ""
    start: str = ""  # DTSTART's value, e.g. 20260105T100000 or 20260105
    tzid: str = ""
    rrule: str = ""
    status: str = ""
    override: bool = False  # has RECURRENCE-ID: one changed occurrence of another event
    line: int = 0  # where it begins, 1-based


@dataclass
class Calendar:
    """The events of one calendar and how many lines could not be read."""

    events: list[Event] = field(default_factory=list)
    skipped_lines: int = 0
    problems: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Recurrence:
    """How an event repeats, read from its ``RRULE`` and ``DTSTART``."""

    freq: str  # DAILY, WEEKLY, MONTHLY or YEARLY
    interval: int = 1
    days: tuple[str, ...] = ()  # weekday names
    time: str = ""  # "10:00" (start time, as written)
    tz: str = ""  # "UTC", a TZID, or "" for floating time
    start: date | None = None
    until: datetime | None = None  # last occurrence (UTC) at the latest; None: open-ended

    def text(self) -> str:
        """In words: ``every 2 weeks on Monday and Thursday at 10:00 (Europe/Berlin)``."""
        every, unit = _FREQ[self.freq]
        out = every if self.interval <= 1 else f"every {self.interval} {unit}"
        if self.days:
            names = list(self.days)
            out += " on " + (
                names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
            )
        if self.time:
            out += f" at {self.time}"
            if self.tz:
                out += f" ({self.tz})"
        return out

    def ended(self, now: datetime) -> bool:
        """True when the last occurrence (``UNTIL``, or the bound ``COUNT`` sets) is
        before ``now``."""
        return self.until is not None and self.until < now


def _unescape(value: str) -> str:
    return re.sub(r"\\([\\;,nN])", lambda m: "\n" if m.group(1) in "nN" else m.group(1), value)


def _unfold(text: str) -> list[tuple[int, str]]:
    """Logical lines with the number of the physical line each begins on."""
    out: list[tuple[int, str]] = []
    for number, raw in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), 1):
        if raw[:1] in (" ", "\t") and out:
            out[-1] = (out[-1][0], out[-1][1] + raw[1:])
        elif raw.strip():
            out.append((number, raw))
    return out


def _split(line: str) -> tuple[str, dict[str, str], str] | None:
    """``NAME;PARAM=V:value`` → (NAME, params, value); a colon inside quotes is a value."""
    quoted = False
    for i, ch in enumerate(line):
        if ch == '"':
            quoted = not quoted
        elif ch == ":" and not quoted:
            head, value = line[:i], line[i + 1 :]
            break
    else:
        return None
    name, *params = head.split(";")
    if not _NAME.fullmatch(name):
        return None
    found = {}
    for p in params:
        key, _, val = p.partition("=")
        found[key.strip().upper()] = val.strip().strip('"')
    return name.upper(), found, value


def parse_ics(text: str, where: str = "calendar") -> Calendar:
    """Every ``VEVENT`` of ``text``; ParseError naming ``where`` when it is no calendar."""
    lines = _unfold(text.lstrip("\ufeff"))
    if not any(line.strip().upper() in ("BEGIN:VCALENDAR", "BEGIN:VEVENT") for _, line in lines):
        raise ParseError(where, "not an iCalendar file (no BEGIN:VCALENDAR)")
    cal = Calendar()
    stack: list[str] = []
    current: dict[str, str] | None = None
    for number, line in lines:
        split = _split(line)
        if split is None:
            cal.skipped_lines += 1
            continue
        name, params, value = split
        if name == "BEGIN":
            stack.append(value.strip().upper())
            if stack[-1] == "VEVENT" and current is None:
                current = {"line": str(number)}
            continue
        if name == "END":
            ended = value.strip().upper()
            if ended in stack:
                while stack and stack.pop() != ended:
                    pass
                if ended == "VEVENT" and current is not None:
                    _add(cal, current)
                    current = None
            else:
                cal.skipped_lines += 1
            continue
        if current is None or not stack or stack[-1] != "VEVENT":
            continue  # a property of the calendar, a timezone or an alarm
        if name == "DTSTART":
            current["start"] = value.strip()
            current["tzid"] = params.get("TZID", "")
        elif name in ("UID", "SUMMARY", "RRULE", "STATUS") and name.lower() not in current:
            current[name.lower()] = _unescape(value).strip()
        elif name == "RECURRENCE-ID":
            current["override"] = "1"
    if current is not None:
        cal.problems.append(f"line {current['line']}: an event that never ends (no END:VEVENT)")
        _add(cal, current)
    if len(cal.events) > MAX_EVENTS:
        cal.problems.append(f"more than {MAX_EVENTS:,} events; only the first were read")
        del cal.events[MAX_EVENTS:]
    return cal


def _add(cal: Calendar, fields: dict[str, str]) -> None:
    cal.events.append(
        Event(
            uid=fields.get("uid", ""),
            summary=fields.get("summary", ""),
            start=fields.get("start", ""),
            tzid=fields.get("tzid", ""),
            rrule=fields.get("rrule", ""),
            status=fields.get("status", "").upper(),
            override="override" in fields,
            line=int(fields["line"]),
        )
    )


def _when(value: str) -> tuple[date, str, bool] | None:
    """(date, "HH:MM" or "", is UTC) of a DATE or DATE-TIME value."""
    m = _DATE.match(value.strip())
    if not m:
        return None
    try:
        day = date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    except ValueError:
        return None
    hour, minute = m.group(4), m.group(5)
    if hour is None or int(hour) > 23 or int(minute) > 59:
        return day, "", False
    return day, f"{hour}:{minute}", m.group(7) is not None


def start_date(event: Event) -> date | None:
    """The day ``event`` starts (as written, whatever its time zone), None when unreadable."""
    found = _when(event.start)
    return found[0] if found is not None else None


def recurrence(event: Event) -> Recurrence | None:
    """How ``event`` repeats, or None when it does not (or its rule cannot be read)."""
    parts = {}
    for piece in event.rrule.split(";"):
        key, _, val = piece.partition("=")
        parts[key.strip().upper()] = val.strip().upper()
    freq = parts.get("FREQ", "")
    if freq not in _FREQ:
        return None
    interval = int(parts["INTERVAL"]) if _COUNT.fullmatch(parts.get("INTERVAL", "")) else 1
    start = _when(event.start)
    days = tuple(_DAYS[d[-2:]] for d in parts.get("BYDAY", "").split(",") if d[-2:] in _DAYS)
    if not days and freq == "WEEKLY" and start is not None:
        days = (start[0].strftime("%A"),)
    until = None
    if "UNTIL" in parts:
        last = _when(parts["UNTIL"])
        if last is not None:
            hh, mm = (last[1] or "23:59").split(":")
            until = datetime(last[0].year, last[0].month, last[0].day, int(hh), int(mm), tzinfo=UTC)
    if _COUNT.fullmatch(parts.get("COUNT", "")) and start is not None:
        bound = _count_bound(freq, max(interval, 1), int(parts["COUNT"]), parts, start[0])
        until = bound if until is None or bound is None else min(until, bound)
    tz = "UTC" if start is not None and start[2] else event.tzid
    return Recurrence(
        freq,
        max(interval, 1),
        days,
        start[1] if start else "",
        tz if start and start[1] else "",
        start[0] if start else None,
        until,
    )


def _count_bound(
    freq: str, interval: int, count: int, parts: dict[str, str], start: date
) -> datetime | None:
    """A day the ``count``-th occurrence cannot be later than; None when this reader
    cannot bound it (the series is then taken as open-ended).

    An upper bound, never an underestimate, so a live series is never taken for a finished
    one. It holds for rules where every period has an occurrence: a weekly rule one per
    listed day, a daily one filtered by weekday one per listed day a week; rules that may
    skip periods (``BYMONTHDAY=31``, a 29 February, ``BYSETPOS``, two filters at once…)
    are not bounded."""
    days = [d.strip() for d in parts.get("BYDAY", "").split(",") if d.strip()]
    if any(d[-2:] not in _DAYS for d in days):
        return None
    plain = [d for d in days if d in _DAYS]
    ordinals = [d[:-2] for d in days if d not in _DAYS]
    month_days = [m for m in parts.get("BYMONTHDAY", "").split(",") if m.strip()]
    if (
        any(k in parts for k in ("BYYEARDAY", "BYWEEKNO", "BYSETPOS"))
        or ("BYMONTH" in parts and freq != "YEARLY")
        or (days and month_days)
    ):
        return None
    if month_days and (
        freq in ("DAILY", "WEEKLY")
        or not all(re.fullmatch(r"[+-]?([1-9]|1[0-9]|2[0-8])", m.strip()) for m in month_days)
    ):
        return None  # a day not every month has, or a filter of days or weeks
    if ordinals:
        most = 4 if freq == "MONTHLY" or "BYMONTH" in parts else 52
        if freq not in ("MONTHLY", "YEARLY") or not all(
            re.fullmatch(r"[+-]?[0-9]{1,2}", n) and 1 <= abs(int(n)) <= most for n in ordinals
        ):
            return None
    if (
        not days
        and not month_days
        and (
            (freq == "MONTHLY" and start.day > 28)
            or (freq == "YEARLY" and (start.month, start.day) == (2, 29))
        )
    ):
        return None  # the start's day, which some months or years do not have
    if freq == "DAILY":
        if not plain:
            span = count * interval
        elif interval % 7 == 0:
            return None  # only the start's weekday is ever reached
        else:
            span = (-(-count // len(plain)) + 1) * 7 * interval
    elif freq == "WEEKLY":
        span = (-(-count // max(len(plain), 1)) + 1) * 7 * interval
    else:
        span = (count * interval + 1) * _PERIOD_DAYS[freq]
    try:
        last = start + timedelta(days=span)
    except OverflowError:
        return None
    return datetime(last.year, last.month, last.day, 23, 59, tzinfo=UTC)
