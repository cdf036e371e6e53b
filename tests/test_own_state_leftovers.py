"""memdir's own state files, the leftovers of issue 16's fuzz: one damaged held write no
longer blocks `memdir review`; a rewrite keeps no mode that locks memdir out of its own
file; a ledger is never written past what memdir reads back. Each through the real
``memdir`` CLI in a subprocess. docs/design/interop.md, "Own state, leftovers"."""

from __future__ import annotations

import json
import os
import re
import resource
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import memdir
from llmserver import Server, chat_completion
from memdir.core.changes import AddOp
from memdir.core.model import Source
from memdir.review import approval
from memdir.testing import candidates_reply
from test_own_state_badinput import CPU_SECONDS, DAMAGE, DEEP, MEMORY, _damage, _state
from test_own_state_rvfuzz import UNPRIVILEGED, _env, _memdir

# -- 1. one bad held write --------------------------------------------------------------


def _hold(root: Path, names: list[str]) -> list[str]:
    """Agent writes held for the user in ``root``'s home (as `memdir` there sees it)."""
    (root / "home").mkdir(parents=True)
    (root / "proj").mkdir()
    (root / "home" / "config.toml").write_text('approval = "ask"\nllm = "rules"\n')
    md = memdir.open(root / "home", root / "proj")
    ids = []
    for name in names:
        op = AddOp(type="feedback", name=name, description="d", body=f"{name} to install.")
        held = approval.hold(md, md.store("local"), [op], source=Source.AGENT, session=None)
        ids.append(held["id"])
    return ids


BAD_RECORD: dict[str, Any] = {
    "ops a number": lambda r: {**r, "ops": 1},
    "op without its kind": lambda r: {**r, "ops": [{"name": "x", "body": "y" * 1000}]},
    "op without fields": lambda r: {**r, "ops": [{"op": "AddOp"}]},
    "op a string": lambda r: {**r, "ops": ["AddOp"]},
    "record a string": lambda r: "x",
    "record a list": lambda r: [r],
    "50 MB body": lambda r: {**r, "ops": [{**r["ops"][0], "body": "x" * (50 << 20)}]},
}


def test_bad_held_writes_leave_the_others_to_review(tmp_path: Path) -> None:
    """Each damaged held write (one of each damage, in one file) is named in one warning
    with how to drop it and is never applied; the good one is listed and applied; each
    bad one is dropped by `--reject`; nothing else goes."""
    good, *bad = _hold(tmp_path, ["Use npm", *BAD_RECORD])
    ledger = tmp_path / "home" / "pending.json"
    data = json.loads(ledger.read_text())
    for pid, damage in zip(bad, BAD_RECORD.values(), strict=True):
        data["files"][pid] = damage(data["files"][pid])
    ledger.write_text(json.dumps(data))
    out = _memdir(tmp_path, "review")
    assert "Traceback" not in out and f"[{good}]" in out, out[-600:]
    assert f"[{bad[-1]}]" in out  # 50 MB body: readable, listed as it was held
    for pid in bad[:-1]:
        warned = [line for line in out.splitlines() if pid in line and "Warning" in line]
        assert len(warned) == 1 and f"memdir review --reject {pid}" in warned[0], out[-600:]
    assert len(out) < 10_000, out[-600:]
    out = _memdir(tmp_path, "review", "--apply", bad[0])
    assert "Nothing was applied" in out and "Traceback" not in out, out[-600:]
    out = _memdir(tmp_path, "review", "--apply", good)
    assert "Traceback" not in out and "Error" not in out, out[-600:]
    assert set(json.loads(ledger.read_text())["files"]) == set(bad)  # the bad ones kept
    out = _memdir(tmp_path, "review", *(a for pid in bad for a in ("--reject", pid)))
    assert "Traceback" not in out and "Error" not in out, out[-600:]
    assert json.loads(ledger.read_text())["files"] == {}
    assert "Nothing to review" in _memdir(tmp_path, "review")


