"""reread52: the src/ and docs/ changes merged after the whole-change review
(2ed6af58..c15e8ee4) read as a reviewer. Real parts only (no mocks of memdir's code).
Each test fails on main c15e8ee4 (strict xfails: minor findings)."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import memdir
from hermes_helpers import provider_session
from memdir.core.errors import MemdirError
from memdir.review.versions import Versions
from test_edges import cli as cli
from webserver import hanging_postgresql, memdir_popen, serve_env


# `memdir mcp` runs its open through serve.py's _until_ctrl_c, whose one message was
# "memdir serve stopped (Ctrl-C).": Ctrl-C while `memdir mcp` connects to a hanging
# PostgreSQL named a command the user never ran. Now it names the one that ran.
def test_ctrl_c_while_memdir_mcp_connects_names_memdir_mcp(
    home: Path, project: Path, tmp_path: Path
) -> None:
    with hanging_postgresql() as postgresql:
        env = serve_env(home, tmp_path)
        env["MEMDIR_DATABASE_URL"] = postgresql.url
        proc = memdir_popen(env, project, "mcp")
        err = postgresql.ctrl_c(proc)
    assert "Traceback" not in err and proc.returncode == 0, err  # holds on main
    assert "memdir serve" not in err, err  # main: "memdir serve stopped (Ctrl-C)."
    assert err == "memdir mcp stopped (Ctrl-C).\n", err


# Entry.revision was a 16-hex digest of the entry's content, while everywhere else in
# memdir a "revision" is a commit: `memdir log`, `memdir show ENTRY@REV`, `memdir diff
# REV`, UnknownRevisionError, review.versions.Revision (and entry.html rendered both: the
# edit form's hidden "revision" beside the history list's item.revision.commit). A
# library user who read entry.revision and handed it to the history got "no revision".
# Now Entry.etag (if_match=, as HTTP's If-Match takes an ETag): an entry has no
# "revision", and its etag says it is a digest, not a commit.
def test_an_entrys_etag_is_a_digest_not_a_revision(md: memdir.Memdir) -> None:
    import re

    entry = md.store("local").add(type="project", name="Cache host", description="d", body="b")
    assert not hasattr(entry, "revision")  # main: the digest
    assert re.fullmatch(r"[0-9a-f]{16}", entry.etag)
    said = " ".join((type(entry).etag.__doc__ or "").split())
    assert "digest" in said and "not a revision" in said, said
    if md.store("local").history is not None:
        with pytest.raises(MemdirError):  # no commit: the history does not know it
            Versions(md).entry_at(entry.id, entry.etag, "local")


# recall's anchor rule (docs/design/recall.md: 'a prompt with no other term ("what is
# 2+2") recalls no entry or passage') stops the quick search, but recall(deep=True) still
# goes on to deep recall with no hits: offline it returns a <memory-context> block that
# only says deep recall was not run; with a chat model it spends a model call searching
# past sessions for "what is 2+2".
def test_a_number_only_prompt_recalls_nothing_with_deep_recall_too(
    md: memdir.Memdir, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("MEMDIR_LLM", raising=False)
    with md.session(agent="test") as first:
        first.log("user", "How do I release version 2 of the billing service?")
        first.log("assistant", "Step 1: tag the release. Step 2: run the migrations.")
    later = md.session(agent="test")
    assert later.recall("what is 2+2", deep=False) is None  # holds on main
    assert later.recall("what is 2+2", deep=True) is None  # main: a block with a note


# --- Hermes: a turn logged from its two texts, then the session's end ------------------


# sync_turn without a message list logs the two texts (log_pair) but no longer records
# them in what was logged (_seen): on_session_end / on_pre_compress with the list then
# logs the whole conversation again. Before the alignment rewrite, log_pair went through
# _log_all and its fingerprints, so the end's list skipped what sync_turn had logged.
def test_a_turn_synced_without_a_list_is_not_logged_again_at_the_sessions_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    provider = provider_session(tmp_path, monkeypatch)
    provider.sync_turn("Which port does the cache use?", "Port 6380.", session_id="s1")
    provider.on_session_end(
        [
            {"role": "system", "content": "You are Hermes."},
            {"role": "user", "content": "Which port does the cache use?"},
            {"role": "assistant", "content": "Port 6380."},
        ]
    )
    provider.shutdown()
    md = memdir.open(tmp_path / "home", tmp_path / "project")
    logged = [(m.role, m.content) for m in md.sessions.messages("hermes:s1")]
    assert logged == [
        ("user", "Which port does the cache use?"),
        ("assistant", "Port 6380."),
    ]  # main: each twice


# The Hermes alignment names memdir's tools by their Hermes names in the system block
# (md.session(tools=HERMES_NAMES)) and in the tool descriptions (_NAMED), but the tools'
# own answers still name memdir's: a replace through Hermes's `memdir` tool says "(memory_
# search with include_history)" and a bad `memdir_read` call "memory_read takes ...",
# tools Hermes does not have (its own `session_search` is another tool altogether).
def test_hermes_tool_answers_name_the_tools_hermes_has(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import json

    provider = provider_session(tmp_path, monkeypatch)
    add = {"action": "add", "type": "project", "name": "Cache host", "description": "where"}
    provider.handle_tool_call("memdir", {**add, "body": "The cache runs on host a."})
    edit = {"action": "replace", "target": "Cache host", "body": "The cache runs on host b."}
    answers = [
        provider.handle_tool_call("memdir", edit),
        provider.handle_tool_call("memdir_read", {"id": "Cache host", "bogus": 1}),
    ]
    provider.shutdown()
    assert "include_history" in answers[0] and "takes id" in answers[1], answers  # holds
    for answer in answers:
        said = json.dumps(json.loads(answer))
        assert "memory_search" not in said and "memory_read" not in said, said


# --- the web page: post/redirect/get ----------------------------------------------------


# docs/design/web.md: "Every form post answers with a redirect (post/redirect/get), a
# refused add too: Back and Reload never post again", naming one exception (a refused
# save on an entry's page, 422). A refused review decision (and a refused pin, remove or
# supersede) was still the POST's own 422 page: Reload asked to post it again. Now a
# redirect (pin, unpin, remove too: tests/test_mend53a.py); a refused supersede, typed
# text like a save, is web.md's exception beside it.
def test_a_refused_review_decision_answers_with_a_redirect_as_web_md_says(
    md: memdir.Memdir,
) -> None:
    import re

    import httpx2 as httpx

    from webserver import TOKEN, web_server

    with web_server(md) as url:
        client = httpx.Client(base_url=url, follow_redirects=False, timeout=30)
        r = client.post("/signin", data={"token": TOKEN, "next": "/"})
        assert r.status_code == 303
        page = client.get("/review").text
        csrf = re.search(r'name="csrf" value="([^"]+)"', page)
        assert csrf, page
        r = client.post("/review/apply", data={"csrf": csrf.group(1), "id": "no-such-proposal"})
        assert r.status_code == 303, (r.status_code, r.text[:300])  # main: 422, refused


# serve.py's comment on `memdir mcp`: Ctrl-C while the team database is still connecting
# "stops it as Ctrl-C after does". It did not: Ctrl-C after (the stdio server running) was
# click's "Aborted!" and exit status 1, while connecting it was "memdir serve stopped
# (Ctrl-C)." and 0 (the test above: and the wrong command's name). Now both end with
# "memdir mcp stopped (Ctrl-C)." and 0.
def test_ctrl_c_on_a_running_memdir_mcp_ends_as_ctrl_c_while_connecting(
    home: Path, project: Path, tmp_path: Path
) -> None:
    import json

    proc = memdir_popen(serve_env(home, tmp_path), project, "mcp")
    try:
        assert proc.stdin is not None and proc.stdout is not None
        hello = {"name": "t", "version": "1"}
        params = {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": hello}
        request = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": params}
        proc.stdin.write(json.dumps(request) + "\n")
        proc.stdin.flush()
        assert '"result"' in proc.stdout.readline()  # it serves
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert "Traceback" not in err, err  # holds on main
    assert "Aborted!" not in err and proc.returncode == 0, (proc.returncode, err)
    assert err == "memdir mcp stopped (Ctrl-C).\n", err


# --- memdir edit: the CLI's edit form ---------------------------------------------------

# The editor of this test: while the person edits (minutes, in real life), an agent
# updates the entry (another process, through the library); the person then saves their
# edit of the version they opened.
AGENT_WHILE_EDITING = """
import os
import sys
from pathlib import Path

