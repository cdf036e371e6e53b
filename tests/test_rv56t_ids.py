"""Session ids an attacker (or an unlucky export) chose, through the `memdir` CLI (a real
subprocess) on SQLite and PostgreSQL: a removed fact discredits its own session only,
and an id as `sessions ls` prints it names one session (review rv56t)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.backends

Run = Callable[..., Any]


def _rollout(folder: Path, name: str, sid: str, fact: str, hour: int, cwd: Path) -> None:
    """A Codex rollout (session ``sid`` in ``cwd``) saying ``fact``; appended to when it
    exists (the session grew)."""
    path = folder / f"rollout-2025-06-14T10-00-00-{name}.jsonl"
    lines = []
    if not path.exists():
        meta = {"id": sid, "timestamp": "2025-06-14T10:00:00Z", "cwd": str(cwd)}
        lines.append({"timestamp": "2025-06-14T10:00:00Z", "type": "session_meta", "payload": meta})
    said = {"type": "input_text", "text": f"Remember that {fact}."}
    lines.append(
        {
            "timestamp": f"2025-06-14T{hour:02d}:00:01Z",
            "type": "response_item",
            "payload": {"type": "message", "role": "user", "content": [said]},
        }
    )
    with path.open("a", encoding="utf-8") as f:
        f.writelines(json.dumps(line) + "\n" for line in lines)


@pytest.mark.parametrize(
    "removed",
    [
        'mmmm", "session:codex:nnnn-victim',  # its JSON holds the victim's, quotes escaped
        'mmmm"session:codex:nnnn-victim',
    ],
)
def test_a_removed_fact_discredits_no_session_whose_origin_its_json_holds(
    tmp_path: Path, project: Path, run: Run, removed: str
) -> None:
    """A fact from session ``removed`` is removed; session ``nnnn-victim`` goes on
    teaching. Before: the tombstone was found by the victim's JSON-encoded origin
    anywhere in the removed fact's origins (``["session:codex:mmmm\\", \\"session:codex:
    nnnn-victim"]`` holds ``"session:codex:nnnn-victim"``): every later fact of the
    victim was refused."""
    rolls = tmp_path / "rolls"
    rolls.mkdir()
    _rollout(rolls, "bad", removed, "the staging cluster is named kiwi", 10, project)
    run("import-sessions", "codex", "--from", str(rolls))
    run("maintain")
    [entry] = json.loads(run("ls", "--json").stdout)
    run("rm", entry["id"])
    _rollout(rolls, "victim", "nnnn-victim", "the build server is named fig", 11, project)
    run("import-sessions", "codex", "--from", str(rolls))
    run("maintain")
    names = [e["name"] for e in json.loads(run("ls", "--json").stdout)]
    assert names == ["The build server is named fig"], names
