"""Time in a question: the dates and relative times it names, and which version of a fact
it asks for. (docs/design/sessions.md)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from datetime import datetime, timedelta

from . import when_lang

Range = tuple[datetime, datetime]
Resolver = Callable[[re.Match[str], datetime | None], Range | None]

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
_WEEKDAYS = {
    d: i
    for i, names in enumerate(
        (
            "monday mon",
            "tuesday tue tues",
            "wednesday wed",
            "thursday thu thur thurs",
            "friday fri",
            "saturday sat",
            "sunday sun",
        )
    )
    for d in names.split()
}
_WD = "(" + "|".join(sorted(_WEEKDAYS, key=len, reverse=True)) + ")"
_CN_DAY = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6}
_JA_DAY = {"月": 0, "火": 1, "水": 2, "木": 3, "金": 4, "土": 5, "日": 6}
_NUM = "([0-9]{1,2}|[一二两兩三四五六七八九十]{1,3})"
#: not after a year or a numeral: 二月 of 去年十二月 is no month of its own
_NOT_AFTER = "(?<![年\\d一二两兩三四五六七八九十])"
_EN_NUM = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_EN_NUM |= {"a couple of": 2, "couple of": 2, "a few": 3, "few": 3, "several": 4}
_EN_N = "(" + "|".join(sorted(_EN_NUM, key=len, reverse=True)) + r"|\d{1,2})"
DAY = timedelta(days=1)


def _number(text: str) -> int:
    """A number written in digits, English or Chinese numerals (up to 99)."""
    text = text.strip().lower()
    if text.isdigit():
        return int(text)
    if text in _EN_NUM:
        return _EN_NUM[text]
    digits = dict(zip("一二三四五六七八九", range(1, 10), strict=True)) | {"两": 2, "兩": 2}
    if "十" in text:
        tens, _, ones = text.partition("十")
        return digits.get(tens, 1) * 10 + digits.get(ones, 0)
    return digits.get(text, 0)


def _day(d: datetime, before: int = 0, after: int = 1) -> Range:
    start = d.replace(hour=0, minute=0, second=0, microsecond=0)
    return start - before * DAY, start + after * DAY


def _month(year: int, month: int, part: str = "") -> Range:
    lo = datetime(year, month, 1)
    hi = datetime(year + (month == 12), month % 12 + 1, 1)
    if part in ("early", "beginning of", "初", "初め", "頭", "上旬"):
        return lo - DAY, lo + 11 * DAY
    if part in ("mid", "middle of", "中旬"):
        return lo + 9 * DAY, lo + 21 * DAY
    if part in ("late", "end of", "底", "末", "下旬"):
        return hi - 11 * DAY, hi + DAY
    return lo, hi


def _shift_month(now: datetime, by: int) -> tuple[int, int]:
    index = now.year * 12 + now.month - 1 + by
    return index // 12, index % 12 + 1


def _week(now: datetime, by: int) -> Range:
    monday = _day(now)[0] - now.weekday() * DAY + by * 7 * DAY
    return monday - DAY, monday + 8 * DAY


def _weekday(now: datetime, weekday: int, week: int | None = None) -> Range:
    """A weekday: of the week ``week`` weeks from now's, or the latest before today."""
    today = _day(now)[0]
    if week is None:
        back = (today.weekday() - weekday) % 7 or 7
        return _day(today - back * DAY, 1, 2)
    return _day(today - today.weekday() * DAY + (week * 7 + weekday) * DAY, 1, 2)


def _latest(now: datetime, month: int, day: int = 1) -> datetime:
    """The latest ``month``/``day`` at or before ``now`` (a date without a year)."""
    d = datetime(now.year, month, day)
    return d if d <= now + DAY else datetime(now.year - 1, month, day)


def _ago(n: int, unit: str, now: datetime) -> Range:
    unit = unit.lower()
    if unit.startswith(("day", "天", "日")):
        return _day(now - n * DAY, 1, 2)
    if unit.startswith(("week", "周", "週")) or "星期" in unit or "拜" in unit:
        mid = now - n * 7 * DAY
        return mid - 4 * DAY, mid + 4 * DAY
    if unit.startswith(("month", "月")) or "月" in unit:
        y, m = _shift_month(now, -n)
        return _month(y, m)
    return datetime(now.year - n, 1, 1), datetime(now.year - n + 1, 1, 1)


