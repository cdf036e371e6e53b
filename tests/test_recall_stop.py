"""Recall's anchor rule beyond English (docs/design/recall.md, "Recall rests on a word"):
a prompt that shares only its language's function words or small numbers with a past
passage recalls nothing; one that shares a content word still does; an English question
keeps the words that are function words elsewhere ("die", "war", "man", "also")."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from memdir.engine import Memdir
from memdir.sessions.query import anchors, foreign_stops, prompt_stops, sanitize
from test_claude_code_hooks import Hook


def recall_after(md: Memdir, said: str, asked: str) -> str | None:
    """What recall injects for ``asked`` now, ``said`` having been logged three days ago."""
    when = md.clock() - timedelta(days=3)
    with md.session(agent="t", session_id="past", started_at=when) as s:
        s.log("user", said, timestamp=when)
        s.log("assistant", "OK.", timestamp=when + timedelta(minutes=1))
    with md.session(agent="t") as now:
        return now.recall(asked, deep=False)


def recalls(md: Memdir, said: str, asked: str, head: int = 8) -> bool:
    """Whether that recall injects the passage (its first ``head`` characters)."""
    block = recall_after(md, said, asked)
    return block is not None and said[:head] in block


# (stored passage, a prompt of only function words / small numbers that it shares some
#  of, a prompt sharing a content word with it)
LANGUAGES = {
    "de": (
        "Version 2 der Abrechnung ist fertig.",
        "Was ist 2+2?",
        "Ist die Abrechnung fertig?",
    ),
    "fr": (
        "Où en es-tu avec les rapports PostgreSQL ?",
        "Et toi, tu en es où ?",
        "Quelle base pour les rapports ?",
    ),
    "es": (
        "Lo que falta es memoria para el servidor de pagos.",
        "¿Qué es lo que tienes para mí?",
        "¿Qué le falta al servidor?",
    ),
    "pt": (
        "O que é isso no backup do banco?",
        "O que é isso?",
        "Quando roda o backup do banco?",
    ),
    "it": (
        "La versione 2 del gestionale è pronta.",
        "Quanto è 2+2?",
        "Quando esce il gestionale?",
    ),
    "nl": (
        "Dat is voor de facturatie op de nieuwe server.",
        "Kun je dat voor mij doen?",
        "Wanneer draait de facturatie?",
    ),
    "ru": (
        "Версия 2 биллинга уже готова, это было быстро.",
        "А что это было? 2+2?",
        "Когда готова версия биллинга?",
    ),
    "zh": ("你是负责数据库迁移的人吗？", "你是谁？", "数据库迁移到哪里了？"),
    "ja": (
        "これは何のためのスクリプトですか？",
        "それは何ですか？",
        "スクリプトはどこですか？",
    ),
}


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_only_function_words_shared_recall_nothing(md: Memdir, lang: str) -> None:
    said, asked, _ = LANGUAGES[lang]
    assert recall_after(md, said, asked) is None


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_a_shared_content_word_still_recalls(md: Memdir, lang: str) -> None:
    said, _, asked = LANGUAGES[lang]
    assert recalls(md, said, asked)


@pytest.mark.parametrize(
    ("said", "asked"),
    [
        ("War is a bad metaphor for a sprint, said the coach.", "Was it the war?"),
        ("The die cast machine in hall 4 is broken again.", "Is it the die?"),
        ("The new hire, a man from Lisbon, starts on Monday.", "Who was the man?"),
        ("Hat trick: the Kafka consumer group rebalanced.", "Who has the hat?"),
    ],
)
def test_an_english_question_keeps_words_that_are_function_words_elsewhere(
    md: Memdir, said: str, asked: str
) -> None:
    assert recalls(md, said, asked)


def test_one_language_covering_every_word_decides_which_function_words_stop() -> None:
    assert {"ist", "was"} <= prompt_stops("Was ist 2+2?")  # both German, "ist" no English
    assert prompt_stops("Is the die fixed yet?") == frozenset()  # "the" is no Dutch word
    assert prompt_stops("what is the war about") == frozenset()
    assert prompt_stops("Will man die?") == frozenset()  # all German, all English words too
    assert prompt_stops("EU AI?") == frozenset()  # capitals: names, not French "eu", "ai"
    assert prompt_stops("Van?") == frozenset()  # one word: English alone judges it
    assert not sanitize("Was ist 2+2?").anchored
    assert sanitize("Is the die fixed yet?").anchored
    # accents are kept: cuánto (how much) and cuanto (as much as) are both Spanish, listed
    # both; té (tea) is not te (you)
    assert not anchors("cuánto", prompt_stops("¿Cuánto es 2+2?"))
    assert not anchors("cuanto", prompt_stops("¿Cuanto es 2+2?"))
    assert anchors("té", prompt_stops("¿Y el té?")) and sanitize("¿Y el té?").anchored
    assert anchors("cuánto")  # no language decided: only English stop words stop
    # a CJK run made of function words anchors nothing (それは何ですか, 你是谁); one
    # holding a content word, even one in hiragana (めがね), anchors
    assert not sanitize("それは何ですか？").anchored and not sanitize("你是谁？").anchored
    assert sanitize("めがねはどこ？").anchored and sanitize("数据库在哪里？").anchored
    assert anchors("れは") and anchors("数据")  # a term alone is judged by main's rule
    # a lone kana (particle, okurigana, ロ of ログ) and して/した anchor nothing; a kana
    # word's bigram and a lone kanji do
    assert not any(anchors(t) for t in ("し", "て", "を", "ロ", "して", "した"))
    assert anchors("ログ") and anchors("めが") and anchors("見") and anchors("見て")


def test_the_lists_are_read_once_with_every_language() -> None:
    assert foreign_stops() is foreign_stops()
    assert {"de", "fr", "es", "pt", "it", "nl", "ru"} <= set(foreign_stops())
    assert "nicht" in foreign_stops()["de"] and "это" in foreign_stops()["ru"]


def test_hook_recalls_nothing_for_a_german_sum(tmp_path: Path) -> None:
    # the real UserPromptSubmit hook: "Was ist 2+2?" beside a passage about Version 2
    hook = Hook(tmp_path)
    hook.logged("Version 2 der Abrechnung ist fertig.", "Gut, ich melde es dem Team.")
    assert "Abrechnung" not in hook.prompt_later("Was ist 2+2?")
    assert "Abrechnung" in hook.prompt_later("Ist die Abrechnung fertig?")
