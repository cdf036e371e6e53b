"""The optional semantic layer: a deterministic embedder behind a loopback
OpenAI-compatible server (the real HTTP path), fused with the keyword ranking, degrading to
keyword results when the endpoint is down."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from conftest import Clock, add
from llmserver import Server
from memdir.config import load_settings
from memdir.engine import Memdir
from memdir.sessions import vectors

# Words of one meaning share a dimension: "boat" is near "kayak" although no letters match.
CONCEPTS = [
    {"kayak", "boat", "canoe", "paddle"},
    {"database", "postgres", "sqlite", "db"},
    {"dinner", "restaurant", "food", "餐厅", "聚餐"},
    {"garage", "shed", "storage"},
]


def _embed(text: str) -> list[float]:
    words = set(re.findall(r"\w+", text.lower())) | set(re.findall(r"[\u4e00-\u9fff]{2}", text))
    vector = [float(len(words & concept)) for concept in CONCEPTS]
    return [*vector, 0.01]  # never all zero


@pytest.fixture
def endpoint() -> Iterator[Server]:
    def respond(path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        if path != "/v1/embeddings":
            return 404, {"error": "no such route"}
        data = [
            {"object": "embedding", "index": i, "embedding": _embed(t)}
            for i, t in enumerate(body["input"])
        ]
        return 200, {"object": "list", "data": data, "model": body["model"]}

    server = Server(respond)
    yield server
    server.close()


def _memdir(tmp_path: Path, clock: Clock, url: str) -> Memdir:
    (tmp_path / "project").mkdir(exist_ok=True)
    env = {
        "MEMDIR_MANAGED_DIR": str(tmp_path / "managed"),
        "MEMDIR_BACKGROUND": "0",
        "MEMDIR_EMBED": "openai:test-embed",
        "MEMDIR_EMBED_BASE_URL": url + "/v1",
        "OPENAI_API_KEY": "sk-test",
    }
    return Memdir(load_settings(tmp_path / "home", tmp_path / "project", environ=env), clock=clock)


def test_fusion_finds_what_shares_no_word_and_keeps_keyword_hits(
    tmp_path: Path, clock: Clock, endpoint: Server
) -> None:
    md = _memdir(tmp_path, clock, endpoint.url)
    with md.session(session_id="a") as s:
        kayak = s.log("user", "the kayak lives behind the bikes now")
        other = s.log("user", "remember to water the tomatoes")
    with md.session(session_id="b") as s:
        boat_word = s.log("user", "we should sell the boat trailer")
    assert md.sessions.search_messages("where is my canoe?") == []  # no vectors yet: keywords
    report = md.pipeline.run()
    assert report.embedded == 3 and not report.errors
    path, headers, body = endpoint.requests[-1]
    assert path == "/v1/embeddings" and headers["authorization"] == "Bearer sk-test"
    assert body["model"] == "test-embed"
    found = [h.message_id for h in md.sessions.search_messages("where is my canoe?")]
    assert set(found[:2]) == {kayak, boat_word} and other not in found[:2]
    mixed = [h.message_id for h in md.sessions.search_messages("boat")]
    assert mixed[0] == boat_word and kayak in mixed  # keyword hit first, then its neighbour
    assert md.sessions.search("canoe", limit=5)[0].session_id in {"a", "b"}
    health = md.check_state()
    assert "openai:test-embed, dimension 5" in health.semantic
    assert "without vectors: 0 messages" in health.semantic
    with md.session(session_id="c") as s:
        s.log("user", "new message, not embedded yet")
    assert "without vectors: 1 messages" in md.check_state().semantic


def test_entries_are_fused_too(tmp_path: Path, clock: Clock, endpoint: Server) -> None:
    md = _memdir(tmp_path, clock, endpoint.url)
    add(md.store("local"), "Team dinner venue", body="部门聚餐改到了望江楼。")
    add(md.store("local"), "Build cache", body="CI caches the pnpm store.")
    md.search("anything")  # the entry index is filled on first search
    assert md.pipeline.run().embedded >= 2
    assert md.search("where do we eat out, the restaurant?")[0].entry.name == "Team dinner venue"


SECRETS = "my password is Tr0ub4dor&3 and the key is AKIAIOSFODNN7\nEXAMPLE ok"


def test_text_is_redacted_before_it_leaves_for_the_embedder(
    tmp_path: Path, clock: Clock, endpoint: Server
) -> None:
    md = _memdir(tmp_path, clock, endpoint.url)
    with md.session(session_id="a") as s:
        s.log("user", SECRETS)
        s.log("tool", "cat .env: OPENAI_API_KEY=sk-proj-" + "Ab3dE" * 10, tool_name="shell")
    add(md.store("local"), "Deploy box", body="ssh deploy@10.0.0.7 from the bastion")
    md.search("anything")  # the entry index is filled on first search
    assert md.pipeline.run().embedded == 3
    md.sessions.search_messages("is AKIAIOSFODNN7EXAMPLE still valid?")  # the query too
    sent = json.dumps([body for _, _, body in endpoint.requests])
    for secret in ("Tr0ub4dor&3", "ODNN7", "Ab3dEAb3dE"):
        assert secret not in sent, secret
    assert "[REDACTED:password]" in sent and "[REDACTED:aws-key]" in sent
    assert "behind" not in sent and "Deploy box" in sent  # the rest is sent as it was


def test_a_dead_endpoint_gives_keyword_results_and_one_warning(
    tmp_path: Path, clock: Clock, endpoint: Server, caplog: pytest.LogCaptureFixture
) -> None:
    md = _memdir(tmp_path, clock, endpoint.url)
    with md.session(session_id="a") as s:
        kayak = s.log("user", "the kayak lives behind the bikes now")
    assert md.pipeline.run().embedded == 1
    endpoint.close()  # the server goes away
    with caplog.at_level(logging.WARNING, logger="memdir"):
        for _ in range(3):
            assert [h.message_id for h in md.sessions.search_messages("kayak")] == [kayak]
            assert md.sessions.search_messages("canoe") == []
    warnings = [r for r in caplog.records if "semantic search is off" in r.getMessage()]
    assert len(warnings) == 1
    with md.session(session_id="b") as s:
        s.log("user", "one more")
    report = md.pipeline.run()  # no exception: the run reports it
    assert report.embedded == 0 and any("vectors not computed" in e for e in report.errors)


def test_a_failing_endpoint_is_not_asked_again_on_every_search(
    tmp_path: Path, clock: Clock
) -> None:
    down = [False]

    def respond(path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        if down[0]:
            return 503, {"error": "overloaded"}
        data = [{"index": i, "embedding": _embed(t)} for i, t in enumerate(body["input"])]
        return 200, {"object": "list", "data": data}

    server = Server(respond)
    try:
        md = _memdir(tmp_path, clock, server.url)
        with md.session(session_id="a") as s:
            kayak = s.log("user", "the kayak lives behind the bikes now")
        assert md.pipeline.run().embedded == 1
        down[0] = True
        asked = len(server.requests)
        for _ in range(5):
            assert [h.message_id for h in md.sessions.search_messages("kayak")] == [kayak]
        assert len(server.requests) == asked + 1  # one failure, then a pause
    finally:
        server.close()


def test_settings_and_bad_specs(tmp_path: Path, clock: Clock) -> None:
    assert vectors.make_embedder(None, None, None) is None
    assert vectors.make_embedder("", None, None) is None
    with pytest.raises(vectors.EmbedError, match="openai:<model> or local:<path>"):
        vectors.make_embedder("bert", None, None)
    with pytest.raises(vectors.EmbedError, match="no such folder"):
        vectors.make_embedder(f"local:{tmp_path / 'missing'}", None, None)
    (tmp_path / "project").mkdir()
    env = {"MEMDIR_MANAGED_DIR": str(tmp_path / "m"), "MEMDIR_EMBED": "nonsense"}
    md = Memdir(load_settings(tmp_path / "h", tmp_path / "project", environ=env), clock=clock)
    assert md.sessions.search_messages("x") == []  # keyword search still works
    assert md.embedder is None and any("semantic search is off" in w for w in md.warnings)
    assert md.check_state().semantic.startswith("off")


def test_maintain_computes_the_vectors(tmp_path: Path, clock: Clock, endpoint: Server) -> None:
    from click.testing import CliRunner

    from memdir.cli import cli, context, maintain  # noqa: F401  (registers the commands)

    md = _memdir(tmp_path, clock, endpoint.url)
    with md.session(session_id="a") as s:
        s.log("user", "the kayak lives behind the bikes now")
    md.close()
    env = {
        "MEMDIR_MANAGED_DIR": str(tmp_path / "managed"),
        "MEMDIR_BACKGROUND": "0",
        "MEMDIR_EMBED": "openai:test-embed",
        "MEMDIR_EMBED_BASE_URL": endpoint.url + "/v1",
    }
    args = ["--home", str(tmp_path / "home"), "-C", str(tmp_path / "project")]
    result = CliRunner().invoke(cli, [*args, "maintain"], env=env)
    assert result.exit_code == 0 and "vectors computed: 1" in result.output, result.output
    doctor = CliRunner().invoke(cli, [*args, "doctor"], env=env)
    assert "semantic openai:test-embed, dimension 5" in doctor.output, doctor.output
