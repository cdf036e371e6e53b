"""The README's team-server steps, run as written: step 1 starts PostgreSQL as an
unprivileged user (``nobody`` through runuser when the tests run as root), step 2 adds
users and grants through the memdir CLI against the URL step 1 exported.

What the test changes, and nothing else: the ``sudo apt-get install`` line is left out
(the test is skipped when the binaries are absent), port 5433 becomes a free port, ``~``
a temporary folder, the password prompt is answered on stdin and PASSWORD in the URL is
that password, ``memdir`` is this checkout's (``python -m memdir``)."""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

README = Path(__file__).parents[1] / "README.md"
PASSWORD = "pw-for-the-readme"
NO_BINARIES = (
    "PostgreSQL binaries not found under /usr/lib/postgresql/*/bin (apt-get install "
    "postgresql): the README's team-server steps were not run"
)


def team_blocks() -> list[str]:
    """The ``sh`` blocks of the README's "A team server on PostgreSQL" section."""
    text = README.read_text()
    section = text.split("\n## A team server on PostgreSQL\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.*?)```", section, re.S)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def person() -> Iterator[tuple[list[str], Path]]:
    """How to run a command as an unprivileged person, and their home folder (a fresh
    one they own); their cluster is stopped afterwards."""
    if not list(Path("/usr/lib/postgresql").glob("*/bin/initdb")):
        pytest.skip(NO_BINARIES)
    as_: list[str] = []
    home = Path(tempfile.mkdtemp(prefix="memdir-readme-"))
    if os.geteuid() == 0:  # initdb refuses root, as it would refuse a person's sudo
        if shutil.which("runuser") is None:
            pytest.skip("running as root without runuser: cannot start PostgreSQL as a person")
        shutil.chown(home, "nobody")
        as_ = ["runuser", "-u", "nobody", "--"]
    try:
        yield as_, home
    finally:
        for data in home.glob("*/PG_VERSION"):
            bins = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"))
            subprocess.run(
                [*as_, str(bins[-1]), "-D", str(data.parent), "-m", "immediate", "stop"],
                capture_output=True,
                timeout=60,
            )
        shutil.rmtree(home, ignore_errors=True)


def test_the_readme_team_steps_work_as_written(person: tuple[list[str], Path]) -> None:
    as_, home = person
    start, users = team_blocks()[:2]
    port = str(_free_port())
    step1 = "\n".join(line for line in start.splitlines() if not line.startswith("sudo "))
    assert step1.count("5433") >= 3 and "PASSWORD" in step1
    step1 = step1.replace("5433", port).replace("PASSWORD", PASSWORD)
    script = f'set -eu\n{step1}\nprintf "%s" "$MEMDIR_DATABASE_URL"\n'
    env = ["env", "-i", f"HOME={home}", "PATH=/usr/bin:/bin", "LANG=C.UTF-8"]
    ran = subprocess.run(
        [*as_, *env, "bash", "-c", script],
        input=f"{PASSWORD}\n{PASSWORD}\n",  # initdb --pwprompt, with no terminal to ask on
        capture_output=True,
        text=True,
        timeout=300,
        start_new_session=True,  # no controlling terminal: the prompt reads stdin
    )
    logs = "".join(p.read_text(errors="replace") for p in home.glob("*/server.log"))
    assert ran.returncode == 0, ran.stdout + ran.stderr + logs
    url = ran.stdout.strip().splitlines()[-1]
    assert url == f"postgresql://memdir:{PASSWORD}@127.0.0.1:{port}/memdir"

    # step 2, as the tests' own user, against the server step 1 started
    memdir = f'memdir() {{ "{sys.executable}" -m memdir "$@"; }}\n'
    done = subprocess.run(
        ["bash", "-c", f"set -eu\n{memdir}{users}"],
        env={**os.environ, "MEMDIR_DATABASE_URL": url, "MEMDIR_HOME": str(home / "memdir")},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.search(r"^mdt_\S+$", done.stdout, re.M)  # users add printed a token
    listed = subprocess.run(
        [sys.executable, "-m", "memdir", "serve", "--database", url, "users", "ls", "--json"],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "MEMDIR_HOME": str(home / "memdir")},
    )
    who = {u["name"]: u for u in json.loads(listed.stdout)}
    assert who["alice"]["tokens"] == 0 and who["ops"]["admin"] is False  # revoke, --off
