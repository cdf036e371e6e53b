"""Relative times and latest/earliest cues in es, pt, fr, de, ru, ko and vi: one grammar
(ago, last/this, yesterday, weekdays) over a small lexicon per language, resolved by
:mod:`.when`. (docs/design/recall.md)."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import TypeVar

# -- lexicon ------------------------------------------------------------------------------


V = TypeVar("V")


def _table(rows: dict[V, str]) -> dict[str, V]:
    """``{value: "word word …"}`` turned round: word → value."""
    return {word: value for value, words in rows.items() for word in words.split()}


NUMBERS = _table(
    {
        1: "un una uno um uma une ein eine einem einer einen один одну одна một 한 하루",
        2: "dos dois duas deux zwei два две пару hai 두 이틀",
        # and "a few" (unos, quelques, einige, несколько, vài, 몇) as three
        3: "tres três trois drei три ba 세 사흘 unos unas uns umas quelques einige несколько"
        " vài mấy 몇",
        4: "cuatro quatro quatre vier четыре bốn 네 나흘",
        5: "cinco cinq fünf пять năm 다섯",
        6: "seis six sechs шесть sáu 여섯",
        7: "siete sete sept sieben семь bảy 일곱",
        8: "ocho oito huit acht восемь tám 여덟",
        9: "nueve nove neuf neun девять chín 아홉",
        10: "diez dez dix zehn десять mười 열",
    }
)
UNITS = _table(
    {
        "day": "día días dia dias jour jours tag tage tagen день дня дней ngày 일",
        "week": "semana semanas semaine semaines woche wochen неделю недели недель неделя"
        " tuần 주 주일",
        "month": "mes meses mês mois monat monate monaten месяц месяца месяцев tháng 달 개월",
        "year": "año años ano anos an ans année années jahr jahre jahren год года лет 년",
    }
)
# words that make a number approximate ("hace unas cinco semanas", "vor etwa drei Tagen")
APPROX = (  # "|" between entries: some are several words
    "unas|unos|como|cerca de|alrededor de|más o menos|casi|aproximadamente|uns|umas|quase"
    "|mais ou menos|environ|à peu près|presque|près de|ungefähr|etwa|circa|ca.|rund|knapp|gut"
    "|около|примерно|где-то|почти|приблизительно|khoảng|chừng|tầm|gần|hơn|약|대략"
)
# (before the amount, after it): "hace / há / il y a / vor N …", "N … назад / trước / 전"
AGO_BEFORE = r"hace|há|faz|il\s+y\s+a|vor|cách\s+đây"
AGO_AFTER = r"назад|тому\s+назад|atrás|trước|về\s+trước|전|前"
# last / this + unit, per language: (regex, unit, offset)
LAST_THIS = (
    (r"(?:la\s+)?semana\s+(?:pasada|anterior)|(?:na\s+)?semana\s+passada", "week", -1),
    (r"(?:el\s+)?mes\s+(?:pasado|anterior)|(?:no\s+)?mês\s+passado", "month", -1),
    (r"(?:el\s+)?año\s+pasado|(?:no\s+)?ano\s+passado", "year", -1),
    (r"(?:la\s+)?semaine\s+(?:dernière|passée)", "week", -1),
    (r"(?:le\s+)?mois\s+(?:dernier|passé)", "month", -1),
    (r"l'an(?:née)?\s+(?:dernier|dernière|passée)", "year", -1),
    (r"(?:letzte|letzten|vorige|vorigen|vergangene|vergangenen)\s+woche", "week", -1),
    (r"(?:letzten|vorigen|vergangenen)\s+monat", "month", -1),
    (r"(?:letztes|voriges|vergangenes)\s+jahr", "year", -1),
    (r"(?:на\s+)?прошлой\s+неделе|прошлая\s+неделя", "week", -1),
    (r"(?:в\s+)?прошлом\s+месяце", "month", -1),
    (r"(?:в\s+)?прошлом\s+году", "year", -1),
    (r"(?:지난|저번)\s*주", "week", -1),
    (r"작년|지난해", "year", -1),
    (r"tuần\s+(?:trước|rồi)", "week", -1),
    (r"năm\s+(?:ngoái|trước)", "year", -1),
    (r"(?:esta|essa)\s+semana|cette\s+semaine|diese\s+woche|(?:на\s+)?этой\s+неделе", "week", 0),
    (r"이번\s*주|tuần\s+này", "week", 0),
)
# month and its part: "(a principios del) mes pasado", "지난달 초", "đầu tháng trước"
MONTH_LAST = r"mes\s+pasado|mês\s+passado|mois\s+dernier|letzten\s+monats|прошлого\s+месяца"
MONTH_LAST_KO_VI = r"(?:지난|저번)\s*달|tháng\s+trước"
MONTH_THIS = (
    r"este\s+mes|este\s+mês|esse\s+mês|ce\s+mois|diesen\s+monat|этом\s+месяце|이번\s*달|tháng\s+này"
)
PARTS = _table(
    {
        "early": "principios inicio início começo début anfang начале 초 초순 đầu",
        "mid": "mediados meio milieu mitte середине 중순 giữa",
        "late": "finales final fim fin ende конце 말 하순 cuối",
    }
)
DAYS_BACK = (
    (r"anteayer|antier|antes\s+de\s+ayer|anteontem|avant-hier|vorgestern|позавчера", 2),
    (r"그저께|그제|hôm\s+kia", 2),
    # French "hier" only with a time of day or "d'": alone it is German "here"
    (r"ayer|ontem|gestern|вчера|어제|hôm\s+qua|d'hier|hier\s+(?:soir|matin|midi)", 1),
)
_WD = (
    "lunes segunda lundi montag понедельник 월요일 thứ\\s+hai",
    "martes terça terca mardi dienstag вторник 화요일 thứ\\s+ba",
    "miércoles quarta mercredi mittwoch среду среда 수요일 thứ\\s+tư",
    "jueves quinta jeudi donnerstag четверг 목요일 thứ\\s+năm",
    "viernes sexta vendredi freitag пятницу пятница 금요일 thứ\\s+sáu",
    "sábado samedi samstag sonnabend субботу суббота 토요일 thứ\\s+bảy",
    "domingo dimanche sonntag воскресенье 일요일 chủ\\s+nhật",
)
WEEKDAYS = {name: i for i, names in enumerate(_WD) for name in names.split()}
# alone, a weekday only where the name means nothing else ("segunda vez", "lần thứ hai",
# "тестовая среда" are no days); Portuguese names need "-feira"
BARE_WEEKDAYS = [
    w
    for w in WEEKDAYS
    if not w.startswith(("thứ", "segunda", "quarta", "quinta", "sexta", "среда"))
]
BARE_WEEKDAYS += [w + "-feira" for w in ("segunda", "terça", "terca", "quarta", "quinta", "sexta")]


def alt(words: str | Iterable[str]) -> str:
    """A regex alternation of ``words`` (a dict's keys, a list, or a space-separated string),
    longest first, spaces inside a word matching any run of spaces."""
    items = words.split() if isinstance(words, str) else list(words)
    items = sorted({unicodedata.normalize("NFC", w) for w in items}, key=len, reverse=True)
    return "(?:" + "|".join(w.replace(" ", r"\s+").replace(".", r"\.") for w in items) + ")"


def weekday(text: str) -> int:
    """The weekday (Monday 0) a lexicon name in ``text`` stands for."""
    key = " ".join(text.lower().split()).replace("-feira", "")
    for name, i in WEEKDAYS.items():
        if key == name.replace("\\s+", " "):
            return i
    raise KeyError(text)


def number(text: str) -> float:
    """A lexicon number or digits (the grammar reads "and a half" apart)."""
    head = " ".join(text.lower().split())
    return float(head) if head.isdigit() else float(NUMBERS[head])


# -- latest / earliest cues -----------------------------------------------------------------

# Latin and Cyrillic cues are whole words; Korean ones take particles after them.
LATEST = (
    r"\b(?:al\s+final|por\s+fin|finalmente|ahora|actualmente|hoy\s+en\s+día|en\s+definitiva"
    r"|acabó|no\s+fim|no\s+final|afinal|acabou|agora|atualmente|hoje\s+em\s+dia|por\s+fim"
    r"|maintenant|actuellement|au\s+final|en\s+fin\s+de\s+compte|désormais|à\s+présent"
    r"|en\s+ce\s+moment|jetzt|inzwischen|mittlerweile|aktuell|derzeit|momentan|schließlich"
    r"|am\s+ende|letztendlich|endgültig|сейчас|теперь|в\s+итоге|в\s+конце\s+концов|наконец"
    r"|щас|в\s+результате|окончательно|cuối\s+cùng|bây\s+giờ|hiện\s+tại|hiện\s+giờ"
    r"|hiện\s+nay|rốt\s+cuộc|sau\s+cùng)\b"
    r"|결국|최종|요즘|지금(?!까지)|현재|마지막에"
)
EARLIEST = (
    r"\b(?:antes|al\s+principio|en\s+un\s+principio|originalmente|inicialmente|primero"
    r"|al\s+inicio|no\s+início|no\s+começo|a\s+princípio|de\s+início|primeiro|avant"
    r"|au\s+départ|au\s+début|au\s+tout\s+début|initialement|d'abord|à\s+l'origine"
    r"|auparavant|vorher|früher|ursprünglich|anfangs|zuerst|bevor|am\s+anfang|zunächst"
    r"|davor|раньше|изначально|сначала|вначале|сперва|первоначально|поначалу|впервые"
    r"|lúc\s+đầu|ban\s+đầu|đầu\s+tiên|trước\s+đây|lúc\s+trước|hồi\s+đầu|trước\s+khi)\b"
    r"|처음(?!부터|으로)|원래|애초|예전|당초"
)
