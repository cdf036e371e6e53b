"""state.db upkeep (doctor, prune), the session_search tool and the sessions CLI."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import add
from memdir.cli import cli, context, sessions  # noqa: F401  (registers the commands)
from memdir.core.errors import DatabaseError
from memdir.engine import Memdir
from memdir.tools import OUTPUT_CHARS, tool_schemas

pytestmark = pytest.mark.backends

N = 120


def _fill(md: Memdir) -> dict[int, str]:
    """N messages, each with a word found nowhere else; returns id → that word."""
    words = {}
    with md.session(agent="a", session_id="big") as s:
        for i in range(N):
            word = f"marker{i:03d}x"
            words[s.log("user", f"message {i} carries {word} and 中文内容{i}")] = word
    add(md.store("local"), "Entry to find", body="the entry body mentions zanzibar")
    assert md.search("zanzibar")  # the entry index exists and is filled
    md.close()
    return words


def _garbage(conn: sqlite3.Connection) -> None:
    conn.execute("UPDATE messages_word_data SET block = randomblob(length(block)) WHERE id > 10")


def _out_of_step(conn: sqlite3.Connection) -> None:
    # A 'delete' with the wrong text removes the row from the index but not its terms:
    # the index silently disagrees with the table.
    for rowid in (3, 7, 50):
        conn.execute(
            "INSERT INTO messages_word(messages_word, rowid, content, tool_name, tool_calls) "
            "VALUES ('delete', ?, 'wrong', '', '')",
            (rowid,),
        )


def _unopenable(conn: sqlite3.Connection) -> None:
    conn.execute("DELETE FROM messages_word_config")
    conn.execute("DELETE FROM entries_word_config")


@pytest.mark.sqlite_only
@pytest.mark.parametrize("damage", [_garbage, _out_of_step, _unopenable])
@pytest.mark.parametrize("deep", [[], ["--deep"]])
def test_doctor_detects_and_rebuilds_a_damaged_index_losing_nothing(
    md: Memdir, damage: Callable[[sqlite3.Connection], None], deep: list[str]
) -> None:
    words = _fill(md)
    with sqlite3.connect(md.state_path) as conn:
        damage(conn)
    assert not md.check_state(repair=False, deep=bool(deep)).healthy
    runner = CliRunner()
    home = ["--home", str(md.home), "-C", str(md.settings.project)]
    result = runner.invoke(cli, [*home, "doctor", *deep])
    assert result.exit_code == 0, result.output
    assert "found: search index" in result.output and "repaired: rebuilt" in result.output
    assert f"{N} messages" in result.output
    health = md.check_state()
    assert health.healthy and not health.problems and health.messages == N
    for message_id, word in words.items():
        assert [h.message_id for h in md.sessions.search_messages(word)] == [message_id]
    assert len(md.sessions.search_messages("中文内容", limit=500)) == N
    assert md.search("zanzibar")[0].entry.name == "Entry to find"


def _wrong_word(conn: sqlite3.Connection, rowid: int, own: str, word: str) -> None:
    """Row ``rowid`` indexed under ``word`` instead of ``own``: its terms taken out
    with the right text and put back with the wrong one (the document lists still agree)."""
    row = conn.execute(
        "SELECT content, tool_name, tool_calls FROM messages_fts_src WHERE id = ?", (rowid,)
    ).fetchone()
    cols = "messages_word, rowid, content, tool_name, tool_calls"
    conn.execute(f"INSERT INTO messages_word({cols}) VALUES ('delete', ?, ?, ?, ?)", (rowid, *row))
    wrong = (rowid, row[0].replace(own, word), *row[1:])
    conn.execute(
        "INSERT INTO messages_word(rowid, content, tool_name, tool_calls) VALUES (?, ?, ?, ?)",
        wrong,
    )


@pytest.mark.sqlite_only
def test_doctor_deep_finds_and_rebuilds_a_wrong_term_the_plain_check_misses(md: Memdir) -> None:
    words = _fill(md)
    assert md.check_state(repair=False, deep=True).problems == []  # a clean state
    md.sessions.db.write(lambda c: _wrong_word(c, 5, words[5], "quokka"))  # its analyzer function
    assert md.sessions.search_messages(words[5]) == []  # its own word misses it
    assert [h.message_id for h in md.sessions.search_messages("quokka")] == [5]
    assert md.check_state(repair=False).problems == []  # FTS5's plain check cannot see it
    assert not md.check_state(repair=False, deep=True).healthy
    out = _run(md, "doctor", "--deep")
    assert (
        "found: search index messages_word holds terms that do not match its messages rows' text"
        in out
    ), out
    assert "repaired: rebuilt search index messages_word" in out
    assert [h.message_id for h in md.sessions.search_messages(words[5])] == [5]
    assert md.sessions.search_messages("quokka") == []
    assert md.check_state(repair=False, deep=True).problems == []


@pytest.mark.sqlite_only
def test_a_damaged_index_is_a_memdir_error_that_names_doctor(md: Memdir) -> None:
    _fill(md)
    with sqlite3.connect(md.state_path) as conn:
        _unopenable(conn)
    with pytest.raises(DatabaseError, match="memdir doctor"):
        md.sessions.search("marker001x")
    assert md.session().call_tool("session_search", {"query": "x"})["success"] is False


@pytest.mark.sqlite_only
def test_doctor_reports_a_missing_state_db_without_creating_it(md: Memdir) -> None:
    result = CliRunner().invoke(
        cli, ["--home", str(md.home), "-C", str(md.settings.project), "doctor"]
    )
    assert result.exit_code == 0 and "no sessions logged yet" in result.output
    assert not md.state_path.exists()


def test_session_search_tool_schemas_in_every_format() -> None:
    for fmt in ("openai", "anthropic", "mcp"):
        names = [t.get("name") or t["function"]["name"] for t in tool_schemas(fmt)]
        assert "session_search" in names


def test_session_search_tool_groups_scrolls_and_bounds(md: Memdir) -> None:
    with md.session(agent="a", session_id="past") as past:
        ids = [past.log("user", f"step {i}: " + "long text " * 300) for i in range(10)]
        hit = past.log("tool", "the rollout id is R-7731", tool_name="kubectl")
    with md.session(agent="a", session_id="now") as s:
        result = s.call_tool("session_search", {"query": "rollout R-7731", "window": 2})
        assert result["success"], result
        [group] = result["results"]
        assert group["session_id"] == "past" and group["matched_message_id"] == hit
        assert [m["id"] for m in group["messages"]] == [*ids[-2:], hit]
        assert group["messages"][-1]["tool_name"] == "kubectl"
        page = s.call_tool("session_search", {"session_id": "past", "around": ids[4], "window": 3})
        assert [m["id"] for m in page["messages"]] == ids[1:8]
        assert len(json.dumps(page)) < OUTPUT_CHARS + 2000
        start = s.call_tool("session_search", {"session_id": "past"})
        assert start["messages"][0]["id"] == ids[0]
        for bad, why in [
            ({}, "'query' is required"),
            ({"query": "x", "limit": 99}, "between 1 and 10"),
            ({"query": "x", "since": "last tuesday"}, "not a date"),
            ({"session_id": "nope"}, "No session 'nope'"),
            ({"around": 10**9}, "no message"),
            ({"around": 2**70}, "out of range"),
            ({"query": "x", "since": 10**30}, "must be a str"),
            ({"session_id": "now", "around": hit}, "no message"),
            ({"query": ["list"]}, "must be a str"),
        ]:
            out = s.call_tool("session_search", bad)
            assert out["success"] is False and why in out["error"], (bad, out)
        assert s.call_tool("session_search", {"query": '"*NOT('})["results"] == []


def _run(md: Memdir, *args: str, input: str | None = None) -> str:
    result = CliRunner().invoke(
        cli, ["--home", str(md.home), "-C", str(md.settings.project), *args], input=input
    )
    assert result.exit_code == 0, result.output
    return result.output


def test_cli_sessions_ls_show_search_prune(md: Memdir) -> None:
    with md.session(agent="cli-agent", session_id="s1", started_at="2025-01-01") as s:
        s.log("user", "how do we rotate the signing keys?", timestamp="2025-01-01")
        s.log(
            "assistant",
            "with vault, every 90 days",
            tool_name="vault",
            tool_calls={"op": "rotate"},
            timestamp="2025-01-01",
        )
    with md.session(agent="cli-agent", session_id="s2", started_at="2026-11-01") as s:
        s.log("user", "signing keys again", timestamp="2026-11-01")
    assert "s1" in _run(md, "sessions", "ls") and "cli-agent" in _run(md, "sessions", "ls")
    listed = json.loads(_run(md, "sessions", "ls", "--json"))
    assert {row["id"] for row in listed} == {"s1", "s2"}
    shown = _run(md, "sessions", "show", "s1")
    assert "every 90 days" in shown and "[vault]" in shown and '"rotate"' in shown
    found = json.loads(_run(md, "sessions", "search", "signing keys", "--json"))
    assert {h["session_id"] for h in found} == {"s1", "s2"}
    only_old = json.loads(
        _run(md, "sessions", "search", "signing", "--until", "2026-01-01", "--json")
    )
    assert [h["session_id"] for h in only_old] == ["s1"]
    assert "No session matches." in _run(md, "sessions", "search", "*")
    add(md.store("local"), "Key rotation", body="Signing keys rotate every 90 days.")
    both = _run(md, "search", "signing keys")
    assert "Key rotation" in both and "s1" in both
    pruned = _run(md, "sessions", "prune", "--older-than", "2026-06-01", "--yes")
    assert "Deleted 1 session(s) and 2 message(s)" in pruned
    assert [row["id"] for row in json.loads(_run(md, "sessions", "ls", "--json"))] == ["s2"]
    result = CliRunner().invoke(
        cli, ["--home", str(md.home), "sessions", "prune", "--older-than", "soon", "--yes"]
    )
    assert result.exit_code != 0 and "90d" in result.output
    missing = CliRunner().invoke(cli, ["--home", str(md.home), "sessions", "show", "zzz"])
    assert missing.exit_code == 1 and "No session 'zzz'" in missing.output


@pytest.mark.sqlite_only
def test_prune_shrinks_the_file(md: Memdir) -> None:
    md.sessions.start("a", session_id="bulk", started_at="2024-01-01")
    md.sessions.log_many(
        "bulk",
        [
            ("user", f"bulk text {i} " + "filler " * 200, None, None, "2024-01-01")
            for i in range(300)
        ],
    )
    before = md.sessions.size()
    report = md.sessions.prune("2025-01-01")
    assert report.messages == 300 and report.bytes_after < before / 3
    assert Path(str(md.state_path) + "-wal").stat().st_size == 0


def test_the_installed_command_has_the_session_commands(md: Memdir) -> None:
    import subprocess
    import sys

    with md.session(session_id="sub") as s:
        s.log("user", "the quarterly numbers are in the ledger")
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "memdir",
            "--home",
            str(md.home),
            "-C",
            str(md.settings.project),
            "search",
            "ledger",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert "sub" in proc.stdout and "Memories" in proc.stdout


@pytest.mark.sqlite_only
def test_a_state_db_that_is_not_a_database_is_reported_not_overwritten(md: Memdir) -> None:
    md.state_path.parent.mkdir(parents=True)
    md.state_path.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(DatabaseError, match="memdir doctor"):
        md.sessions.list()
    result = CliRunner().invoke(
        cli, ["--home", str(md.home), "-C", str(md.settings.project), "doctor"]
    )
    assert result.exit_code == 1 and "damaged:" in result.output
    assert md.state_path.read_bytes() == b"this is not sqlite" * 100


def test_cli_sessions_ls_this_project(md: Memdir) -> None:
    """``memdir sessions ls --this-project`` lists only the sessions logged in this project."""
    from memdir.core.scopes import project_slug

    # logged here (its cwd): on the team backend a path-keyed row is this project's only
    # when it records this checkout (mend56)
    here = str(md.project_root)
    md.sessions.start("a", session_id="here", cwd=here, scope=project_slug(md.project_root))
    md.sessions.start("a", session_id="elsewhere", scope="someone-elses-project")
    assert {row["id"] for row in json.loads(_run(md, "sessions", "ls", "--json"))} == {
        "here",
        "elsewhere",
    }
    mine = json.loads(_run(md, "sessions", "ls", "--this-project", "--json"))
    assert [row["id"] for row in mine] == ["here"]


def test_cli_sessions_prune_asks_first_without_yes(md: Memdir) -> None:
    """Without --yes, ``memdir sessions prune`` asks; "n" deletes nothing, "y" deletes."""
    with md.session(agent="a", session_id="old", started_at="2025-01-01") as s:
        s.log("user", "an old question", timestamp="2025-01-01")
    args = ["--home", str(md.home), "sessions", "prune", "--older-than", "2026-01-01"]
    refused = CliRunner().invoke(cli, args, input="n\n")
    assert refused.exit_code == 1 and "Delete every session tree with no activity since" in (
        refused.output
    )
    assert [row["id"] for row in json.loads(_run(md, "sessions", "ls", "--json"))] == ["old"]
    assert "Deleted 1 session(s)" in _run(
        md, "sessions", "prune", "--older-than", "2026-01-01", input="y\n"
    )
    assert json.loads(_run(md, "sessions", "ls", "--json")) == []
