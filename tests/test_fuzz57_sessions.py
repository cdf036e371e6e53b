"""Fuzz pass (fuzz57) over what a model or a user types: session searches in any script
and a session id cut short (both backends), memory writes held for approval."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import memdir
from fuzz57_parts import (
    JSON,
    SID,
    THREAD,
    WORD,
    _folder,
    _pieces,
    _quick,
)
from memdir.core.errors import MemdirError
from memdir.review import approval
from webserver import MCP_INITIALIZE, memdir_popen, serve_env

# -- session search: queries in any script, inflected forms, both backends ---------------

CORPUS = [
    "Łazienka jest w remoncie, a łazience brakuje płytek",
    "Устаревшие зависимости устаревали быстро",
    "पापा ने कहा कि डिप्लॉयमेंट कल होगा",
    "Bugün dağıtım için hangi sunucu kullanılıyor",
    "Die Straße ist gesperrt, wir deployen morgen",
    "部门聚餐在周五，めがねはどこですか",
    "We deploy with pnpm 9 on port 8443 via make ship",
]
_QUERY_WORDS = [w for line in CORPUS for w in line.split()]
_QUERY_WORDS += ["łazienkach", "устаревший", "पापी", "jest", "się", "czy", "nie", "de", "la"]
_QUERY_WORDS += ["\ud800", "\x00", "\u202e", '"', "*", "NOT", "-", "(", "NEAR", "^", "“", "»"]
_QUERY_WORDS += ["yesterday", "last week", "2027-03-31", "#12", "a" * 41, "é" * 300, "你是谁"]
QUERY = st.one_of(
    st.lists(st.sampled_from(_QUERY_WORDS), max_size=14).map(" ".join),
    st.text(st.characters(codec=None, categories=None), max_size=40),
)


@pytest.mark.backends
@settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(query=QUERY)
def test_any_session_query_in_any_script_searches_or_finds_nothing(
    md: memdir.Memdir, query: str
) -> None:
    if not md.sessions.count()[1]:
        sid = md.sessions.start("fuzz", session_id="fuzz:one").id
        for line in CORPUS:
            md.sessions.log(sid, "user", line)
    with _quick():
        hits = md.sessions.search(query, limit=5)
        strict = md.sessions.search(query, limit=5, strict=True)
        messages = md.sessions.search_messages(query, limit=5)
    assert len(hits) <= 5 and len(strict) <= len(CORPUS) and len(messages) <= 5
    words = [w for w in query.split() if w in _QUERY_WORDS[:40] and len(w) > 4]
    if words and words[0].isalpha():
        assert md.sessions.search_messages(words[0]), words[0]  # a word as logged is found


# -- held writes (approval = "ask"): a model's memory calls, then the review of them -------

_OPS = st.fixed_dictionaries(
    {"action": st.sampled_from(["add", "replace", "remove", "supersede"])},
    optional={
        k: st.one_of(WORD, st.sampled_from(["user", "feedback", "Seed", "seed", "local"]))
        for k in ("target", "type", "name", "description", "body", "scope", "pinned")
    },
)
MEMORY_CALLS = st.one_of(
    _OPS,
    st.fixed_dictionaries({"operations": st.one_of(JSON, st.lists(_OPS, max_size=4))}),
    JSON,
)


@settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck))
@given(calls=st.lists(MEMORY_CALLS, min_size=1, max_size=4))
def test_any_held_write_is_answered_and_reviewable(calls: list[Any]) -> None:
    """A model's memory writes under ``approval = "ask"``: each call answered (held, or a
    clear error), every held write listed for review with its text, none lost."""
    with _folder() as folder:
        (folder / "home").mkdir()
        (folder / "home" / "config.toml").write_text('approval = "ask"\n')
        md = memdir.open(folder / "home", folder)
        md.store("local").add(type="user", name="Seed", description="seed", body="pnpm")
        held: set[str] = set()
        with _quick(), md.session(agent="fuzz") as s:
            for arguments in calls:
                s.new_turn()
                result = s.call_tool("memory", arguments)
                assert isinstance(result.get("success"), bool), result
                if not result["success"]:
                    assert "failed unexpectedly" not in result["error"], result["error"]
                held |= {result["pending"]} if isinstance(result.get("pending"), str) else set()
            found = approval.proposals(md)
        assert held <= {p.id for p in found}
        assert all(isinstance(p.text, str) and p.detail for p in found)
        md.close()


# -- a session id as a user types it: whole, cut short, a harness's own -------------------

_IDS = [
    f"claude-code:{SID}",
    f"claude-code:{SID}:agent-1",
    f"codex:{THREAD}",
    "hermes:20260101_abcd",
    "memdir-1234_%\\x",
    "MEMDIR-1234",
    "x:\U0010ffff\U0010ffff",
    "x:\ud7ff\ue000",
    "été:部门:1",
]
_ID_PIECES = [*_IDS, "claude-code:", "5a1d", "%", "_", "\\", "\x00", "\ud800", "\U0010ffff"]
_ID_PIECES += [":", "MEMDIR", "memdir", "1234", "\ud7ff", "x", "部"]


@pytest.mark.backends
@settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    typed=st.one_of(
        st.sampled_from(_IDS).flatmap(lambda i: st.integers(1, len(i)).map(lambda n: i[:n])),
        _pieces(_ID_PIECES, 4),
    )
)
def test_any_typed_session_id_resolves_to_a_session_it_names_or_a_clear_error(
    md: memdir.Memdir, typed: str
) -> None:
    if not md.sessions.count()[0]:
        for sid in _IDS:
            md.sessions.start(sid.partition(":")[0], session_id=sid)
    stored = {s.id for s in md.sessions.list(limit=100)}
    assert stored == set(_IDS)
    try:
        found = md.sessions.resolve(typed).id
    except MemdirError as exc:
        assert str(exc)
        assert typed not in stored  # a whole id always resolves
        return
    bare = found.partition(":")[2]
    assert found == typed or found.startswith(typed) or bare.startswith(typed), found


# -- `memdir mcp` over stdio: hostile JSON-RPC lines between a client's valid ones ----------

_RPC = st.one_of(
    st.sampled_from(
        ["not json", "[" * 5_000, "{}", "null", '{"jsonrpc": "2.0", "id": NaN}', '"\\udfff"']
    ),
    st.fixed_dictionaries(
        {"jsonrpc": st.one_of(st.just("2.0"), WORD)},
        optional={
            "id": st.one_of(st.integers(-(2**70), 2**70), WORD),
            "method": st.one_of(
                st.sampled_from(
                    ["tools/call", "tools/list", "notifications/cancelled", "resources/read"]
                ),
                WORD,
            ),
            "params": st.one_of(
                JSON,
                st.fixed_dictionaries(
                    {},
                    optional={
                        "name": st.one_of(st.sampled_from(["memory", "session_search"]), WORD),
                        "arguments": JSON,
                        "requestId": st.one_of(st.integers(), WORD),
                        "uri": WORD,
                    },
                ),
            ),
        },
    ).map(json.dumps),
)


@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(_RPC, max_size=6))
def test_any_client_lines_leave_memdir_mcp_answering_the_valid_request(lines: list[str]) -> None:
    """Lines no client should send (invalid JSON, deep nesting, odd ids, a cancel of
    anything) between ``initialize`` and a valid memory add: the add still answered with
    its result, the server ends at EOF without a traceback."""
    with _folder() as folder:
        project = folder / "project"
        project.mkdir()
        proc = memdir_popen(serve_env(folder / "home", folder), project, "mcp")
        add = {
            "jsonrpc": "2.0",
            "id": "valid-add",
            "method": "tools/call",
            "params": {
                "name": "memory",
                "arguments": {
                    "action": "add",
                    "type": "project",
                    "name": "Kept",
                    "description": "d",
                    "body": "b",
                },
            },
        }
        sent = [MCP_INITIALIZE, {"jsonrpc": "2.0", "method": "notifications/initialized"}]
        text = "".join(json.dumps(m) + "\n" for m in sent)
        text += "".join(line + "\n" for line in lines) + json.dumps(add) + "\n"
        out, err = proc.communicate(text, timeout=120)
    assert proc.returncode == 0 and "Traceback" not in err, err[-3000:]
    answers = [json.loads(a) for a in out.splitlines() if a.strip()]
    mine = [a for a in answers if isinstance(a, dict) and a.get("id") == "valid-add"]
    assert mine and "result" in mine[0], answers[-3:]