def _unit_range(now: datetime, unit: str, by: int) -> Range:
    if unit in ("week", "周", "星期", "礼拜", "週"):
        return _week(now, by)
    if unit in ("month", "月"):
        return _month(*_shift_month(now, by))
    return datetime(now.year + by, 1, 1), datetime(now.year + by + 1, 1, 1)


# Each pattern: (regex, strip it from the terms?, resolver). Resolvers that need ``now``
# return None without it. Longer and more specific patterns come first.
_Pattern = tuple[re.Pattern[str], bool, Resolver]
_I = re.IGNORECASE


def _p(rx: str, strip: bool, fn: Resolver, flags: int = _I) -> _Pattern:
    return re.compile(rx, flags), strip, fn


def _with_now(fn: Callable[[re.Match[str], datetime], Range | None]) -> Resolver:
    return lambda m, now: None if now is None else fn(m, now)


_LAST = {"last": -1, "past": -1, "previous": -1, "this": 0, "earlier this": 0}
_CN_REL = {"上上": -2, "上": -1, "这": 0, "這": 0, "本": 0, "这个": 0, "上个": -1, "上個": -1}
_JA_REL = {"先々": -2, "先": -1, "今": 0}

_PATTERNS: tuple[_Pattern, ...] = (
    # -- explicit dates (kept as terms)
    _p(
        rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?{_MON},?\s+(\d{{4}})\b",
        False,
        lambda m, _: _day(datetime(int(m[3]), _MONTHS[m[2].lower()], int(m[1])), 2, 3),
    ),
    _p(
        rf"\b{_MON}\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})\b",
        False,
        lambda m, _: _day(datetime(int(m[3]), _MONTHS[m[1].lower()], int(m[2])), 2, 3),
    ),
    _p(
        r"\b(\d{4})-(\d{2})-(\d{2})\b",
        False,
        lambda m, _: _day(datetime(int(m[1]), int(m[2]), int(m[3])), 2, 3),
    ),
    _p(
        r"(\d{4})年(\d{1,2})月(\d{1,2})[日号]",
        False,
        lambda m, _: _day(datetime(int(m[1]), int(m[2]), int(m[3])), 2, 3),
    ),
    _p(
        rf"\b(early|mid|late|end of|beginning of|middle of)?[\s-]*{_MON},?\s+(\d{{4}})\b",
        False,
        lambda m, _: _month(int(m[3]), _MONTHS[m[2].lower()], (m[1] or "").lower()),
    ),
    _p(
        rf"\b(?:{_WD},?\s+)?{_MON}\s+(\d{{1,2}})(?:st|nd|rd|th)?\b",
        False,
        _with_now(lambda m, now: _day(_latest(now, _MONTHS[m[2].lower()], int(m[3])), 2, 3)),
    ),
    _p(
        rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?{_MON}\b",
        False,
        _with_now(lambda m, now: _day(_latest(now, _MONTHS[m[2].lower()], int(m[1])), 2, 3)),
    ),
    _p(
        rf"{_NOT_AFTER}{_NUM}月{_NUM}[日号號]",
        False,
        _with_now(lambda m, now: _day(_latest(now, _number(m[1]), _number(m[2])), 2, 3)),
    ),
    _p(
        r"\b(?:in|during|of|since)\s+((?:19|20)\d\d)\b",
        False,
        lambda m, _: (datetime(int(m[1]), 1, 1), datetime(int(m[1]) + 1, 1, 1)),
    ),
    # -- relative times (stripped)
    _p(r"\bthe day before yesterday\b", True, _with_now(lambda m, now: _day(now - 2 * DAY, 1))),
    _p(r"大前天", True, _with_now(lambda m, now: _day(now - 3 * DAY, 1))),
    _p(r"前天|一昨日|おととい", True, _with_now(lambda m, now: _day(now - 2 * DAY, 1))),
    _p(r"\byesterday\b|昨天|昨晚|昨日|きのう", True, _with_now(lambda m, now: _day(now - DAY, 1))),
    _p(
        rf"\b{_EN_N}\s+(days?|weeks?|months?|years?)\s+ago\b",
        True,
        _with_now(lambda m, now: _ago(_number(m[1]), m[2], now)),
    ),
    _p(
        rf"{_NUM}\s*(天|日|周|週間|週|個?星期|个?星期|个?礼拜|個?禮拜|个月|個月|か月|ヶ月|カ月|年)"
        r"(?:以前|之前|前)",
        True,
        _with_now(lambda m, now: _ago(_number(m[1]), m[2], now)),
    ),
    _p(
        r"\b(end of|beginning of|early|late)\s+last\s+month\b",
        True,
        _with_now(lambda m, now: _month(*_shift_month(now, -1), m[1].lower())),
    ),
    _p(
        r"\b(last|past|previous|this|earlier this)\s+(week|month|year)\b",
        True,
        _with_now(lambda m, now: _unit_range(now, m[2].lower(), _LAST[m[1].lower()])),
    ),
    _p(r"\blast\s+weekend\b", True, _with_now(lambda m, now: _weekday(now, 5, -1))),
    _p(
        rf"\b(?:last|this past|on|this)\s+{_WD}\b",
        True,
        _with_now(lambda m, now: _weekday(now, _WEEKDAYS[m[1].lower()])),
    ),
    _p(
        r"(上上|上个|上個|上|这个|這個|这|這|本)(周|週|星期|礼拜|禮拜)([一二三四五六日天])",
        True,
        _with_now(lambda m, now: _weekday(now, _CN_DAY[m[3]], _CN_REL[m[1]])),
    ),
    _p(
        r"(上上|上个|上個|上|这个|這個|这|這|本)(周|週|星期|礼拜|禮拜)",
        True,
        _with_now(lambda m, now: _week(now, _CN_REL[m[1]])),
    ),
    _p(
        r"(上个|上個|上|这个|這個|本)月(初|底|末|中旬|上旬|下旬)?",
        True,
        _with_now(lambda m, now: _month(*_shift_month(now, -1 if "上" in m[1] else 0), m[2] or "")),
    ),
    _p(
        rf"(?:去年|昨年)\s*の?{_NUM}月",
        True,
        _with_now(lambda m, now: _month(now.year - 1, _number(m[1]))),
    ),
    _p(r"一昨年|おととし", True, _with_now(lambda m, now: _unit_range(now, "year", -2))),
    _p(r"去年|昨年", True, _with_now(lambda m, now: _unit_range(now, "year", -1))),
    _p(r"今年", True, _with_now(lambda m, now: _unit_range(now, "year", 0))),
    _p(
        r"(先々|先|今)週の?([月火水木金土日])曜日?",
        True,
        _with_now(lambda m, now: _weekday(now, _JA_DAY[m[2]], _JA_REL[m[1]])),
    ),
    _p(
        r"(先々|先|今)(週|月)(末|初め|頭|中旬|上旬|下旬)?",
        True,
        _with_now(
            lambda m, now: (
                _month(*_shift_month(now, _JA_REL[m[1]]), m[3] or "")
                if m[2] == "月"
                else _week(now, _JA_REL[m[1]])
            )
        ),
    ),
    _p(  # a bare weekday, as "Friday": its latest before today (kept as a term)
        r"(?:星期|礼拜|禮拜|周|週)([一二三四五六日天])",
        False,
        _with_now(lambda m, now: _weekday(now, _CN_DAY[m[1]])),
    ),
    _p(  # 金曜日: as 周五 (kept as a term)
        r"(?<![先今々])([月火水木金土日])曜日",
        False,
        _with_now(lambda m, now: _weekday(now, _JA_DAY[m[1]])),
    ),
)
# -- a month without a year: its latest occurrence (kept as a term); tried after .when_lang's
_UNDATED: tuple[_Pattern, ...] = (
    _p(
        rf"\b(early|mid|late|end of|beginning of|middle of)[\s-]+{_MON}\b",
        False,
        _with_now(
            lambda m, now: _month(
                _latest(now, _MONTHS[m[2].lower()]).year, _MONTHS[m[2].lower()], m[1].lower()
            )
        ),
    ),
    _p(
        rf"{_NOT_AFTER}{_NUM}月(初|底|末|中旬|上旬|下旬|份)?(?![0-9一二三四五六七八九十日号號])",
        False,
        _with_now(
            lambda m, now: _month(_latest(now, _number(m[1])).year, _number(m[1]), m[2] or "")
        ),
    ),
    _p(
        rf"\bin\s+{_MON}\b",
        False,
        _with_now(
            lambda m, now: _month(_latest(now, _MONTHS[m[1].lower()]).year, _MONTHS[m[1].lower()])
        ),
    ),
)

