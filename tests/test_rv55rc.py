"""rv55rc: an attacker's review of real55 (CRLF/BOM checkouts, chat exports) and cfg55
($CLAUDE_CONFIG_DIR, $CODEX_HOME, Codex's system and managed layers). Real files, the CLI
as a subprocess with a throw-away HOME and MEMDIR_HOME."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from memdir.interop.bootstrap import chats

SRC = str(Path(chats.__file__).parents[3])


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    (tmp_path / "h").mkdir(parents=True, exist_ok=True)
    return {
        "HOME": str(tmp_path / "h"),
        "MEMDIR_HOME": str(tmp_path / "mh"),
        "MEMDIR_MANAGED_DIR": str(tmp_path / "managed"),
        "MEMDIR_CODEX_SYSTEM_DIR": str(tmp_path / "etc-codex"),
        "CODEX_HOME": str(tmp_path / "cx"),
        "PATH": "/usr/bin:/bin",
        "PYTHONPATH": SRC,
        **extra,
    }


def _memdir(
    env: dict[str, str], cwd: Path, *args: str, ok: bool = True
) -> subprocess.CompletedProcess[str]:
    run = subprocess.run(
        [sys.executable, "-m", "memdir", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "Traceback" not in run.stderr, run.stderr
    if ok:
        assert run.returncode == 0, run.stdout + run.stderr
    return run


def _add(env: dict[str, str], cwd: Path, name: str) -> None:
    _memdir(env, cwd, "add", "--type", "user", "--name", name, "--description", name,
            "--body", name, "--scope", "user")  # fmt: skip


def _windows_hermes_home(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """A Hermes memory folder as Hermes on Windows writes memdir's own export (text mode:
    every LF a CRLF), imported into a fresh memdir home and exported back (unchanged)."""
    folder = tmp_path / "hermes"
    writer = _env(tmp_path / "w")
    for name in ("Likes tea", "Uses vim"):
        _add(writer, tmp_path, name)
    _memdir(writer, tmp_path, "export", "hermes", "--to", str(folder), "--apply")
    user = folder / "USER.md"
    user.write_bytes(user.read_bytes().replace(b"\n", b"\r\n"))
    assert b"\r\n" in user.read_bytes()
    env = _env(tmp_path / "r")
    _memdir(env, tmp_path, "import", "hermes", "--from", str(folder), "--apply")
    out = _memdir(env, tmp_path, "export", "hermes", "--to", str(folder), "--apply").stdout
    assert "unchanged" in out and str(user) in out
    return folder, env


def test_a_crlf_file_export_left_unchanged_is_updated_by_the_next_export(
    tmp_path: Path,
) -> None:
    """severity: medium. The "unchanged" CRLF file was recorded in exports.json under the
    sha of memdir's LF output, not of the bytes on disk: after one more memory, the next
    export refused the file as "content memdir did not write" (an LF home updates it)."""
    folder, env = _windows_hermes_home(tmp_path)
    _add(env, tmp_path, "Drinks coffee")
    run = _memdir(env, tmp_path, "export", "hermes", "--to", str(folder), "--apply")
    assert "update" in run.stdout and "refused" not in run.stdout
    text = (folder / "USER.md").read_bytes().replace(b"\r\n", b"\n").decode()
    assert all(name in text for name in ("Likes tea", "Uses vim", "Drinks coffee"))


def test_an_export_into_a_crlf_file_keeps_its_crlf_and_bom(tmp_path: Path) -> None:
    """severity: low. A whole-file export updating a CRLF (+BOM) file wrote it back in LF
    without the BOM: every line of a Windows checkout's file changed. Now written in the
    file's own CRLF and BOM, and the export after it changes nothing."""
    folder, env = _windows_hermes_home(tmp_path)
    user = folder / "USER.md"
    user.write_bytes(b"\xef\xbb\xbf" + user.read_bytes())
    _memdir(env, tmp_path, "export", "hermes", "--to", str(folder), "--apply")  # unchanged
    _add(env, tmp_path, "Drinks coffee")
    _memdir(env, tmp_path, "export", "hermes", "--to", str(folder), "--apply")
    data = user.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf") and data.count(b"\n") == data.count(b"\r\n")
    assert b"Drinks coffee" in data and b"Likes tea" in data
    again = _memdir(env, tmp_path, "export", "hermes", "--to", str(folder), "--apply").stdout
    assert "unchanged" in again and "update" not in again


