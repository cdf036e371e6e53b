"""Deep recall: escalate only without a strong quick hit, loop within its limits with the
model, cite only what it was shown; offline, the quick path and a note."""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import Clock
from memdir.core import notices
from memdir.core.config import load_settings
from memdir.engine import Memdir
from memdir.pipeline import deep
from memdir.testing import ScriptedProvider


def _with_model(tmp_path: Path, clock: Clock, script: Any, *, auto: bool = False) -> Memdir:
    (tmp_path / "p").mkdir(exist_ok=True)
    (tmp_path / "h").mkdir(exist_ok=True)
    if auto:  # the automatic path: recall without an explicit ``deep``, as the hooks call it
        (tmp_path / "h" / "config.toml").write_text("deep_recall = true\n")
    env = {"MEMDIR_MANAGED_DIR": str(tmp_path / "m"), "MEMDIR_BACKGROUND": "0"}
    md = Memdir(
        load_settings(tmp_path / "h", tmp_path / "p", environ={**env, "MEMDIR_LLM": "openai:t"}),
        clock=clock,
    )
    md.pipeline.provider = ScriptedProvider(script)
    return md


def _history(md: Memdir) -> int:
    t0 = datetime(2026, 3, 2, 10, tzinfo=UTC)
    md.sessions.start("a", session_id="old", started_at=t0)
    md.sessions.log("old", "user", "we talked about boats for an hour", timestamp=t0)
    return md.sessions.log("old", "user", "the kayak lives in the garage now", timestamp=t0)


def _deep_calls(md: Memdir) -> list[str]:
    return [u for k, u in md.pipeline.provider.calls if k == "deep"]  # type: ignore[attr-defined]


def test_without_a_strong_hit_the_model_searches_reads_and_answers(
    tmp_path: Path, clock: Clock
) -> None:
    replies: list[dict[str, Any]] = []

    def script(kind: str, user: str) -> str:
        if kind != "deep":
            return json.dumps({"queries": []})
        step = len(replies)
        if step == 0:
            reply: dict[str, Any] = {"search": "kayak"}
        elif step == 1:
            reply = {"read": int(user.split("#")[-1].split()[0])}
        else:
            reply = {"answer": "In the garage.", "cites": [kayak, 999999]}
        replies.append(reply)
        return json.dumps(reply)

    md = _with_model(tmp_path, clock, script)
    kayak = _history(md)
    with md.session(session_id="now") as s:
        block = s.recall("where did I leave the canoe?", deep=True)
    assert block is not None
    assert "In the garage." in block and "the kayak lives in the garage now" in block
    assert len(_deep_calls(md)) == 3
    assert "Search 'kayak'" in _deep_calls(md)[1]  # the search result went back to the model


def test_the_loop_stops_at_its_step_limit(tmp_path: Path, clock: Clock) -> None:
    md = _with_model(tmp_path, clock, lambda kind, user: json.dumps({"search": "boats"}))
    _history(md)
    with md.session(session_id="now") as s:
        result = s.call_tool("session_search", {"query": "where is my canoe", "deep": True})
    assert result["success"] and result["deep"]["answer"] is None
    assert result["deep"]["steps"] == deep.Limits().steps
    assert result["deep"]["note"] == f"stopped: {deep.Limits().steps} searches and reads"
    assert len(_deep_calls(md)) == deep.Limits().steps


def test_the_loop_stops_at_its_character_budget(tmp_path: Path, clock: Clock) -> None:
    md = _with_model(tmp_path, clock, lambda kind, user: json.dumps({"search": "boats"}))
    _history(md)
    found = deep.recall(md, "where is my canoe", [], limits=deep.Limits(steps=50, chars=900))
    assert found.note == "stopped: 900 characters" and found.chars_sent <= 900
    assert found.model_calls < 50


def test_a_strong_quick_hit_asks_no_model(tmp_path: Path, clock: Clock) -> None:
    md = _with_model(tmp_path, clock, lambda kind, user: json.dumps({"answer": "no"}))
    _history(md)
    with md.session(session_id="now") as s:
        result = s.call_tool("session_search", {"query": "kayak garage", "deep": True})
    assert result["deep"]["note"] == "the quick search had a strong hit; no deep search"
    assert _deep_calls(md) == []


def test_offline_deep_recall_is_the_quick_path_and_says_so(
    md: Memdir, caplog: pytest.LogCaptureFixture
) -> None:
    _history(md)
    with md.session(session_id="now") as s:
        quick = s.recall("where is the kayak stored")
        with caplog.at_level(logging.WARNING, logger="memdir"):
            deeper = s.recall("where is the kayak stored", deep=True)
            nothing = s.recall("where is the canoe", deep=True)
        result = s.call_tool("session_search", {"query": "canoe", "deep": True})
    said = "Deep recall was not run (no chat model, MEMDIR_LLM): quick search only.\n"
    assert quick is not None and said not in quick
    assert deeper == quick.replace("\n## ", f"\n{said}## ", 1)  # the quick block, and the note
    assert nothing is not None and said in nothing  # no hit at all: the note alone
    assert result["deep"]["note"] == (
        "deep recall needs a chat model (MEMDIR_LLM); quick search only"
    )
    assert "deep recall needs a chat model" in caplog.text or not quick


