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
from memdir.core.config import load_settings
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
    health = md.check_state()
    assert health.semantic == "invalid: MEMDIR_EMBED='nonsense': use openai:<model> or local:<path>"
    assert not health.healthy
    unset = Memdir(load_settings(tmp_path / "h", tmp_path / "project", environ={}), clock=clock)
    assert unset.check_state().semantic.startswith("off") and unset.check_state().healthy


def test_a_bad_embed_setting_is_said_once_and_doctor_calls_it_invalid(run: Any) -> None:
    bad = {"MEMDIR_EMBED": "bogus"}
    for command in (["search", "x"], ["sessions", "search", "x"]):
        done = run(*command, extra_env=bad)
        said = [line for line in done.stderr.splitlines() if "MEMDIR_EMBED='bogus'" in line]
        assert len(said) == 1 and "semantic search is off" in said[0], done.stderr
    doctor = run("doctor", ok=False, extra_env=bad)
    assert "semantic invalid: MEMDIR_EMBED='bogus': use openai:<model> or local:<path>" in (
        doctor.stdout
    )
    assert "All scopes healthy" not in doctor.stdout
    as_json = json.loads(run("doctor", "--json", ok=False, extra_env=bad).stdout)
    assert as_json["healthy"] is False and as_json["state"]["semantic"].startswith("invalid: ")
    assert run("doctor").returncode == 0  # unset: off, and healthy


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


class _Embedder:
    """A deterministic embedder behind memdir's own ``Embedder`` protocol: one dimension
    per concept, as ``_embed`` (no endpoint needed for the storage paths below)."""

    name = "test:concepts"

    def embed(self, texts: Any) -> list[list[float]]:
        return [_embed(t) for t in texts]


def test_the_python_scan_is_capped_and_says_so(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    from memdir.sessions import Database, SessionStore

    db = Database(tmp_path / "state.db")
    store = SessionStore(db)
    store.start("t", session_id="s")
    kayak = store.log_many("s", [("user", "the kayak is in the shed", None, None, None)])[0]
    store.log_many(
        "s", [("user", f"tomatoes {i}", None, None, None) for i in range(vectors.SCAN_ROWS)]
    )
    assert vectors.embed_pending(db, _Embedder(), batch=5000, most=10**6) == vectors.SCAN_ROWS + 1
    conn = db._connection()
    if vectors._engine(conn) == "sqlite-vec":
        pytest.skip("sqlite-vec is loaded here: the scan does not run")
    with caplog.at_level(logging.WARNING, logger="memdir"):
        near = vectors.nearest(
            conn, "messages", _Embedder.name, _embed("canoe"), where="1", params=(), k=3
        )
    assert kayak not in near  # the oldest row is beyond the newest SCAN_ROWS
    assert vectors.SCAN_ROWS == 20_000
    assert any(f"newest {vectors.SCAN_ROWS:,} messages" in r.getMessage() for r in caplog.records)


def _extension_python() -> str | None:
    """A Python of this minor version whose sqlite3 can load extensions (the pyenv build
    here cannot; Debian's can), or None."""
    import shutil
    import subprocess
    import sys

    probe = "import sqlite3, sys; sqlite3.connect(':memory:').enable_load_extension(True); "
    probe += "print(sys.version_info[:2])"
    for candidate in (sys.executable, "/usr/bin/python3", shutil.which("python3.11")):
        if not candidate:
            continue
        proc = subprocess.run([candidate, "-c", probe], capture_output=True, text=True)
        if proc.returncode == 0 and proc.stdout.strip() == str(sys.version_info[:2]):
            return candidate
    return None


_SQLITE_VEC_RUN = """
import sqlite3, sys
sys.path[:0] = sys.argv[1:3]
from test_semantic import _Embedder, _embed
from memdir.sessions import Database, SessionStore, vectors
db = Database(sys.argv[3])
store = SessionStore(db)
store.start("t", session_id="s")
ids = store.log_many("s", [(r, t, None, None, None) for r, t in [
    ("user", "the kayak is in the shed"), ("user", "water the tomatoes"),
    ("user", "the canoe and the paddle"), ("user", "postgres on the db host"),
]])
vectors.embed_pending(db, _Embedder())
conn = db._connection()
assert vectors._engine(conn) == "sqlite-vec", vectors._engine(conn)
near = vectors.nearest(conn, "messages", _Embedder.name, _embed("boat"), where="1", params=(), k=2)
assert set(near) == {ids[0], ids[2]}, near
try:
    conn.load_extension("/nonexistent/library")
except sqlite3.OperationalError as exc:
    assert "not authorized" in str(exc), exc  # loading was switched off again
print("sqlite-vec ok")
"""


def test_nearest_through_sqlite_vec(tmp_path: Path) -> None:
    """The sqlite-vec path, in a Python that can load it (skipped with the reason
    otherwise), and extension loading switched off again afterwards."""
    import subprocess
    import sysconfig

    python = _extension_python()
    if python is None:
        pytest.skip("no Python of this version here can load SQLite extensions")
    src = str(Path(vectors.__file__).parents[2])
    site = sysconfig.get_paths()["purelib"]  # sqlite_vec and memdir's dependencies
    tests = str(Path(__file__).parent)
    proc = subprocess.run(
        [python, "-c", _SQLITE_VEC_RUN, src, site, str(tmp_path / "state.db")],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tests,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": tests},
    )
    assert proc.returncode == 0 and "sqlite-vec ok" in proc.stdout, proc.stderr[-3000:]


_FAILED_LOAD_RUN = """
import sqlite3, sys
sys.path[:0] = sys.argv[1:4]
from memdir.sessions import Database, vectors
conn = Database(sys.argv[4])._connection()
assert vectors._engine(conn) == "a Python scan"
try:
    conn.load_extension("/nonexistent/library")
except sqlite3.OperationalError as exc:
    assert "not authorized" in str(exc), exc  # not left on by the failed load
print("switched off")
"""


def test_a_failed_sqlite_vec_load_leaves_extension_loading_off(tmp_path: Path) -> None:
    import subprocess
    import sysconfig

    python = _extension_python()
    if python is None:
        pytest.skip("no Python of this version here can load SQLite extensions")
    broken = tmp_path / "broken"  # an sqlite_vec whose library does not load
    (broken / "sqlite_vec").mkdir(parents=True)
    (broken / "sqlite_vec" / "__init__.py").write_text(
        "import sqlite3\n\ndef load(conn):\n    raise sqlite3.OperationalError('no vec0')\n"
    )
    src = str(Path(vectors.__file__).parents[2])
    site = sysconfig.get_paths()["purelib"]
    proc = subprocess.run(
        [python, "-c", _FAILED_LOAD_RUN, str(broken), src, site, str(tmp_path / "state.db")],
        capture_output=True,
        text=True,
        timeout=120,
        env={"PATH": "/usr/bin:/bin"},
    )
    assert proc.returncode == 0 and "switched off" in proc.stdout, proc.stderr[-3000:]