def test_a_file_the_user_edited_beside_crlf_is_still_refused(tmp_path: Path) -> None:
    """Held: a user edit that also changed the line endings is not taken for memdir's
    output; the export refuses it and the file keeps every byte."""
    folder, env = _windows_hermes_home(tmp_path)
    user = folder / "USER.md"
    user.write_bytes(user.read_bytes().replace(b"Uses vim", b"Uses vim\r\nmy own note\r"))
    before = user.read_bytes()
    _add(env, tmp_path, "Drinks coffee")
    run = _memdir(env, tmp_path, "export", "hermes", "--to", str(folder), "--apply", ok=False)
    assert run.returncode != 0 and "refused" in run.stdout
    assert user.read_bytes() == before


@pytest.mark.parametrize("var", ["CLAUDE_CONFIG_DIR", "CODEX_HOME", "MEMDIR_CODEX_SYSTEM_DIR"])
def test_a_tilde_user_that_does_not_exist_is_no_traceback(tmp_path: Path, var: str) -> None:
    """severity: medium. ``~nosuchuser/x`` in $CLAUDE_CONFIG_DIR (new in cfg55: read by
    every reader), $CODEX_HOME or MEMDIR_CODEX_SYSTEM_DIR made ``memdir context`` — the
    session-start hook — and ``import``/``doctor`` end in a RuntimeError traceback
    (pathlib's expanduser). The value is now a folder of that name, as written."""
    proj = tmp_path / "proj"
    subprocess.run(["git", "init", "-q", str(proj)], check=True)
    (proj / "AGENTS.md").write_text("Use tabs.\n", encoding="utf-8")
    env = _env(tmp_path, **{var: "~nosuchuser-rv55rc/x"})
    assert "Use tabs." in _memdir(env, proj, "context").stdout
    _memdir(env, proj, "doctor")
    harness = "claude-code" if var == "CLAUDE_CONFIG_DIR" else "codex"
    _memdir(env, proj, "import", harness)


def _claude_conv(messages: list[dict[str, object]], **extra: object) -> bytes:
    conv = {"uuid": "c1", "name": "t", "chat_messages": messages, **extra}
    return json.dumps([conv]).encode()


def _msg(uuid: object, parent: object, sender: str, text: str, at: str) -> dict[str, object]:
    return {"uuid": uuid, "parent_message_uuid": parent, "sender": sender, "text": text,
            "created_at": f"2026-02-07T10:{at}Z"}  # fmt: skip


ROOT = "00000000-0000-4000-8000-000000000000"


def _texts(data: bytes) -> tuple[list[str], list[str]]:
    problems: list[str] = []
    convs = list(chats.iter_chat_export(io.BytesIO(data), "x.json", problems))
    return [m.text for c in convs for m in c.messages], problems


@pytest.mark.parametrize(
    ("bad_uuid", "leaf"),
    [([1], "m2"), ("m9", {"a": 1}), ({"x": 1}, ["m2"])],
    ids=["list-uuid", "dict-leaf", "both"],
)
def test_a_claude_message_with_an_odd_uuid_does_not_lose_the_conversation(
    bad_uuid: object, leaf: object
) -> None:
    """severity: low. One message whose ``uuid`` (or the conversation's
    ``current_leaf_message_uuid``) is a list or object made the branch lookup raise
    "unhashable type": the whole conversation was a problem, nothing read."""
    data = _claude_conv(
        [
            _msg("m1", ROOT, "human", "I use emacs.", "00:00"),
            _msg("m2", "m1", "assistant", "Noted: emacs.", "00:05"),
            _msg(bad_uuid, "m1", "assistant", "odd one", "00:01"),
        ],
        current_leaf_message_uuid=leaf,
    )
    texts, problems = _texts(data)
    assert problems == []
    assert texts == ["I use emacs.", "Noted: emacs."]