# -- 2. a rewrite keeps no mode that locks memdir out of its own file -----------------------


def _model(path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """A model proposing "Use option N." for a note that says option N."""
    user = body["messages"][-1]["content"]
    ids, n = re.findall(r"\[#(\d+) user\]", user), re.search(r"option (\d+)", user)
    item = {"name": f"Option {n.group(1)}", "description": "d", "body": f"Use option {n.group(1)}."}
    reply = (
        candidates_reply({**item, "evidence": [int(ids[0])], "scope": "user"})
        if n and ids
        else candidates_reply()
    )
    return 200, chat_completion(body["model"], reply)


def test_a_cache_made_unreadable_is_rewritten_readable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Day-1 answer cache at mode 000 is rebuilt, and its rewrite can be read again:
    the next run answers from it, never asking the model again (a file memdir reads only
    as its owner, as a user runs it)."""
    model = Server(_model)
    monkeypatch.setenv("MEMDIR_LLM", "ollama:test")
    monkeypatch.setenv("MEMDIR_LLM_BASE_URL", model.url + "/v1")
    prefix = tuple(UNPRIVILEGED) if os.getuid() == 0 else ()
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "n1.md").write_text("I prefer option 1 for everything.\n")
    try:
        first = _memdir(tmp_path, "bootstrap", "--from", str(notes), prefix=prefix)
        asked = len(model.requests)
        assert asked >= 1 and "Option 1" in first, first[-600:]
        cache = tmp_path / "home" / "bootstrap-cache.json"
        cache.chmod(0)
        again = _memdir(tmp_path, "bootstrap", "--from", str(notes), prefix=prefix)
        assert "Option 1" in again and "Traceback" not in again, again[-600:]
        assert cache.stat().st_mode & 0o777 == 0o600
        asked = len(model.requests)
        _memdir(tmp_path, "bootstrap", "--from", str(notes), prefix=prefix)
        assert len(model.requests) == asked  # answered from the cache
    finally:
        model.close()


def _add(root: Path, tool: str, prefix: tuple[str, ...]) -> None:
    args = ["--type", "user", "--name", f"Uses {tool}", "--description", "d", "--body", tool]
    assert "Error" not in _memdir(root, "add", "--scope", "user", *args, prefix=prefix)


def test_a_harness_file_keeps_the_users_mode(tmp_path: Path) -> None:
    """A user's file memdir rewrites (an export to Claude Code's memory) keeps the mode the
    user gave it; one memdir cannot read is an error naming it, never rewritten."""
    prefix = tuple(UNPRIVILEGED) if os.getuid() == 0 else ()
    memory = tmp_path / "u" / ".claude" / "projects" / "-x" / "memory"
    memory.mkdir(parents=True)
    _add(tmp_path, "npm", prefix)
    out = _memdir(tmp_path, "export", "claude-code", "--to", str(memory), "--apply", prefix=prefix)
    assert "Traceback" not in out, out[-600:]
    written = memory / "MEMORY.md"  # the index: rewritten by each export below
    written.chmod(0o444)
    _add(tmp_path, "pnpm", prefix)
    out = _memdir(tmp_path, "export", "claude-code", "--to", str(memory), "--apply", prefix=prefix)
    assert "Traceback" not in out and written.stat().st_mode & 0o777 == 0o444, out[-600:]
    written.chmod(0)
    before = (written.stat().st_ino, written.stat().st_mtime_ns)
    _add(tmp_path, "yarn", prefix)
    out = _memdir(tmp_path, "export", "claude-code", "--to", str(memory), "--apply", prefix=prefix)
    assert "Traceback" not in out and written.name in out, out[-600:]
    assert (written.stat().st_ino, written.stat().st_mtime_ns) == before


@pytest.mark.parametrize("mode", [0o444, 0o440])
def test_an_install_keeps_the_mode_of_the_users_settings_file(tmp_path: Path, mode: int) -> None:
    """`memdir install` rewrites a user's file (``own=False``): exactly the user's mode
    stays, no owner write added to a read-only file."""
    settings = tmp_path / "u" / ".claude" / "settings.json"
    settings.parent.mkdir(parents=True)
    settings.write_text('{"theme": "dark"}\n')
    settings.chmod(mode)
    out = _memdir(tmp_path, "install", "claude-code", "--yes")
    assert "Traceback" not in out and "memdir" in settings.read_text(), out[-600:]
    assert settings.stat().st_mode & 0o777 == mode


# -- 3. a ledger written past what memdir reads back ---------------------------------------


def _ledger_of(path: Path, size: int) -> None:
    """An import ledger of about ``size`` bytes as memdir writes it (a large import)."""
    files = {f"/src/{i}/MEMORY.md": ["0" * 10_000] for i in range(size // 10_040)}
    text = json.dumps({"version": 1, "files": files}, indent=1, sort_keys=True)
    files["/src/0/MEMORY.md"][0] += "0" * (size - len(text))  # exactly ``size``
    path.write_text(json.dumps({"version": 1, "files": files}, indent=1, sort_keys=True))


def _import(root: Path, name: str) -> str:
    source = root / "memory"
    source.mkdir(exist_ok=True)
    (source / "MEMORY.md").write_text(f"- [{name}](user_{name}.md) — {name}\n")
    (source / f"user_{name}.md").write_text(f"---\nname: {name}\n---\n{name} uses npm.\n")
    return _memdir(root, "import", "claude-code", "--from", str(source), "--apply")


def test_a_ledger_is_never_written_past_what_memdir_reads_back(tmp_path: Path) -> None:
    """Past half the 64 MB that :func:`memdir.core.storage.records.load` reads, one warning
    naming the file; a write that would pass it is refused with what to do, the file kept
    readable."""
    from memdir.core.storage.records import MAX_BYTES

    (tmp_path / "home").mkdir()
    ledger = tmp_path / "home" / "imports.json"
    _ledger_of(ledger, MAX_BYTES // 2 + 1_000_000)
    out = _import(tmp_path, "ada")
    warned = [line for line in out.splitlines() if "imports.json" in line]
    assert len(warned) == 1 and "Warning" in warned[0] and "Traceback" not in out, out[-600:]
    _ledger_of(ledger, MAX_BYTES - 50)
    before = ledger.read_bytes()
    out = _import(tmp_path, "bob")
    assert "Traceback" not in out and "imports.json" in out and "move it aside" in out.lower()
    assert ledger.read_bytes() == before
    out = _import(tmp_path, "cy")  # the next import reads it still
    assert "cannot read" not in out and "Traceback" not in out, out[-600:]


def test_a_failed_export_says_why_when_its_record_is_full_too(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The failed write's own error is the one raised: the ledger's refusal to grow past
    64 MB (met while the failure unwinds, after a first file landed) is a warning beside
    it, the file unchanged."""
    from memdir.core.errors import StorageError
    from memdir.core.storage.records import MAX_BYTES
    from memdir.interop._exporting import ExportFile, write_exports

    ledger = tmp_path / "exports.json"
    _ledger_of(ledger, MAX_BYTES - 50)
    before = ledger.read_bytes()
    landed = ExportFile(tmp_path / "a.md", "a\n")
    unwritable = ExportFile(Path("/proc/memdir-cannot-create/b.md"), "b\n")
    with pytest.raises(StorageError, match="memdir-cannot-create"):
        write_exports(tmp_path, "claude-code", tmp_path, [landed, unwritable], apply=True)
    assert (tmp_path / "a.md").read_text() == "a\n"
    assert ledger.read_bytes() == before
    assert any("exports.json would grow" in r.getMessage() for r in caplog.records)


