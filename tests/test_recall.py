"""Recall on questions people ask: Chinese and mixed text, relative times, facts that
changed, answers in the next turn, memory entries in Chinese (issue 12)."""

from __future__ import annotations

import json
import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import Clock, add
from llmserver import Server, chat_completion
from memdir.core.config import load_settings
from memdir.engine import Memdir
from memdir.pipeline.providers import ProviderError
from memdir.sessions import Database, SessionStore, when
from memdir.sessions.rank import RankParams, with_params
from memdir.testing import ScriptedProvider

pytestmark = pytest.mark.backends


def _log(md: Memdir, sid: str, when: datetime, *turns: tuple[str, str]) -> list[int]:
    with md.session(agent="t", session_id=sid, started_at=when) as s:
        return [
            s.log(role, text, timestamp=when + timedelta(minutes=i))
            for i, (role, text) in enumerate(turns)
        ]


def _ids(md: Memdir, query: str) -> list[int]:
    return [h.message_id for h in md.sessions.search_messages(query, limit=50)]


def test_a_chinese_question_and_its_bare_word_find_the_restaurant(md: Memdir) -> None:
    t0 = datetime(2026, 3, 2, 10, tzinfo=UTC)
    [restaurant] = _log(md, "dinner", t0, ("user", "下周三的部门聚餐改到了望江楼，晚上六点半。"))
    _log(md, "other", t0 + timedelta(days=1), ("user", "明天的周会取消了，改成线上同步。"))
    for query in ("聚餐", "部门聚餐在哪家餐厅？", "望江楼"):
        assert _ids(md, query)[0] == restaurant, query
    assert md.sessions.search("部门聚餐在哪家餐厅？", limit=5)[0].session_id == "dinner"


def test_a_mixed_question_finds_both_tools(md: Memdir) -> None:
    t0 = datetime(2026, 3, 2, 10, tzinfo=UTC)
    [pnpm] = _log(md, "a", t0, ("user", "前端仓库现在统一用 pnpm 安装依赖。"))
    [npm] = _log(md, "b", t0 + timedelta(days=1), ("user", "CI 里还在跑 npm ci，得改。"))
    _log(md, "c", t0 + timedelta(days=2), ("user", "周五发版，记得提前冻结分支。"))
    assert set(_ids(md, "用 pnpm 还是 npm？")) == {pnpm, npm}


def test_now_prefers_the_latest_statement_and_before_the_earliest(md: Memdir) -> None:
    old = datetime(2026, 2, 9, 9, tzinfo=UTC)
    [npm] = _log(md, "s1", old, ("user", "ledgerline installs its dependencies with npm"))
    [pnpm] = _log(
        md,
        "s2",
        old + timedelta(days=20),
        ("user", "since the move, ledgerline installs its dependencies with pnpm and corepack"),
    )
    now = "Which tool installs ledgerline's dependencies now?"
    before = "Before the switch, which tool installed ledgerline's dependencies?"
    assert _ids(md, now)[:2] == [pnpm, npm]
    assert _ids(md, before)[:2] == [npm, pnpm]
    md.sessions.ranker = with_params(RankParams(update_weight=0.0))  # the feature decides
    assert _ids(md, now)[:2] == [npm, pnpm]


def test_relative_times_are_read_against_the_clock_not_searched(md: Memdir, clock: Clock) -> None:
    clock.now = datetime(2026, 3, 9, 17, tzinfo=UTC)  # a Monday
    tuesday = datetime(2026, 3, 3, 14, tzinfo=UTC)  # last Tuesday
    [early] = _log(md, "a", tuesday - timedelta(days=14), ("user", "caching in CI: try option A"))
    [decided] = _log(md, "b", tuesday, ("user", "caching in CI: we go with option B"))
    [later] = _log(md, "c", tuesday + timedelta(days=4), ("user", "caching in CI: option C?"))
    assert _ids(md, "What did we decide last Tuesday about caching in CI?")[0] == decided
    assert _ids(md, "上周二定的 CI caching 方案是什么？")[0] == decided
    assert set(_ids(md, "caching in CI")) == {early, decided, later}
    assert _ids(md, "last Tuesday") == []  # only a time: nothing to search for