@pytest.mark.parametrize("shape", ["cycle", "self", "deep"])
def test_claude_parent_chains_that_never_reach_the_root(shape: str) -> None:
    """Held: a cycle, a self-parent, or a chain 100k messages deep reads every message
    (cycle, self) or the branch from the root (deep, up to MAX_MESSAGES), with no
    recursion and no problem."""
    if shape == "deep":
        n = 100_000
        msgs = [_msg(f"m{i}", f"m{i - 1}" if i else ROOT, "human", f"t{i}", "00:00")
                for i in range(n)]  # fmt: skip
        texts, problems = _texts(_claude_conv(msgs, current_leaf_message_uuid=f"m{n - 1}"))
        assert problems == [] and len(texts) == chats.MAX_MESSAGES  # root first, then cut
        assert texts[:2] == ["t0", "t1"]
        return
    msgs = [_msg("a", "b" if shape == "cycle" else "a", "human", "one", "00:00"),
            _msg("b", "a", "assistant", "two", "00:01")]  # fmt: skip
    texts, problems = _texts(_claude_conv(msgs, current_leaf_message_uuid="b"))
    assert problems == [] and texts == ["one", "two"]


def test_chatgpt_recipient_and_metadata_of_odd_types() -> None:
    """Held: ``recipient`` missing reads the turn; a non-string ``recipient`` (a tool
    call of an unknown shape) and a ``metadata`` that is not an object raise nothing."""

    def node(i: int, parent: str | None, **msg: object) -> dict[str, object]:
        content = {"content_type": "text", "parts": [f"turn {i}"]}
        return {"id": f"n{i}", "parent": parent, "children": [f"n{i + 1}"],
                "message": {"author": {"role": "user" if i % 2 else "assistant"},
                            "content": content, **msg}}  # fmt: skip

    mapping = {
        "n1": node(1, None),
        "n2": node(2, "n1", recipient=["browser"], metadata="x"),
        "n3": node(3, "n2", metadata=[1]),
        "n4": node(4, "n3", recipient="all", metadata=None),
    }
    data = json.dumps([{"title": "t", "mapping": mapping, "current_node": "n4"}]).encode()
    texts, problems = _texts(data)
    assert problems == []
    assert texts == ["turn 1", "turn 3", "turn 4"]


def test_claude_config_dir_at_a_link_loop_is_a_clear_error(tmp_path: Path) -> None:
    """Held: $CLAUDE_CONFIG_DIR naming a symlink loop: the session hook still prints the
    block; ``import claude-code`` says which file and why, with no traceback."""
    (tmp_path / "loop").symlink_to("loop")
    proj = tmp_path / "proj"
    subprocess.run(["git", "init", "-q", str(proj)], check=True)
    env = _env(tmp_path, CLAUDE_CONFIG_DIR=str(tmp_path / "loop"))
    _memdir(env, proj, "context")
    run = _memdir(env, proj, "import", "claude-code", ok=False)
    assert run.returncode != 0 and "Too many levels of symbolic links" in run.stderr
    assert os.path.islink(tmp_path / "loop")


@pytest.mark.parametrize(
    "sub",
    [b"\xef\xbb\xbfhello sub\r\n", "\u20acuro".encode(), b"\r\nabc"],
    ids=["bom-only-left", "split-first-character", "crlf-only-left"],
)
def test_a_codex_cut_that_leaves_no_text_adds_no_empty_heading(tmp_path: Path, sub: bytes) -> None:
    """severity: low. The root AGENTS.md leaves 1-3 bytes of Codex's budget and the nested
    one's first bytes are a BOM, part of one character or a CRLF: the cut text is empty,
    yet ``memdir context`` printed "## project instructions: sub/AGENTS.md" over nothing.
    Now the file is not loaded, with a note saying why."""
    root = tmp_path / "proj"
    (root / "sub").mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    left = len(sub) - len(sub.lstrip(b"\xef\xbb\xbf\r\n")) or 1
    (root / "AGENTS.md").write_bytes(b"r" * (32 * 1024 - left))
    (root / "sub" / "AGENTS.md").write_bytes(sub)
    out = _memdir(_env(tmp_path), root / "sub", "context").stdout
    assert "r" * 100 in out
    assert "sub/AGENTS.md" not in out