# -- the same grammar in es, pt, fr, de, ru, ko, vi (lexicon: .when_lang)
_L = when_lang
_W = r"(?<![\w'-])"  # a word starts (Latin, Cyrillic, Vietnamese)
_E = r"(?![\w'])"  # a word ends
_KO_END = r"(?:에|엔|쯤|께|정도|에는)?(?![가-힣])"
_NUMW = rf"({_L.alt(_L.NUMBERS)}|\d{{1,2}})"
_UNITW = rf"({_L.alt(_L.UNITS)})"
_HALF = r"(?:\s*(rưỡi|반))?"
_APPROX = rf"(?:{_L.alt(_L.APPROX.split('|'))}\s*)?"
_WDW = f"({_L.alt(_L.WEEKDAYS)})(?:-feira)?"


def _ago_lang(n: str | None, unit: str, half: str | None, now: datetime) -> Range:
    amount = (_L.number(n) if n else 1.0) + (0.5 if half else 0.0)
    canon = _L.UNITS[unit.lower()]
    if canon == "week":
        mid = now - amount * 7 * DAY
        return mid - 4 * DAY, mid + 4 * DAY
    if canon == "day":
        return _day(now - round(amount) * DAY, 1, 2)
    return _ago(max(1, round(amount)), canon, now)


