"""``call_tool`` never raises: arbitrary JSON for every tool, on a healthy home, on a home
whose state.db is damaged, and on a home mounted read-only (issue 15)."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import memdir
from hostile import readonly, readonly_reason
from memdir.tools import TOOL_NAMES

# Text as a model or a broken client may send it: lone surrogates, NUL, control and
# format characters, other scripts, and now and then something huge.
_CHARS = st.characters(codec=None, categories=None)
TEXT = st.one_of(
    st.text(_CHARS, max_size=40),
    st.sampled_from(
        ["\ud800", "a\x00b", "\udfff\ud800", "pnpm", "npm", "部门聚餐", "*", '"', "NOT", "-"]
    ),
    st.builds(
        lambda c, n: c * n,
        st.sampled_from(["x", "é", "\ud83d", "\x00"]),
        st.sampled_from([70_000, 1_100_000]),
    ),
)
SCALAR = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    TEXT,
)
JSON = st.recursive(
    SCALAR,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
    max_leaves=12,
)
KEYS = [
    "action", "target", "type", "name", "description", "body", "content", "pinned", "scope",
    "operations", "id", "query", "limit", "include_history", "window", "role", "agent",
    "since", "until", "session_id", "around",
]  # fmt: skip
WORDS = [
    "add", "replace", "remove", "supersede", "user", "feedback", "local", "project",
    "managed", "user_seed", "seed", "2026-11-01", "1" * 30,
]  # fmt: skip
VALUES = st.one_of(
    JSON,
    st.sampled_from(WORDS),
    st.lists(st.dictionaries(st.sampled_from(KEYS), JSON, max_size=6), max_size=3),
)
ARGUMENTS = st.one_of(
    JSON,
    st.dictionaries(st.sampled_from(KEYS), VALUES, max_size=8),
    st.fixed_dictionaries({}, optional={k: VALUES for k in KEYS}),  # many keys at once
    st.text(_CHARS, max_size=30),  # a JSON string that may not parse
)
NAMES = st.one_of(st.sampled_from([*TOOL_NAMES, *TOOL_NAMES, "log"]), JSON)
# Found by hand or by earlier runs; kept so they are tried on every run.
KNOWN = [
    ("session_search", {"query": "deploy", "session_id": "\ud800"}),
    ("session_search", {"query": "deploy", "agent": "\ud800"}),
    ("session_search", {"query": "deploy", "role": "\udfff"}),
    ("memory", {"action": "add", "type": "user", "name": "n", "description": "d", "body": "b"}),
    ("memory", {"action": "replace", "target": "seed", "body": "we use pnpm 9"}),
    ("memory", {"action": "remove", "target": "Other"}),
    ("memory_read", {"id": "seed"}),
    ("memory_search", {"query": "pnpm", "include_history": True}),
]


def _healthy(home: Path, project: Path) -> memdir.Memdir:
    md = memdir.open(home, project)
    md.store("local").add(type="user", name="Seed", description="seed", body="we use pnpm")
    md.store("local").add(type="feedback", name="Other", description="o", body="tabs")
    with md.session(agent="seed") as s:
        s.log("user", "deploy billing to staging")
        s.log("assistant", "done: rollout R-7731")
    return md


def _damage(db: Path) -> None:
    """Overwrite parts of every third page after the first two with noise."""
    data = bytearray(db.read_bytes())
    for offset in range(8192, len(data) - 4096, 3 * 4096):
        data[offset : offset + 2000] = os.urandom(2000)
    db.write_bytes(bytes(data))


def _damage_schema_page(db: Path) -> None:
    """Fill the page of the migrations table's unique index with 0xff: reading the schema
    version then fails with "database disk image is malformed"."""
    with closing(sqlite3.connect(db)) as conn:
        (page,) = conn.execute(
            "SELECT rootpage FROM sqlite_master WHERE name = 'sqlite_autoindex_migrations_1'"
        ).fetchone()
    data = bytearray(db.read_bytes())
    data[(page - 1) * 4096 : page * 4096] = b"\xff" * 4096
    db.write_bytes(bytes(data))


def check_calls(md: memdir.Memdir) -> Any:
    """A hypothesis test: every call on ``md`` (the known hard cases first, then drawn
    ones) returns a JSON-serialisable ``{"success": bool, …}`` dict and none hits a bug."""
    for known in KNOWN:
        _one(md, *known)

    @settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
    @given(name=NAMES, arguments=ARGUMENTS)
    def calls(name: Any, arguments: Any) -> None:
        _one(md, name, arguments)

    return calls


def _one(md: memdir.Memdir, name: Any, arguments: Any) -> None:
    with md.session(agent="fuzz") as s:
        s.new_turn()
        result = s.call_tool(name, arguments)
    assert isinstance(result, dict) and isinstance(result.get("success"), bool), result
    json.dumps(result, ensure_ascii=False).encode("utf-8", "surrogatepass")
    if not result["success"]:
        assert isinstance(result["error"], str) and result["error"]
        assert "failed unexpectedly" not in result["error"], result["error"]  # a bug


def test_call_tool_on_a_healthy_home(home: Path, project: Path) -> None:
    check_calls(_healthy(home, project))()


@pytest.mark.parametrize("damage", [_damage, _damage_schema_page], ids=["pages", "schema"])
def test_call_tool_on_a_damaged_state_db(
    damage: Callable[[Path], None], home: Path, project: Path
) -> None:
    md = _healthy(home, project)
    for i in range(200):
        with md.session() as s:
            s.log("user", f"message {i} " * 40)
    md.close()
    damage(home / "state.db")
    check_calls(memdir.open(home, project))()


def _readonly_main(home: str, project: str) -> None:
    """Run in a subprocess whose home is mounted read-only."""
    md = memdir.open(home, project)
    check_calls(md)()
    print("fuzzed read-only home")


@pytest.mark.skipif(readonly_reason() is not None, reason=str(readonly_reason()))
def test_call_tool_on_a_read_only_home(home: Path, project: Path) -> None:
    _healthy(home, project).close()
    code = (
        "import sys; sys.path[:0] = [sys.argv[1]]; "
        "import test_tool_fuzz as t; t._readonly_main(sys.argv[2], sys.argv[3])"
    )
    cmd = readonly(
        home, [sys.executable, "-c", code, str(Path(__file__).parent), str(home), str(project)]
    )
    assert cmd is not None
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    assert "fuzzed read-only home" in proc.stdout
    assert "Traceback" not in proc.stderr


@settings(max_examples=200, deadline=None)
@given(calls=JSON, tool_name=st.one_of(st.none(), TEXT))
def test_any_logged_tool_call_is_shown_as_text(calls: Any, tool_name: str | None) -> None:
    from memdir.sessions.records import calls_text

    assert isinstance(calls_text(calls, tool_name), str)


def test_a_tool_call_nested_deeper_than_python_recurses_is_shown_in_a_search_hit(
    home: Path, project: Path
) -> None:
    # a model's tool-call input 400 lists deep (json.loads reads it; walking it whole
    # hit Python's recursion limit and session_search failed as a memdir bug)
    deep = json.loads("[" * 400 + '"kiwi cluster"' + "]" * 400)
    md = memdir.open(home, project)
    with md.session(agent="seed") as s:
        s.log("user", "where does billing deploy?")
        s.log("assistant", "", tool_name="Task", tool_calls=[{"name": "Task", "input": deep}])
    with md.session(agent="fuzz") as s:
        result = s.call_tool("session_search", {"query": "kiwi cluster"})
    assert result["success"], result
    assert result["results"], result  # the hit is the call, shown cut at a depth