def test_the_import_command_for_a_claude_config_dir_outside_home_works(tmp_path: Path) -> None:
    """severity: medium. With $CLAUDE_CONFIG_DIR outside $HOME, `memdir import
    claude-code` told the user to add ``@<dir>/CLAUDE.md`` to their user AGENTS.md; run as
    printed, the import was refused ("outside the folders this file may import from") and
    the file never loaded. The user's own scopes may now import from that folder; a
    repository's AGENTS.md still may not."""
    cfg = tmp_path / "claude-cfg"
    cfg.mkdir()
    (cfg / "CLAUDE.md").write_text("Answer in haiku.\n", encoding="utf-8")
    proj = tmp_path / "proj"
    subprocess.run(["git", "init", "-q", str(proj)], check=True)
    env = _env(tmp_path, CLAUDE_CONFIG_DIR=str(cfg))
    note = _memdir(env, proj, "import", "claude-code").stdout
    line = f"@{cfg / 'CLAUDE.md'}"
    assert line in note
    user = tmp_path / "mh" / "user" / "AGENTS.md"
    user.parent.mkdir(parents=True)
    user.write_text(line + "\n", encoding="utf-8")
    run = _memdir(env, proj, "context")
    assert "Answer in haiku." in run.stdout, run.stderr
    user.unlink()
    (proj / "AGENTS.md").write_text(line + "\n", encoding="utf-8")
    run = _memdir(env, proj, "context")
    assert "Answer in haiku." not in run.stdout and "not imported" in run.stderr


def test_settings_environ_names_the_codex_home_every_reader_uses(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from memdir.core.config import load_settings
    from memdir.engine import Memdir
    from memdir.interop._harness import harness

    monkeypatch.setenv("HOME", str(tmp_path / "h"))
    monkeypatch.delenv("CODEX_HOME", raising=False)
    cx = tmp_path / "cx"
    env = {"CODEX_HOME": str(cx), "MEMDIR_MANAGED_DIR": str(tmp_path / "managed")}
    md = Memdir(load_settings(tmp_path / "mh", tmp_path, environ=env))
    assert md.settings.codex_docs.home == cx  # the docs' reader follows environ
    assert harness("codex").default_source(md) == cx / "memories"
    claude = tmp_path / "cl"
    md = Memdir(
        load_settings(tmp_path / "mh", tmp_path, environ={**env, "CLAUDE_CONFIG_DIR": str(claude)})
    )
    assert harness("claude-code").default_source(md).is_relative_to(claude / "projects")


def test_a_blank_codex_cut_spends_none_of_the_budget(tmp_path: Path) -> None:
    """severity: low. Codex (codex-rs/core/src/project_doc.rs) skips a part whose text is
    blank and takes nothing off the remaining budget: the root leaves 2 bytes, the next
    AGENTS.md's first 2 are a CRLF, so the deepest one still gets its 2 bytes."""
    root = tmp_path / "proj"
    (root / "a" / "b").mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    (root / "AGENTS.md").write_bytes(b"r" * (32 * 1024 - 2))
    (root / "a" / "AGENTS.md").write_bytes(b"\r\nskipped\r\n")
    (root / "a" / "b" / "AGENTS.md").write_bytes(b"OKrest")
    out = _memdir(_env(tmp_path), root / "a" / "b", "context").stdout
    assert "a/b/AGENTS.md" in out and "\nOK\n" in out and "skipped" not in out