def test_a_strong_hit_is_no_warning(
    md: Memdir, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only an escalation wanted and not run (offline) is worth a warning."""
    monkeypatch.setattr(notices, "_said", set())  # forget what earlier tests said once
    _history(md)
    with md.session(session_id="now") as s, caplog.at_level(logging.WARNING, logger="memdir"):
        block = s.recall("kayak garage", deep=True)
    assert block is not None and "the kayak lives in the garage" in block
    assert "Deep recall was not run" not in block and caplog.text == ""


def test_the_automatic_path_escalates_only_for_a_message_about_the_past(
    tmp_path: Path, clock: Clock
) -> None:
    """With ``deep_recall = true`` recall (as the harness hooks call it) asks the model only
    when the message asks about the past; an explicit ``deep=True`` is the caller asking."""

    def script(kind: str, user: str) -> str:
        return json.dumps({"answer": "We chose blue-green." if kind == "deep" else None})

    md = _with_model(tmp_path, clock, script, auto=True)
    _history(md)
    with md.session(session_id="now") as s:
        for task in ("fix the failing build", "run the tests before you commit", "记得提交"):
            assert s.recall(task) is None
        assert _deep_calls(md) == []
        block = s.recall("what did we decide about the deploy last week?")
        assert block is not None and "We chose blue-green." in block
        assert len(_deep_calls(md)) == 1
        s.recall("fix the failing build", deep=True)
    assert len(_deep_calls(md)) == 2


@pytest.mark.parametrize(
    ("text", "past"),
    [
        ("fix the failing build", False),
        ("remember to update the changelog", False),
        ("I need the logs for this run", False),
        ("deploy this week", False),
        ("提交之前先跑测试", False),
        ("ビルドを直して", False),
        ("what did we decide about the deploy last week?", True),
        ("we tried this before", True),
        ("did we ever pin the node version", True),
        ("what was the error yesterday", True),
        ("the CI broke 3 days ago", True),
        ("上次我们怎么修的", True),
        ("我们之前讨论过部署吗", True),
        ("你还记得那个端口吗", True),
        ("前回の設定は？", True),
        ("昨日のエラー", True),
    ],
)
def test_asks_about_past_reads_cues_and_times(text: str, past: bool, clock: Clock) -> None:
    assert deep.asks_about_past(text, clock()) is past


def test_what_the_model_is_shown_has_its_secrets_redacted(tmp_path: Path, clock: Clock) -> None:
    def script(kind: str, user: str) -> str:
        return json.dumps({"answer": None} if kind == "deep" else {"queries": []})

    md = _with_model(tmp_path, clock, script)
    t0 = datetime(2026, 3, 2, 10, tzinfo=UTC)
    md.sessions.start("a", session_id="s", started_at=t0)
    key = "AKIA" + "Q3EGRJ7XK2LMNOPQ"
    md.sessions.log("s", "tool", f"aws_access_key_id = {key} for the boats bucket", timestamp=t0)
    hits = md.sessions.search("boats bucket")
    assert hits and not deep.strong("where is the harbour master's office", hits)
    deep.recall(md, f"where is the harbour master's office (key {key})", hits)
    shown = _deep_calls(md)
    assert shown and "boats bucket" in shown[0] and all(key not in u for u in shown)


def test_the_loop_stops_at_its_time_budget(tmp_path: Path, clock: Clock) -> None:
    """Each model reply takes 4 s on the Memdir's clock: a 10 s budget allows three."""

    def slow(kind: str, user: str) -> str:
        clock.advance(seconds=4)
        return json.dumps({"search": "boats"})

    md = _with_model(tmp_path, clock, slow)
    _history(md)
    found = deep.recall(md, "where is my canoe", [], limits=deep.Limits(steps=50, seconds=10))
    assert found.note == "stopped: 10 s"
    assert found.model_calls == 3 and found.steps == 3 and found.answer is None
    roomy = deep.recall(md, "where is my canoe", [], limits=deep.Limits(steps=5, seconds=60))
    assert roomy.note == "stopped: 5 searches and reads"  # the control: time was not short


@given(st.text(max_size=3000))
def test_asks_about_past_takes_any_text(text: str) -> None:
    now = datetime(2026, 12, 2, 12, tzinfo=UTC)
    assert deep.asks_about_past(text, now) in (True, False)
    assert deep.asks_about_past(text + " what did we decide last time?", now)


def test_a_long_prompt_is_read_at_its_ends_not_in_its_pasted_middle() -> None:
    now = datetime(2026, 12, 2, 12, tzinfo=UTC)
    log = "INFO step ok\n" * 40_000  # half a megabyte of pasted log
    assert deep.asks_about_past(f"what did we decide last time?\n{log}", now)
    assert deep.asks_about_past(f"{log}\nwhat did we decide last time?", now)
    assert not deep.asks_about_past(f"fix this\n{log[:260_000]}we tried this before\n{log}", now)
