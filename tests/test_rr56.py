"""Review rr56: saved reader state and hostile input."""

from __future__ import annotations

import json
from pathlib import Path

from memdir.interop.claude_code import transcripts
from memdir.interop.transcripts._reading import Tally


def test_a_saved_queue_with_a_blank_text_is_read_afresh(tmp_path: Path) -> None:
    path = tmp_path / "s1.jsonl"
    base = {"sessionId": "s1", "cwd": "/tmp", "timestamp": "2026-01-01T00:00:00Z"}
    user = {**base, "type": "user", "message": {"role": "user", "content": "hello"}}
    path.write_text(json.dumps(user) + "\n")
    out: dict = {}
    for _, rows in transcripts.resume(path, Tally(), None, out):
        list(rows)
    assert transcripts.valid_state(out["state"])
    crafted = {**out["state"], "queue": [["   ", 1.0, 1]]}
    assert not transcripts.valid_state(crafted)  # taken, it would raise ValueError
