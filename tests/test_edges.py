"""The hard edges a new user and an attacker meet on day one (issue 15, items 1-8): each
as the user meets it, through the real CLI and server in subprocesses, on real FIFOs, a
real read-only mount and files another user owns."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import random
import resource
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

import memdir
from hostile import readonly, readonly_reason, unprivileged, unprivileged_reason
from webserver import memdir_serving, print_token

Run = Callable[..., subprocess.CompletedProcess[str]]

# 9 levels of 9 aliases each: 9**9 = 387 million strings from a few hundred bytes.
ALIAS_BOMB = "\n".join(
    [
        "---",
        "name: bomb",
        "description: a billion laughs",
        "type: user",
        'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
        *(
            f"{c}: &{c} [" + ",".join([f"*{p}"] * 9) + "]"
            for p, c in zip("abcdefgh", "bcdefghi", strict=True)
        ),
        "---",
        "Laughing.",
        "",
    ]
)


def _cap_memory() -> None:
    """1 GiB of address space: a runaway expansion fails fast instead of swapping."""
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


@pytest.fixture
def cli(tmp_path: Path, home: Path, project: Path) -> Run:
    """The real ``memdir`` command on this test's home and project. ``wrap`` puts it
    inside another command (a read-only mount, no root powers); every run is bounded in
    time and memory, and no run may print a traceback."""
    env = {
        **os.environ,
        "MEMDIR_HOME": str(home),
        "MEMDIR_MANAGED_DIR": str(tmp_path / "managed"),
        "MEMDIR_BACKGROUND": "0",
        "NO_COLOR": "1",
        "COLUMNS": "200",
        "EDITOR": "false",  # never an interactive editor
    }

    def _run(
        *args: str,
        ok: bool = True,
        wrap: Callable[[Sequence[str]], list[str] | None] | None = None,
        input: str | None = None,
        timeout: float = 60,
        extra_env: dict[str, str] | None = None,
    ) -> subprocess.CompletedProcess[str]:
        cmd = [sys.executable, "-m", "memdir", "-C", str(project), *args]
        if wrap is not None:
            wrapped = wrap(cmd)
            assert wrapped is not None
            cmd = wrapped
        proc = subprocess.run(
            cmd,
            capture_output=True,
            text=True,
            env={**env, **(extra_env or {})},
            input=input,
            timeout=timeout,
            preexec_fn=_cap_memory,
        )
        assert "Traceback" not in proc.stderr, proc.stderr
        assert (proc.returncode == 0) == ok, proc.stdout + proc.stderr
        return proc

    return _run


def _add(cli: Run, name: str, *extra: str, **kw: object) -> subprocess.CompletedProcess[str]:
    body = f"The body of {name}."
    return cli(
        "add", "--type", "user", "--name", name, "--description", "d", "--body", body, *extra, **kw
    )


def _local(home: Path, project: Path) -> Path:
    return Path(memdir.open(home, project).store("local").backend.location)


# -- 1. a YAML alias bomb ----------------------------------------------------------------------


def test_an_alias_bomb_in_a_cloned_repository_is_refused_and_named(
    cli: Run, home: Path, project: Path
) -> None:
    _add(cli, "Kept", "--scope", "project")
    bomb = project / ".memdir" / "user_bomb.md"
    bomb.write_text(ALIAS_BOMB)
    listing = cli("ls", "--json")
    assert [e["id"] for e in json.loads(listing.stdout)] == ["user_kept"]
    assert "user_bomb.md:5" in listing.stderr and "aliases" in listing.stderr
    shown = cli("show", "--json", "bomb", ok=False)
    assert shown.stderr.count("\n") == 1
    doctor = cli("doctor", ok=False)
    assert "user_bomb.md:5" in doctor.stdout and "anchors and aliases" in doctor.stdout
    assert "All scopes healthy" not in doctor.stdout

    md = memdir.open(home, project)
    with md.session() as s:
        result = s.call_tool(
            "memory", {"action": "replace", "target": "bomb", "body": "x", "scope": "project"}
        )
    assert result["success"] is False and "user_bomb.md" in result["error"]
    assert bomb.read_text() == ALIAS_BOMB  # never rewritten


def test_aliases_are_refused_wherever_they_are_in_the_frontmatter() -> None:
    from memdir.core.frontmatter import parse_entry

    for text in (
        "---\nname: &n x\n---\nb\n",
        "---\nname: x\nrefs: [&a 1, *a]\n---\nb\n",
        "---\nname: x\nnested:\n  deep: &d {k: v}\n  again: *d\n---\nb\n",
    ):
        with pytest.raises(memdir.ParseError, match="anchors and aliases"):
            parse_entry(text, "user_x")
    assert parse_entry("---\nname: a & b * c\n---\nb\n", "user_x").name == "a & b * c"


def test_a_project_folder_linked_out_of_the_checkout_is_not_followed(
    cli: Run, project: Path, tmp_path: Path
) -> None:
    """A cloned repository's `.memdir` -> any folder (say Claude Code's memory folder):
    memdir neither loads its files into the agent's context nor rewrites its MEMORY.md."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "notes.md").write_text("My private notes.\n")
    (elsewhere / "MEMORY.md").write_text("# My own index, written by hand\n")
    (project / ".memdir").symlink_to(elsewhere)
    assert json.loads(cli("ls", "--json").stdout) == []
    assert "private notes" not in cli("context").stdout
    refused = _add(cli, "New", "--scope", "project", ok=False)
    assert "is a link to" in refused.stderr and refused.stderr.count("\n") == 1
    assert "outside the checkout" in cli("doctor").stdout
    assert sorted(p.name for p in elsewhere.iterdir()) == ["MEMORY.md", "notes.md"]
    assert (elsewhere / "MEMORY.md").read_text() == "# My own index, written by hand\n"


def test_a_rule_glob_built_to_backtrack_does_not_stall_a_session_start(
    cli: Run, project: Path
) -> None:
    """A cloned repository's rule with ``paths: *a*a…*ab`` and a session on a file named
    ``aaa…``: a backtracking regex would take longer than the universe has; memdir's
    matcher answers at once."""
    rules = project / ".claude" / "rules"
    rules.mkdir(parents=True)
    (rules / "slow.md").write_text('---\npaths: "' + "*a" * 40 + 'b"\n---\nSlow rule.\n')
    (rules / "fast.md").write_text('---\npaths: "*a"\n---\nFast rule.\n')
    shown = cli("context", "--path", "a" * 60, timeout=60).stdout
    assert "Fast rule." in shown and "Slow rule." not in shown


