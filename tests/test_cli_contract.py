"""What every ``memdir`` command promises a person and a script (issue 15): ``--help``;
``--json`` that parses on every command that prints; and for the bad inputs of issue 15 —
an alias bomb, a FIFO, a read-only home, another user's cache file, a damaged state.db,
arguments that are not valid UTF-8 — no traceback, and a failure is one ``Error:`` line."""

from __future__ import annotations

import json
import os
import resource
import sqlite3
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import closing
from pathlib import Path

import click
import pytest

import memdir
from forkserver import ForkServer
from hostile import readonly, readonly_reason, unprivileged, unprivileged_reason
from memdir.cli import cli

FIXTURES = Path(__file__).parent / "fixtures"
# Commands that print no report of their own: a tour, the two MCP servers, `ui`, which may
# start a server (its --json is tested in test_web.py, which stops it), and the hooks
# harnesses run (they print the JSON their harness reads; tests/test_claude_code_hooks.py).
NO_JSON = {"demo", "mcp", "serve", "ui", "hook claude-code", "hook codex-notify"}
# The team server's commands print one line (users add: the token alone on stdout), or need
# a PostgreSQL server; their --json is exercised in test_team_server, test_team_transfer,
# test_team_users58 (users rm) and test_team_history58 (projects rename).
NO_JSON |= {f"serve users {c}" for c in ("add", "revoke", "grant", "ungrant", "admin")}
NEED_DATABASE = {"push", "pull", "serve users ls", "serve users rm", "serve projects rename"}


def _commands(group: click.Group = cli, prefix: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    for name in sorted(group.list_commands(click.Context(group))):  # imports each one's module
        command = group.commands[name]
        if isinstance(command, click.Group):
            yield from _commands(command, (*prefix, name))
        else:
            yield (*prefix, name)


COMMANDS = list(_commands())


_LIMIT = 1 << 30  # bytes of address space a call may use


def _cap() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (_LIMIT, _LIMIT))


class Memdir:
    """The CLI on one home and project, as subprocesses; ``forked``: forked by a server
    that imported memdir once (tests/forkserver.py), except a call made with ``fresh``."""

    def __init__(self, tmp: Path, *, forked: bool = False) -> None:
        self.home, self.project, self.tmp = tmp / "home", tmp / "project", tmp
        self.project.mkdir(parents=True, exist_ok=True)
        self.env = {
            **os.environ,
            "MEMDIR_HOME": str(self.home),
            "MEMDIR_MANAGED_DIR": str(tmp / "managed"),
            "MEMDIR_BACKGROUND": "0",
            "HOME": str(tmp / "userhome"),
            "NO_COLOR": "1",
            "EDITOR": f"{sys.executable} {tmp / 'editor.py'}",
        }
        (tmp / "editor.py").write_text(
            "import pathlib, sys\np = pathlib.Path(sys.argv[-1])\n"
            "p.write_text(p.read_text().replace('Tabs body', 'Tabs body, edited'))\n"
        )
        self.forked = forked
        self._servers: dict[object, ForkServer] = {}  # by wrap: their children share it

    def __call__(
        self,
        *args: str | bytes,
        wrap: Callable[[list[str]], list[str] | None] | None = None,
        stdin: str = "",
        fresh: bool = False,
    ) -> subprocess.CompletedProcess[str]:
        argv = ["-C", str(self.project), *(os.fsdecode(a) for a in args)]
        if self.forked and not fresh:
            if wrap not in self._servers:
                self._servers[wrap] = ForkServer(env=self.env, wrap=wrap)
            server = self._servers[wrap]
            return server.run(
                argv, module="memdir", input=stdin, timeout=120, rlimit_as=_LIMIT, errors="replace"
            )
        cmd: list[str] = [sys.executable, "-m", "memdir", *argv]
        if wrap is not None:
            wrapped = wrap(cmd)
            assert wrapped is not None
            cmd = wrapped
        return subprocess.run(
            cmd,
            env=self.env,
            input=stdin,
            capture_output=True,
            text=True,
            errors="replace",
            timeout=120,
            preexec_fn=_cap,
        )

    def close(self) -> None:
        for server in self._servers.values():
            server.close()


@pytest.fixture
def forked(tmp_path: Path) -> Iterator[Memdir]:
    """A :class:`Memdir` whose calls fork a server (``fresh=True``: a new interpreter)."""
    m = Memdir(tmp_path, forked=True)
    yield m
    m.close()


