"""The OpenAI and Anthropic providers: the official SDKs against loopback servers speaking
their wire formats, chosen by MEMDIR_LLM / config.toml; errors name the setting."""

from __future__ import annotations

import json
import re
import socket
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from llmserver import Respond, Server, chat_completion
from memdir.core.config import load_settings
from memdir.core.errors import ParseError
from memdir.engine import Memdir
from memdir.pipeline import OpenAIProvider, ProviderError, make_provider
from memdir.pipeline.entities import ENTITY_PROMPT
from memdir.pipeline.providers import EXTRACT_PROMPT
from memdir.pipeline.transcript import Transcript

pytestmark = pytest.mark.backends


@pytest.fixture
def serve() -> Iterator[Callable[[Respond], Server]]:
    servers: list[Server] = []

    def start(respond: Respond) -> Server:
        servers.append(Server(respond))
        return servers[-1]

    yield start
    for server in servers:
        server.close()


def _answer(system: str, user: str) -> str:
    """What a good model says: the user's one explicit request, then add it."""
    if system == EXTRACT_PROMPT:
        ids = [int(i) for i in re.findall(r"\[#(\d+) user\]", user)]
        return json.dumps(
            {
                "candidates": [
                    {
                        "type": "feedback",
                        "name": "Squash merges",
                        "description": "Merge PRs by squashing",
                        "body": "Always squash-merge pull requests.",
                        "scope": "local",
                        "evidence": ids[:1],
                        "confidence": 0.95,
                    }
                ],
                "entities": [{"id": ids[0], "name": "pull request", "kind": "concept"}],
            }
        )
    if system == ENTITY_PROMPT:
        return json.dumps({"entities": [{"text": 0, "name": "squash-merge", "kind": "concept"}]})
    return json.dumps({"ops": [{"op": "add", "candidate": 0}]})