# -- 2. a FIFO where a file should be ----------------------------------------------------------


@pytest.mark.parametrize("name", ["user_fifo.md", ".git/index", "config.toml"])
def test_a_fifo_in_the_scope_or_home_never_hangs(
    cli: Run, home: Path, project: Path, name: str
) -> None:
    _add(cli, "Kept")
    folder = home if name == "config.toml" else _local(home, project)
    (folder / name).unlink(missing_ok=True)
    os.mkfifo(folder / name)
    listing = cli("ls", "--json", timeout=20, ok=name != "config.toml")
    if name == "config.toml":
        assert "config.toml" in listing.stderr and "not a regular file" in listing.stderr
        return
    assert [e["id"] for e in json.loads(listing.stdout)] == ["user_kept"]
    cli("context", timeout=20)
    doctor = cli("doctor", timeout=20, ok=name != "user_fifo.md")
    if name == "user_fifo.md":
        assert "user_fifo.md" in doctor.stdout and "not a regular file" in doctor.stdout
        assert "not a regular file" in _add(cli, "New", ok=False, timeout=20).stderr
    else:
        _add(cli, "New", timeout=20)
    cli("serve", "--print-token", timeout=20)  # serve opens memory first, like every command
    mcp = subprocess.run(
        [sys.executable, "-m", "memdir", "-C", str(project), "mcp"],
        input="",
        capture_output=True,
        text=True,
        timeout=20,
        env={**os.environ, "MEMDIR_HOME": str(home)},
    )
    assert "Traceback" not in mcp.stderr and mcp.returncode == 0
    assert memdir.open(home, project).find("Kept")[1].name == "Kept"


# -- 6. a cache another user owns --------------------------------------------------------------


@pytest.mark.skipif(unprivileged_reason() is not None, reason=str(unprivileged_reason()))
def test_another_users_git_index_is_skipped_and_rebuilt(
    cli: Run, home: Path, project: Path
) -> None:
    _add(cli, "Shared", "--scope", "project")
    _add(cli, "Private")
    index = _local(home, project) / ".git" / "index"  # the history's cache of signatures
    os.chown(index, 65534, 65534)  # what `sudo memdir …` leaves, seen by a normal user
    index.chmod(0o600)
    for command in (["context"], ["search", "body"], ["review"], ["maintain"], ["ls"]):
        proc = cli(*command, wrap=unprivileged)
        if command == ["ls"]:
            assert "user_shared" in proc.stdout and "user_private" in proc.stdout
    assert "Shared" in cli("context", wrap=unprivileged).stdout
    added = _add(cli, "Later", wrap=unprivileged)
    assert "git index" in added.stderr and added.stderr.count("Warning:") == 1
    assert os.stat(index).st_uid == os.geteuid()  # replaced by one this user owns
    assert {e.id for e in memdir.open(home, project).store("local").list()} == {
        "user_private",
        "user_later",
    }


@pytest.mark.skipif(unprivileged_reason() is not None, reason=str(unprivileged_reason()))
def test_another_users_state_db_is_named_as_unreadable_not_damaged(
    cli: Run, home: Path, project: Path
) -> None:
    """A state.db left by `sudo memdir …` is not damaged: doctor says whose it is and
    offers no salvage, and --repair leaves it alone."""
    _add(cli, "Kept")
    _sessions(home, project, sessions=1, each=3)
    db = home / "state.db"
    os.chown(db, 65534, 65534)
    db.chmod(0o600)
    before = db.read_bytes()
    doctor = cli("doctor", ok=False, wrap=unprivileged)
    assert "this user may not read it (it belongs to user id 65534" in doctor.stdout
    assert "--repair" not in doctor.stdout and "damaged" not in doctor.stdout, doctor.stdout
    repaired = json.loads(cli("doctor", "--repair", "--json", ok=False, wrap=unprivileged).stdout)
    assert repaired["recovery"] is None and repaired["healthy"] is False
    assert db.read_bytes() == before and not list(home.glob("state.db.*"))


def test_readonly_helper_reports_why_it_cannot_run() -> None:
    reason = readonly_reason()
    assert reason is None or "read-only" in reason or "not installed" in reason
    if reason is None:
        assert readonly(Path("/tmp"), ["true"]) is not None


def test_unprivileged_helper_reports_why_it_cannot_run(tmp_path: Path) -> None:
    """The tests using it chown a file to another user: a non-root run skips them."""
    reason = unprivileged_reason()
    if reason is None:
        (tmp_path / "x").write_text("x")
        os.chown(tmp_path / "x", 65534, 65534)
    else:
        assert "root" in reason or "setpriv" in reason


# -- 3. call_tool never raises -----------------------------------------------------------------


