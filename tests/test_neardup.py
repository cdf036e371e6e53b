"""Near-duplicates in review: reworded, misspelt and subset entries are proposed for a
merge in English, Chinese and Japanese; the same rule for another repo or value is not."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import memdir
from conftest import Clock
from memdir.engine import Memdir
from memdir.review.proposals import propose
from memdir.review.similar import MAX_TOKENS, NEAR, near_duplicate, similarity, tokens


def _merges(md: Memdir) -> list[str]:
    return [p.title for p in propose(md) if p.kind == "merge"]


@pytest.mark.parametrize(
    ("first", "second", "merged"),
    [
        # English: a typo and a reordering are the same memory
        (
            "Always squash commits before merging a branch.",
            "Allways squash the commits before merging a branch",
            True,
        ),
        # Chinese: the same facts in another order
        ("部署前先跑测试。发布分支叫 release。", "发布分支叫 release。部署前先跑测试。", True),
        # Japanese: one entry says the other plus a reason
        (
            "コミットの前に make lint を実行する。",
            "コミットの前に make lint を実行する。CI で失敗するから。",
            True,
        ),
        # issue 20's example: a synonym is the same word ("Reply" / "Answer")
        ("Reply in Chinese.", "Answer in Chinese.", True),
        # the same rule in English and in Chinese (回复 and 中文 read as reply, chinese)
        ("Always reply in Chinese.", "始终用中文回复。", True),
        # synonyms never hide a negation or another scope
        ("Always answer in Chinese.", "Never reply in Chinese.", False),
        ("Answer in Chinese in the api repo.", "Reply in Chinese in the web repo.", False),
        ("Reply in Simplified Chinese.", "Answer in Traditional Chinese.", False),
        ("用简体中文回复。", "用繁体中文回答。", False),
        # the same rule for another repository: keep both
        (
            "Run make lint before committing in the api repo.",
            "Run make lint before committing in the worker repo.",
            False,
        ),
        # 中文: another host, keep both
        ("预发环境的数据库主机是 db-stg-1。", "预发环境的数据库主机是 db-stg-3。", False),
    ],
)
def test_review_proposes_near_duplicates_only(
    md: Memdir, store: memdir.Store, clock: Clock, first: str, second: str, merged: bool
) -> None:
    store.add(type="feedback", name="first", description="one", body=first)
    clock.advance(minutes=1)
    store.add(type="feedback", name="second", description="two", body=second)
    expected = ["feedback_first duplicates feedback_second"] if merged else []
    assert _merges(md) == expected


def test_cli_review_proposes_merging_reply_and_answer_in_chinese(
    md: Memdir, store: memdir.Store, clock: Clock, run
) -> None:
    store.add(type="feedback", name="reply-zh", description="language", body="Reply in Chinese")
    clock.advance(minutes=1)
    store.add(type="feedback", name="answer-zh", description="language", body="Answer in Chinese")
    rows = json.loads(run("review", "--json").stdout)
    assert [r["title"] for r in rows if r["kind"] == "merge"] == [
        "feedback_reply-zh duplicates feedback_answer-zh"
    ]


def test_similarity_is_symmetric_and_bounded() -> None:
    a, b = "Use pnpm, not npm.", "Use pnpm, not npm. The lockfile is pnpm-lock.yaml."
    assert similarity(a, b) == similarity(b, a) == 1.0
    assert similarity("Use pnpm in the web repo", "Use npm in the legacy repo") < NEAR
    assert similarity("", a) == 0.0
    assert near_duplicate(a, b)
    assert not near_duplicate("The admin panel is public.", "The admin panel is not public.")
    assert not near_duplicate("周报需要抄送总监。", "周报不需要抄送总监。")


_hostile = st.text(
    alphabet=st.sampled_from("aé中文日本語ア-_.#/+ \n\t\u200b\U00020000xyz0"), max_size=3000
)


@settings(max_examples=60, deadline=None)
@given(_hostile, _hostile)
def test_similarity_on_hostile_text_is_a_number_in_range(a: str, b: str) -> None:
    s = similarity(a, b)
    assert 0.0 <= s <= 1.0
    assert len(tokens(a)) <= MAX_TOKENS


def test_similarity_work_is_bounded_on_huge_texts() -> None:
    """Two 2 MB texts of distinct words: tokens are capped, misspelling checks are skipped
    past MAX_FUZZY pairs, so this finishes in well under a second."""
    a = " ".join(f"word{i}x" for i in range(200_000))
    b = " ".join(f"term{i}y" for i in range(200_000))
    assert similarity(a, b) == 0.0
    assert len(tokens(a)) == MAX_TOKENS
