"""mend54m: what `memdir maintain` prints matches what it wrote, held and dropped.

A later session restates a fact in more words; the light phase keeps its candidate (the
entry does not say all of it) and the model merges it into the entry without changing
its text (an update that says what the entry says). On main, under approval = "auto"
maintain printed "apply: local: update …: description, body" for an entry whose text did
not change; under "ask" it was silent about the proposal it did not hold (it would change
nothing); and `maintain --dry-run` under "ask" listed it as "would propose", though it
would not be held. Now each run and dry run counts it among the candidates dropped
("already in memory"), as the light phase's own rejections are counted, and lists as
applied / proposed only the writes that change some text (the rule approval.changing
gives hold_changing)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from llmserver import Server, chat_completion
from memdir.pipeline.providers import CONSOLIDATE_PROMPT, EXTRACT_PROMPT
from usercli import claude_transcript
from usercli import cli as cli

KIWI = "Billing deploys to the kiwi cluster."
TUESDAY = "Billing deploys to the kiwi cluster, on Tuesdays after the standup."
ENTRY = "reference_deploy-cluster"
ENV = {"MEMDIR_LLM": "openai:test-model", "OPENAI_API_KEY": "sk-test"}


def _model(body: dict[str, Any]) -> dict[str, Any]:
    """Extraction: the deploy fact as the user said it; consolidation: add it, or, once
    the entry exists, merge it into the entry keeping the entry's text (and, told to,
    add a second fact beside it)."""
    system, user = (m["content"] for m in body["messages"])
    if system == EXTRACT_PROMPT:
        text = TUESDAY if "Tuesdays" in user else KIWI
        facts = [{"type": "reference", "name": "Deploy cluster", "body": text}]
        if "pytest" in user:
            facts.append({"type": "reference", "name": "Test runner", "body": "Run pytest."})
        ids = [int(i) for i in re.findall(r"\[#(\d+) user\]", user)]
        for f in facts:
            f |= {"description": f"{f['name']} of billing", "scope": "local", "confidence": 0.95}
            f["evidence"] = ids[:1]
        reply: dict[str, Any] = {"candidates": facts, "entities": []}
    elif system == CONSOLIDATE_PROMPT:
        if ENTRY in user:  # the entry says it: merged into it, its text unchanged
            merge = {"op": "update", "target": ENTRY, "candidate": 0, "body": KIWI}
            ops = [merge | {"description": "Deploy cluster of billing"}]
            if "Test runner" in user:
                ops.append({"op": "add", "candidate": 1})
        else:
            ops = [{"op": "add", "candidate": 0}]
        reply = {"ops": ops}
    else:
        reply = {"entities": []}
    return chat_completion(body["model"], json.dumps(reply))


def _teach(
    tmp_path: Path, project: Path, cli: Callable[..., Any], n: int, said: str, env: Any
) -> None:
    folder = tmp_path / "user-home" / ".claude" / "projects" / "p"
    folder.mkdir(parents=True, exist_ok=True)
    text = claude_transcript(f"s{n}", str(project))
    text = text.replace('"a1"', f'"{n}a1"').replace('"a2"', f'"{n}a2"')
    (folder / f"s{n}.jsonl").write_text(text.replace("Deploy billing to the kiwi cluster.", said))
    assert cli("import-sessions", "claude-code", extra_env=env).returncode == 0


@pytest.mark.parametrize("approval", ["auto", "ask"])
@pytest.mark.parametrize("second", [False, True])
def test_maintain_says_a_merge_that_changes_nothing_was_dropped(
    tmp_path: Path, project: Path, cli: Callable[..., Any], approval: str, second: bool
) -> None:
    server = Server(lambda _path, body: (200, _model(body)))
    env = {**ENV, "MEMDIR_LLM_BASE_URL": server.url + "/v1", "MEMDIR_APPROVAL": approval}
    try:
        first = {**env, "MEMDIR_APPROVAL": "auto"}
        _teach(tmp_path, project, cli, 1, "Deploy billing to the kiwi cluster.", first)
        done = cli("maintain", extra_env=first)
        assert f"apply: local: add {ENTRY}" in done.stdout, done.stdout + done.stderr
        said = "Deploy billing to kiwi on Tuesdays." + (" Run pytest." if second else "")
        _teach(tmp_path, project, cli, 2, said, env)

        dry = cli("maintain", "--dry-run", extra_env=env)
        done = cli("maintain", extra_env=env)
        for out, would in ((dry, "would "), (done, "")):
            shown = out.stdout
            assert out.returncode == 0, shown + out.stderr
            # main: "apply: local: update reference_deploy-cluster: description, body"
            # (auto), "would propose (…): local: update …" (dry, ask), nothing (ask)
            assert f"local: update {ENTRY}" not in shown, shown
            assert "candidates dropped: 1 already in memory" in shown, shown
            assert f"candidates kept: {1 + second}" in shown, shown  # main, dry: 0
            added = "local: add reference_test-runner"
            proposed = "would propose" if would else "proposed"
            listed = (
                f"{would}apply: {added}"
                if approval == "auto"
                else f"{proposed} (approval = ask, see `memdir review`): {added}"
            )
            assert (listed in shown) is second, shown  # a write that changes text: listed
        pending = json.loads(cli("review", "--json", extra_env=env).stdout)
        assert len([p for p in pending if p["kind"] == "pending"]) == (second and approval == "ask")
        assert KIWI in cli("show", ENTRY, extra_env=env).stdout
    finally:
        server.close()
