"""Review rvfuzz of branch fuzzown: reproducers through the real ``memdir`` CLI in a
subprocess. Each FAILS on fuzzown eb5cdb2a (and on main): a traceback where a clear error
naming the file was due. /tmp/rvfuzz/ has the scripts they came from."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from memdir.core.errors import MemdirError

SRC = Path(__file__).resolve().parents[1] / "src"
#: root reads any file: drop the two capabilities that let it (a user's run as itself)
UNPRIVILEGED = ["setpriv", "--bounding-set", "-dac_override,-dac_read_search"]


def _env(root: Path) -> dict[str, str]:
    """A user's environment under ``root``: its HOME, memdir home and managed folder."""
    return {
        **os.environ,
        "HOME": str(root / "u"),
        "MEMDIR_HOME": str(root / "home"),
        "MEMDIR_MANAGED_DIR": str(root / "managed"),
        "PYTHONPATH": str(SRC),
    }


def _memdir(root: Path, *args: str, prefix: tuple[str, ...] = ()) -> str:
    (root / "proj").mkdir(exist_ok=True)
    run = subprocess.run(
        [*prefix, sys.executable, "-m", "memdir", *args],
        cwd=root / "proj",
        env=_env(root),
        capture_output=True,
        text=True,
        timeout=120,
    )
    return run.stdout + run.stderr


def _installed_with_state(root: Path, state: object) -> None:
    """memdir installed for Claude Code, then each install record's state set to ``state``
    (installs.json edited by hand)."""
    (root / "u" / ".claude").mkdir(parents=True)
    (root / "u" / ".claude" / "settings.json").write_text("{}\n")
    assert "Traceback" not in _memdir(root, "install", "claude-code", "--yes")
    ledger = root / "home" / "installs.json"
    data = json.loads(ledger.read_text())
    for record in data["files"].values():
        record["state"] = state
    ledger.write_text(json.dumps(data))


@pytest.mark.parametrize("value", ["x", None, {"a": 1}])
def test_an_install_record_with_a_wrong_value_inside_state_is_not_a_traceback(
    tmp_path: Path, value: object
) -> None:
    """MUST-FIX: installs.json's record passes ``_record`` (state is a dict) but
    ``state["created"]`` is not a list: ``memdir install`` (settings.json without hooks) was
    AttributeError 'append' (claude_code.py:62 ``state.setdefault("created", [])``)."""
    _installed_with_state(tmp_path, {"created": value})
    (tmp_path / "u" / ".claude" / "settings.json").write_text("{}\n")  # hooks taken out by hand
    out = _memdir(tmp_path, "install", "claude-code", "--yes")
    assert "Traceback" not in out, out[-400:]


@pytest.mark.parametrize("value", [0, None, False, ""])
def test_an_install_record_whose_state_is_falsy_not_a_map_is_ignored(
    tmp_path: Path, value: object
) -> None:
    """Reread: ``_record`` let a falsy wrong value through (``r.get(k) or t()``), and
    ``dict(record.get("state", {}))`` then raised on 0 or null."""
    _installed_with_state(tmp_path, value)
    for command in ("install", "uninstall"):
        out = _memdir(tmp_path, command, "claude-code", "--yes")
        assert "Traceback" not in out, out[-400:]


@pytest.mark.skipif(
    os.getuid() == 0 and shutil.which("setpriv") is None, reason="root without setpriv"
)
def test_an_unsearchable_claude_folder_is_not_a_traceback_on_import(tmp_path: Path) -> None:
    """MUST-FIX (the helper's accident): ~/.claude chmod 000 (another tool's folder) makes
    ``Path.is_file`` raise PermissionError in claude_code/memory.instruction_notes (l. 150,
    163); ``memdir import claude-code --from DIR`` was a traceback. CLAUDE.md alone at 000
    is fine (is_file only stats it)."""
    claude = tmp_path / "u" / ".claude"
    claude.mkdir(parents=True)
    (claude / "CLAUDE.md").write_text("# my rules\n")
    (tmp_path / "mem").mkdir()
    (tmp_path / "mem" / "MEMORY.md").write_text("- [Topic](user_topic.md) — a topic\n")
    (tmp_path / "mem" / "user_topic.md").write_text("---\nname: topic\n---\nAda uses npm.\n")
    claude.chmod(0)
    try:
        prefix = tuple(UNPRIVILEGED) if os.getuid() == 0 else ()
        out = _memdir(
            tmp_path, "import", "claude-code", "--from", str(tmp_path / "mem"), prefix=prefix
        )
    finally:
        claude.chmod(0o755)
    assert "Traceback" not in out, out[-400:]


def test_a_token_file_not_utf8_is_an_error_naming_it(tmp_path: Path) -> None:
    """MUST-FIX (an own file the branch missed): $MEMDIR_HOME/mcp-token not UTF-8 made
    ``memdir serve --print-token`` a UnicodeDecodeError traceback (serve/__init__.py:50
    reads it with Path.read_text, unbounded too)."""
    (tmp_path / "home").mkdir()
    token = tmp_path / "home" / "mcp-token"
    token.write_bytes(b"\xff\xfe" * 40)
    token.chmod(0o600)
    out = _memdir(tmp_path, "serve", "--print-token")
    assert "Traceback" not in out and "mcp-token" in out, out[-400:]


def test_a_damaged_held_writes_file_is_not_advised_away(tmp_path: Path) -> None:
    """SHOULD-FIX: pending.json damaged: the error says 'Fix or delete it (memdir then
    treats every file as new to it)' — deleting drops every held write, and 'every file
    as new' is the import ledger's consequence, not this file's."""
    (tmp_path / "home").mkdir(parents=True)
    (tmp_path / "home" / "config.toml").write_text('approval = "ask"\nllm = "rules"\n')
    (tmp_path / "home" / "pending.json").write_text('{"version": 1, "files": {')
    out = _memdir(tmp_path, "review")
    assert "pending.json" in out and "Traceback" not in out, out[-400:]
    assert "every file as new" not in out, out[-400:]


def test_a_fifo_in_place_of_the_dream_diary_does_not_hang_review(tmp_path: Path) -> None:
    """MUST-FIX (hang): the branch made diary.append refuse a FIFO, but diary.read_last
    (what ``memdir review`` calls for each scope) opens it with Path.open and blocks
    forever (/tmp/rvfuzz/diary_fifo.py hangs the real ``memdir review``)."""
    diary = tmp_path / "DREAMS.md"
    os.mkfifo(diary)
    code = "import sys; from pathlib import Path; from memdir.review import diary as d; "
    code += "print(d.read_last(Path(sys.argv[1])))"
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    try:
        subprocess.run([sys.executable, "-c", code, str(diary)], env=env, timeout=20, check=False)
    except subprocess.TimeoutExpired:
        pytest.fail("diary.read_last blocked on a FIFO for 20 s")


def test_a_damaged_rejected_ids_file_is_not_overwritten(tmp_path: Path) -> None:
    """SHOULD-FIX (user's decisions lost): review-rejected.json cut short is read as [] (a
    warning), and the next rejection overwrites it: the earlier rejections come back."""
    import memdir
    from memdir.review.proposals import REJECTED, _remember_rejected

    md = memdir.open(tmp_path / "home", tmp_path / "project")
    path = md.home / REJECTED
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('["p-aaaa1111", "p-bbbb2222"')
    with contextlib.suppress(MemdirError):  # an error naming the file is fine too
        _remember_rejected(md, ["p-new"])
    assert "p-aaaa1111" in path.read_text()
