"""Review rr61 of the day's change: findings pinned or fixed with a test each."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from memdir.engine import Memdir
from test_walk60 import _cli, where  # noqa: F401  (``where`` is a fixture)
from test_walk61 import ROWS

SRC = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "src")


def _run(code: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": SRC}
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")
def test_fork_that_first_imports_the_guard_releases_nothing_it_did_not_take() -> None:
    """forks' before-fork hook imports memdir.guard, whose hooks are then registered mid-fork:
    its after-in-parent hook ran without its before hook and released an unheld lock."""
    done = _run(
        """
        import os, sys
        from memdir.core import forks

        class F:
            def _forked(self):
                pass

        f = F()
        forks.renew_in_child(f)
        assert "memdir.guard" not in sys.modules
        pid = os.fork()
        if pid == 0:
            os._exit(0)
        os.waitpid(pid, 0)
        import memdir.guard as g
        assert g._LOAD.lock.acquire(blocking=False), "the guard's load lock is left held"
        print("ok")
        """
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"
    assert "release unlocked lock" not in done.stderr, done.stderr
    assert done.stderr == ""


GHP = "ghp_4fRt8YpQ2mZx7LcV1nB9kJ3hG6dS0aW5eT2u"


def _cut_key_text() -> str:
    """A message whose search snippet (200 characters around "deploy") ends inside GHP."""
    from memdir.guard import redact_secrets
    from memdir.sessions.query import sanitize
    from memdir.sessions.search import snippet

    for n in range(40, 100):
        text = "the deploy token is " + "x " * n + GHP + " and more words" * 20
        if "ghp_" in redact_secrets(snippet(text, sanitize("deploy token"))):
            return text
    raise AssertionError("no snippet cuts the key")


def test_a_snippet_cut_inside_a_key_is_not_quoted(md: Memdir) -> None:
    """session_search and recall redacted a hit's snippet after it was cut: the part of a key
    left before the cut's "…" is no longer one to the secret rules, and went to the model."""
    from datetime import UTC, datetime

    from memdir.tools import Dispatcher

    with md.session(agent="t", session_id="old", started_at=datetime(2026, 3, 2, tzinfo=UTC)) as s:
        s.log("user", _cut_key_text(), timestamp=datetime(2026, 3, 2, 10, tzinfo=UTC))
    found = Dispatcher(md).call("session_search", {"query": "deploy token"})
    shown = json.dumps(found, ensure_ascii=False)
    assert "deploy" in shown
    assert GHP[:12] not in shown, shown
    with md.session(agent="t") as now:
        recalled = now.recall("what was the deploy token") or ""
    assert "deploy" in recalled
    assert GHP[:12] not in recalled, recalled


def test_a_withheld_entry_is_reached_with_scope_project_too(
    where: tuple[Path, Path],  # noqa: F811
) -> None:
    """``show``/``rm`` of a withheld project entry said it is withheld only without
    ``--scope``: with ``--scope project`` they reached it and said nothing of the guard."""
    home, repo = where
    sync = next(r for r in ROWS if r["id"] == "sre43")
    (repo / ".memdir").mkdir()
    (repo / ".memdir/project_credential-sync.md").write_text(
        f"---\nname: {sync['name']}\ndescription: {sync['description']}\ntype: project\n"
        f"---\n{sync['body']}\n"
    )
    shown = _cli(home, repo, "show", "--scope", "project", "project_credential-sync")
    assert shown.returncode == 0, shown.stderr
    assert "withheld by the memory guard" in shown.stderr, shown.stderr
    removed = _cli(home, repo, "rm", "--scope", "project", "project_credential-sync")
    assert removed.returncode == 0, removed.stderr
    assert not (repo / ".memdir/project_credential-sync.md").exists()
    local = _cli(home, repo, "show", "--scope", "local", "project_credential-sync")
    assert local.returncode != 0  # another scope still does not reach it


@pytest.mark.parametrize(
    ("name", "made_before"),
    [
        (
            "Deploy runbook for the payments service in the eu-west-1 region, step by step",
            "deploy-runbook-for-the-payments-service-in-the-eu-wes-ac8bac",
        ),
        ("y" * 59 + "ß", "y" * 53 + "-60a5ec"),
    ],
)
def test_a_long_name_keeps_the_id_the_rule_before_gave_it(name: str, made_before: str) -> None:
    """ascii_slugify is "the slug of ids made before 2026-12-07", yet its cut went on a
    character at a time after the first (its bound shrank each turn) down to a hyphen: every
    name past 60 bytes got another id than before, so an entry made then looked renamed
    (kept back from an older team server, its id taken for a hand-chosen one)."""
    from datetime import UTC, datetime

    from memdir.core.model import Entry, EntryType
    from memdir.core.slug import ascii_slugify, entry_id, slugify
    from memdir.pg.wire import renamed

    assert ascii_slugify(name) == made_before
    assert slugify(name) == made_before
    assert entry_id("project", name, {f"project_{made_before}"}) == f"project_{made_before}"
    at = datetime(2026, 12, 1, tzinfo=UTC)
    entry = Entry(f"project_{made_before}", name, "d", EntryType.PROJECT, "b", at, at)
    assert not renamed(entry)
