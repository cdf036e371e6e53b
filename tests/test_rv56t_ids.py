"""Session ids an attacker (or an unlucky export) chose, through the `memdir` CLI (a real
subprocess) on SQLite and PostgreSQL: a removed fact discredits its own session only,
and an id as `sessions ls` prints it names one session (review rv56t)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from test_left56b_sessions import _rollout  # a Codex rollout saying facts

pytestmark = pytest.mark.backends

Run = Callable[..., Any]


@pytest.mark.parametrize(
    "removed",
    [
        'mmmm", "session:codex:nnnn-victim',  # its JSON holds the victim's, quotes escaped
        'mmmm"session:codex:nnnn-victim',
    ],
)
def test_a_removed_fact_discredits_no_session_whose_origin_its_json_holds(
    tmp_path: Path, project: Path, run: Run, removed: str
) -> None:
    """A fact from session ``removed`` is removed; session ``nnnn-victim`` goes on
    teaching. Before: the tombstone was found by the victim's JSON-encoded origin
    anywhere in the removed fact's origins (``["session:codex:mmmm\\", \\"session:codex:
    nnnn-victim"]`` holds ``"session:codex:nnnn-victim"``): every later fact of the
    victim was refused."""
    rolls = tmp_path / "rolls"
    rolls.mkdir()
    _rollout(rolls, "bad", removed, "the staging cluster is named kiwi", hour=10, cwd=project)
    run("import-sessions", "codex", "--from", str(rolls))
    run("maintain")
    [entry] = json.loads(run("ls", "--json").stdout)
    run("rm", entry["id"])
    _rollout(rolls, "victim", "nnnn-victim", "the build server is named fig", hour=11, cwd=project)
    run("import-sessions", "codex", "--from", str(rolls))
    run("maintain")
    names = [e["name"] for e in json.loads(run("ls", "--json").stdout)]
    assert names == ["The build server is named fig"], names


def test_each_id_as_ls_prints_it_names_its_own_session(
    tmp_path: Path, project: Path, run: Run
) -> None:
    """One id holds a NUL, another the text backslash-x-0-0 where the NUL is. Before:
    `sessions ls` printed both as ``codex:pppp\\x00q``, and that text (tried as typed
    first) opened and removed the backslash one, also when the person meant the NUL one
    (the confirmation printed the same text)."""
    rolls = tmp_path / "rolls"
    rolls.mkdir()
    _rollout(rolls, "nul", "pppp\x00q", "the nul printer is on floor two", hour=10, cwd=project)
    _rollout(
        rolls, "text", "pppp\\x00q", "the text printer is on floor three", hour=10, cwd=project
    )
    run("import-sessions", "codex", "--from", str(rolls))
    printed = [row.split("  ")[0] for row in run("sessions", "ls").stdout.splitlines()]
    assert len(set(printed)) == 2, printed
    opened = {}
    for text in printed:
        shown = json.loads(run("sessions", "show", text, "--json").stdout)
        opened[shown["messages"][0]["content"].split()[3]] = (text, shown["session"]["id"])
    assert sorted(opened) == ["nul", "text"], opened
    assert opened["nul"][1] != opened["text"][1], opened
    run("sessions", "rm", opened["nul"][0], "--yes")
    [left] = json.loads(run("sessions", "ls", "--json").stdout)
    assert left["id"] == "codex:pppp\\x00q", left