# -- 4. the files not fuzzed yet: the serve token, a team token file, the vector model's
# config.json, config.toml; the damages of test_own_state_badinput, and a FIFO -------------

TOKEN = "t" * 43 + "\n"
FUZZED: dict[str, tuple[str, str, tuple[str, ...]]] = {  # file, its good text, the command
    "serve token": ("home/mcp-token", TOKEN, ("serve", "--print-token")),
    "team token file": ("token", TOKEN, ("pull", "--server", "http://127.0.0.1:9")),
    "vector model config": ("model/config.json", '{"model_type": "model2vec"}', ("sessions",)),
    "config.toml": ("home/config.toml", 'llm = "rules"\napproval = "ask"\n', ("doctor",)),
}
TOML = {  # config.toml's own wrong types, NaN and nesting (the JSON ones make it invalid)
    "toml wrong type": b"llm = 1\n",
    "toml NaN": b"budget_warning = nan\n",
    "toml nested 10,000": b"x = " + b"[" * DEEP + b"]" * DEEP + b"\n",
    "toml 50 MB string": b'llm = "' + b"x" * (50 << 20) + b'"\n',
}


def _bounded_run(root: Path, args: tuple[str, ...], prefix: tuple[str, ...]) -> tuple[int, str]:
    """``memdir args`` in a subprocess with MEMORY bytes and CPU_SECONDS of CPU."""

    def limits() -> None:  # pragma: no cover - in the child
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
        resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS + 1))

    env = {**_env(root), "MEMDIR_EMBED": f"local:{root / 'model'}"}
    try:
        run = subprocess.run(
            [*prefix, sys.executable, "-m", "memdir", *args],
            cwd=root / "proj",
            env=env,
            capture_output=True,
            text=True,
            errors="replace",
            timeout=3 * CPU_SECONDS,
            preexec_fn=limits,
        )
    except subprocess.TimeoutExpired:
        return -1, "hang"
    return run.returncode, run.stdout + run.stderr


