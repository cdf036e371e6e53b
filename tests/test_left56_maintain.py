"""``memdir maintain`` under approval = "ask" when the model's ops include one that
changes no text of an entry an earlier op of the same batch makes (the model adds one
candidate twice: the second add becomes an update of the new entry that says what it
says). approval.unchanged planned the batch with the add, and hold_changing (which
planned it a second time) wrote that update at once, alone, to a store that does not
hold the entry yet: "error: consolidate local: No entry matches …", nothing held, the
fact lost from the run. Under "auto" the same batch is written."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from llmserver import Server, chat_completion
from memdir.pipeline.providers import CONSOLIDATE_PROMPT, EXTRACT_PROMPT
from test_maintain54 import ENV, KIWI, TUESDAY, _teach
from usercli import cli as cli

NEW = "reference_deploy-day"


def _model(body: dict[str, Any]) -> dict[str, Any]:
    """Extraction: one fact (a second session's with its own name); consolidation: add
    the candidate, and once an entry exists, add the new candidate twice."""
    system, user = (m["content"] for m in body["messages"])
    if system == EXTRACT_PROMPT:
        second = "Tuesdays" in user
        name = "Deploy day" if second else "Deploy cluster"
        ids = [int(i) for i in re.findall(r"\[#(\d+) user\]", user)]
        fact: dict[str, Any] = {
            "type": "reference",
            "name": name,
            "body": TUESDAY if second else KIWI,
        }
        fact |= {"description": f"{name} of billing", "scope": "local", "confidence": 0.95}
        reply: dict[str, Any] = {"candidates": [fact | {"evidence": ids[:1]}], "entities": []}
    elif system == CONSOLIDATE_PROMPT:
        twice = "reference_deploy-cluster" in user
        reply = {"ops": [{"op": "add", "candidate": 0}] * (2 if twice else 1)}
    else:
        reply = {"entities": []}
    return chat_completion(body["model"], json.dumps(reply))


@pytest.mark.parametrize("approval", ["auto", "ask"])
def test_a_fact_added_twice_in_one_batch_is_held_not_an_error(
    tmp_path: Path, project: Path, cli: Callable[..., Any], approval: str
) -> None:
    server = Server(lambda _path, body: (200, _model(body)))
    env = {**ENV, "MEMDIR_LLM_BASE_URL": server.url + "/v1", "MEMDIR_APPROVAL": approval}
    try:
        first = {**env, "MEMDIR_APPROVAL": "auto"}
        _teach(tmp_path, project, cli, 1, "Deploy billing to the kiwi cluster.", first)
        assert cli("maintain", extra_env=first).returncode == 0
        _teach(tmp_path, project, cli, 2, "Deploy billing to kiwi on Tuesdays.", env)
        done = cli("maintain", extra_env=env)
        shown = done.stdout + done.stderr
        assert done.returncode == 0 and "error" not in shown, shown  # main: No entry matches
        assert "candidates dropped: 1 already in memory" in shown, shown
        if approval == "ask":
            assert f"proposed (approval = ask, see `memdir review`): local: add {NEW}" in shown
            pending = json.loads(cli("review", "--json", extra_env=env).stdout)
            ids = [p["id"] for p in pending if p["kind"] == "pending"]
            assert len(ids) == 1, pending
            applied = cli("review", "--apply", ids[0], extra_env=env)
            assert applied.returncode == 0, applied.stdout + applied.stderr
        else:
            assert f"apply: local: add {NEW}" in shown, shown
        assert TUESDAY in cli("show", NEW, extra_env=env).stdout
    finally:
        server.close()


# -- a run that only consolidates ------------------------------------------------------
# A run that spends the model-call budget (5 consolidation calls of 40 candidates) leaves
# the rest for the next run, which extracts nothing and only consolidates. When all it
# consolidates is a candidate memory already says, it wrote nothing new and dropped that
# candidate: main printed "Nothing to do." (RunReport.did_anything left out the dropped),
# silent about what it dropped, under "auto" and "ask" alike.


def _many(body: dict[str, Any]) -> dict[str, Any]:
    """Extraction: 200 facts and, last, the first one again; consolidation: add each."""
    system, user = (m["content"] for m in body["messages"])
    if system == EXTRACT_PROMPT:
        ids = [int(i) for i in re.findall(r"\[#(\d+) user\]", user)]
        facts: list[dict[str, Any]] = [
            {
                "type": "reference",
                "name": f"Service s{i}",
                "body": f"Service s{i} deploys to cluster c{i}.",
                "description": f"where s{i} deploys",
                "scope": "local",
                "confidence": 0.95,
                "evidence": ids[:1],
            }
            for i in range(200)
        ]
        facts.append(facts[0] | {"name": "Service s0 again"})
        reply: dict[str, Any] = {"candidates": facts, "entities": []}
    elif system == CONSOLIDATE_PROMPT:
        reply = {"ops": [{"op": "add", "candidate": i} for i in range(40)]}
    else:
        reply = {"entities": []}
    return chat_completion(body["model"], json.dumps(reply))


def test_a_run_that_only_drops_what_memory_says_says_so(
    tmp_path: Path, project: Path, cli: Callable[..., Any]
) -> None:
    server = Server(lambda _path, body: (200, _many(body)))
    env = {**ENV, "MEMDIR_LLM_BASE_URL": server.url + "/v1"}
    try:
        _teach(tmp_path, project, cli, 1, "Deploy billing to the kiwi cluster.", env)
        first = cli("maintain", extra_env=env)
        assert "model-call budget spent" in first.stdout, first.stdout + first.stderr
        second = cli("maintain", extra_env=env)
        shown = second.stdout + second.stderr
        assert second.returncode == 0, shown
        assert "Nothing to do." not in shown, shown  # main: silent about the dropped one
        assert "candidates dropped: 1 already in memory" in shown, shown
        assert "apply:" not in shown, shown
    finally:
        server.close()
