"""memdir's own state files with bad input (issue 16): the Day-1 answer cache, the import,
export, install, transcript and Codex rollout ledgers, held writes and rejected review ids.
A user, a sync tool, a crash or a cloned home can leave each damaged. Each is driven from
the entry point the CLI calls, after a run that wrote it, in a forked child (bounded
memory and CPU): a cache is rebuilt; a ledger gives an error naming it (the file kept) or
works on without duplicating what was imported; never a traceback, a hang or unbounded
memory. docs/design/interop.md."""

from __future__ import annotations

import codecs
import json
import os
import resource
import shutil
import signal
import tempfile
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import memdir
from memdir.core.changes import AddOp
from memdir.core.errors import MemdirError
from memdir.core.model import Source
from memdir.core.origins import RECORD_NAME, Origin, read_origin
from memdir.core.refusals import FILE_NAME as REFUSALS
from memdir.core.storage.git import WRITER
from memdir.interop import export_memories, import_memories, install
from memdir.interop.bootstrap._extract import CACHE_NAME, Answers
from memdir.interop.transcripts.follow import follow
from memdir.pipeline.answers import Candidate
from memdir.review import approval, diary
from memdir.review.proposals import REJECTED, rejected

FIXTURES = Path(__file__).parent / "fixtures" / "transcripts"
SHOP = "home/.claude/projects/-home-ada-shop/8f0c2a71-5d1e-4c2b-9a57-2f5e0c9d1b33.jsonl"
ROLLOUT = "rollout-2025-06-14T10-00-00-0197a1b2-3c4d-7e8f-9a0b-1c2d3e4f5a6b.jsonl"
ROLLOUT_PATH = "home/.codex/sessions/2025/06/14/" + ROLLOUT
THREAD = "0197a1b2-3c4d-7e8f-9a0b-1c2d3e4f5a6b"
CPU_SECONDS = 20
MEMORY = 2 << 30


def _md(root: Path, config: str = "") -> memdir.Memdir:
    (root / "home").mkdir(parents=True, exist_ok=True)
    if config:
        (root / "home" / "config.toml").write_text(config)
    return memdir.open(root / "home", root / "project")


def _entries(md: memdir.Memdir) -> int:
    return sum(len(s.list()) for s in md.stores())


# -- each own file: a run that writes it, and the run after (None: fine) ------------------


def _cache(root: Path, first: bool) -> str | None:
    path = root / "home" / CACHE_NAME
    if first:
        c = Candidate("user", "Ada", "d", "Ada uses npm.", "user", (1,), 0.9)
        path.parent.mkdir(parents=True)
        path.write_text(json.dumps({"version": 2, "answers": {"k": [c.to_dict()]}}))
        return None
    answers = Answers(path)
    answers.get("k")
    answers.put("new", [])
    answers.save({})
    assert "new" in Answers(path).stored or not os.access(path, os.R_OK)  # rebuilt
    return None


def _imports(root: Path, first: bool) -> str | None:
    source = root / "memory"
    if first:
        source.mkdir()
        (source / "MEMORY.md").write_text("- [Topic](user_topic.md) — a topic\n")
        (source / "user_topic.md").write_text("---\nname: topic\n---\nAda uses npm.\n")
    md = _md(root)
    import_memories(md, "claude-code", source, apply=True)
    return None if _entries(md) == 1 else f"{_entries(md)} entries"


def _exports(root: Path, first: bool) -> str | None:
    md = _md(root)
    if first:
        md.store("user").add(type="user", name="Ada", description="d", body="Ada uses npm.")
    export_memories(md, "claude-code", root / "out", apply=True)
    return None


def _offsets(root: Path, first: bool) -> str | None:
    path = root / "t" / Path(SHOP).name
    if first:
        path.parent.mkdir()
        path.write_bytes((FIXTURES / SHOP).read_bytes())
    md = _md(root)
    follow(md, "claude-code", path)
    return None if md.sessions.count()[1] == _once(root, path) else "messages twice"


