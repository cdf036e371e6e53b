"""The hard edges a new user and an attacker meet on day one (issue 15, items 1-8): each
as the user meets it, through the real CLI and server in subprocesses, on real FIFOs, a
real read-only mount and files another user owns."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

import memdir
from hostile import readonly, readonly_reason, unprivileged, unprivileged_reason

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
    }

    def _run(
        *args: str,
        ok: bool = True,
        wrap: Callable[[Sequence[str]], list[str] | None] | None = None,
        input: str | None = None,
        timeout: float = 60,
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
            env=env,
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
    from memdir.formats.frontmatter import parse_entry

    for text in (
        "---\nname: &n x\n---\nb\n",
        "---\nname: x\nrefs: [&a 1, *a]\n---\nb\n",
        "---\nname: x\nnested:\n  deep: &d {k: v}\n  again: *d\n---\nb\n",
    ):
        with pytest.raises(memdir.ParseError, match="anchors and aliases"):
            parse_entry(text, "user_x")
    assert parse_entry("---\nname: a & b * c\n---\nb\n", "user_x").name == "a & b * c"


# -- 2. a FIFO where a file should be ----------------------------------------------------------


@pytest.mark.parametrize("name", ["user_fifo.md", ".changes", "config.toml"])
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
def test_another_users_change_log_is_skipped_and_rebuilt(
    cli: Run, home: Path, project: Path
) -> None:
    _add(cli, "Shared", "--scope", "project")
    _add(cli, "Private")
    changes = project / ".memdir" / ".changes"
    os.chown(changes, 65534, 65534)  # what `sudo memdir …` leaves, seen by a normal user
    changes.chmod(0o600)
    for command in (["context"], ["search", "body"], ["review"], ["maintain"], ["ls"]):
        proc = cli(*command, wrap=unprivileged)
        if command == ["ls"]:
            assert "user_shared" in proc.stdout and "user_private" in proc.stdout
    assert "Shared" in cli("context", wrap=unprivileged).stdout
    added = _add(cli, "Later", "--scope", "project", wrap=unprivileged)
    assert "change log" in added.stderr and added.stderr.count("Warning:") == 1
    assert os.stat(changes).st_uid == os.geteuid()  # replaced by one this user owns
    assert {e.id for e in memdir.open(home, project).store("project").list()} == {
        "user_shared",
        "user_later",
    }


def test_readonly_helper_reports_why_it_cannot_run() -> None:
    reason = readonly_reason()
    assert reason is None or "read-only" in reason or "not installed" in reason
    if reason is None:
        assert readonly(Path("/tmp"), ["true"]) is not None