def test_the_users_answer_follows_the_assistants_question(md: Memdir) -> None:
    t0 = datetime(2026, 3, 2, 10, tzinfo=UTC)
    asked, answer = _log(
        md, "s", t0, ("assistant", "And the database?"), ("user", "Postgres 16 on RDS.")
    )
    found = _ids(md, "Which database do we use?")
    assert found[:2] == [asked, answer]


def test_memory_search_finds_a_chinese_entry_from_a_chinese_question(md: Memdir) -> None:
    store = md.store("local")
    add(store, "部门聚餐", body="部门聚餐改到了望江楼，晚上六点半，记得提前订位。")
    add(store, "周会", body="每周一上午十点开周会，线上。")
    assert next(h.entry.name for h in md.search("部门聚餐在哪家餐厅？")) == "部门聚餐"
    assert next(h.entry.name for h in md.search("周会几点开？")) == "周会"


def test_a_bare_chinese_or_japanese_weekday_is_searched_as_friday_is(md: Memdir) -> None:
    # 周五, 星期五, 金曜日 alone were read as a time and taken out: nothing left to search
    t0 = datetime(2026, 3, 2, 10, tzinfo=UTC)
    [dinner] = _log(md, "d", t0, ("user", "部门聚餐定在周五晚上，在外滩。"))
    _log(md, "o", t0 + timedelta(days=1), ("user", "明天的周会取消了，改成线上同步。"))
    store = md.store("local")
    add(store, "周报", body="每周五下午写周报，发给王伟。")
    add(store, "週報", body="毎週金曜日の午後に週報を書く。")
    for weekday, name in (("周五", "周报"), ("星期五", "周报"), ("金曜日", "週報")):
        assert name in [h.entry.name for h in md.search(weekday)], weekday
    assert _ids(md, "周五")[:1] == [dinner]
    assert md.sessions.search("周五", limit=5)[0].session_id == "d"


def _with_model(tmp_path: Path, clock: Clock, script: Any) -> Memdir:
    (tmp_path / "p").mkdir(exist_ok=True)
    env = {"MEMDIR_MANAGED_DIR": str(tmp_path / "m"), "MEMDIR_BACKGROUND": "0"}
    md = Memdir(
        load_settings(tmp_path / "h", tmp_path / "p", environ={**env, "MEMDIR_LLM": "openai:t"}),
        clock=clock,
    )
    md.pipeline.provider = ScriptedProvider(script)
    return md


def test_with_a_model_queries_are_expanded_and_sessions_summarised(
    tmp_path: Path, clock: Clock
) -> None:
    def script(kind: str, user: str) -> str:
        if user.startswith("Question:"):  # a summary request: cite the first id shown
            first = int(user.split("#", 1)[1].split()[0])
            return json.dumps({"summary": "The kayak is in the garage. " * 30, "cites": [first]})
        return json.dumps({"queries": ["kayak location", "皮划艇 在哪"]})

    md = _with_model(tmp_path, clock, script)
    t0 = datetime(2026, 3, 2, 10, tzinfo=UTC)
    [kayak] = _log(md, "a", t0, ("user", "the kayak lives in the garage now"))
    assert md.sessions.search("where is my canoe") == []  # the words alone find nothing
    with md.session(session_id="now") as s:
        result = s.call_tool("session_search", {"query": "where is my canoe", "summarize": True})
    [group] = result["results"]
    assert group["session_id"] == "a" and group["matched_message_id"] == kayak
    assert len(group["summary"]) <= 400 and group["cites"] == [kayak]
    sent = md.pipeline.provider.calls  # type: ignore[attr-defined]
    assert sent[0][1] == "where is my canoe"  # the question itself, to expand


def test_summary_input_is_redacted_before_it_leaves(tmp_path: Path, clock: Clock) -> None:
    def script(kind: str, user: str) -> str:
        if user.startswith("Question:"):
            first = int(user.split("#", 1)[1].split()[0])
            return json.dumps({"summary": "The deploy box.", "cites": [first]})
        return json.dumps({"queries": ["deploy box login"]})

    md = _with_model(tmp_path, clock, script)
    t0 = datetime(2026, 3, 2, 10, tzinfo=UTC)
    _log(
        md,
        "a",
        t0,
        (
            "user",
            "the deploy box: my password is Tr0ub4dor&3 and the key is AKIAIOSFODNN7\nEXAMPLE",
        ),
        ("tool", "deploy box env: GITHUB_TOKEN=ghp_" + "a1B2c3D4e5" * 4),
    )
    with md.session(session_id="now") as s:
        query = "deploy box: my password is Tr0ub4dor&3, right?"
        result = s.call_tool("session_search", {"query": query, "summarize": True})
    assert result["results"][0]["summary"] == "The deploy box."
    sent = md.pipeline.provider.sent()  # type: ignore[attr-defined]
    assert "Question:" in sent and "deploy box" in sent
    for secret in ("Tr0ub4dor&3", "ODNN7", "a1B2c3D4e5"):
        assert secret not in sent, secret
    assert "[REDACTED:password]" in sent and "[REDACTED:aws-key]" in sent