def _damage(db: Path, marker: bytes = b"of session", pages: int = 2) -> None:
    """Overwrite ``pages`` pages holding ``marker`` (rows of the messages table, not
    their search index, which doctor rebuilds) with noise, or the first page when the
    marker is empty (then the file cannot even be opened). The noise is seeded: random
    bytes can read as cells, and how much a salvage keeps then varies from run to run."""
    data = bytearray(db.read_bytes())
    size = 4096
    found = [
        i
        for i in range(1, len(data) // size)
        if marker and marker in data[i * size : (i + 1) * size]
    ]
    for page in found[len(found) // 3 :: max(1, len(found) // (3 * pages))][:pages] or [0]:
        start = page * size + (100 if page == 0 else 8)
        noise = random.Random(page).randbytes(size - 8 - (start - page * size))
        data[start : page * size + size - 8] = noise
    db.write_bytes(bytes(data))


def _sessions(home: Path, project: Path, sessions: int = 12, each: int = 200) -> None:
    md = memdir.open(home, project)
    for j in range(sessions):
        with md.session(agent="seed") as s:
            for i in range(each):
                s.log("user", f"message {i} of session {j} about the billing rollout " * 3)
    md.close()


def test_a_write_that_happened_is_reported_as_saved_on_a_damaged_state_db(
    home: Path, project: Path
) -> None:
    _sessions(home, project)
    md = memdir.open(home, project)
    with md.session() as s:
        s.log("user", "save this please")  # the session is recorded
        md.close()
        _damage(home / "state.db", marker=b"")  # the schema: state.db cannot even open
        added = s.call_tool(
            "memory",
            {"action": "add", "type": "user", "name": "Saved", "description": "d", "body": "b"},
        )
        assert added["success"] is True and "could not be recorded" in added["warning"]
        read = s.call_tool("memory_read", {"id": "Saved"})
        assert read["success"] is True and read["content"].endswith("b")
        found = s.call_tool("memory_search", {"query": "saved"})
        assert [r["id"] for r in found["results"]] == ["user_saved"]
        sessions = s.call_tool("session_search", {"query": "billing"})
        assert sessions["success"] is False and "doctor --repair" in sessions["error"]
    assert md.find("Saved")[1].body == "b"


def test_lone_surrogates_in_session_search_filters_are_a_tool_error(
    home: Path, project: Path
) -> None:
    _sessions(home, project, sessions=1, each=3)
    md = memdir.open(home, project)
    with md.session() as s:
        for key in ("session_id", "agent", "role"):
            result = s.call_tool("session_search", {"query": "billing", key: "\ud800"})
            assert result["success"] is False and "surrogate" in result["error"], result


# -- 4 and 5. a read-only home -----------------------------------------------------------------

needs_readonly = pytest.mark.skipif(readonly_reason() is not None, reason=str(readonly_reason()))


def _ro(home: Path) -> Callable[[Sequence[str]], list[str] | None]:
    return lambda cmd: readonly(home, cmd)


@needs_readonly
def test_writes_on_a_read_only_home_fail_in_one_line(
    cli: Run, tmp_path: Path, home: Path, project: Path
) -> None:
    _add(cli, "Kept")
    editor = tmp_path / "editor.py"
    editor.write_text(
        "import pathlib, sys\np = pathlib.Path(sys.argv[-1])\n"
        "p.write_text(p.read_text().replace('The body', 'A body'))\n"
    )
    for args in (
        ["add", "--type", "user", "--name", "New", "--description", "d", "--body", "b"],
        ["rm", "Kept"],
        ["edit", "Kept"],
    ):
        proc = cli(
            *args,
            ok=False,
            wrap=_ro(home),
            extra_env={"EDITOR": f"{sys.executable} {editor}"},
        )
        errors = [line for line in proc.stderr.splitlines() if line.startswith("Error")]
        assert len(errors) == 1 and "Read-only file system" in errors[0], proc.stderr
    assert [e.name for e in memdir.open(home, project).store("local").list()] == ["Kept"]


@needs_readonly
def test_the_memory_tool_over_mcp_on_a_read_only_home_is_a_tool_result(
    home: Path, project: Path
) -> None:
    import anyio
    from mcp import Client, StdioServerParameters

    md = memdir.open(home, project)
    md.store("local").add(type="user", name="Kept", description="d", body="we use pnpm")
    md.close()
    cmd = readonly(home, [sys.executable, "-m", "memdir", "-C", str(project), "mcp"])
    assert cmd is not None
    params = StdioServerParameters(
        command=cmd[0], args=cmd[1:], env={**os.environ, "MEMDIR_HOME": str(home)}
    )

    async def main() -> None:
        async with Client(params) as c:
            add = {"action": "add", "type": "user", "name": "N", "description": "d", "body": "b"}
            result = await c.call_tool("memory", add)
            assert result.is_error and "Read-only file system" in result.content[0].text  # type: ignore[union-attr]
            found = await c.call_tool("memory_search", {"query": "pnpm"})
            assert not found.is_error and "user_kept" in found.content[0].text  # type: ignore[union-attr]
            read = await c.call_tool("memory_read", {"id": "Kept"})
            assert not read.is_error and "we use pnpm" in read.content[0].text  # type: ignore[union-attr]

    anyio.run(main)


@needs_readonly
def test_reads_work_on_a_read_only_home_and_doctor_calls_it_healthy(
    cli: Run, home: Path, project: Path
) -> None:
    _add(cli, "Use pnpm")
    _sessions(home, project, sessions=2, each=5)
    found = json.loads(cli("search", "--json", "pnpm", wrap=_ro(home)).stdout)
    assert [e["id"] for e in found["entries"]] == ["user_use-pnpm"]
    sessions = json.loads(cli("sessions", "search", "--json", "billing", wrap=_ro(home)).stdout)
    assert len(sessions) == 2
    assert "Use pnpm" in cli("context", wrap=_ro(home)).stdout
    doctor = cli("doctor", wrap=_ro(home))
    assert "read-only here" in doctor.stdout and "All scopes healthy" in doctor.stdout
    assert "10 messages" in doctor.stdout
    assert "\nsemantic off (set MEMDIR_EMBED" in doctor.stdout  # not an empty line
    deep = cli("doctor", "--deep", wrap=_ro(home)).stdout
    assert "checked without --deep (it needs a writable home)" in deep
    assert (
        json.loads(cli("doctor", "--deep", "--json", wrap=_ro(home)).stdout)["state"]["deep"]
        is False
    )
    assert json.loads(cli("doctor", "--deep", "--json").stdout)["state"]["deep"] is True


# -- 7. doctor --repair ------------------------------------------------------------------------


def test_doctor_names_the_damage_counts_what_is_readable_and_repair_salvages_it(
    cli: Run, home: Path, project: Path
) -> None:
    _sessions(home, project)
    db = home / "state.db"
    _damage(db)
    doctor = cli("doctor", ok=False)
    assert "doctor --repair" in doctor.stdout
    assert "2,400 messages" in doctor.stdout  # counted, not 0
    assert "Run `memdir doctor` to check" not in doctor.stdout
    report = json.loads(cli("doctor", "--repair", "--json").stdout)
    recovery = report["recovery"]
    assert recovery["before"]["messages"] == 2400
    assert 2000 < recovery["after"]["messages"] <= 2400
    assert Path(recovery["kept"]).read_bytes()[:16] == b"SQLite format 3\x00"
    assert report["healthy"] is True and report["state"]["damaged"] == []
    md = memdir.open(home, project)
    assert len(md.sessions.search("billing rollout", limit=10)) == 10
    assert md.sessions.get(md.sessions.list(limit=1)[0].id).messages > 0
    assert "All scopes healthy" in cli("doctor").stdout


def test_doctor_on_a_state_db_it_cannot_read_says_so_on_every_line(
    cli: Run, home: Path, project: Path
) -> None:
    """The schema pages themselves damaged: no traceback, and no empty `semantic` line."""
    _sessions(home, project, sessions=2, each=5)
    db = home / "state.db"
    with contextlib.closing(sqlite3.connect(db)) as conn:
        (page,) = conn.execute(
            "SELECT rootpage FROM sqlite_master WHERE name = 'sqlite_autoindex_migrations_1'"
        ).fetchone()
    data = bytearray(db.read_bytes())
    data[(page - 1) * 4096 : page * 4096] = b"\xff" * 4096
    db.write_bytes(bytes(data))
    doctor = cli("doctor", ok=False)
    assert "database disk image is malformed" in doctor.stdout
    assert "\nsemantic unknown: state.db cannot be read\n" in doctor.stdout


def test_search_answers_from_memory_when_state_db_cannot_be_read(
    cli: Run, home: Path, project: Path
) -> None:
    """`memdir search` searches memories and sessions: a state.db it cannot read costs the
    session half (a warning), never the memories."""
    _add(cli, "Use pnpm")
    _sessions(home, project, sessions=1, each=3)
    db = home / "state.db"
    with contextlib.closing(sqlite3.connect(db)) as conn:
        (page,) = conn.execute(
            "SELECT rootpage FROM sqlite_master WHERE name = 'sqlite_autoindex_migrations_1'"
        ).fetchone()
    data = bytearray(db.read_bytes())
    data[(page - 1) * 4096 : page * 4096] = b"\xff" * 4096
    db.write_bytes(bytes(data))
    found = cli("search", "--json", "pnpm")
    assert [e["id"] for e in json.loads(found.stdout)["entries"]] == ["user_use-pnpm"]
    assert json.loads(found.stdout)["sessions"] == []
    assert "Warning: sessions not searched" in found.stderr and "malformed" in found.stderr
    assert "user_use-pnpm" in cli("search", "pnpm").stdout


# -- 8. HTTP bodies, result sizes, batch sizes -------------------------------------------------


@contextlib.contextmanager
def _serve(home: Path, project: Path, *args: str) -> Iterator[tuple[int, str, Any]]:
    """``memdir serve`` on a free loopback port: (port, token, the process)."""
    env = {**os.environ, "MEMDIR_HOME": str(home), "MEMDIR_BACKGROUND": "0"}
    token = print_token(env, project)
    with memdir_serving(env, project, *args) as (proc, base):
        yield int(base.rsplit(":", 1)[1]), token, proc


def _chunked(port: int, token: str, size: int, *, abort: bool = False) -> int | None:
    """POST ``size`` bytes with chunked transfer encoding (no Content-Length); the status,
    or None when ``abort`` closes the connection half-way."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.putrequest("POST", "/mcp")
    for key, value in (
        ("Authorization", f"Bearer {token}"),
        ("Content-Type", "application/json"),
        ("Accept", "application/json, text/event-stream"),
        ("Transfer-Encoding", "chunked"),
    ):
        conn.putheader(key, value)
    conn.endheaders()
    sent = 0
    with contextlib.suppress(OSError):  # the server may answer and close before the end
        while sent < size:
            conn.send(b"2000\r\n" + b" " * 0x2000 + b"\r\n")
            sent += 0x2000
            if abort and sent > size // 2:
                conn.close()
                return None
        conn.send(b"0\r\n\r\n")
    status = conn.getresponse().status
    conn.close()
    return status


def test_a_chunked_body_over_the_limit_is_413_and_an_aborted_one_logs_nothing(
    home: Path, project: Path
) -> None:
    with _serve(home, project, "--max-body", "65536") as (port, token, proc):
        assert _chunked(port, token, 200_000) == 413
        assert _chunked(port, token, 40_000, abort=True) is None
        assert _chunked(port, token, 200_000, abort=True) is None
        time.sleep(0.5)
        proc.terminate()
        _, err = proc.communicate(timeout=30)
    assert "Traceback" not in err and "Exception" not in err, err


def test_a_long_hand_placed_entry_is_read_back_capped_with_its_path(
    home: Path, project: Path
) -> None:
    store = memdir.open(home, project).store("local")
    store.add(type="reference", name="Huge", description="a log pasted by hand", body="x")
    path = Path(store.backend.location) / "reference_huge.md"
    with path.open("a") as f:
        f.write("log line\n" * 12_000)  # ~105 KB: more than a tool result holds
    md = memdir.open(home, project)
    with md.session() as s:
        result = s.call_tool("memory_read", {"id": "reference_huge"})
    assert result["success"] and result["truncated"] is True and result["path"] == str(path)
    assert len(result["content"]) < 70_000 and str(path) in result["content"]
    assert len(json.dumps(result)) < 80_000


def test_a_topic_file_too_large_for_any_entry_is_unreadable_not_loaded(
    cli: Run, home: Path, project: Path
) -> None:
    """A 9 MB topic file in a cloned repository's .memdir/ is named as unreadable by ls,
    doctor and every write, never read whole nor scanned, and never rewritten."""
    _add(cli, "Kept", "--scope", "project")
    big = project / ".memdir" / "feedback_big.md"
    line = "https://a.example/?t=$X " * 400 + "\n"
    big.write_text("---\nname: big\ndescription: d\ntype: feedback\n---\n" + line * 1000)
    before = big.stat()
    listing = cli("ls", "--json", timeout=20)
    assert [e["id"] for e in json.loads(listing.stdout)] == ["user_kept"]
    assert "feedback_big.md" in listing.stderr and "larger than 128 KiB" in listing.stderr
    context = cli("context", timeout=20).stdout
    assert "Kept" in context and "feedback_big" not in context and "a.example" not in context
    doctor = cli("doctor", timeout=20, ok=False)
    assert "feedback_big.md" in doctor.stdout and "larger than 128 KiB" in doctor.stdout
    refused = _add(cli, "New", "--scope", "project", ok=False, timeout=20)
    assert "feedback_big.md" in refused.stderr
    assert big.stat().st_mtime_ns == before.st_mtime_ns and big.stat().st_size == before.st_size
    backend = memdir.open(home, project).store("project").backend
    with pytest.raises(memdir.StorageError, match="larger than 128 KiB"):
        backend.write("user_x.md", b"x" * (128 * 1024 + 1))  # what memdir could not read back


def test_an_operations_batch_has_a_length_cap(home: Path, project: Path) -> None:
    md = memdir.open(home, project)
    ops = [
        {"action": "add", "type": "user", "name": f"n{i}", "description": "d", "body": f"b{i}"}
        for i in range(3000)
    ]
    with md.session() as s:
        result = s.call_tool("memory", {"operations": ops})
        assert result["success"] is False and "at most 50" in result["error"]
        assert md.store("local").list() == []
        assert s.call_tool("memory", {"operations": ops[:50]})["success"] is True
    assert len(md.store("local").list()) == 50


# -- 9. replace keeps history; supersede through the tool --------------------------------------


def test_replace_keeps_the_previous_body_findable_as_history(home: Path, project: Path) -> None:
    md = memdir.open(home, project)
    with md.session() as s:
        s.call_tool(
            "memory",
            {
                "action": "add",
                "type": "project",
                "name": "Package manager",
                "description": "which installer this repo uses",
                "body": "We use npm.",
            },
        )
        replaced = s.call_tool(
            "memory", {"action": "replace", "target": "Package manager", "body": "We use pnpm."}
        )
        assert "stays in the history" in replaced["results"][0]["message"]
        history = s.call_tool("memory_search", {"query": "npm", "include_history": True})
    [old] = [h for h in md.search("npm", include_archived=True) if h.entry.archived]
    assert old.entry.body == "We use npm." and old.entry.superseded_by == "project_package-manager"
    assert old.entry.valid_until is not None
    assert [r["id"] for r in history["results"] if r.get("archived")] == [old.entry.id]
    assert [e.body for e in md.store("local").list()] == ["We use pnpm."]
    assert "npm." not in md.system_block().replace("pnpm.", "")  # only the current fact loads
    md.store("local").replace("Package manager", description="the installer")  # no new body
    assert len([e for e in md.store("local").list(include_archived=True) if e.archived]) == 1


def test_edit_keeps_the_previous_body_findable_as_history(
    cli: Run, home: Path, project: Path, tmp_path: Path
) -> None:
    cli("add", "--type", "project", "--name", "Package manager", "--description", "installer",
        "--body", "We use npm.")  # fmt: skip
    path = Path(memdir.open(home, project).store("local").backend.location)
    edited = tmp_path / "edited.md"
    edited.write_text((path / "project_package-manager.md").read_text().replace("npm", "pnpm"))
    keep = {"EDITOR": "true"}  # the editor saves the text it was given
    cli("edit", "Package manager", "--from", str(edited), extra_env=keep)
    md = memdir.open(home, project)
    [old] = [h for h in md.search("npm", include_archived=True) if h.entry.archived]
    assert old.entry.body == "We use npm." and old.entry.superseded_by == "project_package-manager"
    assert old.entry.valid_until is not None
    assert [e.body for e in md.store("local").list()] == ["We use pnpm."]
    edited.write_text(edited.read_text().replace("description: installer", "description: pm"))
    cli("edit", "Package manager", "--from", str(edited), extra_env=keep)  # same body
    assert [e.description for e in md.store("local").list()] == ["pm"]
    assert len([e for e in md.store("local").list(include_archived=True) if e.archived]) == 1


def test_the_memory_tool_supersedes_one_fact_with_another(home: Path, project: Path) -> None:
    md = memdir.open(home, project)
    with md.session() as s:
        s.call_tool(
            "memory",
            {"action": "add", "type": "project", "name": "CI on Travis", "description": "ci",
             "body": "CI runs on Travis."},
        )  # fmt: skip
        missing = s.call_tool("memory", {"action": "supersede", "target": "Travis"})
        assert (
            missing["success"] is False
            and "supersede needs name, description, body" in (missing["error"])
        )
        done = s.call_tool(
            "memory",
            {"action": "supersede", "target": "Travis", "name": "CI on GitHub Actions",
             "description": "ci", "body": "CI runs on GitHub Actions since March."},
        )  # fmt: skip
    assert done["success"] and done["results"][0]["action"] == "supersede"
    [current] = md.store("local").list()
    assert current.name == "CI on GitHub Actions" and current.supersedes == (
        "project_ci-on-travis",
    )
    [old] = [h.entry for h in md.search("Travis", include_archived=True)]
    assert old.archived and old.superseded_by == current.id and old.valid_until is not None


# -- 10. the failure count resets ---------------------------------------------------------------


def test_the_failure_count_resets_on_success_user_message_and_quiet_minute(
    md: memdir.Memdir, clock: Any
) -> None:
    s = md.session()

    def fail() -> str:
        return str(s.call_tool("memory_read", {"id": "nope"})["error"])

    for _ in range(2):
        fail()
    assert "stop using memory tools" in fail()
    s.log("user", "next question")  # a new user message is a new turn
    assert "stop" not in fail()
    fail()
    assert "stop using memory tools" in fail()
    clock.advance(seconds=61)  # a quiet minute, for harnesses that never log
    assert "stop" not in fail()


def test_an_mcp_connection_does_not_stay_told_to_stop(home: Path, project: Path) -> None:
    import anyio
    from mcp import Client, StdioServerParameters

    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "memdir", "-C", str(project), "mcp"],
        env={**os.environ, "MEMDIR_HOME": str(home)},
    )

    async def main() -> list[str]:
        errors = []
        async with Client(params) as c:
            for round_ in range(6):
                for _ in range(3):
                    bad = await c.call_tool("memory_read", {"id": "nope"})
                    errors.append(bad.content[0].text)  # type: ignore[union-attr]
                add = {
                    "action": "add",
                    "type": "user",
                    "name": f"n{round_}",
                    "description": "d",
                    "body": f"b{round_}",
                }
                assert not (await c.call_tool("memory", add)).is_error
        return errors

    errors = anyio.run(main)
    assert not any("4 failed" in e or "16 failed" in e for e in errors)
    assert sum("3 failed memory calls" in e for e in errors) == 6


# -- 11. Hermes-style arguments ----------------------------------------------------------------


def test_content_is_read_as_body_and_unknown_fields_name_the_expected_ones(
    md: memdir.Memdir,
) -> None:
    s = md.session()
    added = s.call_tool(
        "memory",
        {"action": "add", "type": "user", "name": "Tabs", "description": "indent",
         "content": "Indent with tabs."},
    )  # fmt: skip
    assert added["success"] and "'content' was read as 'body'" in added["notes"][0]
    assert md.find("Tabs")[1].body == "Indent with tabs."
    hermes = s.call_tool(
        "memory",
        {"action": "replace", "target": "memory", "old_text": "tabs", "content": "Use spaces."},
    )
    assert hermes["success"] and md.find("Tabs")[1].body == "Use spaces."
    assert any("'old_text' was read as 'target'" in n for n in hermes["notes"])
    unknown = s.call_tool(
        "memory",
        {"action": "add", "type": "user", "name": "x", "description": "d", "text": "t",
         "tags": ["a"]},
    )  # fmt: skip
    assert unknown["success"] is False
    assert "add does not take 'tags', 'text'" in unknown["error"]
    assert "it takes type, name, description, body, pinned" in unknown["error"]
    both = s.call_tool(
        "memory",
        {"action": "add", "type": "user", "name": "x", "description": "d", "body": "a",
         "content": "b"},
    )  # fmt: skip
    assert both["success"] is False and "not both" in both["error"]
    batch = s.call_tool(
        "memory", {"operations": [{"action": "remove", "target": "Tabs", "why": "old"}]}
    )
    assert (
        batch["success"] is False
        and "operations[0]: remove does not take 'why'" in (batch["error"])
    )


# -- 12. duplicates are whole entries ----------------------------------------------------------


def test_an_entry_with_the_same_body_but_another_name_is_saved(md: memdir.Memdir) -> None:
    s = md.session()
    first = {
        "action": "add",
        "type": "project",
        "name": "Staging URL",
        "description": "where staging lives",
        "body": "https://staging.example.com",
    }
    assert s.call_tool("memory", first)["results"][0]["action"] == "add"
    same = {**first, "name": "staging url", "description": "Where  staging lives"}
    assert s.call_tool("memory", same)["results"][0]["action"] == "exists"
    other = {**first, "type": "reference", "name": "Demo URL", "description": "the demo box"}
    result = s.call_tool("memory", other)
    assert result["results"][0]["action"] == "add", result
    assert sorted(e.name for e in md.store("local").list()) == ["Demo URL", "Staging URL"]


# -- 13. "forget that" in the offline rules provider -------------------------------------------


def _said(md: memdir.Memdir, clock: Any, *lines: str) -> Any:
    from memdir.pipeline import RulesProvider

    md.pipeline.provider = RulesProvider()
    with md.session(agent="a") as s:
        for line in lines:
            s.log("user", line)
            s.log("assistant", "OK.")
    clock.advance(minutes=1)
    report = md.pipeline.run()
    assert not report.errors, report.errors
    return report


@pytest.mark.parametrize(
    ("remember", "forget"),
    [
        ("Remember that the deploy window is Friday 6pm.", "Forget about the deploy window."),
        ("Remember that the deploy window is Friday 6pm.", "Please forget the deploy window."),
        (
            "Remember that the deploy window is Friday 6pm.",
            "You don't need to remember the deploy window any more.",
        ),
        ("记住：部署窗口是周五晚上六点。", "忘掉部署窗口这件事吧"),
        ("记住：部署窗口是周五晚上六点。", "部署窗口不用记了"),
        ("记住：部署窗口是周五晚上六点。", "把部署窗口忘掉"),
    ],
)
def test_forget_in_a_later_session_removes_the_entry_for_good(
    md: memdir.Memdir, clock: Any, remember: str, forget: str
) -> None:
    _said(md, clock, remember)
    [entry] = md.store("local").list()
    _said(md, clock, "Deploy the billing service.", forget)
    assert md.store("local").list() == []
    [archived] = [e for e in md.store("local").list(include_archived=True) if e.archived]
    assert archived.name == entry.name and archived.removed_at is not None
    clock.advance(minutes=1)
    again = md.pipeline.run(everything=True)  # re-reading both sessions brings nothing back
    assert not again.errors and md.store("local").list() == []


@pytest.mark.parametrize(
    "lines",
    [
        ("Remember that I use vim.", "Actually, forget that."),
        ("Remember that I use vim.", "No, forget it."),
        ("记住：我用 vim 写代码。", "不用记了"),
        ("记住：我用 vim 写代码。", "算了，把这个忘掉吧"),
    ],
)
def test_forget_that_right_after_saying_it_writes_nothing(
    md: memdir.Memdir, clock: Any, lines: tuple[str, str]
) -> None:
    _said(md, clock, *lines)
    assert md.store("local").list(include_archived=True) == []


def test_forget_leaves_unrelated_entries_and_dont_forget_is_a_reminder(
    md: memdir.Memdir, clock: Any
) -> None:
    _said(md, clock, "Remember that the staging DB is read-only.")
    _said(md, clock, "Forget about the weekly sync meeting.", "Don't forget to run the tests.")
    assert [e.name for e in md.store("local").list(include_archived=True)] == [
        "The staging DB is read-only"
    ]


@pytest.mark.parametrize(
    ("remember", "forget"),
    [
        ("Remember that we deploy on Fridays.", "Forget about the Friday deploys."),
        ("Remember that the script tags each release.", "Forget about tagging releases."),
        ("Remember that migrations ran nightly.", "Please forget the nightly migration."),
        ("记住：我们每周五部署。", "忘掉关于周五部署的事情"),
    ],
)
def test_forget_matches_other_forms_of_the_same_words(
    md: memdir.Memdir, clock: Any, remember: str, forget: str
) -> None:
    """Plurals and verb forms match as the session search stems them (porter); Chinese
    scaffolding around the subject (关于…的事情) is not part of what to forget."""
    _said(md, clock, remember)
    assert len(md.store("local").list()) == 1
    _said(md, clock, "Deploy the billing service.", forget)
    assert md.store("local").list() == []


@pytest.mark.parametrize(
    ("remember", "forget"),
    [
        ("Remember that we deploy on Fridays.", "Forget about the Monday deploys."),
        ("Remember that the university library opens at 9.", "Forget the universal login."),
        ("记住：我们每周五部署。", "忘掉关于周五开会的事情"),
    ],
)
def test_forget_leaves_an_entry_that_shares_only_one_word(
    md: memdir.Memdir, clock: Any, remember: str, forget: str
) -> None:
    _said(md, clock, remember)
    [entry] = md.store("local").list()
    _said(md, clock, "Deploy the billing service.", forget)
    assert md.store("local").list() == [entry]


# -- 14. readable ids for Chinese (and Japanese, Korean) names ---------------------------------


def test_cjk_names_give_readable_ids_and_file_names(cli: Run, home: Path, project: Path) -> None:
    saved = cli(
        "add", "--type", "user", "--name", "部门聚餐地点", "--description", "聚餐在哪",
        "--body", "部门聚餐在公司楼下的川菜馆。",
    )  # fmt: skip
    assert "Saved user_部门聚餐地点" in saved.stdout
    folder = _local(home, project)
    assert (folder / "user_部门聚餐地点.md").is_file()
    assert "[部门聚餐地点](user_部门聚餐地点.md)" in (folder / "MEMORY.md").read_text()
    assert json.loads(cli("show", "--json", "user_部门聚餐地点").stdout)["name"] == "部门聚餐地点"
    _add(cli, "用 pnpm 安装")
    _add(cli, "한국어 설정")
    ids = [e["id"] for e in json.loads(cli("ls", "--json").stdout)]
    assert sorted(ids) == sorted(["user_部门聚餐地点", "user_用-pnpm-安装", "user_한국어-설정"])
    assert "user_部门聚餐地点" in cli("log").stdout
    cli("rm", "聚餐")
    assert list((folder / "archive").glob("user_部门聚餐地点--*.md"))


# -- 15 and 16: serve's banner, a port in use, a bad token -------------------------------------


def test_the_banner_names_a_command_that_works_off_the_path(
    tmp_path: Path, home: Path, project: Path
) -> None:
    script = Path(sys.executable).with_name("memdir")
    if not script.is_file():
        pytest.skip("no memdir console script beside this Python (not an installed venv)")
    env = {**os.environ, "MEMDIR_HOME": str(home), "PATH": "/usr/bin:/bin"}
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen(
        [str(script), "-C", str(project), "serve", "--port", str(port)],
        env=env,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stderr is not None
        banner = proc.stderr.readline()
    finally:
        proc.terminate()
        proc.communicate(timeout=30)
    assert f"`{script} serve --print-token`" in banner, banner
    printed = subprocess.run(
        [str(script), "serve", "--print-token"], env=env, capture_output=True, text=True
    )
    assert printed.stdout.strip() == (home / "mcp-token").read_text().strip()


def test_a_second_server_on_the_port_says_so_before_any_banner(home: Path, project: Path) -> None:
    with _serve(home, project) as (port, _, _):
        second = subprocess.run(
            [sys.executable, "-m", "memdir", "-C", str(project), "serve", "--port", str(port)],
            env={**os.environ, "MEMDIR_HOME": str(home)},
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert second.returncode == 1 and "memdir MCP on" not in second.stderr
    assert second.stderr.strip() == (
        f"Error: Port {port} on 127.0.0.1 is in use (another memdir serve?). Stop the other "
        f"server or pick another port with --port."
    )


def test_a_bad_token_is_shown_as_a_bad_token_not_an_oauth_login(home: Path, project: Path) -> None:
    import anyio
    from mcp import Client
    from mcp.client.auth import OAuthClientProvider
    from mcp.client.streamable_http import streamable_http_client
    from mcp.shared._httpx_utils import create_mcp_http_client
    from mcp.shared.auth import OAuthClientMetadata
    from mcp.shared.exceptions import MCPError

    redirects: list[str] = []

    class Memory:
        async def get_tokens(self) -> None:
            return None

        async def set_tokens(self, tokens: object) -> None:
            raise AssertionError("no OAuth token may be stored")

        async def get_client_info(self) -> None:
            return None

        async def set_client_info(self, info: object) -> None:
            raise AssertionError("no OAuth client may be registered")

    async def redirect(url: str) -> None:
        redirects.append(url)

    async def attempt(url: str, token: str | None, oauth: bool) -> str:
        auth = (
            OAuthClientProvider(
                url,
                OAuthClientMetadata(redirect_uris=["http://127.0.0.1:1/cb"]),  # type: ignore[list-item]
                Memory(),  # type: ignore[arg-type]
                redirect_handler=redirect,
            )
            if oauth
            else None
        )
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        http = create_mcp_http_client(headers=headers, auth=auth)
        try:
            async with Client(streamable_http_client(url, http_client=http)):
                pass
        except (MCPError, BaseExceptionGroup) as exc:  # the SDK may group them
            leaves = [exc]
            while any(isinstance(e, BaseExceptionGroup) for e in leaves):
                leaves = [x for e in leaves for x in getattr(e, "exceptions", [e])]
            assert all(isinstance(e, MCPError) for e in leaves), leaves
            return " ".join(str(e) for e in leaves)
        raise AssertionError("connected with a bad token")

    with _serve(home, project) as (port, _, _):
        url = f"http://127.0.0.1:{port}/mcp"
        for token in ("wrong-token", None):
            for oauth in (False, True):
                message = anyio.run(attempt, url, token, oauth)
                assert "wrong or missing bearer token" in message, message
                assert "memdir serve --print-token" in message
    assert redirects == []  # never sent to a login page


# -- 16: the CLI as people use it --------------------------------------------------------------


def test_ls_never_wraps_ids_at_100_columns(cli: Run, home: Path, project: Path) -> None:
    name = "Always run the full integration suite before tagging a release"
    _add(cli, name)
    listing = cli("ls", extra_env={"COLUMNS": "100"}).stdout
    [entry] = memdir.open(home, project).store("local").list()
    assert len(entry.id) > 50
    assert any(entry.id in line for line in listing.splitlines()), listing


def test_add_reads_at_most_one_body_from_an_endless_stdin(home: Path, project: Path) -> None:
    """`yes | memdir add …`: the body on stdin is read up to its limit, never to the end."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "memdir", "-C", str(project), "add", "--type", "user",
         "--name", "Endless", "--description", "d"],
        stdin=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "MEMDIR_HOME": str(home), "MEMDIR_BACKGROUND": "0"},
        preexec_fn=_cap_memory,
    )  # fmt: skip
    assert proc.stdin is not None and proc.stderr is not None
    written, chunk = 0, b"y\n" * (1 << 19)
    with contextlib.suppress(BrokenPipeError):
        while written < 256 << 20:  # an endless producer, as far as memdir can tell
            proc.stdin.write(chunk)
            written += len(chunk)
    with contextlib.suppress(BrokenPipeError):
        proc.stdin.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 1 and written < 256 << 20, (written, err)
    assert err.strip() == "Error: the body on stdin is over 65,536 bytes"


