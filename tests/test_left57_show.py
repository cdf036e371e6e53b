"""`memdir sessions show` and `sessions search` print a transcript's text with each
character a terminal acts on (ESC, a C1 control, a bidi override) escaped, its line
breaks and tabs kept; `--json` keeps the text exact."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

Run = Callable[..., Any]

SAID = "colours:\x1b[31mred\x1b[0m\x9b2J\u202eevil\x07\ttabbed\nsecond line 👩\u200d💻 x\\y"


def write_rollout(folder: Path, sid: str, items: list[dict[str, Any]]) -> None:
    """A Codex rollout of session ``sid`` in ``folder``: its meta, then ``items`` a second
    apart."""
    meta = {"id": sid, "timestamp": "2025-06-14T10:00:00Z", "cwd": str(folder)}
    lines = [{"timestamp": "2025-06-14T10:00:00Z", "type": "session_meta", "payload": meta}]
    lines += [
        {"timestamp": f"2025-06-14T10:00:0{i + 1}Z", "type": "response_item", "payload": item}
        for i, item in enumerate(items)
    ]
    path = folder / f"rollout-2025-06-14T10-00-00-{sid}.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")


def _rollout(folder: Path) -> None:
    items: list[dict[str, Any]] = [
        {"type": "message", "role": "user", "content": [{"type": "input_text", "text": SAID}]},
        {
            "type": "function_call",
            "name": "sh\x1b[2Jell",
            "call_id": "c1",
            "arguments": json.dumps({"command": ["echo", "\x9b2J\x1b]0;title\x07"]}),
        },
    ]
    write_rollout(folder, "esc-1", items)


def _controls(text: str) -> list[str]:
    """The characters of ``text`` a terminal would act on."""
    return [c for c in text if c not in "\n\t\u200d" and not c.isprintable()]


def test_show_and_search_escape_what_a_terminal_acts_on(tmp_path: Path, run: Run) -> None:
    rolls = tmp_path / "rolls"
    rolls.mkdir()
    _rollout(rolls)
    run("import-sessions", "codex", "--from", str(rolls))
    out = run("sessions", "show", "codex:esc-1").stdout
    assert _controls(out) == [], out
    assert "colours:\\x1b[31mred\\x1b[0m\\x9b2J\\u202eevil\\x07\ttabbed\n" in out, out
    assert "second line 👩\u200d💻 x\\y" in out, out  # a joiner and a backslash as they are
    assert '"sh\\u001b[2Jell"' in out and '"\\x9b2J' in out, out  # the call: JSON, escaped
    shown = json.loads(run("sessions", "show", "codex:esc-1", "--json").stdout)
    said = [m["content"] for m in shown["messages"] if m["role"] == "user"]
    assert said == [SAID], said  # --json: the text exact
    calls = [m["tool_calls"] for m in shown["messages"] if m["tool_calls"]]
    assert calls[0][0]["arguments"]["command"][1] == "\x9b2J\x1b]0;title\x07", calls
    out = run("sessions", "search", "tabbed").stdout
    assert "tabbed" in out and _controls(out) == [], out