@pytest.mark.parametrize("how", [*DAMAGE, "FIFO", *TOML])
@pytest.mark.parametrize("name", list(FUZZED))
def test_a_damaged_file_not_fuzzed_before_is_an_error_or_a_fallback(
    tmp_path: Path, name: str, how: str
) -> None:
    """A clear error naming the file (the file kept), or the documented fallback (a model
    whose config.json cannot be read loads as sentence-transformers; a team token that is
    not one is refused by the server); never a traceback, a hang or unbounded memory."""
    if how in TOML and name != "config.toml":
        pytest.skip("config.toml's own damages")
    filename, good, args = FUZZED[name]
    for folder in ("home", "proj", "model"):
        (tmp_path / folder).mkdir()
    path = tmp_path / filename
    path.write_text(good)
    if how == "FIFO":
        path.unlink()
        os.mkfifo(path)
    elif how in TOML:
        path.write_bytes(TOML[how])
    else:
        _damage(path, how)
    if name == "team token file":
        args = (*args, "--token-file", str(path))
    elif name == "vector model config":
        args = (*args, "search", "hello")
    before = _state(path) if how != "FIFO" else "fifo"
    unprivileged = how == "chmod 000" and os.getuid() == 0
    code, out = _bounded_run(tmp_path, args, tuple(UNPRIVILEGED) if unprivileged else ())
    assert code >= 0 and "Traceback" not in out, f"{code}: {out[-600:]}"
    assert code == 0 or (name, how) != ("config.toml", "BOM"), out  # as Notepad saves it
    errors = [line for line in out.splitlines() if line.startswith("Error")]
    if code:  # one line naming the file (a team token read: the server's own answer)
        assert len(errors) == 1, out[-600:]
        assert path.name in errors[0] or "127.0.0.1:9" in errors[0], out[-600:]
    assert len(out) < 5000, out[-600:]
    assert how == "FIFO" or _state(path) == before or name == "serve token"