def test_rm_finds_the_scope_and_sessions_take_an_id_prefix(
    cli: Run, home: Path, project: Path
) -> None:
    _add(cli, "Shared rule", "--scope", "project")
    removed = cli("rm", "Shared rule")
    assert "in the project scope" in removed.stdout
    assert memdir.open(home, project).store("project").list() == []
    _sessions(home, project, sessions=2, each=2)
    sid = memdir.open(home, project).sessions.list(limit=1)[0].id
    shown = json.loads(cli("sessions", "show", sid[:6], "--json").stdout)
    assert shown["session"]["id"] == sid and len(shown["messages"]) == 2
    assert "No session" in cli("sessions", "show", "zzzzzz", ok=False).stderr


def test_an_mcp_connection_that_logs_nothing_leaves_no_session(home: Path, project: Path) -> None:
    import anyio
    from mcp import Client, StdioServerParameters

    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "memdir", "-C", str(project), "mcp"],
        env={**os.environ, "MEMDIR_HOME": str(home)},
    )

    async def main() -> None:
        async with Client(params) as c:
            await c.list_tools()
            add = {"action": "add", "type": "user", "name": "n", "description": "d", "body": "b"}
            assert not (await c.call_tool("memory", add)).is_error
            await c.call_tool("memory_read", {"id": "n"})
            await c.call_tool("memory_search", {"query": "n"})
        async with Client(params) as c:
            await c.call_tool("log", {"role": "user", "content": "hello"})

    anyio.run(main)
    sessions = memdir.open(home, project).sessions.list()
    assert [s.messages for s in sessions] == [1]  # only the connection that logged