import memdir

project, path = Path(sys.argv[1]), Path(sys.argv[2])
md = memdir.open(os.environ["MEMDIR_HOME"], project)
scope, entry = md.find("cache-host")
md.store(scope).replace(entry.id, body="The agent's fix: the cache moved to host c.")
md.close()
(project.parent / "agent-wrote").write_text("yes")
path.write_text(path.read_text().replace("host a", "host b (the person's edit)"))
"""


# Entry.revision / if_match was made for exactly this (docs/design/web.md: "Two tabs (or
# two people) can edit one entry"), but `memdir edit` (read, $EDITOR, Store.edit) has no
# such check: an agent's write made while the person edits is overwritten without a word
# (only `memdir log` still holds it).
def test_memdir_edit_does_not_silently_overwrite_a_write_made_while_editing(
    cli: Any, home: Path, project: Path, tmp_path: Path
) -> None:
    editor = tmp_path / "editor.py"
    editor.write_text(AGENT_WHILE_EDITING)
    cli(
        "add",
        "--type",
        "project",
        "--name",
        "Cache host",
        "--description",
        "where",
        "--body",
        "The cache runs on host a.",
    )
    env = {**serve_env(home, tmp_path), "MEMDIR_MANAGED_DIR": str(tmp_path / "managed")}
    env["EDITOR"] = f"{sys.executable} {editor} {project}"
    done = subprocess.run(
        [sys.executable, "-m", "memdir", "-C", str(project), "edit", "cache-host"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "Traceback" not in done.stderr, done.stderr
    assert (project.parent / "agent-wrote").exists(), done.stderr  # the editor ran
    md = memdir.open(home, project)
    body = md.find("cache-host")[1].body
    md.close()
    # either refused (the person's text kept in a recovery file) or the agent's text kept
    assert done.returncode != 0 or "host c" in body, (done.stdout, done.stderr, body)


# MemdirProvider._log_all returns whether it logged anything new (`new < len(kept)`),
# a result its two callers (sync_turn's _guarded lambda, _queue) drop: dead code, and its
# docstring does not say what the bool means.
def test_hermes_log_all_returns_nothing_nobody_reads() -> None:
    import typing

    from memdir.interop.install.hermes_provider import MemdirProvider

    assert typing.get_type_hints(MemdirProvider._log_all)["return"] is type(None)
