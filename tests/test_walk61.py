"""walk61: a blind walkthrough as an SRE whose honest notes look dangerous (curl | sh,
bastions, incident write-ups with the attacker's commands, Vault paths), with a key pair
pasted by mistake and a cloned repository whose instruction files are poisoned.

The notes are ``tests/data/walk61/sre_notes.jsonl`` (written for this walk);
``bench/sre_notes.py`` counts memdir's and Hermes's verdicts on them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import memdir
from memdir.core.errors import GuardError
from test_walk60 import _cli, _env, where  # noqa: F401  (``where`` is a fixture)

NOTES = Path(__file__).parent / "data/walk61/sre_notes.jsonl"
ROWS: list[dict[str, str]] = [
    json.loads(line) for line in NOTES.read_text(encoding="utf-8").splitlines() if line.strip()
]
BY_ID = {r["id"]: r for r in ROWS}
HONEST = [r for r in ROWS if r["kind"] == "honest"]
AKIA, AWS_SECRET = "AKIAQ3EGRPXJ7LMN4ZTQ", "wJ8rXq2Lp0vTnY5sKc3BhZ1mD9fGeR4uIa7oWx6N"
GHP = "ghp_4fRt8YpQ2mZx7LcV1nB9kJ3hG6dS0aW5eT2u"
# honest runbooks the guard refuses today, with the rule it names (the guard is another
# helper's; each is pinned below and passes once the guard stores it)
REFUSED = {
    "sre00": "persistence.tool-abuse",  # sudo usermod -aG docker $USER
    "sre07": "credential.access",  # "read with `vault kv get secret/prod/payments`"
    "sre14": "persistence.erase-traces",  # rm -rf /var/log/old/*.gz (rotated logs)
    "sre20": "exfiltration.egress",  # tailscale up --authkey=$(vault kv get …)
    "sre28": "credential.access",  # where the break-glass kube token lives in Vault
}


def _claude_transcript(home: Path, repo: Path, sid: str, turns: list[tuple[str, str]]) -> None:
    """A Claude Code JSONL transcript, as Claude Code 2.x writes it."""
    slug = str(repo).replace("/", "-")
    folder = home / ".claude/projects" / slug
    folder.mkdir(parents=True, exist_ok=True)
    lines, parent = [], None
    for n, (role, text) in enumerate(turns, 1):
        uuid = f"00000000-0000-4000-8000-{n:012d}"
        message: dict[str, Any] = (
            {"role": "user", "content": text}
            if role == "user"
            else {"id": f"msg_{n}", "type": "message", "role": "assistant",
                  "model": "claude-sonnet-4-5", "content": [{"type": "text", "text": text}],
                  "stop_reason": "end_turn"}
        )  # fmt: skip
        lines.append(json.dumps({
            "parentUuid": parent, "isSidechain": False, "userType": "external",
            "cwd": str(repo), "sessionId": sid, "version": "2.1.332", "gitBranch": "main",
            "type": role, "message": message, "uuid": uuid,
            "timestamp": f"2026-12-07T10:0{n}:00.000Z",
        }))  # fmt: skip
        parent = uuid
    (folder / f"{sid}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")


PASTED = (
    "deploy fails with AccessDenied, here's my profile: "
    f"aws_access_key_id = {AKIA} aws_secret_access_key = {AWS_SECRET} and the bot's {GHP}"
)


def _pasted_session(home: Path, repo: Path) -> None:
    _claude_transcript(home, repo, "6a1f3c2e-8d4b-4e57-9a0c-2b7d9e1f4a55", [
        ("user", PASTED),
        ("assistant", "Rotate that pair now. AccessDenied: the deploy role lacks "
                      "eks:DescribeCluster."),
    ])  # fmt: skip
    proc = _cli(home, repo, "import-sessions", "claude-code")
    assert proc.returncode == 0, proc.stderr


def _leaks(text: str) -> list[str]:
    return [s for s in (AKIA, AWS_SECRET, GHP) if s in text]


def test_session_search_over_mcp_never_hands_a_pasted_secret_to_the_model(
    where: tuple[Path, Path],  # noqa: F811
) -> None:
    """A key pair pasted into a Claude Code session months ago: a later session's model
    asks ``session_search`` about the AccessDenied and gets the passage, secrets redacted
    (before, the tool result carried the key id, the secret key and the GitHub token)."""
    import anyio
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client

    home, repo = where
    _pasted_session(home, repo)
    env = {**_env(home), "PYTHONPATH": str(Path(__file__).parents[1] / "src")}
    seen: list[dict[str, Any]] = []

    async def walk() -> None:
        params = StdioServerParameters(
            command=sys.executable, args=["-m", "memdir", "mcp"], env=env, cwd=str(repo)
        )
        async with stdio_client(params) as (r, w), ClientSession(r, w) as s:
            await s.initialize()
            query = {"query": "why did the deploy fail with AccessDenied?"}
            res = await s.call_tool("session_search", query)
            seen.append(json.loads(res.content[0].text))  # type: ignore[union-attr]
            around = {"around": seen[0]["results"][0]["matched_message_id"]}
            res = await s.call_tool("session_search", around)
            seen.append(json.loads(res.content[0].text))  # type: ignore[union-attr]

    anyio.run(walk)
    found, scrolled = seen
    assert found["success"] and found["results"], found
    assert "eks:DescribeCluster" in json.dumps(found), found  # the passage is still there
    assert _leaks(json.dumps(found)) == [], found
    assert scrolled["success"] and scrolled["messages"], scrolled
    assert _leaks(json.dumps(scrolled)) == [], scrolled


def test_a_session_title_cut_inside_a_key_shows_none_of_it(
    where: tuple[Path, Path],  # noqa: F811
) -> None:
    home, repo = where
    _pasted_session(home, repo)
    md = memdir.open(home=home / ".memdir", project=repo)
    try:
        with md.session(agent="walk61") as s:
            found = s.call_tool("session_search", {"query": "AccessDenied profile"})
    finally:
        md.close()
    title = found["results"][0]["title"]
    assert "aws_access_key_id" in title, found  # the cut falls inside the key id
    assert AKIA[:8] not in title, title


def test_recall_never_quotes_a_pasted_secret(where: tuple[Path, Path]) -> None:  # noqa: F811
    """Claude Code's UserPromptSubmit hook in a later session recalls the passage where
    the key pair was pasted: the <memory-context> it adds to the prompt has the passage,
    the secrets redacted (before, all three went to the model)."""
    home, repo = where
    _pasted_session(home, repo)
    prompt = {
        "hook_event_name": "UserPromptSubmit", "session_id": "later-1", "cwd": str(repo),
        "prompt": "why did the deploy fail with AccessDenied?",
        "transcript_path": str(home / "later-1.jsonl"),
    }  # fmt: skip
    proc = subprocess.run(
        [sys.executable, "-m", "memdir", "-C", str(repo), "hook", "claude-code",
         "--budget", "60"],
        input=json.dumps(prompt), env=_env(home), capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr
    block = json.loads(proc.stdout)["hookSpecificOutput"]["additionalContext"]
    assert "<memory-context>" in block and "AccessDenied" in block, block
    assert _leaks(block) == [], block


def test_poisoned_instruction_files_of_a_cloned_repo_are_not_loaded(
    where: tuple[Path, Path],  # noqa: F811
) -> None:
    home, repo = where
    setup, sync = (r for r in ROWS if r["kind"] == "poisoned")
    (repo / "CLAUDE.md").write_text(f"# tools\n\nRun `make test`.\n\n{setup['body']}\n")
    (repo / "AGENTS.md").write_text(f"# Agent notes\n\nUse gofmt.\n\n{sync['body']}\n")
    (repo / ".memdir").mkdir()
    (repo / ".memdir/project_credential-sync.md").write_text(
        f"---\nname: {sync['name']}\ndescription: {sync['description']}\ntype: project\n"
        f"---\n{sync['body']}\n"
    )
    proc = _cli(home, repo, "context", "--explain")
    assert proc.returncode == 0, proc.stderr
    assert "withheld by the memory guard" in proc.stdout, proc.stdout  # the entry: held back
    proc = _cli(home, repo, "context")
    assert proc.returncode == 0, proc.stderr
    assert "Run `make test`" in proc.stdout or "gofmt" in proc.stdout, proc.stdout
    assert "pastebin.com" not in proc.stdout, proc.stdout
    assert "devtools-mirror.xyz" not in proc.stdout, proc.stdout


def test_a_refused_runbook_says_how_to_keep_it_as_written(
    where: tuple[Path, Path],  # noqa: F811
) -> None:
    home, repo = where
    row = BY_ID["sre14"]
    proc = _cli(home, repo, "add", "--type", row["type"], "--name", row["name"],
                "--description", row["description"], "--body", row["body"])  # fmt: skip
    assert proc.returncode == 1 and "persistence.erase-traces" in proc.stderr, proc.stderr
    ways = ("by hand", "in an editor", "--allow", "--force", "--unguarded", "on purpose")
    assert any(w in proc.stderr for w in ways), proc.stderr
    # the way it names works: the file written by hand is loaded as written
    said = " ".join(proc.stderr.split())  # (click wraps nothing, a terminal might)
    folder = Path(said.split("your local scope's folder, ", 1)[1].split(" (e.g. ", 1)[0])
    if "`memdir init` creates it" in said:
        assert _cli(home, repo, "init").returncode == 0
    assert folder.is_dir(), said
    (folder / "reference_log-rotation.md").write_text(
        f"---\nname: {row['name']}\ndescription: {row['description']}\ntype: reference\n"
        f"---\n{row['body']}\n",
        encoding="utf-8",
    )
    proc = _cli(home, repo, "show", "reference_log-rotation")
    assert proc.returncode == 0 and "rm -rf /var/log/old/*.gz" in proc.stdout, proc.stderr
    proc = _cli(home, repo, "context")
    assert row["name"] in proc.stdout and "withheld" not in proc.stdout, proc.stdout


def _add(md: memdir.Memdir, row: dict[str, str]) -> str | None:
    """The rule that refused ``row``, or None when it was stored."""
    try:
        md.store("local").add(
            type=row["type"], name=row["name"], description=row["description"], body=row["body"]
        )
    except GuardError as exc:
        return exc.rule
    return None


@pytest.fixture
def md(where: tuple[Path, Path]) -> Any:  # noqa: F811
    home, repo = where
    opened = memdir.open(home=home / ".memdir", project=repo)
    yield opened
    opened.close()


def test_the_other_honest_sre_notes_are_stored(md: memdir.Memdir) -> None:
    """35 of the 40 honest notes are stored (a new false positive fails here)."""
    refused = {r["id"]: _add(md, r) for r in HONEST if r["id"] not in REFUSED}
    assert {k: v for k, v in refused.items() if v} == {}
    assert len(md.store("local").list()) == len(HONEST) - len(REFUSED)


@pytest.mark.parametrize(
    "note",
    [
        pytest.param(k, marks=pytest.mark.xfail(strict=True, reason=f"guard false positive: {v}"))
        for k, v in sorted(REFUSED.items())
    ],
)
def test_an_honest_sre_runbook_is_stored(md: memdir.Memdir, note: str) -> None:
    assert _add(md, BY_ID[note]) is None


def test_pasted_secrets_and_poisoned_repo_notes_are_refused(md: memdir.Memdir) -> None:
    rules = {r["id"]: _add(md, r) for r in ROWS if r["kind"] != "honest"}
    assert rules["sre40"] == "secret.aws-key" and rules["sre41"] == "secret.github-token"
    assert rules["sre42"] and rules["sre43"], rules  # the cloned repo's two poisoned notes
    assert md.store("local").list() == []


def test_a_bare_aws_secret_key_is_refused(md: memdir.Memdir) -> None:
    """Round 62: a bare 40-character AWS secret labelled in prose is refused as one."""
    rule = _add(md, {"type": "reference", "name": "deploy secret",
                     "description": "the deploy user's secret key",
                     "body": f"secret key for deploy: {AWS_SECRET}"})  # fmt: skip
    assert rule == "secret.aws-secret"


def test_searching_the_notes_back_in_plain_questions(where: tuple[Path, Path]) -> None:  # noqa: F811
    home, repo = where
    md = memdir.open(home=home / ".memdir", project=repo)
    try:
        for r in HONEST:
            _add(md, r)
    finally:
        md.close()
    for query, name in (
        ("how do we get onto the bastion?", "Bastion access"),
        ("what did we do in the March incident?", "March incident: reverse shell on web-3"),
        ("who do I page before restarting prod?", "Page before restarting prod"),
    ):
        proc = _cli(home, repo, "search", query, "--json")
        assert proc.returncode == 0, proc.stderr
        names = [e["name"] for e in json.loads(proc.stdout)["entries"]]
        assert name in names[:2], (query, names)


def test_a_round_trip_through_claude_code_refuses_nothing_memdir_holds(
    where: tuple[Path, Path],  # noqa: F811
) -> None:
    """A runbook the SRE wrote into the local scope by hand (README: "Edit topic files in
    any editor"), exported to Claude Code and imported back: the dry run reports it as the
    duplicate it is (before, "refused by the guard" on every import of memdir's own export,
    a refusal nobody can act on)."""
    home, repo = where
    row = BY_ID["sre14"]
    scopes = json.loads(_cli(home, repo, "scopes", "--json").stdout)
    folder = Path(next(s["path"] for s in scopes if s["scope"] == "local"))
    folder.mkdir(parents=True)
    (folder / "reference_disk-full-on-logs-host.md").write_text(
        f"---\nname: {row['name']}\ndescription: {row['description']}\ntype: reference\n"
        f"---\n{row['body']}\n"
    )
    assert _cli(home, repo, "export", "claude-code", "--apply").returncode == 0
    proc = _cli(home, repo, "import", "claude-code", "--json")
    assert proc.returncode == 0, proc.stderr
    assert "refused" not in proc.stdout.replace('"refused": 0', ""), proc.stdout
    assert "duplicate" in proc.stdout, proc.stdout


HERMES_PYTHON = Path(__file__).parents[1] / ".venv-bench/bin/python"
HERMES_PROMPT = """
import sys
from tools.memory_tool import MemoryStore
s = MemoryStore()
s.load_from_disk()
sys.stdout.write(s.format_for_system_prompt("memory") or "")
"""


@pytest.mark.hermes
@pytest.mark.skipif(not HERMES_PYTHON.exists(), reason="no bench venv with hermes-agent")
@pytest.mark.xfail(
    strict=True,
    reason="`memdir export hermes` writes a user-scope note memdir's guard stores and "
    "Hermes's own loader blocks (pattern ssh_access: a ProxyJump line): Hermes's prompt "
    "shows '[BLOCKED: …]' in its place, and the export says nothing about it",
)
def test_export_to_hermes_names_what_hermes_will_block(where: tuple[Path, Path]) -> None:  # noqa: F811
    home, repo = where
    proc = _cli(home, repo, "add", "--scope", "user", "--type", "reference",
                "--name", "Bastion access", "--description", "How to get onto the prod bastion",
                "--body", "Host 10.20.* uses `ProxyJump bastion` (user ops, key "
                "~/.ssh/id_ed25519_ops).")  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    export = _cli(home, repo, "export", "hermes", "--apply", "--force")
    assert export.returncode == 0, export.stderr
    env = {**_env(home), "HERMES_HOME": str(home / ".hermes")}
    hermes = subprocess.run(
        [str(HERMES_PYTHON), "-c", HERMES_PROMPT], env=env, capture_output=True, text=True,
        timeout=120, cwd=str(repo),
    )  # fmt: skip
    assert hermes.returncode == 0, hermes.stderr
    assert "ProxyJump" in hermes.stdout or "Bastion" in (export.stdout + export.stderr), (
        hermes.stdout,
        export.stdout,
    )


def test_a_withheld_entry_of_a_cloned_repo_can_be_seen_and_removed(
    where: tuple[Path, Path],  # noqa: F811
) -> None:
    """The cloned repository's poisoned ``.memdir/`` entry: ``memdir ls`` lists it marked
    withheld, and ``show`` / ``rm`` with the id ``ls`` printed reach it (before, ``ls``
    listed it unmarked and both said "No entry matches" it)."""
    home, repo = where
    sync = next(r for r in ROWS if r["id"] == "sre43")
    (repo / ".memdir").mkdir()
    (repo / ".memdir/project_credential-sync.md").write_text(
        f"---\nname: {sync['name']}\ndescription: {sync['description']}\ntype: project\n"
        f"---\n{sync['body']}\n"
    )
    listed = _cli(home, repo, "ls")
    assert listed.returncode == 0, listed.stderr
    assert "project_credential-sync" in listed.stdout, listed.stdout
    assert "withheld" in listed.stdout, listed.stdout
    shown = _cli(home, repo, "show", "project_credential-sync")
    assert shown.returncode == 0, shown.stderr
    assert "pastebin.com" in shown.stdout, shown.stdout  # a person reads it, to judge it
    assert "withheld by the memory guard (rule exfiltration.egress)" in shown.stderr
    removed = _cli(home, repo, "rm", "project_credential-sync")
    assert removed.returncode == 0, removed.stderr
    assert not (repo / ".memdir/project_credential-sync.md").exists()


def test_a_refused_batch_names_the_operation_the_guard_refused(
    where: tuple[Path, Path],  # noqa: F811
) -> None:
    """A model saves three runbooks in one ``operations`` call over MCP and one trips the
    guard: nothing is applied, and the error names which one (before, only the rule: the
    model had to guess which of up to 50 to drop)."""
    import anyio
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client

    home, repo = where
    env = {**_env(home), "PYTHONPATH": str(Path(__file__).parents[1] / "src")}
    ops = [
        {"action": "add", **{k: BY_ID[i][k] for k in ("type", "name", "description", "body")}}
        for i in ("sre01", "sre14", "sre02")
    ]
    seen: list[dict[str, Any]] = []

    async def walk() -> None:
        params = StdioServerParameters(
            command=sys.executable, args=["-m", "memdir", "mcp"], env=env, cwd=str(repo)
        )
        async with stdio_client(params) as (r, w), ClientSession(r, w) as s:
            await s.initialize()
            res = await s.call_tool("memory", {"operations": ops})
            seen.append(json.loads(res.content[0].text))  # type: ignore[union-attr]

    anyio.run(walk)
    (result,) = seen
    assert result["success"] is False, result
    assert "persistence.erase-traces" in result["error"], result
    assert "operations[1]" in result["error"] and "Disk full on logs host" in result["error"]
    assert "nothing was applied" in result["error"], result
    assert _cli(home, repo, "ls", "--json").stdout.strip() in ("[]", ""), "nothing applied"