def _once(root: Path, path: Path) -> int:
    fresh = memdir.open(root / "fresh", root / "project")
    from memdir.interop.transcripts import import_sessions

    import_sessions(fresh, "claude-code", path)
    return fresh.sessions.count()[1]


def _installs(root: Path, first: bool) -> str | None:
    settings_file = root / "settings.json"
    if first:
        settings_file.write_text("{}\n")
        install.apply(install.plan_install("claude-code", root / "home", settings=settings_file))
        return None
    install.apply(install.plan_uninstall("claude-code", root / "home", settings=settings_file))
    return None


def _rollouts(root: Path, first: bool) -> str | None:
    codex = root / "codex"
    os.environ["CODEX_HOME"] = str(codex)
    if first:
        (codex / "sessions").mkdir(parents=True)
        (codex / "sessions" / ROLLOUT).write_bytes((FIXTURES / ROLLOUT_PATH).read_bytes())
        (root / "project").mkdir()
    from memdir.interop.install.codex_notify import notify

    payload = {"type": "agent-turn-complete", "thread-id": THREAD, "cwd": str(root / "project")}
    notify([json.dumps(payload)], root / "home")
    return None


def _pending(root: Path, first: bool) -> str | None:
    md = _md(root, 'approval = "ask"\nllm = "rules"\n')
    if first:
        op = AddOp(type="feedback", name="Use npm", description="d", body="Run npm.")
        approval.hold(md, md.store("local"), [op], source=Source.AGENT, session=None)
    approval.proposals(md)
    return None


def _rejected(root: Path, first: bool) -> str | None:
    md = _md(root)
    if first:
        (md.home / REJECTED).write_text('["r-1"]')
    assert isinstance(rejected(md), list)
    return None


def _origin(root: Path, first: bool) -> str | None:
    if first:  # a scope folder's record: in a home, or beside a cloned repository's memory
        (root / "home").mkdir(parents=True)
        (root / "home" / RECORD_NAME).write_text('{"path": "/x", "remote": null}')
    assert read_origin(root / "home") is None or isinstance(read_origin(root / "home"), Origin)
    return None


def _refusals(root: Path, first: bool) -> str | None:
    md = _md(root)
    if first:
        row = {"time": "2026-01-01T00:00:00", "scope": "user", "source": "agent"}
        (md.home / REFUSALS).write_text(json.dumps({**row, "rule": "r", "reason": "x"}))
    assert isinstance(md.refusals(), list)
    return None


def _diary(root: Path, first: bool) -> str | None:
    path = root / "home" / diary.NAME  # what diary.record and diary.proposals call
    when = datetime(2026, 1, 1, tzinfo=UTC)
    diary.append(path, diary.Run("user", when, staged=["Ada uses npm."]))
    assert isinstance(diary.read_last(path), list)
    return None


def _writer(root: Path, first: bool) -> str | None:
    md = _md(root)
    n = 1 if first else 2
    md.store("user").add(type="user", name=f"Ada {n}", description="d", body=f"Ada {n}.")
    if first:  # a memdir killed while it moved the branch leaves its record
        (root / "home" / "user" / ".git" / WRITER).write_text("elsewhere 1\n")
    return None


OWN: dict[str, tuple[str, Callable[[Path, bool], str | None]]] = {
    "bootstrap cache": (CACHE_NAME, _cache),
    "import ledger": ("imports.json", _imports),
    "export ledger": ("exports.json", _exports),
    "transcript offsets": ("transcript-offsets.json", _offsets),
    "install records": ("installs.json", _installs),
    "codex rollouts": ("codex-rollouts.json", _rollouts),
    "held writes": ("pending.json", _pending),
    "rejected ids": (REJECTED, _rejected),
    "scope origin": (RECORD_NAME, _origin),
    "guard refusals": (REFUSALS, _refusals),
    "dream diary": (diary.NAME, _diary),
    "git writer record": (f"user/.git/{WRITER}", _writer),
}


