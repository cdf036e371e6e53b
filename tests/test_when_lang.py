"""Relative times and latest/earliest cues in es, pt, fr, de, ru, ko and vi
(memdir.sessions.when with its lexicon when_lang), and what they do to a search."""

from __future__ import annotations

import unicodedata
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import Clock
from memdir.engine import Memdir
from memdir.sessions import when, when_lang

NOW = datetime(2026, 3, 18, 12, tzinfo=UTC)  # a Wednesday


def _covers(text: str, day: datetime) -> bool:
    """Whether a time ``text`` names holds noon of ``day``."""
    at = day.replace(hour=12).timestamp()
    return any(lo <= at < hi for lo, hi in when.ranges(text, NOW))


AGO = [
    ("Hace unas cinco semanas los mails llegaban tarde", 35),
    ("¿Qué me dijiste hace como un mes?", 28),
    ("Welcher Test ist vor ungefähr sechs Wochen rot geworden?", 42),
    ("Was haben wir vor drei Tagen gebaut?", 3),
    ("Во сколько начиналось соревнование две недели назад?", 14),
    ("Что мы сделали неделю назад?", 7),
    ("Qu'est-ce qu'on a vu il y a une semaine ?", 7),
    ("Há três semanas o Google barrou nossa atualização", 21),
    ("O que mudou três semanas atrás?", 21),
    ("6주 전쯤 부산 내려갈 때 몇 시 기차였어?", 42),
    ("Khoảng sáu tuần trước, vì sao tiền Google tăng vọt?", 42),
    ("cách đây khoảng ba tuần rưỡi mình đã làm gì?", 24),
]


@pytest.mark.parametrize(("text", "days"), AGO)
def test_an_amount_of_time_ago_is_read_in_each_language(text: str, days: int) -> None:
    assert _covers(text, NOW - timedelta(days=days)), text
    assert not _covers(text, NOW - timedelta(days=days + 20)), text


LAST_THIS = [
    ("¿Qué hicimos la semana pasada?", NOW - timedelta(days=7)),
    ("Was war letzte Woche?", NOW - timedelta(days=7)),
    ("Что было на прошлой неделе?", NOW - timedelta(days=7)),
    ("la bascule prévue la semaine dernière", NOW - timedelta(days=7)),
    ("O que aconteceu na semana passada?", NOW - timedelta(days=7)),
    ("지난주에 뭐 했지?", NOW - timedelta(days=7)),
    ("Tuần trước mình làm gì?", NOW - timedelta(days=7)),
    ("cette semaine", NOW - timedelta(days=1)),
    ("지난달 초에 강아지 병원", datetime(2026, 2, 3, tzinfo=UTC)),
    ("a principios del mes pasado", datetime(2026, 2, 3, tzinfo=UTC)),
    ("ayer", NOW - timedelta(days=1)),
    ("vorgestern", NOW - timedelta(days=2)),
    ("вчера", NOW - timedelta(days=1)),
    ("어제", NOW - timedelta(days=1)),
    ("hôm qua", NOW - timedelta(days=1)),
    ("avant-hier", NOW - timedelta(days=2)),
    ("2주 전 화요일에 잡은 저녁", datetime(2026, 3, 3, tzinfo=UTC)),
    ("3주 전 월요일에 실패하던 작업", datetime(2026, 2, 23, tzinfo=UTC)),
    ("el martes pasado", datetime(2026, 3, 17, tzinfo=UTC)),
    ("letzten Dienstag", datetime(2026, 3, 17, tzinfo=UTC)),
    ("Was war am Samstag?", datetime(2026, 3, 14, tzinfo=UTC)),
    ("thứ ba tuần trước", datetime(2026, 3, 10, tzinfo=UTC)),
]


@pytest.mark.parametrize(("text", "day"), LAST_THIS)
def test_last_this_yesterday_and_weekdays_in_each_language(text: str, day: datetime) -> None:
    assert _covers(text, day), text


def test_the_week_of_a_korean_weekday_counts() -> None:
    assert not _covers("2주 전 화요일에", datetime(2026, 3, 17, tzinfo=UTC))  # not last Tuesday
    assert not _covers("지난달 초에", datetime(2026, 2, 20, tzinfo=UTC))  # early, not mid


NEAR_MISSES = [
    "Was haben wir vor dem Release gebaut?",  # "vor" without an amount
    "hace falta una semana más",  # "hace falta": is needed
    "Was steht hier?",  # German "hier" is no French yesterday
    "la segunda vez que falló",  # segunda: second, not Monday
    "lần thứ hai bị lỗi",  # thứ hai: second, not Monday
    "тестовая среда упала",  # среда: environment
    "Feast 이전 작업 전체 흐름",  # 이전 (migration) is no "ago"
    "the six weeks of work",  # English number words alone
]


@pytest.mark.parametrize("text", NEAR_MISSES)
def test_words_that_only_look_like_times_name_none(text: str) -> None:
    assert when.ranges(text, NOW) == [], text


def test_relative_phrases_are_cut_from_the_terms_and_weekdays_kept() -> None:
    text = "Hace unas cinco semanas los mails llegaban tarde"
    assert [text[a:b] for a, b in when.spans(text)] == ["Hace unas cinco semanas"]
    assert when.spans("Was war am Samstag?") == []  # a bare weekday stays a term


