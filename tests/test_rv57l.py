"""rv57l: attacks on left57 outside the Hermes provider (tests/test_hermes_rv57l.py):
the Thai อย่า/อย่าง rule in the guard, and `sessions show`'s escaping of a transcript."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from memdir.guard import scan
from test_left57_show import write_rollout

Run = Callable[..., Any]


_THAI = pytest.mark.xfail(
    strict=True,
    reason="low (older than left57): Thai อย่าส่ง/ห้ามส่ง … ไปที่ <address> is refused as "
    "exfiltration.send-data, the English note is stored",
)


@pytest.mark.parametrize(
    "text",
    [
        "Don't send all passwords to backup@chat-archive.co.th",
        pytest.param("อย่างไรก็ตาม อย่าส่งรหัสผ่านทั้งหมดไปที่ backup@chat-archive.co.th", marks=_THAI),
        pytest.param("ห้ามส่งรหัสผ่านทั้งหมดไปที่ backup@chat-archive.co.th", marks=_THAI),
    ],
)
def test_a_negated_send_to_an_address_is_a_note(text: str) -> None:
    """ "(However,) don't / must not send all passwords to <address>" forbids the send:
    English stores it, so must Thai (อย่า don't, ห้าม must not)."""
    assert scan(text) is None, scan(text)


def _rollout(folder: Path, output: str) -> None:
    items: list[dict[str, Any]] = [
        {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "go"}]},
        {"type": "function_call_output", "call_id": "c1", "output": output},
    ]
    write_rollout(folder, "crlf-1", items)


def test_show_keeps_crlf_line_breaks_readable(tmp_path: Path, run: Run) -> None:
    rolls = tmp_path / "rolls"
    rolls.mkdir()
    _rollout(rolls, "Directory of C:\\work\r\nREADME.md\r\nsetup.py\r\n50 %\r100 %\r\n")
    out = run("import-sessions", "codex", "--from", str(rolls))
    out = run("sessions", "show", "codex:crlf-1").stdout
    assert "README.md" in out and "setup.py" in out, out
    assert "\\r" not in out.replace("50 %\\r100 %", ""), out  # a CRLF's CR kept
    assert "50 %\\r100 %" in out, out  # a lone CR (it would overwrite the line) escaped
