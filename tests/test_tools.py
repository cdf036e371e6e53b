"""Tool schemas and dispatch: the model's way in. Dispatch never raises on model input."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import add
from memdir.engine import Memdir
from memdir.tools import TOOL_NAMES, tool_schemas

pytestmark = pytest.mark.backends


@pytest.mark.parametrize("fmt", ["openai", "anthropic", "mcp"])
def test_schemas_in_each_format(fmt: str) -> None:
    tools = tool_schemas(fmt)
    names = [t["function"]["name"] if fmt == "openai" else t["name"] for t in tools]
    assert names == list(TOOL_NAMES)
    memory = tools[0]["function"] if fmt == "openai" else tools[0]
    doc = memory["description"]
    for lesson in ("task progress", "feedback", "**Why:**", "memory_search", "nothing"):
        assert lesson in doc
    json.dumps(tools)


def test_unknown_format_is_an_error() -> None:
    from memdir.core.errors import ValidationError

    with pytest.raises(ValidationError, match="openai"):
        tool_schemas("gemini")


def test_add_read_search_replace_remove(md: Memdir) -> None:
    s = md.session()
    added = s.call_tool(
        "memory",
        {
            "action": "add",
            "type": "feedback",
            "name": "Use pnpm",
            "description": "pnpm not npm",
            "body": "Use pnpm.",
        },
    )
    assert added["success"] and added["results"][0]["id"] == "feedback_use-pnpm"
    assert "Use pnpm." not in json.dumps(added)  # writes do not echo entries
    again = s.call_tool(
        "memory",
        {
            "action": "add",
            "type": "feedback",
            "name": "use PNPM",
            "description": "pnpm  not npm",
            "body": "use PNPM.",
        },
    )
    assert again["results"][0]["action"] == "exists"
    assert "Already exists" in again["results"][0]["message"]
    read = s.call_tool("memory_read", {"id": "pnpm"})
    assert read["success"] and "Use pnpm." in read["content"] and "old" in read["content"]
    found = s.call_tool("memory_search", {"query": "pnpm"})
    assert found["results"][0]["id"] == "feedback_use-pnpm"
    replaced = s.call_tool("memory", {"action": "replace", "target": "pnpm", "body": "Use pnpm 9."})
    assert replaced["results"][0]["action"] == "replace"
    removed = s.call_tool("memory", {"action": "remove", "target": "feedback_use-pnpm"})
    assert removed["success"] and md.store("local").list() == []
    entry = md.store("local").list(include_archived=True)[0]
    assert entry.source.value == "agent"


def test_operations_batch_is_all_or_nothing(md: Memdir) -> None:
    store = md.store("local")
    add(store, "Existing")
    s = md.session()
    bad = s.call_tool(
        "memory",
        {
            "operations": [
                {"action": "add", "type": "user", "name": "A", "description": "a", "body": "a"},
                {"action": "remove", "target": "nothing-like-this"},
            ]
        },
    )
    assert not bad["success"] and "Existing" in bad["error"]
    assert [e.name for e in store.list()] == ["Existing"]
    good = s.call_tool(
        "memory",
        {
            "operations": [
                {"action": "add", "type": "user", "name": "A", "description": "a", "body": "a"},
                {"action": "remove", "target": "Existing"},
            ]
        },
    )
    assert good["success"] and [r["action"] for r in good["results"]] == ["add", "remove"]
    invalid = s.call_tool("memory", {"operations": [{"action": "add"}]})
    assert "operations[0]" in invalid["error"] and "nothing was applied" in invalid["error"]


def test_budget_error_lists_pinned_entries(md: Memdir) -> None:
    add(md.store("local"), "Big pin", body="x" * 2000, pinned=True)
    s = md.session()
    result = s.call_tool(
        "memory",
        {
            "action": "add",
            "type": "user",
            "name": "More",
            "description": "d",
            "body": "y" * 300,
            "pinned": True,
        },
    )
    assert not result["success"] and "Big pin" in result["error"]
    assert "2,200" in result["error"]


@pytest.mark.parametrize(
    ("name", "args", "fragment"),
    [
        ("memory", {"action": "add", "type": "user"}, "add needs name, description, body"),
        ("memory", {"action": "fly"}, "action must be add, replace, supersede or remove"),
        ("memory", {"action": "replace", "target": "x"}, "at least one"),
        ("memory", {"action": "remove"}, "'target' is required"),
        (
            "memory",
            {"action": "add", "type": "user", "name": 5, "description": "d", "body": "b"},
            "'name' must be a str",
        ),
        ("memory", "{not json", "not valid JSON"),
        ("memory", [1, 2], "JSON object"),
        ("memory_read", {}, "'id' is required"),
        ("memory_search", {"query": "x", "limit": 500}, "between 1 and 20"),
        ("memory_search", {"query": "x", "limit": True}, "must be a int"),
        ("memory_delete", {}, "unknown tool"),
    ],
)
def test_bad_arguments_return_errors(md: Memdir, name: str, args: Any, fragment: str) -> None:
    result = md.session().call_tool(name, args)
    assert result["success"] is False and fragment in result["error"]


def test_three_failures_tell_the_model_to_stop(md: Memdir) -> None:
    s = md.session()
    for _ in range(2):
        assert "stop" not in s.call_tool("memory_read", {"id": "nope"})["error"]
    third = s.call_tool("memory_read", {"id": "nope"})
    assert "3 failed memory calls this turn: stop using memory tools" in third["error"]
    # Calls still run (a harness that never marks turns is not locked out) ...
    ok = s.call_tool(
        "memory", {"action": "add", "type": "user", "name": "n", "description": "d", "body": "b"}
    )
    assert ok["success"] and len(md.store("local").list()) == 1
    # ... and a success starts the count again (issue 15), as does a new turn.
    assert "stop" not in s.call_tool("memory_read", {"id": "nope"})["error"]
    for _ in range(2):
        s.call_tool("memory_read", {"id": "nope"})
    assert "stop using memory tools" in s.call_tool("memory_read", {"id": "nope"})["error"]
    s.new_turn()
    assert "stop" not in s.call_tool("memory_read", {"id": "nope"})["error"]


def test_deeply_nested_json_is_an_error_not_a_crash(md: Memdir) -> None:
    s = md.session()
    for text in ("[" * 100_000, '{"a":' * 100_000):
        result = s.call_tool("memory", text)
        assert result["success"] is False and "JSON" in result["error"]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=50),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=12), children, max_size=5)
    ),
    max_leaves=20,
)
keys = st.sampled_from(
    [
        "action",
        "type",
        "name",
        "description",
        "body",
        "target",
        "pinned",
        "operations",
        "id",
        "query",
        "limit",
        "include_history",
        "window",
        "role",
        "agent",
        "since",
        "until",
        "session_id",
        "around",
    ]
)
tool_args = st.dictionaries(
    keys,
    json_values | st.sampled_from(["add", "replace", "remove", "user", "feedback"]),
    max_size=7,
)
json_texts = st.one_of(tool_args.map(json.dumps), st.text(max_size=200))


@settings(
    max_examples=400, suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None
)
@given(
    name=st.sampled_from([*TOOL_NAMES, "other"]) | st.text(max_size=10),
    args=tool_args | json_values | json_texts,
)
def test_dispatch_never_raises(md: Memdir, name: str, args: Any) -> None:
    s = md.session()
    result = s.call_tool(name, args)
    assert isinstance(result["success"], bool)
    json.dumps(result)
    if not result["success"]:
        assert result["error"]