def _seed(m: Memdir) -> dict[str, str]:
    """A home with entries in two scopes, history, sessions and a job; what the
    invocations below refer to."""
    md = memdir.open(m.home, m.project)
    local = md.store("local")
    local.add(type="user", name="Gone soon", description="to remove", body="Remove me")
    local.add(type="feedback", name="Tabs", description="indent", body="Tabs body")
    local.add(type="user", name="Pnpm", description="installer", body="We use pnpm")
    local.add(type="user", name="Undone", description="reverted", body="The last commit")
    md.store("project").add(type="project", name="Shared", description="team", body="Shared")
    with md.session(agent="seed") as s:
        s.log("user", "Remember that the staging DB is read-only.")
        s.log("assistant", "Noted.")
    first = md.sessions.list(limit=1)[0].id
    with md.session(agent="seed") as s:
        s.log("user", "deploy billing to staging")
    md.close()
    from memdir.review.versions import Versions

    rev = Versions(memdir.open(m.home, m.project)).log(limit=1)[0].commit.rev
    (m.tmp / "export").mkdir()
    (m.tmp / "steps.md").write_text("1. `uv run pytest`\n2. `git tag vX`\n")
    (m.tmp / "SOUL.md").write_text("You are Ada, a terse senior engineer.\n")
    return {"session": first, "rev": rev}


def _invocations(m: Memdir, seeded: dict[str, str]) -> list[tuple[str, ...]]:
    """One call with --json per command that prints, in an order that works."""
    s, rev = seeded["session"], seeded["rev"]
    return [
        ("init", "--scope", "user", "--json"),
        ("add", "--type", "user", "--name", "New", "--description", "d", "--body", "b", "--json"),
        ("ls", "--json"),
        ("show", "Tabs", "--json"),
        ("edit", "Tabs", "--json"),
        ("rm", "Gone soon", "--json"),
        ("rm", "Shared", "--json"),  # found in the project scope
        ("log", "--json"),
        ("diff", "--json"),
        ("diff", rev[:10], "--json"),
        ("revert", rev[:10], "--json"),
        ("context", "--json"),
        ("doctor", "--json"),
        ("search", "pnpm", "--json"),
        ("scopes", "--json"),
        ("review", "--json"),
        (
            "import",
            "claude-code",
            "--from",
            str(FIXTURES / "claude-code/home/.claude/projects/-fixture-project/memory"),
            "--json",
        ),
        ("export", "claude-code", "--to", str(m.tmp / "export"), "--json"),
        ("bootstrap", "--from", str(FIXTURES / "bootstrap/notes/ideas.md"), "--json"),
        (
            "import-sessions",
            "claude-code",
            "--from",
            str(FIXTURES / "transcripts/home/.claude/projects"),
            "--search-only",
            "--json",
        ),
        ("maintain", "--json"),
        ("jobs", "--json"),
        ("entities", "--json"),
        ("entities", "staging", "--json"),
        ("sessions", "ls", "--json"),
        ("sessions", "show", s[:8], "--json"),
        ("sessions", "search", "staging", "--json"),
        ("sessions", "mode", s[:8], "polluted", "--json"),
        ("sessions", "rm", s, "--yes", "--json"),
        ("sessions", "prune", "--older-than", "3650d", "--yes", "--json"),
        ("sessions", "claim", "--dry-run", "--json"),
        ("skills", "add", "release", str(m.tmp / "steps.md"), "--description", "d", "--json"),
        ("skills", "edit", "release", str(m.tmp / "steps.md"), "--description", "e", "--json"),
        ("skills", "ls", "--json"),
        ("skills", "show", "release", "--json"),
        ("soul", "set", str(m.tmp / "SOUL.md"), "--json"),
        ("soul", "show", "--json"),
        ("install", "hermes", "--hermes-home", str(m.tmp / "hermes"), "--yes", "--json"),
        ("uninstall", "hermes", "--hermes-home", str(m.tmp / "hermes"), "--yes", "--json"),
    ]


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_every_command_has_help(command: tuple[str, ...], tmp_path: Path) -> None:
    proc = Memdir(tmp_path)(*command, "--help")
    assert proc.returncode == 0 and proc.stdout.startswith("Usage: ") and not proc.stderr


def test_every_printing_command_has_json_that_parses(forked: Memdir) -> None:
    m = forked
    calls = _invocations(m, _seed(m))
    printing = {c for c in COMMANDS if " ".join(c) not in NO_JSON | NEED_DATABASE}
    covered = {c for c in printing for call in calls if call[: len(c)] == c}
    assert covered == printing, f"no --json call for {sorted(printing - covered)}"
    for command in printing:  # and each really has the option
        assert "--json" in m(*command, "--help").stdout, command
    for call in calls:
        proc = m(*call, fresh=call == calls[0])
        assert proc.returncode == 0 and "Traceback" not in proc.stderr, (call, proc.stderr)
        json.loads(proc.stdout)  # the whole of stdout is JSON; warnings go to stderr
    found = json.loads(m("ls", "--all", "--json").stdout)
    assert any(
        e["id"].startswith("project_shared--") and e["archived"] and e["scope"] == "project"
        for e in found
    )  # `rm Shared` found it in the project scope


# -- bad inputs: no traceback, one clear line ---------------------------------------------------

_LEVELS = zip("abcdefgh", "bcdefghi", strict=True)
ALIAS_BOMB = (
    "---\nname: bomb\ntype: user\na: &a [x,x,x,x,x,x,x,x,x]\n"
    + "".join(f"{c}: &{c} [" + ",".join([f"*{p}"] * 9) + "]\n" for p, c in _LEVELS)
    + "---\nbody\n"
)


