"""`memdir sessions show ID` and `memdir show TARGET` when nothing matches, through the
CLI (a real subprocess) on SQLite and PostgreSQL: the suggestions hold what was given
literally (LIKE's % and _ escaped), and a 10 KB id or name is a clear error (branch
left56b; timings: bench/left56b_resolve.py)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.backends

Run = Callable[..., Any]


def _import(tmp_path: Path, run: Run, *ids: str) -> None:
    rolls = tmp_path / "rolls"
    rolls.mkdir()
    for n, sid in enumerate(ids):
        lines = [
            {"timestamp": "2025-06-14T10:00:00Z", "type": "session_meta",
             "payload": {"id": sid, "timestamp": f"2025-06-14T10:00:{n:02d}Z"}},
            {"timestamp": "2025-06-14T10:00:30Z", "type": "response_item",
             "payload": {"type": "message", "role": "user",
                         "content": [{"type": "input_text", "text": f"session {n}"}]}},
        ]  # fmt: skip
        path = rolls / f"rollout-2025-06-14T10-00-00-{n}.jsonl"
        path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    run("import-sessions", "codex", "--from", str(rolls))


def test_an_unknown_ids_suggestions_hold_it_literally(tmp_path: Path, run: Run) -> None:
    """`b%cd` and `b_c-` suggest the ids holding exactly that, not `bXYcd` nor `bZc-`
    (% and _ are LIKE's wildcards); a 10 KB id is the same short error."""
    _import(tmp_path, run, "ab%cd-1", "abXYcd-2", "ab_c-3", "abZc-4")
    for given, held in (("b%cd", "codex:ab%cd-1"), ("b_c-", "codex:ab_c-3")):
        missed = run("sessions", "show", given, ok=False).stderr
        assert f"Ids holding it: {held}. " in missed, missed
    long = run("sessions", "show", "q" * 10_000, ok=False).stderr
    assert "No session 'qqqq" in long and len(long) < 30_000, long[:300]


def test_an_unknown_entry_name_is_a_short_error(run: Run) -> None:
    """`memdir show` of a 10 KB name, or of `%`/`_`: no match is an error naming at most
    20 entries, and a name holding % or _ is found by them literally."""
    run("add", "--type", "project", "--name", "Rate 50% off", "--description", "d", "--body", "b")
    run(
        "add", "--type", "project", "--name", "Rate fifty off", "--description", "d2", "--body", "c"
    )
    found = json.loads(run("show", "50%", "--json").stdout)
    assert found["name"] == "Rate 50% off", found
    missed = run("show", "q" * 10_000, ok=False).stderr
    assert "No entry matches 'qqqq" in missed and "Current entries:" in missed, missed[:300]
    assert len(missed) < 30_000
    assert run("show", "5_", ok=False).stderr.startswith("Error: No entry matches '5_'")


def test_an_unknown_target_lists_only_what_it_shows(md: Any) -> None:
    """The error of a target no entry matches holds the 20 previews it shows and counts
    the rest (main built a preview of every entry: 90 of 120 ms at 50,000 entries,
    bench/left56b_resolve.py), in a plan's lookup (remove) as in `get`."""
    from memdir import AddOp, RemoveOp
    from memdir.core.errors import NotFoundError

    store = md.store("local")
    store.apply([AddOp("project", f"Note {i}", f"about {i}", f"body {i}") for i in range(45)])
    for attempt in (lambda: store.get("q" * 10_000), lambda: store.apply([RemoveOp("zz%_")])):
        with pytest.raises(NotFoundError) as caught:
            attempt()
        assert len(caught.value.candidates) == 20, len(caught.value.candidates)
        assert "(+25 more)" in str(caught.value), str(caught.value)[-300:]