def _days_back(n: int) -> Resolver:
    return _with_now(lambda m, now: _day(now - n * DAY, 1))


def _last_this(unit: str, by: int) -> Resolver:
    return _with_now(lambda m, now: _unit_range(now, unit, by))


_LANG: tuple[_Pattern, ...] = (
    _p(  # "2주 전 화요일", "3주 전 월요일에"
        rf"{_NUMW}\s*주\s*전\s*{_WDW}",
        True,
        _with_now(lambda m, now: _weekday(now, _L.weekday(m[2]), -round(_L.number(m[1])))),
    ),
    _p(
        rf"(지난|저번|이번)\s*주\s*{_WDW}|{_WDW}\s+tuần\s+(trước|rồi|này)",
        True,
        _with_now(
            lambda m, now: _weekday(
                now, _L.weekday(m[2] or m[3]), 0 if (m[1] or m[4]) in ("이번", "này") else -1
            )
        ),
    ),
    _p(  # "hace unas cinco semanas", "vor ungefähr sechs Wochen", "cách đây ba tuần rưỡi"
        rf"{_W}(?:{_L.AGO_BEFORE})\s+{_APPROX}(?:{_NUMW}\s+)?{_UNITW}{_HALF}{_E}",
        True,
        _with_now(lambda m, now: _ago_lang(m[1], m[2], m[3], now)),
    ),
    _p(  # "две недели назад", "três semanas atrás", "sáu tuần trước", "6주 전쯤"
        rf"{_W}{_APPROX}{_NUMW}\s*{_UNITW}{_HALF}\s*(?:{_L.AGO_AFTER}){_KO_END}",
        True,
        _with_now(lambda m, now: _ago_lang(m[1], m[2], m[3], now)),
    ),
    _p(
        rf"{_W}(неделю|месяц|год)\s+назад{_E}",
        True,
        _with_now(lambda m, now: _ago_lang(None, m[1], None, now)),
    ),
    _p(  # "a principios del mes pasado", "Anfang letzten Monats", "đầu tháng trước"
        rf"{_W}({_L.alt(_L.PARTS)})\s+(?:(?:del|de|do|da|du|des)\s+)?({_L.MONTH_LAST}"
        rf"|{_L.MONTH_THIS}|tháng\s+trước){_E}",
        True,
        _with_now(
            lambda m, now: _month(
                *_shift_month(now, 0 if re.fullmatch(_L.MONTH_THIS, m[2], _I) else -1),
                _L.PARTS[m[1].lower()],
            )
        ),
    ),
    _p(  # "지난달 초에", "이번 달 말"
        r"(지난|저번|이번)\s*달\s*(초순|하순|중순|초|말)?",
        True,
        _with_now(
            lambda m, now: _month(
                *_shift_month(now, 0 if m[1] == "이번" else -1), _L.PARTS.get(m[2] or "", "")
            )
        ),
    ),
    _p(rf"{_W}(?:{_L.MONTH_LAST})|{_L.MONTH_LAST_KO_VI}", True, _last_this("month", -1)),
    _p(rf"{_W}(?:{_L.MONTH_THIS})", True, _last_this("month", 0)),
    *(
        _p(rf"{_W}(?:{rx})(?![\w'](?<![가-힣]))", True, _last_this(u, by))
        for rx, u, by in _L.LAST_THIS
    ),
    *(_p(rf"{_W}(?:{rx})", True, _days_back(n)) for rx, n in _L.DAYS_BACK),
    _p(  # "el martes pasado", "mardi dernier", "letzten Dienstag", "в прошлую среду"
        rf"{_W}(?:(?:el|la|na|no|o)\s+)?{_WDW}\s+(?:pasado|passado|passada|dernier){_E}"
        rf"|{_W}(?:letzten|vorigen|vergangenen|прошлый|прошлую|прошлое|прошлой)\s+{_WDW}{_E}",
        True,
        _with_now(lambda m, now: _weekday(now, _L.weekday(m[1] or m[2]))),
    ),
    _p(  # a bare weekday: its latest before today (kept as a term)
        rf"{_W}({_L.alt(_L.BARE_WEEKDAYS)})(?![\w'](?<![가-힣]))",
        False,
        _with_now(lambda m, now: _weekday(now, _L.weekday(m[1]))),
    ),
)
_PATTERNS = _PATTERNS + _LANG + _UNDATED

