"""Writers in several real processes on one PostgreSQL scope: nothing lost, nothing
duplicated, one commit per write, the stored files equal the history's newest tree."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import memdir
from conftest import team_env

pytestmark = pytest.mark.slow

WRITER = """
import sys, memdir
md = memdir.open(sys.argv[1], sys.argv[2])
store = md.store(sys.argv[4])
for i in range(int(sys.argv[3])):
    store.add(type="project", name=f"{sys.argv[5]} {i}", description="d", body=f"Body {i}.")
    if i % 3 == 2:
        store.replace(f"{sys.argv[5].lower()}-{i - 1}", body=f"Changed {i - 1}.")
"""


@pytest.mark.parametrize("scope", ["project", "user"])
def test_concurrent_writers_lose_nothing(
    pg_url: str, tmp_path: Path, project: Path, scope: str
) -> None:
    env = {**os.environ, **team_env(pg_url, project), "MEMDIR_BACKGROUND": "0"}
    per, names = 12, ["Ann", "Ben", "Cat", "Dan"]
    procs = [
        subprocess.Popen(
            [
                sys.executable,
                "-c",
                WRITER,
                str(tmp_path / f"h{n}"),
                str(project),
                str(per),
                scope,
                name,
            ],
            env=env,
            stderr=subprocess.PIPE,
            text=True,
        )
        for n, name in enumerate(names)
    ]
    errors = [p.communicate(timeout=300)[1] for p in procs]
    assert [p.returncode for p in procs] == [0] * len(procs), errors
    md = memdir.open(tmp_path / "check", project, database_url=pg_url, user="alice")
    store = md.store(scope)
    entries = store.list()
    assert sorted(e.name for e in entries) == sorted(f"{n} {i}" for n in names for i in range(per))
    changed = {e.name for e in entries if e.body.startswith("Changed")}
    assert changed == {f"{n} {i}" for n in names for i in range(per) if i % 3 == 1}
    history = store.history
    assert history is not None
    log = history.log()
    assert len(log) == len(names) * (per + per // 3)  # one commit per add and per replace
    head = history.head()
    assert head is not None
    tree = history.files(head)
    stored = {n: store.backend.read(n) for n in [*store.backend.listing(), "MEMORY.md"]}
    stored.update({n: store.backend.read(n) for n in store.backend.listing(archive=True)})
    assert tree == stored
    assert store.needs_repair() is False and store.problems() == []
