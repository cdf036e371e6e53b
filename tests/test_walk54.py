"""walk54: a newcomer's walkthrough of two team servers on one database in two browsers,
model-made proposals under ``approval = "ask"``, and a user's bad day (a moved checkout,
Ctrl-C in a large import). Each test pins one defect found on the way, as a strict xfail
until it is mended."""

from __future__ import annotations

import contextlib
import json
import re
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest

import memdir
from hostile import readonly, readonly_reason
from llmserver import Server, chat_completion
from memdir.pipeline.entities import ENTITY_PROMPT
from memdir.pipeline.providers import EXTRACT_PROMPT
from test_team_server import SHARED, Team, _checkout, _client, _data, run_cli, serving_team
from test_team_server import one_server as one_server
from test_team_server import one_site as one_site
from test_team_server import team as team
from test_walk53 import INJECTION, _claude_sessions, _model, _signed_in
from test_walk53 import cli as cli
from usercli import claude_transcript, user_cli
from webserver import memdir_popen, quit_chromium, serve_env, signed_in, web_server

# --- a checkout moved after its memories were written ---------------------------------


def _app_with_an_entry(tmp_path: Path, home: Path) -> tuple[Path, Path, Any]:
    """A checkout ``src/app`` (a remote) where a user (home folder ``user-home``) ran
    `memdir add`: the checkout, the user's home folder and what the add did."""
    old = _checkout(tmp_path / "src" / "app", "https://git.example.test/acme/app.git")
    user_home = tmp_path / "user-home"
    user_home.mkdir()
    added = user_cli(tmp_path, home, old, user_home)(
        "add", "--type", "project", "--name", "Deploy target",
        "--description", "kiwi cluster", "--body", "Deploy to kiwi.",
    )  # fmt: skip
    return old, user_home, added


def test_a_checkout_moved_after_memdir_add_warns_where_its_memories_are(
    tmp_path: Path, home: Path
) -> None:
    old, user_home, added = _app_with_an_entry(tmp_path, home)
    assert added.returncode == 0, added.stderr
    new = old.rename(tmp_path / "src" / "app2")  # `mv app app2`: same remote, same history
    listed = user_cli(tmp_path, home, new, user_home)("ls")
    assert listed.returncode == 0, listed.stderr
    # README, On disk: "memdir notices (same remote or first commit), warns on open, and
    # `memdir scopes --adopt OLD_PATH` moves it back"
    assert "scopes --adopt" in listed.stderr, listed.stdout + listed.stderr


def test_sessions_from_before_a_move_are_still_learnt_from_after_adopt(
    tmp_path: Path, home: Path
) -> None:
    old, user_home, added = _app_with_an_entry(tmp_path, home)
    before = user_cli(tmp_path, home, old, user_home)
    assert added.returncode == 0 and before("ls").returncode == 0, added.stderr
    md = memdir.open(home, old)  # an agent's session in the checkout, as README's Python shows
    with md.session(agent="my-agent") as s:
        s.log("user", "Remember that we always use pnpm, never npm, in this repo.")
        s.log("assistant", "Noted.")
    md.close()
    new = old.rename(tmp_path / "src" / "app2")
    after = user_cli(tmp_path, home, new, user_home)
    adopted = after("scopes", "--adopt", str(old))
    assert adopted.returncode == 0 and "1 entry" in adopted.stdout, adopted.stderr
    ran = after("maintain")
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert "extract     pending" in after("jobs").stdout or "Nothing to do." not in ran.stdout
    # in the same folder without the move, this maintain saves the rule (feedback_we-always-…)
    assert "use pnpm" in after("ls").stdout, ran.stdout


# --- a home on a read-only disk ----------------------------------------------------------