_LATEST = re.compile(
    r"\b(now|currently|current|these days|nowadays|at the moment|still|latest|most recent"
    r"|ended up|in the end|finally|eventually)\b|现在|現在|目前|如今|最后|最後|最终|最終"
    rf"|最新|結局|今は|{_L.LATEST}",
    _I,
)
_EARLIEST = re.compile(
    r"\b(before|previously|originally|original|initially|at first|first|used to|formerly"
    r"|earlier|prior)\b|原来|原來|原先|本来|本來|之前|以前|一开始|一開始|最早|最初|起初|当初"
    rf"|當初|刚开始|もともと|元々|初めは|{_L.EARLIEST}",
    _I,
)


def _matches(text: str) -> list[tuple[re.Match[str], _Pattern]]:
    """Non-overlapping time expressions, the earlier patterns winning."""
    found: list[tuple[re.Match[str], _Pattern]] = []
    taken: list[tuple[int, int]] = []
    for pattern in _PATTERNS:
        for m in pattern[0].finditer(text):
            if any(a < m.end() and m.start() < b for a, b in taken):
                continue
            found.append((m, pattern))
            taken.append(m.span())
    return found


# A Japanese era year (令和8年, 平成元年) is a year of the Gregorian calendar: base + N.
_ERA = re.compile(r"(令和|平成|昭和)\s*(元|\d{1,2})\s*年")
_ERA_BASE = {"令和": 2018, "平成": 1988, "昭和": 1925}


def _gregorian(m: re.Match[str]) -> str:
    return f"{_ERA_BASE[m[1]] + (1 if m[2] == '元' else int(m[2]))}年"


def ranges(text: str, now: datetime | None = None) -> list[tuple[float, float]]:
    """Time ranges (epoch seconds) named in ``text``; relative ones need ``now``."""
    out = []
    try:
        local = now.astimezone().replace(tzinfo=None) if now is not None else None
    except (OverflowError, ValueError, OSError):  # a clock at the edge of time
        local = None
    text = _ERA.sub(_gregorian, unicodedata.normalize("NFC", text))
    for m, (_, _, resolve) in _matches(text):
        try:
            got = resolve(m, local)
        except (ValueError, KeyError, OverflowError, OSError):
            continue
        if got is not None:
            out.append((got[0].timestamp(), got[1].timestamp()))
    return out


def intent(text: str) -> str | None:
    """``"latest"``, ``"earliest"`` or None (neither, or both)."""
    text = unicodedata.normalize("NFC", text)  # the cues are written composed, as in ranges
    late, early = bool(_LATEST.search(text)), bool(_EARLIEST.search(text))
    return "latest" if late and not early else "earliest" if early and not late else None


def spans(text: str) -> list[tuple[int, int]]:
    """Where relative times and latest/earliest markers sit in ``text``."""
    out = [m.span() for m, (_, strip, _) in _matches(text) if strip]
    out += [m.span() for rx in (_LATEST, _EARLIEST) for m in rx.finditer(text)]
    return out