LATEST = [
    "Al final, ¿qué día fue la despedida?",
    "Wie lange braucht unsere Pipeline inzwischen?",
    "На какое число в итоге перенесли сервис?",
    "엄마 환갑 식사는 결국 어느 가게에서 했어?",
    "Cuối cùng mình lên tàu về quê hôm nào?",
    "Combien de jours chez la nounou maintenant ?",
    "Em que dia acabou sendo a mudança?",
]
EARLIEST = [
    "¿Para cuándo estaba pensada la despedida en un principio?",
    "Wie viele Sekunden hat der Job ursprünglich gebraucht?",
    "На когда изначально записывал машину?",
    "처음에 이삿날 언제로 잡혀 있었지?",
    "Lúc đầu mình định về quê ngày mấy?",
    "Au départ, le contrat prévoyait quoi ?",
    "Qual era a data planejada antes da transportadora furar?",
]


@pytest.mark.parametrize("text", LATEST)
def test_latest_cues(text: str) -> None:
    assert when.intent(text) == "latest", text


@pytest.mark.parametrize("text", EARLIEST)
def test_earliest_cues(text: str) -> None:
    assert when.intent(text) == "earliest", text


@pytest.mark.parametrize(
    "text",
    [
        "Feast 이전 작업 전체 흐름을 처음부터 요약해 줘요.",  # from the beginning: the whole story
        "지금까지 바꾼 설정들 정리해 줘",  # so far, not now
        "Fais-moi le récapitulatif, du début à la fin.",
        "¿Qué pasó con la factura de principio a fin?",
        "Tóm tắt các lần sửa app từ đầu năm tới giờ.",
    ],
)
def test_a_whole_story_asks_for_no_version(text: str) -> None:
    assert when.intent(text) is None, text


def _log(md: Memdir, sid: str, at: datetime, text: str) -> int:
    with md.session(agent="t", session_id=sid, started_at=at) as s:
        return s.log("user", text, timestamp=at)


def test_a_spanish_relative_time_and_cue_decide_the_order(md: Memdir, clock: Clock) -> None:
    clock.now = NOW
    old = _log(md, "a", NOW - timedelta(days=35), "Los mails de Horizon: subimos los workers a 4.")
    new = _log(md, "b", NOW - timedelta(days=3), "Los mails de Horizon: ahora con 8 workers.")
    ids = [
        h.message_id
        for h in md.sessions.search_messages(
            "¿Qué cambiamos hace cinco semanas con los mails de Horizon?"
        )
    ]
    assert ids[:2] == [old, new]
    ids = [
        h.message_id for h in md.sessions.search_messages("Al final, ¿cuántos workers de Horizon?")
    ]
    assert ids[:2] == [new, old]
    ids = [
        h.message_id
        for h in md.sessions.search_messages("¿Cuántos workers de Horizon en un principio?")
    ]
    assert ids[:2] == [old, new]


_FRAGMENTS = [
    *list(when_lang.NUMBERS)[:40],
    *when_lang.UNITS,
    *when_lang.APPROX.split("|"),
    "hace",
    "vor",
    "il y a",
    "назад",
    "trước",
    "전",
    "주",
    "지난",
    "달",
    "초",
    "rưỡi",
    "반",
    "thứ",
    "tuần",
    "pasado",
    "dernière",
    "letzten",
    "прошлой",
    "요일",
    "화요일",
    "martes",
    "-feira",
    "al final",
    "처음부터",
    "2",
    "99",
    " ",
]


@settings(max_examples=400)
@given(
    st.lists(st.sampled_from(_FRAGMENTS), max_size=16).map(" ".join)
    | st.lists(st.sampled_from(_FRAGMENTS), max_size=16).map("".join)
    | st.text(max_size=80),
    st.datetimes(timezones=st.just(UTC)),
)
def test_fuzz_the_lexicon_grammar_never_raises(text: str, now: datetime) -> None:
    for lo, hi in when.ranges(text, now) + when.ranges(text):
        assert lo < hi
    assert when.intent(text) in (None, "latest", "earliest")
    assert all(0 <= a < b <= len(text) for a, b in when.spans(text))


def test_a_long_run_of_lexicon_words_is_read_in_one_pass() -> None:
    text = ("hace unas como casi vor ungefähr etwa " * 40)[:1000]  # no amount, no unit
    assert when.ranges(text, NOW) == []
    text = ("2주 전 " * 200)[:1000]
    assert len(when.ranges(text, NOW)) >= 100


REVIEWED = [
    # phrases of several words that make a number approximate
    ("hace cerca de tres semanas", 21),
    ("il y a à peu près trois semaines", 21),
    ("hace más o menos dos semanas", 14),
    # text in decomposed form (NFD), as some keyboards and a pasted prompt give it
    (unicodedata.normalize("NFD", "el miércoles pasado"), 7),
]


@pytest.mark.parametrize(("text", "days"), REVIEWED)
def test_what_the_review_found_is_read(text: str, days: int) -> None:
    assert _covers(text, NOW - timedelta(days=days)), text


def test_this_month_is_this_month_in_every_form_of_the_word() -> None:
    assert _covers("no fim de esse mês", datetime(2026, 3, 28, tzinfo=UTC))
    assert not _covers("no fim de esse mês", datetime(2026, 2, 26, tzinfo=UTC))
    assert _covers("no fim do mês passado", datetime(2026, 2, 26, tzinfo=UTC))


def test_a_cue_in_decomposed_form_is_read() -> None:
    """NFD text (as for ranges): "ursprünglich" with a combining diaeresis is still a cue."""
    assert when.intent(unicodedata.normalize("NFD", "Was war ursprünglich geplant?")) == (
        "earliest"
    )