# -- 17: progress on a terminal, nothing extra otherwise --------------------------------------


def _on_a_terminal(cmd: list[str], env: dict[str, str]) -> str:
    """Everything ``cmd`` writes to a pseudo-terminal (stdout and stderr alike)."""
    import pty

    leader, follower = pty.openpty()
    proc = subprocess.Popen(
        cmd, stdin=follower, stdout=follower, stderr=follower, env=env, close_fds=True
    )
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # EIO: the other side closed
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(leader)
    proc.wait(timeout=120)
    return b"".join(chunks).decode("utf-8", "replace")


def test_repair_shows_progress_on_a_terminal_and_nothing_extra_when_piped(
    cli: Run, home: Path, project: Path
) -> None:
    _sessions(home, project, sessions=6)
    db = home / "state.db"
    _damage(db)
    damaged = db.read_bytes()
    env = {**os.environ, "MEMDIR_HOME": str(home), "TERM": "xterm", "COLUMNS": "120"}
    env.pop("NO_COLOR", None)
    shown = _on_a_terminal(
        [sys.executable, "-m", "memdir", "-C", str(project), "doctor", "--repair"], env
    )
    assert "copying messages" in shown and "building the search indexes" in shown, shown
    assert "salvaged with" in shown
    db.write_bytes(damaged)  # damaged again: now piped, and as JSON
    for f in home.glob("state.db-*"):
        f.unlink()
    piped = cli("doctor", "--repair")
    assert "copying" not in piped.stdout + piped.stderr and "salvaged with" in piped.stdout
    db.write_bytes(damaged)
    for f in home.glob("state.db-*"):
        f.unlink()
    as_json = cli("doctor", "--repair", "--json")
    assert json.loads(as_json.stdout)["recovery"] and as_json.stderr == ""