# -- damage ------------------------------------------------------------------------------


def _values(text: bytes, value: Any) -> bytes:
    """Every value of the file's map (``files``, ``answers``, or the list) made ``value``."""
    try:
        data = json.loads(text)
    except ValueError:  # not JSON (the diary): the value appended
        return text + json.dumps(value, allow_nan=True).encode()
    if isinstance(data, list):
        return json.dumps([value for _ in data] or [value]).encode()
    if "answers" in data or "files" in data:
        key = "answers" if "answers" in data else "files"
        data[key] = {k: value for k in data[key]} or {"/x": value}
    else:  # a record itself
        data = {k: value for k in data}
    return json.dumps(data, allow_nan=True).encode()


DEEP = 10_000
DAMAGE: dict[str, Callable[[bytes], bytes | None]] = {
    "truncated": lambda b: b[: len(b) // 2],
    "empty": lambda b: b"",
    "list for dict": lambda b: b"[]" if b.lstrip()[:1] == b"{" else b"{}",
    "string top": lambda b: b'"x"',
    "map a list": lambda b: b'{"version": 1, "files": [], "answers": []}',
    "values int": lambda b: _values(b, 1),
    "values null": lambda b: _values(b, None),
    "values str": lambda b: _values(b, "x"),
    "values list": lambda b: _values(b, [1, None]),
    "values dict": lambda b: _values(b, {"offset": "x", "sha": 1, "state": 1, "ops": 1}),
    "nested 10,000": lambda b: b"[" * DEEP + b"]" * DEEP,
    "value nested": lambda b: _values(b, "@").replace(b'"@"', b"[" * DEEP + b"]" * DEEP),
    "4 MB string": lambda b: _values(b, "x" * (4 << 20)),  # 50 MB: the same paths, 10x the I/O
    "NaN, Infinity": lambda b: _values(b, float("nan")).replace(b"NaN", b"[NaN, Infinity]"),
    "not UTF-8": lambda b: _values(b, "\udcff").replace(b"\\udcff", b"\xff"),
    "BOM": lambda b: b"\xef\xbb\xbf" + b,
    "directory": lambda b: None,
    "chmod 000": lambda b: b,
    "symlink /dev/zero": lambda b: None,
}


def _damage(path: Path, how: str) -> None:
    before = path.read_bytes()
    path.unlink()
    if how == "directory":
        path.mkdir()
        (path / "x").write_text("kept")
    elif how == "symlink /dev/zero":
        path.symlink_to("/dev/zero")
    else:
        damaged = DAMAGE[how](before)
        assert damaged is not None
        path.write_bytes(damaged)
        if how == "chmod 000":
            path.chmod(0)


def _state(path: Path) -> Any:
    if path.is_symlink():
        return os.readlink(path)
    if path.is_dir():
        return sorted(p.name for p in path.iterdir())
    if not path.exists():
        return None
    info = path.stat()  # a file the run cannot read: its inode, size and time
    return path.read_bytes() if os.access(path, os.R_OK) else (info.st_ino, info.st_size)


def _forked(run: Callable[[], str]) -> str:
    """``run()``'s answer from a child with MEMORY bytes and CPU_SECONDS of CPU."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        os.close(read)
        try:
            resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
            resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS + 1))
            signal.alarm(3 * CPU_SECONDS)
            answer = run()
        except BaseException as exc:  # noqa: BLE001 - reported to the parent
            answer = f"traceback {type(exc).__name__}: {str(exc)[:200]}"
        os.write(write, answer.encode("utf-8", "replace"))
        os._exit(0)
    os.close(write)
    with os.fdopen(read, "rb") as f:
        answer = f.read().decode()
    _, status = os.waitpid(pid, 0)
    return answer or f"killed (signal {os.WTERMSIG(status) if os.WIFSIGNALED(status) else 0})"


_WRITTEN: dict[str, tuple[Path, Path]] = {}


def _written(name: str) -> tuple[Path, Path]:
    """A folder after the run that writes ``name``'s file, and a copy to restore it from:
    that run is made once per file, not once per damage (most of the CPU time)."""
    if name not in _WRITTEN:
        root = Path(tempfile.mkdtemp())

        def first() -> str:
            _environ(root)
            return str(OWN[name][1](root, True))

        assert _forked(first) == "None"
        copy = Path(tempfile.mkdtemp()) / "copy"
        shutil.copytree(root, copy, symlinks=True)
        _WRITTEN[name] = root, copy
    return _WRITTEN[name]


@pytest.fixture(scope="module", autouse=True)
def _cleanup() -> Iterator[None]:
    yield
    for root, copy in _WRITTEN.values():
        shutil.rmtree(root, ignore_errors=True)
        shutil.rmtree(copy.parent, ignore_errors=True)
    _WRITTEN.clear()


def _environ(root: Path) -> None:
    os.environ["HOME"] = str(root / "user")  # not the tester's own harness files
    os.environ["MEMDIR_MANAGED_DIR"] = str(root / "managed")  # nobody may write it


def outcome(name: str, how: str, text: bytes | None = None) -> str:
    """What the run after the damage did: "ok", "ok (file kept)", "error (file kept)",
    or what went wrong."""
    filename, run = OWN[name]
    root, copy = _written(name)
    shutil.rmtree(root)
    shutil.copytree(copy, root, symlinks=True)

    def child() -> str:
        _environ(root)
        path = root / "home" / filename
        if text is not None:
            path.write_bytes(text)
        else:
            _damage(path, how)
        if how == "chmod 000" and os.getuid() == 0:  # root reads anything: run as nobody
            warm = Path(tempfile.mkdtemp())  # nobody cannot read the interpreter's modules:
            run(warm, True)  # the first run imports them before
            codecs.lookup("utf-8-sig")  # and the codec of a file made readable again
            shutil.rmtree(warm)
            for p in [root, *root.rglob("*")]:
                os.lchown(p, 65534, 65534)
            os.setgid(65534)
            os.setuid(65534)
        before = _state(path)
        try:
            wrong = run(root, False)
        except MemdirError as exc:
            repository = str(path.parent.parent) if ".git/" in filename else path.name
            if path.name not in str(exc) and repository not in str(exc):
                return f"error not naming the file: {exc}"
            return "error" + (" (file kept)" if _state(path) == before else " (file lost)")
        if wrong:
            return wrong
        return "ok"

    return _forked(child)


ACCEPTED = {"ok", "error (file kept)"}


@pytest.mark.parametrize("how", list(DAMAGE))
@pytest.mark.parametrize("name", list(OWN))
def test_a_damaged_own_file_is_rebuilt_or_refused(name: str, how: str) -> None:
    assert outcome(name, how) in ACCEPTED


_PIECES = ["[" * 400, "{", "}", "]", '"files":', '"answers":', '"version":', '"a":', ",", ":"]
_PIECES += ["1" * 5_000, "1e400", "NaN", "-Infinity", '"\\ud800"', "null", "true", '"x"', "[]"]
_PIECES += ['{"k": ', '"offset":', '"sha":', '"state":', '"ops":', '"location":', "[" * DEEP]


@settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    st.sampled_from(list(OWN)),
    st.lists(st.sampled_from(_PIECES), max_size=12).map("".join) | st.text(max_size=60),
)
@example("import ledger", "[" * DEEP)
@example("rejected ids", "[" * DEEP)
def test_any_json_in_an_own_file_is_rebuilt_or_refused(name: str, text: str) -> None:
    assert outcome(name, "any", text.encode("utf-8", "surrogatepass")) in ACCEPTED