def test_a_failing_model_changes_nothing_and_offline_is_as_before(
    tmp_path: Path, clock: Clock, md: Memdir
) -> None:
    def script(kind: str, user: str) -> str:
        if user.startswith("Question:"):
            return json.dumps({"summary": "made up", "cites": [999999]})  # not shown to it
        raise ProviderError("the model is down")

    t0 = datetime(2026, 3, 2, 10, tzinfo=UTC)
    broken = _with_model(tmp_path, clock, script)
    _log(broken, "a", t0, ("user", "the kayak lives in the garage now"))
    with broken.session(session_id="now") as s:
        result = s.call_tool("session_search", {"query": "kayak", "summarize": True})
    [group] = result["results"]
    assert result["success"] and "summary" not in group and group["session_id"] == "a"
    _log(md, "a", t0, ("user", "the kayak lives in the garage now"))
    with md.session(session_id="now") as s:  # offline (rules): no model is asked
        offline = s.call_tool("session_search", {"query": "kayak", "summarize": True})
    assert offline["note"] == "summaries need MEMDIR_LLM" and "summary" not in offline["results"][0]


def test_a_slow_model_costs_one_budget_then_is_left_alone(tmp_path: Path, clock: Clock) -> None:
    """Over the real HTTP path: phrasings come at once, summaries hang. At most three are
    asked, in parallel; the search answers when the budget (config.toml) runs out, without
    them, and the next search does not ask the model at all."""
    active, most = [0], [0]
    lock = threading.Lock()
    hang = threading.Event()  # set when the test is done: summaries never answer in time

    def respond(path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        user = body["messages"][-1]["content"]
        if not user.startswith("Question:"):
            return 200, chat_completion("t", json.dumps({"queries": ["kayak garage"]}))
        with lock:
            active[0] += 1
            most[0] = max(most[0], active[0])
        hang.wait(30)
        with lock:
            active[0] -= 1
        return 200, chat_completion("t", json.dumps({"summary": "late", "cites": []}))

    server = Server(respond)
    try:
        (tmp_path / "h").mkdir()
        # a budget with room for the phrasing call (a third of it) on a loaded machine: at 2 s
        # it missed its 0.67 s in 2 runs of 4 at load 12, and the model was paused
        (tmp_path / "h" / "config.toml").write_text("search_model_seconds = 4\n")
        (tmp_path / "p").mkdir()
        env = {
            "MEMDIR_MANAGED_DIR": str(tmp_path / "m"),
            "MEMDIR_BACKGROUND": "0",
            "MEMDIR_LLM": "openai:t",
            "MEMDIR_LLM_BASE_URL": server.url + "/v1",
        }
        md = Memdir(load_settings(tmp_path / "h", tmp_path / "p", environ=env), clock=clock)
        t0 = datetime(2026, 3, 2, 10, tzinfo=UTC)
        for i in range(5):
            _log(md, f"s{i}", t0 + timedelta(days=i), ("user", f"the kayak is in garage {i}"))
        with md.session(session_id="now") as s:
            first = s.call_tool("session_search", {"query": "kayak", "summarize": True})
            asked = len(server.requests)
            again = s.call_tool("session_search", {"query": "kayak", "summarize": True})
    finally:
        hang.set()
        server.close()
    assert len(first["results"]) == 5 and not any("summary" in r for r in first["results"])
    assert "not answered within 4 s" in first["note"]
    assert asked == 1 + 3 and most[0] == 3  # one phrasing call, three summaries at once
    assert len(again["results"]) == 5 and len(server.requests) == asked  # left alone
    assert "asked again in" in again["note"]


DATA = Path(__file__).resolve().parent.parent / "bench" / "data" / "recall"


def test_every_chinese_and_japanese_question_of_our_set_returns_hits(tmp_path: Path) -> None:
    """Our own set (bench/data/recall), both halves (run here, never tuned on: the test
    half only asserts that a natural question finds something): each conversation in its
    own store, every Chinese and Japanese question."""
    asked: dict[str, int] = {"zh": 0, "ja": 0}
    for path in sorted(DATA.glob("*/*.json")):
        conv = json.loads(path.read_text())
        questions = [q for q in conv["questions"] if q["lang"] in asked]
        if not questions:
            continue
        store = SessionStore(Database(tmp_path / f"{conv['id']}.db"))
        for s in conv["sessions"]:
            store.start("t", session_id=s["id"], started_at=s["started_at"])
            rows = [
                (m["role"], m["content"], m.get("tool_name"), None, m["timestamp"])
                for m in s["messages"]
            ]
            store.log_many(s["id"], rows)
        for q in questions:
            assert store.search_messages(q["question"]), q["question"]
            assert store.search(q["question"], limit=5), q["question"]
            asked[q["lang"]] += 1
    assert asked == {"zh": 77, "ja": 40}  # the whole set: zh and mixed, ja; dev and test


@settings(max_examples=300)
@given(
    st.text(max_size=120)
    | st.lists(
        st.sampled_from(
            [
                "last",
                "Tuesday",
                "上周",
                "四",
                "上个月",
                "3月",
                "5日",
                "先月",
                "末",
                "the",
                "ago",
                "2",
                "weeks",
                "now",
                "原来",
                "February",
                "31",
                "2026-02-30",
                "of",
                "mid-",
            ]
        ),
        max_size=12,
    ).map(" ".join),
    st.datetimes(timezones=st.just(UTC)),
)
def test_fuzz_times_never_raise(text: str, now: datetime) -> None:
    for lo, hi in when.ranges(text, now) + when.ranges(text):
        assert lo < hi
    assert when.intent(text) in (None, "latest", "earliest")
    assert all(0 <= a < b <= len(text) for a, b in when.spans(text))


def test_recall_rests_on_a_word_not_on_a_bare_number(md: Memdir) -> None:
    t0 = datetime(2026, 3, 2, 10, tzinfo=UTC)
    _log(md, "release", t0, ("user", "How do I release version 2 of the billing service?"))
    add(md.store("local"), "Billing on-call", "Team 7, rota in PagerDuty", type="project")
    # recall's rule: a row holding only the number (and stop words) is no match ...
    assert md.sessions.search("write a haiku about 2 cats", strict=True) == []
    assert md.search("7 times 7", strict=True) == []
    # ... the number still ranks: with a word shared, the row holding both comes first
    _log(md, "other", t0 + timedelta(days=1), ("user", "We release the mobile app on Fridays."))
    assert md.sessions.search("release 2", strict=True, limit=5)[0].session_id == "release"
    # an explicit search, which asked for the number, still finds it
    assert [h.session_id for h in md.sessions.search("2 cats")] == ["release"]
    assert [h.entry.name for h in md.search("7 times 7")] == ["Billing on-call"]
    with md.session(agent="t") as s:
        assert s.recall("what is 7*7") is None
        assert "Billing on-call" in (s.recall("who is on call for billing") or "")


@pytest.mark.parametrize(
    ("term", "anchors"),
    [
        ("1234", True),  # a ticket, a port, a year: three digits or more
        ("413", True),
        ("#12", True),  # digits joined as an identifier
        ("2.3", True),
        ("2027-03-31", True),
        ("192.168.1.10", True),
        ("10:00", True),
        ("3/31", True),
        ("2", False),  # a small bare cardinal
        ("42", False),
        ("2+2", False),
        ("2 2", False),
        ("what", False),
        ("cats", True),
    ],
)
def test_what_a_recall_match_can_rest_on(term: str, anchors: bool) -> None:
    from memdir.sessions.query import anchors as can_anchor

    assert can_anchor(term) is anchors


def test_a_question_naming_a_time_is_not_held_to_the_anchor_rule(md: Memdir) -> None:
    # "what did we do last week" is all stop words once its time is taken out: it asks
    # for what was said then, and recall keeps it
    now = md.clock()
    _log(md, "week", now - timedelta(days=6), ("user", "We moved billing to the new cluster."))
    with md.session(agent="t") as s:
        assert "billing to the new cluster" in (s.recall("what did we do last week?") or "")
        assert s.recall("what did we do?") is None
