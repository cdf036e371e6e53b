"""The compaction flush (``session.flush()``) and per-turn extraction: what a session
logged is extracted while it goes on, and per turn only turns with an explicit request."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import Clock
from memdir.core.config import load_settings
from memdir.engine import Memdir


def _md(home: Path, project: Path, clock: Clock, tmp_path: Path, per_turn: bool) -> Memdir:
    home.mkdir(parents=True, exist_ok=True)
    (home / "config.toml").write_text(f"extract_per_turn = {'true' if per_turn else 'false'}\n")
    env = {"MEMDIR_MANAGED_DIR": str(tmp_path / "managed"), "MEMDIR_BACKGROUND": "0"}
    return Memdir(load_settings(home, project, environ=env), clock=clock)


def test_flush_extracts_what_was_logged_while_the_session_goes_on(
    home: Path, project: Path, clock: Clock, tmp_path: Path
) -> None:
    md = _md(home, project, clock, tmp_path, per_turn=False)
    session = md.session(agent="a")
    assert session.flush() is False  # nothing logged yet
    session.log("user", "Remember that the release branch is trunk-stable.")
    session.log("assistant", "Noted.")
    assert session.flush() is True
    md.pipeline.run(scan=False)  # only what is queued: the flush's job
    assert any("trunk-stable" in e.body for _, e in md.entries())
    assert session.info().ended_at is None  # the session goes on
    session.set_memory_mode("polluted")
    session.log("user", "Remember that the staging host is db-stg-3.")
    assert session.flush() is False  # polluted sessions are never extracted


@pytest.mark.parametrize("per_turn", [True, False])
def test_per_turn_extraction_queues_only_turns_with_an_explicit_request(
    home: Path, project: Path, clock: Clock, tmp_path: Path, per_turn: bool
) -> None:
    md = _md(home, project, clock, tmp_path, per_turn=per_turn)
    assert md.settings.extract_per_turn is per_turn
    session = md.session(agent="a")
    session.log("user", "How do I run the tests?")
    session.log("assistant", "Use make test.")
    session.log("user", "Thanks. What about lint?")  # the turn before had no request
    assert md.pipeline.jobs.get("extract", session.id) is None
    session.log("assistant", "make lint.")
    session.log("user", "From now on, always run make lint before committing.")
    last = session.log("assistant", "Will do.")
    assert md.pipeline.jobs.get("extract", session.id) is None  # the turn is not over
    session.log("user", "Now the deploy.")  # it is now
    job = md.pipeline.jobs.get("extract", session.id)
    if not per_turn:
        assert job is None  # as before: at the session's end or after idling
        return
    assert job is not None and job.input_watermark == last  # up to the turn's end
    md.pipeline.run(scan=False)
    assert any("make lint" in e.body for _, e in md.entries())


def test_a_bad_extract_per_turn_value_is_refused(home: Path, project: Path) -> None:
    home.mkdir(parents=True, exist_ok=True)
    (home / "config.toml").write_text('extract_per_turn = "yes"\n')
    with pytest.raises(Exception, match="extract_per_turn must be true or false"):
        load_settings(home, project, environ={})