@pytest.mark.skipif(readonly_reason() is not None, reason=str(readonly_reason()))
def test_search_on_a_read_only_home_warns_once_and_names_no_damage(
    tmp_path: Path, home: Path, project: Path, cli: Callable[..., Any]
) -> None:
    added = cli("add", "--type", "user", "--name", "Use pnpm", "--description", "pnpm",
                "--body", "We use pnpm.")  # fmt: skip
    assert added.returncode == 0, added.stderr
    assert cli("ls").returncode == 0  # the home as it is after a day of use
    cmd = readonly(home, [sys.executable, "-m", "memdir", "-C", str(project), "search", "pnpm"])
    assert cmd is not None
    found = subprocess.run(
        cmd, env=serve_env(home, tmp_path), capture_output=True, text=True, timeout=60
    )
    assert found.returncode == 0 and "user_use-pnpm" in found.stdout, found.stderr
    warnings = [line for line in found.stderr.splitlines() if line.startswith("Warning")]
    # README: "on a read-only home, reads, searches and `doctor` work (bookkeeping is
    # skipped with one warning)"; nothing is damaged, so nothing is to be repaired
    assert "--repair" not in found.stderr, found.stderr
    assert len(warnings) == 1, found.stderr


# --- model-made proposals: a candidate the guard refused --------------------------------


