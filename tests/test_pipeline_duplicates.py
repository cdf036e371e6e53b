"""inv53p: a fact taught again after its entry exists is not lost. Extraction keeps the
session's candidate; the scope's consolidation job consumes it and its light phase rejects
it before any model call (`review.similar.covers`: the entry says it in full), recording
the rejection in the scope's DREAMS.md and counting it among the candidates `maintain`
says it dropped ("already in memory"). So `memdir maintain` of that session makes no
consolidation call and leaves the candidates table empty: not a loss. A different fact
taught later is consolidated as usual."""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from llmserver import Server, chat_completion
from memdir.pipeline.providers import CONSOLIDATE_PROMPT, EXTRACT_PROMPT
from usercli import claude_transcript
from usercli import cli as cli

KIWI = "Billing deploys to the kiwi cluster."
PYTEST = "Tests run with pytest -n 2."


def _model(body: dict[str, Any]) -> dict[str, Any]:
    """Extraction: the fact the user said (the deploy cluster, or the test runner);
    consolidation: add it; entity naming: none."""
    system, user = (m["content"] for m in body["messages"])
    if system == EXTRACT_PROMPT:
        ids = [int(i) for i in re.findall(r"\[#(\d+) user\]", user)]
        name, text = ("Test runner", PYTEST) if "pytest" in user else ("Deploy cluster", KIWI)
        fact = {"type": "reference", "name": name, "description": f"{name} of billing",
                "body": text, "scope": "local", "evidence": ids[:1],
                "confidence": 0.95}  # fmt: skip
        reply: dict[str, Any] = {"candidates": [fact], "entities": []}
    elif system == CONSOLIDATE_PROMPT:
        reply = {"ops": [{"op": "add", "candidate": 0}]}
    else:
        reply = {"entities": []}
    return chat_completion(body["model"], json.dumps(reply))


@pytest.mark.parametrize("approval", ["auto", "ask"])
def test_a_fact_taught_again_after_its_entry_exists_is_rejected_on_record(
    tmp_path: Path, home: Path, project: Path, cli: Callable[..., Any], approval: str
) -> None:
    server = Server(lambda _path, body: (200, _model(body)))
    env = {
        "MEMDIR_LLM": "openai:test-model",
        "MEMDIR_LLM_BASE_URL": server.url + "/v1",
        "OPENAI_API_KEY": "sk-test",
        "MEMDIR_APPROVAL": approval,
    }
    folder = tmp_path / "user-home" / ".claude" / "projects" / "p"
    folder.mkdir(parents=True)

    def consolidations() -> int:
        return sum(b["messages"][0]["content"] == CONSOLIDATE_PROMPT for *_, b in server.requests)

    def teach(n: int, said: str = "Deploy billing to the kiwi cluster.") -> str:
        text = claude_transcript(f"s{n}", str(project))
        text = text.replace('"a1"', f'"{n}a1"').replace('"a2"', f'"{n}a2"')
        text = text.replace("Deploy billing to the kiwi cluster.", said)
        (folder / f"s{n}.jsonl").write_text(text)
        assert cli("import-sessions", "claude-code", extra_env=env).returncode == 0
        done = cli("maintain", extra_env=env)
        assert done.returncode == 0, done.stdout + done.stderr
        assert "candidates kept: 1" in done.stdout, done.stdout
        return str(done.stdout)

    def pending() -> list[str]:
        found = json.loads(cli("review", "--json", extra_env=env).stdout)
        return [p["id"] for p in found if p["kind"] == "pending"]

    def consolidate_job() -> dict[str, Any]:
        jobs = json.loads(cli("jobs", "--json", extra_env=env).stdout)
        (job,) = [j for j in jobs if j["kind"] == "consolidate"]  # one a scope folder
        return dict(job)

    try:
        first = teach(1)
        added = "reference_deploy-cluster"
        if approval == "auto":
            assert f"apply: local: add {added}" in first, first
        else:  # held; taught again before it is applied: the same one pending write
            assert f"proposed (approval = ask, see `memdir review`): local: add {added}" in first
            teach(2)
            (held,) = pending()
            assert cli("review", "--apply", held, extra_env=env).returncode == 0
        assert cli("ls", extra_env=env).stdout.count(added) == 1
        asked = consolidations()

        again = teach(3)  # the same fact, its entry exists now
        assert "apply:" not in again and "proposed" not in again, again
        assert "candidates dropped: 1 already in memory" in again, again  # said, not silent
        assert consolidations() == asked  # rejected before any model saw it
        job = consolidate_job()  # the candidate was staged and consumed by this job
        assert (job["status"], job["outcome"]) == ("done", "nothing"), job
        assert job["done_watermark"] == job["input_watermark"] > 0, job
        with sqlite3.connect(home / "state.db") as db:
            assert db.execute("SELECT count(*) FROM candidates").fetchone() == (0,)
        (diary,) = (home / "dreams").glob("*/DREAMS.md")  # where it is on record
        last = diary.read_text().rsplit("## Dream ", 1)[1]
        rejected = last.split("### Rejected (1)\n", 1)[1].split("###", 1)[0]
        assert "candidate 'Deploy cluster' (session " in rejected, last
        assert f"): {added} says it" in rejected, last
        assert not pending()
        assert cli("ls", extra_env=env).stdout.count(added) == 1  # recorded once

        other = teach(4, "Run the tests with pytest -n 2.")  # a different fact
        assert consolidations() == asked + 1
        write = "local: add reference_test-runner"
        assert (f"apply: {write}" if approval == "auto" else f"proposed (approval = ask, "
                f"see `memdir review`): {write}") in other, other  # fmt: skip
        assert len(pending()) == (approval == "ask")
    finally:
        server.close()