def test_deep_doctor_on_sqlite_opens_no_progress_display_on_a_terminal(
    home: Path, project: Path
) -> None:
    """SQLite's ``doctor --deep`` reports no progress (its check is SQLite's own): on a
    terminal it prints the report alone, no empty progress display (rich's cursor codes)."""
    _sessions(home, project, sessions=2)
    env = {**os.environ, "MEMDIR_HOME": str(home), "TERM": "xterm", "COLUMNS": "120"}
    env.pop("NO_COLOR", None)
    shown = _on_a_terminal(
        [sys.executable, "-m", "memdir", "-C", str(project), "doctor", "--deep"], env
    )
    assert "state.db" in shown and "\x1b[?25l" not in shown, repr(shown[:300])


def test_maintain_shows_progress_on_a_terminal_only(cli: Run, home: Path, project: Path) -> None:
    md = memdir.open(home, project)
    for i in range(2):
        with md.session(agent="a") as s:
            s.log("user", f"Remember that staging number {i} is read-only.")
    md.close()
    env = {**os.environ, "MEMDIR_HOME": str(home), "TERM": "xterm", "COLUMNS": "120"}
    piped = cli("maintain")
    assert piped.stderr == "" and "sessions extracted: 2" in piped.stdout
    with md.session(agent="a") as s:
        s.log("user", "Remember that staging number 9 is read-only.")
    shown = _on_a_terminal([sys.executable, "-m", "memdir", "-C", str(project), "maintain"], env)
    assert "memdir maintain" in shown and "sessions extracted: 1" in shown, shown