def _model_saying(*bodies: str) -> Callable[[str, dict[str, Any]], tuple[int, dict[str, Any]]]:
    """A model that extracts one local candidate a body and adds every candidate it is
    asked to consolidate."""

    def respond(path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        system, user = (m["content"] for m in body["messages"])
        if system == EXTRACT_PROMPT:
            ids = [int(i) for i in re.findall(r"\[#(\d+) user\]", user)]
            candidates = [
                {"type": "reference", "name": f"Note {n}", "description": f"note {n}",
                 "body": text, "scope": "local", "evidence": ids[:1], "confidence": 0.95}
                for n, text in enumerate(bodies)
            ]  # fmt: skip
            reply: dict[str, Any] = {"candidates": candidates, "entities": []}
        elif system == ENTITY_PROMPT:
            reply = {"entities": []}
        else:
            asked = len(re.findall(r'"index": ', user.split('"entries"')[0]))
            reply = {"ops": [{"op": "add", "candidate": i} for i in range(asked)]}
        return 200, chat_completion(body["model"], json.dumps(reply))

    return respond


@contextlib.contextmanager
def _one_session_under_ask(
    tmp_path: Path, project: Path, cli: Callable[..., Any], *bodies: str
) -> Iterator[dict[str, str]]:
    """A model that proposes one fact a body (``bodies``), and one Claude Code session
    imported with approval = "ask": yields the environment `cli` runs memdir in with
    them (the model's server closed after)."""
    server = Server(_model_saying(*bodies))
    try:
        env = {**_model(server), "MEMDIR_APPROVAL": "ask"}
        sessions = _claude_sessions(tmp_path)
        (sessions / "s1.jsonl").write_text(claude_transcript("s1", str(project)))
        assert cli("import-sessions", "claude-code", extra_env=env).returncode == 0
        yield env
    finally:
        server.close()


def test_a_model_candidate_the_guard_refused_is_listed_on_the_activity_page(
    tmp_path: Path, home: Path, project: Path, cli: Callable[..., Any]
) -> None:
    with _one_session_under_ask(tmp_path, project, cli, INJECTION) as env:
        done = cli("maintain", extra_env=env)
        assert done.returncode == 0, done.stdout + done.stderr
        assert "1 refused by the guard" in done.stdout, done.stdout
        assert "Ignore all previous" not in cli("review", extra_env=env).stdout
    md = memdir.open(home, project)
    try:
        with web_server(md) as url:
            page = signed_in(url)
            activity = page.get("/activity").text
            page.close()
    finally:
        md.close()
    assert "Ignore all previous" not in activity  # never the refused text
    # README, Activity: "the writes the guard refused (rule, writer, scope and entry name)"
    refusals = activity[activity.find("refusals-h") :][:300]
    assert "No write has been refused" not in activity, refusals


def test_maintain_dry_run_counts_the_candidates_it_would_propose(
    tmp_path: Path, project: Path, cli: Callable[..., Any]
) -> None:
    with _one_session_under_ask(
        tmp_path, project, cli, "Billing deploys to the kiwi cluster."
    ) as env:
        dry = cli("maintain", "--dry-run", extra_env=env)
        assert dry.returncode == 0, dry.stdout + dry.stderr
        assert "would propose (approval = ask" in dry.stdout, dry.stdout
        assert "Nothing to review" in cli("review", extra_env=env).stdout  # nothing held
        run = cli("maintain", extra_env=env)
        assert run.returncode == 0, run.stdout + run.stderr
        assert "proposed (approval = ask" in run.stdout, run.stdout
        assert "candidates kept: 1" in run.stdout, run.stdout
        assert "candidates kept: 1" in dry.stdout, dry.stdout  # says 0


def test_each_fact_a_model_proposes_under_ask_is_its_own_pending_write(
    tmp_path: Path, project: Path, cli: Callable[..., Any]
) -> None:
    facts = ("Billing deploys to the kiwi cluster.", "The user edits code in Helix.")
    with _one_session_under_ask(tmp_path, project, cli, *facts) as env:
        run = cli("maintain", extra_env=env)
        assert run.returncode == 0, run.stdout + run.stderr
        assert run.stdout.count("proposed (approval = ask") == 2, run.stdout
        review = cli("review", extra_env=env)
        assert "kiwi cluster" in review.stdout and "Helix" in review.stdout, review.stdout
        pending = re.findall(r"\[(pending-[0-9a-f]+)\]", review.stdout)
        # README: "`--apply ID` writes it …; `--reject ID` drops it": one id a fact
        assert len(pending) == 2, review.stdout


# --- Ctrl-C in a large import -----------------------------------------------------------


def _many_claude_sessions(user_home: Path, cwd: Path, files: int, messages: int) -> None:
    """``files`` Claude Code transcripts of ``messages`` messages each under ``user_home``."""
    folder = user_home / ".claude" / "projects" / "-big"
    folder.mkdir(parents=True)
    for f in range(files):
        sid = f"00000000-0000-4000-8000-{f:012d}"
        rows, parent = [], None
        for m in range(messages):
            role = "user" if m % 2 == 0 else "assistant"
            text = f"message {m} of session {f}: the walrus deploy {f * 1000 + m} on kiwi"
            content: Any = text if role == "user" else [{"type": "text", "text": text}]
            rows.append({"type": role, "uuid": f"{f}-{m}", "parentUuid": parent,
                         "sessionId": sid, "cwd": str(cwd),
                         "timestamp": f"2026-11-{1 + f % 28:02d}T10:{m % 60:02d}:00Z",
                         "message": {"role": role, "content": content}})  # fmt: skip
            parent = f"{f}-{m}"
        (folder / f"{sid}.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))


def _sessions_stored(home: Path) -> int:
    try:
        with sqlite3.connect(f"file:{home / 'state.db'}?mode=ro", uri=True, timeout=5) as db:
            return int(db.execute("SELECT count(*) FROM sessions").fetchone()[0])
    except sqlite3.Error:  # not made yet
        return 0


def _import_stopped_by_ctrl_c(
    env: dict[str, str], home: Path, project: Path, *, stored: int
) -> tuple[subprocess.Popen[str], str, str]:
    """`memdir import-sessions claude-code` run with ``env``, Ctrl-C sent once its first
    transaction is in (state.db holds more than the ``stored`` sessions it held before):
    the process once it ended, its stdout and its stderr."""
    proc = memdir_popen(env, project, "import-sessions", "claude-code")
    try:
        deadline = time.monotonic() + 120
        while _sessions_stored(home) == stored:
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline, "nothing was imported"
            time.sleep(0.05)
        proc.send_signal(signal.SIGINT)  # Ctrl-C
        out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    return proc, out, err


def test_ctrl_c_in_import_sessions_says_what_was_kept(
    tmp_path: Path, home: Path, project: Path, cli: Callable[..., Any]
) -> None:
    user_home = tmp_path / "user-home"
    _many_claude_sessions(user_home, project, files=300, messages=250)
    env = {**serve_env(home, tmp_path), "HOME": str(user_home)}
    proc, out, err = _import_stopped_by_ctrl_c(env, home, project, stored=0)
    kept = _sessions_stored(home)
    if proc.returncode == 0:
        pytest.skip("the import finished before Ctrl-C reached it")
    assert proc.returncode != 0 and "Traceback" not in err, err
    assert 0 < kept < 300
    again = cli("import-sessions", "claude-code")  # nothing lost: a re-run adds the rest
    assert again.returncode == 0, again.stderr
    assert f"{300 - kept} new" in again.stdout and f"{kept} unchanged" in again.stdout, again.stdout
    # what push and pull say on Ctrl-C: what was written already, and to run it again
    said = out + err
    assert str(kept) in said and "again" in said, said


def test_ctrl_c_in_a_second_import_counts_what_this_one_kept(
    tmp_path: Path, home: Path, project: Path, cli: Callable[..., Any]
) -> None:
    """Interrupted, a re-run of the import says what it added itself (not what an earlier
    import kept): the sessions and messages state.db gained; exit 1 as push and pull."""
    user_home = tmp_path / "user-home"
    _many_claude_sessions(user_home, project, files=300, messages=250)
    folder = user_home / ".claude" / "projects" / "-big"
    aside = tmp_path / "aside"
    aside.mkdir()
    for transcript in sorted(folder.iterdir())[40:]:
        transcript.rename(aside / transcript.name)
    env = {**serve_env(home, tmp_path), "HOME": str(user_home)}
    assert "40 new" in cli("import-sessions", "claude-code").stdout  # an earlier import
    for transcript in aside.iterdir():
        transcript.rename(folder / transcript.name)
    proc, _, err = _import_stopped_by_ctrl_c(env, home, project, stored=40)
    added = _sessions_stored(home) - 40
    if proc.returncode == 0:
        pytest.skip("the import finished before Ctrl-C reached it")
    assert proc.returncode == 1 and "Traceback" not in err, err
    assert f"Interrupted: {added:,} new sessions and " in err and "again" in err, err
    said = re.search(r" and ([\d,]+) messages were imported", err)
    assert said and int(said.group(1).replace(",", "")) >= added, err


# --- two team servers on one database: an admin's org entry -----------------------------


@pytest.mark.slow
def test_an_admins_add_form_offers_the_org_scope(team: Team, one_site: str) -> None:
    from selenium.webdriver.common.by import By

    driver = _signed_in(one_site, team.tokens["root"])  # root is an admin
    try:
        scopes = [
            o.get_attribute("value")
            for o in driver.find_elements(By.CSS_SELECTOR, "#add-scope option")
        ]
        assert "user" in scopes, scopes
        assert "managed" in scopes or "org" in scopes, scopes
    finally:
        quit_chromium(driver)


@pytest.mark.slow
def test_a_held_writes_message_on_the_team_server_names_a_way_its_user_can_take(
    team: Team, tmp_path: Path
) -> None:
    team.env["MEMDIR_APPROVAL"] = "ask"  # the servers' setting: every agent write waits
    with serving_team(team) as url:

        async def main() -> dict[str, Any]:
            async with _client(url, team.tokens["alice"], header=SHARED) as agent:
                add = {"action": "add", "type": "project", "name": "Deploy cluster"}
                add.update(description="kiwi", body="Deploy to kiwi.", scope="project")
                return dict(_data(await agent.call_tool("memory", add)))

        held = anyio.run(main)
        assert held["success"] and held["pending"].startswith("pending-"), held
        said = held["message"]
        if "/review" in said:  # the web page's Review, where her token signs her in
            return
        # alice has what `users add` printed: her token and the server's address
        env = {**team.env, "MEMDIR_HOME": str(tmp_path / "alice-home")}
        env.update(MEMDIR_SERVER=url.removesuffix("/mcp"), MEMDIR_TOKEN=team.tokens["alice"])
        command = re.search(r"`memdir (review --apply [^`]+)`", said)
        assert command, said
        done = run_cli(env, team.shared, *command.group(1).split(), ok=False)
        assert done.returncode == 0, said + "\n" + done.stderr