def _alias_bomb(m: Memdir) -> None:
    (m.project / ".memdir" / "user_bomb.md").write_text(ALIAS_BOMB)


def _fifo(m: Memdir) -> None:
    folder = Path(memdir.open(m.home, m.project).store("local").backend.location)
    os.mkfifo(folder / "user_fifo.md")
    (folder / ".git" / "index").unlink(missing_ok=True)
    os.mkfifo(folder / ".git" / "index")


def _damaged_db(m: Memdir) -> None:
    db = m.home / "state.db"
    data = bytearray(db.read_bytes())
    data[4096 + 100 : 4096 + 4000] = os.urandom(3900)  # the first page after the schema
    db.write_bytes(bytes(data))


def _damaged_schema_page(m: Memdir) -> None:
    """The page of the migrations table's unique index filled with 0xff: SQLite then says
    "database disk image is malformed" when memdir reads its schema version."""
    db = m.home / "state.db"
    with closing(sqlite3.connect(db)) as conn:
        (page,) = conn.execute(
            "SELECT rootpage FROM sqlite_master WHERE name = 'sqlite_autoindex_migrations_1'"
        ).fetchone()
    data = bytearray(db.read_bytes())
    data[(page - 1) * 4096 : page * 4096] = b"\xff" * 4096
    db.write_bytes(bytes(data))


def _foreign_cache(m: Memdir) -> None:
    local = Path(memdir.open(m.home, m.project).store("local").backend.location)
    for path in (local / ".git" / "index", m.home / ".cache" / "guard-verdicts.json"):
        if path.exists():
            os.chown(path, 65534, 65534)
            path.chmod(0o600)


CONDITIONS: dict[str, tuple[Callable[[Memdir], None], str | None]] = {
    "alias bomb in a cloned repository": (_alias_bomb, None),
    "a FIFO named like an entry and as the git index": (_fifo, None),
    "a damaged state.db": (_damaged_db, None),
    "a damaged schema page in state.db": (_damaged_schema_page, None),
    "another user's cache files": (_foreign_cache, unprivileged_reason()),
    "a read-only home": (lambda m: None, readonly_reason()),
}


@pytest.mark.parametrize("condition", list(CONDITIONS))
def test_bad_inputs_never_print_a_traceback(condition: str, forked: Memdir) -> None:
    prepare, skip = CONDITIONS[condition]
    if skip is not None:
        pytest.skip(skip)
    m = forked
    seeded = _seed(m)
    memdir.open(m.home, m.project).search("warm")  # state.db and caches exist
    prepare(m)
    wrap: Callable[[list[str]], list[str] | None] | None = None
    if condition == "a read-only home":
        wrap = lambda cmd: readonly(m.home, cmd)  # noqa: E731
    elif condition == "another user's cache files":
        wrap = unprivileged
    calls = [
        *_invocations(m, seeded),
        ("sessions", "show", "nope"),
        ("add", "--type", "user", "--name", "x" * 81, "--description", "d", "--body", "b"),
    ]
    for call in calls:
        proc = m(*call, wrap=wrap, fresh=call == calls[0])
        assert "Traceback" not in proc.stderr, (condition, call, proc.stderr)
        assert proc.returncode in (0, 1), (condition, call, proc.returncode, proc.stderr)
        if proc.returncode and call[0] in ("doctor", "maintain") and proc.stdout:
            # exit 1 is their verdict (damage found; a job failed and will be retried)
            verdict = json.loads(proc.stdout)
            assert verdict.get("healthy") is False or verdict.get("errors"), verdict
        elif proc.returncode:
            errors = [line for line in proc.stderr.splitlines() if line.startswith("Error")]
            assert len(errors) == 1, (condition, call, proc.stderr)


@pytest.mark.parametrize(
    "args",
    [
        ("search", b"\xff\xfe"),
        ("sessions", "search", "x", "--agent", b"\xff"),
        ("sessions", "show", b"\xff\xfe\xfd\xfc"),
        ("show", b"\xff"),
        ("rm", b"\xff"),
        ("add", "--type", "user", "--name", b"\xff", "--description", "d", "--body", "b"),
        ("context", "--path", b"\xff"),
        ("log", b"\xff"),
        ("sessions", "prune", "--older-than", b"\xff", "--yes"),
    ],
    ids=lambda a: " ".join(x if isinstance(x, str) else repr(x) for x in a),
)
def test_arguments_that_are_not_utf8_are_one_clear_line(
    args: tuple[str | bytes, ...], tmp_path: Path
) -> None:
    m = Memdir(tmp_path)
    _seed(m)
    proc = m(*args)
    assert "Traceback" not in proc.stderr, proc.stderr
    if proc.returncode:
        assert proc.returncode in (1, 2) and proc.stderr.count("Error") == 1, proc.stderr