def _openai(path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    assert path == "/v1/chat/completions"
    system, user = (m["content"] for m in body["messages"])
    return 200, chat_completion(body["model"], _answer(system, user))


def _anthropic(path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    assert path == "/v1/messages"
    text = _answer(body["system"], body["messages"][0]["content"])
    return 200, {
        "id": "msg_1",
        "type": "message",
        "role": "assistant",
        "model": body["model"],
        "content": [{"type": "text", "text": text}],
        "stop_reason": "end_turn",
        "stop_sequence": None,
        "usage": {"input_tokens": 9, "output_tokens": 9},
    }


def _memdir(tmp_path: Path, env: dict[str, str]) -> Memdir:
    (tmp_path / "project").mkdir(exist_ok=True)
    env = {"MEMDIR_MANAGED_DIR": str(tmp_path / "m"), "MEMDIR_BACKGROUND": "0", **env}
    return Memdir(load_settings(tmp_path / "home", tmp_path / "project", environ=env))


def _extract_once(md: Memdir) -> None:
    with md.session(agent="a") as s:
        s.log("user", "From now on, squash-merge every pull request.")
        s.log("assistant", "Will do.")
    report = md.pipeline.run()
    assert not report.errors, report.errors
    assert [e.name for e in md.store("local").list()] == ["Squash merges"]
    assert report.model_calls == 3  # extraction (which named the messages'), ops, entries
    assert [t for _, _, t in md.entity("pull request").messages] == [
        "From now on, squash-merge every pull request."
    ]
    assert [n for _, _, n in md.entity("squash-merge").entries] == ["Squash merges"]


def test_openai_compatible_server_through_the_official_sdk(tmp_path: Path, serve: Any) -> None:
    server = serve(_openai)
    md = _memdir(
        tmp_path,
        {
            "MEMDIR_LLM": "openai:gpt-test",
            "OPENAI_API_KEY": "test-key-1",
            "MEMDIR_LLM_BASE_URL": server.url + "/v1",
        },
    )
    _extract_once(md)
    (_, headers, body), _, _ = server.requests
    assert headers["authorization"] == "Bearer test-key-1" and body["model"] == "gpt-test"
    assert body["messages"][0] == {"role": "system", "content": EXTRACT_PROMPT}
    assert "squash-merge every pull request" in body["messages"][1]["content"]


def test_anthropic_messages_api_through_the_official_sdk(tmp_path: Path, serve: Any) -> None:
    server = serve(_anthropic)
    md = _memdir(
        tmp_path,
        {
            "MEMDIR_LLM": "anthropic:claude-test",
            "ANTHROPIC_API_KEY": "test-key-2",
            "MEMDIR_LLM_BASE_URL": server.url,
        },
    )
    _extract_once(md)
    (_, headers, body), _, _ = server.requests
    sent_key = headers.get("x-api-key") or headers["authorization"].removeprefix("Bearer ")
    assert sent_key == "test-key-2" and body["model"] == "claude-test"
    assert "anthropic-version" in headers
    assert body["system"] == EXTRACT_PROMPT and body["max_tokens"] > 0


def _refuse(path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    if path.endswith("/messages"):
        return 401, {
            "type": "error",
            "error": {"type": "authentication_error", "message": "invalid x-api-key"},
        }
    return 401, {
        "error": {
            "message": "Incorrect API key",
            "type": "invalid_request_error",
            "code": "invalid_api_key",
            "param": None,
        }
    }


def test_errors_name_the_setting_to_fix(tmp_path: Path, serve: Any) -> None:
    server = serve(_refuse)
    transcript = Transcript("s", (), 0)
    with pytest.raises(ProviderError, match="OPENAI_API_KEY"):
        OpenAIProvider("m", api_key="bad", base_url=server.url + "/v1").extract(transcript)
    with pytest.raises(ProviderError, match="ANTHROPIC_API_KEY"):
        make_provider("anthropic:m", api_key="bad", base_url=server.url).extract(transcript)
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        closed = f"http://127.0.0.1:{sock.getsockname()[1]}/v1"  # nothing listens there
    md = _memdir(tmp_path, {"MEMDIR_LLM": "ollama:qwen3", "MEMDIR_LLM_BASE_URL": closed})
    with md.session(agent="a") as s:
        s.log("user", "Remember that builds run on Fridays.")
    report = md.pipeline.run()
    assert "llm_base_url" in report.errors[0] and closed in report.errors[0]
    job = md.pipeline.jobs.get("extract", s.id)
    assert (
        job is not None
        and job.status == "pending"
        and "MEMDIR_LLM_BASE_URL" in (job.last_error or "")
    )
    with pytest.raises(ProviderError, match="OPENAI_API_KEY"):
        make_provider("openai:gpt-5.4-mini")
    with pytest.raises(ProviderError, match="ANTHROPIC_API_KEY"):
        make_provider("anthropic:claude-x")
    with pytest.raises(ProviderError, match="MEMDIR_LLM"):
        make_provider("gemini:pro")
    with pytest.raises(ProviderError, match="names no model"):
        make_provider("ollama:")


def test_config_keys_are_validated(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    config = home / "config.toml"
    config.write_text(
        'llm = "ollama:qwen3"\nmin_idle_minutes = 0\nmax_unused_days = 45\n'
        "archive_unused_days = 0\nbackground = false\n"
    )
    s = load_settings(home, tmp_path, environ={})
    assert (s.llm, s.min_idle_minutes, s.max_unused_days, s.archive_unused_days, s.background) == (
        "ollama:qwen3",
        0,
        45,
        0,
        False,
    )
    assert load_settings(home, tmp_path, environ={"MEMDIR_LLM": "rules"}).llm == "rules"
    key = load_settings(
        home, tmp_path, environ={"MEMDIR_LLM": "openai:x", "OPENAI_API_KEY": "k-123"}
    )
    assert key.llm_api_key == "k-123" and "k-123" not in repr(key)
    for bad in ("llm = 5", "min_idle_minutes = -1", "background = 'yes'", "llm_base_url = ''"):
        config.write_text(bad + "\n")
        with pytest.raises(ParseError):
            load_settings(home, tmp_path, environ={})
